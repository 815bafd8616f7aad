"""Invariants every reachable game state keeps; the property tests and bench/fuzz.py check them after each action.

Each check returns a list of broken facts in words (empty when all hold), so a failing fuzz run says what broke.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction

from .board import is_known, others_pieces
from .exploration import PENALTY, TILE, Exploration
from .movement import FRESH, PARTY, SEATS, Movement, count_pool
from .ruleset import PIECES
from .state import INDEPENDENT, NOBODY, OUT_OF_GAME, OVER, TRANSPORT, UNBUILT, GameState, positions
from .victory import vp
from .view import observe


def violations(state: GameState) -> list[str]:
    """Every invariant of every rule family, in words (empty when all hold)."""
    return [broken for family in FAMILIES for broken in family(state)]


def piece_violations(state: GameState) -> list[str]:
    """C2, B1.6: the counter mix per player, each piece in exactly one valid place, face up only a transport canoe,
    at most one face-up transport canoe of a player in a hex (M6, X19)."""
    rules = state.rules
    out: list[str] = []
    n_hex = len(rules.map)
    for p in range(state.players):
        for kind, name in enumerate(PIECES):
            if len(state.pieces_of(p, kind)) != rules.counter_mix[name]:
                out.append(f"{state.names[p]} has {len(state.pieces_of(p, kind))} {name}, not the counter mix")
    up_per_hex: Counter[tuple[int, int]] = Counter()
    for pid, h in enumerate(state.piece_hex):
        if h in (UNBUILT, OUT_OF_GAME):
            if state.piece_up[pid]:
                out.append(f"piece {pid} off the map is face up")
            continue
        if not 0 <= h < n_hex:
            out.append(f"piece {pid} is at {h}, not a hex")
        elif not is_known(state, h):
            out.append(f"piece {pid} stands in an unknown hex {rules.map.labels[h]}")
        if state.piece_up[pid]:
            if state.piece_kind[pid] != TRANSPORT:
                out.append(f"piece {pid} is face up but not a transport canoe")
            up_per_hex[(state.piece_owner[pid], h)] += 1
    out += [f"{n} face-up transport canoes of one player in {rules.map.labels[h]}" for (_, h), n in
            up_per_hex.items() if n > 1]
    return out


def island_group_violations(state: GameState) -> list[str]:
    """B3, V2: villages never exceed squares, control follows villages, each player's holdings are the hexes they
    control, a capital stands on its owner's IG."""
    rules = state.rules
    out: list[str] = []
    n_hex = len(rules.map)
    for h in range(n_hex):
        squares = state.ig_squares(h)
        villages = state.villages(h)
        if squares is None:
            if villages or state.ia[h] or state.controller[h] != NOBODY:
                out.append(f"{rules.map.labels[h]} has villages or a controller but no island group")
            continue
        green, brown, _atoll = squares
        if state.green_villages[h] > green or state.ia[h] > brown or state.ia_villages[h] > state.ia[h]:
            out.append(f"{rules.map.labels[h]} has more villages than squares")
        owner = state.controller[h]
        if owner == INDEPENDENT:
            if h not in rules.map.island_at or villages:
                out.append(f"{rules.map.labels[h]} is independent but not an untouched printed IG")
        elif (owner >= 0) != (villages > 0):
            out.append(f"{rules.map.labels[h]}: controller {owner} with {villages} villages")
    owners = {owner for owner in state.controller if owner != NOBODY}
    if {owner: igs for owner, igs in state.holdings.items() if igs} != \
            {owner: tuple(positions(state.controller, owner, 0, n_hex)) for owner in owners}:
        out.append("the holdings of each player do not match the controllers of the hexes")
    out.extend(f"{state.names[p]}'s capital is on an IG they do not control" for p in range(state.players)
               if state.capital[p] >= 0 and state.controller[state.capital[p]] != p)
    return out


def pile_violations(state: GameState) -> list[str]:
    """S1-S3, E4, B4: each tile in one place, the 27 cards in deck, hands and face up, as many island markers in
    the cup as tiles in the stack, no negative pile, every penalty marker in the pool or on the map."""
    rules = state.rules
    out: list[str] = []
    tiles = [t for t in state.tile if t >= 0] + state.stack
    if len(tiles) != len(set(tiles)):
        out.append("a tile is in two places")
    cards = Counter(state.deck)
    for p in range(state.players):
        cards.update(state.hand[p] + state.shown[p])
    if cards != Counter(c.id for c in rules.cards for _ in range(c.count)):
        out.append("the A&C cards in deck, hands and face up are not the 27 of the deck")
    islands = sum(n for m, n in zip(rules.markers, state.cup) if m.kind == "island")
    drawing = isinstance(state.sub, Exploration) and state.sub.phase == TILE    # marker out, tile not yet
    if islands + drawing != len(state.stack) and not state.queued:
        out.append(f"{islands} island markers in the cup for {len(state.stack)} tiles in the stack")
    if min(state.cup) < 0:
        out.append("the cup holds a negative number of markers")
    placed = sum(1 for _, k in state.sub.markers if k == PENALTY) if isinstance(state.sub, Exploration) else 0
    if state.penalty_pool + placed != rules.penalty_markers:
        out.append("penalty markers went missing")
    return out


