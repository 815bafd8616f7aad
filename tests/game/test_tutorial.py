"""The guided first game (game/tutorial.py, the table's coach): every chapter is played to its end by input on
every device, the coach offers only the lesson's actions and points at them, the game waits while a lesson is
read, undo goes back a lesson, progress is kept and resumed, and a broken chapters file names its key."""
from __future__ import annotations

import copy
import json

import pygame
import pytest
import yaml

import engine
from game import flow, monkey, paths, tutorial
from game.render import hud
from game.scenes.lessons import LessonsScene
from game.scenes.pause import PauseScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

from .conftest import button, click, key

CHAPTERS = [c.id for c in tutorial.chapters()]


def table_of(app) -> TableScene:
    return next(s for s in app.live() if isinstance(s, TableScene))


def settle(app, frames: int = 400) -> TableScene:
    """Frames until the table waits for the learner or the lesson (animations, others' play, chance done)."""
    table = table_of(app)
    for _ in range(frames):
        app.frame()                                            # drawn at least once: what the learner sees
        if not table.anim.busy and not table.pending and (table.legal or table.coach.model.holds):
            break
    return table


@pytest.mark.parametrize("device", ["mouse", "keys", "pad"])
@pytest.mark.parametrize("chapter_id", CHAPTERS)
def test_each_chapter_is_completed_by_input_on_each_device(app, chapter_id, device):
    seen = monkey.learn(app, chapter_id, device, seed=CHAPTERS.index(chapter_id))
    table = table_of(app)
    chapter = tutorial.chapter(chapter_id)
    assert table.coach is not None and table.coach.model.done, f"stuck at: {table.coach.model.lesson.say}"
    lessons = chapter.lessons
    asked = [lesson for i, lesson in enumerate(lessons)       # less the decision an undo lesson took back
             if lesson.do and not (i + 1 < len(lessons) and lessons[i + 1].undo)]
    made = table.match.decisions
    assert len(made) == len(asked), [str(a) for a in made]
    for lesson, action in zip(asked, made, strict=True):       # the coach's fallback to every action never ran
        assert lesson.allows(action), f"{action} made where the lesson asked for {lesson.do}"
    assert seen[0] == chapter.lessons[0].say
    assert chapter_id in flow.tutorial_progress(app).done
    assert not flow.has_autosave(app), "a chapter never replaces the player's own game's autosave"


def test_only_the_lessons_actions_are_offered_and_the_table_points_at_them(app):
    flow.start_chapter(app, "explore")
    table = settle(app)
    assert table.coach.model.lesson.reads and table.legal == [], "a lesson that is read offers nothing"
    hexes, _ = table.coach.targets()
    (x, y), _ = table.map.where("0807")
    assert any(r.collidepoint(x, y) for r in hexes), "it points at the hex it speaks of"
    click(app, table.coach.form.widgets[0].rect.center)       # Next
    table = settle(app)
    assert [str(a) for a in table.legal] == ["premove 0807"], "of 14 legal actions, the lesson's one"
    hexes, _ = table.coach.targets()
    assert any(r.collidepoint(x, y) for r in hexes), "a ring round the one lit hex"
    assert not any(r.colliderect(table.coach.rect) for r in hexes), "the target is brought clear of the panel"


def test_the_game_waits_while_a_lesson_is_read(app):
    flow.start_chapter(app, "explore")
    hands = monkey.Hands(app, "mouse")
    table = settle(app)
    while table.coach.model.index < 7:                         # "...at exactly 5 the explorer must come home"
        if table.coach.model.lesson.reads:
            hands.click(table.coach.form.widgets[0].rect.center)
        elif table.legal:
            monkey.issue(hands, table, table.legal[0])
        table = settle(app)
    assert table.coach.model.lesson.reads and table.match.to_act == "Samoa"
    before = table.match.actions
    for _ in range(120):
        app.frame()
    assert table.match.actions == before, "Samoa waits until the learner has read the lesson"
    key(app, pygame.K_RETURN)                                  # Next, by the keys
    for _ in range(200):
        app.frame()
    assert table.match.actions > before, "then the game goes on"


