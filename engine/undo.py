"""Undo (ruling X42): a player may take back their own decisions, one by one, back to the last point where the
game showed anyone something hidden, let chance decide, handed the decision to someone else, or began a new step.

The engine decides what is undoable, so that no client can take back a die roll or a peek at a tile: `Undo`
applies a player's decisions and keeps the positions before them while nothing of the kind has happened;
`barrier` says, before an action is made, whether it would end what can be undone and why (for a warning on
its button and a confirmation).
"""
from __future__ import annotations

from typing import Literal

from .actions import Action
from .game import CHANCE, apply, current_player
from .state import Event, GameState

Barrier = Literal["reveal", "chance", "hand_off", "step"]

# Events that show someone a fact that was hidden from them: a tile looked at or turned face up, a card or an
# event shown, a transport canoe turned face up, a rumor unmasked, a war canoe that stops a mover, the stacks of a
# battle, a claim's cards, the secret builds. The twins test of ruling X9 (tests/engine/test_hidden_information.py)
# checks this list against the definition: along the same moves, two games a player cannot tell apart look the
# same to that player until one of these events (or a draw) shows a difference.
REVEALS = frozenset({
    "tile_seen", "tile_revealed", "card_revealed", "card_used", "battle_card", "event_revealed", "event_played",
    "canoe_face_up", "rumor_removed", "war_canoes_stopped", "battle_announced", "battle_started",
    "victory_claimed", "claim_failed", "built", "built_kinds",
})


def barrier_of(before: GameState, events: list[Event], after: GameState) -> Barrier | None:
    """Why the position before an action can no longer be restored once the action is made (None: it can)."""
    if any(e.kind in REVEALS for e in events):
        return "reveal"
    if (after.step, after.turn) != (before.step, before.turn):
        return "step"
    if current_player(after) == CHANCE:
        return "chance"
    if current_player(after) != current_player(before):
        return "hand_off"
    return None


def barrier(state: GameState, action: Action) -> Barrier | None:
    """What making `action` now would do that cannot be undone (None: it can be undone). The state is left as
    it was; IllegalAction if the action is not legal."""
    after = state.clone()
    events = apply(after, action)
    return barrier_of(state, events, after)


class Undo:
    """The positions before the current player's own decisions since the last barrier, newest last."""

    def __init__(self) -> None:
        self._marks: list[GameState] = []
        self._who: str | None = None

    def apply(self, state: GameState, action: Action) -> list[Event]:
        """Make a player's decision (engine.apply), keeping the position before it when it can be undone."""
        who = current_player(state)
        before = state.clone()
        events = apply(state, action)
        if barrier_of(before, events, state) is not None:
            self.passed()
        else:
            if who != self._who:
                self._marks.clear()
                self._who = who
            self._marks.append(before)
        return events

    def passed(self) -> None:
        """An action was made without `apply` (chance, a bot, a standing order): nothing before it is undoable."""
        self._marks.clear()
        self._who = None

    def steps(self, state: GameState) -> int:
        """How many decisions the player deciding now may take back."""
        return len(self._marks) if current_player(state) == self._who else 0

    def undo(self, state: GameState) -> GameState:
        """The position before the newest undoable decision (ValueError when there is none)."""
        if not self.steps(state):
            raise ValueError("nothing can be undone now")
        return self._marks.pop()
