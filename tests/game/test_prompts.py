"""Button prompts (issue 25): hints in the glyphs of the device used last, changing the moment the player picks up
another; the names of the buttons per pad family in the table's sentences; the on-screen keyboard that types the
rules' search with a pad alone; every glyph drawn inside its rect at every size."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game import theme
from game.app import App
from game.input import Pad
from game.match import Match
from game.scenes.help import HelpScene
from game.scenes.table import TableScene
from game.theme import Scale
from game.ui import prompts
from game.ui.backdrop import foot_room
from game.ui.keyboard import Keyboard

from .conftest import post

PAD_ID = 7


class Motors:
    """A pad's rumble, felt by nobody."""

    def rumble(self, low: float, high: float, ms: int) -> None:
        pass


def hold(app: App, family: str) -> None:
    """The player picks up a pad of this family (its last press made it the device)."""
    app.input.pads[PAD_ID] = Pad(PAD_ID, Motors(), family, family, 1)     # type: ignore[arg-type]
    app.input.device, app.input.pad = "pad", PAD_ID


def press(app: App, button: int, frames: int = 1) -> None:
    """A pad's button pressed and released through the event queue and the input layer."""
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=button),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID, button=button))
    for _ in range(frames):
        app.frame()


def foot_pixels(app: App) -> bytes:
    room = foot_room(app.screen.get_size(), app.scale)
    return pygame.image.tobytes(app.screen.subsurface(room), "RGB")


def test_the_title_hints_change_the_moment_the_device_changes(app):
    app.reset(app.make("title"))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q"))
    app.frame()
    assert app.input.device == "keys"
    keys = foot_pixels(app)
    press(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)          # a button that does nothing here but is a pad's
    assert prompts.style(app.input) == "xbox"
    pad = foot_pixels(app)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(3, 3), buttons=(0, 0, 0)))
    app.frame()
    mouse = foot_pixels(app)
    assert len({keys, pad, mouse}) == 3, "each device its own glyphs"
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q"))
    app.frame()
    assert foot_pixels(app) == keys, "back to the keys' glyphs, none left over from the pad"


def test_the_families_name_and_draw_their_buttons_apart():
    pygame.font.init()
    assert [prompts.name(f, "select") for f in prompts.PAD_STYLES] == ["A", "Cross", "A"]
    assert [prompts.name(f, "step") for f in prompts.PAD_STYLES] == ["RB / LB", "R1 / L1", "R / L"]
    assert [prompts.name(f, "zoom") for f in prompts.PAD_STYLES] == ["LT / RT", "L2 / R2", "ZL / ZR"]
    assert prompts.name("keys", "step") == "Tab" and prompts.name("mouse", "select") == "Click"
    assert prompts.name("mouse", "palette") == "P", "what the mouse has no button for is a key"
    assert prompts.glyph("xbox", "undo", 20) is None, "a pad has no undo button: its hint is left out"
    for intent in ("select", "back", "menu", "log", "step"):
        drawn = {pygame.image.tobytes(prompts.glyph(s, intent, 24), "RGBA") for s in prompts.PAD_STYLES}
        assert len(drawn) == 3, intent


@pytest.mark.parametrize("family, said", [("xbox", ("RB / LB", "press A")), ("playstation", ("R1 / L1", "press Cross")),
                                          ("nintendo", ("R / L", "press A")), ("keys", ("Tab", "press Enter"))])
def test_the_table_says_how_to_decide_with_the_buttons_in_hand(app, rules, family, said):
    """The turn order's first player is picked from the players' panel: the bar says how on the device."""
    table = TableScene(app, Match.new(rules, 2, ["human", "normal"], 1, speed="instant"))
    app.reset(table)
    app.settle()
    assert table.plan.order and table.first is None
    if family == "keys":
        app.input.device = "keys"
    else:
        hold(app, family)
    app.frame()
    headline = table.bar.headline()
    assert all(part in headline for part in said), headline
    app.input.device = "mouse"
    assert "click" in table.bar.headline()


def test_the_on_screen_keyboard_types_the_search_with_the_pad_alone(app):
    page = HelpScene(app, "M8")
    app.reset(page)
    app.frame()
    press(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)        # from the list to the search field
    assert page.form.focused is page.search
    before = list(page.list.items)
    press(app, pygame.CONTROLLER_BUTTON_A)
    keyboard = page.keyboard
    assert keyboard is not None, "selecting the field with a pad opens the keyboard"
    app.frame()                                              # its keys laid out where they are drawn
    for char in "knots":
        walk(app, keyboard, char)
        press(app, pygame.CONTROLLER_BUTTON_A)
    assert page.query == "knots"
    assert page.list.items != before and any("Knots" in item for item in page.list.items)
    press(app, pygame.CONTROLLER_BUTTON_B)                   # B erases...
    assert page.query == "knot"
    press(app, pygame.CONTROLLER_BUTTON_START)               # ... Start is done
    assert page.keyboard is None and page.query == "knot"


