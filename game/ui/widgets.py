"""Widgets with keyboard and controller focus: buttons, choices, toggles, number fields and lists, gathered in a
Form that moves the focus (next/prev, cursor up/down), adjusts the focused widget (cursor left/right), and
hit-tests the pointer. Every screen is usable with the mouse, the keys or a pad alone (CLIENT.md).

Buttons answer the hand (docs/ART.md, feedback): under the pointer one lifts and glows (HOVER, out_cubic), and
pressed it squashes and springs back past its size (PRESS, out_back) with a quiet click. Their motion is drawn at
the app's clock (`tick`, each frame), so a fixed clock draws the same frames; where they are hit never moves.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, assert_never

import pygame

from .. import sound, theme
from ..input import Intent
from ..render.tween import out_back, out_cubic

HOVER = 0.15                    # seconds a button takes to lift and glow under the pointer (and to sink back)
PRESS = 0.22                    # seconds a pressed button takes to spring back from its squash
LIFT, GLOW, SQUASH = 0.06, 0.22, 0.08   # how far it lifts (of its height), glows (towards white) and squashes
CLICK = 0.35                    # the click's loudness: it only says the press was felt

_now = [0.0]                    # the app's clock, in seconds


def tick(now: float) -> None:
    """The app's clock (App.frame, each frame): what the buttons' motion is drawn at."""
    _now[0] = now


class Feedback:
    """A button's answer to the hand: how far it is lifted by the pointer over it (0-1) and squashed by a press
    (0-1), each from the time it changed."""

    def __init__(self) -> None:
        self.over = False
        self.since = -math.inf           # when the pointer came or went
        self.start = 0.0                 # the lift when it did
        self.pressed = -math.inf

    def point(self, over: bool) -> None:
        if over != self.over:
            self.start, self.over, self.since = self.lift(), over, _now[0]

    def press(self) -> None:
        self.pressed = _now[0]
        sound.play("click", CLICK)

    def lift(self) -> float:
        eased = out_cubic(min(1.0, (_now[0] - self.since) / HOVER))
        return self.start + ((1.0 if self.over else 0.0) - self.start) * eased

    def squash(self) -> float:
        t = (_now[0] - self.pressed) / PRESS
        return 0.0 if t >= 1 else 1 - out_back(t)


class Widget:
    focusable = True
    steps = False                 # left and right change it (a choice) rather than move the focus

    def __init__(self, label: str = "", enabled: bool = True):
        self.label = label
        self.enabled = enabled
        self.rect = pygame.Rect(0, 0, 0, 0)

    def activate(self) -> None:
        """select on the widget."""

    def point(self, over: bool) -> None:
        """The pointer came over the widget, or left it."""

    def press(self) -> None:
        """The widget is selected (a click, Enter, the pad's A), just before it acts."""

    def adjust(self, step: int) -> None:
        """cursor left (-1) or right (+1) on the widget."""

    def type(self, char: str) -> None:
        """A digit typed while the widget has the focus."""

    def erase(self) -> None:
        """Backspace while the widget has the focus."""

    def click(self, x: float, y: float) -> None:
        """The pointer selected the widget at (x, y)."""
        self.activate()

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        raise NotImplementedError

    def needs(self, size: int) -> float:
        """How wide the widget must be to show its words whole at this text size (a screen lays its widgets out
        at least this wide, or draws its text smaller)."""
        return 0.0


def frame(surface: pygame.Surface, rect: pygame.Rect, focused: bool, enabled: bool, fill: theme.Colour = theme.PANEL,
          radius: int = 8) -> None:
    """The body of a widget: paper, a darker edge, the focus ring when focused."""
    pygame.draw.rect(surface, fill if enabled else (214, 208, 196), rect, border_radius=radius)
    if focused:
        focus_ring(surface, rect, radius)
    else:
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=radius)


Point = tuple[float, float]
FOCUS_BANDS = (theme.INK, theme.HIGHLIGHT)      # the focus ring's bands, from its outer edge in


def ring_width(height: float) -> int:
    """How thick each band of the focus ring is on a shape this tall: as the ring of a 4K screen needs."""
    return max(3, round(height * 0.08))


