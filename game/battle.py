"""A battle as the client follows it (M8-M12): a copy of the engine's battle moved on event by event as the
events' animations end, and set back to the view's battle whenever the table installs a view. The battle
overlay (scenes/battle.py) draws it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, cast

from engine import BattleView, LogEntry, Ruleset, views

from . import dice, words

LOCAL = "local_warrior"
# The events that say how a battle ended; the panel shows the latest in place of the last roll.
OUTCOMES = frozenset({"battle_won", "battle_won_at_once", "attack_cancelled", "retreat", "village_saved",
                      "conquest", "home_lost", "new_home"})


def table_cells(rules: Ruleset) -> list[tuple[list[int], str]]:
    """The battle table (M8.4) as cells: the faces that give each result, in order (1 | 2-3 | 4-5 | 6)."""
    return [(list(faces), result) for result, faces in groupby(range(1, 7), key=rules.battle_die.__getitem__)]


@dataclass
class Side:
    name: str
    front: dict[str, int] = field(default_factory=dict)
    back: dict[str, int] = field(default_factory=dict)
    panicked: dict[str, int] = field(default_factory=dict)
    cards: list[str] = field(default_factory=list)


@dataclass
class Roll:
    face: int
    modifier: int
    result: str
    seed: int | None
    again: bool = False                   # a card had it taken again (X24)

    @property
    def final(self) -> int:
        return min(6, max(1, self.face + self.modifier))


@dataclass
class BattleModel:
    """One battle as the panel shows it."""
    hex: str
    sides: tuple[Side, Side]
    locals: int = 0
    villages: int = 0
    rolls: list[Roll] = field(default_factory=list)
    outcome: list[str] = field(default_factory=list)          # what followed the last round, in words
    over: bool = False

    @classmethod
    def from_event(cls, e: Mapping[str, Any]) -> BattleModel:
        """The battle a `battle_started` event opens (read through its declared type)."""
        b = cast(views.BattleStartedEvent, e)
        front, back = b["front"], b["back"]
        attacker, defender = (Side(name, dict(front[i]), dict(back[i]))
                              for i, name in enumerate((b["attacker"], b["defender"])))
        # `.get` for these two: the engine always sends them, but a test sketches a battle without them
        return cls(b["hex"], (attacker, defender), int(b.get("local_warriors") or 0), int(b.get("villages") or 0))

    @classmethod
    def from_view(cls, b: BattleView) -> BattleModel:
        model = cls(str(b["hex"]), (Side(str(b["attacker"])), Side(str(b["defender"]))))
        model.sync(b)
        return model

    def sync(self, b: BattleView) -> None:
        """The view's battle is the truth: take its rows, local warriors, cards and villages."""
        for i, side in enumerate(self.sides):
            side.front = {k: n for k, n in b["front"][i].items() if k != LOCAL}
            side.back = dict((b.get("back") or [{}, {}])[i])
            side.panicked = dict(b["panicked"][i])
            side.cards = list((b.get("cards") or [[], []])[i])
        self.locals = int(b["front"][1].get(LOCAL, 0))
        self.villages = int(b.get("villages") or 0)

    def side_of(self, player: Any) -> Side | None:
        return next((s for s in self.sides if s.name == player), None)

    def apply(self, e: Mapping[str, Any]) -> None:
        """Move the copy on by one event of this battle (an engine event as the table shows it, with `_line`,
        and `throw_seed` on a die roll; its own fields are read through the declared type of its kind)."""
        if "kind" not in e:
            return
        ev = cast(LogEntry, e)
        if ev["kind"] == "battle_card":
            side = self.side_of(ev["player"])
            if side is not None:
                side.cards.append(ev["card"])
        elif ev["kind"] == "die_rolled":
            seed = e.get("throw_seed")
            self.rolls.append(Roll(int(ev["face"]), int(ev["modifier"]), ev["result"],
                                   None if seed is None else int(seed)))
        elif ev["kind"] == "reroll" and self.rolls:
            self.rolls[-1].again = True
        elif ev["kind"] in ("piece_panicked", "piece_removed"):
            piece = ev["piece"]
            side = self.sides[1] if piece == LOCAL else self.side_of(ev["player"])
            if piece == LOCAL:
                self.locals = max(0, self.locals - 1)
            elif side is not None and side.front.get(piece):
                side.front[piece] -= 1
                if not side.front[piece]:
                    del side.front[piece]
                if ev["kind"] == "piece_panicked":
                    side.panicked[piece] = side.panicked.get(piece, 0) + 1
        elif ev["kind"] == "battle_over":
            self.over = True
        if ev["kind"] in OUTCOMES and e.get("_line"):
            said, rule = e["_line"]
            self.outcome.append(words.text("battle.outcome", line=said.rstrip("."), rule=rule) if rule else said)

    @property
    def throw(self) -> dice.Throw | None:
        """The last die thrown, at rest in the tray until the next throw."""
        roll = self.rolls[-1] if self.rolls else None
        return None if roll is None or roll.seed is None else dice.throw(roll.face, roll.seed)
