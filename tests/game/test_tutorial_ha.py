"""Learn to play by pad and keys (issue 40, second round): the game's confirmation at chapter 2's "End your Movement
step" is answered with the shoulders and the d-pad as in a game, and the pause menu moves with the d-pad; the
coach's halo never looks like the focus ring; the Undo lesson names the device's button; the last chapter's way on
opens a 2-player game against Easy; the chapters' list highlights the focus alone."""
from __future__ import annotations

import re

import pygame
import pytest

from game import flow, monkey, tutorial, words
from game.app import App
from game.scenes.lessons import LessonsScene
from game.scenes.message import ConfirmScene
from game.scenes.pause import PauseScene
from game.scenes.setup import SetupScene
from game.scenes.table.coach import GOLD
from game.theme import ACCENT, HIGHLIGHT
from game.ui import prompts

from .conftest import key
from .helpers import DEVICES, DOWN_BY, RIGHT_BY, STEP_BY, hit
from .helpers import chapter_coach as coach_of
from .helpers import chapter_play_until as play_until
from .helpers import chapter_settle as settle
from .helpers import chapter_table as table_of

# Each device's way into the pause menu.
MENU = {"keys": pygame.K_ESCAPE, "pad": pygame.CONTROLLER_BUTTON_START}


@pytest.mark.parametrize("device", DEVICES)
def test_chapter_2s_confirmation_is_answered_with_the_shoulder_and_the_d_pad(app: App, device: str) -> None:
    hands = monkey.Hands(app, device)
    try:
        play_until(app, hands, "move", ("end",))
        coach = coach_of(app)
        index, undone = coach.model.index, len(table_of(app).match.decisions)
        hands.press("select")                                   # End, where the ring pulses
        dialog = app.top
        assert isinstance(dialog, ConfirmScene) and dialog.form.focus == 0, "the game asks first, on Cancel"
        hit(app, hands, device, STEP_BY)
        assert app.top is dialog and dialog.form.focus == 1, "a step moves in the dialog, never closes it"
        hit(app, hands, device, RIGHT_BY)
        assert app.top is dialog and dialog.form.focus == 2, "right reaches Do it"
        hands.press("select")
        settle(app)
        assert dialog not in app.stack and len(table_of(app).match.decisions) > undone, "Do it ends the step"
        assert coach.model.index > index, "and the lesson goes on"
    finally:
        hands.close()


@pytest.mark.parametrize("device", DEVICES)
def test_the_pause_menu_of_a_chapter_moves_with_the_d_pad(app: App, device: str) -> None:
    hands = monkey.Hands(app, device)
    try:
        flow.start_chapter(app, "explore")
        settle(app)
        hit(app, hands, device, MENU)
        pause = app.top
        assert isinstance(pause, PauseScene) and pause.form.focus == 0
        for n in (1, 2):
            hit(app, hands, device, DOWN_BY)
            assert app.top is pause and pause.form.focus == n, "down moves in the menu, which stays open"
    finally:
        hands.close()


# --- the coach's halo -------------------------------------------------------------------------------------------


def colour_count(screen: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], inside: pygame.Rect) -> int:
    """Pixels of exactly `colour` in `rect` but outside `inside` (where a widget's own focus ring lies)."""
    rect = rect.clip(screen.get_rect())
    count = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            if not inside.collidepoint(x, y) and screen.get_at((x, y))[:3] == colour:
                count += 1
    return count


