"""The saved games, from the title and the pause menu (issue 26): the named saves, newest first, then the newest
autosave of each game (named by its players and turn, so that two games' autosaves tell apart), each a button with
its players, VP, turn and date under it, and the selected one's picture and details beside the list.

Select, then act (issue 40): a click selects a save (its details show), a double-click opens it, as Enter or the
pad's A on the focused row does; the buttons under the list act on the selected save: Open, Replay (also F or the
pad's X) watches it again from its start (game/scenes/replay.py), Delete removes it after asking. Delete has no
shortcut: Y and P are "All actions" at the table, never a way to lose a save. From the pause menu the game can be
saved under a name first. A damaged save is a row that says why, which cannot be opened but can be deleted:
reading a save never stops the scene."""
from __future__ import annotations

import io
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame

import engine

from .. import flow, replay, savefile, theme, untrusted, words
from ..app import App, scene
from ..input import MOUSE, PAD, TYPING, Intent
from ..match import Match
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import Hints, MenuPage, foot_room, sheet
from ..ui.keyboard import Keyboard
from ..ui.widgets import Button, Form, TextField, Widget

NAME_CHARS = 40                 # a save's file name at most, from the name typed
DOUBLE_CLICK = 0.5              # seconds between two clicks on a row that open it
HINTS = (("cursor", "hint.move"), ("select", "hint.open"), ("fit", "saves.replay"), ("back", "hint.back"))
MOUSE_HINTS = (("select", "saves.hint.select"), *HINTS[2:])     # a click selects; a double-click opens
NAME_HINTS = (("cursor", "hint.move"), ("select", "saves.save"), ("back", "hint.back"))   # typing: F is a letter
PAD_NAME_HINTS = (("cursor", "hint.move"), ("select", "hint.type"), ("back", "hint.back"))


@dataclass
class Row:
    """A save as listed: where it is, its label, the line under it, its picture; `damaged` says why it cannot be
    opened."""
    path: Path
    label: str
    note: str
    picture: pygame.Surface | None = None
    damaged: str = ""
    meta: savefile.Meta | None = None


def safe_name(name: str) -> str:
    """A file name from the name typed: its letters, digits, spaces and dashes, at most NAME_CHARS of them."""
    return " ".join(re.sub(r"[^\w \-]|_", "", name, flags=re.ASCII).split())[:NAME_CHARS].strip()


def listed(data_dir: Path) -> list[Row]:
    """The named saves, newest first, then the newest autosave of each game; each file read once."""
    try:
        named = [p for p in (data_dir / "saves").glob(f"*{savefile.SUFFIX}") if p.is_file()]
    except OSError:
        named = []
    rows = sorted((row(p, autosave=False) for p in named), key=lambda r: r[0], reverse=True)
    newest: dict[Path, Path] = {}
    for path in savefile.latest_autosaves(data_dir):         # newest first: the first of each game's folder
        newest.setdefault(path.parent, path)
    return [r for _, r in rows] + [row(p, autosave=True)[1] for p in newest.values()]


def row(path: Path, autosave: bool) -> tuple[float, Row]:
    """A save's row and when it was saved (the file's time where the save cannot be read)."""
    try:
        meta, png = (contents := savefile.read(path)).meta, contents.picture
    except engine.SaveError as exc:
        why = words.save_problem(exc)
        return mtime(path), Row(path, path.stem, words.text("saves.damaged", why=why), damaged=why)
    players = ", ".join(words.text("saves.player", name=p["name"], vp=p["vp"]) for p in meta.players)
    when = meta.saved or mtime(path)
    note = words.text("saves.line", players=players, turn=meta.turn,
                      date=time.strftime(words.text("saves.date"), time.localtime(when)))
    label = autosave_label(meta) if autosave else meta.name or path.stem
    return when, Row(path, label, note, picture(png), meta=meta)


def autosave_label(meta: savefile.Meta) -> str:
    """An autosave's name: its game's players and turn (or that it is finished), so that two games' autosaves
    tell apart."""
    players = ", ".join(p["name"] for p in meta.players)
    if meta.step == "over":
        return words.text("saves.autosave.over", players=players)
    return words.text("saves.autosave.game", players=players, turn=meta.turn)


