"""Building step (rules B1-B5, C6/B4 purchases, rulings X8, X10, X23).

In pass-and-play players build one after another in turn order, each seeing only their own builds (X8); the
builds wait in `state.sub` and appear together, as face-down pieces, once the last player has built. Then the
colonies chosen to settle new island groups become villages (B3, B5) and the cards bought are drawn (X23).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Final, cast

from . import chance, changes, flow, random_events
from .actions import Action, IllegalAction, act
from .board import garrison
from .cards import build_point_bonus, free_build_points, free_pieces, spend, usable_one_time
from .chains import chain_map, face_up_canoe_hexes
from .ruleset import PIECES
from .state import (
    AT_HOME,
    BUILDING,
    CHANCE_ACTOR,
    COLONY,
    KIND_INDEX,
    NOBODY,
    RUMOR,
    TRANSPORT,
    UNBUILT,
    Event,
    GameState,
    event,
)
from .views import BuildingPhase, BuildingView, Decision

STEP = BUILDING
REAL_PIECES = frozenset(kind for kind in PIECES if kind != PIECES[RUMOR])     # what can hold an IG (X22)
BUILD: Final = "build"
DRAW: Final = "draw"


class Building:
    """The Building step in progress: every player's pending builds, and the builder's build points."""

    __slots__ = ("phase", "areas", "bp", "builds", "raised", "rotated", "bought", "settles", "uses", "draws",
                 "coins", "carried", "plays")

    def __init__(self, players: int):
        self.phase: BuildingPhase = BUILD
        self.areas: list[tuple[int, ...]] = []     # the builder's build areas (B1.3, B1.4); home's first
        self.bp: list[int] = []                    # build points left per area
        self.builds: list[list[tuple[str, int]]] = [[] for _ in range(players)]   # (item, hex) waiting (X8)
        self.raised: list[list[int]] = [[] for _ in range(players)]     # hexes whose new canoe goes face up
        self.rotated = [False] * players           # internal rotation chosen (B1.1)
        self.bought = [False] * players            # a card bought this turn (B2)
        self.settles: list[list[int]] = [[] for _ in range(players)]    # colonies that become villages (B3)
        self.uses: list[list[int]] = [[] for _ in range(players)]       # one-time cards used while building
        self.draws: list[int] = []                 # buyers still to draw their card (X23)
        self.coins = [0] * players                 # build points saved for a later step (A2)
        self.carried = 0                           # the builder's coin still counted in the home's BP (X43)
        self.plays: list[list[int]] = [[] for _ in range(players)]     # kept events played (A7)

    def clone(self) -> Building:
        c = Building.__new__(Building)
        c.phase, c.areas, c.bp = self.phase, self.areas[:], self.bp[:]
        c.builds, c.raised = [b[:] for b in self.builds], [r[:] for r in self.raised]
        c.rotated, c.bought = self.rotated[:], self.bought[:]
        c.settles, c.uses, c.draws = [s[:] for s in self.settles], [u[:] for u in self.uses], self.draws[:]
        c.coins, c.carried, c.plays = self.coins[:], self.carried, [p[:] for p in self.plays]
        return c

    def to_dict(self) -> dict[str, Any]:
        return {slot: getattr(self, slot) for slot in self.__slots__}


def build_areas(state: GameState, player: int) -> list[tuple[int, ...]]:
    """B1.3, B1.4: controlled IGs linked by a transit chain pool their BP; every other one builds alone.
    The area holding the home comes first (B1.1's extra BP and the cards' BP are spent there)."""
    controlled = state.controlled(player)
    chains = chain_map(state, player)
    areas: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for h in controlled:
        if h in seen:
            continue
        linked = chains.get(h, (h,))
        area = tuple(sorted(x for x in linked if state.controller[x] == player))
        seen.update(area)
        areas.append(area)
    areas.sort(key=lambda area: (state.home[player] not in area, area))
    return areas


def begin(state: GameState) -> list[Event]:
    changes.keep_step_record(state, Building(state.players))
    return begin_player(state)


def begin_player(state: GameState) -> list[Event]:
    """B1: each village gives 1 BP to its area; the home area adds the cards' bonus, A7's gains and A2's coin;
    A7's losses come off the whole (X44)."""
    sub = cast(Building, state.sub)
    if state.active >= len(state.order):
        return reveal_all(state, sub)
    player = state.order[state.active]
    changes.set_actor(state, player)
    sub.coins[player] = state.saved_bp[player]     # A2, X43: the coin stays in front of the player until spent
    if state.turn == 0:                   # A1: free builds at home in place of the starting pieces
        sub.areas, sub.bp = [(state.home[player],)], [state.rules.limits["variable_starting_bp"]]
        return []
    sub.areas = build_areas(state, player)
    sub.bp = [sum(state.villages(h) for h in area) for area in sub.areas]
    events_bp = random_events.take_build_points(state, player)      # A7's gains and losses, used up now
    home = home_area(state, sub, player)
    sub.carried = sub.coins[player] if home else 0
    if home:                              # the cards' BP and A7's gains are spent at home
        sub.bp[0] += build_point_bonus(state, player) + max(0, events_bp)
    lose_build_points(sub, -min(0, events_bp), home)
    if home:                              # A2's coin too, but no event takes it (X44)
        sub.bp[0] += sub.carried
    return []


