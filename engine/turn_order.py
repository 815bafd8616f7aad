"""Turn-order step (rule T2): the last player on the VP track takes the marker and chooses who goes first
and in which direction play runs."""
from __future__ import annotations

from . import flow
from .actions import Action, act
from .state import TURN_ORDER, Event, GameState, event

STEP = TURN_ORDER
DIRECTIONS = ("cw", "ccw")


def marker_holder(state: GameState) -> int:
    """Lowest VP on the track; ties go to the home first in the tie order (rule T2, ruling X2)."""
    ties = state.rules.turn_order_ties

    def key(p: int) -> tuple:
        name = state.names[p]
        return state.vp_track[p], ties.index(name) if name in ties else len(ties)

    return min(range(state.players), key=key)


def seat_order(players: int, first: int, direction: str) -> tuple[int, ...]:
    """Seats from `first`, clockwise (seat + 1) or counter-clockwise."""
    step = 1 if direction == "cw" else -1
    return tuple((first + step * i) % players for i in range(players))


def begin(state: GameState) -> list[Event]:
    holder = marker_holder(state)
    state.marker_holder = holder
    state.actor = holder
    return [event("turn_order_marker", player=state.names[holder])]


def legal(state: GameState) -> list[Action]:
    # With two players both directions give the same order, so only one form is offered.
    directions = DIRECTIONS if state.players > 2 else DIRECTIONS[:1]
    return [act("order", name, d) for name in state.names for d in directions]


def perform(state: GameState, action: Action) -> list[Event]:
    first = state.player_index(action.args[0])
    state.order = seat_order(state.players, first, action.args[1])
    events = [event("turn_order", chooser=state.names[state.actor], first=action.args[0],
                    direction=action.args[1], order=[state.names[p] for p in state.order])]
    return events + flow.end_of_step(state)
