"""A bot that picks uniformly among the legal actions, with its own random stream."""
from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..rng import Random
from ..views import View


class RandomBot:
    """Chooses uniformly at random; seeded from the game seed and its player's name, so games replay."""

    def __init__(self, player: str, seed: int, rules: object = None):
        self.player = player
        self.random = Random(seed, f"bots/{player}")

    def choose(self, view: Callable[[], View], legal: list[Action]) -> Action:
        """`view` returns observe() for this player when called; a random bot has no need of it."""
        return legal[self.random.below(len(legal))]
