"""The one layer that changes a game's state (issue 37): who acts and where the turn stands, pieces, villages, who
controls an island group, tiles, the explorer's place, the piles and the cards, the VP track, the advanced rules'
records. Outside it only the state's own class, and the modules that build a new state (set-up, scenarios, the
worlds a bot imagines), write a GameState's slots; tests/engine/test_structure.py checks the source for it.

Each step module keeps its own `state.sub`; what several steps change (a piece moved by Movement, Battle,
Building, an event; a village added by Building or an event and removed by a battle, malaria or an event)
changes here, so every such change keeps the same bookkeeping (`holdings` follows `controller`, an emptied IG
has no controller, V2) and no step module imports another to change the board. This module imports only the
state, so any step may call it.
"""
from __future__ import annotations

from typing import Any

from .actions import Action
from .state import LOST, NO_ACTOR, NOBODY, OUT_OF_GAME, OVER, UNBUILT, GameState, StepState

# --- who acts, and where the turn stands (T1) ---------------------------------------------------------------------


def set_actor(state: GameState, actor: int) -> None:
    """Who decides now: a player, CHANCE_ACTOR (the die, the cup, the tile stack or the deck decides)."""
    state.actor = actor


def enter_step(state: GameState, step: int) -> None:
    """A step of the turn begins (T1): its first player in turn order, no step record yet."""
    state.step, state.active, state.sub = step, 0, None


def next_in_order(state: GameState) -> None:
    """The next player in turn order takes their part of a sequential step, with a record of their own."""
    state.active += 1
    state.sub = None


def skip_in_order(state: GameState) -> None:
    """The next player in turn order takes their part, within the step's record as it stands (a builder after
    another, X8; a player with nothing to claim passed over, V3)."""
    state.active += 1


def keep_step_record(state: GameState, sub: StepState | None) -> None:
    """What the step in progress keeps (`GameState.sub`: each step module's own record)."""
    state.sub = sub


def give_turn_order_marker(state: GameState, holder: int) -> None:
    """T2: the turn-order marker goes to its holder, who chooses who plays first."""
    state.marker_holder = holder


def set_turn_order(state: GameState, order: tuple[int, ...]) -> None:
    """T3: the seats in the order they play this turn."""
    state.order = order


def next_turn(state: GameState) -> None:
    """A turn ends (T1); the VP track as it stands joins its history (A1's set-up turn 0 does not)."""
    if state.turn >= 1:
        record_vp(state, state.turn)
    state.turn += 1


def end_game(state: GameState) -> None:
    """The game is over (V3, V5): nobody acts again; the final VP end the track's history."""
    state.step, state.actor, state.sub = OVER, NO_ACTOR, None
    record_vp(state, state.turn)


def restore_streams(state: GameState, streams: list[Any]) -> None:
    """The random streams as they were before a draw that was only looked at (a save's queued outcome checked)."""
    state.streams = streams


# --- pieces -------------------------------------------------------------------------------------------------------


def place(state: GameState, pid: int, h: int, face_up: bool = False) -> None:
    """A piece goes to a hex (or UNBUILT, OUT_OF_GAME), face down unless said otherwise (M6, M9, M12)."""
    state.piece_hex[pid] = h
    state.piece_up[pid] = face_up


def move(state: GameState, pid: int, h: int) -> None:
    """A piece moves to a hex as it is, face up or down (a party's step M4, a ride along the chain M3)."""
    state.piece_hex[pid] = h


def unbuild(state: GameState, pid: int) -> None:
    """A piece goes back to its owner's unbuilt pieces (removed in battle M8.4, a rumor M7, a colony that became a
    village B3, a piece lost at sea)."""
    place(state, pid, UNBUILT)


def remove_from_game(state: GameState, pid: int) -> None:
    """A piece leaves the game (M10: spent to save a village)."""
    place(state, pid, OUT_OF_GAME)


def turn_face(state: GameState, pid: int, face_up: bool) -> None:
    """A transport canoe turns face up or down (M6, X19)."""
    state.piece_up[pid] = face_up


def hold_printed_ig(state: GameState, h: int, player: int) -> None:
    """M10, M13: the conqueror of a printed IG must keep a piece there."""
    state.must_hold[h] = player


# --- island groups ------------------------------------------------------------------------------------------------


def add_villages(state: GameState, h: int, count: int) -> None:
    """Villages fill green squares first, then improved brown squares (B3). Only on an island group."""
    squares = state.ig_squares(h)
    green = squares[0] if squares is not None else 0
    for _ in range(count):
        if state.green_villages[h] < green:
            state.green_villages[h] += 1
        else:
            state.ia_villages[h] += 1


def set_villages(state: GameState, h: int, green: int, brown: int) -> None:
    """The villages left on an IG after a conquest (M10: the saved ones; IA is never removed)."""
    state.green_villages[h], state.ia_villages[h] = green, brown


