"""Set-up (rules S1-S5): a new game from a ruleset, the seat order of homes, a seed and options."""
from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from . import changes, flow, rng
from .ruleset import PIECES, Ruleset
from .state import (
    AT_HOME,
    BUILDING,
    INDEPENDENT,
    KIND_INDEX,
    NOBODY,
    TURN_ORDER,
    UNBUILT,
    Advanced,
    GameState,
    Journal,
    Marks,
    event,
)
from .victory import start_track


class SetupError(ValueError):
    """new_game was given homes, a seed or options that the rules do not allow."""


def check_options(rules: Ruleset, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Options of the advanced rules (section A): known ids only; flags are booleans, A6 a VP target or off."""
    if options is not None and not isinstance(options, Mapping):
        raise SetupError(f"the options are a mapping of option ids to values, got {type(options).__name__}")
    chosen = dict(options or {})
    out: dict[str, Any] = {}
    for key, value in chosen.items():
        spec = rules.options.get(key)
        if spec is None:
            raise SetupError(f"unknown option {key!r}; options: {', '.join(rules.options)}")
        if spec["kind"] == "flag" and not isinstance(value, bool):
            raise SetupError(f"option {key!r} is on or off (true/false), got {value!r}")
        if spec["kind"] == "vp_target" and not (value is False or (isinstance(value, int)
                                                                    and not isinstance(value, bool)
                                                                    and 5 <= value <= 99)):
            raise SetupError(f"option {key!r} is off (false) or a VP target from 5 to 99, got {value!r}")
        if value:
            out[key] = value
    return out


def choose_homes(rules: Ruleset, homes: Sequence[str] | int, seed: int) -> tuple[list[str], list[int]]:
    """The seat order of homes: as given, or dealt at random for a player count (rule S4). Both come from
    outside (a new-game screen, a save, a script), so any other seed or homes is a SetupError."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"the seed must be a whole number, got {seed!r}")
    streams = rng.initial_streams(seed)
    if isinstance(homes, int) and not isinstance(homes, bool):
        if homes not in rules.setups:
            raise SetupError(f"Conquest of Paradise is for 2 to 4 players, not {homes}")
        pool = list(rules.setups[homes].homes)
        dealt = []
        while pool:
            dealt.append(pool.pop(rng.below(streams, rng.STREAM["setup"], len(pool))))
        return dealt, streams
    if isinstance(homes, str) or not isinstance(homes, Sequence) or not all(isinstance(n, str) for n in homes):
        raise SetupError(f"the homes are a player count or a list of homes' names (rule S2), got {homes!r:.80}")
    names = list(homes)
    if len(names) not in rules.setups:
        raise SetupError(f"Conquest of Paradise is for 2 to 4 players, not {len(names)}")
    expected = rules.setups[len(names)].homes
    if sorted(names) != sorted(expected):
        raise SetupError(f"a {len(names)}-player game uses the homes {', '.join(expected)} (rule S2), "
                         f"got {', '.join(map(str, names))}")
    return names, streams


def deal_homes(rules: Ruleset, players: int, seed: int) -> list[str]:
    """S4: the homes in seat order that new_game deals for this player count and seed (a new-game screen shows
    each seat its home before the game starts). SetupError for another count or seed."""
    return choose_homes(rules, players, seed)[0]


def new_game(rules: Ruleset, homes: Sequence[str] | int, seed: int,
             options: Mapping[str, Any] | None = None) -> GameState:
    """Set up a game (S1-S5) and start turn 1 at the Turn-order step; SetupError for homes, a seed or options
    that the rules do not allow."""
    names, streams = choose_homes(rules, homes, seed)
    s = empty_state(rules, names, seed, check_options(rules, options), streams)
    s.start = {"seed": seed, "homes": homes if isinstance(homes, int) else list(homes), "options": dict(s.options)}
    setup = rules.setups[len(names)]
    hexmap = rules.map
    # S2: tiles on their red hexes, face up, in the printed direction.
    for placed in hexmap.setup_tiles:
        if placed.tile in setup.tiles_placed:
            s.tile[placed.hex] = rules.tile_id(placed.tile)
            s.tile_up[placed.hex] = True
            s.orient[placed.hex] = placed.orientation
    s.stack = [t.id for t in rules.tiles if not t.aside and t.name not in setup.tiles_placed]
    # S2: for 3-4 players, draw until the island markers to remove and the 2 ocean markers have come out.
    islands_needed, oceans_needed = setup.island_markers_removed, setup.ocean_markers_placed
    cup_stream = rng.STREAM["cup"]
    while islands_needed or oceans_needed:
        marker = rules.markers[rng.weighted(s.streams, cup_stream, s.cup)]
        if marker.kind == "island" and islands_needed:
            s.cup[marker.id] -= 1
            islands_needed -= 1
        elif marker.kind == "ocean" and oceans_needed:
            s.cup[marker.id] -= 1
            oceans_needed -= 1
    for ocean in hexmap.setup_oceans:
        if ocean.from_players <= len(names):
            s.ocean[ocean.hex] = True
    # S5: capital and one village on the home's green squares, warrior bands face down at home.
    for p, name in enumerate(names):
        home = hexmap.hex_of(name)
        s.home[p] = s.capital[p] = home
        s.set_controller(home, p)
        s.green_villages[home] = 2
        if not s.options.get("variable_starting_pieces"):       # A1 replaces the starting pieces
            for kind, count in rules.starting_pieces.items():
                for pid in s.pieces_of(p, KIND_INDEX[kind])[:count]:
                    s.piece_hex[pid] = home
    start_track(s)
    changes.record_vp(s, 0)
    s.add_log([event("game_started", players=list(names), seed=seed, options=dict(s.options))])
    target = s.options.get("variable_game_end")
    if target and abs(target - rules.threshold(len(names))) > rules.variable_end_window:
        s.add_log([event("warning", text=f"A6: the agreed target {target} VP is more than "
                         f"{rules.variable_end_window} from the usual {rules.threshold(len(names))}")])
    if s.options.get("variable_starting_pieces"):
        s.turn = 0                        # A1: a free building at home before turn 1
        s.add_log(flow.start_step(s, BUILDING))
    else:
        s.add_log(flow.start_step(s, TURN_ORDER))
    return s


def table(value: int, size: int) -> array[int]:
    """A per-hex or per-piece table of small integers: arrays copy as one block, so clones stay cheap."""
    return array("h", [value]) * size


def empty_state(rules: Ruleset, names: list[str], seed: int, options: dict[str, Any],
                streams: list[int]) -> GameState:
    """A state with the map printed, the cup and deck full, all pieces unbuilt, and no step begun."""
    n_hex = len(rules.map)
    s = GameState.__new__(GameState)
    s.rules, s.seed, s.options, s.names = rules, seed, options, tuple(names)
    owners: list[int] = []
    kinds: list[int] = []
    for p in range(len(names)):
        for kind in PIECES:
            owners += [p] * rules.counter_mix[kind]
            kinds += [KIND_INDEX[kind]] * rules.counter_mix[kind]
    s.piece_owner, s.piece_kind = tuple(owners), tuple(kinds)
    s.piece_span = tuple((owners.index(p), len(owners) - owners[::-1].index(p)) for p in range(len(names)))
    # Pieces are numbered by player, then kind, so each player's pieces of a kind are a range of ids.
    starts = [i for i in range(len(owners)) if i == 0 or (owners[i], kinds[i]) != (owners[i - 1], kinds[i - 1])]
    ranges = {(owners[a], kinds[a]): range(a, b) for a, b in zip(starts, starts[1:] + [len(owners)])}
    s.piece_ids = tuple(tuple(ranges.get((p, k), range(0)) for k in range(len(PIECES))) for p in range(len(names)))
    s.turn, s.step, s.order, s.active, s.actor = 1, TURN_ORDER, tuple(range(len(names))), 0, 0
    s.marker_holder = 0
    s.tile, s.tile_up, s.orient = table(-1, n_hex), table(0, n_hex), table(0, n_hex)
    s.discovered, s.ocean = Marks(), table(0, n_hex)
    s.green_villages, s.ia, s.ia_villages = table(0, n_hex), table(0, n_hex), table(0, n_hex)
    s.controller, s.holdings = table(NOBODY, n_hex), {}
    for ig in rules.map.islands:
        if not ig.home:
            s.set_controller(ig.hex, INDEPENDENT)
    s.must_hold = table(NOBODY, n_hex)
    n = len(names)
    s.home, s.capital, s.explorer = [-1] * n, [-1] * n, [AT_HOME] * n
    s.hand, s.shown, s.spent = [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
    s.vp_track, s.claimed, s.saved_bp = [Fraction(0)] * n, [False] * n, [0] * n    # new_game counts the VP
    s.vp_parts, s.vp_history = [()] * n, ()
    s.piece_hex, s.piece_up = table(UNBUILT, len(owners)), table(0, len(owners))
    s.cup = [m.count for m in rules.markers]
    s.stack = [t.id for t in rules.tiles if not t.aside]
    s.deck = [c.id for c in rules.cards for _ in range(c.count)]
    s.penalty_pool, s.queued = rules.penalty_markers, {}
    s.sub = None
    s.streams = streams
    s.history, s.winners = Journal(), ()
    s.clear_log()
    s.adv = Advanced(n)
    s.memo = None
    s.adv.event_deck = list(range(len(rules.events)))
    return s
