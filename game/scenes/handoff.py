"""The hand-off between two humans at one screen: drawn from no view at all (no map, no log, nothing that
depends on the game), it names the next player in their colour and shape and waits for them to confirm; a seat
with a PIN types it first, by keys, mouse or pad on a keypad (CLIENT.md, who sees what). A wrong PIN says so
and shows nothing else; from the third in a row the keypad waits longer and longer before it takes the next
(game/seats.py). A PIN forgotten, or one the save holds in a form that cannot be checked, is cleared with every
other player's consent, given at the table; a replay's hand-off (`at_table` False) clears none, and back closes it
instead. The same keypad sets a seat's PIN before a game (`PinScene`)."""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame

from .. import theme, words
from ..app import App, Scene, scene
from ..input import Intent
from ..seats import PIN_DIGITS, PIN_UNUSABLE, SeatSettings, pin_hash
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import draw_hints, foot_room
from ..ui.widgets import Button, Form

KEYS = "1234567890"


HINTS = (("select", "hint.choose"),)
PIN_HINTS = (("step", "hint.move"), ("select", "hint.type"), ("back", "hint.erase_close"))
TABLE_PIN_HINTS = (*PIN_HINTS[:-1], ("back", "handoff.erase"))      # the game's hand-off cannot be closed


class PinPad:
    """Four digits typed on the keyboard, or pressed on a keypad by mouse or pad (shown as dots); `below`, a
    button in a row under the keys (the hand-off's "Forgot PIN")."""

    def __init__(self, done: Callable[[str], None], below: Button | None = None):
        self.done = done
        self.digits = ""
        self.form = Form([Button(k, partial(self.type, k)) for k in KEYS]
                         + [Button(words.text("handoff.erase"), self.erase)] + ([below] if below else []))

    def type(self, digit: str) -> None:
        self.digits += digit
        if len(self.digits) == PIN_DIGITS:
            digits, self.digits = self.digits, ""
            self.done(digits)

    def erase(self) -> None:
        self.digits = self.digits[:-1]

    def handle(self, intent: Intent) -> None:
        if intent.kind == "type" and intent.char in KEYS:
            self.type(intent.char)
        elif intent.kind == "erase" or intent.kind == "back":
            self.erase()
        else:
            self.form.handle(intent)

    def draw(self, screen: pygame.Surface, centre_x: float, y: float, unit: int, size: int) -> None:
        for i in range(PIN_DIGITS):
            slot = pygame.Rect(0, 0, unit * 2.2, unit * 2.6)
            slot.center = (round(centre_x + (i - (PIN_DIGITS - 1) / 2) * unit * 2.8), round(y))
            pygame.draw.rect(screen, theme.WHITE, slot, 2, border_radius=6)
            if i < len(self.digits):
                pygame.draw.circle(screen, theme.WHITE, slot.center, unit * 0.45)
        y += unit * 2.6
        key = round(unit * 2.6)
        gap = unit * 0.4
        for i, button in enumerate(self.form.widgets[:len(KEYS) + 1]):
            row, col = divmod(i, 6)
            button.rect = pygame.Rect(0, 0, key * 3 if i == len(KEYS) else key, key)
            button.rect.topleft = (round(centre_x - 3 * (key + gap) + col * (key + gap)), round(y + row * (key + gap)))
        for button in self.form.widgets[len(KEYS) + 1:]:
            button.rect = pygame.Rect(0, 0, max(key * 5, button.needs(size) + unit), round(unit * 2.4))
            button.rect.midtop = (round(centre_x), round(y + 2 * (key + gap)))
        self.form.draw(screen, size)


