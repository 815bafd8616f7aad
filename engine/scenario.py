"""Scenarios: a game position described as data (docs/SCENARIOS.md), for tests, tutorials and puzzles.

A scenario starts from the normal set-up of its players, seed and options (rules S1-S5) and then overrides what
it lists: the step and whose part it is, explorers, tiles, ocean markers, villages, pieces, cards, the advanced
rules' markers, and the outcomes queued for the cup, the tile stack, the deck and the die.

Every key and every value is checked like the rule files are: unknown keys, wrong types (no "true" for true),
repeats, and positions the rules do not allow are refused with ScenarioError naming the key.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from . import changes, flow
from .board import is_known
from .movement import FRESH, MOVE, SEATS, WALKED, Movement, canoe_moves
from .ruleset import PIECES, Ruleset, load_ruleset
from .schema import YAML_DEPTH, YAML_NODES, TooLarge, fraction, parse_yaml, read_capped
from .setup import SetupError, new_game
from .state import (
    AT_HOME,
    INDEPENDENT,
    KIND_INDEX,
    LOST,
    NOBODY,
    OUT_OF_GAME,
    OVER,
    STEP_NAMES,
    TRANSPORT,
    UNBUILT,
    GameState,
)
from .victory import start_track

STEPS = STEP_NAMES[:OVER]
SCENARIO_BYTES = 1 << 20            # a scenario file is at most 1 MiB
MAX_TURN = 9999
TOP_KEYS = {"players", "seed", "options", "turn", "step", "order", "active", "explorers", "tiles", "ocean",
            "islands", "pieces", "removed", "cards", "vp_track", "saved_bp", "kumara", "galapagos", "malaria",
            "cup_order", "stack_order", "deck_order", "dice", "moved", "note"}
TILE_KEYS = ("hex", "tile", "face_up", "orientation", "discovered_by")
ISLAND_KEYS = ("ig", "villages", "green_villages", "brown_villages", "ia", "controller", "capital", "home",
               "must_hold")
CARD_KEYS = ("hand", "shown", "spent")
MOVED_KEYS = ("hex", "piece", "moves_left", "passenger", "passenger_hex", "walked")
ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, MemoryError)


class ScenarioError(ValueError):
    """A scenario does not describe a position the rules allow; the message names the key."""


def _need(condition: object, where: str, message: str) -> None:
    if not condition:
        raise ScenarioError(f"{where}: {message}")


def read_scenario(data: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """A scenario as a plain dict, from a dict or from a YAML file's path (at most SCENARIO_BYTES, read with
    the safe loader and the alias and nesting limits of engine.schema.parse_yaml)."""
    if isinstance(data, (str, Path)):
        try:
            loaded, _ = parse_yaml(read_capped(data, SCENARIO_BYTES))
        except TooLarge as exc:
            raise ScenarioError(f"the scenario file {str(data)!r} is {exc}: a scenario file is at most "
                                f"{SCENARIO_BYTES:,} bytes") from None
        except (OSError, yaml.YAMLError, *ERRORS) as exc:      # ValueError: bad UTF-8, a 5,000-digit number
            problem = getattr(exc, "problem", None) or str(exc)
            raise ScenarioError(f"cannot read the scenario {str(data)!r}: {type(exc).__name__}: "
                                f"{problem[:200]}") from None
        data = loaded
    _need(isinstance(data, Mapping), "scenario", "expected a mapping")
    try:                                      # JSON-ready, so saves can hold it; fails on odd YAML types
        plain: dict[str, Any] = json.loads(json.dumps(data, allow_nan=False))
    except ERRORS as exc:                     # a cycle, a 5,000-digit number, a key that is not text...
        raise ScenarioError(f"scenario: not plain data ({type(exc).__name__}: {str(exc)[:200]})") from None
    _check_size(plain)
    return plain


def _check_size(data: Any) -> None:
    """The limits YAML files have, for scenarios given as data (a save's start): YAML_NODES values at most,
    nested at most YAML_DEPTH deep."""
    count, todo = 0, [(data, 1)]
    while todo:
        value, depth = todo.pop()
        count += 1
        _need(depth <= YAML_DEPTH, "scenario", f"nested deeper than {YAML_DEPTH} levels")
        _need(count <= YAML_NODES, "scenario", f"more than {YAML_NODES:,} values")
        if isinstance(value, dict):
            todo += [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            todo += [(v, depth + 1) for v in value]


def load_scenario(rules: Ruleset, data: Mapping[str, Any] | str | Path) -> GameState:
    """The position a scenario describes, ready to play on."""
    sc = read_scenario(data)
    builder = None
    try:
        unknown = set(sc) - TOP_KEYS
        _need(not unknown, "scenario", f"unknown keys {sorted(unknown)}; allowed: {sorted(TOP_KEYS)}")
        _need(isinstance(sc.get("players"), list) and all(isinstance(p, str) for p in sc["players"]),
              "players", "expected the list of homes in seat order")
        _need(sc.get("options") is None or isinstance(sc["options"], dict), "options",
              f"expected {{option: value}}, got {sc.get('options')!r}")
        try:
            state = new_game(rules, sc["players"], sc.get("seed", 0), sc.get("options"))
        except (SetupError, TypeError) as exc:
            raise ScenarioError(f"players/seed/options: {exc}") from None
        state.start = {"scenario": sc}
        state.clear_log()
        builder = _Builder(state)
        for key, build in (("tiles", builder.tiles), ("ocean", builder.ocean), ("explorers", builder.explorers),
                           ("islands", builder.islands), ("pieces", builder.pieces), ("removed", builder.removed),
                           ("cards", builder.cards), ("advanced", builder.advanced), ("queues", builder.queues),
                           ("step", builder.step), ("moved", builder.moved)):
            builder.at = key
            build(sc)
        return state
    except ScenarioError:
        raise
    except ERRORS as exc:
        # A safety net: the checks name the key; a value they missed is still refused as a bad scenario.
        where = builder.at if builder is not None else "scenario"
        raise ScenarioError(f"{where}: cannot be set up ({type(exc).__name__}: {str(exc)[:200]})") from None


def start_game(start: Any, rules: Ruleset | None) -> GameState:
    """A game from a save's `start` record: a seed, homes and options, or an embedded scenario (a mapping:
    a save never makes the engine open another file)."""
    rules = rules or load_ruleset()
    _need(isinstance(start, dict), "start", "expected a mapping")
    if "scenario" in start:
        _need(set(start) == {"scenario"}, "start", f"a scenario start holds only the scenario, got {sorted(start)}")
        _need(isinstance(start["scenario"], dict), "start.scenario",
              "expected the scenario itself (a mapping), not the name of a file")
        return load_scenario(rules, start["scenario"])
    unknown = set(start) - {"seed", "homes", "options"}
    _need(not unknown, "start", f"unknown keys {sorted(unknown)}; allowed: homes, options, seed (or scenario)")
    _need("homes" in start and "seed" in start, "start", "expected the homes and the seed")
    homes = start["homes"]
    _need((type(homes) is int) or (isinstance(homes, list) and all(isinstance(h, str) for h in homes)),
          "start.homes", f"expected a player count or the list of homes, got {homes!r}")
    _need(start.get("options") is None or isinstance(start["options"], dict), "start.options",
          f"expected {{option: value}}, got {start.get('options')!r}")
    try:
        return new_game(rules, homes, start["seed"], start.get("options"))
    except (SetupError, *ERRORS) as exc:
        raise ScenarioError(f"start: {exc}") from None


class _Builder:
    """Applies a scenario's overrides to a freshly set-up state, checking each value."""

    def __init__(self, state: GameState):
        self.s = state
        self.rules = state.rules
        self.at = "scenario"              # the key being built, for the safety net's message

    def player(self, name: Any, where: str) -> int:
        _need(isinstance(name, str) and name in self.s.names, where,
              f"expected one of the players {list(self.s.names)}, got {name!r}")
        return self.s.names.index(name)

    def players(self, names: Any, where: str) -> list[int]:
        """A list of distinct players."""
        _need(isinstance(names, list), where, "expected a list of players")
        out = [self.player(name, f"{where}[{i}]") for i, name in enumerate(names)]
        _need(len(set(out)) == len(out), where, "a player is listed twice")
        return out

    def hex(self, name: Any, where: str) -> int:
        _need(isinstance(name, str) and self.rules.map.has_name(name), where,
              f"expected a hex label such as \"0712\" or a printed name, got {name!r}")
        return self.rules.map.hex_of(name)

    def known_hex(self, name: Any, where: str) -> int:
        """A hex that is known (M4.1): printed, explored ocean or a face-up tile; pieces stand only there."""
        h = self.hex(name, where)
        _need(is_known(self.s, h), where, f"{name} is not explored (list its tile face up, or an ocean marker)")
        return h

    def mapping(self, sc: Mapping[str, Any], key: str, expected: str) -> dict[str, Any]:
        data: dict[str, Any] = sc.get(key, {})
        _need(isinstance(data, dict), key, f"expected {expected}")
        return data

    def records(self, sc: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> list[dict[str, Any]]:
        """A list of records whose keys are all among `allowed`."""
        data: list[dict[str, Any]] = sc.get(key, [])
        _need(isinstance(data, list), key, "expected a list")
        for i, rec in enumerate(data):
            _need(isinstance(rec, dict), f"{key}[{i}]", f"expected {{{', '.join(allowed)}}}")
            bad = set(rec) - set(allowed)
            _need(not bad, f"{key}[{i}]", f"unknown keys {sorted(bad)}; allowed: {', '.join(allowed)}")
        return data

    def number(self, rec: Mapping[str, Any], key: str, lo: int, hi: int, where: str, default: int = 0) -> int:
        """A whole number from lo to hi (never a bool or a text)."""
        value: int = rec.get(key, default)
        _need(type(value) is int and lo <= value <= hi, where, f"expected a whole number from {lo} to {hi}, "
              f"got {value!r}")
        return value

    def flag(self, rec: Mapping[str, Any], key: str, where: str, default: bool = False) -> bool:
        """true or false (never "true", 1 or "yes")."""
        value: bool = rec.get(key, default)
        _need(isinstance(value, bool), where, f"expected true or false, got {value!r}")
        return value

    def option(self, key: str, option: str, rule: str) -> None:
        _need(bool(self.s.options.get(option)), key, f"needs the option {option} (rule {rule})")

    def explorers(self, sc: Mapping[str, Any]) -> None:
        data = self.mapping(sc, "explorers", "{player: home | lost | hex}")
        for name, where in data.items():
            p = self.player(name, f"explorers.{name}")
            self.s.explorer[p] = (AT_HOME if where == "home" else LOST if where == "lost"
                                  else self.known_hex(where, f"explorers.{name}"))

    def tiles(self, sc: Mapping[str, Any]) -> None:
        data = self.records(sc, "tiles", TILE_KEYS)
        names = {t.name: t.id for t in self.rules.tiles}
        hexes: set[int] = set()
        tiles: set[int] = set()
        for i, rec in enumerate(data):
            at = f"tiles[{i}]"
            h = self.hex(rec.get("hex"), f"{at}.hex")
            tile: Any = rec.get("tile")
            _need(isinstance(tile, str) and tile in names, f"{at}.tile", f"expected a tile name, got {tile!r}")
            tid = names[tile]
            _need(h not in hexes, f"{at}.hex", f"the hex {rec['hex']} is listed twice")
            _need(tid not in tiles, f"{at}.tile", f"{tile} is listed twice")
            hexes.add(h)
            tiles.add(tid)
            _need(self.rules.map.kinds[h] == "unknown", f"{at}.hex", "tiles lie only on explorable hexes")
            _need(self.s.tile[h] < 0 or self.s.tile[h] == names[tile], f"{at}.hex",
                  f"the hex already holds {self.s.ig_name(h)}")
            _need(not self.s.ocean[h], f"{at}.hex", "the hex already holds an ocean marker (set-up)")
            face_up = self.flag(rec, "face_up", f"{at}.face_up", True)
            orientation = self.number(rec, "orientation", 0, 5, f"{at}.orientation")
            discoverers = self.players(rec.get("discovered_by", []), f"{at}.discovered_by")
            if tid in self.s.stack:
                self.s.stack.remove(tid)
                self.spend_marker("island", at)
            else:
                _need(tid in self.s.tile, f"{at}.tile", f"{tile} is not in the tile stack")
                self.s.tile[self.s.tile.index(tid)] = -1
            self.s.tile[h] = tid
            self.s.tile_up[h] = face_up
            self.s.orient[h] = orientation
            mask = 0
            for p in discoverers:
                mask |= 1 << p
            _need(self.s.tile_up[h] or mask, f"{at}.discovered_by", "a face-down tile needs its discoverers")
            self.s.discovered[h] = 0 if self.s.tile_up[h] else mask

    def ocean(self, sc: Mapping[str, Any]) -> None:
        data = sc.get("ocean", [])
        _need(isinstance(data, list), "ocean", "expected a list of hexes")
        for i, name in enumerate(data):
            h = self.hex(name, f"ocean[{i}]")
            _need(self.rules.map.kinds[h] == "unknown" and self.s.tile[h] < 0, f"ocean[{i}]",
                  "ocean markers lie only on explorable hexes without a tile")
            _need(not self.s.ocean[h], f"ocean[{i}]", f"{name} already holds an ocean marker (listed twice, or "
                  f"placed at set-up)")
            self.s.ocean[h] = True
            self.spend_marker("ocean", f"ocean[{i}]")

    def spend_marker(self, kind: str, where: str) -> None:
        """A discovery listed by the scenario used a marker of that kind: take the commonest one from the cup."""
        kinds = [m for m in self.rules.markers if m.kind == kind and self.s.cup[m.id]]
        _need(bool(kinds), where, f"the discovery cup has no {kind} marker left for this")
        self.s.cup[max(kinds, key=lambda m: self.s.cup[m.id]).id] -= 1

    def islands(self, sc: Mapping[str, Any]) -> None:
        data = self.records(sc, "islands", ISLAND_KEYS)
        seen: set[int] = set()
        for i, rec in enumerate(data):
            at = f"islands[{i}]"
            h = self.hex(rec.get("ig"), f"{at}.ig")
            _need(h not in seen, f"{at}.ig", f"{rec['ig']} is listed twice")
            seen.add(h)
            squares = self.s.ig_squares(h)
            if squares is None:
                raise ScenarioError(f"{at}.ig: no island group is known there")
            green, brown, _atoll = squares
            ia = self.number(rec, "ia", 0, brown, f"{at}.ia")
            if "green_villages" in rec or "brown_villages" in rec:
                on_green = self.number(rec, "green_villages", 0, green, f"{at}.green_villages")
                _need(type(rec.get("brown_villages", 0)) is int and 0 <= rec.get("brown_villages", 0) <= ia,
                      f"{at}.brown_villages", f"expected 0 to {ia}: villages on brown squares need improved "
                      f"agriculture there (ia), got {rec.get('brown_villages')!r}")
                on_brown = rec.get("brown_villages", 0)
                villages = on_green + on_brown
                _need("villages" not in rec or (type(rec["villages"]) is int and rec["villages"] == villages),
                      f"{at}.villages",
                      f"expected {villages} (green_villages plus brown_villages) or nothing")
            else:
                villages = self.number(rec, "villages", 0, green + ia, f"{at}.villages")
                on_green = min(villages, green)
                on_brown = villages - on_green
            self.s.ia[h] = ia
            self.s.green_villages[h] = on_green
            self.s.ia_villages[h] = on_brown
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
            for key, table in (("home", self.s.home), ("capital", self.s.capital)):
                if self.flag(rec, key, f"{at}.{key}"):
                    _need(self.s.controller[h] >= 0, f"{at}.{key}",
                          f"a {key} is an IG its player controls: give the controller (a player)")
                    table[self.s.controller[h]] = h
            for p in range(self.s.players):
                if self.s.capital[p] == h and self.s.controller[h] != p:
                    self.s.capital[p] = -1
            if "must_hold" in rec:
                _need(h in self.rules.map.island_at, f"{at}.must_hold", "only a printed IG is held this way")
                self.s.must_hold[h] = self.player(rec["must_hold"], f"{at}.must_hold")

    def pieces(self, sc: Mapping[str, Any]) -> None:
        data = self.mapping(sc, "pieces", "{player: [{hex, kind: count, face_up_canoe}]}")
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
                h = self.known_hex(rec.get("hex"), f"{at}.hex")
                for kind in PIECES:
                    count = rec.get(kind, 0)
                    _need(type(count) is int and 0 <= count <= len(free[kind]), f"{at}.{kind}",
                          f"expected 0 to {len(free[kind])} (the counter mix left)")
                    for _ in range(count):
                        self.s.piece_hex[free[kind].pop(0)] = h
                if self.flag(rec, "face_up_canoe", f"{at}.face_up_canoe"):
                    canoes = self.s.pieces_of(p, TRANSPORT, h)
                    _need(bool(canoes), f"{at}.face_up_canoe", "needs a transport canoe in the stack")
                    self.s.piece_up[canoes[0]] = True

    def removed(self, sc: Mapping[str, Any]) -> None:
        """Pieces out of the game (e.g. removed to save a village, M10): taken from the unbuilt pool."""
        data = self.mapping(sc, "removed", "{player: {kind: count}}")
        for name, rec in data.items():
            p = self.player(name, f"removed.{name}")
            _need(isinstance(rec, dict), f"removed.{name}", f"expected {{kind: count}} with kinds {list(PIECES)}")
            bad = set(rec) - set(PIECES)
            _need(not bad, f"removed.{name}", f"unknown keys {sorted(bad)}; allowed: {', '.join(PIECES)}")
            for kind, count in rec.items():
                free = self.s.pieces_of(p, KIND_INDEX[kind], UNBUILT)
                _need(type(count) is int and 0 <= count <= len(free), f"removed.{name}.{kind}",
                      f"expected 0 to {len(free)} (the unbuilt {kind}s left), got {count!r}")
                for pid in free[:count]:
                    self.s.piece_hex[pid] = OUT_OF_GAME

    def cards(self, sc: Mapping[str, Any]) -> None:
        data = self.mapping(sc, "cards", "{player: {hand: [...], shown: [...], spent: [...]}}")
        keys = {c.key: c.id for c in self.rules.cards}
        for name, rec in data.items():
            p = self.player(name, f"cards.{name}")
            _need(isinstance(rec, dict), f"cards.{name}", "expected {hand: [...], shown: [...], spent: [...]}")
            bad = set(rec) - set(CARD_KEYS)
            _need(not bad, f"cards.{name}", f"unknown keys {sorted(bad)}; allowed: {', '.join(CARD_KEYS)}")
            for pile in CARD_KEYS:
                cards = rec.get(pile, [])
                _need(isinstance(cards, list), f"cards.{name}.{pile}", "expected a list of card ids")
                for i, key in enumerate(cards):
                    at = f"cards.{name}.{pile}[{i}]"
                    _need(isinstance(key, str) and key in keys, at, f"expected a card id, got {key!r}")
                    if pile == "spent":       # B4: a one-time power used; the card lies face up
                        shown = self.s.shown[p]
                        _need(shown.count(keys[key]) > self.s.spent[p].count(keys[key]), at,
                              f"a spent card is one of the player's face-up cards: list {key} in shown too")
                        self.s.spent[p].append(keys[key])
                        continue
                    _need(keys[key] in self.s.deck, at, f"no copy of {key} is left in the deck")
                    self.s.deck.remove(keys[key])
                    getattr(self.s, pile)[p].append(keys[key])

    def advanced(self, sc: Mapping[str, Any]) -> None:
        """The advanced rules' state: A2's saved BP, A3's malaria begun, A5's Kumara and Galapagos markers."""
        s = self.s
        saved = self.mapping(sc, "saved_bp", "{player: BP}")
        if saved:
            self.option("saved_bp", "saved_resources", "A2")
        most = self.rules.limits["saved_build_points"]
        for name in saved:
            s.saved_bp[self.player(name, f"saved_bp.{name}")] = self.number(saved, name, 0, most,
                                                                            f"saved_bp.{name}")
        for key in ("kumara", "galapagos"):
            owners = self.players(sc.get(key, []), key)
            if owners:
                self.option(key, "kumara", "A5")
            for p in owners:
                getattr(s.adv, key)[p] = True
        if self.flag(sc, "malaria", "malaria"):
            self.option("malaria", "malaria", "A3")
            s.adv.malaria = True

    def queues(self, sc: Mapping[str, Any]) -> None:
        """Outcomes fixed in advance: the next draws from the cup, stack and deck, the next die rolls."""
        names: dict[str, tuple[str, dict[Any, int]]] = {      # key -> (pile, the words it takes -> ids)
            "cup_order": ("cup", {m.name.replace(" ", "_"): m.id for m in self.rules.markers}),
            "stack_order": ("tiles", {t.name: t.id for t in self.rules.tiles}),
            "deck_order": ("deck", {c.key: c.id for c in self.rules.cards}),
            "dice": ("dice", {f: f for f in range(1, 7)})}
        for key, (pile, lookup) in names.items():
            values = sc.get(key)
            if values is None:
                continue
            _need(isinstance(values, list), key, "expected a list")
            queue = []
            for i, v in enumerate(values):
                _need(type(v) is (int if key == "dice" else str) and v in lookup, f"{key}[{i}]",
                      f"expected one of {sorted(lookup)}, got {v!r}")
                queue.append(lookup[v])
            self.s.queued[pile] = queue

    def moved(self, sc: Mapping[str, Any]) -> None:
        """The active player's Movement & Battle step under way (M4, M5, X18): Transit is over, and each record
        names a canoe or rumor with the moves it has left, and the band or colony that canoe has moved this turn
        (it rides only that canoe from now on); or, A4, a band or colony that has walked."""
        records = self.records(sc, "moved", MOVED_KEYS)
        if not records:
            return
        sub = self.s.sub
        if not (isinstance(sub, Movement) and sub.battle is None and not sub.battles):
            raise ScenarioError("moved: needs step: movement, before any battle")
        sub.phase = MOVE
        player, allowance = sub.player, canoe_moves(self.s, sub.player)
        touched: set[int] = set()
        for i, rec in enumerate(records):
            at = f"moved[{i}]"
            h = self.known_hex(rec.get("hex"), f"{at}.hex")
            if "walked" in rec:
                _need(set(rec) <= {"hex", "walked"}, at, "a walker is {hex, walked}")
                self.option(f"{at}.walked", "south_island", "A4")
                passenger = self.passenger(rec["walked"], sub, h, f"{at}.walked")
                sub.carrier[passenger] = WALKED
                continue
            kind: Any = rec.get("piece")
            _need(kind in ("transport_canoe", "war_canoe", "rumor"), f"{at}.piece",
                  f"expected transport_canoe, war_canoe or rumor, got {kind!r}")
            free = [pid for pid in self.s.pieces_of(player, KIND_INDEX[kind], h) if pid not in touched]
            _need(bool(free), f"{at}.piece", f"{self.s.names[player]} has no other {kind} at {rec['hex']}")
            pid = free[0]
            touched.add(pid)
            sub.moves[pid] = self.number(rec, "moves_left", 0, allowance, f"{at}.moves_left")
            if "passenger" in rec:
                where = self.known_hex(rec["passenger_hex"], f"{at}.passenger_hex") if "passenger_hex" in rec else h
                passenger = self.passenger(rec["passenger"], sub, where, f"{at}.passenger")
                _need(KIND_INDEX[kind] in SEATS[self.s.piece_kind[passenger]], f"{at}.passenger",
                      f"a {kind} does not carry a {rec['passenger']} (M5)")
                sub.carrier[passenger] = pid
            else:
                _need("passenger_hex" not in rec, f"{at}.passenger_hex", "needs a passenger")

    def passenger(self, kind: Any, sub: Movement, h: int, where: str) -> int:
        """A band or colony of the player in a hex that no canoe has moved yet this turn (for `moved`)."""
        _need(kind in ("warrior_band", "colony"), where, f"expected warrior_band or colony, got {kind!r}")
        free = [pid for pid in self.s.pieces_of(sub.player, KIND_INDEX[kind], h) if sub.carrier[pid] == FRESH]
        _need(bool(free), where, f"{self.s.names[sub.player]} has no other {kind} at {self.rules.map.labels[h]} "
              f"that has not moved")
        return free[0]

    def step(self, sc: Mapping[str, Any]) -> None:
        s = self.s
        s.turn = self.number(sc, "turn", 1, MAX_TURN, "turn", 1)
        step = sc.get("step", "turn_order")
        _need(isinstance(step, str) and step in STEPS, "step", f"expected one of {list(STEPS)}, got {step!r}")
        order = sc.get("order", list(s.names))
        _need(isinstance(order, list) and all(isinstance(n, str) for n in order)
              and sorted(order) == sorted(s.names), "order", f"expected every player once, got {order!r}")
        s.order = tuple(s.names.index(n) for n in order)
        active = sc.get("active", order[0])
        _need(isinstance(active, str) and active in order, "active", f"expected one of {order}, got {active!r}")
        track = sc.get("vp_track")
        start_track(s)             # a track set by hand keeps the recount's parts until a Victory step recounts
        if track is not None:
            _need(isinstance(track, dict), "vp_track", "expected {player: VP}")
            for name, value in track.items():
                p = self.player(name, f"vp_track.{name}")
                points = fraction(value)
                if points is None:
                    raise ScenarioError(f"vp_track.{name}: expected a number of VP from 0, such as 7 or \"15/2\", "
                                        f"got {value!r}")
                s.vp_track[p] = points
        s.vp_history = ()
        changes.record_vp(s, s.turn - 1)
        s.step, s.active, s.sub = STEPS.index(step), order.index(active), None
        s.add_log(flow.step_module(s).begin(s))
