"""Play online (issue 39, docs/PROTOCOL.md): the server's address (kept in the data folder's online.yaml), Host a
game (game/scenes/online_host.py), Join with an invite code, Watch with a spectator code, and My online games: the
player's games from online.yaml with whose turn it is, each resumed by selecting it; the codes of a game they host
shown again (F, the pad's X, or the button), a game forgotten (P, the pad's Y, or the button) after asking.

The server is asked on a thread (game/online/lobby.py's Call), never on the frame: the page says "Connecting…"
meanwhile and takes no second call. The list is asked again every POLL seconds while the page is on top, and on
demand (Refresh): a row's words change in place, the focus never moves. A game is opened by flow.open_remote,
which connects and shows its table (or says plainly why it cannot)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from .. import flow, theme, words
from ..app import App, scene
from ..input import PAD, TYPING, Intent
from ..online import lobby
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import MenuPage, sheet
from ..ui.keyboard import Keyboard
from ..ui.widgets import Button, Form, TextField, Widget

POLL = 5.0                      # seconds between two askings of the list while the page is on top
PUNCTUATION = ".:/-"            # what a server's address needs beyond letters and digits (the pad's keyboard)
HINTS = (("cursor", "hint.move"), ("select", "hint.choose"), ("fit", "online.codes"), ("palette", "online.forget"),
         ("back", "hint.back"))
ERROR = (170, 40, 30)           # the ink of a problem said on the page
NOTE_LINES = 2                  # the lines under a row: its seats (four, with bots' levels, take two)


class AddressKeyboard(Keyboard):
    """The on-screen keyboard with a row of the punctuation a server's address needs, over space, erase, done."""

    def __init__(self, send: Callable[[Intent], None], text: Callable[[], str], close: Callable[[], None],
                 placeholder: str = ""):
        super().__init__(send, text, close, placeholder)
        self.rows.insert(-1, [Button(char, self.typer(char)) for char in PUNCTUATION])


