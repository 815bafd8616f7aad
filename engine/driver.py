"""The one loop that moves a game forward: a pending draw or roll is decided by the state's own streams, every
other decision is asked of a decider (bots, a replay's list of choices, a human's standing orders). The headless
runner, the Hard bot's rollouts, the client's match, the UI monkey's replay and the benchmarks all play through
it, so the same seed and the same choices give the same game wherever they are played."""
from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .game import CHANCE, apply, current_player, resolve_chance
from .state import Event, GameState

# Asked for the decision of the named player in this position. None: it has nothing to play now (a human to wait
# for, a bot still thinking, a replay's choices run out), and the driver stops there.
Decide = Callable[[GameState, str], Action | None]


def step(state: GameState, decide: Decide) -> list[Event] | None:
    """Play one action: the pending draw or roll, or the decider's choice. None when the game is over or the
    decider had nothing to play (the state is then unchanged)."""
    who = current_player(state)
    if who is None:
        return None
    if who == CHANCE:
        return resolve_chance(state)
    action = decide(state, who)
    return None if action is None else apply(state, action)


def play(state: GameState, decide: Decide, *, until_turn: int | None = None, max_actions: int | None = None,
         until: Callable[[GameState], bool] | None = None,
         on_action: Callable[[GameState, list[Event]], None] | None = None,
         on_turn: Callable[[GameState], None] | None = None) -> int:
    """Play until the game ends, turn `until_turn` begins, `max_actions` actions are played, `until(state)` holds
    (asked before each action) or the decider has nothing to play; return how many actions were played.
    `on_action(state, events)` is called after each action, `on_turn(state)` when a new turn has begun."""
    actions = 0
    turn = state.turn
    while ((until_turn is None or state.turn < until_turn) and (max_actions is None or actions < max_actions)
           and (until is None or not until(state))):
        events = step(state, decide)
        if events is None:
            break
        actions += 1
        if on_action is not None:
            on_action(state, events)
        if state.turn != turn:
            turn = state.turn
            if on_turn is not None:
                on_turn(state)
    return actions
