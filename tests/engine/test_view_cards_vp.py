"""The view's card VP (V1, X9): a card shown mid-turn counts at the next Victory step, and the VP panel says so;
the viewer's own hidden cards say what they would add shown, and nobody else's view depends on them."""
from __future__ import annotations

import engine

from .helpers import do

BASE = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"]}


def row(view: engine.View, name: str) -> engine.PlayerView:
    return next(p for p in view["players"] if p["name"] == name)


def test_V1_a_card_shown_mid_turn_shows_in_cards_vp_before_the_next_count(rules):
    s = engine.load_scenario(rules, {**BASE, "cards": {"Tonga": {"hand": ["moai"]}}})
    before = engine.observe(s, "Samoa")
    assert row(before, "Tonga")["cards_vp"] == 0 and before["hand_vp"] == 0
    assert engine.observe(s, "Tonga")["hand_vp"] == 3, "Moai: 3 VP, hidden, told to its owner"
    do(s, "show moai")
    after = engine.observe(s, "Samoa")
    tonga = row(after, "Tonga")
    assert tonga["cards_vp"] == 3 and tonga["vp"] == row(before, "Tonga")["vp"], "counted at the Victory step"
    assert tonga["vp_parts"]["cards"] == "0" and engine.observe(s, "Tonga")["hand_vp"] == 0


def test_X9_anothers_hidden_cards_change_nothing_in_my_view(rules):
    moai = engine.load_scenario(rules, {**BASE, "cards": {"Tonga": {"hand": ["moai"]}}})
    luau = engine.load_scenario(rules, {**BASE, "cards": {"Tonga": {"hand": ["luau"]}}})
    assert engine.observe(moai, "Samoa") == engine.observe(luau, "Samoa")
    assert engine.observe(moai, "Tonga")["hand_vp"] != engine.observe(luau, "Tonga")["hand_vp"]
