"""What a hex holds, as the rules name it: known hexes, enemy hexes, pieces and their owners.

Exploration (E3, E6.3), movement (M4), battle (M8, M9) and building (B1.3) ask these questions.
"""
from __future__ import annotations

from .state import INDEPENDENT, NOBODY, WAR_CANOE, BAND, GameState


def is_known(state: GameState, h: int) -> bool:
    """Known hexes (M4.1): printed ocean and IGs, explored ocean, face-up tiles."""
    return state.rules.map.kinds[h] != "unknown" or state.ocean[h] or (state.tile[h] >= 0 and state.tile_up[h])


def reach(state: GameState, player: int, barred: set[int]) -> set[int]:
    """The IGs the player controls and every hex linked to them through known hexes (M4.1) outside `barred`:
    the explorer's pre-move (E3) and its way to South America (A5). It covers most of the ocean at every
    exploration, so the test of is_known is written out."""
    m, ocean, tile, up = state.rules.map, state.ocean, state.tile, state.tile_up
    neighbors, printed = m.adjacent, m.printed
    seen = set(state.controlled(player))
    visited = seen | barred
    found = list(seen)
    for h in found:                       # `found` grows as the search goes
        for n in neighbors[h]:
            if n not in visited:
                visited.add(n)
                if n in printed or ocean[n] or (tile[n] >= 0 and up[n]):
                    seen.add(n)
                    found.append(n)
    return seen


def enemy_ig(state: GameState, h: int, player: int) -> bool:
    """An IG controlled by another player, or a printed independent IG (M4.3)."""
    owner = state.controller[h]
    return owner == INDEPENDENT or (owner != NOBODY and owner != player)


def others_pieces(state: GameState, player: int):
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
    out.update(h for h, owner in enumerate(state.controller)
               if owner == INDEPENDENT or (owner >= 0 and owner != player))
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
