"""Advanced rule A7, Random events (2nd edition; rulings X28, X29).

Once anyone has 5 or more VP, the lowest player on the track draws an event card before Turn order (ties: the
first in the tie order chooses between the event and the turn-order marker, the next takes the other). A card
with a brown title is kept secretly and played when wanted; any other is revealed and resolved at once, its
choices made by the drawer.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, cast

from . import chance
from .actions import Action, IllegalAction, act
from .board import is_known
from .changes import add_villages, improve, move, remove_village, unbuild
from .ruleset import PIECES
from .state import BAND, CHANCE_ACTOR, COLONY, KIND_INDEX, RUMOR, TRANSPORT, UNBUILT, WAR_CANOE, Event, GameState, event
from .victory import lowest
from .views import Decision

CHOOSE, DRAW, TARGET = "choose", "draw", "target"
# The step in which a kept event may be played, by its effect.
WINDOWS = {"remove_village": "anytime", "remove_pieces_at_sea": "anytime", "skip_exploration": "anytime",
           "lose_build_points": "anytime", "gain_build_points": "building", "free_village": "building",
           "free_improved_agriculture": "building", "free_piece": "building", "canoe_moves": "movement",
           "battle_modifier": "battle"}
CHEAPEST_FIRST = (RUMOR, TRANSPORT, COLONY, BAND, WAR_CANOE)        # X28: what an owner gives up first


class EventDraw:
    """The draw of this turn's event in progress."""

    __slots__ = ("phase", "drawer", "tied", "card")

    def __init__(self, phase: str, drawer: int, tied: tuple[int, ...] = ()) -> None:
        self.phase, self.drawer, self.tied, self.card = phase, drawer, tied, -1

    def clone(self) -> EventDraw:
        c = EventDraw(self.phase, self.drawer, self.tied)
        c.card = self.card
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"phase": self.phase, "drawer": self.drawer, "tied": list(self.tied), "card": self.card}


class EventStage(Protocol):
    """Where the Turn-order step keeps A7's draw (turn_order.TurnOrderStep): the draw in progress, and the
    turn-order marker's holder when a tie gave it away with the event."""
    events: EventDraw | None
    holder: int


def effect_of(state: GameState, card: int) -> Mapping[str, Any]:
    effect: Mapping[str, Any] = state.rules.events[card]["effects"][0]
    return effect


def key(state: GameState, card: int) -> str:
    name: str = state.rules.events[card]["id"]
    return name


def begin(state: GameState, sub: EventStage) -> list[Event]:
    """Before Turn order: is an event drawn this turn, and by whom?"""
    adv = state.adv
    if not state.options.get("random_events") or max(state.vp_track) < state.rules.limits["random_events_from_vp"]:
        return []
    if not adv.event_deck:
        adv.event_deck, adv.event_discard = adv.event_discard, []
    if not adv.event_deck:
        return []
    tied = lowest(state)
    if len(tied) > 1:
        sub.events = EventDraw(CHOOSE, -1, tuple(tied[:2]))
        state.actor = tied[0]
        return []
    sub.events = EventDraw(DRAW, tied[0])
    state.actor = CHANCE_ACTOR
    return []


def decision(state: GameState, draw: EventDraw) -> Decision:
    """The draw in progress as the view's decision: the first of two tied players chooses between the event and
    the turn-order marker, the event deck decides, or the drawer aims the event just revealed (public: X9)."""
    if draw.phase == CHOOSE:
        return {"kind": "event_tie", "stage": "events", "rule": "A7", "tied": [state.names[p] for p in draw.tied]}
    drawer = state.names[draw.drawer]
    if draw.phase == DRAW:
        return {"kind": "event_draw", "stage": "events", "rule": "A7", "drawer": drawer}
    return {"kind": "event_target", "stage": "events", "rule": "A7", "drawer": drawer, "card": key(state, draw.card)}


def legal(state: GameState, draw: EventDraw) -> list[Action]:
    if draw.phase == CHOOSE:
        return [act("choose", "event"), act("choose", "marker")]
    if draw.phase == TARGET:
        return [act("target", t) for t in targets(state, draw.drawer, effect_of(state, draw.card))]
    raise IllegalAction("the event deck decides now")


