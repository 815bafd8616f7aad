"""Movement & Battle step, parts Transit and Movement (rules M1-M7, rulings X5, X18, X19).

A player's step is a machine in `state.sub`: Transit (pieces ride the transit chain any distance), then
Movement, where the player forms a *party* of pieces in one hex (canoes and rumors, each band or colony aboard
one canoe of the party), moves it hex by hex and leaves pieces on the way, and finally Battle resolution
(battle.py). The step knows which canoe carries which passenger: after Transit a band or colony is moved by
one canoe at most in a turn (M5, X18), so once it has moved it rides only that canoe.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import compress
from typing import Any, Final, cast

from . import battle, changes, flow, random_events
from .actions import Action, IllegalAction, act
from .board import enemy_ig, garrison, has_enemy_pieces, known_among, others_pieces, war_canoe_must_stop
from .cards import canoe_moves_bonus
from .chains import transit_chains
from .hexmap import HexMap
from .ruleset import PIECES
from .south_island import other_island
from .state import (
    BAND,
    COLONY,
    KIND_INDEX,
    MOVEMENT,
    OUT_OF_GAME,
    RUMOR,
    TRANSPORT,
    UNBUILT,
    WAR_CANOE,
    Event,
    GameState,
    event,
    positions,
)
from .views import BoatView, Decision, MovedView, MovementPhase, MovementView, PartyView

STEP = MOVEMENT
TRANSIT: Final = "transit"
MOVE: Final = "move"
PARTY: Final = "party"
SELF_MOVING = (TRANSPORT, WAR_CANOE, RUMOR)      # pieces with a movement allowance (C2, X5)
CANOES = (TRANSPORT, WAR_CANOE)
PASSENGERS = (BAND, COLONY)
SEATS = {BAND: (TRANSPORT, WAR_CANOE), COLONY: (TRANSPORT,)}     # M5: the canoes each passenger may ride
FRESH, WALKED = -1, -3           # a passenger's carrier: none yet this turn; or it walked between the NZ hexes (A4)
TAKE = tuple(act("take", kind) for kind in PIECES)
LEAVE = tuple(act("leave", kind) for kind in PIECES)
BOARD = {(p, c): act("take", PIECES[p], PIECES[c]) for p in PASSENGERS for c in SEATS[p]}
ALIGHT = {(p, c): act("leave", PIECES[p], PIECES[c]) for p in PASSENGERS for c in SEATS[p]}
FRESH_WORD, FACE_UP_WORD = "fresh", "face_up"
TAKE_FACE_UP = act("take", PIECES[TRANSPORT], FACE_UP_WORD)
END, DONE = act("end"), act("done")
OFF_MAP = (UNBUILT, OUT_OF_GAME)
KINDS = len(PIECES)


class Movement:
    """One player's Movement & Battle step in progress."""

    __slots__ = ("player", "phase", "moves", "carrier", "party", "aboard", "at", "pool", "others", "battle",
                 "battles", "owed")

    def __init__(self, player: int, pieces: int):
        self.player = player
        self.phase: MovementPhase = TRANSIT
        self.moves = [0] * pieces        # movement left this turn, per piece id (canoes and rumors)
        self.carrier = [FRESH] * pieces  # per band or colony: the canoe that has moved it this turn (M5, X18)
        self.party: list[int] = []       # piece ids moving together now
        self.aboard: dict[int, int] = {}  # each band or colony in the party -> the party's canoe it rides
        self.at = -1                     # the party's hex
        self.pool = [0] * KINDS          # the player's pieces there free to join the party, by kind (count_pool)
        self.others: frozenset[int] | None = None   # where the other players' pieces stand, once a party asks
        self.battle: battle.Battle | None = None
        self.battles: list[int] = []     # hexes still to fight in (M8)
        self.owed: random_events.Owed | None = None   # a choice a kept event just played leaves to a player (X28, X29)

    def clone(self) -> Movement:
        c = Movement.__new__(Movement)
        c.player, c.phase, c.moves, c.carrier = self.player, self.phase, self.moves[:], self.carrier[:]
        c.aboard = dict(self.aboard)
        c.party, c.at, c.pool, c.others, c.battles = self.party[:], self.at, self.pool[:], self.others, self.battles[:]
        c.battle = self.battle.clone() if self.battle is not None else None
        c.owed = self.owed.clone() if self.owed is not None else None
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "phase": self.phase, "moves": self.moves, "carrier": self.carrier,
                "party": self.party, "aboard": sorted(self.aboard.items()), "at": self.at, "battles": self.battles,
                "battle": self.battle.to_dict() if self.battle is not None else None,
                "owed": self.owed.to_dict() if self.owed is not None else None}


