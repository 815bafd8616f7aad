"""The view's `decision`: the engine says what is being decided (who, its kind, the step and its stage, the rule,
the public facts that word it), from the state, never from the log; the same entry for every viewer (X9)."""
from __future__ import annotations

import itertools

import pytest

import engine
from engine.invariants import view_violations
from tests.positions import ALL_OPTIONS, POSITIONS, armed_game, position

from .helpers import do, play_random

ANYTIME = {"flip", "withdraw", "show", "play"}        # open whenever a player is to act (anytime.py)
# What the legal actions of each kind of decision may be (besides the anytime ones): the kind is the engine's
# own account of the position, so the actions it offers must fit it.
VERBS: dict[str, set[str]] = {
    "over": set(), "event_tie": {"choose"}, "event_draw": {"event"}, "event_target": {"target"}, "malaria": {"die"},
    "new_home": {"home"}, "order": {"order"}, "explore": {"premove", "kumara", "end"},
    "explore_on": {"explore", "cross", "return", "use"}, "cup": {"marker"}, "tile": {"tile"},
    "keep": {"keep", "reveal", "use"}, "off_course": {"course"}, "kumara_roll": {"die"}, "kumara_sail": {"sail"},
    "transit": {"transit", "end"}, "move": {"party", "raise", "end"}, "party": {"take", "leave", "go", "done"},
    "next_battle": {"battle"}, "cancel_attack": {"use", "fight"}, "battle_card": {"use", "roll"},
    "battle_roll": {"die"}, "reroll": {"use", "accept"}, "panic": {"panic"}, "lose": {"lose"},
    "retreat": {"retreat"}, "carry": {"carry"}, "save": {"save", "raze"}, "raise": {"raise", "done"},
    "setup_build": {"build", "end", "raise"},
    "build": {"build", "buy", "convert", "end", "raise", "rotate", "save_bp", "settle", "use"},
    "card_draw": {"card"}, "claim": {"claim", "pass"}, "deforestation": {"use", "decline"},
}


def decision(state: engine.GameState, viewer: str | None = None) -> dict:
    return dict(engine.observe(state, viewer, log=False)["decision"])


def check_decision(state: engine.GameState, kinds: set[str]) -> None:
    """The entry is the same for every viewer and the public view, names the player to act, and fits the legal
    actions and the step."""
    seen = decision(state)
    for name in state.names:
        assert decision(state, name) == seen, name
    view = engine.observe(state, None, log=False)
    assert seen["who"] == view["to_act"] == engine.current_player(state)
    assert seen["step"] == view["step"]
    verbs = {a.verb for a in engine.legal_actions(state)} - ANYTIME
    assert verbs <= VERBS[seen["kind"]], (seen, verbs)
    assert (seen["who"] == engine.CHANCE) == (verbs <= {"die", "marker", "tile", "card", "event"} and bool(verbs))
    kinds.add(seen["kind"])


@pytest.mark.parametrize("seed", range(4))
def test_T1_every_decision_of_random_games_says_what_the_engine_waits_for(rules, seed):
    kinds: set[str] = set()
    for state in (engine.new_game(rules, 2 + seed % 3, seed, ALL_OPTIONS if seed % 2 else None),
                  armed_game(rules, 2 + seed % 3, seed)):
        play_random(state, 1200, seed, lambda s: check_decision(s, kinds))
    assert {"order", "explore", "cup", "party", "battle_roll", "build"} <= kinds


def test_X9_the_decision_is_public_in_every_documented_position(rules):
    kinds: set[str] = set()
    for name in POSITIONS:
        check_decision(position(rules, name), kinds)
    assert {"carry", "deforestation", "cancel_attack", "reroll", "kumara_sail", "event_tie"} <= kinds


# --- the Turn-order step: A7's event, A3's malaria, M11's new home, T2's order --------------------------------

def test_T2_the_marker_holder_chooses_who_plays_first(rules):
    assert decision(position(rules, "new 4-player game")) == {
        "who": "Tonga", "kind": "order", "step": "turn_order", "stage": "order", "rule": "T2"}