def focus_ring(surface: pygame.Surface, shape: pygame.Rect | Sequence[Point], radius: int = 0,
               ring: int | None = None) -> pygame.Rect:
    """The focus, one sign wherever it is (issue 40: a pad player learns it once): on a widget's rounded box
    (buttons, fields, a list's row, a player's row) and on a convex polygon (the map's focused hex) alike, a dark
    band at the edge and the marker's lime band inside it (theme.HIGHLIGHT, the map's cursor colour), each `ring`
    thick (ring_width of the shape's height by default). Two tones, one of which always stands out (on paper, the
    orange primary buttons, a white field, the sea and the land), and all within the shape (a partly redrawn
    frame leaves nothing behind). Returns the box it covers."""
    box = shape if isinstance(shape, pygame.Rect) else bounds(shape)
    ring = ring or ring_width(box.h)
    for band, colour in enumerate(FOCUS_BANDS):
        inset = band * (ring - 1)                    # the bands overlap a pixel: no seam between them
        if isinstance(shape, pygame.Rect):
            pygame.draw.rect(surface, colour, shape.inflate(-inset * 2, -inset * 2), ring,
                             border_radius=max(0, radius - inset))
        else:
            outer, inner = shrunk(shape, inset), shrunk(shape, inset + ring)
            for i in range(len(shape)):              # each side's band a quadrilateral: sharp, seamless corners
                pygame.draw.polygon(surface, colour, [outer[i - 1], outer[i], inner[i], inner[i - 1]])
    return box


def bounds(points: Sequence[Point]) -> pygame.Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                       math.ceil(max(ys) - min(ys)) + 1)


def shrunk(points: Sequence[Point], by: float) -> list[Point]:
    """A regular polygon's corners with its sides moved `by` pixels in, towards its centre."""
    cx, cy = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    apothem = math.dist((cx, cy), points[0]) * math.cos(math.pi / len(points))
    keep = max(0.0, 1 - by / apothem) if apothem else 0.0
    return [(cx + (x - cx) * keep, cy + (y - cy) * keep) for x, y in points]


