"""Movement & Battle step, parts Transit and Movement (rules M1-M7, rulings X5, X18, X19).

A player's step is a machine in `state.sub`: Transit (pieces ride the transit chain any distance), then
Movement, where the player forms a *party* of pieces in one hex (canoes, rumors and the bands and colonies
they carry), moves it hex by hex and leaves pieces on the way, and finally Battle resolution (battle.py).
"""
from __future__ import annotations

from . import battle, flow, random_events
from .actions import Action, IllegalAction, act
from .board import enemy_ig, has_enemy_pieces, is_known, others_pieces, war_canoe_must_stop
from .cards import canoe_moves_bonus
from .chains import chain_from, face_up_canoe_hexes
from .south_island import other_island
from .ruleset import PIECES
from .state import BAND, COLONY, MOVEMENT, RUMOR, TRANSPORT, WAR_CANOE, Event, GameState, KIND_INDEX, event

STEP = MOVEMENT
TRANSIT, MOVE, PARTY = "transit", "move", "party"
SELF_MOVING = (TRANSPORT, WAR_CANOE, RUMOR)      # pieces with a movement allowance (C2, X5)


class Movement:
    """One player's Movement & Battle step in progress."""

    __slots__ = ("player", "phase", "moves", "carried", "party", "at", "battle", "battles")

    def __init__(self, player: int, pieces: int):
        self.player = player
        self.phase = TRANSIT
        self.moves = [0] * pieces        # movement left this turn, per piece id (canoes and rumors)
        self.carried = [False] * pieces  # a band or colony already moved by a canoe this turn (M5, X18)
        self.party: list[int] = []       # piece ids moving together now
        self.at = -1                     # the party's hex
        self.battle: battle.Battle | None = None
        self.battles: list[int] = []     # hexes still to fight in (M8)

    def clone(self) -> "Movement":
        c = Movement.__new__(Movement)
        c.player, c.phase, c.moves, c.carried = self.player, self.phase, self.moves[:], self.carried[:]
        c.party, c.at, c.battles = self.party[:], self.at, self.battles[:]
        c.battle = self.battle.clone() if self.battle is not None else None
        return c

    def to_dict(self) -> dict:
        return {"player": self.player, "phase": self.phase, "moves": self.moves, "carried": self.carried,
                "party": self.party, "at": self.at, "battles": self.battles,
                "battle": self.battle.to_dict() if self.battle is not None else None}


def canoe_moves(state: GameState, player: int) -> int:
    """A canoe's movement allowance (M4; the card Poi and A7's favourable winds raise it)."""
    winds = winds_moves(state) if state.adv.winds[player] == state.turn else 0
    return max(state.rules.limits["canoe_moves"], canoe_moves_bonus(state, player), winds)


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
    for pid in state.pieces_of(player):
        if state.piece_kind[pid] in SELF_MOVING and state.piece_hex[pid] >= 0:
            sub.moves[pid] = allowance
    state.sub, state.actor = sub, player
    if not can_transit(state, player):
        sub.phase = MOVE                  # no chain, no Transit to decide
    return []


def can_transit(state: GameState, player: int) -> bool:
    """Whether any piece could ride a chain: a face-up canoe next to another, and a piece beside them."""
    canoes = face_up_canoe_hexes(state, player)
    neighbors = state.rules.map.neighbors
    riders = movable_kinds(state, player)
    return any(h in riders and any(n in canoes for n in neighbors(h)) for h in canoes)


def last_garrison(state: GameState, player: int, h: int, leaving: int) -> bool:
    """M10, M13: the conqueror of a printed IG keeps at least one piece there; `leaving` pieces would go."""
    return state.must_hold[h] == player and len(list(state.pieces_at(h, player))) <= leaving


# --- Transit (M2, M3) ---------------------------------------------------------------------------------------