def walk(app: App, keyboard: Keyboard, char: str) -> None:
    """Move the keyboard's focus to a key with the d-pad, a row at a time, then along the row."""
    target = next((r, c) for r, row in enumerate(keyboard.rows) for c, key in enumerate(row) if key.label == char)
    for _ in range(30):
        if (keyboard.row, keyboard.col) == target:
            return
        if keyboard.row != target[0]:
            press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN if keyboard.row < target[0]
                  else pygame.CONTROLLER_BUTTON_DPAD_UP)
        else:
            press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT if keyboard.col < target[1]
                  else pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    raise AssertionError(f"the focus never reached {char!r}")


def test_the_keyboard_takes_clicks_and_lies_whole_on_every_window(app):
    typed: list[str] = []
    keyboard = Keyboard(lambda intent: typed.append(intent.char or intent.kind), lambda: "".join(typed),
                        lambda: typed.append("closed"))
    for (w, h), ui in itertools.product(((1280, 720), (1632, 918), (1920, 1080), (3840, 2160)), theme.UI_SCALES):
        keyboard.layout((w, h), Scale(h, ui))
        keys = [key for row in keyboard.rows for key in row]
        assert pygame.Rect(0, 0, w, h).contains(keyboard.rect)
        assert all(keyboard.rect.contains(key.rect) for key in keys)
        assert not any(a.rect.colliderect(b.rect) for a, b in itertools.combinations(keys, 2))
    key = keyboard.rows[1][0]
    app.input.device = "mouse"
    keyboard.handle(app.input.event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=key.rect.center, button=1))[0])
    assert typed == [key.label]


@pytest.mark.parametrize("style", prompts.STYLES)
def test_every_glyph_draws_inside_its_rect_at_every_size(style):
    pygame.font.init()
    parts = {b for intent in {*prompts.PAD_BUTTONS, *prompts.KEY_BUTTONS} for b in prompts.buttons(style, intent)}
    for size, button in itertools.product(range(12, 81), sorted(parts)):
        width = prompts.width(style, button, size)
        canvas = pygame.Surface((width + 20, size + 20), pygame.SRCALPHA)
        rect = pygame.Rect(10, 10, width, size)
        prompts.draw_button(canvas, rect, style, button)
        drawn = canvas.get_bounding_rect()
        assert rect.contains(drawn), (style, button, size, drawn)
        assert drawn.h >= size * 0.5, (style, button, size, "drawn, not a speck")


def test_a_hint_bar_leaves_out_what_does_not_fit():
    pygame.font.init()

    class Keys:
        device, family = "keys", "xbox"
    hints = [("select", "Choose"), ("back", "Back"), ("help", "Rules"), ("undo", "Take back")]
    canvas = pygame.Surface((600, 60), pygame.SRCALPHA)
    whole = prompts.hint_bar(canvas, Keys(), hints, pygame.Rect(0, 0, 600, 60), 20)
    for room_w in (whole.w - 1, whole.w // 2, 30):
        canvas = pygame.Surface((600, 60), pygame.SRCALPHA)
        room = pygame.Rect(100, 0, room_w, 60)
        drawn = prompts.hint_bar(canvas, Keys(), hints, room, 20)
        assert drawn.w == 0 or (drawn.w <= room.w and room.contains(canvas.get_bounding_rect()))
        assert drawn.w < whole.w


@pytest.mark.parametrize("family", ["xbox", "playstation", "nintendo", "keys"])
def test_the_rules_window_says_every_hint_back_included_on_each_device(app, monkeypatch, family):
    """Issue 40 (24): the Rules window's hints under the list left B (Back) out with a pad, its glyphs wider than
    the keys' and the row as wide as the list. Every hint the device has a button for is drawn."""
    drawn: list[tuple[list[str], list[str]]] = []
    real = prompts.hint_bar

    def spy(surface, device, hints, room, size, *rest):
        shown = [label for _, label in prompts.laid_out(device, hints, room.w, size)]
        drawn.append((shown, [label for _, label in hints]))
        return real(surface, device, hints, room, size, *rest)
    monkeypatch.setattr(prompts, "hint_bar", spy)
    page = HelpScene(app, "M8")
    app.reset(page)
    if family == "keys":
        app.input.device = "keys"
    else:
        hold(app, family)
    drawn.clear()
    app.frame()
    assert drawn, "the window draws its hints"
    assert all(shown == asked for shown, asked in drawn), drawn
    assert any("Close" in asked for _, asked in drawn), "B (Esc) closes the window (issue 40)"
