"""Arts & Culture cards (rules C6, B4, V1, V4, ruling X6): what each card's effect does, as small hooks.

Cards are data (config/cards.yaml). A card's VP and its red (permanent) power count only while it is face
up; a blue (one-time) power is used once, which turns the card face up and marks it spent (state.spent).
Steps ask the hooks below; `usable_one_time` lists the cards a player may use in a given window.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from . import changes
from .state import Event, GameState, event

# Which window each one-time (blue) effect is used in.
ONE_TIME_WINDOWS = {"free_build_points": "building", "free_piece": "building", "ignore_knots": "exploration",
                    "cancel_attack": "attacked", "deforestation": "claim"}
WINDOW_EFFECTS = {window: frozenset(e for e, w in ONE_TIME_WINDOWS.items() if w == window)
                  for window in set(ONE_TIME_WINDOWS.values())}


def face_up_effects(state: GameState, player: int, effect_id: str) -> Iterator[Mapping[str, Any]]:
    """The effects with this id on the player's face-up cards (a card's power works only face up, B4)."""
    holders = state.rules.effect_cards.get(effect_id, ())
    for card in state.shown[player]:
        if card in holders:
            yield from effects_of(state, card, effect_id)


def effects_of(state: GameState, card: int, effect_id: str) -> list[Mapping[str, Any]]:
    """The card's effects with this id (the hooks ask for every card a player holds, most have none)."""
    kind = state.rules.cards[card]
    return [e for e in kind.effects if e["id"] == effect_id] if effect_id in kind.effect_ids else []


def usable_one_time(state: GameState, player: int, window: str) -> list[int]:
    """Cards in hand or face up, not yet spent, whose one-time power belongs to this window (one per kind)."""
    wanted, cards, spent = WINDOW_EFFECTS[window], state.rules.cards, state.spent[player]
    return sorted({card for card in state.hand[player] + state.shown[player]
                   if card not in spent and not wanted.isdisjoint(cards[card].effect_ids)})


# --- windows on public facts (X9, X33) --------------------------------------------------------------------------

def may_hide(state: GameState, player: int, effect_id: str, side: str | None = None) -> bool:
    """Whether, for all anyone else knows, the player's hidden hand could hold a card with this effect (for this
    battle side): their hand is not empty and not every copy of such a card lies face up on the table. A window
    opened on this alone looks the same whatever the player really holds (X33)."""
    if not state.hand[player]:
        return False
    kinds = [c for c in state.rules.effect_cards.get(effect_id, ())
             if side is None or any(e["side"] in (side, "any") for e in effects_of(state, c, effect_id))]
    copies = sum(state.rules.cards[c].count for c in kinds)
    face_up = sum(shown.count(c) for shown in state.shown for c in kinds)
    return copies > face_up


def window_open(state: GameState, player: int, effect_id: str, side: str | None = None,
                used: tuple[int, ...] | list[int] = ()) -> bool:
    """X33: a window opens for a player who has a usable face-up card with this effect, or who may hide one."""
    for card in state.shown[player]:
        if card in used or card in state.spent[player]:
            continue
        if any(side is None or e["side"] in (side, "any") for e in effects_of(state, card, effect_id)):
            return True
    return may_hide(state, player, effect_id, side)


def hidden_vp_bound(state: GameState, player: int) -> int:
    """The most VP the cards hidden in the player's hand could add, judging by public facts only: the best
    values among the copies not face up on the table, one per card in the hand (X33)."""
    n = len(state.hand[player])
    if not n:
        return 0
    values: list[int] = []
    for card in state.rules.cards:
        hidden = card.count - sum(shown.count(card.id) for shown in state.shown)
        bonus = sum(e["vp"] for e in effects_of(state, card.id, "vp_if_control")
                    if controls_named(state, player, e["igs"]))
        values += [card.vp + bonus] * hidden
    return sum(sorted(values, reverse=True)[:n])


def show_card(state: GameState, player: int, card: int) -> list[Event]:
    """B4: a card is revealed whenever its owner likes and stays face up."""
    changes.turn_card_up(state, player, card)
    return [event("card_revealed", player=state.names[player], card=state.rules.cards[card].key)]


def spend(state: GameState, player: int, card: int) -> list[Event]:
    """A one-time power is used: the card turns face up (if hidden) and is marked spent."""
    events = show_card(state, player, card) if card in state.hand[player] else []
    changes.mark_spent(state, player, card)
    return events + [event("card_used", player=state.names[player], card=state.rules.cards[card].key)]