def transit_actions(state: GameState, sub: Movement) -> list[Action]:
    """Any piece but a chain canoe may ride the chain from one of its hexes to another (M3, X5)."""
    labels = state.rules.map.labels
    player = sub.player
    canoes = face_up_canoe_hexes(state, player)
    riders = movable_kinds(state, player)
    out = []
    done: set[int] = set()
    for start in sorted(canoes):
        if start in done:
            continue
        chain = chain_from(state, player, start, canoes)
        done |= chain
        for h in sorted(chain):
            for kind in sorted(riders.get(h, ())):
                out += [act("transit", PIECES[kind], labels[h], labels[to]) for to in sorted(chain) if to != h]
    return out


def movable_kinds(state: GameState, player: int) -> dict[int, set[int]]:
    """Hex -> kinds of the player's pieces there that may ride a chain (not the face-up chain canoe, not the
    last garrison piece of a conquered printed IG)."""
    where, up, kind_of = state.piece_hex, state.piece_up, state.piece_kind
    lo, hi = state.piece_span[player]
    out: dict[int, set[int]] = {}
    for pid in range(lo, hi):
        h = where[pid]
        if h >= 0 and not up[pid]:
            out.setdefault(h, set()).add(kind_of[pid])
    return {h: kinds for h, kinds in out.items() if not last_garrison(state, player, h, 1)}


def do_transit(state: GameState, sub: Movement, action: Action) -> list[Event]:
    kind = KIND_INDEX[action.args[0]]
    start, end = (state.rules.map.hex_of(a) for a in action.args[1:])
    pid = next(p for p in state.pieces_at(start, sub.player) if state.piece_kind[p] == kind and not state.piece_up[p])
    state.piece_hex[pid] = end
    return [event("transit", player=state.names[sub.player], source=action.args[1], to=action.args[2],
                  pieces=1)]


# --- Movement (M4-M7) -----------------------------------------------------------------------------------------

def party_starts(state: GameState, sub: Movement) -> list[int]:
    """Hexes where the player has a canoe or rumor with movement left (or, A4, bands or colonies that may
    walk between the New Zealand hexes)."""
    where, moves = state.piece_hex, sub.moves
    lo, hi = state.piece_span[sub.player]
    starts = {where[pid] for pid in range(lo, hi) if moves[pid] > 0 and where[pid] >= 0}
    if state.adv.south_island:           # A4: bands and colonies walk between the New Zealand hexes
        starts.update(where[pid] for kind in (BAND, COLONY) for pid in state.piece_ids[sub.player][kind]
                      if not sub.carried[pid] and other_island(state, where[pid]) >= 0)
    return sorted(starts)


def raisable(state: GameState, sub: Movement) -> list[int]:
    """Hexes where a face-down transport canoe may be turned face up (M6: one per hex, after Transit)."""
    where, up = state.piece_hex, state.piece_up
    canoes = state.piece_ids[sub.player][TRANSPORT]
    raised = {where[pid] for pid in canoes if up[pid]}
    return sorted({where[pid] for pid in canoes if where[pid] >= 0 and where[pid] not in raised})


def party_counts(state: GameState, party: list[int]) -> list[int]:
    counts = [0] * len(PIECES)
    for pid in party:
        counts[state.piece_kind[pid]] += 1
    return counts


def can_carry(counts: list[int]) -> bool:
    """M5: a transport canoe carries 1 band or 1 colony, a war canoe 1 band."""
    return (counts[COLONY] <= counts[TRANSPORT]
            and counts[COLONY] + counts[BAND] <= counts[TRANSPORT] + counts[WAR_CANOE])


def walking(state: GameState, sub: Movement) -> bool:
    """A4: a party of bands and colonies only, on one of the two New Zealand hexes, may walk to the other."""
    return bool(state.adv.south_island) and other_island(state, sub.at) >= 0 \
        and not any(state.piece_kind[p] in SELF_MOVING for p in sub.party)


def take_kinds(state: GameState, sub: Movement) -> list[int]:
    """Kinds the party may take in: a piece of that kind is here, free to move, and can be carried (M5)."""
    counts = party_counts(state, sub.party)
    walkers = walking(state, sub)
    where, kind_of, moves, carried = state.piece_hex, state.piece_kind, sub.moves, sub.carried
    at, party = sub.at, set(sub.party)
    here = set()
    lo, hi = state.piece_span[sub.player]
    for pid in range(lo, hi):
        if where[pid] == at and pid not in party:
            kind = kind_of[pid]
            if moves[pid] > 0 if kind in SELF_MOVING else not carried[pid]:
                here.add(kind)
    kinds = []
    for kind in sorted(here):
        counts[kind] += 1
        if can_carry(counts) or (walkers and kind in (BAND, COLONY)):
            kinds.append(kind)
        counts[kind] -= 1
    return kinds


