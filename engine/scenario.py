"""Scenarios: a game position described as data (docs/SCENARIOS.md), for tests, tutorials and puzzles.

A scenario starts from the normal set-up of its players, seed and options (rules S1-S5) and then overrides what
it lists: the step and whose part it is, explorers, tiles, ocean markers, villages, pieces, cards, and the
outcomes queued for the cup, the tile stack, the deck and the die.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

import yaml

from . import flow
from .ruleset import PIECES, Ruleset, load_ruleset
from .setup import SetupError, new_game
from .state import (AT_HOME, INDEPENDENT, KIND_INDEX, LOST, NOBODY, STEP_NAMES, TRANSPORT, UNBUILT, GameState,
                    OVER, Journal)
from .victory import vp

STEPS = STEP_NAMES[:OVER]
TOP_KEYS = {"players", "seed", "options", "turn", "step", "order", "active", "explorers", "tiles", "ocean",
            "islands", "pieces", "cards", "vp_track", "cup_order", "stack_order", "deck_order", "dice", "note"}


class ScenarioError(ValueError):
    """A scenario does not describe a position the rules allow; the message names the key."""


def _need(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise ScenarioError(f"{where}: {message}")


def read_scenario(data: Mapping | str | Path) -> dict[str, Any]:
    """A scenario as a plain dict, from a dict or from a YAML file's path."""
    if isinstance(data, (str, Path)):
        try:
            loaded = yaml.safe_load(Path(data).read_text(encoding="utf-8"))
        except (OSError, ValueError, yaml.YAMLError) as exc:
            raise ScenarioError(f"cannot read the scenario {data!r}: {exc}") from None
        data = loaded
    _need(isinstance(data, Mapping), "scenario", "expected a mapping")
    plain = json.loads(json.dumps(data))      # JSON-ready, so saves can hold it; fails on odd YAML types
    return plain


def load_scenario(rules: Ruleset, data: Mapping | str | Path) -> GameState:
    """The position a scenario describes, ready to play on."""
    sc = read_scenario(data)
    unknown = set(sc) - TOP_KEYS
    _need(not unknown, "scenario", f"unknown keys {sorted(unknown)}; allowed: {sorted(TOP_KEYS)}")
    _need(isinstance(sc.get("players"), list), "players", "expected the list of homes in seat order")
    try:
        state = new_game(rules, sc["players"], sc.get("seed", 0), sc.get("options"))
    except (SetupError, TypeError) as exc:
        raise ScenarioError(f"players/seed/options: {exc}") from None
    state.start = {"scenario": sc}
    state.log = Journal()
    builder = _Builder(state)
    builder.explorers(sc.get("explorers", {}))
    builder.tiles(sc.get("tiles", []))
    builder.ocean(sc.get("ocean", []))
    builder.islands(sc.get("islands", []))
    builder.pieces(sc.get("pieces", {}))
    builder.cards(sc.get("cards", {}))
    builder.queues(sc)
    builder.step(sc)
    return state


def start_game(start: Any, rules: Ruleset | None) -> GameState:
    """A game from a save's `start` record: a seed, homes and options, or a scenario."""
    rules = rules or load_ruleset()
    _need(isinstance(start, dict), "start", "expected a mapping")
    if "scenario" in start:
        return load_scenario(rules, start["scenario"])
    try:
        return new_game(rules, start["homes"], start["seed"], start.get("options"))
    except (KeyError, TypeError, SetupError) as exc:
        raise ScenarioError(f"start: {exc}") from None


