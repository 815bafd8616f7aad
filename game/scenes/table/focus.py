"""The keyboard's and the pad's focus: Tab / the shoulder buttons step through the stops of the decision (the lit
hexes top to bottom, the players to pick first, the bar's buttons with Undo last), Enter / A selects the one
focused. The first step lands on what the decision asks: the lit hex nearest the player's home, where a new player
looks first (not the map's far north), or in exploration nearest the explorer; the players' rows to pick the turn
order; the bar's first choice for a found tile; never on a hex lit for a by-the-way (a tile of one's own to turn
face up) while something else asks; the d-pad's or the arrows' cursor takes the focus with
it; Enter / A with nothing focused focuses that stop and says so, never nothing (issue 40)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ... import flow, gestures, words
from ...seats import ANY_TIME
from ...ui import prompts

if TYPE_CHECKING:
    from .scene import TableScene

Stop = tuple[str, int | str]                # a bar button's index, a player row's name, a hex, a shown card


class Focus:
    def __init__(self, table: TableScene):
        self.table = table
        self.index = -1                      # no stop focused
        self.loose = False                   # the d-pad or the arrows put the cursor on a hex that is no stop

    def clear(self) -> None:
        """Nothing focused (a new decision, the mouse's click): no ring nor tooltip stays on the hex just used,
        where the player no longer looks (issue 40); the cursor keeps its place for the d-pad's next step."""
        self.index = -1
        self.loose = False

    def hex(self) -> int:
        """The focused hex: the focused stop's, or the cursor's where the d-pad or the arrows left it; -1 else."""
        stop = self.stop()
        if stop is None:
            return self.table.map.cursor if self.loose else -1
        return int(stop[1]) if stop[0] == "hex" else -1

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
        """Where the focus starts: what the decision asks. The lit hexes that answer it, nearest where the player
        looks (anchor); else the players' rows to pick the first player (T2); else the bar's first choice (keep
        or reveal a found tile, E4.2); else the step's enders (Claim victory, V3). A hex lit for a by-the-way only
        (turning one's own face-down tile up, E6.5, allowed at any time) comes first only when nothing else asks;
        else the first stop."""
        asks = [i for i, stop in enumerate(stops) if self.asks(stop)]
        lit = [i for i in asks if stops[i][0] == "hex"]
        if lit or asks:
            return self.nearest(stops, lit) if lit else asks[0]
        ends = [i for i, (kind, target) in enumerate(stops) if kind == "button"
                and (action := self.table.bar.actions[int(target)]) is not None and action.verb not in ANY_TIME]
        if ends:                # the Victory step: Claim victory, not the Reveal beside it (V3)
            return ends[0]
        lit = [i for i, (kind, _) in enumerate(stops) if kind == "hex"]
        return self.nearest(stops, lit) if lit else 0

    def asks(self, stop: Stop) -> bool:
        """Whether a stop answers the decision's question: a player's row to pick, a lit hex or a bar's choice
        whose action is neither one allowed at any time (seats.ANY_TIME) nor the end of the step."""
        kind, target = stop
        if kind == "hex":
            return any(a.verb not in ANY_TIME for a in self.table.plan.by_hex[int(target)])
        if kind == "button":
            action = self.table.bar.actions[int(target)]
            return action is not None and action.verb not in ANY_TIME | gestures.ENDING
        return kind == "row"

    def nearest(self, stops: list[Stop], lit: list[int]) -> int:
        """The lit hex of `lit` (indices of stops) nearest the anchor, shunning the hex it shuns while others are
        lit; the first of them with no anchor."""
        near, shun = self.anchor()
        if near < 0:
            return lit[0]
        lit = [i for i in lit if stops[i][1] != shun] or lit
        centres = self.table.map.layout.centres
        return min(lit, key=lambda i: math.dist(centres[int(stops[i][1])], centres[near]))

    def anchor(self) -> tuple[int, int]:
        """The hex the first stop is nearest, and the hex it shuns while others are lit (-1: none). In exploration:
        the explorer moved (the player's, or the one their neighbour sent off course, E4.3), never the home hex,
        where crossing costs 2 knots (E6.3); elsewhere the player's own pieces, their home first."""
        own = self.table.own_hexes()
        exploring = self.table.shown.get("exploration")
        if not exploring:
            return (own[0] if own else -1), -1
        m = self.table.app.rules.map
        me = next((p for p in self.table.shown["players"] if p["name"] == self.table.viewer.decides), None)
        home = me["home"] if me is not None else None
        shun = m.hex_of(home) if home and m.has_name(home) else -1
        at = exploring["at"]
        return (m.hex_of(at) if at and m.has_name(at) else own[0] if own else -1), shun

    def follow(self, h: int) -> None:
        """The cursor moved to hex `h` (the d-pad, the arrows): the focus goes with it when it is lit, else no stop
        is focused, so that A / Enter acts on the cursor's hex, never on an older stop."""
        self.index = next((i for i, stop in enumerate(self.stops()) if stop == ("hex", h)), -1)
        self.loose = True

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

    def beside(self, dx: int, dy: int) -> bool:
        """The arrows or the d-pad with a bar's button focused: the button drawn next to it that way, as in a
        dialog (two fresh players pressed Right from "Keep the tile face down", one Down from Undo toward Finish
        building, and the map moved); at the bar's ends the focus stays, but up from its top row goes back to the
        map. With nothing focused and no hex lit, the first step (a pad player pressed right toward the button the
        coach rang, and the map's cursor moved). False, and the map answers, otherwise."""
        stop = self.stop()
        if stop is None and not self.table.plan.by_hex and any(kind == "button" for kind, _ in self.stops()):
            self.step(1)
            return True
        if stop is None or stop[0] != "button":
            return False
        bar = self.table.bar
        bar.form.focus = int(stop[1])
        button = bar.form.toward(dx, dy)
        stops = self.stops()
        if ("button", button) in stops:
            self.index = stops.index(("button", button))
            bar.form.focus = button
            bar.reveal(button)
            return True
        return dy >= 0

    def activate(self) -> None:
        """Select the focused stop; with none, the hex under the cursor if it is lit, else focus the first stop
        and say how to choose it (or that there is nothing to choose)."""
        table = self.table
        stop = self.stop()
        if stop is None:
            if self.loose and table.map.cursor in table.plan.by_hex:
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