def leave_kinds(state: GameState, sub: Movement) -> list[int]:
    counts = party_counts(state, sub.party)
    walkers = walking(state, sub)
    out = []
    for kind in range(len(PIECES)):
        if counts[kind]:
            counts[kind] -= 1
            if walkers or can_carry(counts):
                out.append(kind)
            counts[kind] += 1
    return out


def destinations(state: GameState, sub: Movement) -> list[int]:
    """Hexes the party may enter now (M4.1-M4.4, M10's garrison of a conquered printed IG)."""
    party = sub.party
    movers = [pid for pid in party if state.piece_kind[pid] in SELF_MOVING]
    if party and walking(state, sub):
        there = other_island(state, sub.at)
        fresh = not any(sub.carried[pid] for pid in party)
        peaceful = not enemy_ig(state, there, sub.player) and not has_enemy_pieces(state, there, sub.player)
        return [there] if fresh and peaceful and not last_garrison(state, sub.player, sub.at, len(party)) else []
    if not movers or any(sub.moves[pid] < 1 for pid in movers):
        return []
    here = sub.at
    if last_garrison(state, sub.player, here, len(party)):
        return []
    counts = party_counts(state, party)
    if counts[TRANSPORT] and not counts[WAR_CANOE]:
        # M4.2: transport canoes enter enemy hexes only with a war canoe.
        others = others_pieces(state, sub.player)
        return [n for n in state.rules.map.neighbors(here) if is_known(state, n)
                and not enemy_ig(state, n, sub.player) and n not in others]
    return [n for n in state.rules.map.neighbors(here) if is_known(state, n)]


def legal(state: GameState) -> list[Action]:
    sub: Movement = state.sub
    if sub.battle is not None:
        return battle.legal(state, sub.battle)
    labels = state.rules.map.labels
    if sub.phase == TRANSIT:
        return transit_actions(state, sub) + [act("end")]
    if sub.phase == PARTY:
        out = [act("take", PIECES[k]) for k in take_kinds(state, sub)]
        out += [act("leave", PIECES[k]) for k in leave_kinds(state, sub)]
        out += [act("go", labels[h]) for h in destinations(state, sub)]
        return out + [act("done")]
    if sub.battles:
        return [act("battle", labels[h]) for h in sub.battles]
    out = [act("party", labels[h]) for h in party_starts(state, sub)]
    out += [act("raise", labels[h]) for h in raisable(state, sub)]
    out += random_events.playable(state, sub.player, "movement")
    return out + [act("end")]


def perform(state: GameState, action: Action) -> list[Event]:
    sub: Movement = state.sub
    if sub.battle is not None:
        return battle.perform(state, sub.battle, action) + after_battle(state, sub)
    verb = action.verb
    if verb == "transit":
        return do_transit(state, sub, action)
    if verb == "end" and sub.phase == TRANSIT:
        sub.phase = MOVE
        return [event("transit_ended", player=state.names[sub.player])]
    if verb == "end":
        return start_battles(state, sub)
    if verb == "battle":
        return open_battle(state, sub, state.rules.map.hex_of(action.args[0]))
    if verb == "raise":
        return raise_canoe(state, sub.player, state.rules.map.hex_of(action.args[0]))
    if verb == "party":
        sub.phase, sub.at, sub.party = PARTY, state.rules.map.hex_of(action.args[0]), []
        return []
    if verb == "take":
        return take(state, sub, KIND_INDEX[action.args[0]])
    if verb == "leave":
        return leave(state, sub, KIND_INDEX[action.args[0]])
    if verb == "go":
        return go(state, sub, state.rules.map.hex_of(action.args[0]))
    if verb == "play":                    # A7: favourable winds, this turn's canoes move further
        allowance = canoe_moves(state, sub.player)
        events = random_events.play(state, sub.player, action)
        for pid in state.pieces_of(sub.player):
            if state.piece_kind[pid] in (TRANSPORT, WAR_CANOE) and state.piece_hex[pid] >= 0:
                sub.moves[pid] += max(0, winds_moves(state) - allowance)
        return events
    if verb == "done":
        sub.phase, sub.party, sub.at = MOVE, [], -1
        return []
    raise IllegalAction(f"{action} is not a movement action")