def lose_build_points(sub: Building, loss: int, home: bool) -> None:
    """A7, X44: « 2 fewer build points » come off the player's whole BP, never below 0: from the area with the
    fewest first, home's last among equals (what the player misses least, as X28 takes the cheapest pieces)."""
    for i in sorted(range(len(sub.bp)), key=lambda i: (sub.bp[i], home and i == 0)):
        taken = min(loss, sub.bp[i])
        sub.bp[i] -= taken
        loss -= taken


def pay(sub: Building, player: int, h: int, cost: int) -> None:
    """B2: the area of h pays. A2, X43: the coin counted in the home's BP is spent last, so it stays in front of
    the player while the home keeps its value unspent."""
    area = area_of(sub, h)
    sub.bp[area] -= cost
    if area == 0:
        kept = min(sub.carried, sub.bp[0])
        sub.coins[player] -= sub.carried - kept
        sub.carried = kept


def bonus_shown(state: GameState, sub: Building, player: int, before: int) -> None:
    """B4, C6: Aquaculture shown while its owner builds adds its BP at once, at home as `begin_player` counts it
    (`before`: the player's card bonus until then)."""
    if home_area(state, sub, player):
        sub.bp[0] += build_point_bonus(state, player) - before


def next_builder(state: GameState) -> list[Event]:
    changes.skip_in_order(state)
    return begin_player(state)


def area_of(sub: Building, h: int) -> int:
    return next((i for i, area in enumerate(sub.areas) if h in area), -1)


def pending(sub: Building, player: int, item: str, h: int | None = None) -> int:
    """Items of a kind the player has planned this step (at one hex, or anywhere)."""
    if h is not None:
        return sub.builds[player].count((item, h))
    return sum(1 for it, _ in sub.builds[player] if it == item)


def unbuilt(state: GameState, sub: Building, player: int) -> dict[str, int]:
    """Pieces of each kind still in the unbuilt pool, less those already promised this step (B1.6). A card's free
    pieces come from what is left (« from your counter mix »): none left, none placed, and never fewer than 0."""
    where = state.piece_hex
    free = {kind: where[ids.start:ids.stop].count(UNBUILT) for kind, ids in zip(PIECES, state.piece_ids[player])}
    for item, _ in sub.builds[player]:
        if item in free:
            free[item] -= 1
    for card in sub.uses[player]:
        for kind, count in free_pieces(state, card).items():
            free[kind] = max(0, free[kind] - count)
    return free


def new_village_here(sub: Building, player: int, h: int) -> bool:
    """X10: one new village per IG per turn, by any means."""
    builds = sub.builds[player]
    return ("village", h) in builds or ("convert", h) in builds or h in sub.settles[player]


def village_room(state: GameState, sub: Building, player: int, h: int) -> bool:
    """B3: a free green square, or a brown one improved (IA may be built this same turn)."""
    squares = state.ig_squares(h)
    assert squares is not None            # only IGs a player builds on or settles
    green, _, atoll = squares
    if atoll:
        return False
    ia = state.ia[h] + pending(sub, player, "improved_agriculture", h)
    return state.villages(h) < green + ia