def test_A7_a_tie_for_the_event_is_the_first_tied_players_choice(rules):
    """A7: tied lowest on the track, the first in the tie order chooses between the event and the marker; the
    engine says so (the client once re-derived the tie from the VP it could see)."""
    state = position(rules, "Tonga and Samoa tied at 5 VP")
    assert decision(state, "Samoa") == {"who": "Tonga", "kind": "event_tie", "step": "turn_order",
                                        "stage": "events", "rule": "A7", "tied": ["Tonga", "Samoa"]}
    do(state, "choose marker")
    assert decision(state) == {"who": engine.CHANCE, "kind": "event_draw", "step": "turn_order", "stage": "events",
                               "rule": "A7", "drawer": "Samoa"}


def test_A7_no_tie_when_the_track_has_one_lowest_player(rules):
    assert decision(position(rules, "Samoa draws an event"))["kind"] == "event_draw"
    state = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "vp_track": {"Tonga": 4, "Samoa": 4},
                                         "options": {"random_events": True}})
    assert decision(state)["kind"] == "order", "below 5 VP nobody draws an event, tied or not"


def test_A7_the_drawer_aims_the_event_just_revealed(rules):
    assert decision(position(rules, "Tonga draws Invasive Weeds")) == {
        "who": "Tonga", "kind": "event_target", "step": "turn_order", "stage": "events", "rule": "A7",
        "drawer": "Tonga", "card": "invasive_weeds"}


def test_A3_the_malaria_die_then_M11_X29_a_new_home(rules):
    scenario, history = POSITIONS["malaria struck Samoa's home"]
    state = engine.load_scenario(rules, scenario)
    assert decision(state) == {"who": engine.CHANCE, "kind": "malaria", "step": "turn_order", "stage": "malaria",
                               "rule": "A3"}
    do(state, *history)
    assert decision(state) == {"who": "Samoa", "kind": "new_home", "step": "turn_order", "stage": "home",
                               "rule": "M11"}


# --- Exploration -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("where, expected", [
    ("Tonga to explore", {"who": "Tonga", "kind": "explore", "stage": "start", "rule": "E3", "explorer": "Tonga"}),
    ("after `premove 0807`", {"who": "Tonga", "kind": "explore_on", "stage": "move", "rule": "E5",
                              "explorer": "Tonga"}),
    ("after `explore 0906`", {"who": engine.CHANCE, "kind": "cup", "stage": "draw", "rule": "E4",
                              "explorer": "Tonga", "hex": "0906"}),
    ("after `marker island_2`", {"who": engine.CHANCE, "kind": "tile", "stage": "tile", "rule": "E4.2",
                                 "explorer": "Tonga", "hex": "0906"}),
    ("after `tile Hawaii`", {"who": "Tonga", "kind": "keep", "stage": "keep", "rule": "E4.2", "explorer": "Tonga",
                             "hex": "0906"}),
    ("after `marker off_course`", {"who": "Samoa", "kind": "off_course", "stage": "off_course", "rule": "E4.3",
                                   "explorer": "Tonga", "hex": "0906"}),
    ("Tonga rolled 5 at 1804", {"who": "Tonga", "kind": "kumara_sail", "stage": "kumara_sail", "rule": "A5",
                                "explorer": "Tonga"}),
])
def test_E3_E4_E5_A5_the_explorers_decisions(rules, where, expected):
    assert decision(position(rules, where)) == {**expected, "step": "exploration"}


def test_A5_the_kumara_table_decides_the_voyage(rules):
    state = position(rules, "Tonga next to 1804")
    do(state, "kumara 1804")
    assert decision(state)["kind"] == "kumara_roll" and decision(state)["who"] == engine.CHANCE


# --- Movement & Battle: each stage of a battle (M8-M12) ---------------------------------------------------------

@pytest.mark.parametrize("where, expected", [
    ("after `party 0807`", {"who": "Tonga", "kind": "party", "stage": "party", "rule": "M4", "hex": "0807"}),
    ("Tonga ends beside two enemy stacks", {"who": "Tonga", "kind": "next_battle", "stage": "move", "rule": "M8"}),
    ("Tonga's war canoes at home", {"who": "Tonga", "kind": "move", "stage": "move", "rule": "M4"}),
])
def test_M3_M4_M8_the_movers_decisions(rules, where, expected):
    assert decision(position(rules, where)) == {**expected, "step": "movement"}


