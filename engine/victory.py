"""Victory step (rules V1-V5): VP recomputed from scratch, claims, Deforestation, the end of the game.

Who is asked is decided on public facts only (X33): a player is asked to claim or pass when their VP with the
cards they have shown, plus the most their hidden hand could add, reach the threshold; the others are asked
about Deforestation when they might hold it. Only the choices offered (claim, use) depend on the real cards.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from . import changes, flow
from .actions import Action, act
from .cards import controls_named, deforestation_penalty, hidden_vp_bound, spend, usable_one_time, vp_bonus, window_open
from .chains import home_chain
from .state import VICTORY, Event, GameState, event
from .views import Decision


def card_vp(state: GameState, player: int, include_hidden: bool = False) -> int:
    """VP of the player's Arts & Culture cards: face-up ones only unless `include_hidden` (rules B4, V1)."""
    return state.vp_card_total(player, include_hidden)


def vp(state: GameState, player: int, include_hidden: bool = False) -> Fraction:
    """The player's VP counted from scratch (rule V1). With `include_hidden`, as if every card were face up."""
    return total_vp(state, player, board_units(state, player), include_hidden)


# V1's sources of VP, then V4's Deforestation, in the order the view lists them (PlayerView.vp_parts). The first
# BOARD are the board's (board_units).
SOURCES = ("villages", "island_groups", "atolls", "kumara", "cards", "deforestation")
BOARD = 4


def board_parts(state: GameState, player: int) -> tuple[int, int, int, int]:
    """The VP of the player's board by source, in whole units of 1/vp_scale (Fraction arithmetic is slow, and
    every player's VP are recounted at every Victory step and at every claim): villages (V1, V2), IGs and atolls
    chain-linked to home (V1), A5's Kumara."""
    units = state.rules.vp_units
    green, ia = state.green_villages, state.ia_villages
    villages = sum([green[h] + ia[h] for h in state.controlled(player)])
    linked = atolls = 0
    for h in home_chain(state, player):
        squares = state.ig_squares(h)
        if squares is None:
            continue
        if squares[2]:
            atolls += 1                            # an atoll in the chain: never controlled, scores ½
        elif state.controller[h] == player:
            linked += 1
    kumara = 1 if state.adv.kumara[player] else 0                        # A5
    return (units["village"] * villages, units["linked_ig"] * linked, units["linked_atoll"] * atolls,
            units["kumara"] * kumara)


def board_units(state: GameState, player: int) -> int:
    """The VP of the player's board (board_parts) in whole units of 1/vp_scale."""
    return sum(board_parts(state, player))


def vp_parts(state: GameState, player: int, penalty: int = 0) -> tuple[int, ...]:
    """The player's VP by source (SOURCES) in units of 1/vp_scale, as the track shows them (V1): the board's, the
    face-up cards' with their bonuses, less `penalty` VP of Deforestation (V4)."""
    cards = card_vp(state, player) + vp_bonus(state, player)
    return (*board_parts(state, player), cards * state.rules.vp_scale, -penalty * state.rules.vp_scale)


def total_vp(state: GameState, player: int, board: int, include_hidden: bool) -> Fraction:
    """The board's units (board_units) and the cards' VP, as one exact number."""
    return _fraction(total_units(state, player, board, include_hidden), state.rules.vp_scale)


def total_units(state: GameState, player: int, board: int, include_hidden: bool) -> int:
    """The board's units and the cards' VP, in units of 1/vp_scale."""
    cards = card_vp(state, player, include_hidden) + vp_bonus(state, player, include_hidden)
    return board + cards * state.rules.vp_scale


@lru_cache(maxsize=1024)
def _fraction(units: int, scale: int) -> Fraction:
    """Fractions are immutable, and a game's VP take few values."""
    return Fraction(units, scale)


def threshold(state: GameState) -> int:
    """The VP a claim needs (rule V3; the agreed target of rule A6 when that option is on)."""
    target = state.options.get("variable_game_end")
    return int(target) if target else state.rules.threshold(state.players)


