"""The new-game setup: 2, 3 or 4 players, each seat human or a bot, the seed (random, shown, editable), and the
advanced rules A1-A7 each with a line saying what it does. Each seat's people is dealt by the seed (S4: "chosen by
agreement or dealt at random"), and a choice under the seat picks another among the peoples the count plays (S2;
the seat holding it takes the first's in exchange); a chosen people stays through a new seed. A change of the
player count keeps each remaining seat's people where that count plays it (S2), so the player's own seat stays
who it was, and the seats added take the homes left in the seed's order.

The page remembers the last choices (issue 40): the players, each seat's kind and chosen people (where the count
plays it), the advanced rules and the agreed target, each seat's card windows, kept in the settings (`new_game`)
as a game starts or the page is left, and offered again next time as far as the page offers them then. The seed
is new each time (a dealt people with it), and PINs are never kept."""
from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import Any

import pygame

import engine
from engine.ai import LEVELS

from .. import flow, theme, words
from .. import settings as preferences
from ..app import App, scene
from ..input import Intent
from ..match import HUMAN
from ..seats import IN_PERSON, ORDERS, SeatSettings, pin_hash
from ..theme import Scale
from ..ui.backdrop import MenuPage, foot_room, sheet
from ..ui.options import option_rows, targets
from ..ui.widgets import Button, Choice, Form, NumberField, Toggle, Widget

SETUP_SEATS = (HUMAN, *LEVELS)
HINTS = (("cursor", "hint.change"), ("select", "hint.choose"), ("back", "hint.back"), ("help", "hint.rules"))
SEAT_HINTS = HINTS[:3]                          # the pass-and-play page has no rule to open


