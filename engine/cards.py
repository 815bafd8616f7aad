"""Arts & Culture cards (rules C6, B4, ruling X6): what the face-up cards of a player do.

Cards are data (config/cards.yaml); each effect id has a small hook here that the step modules ask.
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping

from .state import GameState


def face_up_effects(state: GameState, player: int, effect_id: str) -> Iterator[Mapping[str, Any]]:
    """The effects with this id on the player's face-up cards (a card's power works only face up, B4)."""
    cards = state.rules.cards
    for card in state.shown[player]:
        for effect in cards[card].effects:
            if effect["id"] == effect_id:
                yield effect


def canoe_moves_bonus(state: GameState, player: int) -> int:
    """Poi: the player's canoes move this many hexes instead of the usual allowance (0: no such card)."""
    return max((e["moves"] for e in face_up_effects(state, player, "canoe_moves")), default=0)


def extra_local_warriors(state: GameState, player: int) -> int:
    """Pa: local warriors added when defending a controlled IG (each copy face up counts)."""
    return sum(e["count"] for e in face_up_effects(state, player, "extra_local_warriors"))


def eliminates_retreating_bands(state: GameState, player: int) -> bool:
    """Cannibalism: after a battle this player wins, the loser's retreating warrior bands are removed."""
    return any(True for _ in face_up_effects(state, player, "eliminate_retreating_bands"))