def canoe_moves(state: GameState, player: int) -> int:
    """A canoe's movement allowance (M4; the card Poi and A7's favourable winds raise it)."""
    winds = winds_moves(state) if state.adv.winds[player] == state.turn else 0
    return max(state.rules.limits["canoe_moves"], canoe_moves_bonus(state, player), winds)


def allowance_grew(state: GameState, sub: Movement, before: int) -> None:
    """The mover's allowance has grown during the step (Poi shown, C6/B4; favourable winds played, A7): from now
    on each of their canoes and rumors (X5) on the map moves that much further this turn, those that have moved
    included. A war canoe that had to stop (M4.4: no moves left in a hex where it must stop) stays stopped."""
    more = canoe_moves(state, sub.player) - before
    if more <= 0:
        return
    where, moves, ids = state.piece_hex, sub.moves, state.piece_ids[sub.player]
    for kind in SELF_MOVING:
        for pid in ids[kind]:
            h = where[pid]
            if h >= 0 and not (kind == WAR_CANOE and not moves[pid] and war_canoe_must_stop(state, h, sub.player)):
                moves[pid] += more
    if sub.phase == PARTY:
        sub.pool = count_pool(state, sub)     # pieces here that had no move left may join the party now


def winds_moves(state: GameState) -> int:
    return max((e["effects"][0]["moves"] for e in state.rules.events if e["effects"][0]["id"] == "canoe_moves"),
               default=0)


def begin(state: GameState) -> list[Event]:
    return begin_player(state)


def begin_player(state: GameState) -> list[Event]:
    if state.active >= len(state.order):
        return flow.end_of_step(state)
    player = state.order[state.active]
    sub = Movement(player, len(state.piece_hex))
    allowance = canoe_moves(state, player)
    where = state.piece_hex
    for kind in SELF_MOVING:
        for pid in state.piece_ids[player][kind]:
            if where[pid] >= 0:
                sub.moves[pid] = allowance
    changes.keep_step_record(state, sub)
    changes.set_actor(state, player)
    if not can_transit(state, player):
        sub.phase = MOVE                  # no chain, no Transit to decide
    return []


def can_transit(state: GameState, player: int) -> bool:
    """Whether any piece could ride a chain: a face-up canoe next to another, and a piece beside them."""
    _, linked = transit_chains(state, player)
    return bool(linked) and bool(riders(state, player, linked))


def last_garrison(state: GameState, player: int, h: int, leaving: int) -> bool:
    """M10, M13, X22: the conqueror of a printed IG keeps at least one real piece there (a rumor holds
    nothing); `leaving` real pieces would go."""
    return state.must_hold[h] == player and garrison(state, h, player) <= leaving


# --- Transit (M2, M3) ---------------------------------------------------------------------------------------

def transit_actions(state: GameState, sub: Movement) -> list[Action]:
    """Any piece but a chain canoe may ride the chain from one of its hexes to another (M3, X5)."""
    player = sub.player
    chains, linked = transit_chains(state, player)
    riding = riders(state, player, linked) if chains else {}
    out: list[Action] = []
    m = state.rules.map
    for hexes, chain in chains:
        rides = chain_rides(m, chain)
        for h in hexes:
            for kind in riding.get(h, ()):
                key = h * KINDS + kind
                if key not in rides:
                    rides[key] = tuple(act("transit", PIECES[kind], m.labels[h], m.labels[to])
                                       for to in hexes if to != h)
                out += rides[key]
    return out


@lru_cache(maxsize=128)
def chain_rides(hexmap: HexMap, chain: frozenset[int]) -> dict[int, tuple[Action, ...]]:
    """The transits along a chain, filled in as pieces ride it: hex * KINDS + kind -> the transits of that kind
    from that hex to each other hex of the chain. Kept per chain, as a player's chains stay the same decision
    after decision (and a frozenset keeps its hash)."""
    return {}


def riders(state: GameState, player: int, hexes: frozenset[int]) -> dict[int, list[int]]:
    """Hex of `hexes` (chain hexes) -> kinds (in order) of the player's pieces there that may ride a chain: not
    the face-up chain canoe, not the last garrison piece of a conquered printed IG (M10). Kind by kind, as
    Transit asks for every hex of every chain."""
    where, must_hold = state.piece_hex, state.must_hold
    found: dict[int, list[int]] = {}
    for kind, ids in enumerate(state.piece_ids[player]):
        kind_at = where[ids.start:ids.stop]
        for h in hexes.intersection(kind_at):
            if kind == TRANSPORT and kind_at.count(h) == 1:
                continue                  # only the hex's own chain canoe, face up (M6)
            if kind == RUMOR or must_hold[h] != player or not last_garrison(state, player, h, 1):
                found.setdefault(h, []).append(kind)
    return found


