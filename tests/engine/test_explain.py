"""Why an action is refused (engine.why_not) and the route a move would take (engine.route): what the client
shows when a gesture is refused, with the rule number (CLIENT.md)."""
from __future__ import annotations

import itertools

import engine

from .helpers import do

MOVE = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"]}


def test_a_legal_action_has_no_reason(rules):
    s = engine.new_game(rules, 2, seed=1)
    assert engine.why_not(s, engine.legal_actions(s)[0]) is None


def test_E3_E4_E6_reasons_for_the_explorer(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    far = engine.why_not(s, engine.Action("premove", ("1509",)))
    assert far.rule == "E3" and far.code == "premove_unknown"
    do(s, "premove 0807")
    assert engine.why_not(s, engine.Action("explore", ("1509",))).code == "explore_not_adjacent"
    assert engine.why_not(s, engine.Action("explore", ("0706",))) == engine.Reason("E6.4", "explore_printed",
                                                                               {"hex": "0706"})


def test_M4_reasons_for_a_party(rules):
    s = engine.load_scenario(rules, {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1}]}})
    assert engine.why_not(s, engine.Action("party", ("0906",))).code == "party_nothing"
    do(s, "party 0807")
    assert engine.why_not(s, engine.Action("go", ("0906",))).code == "go_empty_party"
    do(s, "take transport_canoe")
    assert engine.why_not(s, engine.Action("go", ("0907",))) == engine.Reason("M4.1", "go_unknown", {"hex": "0907"})
    assert engine.why_not(s, engine.Action("go", ("0806",))).rule == "M4.2", "Samoa's home: escort needed"
    assert engine.why_not(s, engine.Action("go", ("1006",))).code == "go_not_adjacent"
    do(s, "go 0906", "go 1006")
    assert engine.why_not(s, engine.Action("go", ("1106",))).code in ("go_no_moves", "go_unknown")


def test_B_reasons_for_building(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "building",
                                     "islands": [{"ig": "Tonga", "villages": 2, "controller": "Tonga"}]})
    assert engine.why_not(s, engine.Action("build", ("war_canoe", "0807"))) == engine.Reason(
        "B2", "build_bp", {"item": "war_canoe", "cost": 3, "bp": 2})
    assert engine.why_not(s, engine.Action("build", ("colony", "0706"))).code == "build_not_area"
    do(s, "build village 0807")
    assert engine.why_not(s, engine.Action("build", ("village", "0807"))).rule in ("X10", "B2")


def test_route_of_a_premove_and_a_step(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    target = next(a for a in engine.legal_actions(s) if a.verb == "premove" and a.args[0] != "0807")
    path = engine.route(s, target)
    assert path[-1] == target.args[0] and len(path) >= 2
    m = rules.map
    assert all(m.distance(m.hex_of(a), m.hex_of(b)) == 1 for a, b in itertools.pairwise(path))
    assert engine.route(s, engine.Action("end")) == []