def party_violations(state: GameState) -> list[str]:
    """M4, M5: what a party under way keeps to save recounting (its pool, where the others stand) matches a recount,
    and its passengers ride as M5 and X18 allow."""
    sub = state.sub
    if not isinstance(sub, Movement):
        return []
    out: list[str] = []
    if sub.phase == PARTY and sub.pool != count_pool(state, sub):
        out.append(f"the party's pool {sub.pool} is not the recount {count_pool(state, sub)}")
    if sub.phase == PARTY and sub.others is not None and sub.others != frozenset(others_pieces(state, sub.player)):
        out.append("the party's record of where the other players stand is out of date")
    return out + carrying_violations(state, sub)


def carrying_violations(state: GameState, sub: Movement) -> list[str]:
    """M5, X18: each passenger aboard one canoe of its party, one passenger per canoe, a colony only on a
    transport canoe, and no passenger ever aboard a canoe other than the one that first moved it this turn."""
    out: list[str] = []
    kind_of, party = state.piece_kind, sub.party
    if len(set(sub.aboard.values())) != len(sub.aboard):
        out.append("a canoe of the party carries two passengers")
    for pid, canoe in sub.aboard.items():
        if pid not in party or canoe not in party:
            out.append(f"passenger {pid} or its canoe {canoe} is not in the party")
        if kind_of[canoe] not in SEATS.get(kind_of[pid], ()):
            out.append(f"a {PIECES[kind_of[pid]]} rides a {PIECES[kind_of[canoe]]}")
        if sub.carrier[pid] not in (FRESH, canoe):
            out.append(f"passenger {pid} changed canoe: moved by {sub.carrier[pid]}, now aboard {canoe}")
    walkers = [p for p in party if kind_of[p] in SEATS and p not in sub.aboard]
    if walkers and any(kind_of[p] not in SEATS for p in party):
        out.append("a band or colony walks in a party with canoes")
    out.extend(f"piece {pid} of the party is not in the party's hex" for pid in party
               if state.piece_hex[pid] != sub.at)
    for pid, carrier in enumerate(sub.carrier):
        if carrier >= 0 and (state.piece_owner[carrier] != sub.player or kind_of[carrier] not in SEATS[kind_of[pid]]):
            out.append(f"passenger {pid} was moved by {carrier}, not a canoe of its owner that may carry it")
    return out


def track_violations(state: GameState) -> list[str]:
    """V1: right after the Victory step's recount, the VP track shows the VP counted from scratch.
    (Between recounts the track may lag, e.g. after a card is revealed: it is a track, not a live count.)"""
    return [f"{state.names[p]}'s VP track {state.vp_track[p]} != recount {vp(state, p)}"
            for p in range(state.players) if state.vp_track[p] != vp(state, p)]


def breakdown_violations(state: GameState) -> list[str]:
    """V1, V4: each player's VP by source add up to the VP on the track; the track's history counts the turns one
    by one, and once the game is over (V5) ends with the final VP."""
    scale = state.rules.vp_scale
    sums = [Fraction(sum(parts), scale) for parts in state.vp_parts]
    out = [f"{state.names[p]}'s VP by source add up to {sums[p]}, not the track's {state.vp_track[p]}"
           for p in range(state.players) if sums[p] != state.vp_track[p]]
    turns = [turn for turn, _ in state.vp_history]
    if not turns or turns != list(range(turns[0], turns[0] + len(turns))):
        out.append(f"the VP history's turns {turns} do not follow one another from the start")
    if state.step == OVER and state.vp_history and state.vp_history[-1][1] != tuple(map(str, state.vp_track)):
        out.append(f"the VP history ends on {state.vp_history[-1]}, not the final VP {state.vp_track}")
    return out


def view_violations(state: GameState) -> list[str]:
    """X40: the count of the log's events each viewer does not see matches a recount; X33, B1.6: each player's own
    supply is never negative and adds up to the pile's height that the others see; X9: every viewer reads the
    public view's pending decision, which names the player to act. (A recount of the whole log: for the fuzzer's
    deep checks, not for every action.)"""
    out: list[str] = []
    recount = [0] * (state.players + 1)
    for item in state.log.items():
        visible = item[1]
        if visible is not None:
            for p in range(state.players):
                recount[p] += p not in visible
            recount[-1] += 1
    if tuple(recount) != state.unseen:
        out.append(f"unseen events {state.unseen} != recount {tuple(recount)}")
    public = observe(state, None, log=False)
    if public["decision"]["who"] != public["to_act"]:
        out.append(f"the decision {public['decision']} is not for {public['to_act']}, who acts")
    for name in state.names:
        seen = observe(state, name, log=False)
        if seen["decision"] != public["decision"]:
            out.append(f"{name} reads the decision {seen['decision']}, the public view {public['decision']}")
        mine = next(p for p in seen["players"] if p["name"] == name)
        supply = mine["supply"] or {}
        if min(supply.values(), default=0) < 0 or sum(supply.values()) > mine["supply_total"]:
            out.append(f"{name}'s supply {supply} does not fit the pile of {mine['supply_total']}")
    return out


# The rule families `violations` checks, each on its own.
FAMILIES: tuple[Callable[[GameState], list[str]], ...] = (piece_violations, island_group_violations, pile_violations,
                                                         party_violations, breakdown_violations)
