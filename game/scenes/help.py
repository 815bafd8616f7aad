"""The rules reference (game/help.py) as a page over whatever opened it: the chapters and their entries on the
left, searched by typing (with a pad, on the on-screen keyboard that selecting the search field opens); the entry
on the right, its links to other rules as "(E5)" that a click follows, and its related rules as buttons the keys
and the pad reach. Back (Esc, the pad's B, a right click) clears a typed search, else closes the page at once, as
a dialog's Back does: a reader who opened many entries never presses it once per entry (issue 40). Going back to
the entry before has a key of its own, shown under the list while there is one: Backspace with the search empty
(a browser's old Back key, and the key already under the hand that types the search), the pad's X (a face button
the window uses for nothing else; the shoulders step the focus). The chapters' titles in the list are no stops:
up and down pass over them, and a click on one opens its first entry."""
from __future__ import annotations

import math
from functools import partial

import pygame

from .. import help, theme, words
from ..app import App, Scene, scene
from ..input import KEYS, LEAVING, MOUSE, PAD, TYPING, Intent
from ..render import cards, diagrams
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import backdrop
from ..ui.keyboard import Keyboard
from ..ui.widgets import Button, Form, ListView, TextField, Widget

MIN_LINES = 2          # the lines of an entry's text always shown beside its picture
GROW = 1.25            # a picture drawn at most this much larger than the page's small text (its words stay that size)
BUTTONS = 0.25         # the share of the entry's height its buttons may take before they are drawn at UI scale 1's
# Two rows under the list: one row in the list's width left Back out with a pad's wider glyphs (issue 40, 24).
HINTS = ((("cursor", "hint.move"), ("select", "hint.open")), (("step", "hint.step"), ("back", "help.close")))
EARLIER = {PAD: "fit", KEYS: "erase", MOUSE: "erase"}     # the entry before: the pad's X, else Backspace


