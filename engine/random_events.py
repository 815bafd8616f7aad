"""Advanced rule A7, Random events (2nd edition; rulings X28, X29).

Once anyone has 5 or more VP, the lowest player on the track draws an event card before Turn order (ties: the
first in the tie order chooses between the event and the turn-order marker, the next takes the other). A card
with a brown title is kept secretly and played when wanted; any other is revealed and resolved at once, its
choices made by the drawer. What only another player can decide is asked of them at once (`Owed`): which of
their pieces the sea takes (X28), and a new home when an event took the last village of theirs (M11, X29).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeAlias, cast, runtime_checkable

from . import chance, changes
from .actions import Action, IllegalAction, act
from .board import is_known
from .changes import add_villages, improve, move, remove_village, set_actor, set_home, unbuild
from .ruleset import PIECES
from .state import BAND, CHANCE_ACTOR, COLONY, KIND_INDEX, TRANSPORT, UNBUILT, WAR_CANOE, Event, GameState, event
from .victory import lowest
from .views import Decision, DecisionStage

CHOOSE, DRAW, TARGET = "choose", "draw", "target"
# The step in which a kept event may be played, by its effect.
WINDOWS = {"remove_village": "anytime", "remove_pieces_at_sea": "anytime", "skip_exploration": "anytime",
           "lose_build_points": "anytime", "gain_build_points": "building", "free_village": "building",
           "free_improved_agriculture": "building", "free_piece": "building", "canoe_moves": "movement",
           "battle_modifier": "battle"}
LOSE = tuple(act("lose", kind) for kind in PIECES)                  # X28: an owner's pick, by kind


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


class Sinking:
    """Pieces an event takes at sea, one at a time (X28): whose, by the event's player when several owners share
    the hex; which, by their owner, who alone sees inside the stack (M6), as a battle's loser does (M8.4). Only
    heights decide who is asked, so being asked tells nothing of what a stack holds (X33)."""

    __slots__ = ("card", "hex", "left", "chooser", "owner", "lost", "resume")

    def __init__(self, card: str, h: int, left: int, chooser: int, resume: int, players: int) -> None:
        self.card, self.hex, self.left, self.chooser, self.resume = card, h, left, chooser, resume
        self.owner = -1                   # the owner choosing now; -1: the event's player chooses whose
        self.lost = [0] * players         # pieces lost so far, by owner

    def clone(self) -> Sinking:
        c = Sinking(self.card, self.hex, self.left, self.chooser, self.resume, 0)
        c.owner, c.lost = self.owner, self.lost[:]
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "hex": self.hex, "left": self.left, "chooser": self.chooser,
                "owner": self.owner, "lost": self.lost, "resume": self.resume}

    def who(self) -> int:
        """Who decides now; -1 once the sea has taken its pieces."""
        if not self.left:
            return -1
        return self.chooser if self.owner < 0 else self.owner

    def legal(self, state: GameState) -> list[Action]:
        if self.owner < 0:
            return [act("target", state.names[p]) for p in owners_at(state, self.hex)]
        kinds = {state.piece_kind[p] for p in state.pieces_at(self.hex, self.owner)}
        return [LOSE[k] for k in sorted(kinds)]

    def decision(self, state: GameState, stage: DecisionStage) -> Decision:
        if self.owner < 0:
            return {"kind": "event_target", "stage": stage, "rule": "A7", "drawer": state.names[self.chooser],
                    "card": self.card}
        return {"kind": "lose", "stage": stage, "rule": "X28", "hex": state.rules.map.labels[self.hex]}

    def answer(self, state: GameState, action: Action) -> list[Event]:
        if action.verb == "target":
            self.owner = state.player_index(action.args[0])
        else:
            self.sink(state, self.owner, KIND_INDEX[action.args[0]])
        return self.go_on(state)

    def sink(self, state: GameState, owner: int, kind: int) -> None:
        """One piece of the kind goes back to its owner's supply; of transport canoes a face-down one first, so
        that a transit chain keeps its canoe while another can go (M2)."""
        pids = [p for p in state.pieces_at(self.hex, owner) if state.piece_kind[p] == kind]
        unbuild(state, min(pids, key=lambda p: state.piece_up[p]))
        self.lost[owner] += 1
        self.left -= 1
        self.owner = -1

    def go_on(self, state: GameState) -> list[Event]:
        """Take what needs no choice, stop at the next choice; once all is taken, the drowned and the event."""
        while self.left:
            owners = owners_at(state, self.hex)
            heights = {o: len(state.pieces_at(self.hex, o)) for o in owners}
            if self.left >= sum(heights.values()):
                for o in owners:
                    for pid in state.pieces_at(self.hex, o):
                        unbuild(state, pid)
                        self.lost[o] += 1
                self.left = 0
            elif self.owner < 0 and len(owners) > 1:
                return []                 # the event's player says whose piece goes
            else:
                owner = self.owner if self.owner >= 0 else owners[0]
                if heights[owner] > 1:
                    self.owner = owner
                    return []             # the owner says which
                self.sink(state, owner, state.piece_kind[state.pieces_at(self.hex, owner)[0]])
        return drown(state, self.hex, self.lost)


class NewHome:
    """A player whose home an event or malaria emptied names another IG they control at once (M11
    « immédiatement », X29); with one IG left it is named for them, with none they have no home until they
    control one again (then in a Turn-order step)."""

    __slots__ = ("player", "resume", "asked")

    def __init__(self, player: int, resume: int) -> None:
        self.player, self.resume, self.asked = player, resume, False

    def clone(self) -> NewHome:
        c = NewHome(self.player, self.resume)
        c.asked = self.asked
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"homeless": self.player, "resume": self.resume, "asked": self.asked}

    def who(self) -> int:
        return self.player if self.asked else -1

    def legal(self, state: GameState) -> list[Action]:
        home = state.rules.map.hex_actions("home")
        return [home[h] for h in state.controlled(self.player)]

    def decision(self, state: GameState, stage: DecisionStage) -> Decision:
        return {"kind": "new_home", "stage": stage, "rule": "M11"}

    def answer(self, state: GameState, action: Action) -> list[Event]:
        self.asked = False
        return self.named(state, state.rules.map.hex_of(action.args[0]))

    def named(self, state: GameState, h: int) -> list[Event]:
        set_home(state, self.player, h)
        return [event("new_home", player=state.names[self.player], hex=state.rules.map.labels[h])]

    def go_on(self, state: GameState) -> list[Event]:
        events = [event("home_lost", player=state.names[self.player])]
        options = state.controlled(self.player)
        if len(options) == 1:
            return events + self.named(state, options[0])
        self.asked = len(options) > 1
        return events


Owed: TypeAlias = Sinking | NewHome


@runtime_checkable
class OwedHost(Protocol):
    """A step that can hand a decision an event owes to another player at once and give the turn back after:
    the Turn-order step (turn_order.TurnOrderStep), a player's exploration (exploration.Exploration) and a
    player's Movement & Battle step (movement.Movement)."""
    owed: Owed | None


