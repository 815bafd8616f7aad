"""Ruling X9: what the rules hide from a player never reaches that player's view.

Property: two states that differ only in what player P cannot know give P identical observe() output, while
the player who does know sees the difference (so the test would catch a leak, not just pass vacuously).
"""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

import engine
from engine.exploration import tile_in_hand
from engine.state import BAND, RUMOR, UNBUILT

from .helpers import play_random

BASE = {
    "players": ["Tonga", "Samoa", "Hiva"],
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
    # Samoa's stack at sea: a rumor becomes a warrior band (same height, both face down).
    at_sea = rules.map.hex_of("0805")
    rumors = [p for p in other.pieces_at(at_sea, samoa) if other.piece_kind[p] == RUMOR]
    bands = [p for p in other.pieces_of(samoa, BAND) if other.piece_hex[p] == UNBUILT]
    if rumors and bands:
        other.piece_hex[rumors[0]], other.piece_hex[bands[0]] = UNBUILT, at_sea
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
    for secret in ("moai", "poi", "'pa'", "Hawaii", "stream", "rumor"):
        assert secret not in text


def test_X9_log_events_are_filtered_per_player(rules):
    s = engine.new_game(rules, 2, seed=1)
    secret = engine.state.event("card_drawn", frozenset({0}), card="moai")
    s.add_log([secret])
    assert any(e["kind"] == "card_drawn" for e in engine.observe(s, s.names[0])["log"])
    assert not any(e["kind"] == "card_drawn" for e in engine.observe(s, s.names[1])["log"])
