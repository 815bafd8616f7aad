"""An on-screen keyboard for a text field when the player holds a pad: a grid of keys (the language's rows from
the catalog), space, erase and done. The d-pad or the left stick moves the focus over the keys, A types the
focused one, B erases (or closes, with nothing typed), Start is done; the mouse clicks keys, and the real keys
still type. What it types leaves as the same intents ("type", "erase") that the keys make, so the field cannot
tell a pad's letters from a keyboard's. A scene owns one while it is open and gives it every intent first (the
rules' search today, save names later).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

import pygame

from .. import theme, words
from ..input import CHOOSING, Intent
from ..theme import Scale
from . import prompts
from .widgets import Button

COLUMNS = 10            # keys across the widest row: a key's width is the panel's over this
ERASE, DONE = "erase", "done"
HINTS = (("cursor", "hint.move"), ("select", "hint.type"), ("back", "hint.erase_close"), ("menu", "hint.done"))


class Keyboard:
    def __init__(self, send: Callable[[Intent], None], text: Callable[[], str], close: Callable[[], None],
                 placeholder: str = ""):
        self.send, self.text, self.close = send, text, close
        self.placeholder = placeholder
        rows = [[Button(char, self.typer(char)) for char in row] for row in words.text("keyboard.rows").split()]
        rows.append([Button(words.text("keyboard.space"), self.typer(" ")),
                     Button(words.text("keyboard.erase"), lambda: self.send(Intent("erase"))),
                     Button(words.text("keyboard.done"), self.close, primary=True)])
        self.rows = rows
        self.row, self.col = 0, 0                    # the key with the focus
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.sizes: Scale | None = None

    def typer(self, char: str) -> Callable[[], None]:
        return lambda: self.send(Intent("type", char=char))

    @property
    def focused(self) -> Button:
        return self.rows[self.row][self.col]

    # --- input -------------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """Every intent while the keyboard is open is its own (True), but for a click outside it, which closes it
        and goes on to the page (False). A `match` over the closed kinds: one left out is a type error."""
        kind = intent.kind
        if intent.pointer and kind in CHOOSING:
            return self.pointed(intent)
        match kind:
            case "cursor":
                self.move(int(intent.dx), int(intent.dy))
            case "next" | "prev":
                self.move(1 if kind == "next" else -1, 0)
            case "select":
                self.focused.activate()
            case "back":                              # erase, or close with nothing typed
                if self.text():
                    self.send(Intent("erase"))
                else:
                    self.close()
            case "menu":
                self.close()
            case "type" | "erase":
                self.send(intent)                     # the real keys type too
            case "point" | "pan" | "zoom" | "help" | "log" | "fit" | "palette" | "orders" | "undo" | "fullscreen" \
                    | "unplugged":
                pass                                  # the page under the keyboard waits
            case _:
                assert_never(kind)
        return True

    def pointed(self, intent: Intent) -> bool:
        """The pointer over a key focuses it and a click types it; a click outside the panel closes the keyboard
        and goes on to the page (False)."""
        at = self.key_at(intent.x, intent.y)
        if at is not None:
            self.row, self.col = at
            if intent.kind == "select":
                self.focused.activate()
            return True
        if intent.kind == "select" and not self.rect.collidepoint(intent.x, intent.y):
            self.close()
            return False
        return True

    def move(self, dx: int, dy: int) -> None:
        """Along the row (wrapping), or to the key of the next row nearest under or over the focused one."""
        if dx:
            self.col = (self.col + dx) % len(self.rows[self.row])
        if dy:
            x = self.focused.rect.centerx
            self.row = (self.row + dy) % len(self.rows)
            row = self.rows[self.row]
            self.col = min(range(len(row)), key=lambda i: abs(row[i].rect.centerx - x))

    def key_at(self, x: float, y: float) -> tuple[int, int] | None:
        return next(((r, c) for r, row in enumerate(self.rows) for c, key in enumerate(row)
                     if key.rect.collidepoint(x, y)), None)

    # --- where the keys stand ----------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int], scale: Scale) -> None:
        """The panel at the foot of the window: the text typed, the rows of keys (each row centred), the last
        row's space, erase and done, the hints; at the UI scale, or smaller where it would not fit."""
        self.sizes = scale.fitting(lambda s: self.arrange(size, s))
        self.arrange(size, self.sizes)

    def arrange(self, size: tuple[int, int], s: Scale) -> bool:
        w, h = size
        unit = s.unit
        width = min(w - unit * 2, unit * 40)
        key_w, key_h, gap = (width - unit * 2) / COLUMNS, round(unit * 2.2), unit * 0.3
        line = theme.font(s.body).get_linesize()
        height = unit * 1.4 + line + len(self.rows) * (key_h + gap) + prompts.bar_height(s.small) + unit
        self.rect = pygame.Rect(0, 0, round(width), round(height))
        self.rect.midbottom = (w // 2, h - unit // 2)
        y = self.rect.y + unit * 0.8 + line + unit * 0.6
        spans = [[1.0] * len(row) for row in self.rows[:-1]] + [[5.0, 2.5, 2.5]]
        for row, span in zip(self.rows, spans, strict=True):
            x = self.rect.centerx - key_w * sum(span) / 2
            for key, cols in zip(row, span, strict=True):
                key.rect = pygame.Rect(round(x + gap / 2), round(y), round(key_w * cols - gap), key_h)
                x += key_w * cols
            y += key_h + gap
        fits = all(key.needs(s.body) <= key.rect.w for key in self.rows[-1])
        return fits and self.rect.top >= unit // 2 and key_w >= unit * 1.6

    # --- drawing -----------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface, device: prompts.Device) -> None:
        s = self.sizes
        if s is None:
            return
        unit = s.unit
        theme.panel(screen, self.rect, alpha=252)
        typed = self.text()
        said = theme.text(theme.fit(typed + "_" if typed else self.placeholder, s.body, self.rect.w - unit * 2),
                          s.body, theme.INK if typed else theme.MUTED)
        screen.blit(said, (self.rect.x + unit, round(self.rect.y + unit * 0.8)))
        for r, row in enumerate(self.rows):
            for c, key in enumerate(row):
                key.draw(screen, (r, c) == (self.row, self.col), s.body)
        foot = pygame.Rect(self.rect.x + unit, self.rect.bottom - unit // 2 - prompts.bar_height(s.small),
                           self.rect.w - unit * 2, prompts.bar_height(s.small))
        prompts.hint_bar(screen, device, [(i, words.text(k)) for i, k in HINTS], foot, s.small, theme.MUTED)