def can_build(state: GameState, sub: Building, player: int, item: str, h: int) -> bool:
    """Whether the item can be built at h now."""
    area = area_of(sub, h)
    cost = state.rules.costs[item]
    if area < 0 or sub.bp[area] < cost:
        return False
    if item == "village":
        return not new_village_here(sub, player, h) and village_room(state, sub, player, h)
    if item == "improved_agriculture":
        return ia_room(state, sub, player, h)
    return unbuilt(state, sub, player)[item] > 0


def ia_room(state: GameState, sub: Building, player: int, h: int) -> bool:
    """B3: improved agriculture goes on a brown square not improved yet (counting this step's builds)."""
    squares = state.ig_squares(h)
    assert squares is not None            # only IGs a player builds on
    return state.ia[h] + pending(sub, player, "improved_agriculture", h) < squares[1]


def colonies_at(state: GameState, player: int, h: int) -> int:
    return sum(1 for p in state.pieces_of(player, COLONY) if state.piece_hex[p] == h)


def settle_targets(state: GameState, sub: Building, player: int) -> list[int]:
    """B3: an IG with no village where the player's colony stands may get its first village, after building."""
    out = []
    where, controller = state.piece_hex, state.controller
    for h in sorted({where[p] for p in state.piece_ids[player][COLONY] if where[p] >= 0}):
        if controller[h] != NOBODY or h in sub.settles[player]:
            continue
        squares = state.ig_squares(h)
        if squares and not squares[2] and squares[0] + state.ia[h] > 0 and keeps_garrison(state, sub, player, h):
            out.append(h)
    return out


def keeps_garrison(state: GameState, sub: Building, player: int, h: int) -> bool:
    """M10, M13, X22: « le nouveau propriétaire doit garder au moins un pion dans l'hexagone ». Settling or
    converting (B3) takes a colony off the map, and a village is a marker, not a piece: on a conquered printed
    IG the conqueror may spend one more colony only if a real piece of theirs stays there once the builds are
    revealed (the pieces planned there arrive before colonies become villages)."""
    if state.must_hold[h] != player:
        return True
    spent = pending(sub, player, "convert", h) + (h in sub.settles[player]) + 1
    arriving = sum(1 for item, x in sub.builds[player] if x == h and item in REAL_PIECES)
    return garrison(state, h, player) + arriving > spent


def legal(state: GameState) -> list[Action]:
    sub = cast(Building, state.sub)
    if sub.phase == DRAW:
        raise IllegalAction("the deck decides now")
    player = state.actor
    labels = state.rules.map.labels
    if state.turn == 0:
        home = sub.areas[0][0]
        out: list[Action] = [act("build", item, labels[home]) for item in PIECES
                             if can_build(state, sub, player, item, home)]
        return out + [act("raise", labels[h]) for h in raisable(state, sub, player)] + [act("end")]
    out = []
    costs = state.rules.costs
    free = unbuilt(state, sub, player)
    pieces = [kind for kind in PIECES if free[kind] > 0]
    for area, bp in zip(sub.areas, sub.bp):
        affordable = [kind for kind in pieces if costs[kind] <= bp]
        for h in area:
            label = labels[h]
            out += [act("build", kind, label) for kind in affordable]
            if costs["improved_agriculture"] <= bp and ia_room(state, sub, player, h):
                out.append(act("build", "improved_agriculture", label))
            if new_village_here(sub, player, h) or not village_room(state, sub, player, h):
                continue
            if costs["village"] <= bp:
                out.append(act("build", "village", label))
            if colonies_at(state, player, h) > pending(sub, player, "convert", h) and keeps_garrison(
                    state, sub, player, h):
                out.append(act("convert", label))              # B3: a colony there becomes the village
    out += [state.rules.map.hex_actions("raise")[h] for h in raisable(state, sub, player)]
    if not sub.bought[player] and state.deck:       # X8, X23: never on the earlier builders' secret buys
        out += [act("buy", labels[area[0]]) for i, area in enumerate(sub.areas)
                if sub.bp[i] >= state.rules.costs["card"]]
    out += [state.rules.map.hex_actions("settle")[h] for h in settle_targets(state, sub, player)]
    if home_area(state, sub, player):     # what is spent "at home or chain-linked to home" (B1.1, cards, A7)
        if not sub.rotated[player] and state.explorer[player] == AT_HOME:
            out.append(act("rotate"))
        out += [act("use", state.rules.cards[c].key) for c in usable_one_time(state, player, "building")
                if c not in sub.uses[player]]
        out += [a for a in random_events.playable(state, player, "building") if event_fits(state, sub, player, a)]
    if state.options.get("saved_resources") and not sub.coins[player]:
        limit = state.rules.limits["saved_build_points"]
        out += [act("save_bp", labels[area[0]]) for i, area in enumerate(sub.areas) if sub.bp[i] >= limit]
    return out + [act("end")]