def tie_rank(state: GameState, player: int) -> tuple[int, int]:
    """T2: among tied players, the one who now controls the first island group of the list Tonga, Raiatea,
    Hiva, Samoa comes first. X2: tied players who control none of them come after, in the order of their
    starting homes in the same list."""
    ties = state.rules.turn_order_ties
    held = next((i for i, name in enumerate(ties) if controls_named(state, player, (name,))), len(ties))
    name = state.names[player]
    return held, ties.index(name) if name in ties else len(ties)


def lowest(state: GameState) -> list[int]:
    """Players with the lowest VP on the track, in the tie order (T2: the turn-order marker; A7: the event's
    drawer). A query on the track, here so that turn_order and random_events both import it from below."""
    low = min(state.vp_track)
    return sorted((p for p in range(state.players) if state.vp_track[p] == low), key=lambda p: tie_rank(state, p))


def begin(state: GameState) -> list[Event]:
    """Start of the Victory step: every player's VP is recounted and the track updated (rule V1), with each
    source's part of them."""
    events = []
    parts = [vp_parts(state, p) for p in range(state.players)]
    for p, mine in enumerate(parts):
        now = _fraction(sum(mine), state.rules.vp_scale)
        if now != state.vp_track[p]:
            events.append(event("vp_changed", player=state.names[p], old=str(state.vp_track[p]), new=str(now)))
        if now != state.vp_track[p] or mine != state.vp_parts[p]:
            changes.mark_vp(state, p, now, mine)
    return events + begin_player(state, [sum(mine[:BOARD]) for mine in parts])


def start_track(state: GameState) -> None:
    """The track and its parts as counted when a game begins (S5: 3 VP each in a new game)."""
    for p in range(state.players):
        parts = vp_parts(state, p)
        changes.mark_vp(state, p, _fraction(sum(parts), state.rules.vp_scale), parts)


def can_claim(state: GameState, player: int, board: int | None = None) -> bool:
    """A claim succeeds when the VP with all the player's cards revealed reach the threshold (rule V3).
    `board`: the player's board_units, when just counted."""
    board = board_units(state, player) if board is None else board
    return total_units(state, player, board, True) >= threshold(state) * state.rules.vp_scale


def may_claim(state: GameState, player: int, board: int | None = None) -> bool:
    """X33: whether, for all anyone else knows, the player could claim: their VP with the cards they have
    shown, plus the most the cards hidden in their hand could add (cards.hidden_vp_bound), reach the threshold."""
    board = board_units(state, player) if board is None else board
    units = total_units(state, player, board, False) + hidden_vp_bound(state, player) * state.rules.vp_scale
    return units >= threshold(state) * state.rules.vp_scale


def begin_player(state: GameState, board: list[int] | None = None) -> list[Event]:
    """Ask the next player in turn order who may claim, on public facts (X33); skip those who cannot (rule V3).
    A player asked may pass even with enough VP: only a claim ends the game (X34). `board`: every player's
    board_units, when the step has just counted them."""
    while state.active < len(state.order):
        player = state.order[state.active]
        if may_claim(state, player, board[player] if board else None):
            changes.set_actor(state, player)
            return []
        changes.skip_in_order(state)
    return flow.end_of_turn(state)


class Claim:
    """A claim waiting for the other players' answer: Deforestation may cut the claimant's VP (V4)."""

    __slots__ = ("claimant", "penalty", "asked")

    def __init__(self, claimant: int):
        self.claimant, self.penalty, self.asked = claimant, 0, 0

    def clone(self) -> Claim:
        c = Claim(self.claimant)
        c.penalty, c.asked = self.penalty, self.asked
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"claimant": self.claimant, "penalty": self.penalty, "asked": self.asked}


def decision(state: GameState) -> Decision:
    """The step as the view's decision: a player asked to claim (V3), or another asked to answer a claim with
    Deforestation (V4); both asked on public facts (X33)."""
    if isinstance(state.sub, Claim):
        return {"kind": "deforestation", "stage": "answer", "rule": "V4", "window": "deforestation",
                "claimant": state.names[state.sub.claimant]}
    return {"kind": "claim", "stage": "claim", "rule": "V3"}


def over(state: GameState) -> Decision:
    """The game is over: nothing is decided any more; V5 named the winners (none, one, or a shared victory)."""
    return {"kind": "over", "stage": "over", "rule": "V5", "winners": [state.names[p] for p in state.winners]}