def remove_village(state: GameState, h: int) -> None:
    """One village goes (from a green square first; IA is never removed); no village, no control (V2), and a home
    or capital emptied is no longer one (M11 asks for a new home, X29)."""
    owner = state.controller[h]
    if state.green_villages[h]:
        state.green_villages[h] -= 1
    else:
        state.ia_villages[h] -= 1
    if state.villages(h) == 0:
        set_controller(state, h, NOBODY)
        if owner >= 0 and state.capital[owner] == h:
            state.capital[owner] = -1
        if owner >= 0 and state.home[owner] == h:
            state.home[owner] = -1


def clear_capital(state: GameState, h: int) -> None:
    """A capital on a conquered IG is gone with its villages (M10, M11)."""
    for p in range(state.players):
        if state.capital[p] == h:
            state.capital[p] = -1


def set_home(state: GameState, player: int, h: int) -> None:
    """The player's home is now this IG, and the capital replaces one of its villages (M11, X29); -1: none left."""
    state.home[player] = state.capital[player] = h


def set_controller(state: GameState, h: int, owner: int) -> None:
    """Who controls an IG (V2, M4.3); `holdings` follows (GameState.set_controller)."""
    state.set_controller(h, owner)


def improve(state: GameState, h: int, count: int) -> None:
    """Improved agriculture on brown squares (B3, A7)."""
    state.ia[h] += count


def place_tile(state: GameState, h: int, tile: int, face_up: bool) -> None:
    """A tile is placed in a hex (E4: face down from the stack; A4: Te Waka Maui face up), no one's marker on it."""
    state.tile[h], state.tile_up[h], state.discovered[h] = tile, face_up, 0


def set_ocean(state: GameState, h: int, ocean: bool) -> None:
    """An unknown hex found to be open ocean (E4), or open again for a tile (A4)."""
    state.ocean[h] = ocean


def orient_tile(state: GameState, h: int, orientation: int) -> None:
    state.orient[h] = orientation


def face_home(state: GameState, h: int, player: int) -> None:
    """A tile settled, conquered or revealed by a player faces that player's starting home (E4.2, M10, X15)."""
    if state.tile[h] >= 0:
        state.orient[h] = home_orientation(state, player)


def home_orientation(state: GameState, player: int) -> int:
    """The direction tiles revealed by this player face (E4.2): that of their starting home."""
    rules = state.rules
    name = state.names[player]
    printed = rules.map.island_at.get(rules.map.hex_of(name))
    if printed is not None:
        return printed.orientation
    return next(t.orientation for t in rules.map.setup_tiles if t.tile == name)


# --- the explorer and the position --------------------------------------------------------------------------------


def move_explorer(state: GameState, player: int, h: int) -> None:
    """The explorer sails to a hex, or home (AT_HOME), or to the Lost box (LOST) (E1, E2, E5)."""
    state.explorer[player] = h


def turn_tile_up(state: GameState, h: int) -> None:
    """E4.3, E6.1: a face-down tile is revealed; no one's marker stays on it."""
    state.tile_up[h] = True
    state.discovered[h] = 0


def mark_discovered(state: GameState, h: int, player: int) -> None:
    """E4.3: the player's discovery marker on a face-down tile they looked at and kept."""
    state.discovered[h] |= 1 << player


def take_penalty_marker(state: GameState) -> None:
    """E5: a penalty marker leaves the pool for the map."""
    state.penalty_pool -= 1


def return_penalty_markers(state: GameState, count: int) -> None:
    """E5: the exploration's penalty markers go back to the pool."""
    state.penalty_pool += count


def send_explorer_to_lost(state: GameState, player: int) -> None:
    """The explorer goes to the Lost box (E2, E5, B1.1's internal rotation)."""
    state.explorer[player] = LOST


def forget_legal_actions(state: GameState) -> None:
    """The legal actions memo belongs to one position: every change of position forgets it."""
    state.memo = None


def remember_legal_actions(state: GameState, actions: list[Action]) -> None:
    """The legal actions of this position, computed once (clones share the memo until either changes)."""
    state.memo = actions


def record_action(state: GameState, verb: str, args: tuple[Any, ...], drawn: bool) -> None:
    """An action joins the history (saves replay it; `drawn`: the state's own streams chose it)."""
    state.history = state.history.plus(((verb, args, drawn),))


# --- the advanced rules' records (A1-A7) --------------------------------------------------------------------------


def remove_tile_from_play(state: GameState, tile: int) -> None:
    """A4: a tile leaves play (Te Waka Maui with nowhere to go, a face-down tile where it lands)."""
    state.adv.removed_tiles.append(tile)


def place_south_island(state: GameState, north: int, south: int) -> None:
    """A4: Aotearoa's two hexes, the North Island's and Te Waka Maui's."""
    state.adv.south_island = (north, south)