@scene("setup")
class SetupScene(MenuPage):
    def __init__(self, app: App, players: int = 4):
        super().__init__(app)
        self.players = players
        self.seats = [HUMAN] + ["normal"] * 3
        self.seed = random.randrange(1, 1_000_000)
        self.options: dict[str, bool | int] = {}
        self.pins: dict[int, str] = {}              # seat -> PIN digits, hashed with the seat's name at the start
        self.windows: dict[int, str] = {}           # seat -> how it answers card windows (game/seats.py)
        self.chosen: dict[int, str] = {}            # seat -> the people the player chose for it (S4), not dealt
        self.form = Form()
        self.recall(app.settings.new_game)
        self.homes = seat_homes(app.rules, self.players, self.seed, self.chosen)   # each seat's people (S2, S4)
        self.build()

    def recall(self, kept: Mapping[str, Any]) -> None:
        """The choices kept last time, each as far as the page offers it now: a value it does not offer (an older
        version's, a file edited by hand) leaves that choice at its default, and one line says which."""
        wanted = kept.get("players", self.players)
        chosen_players = next((n for n in (2, 3, 4) if n == wanted and isinstance(wanted, int)), None)
        dropped = [] if chosen_players else ["players"]
        self.players = chosen_players or self.players
        dropped += recall_seats(kept.get("seats", []), self.seats)
        dropped += recall_options(self.app.rules, kept.get("options", {}), self.players, self.options)
        dropped += recall_windows(kept.get("windows", {}), self.windows)
        dropped += recall_homes(self.app.rules, kept.get("homes", {}), self.chosen)
        if dropped:
            print(f"warning: {preferences.path(self.app.settings.data_dir)}: new_game: {', '.join(dropped)} "
                  "not offered now; the defaults are used")

    def remember(self) -> None:
        """Keep the page's choices for the next new game (the seed and PINs aside; the peoples chosen, not dealt)."""
        choices = {"players": self.players, "seats": list(self.seats), "options": dict(self.options),
                   "windows": {str(seat): mode for seat, mode in self.windows.items()},
                   "homes": {str(seat): people for seat, people in self.chosen.items()}}
        self.app.settings.new_game = choices
        preferences.save(self.app.settings.data_dir, new_game=choices)

    def back(self) -> None:
        self.remember()
        self.app.pop()

    def build(self) -> None:
        focus = self.form.focus
        kinds = [(k, words.text(f"seat.{k}")) for k in SETUP_SEATS]
        hints = {k: words.text(f"seat.hint.{k}") for k in SETUP_SEATS}
        peoples = [(people, people) for people in self.app.rules.setups[self.players].homes]     # S2
        widgets: list[Widget] = [Choice(words.text("setup.players"), [(n, str(n)) for n in (2, 3, 4)],
                                        self.players - 2, self.set_players)]
        for i in range(self.players):               # each seat's kind, and its people under it
            widgets.append(Choice(seat_label(i), kinds, [k for k, _ in kinds].index(self.seats[i]),
                                  partial(self.set_seat, i), hints, wraps=True))
            widgets.append(Choice(words.text("setup.people"), peoples, [p for p, _ in peoples].index(self.homes[i]),
                                  partial(self.set_people, i), wraps=True))
        rows = option_rows(self.app.rules, self.options, self.players)
        widgets.extend(widget for widget, _ in rows)
        widgets.append(NumberField(words.text("setup.seed"), self.seed, self.set_seed))
        widgets.append(Button(words.text("setup.new_seed"), self.reroll))
        widgets.append(Button(words.text("setup.pass_and_play"), self.open_seats))
        widgets.append(Button(words.text("menu.back"), self.back))
        widgets.append(Button(words.text("setup.start"), self.start, primary=True))
        # The rule behind each line, for help (F1, H): the players and homes (S2, S4), each option's own.
        self.rules_of = {id(widgets[0]): "S2", **{id(w): "S4" for w in widgets[1:1 + self.players * 2]},
                         **{id(widget): rule for widget, rule in rows}}
        self.form = Form(widgets)
        self.form.focus = min(focus, len(widgets) - 1)
        self.layout()

    def handle(self, intent: Intent) -> None:
        if intent.kind == "help":                   # the rule of the line with the focus
            flow.open_help(self.app, self.rules_of.get(id(self.form.focused)))
            return
        super().handle(intent)

    # --- what the widgets change -----------------------------------------------------------------------------

    def set_players(self, n: int) -> None:
        self.players = n
        self.homes = seat_homes(self.app.rules, n, self.seed, self.chosen, dict(enumerate(self.homes)))
        self.build()

    def set_seat(self, i: int, kind: str) -> None:
        self.seats[i] = kind

    def set_people(self, i: int, people: str) -> None:
        """Seat i plays this people (S4, by agreement); the seat that held it takes seat i's in exchange, and a
        choice of it for a seat not playing now is forgotten (two seats never share a home)."""
        other = self.homes.index(people)
        self.chosen = {seat: chosen for seat, chosen in self.chosen.items() if chosen != people}
        if other != i and other in self.chosen:
            self.chosen[other] = self.homes[i]
        self.homes[other], self.homes[i] = self.homes[i], people
        self.chosen[i] = people
        self.show_homes()

    def set_seed(self, seed: int) -> None:
        self.seed = seed
        self.homes = seat_homes(self.app.rules, self.players, self.seed, self.chosen)
        self.show_homes()

    def show_homes(self) -> None:
        """Each seat's people's choice shows its people (in place: the seed being typed keeps its field)."""
        for i, home in enumerate(self.homes):
            people = self.form.widgets[2 + i * 2]
            assert isinstance(people, Choice)
            people.index = [p for p, _ in people.options].index(home)

    def reroll(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        field = next(w for w in self.form.widgets if isinstance(w, NumberField))
        field.set(self.seed)

    def open_seats(self) -> None:
        self.app.push(self.app.make("seats", self))

    def humans(self) -> list[tuple[int, str]]:
        """The human seats with their homes' names."""
        return [(i, self.homes[i]) for i in range(self.players) if self.seats[i] == HUMAN]

    def start(self) -> None:
        self.remember()
        settings = {name: SeatSettings(pin_hash(name, self.pins[i]) if i in self.pins else None,
                                       self.windows.get(i, IN_PERSON)) for i, name in self.humans()}
        flow.new_match(self.app, list(self.homes), self.seats[:self.players], self.seed, dict(self.options),
                       settings)

    # --- drawing ---------------------------------------------------------------------------------------------

    def arrange(self, scale: Scale) -> bool:
        """Two columns on the sheet, Back and Start at its foot, at these sizes; False where the columns would
        not fit the window or a widget's words its width."""
        w, h = self.app.screen.get_size()
        unit = scale.unit
        paper = sheet((w, h), scale)
        col_w = min(round((paper.w - unit * 2) / 2), unit * 36)     # the sheet's width on a 16:10 screen
        left_x, right_x = w // 2 - col_w - unit // 2, w // 2 + unit // 2
        row_h = round(unit * 2.2)
        n_left = 1 + self.players * 2
        indent = unit * 2                                 # a seat's people, under the seat: its own
        bottom = paper.y
        for x, column, gap, seats in ((left_x, self.form.widgets[:n_left], unit // 2, True),
                                      (right_x, self.form.widgets[n_left:-2], unit // 3, False)):
            y = paper.y + unit
            for k, widget in enumerate(column):
                tall = 1.45 if isinstance(widget, Choice) and widget.hints else 1.35 if isinstance(widget, Toggle) \
                    else 1.0                              # a line under the label: a seat's level, a rule's sentence
                under = seats and k > 0 and k % 2 == 0    # a seat's people: close under its seat, indented
                widget.rect = pygame.Rect(x + indent * under, y - (gap - unit // 6) * under, col_w - indent * under,
                                          round(row_h * tall))
                y = widget.rect.bottom + gap
            bottom = max(bottom, y)
        back, start = self.form.widgets[-2:]
        back.rect = pygame.Rect(0, 0, unit * 9, row_h)
        start.rect = pygame.Rect(0, 0, unit * 11, row_h)
        back.rect.bottomright = (w // 2 - unit // 2, paper.bottom - unit)
        start.rect.bottomleft = (w // 2 + unit // 2, paper.bottom - unit)
        return bottom <= back.rect.top and all(wd.needs(scale.body) <= wd.rect.w for wd in self.form.widgets)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def draw(self, screen: pygame.Surface) -> None:
        self.page(screen, words.text("menu.new_game"), self.sizes)
        theme.panel(screen, sheet(screen.get_size(), self.sizes), alpha=250)
        self.form.draw(screen, self.sizes.body)
        self.foot(screen, HINTS, self.sizes)


def recall_seats(kept: Any, offered: list[str]) -> list[str]:
    """Each seat's kind kept, where the page offers it (into `offered`); what it does not offer."""
    dropped = []
    for i, seat in enumerate(kept[:len(offered)] if isinstance(kept, list) else []):
        if isinstance(seat, str) and seat in SETUP_SEATS:
            offered[i] = seat
        else:
            dropped.append(f"seats[{i}]")
    return dropped if isinstance(kept, list) else ["seats"]


def recall_options(rules: engine.Ruleset, kept: Any, players: int, chosen: dict[str, bool | int]) -> list[str]:
    """The advanced rules kept, where the page offers them (into `chosen`): a rule it knows switched on, an
    agreed target among those it offers for this many players (A6); what it does not offer."""
    if not isinstance(kept, dict):
        return ["options"]
    dropped = []
    for key, value in kept.items():
        spec = rules.options.get(key)
        if spec is None:
            ok = False
        elif spec["kind"] == "vp_target":
            ok = isinstance(value, int) and not isinstance(value, bool) and value in targets(rules, players)
        else:
            ok = value is True
        if ok:
            chosen[key] = value
        else:
            dropped.append(f"options.{key}")
    return dropped


def recall_windows(kept: Any, windows: dict[int, str]) -> list[str]:
    """How each seat answers card windows, kept by seat number (into `windows`); what the page does not offer."""
    if not isinstance(kept, dict):
        return ["windows"]
    dropped = []
    for seat, mode in kept.items():
        if seat in ("0", "1", "2", "3") and mode in (IN_PERSON, ORDERS):
            windows[int(seat)] = mode
        else:
            dropped.append(f"windows.{seat}")
    return dropped


def recall_homes(rules: engine.Ruleset, kept: Any, chosen: dict[int, str]) -> list[str]:
    """The peoples chosen for seats, kept by seat number (into `chosen`), each a people the game knows (S2): the
    count plays it or not, as the page deals them (`seat_homes`); what the page does not offer."""
    if not isinstance(kept, dict):
        return ["homes"]
    dropped = []
    for seat, people in kept.items():
        if seat in ("0", "1", "2", "3") and people in rules.setups[4].homes and people not in chosen.values():
            chosen[int(seat)] = people
        else:
            dropped.append(f"homes.{seat}")
    return dropped


def seat_homes(rules: engine.Ruleset, players: int, seed: int, *wanted: Mapping[int, str]) -> list[str]:
    """Each seat's people at this count: the people it is wanted to play (the player's choice first, then the
    one it had at another count), where this count plays it (S2) and no seat took it already; the other seats
    take the homes left, in the order the seed deals them (S4)."""
    offered = rules.setups[players].homes
    homes: list[str | None] = [None] * players
    for wishes in wanted:
        for seat, people in wishes.items():
            if seat < players and homes[seat] is None and people in offered and people not in homes:
                homes[seat] = people
    left = iter(people for people in engine.deal_homes(rules, players, seed) if people not in homes)
    return [people if people is not None else next(left) for people in homes]


def seat_label(i: int) -> str:
    """A seat's line: its number (its people, S2 and S4, is the choice under it: named once, not twice)."""
    return words.text("setup.seat", n=i + 1)


@scene("seats")
class SeatsScene(MenuPage):
    """Pass-and-play settings of the human seats: a PIN each (set on a keypad while the others look away), and
    whether the seat answers card windows in person or by standing orders (game/seats.py)."""

    def __init__(self, app: App, setup: SetupScene):
        super().__init__(app)
        self.setup = setup
        self.form = Form()
        self.hint: tuple[str, ...] = ()
        self.paper = pygame.Rect(0, 0, 0, 0)
        self.build()

    def build(self) -> None:
        focus = self.form.focus
        widgets: list[Widget] = []
        modes = [(IN_PERSON, words.text("seats.windows.person")), (ORDERS, words.text("seats.windows.orders"))]
        said = {IN_PERSON: words.text("seats.windows.hint.person"), ORDERS: words.text("seats.windows.hint.orders")}
        for i, name in self.setup.humans():
            current = [m for m, _ in modes].index(self.setup.windows.get(i, IN_PERSON))
            widgets.append(Choice(words.text("seats.windows", player=name), modes, current,
                                  partial(self.setup.windows.__setitem__, i), said))
            key = "seats.pin.set" if i in self.setup.pins else "seats.pin.none"
            widgets.append(Button(words.text(key, player=name), partial(self.pin, i, name)))
        widgets.append(Button(words.text("seats.done"), self.app.pop, primary=True))
        self.form = Form(widgets)
        self.form.focus = min(focus, len(widgets) - 1)
        self.layout()

    def pin(self, seat: int, name: str) -> None:
        if seat in self.setup.pins:
            del self.setup.pins[seat]
            self.build()
            return
        self.app.push(self.app.make("pin", name, lambda digits: self.chosen(seat, digits)))

    def chosen(self, seat: int, digits: str) -> None:
        self.setup.pins[seat] = digits
        self.build()

    def arrange(self, scale: Scale) -> bool:
        """A column of the seats' settings under the hint, on a sheet, at these sizes; False where it would not
        fit."""
        w, h = self.app.screen.get_size()
        unit = scale.unit
        col_w = min(w - unit * 4, unit * 40)
        top = sheet((w, h), scale).y
        self.hint = theme.wrap(words.text("seats.hint"), scale.small, col_w + unit)
        y = top + unit * 0.7 + len(self.hint) * theme.font(scale.small).get_linesize() + unit * 0.5
        for widget in self.form.widgets:
            tall = 1.45 if isinstance(widget, Choice) else 1.0       # a card window's choice: the line saying it
            widget.rect = pygame.Rect(0, 0, col_w, round(unit * 2.2 * tall))
            widget.rect.midtop = (w // 2, round(y))
            y += widget.rect.h + unit * 0.5
        self.paper = pygame.Rect(0, 0, col_w + unit * 3, round(y - top))
        self.paper.midtop = (w // 2, top)
        return self.paper.bottom <= foot_room((w, h), scale).top - unit // 2 and \
            all(wd.needs(scale.body) <= wd.rect.w for wd in self.form.widgets)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def draw(self, screen: pygame.Surface) -> None:
        w, _ = screen.get_size()
        scale = self.sizes
        self.page(screen, words.text("seats.title"), scale)
        theme.panel(screen, self.paper, alpha=250)
        line_h = theme.font(scale.small).get_linesize()
        for i, part in enumerate(self.hint):
            line = theme.text(part, scale.small, theme.INK)
            screen.blit(line, line.get_rect(midtop=(w // 2, self.paper.y + scale.unit * 0.7 + i * line_h)))
        self.form.draw(screen, scale.body)
        self.foot(screen, SEAT_HINTS, scale)
