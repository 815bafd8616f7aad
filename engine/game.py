"""The referee's public moves: whose decision it is, what is legal, applying actions and chance."""
from __future__ import annotations

from fractions import Fraction
from operator import indexOf

from . import anytime, building, exploration, flow, movement, turn_order, victory
from .actions import Action, IllegalAction, check_shape, split_text
from .changes import forget_legal_actions, record_action, remember_legal_actions
from .state import CHANCE_ACTOR, NO_ACTOR, OVER, Event, GameState

CHANCE = "chance"
STEPS, ANYTIME_VERBS = flow.STEPS, anytime.VERBS

# One call a step, so that mypy checks each module against the step protocols (flow.Step and its kin).
flow.register(turn_order)
flow.register(exploration)
flow.register(movement)
flow.register(building)
flow.register(victory)


def current_player(state: GameState) -> str | None:
    """The player who must decide now, CHANCE when a draw or a roll decides, None when the game is over."""
    if state.actor == NO_ACTOR:
        return None
    if state.actor == CHANCE_ACTOR:
        return CHANCE
    return state.names[state.actor]


def legal_actions(state: GameState) -> list[Action]:
    """Every action the current player may take now. When chance decides, the outcomes of the pending draw: like
    chance_outcomes_omniscient they tell what the hidden piles hold, so a client asks only when its player acts."""
    return list(_legal(state))


def _legal(state: GameState) -> list[Action]:
    """The legal actions, computed once per position (the memo, which every action clears and clones share);
    callers must not change the list."""
    if state.memo is not None:
        return state.memo
    if state.actor == NO_ACTOR:
        actions = []
    elif state.actor == CHANCE_ACTOR:
        actions = [a for a, _ in chance_outcomes_omniscient(state)]
    else:
        actions = STEPS[state.step].legal(state)
        anywhen = anytime.actions(state)
        if anywhen:
            actions = actions + anywhen
    remember_legal_actions(state, actions)
    return actions


def chance_outcomes_omniscient(state: GameState) -> list[tuple[Action, Fraction]]:
    """The possible outcomes of the pending draw or roll with their probabilities (empty if none is pending).

    Omniscient: a draw's outcomes are what the deck, the tile stack or the cup still holds, and subtracting them
    from the printed contents tells the hidden hands. For the referee, tests and benchmarks; never send it to a
    player (a player learns of chance only through observe and events_since)."""
    if state.actor != CHANCE_ACTOR:
        return []
    outcomes: list[tuple[Action, Fraction]] = flow.chance_step(state).chance_outcomes(state)
    return outcomes


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply a legal action (a decision, or a chosen chance outcome) and return what happened.

    Raises IllegalAction with the reason, leaving the state untouched, if the action is not legal now.
    """
    if type(action) is not Action or state.actor == NO_ACTOR:
        check_shape(action)
        if state.actor == NO_ACTOR:
            raise IllegalAction("the game is over")
    legal = _legal(state)
    try:
        found = legal[indexOf(legal, action)]      # (list.index would put the action's repr in its error)
    except ValueError:
        check_shape(action)
        raise IllegalAction(_why_illegal(state, action, legal)) from None
    if found is not action:
        # Equal to a legal action but not the engine's own object (a client built it): its words must be of the
        # same types, as True == 1 and 1.0 == 1 would otherwise pass for a die face.
        check_shape(action)
        if any(type(mine) is not type(theirs) for mine, theirs in zip(action.args, found.args)):
            raise IllegalAction(_why_illegal(state, action, legal))
    return _perform(state, found, False)


def resolve_chance(state: GameState) -> list[Event]:
    """Let the state's own random streams decide the pending draw or roll."""
    if state.actor != CHANCE_ACTOR:
        raise IllegalAction("no draw or roll is pending")
    return _perform(state, flow.chance_step(state).draw(state), True)


def _perform(state: GameState, action: Action, drawn: bool) -> list[Event]:
    verb, args = action
    record_action(state, verb, args, drawn)
    if verb in ANYTIME_VERBS and action in anytime.actions(state):   # E6.5, M7, B4: in any step
        events = anytime.perform(state, action)
    else:
        events = STEPS[state.step].perform(state, action)
    forget_legal_actions(state)
    state.add_log(events)
    return events


def _why_illegal(state: GameState, action: Action, legal: list[Action]) -> str:
    who = current_player(state)
    verbs = sorted({a.verb for a in legal})
    if action.verb not in verbs:
        return (f"{action} is not possible now: it is {who}'s decision in the "
                f"{STEP_TITLES[state.step]} step, where the possible actions are: {', '.join(verbs)}")
    return f"{action} is not legal now for {who}; for example {legal[0]} is"


STEP_TITLES = ("Turn order", "Exploration", "Movement & Battle", "Building", "Victory", "end of game")


def parse_action(state: GameState, text: str) -> Action:
    """The legal action whose canonical text (docs/NOTATION.md) matches `text`; IllegalAction otherwise."""
    words = split_text(text)
    canonical = str(Action(words[0], tuple(words[1:])))
    for action in _legal(state):
        if str(action) == canonical:
            return action
    probe = Action(words[0], tuple(words[1:]))
    raise IllegalAction(_why_illegal(state, probe, legal_actions(state)) if state.actor != NO_ACTOR
                        else "the game is over")


def is_over(state: GameState) -> bool:
    return state.step == OVER


def winner(state: GameState) -> str | None:
    """The winner once the game is over; None while it runs or after a tie that V5 does not break (X11)."""
    if state.step != OVER or len(state.winners) != 1:
        return None
    return state.names[state.winners[0]]


def vp(state: GameState, player: str) -> Fraction:
    """The player's VP counted from scratch with the cards they have revealed (rule V1); UnknownPlayer if no
    player of the game has that name."""
    return victory.vp(state, state.player_index(player))