def raise_canoe(state: GameState, player: int, h: int) -> list[Event]:
    """M6: one transport canoe per hex may be face up; a chain counts from the next step on."""
    pid = next(p for p in state.pieces_at(h, player) if state.piece_kind[p] == TRANSPORT and not state.piece_up[p])
    state.piece_up[pid] = True
    return [event("canoe_face_up", player=state.names[player], hex=state.rules.map.labels[h])]


def take(state: GameState, sub: Movement, kind: int) -> list[Event]:
    free = (lambda p: sub.moves[p] > 0) if kind in SELF_MOVING else (lambda p: not sub.carried[p])
    candidates = [p for p in state.pieces_at(sub.at, sub.player)
                  if state.piece_kind[p] == kind and p not in sub.party and free(p)]
    pid = min(candidates, key=lambda p: (state.piece_up[p], -sub.moves[p]))   # keep the chain canoe if possible
    sub.party.append(pid)
    if state.piece_up[pid]:
        state.piece_up[pid] = False       # X19: a chain canoe that sets out is turned face down
        return [event("canoe_face_down", player=state.names[sub.player], hex=state.rules.map.labels[sub.at])]
    return []


def leave(state: GameState, sub: Movement, kind: int) -> list[Event]:
    pid = next(p for p in reversed(sub.party) if state.piece_kind[p] == kind)
    sub.party.remove(pid)
    return []


def go(state: GameState, sub: Movement, to: int) -> list[Event]:
    """The party enters an adjacent hex; each canoe and rumor spends 1 (M4); war canoes may have to stop."""
    labels = state.rules.map.labels
    events = [event("stack_moved", player=state.names[sub.player], source=labels[sub.at], to=labels[to],
                    pieces=len(sub.party))]
    stop = war_canoe_must_stop(state, to, sub.player)
    for pid in sub.party:
        state.piece_hex[pid] = to
        if state.piece_kind[pid] in SELF_MOVING:
            sub.moves[pid] -= 1
            if stop and state.piece_kind[pid] == WAR_CANOE:
                sub.moves[pid] = 0        # M4.4: it must stop and attack after all movement
        else:
            sub.carried[pid] = True
    sub.at = to
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
    sub.battles = [h for h in sub.battles if h in battle_hexes(state, sub.player)]
    if not sub.battles:
        return flow.next_player(state)
    if len(sub.battles) == 1:
        return open_battle(state, sub, sub.battles[0])
    state.actor = sub.player
    return []


def open_battle(state: GameState, sub: Movement, h: int) -> list[Event]:
    sub.battles.remove(h)
    sub.battle, events = battle.start(state, sub.player, h)
    return events + after_battle(state, sub)


def after_battle(state: GameState, sub: Movement) -> list[Event]:
    """When a battle is over, go on with the next one or end the player's step."""
    if sub.battle is not None and not sub.battle.over:
        return []
    sub.battle = None
    state.actor = sub.player
    return next_battle(state, sub)


def chance_outcomes(state: GameState) -> list:
    return battle.chance_outcomes(state)


def draw(state: GameState) -> Action:
    return battle.draw(state)


def view(state: GameState) -> dict | None:
    sub = state.sub
    if not isinstance(sub, Movement):
        return None
    labels = state.rules.map.labels
    out = {"player": state.names[sub.player], "phase": sub.phase, "battles_left": [labels[h] for h in sub.battles]}
    if sub.phase == PARTY:
        out["party_at"] = labels[sub.at]
        out["party_size"] = len(sub.party)
    if sub.battle is not None:
        out["battle"] = battle.view(state, sub.battle)
    return out