def do_transit(state: GameState, sub: Movement, action: Action) -> list[Event]:
    hex_of = state.rules.map.hex_of
    kind, start, end = KIND_INDEX[action.args[0]], hex_of(action.args[1]), hex_of(action.args[2])
    ids, up = state.piece_ids[sub.player][kind], state.piece_up
    pid = next(p for p in positions(state.piece_hex, start, ids.start, ids.stop) if not up[p])
    changes.move(state, pid, end)
    return [event("transit", player=state.names[sub.player], source=action.args[1], to=action.args[2],
                  pieces=1)]


# --- Movement (M4-M7) -----------------------------------------------------------------------------------------

def party_starts(state: GameState, sub: Movement) -> list[int]:
    """Hexes where the player has a canoe or rumor with movement left (or, A4, bands or colonies that may
    walk between the New Zealand hexes)."""
    where, moves = state.piece_hex, sub.moves
    ids = state.piece_ids[sub.player]
    starts = {where[pid] for kind in SELF_MOVING for pid in ids[kind] if moves[pid] > 0 and where[pid] >= 0}
    if state.adv.south_island:           # A4: bands and colonies walk between the New Zealand hexes
        starts.update(where[pid] for kind in PASSENGERS for pid in state.piece_ids[sub.player][kind]
                      if sub.carrier[pid] == FRESH and other_island(state, where[pid]) >= 0)
    return sorted(starts)


def raisable(state: GameState, sub: Movement) -> list[int]:
    """Hexes where a face-down transport canoe may be turned face up (M6: one per hex, after Transit)."""
    canoes = state.piece_ids[sub.player][TRANSPORT]
    hexes, up = state.piece_hex[canoes.start:canoes.stop], state.piece_up[canoes.start:canoes.stop]
    return sorted(set(hexes).difference(compress(hexes, up), OFF_MAP))


def free_to_move(sub: Movement, kind: int, pid: int) -> bool:
    """Canoes and rumors with movement left; bands and colonies that no canoe has moved yet this turn (M4, M5,
    X18). A passenger already moved may only go back aboard its own canoe (`waiting`)."""
    return sub.moves[pid] > 0 if kind in SELF_MOVING else sub.carrier[pid] == FRESH


def count_pool(state: GameState, sub: Movement) -> list[int]:
    """The player's pieces in the party's hex, outside the party and free to move, by kind. Kept in the step
    as the party takes, leaves and moves on, as every decision of a party asks what it could take."""
    pool = [0] * KINDS
    kind_of, party = state.piece_kind, sub.party
    for pid in state.pieces_at(sub.at, sub.player):
        if pid not in party and free_to_move(sub, kind_of[pid], pid):
            pool[kind_of[pid]] += 1
    return pool


def empty_canoes(state: GameState, sub: Movement, kind: int) -> list[int]:
    """The party's canoes of a kind that carry nobody now, in party order."""
    kind_of, loaded = state.piece_kind, sub.aboard.values()
    return [pid for pid in sub.party if kind_of[pid] == kind and pid not in loaded]


def waiting(state: GameState, sub: Movement, canoes: list[int]) -> dict[int, list[int]]:
    """Passengers in the party's hex, outside the party, that one of these canoes has already moved this turn:
    canoe -> those passengers. They may ride again only aboard that canoe (M5, X18)."""
    out: dict[int, list[int]] = {}
    carrier = sub.carrier
    if not canoes or carrier.count(FRESH) == len(carrier):      # no passenger has moved yet this turn
        return out
    where, at, party = state.piece_hex, sub.at, sub.party
    ids = state.piece_ids[sub.player]
    for kind in PASSENGERS:
        for pid in positions(where, at, ids[kind].start, ids[kind].stop):
            if carrier[pid] in canoes and pid not in party:
                out.setdefault(carrier[pid], []).append(pid)
    return out


def face_up_free(state: GameState, sub: Movement) -> bool:
    """Whether the hex's face-up transport canoe could join the party now."""
    ids, up = state.piece_ids[sub.player][TRANSPORT], state.piece_up
    return any(up[x] and x not in sub.party and sub.moves[x] > 0
               for x in positions(state.piece_hex, sub.at, ids.start, ids.stop))