BATTLE = {"step": "movement", "attacker": "Tonga", "defender": "Samoa"}


@pytest.mark.parametrize("where, expected", [
    ("Samoa holds Arioi", {"who": "Samoa", "kind": "cancel_attack", "stage": "cancel", "rule": "X26", "hex": "0906",
                           "side": "defender", "window": "cancel_attack"}),
    ("Tonga holds Tattoo", {"who": "Tonga", "kind": "battle_card", "stage": "card", "rule": "X24", "hex": "0906",
                            "side": "attacker", "window": "battle_modifier"}),
    ("Tonga holds Tiki and rolled a 1", {"who": "Tonga", "kind": "reroll", "stage": "reroll", "rule": "X24",
                                         "hex": "0906", "side": "attacker", "window": "battle_reroll"}),
    ("Tonga's band and canoes rolled a 3", {"who": "Tonga", "kind": "panic", "stage": "hit", "rule": "M8.4",
                                            "hex": "1007", "side": "attacker"}),
    ("Samoa loses between two IGs", {"who": "Samoa", "kind": "retreat", "stage": "retreat", "rule": "M9",
                                     "hex": "0906", "side": "defender"}),
    ("Samoa retreats one canoe with a band and a colony", {"who": "Samoa", "kind": "carry", "stage": "carry",
                                                           "rule": "X17", "side": "defender"}),
    ("Tonga beat Samoa's IG", {"who": "Tonga", "kind": "save", "stage": "save", "rule": "M10", "hex": "0806",
                               "side": "attacker"}),
    ("Samoa lost its home", {"who": "Samoa", "kind": "new_home", "stage": "home", "rule": "M11", "hex": "0806",
                             "side": "defender"}),
])
def test_M8_each_stage_of_a_battle_says_who_decides_and_what_a_window_is_for(rules, where, expected):
    seen = decision(position(rules, where))
    assert {key: seen[key] for key in expected} == expected
    assert {key: seen[key] for key in BATTLE} == BATTLE
    assert set(seen) == {*expected, *BATTLE, "hex"}


def test_M8_4_the_die_decides_a_battle_and_no_side_does(rules):
    state = position(rules, "Tonga holds Tattoo")
    do(state, "roll")
    assert decision(state) == {"who": engine.CHANCE, "kind": "battle_roll", "step": "movement", "stage": "roll",
                               "rule": "M8.4", "hex": "0906", "attacker": "Tonga", "defender": "Samoa"}


# --- Building and Victory ----------------------------------------------------------------------------------------

def test_A1_B1_B4_the_builders_and_the_deck(rules):
    assert decision(position(rules, "Tonga to build")) == {"who": "Tonga", "kind": "build", "step": "building",
                                                           "stage": "build", "rule": "B1"}
    assert decision(position(rules, "after `buy 0807`"))["kind"] == "card_draw"
    first = engine.new_game(rules, 2, seed=1, options={"variable_starting_pieces": True})
    assert decision(first)["kind"] == "setup_build" and decision(first)["rule"] == "A1"


def test_V3_V4_V5_a_claim_its_answer_and_the_end(rules):
    assert decision(position(rules, "a player who can claim"))["kind"] == "claim"
    state = position(rules, "Samoa holds Deforestation")
    assert decision(state) == {"who": "Samoa", "kind": "deforestation", "step": "victory", "stage": "answer",
                               "rule": "V4", "window": "deforestation", "claimant": "Tonga"}
    do(state, "decline")
    assert decision(state) == {"who": None, "kind": "over", "step": "over", "stage": "over", "rule": "V5",
                               "winners": ["Tonga"]}


def test_X9_the_view_invariants_catch_a_decision_that_is_not_the_same_for_every_viewer(rules, monkeypatch):
    state = position(rules, "Tonga and Samoa tied at 5 VP")
    assert view_violations(state) == []
    real, calls = engine.view.decision, itertools.count()
    # The first view asked for (the public one) reads the real entry, every player's view another.
    monkeypatch.setattr(engine.view, "decision", lambda s: {**real(s), "who": "Samoa"} if next(calls) else real(s))
    assert [v.split(" reads")[0] for v in view_violations(state)] == ["Tonga", "Samoa"]