# --- victory points (V1) ---------------------------------------------------------------------------------------

def controls_named(state: GameState, player: int, names: tuple[str, ...] | list[str]) -> bool:
    """Whether the player controls one of the named island groups (printed names or tile names)."""
    controlled = state.controlled(player)
    return any(state.ig_name(h) in names for h in controlled)   # a tile's name, or a printed IG's


def vp_bonus(state: GameState, player: int, include_hidden: bool = False) -> int:
    """Hula Dancing, Hui, Rongo-rongo: extra VP while face up and the named IG is controlled."""
    holders = state.rules.effect_cards.get("vp_if_control", ())
    cards = [c for c in state.shown[player] + (state.hand[player] if include_hidden else []) if c in holders]
    return sum(e["vp"] for card in cards for e in effects_of(state, card, "vp_if_control")
               if controls_named(state, player, e["igs"]))


# --- movement and battle (M4, M8) ------------------------------------------------------------------------------

def canoe_moves_bonus(state: GameState, player: int) -> int:
    """Poi: the player's canoes move this many hexes instead of the usual allowance (0: no such card)."""
    return max((e["moves"] for e in face_up_effects(state, player, "canoe_moves")), default=0)


def extra_local_warriors(state: GameState, player: int) -> int:
    """Pa: local warriors added when defending a controlled IG (each copy face up counts, X24)."""
    return sum(e["count"] for e in face_up_effects(state, player, "extra_local_warriors"))


def eliminates_retreating_bands(state: GameState, player: int) -> bool:
    """Cannibalism: after a battle this player wins, the loser's retreating warrior bands are removed."""
    return any(True for _ in face_up_effects(state, player, "eliminate_retreating_bands"))


def battle_cards(state: GameState, player: int, side: str, effect_id: str) -> list[int]:
    """Cards in hand or face up with a battle effect for this side (attack or defend); B4: each may be used
    once in every battle, and using a hidden one reveals it."""
    out: list[int] = []
    for card in state.hand[player] + state.shown[player]:
        if card not in out and any(e["side"] in (side, "any") for e in effects_of(state, card, effect_id)):
            out.append(card)
    return sorted(out)


def modifier(state: GameState, card: int) -> int:
    return sum(e["delta"] for e in effects_of(state, card, "battle_modifier"))


# --- building (B1, B4) -----------------------------------------------------------------------------------------

def build_point_bonus(state: GameState, player: int) -> int:
    """Aquaculture: extra BP at home every Building step while face up."""
    return sum(e["bp"] for e in face_up_effects(state, player, "extra_build_point"))


def free_build_points(state: GameState, card: int) -> int:
    """Commerce: one-time BP, spent at home or chain-linked to home."""
    return sum(e["bp"] for e in effects_of(state, card, "free_build_points"))


def free_pieces(state: GameState, card: int) -> dict[str, int]:
    """Wood Carving, Luau, Kava Ceremony: one-time pieces placed on the home IG (within the counter mix)."""
    out: dict[str, int] = {}
    for e in effects_of(state, card, "free_piece"):
        out[e["piece"]] = out.get(e["piece"], 0) + e["count"]
    return out


# --- exploration (E5) and Kumara (A5) --------------------------------------------------------------------------

def knot_allowance(state: GameState, player: int) -> int:
    """Star Compass: the explorer's knot thresholds are raised by this many knots."""
    return sum(e["knots"] for e in face_up_effects(state, player, "knot_allowance"))


def ignored_knots(state: GameState, card: int) -> int:
    """Fishhooks: knots not counted in one exploration."""
    return sum(e["knots"] for e in effects_of(state, card, "ignore_knots"))


def kumara_modifier(state: GameState, player: int) -> int:
    """A5: +1 with at least one of Navigation, Poi, Double Hulled Canoes face up, never more from cards."""
    cap: int = state.rules.kumara["card_bonus"]
    return min(cap, max((e["delta"] for e in face_up_effects(state, player, "kumara_modifier")), default=0))


def kumara_lost_becomes_return(state: GameState, player: int) -> bool:
    """A5: Ocean Chart face up turns Lost into Return on the Kumara table."""
    return any(True for _ in face_up_effects(state, player, "kumara_lost_to_return"))


# --- victory claims (V4) ---------------------------------------------------------------------------------------

def deforestation_penalty(state: GameState, card: int) -> int:
    return sum(e["vp_penalty"] for e in effects_of(state, card, "deforestation"))
