"""Chance: the discovery cup, the tile stack, the card deck, the event deck (A7) and the die.

Each pile offers its outcomes as actions with exact probabilities (for tests, search bots and the client's
"what could happen"), draws from the state's own named stream, and takes an outcome out of the pile. A
scenario may queue outcomes in advance (state.queued), which then come first and with certainty.
"""
from __future__ import annotations

from fractions import Fraction

from . import changes, rng
from .actions import Action, IllegalAction, act
from .state import GameState
from .views import Verb

CUP, TILES, DECK, DICE, EVENTS = "cup", "tiles", "deck", "dice", "events"
VERB: dict[str, Verb] = {CUP: "marker", TILES: "tile", DECK: "card", DICE: "die", EVENTS: "event"}
STREAM = {CUP: rng.STREAM["cup"], TILES: rng.STREAM["tiles"], DECK: rng.STREAM["cards"], DICE: rng.STREAM["dice"],
          EVENTS: rng.STREAM["events"]}


def marker_word(state: GameState, kind_id: int) -> str:
    return state.rules.markers[kind_id].name.replace(" ", "_")


def _word(state: GameState, pile: str, value: int) -> object:
    if pile == CUP:
        return marker_word(state, value)
    if pile == TILES:
        return state.rules.tiles[value].name
    if pile == DECK:
        return state.rules.cards[value].key
    if pile == EVENTS:
        return state.rules.events[value]["id"]
    return value


def _counts(state: GameState, pile: str) -> dict[int, int]:
    """Value -> how many of it the pile holds (the die: six faces once each)."""
    if pile == CUP:
        return {k: n for k, n in enumerate(state.cup) if n}
    if pile == DICE:
        return dict.fromkeys(range(1, 7), 1)
    counts: dict[int, int] = {}
    for value in {TILES: state.stack, DECK: state.deck, EVENTS: state.adv.event_deck}[pile]:
        counts[value] = counts.get(value, 0) + 1
    return counts


def size(state: GameState, pile: str) -> int:
    return sum(_counts(state, pile).values())


def outcomes(state: GameState, pile: str) -> list[tuple[Action, Fraction]]:
    """Every outcome of the next draw with its probability."""
    queue = state.queued.get(pile)
    if queue:
        return [(act(VERB[pile], _word(state, pile, queue[0])), Fraction(1))]
    counts = _counts(state, pile)
    total = sum(counts.values())
    return [(act(VERB[pile], _word(state, pile, v)), Fraction(n, total)) for v, n in sorted(counts.items())]


def draw(state: GameState, pile: str) -> Action:
    """The next outcome chosen by the queue or the pile's own random stream (the pile is not changed yet)."""
    queue = state.queued.get(pile)
    if queue:
        return act(VERB[pile], _word(state, pile, queue[0]))
    counts = _counts(state, pile)
    values = sorted(counts)
    pick = rng.weighted(state.streams, STREAM[pile], [counts[v] for v in values])
    return act(VERB[pile], _word(state, pile, values[pick]))


def take(state: GameState, pile: str, action: Action) -> int:
    """Remove the outcome an action names from its pile and return its id (a die face for the die)."""
    if action.verb != VERB[pile] or len(action.args) != 1:
        raise IllegalAction(f"{action} is not a draw from the {pile}")
    word = action.args[0]
    matches = [v for v in _counts(state, pile) if str(_word(state, pile, v)) == str(word)]
    if not matches:
        raise IllegalAction(f"{action}: the {pile} holds no {word}")
    value = matches[0]
    queue = state.queued.get(pile)
    if queue:
        if queue[0] != value:
            raise IllegalAction(f"{action}: the scenario fixed the next draw as {_word(state, pile, queue[0])}")
        changes.use_queued(state, pile)
    if pile == CUP:
        changes.take_marker(state, value)
    elif pile == TILES:
        changes.take_tile(state, value)
    elif pile == DECK:
        changes.take_card_from_deck(state, value)
    elif pile == EVENTS:
        changes.take_event_card(state, value)
    return value
