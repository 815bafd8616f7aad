"""What a bot is given of the game at a decision: its view, and for a search bot, re-dealt positions consistent
with that view (ruling X9). Never the state itself."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from ..actions import Action
from ..game import legal_actions
from ..hidden import determinise
from ..state import GameState
from ..view import observe
from ..views import View


class Bot(Protocol):
    """What every bot offers: `choose(view, legal)`, where `view()` returns observe() for the bot's player (a
    Sight, whose `sample` the Hard bot also uses) and `legal` is the list of legal actions."""

    def choose(self, view: Callable[[], View], legal: list[Action]) -> Action: ...


class Sight:
    """Called, it returns observe() for the player (made once: a bot may look twice); `sample(seed)` returns a
    position drawn from what the player can know (hidden.determinise), which depends on the view and the seed
    alone."""

    __slots__ = ("_state", "_player", "_view")

    def __init__(self, state: GameState, player: str):
        self._state, self._player = state, player
        self._view: View | None = None

    def __call__(self) -> View:
        if self._view is None:
            self._view = observe(self._state, self._player, log=False)
        return self._view

    def sample(self, seed: int) -> GameState:
        return determinise(self._state, self._state.names.index(self._player), seed)

    def snapshot(self) -> Snapshot:
        """All a bot may know here, to send it to think in another process: the view, and one position re-dealt
        from it (none during the Building step, where nothing may be re-dealt, X8). The re-dealt position keeps
        no history, log or start (whose seed would tell the deal)."""
        try:
            position = determinise(self._state, self._state.names.index(self._player), 0)
        except ValueError:
            return Snapshot(self(), self._player, None)
        position.start = {}
        return Snapshot(self(), self._player, position)


class Snapshot:
    """A Sight made of what `Sight.snapshot` sent: `sample` re-deals the re-dealt position, which gives the same
    position as re-dealing the real one (determinise is the same for positions the player cannot tell apart)."""

    __slots__ = ("view", "player", "position")

    def __init__(self, view: View, player: str, position: GameState | None):
        self.view, self.player, self.position = view, player, position

    def __call__(self) -> View:
        return self.view

    def sample(self, seed: int) -> GameState:
        if self.position is None:
            raise ValueError("a position cannot be re-dealt during the Building step: the secret builds are in it")
        return determinise(self.position, self.position.names.index(self.player), seed)


def ask(bots: Mapping[str, Bot]) -> Callable[[GameState, str], Action]:
    """A decider for engine.driver: each player's bot chooses from its Sight and the legal actions."""
    def decide(state: GameState, who: str) -> Action:
        return bots[who].choose(Sight(state, who), legal_actions(state))
    return decide