@scene("online")
class OnlineScene(MenuPage):
    def __init__(self, app: App):
        super().__init__(app)
        self.store = lobby.Store.load(app.settings.data_dir)
        self.server = TextField(words.text("online.server.empty"))
        self.server.value = self.store.server
        self.code = TextField(words.text("online.code.empty"))
        self.spectate = TextField(words.text("online.watch.empty"))
        for field in (self.server, self.code, self.spectate):
            field.opened = partial(self.open_keyboard, field)
        self.host_button = Button(words.text("online.host"), self.host)
        self.join_button = Button(words.text("online.join"), self.join, primary=True)
        self.watch_button = Button(words.text("online.watch"), self.watch)
        self.refresh_button = Button(words.text("online.refresh"), self.refresh)
        self.codes_button = Button(words.text("online.codes"), self.codes)
        self.forget_button = Button(words.text("online.forget"), self.forget)
        self.back_button = Button(words.text("menu.back"), self.back)
        self.rows: dict[str, Button] = {}           # a button per game, by its token, in the store's order
        self.lines: dict[str, lobby.Line] = {}      # what the server said of each game, by token
        self.unreached: dict[str, str] = {}         # why a server was not reached, by its address
        self.call: lobby.Call[lobby.Joined] | None = None       # the call the player made, under way
        self.listing: lobby.Call[lobby.Listing] | None = None   # the list being asked for
        self.since = 0.0                            # seconds since the list was asked for
        self.status = ""                            # what the page says under the fields (connecting, a problem)
        self.opening: tuple[int, Callable[[], None]] | None = None      # a table to open, from the frame after
        self.keyboard: Keyboard | None = None
        self.current = 0                            # the row Codes and Forget are about
        self.top = 0                                # the first row shown
        self.shown = 0                              # how many rows fit
        self.captions: list[tuple[str, tuple[int, int]]] = []
        self.list_box = pygame.Rect(0, 0, 0, 0)
        self.status_y = 0.0                         # where the status is said, under the fields
        self.step = 0.0                             # from a row's top to the next one's
        self.form = Form()
        self.build()

    # --- the form ------------------------------------------------------------------------------------------

    def build(self) -> None:
        """The widgets in focus order: the address, Host, the invite code and Join, the spectator code and Watch,
        a row per game, Refresh, Codes, Forget, Back; the focus stays on the widget it was on."""
        focused = self.form.focused
        self.rows = {g.token: self.rows.get(g.token) or Button(g.seat, partial(self.resume, g.token))
                     for g in self.store.games}
        self.words_of_rows()
        widgets: list[Widget] = [self.server, self.host_button, self.code, self.join_button, self.spectate,
                                 self.watch_button, *self.rows.values(), self.refresh_button, self.codes_button,
                                 self.forget_button, self.back_button]
        self.form = Form(widgets)
        if focused in widgets:
            self.form.focus = widgets.index(focused)
        elif self.rows:                         # the first row at first (a game to resume), or after the one gone
            self.form.focus = 6 + min(self.current, len(self.rows) - 1)
        else:
            self.form.focus = widgets.index(self.host_button)
        self.current = min(self.current, max(0, len(self.rows) - 1))
        self.layout()
        self.follow()

    def words_of_rows(self) -> None:
        """Each row's label from what its server said last: its seat, turn and step, or the game's end."""
        for g in self.store.games:
            line = self.lines.get(g.token)
            button = self.rows[g.token]
            if line is None:
                button.label = words.text("online.row.unknown", seat=g.seat, game=g.game)
            elif line["over"]:
                button.label = words.text("online.row.over", seat=g.seat)
            else:
                button.label = words.text("online.row", seat=g.seat, turn=line["turn"], step=step(line["step"]))
            button.inset = badge_width(self.sizes) + self.sizes.unit if self.yours(g.token) else 0.0

    def yours(self, token: str) -> bool:
        line = self.lines.get(token)
        return bool(line and line["yours"] and not line["over"])

    def note(self, g: lobby.OnlineGame) -> str:
        """The line under a row: each seat (a person or a bot's level) and who the game waits for; or why its
        server was not reached."""
        line = self.lines.get(g.token)
        if line is None:
            key = "online.row.unreached" if g.server in self.unreached else \
                "online.row.asking" if self.listing else "online.row.unlisted"
            return words.text(key, address=g.server)
        seats = words.join([words.text("online.seat.you", seat=s) if s == g.seat else
                            words.text("online.seat.kind", seat=s, kind=kind_name(k))
                            for s, k in line["seats"].items()])
        if line["over"] or line["yours"] or not line["to_act"]:
            return seats
        return words.text("online.row.waiting", seats=seats, seat=line["to_act"])

    @property
    def chosen(self) -> lobby.OnlineGame | None:
        """The game the row with the focus (or the one focused last) stands for."""
        return self.store.games[self.current] if self.store.games else None

    # --- what the page does --------------------------------------------------------------------------------

    def address(self) -> str | None:
        """The server's address typed, or None with a message saying what is wrong with it."""
        try:
            return lobby.server_address(self.server.value)
        except lobby.LobbyError as exc:
            self.say(words.text("online.error.title"), str(exc))
            return None

    def remember(self, url: str) -> None:
        """Keep the address used (and any game added) in online.yaml; a folder that cannot be written is said."""
        self.store.server = url
        try:
            self.store.save()
        except OSError as exc:
            self.say(words.text("online.error.title"),
                     words.text("online.error.write", why=exc.strerror or type(exc).__name__))

    def failed(self, error: lobby.LobbyError) -> None:
        self.status = ""
        self.say(words.text("online.error.title"), str(error))

    def say(self, title: str, message: str) -> None:
        self.app.push(self.app.make("message", title, message))

    def host(self) -> None:
        url = self.address()
        if url is not None:
            self.app.push(self.app.make("online_host", url, self.store))

    def join(self) -> None:
        url, code = self.address(), self.code.value.strip()
        if url is None or self.call is not None:
            return
        if not code:
            self.say(words.text("online.join"), words.text("online.code.missing"))
            return
        self.status = words.text("online.connecting", address=url)
        self.call = lobby.Call(partial(lobby.join, url, code), partial(self.joined, url), self.failed)

    def joined(self, url: str, answer: lobby.Joined) -> None:
        """The seat is ours: its token kept first, then its table opened."""
        seat = lobby.OnlineGame(url, answer["game"], answer["seat"], answer["token"])
        self.status = ""
        self.code.set("")
        self.store.add(seat)
        self.remember(url)
        self.build()
        self.open(url, token=seat.token)

    def watch(self) -> None:
        url, code = self.address(), self.spectate.value.strip()
        if url is None:
            return
        if not code:
            self.say(words.text("online.watch"), words.text("online.code.missing"))
            return
        self.remember(url)
        self.open(url, watch=lobby.typed_code(code))

    def resume(self, token: str) -> None:
        g = next(g for g in self.store.games if g.token == token)
        self.open(g.server, token=g.token)

    def open(self, url: str, token: str | None = None, watch: str | None = None) -> None:
        """A game's table, opened on the next frame: this one says "Connecting…" (flow.open_remote waits for the
        server's first answer)."""
        self.status = words.text("online.connecting", address=url)
        self.opening = (self.app.frames, partial(flow.open_remote, self.app, url, token=token, watch=watch))

    def codes(self) -> None:
        """The codes of the game the page is about, when the player hosts it."""
        g = self.chosen
        if g is not None and (g.invites or g.watch):
            self.app.push(self.app.make("online_host", g.server, self.store, g))

    def forget(self) -> None:
        """Ask, then drop the game the page is about from online.yaml (the game goes on on its server)."""
        g = self.chosen
        if g is None:
            return

        def drop() -> None:
            self.app.pop()
            self.store.forget(g.token)
            self.remember(self.store.server)
            self.form = Form()                  # the focus to the next row (or Host), not to Forget left disabled
            self.build()
        self.app.push(self.app.make("message", words.text("online.forget.title"),
                                    words.text("online.forget.ask", seat=g.seat, game=g.game), [
                                        Button(words.text("confirm.cancel"), self.app.pop),
                                        Button(words.text("online.forget"), drop, primary=True)]))

    def refresh(self) -> None:
        """Ask each server of the list for its games (one call on a thread for all), unless asking already."""
        if self.listing is not None or not self.store.games:
            return
        self.since = 0.0
        self.listing = lobby.Call(partial(lobby.listing, list(self.store.games)), self.listed, self.failed)

    def listed(self, answer: lobby.Listing) -> None:
        self.lines, self.unreached = answer.lines, answer.unreached
        self.words_of_rows()
        self.layout()

    # --- time and input ------------------------------------------------------------------------------------

    def enter(self) -> None:
        """Back on top (from a game, the host's page): the list as online.yaml has it now, asked again."""
        self.build()
        self.since = POLL

    def leave(self) -> None:
        self.app.input.typing = False

    def back(self) -> None:
        """Back to the title, unless a seat is being joined: its token would be lost with the page."""
        if self.call is None:
            super().back()

    def update(self, dt: float) -> None:
        if self.opening is not None and self.app.frames > self.opening[0]:
            go, self.opening, self.status = self.opening[1], None, ""
            go()
        if self.call is not None and self.call.poll():
            self.call = None
            self.follow()
        if self.listing is not None and self.listing.poll():
            self.listing = None
            self.words_of_rows()
        self.since += dt
        if self.since >= POLL and self.app.top is self:
            self.refresh()

    def open_keyboard(self, field: TextField) -> None:
        """Selecting a text field with a pad opens the on-screen keyboard (with the punctuation of an address for
        the address)."""
        if self.app.input.device != PAD:
            return
        kind = AddressKeyboard if field is self.server else Keyboard
        self.keyboard = kind(field.edit, lambda: field.value, self.close_keyboard, field.label)

    def close_keyboard(self) -> None:
        self.keyboard = None

    def handle(self, intent: Intent) -> None:
        if self.keyboard is not None and self.keyboard.handle(intent):
            return
        typing = isinstance(self.form.focused, TextField)
        if intent.kind == "zoom" and intent.pointer:
            self.top = max(0, min(len(self.rows) - self.shown, self.top + (-1 if intent.f > 1 else 1)))
            self.layout()
        elif intent.kind == "palette" and not typing:
            self.forget()
        elif intent.kind == "fit" and not typing:
            self.codes()
        elif intent.kind in TYPING and not typing:
            return                                          # digits type only into a field
        else:
            super().handle(intent)
        self.follow()

    def follow(self) -> None:
        """The row with the focus is the one the page is about, scrolled into sight; letters type into a field."""
        focused = self.form.focused
        rows = list(self.rows.values())
        if isinstance(focused, Button) and focused in rows:
            self.current = rows.index(focused)
            top = min(max(self.top, self.current - self.shown + 1), self.current)
            if top != self.top:
                self.top = top
                self.layout()
        self.app.input.typing = isinstance(focused, TextField) and self.keyboard is None
        self.codes_button.enabled = bool(self.chosen and (self.chosen.invites or self.chosen.watch))
        self.forget_button.enabled = self.chosen is not None
        busy = self.call is not None
        for button in (self.host_button, self.join_button, self.watch_button, self.back_button):
            button.enabled = not busy

    # --- layout and drawing --------------------------------------------------------------------------------

    def arrange(self, s: Scale) -> bool:
        """Two columns on the sheet: the address and the three ways in at the left, Back at its foot; the games
        at the right, each row with its line under it, Refresh, Codes and Forget under them. False where a
        widget's words do not fit."""
        w, h = self.app.screen.get_size()
        unit = s.unit
        paper = sheet((w, h), s)
        col_w = min(round((paper.w - unit * 3) / 2), unit * 32)
        left, right = w // 2 - col_w - unit // 2, w // 2 + unit // 2
        bh = round(unit * 2.2)
        caption = theme.font(s.small).get_linesize()
        self.captions = []
        y = paper.y + unit * 0.8
        button_w = round(max(b.needs(s.body) for b in (self.join_button, self.watch_button)) + unit)
        for key, field, button in (("online.server", self.server, None), ("online.host.caption", None,
                                                                          self.host_button),
                                   ("online.join.caption", self.code, self.join_button),
                                   ("online.watch.caption", self.spectate, self.watch_button)):
            self.captions.append((key, (left, round(y))))
            y += caption + unit * 0.3
            if field is not None:
                field.rect = pygame.Rect(left, round(y), col_w - (button_w + unit if button else 0), bh)
            if button is not None:
                width = button_w if field is not None else col_w
                button.rect = pygame.Rect(left + col_w - width, round(y), width, bh)
            y += bh + unit * 0.9
        self.status_y = y
        bottom = paper.bottom - unit * 0.8 - bh
        self.back_button.rect = pygame.Rect(left, round(bottom), round(self.back_button.needs(s.body) + unit * 3), bh)
        self.captions.append(("online.games", (right, round(paper.y + unit * 0.8))))
        y = paper.y + unit * 0.8 + caption + unit * 0.3
        small = theme.font(s.small).get_linesize()
        step = bh + unit * 0.2 + small * NOTE_LINES + unit * 0.5
        self.step = step
        self.shown = max(1, int((bottom - unit * 0.6 - small - y) // step))
        self.top = max(0, min(self.top, len(self.rows) - self.shown))
        self.list_box = pygame.Rect(right, round(y), col_w, round(bottom - y))
        for i, button in enumerate(self.rows.values()):
            button.rect = pygame.Rect(0, 0, 0, 0)
            if self.top <= i < self.top + self.shown:
                button.rect = pygame.Rect(right, round(y + (i - self.top) * step), col_w, bh)
        tail = (self.refresh_button, self.codes_button, self.forget_button)
        third = (col_w - unit * 2) // 3
        for k, button in enumerate(tail):
            button.rect = pygame.Rect(right + k * (third + unit), round(bottom), third, bh)
        fixed = [self.host_button, self.join_button, self.watch_button, self.back_button, *tail]
        rows_fit = all(b.needs(s.body) <= col_w for b in self.rows.values())
        return rows_fit and all(b.needs(s.body) <= b.rect.w for b in fixed) and self.status_y < bottom - unit

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def draw(self, screen: pygame.Surface) -> None:
        s = self.sizes
        self.page(screen, words.text("online.title"), s)
        paper = sheet(screen.get_size(), s)
        theme.panel(screen, paper, alpha=250)
        device = self.app.input
        for key, at in self.captions:
            screen.blit(theme.text(words.text(key), s.small, theme.INK, "semibold"), at)
        for field, key in ((self.server, "online.server.empty"), (self.code, "online.code.empty"),
                           (self.spectate, "online.watch.empty")):
            field.label = words.text(prompts.variant(device, key), **prompts.names(device))
        for i, widget in enumerate(self.form.widgets):
            if widget.rect.w:                       # the rows scrolled out of sight are not drawn
                widget.draw(screen, i == self.form.focus, s.body)
        self.draw_rows(screen, s)
        y = self.status_y
        for said, colour in self.said():
            for line in theme.wrap(said, s.small, self.host_button.rect.w):
                screen.blit(theme.text(line, s.small, colour), (self.host_button.rect.x, round(y)))
                y += theme.font(s.small).get_linesize()
            y += s.unit * 0.4
        self.foot(screen, HINTS, s)
        if self.keyboard is not None:
            self.keyboard.layout(screen.get_size(), s)
            self.keyboard.draw(screen, device)

    def said(self) -> list[tuple[str, theme.Colour]]:
        """What the page says under the fields: how online games go, the call under way, why online.yaml was
        refused, why each server of the list was not reached."""
        problems = [self.store.problem, *self.unreached.values()]
        return [(words.text("online.about"), theme.MUTED), *([(self.status, theme.INK)] * bool(self.status)),
                *((p, ERROR) for p in problems if p)]

    def draw_rows(self, screen: pygame.Surface, s: Scale) -> None:
        """Under each row its note; "Your turn" in the corner of the rows whose seat decides now; the rows hidden
        below counted, or the list said to be empty."""
        unit = s.unit
        shown = 0
        for g, button in zip(self.store.games, self.rows.values(), strict=True):
            if not button.rect.w:
                continue
            shown += 1
            colour = ERROR if g.token not in self.lines and g.server in self.unreached else theme.MUTED
            y = button.rect.bottom + unit * 0.2
            for part in theme.wrap(self.note(g), s.small, button.rect.w - unit * 0.8)[:NOTE_LINES]:
                screen.blit(theme.text(part, s.small, colour), (button.rect.x + unit * 0.4, round(y)))
                y += theme.font(s.small).get_linesize()
            if self.yours(g.token):
                badge = theme.text(words.text("online.your_turn"), s.small, theme.WHITE, "bold")
                box = pygame.Rect(0, 0, round(badge_width(s)), round(badge.get_height() + unit * 0.3))
                box.midright = (button.rect.right - unit * 0.5, button.rect.centery)
                pygame.draw.rect(screen, theme.ACCENT, box, border_radius=box.h // 2)
                screen.blit(badge, badge.get_rect(center=box.center))
        hidden = len(self.rows) - self.top - shown
        if hidden > 0 or not self.rows:
            said = words.text("online.more", n=hidden) if self.rows else words.text("online.none")
            y = self.list_box.y + (shown * self.step if self.rows else unit * 0.5)
            for part in theme.wrap(said, s.small, self.list_box.w):
                screen.blit(theme.text(part, s.small, theme.MUTED), (self.list_box.x + unit * 0.4, y))
                y += theme.font(s.small).get_linesize()


def step(name: str) -> str:
    """A step's name in words (the server's own name for a step the catalog lacks)."""
    return words.text(f"step.{name}") if f"step.{name}" in words.EN else name


def kind_name(kind: str) -> str:
    """A seat's kind in words: a person, or the bot's level."""
    return words.text("online.kind.human") if kind == "human" else words.text(f"seat.{kind}")


def badge_width(s: Scale) -> float:
    """How wide "Your turn" is drawn in the corner of a row."""
    return theme.font(s.small, "bold").size(words.text("online.your_turn"))[0] + s.unit * 0.8
