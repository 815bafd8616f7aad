"""Action notation (docs/NOTATION.md): one canonical text per action, and parse_action is its inverse."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.actions import Action

from .helpers import do, play_random

DOC = Path(__file__).resolve().parents[2] / "docs" / "NOTATION.md"


def doc_rows() -> list[tuple[str, str]]:
    """(example, position) for every row of the verb table."""
    rows = [line for line in DOC.read_text().splitlines() if line.startswith("| ") and "`" in line]
    return [(re.findall(r"`([^`]+)`", row)[0], row.rstrip(" |").split("|")[-1].strip()) for row in rows]


EXPLORE = {"players": ["Tonga", "Samoa"], "step": "exploration",
           "tiles": [{"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Tonga"]}]}
MOVE = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006", "0808"]}
HOME_FLEET = {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2, "transport_canoe": 1,
                                            "warrior_band": 1}]}}
LEFT_BAND = {**MOVE, "pieces": {"Tonga": [{"hex": "0906", "transport_canoe": 1, "warrior_band": 2}]},
             "moved": [{"hex": "0906", "piece": "transport_canoe", "moves_left": 1, "passenger": "warrior_band"}]}
SEA_BATTLE = {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                                 "Samoa": [{"hex": "0906", "war_canoe": 1}, {"hex": "0808", "war_canoe": 1}]}}
M14 = {**MOVE, "tiles": [{"hex": "1007", "tile": "Rarotonga"}],
       "islands": [{"ig": "1007", "villages": 2, "controller": "Samoa"}],
       "pieces": {"Tonga": [{"hex": "0906", "war_canoe": 2, "warrior_band": 1, "transport_canoe": 1}],
                  "Samoa": [{"hex": "1007", "transport_canoe": 1, "warrior_band": 1}]}}
TWO_IGS = {**MOVE, "tiles": [{"hex": "0905", "tile": "Tahiti"}],
           "islands": [{"ig": "0905", "villages": 1, "controller": "Samoa"}],
           "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}], "Samoa": [{"hex": "0906", "transport_canoe": 1}]}}
SAMOA_HOME = {**MOVE, "tiles": [{"hex": "0905", "tile": "Tahiti"}, {"hex": "0805", "tile": "Rotuma"}],
              "islands": [{"ig": "0905", "villages": 1, "controller": "Samoa"},
                          {"ig": "0805", "villages": 1, "controller": "Samoa"}],
              "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}], "Samoa": []}}
BUILD = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"],
         "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}]}
SEA_FIGHT = {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}],
                                "Samoa": [{"hex": "0906", "war_canoe": 1}]}}
FIGHT_AT_SEA = ["party 0807", "take war_canoe", "go 0906", "done", "end"]
KUMARA = {"players": ["Tonga", "Samoa"], "step": "exploration", "options": {"kumara": True},
          "tiles": [{"hex": "1704", "tile": "Rapa Nui"}],
          "islands": [{"ig": "1704", "villages": 1, "controller": "Tonga"}]}
EVENTS = {"players": ["Tonga", "Samoa"], "options": {"random_events": True}}
EXPLORE_START = ["premove 0807", "explore 0906"]
ATTACK_SAMOA = ["party 0807", "take war_canoe", "take war_canoe", "go 0806", "done", "end", "die 6"]
POSITIONS = {
    "new 4-player game": (None, []),
    "Tonga to explore": (EXPLORE, []),
    "Tonga holds a face-down tile at 0907": (EXPLORE, []),
    "after `premove 0807`": (EXPLORE, ["premove 0807"]),
    "after `explore 0906`": (EXPLORE, EXPLORE_START),
    "after `marker island_2`": (EXPLORE, EXPLORE_START + ["marker island_2"]),
    "after `marker off_course`": (EXPLORE, EXPLORE_START + ["marker off_course"]),
    "after `tile Hawaii`": (EXPLORE, EXPLORE_START + ["marker island_2", "tile Hawaii"]),
    "after `keep`": (EXPLORE, EXPLORE_START + ["marker island_2", "tile Hawaii", "keep"]),
    "a player who can claim": ({"players": ["Tonga", "Samoa"], "step": "victory",
                                "options": {"variable_game_end": 5},
                                "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga"}]}, []),
    "Tonga's chain 0807-0906-1006": ({**MOVE, "pieces": {"Tonga": [
        {"hex": h, "transport_canoe": 1, "face_up_canoe": True, **({"warrior_band": 1} if h == "Tonga" else {})}
        for h in ("Tonga", "0906", "1006")]}}, []),
    "Tonga's war canoes at home": (HOME_FLEET, []),
    "a rumor at sea": ({**MOVE, "pieces": {"Tonga": [{"hex": "0906", "rumor": 1}]}}, []),
    "after `party 0807`": (HOME_FLEET, ["party 0807"]),
    "after Tonga's canoe left its band at 0906": (LEFT_BAND, ["party 0906", "take transport_canoe"]),
    "after `party 0807` with two transport canoes, one face up": (
        {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 2, "face_up_canoe": True}]}},
        ["party 0807"]),
    "after `take warrior_band war_canoe`": (HOME_FLEET, ["party 0807", "take war_canoe",
                                                         "take warrior_band war_canoe"]),
    "Samoa retreats one canoe with a band and a colony": (
        {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}],
                            "Samoa": [{"hex": "0906", "transport_canoe": 1, "warrior_band": 1, "colony": 1}]}},
        FIGHT_AT_SEA),
    "after `take war_canoe`": (HOME_FLEET, ["party 0807", "take war_canoe"]),
    "Tonga ends beside two enemy stacks": (SEA_BATTLE, ["party 0807", "take war_canoe", "go 0906", "done",
                                                       "party 0807", "take war_canoe", "go 0808", "done", "end"]),
    "Tonga's battle at sea": (SEA_BATTLE, ["party 0807", "take war_canoe", "take war_canoe", "go 0906", "done",
                                           "end"]),
    "Tonga's band and canoes rolled a 3": (M14, ["party 0906", "take war_canoe", "take war_canoe",
                                                 "take warrior_band war_canoe", "take transport_canoe", "go 1007",
                                                 "done",
                                                 "end", "die 3"]),
    "Samoa loses between two IGs": (TWO_IGS, ["party 0807", "take war_canoe", "go 0906", "done", "end"]),
    "Tonga beat Samoa's IG": (MOVE | {"pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}], "Samoa": []}},
                              ATTACK_SAMOA),
    "Samoa lost its home": (SAMOA_HOME, ATTACK_SAMOA + ["raze"]),
    "Tonga to build": (BUILD, []),
    "Tonga has a colony at home": ({**BUILD, "pieces": {"Tonga": [{"hex": "Tonga", "colony": 1}]},
                                    "islands": [{"ig": "Tonga", "villages": 3, "controller": "Tonga"}]}, []),
    "Tonga's colony on Rarotonga": ({**BUILD, "tiles": [{"hex": "0906", "tile": "Rarotonga"}],
                                     "pieces": {"Tonga": [{"hex": "0906", "colony": 1}]}}, []),
    "Tonga holds Commerce": ({**BUILD, "cards": {"Tonga": {"hand": ["commerce"]}}}, []),
    "after `buy 0807`": ({**BUILD, "order": ["Tonga", "Samoa"]}, ["buy 0807", "end", "end"]),
    "Tonga holds Moai": ({**BUILD, "cards": {"Tonga": {"hand": ["moai"]}}}, []),
    "Samoa holds Arioi": (SEA_FIGHT | {"cards": {"Samoa": {"hand": ["arioi"]}}}, FIGHT_AT_SEA),
    "Tonga holds Tattoo": (SEA_FIGHT | {"cards": {"Tonga": {"shown": ["tattoo"]}}}, FIGHT_AT_SEA),
    "Tonga holds Tiki and rolled a 1": (SEA_FIGHT | {"cards": {"Tonga": {"shown": ["tiki"]}}},
                                        FIGHT_AT_SEA + ["die 1"]),
    "Samoa holds Deforestation": ({"players": ["Tonga", "Samoa"], "step": "victory",
                                   "options": {"variable_game_end": 5},
                                   "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga"}],
                                   "cards": {"Samoa": {"hand": ["deforestation"]}}}, ["claim"]),
    "Tonga builds with saved resources": ({**BUILD, "options": {"saved_resources": True}}, []),
    "Tonga next to 1804": (KUMARA, []),
    "Tonga rolled 5 at 1804": (KUMARA, ["kumara 1804", "die 5"]),
    "Tonga and Samoa tied at 5 VP": ({**EVENTS, "vp_track": {"Tonga": 5, "Samoa": 5}}, []),
    "Samoa draws an event": ({**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 5}}, []),
    "Tonga draws Invasive Weeds": ({**EVENTS, "vp_track": {"Tonga": 5, "Samoa": 6}}, ["event invasive_weeds"]),
    "Samoa holds Pele": ({**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 5}}, ["event pele"]),
    "malaria struck Samoa's home": ({"players": ["Tonga", "Samoa"], "options": {"malaria": True}, "islands": [
        {"ig": "Vanuatu", "villages": 1, "controller": "Samoa", "capital": True, "home": True},
        {"ig": "Fiji", "villages": 1, "controller": "Samoa"}]}, ["die 6"]),
}


def position(rules, name: str) -> engine.GameState:
    """The positions named in NOTATION.md's table: a scenario and the actions played since."""
    assert name in POSITIONS, f"unknown position {name!r}"
    scenario, history = POSITIONS[name]
    if scenario is None:
        state = engine.new_game(rules, ["Tonga", "Samoa", "Hiva", "Raiatea"], seed=1)
    else:
        state = engine.load_scenario(rules, scenario)
    do(state, *history)
    return state