def test_the_battle_stands_below_the_coach_and_the_map_tooltip_not_over_it(app, rules, monkeypatch):
    flow.start_chapter(app, "battle")
    hands = monkey.Hands(app, "keys")
    table = settle(app)
    while table.coach.model.lesson.do != ("panic *",):
        if table.coach.model.lesson.reads:
            hands.press("select")
        else:
            monkey.issue(hands, table, table.legal[0])
        table = settle(app)
    battle = table.overlays.rects()["battle"]
    assert not battle.colliderect(table.coach.rect), "the lesson on the die stays readable beside the battle"
    shown = []
    monkeypatch.setattr(hud, "tooltip", lambda screen, at, lines, scale, avoid=None, within=None:
                        shown.append(lines) or pygame.Rect(0, 0, 0, 0))
    camera, centres = table.map.camera, table.map.layout.centres
    under = [h for h in range(len(centres)) if battle.collidepoint(camera.to_screen(*centres[h]))]
    clear = [h for h in range(len(centres)) if table.map_area().collidepoint(camera.to_screen(*centres[h]))
             and not battle.collidepoint(camera.to_screen(*centres[h]))]
    table.map.pointing, table.map.hover = False, -1
    table.map.cursor = under[0]
    table.focus.follow(under[0])                         # as the d-pad leaves it there
    table.map.tooltip(app.screen)
    assert not shown, "the keys' cursor under the battle shows no hex tooltip over the battle's panel"
    table.map.cursor = clear[0]
    table.focus.follow(clear[0])
    table.map.tooltip(app.screen)
    assert shown, "elsewhere it does"


def test_undo_is_taught_and_an_undone_decision_takes_its_lesson_back(app):
    flow.start_chapter(app, "move")
    hands = monkey.Hands(app, "keys")
    table = settle(app)
    while not table.coach.model.lesson.undo:
        if table.coach.model.lesson.reads:
            hands.press("select")
        else:
            monkey.issue(hands, table, table.legal[0])
        table = settle(app)
    index = table.coach.model.index
    key(app, pygame.K_u)
    table = settle(app)
    assert table.coach.model.index == index + 1, "the undo lesson is done by undoing"
    assert [str(a) for a in table.legal] == ["go 0907"], "and the move undone is asked for again"
    monkey.issue(hands, table, table.legal[0])
    table = settle(app)
    assert table.coach.model.index == index + 2
    key(app, pygame.K_u)                                       # an undo the lesson did not ask for
    table = settle(app)
    assert table.coach.model.index == index + 1, "goes back to the lesson that asked for the decision"
    assert [str(a) for a in table.legal] == ["go 0907"]


def test_coach_offers_every_action_where_the_lessons_are_not_legal():
    coach = tutorial.Coach(tutorial.chapter("explore"))
    coach.next(0)
    go, end = engine.Action("premove", ("0807",)), engine.Action("end")
    assert coach.offered([go, end]) == [go]
    assert coach.offered([end]) == [end], "a decision the chapter did not foresee never stalls it"


def test_help_during_a_lesson_opens_its_rule(app):
    flow.start_chapter(app, "battle")
    settle(app)
    key(app, pygame.K_F1)
    assert type(app.top).__name__ == "HelpScene" and app.top.code == "M13"


def test_a_first_visit_offers_learn_to_play_first(app):
    app.push(TitleScene(app))
    app.frame()
    title = app.top
    assert title.form.focused.label == "Learn to play" and title.form.focused.primary
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LessonsScene), "Enter (A) starts learning"
    flow.tutorial_progress(app).finish("explore")
    key(app, pygame.K_ESCAPE)
    assert app.top is title and title.form.focused.label == "New game" and title.form.focused.primary, \
        "once a chapter is done (or a game saved), New game comes first again"


def test_learn_to_play_resumes_at_the_first_chapter_not_done(app):
    flow.tutorial_progress(app).finish("explore")
    app.push(TitleScene(app))
    app.frame()
    click(app, button(app.top, "Learn to play").rect.center)
    page = app.top
    assert isinstance(page, LessonsScene)
    assert page.form.widgets[page.form.focus].label.endswith("Forming a party and moving")
    key(app, pygame.K_RETURN)
    table = table_of(app)
    assert table.coach is not None and table.coach.chapter.id == "move"


