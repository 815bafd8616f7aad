"""The decision bar across the bottom of the map: what the decision is about (its headline) and a button for
each choice that has no place on the map (gestures.Plan.buttons, and the direction of the turn order once its
first player is picked). Undo, while the player's own decisions can be taken back (X42), comes first; choices
flow from the left edge; what ends the step or the decision
(`gestures.ENDING`) stays at the right end, so that a second click in the same place never lands on a choice
that moved under the pointer. A strip of hints at its foot says, in the glyphs of the device used last, how to
choose, step, open the actions, the log, the menu and the rules.
"""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

import engine

from ... import gestures, help, theme, words
from ...input import Intent
from ...render import hud
from ...theme import Scale
from ...ui import prompts
from ...ui.backdrop import draw_hints
from ...ui.widgets import Button, Form, frame
from .section import Section

# The bar's buttons drawn as the main choice: what ends the step, and the winning claim.
PRIMARY = frozenset({"end", "done", "pass", "return", "roll", "accept", "fight", "claim"})
CAP = 0.45                  # the bar's height at most, as a share of the map's: the map stays in sight
HEAD_LINES = 3              # the headline's lines at most
HINTS = (("select", "hint.choose"), ("step", "hint.step"), ("palette", "hint.actions"), ("menu", "hint.menu"),
         ("log", "hint.log"), ("help", "hint.rules"), ("zoom", "hint.zoom"), ("pan", "hint.pan"))

Row = list[Button]