def legal(state: GameState) -> list[Action]:
    if isinstance(state.sub, Claim):
        keys = [state.rules.cards[c].key for c in usable_one_time(state, state.actor, "claim")]
        return [act("use", key) for key in keys] + [act("decline")]
    return [act("claim"), act("pass")] if can_claim(state, state.actor) else [act("pass")]


def perform(state: GameState, action: Action) -> list[Event]:
    player = state.actor
    if action.verb == "pass":
        changes.skip_in_order(state)
        return begin_player(state)
    if action.verb == "claim":
        events = reveal_vp_cards(state, player)
        claim = Claim(player)
        changes.claim_victory(state, player, claim)
        return events + [event("victory_claimed", player=state.names[player])] + ask_next(state, claim)
    claim = cast(Claim, state.sub)
    claim.asked += 1
    if action.verb == "decline":
        return ask_next(state, claim)
    card = state.rules.card_id(action.args[0])
    claim.penalty += deforestation_penalty(state, card)
    return spend(state, player, card) + ask_next(state, claim)


def ask_next(state: GameState, claim: Claim) -> list[Event]:
    """V4: the other players, in turn order, may answer a claim with Deforestation; a player is asked when they
    might hold it (X33)."""
    others = [p for p in state.order if p != claim.claimant]
    while claim.asked < len(others):
        if window_open(state, others[claim.asked], "deforestation"):
            changes.set_actor(state, others[claim.asked])
            return []
        claim.asked += 1
    return settle_claim(state, claim)


def settle_claim(state: GameState, claim: Claim) -> list[Event]:
    """V4: if anybody has enough VP the game ends; otherwise play goes on."""
    target = threshold(state)
    totals = [vp(state, p, include_hidden=True) - (claim.penalty if p == claim.claimant else 0)
              for p in range(state.players)]
    if any(total >= target for total in totals):
        return finish(state, penalty={claim.claimant: claim.penalty})
    changes.drop_claim(state, claim.claimant)
    return [event("claim_failed", player=state.names[claim.claimant], vp=str(totals[claim.claimant]))] \
        + begin_player(state)


def reveal_vp_cards(state: GameState, player: int) -> list[Event]:
    """To claim, a player reveals every card that gives VP (rule V3)."""
    cards = state.rules.cards
    shown = [c for c in state.hand[player] if cards[c].vp > 0]
    for card in shown:
        changes.turn_card_up(state, player, card)
    return [event("card_revealed", player=state.names[player], card=cards[c].key) for c in shown]


def finish(state: GameState, penalty: dict[int, int] | None = None) -> list[Event]:
    """The game ends: all cards are revealed, VP counted (less Deforestation), the winner found (V4, V5)."""
    events: list[Event] = []
    cards = state.rules.cards
    for p in range(state.players):
        events += [event("card_revealed", player=state.names[p], card=cards[c].key) for c in state.hand[p]]
        for card in state.hand[p][:]:
            changes.turn_card_up(state, p, card)
        parts = vp_parts(state, p, (penalty or {}).get(p, 0))
        changes.mark_vp(state, p, _fraction(sum(parts), state.rules.vp_scale), parts)
    changes.set_winners(state, tuple(winners_by_v5(state)))
    flow.game_over(state)
    events.append(event("game_over", winners=[state.names[p] for p in state.winners],
                        vp={state.names[p]: str(state.vp_track[p]) for p in range(state.players)}))
    return events


def winners_by_v5(state: GameState) -> list[int]:
    """Players over the threshold; most VP, then most controlled IGs, then most cards (rule V5).

    Ruling X11: a tie that V5 does not break is a shared victory (engine.winner returns None).
    """
    over = [p for p in range(state.players) if state.vp_track[p] >= threshold(state)]
    if not over:
        return []

    def rank(p: int) -> tuple[Fraction, int, int]:
        return (state.vp_track[p], len(state.controlled(p)), len(state.shown[p]) + len(state.hand[p]))

    best = max(rank(p) for p in over)
    return [p for p in over if rank(p) == best]


STEP = VICTORY
