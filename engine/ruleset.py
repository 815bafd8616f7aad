"""Loading config/ into a frozen, validated Ruleset shared by every game state.

Each YAML file has one schema below. Structural checks come first (types, ranges, unknown keys, a `source` on
every record); then cross-file checks (unknown references, duplicates, map connectivity, counts that must agree).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from . import hexgrid
from .hexmap import CELL_KINDS, ISLAND, UNKNOWN, HexMap, PrintedIG, SetupOcean, SetupTile
from .schema import (
    Bool,
    Check,
    ConfigError,
    Frac,
    Int,
    ListOf,
    OneOf,
    Record,
    Str,
    Where,
    ascii_digits,
    read_yaml,
    unique,
)

V = TypeVar("V")
# The checked data of one file, as the schemas return it (plain dicts, tuples and values).
Data = dict[str, Any]

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"
PIECES = ("transport_canoe", "war_canoe", "warrior_band", "colony", "rumor")
MARKER_KINDS = ("island", "ocean", "off_course")
BATTLE_RESULTS = ("attacker_removed", "attacker_panics", "defender_panics", "defender_removed")
REGIONS = ("melanesia", "micronesia", "polynesia")
SIDES = OneOf("attack", "defend", "any")
Direction = Int(0, 5)
HexLabel = Check(Str(), lambda s: ascii_digits(s, 4), 'a hex label of four digits "CCRR"')

# --- schemas, one per file ------------------------------------------------------------------------------------

RULES = Record({
    "costs": Record({k: Int(0, 9) for k in (*PIECES, "improved_agriculture", "village", "card")}),
    "limits": Record({"new_villages_per_ig_per_turn": Int(1, 9), "cards_bought_per_turn": Int(1, 9),
                      "canoe_moves": Int(1, 9), "discovered_markers": Int(1, 9),
                      "saved_build_points": Int(0, 9), "variable_starting_bp": Int(0, 20),
                      "random_events_from_vp": Int(0, 99)}),
    "victory_points": Record({"village": Frac(), "linked_ig": Frac(), "linked_atoll": Frac(),
                              "kumara": Frac(), "starting": Int(0, 99)}),
    "thresholds": Record({"2": Int(1, 99), "3": Int(1, 99), "4": Int(1, 99),
                          "variable_end_window": Int(0, 20)}),
    "exploration": Record({"continue_max": Int(0, 20), "must_return": Int(0, 20), "lost_at": Int(0, 20),
                           "penalty_knots": Int(0, 9)}),
    "battle_die": Record({str(face): OneOf(*BATTLE_RESULTS) for face in range(1, 7)}),
    "local_warriors": ListOf(Record({"villages_min": Int(0, 9), "villages_max": Int(0, 9),
                                     "warriors": Int(0, 9)}), 1),
    "turn_order_ties": ListOf(Str(), 2),
    "setup": ListOf(Record({"players": Int(2, 4), "homes": ListOf(Str(), 2, 4),
                            "tiles_placed": ListOf(Str()), "ocean_markers_placed": Int(0, 9),
                            "island_markers_removed": Int(0, 29)}), 3, 3),
    "starting_pieces": Record({"warrior_band": Int(0, 9)},
                              {k: Int(0, 9) for k in PIECES if k != "warrior_band"}),
    "counter_mix": Record({k: Int(0, 30) for k in PIECES}),
})

MAP = Record({
    "projection": Str(), "columns": Int(4, 60), "rows": Int(4, 60), "grid": ListOf(Str(), 4, 60),
    "island_groups": ListOf(Record(
        {"name": Str(), "hex": HexLabel, "green": Int(0, 6), "brown": Int(0, 3), "atoll": Bool(),
         "local_warriors": Int(0, 3), "region": OneOf(*REGIONS)},
        {"home": Bool(), "orientation": Direction, "malaria": ListOf(Int(1, 6), 1, 6)}), 2),
    "setup": Record({
        "tiles": ListOf(Record({"tile": Str(), "hex": HexLabel, "from_players": Int(3, 4),
                                "orientation": Direction})),
        "ocean_markers": ListOf(Record({"hex": HexLabel, "from_players": Int(3, 4)},
                                       {"between": ListOf(Str(), 2, 2)})),
    }, sourced=False),
    "far_east": Record({"to_south_america": ListOf(HexLabel, 2, 2), "galapagos": HexLabel,
                        "unfortunate": HexLabel, "south_america_adjacent": ListOf(HexLabel, 1)},
                       sourced=False),
    "labels": ListOf(Record({"name": Str(), "hex": HexLabel})),
})

TILES = Record({"tiles": ListOf(Record(
    {"name": Str(), "green": Int(0, 6), "brown": Int(0, 3), "atoll": Bool(), "mythical": Bool(),
     "region": OneOf(*REGIONS)},
    {"note": Str(), "south_island_direction": Direction, "aside": Bool()}), 1)})

MARKERS = Record({
    "discovery_cup": ListOf(Record({"kind": OneOf(*MARKER_KINDS), "knots": Int(0, 3), "count": Int(0, 200)}), 1),
    "penalty_markers": Record({"knots": Int(1, 9), "count": Int(1, 99)}),
})

PIECE = OneOf("transport_canoe", "war_canoe", "warrior_band", "colony")
CARD_EFFECTS: dict[str, Data] = {
    "vp_if_control": {"igs": ListOf(Str(), 1), "vp": Int(1, 3)},
    "battle_modifier": {"delta": OneOf(1, -1), "side": SIDES},
    "battle_reroll": {"side": SIDES},
    "extra_local_warriors": {"count": Int(1, 3)},
    "cancel_attack": {},
    "eliminate_retreating_bands": {},
    "canoe_moves": {"moves": Int(3, 4)},
    "kumara_modifier": {"delta": Int(1, 1)},
    "kumara_lost_to_return": {},
    "free_build_points": {"bp": Int(1, 5)},
    "extra_build_point": {"bp": Int(1, 2)},
    "free_piece": {"piece": PIECE, "count": Int(1, 3)},
    "knot_allowance": {"knots": Int(1, 2)},
    "ignore_knots": {"knots": Int(1, 4)},
    "deforestation": {"vp_penalty": Int(1, 10)},
}
TARGETS = ("chosen_ig", "own_ig", "any_player_ig", "chosen_hex", "chosen_player", "all_players", "self")
EVENT_EFFECTS: dict[str, Data] = {
    "remove_village": {"target": OneOf(*TARGETS)},
    "remove_pieces_at_sea": {"count": Int(1, 9), "target": OneOf(*TARGETS)},
    "lose_build_points": {"bp": Int(1, 9), "target": OneOf(*TARGETS)},
    "gain_build_points": {"bp": Int(1, 9), "target": OneOf(*TARGETS)},
    "free_village": {"target": OneOf(*TARGETS)},
    "free_improved_agriculture": {"target": OneOf(*TARGETS)},
    "free_piece": {"piece": PIECE, "count": Int(1, 3), "target": OneOf(*TARGETS)},
    "canoe_moves": {"moves": Int(3, 4), "duration": OneOf("turn")},
    "battle_modifier": {"delta": OneOf(1, -1), "side": SIDES, "duration": OneOf("battle")},
    "skip_exploration": {"target": OneOf(*TARGETS)},
}


class Effect(Record):
    """{id: <effect id>, ...params}; the params depend on the id."""

    def __init__(self, vocabulary: dict[str, Data]) -> None:
        super().__init__({"id": OneOf(*vocabulary)}, sourced=False)
        self.vocabulary = vocabulary
        self.expected = "an effect {id: ..., params}"

    def check(self, value: Any, at: Where) -> Data:
        if not isinstance(value, dict):
            at.fail(self.expected, repr(value))
        effect_id = OneOf(*self.vocabulary).check(value.get("id"), at.child("id"))
        return Record({"id": OneOf(effect_id), **self.vocabulary[effect_id]}, sourced=False).check(value, at)


CARDS = Record({"cards": ListOf(Record(
    {"id": Check(Str(), lambda s: s.isidentifier() and s == s.lower(), "a snake_case id"), "title": Str(),
     "count": Int(1, 9), "vp": Int(0, 3), "colour": OneOf("red", "blue", "plain"),
     "effects": ListOf(Effect(CARD_EFFECTS)), "text": Str()},
    {"note": Str()}), 1)})

EVENTS = Record({"events": ListOf(Record(
    {"id": Str(), "title": Str(), "keep": Bool(), "effects": ListOf(Effect(EVENT_EFFECTS), 1, 1), "text": Str()},
    {"note": Str()}), 1)})

KUMARA = Record({
    "table": Record({str(face): OneOf("lost", "return", "off_course", "explore") for face in range(1, 7)}),
    "modifiers": Record({"galapagos_marker": Int(0, 3), "card_bonus": Int(0, 3),
                         "card_bonus_cards": ListOf(Str()), "lost_to_return_cards": ListOf(Str())}),
    "kumara_vp": Int(0, 9),
})

MALARIA = Record({"roller": Str(), "table": ListOf(Record({"faces": ListOf(Int(1, 6), 1, 6), "ig": Str()}), 1)})

OPTIONS = Record({"options": ListOf(Record(
    {"id": Str(), "rule": Check(Str(), lambda s: s[:1] == "A" and ascii_digits(s[1:]), "a rule number A1-A7"),
     "kind": OneOf("flag", "vp_target"), "default": OneOf(False), "title": Str()}), 1)})

FILES = {"rules": RULES, "map": MAP, "tiles": TILES, "markers": MARKERS, "cards": CARDS, "events": EVENTS,
         "kumara": KUMARA, "malaria": MALARIA, "options": OPTIONS}


# --- the frozen result -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Tile:
    """An island-group tile (rule C5); its id is its index in Ruleset.tiles."""
    id: int
    name: str
    green: int
    brown: int
    atoll: bool
    mythical: bool
    south_island_direction: int | None
    aside: bool

    @property
    def squares(self) -> int:
        return self.green + self.brown


@dataclass(frozen=True, slots=True)
class Card:
    """An Arts & Culture card kind (rule C6); the deck holds `count` copies of it."""
    id: int
    key: str
    title: str
    count: int
    vp: int
    colour: str
    effects: tuple[Mapping[str, Any], ...]
    text: str
    effect_ids: frozenset[str]             # the ids of `effects`, for quick tests of what a card can do


@dataclass(frozen=True, slots=True)
class MarkerKind:
    """One kind of discovery marker (rule C4): island, ocean or off course, with its knots."""
    id: int
    kind: str
    knots: int
    count: int

    @property
    def name(self) -> str:
        return self.kind if self.kind == "off_course" else f"{self.kind} {self.knots}"


@dataclass(frozen=True, slots=True)
class Setup:
    players: int
    homes: tuple[str, ...]
    tiles_placed: tuple[str, ...]
    ocean_markers_placed: int
    island_markers_removed: int


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything the rules and components say, validated and frozen; shared by all game states."""
    folder: str
    map: HexMap
    costs: Mapping[str, int]
    limits: Mapping[str, int]
    vp: Mapping[str, Fraction]
    vp_scale: int                          # the least common denominator of the VP values
    vp_units: Mapping[str, int]            # each VP value in 1/vp_scale units, for exact integer sums
    thresholds: Mapping[int, int]
    variable_end_window: int
    exploration: Mapping[str, int]
    battle_die: tuple[str, ...]            # index 1..6
    local_warriors: tuple[int, ...]        # index = villages on the IG
    turn_order_ties: tuple[str, ...]
    setups: Mapping[int, Setup]
    starting_pieces: Mapping[str, int]
    counter_mix: Mapping[str, int]
    tiles: tuple[Tile, ...]
    cards: tuple[Card, ...]
    effect_cards: Mapping[str, frozenset[int]]   # effect id -> the card kinds that have it
    markers: tuple[MarkerKind, ...]
    penalty_markers: int
    kumara: Mapping[str, Any]
    malaria: Mapping[int, str]             # die face -> IG name
    malaria_roller: str
    options: Mapping[str, Mapping[str, Any]]
    events: tuple[Mapping[str, Any], ...]
    tile_ids: Mapping[str, int]            # tile name -> id

    def tile_id(self, name: str) -> int:
        try:
            return self.tile_ids[name]
        except KeyError:
            raise KeyError(f"no tile is named {name!r}") from None

    def card_id(self, key: str) -> int:
        for card in self.cards:
            if card.key == key:
                return card.id
        raise KeyError(f"no card has the id {key!r}")

    def threshold(self, players: int) -> int:
        return self.thresholds[players]


