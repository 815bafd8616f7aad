"""The turn sequence and turn order, rules T1-T2 (with ruling X2)."""
from __future__ import annotations

import pytest

import engine
from engine.turn_order import lowest, marker_holder

from .helpers import do


def test_T1_five_steps_in_order_each_played_in_turn_order(rules):
    s = engine.new_game(rules, ["Tonga", "Samoa", "Hiva"], seed=1)
    assert s.turn == 1 and engine.observe(s, "Tonga")["step"] == "turn_order"
    do(s, "order Samoa ccw")
    assert [s.names[p] for p in s.order] == ["Samoa", "Tonga", "Hiva"]
    seen = []
    while s.turn == 1:
        seen.append((engine.observe(s, "Tonga")["step"], engine.current_player(s)))
        do(s, "end")
    expected = [(step, p) for step in ("exploration", "movement", "building") for p in ("Samoa", "Tonga", "Hiva")]
    assert seen == expected, "victory is skipped by players who cannot claim"
    assert s.turn == 2 and engine.observe(s, "Hiva")["step"] == "turn_order"


def test_T1_events_announce_each_step(rules):
    s = engine.new_game(rules, 2, seed=1)
    events = do(s, "order Tonga cw")
    assert [e.get("step") for e in events if e.kind == "step_started"] == ["exploration"]


def test_X2_on_turn_one_tonga_chooses(rules):
    for players in (2, 3, 4):
        s = engine.new_game(rules, players, seed=players)
        assert engine.current_player(s) == "Tonga"


def test_T2_lowest_vp_takes_the_marker_ties_by_home_order(rules):
    s = engine.new_game(rules, ["Tonga", "Samoa", "Hiva", "Raiatea"], seed=1)
    s.vp_track = [5, 4, 4, 4]
    assert s.names[marker_holder(s)] == "Raiatea", "tie among Samoa, Hiva, Raiatea: Raiatea first"
    s.vp_track = [5, 4, 4, 6]
    assert s.names[marker_holder(s)] == "Hiva"
    s.vp_track = [5, 3, 4, 6]
    assert s.names[marker_holder(s)] == "Samoa"


@pytest.mark.parametrize("text,expected", [
    ("order Hiva cw", ["Hiva", "Raiatea", "Tonga", "Samoa"]),
    ("order Hiva ccw", ["Hiva", "Samoa", "Tonga", "Raiatea"]),
])
def test_T2_chooser_picks_first_player_and_direction(rules, text, expected):
    s = engine.new_game(rules, ["Tonga", "Samoa", "Hiva", "Raiatea"], seed=1)
    events = do(s, text)
    assert [s.names[p] for p in s.order] == expected
    assert engine.current_player(s) == "Hiva"
    assert any(e.kind == "turn_order" and e.get("order") == expected for e in events)


def test_T2_two_players_offer_one_direction(rules):
    s = engine.new_game(rules, 2, seed=1)
    assert sorted(map(str, engine.legal_actions(s))) == ["order Samoa cw", "order Tonga cw"]


def test_T2_ties_go_to_who_holds_the_first_listed_ig_now(rules):
    """« au joueur parmi les ex-æquo qui possède le premier groupe d'îles dans la liste suivante : Tonga, Raiatea,
    Hiva, Samoa »: who controls them now, not whose starting home they were."""
    sc = {"players": ["Tonga", "Samoa", "Hiva"], "vp_track": {"Tonga": 3, "Samoa": 3, "Hiva": 3},
          "islands": [{"ig": "Tonga", "villages": 2, "controller": "Samoa"},
                      {"ig": "Fiji", "villages": 2, "controller": "Tonga", "home": True, "capital": True}]}
    s = engine.load_scenario(rules, sc)
    assert s.names[marker_holder(s)] == "Samoa", "Samoa now holds Tonga, the first of the list"
    assert [s.names[p] for p in lowest(s)] == ["Samoa", "Hiva", "Tonga"]


def test_T2_X2_tied_players_who_hold_none_of_the_list_go_by_starting_home(rules):
    sc = {"players": ["Tonga", "Samoa"], "vp_track": {"Tonga": 3, "Samoa": 3},
          "islands": [{"ig": "Tonga", "villages": 0}, {"ig": "Samoa", "villages": 0},
                      {"ig": "Fiji", "villages": 2, "controller": "Samoa", "home": True, "capital": True},
                      {"ig": "Vanuatu", "villages": 2, "controller": "Tonga", "home": True, "capital": True}]}
    s = engine.load_scenario(rules, sc)
    assert s.names[marker_holder(s)] == "Tonga"
