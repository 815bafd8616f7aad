"""Transit chains (rule M2): lines of face-up transport canoes, one in every hex, that may branch.

Movement (M3 Transit), building (B1.3 pooling) and victory (V1 linked island groups) all ask this module.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from .hexmap import HexMap
from .state import TRANSPORT, GameState


def face_up_canoe_hexes(state: GameState, player: int) -> set[int]:
    """Hexes where the player has a face-up transport canoe (rule M6: at most one per hex)."""
    where, up = state.piece_hex, state.piece_up
    return {where[pid] for pid in state.piece_ids[player][TRANSPORT] if up[pid] and where[pid] >= 0}


def chain_from(state: GameState, player: int, start: int) -> frozenset[int]:
    """The hexes of the chain through `start`: empty if `start` has no face-up canoe of the player."""
    return chain_map(state, player).get(start, frozenset())


def chain_map(state: GameState, player: int) -> Mapping[int, frozenset[int]]:
    """Each hex with a face-up canoe of the player -> the hexes of its chain (M2)."""
    return _partition(state.rules.map, frozenset(face_up_canoe_hexes(state, player)))


@lru_cache(maxsize=512)
def _partition(hexmap: HexMap, canoes: frozenset[int]) -> Mapping[int, frozenset[int]]:
    """Chains depend only on where the face-up canoes are, which changes seldom while transit, building and
    the VP count ask again and again; so the partition is kept for each set of canoe hexes."""
    out: dict[int, frozenset[int]] = {}
    for start in canoes:
        if start in out:
            continue
        seen = {start}
        frontier = [start]
        while frontier:
            h = frontier.pop()
            for n in hexmap.adjacent[h]:
                if n in canoes and n not in seen:
                    seen.add(n)
                    frontier.append(n)
        chain = frozenset(seen)
        out.update(dict.fromkeys(chain, chain))
    return MappingProxyType(out)


def transit_chains(state: GameState, player: int) -> tuple[tuple[tuple[tuple[int, ...], frozenset[int]], ...],
                                                          frozenset[int]]:
    """The chains pieces can ride (M3: two hexes or more), each as (its hexes in order, its set), ordered by
    their first hex; and all their hexes. Transit asks at every decision."""
    return _linked(state.rules.map, frozenset(face_up_canoe_hexes(state, player)))


@lru_cache(maxsize=512)
def _linked(hexmap: HexMap, canoes: frozenset[int]) -> tuple[tuple[tuple[tuple[int, ...], frozenset[int]], ...],
                                                               frozenset[int]]:
    linked = sorted({chain for chain in _partition(hexmap, canoes).values() if len(chain) > 1}, key=min)
    return tuple((tuple(sorted(chain)), chain) for chain in linked), frozenset().union(*linked)


def chains(state: GameState, player: int) -> list[frozenset[int]]:
    """All of a player's chains (connected groups of face-up canoe hexes), largest first."""
    return sorted(set(chain_map(state, player).values()), key=lambda part: (-len(part), min(part)))


def home_chain(state: GameState, player: int) -> frozenset[int] | set[int]:
    """The hexes chain-linked to the player's home (rule V1); just the home itself if it has no canoe."""
    home = state.home[player]
    if home < 0:
        return set()
    return chain_from(state, player, home) or {home}
