"""What a hex holds, as the rules name it: known hexes, enemy hexes, pieces and their owners.

Exploration (E3, E6.3), movement (M4), battle (M8, M9) and building (B1.3) ask these questions.
"""
from __future__ import annotations

from array import array

from .state import BAND, NOBODY, RUMOR, WAR_CANOE, GameState


def is_known(state: GameState, h: int) -> int:
    """Known hexes (M4.1): printed ocean and IGs, explored ocean, face-up tiles. A truth value, a bool or a
    0/1 flag from the state's tables: it is asked of every neighbour hex, so it is not converted to bool."""
    return state.rules.map.kinds[h] != "unknown" or state.ocean[h] or (state.tile[h] >= 0 and state.tile_up[h])


def known_among(state: GameState, hexes: tuple[int, ...]) -> list[int]:
    """The known hexes among `hexes` (is_known written out: every party asks it of every neighbour)."""
    printed, ocean, tile, up = state.rules.map.printed, state.ocean, state.tile, state.tile_up
    return [h for h in hexes if h in printed or ocean[h] or (tile[h] >= 0 and up[h])]


def known_mask(state: GameState) -> int:
    """The known hexes (M4.1, as is_known) as a hex mask."""
    m, ocean, tile, up, bits = state.rules.map, state.ocean, state.tile, state.tile_up, state.rules.map.bits
    return m.printed_mask | sum([bits[h] for h in m.explorable if ocean[h] or (tile[h] >= 0 and up[h])])


def rings(state: GameState, player: int, passable: int, until: int = 0) -> list[int]:
    """The IGs the player controls, then ring after ring the `passable` hexes (a mask of known hexes, M4.1)
    one step further from them: masks, ring k holding the hexes k steps away; the last ring is the one that
    meets the `until` mask, if any does. The explorer's pre-move (E3) and its way to South America (A5)
    search most of the sea, so they spread whole rings at once."""
    m = state.rules.map
    ring = m.mask(state.controlled(player))
    left = passable & ~ring
    out = []
    while ring:
        out.append(ring)
        if ring & until:
            break
        ring = m.spread(ring) & left
        left ^= ring
    return out


def reach(state: GameState, player: int, passable: int) -> int:
    """Every hex of `rings`, as one mask."""
    out = 0
    for ring in rings(state, player, passable):
        out |= ring
    return out


def enemy_ig(state: GameState, h: int, player: int) -> bool:
    """An IG controlled by another player, or a printed independent IG (M4.3)."""
    return state.controller[h] not in (NOBODY, player)      # INDEPENDENT, or another player


def others_pieces(state: GameState, player: int) -> array[int]:
    """Where the other players' pieces are: each player's pieces have consecutive ids (piece_span)."""
    lo, hi = state.piece_span[player]
    return state.piece_hex[:lo] + state.piece_hex[hi:]


def enemy_owners(state: GameState, h: int, player: int) -> list[int]:
    """Other players with pieces in a hex, in seat order."""
    return [p for p, (lo, hi) in enumerate(state.piece_span) if p != player and h in state.piece_hex[lo:hi]]


def has_enemy_pieces(state: GameState, h: int, player: int) -> bool:
    lo, hi = state.piece_span[player]
    return state.piece_hex.count(h) > state.piece_hex[lo:hi].count(h)


def has_enemy_kind(state: GameState, h: int, player: int, kinds: tuple[int, ...]) -> bool:
    where = state.piece_hex
    for owner, groups in enumerate(state.piece_ids):
        if owner != player:
            for kind in kinds:
                ids = groups[kind]
                if h in where[ids.start:ids.stop]:
                    return True
    return False


def enemy_hexes(state: GameState, player: int) -> set[int]:
    """Every enemy hex of E3 at once: for searches that ask about many hexes."""
    out = set(others_pieces(state, player))
    for owner, igs in state.holdings.items():
        if owner != player:
            out.update(igs)
    return out


def is_enemy(state: GameState, h: int, player: int) -> bool:
    """E3: an independent IG, an IG controlled by another player, or a hex holding another player's pieces."""
    return enemy_ig(state, h, player) or has_enemy_pieces(state, h, player)


def war_canoe_must_stop(state: GameState, h: int, player: int) -> bool:
    """M4.4: a war canoe stops on entering an enemy-controlled IG or a hex with enemy war canoes."""
    return enemy_ig(state, h, player) or has_enemy_kind(state, h, player, (WAR_CANOE,))


def has_enemy_combat_pieces(state: GameState, h: int, player: int) -> bool:
    """M9: retreats never go where another player's war canoes or warrior bands are."""
    return has_enemy_kind(state, h, player, (WAR_CANOE, BAND))


def garrison(state: GameState, h: int, player: int) -> int:
    """The player's real pieces in a hex: what holds a conquered printed IG (M10, M13; a rumor holds nothing)."""
    ids = state.piece_ids[player][RUMOR]
    lo, hi = state.piece_span[player]
    where = state.piece_hex
    return where[lo:hi].count(h) - where[ids.start:ids.stop].count(h)
