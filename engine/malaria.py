"""Advanced rule A3, Malaria (ruling X7): from the turn after any player first controls a malaria IG, a die
rolled in every Turn-order step strikes one malaria IG; a player-controlled one loses a village.

Its village helpers (`remove_village`, `add_villages`) also serve A7's events, which import them from here."""
from __future__ import annotations

from .state import NOBODY, Event, GameState, event


def malaria_igs(state: GameState) -> list[int]:
    return [ig.hex for ig in state.rules.map.islands if ig.malaria]


def check_start(state: GameState) -> list[Event]:
    """X7: malaria applies from the turn after the first player-controlled malaria IG, for the rest of the game."""
    if state.adv.malaria or not state.options.get("malaria"):
        return []
    if any(state.controller[h] >= 0 for h in malaria_igs(state)):
        state.adv.malaria = True
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


def add_villages(state: GameState, h: int, count: int) -> None:
    """Villages fill green squares first, then improved brown squares. (The same as building.add_villages,
    which should become this one: A7's free village is built here, below random_events, without importing
    the Building step.)"""
    green = state.ig_squares(h)[0]  # type: ignore[index]  # villages are built only on an IG
    for _ in range(count):
        if state.green_villages[h] < green:
            state.green_villages[h] += 1
        else:
            state.ia_villages[h] += 1


def remove_village(state: GameState, h: int) -> None:
    """One village goes (from a green square first; IA is never removed); no village, no control (V2)."""
    owner = state.controller[h]
    if state.green_villages[h]:
        state.green_villages[h] -= 1
    else:
        state.ia_villages[h] -= 1
    if state.villages(h) == 0:
        state.set_controller(h, NOBODY)
        if owner >= 0 and state.capital[owner] == h:
            state.capital[owner] = -1
        if owner >= 0 and state.home[owner] == h:
            state.home[owner] = -1