def named_boardings(state: GameState, sub: Movement, p: int, c: int, waits: dict[int, list[int]]) -> list[Action]:
    """X18, revised: when the party's empty canoes of a kind are not all alike (moves left, or a passenger of
    theirs waits here), the player may name the canoe by its place among the party's canoes, as the party view
    lists them (`take warrior_band war_canoe 2`): its own passenger if one waits here, else a fresh one; or a
    fresh one even though its own passenger waits (`take warrior_band war_canoe 2 fresh`). So every pairing of a
    passenger and a canoe can be chosen."""
    kind_of, moves = state.piece_kind, sub.moves
    boats = [x for x in sub.party if kind_of[x] in CANOES]
    loaded = set(sub.aboard.values())
    empties = [(n, x) for n, x in enumerate(boats, 1) if kind_of[x] == c and x not in loaded]
    own = {x for _, x in empties if any(kind_of[q] == p for q in waits.get(x, ()))}
    if not any(x in waits for _, x in empties) and len({moves[x] for _, x in empties}) < 2:
        return []                         # all alike: `take p c` names them all
    out: list[Action] = []
    passenger, canoe = PIECES[p], PIECES[c]
    fresh = sub.pool[p] > 0
    for n, x in empties:
        if (x in own or fresh) and len(empties) > 1:      # one canoe: `take p c` names it already
            out.append(act("take", passenger, canoe, n))
        if x in own and fresh:
            out.append(act("take", passenger, canoe, n, FRESH_WORD))
    return out


def walks(state: GameState, sub: Movement) -> bool:
    """A4: the party's hex is one of the two New Zealand hexes, where bands and colonies walk to the other."""
    return bool(state.adv.south_island) and other_island(state, sub.at) >= 0


def party_actions(state: GameState, sub: Movement) -> list[Action]:
    """The party's next move (M4, M5): take in a canoe or rumor, put a band or colony aboard one of its empty
    canoes, leave a piece, enter a hex, or be done. A party of bands and colonies alone walks (A4). (Asked at
    every step of every party, so the party is counted in one pass.)"""
    kind_of, party, aboard, pool = state.piece_kind, sub.party, sub.aboard, sub.pool
    loaded = set(aboard.values()) if aboard else ()
    counts = [0] * KINDS
    empty = [0, 0]                        # empty transport canoes, empty war canoes (TRANSPORT, WAR_CANOE = 0, 1)
    for pid in party:
        kind = kind_of[pid]
        counts[kind] += 1
        if kind <= WAR_CANOE and pid not in loaded:
            empty[kind] += 1
    canoes = counts[TRANSPORT] or counts[WAR_CANOE]
    boats = canoes or counts[RUMOR]
    walkers = not boats and (counts[BAND] or counts[COLONY])
    out = [] if walkers else [TAKE[k] for k in SELF_MOVING if pool[k]]
    if pool[TRANSPORT] > 1 and not walkers and face_up_free(state, sub):
        out.append(TAKE_FACE_UP)          # X19: the owner chooses whether the face-up canoe sets out
    if canoes and (empty[TRANSPORT] or empty[WAR_CANOE]):
        # Passengers a canoe of the party has moved this turn, waiting here for it (none before any has moved).
        moved = sub.carrier.count(FRESH) != len(sub.carrier)
        waits = waiting(state, sub, empty_canoes(state, sub, TRANSPORT) + empty_canoes(state, sub, WAR_CANOE)) \
            if moved else {}
        for p in PASSENGERS:
            for c in SEATS[p]:
                if not empty[c]:
                    continue
                bound = bool(waits) and any(kind_of[q] == p and kind_of[x] == c for x, qs in waits.items() for q in qs)
                if not pool[p] and not bound:
                    continue                  # no fresh one here, and none bound to an empty canoe of the party
                out.append(BOARD[p, c])
                if bound or empty[c] > 1:
                    out += named_boardings(state, sub, p, c, waits)
    elif not canoes and not boats and walks(state, sub):
        out += [TAKE[p] for p in PASSENGERS if pool[p]]
    if party:
        if canoes:
            out += [LEAVE[c] for c in CANOES if empty[c]]
            if aboard:
                out += [ALIGHT[pair] for pair in sorted({(kind_of[p], kind_of[c]) for p, c in aboard.items()})]
        elif walkers:
            out += [LEAVE[p] for p in PASSENGERS if counts[p]]
        if counts[RUMOR]:
            out.append(LEAVE[RUMOR])
        go = state.rules.map.hex_actions("go")
        out += [go[h] for h in destinations(state, sub, counts, bool(walkers))]
    out.append(DONE)
    return out


