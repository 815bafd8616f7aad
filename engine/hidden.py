"""Re-dealing what a player cannot know (ruling X9): the basis of the hidden-information property test and of
search bots that sample the unknowns (determinisation).

A re-deal keeps everything the player has seen and changes only what is hidden from them: other players'
cards and kept events (against the decks), face-down tiles the player has not discovered (against the tile
stack), the kinds of other players' pieces (a piece on the map and an unbuilt piece of another kind swap places,
so every stack keeps its height), the order of the piles and the random streams.
"""
from __future__ import annotations

from . import rng
from .exploration import tile_in_hand
from .state import TRANSPORT, UNBUILT, GameState


def redeal(state: GameState, player: int, seed: int) -> GameState:
    """A copy of the state that `player` cannot tell apart from it."""
    other = state.clone()
    streams = [rng.derive(seed, "redeal")]

    def pick(n: int) -> int:
        return rng.below(streams, 0, n)
    for p in range(other.players):
        if p == player:
            continue
        for i in range(len(other.hand[p])):            # A&C cards in hand swap with the deck
            if other.deck:
                j = pick(len(other.deck))
                other.hand[p][i], other.deck[j] = other.deck[j], other.hand[p][i]
        held, deck = other.adv.events_held[p], other.adv.event_deck
        for i in range(len(held)):                      # kept events swap with the event deck
            if deck:
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


def _swap_kinds(state: GameState, owner: int, pick) -> None:
    """Swap a face-down piece on the map with an unbuilt one of another kind (heights stay, kinds change).

    Only when nothing else depends on the kind: no step in progress and no face-up canoe involved."""
    if state.sub is not None:
        return
    lo, hi = state.piece_span[owner]
    placed = [pid for pid in range(lo, hi) if state.piece_hex[pid] >= 0 and not state.piece_up[pid]
              and state.piece_kind[pid] != TRANSPORT]
    spare = [pid for pid in range(lo, hi) if state.piece_hex[pid] == UNBUILT]
    if placed and spare:
        a, b = placed[pick(len(placed))], spare[pick(len(spare))]
        if state.piece_kind[a] != state.piece_kind[b] and state.piece_kind[b] != TRANSPORT:
            state.piece_hex[a], state.piece_hex[b] = UNBUILT, state.piece_hex[a]