def test_the_coachs_halo_is_never_the_focus_rings_lime(app: App) -> None:
    """Chapter 2's End is ringed by the coach while the focus is on Undo: lime (the focus) rings Undo alone, and
    the coach's gold halo rings End (before, both were ringed in lime: two buttons looked focused)."""
    hands = monkey.Hands(app, "keys")
    table = play_until(app, hands, "move", ("end",))
    key(app, pygame.K_TAB)                                   # to End, where the ring pulses
    key(app, pygame.K_TAB)                                   # on to Undo
    bar = table.bar
    end = next(b for b, a in zip(bar.buttons, bar.actions, strict=True) if a is not None and a.verb == "end")
    undo = next(b for b, a in zip(bar.buttons, bar.actions, strict=True) if a is None)
    assert table.focus.stop() == ("button", bar.buttons.index(undo))
    app.frame()
    around = round(app.scale.unit * 1.2)
    screen = app.screen
    halo = end.rect.inflate(around * 2, around * 2)
    assert colour_count(screen, halo, HIGHLIGHT, end.rect) == 0, "no lime round the button the coach points at"
    assert colour_count(screen, halo, GOLD, end.rect) > 0, "the coach's gold halo rings it"
    assert colour_count(screen, undo.rect, HIGHLIGHT, pygame.Rect(0, 0, 0, 0)) > 0, "the focus ring is on Undo"


# --- the lessons' words -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("device", DEVICES)
def test_the_undo_lesson_names_the_devices_button_alone(app: App, device: str) -> None:
    """A pad player is told the pad's buttons, never the keyboard's U; the keys' player is told U."""
    hands = monkey.Hands(app, device)
    try:
        play_until(app, hands, "move", ("go 0907",))
        monkey.issue(hands, table_of(app), table_of(app).legal[0])
        settle(app)
        coach = coach_of(app)
        assert coach.model.lesson.undo
        coach.layout()
        said = " ".join(coach.lines)
        names = prompts.names(app.input)
        if device == "pad":
            assert not re.search(r"\bU\b", said), said
            assert names["next"] in said and names["select"] in said, said
        else:
            assert names["undo"] in said, said
    finally:
        hands.close()


def test_the_tile_lesson_says_what_the_press_does(app: App) -> None:
    """Chapter 1's tile lesson names the bar's button it asks for (a press there keeps the tile face down), and
    that button is on the bar."""
    hands = monkey.Hands(app, "keys")
    table = play_until(app, hands, "explore", ("keep",))
    label = words.text("action.keep")
    assert f'"{label}"' in coach_of(app).model.lesson.say
    assert [b.label for b in table.bar.buttons if b.rect.w] == [label], "the bar offers it"


# --- the way on after the last chapter ----------------------------------------------------------------------------


def test_play_a_game_after_the_last_chapter_opens_two_players_against_easy(app: App) -> None:
    app.settings.new_game = {"players": 4, "seats": ["human", "normal", "hard", "normal"]}
    progress = flow.tutorial_progress(app)
    chapters = tutorial.chapters()
    for chapter in chapters:
        progress.finish(chapter.id)
    flow.start_chapter(app, chapters[-1].id)
    coach = coach_of(app)
    coach.model.index = len(chapters[-1].lessons) - 1           # the closing words: the way on
    coach.changed()
    play = coach.form.widgets[0]
    assert play.label == words.text("coach.new_game")
    play.activate()
    app.frame()
    setup = app.top
    assert isinstance(setup, SetupScene)
    assert setup.players == 2 and setup.seats[:2] == ["human", "easy"], "as the closing words say"


# --- the chapters' list -------------------------------------------------------------------------------------------


def test_the_chapters_list_highlights_the_focus_alone(app: App) -> None:
    """With the focus moved from the chapter to resume, no other chapter stays orange (the primary colour)."""
    page = LessonsScene(app)
    app.push(page)
    app.frame()
    start = page.form.focus
    for _ in range(4):
        key(app, pygame.K_DOWN)
    assert page.form.focus == start + 4
    for i, widget in enumerate(page.form.widgets[:-1]):
        inner = widget.rect.inflate(-widget.rect.h // 2, -widget.rect.h // 2)
        orange = colour_count(app.screen, inner, ACCENT, pygame.Rect(0, 0, 0, 0))
        assert orange == 0, f"chapter {i + 1} is drawn orange while the focus is on chapter {start + 5}"
