"""The turn cycle (rule T1): five steps in order; sequential steps pass from player to player in turn order.

Each step module offers `begin(state)`, `begin_player(state)`, `legal(state)` and `perform(state, action)`;
a step that deals in chance also offers `chance_outcomes(state)` and `draw(state)`. Steps played one player
after another (Exploration, Movement & Battle, Victory, and Building in pass-and-play, ruling X8) use
`state.active`, the position in `state.order`.
"""
from __future__ import annotations

from types import ModuleType

from .state import (
    BUILDING,
    EXPLORATION,
    MOVEMENT,
    NO_ACTOR,
    OVER,
    STEP_NAMES,
    TURN_ORDER,
    VICTORY,
    Event,
    GameState,
    event,
)

STEPS: dict[int, ModuleType] = {}


def register(module: ModuleType) -> ModuleType:
    STEPS[module.STEP] = module
    return module


def step_module(state: GameState) -> ModuleType:
    return STEPS[state.step]


def start_step(state: GameState, step: int) -> list[Event]:
    state.step, state.active, state.sub = step, 0, None
    started = [event("step_started", turn=state.turn, step=STEP_NAMES[step])]
    events: list[Event] = STEPS[step].begin(state)
    return started + events


def next_player(state: GameState) -> list[Event]:
    """The current player has finished their part of a sequential step."""
    state.active += 1
    state.sub = None
    events: list[Event] = STEPS[state.step].begin_player(state)
    return events


def end_of_step(state: GameState) -> list[Event]:
    if state.turn == 0:                   # A1: the set-up's free building is over; turn 1 begins
        return end_of_turn(state)
    following = {TURN_ORDER: EXPLORATION, EXPLORATION: MOVEMENT, MOVEMENT: BUILDING, BUILDING: VICTORY}
    return start_step(state, following[state.step])


def end_of_turn(state: GameState) -> list[Event]:
    state.turn += 1
    return start_step(state, TURN_ORDER)


def game_over(state: GameState) -> None:
    state.step, state.actor, state.sub = OVER, NO_ACTOR, None
