"""Turn-order step (rule T2, with advanced rules A7 and A3): random events are drawn first (A7), then the
malaria die is rolled (A3), then the last player on the VP track takes the marker and chooses who goes first
and in which direction play runs."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Final, cast

from . import chance, changes, flow, malaria, random_events
from .actions import Action, IllegalAction, act
from .random_events import EventDraw, NewHome, Owed
from .state import CHANCE_ACTOR, TURN_ORDER, Event, GameState, event
from .victory import lowest
from .views import Decision, TurnOrderStage

STEP = TURN_ORDER
DIRECTIONS = ("cw", "ccw")
EVENTS: Final = "events"
MALARIA: Final = "malaria"
HOME: Final = "home"
ORDER: Final = "order"


class TurnOrderStep:
    """The Turn-order step in progress."""

    __slots__ = ("stage", "holder", "events", "owed")

    def __init__(self) -> None:
        self.stage: TurnOrderStage = EVENTS
        self.holder = -1                  # the marker holder, when A7's tie rule already decided it
        self.events: EventDraw | None = None      # A7's draw in progress
        self.owed: Owed | None = None     # a choice an event or malaria left to a player: asked now (X28, X29)

    def clone(self) -> TurnOrderStep:
        c = TurnOrderStep()
        c.stage, c.holder = self.stage, self.holder
        c.events = self.events.clone() if self.events is not None else None
        c.owed = self.owed.clone() if self.owed is not None else None
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"stage": self.stage, "holder": self.holder,
                "events": self.events.to_dict() if self.events is not None else None,
                "owed": self.owed.to_dict() if self.owed is not None else None}


def marker_holder(state: GameState) -> int:
    """Lowest VP on the track; ties go by the tie order (rule T2, ruling X2)."""
    return lowest(state)[0]


def seat_order(players: int, first: int, direction: str) -> tuple[int, ...]:
    """Seats from `first`, clockwise (seat + 1) or counter-clockwise."""
    step = 1 if direction == "cw" else -1
    return tuple((first + step * i) % players for i in range(players))


def begin(state: GameState) -> list[Event]:
    sub = TurnOrderStep()
    changes.keep_step_record(state, sub)
    return random_events.begin(state, sub) + advance(state)


def advance(state: GameState) -> list[Event]:
    """Go on to the next stage that needs a decision or a roll."""
    sub = cast(TurnOrderStep, state.sub)
    if sub.stage == EVENTS:
        if sub.events is not None or sub.owed is not None:
            return []                     # A7 waits for a decision or a draw
        sub.stage = MALARIA
        events = malaria.check_start(state)
        if state.adv.malaria:
            changes.set_actor(state, CHANCE_ACTOR)
            return events
        return events + advance(state)
    homes: list[Event] = []
    if sub.stage in (MALARIA, HOME):
        sub.stage = HOME                  # M11, X29: a home malaria emptied is replaced now, as is any home
        for p in range(state.players):    # lost while its player controlled no other IG, once they control one
            if state.home[p] < 0 and state.controlled(p):
                homes += random_events.owe(state, sub, NewHome(p, state.actor))
                if sub.owed is not None:
                    return homes
        sub.stage = ORDER
    holder = sub.holder if sub.holder >= 0 else marker_holder(state)
    changes.give_turn_order_marker(state, holder)
    changes.set_actor(state, holder)
    return homes + [event("turn_order_marker", player=state.names[holder])]


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    if cast(TurnOrderStep, state.sub).stage == EVENTS:
        return chance.outcomes(state, chance.EVENTS)
    return chance.outcomes(state, chance.DICE)


def draw(state: GameState) -> Action:
    return chance.draw(state, chance.EVENTS if cast(TurnOrderStep, state.sub).stage == EVENTS else chance.DICE)


def decision(state: GameState) -> Decision:
    """The stage the step waits in, for the view: A7's draw, A3's malaria die, a new home (M11, X29), or the
    marker holder's choice of who plays first (T2)."""
    sub = cast(TurnOrderStep, state.sub)
    if sub.owed is not None:
        return sub.owed.decision(state, sub.stage)
    if sub.stage == EVENTS:
        return random_events.decision(state, cast(EventDraw, sub.events))
    if sub.stage == MALARIA:
        return {"kind": "malaria", "stage": "malaria", "rule": "A3"}
    return {"kind": "order", "stage": "order", "rule": "T2"}


def legal(state: GameState) -> list[Action]:
    sub = cast(TurnOrderStep, state.sub)
    if sub.owed is not None:
        return sub.owed.legal(state)
    if sub.stage == EVENTS:                # A7 asks for a decision only while its draw is in progress
        return random_events.legal(state, cast(EventDraw, sub.events))
    # With two players both directions give the same order, so only one form is offered.
    directions = DIRECTIONS if state.players > 2 else DIRECTIONS[:1]
    return [act("order", name, d) for name in state.names for d in directions]


def perform(state: GameState, action: Action) -> list[Event]:
    sub = cast(TurnOrderStep, state.sub)
    if sub.owed is not None:              # once answered, the marker holder's choice goes on where it was
        events = random_events.answer(state, sub, action)
        return events if sub.owed is not None or sub.stage == ORDER else events + advance(state)
    if sub.stage == EVENTS:
        return random_events.perform(state, sub, action) + advance(state)
    if sub.stage == MALARIA:
        return malaria.strike(state, chance.take(state, chance.DICE, action)) + advance(state)
    if action.verb != "order":
        raise IllegalAction(f"{action} is not a turn-order action")
    first = state.player_index(action.args[0])
    changes.set_turn_order(state, seat_order(state.players, first, action.args[1]))
    events = [event("turn_order", chooser=state.names[state.actor], first=action.args[0],
                    direction=action.args[1], order=[state.names[p] for p in state.order])]
    return events + flow.end_of_step(state)
