"""Host a game online (issue 39): 2, 3 or 4 seats, the host's own first, each other one a friend who joins by an
invite code or a bot of a level; the advanced rules A1-A7 as the new game's page offers them. Hosted (on a thread:
the page says it connects), the game is kept in online.yaml at once, and the page shows the codes to share, one
per friend's seat and the spectators' code, large, each with Copy (to the clipboard, where the system has one),
then Play, which opens the host's seat. The same codes page opens from My online games for a game the player
hosts."""
from __future__ import annotations

from functools import partial

import pygame

from engine.ai import LEVELS

from .. import flow, theme, words
from ..app import App, scene
from ..input import Intent
from ..match import HUMAN
from ..online import lobby
from ..theme import Scale
from ..ui.backdrop import MenuPage, sheet
from ..ui.options import option_rows
from ..ui.widgets import Button, Choice, Form, Toggle, Widget

KINDS = (HUMAN, *LEVELS)
HINTS = (("cursor", "hint.change"), ("select", "hint.choose"), ("back", "hint.back"), ("help", "hint.rules"))
CODES_HINTS = (("cursor", "hint.move"), ("select", "hint.choose"), ("back", "hint.back"))


@scene("online_host")
class HostScene(MenuPage):
    def __init__(self, app: App, url: str, store: lobby.Store, hosted: lobby.OnlineGame | None = None):
        super().__init__(app)
        self.url, self.store = url, store
        self.hosted = hosted                        # the game once hosted: its codes are shown
        self.players = 2
        self.seats = [HUMAN, HUMAN, "normal", "normal"]   # the first the host's; a friend in the second
        self.options: dict[str, bool | int] = {}
        self.rules_of: dict[int, str] = {}          # a row's rule, for help, by the row's id
        self.call: lobby.Call[lobby.Hosted] | None = None
        self.status = ""                            # connecting, copied
        self.opening: int | None = None             # the frame Play was chosen on: the table opens after it
        self.copies: list[tuple[str, str, Button]] = []     # each code shown: whose, the code, its Copy
        self.code_rows: list[pygame.Rect] = []      # where each code is shown
        self.lines: tuple[str, ...] = ()            # what to do with the codes, as wrapped
        self.status_at = (0, 0)
        self.form = Form()
        self.build()

    def build(self) -> None:
        """The form of the page's state: the seats and rules, or the codes of the game hosted."""
        focus = self.form.focus
        if self.hosted is None:
            self.form = Form(self.choosing())
            self.form.focus = min(focus, len(self.form.widgets) - 1)
        else:
            self.copies = [(seat, code, Button(words.text("online.copy"), partial(self.copy, code)))
                           for seat, code in self.hosted.invites.items()]
            if self.hosted.watch:
                self.copies.append(("", self.hosted.watch, Button(words.text("online.copy"),
                                                                  partial(self.copy, self.hosted.watch))))
            self.form = Form([*(copy for _, _, copy in self.copies), Button(words.text("menu.back"), self.back),
                              Button(words.text("online.play"), self.play, primary=True)])
            self.form.focus = len(self.form.widgets) - 1
        self.layout()

    def choosing(self) -> list[Widget]:
        """The players, the seats (the first the host's), the advanced rules, Back and Host."""
        hints = {k: words.text("online.kind.hint.human" if k == HUMAN else "online.kind.hint.bot") for k in KINDS}
        kinds = [(k, words.text("online.kind.friend") if k == HUMAN else words.text(f"seat.{k}")) for k in KINDS]
        widgets: list[Widget] = [
            Choice(words.text("setup.players"), [(n, str(n)) for n in (2, 3, 4)], self.players - 2, self.set_players),
            Choice(seat_label(0), [(HUMAN, words.text("online.kind.you"))], 0, None,
                   {HUMAN: words.text("online.kind.hint.you")})]
        widgets.extend(Choice(seat_label(i), kinds, KINDS.index(self.seats[i]), partial(self.seats.__setitem__, i),
                              hints) for i in range(1, self.players))
        rows = option_rows(self.app.rules, self.options, self.players)
        widgets.extend(widget for widget, _ in rows)
        widgets += [Button(words.text("menu.back"), self.back), Button(words.text("online.host.go"), self.host,
                                                                          primary=True)]
        self.rules_of = {id(widgets[0]): "S2", **{id(w): "S4" for w in widgets[1:1 + self.players]},
                         **{id(widget): rule for widget, rule in rows}}
        return widgets

    def set_players(self, n: int) -> None:
        self.players = n
        self.build()

    # --- what the page does --------------------------------------------------------------------------------

    def host(self) -> None:
        """Ask the server for the game, on a thread; the page waits, saying so."""
        if self.call is not None:
            return
        seats, options = self.seats[:self.players], dict(self.options)
        self.status = words.text("online.connecting", address=self.url)
        self.call = lobby.Call(partial(lobby.host, self.url, seats, options), self.made, self.failed)

    def made(self, answer: lobby.Hosted) -> None:
        """The game is the host's: kept in online.yaml before anything else, then its codes shown."""
        self.status = ""
        self.hosted = self.store.add(lobby.OnlineGame(self.url, answer["game"], answer["seat"], answer["token"],
                                                      dict(answer["invites"]), answer["watch"]))
        self.store.server = self.url
        try:
            self.store.save()
        except OSError as exc:
            self.app.push(self.app.make("message", words.text("online.error.title"),
                                        words.text("online.error.write", why=exc.strerror or type(exc).__name__)))
        self.build()

    def failed(self, error: lobby.LobbyError) -> None:
        self.status = ""
        self.app.push(self.app.make("message", words.text("online.error.title"), str(error)))

    def copy(self, code: str) -> None:
        """The code to the system's clipboard (pygame.scrap); where there is none, the page says to write it."""
        try:
            pygame.scrap.put_text(code)
            self.status = words.text("online.copied", code=code)
        except (pygame.error, AttributeError):
            self.status = words.text("online.copy.failed")

    def play(self) -> None:
        assert self.hosted is not None
        self.status = words.text("online.connecting", address=self.hosted.server)
        self.opening = self.app.frames                  # opened on the next frame, this one saying so

    # --- time and input ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.opening is not None and self.app.frames > self.opening and self.hosted is not None:
            self.opening, self.status = None, ""
            flow.open_remote(self.app, self.hosted.server, token=self.hosted.token)
        if self.call is not None and self.call.poll():
            self.call = None
        for widget in self.form.widgets[-2:]:
            widget.enabled = self.call is None

    def back(self) -> None:
        """Back, unless the game is being made: its token and codes would be lost with the page."""
        if self.call is None:
            super().back()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "help" and self.hosted is None:       # the rule of the line with the focus
            flow.open_help(self.app, self.rules_of.get(id(self.form.focused)))
            return
        super().handle(intent)

    # --- layout and drawing --------------------------------------------------------------------------------

    def arrange(self, scale: Scale) -> bool:
        return self.arrange_codes(scale) if self.hosted is not None else self.arrange_choices(scale)

    def arrange_choices(self, scale: Scale) -> bool:
        """The players and seats at the left of the sheet, the rules at its right, Back and Host at its foot;
        False where the columns would not fit the window or a widget's words its width."""
        w, h = self.app.screen.get_size()
        unit = scale.unit
        paper = sheet((w, h), scale)
        col_w = min(round((paper.w - unit * 2) / 2), unit * 36)
        left_x, right_x = w // 2 - col_w - unit // 2, w // 2 + unit // 2
        row_h = round(unit * 2.2)
        n_left = 1 + self.players
        bottom = paper.y
        for x, column, gap in ((left_x, self.form.widgets[:n_left], unit // 2),
                               (right_x, self.form.widgets[n_left:-2], unit // 3)):
            y = paper.y + unit
            for widget in column:
                tall = 1.45 if isinstance(widget, Choice) and widget.hints else 1.35 if isinstance(widget, Toggle) \
                    else 1.0
                widget.rect = pygame.Rect(x, y, col_w, round(row_h * tall))
                y += widget.rect.h + gap
            bottom = max(bottom, y)
        back, go = self.form.widgets[-2:]
        back.rect = pygame.Rect(0, 0, unit * 9, row_h)
        go.rect = pygame.Rect(0, 0, unit * 11, row_h)
        back.rect.bottomright = (w // 2 - unit // 2, paper.bottom - unit)
        go.rect.bottomleft = (w // 2 + unit // 2, paper.bottom - unit)
        self.status_at = (left_x, round(back.rect.y - unit * 0.2 - theme.font(scale.small).get_linesize()))
        return bottom <= self.status_at[1] and all(wd.needs(scale.body) <= wd.rect.w for wd in self.form.widgets)

    def arrange_codes(self, scale: Scale) -> bool:
        """A line saying what to do with the codes, then a row per code (whose, the code large, Copy), Back and
        Play under them, on a sheet as wide as the rows need."""
        w, h = self.app.screen.get_size()
        unit = scale.unit
        paper = sheet((w, h), scale)
        width = min(paper.w - unit * 2, unit * 44)
        x = w // 2 - width // 2
        row_h = round(unit * 3.6)
        self.lines = theme.wrap(words.text("online.codes.hint" if self.hosted and self.hosted.invites
                                           else "online.codes.none"), scale.body, width)
        y = paper.y + unit + len(self.lines) * theme.font(scale.body).get_linesize() + unit * 0.6
        copy_w = round(max((c.needs(scale.body) for _, _, c in self.copies), default=0) + unit * 2)
        self.code_rows = []
        for _, _, copy in self.copies:
            row = pygame.Rect(x, round(y), width, row_h)
            self.code_rows.append(row)
            copy.rect = pygame.Rect(0, 0, copy_w, round(unit * 2.2))
            copy.rect.midright = (row.right - unit * 0.6, row.centery)
            y += row_h + unit * 0.5
        self.status_at = (x, round(y))
        back, play = self.form.widgets[-2:]
        back.rect = pygame.Rect(0, 0, unit * 9, round(unit * 2.2))
        play.rect = pygame.Rect(0, 0, unit * 11, round(unit * 2.2))
        back.rect.bottomright = (w // 2 - unit // 2, paper.bottom - unit)
        play.rect.bottomleft = (w // 2 + unit // 2, paper.bottom - unit)
        widest = max((self.code_width(seat, code, scale) + copy_w for seat, code, _ in self.copies), default=0)
        return y + theme.font(scale.small).get_linesize() <= back.rect.y and widest <= width and \
            all(wd.needs(scale.body) <= wd.rect.w for wd in self.form.widgets)

    def code_width(self, seat: str, code: str, scale: Scale) -> float:
        """How wide a code's row must be for its words and its code at their sizes."""
        whose = theme.font(scale.body, "semibold").size(self.whose(seat))[0]
        return scale.unit * 3 + whose + theme.font(code_size(scale), "bold").size(code)[0]

    @staticmethod
    def whose(seat: str) -> str:
        return words.text("online.codes.seat", seat=seat) if seat else words.text("online.codes.watch")

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.sizes
        heading = "online.host.title" if self.hosted is None else "online.codes.title"
        self.page(screen, words.text(heading), scale)
        theme.panel(screen, sheet(screen.get_size(), scale), alpha=250)
        if self.hosted is not None:
            self.draw_codes(screen, scale)
        self.form.draw(screen, scale.body)
        if self.status:
            screen.blit(theme.text(self.status, scale.small, theme.INK), self.status_at)
        self.foot(screen, HINTS if self.hosted is None else CODES_HINTS, scale)

    def draw_codes(self, screen: pygame.Surface, scale: Scale) -> None:
        """What to do with the codes, then each code's row: the tribe's marker and whose seat it is (or that it
        is the spectators'), the code large in the middle."""
        unit = scale.unit
        first = self.code_rows[0] if self.code_rows else None
        x = first.x if first else screen.get_width() // 2 - unit * 22
        y = sheet(screen.get_size(), scale).y + unit
        for line in self.lines:
            screen.blit(theme.text(line, scale.body, theme.INK), (x, y))
            y += theme.font(scale.body).get_linesize()
        for (seat, code, copy), row in zip(self.copies, self.code_rows, strict=True):
            theme.panel(screen, row, fill=(255, 250, 238), alpha=255)
            left = row.x + unit * 0.8
            if seat in theme.TRIBES:
                theme.draw_tribe(screen, seat, (left + unit * 0.5, row.centery), unit * 0.55)
                left += unit * 1.5
            whose = theme.text(self.whose(seat), scale.body, theme.INK, "semibold")
            screen.blit(whose, whose.get_rect(midleft=(left, row.centery)))
            said = theme.text(code, code_size(scale), theme.ACCENT, "bold")
            middle = (left + whose.get_width() + copy.rect.x) / 2
            screen.blit(said, said.get_rect(center=(round(middle), row.centery)))


def seat_label(i: int) -> str:
    return words.text("online.seat", n=i + 1)


def code_size(scale: Scale) -> int:
    """A code's text size: large enough to read aloud across a room."""
    return round(scale.heading * 1.25)