def test_the_pause_menu_skips_a_chapter_or_leaves_to_the_chapters(app):
    flow.start_chapter(app, "explore")
    settle(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    labels = [w.label for w in app.top.form.widgets]
    assert "Save and leave to title" not in labels, "a chapter has nothing to save"
    click(app, button(app.top, "Skip this chapter").rect.center)
    assert table_of(app).coach.chapter.id == "move"
    assert "explore" not in flow.tutorial_progress(app).done, "skipped is not done"
    key(app, pygame.K_ESCAPE)
    click(app, button(app.top, "Leave to the chapters").rect.center)
    assert isinstance(app.top, LessonsScene) and isinstance(app.stack[0], TitleScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_a_progress_file_that_cannot_be_read_counts_as_none(app):
    path = app.settings.data_dir / "tutorial.json"
    paths.ensure_dir(path.parent)
    for text in ("{not json", "[1, 2]", json.dumps({"done": [5, "nope", "move"]})):
        path.write_text(text, encoding="utf-8")
        progress = flow.tutorial_progress(app)
        assert progress.done <= {"move"}
    progress.finish("battle")
    assert json.loads(path.read_text(encoding="utf-8")) == {"done": ["battle", "move"]}


def raw_chapters():
    return yaml.safe_load(paths.asset("tutorial", "chapters.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("change", "key_named"), [
    (lambda d: d["chapters"][0]["lessons"][1].update(wait="turn"), "chapters[0].lessons[1]"),
    (lambda d: d["chapters"][0]["lessons"][0].update(point="Atlantis"), "chapters[0].lessons[0].point"),
    (lambda d: d["chapters"][1]["lessons"][0].update(rule="Q9"), "chapters[1].lessons[0].rule"),
    (lambda d: d["chapters"][2]["scenario"].update(step="lunch"), "chapters[2].scenario"),
    (lambda d: d["chapters"][3]["lessons"].pop(), "chapters[3].lessons[6]"),
    (lambda d: d["chapters"][4].update(minutes="2"), "chapters[4].minutes"),
    (lambda d: d["chapters"][4].update(id="explore"), "chapters"),
    (lambda d: d["chapters"][0].update(seats={"Tonga": "human", "Samoa": "eesy"}), "chapters[0].seats"),
    (lambda d: d["chapters"][0]["lessons"].__setitem__(2, ["premove 0807"]), "chapters[0].lessons[2]"),
])
def test_a_broken_chapter_is_refused_naming_the_key(rules, change, key_named):
    data = copy.deepcopy(raw_chapters())
    change(data)
    with pytest.raises(engine.ConfigError) as caught:
        tutorial.parse(data, rules)
    assert "chapters.yaml" in str(caught.value) and key_named in str(caught.value)


def test_the_lessons_are_counted_without_the_ones_that_wait():
    coach = tutorial.Coach(tutorial.chapter("move"))
    waiting = [i for i, lesson in enumerate(coach.chapter.lessons) if lesson.wait]
    assert waiting and coach.counted() == (1, len(coach.chapter.lessons) - len(waiting))
    coach.index = waiting[0]
    assert coach.counted() == (waiting[0] + 1, len(coach.chapter.lessons) - len(waiting)), "as the next one"


def test_the_last_chapter_ends_with_a_game(app):
    from game.scenes.setup import SetupScene
    for chapter_id in CHAPTERS[:-1]:
        flow.tutorial_progress(app).finish(chapter_id)
    monkey.learn(app, CHAPTERS[-1], "mouse", seed=0)
    table = table_of(app)
    table.coach.layout()
    assert [w.label for w in table.coach.form.widgets] == ["Play a game", "All chapters"]
    click(app, table.coach.form.widgets[0].rect.center)
    assert isinstance(app.top, SetupScene) and isinstance(app.stack[0], TitleScene)
