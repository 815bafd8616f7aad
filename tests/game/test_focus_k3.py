"""A fresh player's last findings on the focus and the map's tooltip (issue 40): a hex's tooltip stays within the
map's open area at every UI scale and does not grow past what fits there; cancelling a confirmation leaves the
focus on the bar's button that asked, the only place that wears the focus ring; and the one focus ring (a dark
band, a lime band) on the map's hex, the bar's and the dialogs' buttons alike."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

import engine
from game import theme, virtualpad
from game.app import App, Settings
from game.scenes.message import ConfirmScene
from game.scenes.table import TableScene
from game.theme import UI_SCALES, Colour

from .conftest import key
from .helpers import LEFT, RB, RIGHT, A, B, press
from .tooltips_kit import EXPLORE, Shown, frame, record_tooltips, table_for


@pytest.fixture
def window() -> Iterator[pygame.Surface]:
    """The fresh player's window: 1280x800."""
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 800))
    pygame.display.quit()


def app_at(window: pygame.Surface, rules: engine.Ruleset, tmp_path: Path, ui: float) -> App:
    return App(window, Settings(data_dir=tmp_path / "data", speed="instant", ui_scale=ui), rules, fixed_dt=1 / 60)


def tips_along_the_top(app: App, table: TableScene, shown: Shown) -> Shown:
    """The pointer rests over the map just below the top bar, at points across it; the tooltip of each."""
    area = table.map_area()
    out: Shown = []
    for i in range(1, 10):
        pos = (round(area.x + area.w * i / 10), area.top + app.scale.unit)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        out += frame(app, shown)[-1:]
    return out