def destinations(state: GameState, sub: Movement, counts: list[int], walkers: bool) -> list[int]:
    """Hexes the party may enter now (M4.1-M4.4, M10's garrison of a conquered printed IG, A4's walk)."""
    party, here = sub.party, sub.at
    real = len(party) - counts[RUMOR]
    if walkers:
        there = other_island(state, here)
        fresh = all(sub.carrier[pid] == FRESH for pid in party)
        peaceful = not enemy_ig(state, there, sub.player) and not has_enemy_pieces(state, there, sub.player)
        return [there] if fresh and peaceful and not last_garrison(state, sub.player, here, real) else []
    if not (counts[TRANSPORT] or counts[WAR_CANOE] or counts[RUMOR]):
        return []
    kind_of, moves = state.piece_kind, sub.moves
    for pid in party:
        if moves[pid] < 1 and kind_of[pid] in SELF_MOVING:
            return []
    if real and last_garrison(state, sub.player, here, real):
        return []
    known = known_among(state, state.rules.map.adjacent[here])
    if counts[TRANSPORT] and not counts[WAR_CANOE]:
        # M4.2: transport canoes enter enemy hexes only with a war canoe.
        player = sub.player
        known = [n for n in known if not enemy_ig(state, n, player)]
        if known:
            others = party_others(state, sub)
            known = [n for n in known if n not in others]
    return known


def party_others(state: GameState, sub: Movement) -> frozenset[int]:
    """Where the other players' pieces stand. Nothing moves them while a party is on the move (no battle, no
    event, X28), so the party asks once."""
    if sub.others is None:
        sub.others = frozenset(others_pieces(state, sub.player))
    return sub.others


def legal(state: GameState) -> list[Action]:
    sub = cast(Movement, state.sub)
    if sub.owed is not None:              # asked before anything else, a battle's next stage included (X32)
        return sub.owed.legal(state)
    if sub.battle is not None:
        return battle.legal(state, sub.battle)
    hex_actions = state.rules.map.hex_actions
    if sub.phase == TRANSIT:
        out = transit_actions(state, sub)
        out.append(END)
        return out
    if sub.phase == PARTY:
        return party_actions(state, sub)
    if sub.battles:
        return [hex_actions("battle")[h] for h in sub.battles]
    party, raise_ = hex_actions("party"), hex_actions("raise")
    out = [party[h] for h in party_starts(state, sub)]
    out += [raise_[h] for h in raisable(state, sub)]
    out += random_events.playable(state, sub.player, "movement")
    out.append(END)
    return out


def perform(state: GameState, action: Action) -> list[Event]:
    sub = cast(Movement, state.sub)
    if sub.owed is not None:              # once answered, the mover (or the battle) goes on where it was
        events = random_events.answer(state, sub, action)
        if sub.owed is None and sub.battle is None and sub.battles:
            events += next_battle(state, sub)     # the sea may have settled a battle still to fight (M8)
        return events
    if sub.battle is not None:
        return battle.perform(state, sub.battle, action) + after_battle(state, sub)
    verb = action.verb
    if verb == "transit":
        return do_transit(state, sub, action)
    if verb == "end" and sub.phase == TRANSIT:
        sub.phase = MOVE
        return [event("transit_ended", player=state.names[sub.player])]
    if verb == "end":                    # each player's part ends in a line, so the order shows (T1)
        return [event("movement_ended", player=state.names[sub.player])] + start_battles(state, sub)
    if verb == "battle":
        return open_battle(state, sub, state.rules.map.hex_of(action.args[0]))
    if verb == "raise":
        return raise_canoe(state, sub.player, state.rules.map.hex_of(action.args[0]))
    if verb == "party":
        sub.phase, sub.at, sub.party, sub.others = PARTY, state.rules.map.hex_of(action.args[0]), [], None
        sub.aboard = {}
        sub.pool = count_pool(state, sub)
        return []
    if verb == "take" and len(action.args) >= 3:
        return board_named(state, sub, KIND_INDEX[action.args[0]], int(action.args[2]), len(action.args) == 4)
    if verb == "take" and len(action.args) == 2 and action.args[1] == FACE_UP_WORD:
        return take(state, sub, TRANSPORT, face_up=True)
    if verb == "take" and len(action.args) == 2:
        return board(state, sub, KIND_INDEX[action.args[0]], KIND_INDEX[action.args[1]])
    if verb == "take":
        return take(state, sub, KIND_INDEX[action.args[0]])
    if verb == "leave":
        canoe = KIND_INDEX[action.args[1]] if len(action.args) == 2 else -1
        return leave(state, sub, KIND_INDEX[action.args[0]], canoe)
    if verb == "go":
        return go(state, sub, state.rules.map.hex_of(action.args[0]))
    if verb == "play":                    # A7: favourable winds, this turn's canoes move further
        allowance = canoe_moves(state, sub.player)
        events = random_events.play(state, sub.player, action)
        allowance_grew(state, sub, allowance)
        return events
    if verb == "done":
        sub.phase, sub.party, sub.aboard, sub.at = MOVE, [], {}, -1
        return []
    raise IllegalAction(f"{action} is not a movement action")


