"""Re-dealing what a player cannot know (ruling X9): the basis of the hidden-information property test and of
search bots that sample the unknowns (determinisation).

A re-deal keeps everything the player has seen and changes only what is hidden from them: other players'
cards and kept events (against the decks), face-down tiles the player has not discovered (against the tile
stack), the kinds of other players' pieces (two face-down pieces of different kinds swap stacks, so every stack
keeps its height and every kind its count), the order of the piles and the random streams.
"""
from __future__ import annotations

from . import rng
from .building import Building
from .exploration import tile_in_hand
from .state import TRANSPORT, GameState


def redeal(state: GameState, player: int, seed: int) -> GameState:
    """A copy of the state that `player` cannot tell apart from it."""
    other = state.clone()
    streams = [rng.derive(seed, "redeal")]

    def pick(n: int) -> int:
        return rng.below(streams, 0, n)
    for p in range(other.players):
        if p == player:
            continue
        cards, events = committed(other, p)
        for i in range(len(other.hand[p])):            # A&C cards in hand swap with the deck
            if other.deck and other.hand[p][i] not in cards:
                j = pick(len(other.deck))
                other.hand[p][i], other.deck[j] = other.deck[j], other.hand[p][i]
        held, deck = other.adv.events_held[p], other.adv.event_deck
        for i in range(len(held)):                      # kept events swap with the event deck
            if deck and held[i] not in events:
                j = pick(len(deck))
                held[i], deck[j] = deck[j], held[i]
        _swap_kinds(other, p, pick)
    looking_at = tile_in_hand(other, player)
    for h, t in enumerate(other.tile):
        if (t >= 0 and not other.tile_up[h] and not other.discovered[h] >> player & 1 and h != looking_at
                and other.stack):
            j = pick(len(other.stack))
            other.tile[h], other.stack[j] = other.stack[j], other.tile[h]
    other.streams = [rng.derive(seed, f"stream{i}") for i in range(len(other.streams))]
    other.memo = None
    return other


def committed(state: GameState, player: int) -> tuple[list[int], list[int]]:
    """Cards and kept events the player has already used in the secret builds in progress (X8, X26): they are
    spent when the builds are revealed, so they stay where they are."""
    sub = state.sub
    if isinstance(sub, Building):
        return sub.uses[player], sub.plays[player]
    return [], []


def _swap_kinds(state: GameState, owner: int, pick) -> None:
    """Swap two face-down pieces of different kinds between two of the owner's stacks: heights stay, and so do
    the counts of each kind on the map and in the supply (public, as the unbuilt pieces lie on the table); the
    kinds inside the stacks change. Only when nothing else depends on the kind: no step in progress and no
    face-up canoe involved."""
    if state.sub is not None:
        return
    lo, hi = state.piece_span[owner]
    placed = [pid for pid in range(lo, hi) if state.piece_hex[pid] >= 0 and not state.piece_up[pid]
              and state.piece_kind[pid] != TRANSPORT]
    if len(placed) > 1:
        a, b = placed[pick(len(placed))], placed[pick(len(placed))]
        if state.piece_kind[a] != state.piece_kind[b] and state.piece_hex[a] != state.piece_hex[b]:
            state.piece_hex[a], state.piece_hex[b] = state.piece_hex[b], state.piece_hex[a]
