"""Ruling X9: what the rules hide from a player never reaches that player's view.

Property: two states that differ only in what player P cannot know give P identical observe() output, while
the player who does know sees the difference (so the test would catch a leak, not just pass vacuously).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import engine
from engine import undo
from engine.building import Building
from engine.exploration import tile_in_hand
from engine.hidden import determinise, redeal
from engine.invariants import violations
from engine.movement import Movement
from engine.state import BAND, RUMOR, TRANSPORT, UNBUILT

from .helpers import do, legal, play_random

BASE = {
    "players": ["Tonga", "Samoa", "Hiva"],
    "ocean": ["0805"],
    "tiles": [{"hex": "1005", "tile": "Hawaii", "face_up": False, "discovered_by": ["Samoa"]},
              {"hex": "0905", "tile": "Tahiti", "face_up": False, "discovered_by": ["Samoa", "Hiva"]}],
    "cards": {"Samoa": {"hand": ["moai", "poi"]}, "Hiva": {"hand": ["pa"], "shown": ["surfing"]}},
    "pieces": {"Samoa": [{"hex": "Samoa", "warrior_band": 2, "transport_canoe": 1, "face_up_canoe": True},
                         {"hex": "0805", "war_canoe": 1, "rumor": 1}]},
}


def hide_differently(state: engine.GameState, rules, pick: int) -> engine.GameState:
    """A copy where what Tonga cannot know is changed: Samoa's hand, the face-down tiles Tonga has not
    discovered, the kinds in Samoa's face-down stack at sea, the order of the piles and the random streams."""
    other = state.clone()
    tonga, samoa = other.names.index("Tonga"), other.names.index("Samoa")
    # A card of Samoa's hand swaps with one from the deck.
    if other.hand[samoa]:
        i, j = pick % len(other.hand[samoa]), pick % len(other.deck)
        other.hand[samoa][i], other.deck[j] = other.deck[j], other.hand[samoa][i]
    # Every face-down tile Tonga has not discovered swaps with a tile of the stack.
    looking_at = tile_in_hand(other, tonga)
    for h, t in enumerate(other.tile):
        if (t >= 0 and not other.tile_up[h] and not other.discovered[h] >> tonga & 1 and h != looking_at
                and other.stack):
            k = (pick + h) % len(other.stack)
            other.tile[h], other.stack[k] = other.stack[k], other.tile[h]
    # Samoa's stack at sea: its rumor and a warrior band of another stack change places (heights stay, and so
    # does the public count of each kind).
    rumors = [p for p in other.pieces_of(samoa, RUMOR) if other.piece_hex[p] >= 0]
    bands = [p for p in other.pieces_of(samoa, BAND) if other.piece_hex[p] >= 0]
    pairs = [(r, b) for r in rumors for b in bands if other.piece_hex[r] != other.piece_hex[b]]
    if pairs:
        r, b = pairs[0]
        other.piece_hex[r], other.piece_hex[b] = other.piece_hex[b], other.piece_hex[r]
    other.stack.reverse()
    other.streams = [(x * 6364136223846793005 + pick) % (1 << 64) for x in other.streams]
    return other


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 5000), steps=st.integers(0, 60), pick=st.integers(0, 1000))
def test_X9_views_identical_where_tonga_cannot_know(rules, seed, steps, pick):
    s = play_random(engine.load_scenario(rules, {**BASE, "seed": seed}), steps, seed)
    other = hide_differently(s, rules, pick)
    assert engine.observe(s, "Tonga") == engine.observe(other, "Tonga")
    assert engine.state_hash(s) != engine.state_hash(other)


def test_X9_the_knowing_player_sees_the_difference(rules):
    s = engine.load_scenario(rules, BASE)
    other = hide_differently(s, rules, pick=3)
    assert engine.observe(s, "Samoa") != engine.observe(other, "Samoa")