class EventStage(OwedHost, Protocol):
    """Where the Turn-order step keeps A7's draw (turn_order.TurnOrderStep): the draw in progress, and the
    turn-order marker's holder when a tie gave it away with the event."""
    events: EventDraw | None
    holder: int


def owing(state: GameState) -> bool:
    """X32: while an event's decision is owed, nobody does anything else (asked before every decision: cheap)."""
    return getattr(state.sub, "owed", None) is not None


def owe(state: GameState, host: OwedHost | None, owed: Owed) -> list[Event]:
    """Carry out what needs nobody's choice, then hand the next choice to whoever owes it. Only a step that can
    ask at once is given an event that may ask (`asks`), so `host` is there whenever a choice is left."""
    events = owed.go_on(state)
    if owed.who() >= 0:
        cast(OwedHost, host).owed = owed
        set_actor(state, owed.who())
    return events


def answer(state: GameState, host: OwedHost, action: Action) -> list[Event]:
    """The player owing a decision makes it; once nothing more is owed, whoever was acting acts again."""
    owed = cast(Owed, host.owed)
    events = owed.answer(state, action)
    if owed.who() >= 0:
        set_actor(state, owed.who())
    else:
        host.owed = None
        set_actor(state, owed.resume)
    return events


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
        changes.set_actor(state, tied[0])
        return []
    sub.events = EventDraw(DRAW, tied[0])
    changes.set_actor(state, CHANCE_ACTOR)
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
        changes.set_actor(state, CHANCE_ACTOR)
        return [event("event_tie", chooser=state.names[first], drawer=state.names[drawer],
                      marker=state.names[holder])]
    if draw.phase == DRAW:
        card = chance.take(state, chance.EVENTS, action)
        name = state.names[draw.drawer]
        if state.rules.events[card]["keep"]:
            changes.keep_event(state, draw.drawer, card)
            sub.events = None
            return [event("event_kept", player=name),
                    event("event_drawn", frozenset({draw.drawer}), player=name, card=key(state, card))]
        draw.card = card
        events = [event("event_revealed", player=name, card=key(state, card))]
        options = targets(state, draw.drawer, effect_of(state, card))
        if options:
            draw.phase = TARGET
            changes.set_actor(state, draw.drawer)
            return events
        return events + resolve(state, sub, None)
    return resolve(state, sub, action.args[0])


def resolve(state: GameState, sub: EventStage, target: str | None) -> list[Event]:
    draw = cast(EventDraw, sub.events)
    changes.discard_event(state, draw.card)
    sub.events = None
    return apply_effect(state, draw.drawer, draw.card, target, sub)


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