class _Builder:
    """Applies a scenario's overrides to a freshly set-up state, checking each value."""

    def __init__(self, state: GameState):
        self.s = state
        self.rules = state.rules

    def player(self, name: Any, where: str) -> int:
        _need(name in self.s.names, where, f"expected one of the players {list(self.s.names)}, got {name!r}")
        return self.s.names.index(name)

    def hex(self, name: Any, where: str) -> int:
        _need(isinstance(name, str) and self.rules.map.has_name(name), where,
              f"expected a hex label such as \"0712\" or a printed name, got {name!r}")
        return self.rules.map.hex_of(name)

    def explorers(self, data: Mapping) -> None:
        _need(isinstance(data, dict), "explorers", "expected {player: home | lost | hex}")
        for name, where in data.items():
            p = self.player(name, f"explorers.{name}")
            self.s.explorer[p] = (AT_HOME if where == "home" else LOST if where == "lost"
                                  else self.hex(where, f"explorers.{name}"))

    def tiles(self, data: list) -> None:
        _need(isinstance(data, list), "tiles", "expected a list")
        names = {t.name: t.id for t in self.rules.tiles}
        for i, rec in enumerate(data):
            at = f"tiles[{i}]"
            _need(isinstance(rec, dict), at, "expected {hex, tile, face_up, orientation, discovered_by}")
            h = self.hex(rec.get("hex"), f"{at}.hex")
            tile = rec.get("tile")
            _need(tile in names, f"{at}.tile", f"expected a tile name, got {tile!r}")
            tid = names[tile]
            _need(self.rules.map.kinds[h] == "unknown", f"{at}.hex", "tiles lie only on explorable hexes")
            _need(self.s.tile[h] < 0 or self.s.tile[h] == names[tile], f"{at}.hex",
                  f"the hex already holds {self.s.ig_name(h)}")
            if tid in self.s.stack:
                self.s.stack.remove(tid)
                self.spend_marker("island", at)
            else:
                _need(tid in self.s.tile, f"{at}.tile", f"{tile} is not in the tile stack")
                self.s.tile[self.s.tile.index(tid)] = -1
            self.s.tile[h] = tid
            self.s.tile_up[h] = bool(rec.get("face_up", True))
            self.s.orient[h] = int(rec.get("orientation", 0)) % 6
            mask = 0
            for name in rec.get("discovered_by", []):
                mask |= 1 << self.player(name, f"{at}.discovered_by")
            _need(self.s.tile_up[h] or mask, f"{at}.discovered_by", "a face-down tile needs its discoverers")
            self.s.discovered[h] = 0 if self.s.tile_up[h] else mask

    def ocean(self, data: list) -> None:
        _need(isinstance(data, list), "ocean", "expected a list of hexes")
        for i, name in enumerate(data):
            h = self.hex(name, f"ocean[{i}]")
            _need(self.rules.map.kinds[h] == "unknown" and self.s.tile[h] < 0, f"ocean[{i}]",
                  "ocean markers lie only on explorable hexes without a tile")
            self.s.ocean[h] = True
            self.spend_marker("ocean", f"ocean[{i}]")

    def spend_marker(self, kind: str, where: str) -> None:
        """A discovery listed by the scenario used a marker of that kind: take the commonest one from the cup."""
        kinds = [m for m in self.rules.markers if m.kind == kind and self.s.cup[m.id]]
        _need(bool(kinds), where, f"the discovery cup has no {kind} marker left for this")
        self.s.cup[max(kinds, key=lambda m: self.s.cup[m.id]).id] -= 1

    def islands(self, data: list) -> None:
        _need(isinstance(data, list), "islands", "expected a list")
        for i, rec in enumerate(data):
            at = f"islands[{i}]"
            _need(isinstance(rec, dict), at, "expected {ig, villages, ia, controller, capital}")
            h = self.hex(rec.get("ig"), f"{at}.ig")
            squares = self.s.ig_squares(h)
            _need(squares is not None, f"{at}.ig", "no island group is known there")
            green, brown, atoll = squares
            ia = rec.get("ia", 0)
            villages = rec.get("villages", 0)
            _need(isinstance(ia, int) and 0 <= ia <= brown, f"{at}.ia", f"expected 0 to {brown}")
            _need(isinstance(villages, int) and 0 <= villages <= green + ia, f"{at}.villages",
                  f"expected 0 to {green + ia} (green squares plus improved brown ones)")
            self.s.ia[h] = ia
            self.s.green_villages[h] = min(villages, green)
            self.s.ia_villages[h] = villages - self.s.green_villages[h]
            owner = rec.get("controller")
            if owner == "independent":
                _need(h in self.rules.map.island_at and not villages, f"{at}.controller",
                      "only an unconquered printed IG without villages is independent")
                self.s.set_controller(h, INDEPENDENT)
            elif owner is None:
                _need(not villages, f"{at}.controller", "an IG with villages has a controller (rule V2)")
                self.s.set_controller(h, NOBODY)
            else:
                self.s.set_controller(h, self.player(owner, f"{at}.controller"))
                _need(villages > 0, f"{at}.villages", "a controlled IG has at least one village (rule V2)")
            if rec.get("home"):
                self.s.home[self.s.controller[h]] = h
            if rec.get("capital"):
                self.s.capital[self.s.controller[h]] = h
            for p in range(self.s.players):
                if self.s.capital[p] == h and self.s.controller[h] != p:
                    self.s.capital[p] = -1
            if "must_hold" in rec:
                self.s.must_hold[h] = self.player(rec["must_hold"], f"{at}.must_hold")

    def pieces(self, data: Mapping) -> None:
        _need(isinstance(data, dict), "pieces", "expected {player: [{hex, kind: count, face_up_canoe}]}")
        for name, stacks in data.items():
            p = self.player(name, f"pieces.{name}")
            for pid in self.s.pieces_of(p):
                self.s.piece_hex[pid], self.s.piece_up[pid] = UNBUILT, False
            free = {k: self.s.pieces_of(p, KIND_INDEX[k]) for k in PIECES}
            _need(isinstance(stacks, list), f"pieces.{name}", "expected a list of stacks")
            for i, rec in enumerate(stacks):
                at = f"pieces.{name}[{i}]"
                _need(isinstance(rec, dict), at, "expected {hex, <kind>: count, face_up_canoe}")
                bad = set(rec) - {"hex", "face_up_canoe", *PIECES}
                _need(not bad, at, f"unknown keys {sorted(bad)}")
                h = self.hex(rec.get("hex"), f"{at}.hex")
                for kind in PIECES:
                    count = rec.get(kind, 0)
                    _need(isinstance(count, int) and 0 <= count <= len(free[kind]), f"{at}.{kind}",
                          f"expected 0 to {len(free[kind])} (the counter mix left)")
                    for _ in range(count):
                        self.s.piece_hex[free[kind].pop(0)] = h
                if rec.get("face_up_canoe"):
                    canoes = [pid for pid in self.s.pieces_of(p, TRANSPORT, h)]
                    _need(bool(canoes), f"{at}.face_up_canoe", "needs a transport canoe in the stack")
                    self.s.piece_up[canoes[0]] = True

    def cards(self, data: Mapping) -> None:
        _need(isinstance(data, dict), "cards", "expected {player: {hand: [...], shown: [...]}}")
        keys = {c.key: c.id for c in self.rules.cards}
        for name, rec in data.items():
            p = self.player(name, f"cards.{name}")
            _need(isinstance(rec, dict), f"cards.{name}", "expected {hand: [...], shown: [...]}")
            for pile in ("hand", "shown"):
                for i, key in enumerate(rec.get(pile, [])):
                    at = f"cards.{name}.{pile}[{i}]"
                    _need(key in keys, at, f"expected a card id, got {key!r}")
                    _need(keys[key] in self.s.deck, at, f"no copy of {key} is left in the deck")
                    self.s.deck.remove(keys[key])
                    getattr(self.s, pile)[p].append(keys[key])

    def queues(self, sc: Mapping) -> None:
        """Outcomes fixed in advance: the next draws from the cup, stack and deck, the next die rolls."""
        names = {"cup_order": ("cup", {m.name.replace(" ", "_"): m.id for m in self.rules.markers}),
                 "stack_order": ("tiles", {t.name: t.id for t in self.rules.tiles}),
                 "deck_order": ("deck", {c.key: c.id for c in self.rules.cards}),
                 "dice": ("dice", {str(f): f for f in range(1, 7)})}
        for key, (pile, lookup) in names.items():
            values = sc.get(key)
            if values is None:
                continue
            _need(isinstance(values, list), key, "expected a list")
            queue = []
            for i, v in enumerate(values):
                _need(str(v) in lookup, f"{key}[{i}]", f"expected one of {sorted(lookup)}, got {v!r}")
                queue.append(lookup[str(v)])
            self.s.queued[pile] = queue

    def step(self, sc: Mapping) -> None:
        s = self.s
        s.turn = sc.get("turn", 1)
        _need(isinstance(s.turn, int) and s.turn >= 1, "turn", "expected a turn number from 1")
        step = sc.get("step", "turn_order")
        _need(step in STEPS, "step", f"expected one of {list(STEPS)}, got {step!r}")
        order = sc.get("order", list(s.names))
        _need(isinstance(order, list) and sorted(order) == sorted(s.names), "order",
              f"expected every player once, got {order!r}")
        s.order = tuple(s.names.index(n) for n in order)
        active = sc.get("active", order[0])
        _need(active in order, "active", f"expected one of {order}, got {active!r}")
        track = sc.get("vp_track")
        if track is None:
            s.vp_track = [vp(s, p) for p in range(s.players)]
        else:
            _need(isinstance(track, dict), "vp_track", "expected {player: VP}")
            for name, value in track.items():
                _need(isinstance(value, (int, str)), f"vp_track.{name}", "expected a number such as 7 or \"15/2\"")
                s.vp_track[self.player(name, f"vp_track.{name}")] = Fraction(value)
        s.step, s.active, s.sub = STEPS.index(step), order.index(active), None
        s.add_log(flow.step_module(s).begin(s))
