"""The VP track by source (rules V1, V4, A5) and over the turns, as the view gives them (the end screen's score)."""
from __future__ import annotations

from fractions import Fraction

import engine
from engine.invariants import breakdown_violations
from engine.runner import play_game
from tests.positions import TONGA_LINE, big_empires, empire

from .helpers import do, play_random


def parts(view: engine.View, player: str) -> dict[str, str]:
    return dict(next(p for p in view["players"] if p["name"] == player)["vp_parts"])


def test_V1_each_source_gets_its_own_vp(rules):
    sc = {"players": ["Tonga", "Samoa"], "step": "building", "options": {"kumara": True}, "kumara": ["Tonga"],
          "cards": {"Tonga": {"shown": ["hula_dancing", "surfing"], "hand": ["moai"]}}}
    empire(rules, sc, "Tonga", TONGA_LINE, [("Tokelau", 0, 0), ("Rarotonga", 2, 0)], home_villages=3)
    s = engine.load_scenario(rules, sc)
    # 3 + 2 villages; home and Rarotonga linked; the atoll Tokelau in the chain (1/2); A5's Kumara (2); Hula
    # Dancing 1 + 1 while Rarotonga is Tonga's, and Surfing 1 (face up only: Moai, hidden, counts nothing).
    expected = {"villages": "5", "island_groups": "2", "atolls": "1/2", "kumara": "2", "cards": "3",
                "deforestation": "0"}
    for viewer in (None, "Tonga", "Samoa"):
        view = engine.observe(s, viewer)
        assert parts(view, "Tonga") == expected, "the track is public: every viewer reads the same parts"
        assert view["players"][0]["vp"] == "25/2" == str(sum(Fraction(v) for v in expected.values()))
    assert parts(engine.observe(s, None), "Samoa") == {"villages": "2", "island_groups": "1", "atolls": "0",
                                                       "kumara": "0", "cards": "0", "deforestation": "0"}


def test_V4_deforestation_is_taken_from_the_claimant_as_a_part_of_its_own():
    rules = engine.load_ruleset()
    sc = {"players": ["Tonga", "Samoa"], "step": "victory", "options": {"variable_game_end": 6},
          "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}],
          "cards": {"Tonga": {"hand": ["tapa_cloth", "moai"]}, "Samoa": {"hand": ["deforestation"]}}}
    s = engine.load_scenario(rules, sc)
    do(s, "claim", "use deforestation")      # 4 villages + home + 4 VP of cards - 3 = 6: the claim stands
    assert engine.is_over(s) and engine.winner(s) == "Tonga"
    view = engine.observe(s, None)
    assert parts(view, "Tonga") == {"villages": "4", "island_groups": "1", "atolls": "0", "kumara": "0",
                                    "cards": "4", "deforestation": "-3"}
    assert view["players"][0]["vp"] == "6"
    assert parts(view, "Samoa")["cards"] == "0", "Deforestation gives no VP of its own"


def test_V1_the_history_holds_the_track_at_the_start_and_at_the_end_of_each_turn(rules):
    ends: list[dict[str, str]] = []

    def turn_ended(state: engine.GameState) -> None:
        ends.append({name: str(state.vp_track[p]) for p, name in enumerate(state.names)})

    state, result = play_game(rules, 2, 5, ["rules"], max_turns=10 ** 6, on_turn=turn_ended)
    assert result.over
    history = engine.observe(state, None)["vp_history"]
    assert [entry["turn"] for entry in history] == list(range(state.turn + 1)), "the start, then each turn"
    assert history[0]["vp"] == dict.fromkeys(state.names, "3"), "S5: 3 VP each at the start"
    assert [entry["vp"] for entry in history[1:-1]] == ends, "each turn's entry: the track as the turn ended"
    assert history[-1]["vp"] == {p["name"]: p["vp"] for p in engine.observe(state, None)["players"]}, \
        "V4: the last entry holds the final VP"
    assert breakdown_violations(state) == []


def test_V3_a_game_ended_in_its_first_turn_has_the_start_and_the_final_vp(rules):
    s = big_empires(rules, ["moai"], ["surfing"])
    do(s, "end", "claim", "decline")
    assert engine.observe(s, "Samoa")["vp_history"] == [{"turn": 0, "vp": {"Tonga": "26", "Samoa": "28"}},
                                                        {"turn": 1, "vp": {"Tonga": "29", "Samoa": "29"}}]


def test_V1_a_clone_a_save_and_undo_keep_the_history_and_the_parts(rules, tmp_path):
    s = play_random(engine.new_game(rules, 3, seed=4), 900, seed=4)
    assert s.turn > 2
    copy = s.clone()
    play_random(copy, 400, seed=5)
    assert len(copy.vp_history) > len(s.vp_history), "the clone went on"
    assert engine.observe(s, None)["vp_history"] == [e for e in engine.observe(copy, None)["vp_history"]
                                                     if e["turn"] < s.turn], "the history is not shared"
    engine.save(s, tmp_path / "game.json")
    loaded = engine.load(tmp_path / "game.json", rules)
    assert loaded.vp_history == s.vp_history and loaded.vp_parts == s.vp_parts, \
        "a save holds neither: the replay rebuilds them (saves from before them load the same way)"


def test_V1_the_invariant_finds_parts_that_do_not_add_up(rules):
    s = engine.new_game(rules, 2, seed=1)
    assert breakdown_violations(s) == []
    s.vp_parts[0] = (*s.vp_parts[0][:-1], -1)
    assert breakdown_violations(s) == ["Tonga's VP by source add up to 5/2, not the track's 3"]
