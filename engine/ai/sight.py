"""What a bot is given of the game at a decision: its view, and for a search bot, re-dealt positions consistent
with that view (ruling X9). Never the state itself."""
from __future__ import annotations

from ..hidden import determinise
from ..state import GameState
from ..view import observe
from ..views import View


class Sight:
    """Called, it returns observe() for the player; `sample(seed)` returns a position drawn from what the player
    can know (hidden.determinise), which depends on the view and the seed alone."""

    __slots__ = ("_state", "_player")

    def __init__(self, state: GameState, player: str):
        self._state, self._player = state, player

    def __call__(self) -> View:
        return observe(self._state, self._player, log=False)

    def sample(self, seed: int) -> GameState:
        return determinise(self._state, self._state.names.index(self._player), seed)
