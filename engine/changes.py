"""The one layer that changes what the steps share: pieces, villages, who controls an island group, a tile's
orientation, the explorer's place.

Each step module keeps its own `state.sub`; what several steps change (a piece moved by Movement, Battle,
Building, an event; a village added by Building or an event and removed by a battle, malaria or an event)
changes here, so every such change keeps the same bookkeeping (`holdings` follows `controller`, an emptied IG
has no controller, V2) and no step module imports another to change the board. This module imports only the
state, so any step may call it.
"""
from __future__ import annotations

from .state import LOST, NOBODY, OUT_OF_GAME, UNBUILT, GameState

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


def send_explorer_to_lost(state: GameState, player: int) -> None:
    """The explorer goes to the Lost box (E2, E5, B1.1's internal rotation)."""
    state.explorer[player] = LOST


def forget_legal_actions(state: GameState) -> None:
    """The legal actions memo belongs to one position: every change of position forgets it."""
    state.memo = None