class Button(Widget):
    def __init__(self, label: str, action: Callable[[], object], enabled: bool = True, primary: bool = False):
        super().__init__(label, enabled)
        self.action = action
        self.primary = primary
        self.inset = 0.0                 # room kept free at the right of the label (a mark in the corner)
        self.feedback = Feedback()

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def point(self, over: bool) -> None:
        self.feedback.point(over and self.enabled)

    def press(self) -> None:
        if self.enabled:
            self.feedback.press()

    def face(self) -> tuple[pygame.Rect, float]:
        """Where the button is drawn now (lifted, squashed; hit-testing keeps `rect`) and how much it glows."""
        lift, squash = self.feedback.lift(), self.feedback.squash()
        box = self.rect
        if lift or squash:
            box = box.inflate(-round(box.w * SQUASH * squash * 0.5), -round(box.h * SQUASH * squash))
            box.move_ip(0, -round(self.rect.h * LIFT * lift))
        return box, lift

    def lines(self, size: int) -> tuple[str, ...]:
        """The label as drawn, never outside the button: one line when it fits, else wrapped to the button's width
        in as many lines as its height holds (the last, and a word too long for any line, cut to fit)."""
        font = theme.font(size, "semibold")
        room = self.rect.w - self.inset - size * 0.5
        if font.size(self.label)[0] <= room:
            return (self.label,)
        room -= size * 0.5
        most = max(1, int((self.rect.h - size * 0.3) // font.get_linesize()))
        lines = list(theme.wrap(self.label, size, round(room), "semibold"))
        if len(lines) > most:
            lines[most - 1:] = [" ".join(lines[most - 1:])]
        return tuple(theme.fit(line, size, room, "semibold") for line in lines)

    def needs(self, size: int) -> float:
        return theme.font(size, "semibold").size(self.label)[0] + self.inset + size

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        fill = theme.ACCENT if self.primary and self.enabled else theme.PANEL
        box, lift = self.face()
        if lift:
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, border_radius=8)    # its shadow, left below
            fill = theme.mix(fill, theme.WHITE, GLOW * lift)
        frame(surface, box, focused, self.enabled, fill)
        colour = theme.WHITE if self.primary and self.enabled else (theme.INK if self.enabled else theme.MUTED)
        lines = self.lines(size)
        line_h = theme.font(size, "semibold").get_linesize()
        x, top = box.centerx - self.inset / 2, box.centery - line_h * len(lines) / 2
        for i, line in enumerate(lines):
            label = theme.text(line, size, colour, "semibold")
            surface.blit(label, label.get_rect(center=(x, top + line_h * (i + 0.5))))


def hint_line(surface: pygame.Surface, text: str, x: float, y: float, room: float, size: int) -> None:
    """A widget's one-line explanation, in small muted type under its label."""
    hint = theme.text(theme.fit(text, round(size * 0.9), room), round(size * 0.9), theme.MUTED)
    surface.blit(hint, (x, y))


class Choice(Widget):
    """One of several values, stepped with left/right or by clicking its arrows; with `hints`, a line under it
    says what the chosen value means (a bot's level). Ordered values (sizes, targets, speeds, numbers) stop at
    their ends, so that a player pressing on feels the last one (issue 40: ten presses on the size of the words
    went back to 100 %); values in no order (`wraps`: peoples, languages) go round. Select steps on and goes
    round either way: one button reaches every value."""
    steps = True

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], index: int = 0,
                 changed: Callable[[Any], None] | None = None, hints: dict[Any, str] | None = None,
                 wraps: bool = False):
        super().__init__(label)
        self.options = list(options)
        self.index = index
        self.changed = changed
        self.hints = hints or {}
        self.wraps = wraps

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def adjust(self, step: int, wraps: bool | None = None) -> None:
        index = self.index + step
        if self.wraps if wraps is None else wraps:
            index %= len(self.options)
        elif not 0 <= index < len(self.options):
            return                                  # at its end: nothing changes
        self.index = index
        if self.changed:
            self.changed(self.value)

    def activate(self) -> None:
        self.adjust(1, wraps=True)

    def click(self, x: float, y: float) -> None:
        self.adjust(-1 if x < self.value_rect().centerx else 1)     # the left half steps back, the right on

    def value_rect(self) -> pygame.Rect:
        top = self.rect.h * (0.62 if self.hints else 1)
        return pygame.Rect(self.rect.x + self.rect.w * 0.5, self.rect.y, self.rect.w * 0.5, top)

    def needs(self, size: int) -> float:
        label_w = theme.font(size, "semibold").size(self.label)[0]
        value_w = max(theme.font(size, "bold").size(arrows(said))[0] for _, said in self.options)
        hint_w = max((theme.font(round(size * 0.9)).size(h)[0] for h in self.hints.values()), default=0)
        return max(label_w + value_w + size * 2.4, hint_w + size * 1.4)

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        frame(surface, self.rect, focused, self.enabled)
        row = self.value_rect()
        label = theme.text(self.label, size, theme.INK, "semibold")
        at = label.get_rect(midleft=(self.rect.x + size * 0.7, row.centery))
        surface.blit(label, at)
        value = theme.text(arrows(self.options[self.index][1]), size, theme.ACCENT, "bold")
        half = value.get_width() / 2              # centred in the right half, clear of the label and the edge
        x = min(max(row.centerx, at.right + size + half), self.rect.right - size * 0.7 - half)
        surface.blit(value, value.get_rect(center=(round(x), row.centery)))
        if self.value in self.hints:
            hint_line(surface, self.hints[self.value], self.rect.x + size * 0.7, row.bottom - size * 0.2,
                      self.rect.w - size * 1.4, size)


def arrows(said: str) -> str:
    """A choice's value as drawn, between the arrows that step it."""
    return f"‹  {said}  ›"


class Toggle(Widget):
    """On or off, with a one-line explanation under its label. Left and right move the focus past it (a player
    heading for the next column must not tick it on the way); select ticks it."""

    def __init__(self, label: str, hint: str, value: bool = False, changed: Callable[[bool], None] | None = None):
        super().__init__(label)
        self.hint = hint
        self.value = value
        self.changed = changed

    def activate(self) -> None:
        self.value = not self.value
        if self.changed:
            self.changed(self.value)

    def needs(self, size: int) -> float:
        label_w = theme.font(size, "semibold").size(self.label)[0]
        return max(label_w, theme.font(round(size * 0.9)).size(self.hint)[0]) + size * 3.3

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        frame(surface, self.rect, focused, self.enabled)
        box = pygame.Rect(0, 0, size * 1.1, size * 1.1)
        box.midleft = (self.rect.x + size * 0.6, self.rect.centery)
        pygame.draw.rect(surface, theme.WHITE, box, border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=4)
        if self.value:
            pygame.draw.lines(surface, theme.ACCENT, False, [(box.x + box.w * .2, box.centery),
                                                             (box.x + box.w * .42, box.bottom - box.h * .22),
                                                             (box.right - box.w * .18, box.y + box.h * .2)], 4)
        label = theme.text(self.label, size, theme.INK, "semibold")
        lines = label.get_height() * 0.95 + theme.font(round(size * 0.9)).get_height()
        top = self.rect.centery - lines / 2                   # the label and its hint, centred
        surface.blit(label, (box.right + size * 0.6, top))
        hint_line(surface, self.hint, box.right + size * 0.6, top + label.get_height() * 0.95,
                  self.rect.right - box.right - size, size)