def give_galapagos_marker(state: GameState, player: int) -> None:
    """A5: the "+1 Galapagos" marker, one per player."""
    state.adv.galapagos[player] = True


def give_kumara(state: GameState, player: int) -> None:
    """A5: a Kumara marker, worth 2 VP, one per player."""
    state.adv.kumara[player] = True


# --- the A&C cards (B4, C6) -----------------------------------------------------------------------------------------


def turn_card_up(state: GameState, player: int, card: int) -> None:
    """B4: a card from the player's hand is revealed and stays face up."""
    state.hand[player].remove(card)
    state.shown[player].append(card)


def mark_spent(state: GameState, player: int, card: int) -> None:
    """C6: a face-up card's one-time (blue) power has been used."""
    state.spent[player].append(card)


def deal_card(state: GameState, player: int, card: int) -> None:
    """B4: a bought card goes to its buyer's hand, face down."""
    state.hand[player].append(card)


# --- the piles: the cup, the tile stack, the deck, A7's events (S1-S3, E4, B4) --------------------------------------


def use_queued(state: GameState, pile: str) -> None:
    """A scenario's queued outcome for this pile is used up by the draw that gave it."""
    state.queued[pile].pop(0)


def take_marker(state: GameState, kind: int) -> None:
    """E4: a discovery marker of this kind leaves the cup."""
    state.cup[kind] -= 1


def take_tile(state: GameState, tile: int) -> None:
    """E4.2: a tile leaves the stack."""
    state.stack.remove(tile)


def take_card_from_deck(state: GameState, card: int) -> None:
    """B4: a card leaves the deck."""
    state.deck.remove(card)


def take_event_card(state: GameState, card: int) -> None:
    """A7: an event card leaves its deck."""
    state.adv.event_deck.remove(card)


def discard_held_event(state: GameState, player: int, card: int) -> None:
    """A7: a kept event, played, goes to the discard."""
    state.adv.events_held[player].remove(card)
    state.adv.event_discard.append(card)


def save_coin(state: GameState, player: int, coin: int) -> None:
    """A2: the saved build point in front of the player (0 or 1)."""
    state.saved_bp[player] = coin


# --- victory (V1-V5) -------------------------------------------------------------------------------------------------


def mark_vp(state: GameState, player: int, vp: Any, parts: tuple[int, ...]) -> None:
    """V1: the VP track shows the player's VP; `parts`, what each source gives (victory.SOURCES, in units of
    1/vp_scale), which add up to them."""
    state.vp_track[player] = vp
    state.vp_parts[player] = parts


def record_vp(state: GameState, turn: int) -> None:
    """Every player's VP on the track at the end of `turn` (or at the start: the turn before the first) join the
    track's history, written as the view writes them ("15/2"): the view gives the whole history every time."""
    state.vp_history += ((turn, tuple(str(vp) for vp in state.vp_track)),)


def claim_victory(state: GameState, player: int, claim: StepState) -> None:
    """V3: the player claims victory; the claim waits for the others' answer (V4)."""
    state.claimed[player] = True
    state.sub = claim


def drop_claim(state: GameState, player: int) -> None:
    """V4: a claim cut below the target fails; the next player in turn order is asked."""
    state.sub = None
    state.claimed[player] = False
    state.active += 1


def set_winners(state: GameState, winners: tuple[int, ...]) -> None:
    state.winners = winners


# --- A7's events, A3's malaria ---------------------------------------------------------------------------------------


def keep_event(state: GameState, player: int, card: int) -> None:
    """A7: an event card kept secret for later."""
    state.adv.events_held[player].append(card)


def discard_event(state: GameState, card: int) -> None:
    state.adv.event_discard.append(card)


def change_build_points(state: GameState, player: int, delta: int) -> None:
    """A7: BP an event gives or takes in the player's next Building step."""
    state.adv.bp_delta[player] += delta


def use_up_build_points(state: GameState, player: int) -> int:
    """A7: the BP events gave or took, used up by the Building step that counts them."""
    delta, state.adv.bp_delta[player] = state.adv.bp_delta[player], 0
    return delta


def skip_exploration(state: GameState, player: int) -> None:
    """A7 (Shaman): the player does not explore in their next Exploration step."""
    state.adv.skip_exploration[player] = True


def use_up_skip_exploration(state: GameState, player: int) -> bool:
    """Whether Shaman keeps the player from exploring now; used up either way."""
    skip, state.adv.skip_exploration[player] = state.adv.skip_exploration[player], False
    return skip


def favourable_winds(state: GameState, player: int) -> None:
    """A7: the player's canoes move further this turn."""
    state.adv.winds[player] = state.turn


def malaria_begins(state: GameState) -> None:
    """A3, X7: malaria applies from now on."""
    state.adv.malaria = True
