"""The device in use, third round of issue 40's fresh players: the mouse's hover (its hex outline, route and
tooltip) goes once the keys or a pad are used and comes back when the mouse moves; before any use, the device is
the one in hand (a plugged-in pad, else the keys), never the mouse under a pointer resting where the window opened;
and the words of a tooltip name the device's help button."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

import engine
from game import theme, virtualpad, words
from game.app import App
from game.scenes.table import TableScene
from game.ui import prompts

from .conftest import key, post
from .helpers import press
from .tooltips_kit import EXPLORE, table_for

NO_PADS = virtualpad.available() is not None


def move(app: App, pos: tuple[float, float], rel: tuple[int, int] = (1, 1)) -> None:
    """The mouse at `pos`: moved there, or (rel (0, 0)) only seen resting there, as SDL reports the pointer under
    a window that opens; then a settled frame."""
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=rel, buttons=(0, 0, 0)))
    app.settle()


def lit_hex(table: TableScene) -> tuple[int, tuple[float, float]]:
    """A hex the decision lights, in sight on the open map, and its centre on screen."""
    m = table.map
    h = next(h for h in sorted(table.plan.by_hex) if m.visible(*m.layout.centres[h])
             and table.over_panel(*m.camera.to_screen(*m.layout.centres[h])) is None)
    return h, m.camera.to_screen(*m.layout.centres[h])


def outlined(table: TableScene, h: int) -> float:
    """The share of points along hex `h`'s edges drawn in the hover's white outline."""
    m, screen = table.map, table.app.screen
    corners = [m.camera.to_screen(x, y) for x, y in m.layout.corners(h)]
    points = [(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
              for a, b in zip(corners, corners[1:] + corners[:1], strict=True) for f in (0.3, 0.5, 0.7)]
    white = sum(any(screen.get_at((round(x) + dx, round(y) + dy))[:3] == theme.WHITE
                    for dx in (-1, 0, 1) for dy in (-1, 0, 1)) for x, y in points)
    return white / len(points)


def hovering(table: TableScene, h: int) -> bool:
    """The mouse's hover is on `h`: the table says so and its white outline is drawn."""
    return table.map.hover == h and table.map.pointing and outlined(table, h) > 0.8


def unhovered(table: TableScene, h: int) -> bool:
    """No mouse hover anywhere, nor its outline round `h`, nor a route to it."""
    m = table.map
    return m.hover < 0 and not m.pointing and outlined(table, h) < 0.3 and all(
        path[-1] != table.app.rules.map.labels[h] for path in m.shown_routes())


@pytest.fixture
def explore(app: App, rules: engine.Ruleset) -> TableScene:
    table = table_for(app, rules, EXPLORE)
    app.settle()
    return table


def test_the_keys_put_the_mouse_s_hover_away_until_it_moves(app: App, explore: TableScene) -> None:
    h, centre = lit_hex(explore)
    move(app, centre)
    assert hovering(explore, h), "the mouse points at a lit hex: its outline"
    key(app, pygame.K_TAB)
    app.settle()
    assert app.input.device == "keys" and unhovered(explore, h), "the keys in use: the focus alone is marked"
    explore.map.camera.pan(3, 0)                     # a glide under the resting pointer finds no hover again
    app.settle()
    assert unhovered(explore, h)
    explore.map.camera.pan(-3, 0)
    move(app, (centre[0] + 1, centre[1]))
    assert hovering(explore, h), "the mouse moved: its hover again"


@pytest.fixture
def xbox() -> Iterator[virtualpad.VirtualPad]:
    """A virtual Xbox pad plugged in before the app starts (the app finds it at start); pulled out after the
    app's window closed (its events go with it)."""
    made = virtualpad.VirtualPad("xbox")
    yield made
    made.unplug()


@pytest.mark.skipif(NO_PADS, reason="no virtual pads here")
def test_a_pad_puts_the_mouse_s_hover_away_until_it_moves(xbox: virtualpad.VirtualPad, app: App,
                                                        explore: TableScene) -> None:
    h, centre = lit_hex(explore)
    move(app, centre)
    assert hovering(explore, h)
    press(app, xbox, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    app.settle()
    assert app.input.device == "pad" and unhovered(explore, h), "the pad in use: its focus alone is marked"
    move(app, (centre[0] + 1, centre[1]))
    assert hovering(explore, h)


def test_untouched_the_device_is_the_keys_and_a_resting_pointer_points_at_nothing(app: App,
                                                                                explore: TableScene) -> None:
    assert app.input.untouched and app.input.device == "keys" and prompts.style(app.input) == "keys", \
        "no mouse glyphs before the mouse is used"
    h, centre = lit_hex(explore)
    move(app, centre, rel=(0, 0))                    # the window opened under the pointer there
    assert app.input.untouched and unhovered(explore, h), "no tooltip nor outline under a pointer never moved"
    move(app, (centre[0] + 1, centre[1]))
    assert app.input.device == "mouse" and hovering(explore, h), "the mouse moved: it is used"


@pytest.mark.skipif(NO_PADS, reason="no virtual pads here")
def test_untouched_with_a_pad_in_hand_the_device_is_the_pad(xbox: virtualpad.VirtualPad, app: App) -> None:
    assert app.input.untouched and app.input.device == "pad" and prompts.style(app.input) == "xbox"
    assert prompts.names(app.input)["help"] == "RS"
    assert words.text("ui.terms", **prompts.names(app.input)) == "Words here (RS: the rule)", \
        "a tooltip's words on a pad name its help button, not F1"


def test_the_help_button_is_named_on_the_keys(app: App) -> None:
    key(app, pygame.K_q)
    assert words.text("ui.terms", **prompts.names(app.input)) == "Words here (F1: the rule)"