def load_ruleset(path: str | Path | None = None) -> Ruleset:
    """Read and validate every file of config/ (or another folder); raise ConfigError naming what is wrong."""
    folder = Path(path) if path is not None else CONFIG_DIR
    data: dict[str, Data] = {}
    where: dict[str, Where] = {}
    for name, schema in FILES.items():
        label = f"config/{name}.yaml" if path is None else str(folder / f"{name}.yaml")
        raw, lines = read_yaml(folder / f"{name}.yaml", label)
        where[name] = Where(label, lines)
        try:
            data[name] = schema.check(raw, where[name])
        except (ValueError, TypeError, KeyError, IndexError, RecursionError, MemoryError) as exc:
            raise ConfigError(label, "", "values the schema can check", f"{type(exc).__name__}: {exc}") from None
    try:
        return _build(str(folder), data, where)
    except (ValueError, TypeError, KeyError, IndexError, ZeroDivisionError, RecursionError, MemoryError) as exc:
        # A safety net: every check above should have named the file and key already.
        raise ConfigError(str(folder), "", "rule files that agree with each other",
                          f"{type(exc).__name__}: {exc}") from None


def _build(folder: str, d: dict[str, Data], w: dict[str, Where]) -> Ruleset:
    tiles = _tiles(d["tiles"], w["tiles"])
    tile_names = {t.name for t in tiles}
    hexmap = _map(d["map"], w["map"], tile_names)
    ig_names = {ig.name for ig in hexmap.islands} | tile_names
    cards = _cards(d["cards"], w["cards"], ig_names)
    card_keys = {c.key for c in cards}
    rules, wr = d["rules"], w["rules"]
    markers = _markers(d["markers"], w["markers"], hexmap, tiles)
    setups = _setups(rules, wr, hexmap, tile_names, markers)
    ties = rules["turn_order_ties"]
    homes = {h for s in setups.values() for h in s.homes}
    for i, name in enumerate(ties):
        if name not in homes:
            wr.child("turn_order_ties").child(i).fail("a home island group of the set-up", repr(name))
    for home in homes - set(ties):
        wr.child("turn_order_ties").fail(f"every home listed (missing {home})", repr(list(ties)))
    kumara = d["kumara"]
    for key in ("card_bonus_cards", "lost_to_return_cards"):
        for i, card in enumerate(kumara["modifiers"][key]):
            if card not in card_keys:
                w["kumara"].child("modifiers").child(key).child(i).fail("a card id of cards.yaml",
                                                                         f"unknown card {card!r}")
    for key, effect in (("card_bonus_cards", "kumara_modifier"), ("lost_to_return_cards", "kumara_lost_to_return")):
        with_effect = sorted(c.key for c in cards if any(e["id"] == effect for e in c.effects))
        if sorted(kumara["modifiers"][key]) != with_effect:
            w["kumara"].child("modifiers").child(key).fail(
                f"the cards whose effects in cards.yaml include {effect}: {with_effect}",
                str(list(kumara["modifiers"][key])))
    malaria = _malaria(d["malaria"], w["malaria"], hexmap)
    options = d["options"]["options"]
    unique(list(options), lambda o: o["id"], w["options"].child("options"), "option id")
    unique(list(d["events"]["events"]), lambda e: e["id"], w["events"].child("events"), "event id")
    lw = [0] * 10
    for i, row in enumerate(rules["local_warriors"]):
        if row["villages_min"] > row["villages_max"]:
            wr.child("local_warriors").child(i).fail("villages_min <= villages_max", str(row["villages_min"]))
        for v in range(row["villages_min"], row["villages_max"] + 1):
            lw[v] = row["warriors"]
    mix, start = rules["counter_mix"], rules["starting_pieces"]
    if not any(mix[k] for k in PIECES):
        wr.child("counter_mix").fail("at least one piece of some kind", "no pieces at all")
    for kind in PIECES:
        if mix[kind] < start.get(kind, 0):
            wr.child("counter_mix").child(kind).fail(
                f"at least the {start[kind]} {kind} of starting_pieces", str(mix[kind]))
    vp = {k: Fraction(v) for k, v in rules["victory_points"].items() if k != "source"}
    vp_scale = lcm(*(value.denominator for value in vp.values()))
    return Ruleset(
        folder=folder, map=hexmap, costs=_frozen(rules["costs"]), limits=_frozen(rules["limits"]),
        vp=_frozen(vp), vp_scale=vp_scale,
        vp_units=_frozen({k: int(value * vp_scale) for k, value in vp.items()}),
        thresholds=MappingProxyType({int(k): v for k, v in rules["thresholds"].items()
                                     if ascii_digits(k)}),
        variable_end_window=rules["thresholds"]["variable_end_window"],
        exploration=_frozen(rules["exploration"]),
        battle_die=("",) + tuple(rules["battle_die"][str(f)] for f in range(1, 7)),
        local_warriors=tuple(lw), turn_order_ties=tuple(ties), setups=MappingProxyType(setups),
        starting_pieces=_frozen({k: rules["starting_pieces"].get(k, 0) for k in PIECES}),
        counter_mix=_frozen(rules["counter_mix"]), tiles=tiles, cards=cards, markers=markers,
        effect_cards=MappingProxyType({e: frozenset(c.id for c in cards if e in c.effect_ids)
                                       for c in cards for e in c.effect_ids}),
        penalty_markers=d["markers"]["penalty_markers"]["count"],
        kumara=MappingProxyType({"table": ("",) + tuple(kumara["table"][str(f)] for f in range(1, 7)),
                                 **kumara["modifiers"], "kumara_vp": kumara["kumara_vp"]}),
        malaria=MappingProxyType(malaria), malaria_roller=d["malaria"]["roller"],
        options=MappingProxyType({o["id"]: MappingProxyType(o) for o in options}),
        events=tuple(MappingProxyType(e) for e in d["events"]["events"]),
        tile_ids=MappingProxyType({tile.name: tile.id for tile in tiles}))


