"""What the coach of Learn to play says and where its keys go (issue 40): each compass word says where the ring
really is on the map, atolls, rumors and face-up transport canoes are taught with their rules where they are first
met (in every language), a confirmation is answered in its dialog and no ring points at what the dialog hides,
the closing words end a chapter with one press, the chapters' list says "done" once, and select (Enter, Space,
a pad's A) acts where the ring pulses."""
from __future__ import annotations

import math
import re

import pygame
import pytest

import engine
from game import flow, help, monkey, tutorial, words
from game.app import App
from game.catalog import LANGUAGES
from game.render.layout import Layout
from game.scenes.lessons import LessonsScene
from game.scenes.message import ConfirmScene
from game.scenes.table import TableScene
from game.scenes.table.coach import CoachPanel

from .conftest import key
from .helpers import DEVICES, PADS
from .helpers import chapter_settle as settle
from .helpers import chapter_table as table_of

CHAPTERS = [c.id for c in tutorial.chapters()]
COMPASS = re.compile(r"\b((?:north|south)(?:-(?:east|west))?|east|west)\b( of the map)?", re.IGNORECASE)
SECTORS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
MOVES = ("premove", "explore", "party", "go")           # the verbs that take a piece to the hex they name
TAUGHT = ("atoll", "rumor", "face-up transport canoe")  # the glossary's words a newcomer met untaught


def coach_of(table: TableScene) -> CoachPanel:
    assert table.coach is not None, "a chapter's table has a coach"
    return table.coach


# --- the compass ---------------------------------------------------------------------------------------------


def sector(vector: tuple[float, float]) -> str:
    """The compass word of a direction on the screen (y grows southward), in eight sectors of 45°."""
    angle = math.degrees(math.atan2(-vector[1], vector[0]))
    return SECTORS[round(angle / 45) % 8]


def lesson_hex(lesson: tutorial.Lesson, rules: engine.Ruleset) -> str | None:
    """The hex the lesson rings: the one its action names, else the one it points at."""
    for pattern in lesson.do:
        verb, *args = pattern.split()
        if verb in MOVES and args and rules.map.has_name(args[0]):
            return args[0]
    return lesson.point if lesson.point is not None and rules.map.has_name(lesson.point) else None


def test_each_compass_word_says_where_the_ring_is(rules: engine.Ruleset) -> None:
    """A direction is read from where the learner's piece stands (home, then each hex it moved to, less an undone
    move) to the ringed hex; "... of the map" from the map's middle. Hex steps are never due east or west."""
    layout = Layout(rules)
    centre = (layout.width / 2, layout.height / 2)

    def at(name: str) -> tuple[float, float]:
        x, y = layout.centres[rules.map.hex_of(name)]
        return x, y
    checked: list[str] = []
    for chapter in tutorial.chapters():
        stands = [chapter.learner]
        for i, lesson in enumerate(chapter.lessons):
            ringed = lesson_hex(lesson, rules)
            for match in COMPASS.finditer(lesson.say):
                where = f"{chapter.id} lesson {i}: '{match.group(0)}'"
                assert ringed is not None, f"{where} names a direction, and no ring shows it"
                (x0, y0), (x1, y1) = centre if match.group(2) else at(stands[-1]), at(ringed)
                assert (x0, y0) != (x1, y1), f"{where}: the ring is where the learner stands"
                assert match.group(1).lower() == sector((x1 - x0, y1 - y0)), \
                    f"{where}, and the ring lies {sector((x1 - x0, y1 - y0))}"
                checked.append(where)
            if lesson.undo:
                stands.pop()
            elif ringed is not None and lesson.do:
                stands.append(ringed)
    assert len(checked) >= 8, checked


def test_the_compass_check_catches_east_for_south_east() -> None:
    assert sector((1, 0.2)) == "east" and sector((1, 0.6)) == "south-east" and sector((-1, -0.6)) == "north-west"


# --- the glossary's words --------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_atolls_rumors_and_face_up_canoes_are_taught_where_first_met(language: str) -> None:
    """The first lesson whose words use the term (as the glossary finds it: "Words here") cites its rule, in the
    language in use (the glossary and the lessons both come from its catalog)."""
    words.set_language(language)
    try:
        terms = help.reference().terms
        lessons = [lesson.say for chapter in tutorial.chapters() for lesson in chapter.lessons]
        for english in TAUGHT:
            term = terms[words.translate(f"help.term.{english}", english)]
            first = next((said for said in lessons if term in help.terms_in(said)), None)
            assert first is not None, f"Learn to play never says '{term.word}'"
            assert term.rule in help.CODE.findall(first), f"'{term.word}' is first met without {term.rule}: {first}"
    finally:
        words.set_language("en")


