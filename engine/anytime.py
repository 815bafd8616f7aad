"""Actions a player may take whenever they are to act, in any step (ruling X6's windows):
flip a face-down tile they discovered (E6.5) and withdraw one of their rumors from the map (M7)."""
from __future__ import annotations

from .actions import Action, act
from .exploration import flippable, reveal
from .movement import Movement
from .state import RUMOR, UNBUILT, Event, GameState, event

VERBS = ("flip", "withdraw")


def actions(state: GameState) -> list[Action]:
    labels = state.rules.map.labels
    player = state.actor
    out = [act("flip", labels[h]) for h in flippable(state, player)]
    rumors = sorted({state.piece_hex[p] for p in state.pieces_of(player, RUMOR) if state.piece_hex[p] >= 0})
    return out + [act("withdraw", labels[h]) for h in rumors]


def perform(state: GameState, action: Action) -> list[Event]:
    h = state.rules.map.hex_of(action.args[0])
    if action.verb == "flip":
        return reveal(state, h, state.actor)
    pid = next(p for p in state.pieces_of(state.actor, RUMOR, h))
    state.piece_hex[pid] = UNBUILT
    if isinstance(state.sub, Movement) and pid in state.sub.party:
        state.sub.party.remove(pid)
    return [event("rumor_removed", player=state.names[state.actor], hex=action.args[0])]
