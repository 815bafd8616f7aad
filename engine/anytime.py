"""Actions a player may take whenever they are to act, in any step (ruling X6's windows):
flip a face-down tile they discovered (E6.5), withdraw one of their rumors from the map (M7) and reveal an
Arts & Culture card (B4; it stays face up and works at once); and play a kept event whose effect needs no
particular step (A7)."""
from __future__ import annotations

from . import battle, building, random_events
from .actions import Action, act
from .building import Building
from .cards import build_point_bonus, extra_local_warriors, show_card
from .changes import unbuild
from .exploration import OFF_COURSE, Exploration, flippable, reveal
from .movement import PARTY, Movement, allowance_grew, canoe_moves, withdrawn
from .state import RUMOR, Event, GameState, event
from .turn_order import TurnOrderStep

VERBS = ("flip", "withdraw", "show", "play")


def actions(state: GameState) -> list[Action]:
    """Asked before every decision, so it first checks cheaply whether it can offer anything."""
    player = state.actor
    rumor_ids = state.piece_ids[player][RUMOR]
    rumors = state.piece_hex[rumor_ids.start:rumor_ids.stop]
    at_sea = bool(rumors) and max(rumors) >= 0            # off the map is negative
    if not (at_sea or state.discovered or state.hand[player] or state.adv.events_held[player]) \
            or deciding_for_others(state):
        return []
    hex_actions = state.rules.map.hex_actions
    out = [hex_actions("flip")[h] for h in flippable(state, player)] if state.discovered else []
    if at_sea:
        withdraw = hex_actions("withdraw")
        out += [withdraw[h] for h in sorted({h for h in rumors if h >= 0})]
    if state.hand[player]:
        out += [act("show", key) for key in sorted({state.rules.cards[c].key for c in state.hand[player]})]
    if state.adv.events_held[player] and not busy(state):
        out += random_events.playable(state, player, "anytime")
    return out


def deciding_for_others(state: GameState) -> bool:
    """X32: a player aiming a drawn event, steering another's explorer off course or making a choice an event
    left them (X28, X29) makes that decision alone, so that nothing they do meanwhile can take its options away."""
    sub = state.sub
    return ((isinstance(sub, TurnOrderStep) and sub.events is not None)
            or (isinstance(sub, Exploration) and sub.phase == OFF_COURSE) or random_events.owing(state))


def busy(state: GameState) -> bool:
    """X28: no event is played into a party on the move, a battle being fought, or the secret builds (X8),
    which are planned on the board as it stood."""
    sub = state.sub
    return isinstance(sub, Building) or (isinstance(sub, Movement) and (sub.phase == PARTY or sub.battle is not None))


def perform(state: GameState, action: Action) -> list[Event]:
    if action.verb == "play":
        return random_events.play(state, state.actor, action)
    if action.verb == "show":
        return show(state, state.actor, state.rules.card_id(action.args[0]))
    h = state.rules.map.hex_of(action.args[0])
    if action.verb == "flip":
        return reveal(state, h, state.actor)
    pid = next(p for p in state.pieces_of(state.actor, RUMOR, h))
    if isinstance(state.sub, Movement):
        withdrawn(state, state.sub, pid)
    unbuild(state, pid)
    return [event("rumor_removed", player=state.names[state.actor], hex=action.args[0])]


def show(state: GameState, player: int, card: int) -> list[Event]:
    """B4, C6: a card works from the moment it is shown, so what the step in progress counted from the face-up
    cards when it began is counted again: the mover's canoe allowance (Poi), the builder's BP (Aquaculture), the
    defender's local warriors in a battle being fought (Pa)."""
    sub = state.sub
    if isinstance(sub, Movement):
        allowance, warriors = canoe_moves(state, sub.player), extra_local_warriors(state, player)
        events = show_card(state, player, card)
        allowance_grew(state, sub, allowance)
        if sub.battle is not None:
            battle.reinforced(state, sub.battle, player, warriors)
        return events
    if isinstance(sub, Building):
        bonus = build_point_bonus(state, player)
        events = show_card(state, player, card)
        building.bonus_shown(state, sub, player, bonus)
        return events
    return show_card(state, player, card)