def test_X9_others_see_stack_height_and_face_up_canoe_only(rules):
    s = engine.load_scenario(rules, BASE)
    tonga = {r["hex"]: r for r in engine.observe(s, "Tonga")["hexes"]}
    samoa = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}
    assert tonga["0806"]["stacks"]["Samoa"] == {"pieces": 3, "face_up_canoe": True}
    assert samoa["0806"]["stacks"]["Samoa"]["kinds"] == {"transport_canoe": 1, "warrior_band": 2}
    assert tonga["0805"]["stacks"]["Samoa"] == {"pieces": 2, "face_up_canoe": False}
    assert tonga["0905"]["tile"] is None and tonga["0905"]["discovered_by"] == ["Samoa", "Hiva"]
    assert engine.observe(s, "Hiva")["hexes"] and {r["hex"]: r for r in engine.observe(s, "Hiva")["hexes"]}[
        "0905"]["tile"] == "Tahiti"
    view = engine.observe(s, "Tonga")
    assert view["hand"] == [] and [p["cards_in_hand"] for p in view["players"]] == [0, 2, 1]
    assert view["players"][2]["cards_shown"] == ["surfing"]
    text = repr(view)
    for secret in ("moai", "poi", "'pa'", "Hawaii", "stream"):
        assert secret not in text
    assert "rumor" not in repr(view["hexes"]), "the supply is public; what stands in a stack is not"


def test_X9_log_events_are_filtered_per_player(rules):
    s = engine.new_game(rules, 2, seed=1)
    secret = engine.state.event("card_drawn", frozenset({0}), card="moai")
    s.add_log([secret])
    assert any(e["kind"] == "card_drawn" for e in engine.observe(s, s.names[0])["log"])
    assert not any(e["kind"] == "card_drawn" for e in engine.observe(s, s.names[1])["log"])


# --- X33: twin positions stay identical for a player along the same moves ---------------------------------------

# Events that show a player something hidden by design: a battle's stacks (M8.1) and that a battle comes at
# all (X16: wherever the mover's war canoes stand beside enemies, so an Arioi window's `battle_announced` tells
# that a war canoe is there, as the battle would), a war canoe that stops a mover (M4.4), a card (B4, V3, V4),
# a tile (E4.2, E6.1, E6.5), the player's own draw from a pile, a revealed event (A7), what a typhoon sank (X28).
# Twins may part where one of these shows a difference; until then everything the player sees is the same. The
# list is the one undo stops at (X42), with the draws.
REVEALS = undo.REVEALS | {"card_drawn", "tile_drawn", "event_drawn", "pieces_sunk", "game_over"}   # draws


def swap_stack_kinds(state: engine.GameState, player: int, rnd: random.Random) -> None:
    """Change what `player` cannot see in the other players' face-down stacks and unbuilt piles: two pieces of
    different kinds swap places, so every stack and pile keeps its height and every kind its count (others see
    only the supply's height, X33). Only where
    nothing in progress names the pieces (no battle, not the owner's own movement or building) and no garrison
    depends on them."""
    sub = state.sub
    if isinstance(sub, Building) or (isinstance(sub, Movement) and sub.battle is not None):
        return
    for owner in range(state.players):
        if owner == player or (isinstance(sub, Movement) and sub.player == owner):
            continue
        lo, hi = state.piece_span[owner]
        where = state.piece_hex
        placed = [p for p in range(lo, hi) if state.piece_kind[p] != TRANSPORT and (
            (where[p] >= 0 and not state.piece_up[p] and state.must_hold[where[p]] != owner) or where[p] == UNBUILT)]
        for _ in range(3):
            if len(placed) < 2:
                break
            a, b = rnd.sample(placed, 2)
            if state.piece_kind[a] != state.piece_kind[b] and state.piece_hex[a] != state.piece_hex[b]:
                state.piece_hex[a], state.piece_hex[b] = state.piece_hex[b], state.piece_hex[a]
    state.memo = None


