"""The replay's speed and turns (issue 40, item 16), through the real input layer: slower and faster by Down and Up
(the d-pad's too) and the speed button; the start of the turn before or after by Shift+Tab and Tab, the pad's
shoulders and the buttons; a step back by Left; each position reached so is the one reached by playing to it, and
the hints say how."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game import replay, virtualpad, words
from game.app import App
from game.replay import ReplayMatch
from game.scenes.replay import HINTS, ReplayControls
from game.settings import SPEEDS

from .conftest import button, click, key
from .helpers import LB, RB, choose_replay, press, saved

DOWN, UP, LEFT = (pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_UP,
                  pygame.CONTROLLER_BUTTON_DPAD_LEFT)


def paused_replay(app: App) -> tuple[ReplayControls, ReplayMatch]:
    """A game of bots saved at turn 5, watched in everyone's view, paused at its start."""
    app.settings.speed = "normal"
    saved(app, turn=5)
    click(app, button(choose_replay(app), "Everyone's view").rect.center)
    controls = app.top
    assert isinstance(controls, ReplayControls)
    key(app, pygame.K_SPACE)
    assert not controls.match.playing and controls.match.position <= 1
    return controls, controls.match


def hashes(app: App) -> list[str]:
    """The state hash at each position of the save's replay in everyone's view, reached by stepping on from the
    start."""
    path = app.settings.data_dir / "saves" / "Reef.paradise"
    twin = ReplayMatch(app.rules, replay.read(app.rules, path, "Reef"), None, "instant")
    out = [twin.state_hash()]
    while not twin.at_end:
        twin.step()
        twin.tick(0)
        out.append(twin.state_hash())
    return out


def test_slower_and_faster_by_keys_pad_and_button(app: App) -> None:
    controls, match = paused_replay(app)
    pad = virtualpad.VirtualPad("xbox")
    app.frame()
    assert match.speed == "normal"
    key(app, pygame.K_UP)
    assert match.speed == "fast"
    press(app, pad, UP)
    assert match.speed == "instant"
    key(app, pygame.K_UP)
    assert match.speed == "instant", "no faster than instant"
    press(app, pad, DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert match.speed == "slow", "no slower than slow"
    app.frame()
    assert controls.speed.label == words.text("replay.speed", speed=words.text("speed.slow"))
    seen = []
    for _ in SPEEDS:
        click(app, controls.speed.rect.center)
        seen.append(match.speed)
    assert seen == [*SPEEDS[1:], SPEEDS[0]], "the button steps faster, round to the slowest"


def test_the_turn_before_and_after_and_a_step_back_by_keys_pad_and_buttons(app: App) -> None:
    controls, match = paused_replay(app)
    pad = virtualpad.VirtualPad("xbox")
    app.frame()
    truth = hashes(app)
    turns = match.turns
    starts = [p for p in range(len(turns)) if p == 0 or turns[p] != turns[p - 1]]
    assert len(starts) >= 4, "a few turns to jump between"
    forward: list[Callable[[], None]] = [lambda: key(app, pygame.K_TAB), lambda: press(app, pad, RB),
                                         lambda: click(app, button(controls, words.text("replay.turn.on")).rect.center)]
    for k, start in enumerate(starts[1:4]):
        forward[k]()
        app.frame()
        assert match.position == start and match.state_hash() == truth[start], "the next turn's start"
        assert f"turn {turns[start]}," in controls.line()
    key(app, pygame.K_RIGHT)
    app.frame()
    at = match.position
    assert at == starts[3] + 1
    key(app, pygame.K_LEFT)
    app.frame()
    assert match.position == at - 1 and match.state_hash() == truth[at - 1], "a step back"
    key(app, pygame.K_RIGHT)
    app.frame()
    back: list[Callable[[], None]] = [lambda: key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT),
                                      lambda: press(app, pad, LB),
                                      lambda: click(app, button(controls, words.text("replay.turn.back")).rect.center)]
    for k, start in enumerate((starts[3], starts[2], starts[1])):      # this turn's start first, then the ones before
        back[k]()
        app.frame()
        assert match.position == start and match.state_hash() == truth[start], "the turn's start before"
    press(app, pad, LEFT)
    assert match.position == starts[1] - 1 and match.state_hash() == truth[starts[1] - 1]
    assert not match.playing, "a jump or a step leaves the replay paused"
    assert {intent for intent, _ in HINTS} >= {"select", "cursor", "step", "back"}, "the hints say how"