def _frozen(record: dict[str, V]) -> Mapping[str, V]:
    return MappingProxyType({k: v for k, v in record.items() if k != "source"})


def _tiles(data: Data, at: Where) -> tuple[Tile, ...]:
    records = data["tiles"]
    at = at.child("tiles")
    unique(list(records), lambda t: t["name"], at, "tile name")
    out = []
    for i, t in enumerate(records):
        if t["atoll"] and t["green"] + t["brown"]:
            at.child(i).fail("an atoll with no village squares (green 0, brown 0)",
                             f"{t['green']} green, {t['brown']} brown")
        out.append(Tile(i, t["name"], t["green"], t["brown"], t["atoll"], t["mythical"],
                        t.get("south_island_direction"), t.get("aside", False)))
    return tuple(out)


def _cards(data: Data, at: Where, ig_names: set[str]) -> tuple[Card, ...]:
    records = data["cards"]
    at = at.child("cards")
    unique(list(records), lambda c: c["id"], at, "card id")
    out = []
    for i, c in enumerate(records):
        for j, effect in enumerate(c["effects"]):
            for k, ig in enumerate(effect.get("igs", ())):
                if ig not in ig_names:
                    at.child(i).child("effects").child(j).child("igs").child(k).fail(
                        "the name of a printed island group or a tile", f"unknown island group {ig!r}")
        effects = tuple(MappingProxyType(dict(e)) for e in c["effects"])
        out.append(Card(i, c["id"], c["title"], c["count"], c["vp"], c["colour"], effects, c["text"],
                        frozenset(e["id"] for e in effects)))
    return tuple(out)