def raisable(state: GameState, sub: Building, player: int) -> list[int]:
    """M6: a transport canoe may be face up when built (one per hex)."""
    built = {h for it, h in sub.builds[player] if it == "transport_canoe"}
    if not built:
        return []
    up = face_up_canoe_hexes(state, player)
    return sorted(h for h in built if h not in up and h not in sub.raised[player])


def perform(state: GameState, action: Action) -> list[Event]:
    sub = cast(Building, state.sub)
    if sub.phase == DRAW:
        return draw_card(state, sub, action)
    player = state.actor
    verb = action.verb
    labels = state.rules.map.labels
    mine = frozenset({player})
    if verb == "end":
        return [event("building_done", player=state.names[player])] + next_builder(state)
    if verb == "build":
        item, h = action.args[0], state.rules.map.hex_of(action.args[1])
        pay(sub, player, h, state.rules.costs[item])
        sub.builds[player].append((item, h))
        return [event("build_planned", mine, player=state.names[player], item=item, hex=labels[h])]
    if verb == "convert":
        h = state.rules.map.hex_of(action.args[0])
        sub.builds[player].append(("convert", h))
        return [event("build_planned", mine, player=state.names[player], item="convert", hex=labels[h])]
    if verb == "raise":
        h = state.rules.map.hex_of(action.args[0])
        sub.raised[player].append(h)
        return [event("build_planned", mine, player=state.names[player], item="face_up_canoe", hex=labels[h])]
    if verb == "buy":
        pay(sub, player, state.rules.map.hex_of(action.args[0]), state.rules.costs["card"])
        sub.bought[player] = True
        return [event("build_planned", mine, player=state.names[player], item="card")]
    if verb == "rotate":
        sub.rotated[player] = True
        sub.bp[0] += 1                    # B1.1: spent at home or chain-linked to home
        return [event("build_planned", mine, player=state.names[player], item="internal_rotation")]
    if verb == "use":
        card = state.rules.card_id(action.args[0])
        sub.uses[player].append(card)
        sub.bp[0] += free_build_points(state, card)
        return [event("build_planned", mine, player=state.names[player], item="card_power", card=action.args[0])]
    if verb == "play":
        return play_event(state, sub, player, action)
    if verb == "save_bp":                 # A2: one BP left unspent, marked by a coin
        limit = state.rules.limits["saved_build_points"]
        pay(sub, player, state.rules.map.hex_of(action.args[0]), limit)
        sub.coins[player] = limit
        return [event("build_planned", mine, player=state.names[player], item="saved_build_point")]
    if verb == "settle":
        sub.settles[player].append(state.rules.map.hex_of(action.args[0]))
        return [event("build_planned", mine, player=state.names[player], item="settle", hex=action.args[0])]
    raise IllegalAction(f"{action} is not a building action")


def home_area(state: GameState, sub: Building, player: int) -> bool:
    """Whether the player still has a home IG to build at (the first area is the home's)."""
    return bool(sub.areas) and state.home[player] in sub.areas[0]