def perform(state: GameState, sub: EventStage, action: Action) -> list[Event]:
    draw = cast(EventDraw, sub.events)    # the Turn-order step asks only while a draw is in progress
    if draw.phase == CHOOSE:
        first, second = draw.tied
        drawer, holder = (first, second) if action.args[0] == "event" else (second, first)
        sub.holder = holder
        draw.phase, draw.drawer = DRAW, drawer
        state.actor = CHANCE_ACTOR
        return [event("event_tie", chooser=state.names[first], drawer=state.names[drawer],
                      marker=state.names[holder])]
    if draw.phase == DRAW:
        card = chance.take(state, chance.EVENTS, action)
        name = state.names[draw.drawer]
        if state.rules.events[card]["keep"]:
            state.adv.events_held[draw.drawer].append(card)
            sub.events = None
            return [event("event_kept", player=name),
                    event("event_drawn", frozenset({draw.drawer}), player=name, card=key(state, card))]
        draw.card = card
        events = [event("event_revealed", player=name, card=key(state, card))]
        options = targets(state, draw.drawer, effect_of(state, card))
        if options:
            draw.phase = TARGET
            state.actor = draw.drawer
            return events
        return events + resolve(state, sub, None)
    return resolve(state, sub, action.args[0])


def resolve(state: GameState, sub: EventStage, target: str | None) -> list[Event]:
    draw = cast(EventDraw, sub.events)
    events = apply_effect(state, draw.drawer, effect_of(state, draw.card), target)
    state.adv.event_discard.append(draw.card)
    sub.events = None
    return events


# --- effects --------------------------------------------------------------------------------------------------

def needs_target(effect: Mapping[str, Any]) -> bool:
    return effect.get("target") in ("chosen_ig", "any_player_ig", "own_ig", "chosen_hex", "chosen_player")


def targets(state: GameState, player: int, effect: Mapping[str, Any]) -> list[str]:
    """What the drawer may aim an effect at (empty when it needs no target or none exists)."""
    if not needs_target(effect):
        return []
    labels = state.rules.map.labels
    kind, target = effect["id"], effect["target"]
    if target == "chosen_player":
        return [n for p, n in enumerate(state.names) if p != player]
    if target == "chosen_hex":
        return [labels[h] for h in sorted({h for h in state.piece_hex if h >= 0})
                if state.ig_squares(h) is None and is_known(state, h)]
    igs = [h for h, owner in enumerate(state.controller) if owner >= 0 and (target != "own_ig" or owner == player)]
    if kind == "free_village":
        igs = [h for h in igs
               if state.villages(h) < state.ig_squares(h)[0] + state.ia[h]]  # type: ignore[index]  # controlled: an IG
    elif kind == "free_improved_agriculture":
        igs = [h for h in igs if state.ia[h] < state.ig_squares(h)[1]]  # type: ignore[index]  # controlled: an IG
    return [labels[h] for h in igs]


def apply_effect(state: GameState, player: int, effect: Mapping[str, Any], target: str | None) -> list[Event]:
    """Carry out one event effect now (a kept one when played, any other when drawn)."""
    kind = effect["id"]
    name = state.names[player]
    h = state.rules.map.hex_of(target) if target and state.rules.map.has_name(target) else -1
    if kind == "remove_village" and h >= 0:
        owner = state.controller[h]
        remove_village(state, h)           # X29: an emptied home is replaced at the next Turn order
        return [event("village_lost", hex=target, player=state.names[owner], cause="event")]
    if kind == "remove_pieces_at_sea" and h >= 0:
        return sink(state, h, effect["count"])
    if kind == "lose_build_points":
        losers = range(state.players) if effect["target"] == "all_players" else (
            [player] if effect["target"] == "self"
            else [state.player_index(target)])  # type: ignore[arg-type]  # chosen_player: targets() gave a name
        for p in losers:
            state.adv.bp_delta[p] -= effect["bp"]
        return [event("build_points_lost", players=[state.names[p] for p in losers], bp=effect["bp"])]
    if kind == "gain_build_points":
        state.adv.bp_delta[player] += effect["bp"]
        return [event("build_points_gained", player=name, bp=effect["bp"])]
    if kind == "free_village" and h >= 0:
        add_villages(state, h, 1)
        return [event("village_built", player=name, hex=target, cause="event")]
    if kind == "free_improved_agriculture" and h >= 0:
        improve(state, h, 1)
        return [event("improved_agriculture_built", player=name, hex=target, cause="event")]
    if kind == "free_piece":
        free = [p for p in state.pieces_of(player, KIND_INDEX[effect["piece"]]) if state.piece_hex[p] == UNBUILT]
        for pid in free[:effect["count"]]:
            move(state, pid, state.home[player])
        return [event("pieces_gained", player=name, piece=effect["piece"], count=min(len(free), effect["count"]))]
    if kind == "skip_exploration":
        state.adv.skip_exploration[state.player_index(target)] = True  # type: ignore[arg-type]  # a chosen player
        return [event("exploration_skipped", player=target)]
    if kind == "canoe_moves":
        state.adv.winds[player] = state.turn
        return [event("favourable_winds", player=name)]
    if kind == "battle_modifier":
        return []                          # the battle applies it to the coming roll
    return [event("event_without_effect", player=name)]


