"""Moving the focus by keys and pad (issue 40): left and right reach the buttons side by side (the confirmation's
Cancel and "Do it", the new-game page's Back and Start), a dialog's hints say how, the focus ring shows on the
orange primary buttons, and at the table the first shoulder press lands near home and A with nothing focused
says what it did. Pads are SDL's virtual joystick (game/virtualpad.py), keys go through the real input layer."""
from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game import virtualpad
from game.app import App
from game.scenes.message import ConfirmScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.ui import backdrop, dialog, widgets
from tests.positions import EXPLORE

from .conftest import key
from .helpers import LEFT, RB, RIGHT, A, focus_on, press, table_for

no_pads = pytest.mark.skipif(virtualpad.available() is not None, reason=f"no virtual pads: {virtualpad.available()}")




def confirmation(app: App) -> tuple[ConfirmScene, list[str]]:
    """The real confirmation asked before ending a step (X42), over the table, drawn once; what "Do it" did."""
    table_for(app, app.rules)
    done: list[str] = []
    app.push(app.make("confirm", "End your movement?", "end", lambda: done.append("go")))
    app.frame()
    top = app.top
    assert isinstance(top, ConfirmScene)
    return top, done


def labels(form: widgets.Form) -> list[str]:
    return [w.label for w in form.widgets]


@no_pads
def test_the_pad_reaches_do_it_by_right_and_back_by_left(app: App, pad: virtualpad.VirtualPad) -> None:
    scene, done = confirmation(app)
    app.frame()                                         # the pad is opened
    assert scene.form.focus == 0                        # Cancel, the safe one
    press(app, pad, RIGHT)
    assert scene.form.focus == 1
    press(app, pad, RIGHT)
    assert labels(scene.form)[scene.form.focus] == "Do it"
    press(app, pad, RIGHT)                              # nothing further right: it stays
    assert labels(scene.form)[scene.form.focus] == "Do it"
    press(app, pad, LEFT)
    press(app, pad, LEFT)
    assert scene.form.focus == 0
    press(app, pad, RIGHT)
    press(app, pad, RIGHT)
    press(app, pad, A)
    assert done == ["go"] and app.top is not scene


def test_the_arrow_keys_move_between_the_confirmations_buttons(app: App) -> None:
    scene, done = confirmation(app)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert labels(scene.form)[scene.form.focus] == "Do it"
    key(app, pygame.K_LEFT)
    assert scene.form.focus == 1
    key(app, pygame.K_RETURN)                           # do it, and stop asking for this kind
    assert done == ["go"]


@no_pads
def test_back_and_start_side_by_side_by_pad_and_keys(app: App, pad: virtualpad.VirtualPad) -> None:
    app.push(app.make("setup"))
    app.frame()
    setup = app.top
    assert isinstance(setup, SetupScene)
    back, start = labels(setup.form).index("Back"), labels(setup.form).index("Start")
    assert setup.form.widgets[back].rect.centery == setup.form.widgets[start].rect.centery    # side by side
    focus_on(app, pad, setup.form, back)
    press(app, pad, RIGHT)
    assert setup.form.focus == start
    press(app, pad, LEFT)
    assert setup.form.focus == back
    key(app, pygame.K_RIGHT)
    assert setup.form.focus == start
    key(app, pygame.K_UP)                               # up: the row above, not Back beside it
    assert setup.form.focus not in (back, start)
    assert setup.form.widgets[setup.form.focus].rect.bottom <= setup.form.widgets[start].rect.top


def test_up_and_down_move_between_rows_and_wrap(app: App) -> None:
    """In a column, down from the last widget comes back to the first, as before."""
    title = app.make("title")
    app.push(title)
    app.frame()
    form = title.form
    first = form.focus
    for _ in range(sum(w.focusable and w.enabled for w in form.widgets)):
        key(app, pygame.K_DOWN)
    assert form.focus == first


def test_a_dialog_says_the_arrows_move(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hints under a dialog with several buttons start with the cursor's (the arrows' keycap with the keys,
    the d-pad with a pad: prompts chooses the glyph by the device used last)."""
    seen: list[Any] = []
    real = backdrop.draw_hints

    def spy(screen: pygame.Surface, device: Any, hints: Any, *rest: Any) -> pygame.Rect:
        seen.append(hints)
        return real(screen, device, hints, *rest)
    monkeypatch.setattr(dialog, "draw_hints", spy)
    confirmation(app)
    key(app, pygame.K_RIGHT)
    assert seen[-1][0] == ("cursor", "hint.move") and ("back", "hint.cancel") in seen[-1]
    app.pop()
    app.push(app.make("message", "Saved", "Your game is saved"))         # one button: nothing to move between
    app.frame()
    assert all(intent != "cursor" for intent, _ in seen[-1])


def ring_contrast(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """How far the focused button's edge band stands from its fill, at its worst tone: the larger of the two
    tones' distances (one of them must stand out)."""
    fill = surface.get_at(rect.center)[:3]
    band = [surface.get_at((rect.x + d, rect.centery))[:3] for d in range(max(3, round(rect.h * 0.12)))]
    return max(math.dist(fill, colour) for colour in band)


@pytest.mark.parametrize("primary", [True, False])
def test_the_focus_ring_stands_out_on_every_button(screen: pygame.Surface, primary: bool) -> None:
    """The focus ring on an orange primary button (issue 40, 22) differs from its fill as much as on paper."""
    surface = pygame.Surface((300, 120))
    surface.fill((246, 238, 220))
    button = widgets.Button("Start", lambda: None, primary=primary)
    button.rect = pygame.Rect(40, 30, 200, 56)
    button.draw(surface, False, 20)
    plain = ring_contrast(surface, button.rect)
    button.draw(surface, True, 20)
    focused = ring_contrast(surface, button.rect)
    assert focused > 150 and focused > plain + 60


@no_pads
def test_rb_first_goes_to_the_lit_hex_nearest_home(app: App, rules: Any, pad: virtualpad.VirtualPad) -> None:
    """Tonga's explorer at home may go to many hexes (E3): the first RB lands beside home (not on it: in
    exploration, never the home hex while others are lit), not at the top."""
    table = table_for(app, rules, EXPLORE)
    assert isinstance(table, TableScene)
    app.frame()
    lit = list(table.plan.by_hex)
    assert len(lit) > 1, "the explorer's decision lights several hexes"
    centres = table.map.layout.centres
    home = centres[table.own_hexes()[0]]
    nearest = min((h for h in lit if h != table.own_hexes()[0]), key=lambda h: math.dist(centres[h], home))
    northmost = min(lit, key=lambda h: (round(centres[h][1]), centres[h][0]))
    assert nearest != northmost, "the position must tell the two apart"
    press(app, pad, RB)
    assert table.focus.stop() == ("hex", nearest) and table.map.cursor == nearest


def test_a_with_nothing_focused_focuses_and_says_so(app: App, rules: Any) -> None:
    table = table_for(app, rules, EXPLORE)
    assert isinstance(table, TableScene)
    assert table.focus.stop() is None and table.menus.toasts == []
    table.map.cursor = -1
    key(app, pygame.K_RETURN)
    stop = table.focus.stop()
    assert stop is not None and stop[0] == "hex"
    assert table.menus.toasts and "Enter" in table.menus.toasts[0][0]
    key(app, pygame.K_RETURN)                           # again: the focused hex is chosen (its menu, or made)
    assert table.menus.open or table.match.decisions