@scene("help")
class HelpScene(Scene):
    def __init__(self, app: App, code: str | None = None):
        super().__init__(app)
        self.ref = help.reference()
        self.search = TextField("", lambda _: self.filter(), self.open_keyboard)
        self.keyboard: Keyboard | None = None      # the on-screen keyboard, while a pad types the search
        self.codes: list[str | None] = []          # each row of the list: an entry's code, None for a chapter
        self.list = ListView([], self.open_row)
        self.form = Form()
        self.code = ""
        self.history: list[str] = []
        self.links: list[tuple[pygame.Rect, str]] = []    # where the text's links were drawn
        self.pane = pygame.Rect(0, 0, 0, 0)                  # where the entry was drawn
        self.text_box = pygame.Rect(0, 0, 0, 0)              # and its text
        self.picture: pygame.Rect | None = None              # and its picture, if it has one
        self.scroll = 0
        self.filter()
        found = self.ref.find(code) if code else None
        self.show(found.code if found else self.ref.chapters[0].codes[0], remember=False)

    @property
    def query(self) -> str:
        return self.search.value

    # --- what is shown -----------------------------------------------------------------------------------------

    def filter(self) -> None:
        """The list: every chapter with its entries, or the entries that the search finds."""
        ranked = self.ref.search(self.query)
        found = set(ranked)
        rows: list[tuple[str | None, str]] = []
        for chapter in self.ref.chapters:
            mine = [c for c in chapter.codes if c in found]
            if mine:
                rows.append((None, chapter.title.upper()))
                rows += [(c, self.ref.entries[c].label) for c in mine]
        self.codes = [c for c, _ in rows]
        self.list.items = [label for _, label in rows]
        self.list.enabled_rows = [c is not None for c in self.codes]
        self.list.top = 0
        self.list.index = self.codes.index(ranked[0]) if ranked else 0     # the best match is highlighted
        self.list.move(0)

    def show(self, code: str, remember: bool = True) -> None:
        """Open an entry (followed from another: Back returns there)."""
        if remember and self.code and code != self.code:
            self.history.append(self.code)
        self.code, self.scroll = code, 0
        if code in self.codes:
            self.list.index = self.codes.index(code)
            self.list.move(0)
        entry = self.ref.entries[code]
        related = list(dict.fromkeys([*help.LINK.findall(entry.text), *entry.see]))
        widgets: list[Widget] = [self.search, self.list]
        widgets += [Button(self.ref.entries[c].label, partial(self.show, c)) for c in related if c != code]
        self.form = Form([*widgets, Button(words.text("help.close"), self.close)])
        self.form.focus = 1                         # the list: the search types without the focus

    def open_row(self, i: int) -> None:
        """Open the row's entry; a chapter's title (a click on it) opens the chapter's first entry."""
        code = next((c for c in self.codes[i:] if c is not None), None) if 0 <= i < len(self.codes) else None
        if code is not None:
            self.show(code)

    def close(self) -> None:
        self.app.pop()

    # --- input -------------------------------------------------------------------------------------------------

    def enter(self) -> None:
        self.app.input.typing = True                # letters search rather than command

    def leave(self) -> None:
        self.app.input.typing = False

    def open_keyboard(self) -> None:
        """Selecting the search field with a pad opens the on-screen keyboard (the keys type anywhere)."""
        if self.app.input.device == PAD:
            self.keyboard = Keyboard(self.search.edit, lambda: self.query, self.close_keyboard,
                                     words.text("help.search"))

    def close_keyboard(self) -> None:
        self.keyboard = None

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if self.keyboard is not None and self.keyboard.handle(intent):
            return
        if kind == "fit" or (kind == "erase" and not self.query):
            self.earlier()
        elif kind in TYPING:
            self.search.edit(intent)
        elif kind in LEAVING:
            self.back()
        elif kind == "help":
            self.close()                            # F1 / the right stick's press opened it and closes it
        elif kind == "select" and intent.pointer and self.follow(intent.x, intent.y):
            return
        elif kind == "cursor" and intent.dy and self.form.focused is self.list:
            self.step_list(int(math.copysign(1, intent.dy)), intent)
        elif kind == "zoom" and intent.pointer and intent.x > self.list.rect.right:
            self.scroll = max(0, self.scroll + (-2 if intent.f > 1 else 2))
        elif kind == "zoom" and intent.pointer:
            self.list.scroll(-2 if intent.f > 1 else 2)
        elif not self.form.handle(intent) and kind == "cursor" and intent.dy:
            self.list.move(int(intent.dy))

    def back(self) -> None:
        """Esc / B: a typed search is cleared, else the page closes."""
        if self.query:
            self.search.set("")
        else:
            self.close()

    def earlier(self) -> None:
        """Backspace (the search empty) / the pad's X: the entry opened before this one, if any."""
        if self.history:
            self.show(self.history.pop(), remember=False)

    def step_list(self, dy: int, intent: Intent) -> None:
        """Up and down in the list go from entry to entry over the chapters' titles (A on one would open nothing);
        with no entry further that way the focus leaves the list as the form moves it (up: to the search)."""
        here = self.list.index
        ahead = [i for i, code in enumerate(self.codes) if code is not None and (i - here) * dy > 0]
        if ahead:
            there = min(ahead, key=lambda i: abs(i - here))
            self.list.move(there - here)
            if self.codes[there - 1] is None:       # a chapter's first entry: its title in sight above it
                self.list.top = min(self.list.top, there - 1)
        elif dy < 0:
            self.form.focus = 0                     # the search, above the list
        else:
            self.form.handle(intent)

    def follow(self, x: float, y: float) -> bool:
        """A click on a link of the text opens its entry."""
        code = next((c for rect, c in self.links if rect.collidepoint(x, y)), None)
        if code is not None:
            self.show(code)
        return code is not None

    # --- drawing -----------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        scale = self.app.scale
        unit = scale.unit
        screen.blit(backdrop((w, h)), (0, 0))
        page = pygame.Rect(unit, unit, w - 2 * unit, h - 2 * unit)
        theme.panel(screen, page)
        left = pygame.Rect(page.x + unit, page.y + unit, min(round(unit * 20), page.w // 3), page.h - 2 * unit)
        title = theme.text(words.text("help.title"), scale.heading, theme.INK, "bold")
        screen.blit(title, left.topleft)
        search = self.search
        search.rect = pygame.Rect(left.x, left.y + title.get_height() + unit // 2, left.w, round(unit * 2))
        device = self.app.input
        search.label = words.text(prompts.variant(device, "help.search"), **prompts.names(device))
        search.draw(screen, self.form.focused is search, scale.small)
        row = prompts.bar_height(scale.small) + unit // 4
        foot = row * (len(HINTS) + 1) + unit // 4                    # the hints under the list
        self.list.rect = pygame.Rect(left.x, search.rect.bottom + unit // 2, left.w,
                                     left.bottom - search.rect.bottom - unit - foot)
        self.list.draw(screen, self.form.focused is self.list, self.list_size(scale.small, left.w))
        for n, hints in enumerate(self.hints()):
            room = pygame.Rect(left.x, left.bottom - foot + unit // 4 + n * row, left.w, row)
            prompts.hint_bar(screen, self.app.input, [(intent, words.text(key)) for intent, key in hints], room,
                             scale.small, theme.MUTED, "left")
        right = pygame.Rect(left.right + unit * 2, page.y + unit, page.right - left.right - unit * 3,
                            page.h - 2 * unit)
        self.draw_entry(screen, right)
        if self.keyboard is not None:
            self.keyboard.layout(screen.get_size(), scale)
            self.keyboard.draw(screen, self.app.input)

    def hints(self) -> tuple[tuple[tuple[str, str], ...], ...]:
        """The hints' rows, with a third for the entry before while there is one."""
        earlier = ((EARLIER.get(self.app.input.device, "erase"), "help.earlier"),)
        return (*HINTS, earlier) if self.history else HINTS

    def list_size(self, size: int, width: int) -> int:
        """The list's text size: the UI scale's, or UI scale 1's (the smallest readable) where a line would not
        fit the list (a narrow window at a large UI scale)."""
        widest = max((theme.font(size).size(item)[0] for item in self.list.items), default=0)
        return size if widest + size * 0.5 + 6 <= width else self.readable().small

    def draw_entry(self, screen: pygame.Surface, box: pygame.Rect) -> None:
        scale = self.app.scale
        unit = scale.unit
        self.pane = box
        entry = self.ref.entries[self.code]
        chapter = self.ref.chapter_of(self.code)
        crumb = theme.text(chapter.title, scale.small, theme.MUTED, "semibold")
        screen.blit(crumb, box.topleft)
        head = theme.text(theme.fit(entry.label, scale.heading, box.w, "bold"), scale.heading, theme.INK, "bold")
        screen.blit(head, (box.x, box.y + crumb.get_height()))
        buttons = self.form.widgets[2:]
        button_sizes = scale
        stack = self.place_buttons(buttons, box, scale)
        if stack > box.h * BUTTONS:
            button_sizes = self.readable()
            stack = self.place_buttons(buttons, box, button_sizes)
        top = box.y + crumb.get_height() + head.get_height() + unit // 2
        room = pygame.Rect(box.x, top, box.w, box.bottom - stack - unit - top)
        width = min(round(room.w * 0.4), round(room.h / cards.RATIO) - 2 * unit)
        if entry.card is not None and width >= unit * 4:      # a card's entry: its face beside its words
            face = cards.face(entry.card, width, self.app.rules)
            self.picture = screen.blit(face, face.get_rect(topright=(room.right, room.y)))
            room.w = max(0, self.picture.x - unit - room.x)
        sizes, self.text_box, placed = self.lay_out(entry, room)
        if entry.card is None:
            self.picture = placed[0] if placed else None
        if placed and entry.picture:
            screen.blit(diagrams.picture(entry.picture, placed[1], self.app.rules), placed[0])
        self.draw_text(screen, entry, self.text_box, sizes)
        for i, button in enumerate(buttons, start=2):
            button.draw(screen, self.form.focus == i, button_sizes.small)

    def readable(self) -> Scale:
        """UI scale 1's sizes: the smallest text readable, for what would not fit at the player's."""
        return Scale(self.app.screen.get_height())

    def place_buttons(self, buttons: list[Widget], box: pygame.Rect, sizes: Scale) -> int:
        """The related rules and Close along the bottom of the entry, in rows, at the sizes given; how tall they
        stand."""
        unit, height = sizes.unit, round(sizes.unit * 2)
        font = theme.font(sizes.small, "semibold")
        lines: list[list[Widget]] = [[]]
        x: float = box.x
        for button in buttons:
            bw = min(box.w, font.size(button.label)[0] + unit * 1.6)
            if lines[-1] and x + bw > box.right:
                lines.append([])
                x = box.x
            button.rect = pygame.Rect(0, 0, bw, height)
            lines[-1].append(button)
            x += bw + unit // 2
        y = box.bottom - len(lines) * (height + unit // 3)
        for line in lines:
            x = box.x
            for button in line:
                button.rect.topleft = (round(x), round(y))
                x += button.rect.w + unit // 2
            y += height + unit // 3
        return len(lines) * (height + unit // 3)

    def lay_out(self, entry: help.Entry, room: pygame.Rect) -> tuple[Scale, pygame.Rect,
                                                                    tuple[pygame.Rect, diagrams.Pen] | None]:
        """Where the entry's text and its picture go in `room`: the picture right under the text, or under as
        much of it as leaves the picture room (the rest scrolls); its words at the page's small size, its
        drawing as large as that or a little larger where the pane has room. The text keeps MIN_LINES lines:
        where the picture would leave fewer, both are drawn at UI scale 1's sizes, the smallest readable, and
        with no room even then the text is shown alone. The sizes of the text, its box, and the picture's box
        with the pen it is drawn with."""
        scale, least = self.app.scale, self.readable()
        alone = scale, pygame.Rect(room.x, room.y, room.w, max(0, room.h) // self.line_h(scale) * self.line_h(scale))
        if entry.picture is None:
            return *alone, None
        drawing = diagrams.DRAWERS[entry.picture]
        for sizes in (scale, least):
            line_h, gap = self.line_h(sizes), sizes.unit // 2
            unit = math.floor(min(sizes.unit * GROW, room.w / drawing.width,
                                  (room.h - MIN_LINES * line_h - gap) / drawing.height))
            if unit >= least.unit:
                break
        pen = diagrams.Pen(max(unit, least.unit), min(max(unit, least.unit), sizes.small))
        width, height = drawing.size(pen.unit)
        if width > room.w or height + gap + line_h > room.h:
            return *alone, None
        lines = self.wrapped(entry, room.w, sizes)
        while lines and not lines[-1][1]:
            lines.pop()
        prose = pygame.Rect(room.x, room.y, room.w, min(len(lines), (room.h - height - gap) // line_h) * line_h)
        picture = pygame.Rect(0, 0, width, height)
        picture.midtop = (room.centerx, prose.bottom + gap)
        return sizes, prose, (picture, pen)

    @staticmethod
    def line_h(sizes: Scale) -> int:
        return theme.font(sizes.body).get_linesize()

    def wrapped(self, entry: help.Entry, width: int, sizes: Scale) -> list[tuple[float, str]]:
        """The paragraphs and list items as lines `width` wide at the sizes' body text, each with its indent."""
        size, unit = sizes.body, sizes.unit
        lines: list[tuple[float, str]] = []
        paragraphs = entry.paragraphs()
        for k, paragraph in enumerate(paragraphs):
            item = paragraph.startswith("- ")
            text = help.LINK.sub(r"(\1)", paragraph[2:] if item else paragraph)
            indent = unit * 1.2 if item else 0
            for i, part in enumerate(theme.wrap(text, size, round(width - indent))):
                lines.append((indent, ("•  " if item and i == 0 else "") + part))
            if not (item and k + 1 < len(paragraphs) and paragraphs[k + 1].startswith("- ")):
                lines.append((0, ""))                   # a blank line between paragraphs, not list items
        return lines

    def draw_text(self, screen: pygame.Surface, entry: help.Entry, box: pygame.Rect, sizes: Scale) -> None:
        """The paragraphs and list items, wrapped, the links "(E5)" in the accent colour (and remembered where
        they were drawn, for clicks); scrolled by lines when longer than the box."""
        size = sizes.body
        line_h = theme.font(size).get_linesize()
        lines = self.wrapped(entry, box.w, sizes)
        self.scroll = min(self.scroll, max(0, len(lines) - box.h // line_h))
        clip = screen.get_clip()
        screen.set_clip(box.clip(clip))
        self.links = []
        y = box.y
        for indent, line in lines[self.scroll:]:
            if y + line_h > box.bottom:                 # whole lines only: the rest is scrolled to
                break
            x = box.x + indent - (theme.font(size).size("•  ")[0] if line.startswith("•") else 0)
            for j, part in enumerate(help.SHOWN.split(line)):          # odd parts are the codes of links
                linked = j % 2 == 1
                surface = theme.text(f"({part})" if linked else part, size, theme.ACCENT if linked else theme.INK)
                rect = surface.get_rect(topleft=(x, y))
                screen.blit(surface, rect)
                if linked:
                    pygame.draw.line(screen, theme.ACCENT, rect.bottomleft, rect.bottomright)
                    self.links.append((rect, part))
                x += rect.w
            y += line_h
        screen.set_clip(clip)