def picture(png: bytes | None) -> pygame.Surface | None:
    """A save's picture of the map, or None where it has none or it is no PNG proven sane (untrusted.png_size:
    SDL_image would pick its decoder by the first bytes and decode whatever size they claim); made 32-bit where it
    decodes to fewer (a palette or grey PNG), as smoothscale takes no other."""
    if png is None:
        return None
    try:
        untrusted.png_size(png, "a save's picture")
        art = pygame.image.load(io.BytesIO(png), "picture.png")
    except (untrusted.Refused, pygame.error, ValueError):
        return None
    return art if art.get_bitsize() in (24, 32) else art.convert(32)


def mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


@scene("saves")
class SavesScene(MenuPage):
    def __init__(self, app: App, match: Match | None = None):
        super().__init__(app)
        self.match = match                          # the game being played, when opened from the pause menu
        self.name = TextField(words.text("saves.name"), opened=self.name_selected)
        self.keyboard: Keyboard | None = None       # the on-screen keyboard, while a pad types the name
        self.rows: list[Row] = []
        self.buttons: list[Button] = []             # a button per row, in the rows' order
        self.current = 0                            # the row selected: the one the buttons and details are about
        self.clicked = -math.inf                    # when the selected row was last clicked (a second click opens)
        self.top = 0                                # the first row shown
        self.shown = 0                              # how many rows fit
        self.save_button = Button(words.text("saves.save"), self.save)
        self.picture_box: pygame.Rect | None = None
        self.scaled: tuple[pygame.Surface, tuple[int, int], pygame.Surface] | None = None   # a picture, its size
        self.more_y = 0.0                           # where "n more below" (or "no saves") is said
        self.form = Form()

    def enter(self) -> None:
        self.refresh()

    def leave(self) -> None:
        self.app.input.typing = False

    def refresh(self, focus: Path | None = None) -> None:
        """Read the saves again and rebuild the page (after a save or a delete), the focus on `focus`'s row."""
        self.rows = listed(self.app.settings.data_dir)
        self.buttons = [Button(r.label, partial(self.open, r)) for r in self.rows]    # a damaged one: to delete
        head: list[Widget] = [self.name, self.save_button] if self.match else []
        tail = [Button(words.text("hint.open"), self.open_selected, enabled=bool(self.rows), primary=True),
                Button(words.text("saves.replay"), self.replay, enabled=bool(self.rows)),
                Button(words.text("saves.delete"), self.delete, enabled=bool(self.rows)),
                Button(words.text("menu.back"), self.back)]
        self.form = Form([*head, *self.buttons, *tail])
        paths = [r.path for r in self.rows]
        self.current = paths.index(focus) if focus in paths else 0
        if self.buttons and (focus is not None or self.match is None):
            self.form.focus = len(head) + self.current
        self.top = 0
        self.app.input.typing = self.form.focused is self.name      # letters type into the name, else P deletes
        self.layout()

    # --- what the page does ------------------------------------------------------------------------------------

    def open_selected(self) -> None:
        if self.rows:
            self.open(self.rows[self.current])

    def open(self, chosen: Row) -> None:
        """Open the save's game (a damaged save says why it cannot be, and one open in another window says so); the
        game being played is closed only once the other has opened."""
        if chosen.damaged:
            self.app.push(self.app.make("message", words.text("load.failed"), chosen.damaged))
            return
        settings = self.app.settings
        try:
            match = Match.load(self.app.rules, chosen.path, speed=settings.speed, max_turns=settings.max_turns,
                               autosave=flow.autosaves(settings.data_dir))
        except engine.SaveError as exc:
            self.app.push(self.app.make("message", words.text("load.failed"), words.save_problem(exc)))
            return
        flow.open_match(self.app, match, self.match)

    def replay(self) -> None:
        """Watch the save the page is about from its start (whose view is asked first); a save that does not
        replay says why. A save of the game being played is guarded by that game's seats (game/replay.py)."""
        if not self.rows:
            return
        chosen = self.rows[self.current]
        try:
            recording = replay.read(self.app.rules, chosen.path, chosen.label, self.match)
        except engine.SaveError as exc:
            why = chosen.damaged or words.save_problem(exc)
            self.app.push(self.app.make("message", words.text("load.failed"), why))
            return
        self.app.push(self.app.make("replay", recording))

    def save(self) -> None:
        """Save the game under the name typed (or "Turn N"); asks before replacing a save of the same name."""
        assert self.match is not None
        default = words.text("saves.default_name", turn=self.match.view(None)["turn"])
        name = self.name.value.strip() or default
        path = self.app.settings.data_dir / "saves" / f"{safe_name(name) or safe_name(default)}{savefile.SUFFIX}"
        if path.exists():
            self.ask(words.text("saves.replace.title"), words.text("saves.replace", name=path.stem),
                     words.text("saves.replace.go"), partial(self.write, path, name))
        else:
            self.write(path, name)

    def write(self, path: Path, name: str) -> None:
        assert self.match is not None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.match.save(path, name)
        except OSError as exc:
            self.app.push(self.app.make("message", words.text("save.failed"), exc.strerror or str(exc)))
            return
        except engine.SaveError as exc:
            self.app.push(self.app.make("message", words.text("save.failed"), words.save_problem(exc)))
            return
        self.name.set("")
        self.refresh(path)

    def delete(self) -> None:
        """Ask, then remove the save the page is about."""
        if self.rows:
            chosen = self.rows[self.current]
            self.ask(words.text("saves.delete.title"), words.text("saves.delete.ask", name=chosen.label),
                     words.text("saves.delete"), partial(self.remove, chosen.path))

    def remove(self, path: Path) -> None:
        try:
            path.unlink()
        except OSError as exc:
            self.app.push(self.app.make("message", words.text("saves.delete.failed"), exc.strerror or str(exc)))
            return
        self.refresh()

    def ask(self, title: str, question: str, go: str, do: Callable[[], None]) -> None:
        """A question with Cancel (focused first) and the button that does it."""
        def done() -> None:
            self.app.pop()
            do()
        self.app.push(self.app.make("message", title, question, [
            Button(words.text("confirm.cancel"), self.app.pop), Button(go, done, primary=True)]))

    # --- input -------------------------------------------------------------------------------------------------

    def name_selected(self) -> None:
        """Enter in the name saves the game under it, as Save does (the keys type while the name is focused);
        selecting it with a pad opens the on-screen keyboard to type the name first."""
        if self.app.input.device == PAD:
            self.keyboard = Keyboard(self.name.edit, lambda: self.name.value, self.close_keyboard,
                                     words.text("saves.name"))
        else:
            self.save()

    def close_keyboard(self) -> None:
        self.keyboard = None

    def handle(self, intent: Intent) -> None:
        if self.keyboard is not None and self.keyboard.handle(intent):
            return
        row = self.row_at(intent)
        if row >= 0:
            self.pick(row)
        elif intent.kind == "fit":
            self.replay()
        elif intent.kind == "zoom" and intent.pointer:
            self.top = max(0, min(len(self.rows) - self.shown, self.top + (-1 if intent.f > 1 else 1)))
        elif intent.kind in TYPING and self.form.focused is not self.name:
            return                                  # digits type only into the name
        else:
            before = self.form.focus
            super().handle(intent)
            if intent.kind == "point" and self.form.focused in self.buttons:
                self.form.focus = before            # pointing lifts a row; only a click selects it
        focused = self.form.focused
        if isinstance(focused, Button) and focused in self.buttons:
            self.current = self.buttons.index(focused)
            self.top = min(max(self.top, self.current - self.shown + 1), self.current)
        self.app.input.typing = focused is self.name
        self.arrange(self.sizes)

    def row_at(self, intent: Intent) -> int:
        """The row a click is on (-1 for none)."""
        if intent.kind != "select" or not intent.pointer:
            return -1
        return next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(intent.x, intent.y)), -1)

    def pick(self, i: int) -> None:
        """A click on a row selects it; a second click on it soon after (a double-click) opens it."""
        button = self.buttons[i]
        button.press()
        again = i == self.current and self.app.time - self.clicked <= DOUBLE_CLICK
        self.current, self.clicked = i, -math.inf if again else self.app.time
        self.form.focus = self.form.widgets.index(button)
        if again:
            self.open(self.rows[i])

    # --- layout and drawing ------------------------------------------------------------------------------------

    def arrange(self, s: Scale) -> bool:
        """The name and Save at the top (with a match), the rows, each with its line under it, then Open, Replay,
        Delete and Back; the selected save's picture and details beside the rows where the window has room. False
        where a line does not fit."""
        w, h = self.app.screen.get_size()
        unit = s.unit
        room = sheet((w, h), s)
        small = theme.font(s.small)
        notes = max((small.size(r.note)[0] for r in self.rows if not r.damaged), default=0)
        bh = round(unit * 2.3)
        col_w = min(max(unit * 26, notes + unit), w - unit * 4)
        pic_w = w - unit * 6 - col_w
        self.picture_box = None
        left = (w - col_w) // 2 if pic_w < unit * 10 else unit * 2
        y = room.y + unit * 0.5
        if self.match is not None:
            save_w = round(self.save_button.needs(s.body) + unit * 2)
            self.name.rect = pygame.Rect(left, round(y), col_w - save_w - unit, bh)
            self.save_button.rect = pygame.Rect(left + col_w - save_w, round(y), save_w, bh)
            y += bh + unit * 1.2
        step = bh + unit * 0.3 + small.get_height() + unit * 0.6
        bottom = foot_room((w, h), s).top - unit * 0.8 - bh           # the buttons' top
        self.shown = max(0, int((bottom - unit * 1.2 - small.get_height() - y) // step))
        self.top = max(0, min(self.top, len(self.rows) - self.shown))
        self.more_y = y + min(self.shown, len(self.rows)) * step
        if pic_w >= unit * 10:
            self.picture_box = pygame.Rect(left + col_w + unit * 2, round(y), pic_w, round(bottom + bh - y))
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, 0, 0, 0)
            if self.top <= i < self.top + self.shown:
                button.rect = pygame.Rect(left, round(y + (i - self.top) * step), col_w, bh)
        tail = self.form.widgets[-TAIL:]
        each = (col_w - unit * (TAIL - 1)) // TAIL
        for k, widget in enumerate(tail):
            widget.rect = pygame.Rect(left + k * (each + unit), round(bottom), each, bh)
        return self.shown >= min(1, len(self.rows)) and notes <= col_w and all(b.needs(s.body) <= each for b in tail)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def draw(self, screen: pygame.Surface) -> None:
        s = self.sizes
        unit = s.unit
        self.page(screen, words.text("saves.title"), s)
        shown = [b for b in self.buttons if b.rect.w]
        column = pygame.Rect(self.form.widgets[-1].rect).unionall([w.rect for w in self.form.widgets if w.rect.w])
        theme.panel(screen, column.inflate(unit * 2, unit * 1.6), fill=(10, 32, 54), edge=(10, 32, 54), alpha=150)
        device = self.app.input
        if self.match is not None:
            self.name.label = words.text(prompts.variant(device, "saves.name"), **prompts.names(device))
        if self.rows and self.buttons[self.current].rect.w:        # the selected row, lit behind its line too
            chosen = self.buttons[self.current].rect
            under = chosen.move(0, unit * 0.5 + theme.font(s.small).get_height())
            lit = chosen.inflate(unit * 0.8, unit * 0.5).union(under)
            theme.panel(screen, lit.inflate(0, unit * 0.4), fill=(255, 196, 110), edge=(255, 220, 160), alpha=110)
        for i, widget in enumerate(self.form.widgets):
            if widget.rect.w:
                widget.draw(screen, i == self.form.focus, s.body)
        for button in shown:
            r = self.rows[self.buttons.index(button)]
            said = theme.fit(r.note, s.small, button.rect.w) if r.damaged else r.note
            line = theme.text(said, s.small, (255, 190, 160) if r.damaged else (210, 222, 232))
            screen.blit(line, line.get_rect(midtop=(button.rect.centerx, button.rect.bottom + unit * 0.3)))
        hidden = len(self.rows) - self.top - len(shown)
        if hidden > 0 or not self.rows:
            said = words.text("saves.more", n=hidden) if self.rows else words.text("saves.none")
            line = theme.text(said, s.small, (210, 222, 232))
            screen.blit(line, line.get_rect(midtop=(column.centerx, round(self.more_y))))
        self.draw_details(screen)
        self.foot(screen, self.hints(), s)
        if self.keyboard is not None:
            self.keyboard.layout(screen.get_size(), s)
            self.keyboard.draw(screen, device)

    def hints(self) -> Hints:
        """The foot's hints: what select does where the focus is (in the name: save, or type on a pad)."""
        device = self.app.input.device
        if self.form.focused is self.name:
            return PAD_NAME_HINTS if device == PAD else NAME_HINTS
        return MOUSE_HINTS if device == MOUSE else HINTS

    def details(self) -> list[str]:
        """What the selected save holds, line by line: its players (who played each seat, their VP), where the
        game stands, when it was saved, its advanced rules; a damaged save's reason."""
        row = self.rows[self.current]
        meta = row.meta
        if meta is None:
            return [words.text("saves.damaged", why=row.damaged)]
        rules = self.app.rules
        lines = [words.text("saves.detail.player", name=p["name"], kind=seat_word(p["kind"]), vp=p["vp"])
                 for p in meta.players]
        step = f"step.{meta.step}" if meta.step in engine.STEP_NAMES else "step.turn_order"
        lines.append(words.text("saves.detail.turn", turn=meta.turn, step=words.text(step)))
        when = time.strftime(words.text("saves.date"), time.localtime(meta.saved or mtime(row.path)))
        lines.append(words.text("saves.detail.saved", date=when))
        chosen = [words.option_title(k, rules) + ("" if v is True else f" {v}")
                  for k, v in meta.options.items() if k in rules.options and v]
        if chosen:
            lines.append(words.text("saves.detail.options", options=", ".join(chosen)))
        return lines

    def draw_details(self, screen: pygame.Surface) -> None:
        """The selected save beside the list: its name, its details and, above what room they leave, its picture
        as large as that allows, keeping its shape."""
        box = self.picture_box
        if box is None or not self.rows or box.h <= 0:
            return
        s, row = self.sizes, self.rows[self.current]
        unit, line_h = s.unit, theme.font(s.small).get_linesize()
        lines = [part for detail in self.details() for part in theme.wrap(detail, s.small, box.w - unit * 2)]
        title = theme.fit(row.label, s.body, box.w - unit * 2, "semibold")
        tall = round(unit * 1.6 + theme.font(s.body, "semibold").get_linesize() + len(lines) * line_h)
        card = pygame.Rect(box.x, box.y if row.picture is None else box.bottom - tall, box.w, tall)
        theme.panel(screen, card, alpha=235)
        y = card.y + unit * 0.8
        heading = theme.text(title, s.body, theme.INK, "semibold")
        screen.blit(heading, (card.x + unit, y))
        y += theme.font(s.body, "semibold").get_linesize()
        for part in lines:
            screen.blit(theme.text(part, s.small, theme.INK), (card.x + unit, y))
            y += line_h
        self.draw_picture(screen, pygame.Rect(box.x, box.y, box.w, card.y - unit - box.y), row.picture)

    def draw_picture(self, screen: pygame.Surface, box: pygame.Rect, art: pygame.Surface | None) -> None:
        """A save's picture, as large as its box allows, keeping its shape."""
        if art is None or box.h <= 0:
            return
        f = min(box.w / art.get_width(), box.h / art.get_height())
        size = (max(1, round(art.get_width() * f)), max(1, round(art.get_height() * f)))
        if self.scaled is None or self.scaled[0] is not art or self.scaled[1] != size:    # scaled once, not a frame
            self.scaled = art, size, pygame.transform.smoothscale(art, size)
        screen.blit(self.scaled[2], self.scaled[2].get_rect(midbottom=box.midbottom))


TAIL = 4                                        # the buttons under the list: Open, Replay, Delete, Back
SEAT_WORDS = {"rules": "normal"}                # a seat kind as the new game's page names it (the old name)


def seat_word(kind: str) -> str:
    """Who played a seat, as the new game's page says it (a kind it does not offer, as saved)."""
    kind = SEAT_WORDS.get(kind, kind)
    return words.text(f"seat.{kind}") if kind in ("human", "easy", "normal", "hard") else kind