def raise_canoe(state: GameState, player: int, h: int) -> list[Event]:
    """M6: one transport canoe per hex may be face up; a chain counts from the next step on."""
    pid = next(p for p in state.pieces_at(h, player) if state.piece_kind[p] == TRANSPORT and not state.piece_up[p])
    changes.turn_face(state, pid, True)
    return [event("canoe_face_up", player=state.names[player], hex=state.rules.map.labels[h])]


def take(state: GameState, sub: Movement, kind: int, face_up: bool = False) -> list[Event]:
    """A canoe or rumor joins the party (or, A4, a band or colony walks with it); `face_up`: the hex's face-up
    transport canoe, which turns face down as it sets out (X19)."""
    pid = next_taken(state, sub, kind, face_up)
    sub.party.append(pid)
    sub.pool[kind] -= 1
    if state.piece_up[pid]:
        changes.turn_face(state, pid, False)      # X19: a chain canoe that sets out is turned face down
        return [event("canoe_face_down", player=state.names[sub.player], hex=state.rules.map.labels[sub.at])]
    return []


def next_taken(state: GameState, sub: Movement, kind: int, face_up: bool = False) -> int:
    """The piece `take` picks: the one with the most moves left, keeping the face-up chain canoe if possible;
    with `face_up`, the face-up transport canoe itself."""
    ids, up, moves, party = state.piece_ids[sub.player][kind], state.piece_up, sub.moves, sub.party
    return min((up[p] != face_up, -moves[p], p) for p in positions(state.piece_hex, sub.at, ids.start, ids.stop)
               if p not in party and free_to_move(sub, kind, p))[2]


def board(state: GameState, sub: Movement, kind: int, canoe_kind: int) -> list[Event]:
    """A band or colony goes aboard an empty canoe of the party (M5). One that a canoe of the party has
    already moved this turn goes back aboard that canoe; else a fresh one boards the empty canoe with the most
    moves left, sparing a canoe whose own passenger waits here."""
    empty = empty_canoes(state, sub, canoe_kind)
    waits = waiting(state, sub, empty)
    kind_of = state.piece_kind
    for canoe in empty:
        for pid in waits.get(canoe, ()):
            if kind_of[pid] == kind:
                sub.aboard[pid] = canoe
                sub.party.append(pid)
                return []
    ids, carrier, party = state.piece_ids[sub.player][kind], sub.carrier, sub.party
    pid = next(p for p in positions(state.piece_hex, sub.at, ids.start, ids.stop)
               if carrier[p] == FRESH and p not in party)
    canoe = min(empty, key=lambda c: (c in waits, -sub.moves[c], c))
    sub.aboard[pid] = canoe
    party.append(pid)
    sub.pool[kind] -= 1
    return []


def board_named(state: GameState, sub: Movement, kind: int, n: int, fresh: bool) -> list[Event]:
    """A band or colony goes aboard the party's n-th canoe (`named_boardings`): the canoe's own passenger
    waiting here, unless `fresh` or none waits; else one that no canoe has moved yet this turn."""
    kind_of, carrier, party = state.piece_kind, sub.carrier, sub.party
    canoe = [x for x in party if kind_of[x] in CANOES][n - 1]
    own = [] if fresh else waiting(state, sub, [canoe]).get(canoe, [])
    pid = next((q for q in own if kind_of[q] == kind), -1)
    if pid < 0:
        ids = state.piece_ids[sub.player][kind]
        pid = next(q for q in positions(state.piece_hex, sub.at, ids.start, ids.stop)
                   if carrier[q] == FRESH and q not in party)
        sub.pool[kind] -= 1
    sub.aboard[pid] = canoe
    party.append(pid)
    return []


