"""The turn cycle (rule T1): five steps in order; sequential steps pass from player to player in turn order.

Each step module is a `Step`: `begin(state)`, `legal(state)` and `perform(state, action)`, with its number as
`STEP`. A step played one player after another (Exploration, Movement & Battle, Victory, and Building in
pass-and-play, ruling X8) is also a `SequentialStep`, with `begin_player(state)`, and uses `state.active`, the
position in `state.order`; a step that deals in chance is also a `ChanceStep`, with `chance_outcomes(state)` and
`draw(state)`. The protocols type every call through the registry: mypy checks each module against them where
`game.py` registers it.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Protocol, runtime_checkable

from . import changes
from .actions import Action
from .state import (
    BUILDING,
    EXPLORATION,
    MOVEMENT,
    STEP_NAMES,
    TURN_ORDER,
    VICTORY,
    Event,
    GameState,
    event,
)


@runtime_checkable
class Step(Protocol):
    """A step of the turn (T1): how it begins, what is legal in it, and what an action does."""
    STEP: int

    def begin(self, state: GameState) -> list[Event]: ...
    def legal(self, state: GameState) -> list[Action]: ...
    def perform(self, state: GameState, action: Action) -> list[Event]: ...


@runtime_checkable
class SequentialStep(Step, Protocol):
    """A step the players play one after another: each player's part begins on its own."""

    def begin_player(self, state: GameState) -> list[Event]: ...


@runtime_checkable
class ChanceStep(Step, Protocol):
    """A step where the die, the cup, the tile stack or the deck decides: the outcomes with their chances, and the
    one the state's own streams draw."""

    def chance_outcomes(self, state: GameState) -> list[tuple[Action, Fraction]]: ...
    def draw(self, state: GameState) -> Action: ...


STEPS: dict[int, Step] = {}
SEQUENTIAL: dict[int, SequentialStep] = {}
CHANCY: dict[int, ChanceStep] = {}


def register(step: Step) -> None:
    """A step module takes its place in the turn, and in the registries of the parts it offers."""
    STEPS[step.STEP] = step
    if isinstance(step, SequentialStep):
        SEQUENTIAL[step.STEP] = step
    if isinstance(step, ChanceStep):
        CHANCY[step.STEP] = step


def step_module(state: GameState) -> Step:
    return STEPS[state.step]


def chance_step(state: GameState) -> ChanceStep:
    """The step whose draw or roll is pending (only a chance step makes chance the actor)."""
    return CHANCY[state.step]


def start_step(state: GameState, step: int) -> list[Event]:
    changes.enter_step(state, step)
    started = [event("step_started", turn=state.turn, step=STEP_NAMES[step])]
    events: list[Event] = STEPS[step].begin(state)
    return started + events


def next_player(state: GameState) -> list[Event]:
    """The current player has finished their part of a sequential step."""
    changes.next_in_order(state)
    events: list[Event] = SEQUENTIAL[state.step].begin_player(state)
    return events


def end_of_step(state: GameState) -> list[Event]:
    if state.turn == 0:                   # A1: the set-up's free building is over; turn 1 begins
        return end_of_turn(state)
    following = {TURN_ORDER: EXPLORATION, EXPLORATION: MOVEMENT, MOVEMENT: BUILDING, BUILDING: VICTORY}
    return start_step(state, following[state.step])


def end_of_turn(state: GameState) -> list[Event]:
    changes.next_turn(state)
    return start_step(state, TURN_ORDER)


def game_over(state: GameState) -> None:
    changes.end_game(state)