class NumberField(Widget):
    """A whole number typed digit by digit (the seed)."""

    def __init__(self, label: str, value: int, changed: Callable[[int], None] | None = None, digits: int = 9):
        super().__init__(label)
        self.digits = str(value)
        self.max_digits = digits
        self.changed = changed

    @property
    def value(self) -> int:
        return int(self.digits) if self.digits else 0

    def set(self, value: int) -> None:
        self.digits = str(value)
        if self.changed:
            self.changed(self.value)

    def type(self, char: str) -> None:
        if char.isdigit() and len(self.digits) < self.max_digits:
            self.digits = (self.digits + char).lstrip("0") or "0"
            if self.changed:
                self.changed(self.value)

    def erase(self) -> None:
        self.digits = self.digits[:-1]
        if self.changed:
            self.changed(self.value)

    def needs(self, size: int) -> float:
        digits_w = theme.font(size, "bold").size("0" * self.max_digits + "_")[0]
        return theme.font(size, "semibold").size(self.label)[0] + digits_w + size * 2.5

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        frame(surface, self.rect, focused, self.enabled)
        label = theme.text(self.label, size, theme.INK, "semibold")
        surface.blit(label, label.get_rect(midleft=(self.rect.x + size * 0.7, self.rect.centery)))
        caret = "_" if focused else ""
        value = theme.text((self.digits or "0") + caret, size, theme.ACCENT, "bold")
        surface.blit(value, value.get_rect(midright=(self.rect.right - size * 0.8, self.rect.centery)))


