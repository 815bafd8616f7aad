"""The log: what the viewer has seen happen, in words with rule numbers, and the panel that lists it.

The feed reads the events the viewer may see (X40: a viewer's log indexes count only their events), gives each
its line (`_line`) and, for a die roll, the seed of its throw (`throw_seed`: the n-th roll of the game, the same
for every viewer, game/dice.py). Lines join the log only when their animation has ended.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from ... import dice, flow, theme, words
from ...input import Intent
from ...render import hud
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
            shown: dict[str, Any] = {**event, "_line": tuple(line)}
            if event["kind"] == "die_rolled":
                shown["throw_seed"] = dice.seed_for(match.seed, self.rolls_seen)
                self.rolls_seen += 1
            out.append(shown)
        return out

    def add(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Events whose animation has ended: their lines join the log."""
        self.lines += [event["_line"] for event in events]

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

    def rule_at(self, y: float, rect: pygame.Rect) -> str | None:
        """The rule of the log line drawn at height y in the panel `rect` (None between lines)."""
        rows = hud.log_rows(rect, self.lines, self.scroll, self.scale)[1]
        line_h = theme.font(self.scale.small).get_linesize()
        return next((rule for _, rule, _, top in rows if top <= y < top + line_h), None) or None

    def draw(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        scale = self.scale
        key = (self.epoch, len(self.lines), self.scroll, scale.unit)
        self.draw_layer(screen, key, rect, lambda s, r: hud.log_panel(s, r, self.lines, self.scroll, scale))