def test_every_documented_example_parses_in_its_position_and_round_trips(rules):
    rows = doc_rows()
    assert len(rows) >= 14
    for example, where in rows:
        state = position(rules, where)
        action = engine.parse_action(state, example)
        assert str(action) == example, where
        engine.apply(state, action)


def test_documented_first_turn_plays(rules):
    block = [line for line in DOC.read_text().split("```")[1].splitlines() if line.strip()]
    s = engine.new_game(rules, 2, seed=1)
    for text in block:
        engine.apply(s, engine.parse_action(s, text))
    assert s.turn == 2


def test_quoting_of_arguments_with_spaces():
    action = Action("tile", ("Flint Is.",))
    assert str(action) == "tile 'Flint Is.'"


@pytest.mark.parametrize("text,reason", [
    ("", "empty"),
    ("order Tonga", "not legal"),
    ("fly Tonga", "possible actions are: order"),
    ("order 'Tonga", "cannot read"),
])
def test_bad_text_is_refused_with_a_reason(rules, text, reason):
    s = engine.new_game(rules, 2, seed=1)
    with pytest.raises(engine.IllegalAction, match=reason):
        engine.parse_action(s, text)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), players=st.sampled_from([2, 3, 4]))
def test_every_legal_action_round_trips_in_random_games(rules, seed, steps, players):
    s = play_random(engine.new_game(rules, players, seed), steps, seed)
    for action in engine.legal_actions(s):
        text = str(action)
        assert engine.parse_action(s, text) == action
        assert str(engine.parse_action(s, text)) == text
