"""Advanced rule A3, Malaria (ruling X7): from the turn after any player first controls a malaria IG, a die
rolled in every Turn-order step strikes one malaria IG; a player-controlled one loses a village.
"""
from __future__ import annotations

from . import changes
from .changes import remove_village
from .state import Event, GameState, event


def malaria_igs(state: GameState) -> list[int]:
    return [ig.hex for ig in state.rules.map.islands if ig.malaria]


def check_start(state: GameState) -> list[Event]:
    """X7: malaria applies from the turn after the first player-controlled malaria IG, for the rest of the game."""
    if state.adv.malaria or not state.options.get("malaria"):
        return []
    if any(state.controller[h] >= 0 for h in malaria_igs(state)):
        changes.malaria_begins(state)
        return [event("malaria_begins")]
    return []


def strike(state: GameState, face: int) -> list[Event]:
    """The die names the IG; a controlled one loses a village (IA stays). A player whose home is emptied names
    another in this Turn-order step (M11, X29)."""
    h = state.rules.map.hex_of(state.rules.malaria[face])
    label = state.rules.map.labels[h]
    owner = state.controller[h]
    events = [event("malaria_roll", face=face, hex=label, ig=state.rules.malaria[face])]
    if owner < 0 or not state.villages(h):
        return events
    remove_village(state, h)
    return events + [event("village_lost", hex=label, player=state.names[owner], cause="malaria")]