def leave(state: GameState, sub: Movement, kind: int, canoe_kind: int = -1) -> list[Event]:
    """A piece of the party stays in the hex: an empty canoe or a rumor (the one with the fewest moves left),
    a passenger getting off a canoe of `canoe_kind` (the one aboard the canoe with the fewest moves left, one
    not yet moved first), or a walker (A4)."""
    kind_of, moves, party = state.piece_kind, sub.moves, sub.party
    if kind in SELF_MOVING:
        loaded = sub.aboard.values()
        pid = min((p for p in party if kind_of[p] == kind and p not in loaded),
                  key=lambda p: (moves[p], -party.index(p)))
    elif canoe_kind >= 0:
        carrier = sub.carrier
        pid = min((p for p, c in sub.aboard.items() if kind_of[p] == kind and kind_of[c] == canoe_kind),
                  key=lambda p: (moves[sub.aboard[p]], carrier[p] != FRESH, -party.index(p)))
        del sub.aboard[pid]
    else:
        pid = next(p for p in reversed(party) if kind_of[p] == kind)
    party.remove(pid)
    if free_to_move(sub, kind, pid):
        sub.pool[kind] += 1
    return []


def withdrawn(state: GameState, sub: Movement, pid: int) -> None:
    """M7: one of the player's rumors is about to leave the map; it may be in the party or free in its hex."""
    if pid in sub.party:
        sub.party.remove(pid)
    elif sub.phase == PARTY and state.piece_hex[pid] == sub.at and free_to_move(sub, RUMOR, pid):
        sub.pool[RUMOR] -= 1


def go(state: GameState, sub: Movement, to: int) -> list[Event]:
    """The party enters an adjacent hex; each canoe and rumor spends 1 (M4); war canoes may have to stop. Each
    band or colony aboard is now bound to its canoe for the turn (M5, X18); one walking has had its walk (A4)."""
    labels = state.rules.map.labels
    events = [event("stack_moved", player=state.names[sub.player], source=labels[sub.at], to=labels[to],
                    pieces=len(sub.party))]
    kind_of, carrier, aboard = state.piece_kind, sub.carrier, sub.aboard
    stop = any(kind_of[pid] == WAR_CANOE for pid in sub.party) and war_canoe_must_stop(state, to, sub.player)
    for pid in sub.party:
        changes.move(state, pid, to)
        if kind_of[pid] in SELF_MOVING:
            sub.moves[pid] -= 1
            if stop and kind_of[pid] == WAR_CANOE:
                sub.moves[pid] = 0        # M4.4: it must stop and attack after all movement
        elif carrier[pid] == FRESH:
            carrier[pid] = aboard.get(pid, WALKED)
    sub.at = to
    sub.pool = count_pool(state, sub)
    if stop:                              # the rule itself tells the mover that a stack here holds a war canoe
        cause = "enemy_ig" if enemy_ig(state, to, sub.player) else "enemy_war_canoe"
        events.append(event("war_canoes_stopped", player=state.names[sub.player], hex=labels[to], cause=cause))
    return events


# --- Battle resolution (M8) -----------------------------------------------------------------------------------

def battle_hexes(state: GameState, player: int) -> list[int]:
    """M8: hexes where the player's war canoes ended beside an enemy-controlled IG or enemy pieces (X16)."""
    hexes = {state.piece_hex[pid] for pid in state.pieces_of(player, WAR_CANOE) if state.piece_hex[pid] >= 0}
    return sorted(h for h in hexes if enemy_ig(state, h, player) or has_enemy_pieces(state, h, player))


def start_battles(state: GameState, sub: Movement) -> list[Event]:
    sub.phase = MOVE
    sub.battles = battle_hexes(state, sub.player)
    return next_battle(state, sub)


def next_battle(state: GameState, sub: Movement) -> list[Event]:
    """The attacker orders several battles (M8); one left is fought at once; none ends the step."""
    if sub.battles:                       # a battle fought may have settled others
        due = battle_hexes(state, sub.player)
        sub.battles = [h for h in sub.battles if h in due]
    if not sub.battles:
        return flow.next_player(state)
    if len(sub.battles) == 1:
        return open_battle(state, sub, sub.battles[0])
    changes.set_actor(state, sub.player)
    return []


def open_battle(state: GameState, sub: Movement, h: int) -> list[Event]:
    sub.battles.remove(h)
    sub.battle, events = battle.start(state, sub.player, h, ferried(state, sub, h))
    return events + after_battle(state, sub)


