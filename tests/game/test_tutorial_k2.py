"""The coach of Learn to play as a fresh player met it (issue 40): its panel lies over everything the map draws
(a marker out of the cup never covers its words), the others' moves play out on the open map below it, the Undo
lesson rings Undo alone, and the Victory chapter's words agree with the turn the top bar shows (T1, V3)."""
from __future__ import annotations

import random
import re

import numpy
import pygame

from game import anim, flow, monkey
from game.app import App
from game.scenes.message import ConfirmScene
from game.scenes.table import TableScene

from .conftest import key


def table_of(app: App) -> TableScene:
    return next(s for s in reversed(app.stack) if isinstance(s, TableScene))


def reach(app: App, chapter_id: str, index: int) -> TableScene:
    """A chapter played by the keys as the coach asks, at speed instant, until its lesson `index` is current
    and the table rests."""
    flow.start_chapter(app, chapter_id)
    hands = monkey.Hands(app, "keys")
    rnd = random.Random(0)
    for _ in range(3000):
        if isinstance(app.top, ConfirmScene):
            monkey.confirm(hands, app.top)
            continue
        table = table_of(app)
        assert table.coach is not None
        model = table.coach.model
        if table.anim.busy or table.pending or model.drawing:
            hands.frame()
        elif model.index >= index:
            return table
        elif model.lesson.reads:
            hands.press("select")
        elif model.lesson.undo:
            key(app, pygame.K_u)
        elif table.legal:
            monkey.issue(hands, table, table.legal[rnd.randrange(len(table.legal))])
        else:
            hands.frame()
    raise AssertionError(f"lesson {index} of {chapter_id} never came")


def test_the_coach_lies_over_the_animations(app: App) -> None:
    table = reach(app, "explore", 0)
    coach = table.coach
    assert coach is not None
    screen = app.screen
    table.draw(screen)                                         # the panel laid out where it stands
    camera, centres = table.map.camera, table.map.layout.centres
    under = next(h for h in range(len(centres)) if coach.rect.collidepoint(camera.to_screen(*centres[h])))
    inside = coach.rect.inflate(-app.scale.unit, -app.scale.unit)     # within its rounded corners
    alone = pygame.surfarray.array3d(screen.subsurface(inside)).astype(int)
    clip = anim.MarkerOut(app.rules.map.labels[under], "ocean", 1, "ocean 1", 1.0)
    clip.begun, clip.elapsed = True, clip.duration * 0.5     # rising out of the cup, over the hex
    table.anim.items.append(clip)
    table.draw(screen)
    assert table.anim.drawn and table.anim.drawn[0].colliderect(coach.rect), "the marker is drawn where the panel is"
    over = pygame.surfarray.array3d(screen.subsurface(inside)).astype(int)
    assert numpy.abs(over - alone).max() <= 12, "the panel's words show whole over it (it is all but opaque)"


def test_the_others_moves_play_out_clear_of_the_coach(app: App) -> None:
    table = reach(app, "explore", 7)                            # read before "Now Samoa explores. Watch..."
    coach = table.coach
    assert coach is not None and coach.chapter.lessons[8].wait == "turn"
    table.match.speed = "normal"                                # the moves as a player sees them
    key(app, pygame.K_RETURN)                                   # Next
    seen = 0
    for _ in range(1500):
        app.frame()
        if coach.model.index > 8:
            break
        if table.map.camera.moving:
            continue
        for drawn in table.anim.drawn:                         # each clip as the camera rests on it
            seen += 1
            assert not drawn.colliderect(coach.rect), f"a move of Samoa's at {drawn} under the coach {coach.rect}"
    assert coach.model.index > 8, "Samoa's turn ends and the lesson goes on"
    assert seen, "Samoa's moves were watched"


def test_the_undo_lesson_rings_undo_alone(app: App) -> None:
    table = reach(app, "move", 5)
    coach = table.coach
    assert coach is not None and coach.model.lesson.undo
    assert table.plan.by_hex, "the party's next hexes are lit (the decision stands)"
    hexes, boxes = coach.targets()
    undo = table.bar.buttons[table.bar.actions.index(None)].rect
    assert hexes == [], "no ring round a lit hex"
    assert boxes == [undo], "one ring: Undo's"


def test_the_victory_chapters_words_name_the_turn_the_top_bar_shows(app: App) -> None:
    table = reach(app, "victory", 0)
    coach = table.coach
    assert coach is not None
    view = table.shown
    assert view["step"] == "turn_order", "the chapter opens once the Victory step (V3) has passed"
    said = [lesson.say for lesson in coach.chapter.lessons]
    assert "end of a turn" not in said[0]
    assert f"turn {view['turn']}" in said[0].lower(), "the opening words name the turn the top bar shows"
    named = {int(n) for text in said for n in re.findall(r"\bturn (\d+)", text, re.IGNORECASE)}
    assert named <= {view["turn"] - 1, view["turn"]}, "the Victory step passed was the turn before's"
