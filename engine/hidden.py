"""Re-dealing what a player cannot know (ruling X9): `redeal` makes twins for the hidden-information property
test; `determinise` draws the positions the Hard bot searches on (X38).

A re-deal keeps everything the player has seen and changes only what is hidden from them: other players'
cards and kept events (against the decks), face-down tiles the player has not discovered (against the tile
stack), the kinds of other players' pieces (two face-down pieces of different kinds swap stacks, so every stack
keeps its height and every kind its count), the order of the piles and the random streams.
"""
from __future__ import annotations

from collections.abc import Callable

from . import rng
from .battle import CANCEL
from .board import garrison
from .building import Building
from .exploration import tile_in_hand
from .movement import Movement
from .state import TRANSPORT, UNBUILT, GameState, Journal


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


def _swap_kinds(state: GameState, owner: int, pick: Callable[[int], int]) -> None:
    """Swap two face-down pieces of different kinds between two of the owner's stacks or the unbuilt pile:
    heights stay, and so does each kind's count (the counter mix); the kinds inside the stacks and the pile
    change (others see only the pile's height, X33). Only when nothing else depends on the kind: no step in
    progress and no face-up canoe involved."""
    if state.sub is not None:
        return
    lo, hi = state.piece_span[owner]
    placed = [pid for pid in range(lo, hi) if ((state.piece_hex[pid] >= 0 and not state.piece_up[pid])
                                               or state.piece_hex[pid] == UNBUILT)
              and state.piece_kind[pid] != TRANSPORT]
    if len(placed) > 1:
        a, b = placed[pick(len(placed))], placed[pick(len(placed))]
        if state.piece_kind[a] != state.piece_kind[b] and state.piece_hex[a] != state.piece_hex[b]:
            state.piece_hex[a], state.piece_hex[b] = state.piece_hex[b], state.piece_hex[a]


def determinise(state: GameState, player: int, seed: int) -> GameState:
    """A state drawn from what `player` can know, for search bots (X9, X38): a function of the seed and of what
    the player knows (the view, and the public record the view leaves out: spent cards, the event discard,
    garrisons, the kinds of pieces out of the game, events in force, the cup). Unlike `redeal`, which starts from
    the truth and swaps some of it, this first pools every unknown (other players' cards and kept events with the
    decks, undiscovered face-down tiles and the face-down tiles A4 removed with the tile stack, the places of
    other players' face-down and unbuilt pieces) in a fixed order and then deals it out again with the seed's own
    stream, so two positions the player cannot tell apart give the same state for the same seed. Scenario queues and the
    random streams are replaced, the history and log left out (a search never needs them).

    ValueError during the Building step: the others' secret builds (B1.2, X8) are in the state and cannot be
    dealt again."""
    if isinstance(state.sub, Building):
        raise ValueError("a position cannot be re-dealt during the Building step: the secret builds are in it (X8)")
    s = state.clone()
    streams = [rng.derive(seed, "determinise")]

    def shuffled(items: list[int]) -> list[int]:
        items = sorted(items)
        for i in range(len(items) - 1, 0, -1):
            j = rng.below(streams, 0, i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    others = [p for p in range(s.players) if p != player]
    _deal(shuffled, s.deck, [(s.hand[p], committed(s, p)[0]) for p in others])
    _deal(shuffled, s.adv.event_deck, [(s.adv.events_held[p], committed(s, p)[1]) for p in others])
    looking_at = tile_in_hand(s, player)
    hidden_tiles = [h for h, t in enumerate(s.tile) if t >= 0 and not s.tile_up[h] and h != looking_at
                    and not s.discovered[h] >> player & 1]
    removed = s.adv.removed_tiles
    lost = [i for i, t in enumerate(removed) if not s.rules.tiles[t].aside]     # A4: face-down tiles it replaced
    pool = shuffled([s.tile[h] for h in hidden_tiles] + [removed[i] for i in lost] + s.stack)
    for h in hidden_tiles:
        s.tile[h] = pool.pop()
    for i in lost:
        removed[i] = pool.pop()
    s.stack = sorted(pool)
    s.deck.sort()
    s.adv.event_deck.sort()
    for p in others:
        pids = _hidden_pieces(s, p)
        hexes = sorted(s.piece_hex[pid] for pid in pids)
        for _ in range(PLACING_TRIES):
            for pid, h in zip(shuffled(pids), hexes):
                s.piece_hex[pid] = h
            if _garrisons_hold(s, p, set(hexes)):
                break
    s.seed = seed
    s.streams = [rng.derive(seed, f"stream{i}") for i in range(len(s.streams))]
    s.queued = {}
    s.history = Journal()
    s.clear_log()
    s.memo = None
    return s


def _deal(shuffled: Callable[[list[int]], list[int]], pile: list[int],
          hands: list[tuple[list[int], list[int]]]) -> None:
    """Pool a pile with the hidden part of each hand (what is not `kept`), then deal every hand its count back."""
    pool = list(pile)
    for hand, kept in hands:
        pool += [c for c in hand if c not in kept]
    pool = shuffled(pool)
    for hand, kept in hands:
        hand[:] = sorted([c for c in hand if c in kept] + [pool.pop() for c in hand if c not in kept])
    pile[:] = sorted(pool)


PLACING_TRIES = 200     # re-dealt places of face-down pieces, drawn until every garrison holds


def _garrisons_hold(state: GameState, owner: int, hexes: set[int]) -> bool:
    """What everyone knows of the owner's stacks whatever is inside: a conquered printed IG keeps a real piece
    (M10, X22; a rumor holds nothing). The truth always does; a re-deal is drawn again until it does too (only
    the owner's two rumors can break it, so a few draws do)."""
    return all(h < 0 or state.must_hold[h] != owner or garrison(state, h, owner) for h in hexes)


def _hidden_pieces(state: GameState, owner: int) -> list[int]:
    """The owner's face-down pieces on the map and unbuilt pieces, whose kinds others cannot see (X33) and no step
    in progress names: not the mover's pieces in a Movement step, nor those in a battle once it has started (M8.1
    reveals them; while Arioi may still call it off, or once it has, nothing is shown, X35)."""
    sub = state.sub
    fought: int | None = None            # the hex of a battle under way, whose pieces are revealed
    if isinstance(sub, Movement):
        if sub.player == owner:
            return []
        b = sub.battle
        if b is not None and b.phase != CANCEL and not b.cancelled:    # X26, X35: a battle called off shows nothing
            fought = b.hex
    lo, hi = state.piece_span[owner]
    where, up = state.piece_hex, state.piece_up
    return [pid for pid in range(lo, hi)
            if where[pid] == UNBUILT or (where[pid] >= 0 and not up[pid] and where[pid] != fought)]