class DecisionBar(Section):
    def __init__(self, table: Any):
        super().__init__(table)
        self.form = Form()
        self.buttons: list[Button] = []                     # the form's widgets, as buttons
        self.actions: list[engine.Action | None] = []     # each button's action; None: the undo button
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.body: list[Row] = []                           # the rows of choices
        self.window = range(0)                              # the rows of the body shown: all, unless they scroll
        self.top = 0                                        # the first row shown when they scroll
        self.arrows: dict[int, pygame.Rect] = {}            # while they scroll: -1 up, 1 down
        self.sizes: Scale = table.app.scale                 # the bar's sizes: the UI scale's, or smaller (layout)
        self.device = ("", "")                              # the device (and pad) the layout was made for

    @property
    def shown(self) -> bool:
        return bool(self.table.legal)

    def rebuild(self) -> None:
        """The buttons of the decision now (after a new decision, or the turn order's first player picked)."""
        table = self.table
        actions = list(table.plan.buttons)
        if table.plan.order and table.first is not None:
            actions = table.plan.order[table.first] + actions
        buttons = [Button(words.action_text(a, self.rules, table.shown), partial(table.choose, a),
                          primary=a.verb in PRIMARY) for a in actions]
        self.actions = list(actions)
        if table.match.undoable():                   # X42: first, where it never moves
            buttons.insert(0, Button(words.text("ui.undo"), table.undo))
            self.actions.insert(0, None)
        self.buttons, self.form, self.top = buttons, Form(buttons), 0
        self.layout()

    def handle(self, intent: Intent) -> bool:
        """A click on a button or on an arrow of the bar; the wheel over the bar scrolls its choices."""
        if intent.kind == "zoom":
            self.scroll(-1 if intent.f > 1 else 1)
            return True
        if intent.kind != "select":
            return False
        self.table.focus.clear()
        step = next((s for s, rect in self.arrows.items() if rect.collidepoint(intent.x, intent.y)), 0)
        if step:
            self.scroll(step)
            return True
        return self.form.handle(intent)

    # --- where the buttons stand -------------------------------------------------------------------------------

    def layout(self) -> None:
        """The buttons on as many rows as they need, the ending ones at the right end of the last row, under the
        headline; a label wider than the bar wraps, so does the headline. At a large UI scale the bar draws its
        words smaller, down to UI scale 1's, where its headline or its choices would not all show within CAP of
        the map (`Scale.fitting`). When the choices need more even then, they show a few rows at a time above a
        row of the ending ones, and scroll (the wheel, the arrows in the bar's corner, the keys' focus); a button
        scrolled out of sight has no size, so no click reaches it."""
        inp = self.table.app.input
        self.device = (inp.device, inp.family)
        self.sizes = self.table.app.scale.fitting(self.fits)
        area = self.table.map_area()
        unit = self.sizes.unit
        left, right, gap = area.x + unit * 2, area.right - unit * 2, unit // 2
        choices, enders = self.sized(right - left)
        foot, cap, strip = unit // 2, area.h * CAP, self.strip()
        head = self.head_height(area.w - unit * 3)
        rows = self.rows(choices, enders, left, right, gap)
        self.body, self.window, self.arrows = rows, range(len(rows)), {}
        top = area.bottom - foot - strip - self.height(rows) - head
        if len(rows) > 1 and head + strip + self.height(rows) > cap:     # as tall as the cap while they scroll
            head = self.head_height(area.w - unit * 3 - self.corner())
            self.body = [row for row in self.rows(choices, [], left, right, gap) if row]
            rows = self.scrolled(cap - head - strip - (self.height([enders]) if enders else 0))
            top = area.bottom - foot - cap
            self.place(rows, [], top + head, left, right)
            rows += [enders]
            self.place([enders], enders, area.bottom - foot - strip - self.height([enders]), left, right)
        else:
            self.place(rows, enders, top + head, left, right)
        placed = {id(b) for row in rows for b in row}
        for button in self.buttons:
            if id(button) not in placed:
                button.rect = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(area.x + unit, round(top), area.w - unit * 2,
                                round(area.bottom - foot - top)) if self.shown else pygame.Rect(0, 0, 0, 0)
        if self.window != range(len(self.body)):
            side = round(unit * 1.2)
            for step, x in ((-1, self.rect.right - side * 2 - unit // 2), (1, self.rect.right - side - unit // 4)):
                self.arrows[step] = pygame.Rect(x, self.rect.y + unit // 5, side, side)

    def fits(self, sizes: Scale) -> bool:
        """Whether the headline and every choice show at these sizes, with no scrolling."""
        self.sizes = sizes
        area = self.table.map_area()
        unit = sizes.unit
        left, right = area.x + unit * 2, area.right - unit * 2
        choices, enders = self.sized(right - left)
        if len(self.headlines(area.w - unit * 3)) > HEAD_LINES:
            return False
        rows = self.rows(choices, enders, left, right, unit // 2)
        return len(rows) == 1 or self.head_height(area.w - unit * 3) + self.strip() + self.height(rows) <= area.h * CAP

    def strip(self) -> int:
        """The height of the hints' strip at the bar's foot."""
        return prompts.bar_height(self.sizes.small) + self.sizes.unit // 4

    def sized(self, room: float) -> tuple[Row, Row]:
        """Every button sized to its label (at most `room` wide); the choices, then the enders."""
        for button, action in zip(self.buttons, self.actions, strict=True):
            self.size(button, action, room)
        enders = [b for b, a in zip(self.buttons, self.actions, strict=True)
                  if a is not None and a.verb in gestures.ENDING]
        return [b for b in self.buttons if b not in enders], enders

    def headlines(self, room: float) -> tuple[str, ...]:
        """The most lines that the headline takes, wrapped to `room`: the decision's, or what makes the decision
        of a button final (said while it is pointed at)."""
        size = self.sizes.small
        said = [self.headline(), *filter(None, (self.final_hint(a) for a in self.actions if a is not None))]
        return max((theme.wrap(text, size, round(room), "semibold") for text in said), key=len)

    def head_lines(self, room: float) -> int:
        """How many lines the headline stands on: as many as it takes, at most HEAD_LINES."""
        return max(1, min(HEAD_LINES, len(self.headlines(room))))

    def head_height(self, room: float) -> float:
        """The height of the headline above the buttons."""
        return self.sizes.unit * 0.5 + self.head_lines(room) * theme.font(self.sizes.small, "semibold").get_linesize()

    def corner(self) -> float:
        """The room the arrows take at the headline's right, while the choices scroll: the headline stays
        centred clear of them."""
        unit = self.sizes.unit
        return 2 * (round(unit * 1.2) * 2 + unit // 2)

    def size(self, button: Button, action: engine.Action | None, room: float) -> None:
        """A button as wide as its label (and the mark in its corner), at most `room`; taller when it wraps."""
        size, unit = self.sizes.small, self.sizes.unit
        font = theme.font(size, "semibold")
        button.inset = unit * 0.9 if action is not None and self.table.final(action) in MARKS else 0.0
        width = min(font.size(button.label)[0] + unit * 1.6 + button.inset, room)
        button.rect = pygame.Rect(0, 0, width, unit * 50)           # tall at first: every line of the label counts
        count = len(button.lines(size))
        button.rect.h = max(round(unit * 2.1), round(count * font.get_linesize() + unit * 0.8))

    def height(self, rows: list[Row]) -> float:
        """How tall rows of buttons stand, with the room under each (an empty row: a button's height)."""
        unit = self.sizes.unit
        return sum(max((b.rect.h for b in row), default=round(unit * 2.1)) + unit // 3 for row in rows)

    def scrolled(self, room: float) -> list[Row]:
        """The rows of choices shown from the first one scrolled to (`top`, kept so that the last rows fill the
        room): as many as the room holds, at least one."""
        body = self.body
        last = next((k for k in range(len(body)) if self.height(body[k:]) <= room), len(body) - 1)
        self.top = max(0, min(self.top, last))
        end = self.top + 1
        while end < len(body) and self.height(body[self.top:end + 1]) <= room:
            end += 1
        self.window = range(self.top, end)
        return body[self.top:end]

    def place(self, rows: list[Row], enders: list[Button], y: float, left: float, right: float) -> None:
        """The rows' buttons put in place from height y down (each centred in its row's height), the enders at
        the right end."""
        unit = self.sizes.unit
        gap = unit // 2
        for row in rows:
            x = left
            tail = sum(b.rect.w + gap for b in row if b in enders)
            tall = self.height([row]) - unit // 3
            for button in row:
                if button in enders:
                    x = max(x, right - tail + gap)
                    tail -= button.rect.w + gap
                button.rect.topleft = (round(x), round(y + (tall - button.rect.h) / 2))
                x += button.rect.w + gap
            y += tall + unit // 3

    def scroll(self, step: int) -> None:
        """Show the next (1) or the previous (-1) row of choices, when they do not all show."""
        if self.window != range(len(self.body)):
            self.top = max(0, self.top + step)
            self.layout()

    def reveal(self, i: int) -> None:
        """Scroll the choices until button i shows (the keys' focus has reached it, or a player aims at it)."""
        row = next((k for k, r in enumerate(self.body) if self.buttons[i] in r), -1)
        for _ in range(len(self.body)):
            if row < 0 or row in self.window:
                return
            self.scroll(1 if row >= self.window.stop else -1)

    def visible(self, i: int) -> bool:
        """Whether button i shows (not scrolled out of sight)."""
        return self.buttons[i].rect.w > 0

    @staticmethod
    def rows(choices: list[Button], enders: list[Button], left: float, right: float, gap: float) -> list[Row]:
        """The choices in rows that fit between left and right; the enders close the last row (or a new one)."""
        rows: list[Row] = [[]]
        x = left
        for button in choices:
            if rows[-1] and x + button.rect.w > right:
                rows.append([])
                x = left
            rows[-1].append(button)
            x += button.rect.w + gap
        tail = sum(b.rect.w + gap for b in enders)
        if enders and rows[-1] and x + tail > right + gap:
            rows.append([])
        rows[-1] += enders
        return rows

    def headline(self) -> str:
        """What the decision is about, or how it is made when the bar has no button."""
        table = self.table
        device = table.app.input
        if table.plan.order and table.first is None:
            return words.text(prompts.variant(device, "ui.pick_first"), **prompts.names(device))
        if table.plan.by_hex and not self.form.widgets:
            return words.text(prompts.variant(device, "ui.pick_hex"), **prompts.names(device))
        return words.decision_headline(table.shown, self.rules, {a.verb for a in table.legal})

    def final_hint(self, action: engine.Action) -> str | None:
        """What makes a button's decision final (X42), said in the headline while it is pointed at."""
        final = self.table.final(action)
        if final is None:
            return None
        return words.text(f"ui.final.{final}", action=words.action_text(action, self.rules, self.table.shown))

    def draw(self, screen: pygame.Surface) -> None:
        inp = self.table.app.input
        if self.device != (inp.device, inp.family):       # the headline says how, on the device in hand
            self.layout()
        table, scale = self.table, self.sizes
        theme.panel(screen, self.rect, alpha=245)
        pointed = self.pointed()
        hint = (self.final_hint(pointed) if pointed is not None else None) or self.headline()
        room = self.rect.w - scale.unit - (self.corner() if self.arrows else 0)     # centred clear of the arrows
        most = self.head_lines(room)
        lines = list(theme.wrap(hint, scale.small, round(room), "semibold"))
        lines[most - 1:] = [theme.fit(" ".join(lines[most - 1:]), scale.small, room, "semibold")]
        line_h = theme.font(scale.small, "semibold").get_linesize()
        top = self.rect.y + scale.unit * 0.3 + (most - len(lines)) * line_h / 2      # centred in the room kept
        for i, line in enumerate(lines):
            head = theme.text(line, scale.small, theme.MUTED, "semibold")
            screen.blit(head, head.get_rect(midtop=(self.rect.centerx, round(top + i * line_h))))
        stop = table.focus.stop()
        for i, (button, action) in enumerate(zip(self.buttons, self.actions, strict=True)):
            if not self.visible(i):
                continue
            button.draw(screen, stop == ("button", i), scale.small)
            mark = MARKS.get(table.final(action) or "") if action is not None else None
            if mark is not None:
                mark(screen, button.rect, scale.unit)
        for step, rect in self.arrows.items():
            more = self.window.start > 0 if step < 0 else self.window.stop < len(self.body)
            arrow(screen, rect, step, more)
        strip = pygame.Rect(self.rect.x + scale.unit, self.rect.bottom - self.strip(), self.rect.w - scale.unit * 2,
                            prompts.bar_height(scale.small))
        draw_hints(screen, inp, HINTS, strip, scale)

    def tooltip(self, screen: pygame.Surface) -> bool:
        """The words of the decision explained (the glossary's terms in what is being decided and in the
        pointed or focused button), above the bar so that no button is covered; F1 opens the rule."""
        table = self.table
        if not self.shown:
            return False
        pointer = table.map.pointer
        over = table.map.pointing and self.rect.collidepoint(pointer)
        pointed = self.pointed()
        if not over and (table.map.pointing or pointed is None):
            return False
        said = words.decision_text(table.shown, self.rules)
        if pointed is not None:
            said += " " + words.action_text(pointed, self.rules, table.shown)
        terms = help.terms_in(said)[:3]
        if not terms:
            return False
        x = pointer[0] if table.map.pointing else self.form.widgets[self.actions.index(pointed)].rect.x
        at = (x, self.rect.top)                       # above the bar: its headline and buttons stay in sight
        lines = [words.text("ui.terms")] + [words.text("ui.term", word=t.word, text=t.text) for t in terms]
        avoid = [self.rect, *table.overlays.rects().values(), *table.map.lit_rects()]   # nor a battle or a target
        table.redraw.moved(hud.tooltip(screen, at, lines, self.scale, avoid=avoid))
        return True

    def pointed(self) -> engine.Action | None:
        """The action of the button under the pointer, or of the one the keys focus."""
        table = self.table
        stop = table.focus.stop()
        if table.map.pointing:
            i = self.form.at(*table.map.pointer)
        else:
            i = int(stop[1]) if stop is not None and stop[0] == "button" else -1
        return self.actions[i] if 0 <= i < len(self.actions) else None


def eye(screen: pygame.Surface, rect: pygame.Rect, unit: int) -> None:
    """A decision that shows the others something (X42): a small open eye in the button's corner."""
    box = pygame.Rect(0, 0, round(unit * 0.9), round(unit * 0.55))
    box.topright = (rect.right - unit // 4, rect.y + unit // 5)
    pygame.draw.ellipse(screen, theme.INK, box, max(1, unit // 10))
    pygame.draw.circle(screen, theme.INK, box.center, max(2, round(unit * 0.14)))


def die(screen: pygame.Surface, rect: pygame.Rect, unit: int) -> None:
    """A decision after which chance decides (X42): a small die in the button's corner."""
    box = pygame.Rect(0, 0, round(unit * 0.6), round(unit * 0.6))
    box.topright = (rect.right - unit // 4, rect.y + unit // 5)
    pygame.draw.rect(screen, theme.INK, box, max(1, unit // 10), border_radius=max(1, unit // 8))
    pygame.draw.circle(screen, theme.INK, box.center, max(1, round(unit * 0.08)))


MARKS = {"reveal": eye, "chance": die}


def arrow(screen: pygame.Surface, rect: pygame.Rect, step: int, enabled: bool) -> None:
    """A button that scrolls the bar's choices a row up (-1) or down (1): a small triangle, greyed at the end."""
    frame(screen, rect, False, enabled)
    w, h, (x, y) = rect.w * 0.3, rect.h * 0.2 * step, rect.center
    pygame.draw.polygon(screen, theme.INK if enabled else theme.MUTED, [(x - w, y - h), (x + w, y - h), (x, y + h)])