@scene("handoff")
class HandoffScene(Scene):
    """`at_table`: the hand-off of the game itself, where the players sit and may agree to clear a PIN; a
    replay's (False) offers no clearing, which would show a seat's secrets on nobody's word and leave no trace,
    and may be left by back instead, its keypad empty."""

    def __init__(self, app: App, player: str, ready: Callable[[str], None], settings: SeatSettings | None = None,
                 at_table: bool = True):
        super().__init__(app)
        self.player = player
        self.ready = ready
        self.settings = settings or SeatSettings()
        self.at_table = at_table
        self.wrong = False
        self.arrange()

    def arrange(self) -> None:
        """The keypad, and "Forgot PIN" at the table, for a seat with a PIN; only the way to clear it for a seat
        whose PIN cannot be checked; else the button that shows the seat's view."""
        pin = self.settings.pin
        forgot = Button(words.text("handoff.forgot"), self.forgot) if self.at_table else None
        self.pad = PinPad(self.check, forgot) if pin not in (None, PIN_UNUSABLE) else None
        if self.pad is not None:
            self.form = self.pad.form
        elif pin == PIN_UNUSABLE:
            self.form = Form([Button(words.text("handoff.clear", player=self.player), self.forgot)])
        else:
            self.form = Form([Button(words.text("handoff.go", player=self.player), self.go, primary=True)])

    def enter(self) -> None:
        """With a pad per seat, only this seat's pad acts from now on; a seat without one yet takes the first
        pad pressed that is no other seat's."""
        if not self.pads_per_seat:
            return
        held = self.app.input.seat_pads
        self.app.input.only = held.get(self.player, -1)
        self.app.input.exclude = {pad for seat, pad in held.items() if seat != self.player}

    @property
    def pads_per_seat(self) -> bool:
        return self.app.settings.pad_per_seat

    def go(self) -> None:
        self.app.pop()
        self.ready(self.player)

    def pad_prompt(self) -> str | None:
        """Whose pad to press, where each seat has its own."""
        if not self.pads_per_seat:
            return None
        held = self.app.input.pads.get(self.app.input.seat_pads.get(self.player, -1))
        family = held.family if held is not None else self.app.input.family
        select = prompts.name(family, "select")
        if held is None:
            return words.text("handoff.pad.claim", player=self.player, select=select)
        return words.text("handoff.pad.yours", player=self.player, select=select, number=held.number)

    def check(self, digits: str) -> None:
        """Once per PIN typed (the slow hash stops the window for a moment, never a frame each)."""
        self.wrong = not self.settings.unlock(self.player, digits)
        if not self.wrong:
            self.go()

    def forgot(self) -> None:
        """Clearing a seat's PIN shows its view without one: the dialog asks the whole table, where everyone sits,
        and only their agreement clears it."""
        self.app.push(self.app.make("message", words.text("handoff.reset.title", player=self.player),
                                    words.text("handoff.reset.text", player=self.player),
                                    [Button(words.text("confirm.cancel"), self.app.pop),
                                     Button(words.text("handoff.reset.go"), self.reset, primary=True)]))

    def reset(self) -> None:
        """Everyone agreed: the PIN is cleared, and the player may choose a new one at once (back: none)."""
        self.app.pop()
        self.settings.clear_pin()
        self.wrong = False
        self.arrange()
        self.app.push(self.app.make("pin", self.player, self.chosen))

    def chosen(self, digits: str) -> None:
        self.settings.pin = pin_hash(self.player, digits)
        self.go()

    def handle(self, intent: Intent) -> None:
        if not self.at_table and intent.kind == "back" and self.pad is not None and not self.pad.digits:
            self.app.pop()                           # a replay's: back to the choice of views, even while waiting
            return
        if self.settings.guard.wait:                 # after wrong PINs: no key, click or press counts
            return
        if intent.pad >= 0 and self.pads_per_seat:
            self.app.input.claim(self.player, intent.pad)
        if self.pad is not None:
            if intent.kind == "type":
                self.wrong = False
            self.pad.handle(intent)
        else:
            self.form.handle(intent)

    def update(self, dt: float) -> None:
        """The wait after wrong PINs runs down on the frames' time; the keys look disabled meanwhile."""
        guard = self.settings.guard
        guard.tick(dt)
        for widget in self.form.widgets:
            widget.enabled = not guard.wait

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        title = words.text("handoff.title", player=self.player)
        top = h * (0.22 if self.pad else 0.32)
        if self.pad is None:                      # the button at 0.72 of the height
            scale = self.app.scale.fitting(lambda s: fits(s, (w, h), top, title, (h * 0.72 - top) / s.unit + 1.2))
        else:
            scale = self.app.scale.fitting(lambda s: fits(s, (w, h), top, title, BANNER + 4 + PAD + BELOW))
        unit = scale.unit
        line = self.pad_prompt() or words.text("handoff.look_away")
        if self.settings.pin == PIN_UNUSABLE:
            line = words.text("handoff.unusable", player=self.player)
        y = banner(screen, self.player, title, line, scale, top)
        hints = HINTS if self.pad is None else TABLE_PIN_HINTS if self.at_table else PIN_HINTS
        draw_hints(screen, self.app.input, hints, foot_room((w, h), scale), scale, FOOT)
        if self.pad is None:
            button = self.form.widgets[0]
            button.rect = pygame.Rect(0, 0, unit * 18, round(unit * 2.4))
            button.rect.center = (w // 2, round(h * 0.72))
            self.form.draw(screen, scale.body)
            return
        wait = self.settings.guard.wait
        prompt = words.text("handoff.wait", seconds=math.ceil(wait)) if wait else \
            words.text("handoff.wrong_pin") if self.wrong else words.text("handoff.pin", player=self.player)
        label = theme.text(prompt, scale.body, (255, 200, 160) if self.wrong else theme.WHITE, "semibold")
        screen.blit(label, label.get_rect(center=(w // 2, round(y + unit * 2))))
        self.pad.draw(screen, w / 2, y + unit * 4, unit, scale.body)


@scene("pin")
class PinScene(Scene):
    """Choosing a seat's PIN before a game: typed twice, the same both times."""

    def __init__(self, app: App, player: str, chosen: Callable[[str], None]):
        super().__init__(app)
        self.player, self.chosen = player, chosen
        self.first: str | None = None
        self.mismatch = False
        self.pad = PinPad(self.typed)

    def typed(self, digits: str) -> None:
        if self.first is None:
            self.first, self.mismatch = digits, False
        elif digits == self.first:
            self.app.pop()
            self.chosen(digits)
        else:
            self.first, self.mismatch = None, True

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back" and not self.pad.digits:
            self.app.pop()
        else:
            self.pad.handle(intent)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        key = "pin.again" if self.first is not None else "pin.mismatch" if self.mismatch else "pin.choose"
        title = words.text(key, player=self.player)
        scale = self.app.scale.fitting(lambda s: fits(s, (w, h), h * 0.22, title, BANNER + 3 + PAD))
        y = banner(screen, self.player, title, words.text("pin.private"), scale, h * 0.22)
        draw_hints(screen, self.app.input, PIN_HINTS, foot_room((w, h), scale), scale, FOOT)
        self.pad.draw(screen, w / 2, y + scale.unit * 3, scale.unit, scale.body)


FOOT = (230, 230, 230)       # the hints' colour on the player's dark colour
BANNER = 6.7                 # how far the banner's words reach under the centre of its shape, in units
PAD = 8.2                    # how far the keypad reaches under the centre of its slots, in units
BELOW = 2.8                  # and its row under the keys (the hand-off's "Forgot PIN"), in units


def fits(scale: Scale, size: tuple[int, int], top: float, title: str, below: float) -> bool:
    """Whether a banner with its shape's centre at `top`, its title, and what reaches `below` units under that
    centre fit the window at these sizes (the screen draws smaller, down to UI scale 1's, where not)."""
    w, h = size
    unit = scale.unit
    wide = theme.font(title_size(scale), "bold").size(title)[0]
    foot = h - unit * 0.5 - prompts.bar_height(scale.small)          # the hints at the foot
    return top - unit * 3.5 >= 0 and top + below * unit <= foot and max(wide, unit * 18) <= w - unit * 2


def title_size(scale: Scale) -> int:
    return round(scale.heading * 1.3)


def banner(screen: pygame.Surface, player: str, title: str, line: str, scale: Scale, top: float) -> float:
    """The player's colour, shape and a title: all the hand-off shows of the game. Returns where it ends."""
    w = screen.get_width()
    unit = scale.unit
    colour = theme.tribe_colour(player)
    screen.fill(tuple(round(c * 0.35) for c in colour))
    theme.draw_tribe(screen, player, (w / 2, top), unit * 3, theme.WHITE, 4)
    y = top + unit * 4.5
    text = theme.text(title, title_size(scale), theme.WHITE, "bold")
    screen.blit(text, text.get_rect(center=(w // 2, round(y))))
    lines = theme.wrap(line, scale.body, w - unit * 4)
    step = theme.font(scale.body).get_linesize()
    for i, part in enumerate(lines):                 # a long line (whose pad to press) wraps
        sub = theme.text(part, scale.body, (230, 230, 230))
        screen.blit(sub, sub.get_rect(center=(w // 2, round(y + unit * 2.2 + i * step))))
    return float(y + unit * 2.2 + (len(lines) - 1) * step)
