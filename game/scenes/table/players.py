"""The players: the top bar (turn, step, who decides and why) and the left column (the VP track, one row per
player, with cards and explorers; the viewer's own hand; the button of their standing orders).

A player's row is where the turn order's first player is picked (T3), and pointing at it shows the player's
tooltip. The VP bars tick toward the new VP after each action.
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pygame

from ... import theme, words
from ...input import Intent
from ...render import hud
from ...seats import ORDERS
from ...theme import Scale
from ...ui.widgets import Button
from .section import Section


class Players(Section):
    def __init__(self, table: Any):
        super().__init__(table)
        self.shares: dict[str, float] = {}         # each VP bar's fill, moving toward the player's VP
        self.hover: str | None = None              # the player whose row is under the pointer
        self._top = Section(table)                 # the top bar's cached picture
        self._fit: tuple[Hashable, Scale] | None = None

    def fitted(self) -> Scale:
        """The sizes of the left column: the table's, or smaller where its names, rows, hand and numbers would
        not fit the column (a large UI scale, four players on a short window), never under UI scale 1's."""
        table, app = self.table, self.table.app
        left = table.panels()["left"]
        key = (table.shown_version, table.viewer.shown, left.size, app.scale.unit)
        if self._fit is None or self._fit[0] != key:
            self._fit = (key, app.scale.fitting(lambda s: hud.players_fit(left, table.shown, self.rules, s)))
        return self._fit[1]

    def rows(self) -> dict[str, pygame.Rect]:
        return hud.player_rows(self.table.panels()["left"], self.table.shown, self.fitted())

    def row_at(self, x: float, y: float) -> str | None:
        return next((name for name, rect in self.rows().items() if rect.collidepoint(x, y)), None)

    def tick(self, dt: float) -> None:
        """The VP track ticks: each bar moves toward its player's VP."""
        for p in self.table.shown["players"]:
            target = hud.eval_fraction(p["vp"])
            now = self.shares.get(p["name"], target)
            step = max(0.2, abs(target - now) * 3) * dt
            self.shares[p["name"]] = target if abs(target - now) <= step else now + math.copysign(step, target - now)

    # --- gestures ----------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """A pointer gesture over the left column: hover a row, press the orders button, pick a first player."""
        table = self.table
        if intent.kind == "point":
            self.hover = self.row_at(intent.x, intent.y)
            table.map.hover = -1
            return True
        if intent.kind != "select":
            return False
        table.focus.clear()
        orders = self.orders_rect()
        if orders is not None and orders.collidepoint(intent.x, intent.y):
            self.open_orders()
        elif table.plan.order:
            picked = self.row_at(intent.x, intent.y)
            if picked is not None:
                self.pick(picked)
        return True

    def pick(self, player: str) -> None:
        """The turn order (T3): the first player is picked here, then the direction in the bar."""
        table = self.table
        choices = table.plan.order.get(player)
        if not choices:
            return
        if len(choices) == 1:
            table.choose(choices[0])
            return
        table.first = player
        table.bar.rebuild()
        table.focus.clear()

    def orders_rect(self) -> pygame.Rect | None:
        """The button of the viewer's standing orders, at the foot of the left column: shown on their own
        decision, with their own view on screen, when their seat answers card windows by standing orders."""
        table = self.table
        viewer = table.viewer.shown
        settings = table.match.settings.get(viewer) if viewer is not None else None
        if settings is None or settings.windows != ORDERS or not table.legal or viewer != table.match.human_to_act():
            return None
        unit = self.fitted().unit
        left = table.panels()["left"]
        return pygame.Rect(left.x, left.bottom - round(unit * 2.2), left.w, round(unit * 2.2))

    def open_orders(self) -> None:
        table = self.table
        if table.viewer.shown is None:               # the public view has no standing orders (orders_rect)
            return
        table.app.push(table.app.make("orders", table.match, table.viewer.shown, table.shown))

    # --- drawing -----------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface, panels: dict[str, pygame.Rect]) -> None:
        table, scale, rules = self.table, self.scale, self.rules
        view = table.shown
        version = (table.shown_version, table.viewer.shown, scale.unit, table.plan.order and table.first,
                   theme.aided)
        self._top.draw_layer(screen, version, panels["top"], lambda s, r: hud.top_bar(
            s, r, view, words.decision_text(view, rules), scale))
        left = panels["left"]

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> dict[str, pygame.Rect]:
            bars: dict[str, pygame.Rect] = {}
            hud.players_panel(surface, rect, view, rules, self.fitted(), bars)
            return bars
        bars = self.draw_layer(screen, version, left, paint)
        assert isinstance(bars, dict)
        for p in view["players"]:                  # the bars still ticking toward their VP, over the picture's
            name = p["name"]
            if name in bars and self.shares.get(name, hud.eval_fraction(p["vp"])) != hud.eval_fraction(p["vp"]):
                bar = bars[name].move(left.topleft)
                hud.vp_bar(screen, bar, theme.tribe_colour(name), self.shares[name], view["threshold"])
                table.redraw.moved(bar)
        if table.plan.order and table.first is None:
            rows = self.rows()
            stop = table.focus.stop()
            for name in table.plan.order:
                focused = stop == ("row", name)
                pygame.draw.rect(screen, theme.ACCENT, rows[name], 4 if focused else 2, border_radius=6)
                table.redraw.moved(rows[name])
        orders = self.orders_rect()
        if orders is not None:
            button = Button(words.text("orders.open"), self.open_orders)
            button.rect = orders
            button.draw(screen, False, self.fitted().small)
            table.redraw.moved(orders)

    def tooltip(self, screen: pygame.Surface) -> bool:
        """The hovered player's tooltip (VP, face-up cards, the viewer's own hidden cards, pieces left)."""
        if self.hover is None or not self.table.map.pointing:
            return False
        self.table.redraw.moved(hud.tooltip(screen, self.table.map.pointer, words.player_lines(
            self.table.shown, self.hover, self.rules), self.scale))
        return True
