"""Transit chains (rule M2): lines of face-up transport canoes, one in every hex, that may branch.

Movement (M3 Transit), building (B1.3 pooling) and victory (V1 linked island groups) all ask this module.
"""
from __future__ import annotations

from .state import TRANSPORT, GameState


def face_up_canoe_hexes(state: GameState, player: int) -> set[int]:
    """Hexes where the player has a face-up transport canoe (rule M6: at most one per hex)."""
    where, up = state.piece_hex, state.piece_up
    return {where[pid] for pid in state.piece_ids[player][TRANSPORT] if up[pid] and where[pid] >= 0}


def chain_from(state: GameState, player: int, start: int, canoes: set[int] | None = None) -> set[int]:
    """The hexes of the chain through `start`: empty if `start` has no face-up canoe of the player."""
    canoes = face_up_canoe_hexes(state, player) if canoes is None else canoes
    if start not in canoes:
        return set()
    adjacent = state.rules.map.adjacent
    seen = {start}
    frontier = [start]
    while frontier:
        h = frontier.pop()
        for n in adjacent[h]:
            if n in canoes and n not in seen:
                seen.add(n)
                frontier.append(n)
    return seen


def chains(state: GameState, player: int) -> list[set[int]]:
    """All of a player's chains (connected groups of face-up canoe hexes), largest first."""
    canoes = face_up_canoe_hexes(state, player)
    out: list[set[int]] = []
    left = set(canoes)
    while left:
        part = chain_from(state, player, min(left), canoes)
        out.append(part)
        left -= part
    out.sort(key=lambda part: (-len(part), min(part)))
    return out


def home_chain(state: GameState, player: int) -> set[int]:
    """The hexes chain-linked to the player's home (rule V1); just the home itself if it has no canoe."""
    home = state.home[player]
    if home < 0:
        return set()
    return chain_from(state, player, home) or {home}