def _map(data: Data, at: Where, tile_names: set[str]) -> HexMap:
    columns, rows = data["columns"], data["rows"]
    grid = data["grid"]
    if len(grid) != rows:
        at.child("grid").fail(f"{rows} rows (the value of rows)", f"{len(grid)} rows")
    cells: dict[tuple[int, int], str] = {}
    for r, line in enumerate(grid):
        tokens = line.split()
        if len(tokens) != columns:
            at.child("grid").child(r).fail(f"{columns} cells separated by spaces", f"{len(tokens)} cells")
        for c, token in enumerate(tokens):
            if token != "-" and token not in CELL_KINDS:
                at.child("grid").child(r).fail("cells - ~ . #", f"the cell {token!r} in column {c}")
            if token != "-":
                cells[(c, r)] = CELL_KINDS[token]

    def cell(value: str, where: Where, kinds: tuple[str, ...]) -> tuple[int, int]:
        col, row = hexgrid.parse_label(value)
        if cells.get((col, row)) not in kinds:
            where.fail("a hex of kind " + " or ".join(kinds), f"{value} ({cells.get((col, row), 'off map')})")
        return col, row

    _connected(cells, set(cells), at.child("grid"), "every hex in play")
    _connected(cells, {c for c, k in cells.items() if k == UNKNOWN}, at.child("grid"), "the unknown zone")
    igs_at = at.child("island_groups")
    unique(list(data["island_groups"]), lambda g: g["name"], igs_at, "island group name")
    unique(list(data["island_groups"]), lambda g: g["hex"], igs_at, "hex")
    positions = {}
    for i, g in enumerate(data["island_groups"]):
        positions[g["name"]] = cell(g["hex"], igs_at.child(i).child("hex"), (ISLAND,))
    island_cells = {c for c, k in cells.items() if k == ISLAND}
    if island_cells != set(positions.values()):
        missing = sorted(hexgrid.label(*c) for c in island_cells - set(positions.values()))
        at.child("grid").fail("every # cell listed in island_groups", f"unlisted # cells {missing}")
    setup_at = at.child("setup")
    seen_tiles: set[str] = set()
    for i, t in enumerate(data["setup"]["tiles"]):
        if t["tile"] not in tile_names:
            setup_at.child("tiles").child(i).child("tile").fail("a tile name of tiles.yaml",
                                                                 f"unknown tile {t['tile']!r}")
        if t["tile"] in seen_tiles:
            setup_at.child("tiles").child(i).child("tile").fail("a unique tile", f"duplicate {t['tile']!r}")
        seen_tiles.add(t["tile"])
        cell(t["hex"], setup_at.child("tiles").child(i).child("hex"), (UNKNOWN,))
    for i, o in enumerate(data["setup"]["ocean_markers"]):
        cell(o["hex"], setup_at.child("ocean_markers").child(i).child("hex"), (UNKNOWN,))
    fe = data["far_east"]
    fe_at = at.child("far_east")
    for i, h in enumerate(fe["to_south_america"]):
        cell(h, fe_at.child("to_south_america").child(i), ("ocean",))
    cell(fe["galapagos"], fe_at.child("galapagos"), ("ocean",))
    cell(fe["unfortunate"], fe_at.child("unfortunate"), ("ocean",))
    for i, h in enumerate(fe["south_america_adjacent"]):
        cell(h, fe_at.child("south_america_adjacent").child(i), ("ocean",))
    # Decorative labels name hexes too (scenarios may write "Coral Sea"): a label's name must not be taken by
    # a hex label, an island group, a tile, a special hex or another label, which it would shadow.
    taken = {g["name"] for g in data["island_groups"]} | tile_names | {"Galapagos Islands", "Unfortunate Islands"}
    for i, lab in enumerate(data["labels"]):
        cell(lab["hex"], at.child("labels").child(i).child("hex"), ("ocean", UNKNOWN, ISLAND))
        name = lab["name"]
        if ascii_digits(name, 4) or name.strip() != name or name in taken:
            at.child("labels").child(i).child("name").fail(
                "a name of its own (not a hex label, an island group, a tile or another label's name)", repr(name))
        taken.add(name)

    hexmap_index = {c: n for n, c in enumerate(sorted(cells))}

    def hid(value: str) -> int:
        return hexmap_index[hexgrid.parse_label(value)]

    islands = []
    for i, g in enumerate(data["island_groups"]):
        if g["atoll"] and g["green"] + g["brown"]:
            igs_at.child(i).fail("an atoll with no village squares", f"{g['green']} green")
        if g.get("home") and "orientation" not in g:
            igs_at.child(i).child("orientation").fail("an orientation 0-5 for a home", "nothing")
        islands.append(PrintedIG(g["name"], hid(g["hex"]), g["green"], g["brown"], g["atoll"],
                                 g["local_warriors"], g.get("home", False), g.get("orientation", 0),
                                 tuple(g.get("malaria", ())), g["region"]))
    return HexMap(
        columns, rows, cells, islands,
        [SetupTile(t["tile"], hid(t["hex"]), t["from_players"], t["orientation"]) for t in data["setup"]["tiles"]],
        [SetupOcean(hid(o["hex"]), o["from_players"]) for o in data["setup"]["ocean_markers"]],
        tuple(hid(h) for h in fe["to_south_america"]), hid(fe["galapagos"]), hid(fe["unfortunate"]),
        tuple(hid(h) for h in fe["south_america_adjacent"]),
        {lab["name"]: hid(lab["hex"]) for lab in data["labels"]})