def take_build_points(state: GameState, player: int) -> int:
    """The build points the events gave or took for this player's next Building step (A7), used up now."""
    delta, state.adv.bp_delta[player] = state.adv.bp_delta[player], 0
    return delta


def sink(state: GameState, h: int, count: int) -> list[Event]:
    """X28: the owners lose their cheapest pieces first; bands and colonies left without a canoe drown. The
    pieces lost go back to their owners' supply before everyone's eyes, so the event says what they were."""
    labels = state.rules.map.labels
    lost: list[int] = []
    for kind in CHEAPEST_FIRST:
        for pid in [p for p in state.pieces_at(h) if state.piece_kind[p] == kind]:
            if len(lost) < count:
                unbuild(state, pid)
                lost.append(pid)
    for owner in range(state.players):
        pids = list(state.pieces_at(h, owner))
        canoes = sum(state.piece_kind[p] in (TRANSPORT, WAR_CANOE) for p in pids)
        transports = sum(state.piece_kind[p] == TRANSPORT for p in pids)
        colonies = [p for p in pids if state.piece_kind[p] == COLONY]
        bands = [p for p in pids if state.piece_kind[p] == BAND]
        for pid in colonies[transports:] + bands[max(0, canoes - min(len(colonies), transports)):]:
            unbuild(state, pid)
            lost.append(pid)
    sunk: dict[str, dict[str, int]] = {}
    for pid in lost:
        kinds = sunk.setdefault(state.names[state.piece_owner[pid]], {})
        kinds[PIECES[state.piece_kind[pid]]] = kinds.get(PIECES[state.piece_kind[pid]], 0) + 1
    return [event("pieces_sunk", hex=labels[h], pieces=len(lost), sunk=sunk)]


# --- kept events ----------------------------------------------------------------------------------------------

def playable(state: GameState, player: int, window: str) -> list[Action]:
    """Kept events the player may play now, each with its target when it needs one."""
    out: list[Action] = []
    if not state.adv.events_held[player]:
        return out
    for card in sorted(set(state.adv.events_held[player])):
        effect = effect_of(state, card)
        if WINDOWS[effect["id"]] != window:
            continue
        if needs_target(effect):
            out += [act("play", key(state, card), t) for t in targets(state, player, effect)]
        else:
            out.append(act("play", key(state, card)))
    return out


def may_hide(state: GameState, player: int, window: str, side: str) -> bool:
    """Whether, for all anyone else knows, the player's kept events could include one for this window and battle
    side: they keep at least one, and such an event is not in the discard pile (X33)."""
    if not state.adv.events_held[player]:
        return False
    discard = state.adv.event_discard
    return any(WINDOWS[effect_of(state, card)["id"]] == window and effect_of(state, card).get("side") in (side, "any")
               and card not in discard for card in range(len(state.rules.events)))


def card_id(state: GameState, event_key: str) -> int:
    return next(i for i, e in enumerate(state.rules.events) if e["id"] == event_key)


def play(state: GameState, player: int, action: Action) -> list[Event]:
    """A kept event is played: revealed, carried out, discarded."""
    card = card_id(state, action.args[0])
    state.adv.events_held[player].remove(card)
    state.adv.event_discard.append(card)
    target = action.args[1] if len(action.args) > 1 else None
    return [event("event_played", player=state.names[player], card=action.args[0])] + \
        apply_effect(state, player, effect_of(state, card), target)