def follow(s: engine.GameState, t: engine.GameState, viewer: int | None, rnd: random.Random, steps: int,
           reveals: frozenset[str] = REVEALS) -> int:
    """Play the same moves in both twins (an action legal in both; the same chance outcome where both piles
    allow it) and check that `viewer` sees the same view and the same events, until an event that shows
    something hidden by design differs. `viewer` None follows the public view. Returns how many actions were
    compared."""
    name = None if viewer is None else s.names[viewer]
    for done in range(steps):
        assert engine.observe(s, name, log=False) == engine.observe(t, name, log=False), f"after {done} actions"
        who = engine.current_player(s)
        if who is None:
            return done
        if who == engine.CHANCE:
            events_s = engine.resolve_chance(s)
            drawn = s.actions_done()[-1][0]
            if drawn in [a for a, _ in engine.chance_outcomes_omniscient(t)]:
                events_t = engine.apply(t, drawn)
            else:
                events_t = engine.resolve_chance(t)
        else:
            in_t = set(engine.legal_actions(t))
            common = [a for a in engine.legal_actions(s) if a in in_t]
            assert common, f"{who} has no action in common in the twins: their choices tell their secrets"
            action = common[rnd.randrange(len(common))]
            events_s, events_t = engine.apply(s, action), engine.apply(t, action)
        seen_s = [e for e in events_s if e.seen_by(viewer)]
        seen_t = [e for e in events_t if e.seen_by(viewer)]
        if seen_s != seen_t:
            assert any(e.kind in reveals for e in seen_s + seen_t), \
                f"{name} saw {seen_s} in one twin and {seen_t} in the other"
            return done + 1
    return steps


def twins_from(rules, seed: int, prefix: int, options: dict) -> list[tuple[engine.GameState, int, random.Random]]:
    """A random game's position, with a few more cards dealt into hands from the deck (as if bought) so that card
    windows come up often, and for each player a twin that differs only in what that player cannot know."""
    s = play_random(engine.new_game(rules, 2 + seed % 3, seed, options), prefix, seed)
    deal = random.Random(seed)
    for p in range(s.players):
        for _ in range(deal.randrange(4)):
            if len(s.deck) > s.players:          # cards already paid for are still drawn from the deck
                s.hand[p].append(s.deck.pop(deal.randrange(len(s.deck))))
    s.memo = None
    out = []
    for viewer in range(s.players):
        rnd = random.Random(seed * 10 + viewer)
        t = redeal(s, viewer, seed + viewer)
        swap_stack_kinds(t, viewer, rnd)
        out.append((s.clone(), t, viewer, rnd))
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), prefix=st.integers(0, 3000), full=st.booleans())
@example(seed=1306, prefix=1306, full=False)    # Arioi calls Samoa's attack off: the defender's stack stays hidden
def test_X9_X33_twins_look_the_same_to_each_player_along_the_same_moves(rules, seed, prefix, full):
    options = dict.fromkeys(("malaria", "kumara", "random_events", "saved_resources"), True) if full else {}
    for s, t, viewer, rnd in twins_from(rules, seed, prefix, options):
        follow(s, t, viewer, rnd, 250)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), prefix=st.integers(0, 3000), full=st.booleans())
@example(seed=555, prefix=1190, full=False)     # a garrison (M10) whose real piece is a war canoe or a band
def test_X38_twins_give_a_search_bot_the_same_re_dealt_position(rules, seed, prefix, full):
    """What the Hard bot searches on (hidden.determinise) depends only on what its player can know: at any point
    of a random game, the twins give the same position for the same seed, and a sound one."""
    options = dict.fromkeys(("malaria", "kumara", "random_events", "saved_resources"), True) if full else {}
    for s, t, viewer, _ in twins_from(rules, seed, prefix, options):
        if isinstance(s.sub, Building):            # refused there: the secret builds are in the state (X8)
            with pytest.raises(ValueError):
                determinise(s, viewer, seed)
            continue
        dealt = determinise(s, viewer, seed)
        assert engine.state_hash(dealt) == engine.state_hash(determinise(t, viewer, seed))
        assert engine.observe(dealt, s.names[viewer], log=False) == {
            **engine.observe(s, s.names[viewer], log=False), "log_size": 0}
        assert violations(dealt) == []


def test_X33_a_hidden_card_opens_no_window_of_its_own(rules):
    """Samoa holds Arioi and Feather Cloak in one twin, two plain cards in the other: Tonga, attacking, sees the
    same battle either way, window for window."""
    sc = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906"],
          "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                     "Samoa": [{"hex": "0906", "war_canoe": 1, "warrior_band": 1}]}}
    armed = engine.load_scenario(rules, {**sc, "cards": {"Samoa": {"hand": ["arioi", "feather_cloak"]}}})
    plain = engine.load_scenario(rules, {**sc, "cards": {"Samoa": {"hand": ["moai", "surfing"]}}})
    for s in (armed, plain):
        do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
    assert engine.current_player(armed) == engine.current_player(plain) == "Samoa"
    assert "use arioi" in legal(armed) and "use arioi" not in legal(plain)
    decisions = [engine.observe(s, "Tonga", log=False)["decision"] for s in (armed, plain)]
    assert decisions[0] == decisions[1] and decisions[0]["window"] == "cancel_attack", "open on what Samoa may hide"
    compared = follow(armed, plain, 0, random.Random(1), 60)
    assert compared > 3 and engine.current_player(armed) == "Samoa", "the battle was followed to its end"


