"""The keyboard's and the pad's focus: Tab / the shoulder buttons step through the stops of the decision (the lit
hexes top to bottom, the players to pick first, the bar's buttons with Undo last), Enter / A selects the one
focused. The first step lands on the lit hex nearest the player's home, where a new player looks first (not the
map's far north); Enter / A with nothing focused focuses that stop and says so, never nothing (issue 40)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ... import flow, words
from ...ui import prompts

if TYPE_CHECKING:
    from .scene import TableScene

Stop = tuple[str, int | str]                # a bar button's index, a player row's name, a hex, a shown card


class Focus:
    def __init__(self, table: TableScene):
        self.table = table
        self.index = -1                      # no stop focused

    def clear(self) -> None:
        self.index = -1

    def stops(self) -> list[Stop]:
        """The lit hexes (top to bottom), the players to pick, the bar's choices, its enders, and Undo last:
        the first Tab reaches what the decision is about, and Tab then Enter never takes a decision back."""
        table = self.table
        centres = table.map.layout.centres
        out: list[Stop] = [("hex", h) for h in sorted(table.plan.by_hex,
                                                      key=lambda h: (round(centres[h][1]), centres[h][0]))]
        if table.plan.order and table.first is None:
            out += [("row", name) for name in table.plan.order]
        buttons = table.bar.actions
        out += [("button", i) for i, action in enumerate(buttons) if action is not None]
        out += [("button", i) for i, action in enumerate(buttons) if action is None]
        out += [("card", i) for i in range(len(table.players.marks.spots))]    # a card's face, and its rule
        return out

    def stop(self) -> Stop | None:
        stops = self.stops()
        return stops[self.index] if 0 <= self.index < len(stops) else None

    def first(self, stops: list[Stop]) -> int:
        """Where the focus starts: the lit hex nearest the player's own pieces (their home first), else the first
        stop."""
        own = self.table.own_hexes()
        lit = [i for i, (kind, _) in enumerate(stops) if kind == "hex"]
        if not own or not lit:
            return 0
        centres = self.table.map.layout.centres
        home = centres[own[0]]
        return min(lit, key=lambda i: math.dist(centres[int(stops[i][1])], home))

    def step(self, step: int) -> None:
        stops = self.stops()
        if not stops:
            return
        self.index = (self.index + step) % len(stops) if self.index >= 0 else self.first(stops)
        kind, target = stops[self.index]
        if kind == "button":
            self.table.bar.form.focus = int(target)
            self.table.bar.reveal(int(target))        # a row of choices scrolled out of sight comes back
        elif kind == "hex":
            self.table.map.cursor = int(target)
            self.table.map.bring_into_sight(int(target))

    def activate(self) -> None:
        """Select the focused stop; with none, the hex under the cursor if it is lit, else focus the first stop
        and say how to choose it (or that there is nothing to choose)."""
        table = self.table
        stop = self.stop()
        if stop is None:
            if table.map.cursor >= 0 and table.map.cursor in table.plan.by_hex:
                table.menus.pick_hex(table.map.cursor, keyboard=True)
            elif self.stops():
                self.step(1)
                table.menus.toast(words.text("focus.first", **prompts.names(table.app.input)))
            else:
                table.menus.toast(words.text("focus.none"))
            return
        kind, target = stop
        if kind == "button":
            table.bar.reveal(int(target))
            table.bar.form.widgets[int(target)].activate()
        elif kind == "row":
            table.players.pick(str(target))
        elif kind == "card":
            rule = table.players.rule_here()
            if rule is not None:
                flow.open_help(table.app, rule)
        else:
            table.menus.pick_hex(int(target), keyboard=True)