def _connected(cells: dict[tuple[int, int], str], subset: set[tuple[int, int]], at: Where, what: str) -> None:
    """Fail unless the cells of `subset` form one connected region through hex neighbours."""
    if not subset:
        return
    start = min(subset)
    seen = {start}
    queue = deque([start])
    while queue:
        col, row = queue.popleft()
        for d in range(6):
            n = hexgrid.neighbor(col, row, d)
            if n in subset and n not in seen:
                seen.add(n)
                queue.append(n)
    if seen != subset:
        cut = sorted(hexgrid.label(*c) for c in subset - seen)[:5]
        at.fail(f"{what} connected through neighbours", f"hexes cut off from {hexgrid.label(*start)}: {cut}")


def _markers(data: Data, at: Where, hexmap: HexMap, tiles: tuple[Tile, ...]) -> tuple[MarkerKind, ...]:
    cup_at = at.child("discovery_cup")
    unique(list(data["discovery_cup"]), lambda m: (m["kind"], m["knots"]), cup_at, "kind and knots")
    out = []
    for i, m in enumerate(data["discovery_cup"]):
        if (m["kind"] == "off_course") != (m["knots"] == 0):
            cup_at.child(i).child("knots").fail("0 knots exactly on off-course markers", str(m["knots"]))
        out.append(MarkerKind(i, m["kind"], m["knots"], m["count"]))
    total = sum(m.count for m in out)
    if total != len(hexmap.explorable) + 2:
        cup_at.fail(f"{len(hexmap.explorable) + 2} markers in all (explorable hexes + 2)", f"{total}")
    islands = sum(m.count for m in out if m.kind == "island")
    stack = sum(1 for t in tiles if not t.aside)
    if islands != stack:
        cup_at.fail(f"{stack} island markers (one per tile of the draw stack)", f"{islands}")
    return tuple(out)


