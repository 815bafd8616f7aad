"""The log: what the viewer has seen happen, in words with rule numbers, and the panel that lists it.

The feed reads the events the viewer may see (X40: a viewer's log indexes count only their events), gives each
its line (`_line`) and, for a die roll, the seed of its throw (`throw_seed`: the n-th roll of the game, the same
for every viewer, game/dice.py). Lines join the log only when their animation has ended. A line that names a
card (drawn, revealed, used, played) shows its face when pointed at, and help on it opens the card's entry.
The log keeps the events it shows, not only their words: when the language changes, every line is said again.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import pygame

from engine import LogEntry

from ... import dice, flow, theme, words
from ...input import Intent
from ...render import cards, hud
from ...render.cards import Card
from .section import Section


class Log(Section):
    def __init__(self, table: Any):
        super().__init__(table)
        self.show = True
        self.scroll = 0
        self.reset()

    def reset(self) -> None:
        """A new viewer's log, from the start of the game (never the cached picture of another's: the epoch)."""
        self.lines: list[tuple[str, str]] = []
        self.events: list[Mapping[str, Any]] = []  # the events the lines say, to say them again (`respoken`)
        self.spoken = words.language_in_use()      # the language of the lines
        self.cards: dict[int, Card] = {}           # the card each line names (by the line's index), if any
        self.next = 0                              # the viewer's log size read so far
        self.epoch = getattr(self, "epoch", -1) + 1
        self.scroll = 0
        self.battles: dict[Any, words.Sides] = {}  # who fights at each hex, for the lines of die rolls
        self.rolls_seen = 0                        # die rolls read so far: each throw's seed (dice.seed_for)
        self.actions = -1                          # the match's action count when the feed was last read

    def read(self) -> list[dict[str, Any]]:
        """The new events the viewer may see, each with its line and, for a die roll, its throw's seed."""
        match = self.table.match
        viewer = self.table.viewer.shown
        self.actions = match.actions
        events, self.next = match.events(viewer, self.next)
        tiles = words.face_up_tiles(match.view(viewer))          # public names for the hexes
        out = []
        for event, line in zip(events, words.event_lines(events, self.rules, self.battles, tiles), strict=True):
            shown: dict[str, Any] = {**event, "_line": tuple(line), "_tiles": tiles,
                                     "_spoken": words.language_in_use()}
            if event["kind"] == "die_rolled":
                shown["throw_seed"] = dice.seed_for(match.seed, self.rolls_seen)
                self.rolls_seen += 1
            out.append(shown)
        return out

    def add(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Events whose animation has ended: their lines join the log (with the cards they name to the viewer),
        in the language in use (events read before the language changed are said again, with the whole log)."""
        for event in events:
            card = cards.of_event(event)
            if card is not None:
                self.cards[len(self.lines)] = card
            self.events.append(event)
            self.lines.append(event["_line"])
        if self.spoken != words.language_in_use() or any(event["_spoken"] != self.spoken for event in events):
            self.respoken()

    def respoken(self) -> None:
        """Every line said again in the language in use (it changed): from its event, with the names of the
        face-up tiles it was read with, the battles met again in the same order."""
        battles: dict[str, words.Sides] = {}
        self.lines = [words.event_lines([cast(LogEntry, event)], self.rules, battles, event["_tiles"])[0]
                      for event in self.events]          # each an engine event, with the client's keys beside
        self.spoken = words.language_in_use()

    def handle(self, intent: Intent) -> bool:
        """The wheel scrolls the log; a click on a line opens the rule it names (its code on the right)."""
        if intent.kind == "select" and intent.pointer:
            rule = self.rule_at(intent.y, self.table.panels()["log"])
            if rule is not None:
                flow.open_help(self.table.app, rule)
            return True
        if intent.kind != "zoom":
            return False
        self.scroll = max(0, self.scroll + (2 if intent.f > 1 else -2))
        return True

    def panel(self, rect: pygame.Rect) -> pygame.Rect:
        """The part of the log's column its panel takes: from the column's top, as tall as its lines, up to the
        whole column (issue 40: a tall empty box at a game's start told a newcomer nothing; the map shows below,
        as under the players' column)."""
        inner, rows = hud.log_places(rect, self.lines, self.scroll, self.scale)
        line_h = theme.font(hud.log_scale(rect, self.scale).small).get_linesize()
        return pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, rect.h - inner.h + len(rows) * line_h))

    def line_at(self, y: float, rect: pygame.Rect) -> int | None:
        """The index of the log line drawn at height y in the column `rect` (None between lines)."""
        rows = hud.log_places(self.panel(rect), self.lines, self.scroll, self.scale)[1]
        line_h = theme.font(hud.log_scale(rect, self.scale).small).get_linesize()
        return next((n for _, _, _, top, n in rows if top <= y < top + line_h), None)

    def rule_at(self, y: float, rect: pygame.Rect) -> str | None:
        """What the log line drawn at height y in the panel `rect` opens in help: the entry of the card it names,
        else its rule (None between lines)."""
        n = self.line_at(y, rect)
        if n is None:
            return None
        card = self.cards.get(n)
        return card.code if card is not None else self.lines[n][1] or None

    def card_here(self) -> tuple[Card, tuple[float, float]] | None:
        """The card named by the line under the pointer's last place, and that place."""
        table = self.table
        x, y = table.map.pointer
        if "log" not in table.panels() or table.over_panel(x, y) != "log":
            return None
        n = self.line_at(y, table.panels()["log"])
        card = self.cards.get(n) if n is not None else None
        return (card, (x, y)) if card is not None else None

    def rule_here(self) -> str | None:
        """The entry of the card named by the line under the pointer, for help (F1)."""
        here = self.card_here()
        return here[0].code if here is not None else None

    def tooltip(self, screen: pygame.Surface) -> bool:
        """The face of the card named by the line pointed at."""
        here = self.card_here() if self.table.map.pointing else None
        if here is None:
            return False
        self.table.redraw.moved(cards.tooltip(screen, here[1], here[0], self.rules, self.scale.unit))
        return True

    def draw(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        scale = self.scale
        if self.spoken != words.language_in_use():
            self.respoken()
        key = (self.epoch, len(self.lines), self.scroll, scale.unit, self.spoken)
        self.draw_layer(screen, key, rect, lambda s, r: hud.log_panel(s, self.panel(r), self.lines, self.scroll, scale))