def ferried(state: GameState, sub: Movement, h: int) -> tuple[int, ...]:
    """The attacker's bands in a hex that a transport canoe brought there this turn: they never fight (M5, M8.1)."""
    carrier, kind_of = sub.carrier, state.piece_kind
    return tuple(pid for pid in state.pieces_of(sub.player, BAND, h)
                 if carrier[pid] >= 0 and kind_of[carrier[pid]] == TRANSPORT)


def after_battle(state: GameState, sub: Movement) -> list[Event]:
    """When a battle is over, go on with the next one or end the player's step."""
    if sub.battle is not None and not sub.battle.over:
        return []
    sub.battle = None
    changes.set_actor(state, sub.player)
    return next_battle(state, sub)


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    return battle.chance_outcomes(state)


def draw(state: GameState) -> Action:
    return battle.draw(state)


def decision(state: GameState) -> Decision:
    """The mover's part as the view's decision: Transit, a party on the move, the choice of the next battle, or
    the stage of the battle being fought."""
    sub = cast(Movement, state.sub)
    if sub.owed is not None:
        return sub.owed.decision(state, sub.phase)
    if sub.battle is not None:
        return battle.decision(state, sub.battle)
    if sub.phase == TRANSIT:
        return {"kind": "transit", "stage": TRANSIT, "rule": "M3"}
    if sub.phase == PARTY:
        return {"kind": "party", "stage": PARTY, "rule": "M4", "hex": state.rules.map.labels[sub.at]}
    if sub.battles:
        return {"kind": "next_battle", "stage": MOVE, "rule": "M8"}
    return {"kind": "move", "stage": MOVE, "rule": "M4"}


def view(state: GameState, me: int) -> MovementView | None:
    """The step as `me` sees it: everyone sees where a party is and its height; its owner also sees each canoe
    of the party with its passenger and moves left, and which passengers a canoe has already moved (M5, X18)."""
    sub = state.sub
    if not isinstance(sub, Movement):
        return None
    labels = state.rules.map.labels
    out: MovementView = {"player": state.names[sub.player], "phase": sub.phase,
                         "battles_left": [labels[h] for h in sub.battles]}
    if sub.phase == PARTY:
        out["party_at"] = labels[sub.at]
        out["party_size"] = len(sub.party)
        if me == sub.player:
            out["party"] = party_view(state, sub)
    if me == sub.player:
        out["moved_passengers"] = moved_view(state, sub)
    if sub.battle is not None:
        out["battle"] = battle.view(state, sub.battle)
    return out


def party_view(state: GameState, sub: Movement) -> PartyView:
    """The owner's party: its canoes with their passengers, rumors and walkers (A4), in the order they joined."""
    kind_of, carrier, moves = state.piece_kind, sub.carrier, sub.moves
    passenger = {c: p for p, c in sub.aboard.items()}
    boats: list[BoatView] = [{"canoe": PIECES[kind_of[c]], "moves_left": moves[c],
              "passenger": PIECES[kind_of[passenger[c]]] if c in passenger else None,
              "passenger_moved": c in passenger and carrier[passenger[c]] != FRESH}
             for c in sub.party if kind_of[c] in CANOES]
    chain_canoe_next = sub.pool[TRANSPORT] > 0 and bool(state.piece_up[next_taken(state, sub, TRANSPORT)])
    return {"boats": boats, "rumors": [moves[p] for p in sub.party if kind_of[p] == RUMOR],
            "walkers": [PIECES[kind_of[p]] for p in sub.party if kind_of[p] in PASSENGERS and p not in sub.aboard],
            "chain_canoe_next": chain_canoe_next}


def moved_view(state: GameState, sub: Movement) -> list[MovedView]:
    """Bands and colonies outside the party that have had their move this turn: aboard which kind of canoe (or
    walked, A4), and whether that canoe stands beside them, so they could go on with it."""
    labels, kind_of, where = state.rules.map.labels, state.piece_kind, state.piece_hex
    out: list[MovedView] = []
    for kind in PASSENGERS:
        for pid in state.piece_ids[sub.player][kind]:
            c = sub.carrier[pid]
            if c == FRESH or pid in sub.party or where[pid] < 0:
                continue
            out.append({"hex": labels[where[pid]], "piece": PIECES[kind],
                        "carrier": "walked" if c == WALKED else PIECES[kind_of[c]],
                        "with_carrier": c >= 0 and where[c] == where[pid]})
    return out