class TextField(Widget):
    """A line of text typed letter by letter (the rules' search; save names later): its `label` is what it says
    while empty. Selected with a pad, it opens the on-screen keyboard (`opened`, game/ui/keyboard.py)."""

    def __init__(self, label: str, changed: Callable[[str], None] | None = None,
                 opened: Callable[[], None] | None = None):
        super().__init__(label)
        self.value = ""
        self.changed = changed
        self.opened = opened

    def activate(self) -> None:
        if self.opened:
            self.opened()

    def click(self, x: float, y: float) -> None:
        """A click puts the caret in the field (the form focuses it); only Enter or a pad's A selects it (Enter in
        a save's name saves it)."""

    def type(self, char: str) -> None:
        self.set(self.value + char)

    def erase(self) -> None:
        self.set(self.value[:-1])

    def edit(self, intent: Intent) -> None:
        """A letter typed or erased, on the keys or the on-screen keyboard (its "type" and "erase" intents)."""
        if intent.kind == "type":
            self.type(intent.char)
        else:
            self.erase()

    def set(self, value: str) -> None:
        self.value = value
        if self.changed:
            self.changed(value)

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        pygame.draw.rect(surface, theme.WHITE, self.rect, border_radius=6)
        if focused:
            focus_ring(surface, self.rect, 6)
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        shown = (self.value + "_" if focused else self.value) if self.value else self.label   # the caret: typing here
        said = theme.text(theme.fit(shown, size, self.rect.w - size),
                          size, theme.INK if self.value else theme.MUTED)
        surface.blit(said, said.get_rect(midleft=(self.rect.x + size // 2, self.rect.centery)))


class ListView(Widget):
    """A scrolling list of lines; select picks the highlighted one."""

    def __init__(self, items: Sequence[str], picked: Callable[[int], None], label: str = "",
                 enabled: Sequence[bool] | None = None):
        super().__init__(label)
        self.items = list(items)
        self.enabled_rows = list(enabled) if enabled is not None else [True] * len(self.items)
        self.picked = picked
        self.index = 0
        self.top = 0
        self.row = 30

    @property
    def rows(self) -> int:
        return max(1, self.rect.h // max(1, self.row))

    def move(self, step: int) -> None:
        if self.items:
            self.index = max(0, min(len(self.items) - 1, self.index + step))
            if self.index < self.top:
                self.top = self.index
            elif self.index >= self.top + self.rows:
                self.top = self.index - self.rows + 1

    def scroll(self, step: int) -> None:
        self.top = max(0, min(max(0, len(self.items) - self.rows), self.top + step))

    def activate(self) -> None:
        if self.items:
            self.picked(self.index)

    def row_at(self, y: float) -> int:
        i = self.top + int((y - self.rect.y) // self.row)
        return i if 0 <= i < len(self.items) else -1

    def click(self, x: float, y: float) -> None:
        i = self.row_at(y)
        if i >= 0:
            self.index = i
            self.picked(i)

    def row_rect(self, i: int) -> pygame.Rect:
        """Where item i is drawn (a player's eyes, and the UI monkey, aim at it)."""
        return pygame.Rect(self.rect.x, self.rect.y + (i - self.top) * self.row, self.rect.w, self.row)

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        self.row = round(size * 1.45)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))          # within any clip already set (a frame drawn in part)
        for i in range(self.top, min(len(self.items), self.top + self.rows)):        # whole rows only
            rect = self.row_rect(i)
            if i == self.index:
                pygame.draw.rect(surface, theme.SELECTED if focused else (236, 226, 200), rect, border_radius=6)
                if focused:
                    focus_ring(surface, rect, 6)
            label = theme.text(self.items[i], size, theme.INK if self.enabled_rows[i] else theme.MUTED)
            surface.blit(label, label.get_rect(midleft=(rect.x + size * 0.5, rect.centery)))
        surface.set_clip(clip)
        if len(self.items) > self.rows:                   # a scroll bar
            bar = pygame.Rect(self.rect.right - 5, self.rect.y, 4, self.rect.h)
            pygame.draw.rect(surface, (220, 210, 190), bar, border_radius=2)
            share = self.rows / len(self.items)
            thumb = pygame.Rect(bar.x, bar.y + bar.h * self.top / len(self.items), 4, max(12, bar.h * share))
            pygame.draw.rect(surface, theme.PANEL_EDGE, thumb, border_radius=2)


class Form:
    """The focusable widgets of a screen, in focus order. The cursor moves the focus to the widget drawn nearest
    in its direction (left and right between buttons side by side, up and down between rows), so that a pad's
    d-pad reaches every widget; left and right change a widget that steps (a choice) instead."""

    def __init__(self, widgets: Sequence[Widget] = ()):
        self.widgets = list(widgets)
        self.focus = next((i for i, w in enumerate(self.widgets) if w.focusable and w.enabled), 0)

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if self.widgets else None

    def takes_focus(self, i: int) -> bool:
        return self.widgets[i].focusable and self.widgets[i].enabled

    def move(self, step: int) -> None:
        n = len(self.widgets)
        for k in range(1, n + 1):
            i = (self.focus + step * k) % n
            if self.takes_focus(i):
                self.focus = i
                return

    def toward(self, dx: int, dy: int) -> int:
        """The focusable widget drawn nearest the focused one in a direction (-1: none lies that way)."""
        here = self.widgets[self.focus].rect
        costs = [(ahead(here, w.rect, dx, dy), i) for i, w in enumerate(self.widgets)
                 if i != self.focus and self.takes_focus(i) and w.rect.w and w.rect.h]
        (_, cost), i = min(costs, default=((True, math.inf), -1))
        return i if cost < math.inf else -1

    def at(self, x: float, y: float) -> int:
        return next((i for i, w in enumerate(self.widgets) if w.rect.collidepoint(x, y)), -1)

    def point(self, x: float, y: float) -> None:
        """The pointer moved: the widget under it is pointed at (and focused), the others not."""
        i = self.at(x, y)
        for k, widget in enumerate(self.widgets):
            widget.point(k == i)
        if i >= 0 and self.takes_focus(i):
            self.focus = i

    def handle(self, intent: Intent) -> bool:
        """Apply an intent to the form; True if the form used it."""
        kind = intent.kind
        match kind:
            case "point":
                self.point(intent.x, intent.y)
                return False
            case "select":
                if intent.pointer:
                    return self.click(intent)
                return self.on_focused(lambda widget: widget.activate(), press=True)
            case "next" | "prev":
                return self.on_focused(lambda _: self.move(1 if kind == "next" else -1))
            case "cursor":
                return self.on_focused(lambda widget: self.cursor(widget, intent))
            case "type":
                return self.on_focused(lambda widget: widget.type(intent.char))
            case "erase":
                return self.on_focused(lambda widget: widget.erase())
            case "zoom":
                return intent.pointer and self.scroll(intent)
            case "back" | "menu" | "pan" | "help" | "log" | "fit" | "palette" | "orders" | "undo" | "fullscreen" \
                    | "unplugged":
                return False
            case _:
                assert_never(kind)

    def on_focused(self, do: Callable[[Widget], object], press: bool = False) -> bool:
        """Do something with the focused widget (pressed first, for a select); False when there is none."""
        widget = self.focused
        if widget is None:
            return False
        if press:
            widget.press()
        do(widget)
        return True

    def click(self, intent: Intent) -> bool:
        """A click on a widget focuses, presses and clicks it; a click elsewhere is not the form's."""
        i = self.at(intent.x, intent.y)
        if i < 0 or not self.widgets[i].enabled:
            return False
        self.focus = i
        self.widgets[i].press()
        self.widgets[i].click(intent.x, intent.y)
        return True

    def cursor(self, widget: Widget, intent: Intent) -> None:
        """Up and down move within a list, then to the widget below or above (on in focus order, wrapping, when
        none is, or at a column's end: to the next column's top); left and right change a widget that steps, else
        move to the widget beside it."""
        dx, dy = (0, sign(intent.dy)) if intent.dy else (sign(intent.dx), 0)
        if isinstance(widget, ListView) and dy and 0 <= widget.index + dy < len(widget.items):
            widget.move(dy)
        elif dx and widget.steps:
            widget.adjust(dx)
        elif (target := self.toward(dx, dy)) >= 0 and not (dy and self.leaves_column(target)):
            self.focus = target
        elif dy:
            self.move(dy)

    def leaves_column(self, target: int) -> bool:
        """Whether the focused widget ends a column (another widget shares its left edge and width) and `target`
        lies outside it: a button under two columns is reached from the second, so that up and down read the
        first column, then the second, as the focus order does."""
        here, there = self.widgets[self.focus].rect, self.widgets[target].rect
        column = any(i != self.focus and (w.rect.x, w.rect.w) == (here.x, here.w) for i, w in enumerate(self.widgets))
        return column and not here.left <= there.left <= there.right <= here.right

    def scroll(self, intent: Intent) -> bool:
        """The wheel over a list scrolls it; elsewhere it is not the form's."""
        i = self.at(intent.x, intent.y)
        target = self.widgets[i] if i >= 0 else None
        if not isinstance(target, ListView):
            return False
        target.scroll(-1 if intent.f > 1 else 1)
        return True

    def draw(self, surface: pygame.Surface, size: int) -> None:
        for i, widget in enumerate(self.widgets):
            widget.draw(surface, i == self.focus, size)


def sign(value: float) -> int:
    return (value > 0) - (value < 0)


def ahead(here: pygame.Rect, there: pygame.Rect, dx: int, dy: int) -> tuple[bool, float]:
    """Whether `there` lies off `here`'s row or column, and how far it lies from `here` in the direction (dx, dy):
    the distance along it, plus twice the gap across it (a widget in the same row or column comes first: up from
    Start reaches the checkbox over it, not the button beside); infinite when its centre is not past `here`'s edge
    that way (a narrow button under a wide checkbox is not left of it), or it lies further across than along
    (another row, not the widget beside)."""
    along = (there.centerx - here.centerx) * dx + (there.centery - here.centery) * dy
    if dx:
        past = (there.centerx - (here.right if dx > 0 else here.left)) * dx
        across = max(0, there.top - here.bottom, here.top - there.bottom)
    else:
        past = (there.centery - (here.bottom if dy > 0 else here.top)) * dy
        across = max(0, there.left - here.right, here.left - there.right)
    return (across > 0, along + 2 * across) if past > 0 and across <= along else (True, math.inf)
