"""The players: the top bar (turn, step, who decides and why) and the left column (the VP track, one row per
player, with cards and explorers; the viewer's own hand; the button of their standing orders).

A player's row is where the turn order's first player is picked (T3), and pointing at it shows the player's
tooltip; pointing at a card (a row's face-up cards, the viewer's hand) shows its face, and help (F1) on it opens
its entry. When a player's VP changes, the number ticks to it with a pop and the bar follows (`table.tweens`; at
speed instant the new VP shows at once): as the log tells it (a `vp_changed` event joining the log, while the
view on the board waits for the rest of a chain of animations), so the panel never says 4 while the log says 5;
a new view on the board holds the same numbers (V1). The top bar's turn and step go the same way: a step says
itself there the moment its banner begins (or, with no banner, its log line joins), not once the chain is over.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, cast

import pygame

from engine import View

from ... import anim, sound, theme, words
from ...input import Intent
from ...render import cards, hud, tween
from ...render.cards import Card
from ...seats import ORDERS
from ...theme import Scale
from ...ui.widgets import Button, focus_ring, ring_width
from .section import Section

TICK, POP = 0.5, 0.35            # seconds the VP number takes to tick to its new value, and to pop
RISE, FALL = (40, 130, 60), (190, 50, 40)      # the number's colour while it ticks up, down


class Players(Section):
    def __init__(self, table: Any):
        super().__init__(table)
        self.hover: str | None = None              # the player whose row is under the pointer
        self.known: dict[str, float] = {}          # each player's VP in the view last read
        self.ticks: dict[str, tween.Tween] = {}    # the VP shown while it ticks toward the view's
        self.pops: dict[str, tween.Tween] = {}     # the number's pop as it changes
        self.seen = -1                             # the table's view last read (shown_version)
        self.told: tuple[int, dict[str, str]] = (-1, {})   # VP the log told since that view (its version), by player
        self.stepped: tuple[int, tuple[int, str] | None] = (-1, None)  # the turn and step it told since that view
        self.marks = hud.Marks()                   # where the panel drew its bars, numbers and cards (on screen)
        self._top = Section(table)                 # the top bar's cached picture
        self._fit: tuple[Hashable, Scale] | None = None

    def fitted(self) -> Scale:
        """The sizes of the left column: the table's, or smaller where its names, rows, hand and numbers would
        not fit the column (a large UI scale, four players on a short window), never under UI scale 1's."""
        table, app = self.table, self.table.app
        left = table.panels()["left"]
        key = (table.shown_version, tuple(self.told_vp().items()), table.viewer.shown, left.size, app.scale.unit,
               words.language_in_use())             # another language's words are as wide as they are
        if self._fit is None or self._fit[0] != key:
            self._fit = (key, app.scale.fitting(lambda s: hud.players_fit(left, self.view(), self.rules, s)))
        return self._fit[1]

    def rows(self) -> dict[str, pygame.Rect]:
        return hud.player_rows(self.table.panels()["left"], self.view(), self.fitted())

    def row_at(self, x: float, y: float) -> str | None:
        return next((name for name, rect in self.rows().items() if rect.collidepoint(x, y)), None)

    def told_vp(self) -> dict[str, str]:
        """The VP the log has told since the view on the board was installed (none once a newer one is)."""
        version, told = self.told
        return told if version == self.table.shown_version else {}

    def view(self) -> View:
        """The view on the board with the VP the log has told since: what the panel shows."""
        view, told = self.table.shown, self.told_vp()
        if not told:
            return view
        return {**view, "players": [{**p, "vp": told.get(p["name"], p["vp"])} for p in view["players"]]}

    def step_told(self) -> tuple[int, str] | None:
        """The turn and step a banner playing now, or the log since the view on the board, has told (none once a
        newer view is installed): what the top bar says, so that it never lags the banner (issue 40)."""
        version, told = self.stepped
        told = told if version == self.table.shown_version else None
        for clip in self.table.anim.items:         # a banner is a barrier: the one begun is the newest step
            if clip.begun and isinstance(clip, anim.Banner):
                told = next(((e["turn"], e["step"]) for e in clip.after if e.get("kind") == "step_started"), told)
        return told

    def top(self, view: View) -> View:
        """The view the top bar says: a step told before its view is on the board (its decision is not known
        yet, nor who makes it)."""
        told = self.step_told()
        if told is None or told == (view["turn"], view["step"]):
            return view
        turn, step = told
        return cast(View, {**view, "turn": turn, "step": step, "to_act": None})

    def decision(self, top: View, view: View) -> str:
        """The top bar's line: the decision on the board, or the banner's line of a step told ahead of its view.
        Worded only when the top bar is drawn again (its cached layer: not each frame)."""
        if top is view:
            return words.decision_text(view, self.rules)
        return words.text(f"banner.{top['step']}{'.setup' if top['turn'] == 0 else ''}")

    def hear(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Events joining the log: each VP they change ticks to its new number now, as the log tells it, and a
        step begun goes to the top bar."""
        steps = [(int(e["turn"]), str(e["step"])) for e in events if e.get("kind") == "step_started"
                 and e["step"] != "over"]               # the game's end: the end scene takes over
        if steps:
            self.stepped = (self.table.shown_version, steps[-1])
        changes = {str(e["player"]): str(e["new"]) for e in events if e.get("kind") == "vp_changed"}
        if not changes:
            return
        told = self.told_vp()
        self.told = (self.table.shown_version, {**told, **changes})
        self.moved({name: hud.eval_fraction(vp) for name, vp in changes.items()})

    def tick(self, dt: float) -> None:
        """A new view: each VP it changes (that the log has not told already) ticks from the number shown to the
        new one, with a pop and the sound "vp" once."""
        table = self.table
        if table.shown_version == self.seen:
            return
        self.seen = table.shown_version
        self.moved({p["name"]: hud.eval_fraction(p["vp"]) for p in self.view()["players"]})

    def moved(self, targets: Mapping[str, float]) -> None:
        """Players' VP go to new numbers (`move`), with the sound "vp" once if any changed."""
        changed = [self.move(name, target) for name, target in targets.items()]     # every one moves
        if any(changed):
            sound.play("vp")

    def move(self, name: str, target: float) -> bool:
        """A player's VP goes to `target`: from the number shown, ticking with a pop (at speed instant, and for
        the first number known, shown at once); whether it changed."""
        table = self.table
        before = self.known.get(name)
        self.known[name] = target
        if table.match.speed == "instant" or before is None:
            self.ticks.pop(name, None)
            self.pops.pop(name, None)
            return False
        if before == target:
            return False
        self.ticks[name] = table.tweens.add(tween.Tween(self.vp_shown(name, before), target, TICK))
        self.pops[name] = table.tweens.add(tween.Tween(0.0, 1.0, POP, tween.linear))
        return True

    def vp_shown(self, name: str, otherwise: float) -> float:
        """The VP the track shows for a player now: ticking toward the view's, or the view's (`otherwise`). It ticks
        a whole VP at a time from where it started, then lands on the new number: never a ½ no count gave (an
        atoll's ½ is real, V1; a number halfway between two counts is not, issue 40)."""
        ticking = self.ticks.get(name)
        if ticking is None:
            return otherwise
        if ticking.done:
            return ticking.end
        return ticking.start + math.trunc(ticking.value - ticking.start)

    def moving(self, name: str) -> bool:
        return any(t is not None and not t.done for t in (self.ticks.get(name), self.pops.get(name)))

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
        view = self.view()
        version = (table.shown_version, table.viewer.shown, scale.unit, table.plan.order and table.first,
                   theme.aided, words.language_in_use())       # a language chosen mid-game: said again at once
        top = self.top(view)
        self._top.draw_layer(screen, (*version, top["turn"], top["step"]), panels["top"],
                             lambda s, r: hud.top_bar(s, r, top, self.decision(top, view), scale))
        told = (*version, tuple(self.told_vp().items()))
        left = panels["left"]

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> hud.Marks:
            return hud.players_panel(surface, rect, view, rules, self.fitted())[1]
        marks = self.draw_layer(screen, told, left, paint)
        assert isinstance(marks, hud.Marks)
        self.marks = marks.moved(*left.topleft)
        cards.places.rows = self.rows()                # where card clips start and land
        for p in view["players"]:                  # the VP still ticking, over the picture's
            if self.moving(p["name"]):
                self.draw_tick(screen, p["name"], hud.eval_fraction(p["vp"]), view["threshold"])
        if table.plan.order and table.first is None:
            self.draw_choices(screen)
        orders = self.orders_rect()
        if orders is not None:
            button = Button(words.text("orders.open"), self.open_orders)
            button.rect = orders
            button.draw(screen, False, self.fitted().small)
            table.redraw.moved(orders)

    def draw_choices(self, screen: pygame.Surface) -> None:
        """The players one may pick first (T3), each outlined; the one the keys' or the pad's focus is on also
        wears the widgets' focus ring, around its outline (inside, it would cover the row's words), so Enter / A
        never picks blindly (issue 40)."""
        table, rows = self.table, self.rows()
        for name in table.plan.order:
            pygame.draw.rect(screen, theme.ACCENT, rows[name], 2, border_radius=6)
            table.redraw.moved(rows[name])
        stop = table.focus.stop()
        if stop is not None and stop[0] == "row" and stop[1] in rows:
            row = rows[str(stop[1])]
            ring = ring_width(row.h)
            around = row.inflate(ring * 2, ring * 2)
            focus_ring(screen, around, 6 + ring)
            table.redraw.moved(around)

    def draw_tick(self, screen: pygame.Surface, name: str, target: float, threshold: int) -> None:
        """A VP ticking: its bar filled to the number shown, and the number over the panel's, popping (larger,
        then past its size and back: out_back) in green going up, red going down."""
        table, marks = self.table, self.marks
        shown = self.vp_shown(name, target)
        if name in marks.bars:
            hud.vp_bar(screen, marks.bars[name], theme.tribe_colour(name), shown, threshold)
            table.redraw.moved(marks.bars[name])
        score = marks.scores.get(name)
        ticking, pop = self.ticks.get(name), self.pops.get(name)
        if score is None or ticking is None or pop is None:
            return
        size = round(self.fitted().body * (1.5 - 0.5 * tween.out_back(pop.t)) * 10) / 10      # a few sizes only
        ink = theme.mix(RISE if ticking.end > ticking.start else FALL, theme.INK, ticking.t)
        number = theme.text(hud.vp_text(shown), round(size), ink, "bold")
        place = number.get_rect(midright=(score.right, score.centery))
        plate = place.union(score).inflate(self.fitted().unit // 2, 2)
        pygame.draw.rect(screen, theme.PANEL, plate, border_radius=4)
        screen.blit(number, place)
        table.redraw.moved(plate)

    # --- cards -------------------------------------------------------------------------------------------------

    def card_at(self, x: float, y: float) -> Card | None:
        """The card drawn under a point of the panel: a row's face-up card or one of the viewer's hand."""
        return next((card for rect, card in self.marks.spots if rect.collidepoint(x, y)), None)

    def under_pointer(self) -> tuple[Card, tuple[float, float]] | None:
        """The card under the pointer's last place, if the panel shows it there."""
        table = self.table
        x, y = table.map.pointer
        card = self.card_at(x, y) if table.over_panel(x, y) == "left" else None
        return (card, (x, y)) if card is not None else None

    def focused(self) -> tuple[Card, tuple[float, float]] | None:
        """The card the keys' or the pad's focus is on (a stop ("card", i): the i-th card the panel shows)."""
        stop = self.table.focus.stop()
        if stop is not None and stop[0] == "card" and 0 <= int(stop[1]) < len(self.marks.spots):
            rect, card = self.marks.spots[int(stop[1])]
            return card, (float(rect.right), float(rect.centery))
        return None

    def pointed_card(self) -> tuple[Card, tuple[float, float]] | None:
        """The card pointed at (or focused, with the keys or a pad), and where its face is shown beside it."""
        return self.under_pointer() if self.table.map.pointing else self.focused()

    def rule_here(self) -> str | None:
        """The entry of the card focused or under the pointer, for help (F1: a key, so the pointer has stayed)."""
        card = self.focused() or self.under_pointer()
        return card[0].code if card is not None else None

    def tooltip(self, screen: pygame.Surface) -> bool:
        """The face of the card pointed at or focused, else the hovered player's tooltip (VP, face-up cards, the
        viewer's own hidden cards, pieces left)."""
        table = self.table
        pointed = self.pointed_card()
        if pointed is not None:
            card, at = pointed
            table.redraw.moved(cards.tooltip(screen, at, card, self.rules, self.fitted().unit))
            return True
        if self.hover is None or not table.map.pointing:
            return False
        table.redraw.moved(hud.tooltip(screen, table.map.pointer, words.player_lines(
            self.view(), self.hover, self.rules), self.scale))
        return True
