"""observe(): the one door to the state for the client and the bots (ruling X9).

The view is JSON-ready and holds only what the player may know: public facts, the player's own secrets, and
for everyone else only what the table shows (a stack's height and its face-up transport canoe, that a tile is
face down and whose discovered markers sit on it, how many cards a hand holds).
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import cast

from . import building, exploration, movement, turn_order, victory
from .chains import face_up_canoe_hexes
from .game import current_player
from .ruleset import PIECES
from .state import (
    AT_HOME,
    BUILDING,
    EXPLORATION,
    INDEPENDENT,
    LOST,
    MOVEMENT,
    NOBODY,
    OUT_OF_GAME,
    OVER,
    STEP_NAMES,
    TURN_ORDER,
    UNBUILT,
    VICTORY,
    Event,
    GameState,
)
from .state import UnknownPlayer as UnknownPlayer  # raised by state.player_index; its old home, kept for importers
from .victory import threshold
from .views import Decision, DecisionView, HexView, LogEntry, StackView, View, VpParts


def _place(state: GameState, where: int) -> str:
    return "home" if where == AT_HOME else "lost" if where == LOST else state.rules.map.labels[where]


def _controller(state: GameState, owner: int) -> str:
    return "independent" if owner == INDEPENDENT else state.names[owner]


def observe(state: GameState, player: str | None, log: bool = True, since: int = 0) -> View:
    """Everything `player` may see now, as plain JSON data (`log=False` leaves out the game's log, which bots
    that decide often do not read). `player=None` gives the public view: what every player sees, and no
    player's secrets (for a table watched by several people, or between two players' turns).

    The log holds the player's events from index `since` on. Indexes count only the events the player sees
    (each viewer, and the public view, has its own), so nothing in the view depends on how many private events
    others had, such as the secret builds (B1.2, X8); `log_size` is how many the player sees in all, so a client
    that keeps the log asks for `since=log_size` next time and reads only what is new. UnknownPlayer (a KeyError and a
    ValueError) if `player` is not in the game; ValueError if `since` is not a whole number from 0."""
    me = PUBLIC if player is None else state.player_index(player)
    if type(since) is not int or since < 0:
        raise ValueError(f"since is an index into the log, a whole number from 0, got {since!r}")
    rules, labels = state.rules, state.rules.map.labels
    cards = rules.cards
    view: View = {
        "you": player,
        "turn": state.turn,
        "step": STEP_NAMES[state.step],
        "to_act": current_player(state),
        "order": [state.names[p] for p in state.order],
        # whose part of a step in turn order it is (exploration, movement, building): public, as the turn is
        "active": state.names[state.order[state.active]] if 0 <= state.active < len(state.order) else None,
        "marker_holder": state.names[state.marker_holder],
        "threshold": threshold(state),
        "options": dict(state.options),
        "players": [{
            "name": name,
            "seat": p,
            "home": labels[state.home[p]] if state.home[p] >= 0 else None,
            "capital": labels[state.capital[p]] if state.capital[p] >= 0 else None,
            "vp": str(state.vp_track[p]),
            "vp_parts": _vp_parts(state, p),
            "cards_vp": victory.card_vp(state, p),
            "explorer": _place(state, state.explorer[p]),
            "cards_in_hand": len(state.hand[p]),
            "cards_shown": [cards[c].key for c in state.shown[p]],
            "claimed": state.claimed[p],
            "saved_bp": state.saved_bp[p],
            "kumara": state.adv.kumara[p],
            "galapagos": state.adv.galapagos[p],
            "events_held": len(state.adv.events_held[p]),
            "supply": _supply(state, p) if p == me else None,
            "supply_total": state.piece_hex[slice(*state.piece_span[p])].count(UNBUILT),
            "out_of_game": state.piece_hex[slice(*state.piece_span[p])].count(OUT_OF_GAME),
        } for p, name in enumerate(state.names)],
        "hand": [cards[c].key for c in state.hand[me]] if me != PUBLIC else [],
        "hand_vp": victory.card_vp(state, me, True) - victory.card_vp(state, me) if me != PUBLIC else 0,
        "spent": [cards[c].key for c in state.spent[me]] if me != PUBLIC else [],
        "events_held": [state.rules.events[e]["id"] for e in state.adv.events_held[me]] if me != PUBLIC else [],
        "event_deck": len(state.adv.event_deck),
        "malaria": state.adv.malaria,
        "south_island": [labels[h] for h in state.adv.south_island],
        "cup": sum(state.cup),
        "tile_stack": len(state.stack),
        "deck": len(state.deck),
        "penalty_pool": state.penalty_pool,
        "hexes": _hexes(state, me),
        "exploration": exploration.view(state),
        "movement": movement.view(state, me),
        "building": building.view(state, me),
        "decision": decision(state),
        "winners": [state.names[p] for p in state.winners],
        "vp_history": [{"turn": turn, "vp": dict(zip(state.names, vps))} for turn, vps in state.vp_history],
        "log": _log(state, me, since) if log else [],
        "log_size": len(state.log) - state.unseen[me],
    }
    return view


PUBLIC = -1          # `me` in the public view: nobody's secrets (an event's `visible` never holds -1)

# What each step waits for, in its own words (each step module's `decision`).
DECISIONS: dict[int, Callable[[GameState], Decision]] = {
    TURN_ORDER: turn_order.decision, EXPLORATION: exploration.decision, MOVEMENT: movement.decision,
    BUILDING: building.decision, VICTORY: victory.decision, OVER: victory.over}


def decision(state: GameState) -> DecisionView:
    """The pending decision: who makes it, and what its step says it is. Made without the viewer, of public facts
    (the step's stage, a window opened on public facts, X33), so every viewer reads the same entry (X9)."""
    return {"who": current_player(state), "step": STEP_NAMES[state.step], **DECISIONS[state.step](state)}


def events_since(state: GameState, player: str | None, since: int = 0) -> tuple[list[LogEntry], int]:
    """The log entries observe() would give (the player's own, from the player's index `since`; None: the public
    ones) and `log_size`, without the rest of the view: a client reading new events after every action.
    UnknownPlayer and ValueError as observe()."""
    me = PUBLIC if player is None else state.player_index(player)
    if type(since) is not int or since < 0:
        raise ValueError(f"since is an index into the log, a whole number from 0, got {since!r}")
    return _log(state, me, since), len(state.log) - state.unseen[me]


def _log(state: GameState, me: int, since: int) -> list[LogEntry]:
    """The player's events from the player's own index `since` on (the log keeps (kind, visible, *data) tuples).
    The newest are read from the end of the log, reaching further back past the events the player does not
    see, so only what is new is visited."""
    log = state.log
    want = len(log) - state.unseen[me] - since
    if want <= 0:
        return []
    start = len(log) - want
    seen = [e for e in log.items_from(start) if e[1] is None or me in e[1]]
    while len(seen) < want and start > 0:     # some of those were not the player's: reach further back
        lo = max(0, start - (want - len(seen)))
        seen = [e for e in log.items_from(lo)[:start - lo] if e[1] is None or me in e[1]] + seen
        start = lo
    return cast("list[LogEntry]", [Event(e[0], e[2:], e[1]).to_dict() for e in seen])


def _vp_parts(state: GameState, p: int) -> VpParts:
    """The VP on the track by source (V1, V4): public, as the track, the face-up cards and the board are."""
    scale = state.rules.vp_scale
    return cast(VpParts, {source: _text(units, scale) for source, units in zip(victory.SOURCES, state.vp_parts[p])})


@lru_cache(maxsize=512)
def _text(units: int, scale: int) -> str:
    """A number of VP in units of 1/scale, as the view writes fractions ("15/2")."""
    return str(Fraction(units, scale))


def _supply(state: GameState, p: int) -> dict[str, int]:
    """The player's own pieces left to build, by kind (B1.6). Others see only how many there are (the height of
    the pile, `supply_total`), never the kinds, which would tell what a face-down stack holds (X9, X33). While
    building, the supply leaves out what the player has planned (X8)."""
    sub = state.sub
    if isinstance(sub, building.Building) and sub.phase == building.BUILD:
        return building.unbuilt(state, sub, p)
    where = state.piece_hex
    return {kind: where[ids.start:ids.stop].count(UNBUILT) for kind, ids in zip(PIECES, state.piece_ids[p])}


def _hexes(state: GameState, me: int) -> list[HexView]:
    """One record per hex that holds anything; which hexes appear depends only on public facts."""
    rules, labels = state.rules, state.rules.map.labels
    stacks: dict[int, dict[int, list[int]]] = {}
    for pid, h in enumerate(state.piece_hex):
        if h >= 0:
            stacks.setdefault(h, {}).setdefault(state.piece_owner[pid], []).append(pid)
    face_up = {p: face_up_canoe_hexes(state, p) for p in range(state.players)}
    looking_at = exploration.tile_in_hand(state, me)
    printed = dict(rules.map.island_at)          # a plain dict: looked up for every hex
    tiles, ocean = state.tile, state.ocean
    # Only these hexes can hold anything: printed IGs, explored hexes (a tile or an ocean marker), Te Waka Maui's
    # hex (A4: it may lie on printed ocean), stacks. Villages, improved agriculture and control exist only on
    # island groups.
    candidates = set(printed).union(stacks, state.adv.south_island,
                                    [h for h in rules.map.explorable if tiles[h] >= 0 or ocean[h]])
    out: list[HexView] = []
    for h in sorted(candidates):
        tile = tiles[h]
        record: HexView = cast(HexView, {})     # `hex` is set last: only a record with something in it is kept
        if tile >= 0:
            up = state.tile_up[h]
            knows = up or (me != PUBLIC and bool(state.discovered[h] >> me & 1)) or looking_at == h
            record["tile"] = rules.tiles[tile].name if knows else None
            record["face_up"] = bool(up)
            if up:
                record["orientation"] = state.orient[h]
            else:
                record["discovered_by"] = [state.names[p] for p in range(state.players)
                                           if state.discovered[h] >> p & 1]
        if ocean[h]:
            record["ocean"] = True
        villages = state.green_villages[h] + state.ia_villages[h]
        if villages or state.ia[h]:
            record["villages"] = villages
            record["improved_agriculture"] = state.ia[h]
        ig = printed.get(h) if tile < 0 else rules.tiles[tile] if state.tile_up[h] else None   # not face down
        if ig is not None:
            record["squares"] = {"green": ig.green, "brown": ig.brown, "green_built": state.green_villages[h],
                                 "brown_built": state.ia_villages[h], "improved": state.ia[h]}
        if state.controller[h] != NOBODY:
            record["controller"] = _controller(state, state.controller[h])
        if h in stacks:
            record["stacks"] = {state.names[p]: _stack(state, pids, p == me, h in face_up[p])
                                for p, pids in sorted(stacks[h].items())}
        if record:
            record["hex"] = labels[h]
            out.append(record)
    return out


def _stack(state: GameState, pids: list[int], mine: bool, canoe_up: bool) -> StackView:
    """A stack as its owner sees it (every kind) or as others see it (height and face-up canoe, X9)."""
    out: StackView = {"pieces": len(pids), "face_up_canoe": canoe_up}
    if mine:
        kinds = [state.piece_kind[pid] for pid in pids]
        out["kinds"] = {PIECES[k]: kinds.count(k) for k in sorted(set(kinds))}
    return out