def apply_effect(state: GameState, player: int, card: int, target: str | None,
                 host: OwedHost | None) -> list[Event]:
    """Carry out one event effect now (a kept one when played, any other when drawn); a choice it leaves to
    another player is asked of them in the step in progress, `host`."""
    effect = effect_of(state, card)
    kind = effect["id"]
    name = state.names[player]
    h = state.rules.map.hex_of(target) if target and state.rules.map.has_name(target) else -1
    if kind == "remove_village" and h >= 0:
        owner = state.controller[h]
        emptied = state.home[owner] == h and state.villages(h) == 1
        remove_village(state, h)
        events = [event("village_lost", hex=target, player=state.names[owner], cause="event")]
        return events + owe(state, host, NewHome(owner, state.actor)) if emptied else events
    if kind == "remove_pieces_at_sea" and h >= 0:
        return owe(state, host, Sinking(key(state, card), h, effect["count"], player, state.actor, state.players))
    if kind == "lose_build_points":
        losers = range(state.players) if effect["target"] == "all_players" else (
            [player] if effect["target"] == "self"
            else [state.player_index(target)])  # type: ignore[arg-type]  # chosen_player: targets() gave a name
        for p in losers:
            changes.change_build_points(state, p, -effect["bp"])
        return [event("build_points_lost", players=[state.names[p] for p in losers], bp=effect["bp"])]
    if kind == "gain_build_points":
        changes.change_build_points(state, player, effect["bp"])
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
        changes.skip_exploration(state, state.player_index(target))  # type: ignore[arg-type]  # a chosen player
        return [event("exploration_skipped", player=target)]
    if kind == "canoe_moves":
        changes.favourable_winds(state, player)
        return [event("favourable_winds", player=name)]
    if kind == "battle_modifier":
        return []                          # the battle applies it to the coming roll
    return [event("event_without_effect", player=name)]


def take_build_points(state: GameState, player: int) -> int:
    """The build points the events gave or took for this player's next Building step (A7), used up now."""
    return changes.use_up_build_points(state, player)


def owners_at(state: GameState, h: int) -> list[int]:
    return [o for o in range(state.players) if state.pieces_at(h, o)]


def drown(state: GameState, h: int, lost: list[int]) -> list[Event]:
    """X28: bands and colonies left without a canoe to carry them drown. The pieces lost go face down into their
    owners' supply, whose kinds nobody else sees (X33), so the table learns how many, never which (X9)."""
    for owner in range(state.players):
        pids = state.pieces_at(h, owner)
        canoes = sum(state.piece_kind[p] in (TRANSPORT, WAR_CANOE) for p in pids)
        transports = sum(state.piece_kind[p] == TRANSPORT for p in pids)
        colonies = [p for p in pids if state.piece_kind[p] == COLONY]
        bands = [p for p in pids if state.piece_kind[p] == BAND]
        for pid in colonies[transports:] + bands[max(0, canoes - min(len(colonies), transports)):]:
            unbuild(state, pid)
            lost[owner] += 1
    sunk = {state.names[o]: {"piece": n} for o, n in enumerate(lost) if n}
    return [event("pieces_sunk", hex=state.rules.map.labels[h], pieces=sum(lost), sunk=sunk)]


# --- kept events ----------------------------------------------------------------------------------------------

def playable(state: GameState, player: int, window: str) -> list[Action]:
    """Kept events the player may play now, each with its target when it needs one. Where the step in progress
    cannot hand a decision to another player at once (Victory), only the targets that ask nobody anything (X28,
    X29)."""
    out: list[Action] = []
    if not state.adv.events_held[player]:
        return out
    hosted = isinstance(state.sub, OwedHost)
    for card in sorted(set(state.adv.events_held[player])):
        effect = effect_of(state, card)
        if WINDOWS[effect["id"]] != window:
            continue
        if needs_target(effect):
            out += [act("play", key(state, card), t) for t in targets(state, player, effect)
                    if hosted or not asks(state, effect, t)]
        else:
            out.append(act("play", key(state, card)))
    return out


def asks(state: GameState, effect: Mapping[str, Any], target: str) -> bool:
    """Whether aiming the effect there leaves a choice to make, on public facts: a stack taller than what the
    sea takes (X28), or a home's last village whose owner controls two other IGs or more (M11, X29)."""
    kind: str = effect["id"]
    if kind == "remove_pieces_at_sea":
        count: int = effect["count"]
        return len(state.pieces_at(state.rules.map.hex_of(target))) > count
    if kind != "remove_village":
        return False
    h = state.rules.map.hex_of(target)
    owner = state.controller[h]
    return state.home[owner] == h and state.villages(h) == 1 and len(state.controlled(owner)) > 2


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
    changes.discard_held_event(state, player, card)
    target = action.args[1] if len(action.args) > 1 else None
    host = state.sub if isinstance(state.sub, OwedHost) else None
    return [event("event_played", player=state.names[player], card=action.args[0])] + \
        apply_effect(state, player, card, target, host)