def test_X33_no_window_when_nothing_could_be_hidden(rules):
    sc = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906"],
          "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                     "Samoa": [{"hex": "0906", "war_canoe": 1, "warrior_band": 1}]}}
    s = engine.load_scenario(rules, sc)
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
    assert engine.current_player(s) == engine.CHANCE, "empty hands: straight to the die"
    # Every copy of Arioi and Cannibalism face up on the table (Pa counts only on an IG): an empty window before the
    # rows form would tell nothing, so none opens.
    s = engine.load_scenario(rules, {**sc, "cards": {"Tonga": {"shown": ["arioi", "cannibalism"]},
                                                     "Samoa": {"hand": ["moai"]}}})
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["roll", "show moai"], \
        "no Arioi can hide in Samoa's hand; the modifier window still opens (Feather Cloak might)"


def test_X33_the_victory_step_asks_on_public_facts(rules):
    """Two twins differ only in Tonga's hidden card (Moai, 3 VP, or Surfing, 1 VP): Samoa sees Tonga asked in
    both, though only one Tonga can claim."""
    base = {"players": ["Tonga", "Samoa"], "step": "victory", "options": {"variable_game_end": 8},
            "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga"}]}
    # Tonga: 4 villages + home = 5 VP; with Moai 8 (the target), with Surfing 6.
    rich = engine.load_scenario(rules, {**base, "cards": {"Tonga": {"hand": ["moai"]}}})
    poor = engine.load_scenario(rules, {**base, "cards": {"Tonga": {"hand": ["surfing"]}}})
    assert engine.current_player(rich) == engine.current_player(poor) == "Tonga"
    assert "claim" in legal(rich) and "claim" not in legal(poor)
    assert engine.observe(rich, "Samoa") == engine.observe(poor, "Samoa")
    assert engine.observe(poor, "Samoa")["decision"]["kind"] == "claim", "asked to claim, whatever the hand holds"
    empty = engine.load_scenario(rules, base)
    assert engine.observe(empty, "Samoa")["step"] == "turn_order", "no hidden card: nobody could claim"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), prefix=st.integers(0, 3000))
def test_X9_the_public_view_stays_the_same_whatever_anyone_hides(rules, seed, prefix):
    """The public view (observe for no player) is what every player sees: twins that differ in any one player's
    secrets look the same in it, move for move."""
    for s, t, _viewer, rnd in twins_from(rules, seed, prefix, {}):
        follow(s, t, None, rnd, 150)


BUILD_VERBS = frozenset({"build", "convert", "raise", "buy", "rotate", "use", "play", "save_bp", "settle"})


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 3), plans=st.lists(st.integers(0, 10 ** 6), max_size=8))
def test_B1_2_X40_twins_that_differ_in_an_earlier_secret_build_look_the_same(rules, seed, turns, plans):
    """At a random Building step, the first builder plans nothing in one twin and random secret builds in the
    other. Every later builder, and the public view, then read the same view, log and log size (X8, X40)."""
    s = engine.new_game(rules, 2 + seed % 3, seed)
    play_random(s, 4000, seed, stop=lambda st: isinstance(st.sub, Building) and st.sub.phase == "build"
                and st.active == 0 and st.turn > turns)
    if not isinstance(s.sub, Building):
        return
    t = s.clone()
    do(s, "end")
    for choice in plans:
        mine = [a for a in engine.legal_actions(t) if a.verb in BUILD_VERBS]
        if not mine:
            break
        engine.apply(t, mine[choice % len(mine)])
    do(t, "end")
    for name in [*(t.names[p] for p in t.order[1:]), None]:
        assert engine.observe(s, name) == engine.observe(t, name), name
        size = engine.observe(s, name)["log_size"]
        assert engine.events_since(s, name, max(0, size - 3)) == engine.events_since(t, name, max(0, size - 3))