# --- the dialog that asks first ---------------------------------------------------------------------------------


def play_to(app: App, hands: monkey.Hands, chapter_id: str, wanted: tuple[str, ...]) -> TableScene:
    """Start the chapter and do what it asks until the lesson that asks for `wanted`."""
    flow.start_chapter(app, chapter_id)
    table = settle(app)
    while coach_of(table).model.lesson.do != wanted:
        lesson = coach_of(table).model.lesson
        if lesson.reads:
            hands.press("select")
        elif lesson.undo:
            key(app, pygame.K_u)
        else:
            monkey.issue(hands, table, table.legal[0])
        table = settle(app)
    return table


def test_while_the_game_asks_first_the_coach_says_do_it_and_rings_nothing_it_hides(app: App) -> None:
    hands = monkey.Hands(app, "keys")
    table = play_to(app, hands, "move", ("end",))
    coach = coach_of(table)
    assert coach.targets()[1], "the bar's End is ringed"
    hands.press("next")                                        # to End
    hands.press("select")
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)
    coach.layout()
    said = coach.said()[-1]
    assert words.text("confirm.go") in said and said in " ".join(coach.lines), "the coach says to choose Do it"
    assert "ring" not in said, said
    assert coach.targets() == ([], []), "no ring points at what the dialog covers"
    index = coach.model.index
    monkey.confirm(hands, dialog)
    settle(app)
    assert coach.model.index > index, "Do it ends the step, as the lesson asked"


# --- the closing words --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("press", ["Enter", "Space", pytest.param("A", marks=PADS)])
def test_the_closing_words_end_the_chapter_with_one_press(app: App, press: str) -> None:
    monkey.learn(app, "explore", "keys", seed=0)
    coach = coach_of(table_of(app))
    coach.layout()
    assert coach.said()[0] == coach.chapter.lessons[-1].say, "the closing words are shown"
    assert "explore" in flow.tutorial_progress(app).done, "and the chapter is done"
    assert [w.label for w in coach.form.widgets] == [
        words.text("coach.next_chapter", title=tutorial.chapter("move").title), words.text("coach.all_lessons")]
    if press == "A":
        hands = monkey.Hands(app, "pad")
        hands.press("select")
        hands.close()
    else:
        key(app, pygame.K_RETURN if press == "Enter" else pygame.K_SPACE)
    assert coach_of(table_of(app)).chapter.id == "move", "one press goes on"


def test_tab_then_enter_presses_the_coachs_focused_button(app: App) -> None:
    monkey.learn(app, "explore", "keys", seed=0)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, LessonsScene), "All chapters"


def test_a_chapter_done_says_done_once_in_the_list(app: App) -> None:
    flow.tutorial_progress(app).finish("explore")
    page = LessonsScene(app)
    app.push(page)
    app.frame()
    label = page.form.widgets[0].label
    assert label == words.text("lessons.chapter.done", n=1, title=tutorial.chapter("explore").title)
    done = label.rpartition("·")[2].strip()
    assert done not in page.notes[0], f"the button says it, not its line too: {page.notes[0]}"


# --- select where the ring pulses -----------------------------------------------------------------------------


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("chapter_id", CHAPTERS)
def test_select_alone_acts_where_the_ring_pulses(app: App, chapter_id: str, device: str) -> None:
    """With nothing focused, one select (Enter, A) does what the lesson asks where the coach rings it (a hex
    with several lines opens its menu there first), and never only says how to focus."""
    hands = monkey.Hands(app, device)
    flow.start_chapter(app, chapter_id)
    table = settle(app)
    while not coach_of(table).model.done:
        model = coach_of(table).model
        if isinstance(app.top, ConfirmScene):
            monkey.confirm(hands, app.top)
        elif model.lesson.undo:
            key(app, pygame.K_u)
        elif model.lesson.reads:
            hands.press("select")
        else:
            index, made = model.index, len(table.match.decisions)
            assert table.focus.stop() is None
            hands.press("select")
            assert len(table.match.decisions) > made or table.menus.menu is not None or table.first is not None \
                or isinstance(app.top, ConfirmScene), f"select did nothing at: {model.lesson.say}"
            for _ in range(3):
                if model.index != index or isinstance(app.top, ConfirmScene):
                    break
                hands.press("select")
        table = settle(app)
    hands.close()