def event_fits(state: GameState, sub: Building, player: int, action: Action) -> bool:
    """A kept event is played once; a free village or IA obeys the limits of a built one (B3, X10)."""
    if random_events.card_id(state, action.args[0]) in sub.plays[player]:
        return False
    if len(action.args) < 2:
        return True
    h = state.rules.map.hex_of(action.args[1])
    effect = random_events.effect_of(state, random_events.card_id(state, action.args[0]))["id"]
    if effect == "free_village":
        return not new_village_here(sub, player, h) and village_room(state, sub, player, h)
    return ia_room(state, sub, player, h)


def play_event(state: GameState, sub: Building, player: int, action: Action) -> list[Event]:
    """A7: a kept event that builds is played with the other secret builds and revealed with them."""
    card = random_events.card_id(state, action.args[0])
    effect = random_events.effect_of(state, card)
    sub.plays[player].append(card)
    if effect["id"] == "gain_build_points":
        sub.bp[0] += effect["bp"]
    elif effect["id"] == "free_piece":
        room = unbuilt(state, sub, player)[effect["piece"]]
        sub.builds[player] += [(effect["piece"], state.home[player])] * min(room, effect["count"])
    else:
        item = "village" if effect["id"] == "free_village" else "improved_agriculture"
        sub.builds[player].append((item, state.rules.map.hex_of(action.args[1])))
    return [event("build_planned", frozenset({player}), player=state.names[player], item="event",
                  card=action.args[0])]


def reveal_all(state: GameState, sub: Building) -> list[Event]:
    """X8: everyone's builds appear at once, in turn order; then colonies settle (B3, B5); then cards (X23)."""
    events: list[Event] = []
    for player in state.order:
        events += place_builds(state, sub, player)
    for player in state.order:
        for h in sub.settles[player]:
            events += settle(state, player, h)
    sub.draws = [p for p in state.order if sub.bought[p]]
    return events + next_draw(state, sub)


def place_builds(state: GameState, sub: Building, player: int) -> list[Event]:
    labels = state.rules.map.labels
    name = state.names[player]
    events: list[Event] = []
    per_hex: dict[int, dict[str, int]] = {}
    home = state.home[player]
    for card in sub.plays[player]:
        changes.discard_held_event(state, player, card)
        events.append(event("event_played", player=name, card=random_events.key(state, card)))
    for card in sub.uses[player]:
        events += spend(state, player, card)
    for item, h in sub.builds[player]:
        per_hex.setdefault(h, {})
        per_hex[h][item] = per_hex[h].get(item, 0) + 1
    # A card's free pieces come from what the planned builds leave (« from your counter mix », B1.6, X41): a
    # build paid for always gets its piece, whichever hex is filled first.
    left = {kind: len(state.pieces_of(player, KIND_INDEX[kind], UNBUILT)) - pending(sub, player, kind)
            for kind in PIECES}
    for card in sub.uses[player]:
        for kind, count in free_pieces(state, card).items():
            given = min(count, max(0, left[kind]))
            if given:
                left[kind] -= given
                per_hex.setdefault(home, {})
                per_hex[home][kind] = per_hex[home].get(kind, 0) + given
    for h, items in sorted(per_hex.items()):
        pieces = 0
        for kind in PIECES:
            if kind not in items:
                continue
            free = state.pieces_of(player, KIND_INDEX[kind], UNBUILT)
            for pid in free[:items[kind]]:
                changes.place(state, pid, h)
                pieces += 1
        if h in sub.raised[player]:
            pid = next(p for p in state.pieces_of(player, TRANSPORT, h) if not state.piece_up[p])
            changes.turn_face(state, pid, True)
        changes.improve(state, h, items.get("improved_agriculture", 0))
        villages = items.get("village", 0) + items.get("convert", 0)
        for _ in range(items.get("convert", 0)):
            colony = next(p for p in state.pieces_of(player, COLONY, h))
            changes.unbuild(state, colony)
        changes.add_villages(state, h, villages)
        events.append(event("built", player=name, hex=labels[h], pieces=pieces, villages=villages,
                            improved_agriculture=items.get("improved_agriculture", 0),
                            face_up_canoe=h in sub.raised[player]))
        events.append(event("built_kinds", frozenset({player}), player=name, hex=labels[h],
                            items={k: v for k, v in items.items() if k in PIECES}))
    if sub.rotated[player]:
        changes.send_explorer_to_lost(state, player)
        events.append(event("internal_rotation", player=name))
    return events + keep_coin(state, player, sub.coins[player])