def _setups(rules: Data, at: Where, hexmap: HexMap, tile_names: set[str],
            markers: tuple[MarkerKind, ...]) -> dict[int, Setup]:
    setups: dict[int, Setup] = {}
    placed_on_map = {t.tile: t for t in hexmap.setup_tiles}
    printed_homes = {ig.name for ig in hexmap.islands if ig.home}
    for i, s in enumerate(rules["setup"]):
        where = at.child("setup").child(i)
        n = s["players"]
        if n in setups:
            where.child("players").fail("one set-up per player count", f"duplicate {n}")
        if len(s["homes"]) != n:
            where.child("homes").fail(f"{n} homes", f"{len(s['homes'])}")
        for j, tile in enumerate(s["tiles_placed"]):
            if tile not in tile_names:
                where.child("tiles_placed").child(j).fail("a tile name of tiles.yaml", f"unknown tile {tile!r}")
            if tile not in placed_on_map or placed_on_map[tile].from_players > n:
                where.child("tiles_placed").child(j).fail(
                    f"a tile with a red set-up hex in map.yaml used from {n} players", repr(tile))
        for j, home in enumerate(s["homes"]):
            if home not in printed_homes and home not in s["tiles_placed"]:
                where.child("homes").child(j).fail("a printed home or a tile placed at set-up", repr(home))
        oceans = sum(1 for o in hexmap.setup_oceans if o.from_players <= n)
        if s["ocean_markers_placed"] != oceans:
            where.child("ocean_markers_placed").fail(f"{oceans} (red ocean hexes in map.yaml)",
                                                     str(s["ocean_markers_placed"]))
        setups[n] = Setup(n, tuple(s["homes"]), tuple(s["tiles_placed"]), s["ocean_markers_placed"],
                          s["island_markers_removed"])
    if set(setups) != {2, 3, 4}:
        at.child("setup").fail("set-ups for 2, 3 and 4 players", str(sorted(setups)))
    islands = sum(m.count for m in markers if m.kind == "island")
    oceans = sum(m.count for m in markers if m.kind == "ocean")
    for n, s in setups.items():
        if s.island_markers_removed > islands or s.ocean_markers_placed > oceans:
            at.child("setup").fail("no more markers drawn than the cup holds", f"{n} players")
    return setups


def _malaria(data: Data, at: Where, hexmap: HexMap) -> dict[int, str]:
    faces: dict[int, str] = {}
    printed = {ig.name: ig for ig in hexmap.islands}
    for i, row in enumerate(data["table"]):
        where = at.child("table").child(i)
        ig = printed.get(row["ig"])
        if ig is None:
            where.child("ig").fail("a printed island group of map.yaml", f"unknown island group {row['ig']!r}")
        if tuple(sorted(row["faces"])) != tuple(sorted(ig.malaria)):
            where.child("faces").fail(f"the die faces printed on the map for {ig.name} {list(ig.malaria)}",
                                      str(list(row["faces"])))
        for face in row["faces"]:
            if face in faces:
                where.child("faces").fail("each die face once", f"face {face} again")
            faces[face] = row["ig"]
    if set(faces) != set(range(1, 7)):
        at.child("table").fail("all six die faces", str(sorted(faces)))
    if not hexmap.has_name(data["roller"]):
        at.child("roller").fail("a home island group", repr(data["roller"]))
    return faces


__all__ = ["ConfigError", "Ruleset", "Tile", "Card", "MarkerKind", "Setup", "load_ruleset", "PIECES"]