@pytest.mark.parametrize("ui", UI_SCALES)
def test_a_hex_tooltip_stays_on_the_open_map_at_every_ui_scale(window: pygame.Surface, rules: engine.Ruleset,
                                                               tmp_path: Path, ui: float,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_at(window, rules, tmp_path, ui)
    shown = record_tooltips(monkeypatch)
    table = table_for(app, rules, EXPLORE)
    tips = tips_along_the_top(app, table, shown)
    assert len(tips) >= 5, "the pointer over the map's top shows its hexes' tooltips"
    panels = table.panels()
    sight = table.map.sight()
    for lines, rect in tips:
        assert not rect.colliderect(panels["top"]), f"{lines[0]}: over the top bar at UI scale {ui}"
        assert not rect.colliderect(panels["left"]) and not rect.colliderect(panels["log"]), lines[0]
        assert not rect.colliderect(table.bar.rect), f"{lines[0]}: over the decision bar"
        assert sight.contains(rect)
        assert rect.h <= sight.h * 0.45, f"{lines[0]}: {rect.h} px of the open map's {sight.h}"


# --- a confirmation's Cancel, and the one focus ring -------------------------------------------------------------

no_pads = pytest.mark.skipif(virtualpad.available() is not None, reason=f"no virtual pads: {virtualpad.available()}")
RING = {theme.INK, theme.HIGHLIGHT}


def tones(screen: pygame.Surface, start: tuple[int, int], step: tuple[int, int], count: int) -> list[Colour]:
    """The colours of `count` pixels from `start` by `step`."""
    return [tuple(screen.get_at((start[0] + step[0] * i, start[1] + step[1] * i)))[:3]  # type: ignore[misc]
            for i in range(count)]


def ring_of_widget(screen: pygame.Surface, rect: pygame.Rect) -> list[Colour]:
    """The colours across a widget's left edge, from outside it in (where the focus ring is drawn)."""
    return tones(screen, (rect.x - 2, rect.centery), (1, 0), max(3, round(rect.h * 0.08)) * 3)


def ring_of_hex(table: TableScene, h: int) -> list[Colour]:
    """The colours across a hex's top side, from outside it in (the map's hexes have flat tops)."""
    cx, cy = table.map.camera.to_screen(*table.map.layout.centres[h])
    size = table.map.layout.size * table.map.camera.zoom
    return tones(table.app.screen, (round(cx), round(cy - size * 1.2)), (0, 1), round(size * 0.5))


def bands(colours: list[Colour]) -> list[Colour]:
    """The ring's tones in the order met, each once (what a player sees: a dark band, then a lime one)."""
    out = [c for c in colours if c in RING]
    return [c for i, c in enumerate(out) if i == 0 or out[i - 1] != c]


def lime(screen: pygame.Surface, area: pygame.Rect) -> int:
    """How many pixels of `area` are the focus ring's lime."""
    mask = pygame.mask.from_threshold(screen.subsurface(area), theme.HIGHLIGHT, (1, 1, 1, 255))
    return mask.count()


def asking_button(app: App, table: TableScene, step: Callable[[], None]) -> int:
    """Step the focus to the bar's button that asks first (ending exploration, X42); its index in the bar."""
    for _ in range(len(table.focus.stops()) + 1):
        step()
        stop = table.focus.stop()
        if stop is not None and stop[0] == "button":
            return int(stop[1])
    raise AssertionError("no button reached")


def the_focus_came_back(app: App, table: TableScene, index: int) -> None:
    """The table is on top again, its focus on the bar's button that asked, the only place the ring is."""
    app.settle()
    assert app.top is table
    assert table.focus.stop() == ("button", index), "the focus is back on the button that asked"
    screen, button = app.screen, table.bar.form.widgets[index]
    assert lime(screen, table.map.sight()) == 0, "no ring left on the map (the cursor's hex), where it looks focused"
    assert bands(ring_of_widget(screen, button.rect)) == [theme.INK, theme.HIGHLIGHT], "the button wears the ring"


def open_confirmation(app: App, table: TableScene, go: Callable[[], None]) -> ConfirmScene:
    go()
    app.settle()
    dialog = app.top
    assert isinstance(dialog, ConfirmScene), "ending exploration asks first (X42)"
    return dialog


@pytest.mark.parametrize("how", ["escape", "cancel"])
def test_X42_cancelling_by_keys_leaves_the_focus_on_the_button_that_asked(app: App, rules: engine.Ruleset,
                                                                         how: str) -> None:
    table = table_for(app, rules, EXPLORE)
    index = asking_button(app, table, lambda: key(app, pygame.K_TAB))
    dialog = open_confirmation(app, table, lambda: key(app, pygame.K_RETURN))
    assert dialog.form.focus == 0                                   # on Cancel, the safe one
    key(app, pygame.K_ESCAPE if how == "escape" else pygame.K_RETURN)
    the_focus_came_back(app, table, index)


@no_pads
@pytest.mark.parametrize("how", ["B", "cancel"])
def test_X42_cancelling_by_pad_leaves_the_focus_on_the_button_that_asked(app: App, rules: engine.Ruleset,
                                                                        pad: virtualpad.VirtualPad,
                                                                        how: str) -> None:
    table = table_for(app, rules, EXPLORE)
    app.frame()                                                     # the pad is opened
    index = asking_button(app, table, lambda: press(app, pad, RB))
    open_confirmation(app, table, lambda: press(app, pad, A))
    if how == "B":
        press(app, pad, B)
    else:
        press(app, pad, RIGHT)
        press(app, pad, LEFT)                                       # back to Cancel, then A on it
        press(app, pad, A)
    the_focus_came_back(app, table, index)


def test_one_focus_ring_on_the_map_the_bar_and_the_dialogs(app: App, rules: engine.Ruleset) -> None:
    """The pad player's one sign (issue 40): the focused hex, the bar's focused button and the dialog's wear the
    same dark and lime bands, in the same order, in settled frames."""
    table = table_for(app, rules, EXPLORE)
    key(app, pygame.K_TAB)
    app.settle()
    stop = table.focus.stop()
    assert stop is not None and stop[0] == "hex"
    on_hex = bands(ring_of_hex(table, int(stop[1])))
    index = asking_button(app, table, lambda: key(app, pygame.K_TAB))
    app.settle()
    on_bar = bands(ring_of_widget(app.screen, table.bar.form.widgets[index].rect))
    dialog = open_confirmation(app, table, lambda: key(app, pygame.K_RETURN))
    focused = dialog.form.widgets[dialog.form.focus]
    on_dialog = bands(ring_of_widget(app.screen, focused.rect))
    assert on_hex == on_bar == on_dialog == [theme.INK, theme.HIGHLIGHT]