def keep_coin(state: GameState, player: int, coin: int) -> list[Event]:
    """A2: the coin in front of the player, shown to all when it changes (it is placed in the open)."""
    if state.saved_bp[player] == coin:
        return []
    changes.save_coin(state, player, coin)
    return [event("saved_build_point", player=state.names[player], saved=coin)]


def settle(state: GameState, player: int, h: int) -> list[Event]:
    """B3, X10: the colony is replaced by the IG's first village; the player now controls it (V2)."""
    if state.controller[h] != NOBODY or not any(True for _ in state.pieces_of(player, COLONY, h)):
        return []
    colony = state.pieces_of(player, COLONY, h)[0]
    changes.unbuild(state, colony)
    changes.add_villages(state, h, 1)
    changes.set_controller(state, h, player)
    changes.face_home(state, h, player)
    return [event("settled", player=state.names[player], hex=state.rules.map.labels[h])]


def next_draw(state: GameState, sub: Building) -> list[Event]:
    """X23: the buyers draw in turn order; those who find the deck empty draw nothing (`no_card`)."""
    events: list[Event] = []
    while sub.draws and not state.deck:
        events += no_card(state, sub.draws.pop(0))
    if sub.draws:
        sub.phase = DRAW
        changes.set_actor(state, CHANCE_ACTOR)
        return events
    return events + flow.end_of_step(state)


def no_card(state: GameState, player: int) -> list[Event]:
    """B4, X23: « Utilisez deux (2) points de construction ... pour piocher une carte »: with no card to draw the
    BP are not spent, and, as any BP left unspent, one becomes A2's coin if the player holds none."""
    events = [event("card_not_drawn", player=state.names[player])]
    if state.options.get("saved_resources") and not state.saved_bp[player]:
        events += keep_coin(state, player, min(state.rules.limits["saved_build_points"], state.rules.costs["card"]))
    return events


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    return chance.outcomes(state, chance.DECK)


def draw(state: GameState) -> Action:
    return chance.draw(state, chance.DECK)


def draw_card(state: GameState, sub: Building, action: Action) -> list[Event]:
    """B4: the buyer draws the top card secretly."""
    player = sub.draws.pop(0)
    card = chance.take(state, chance.DECK, action)
    changes.deal_card(state, player, card)
    events = [event("card_bought", player=state.names[player]),
              event("card_drawn", frozenset({player}), player=state.names[player],
                    card=state.rules.cards[card].key)]
    return events + next_draw(state, sub)


def decision(state: GameState) -> Decision:
    """The step as the view's decision: a builder's turn (the free set-up builds on turn 0, A1), or the deck
    dealing the cards bought (B4)."""
    sub = cast(Building, state.sub)
    if sub.phase == DRAW:
        return {"kind": "card_draw", "stage": DRAW, "rule": "B4"}
    if state.turn == 0:
        return {"kind": "setup_build", "stage": BUILD, "rule": "A1"}
    return {"kind": "build", "stage": BUILD, "rule": "B1"}


def view(state: GameState, me: int) -> BuildingView | None:
    """The builder sees their own areas, BP and pending builds; the others see whose turn it is (X8); the public
    view (`me` < 0) sees no one's builds."""
    sub = state.sub
    if not isinstance(sub, Building):
        return None
    labels = state.rules.map.labels
    out: BuildingView = {"phase": sub.phase}
    if sub.phase == BUILD and state.actor >= 0:
        out["builder"] = state.names[state.actor]
        if state.actor == me:
            out["areas"] = [{"hexes": [labels[h] for h in area], "bp": bp} for area, bp in zip(sub.areas, sub.bp)]
    if me < 0:                            # the public view: nobody's secret builds
        return out
    out["pending"] = [{"item": it, "hex": labels[h]} for it, h in sub.builds[me]]
    out["card_bought"] = sub.bought[me]
    out["rotated"] = sub.rotated[me]
    out["settles"] = [labels[h] for h in sub.settles[me]]
    return out
