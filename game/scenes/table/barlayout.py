"""Where the decision bar's buttons stand (bar.py): on as many rows as they need under the headline, the ending
ones at the right end, the words drawn smaller at a large UI scale until every choice shows, else a few rows at a
time that scroll; the strip of hints at its foot, whose words shrink before the hints that always show would be
left out; and the marks in a button's corner that the layout makes room for.
"""
from __future__ import annotations

import pygame

import engine

from ... import gestures, theme, words
from ...theme import Scale
from ...ui import prompts
from ...ui.widgets import Button, Form
from .section import Section

CAP = 0.45                  # the bar's height at most, as a share of the map's: the map stays in sight
SHARE = 0.25                # the bar's height, as a share of the window's, above which its words draw smaller
HEAD_LINES = 3              # the headline's lines at most
# The hints at the bar's foot, the most needed first: how to choose and to step, the menu, the log and every
# action (ALWAYS of them: the palette's key is told nowhere else) show in every language and at every UI scale;
# the others as the strip's width allows.
HINTS = (("select", "hint.choose"), ("step", "hint.step"), ("menu", "hint.menu"), ("log", "hint.log"),
         ("palette", "hint.actions"), ("help", "hint.rules"), ("zoom", "hint.zoom"), ("pan", "hint.pan"))
ALWAYS = 5

Row = list[Button]


class BarLayout(Section):
    """The bar's geometry; the bar (DecisionBar) says its headline and what makes a choice final."""
    form: Form
    buttons: list[Button]                   # the form's widgets, as buttons
    actions: list[engine.Action | None]     # each button's action; None: the undo button
    rect: pygame.Rect
    head_area: pygame.Rect                  # where the headline stands, above the buttons
    body: list[Row]                         # the rows of choices
    window: range                           # the rows of the body shown: all, unless they scroll
    top: int                                # the first row shown when they scroll
    arrows: dict[int, pygame.Rect]          # while they scroll: -1 up, 1 down
    sizes: Scale                            # the bar's sizes: the UI scale's, or smaller (layout)
    device: tuple[str, str]                 # the device (and pad) the layout was made for

    @property
    def shown(self) -> bool:
        return bool(self.table.legal)

    def headline(self) -> str:
        """What the decision is about (the bar's words)."""
        raise NotImplementedError

    def final_hint(self, action: engine.Action) -> str | None:
        """What makes a button's decision final, said in the headline while it is pointed at (the bar's words)."""
        raise NotImplementedError

    def layout(self) -> None:
        """The buttons on as many rows as they need, the ending ones at the right end of the last row, under the
        headline; a label wider than the bar wraps, so does the headline. At a large UI scale the bar draws its
        words smaller, down to UI scale 1's, where its headline or its choices would not all show within CAP of
        the map, or the bar would take more than SHARE of the window (`Scale.fitting`: the map keeps most of its
        height at a large UI scale). When the choices need more even then, they show a few rows at a time above a
        row of the ending ones, and scroll (the wheel, the arrows in the bar's corner, the keys' focus); a button
        scrolled out of sight has no size, so no click reaches it. A bar grown taller has the map keep a party's
        hexes above it."""
        inp = self.table.app.input
        before = self.rect.h
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
        self.head_area = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, round(head) if self.shown else 0)
        if self.window != range(len(self.body)):
            side = round(unit * 1.2)
            for step, x in ((-1, self.rect.right - side * 2 - unit // 2), (1, self.rect.right - side - unit // 4)):
                self.arrows[step] = pygame.Rect(x, self.rect.y + unit // 5, side, side)
        if self.rect.h > before:
            self.table.map.show_lit_hexes()

    def fits(self, sizes: Scale) -> bool:
        """Whether the headline and every choice show at these sizes, with no scrolling, within SHARE of the
        window."""
        self.sizes = sizes
        area = self.table.map_area()
        unit = sizes.unit
        left, right = area.x + unit * 2, area.right - unit * 2
        choices, enders = self.sized(right - left)
        if len(self.headlines(area.w - unit * 3)) > HEAD_LINES:
            return False
        rows = self.rows(choices, enders, left, right, unit // 2)
        tall = self.head_height(area.w - unit * 3) + self.strip() + self.height(rows)
        if tall + unit // 2 > sizes.height * SHARE:                  # with the foot under the bar
            return False
        return len(rows) == 1 or tall <= area.h * CAP

    def strip(self) -> int:
        """The height of the hints' strip at the bar's foot."""
        return prompts.bar_height(self.hint_sizes().small) + self.sizes.unit // 4

    def hint_room(self) -> tuple[pygame.Rect, Scale]:
        """Where the hints' strip stands in the bar, and the sizes its words are drawn at."""
        sizes = self.hint_sizes()
        unit = sizes.unit                   # margins at the hints' size: a large bar's would crowd them out
        return pygame.Rect(self.rect.x + unit, self.rect.bottom - self.strip(), self.rect.w - unit * 2,
                           prompts.bar_height(sizes.small)), sizes

    def hint_sizes(self) -> Scale:
        """The sizes of the hints' words: the bar's, or smaller (down to UI scale 1's) where the hints that always
        show, each glyph with its words, would not fit the strip's width in one row (at UI scale 2 in French, the
        menu's and the log's were left out; at UI scale 1, every action's). On whichever device: the bar keeps its
        height, and its buttons their places, as the player picks up the mouse to click one."""
        room = self.table.map_area().w - self.sizes.unit * 2          # the bar's width (hint_room's margins)
        always = [(intent, words.text(key)) for intent, key in HINTS[:ALWAYS]]
        return self.sizes.fitting(lambda sizes: prompts.widest(always, sizes.small) <= room - sizes.unit * 2)

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
