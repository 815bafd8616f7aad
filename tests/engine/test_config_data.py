"""The rule tables and component data in config/ say what the rulebooks and DATA.md say."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest


def test_B2_costs(rules):
    assert dict(rules.costs) == {"transport_canoe": 1, "colony": 2, "warrior_band": 2, "war_canoe": 3,
                                 "improved_agriculture": 1, "village": 2, "card": 2, "rumor": 0}
    assert rules.limits["new_villages_per_ig_per_turn"] == 1
    assert rules.limits["cards_bought_per_turn"] == 1


def test_V1_vp_table(rules):
    assert rules.vp["village"] == 1 and rules.vp["linked_ig"] == 1
    assert rules.vp["linked_atoll"] == Fraction(1, 2)
    assert rules.vp["kumara"] == 2 and rules.kumara["kumara_vp"] == 2


def test_S5_starting_vp_and_pieces(rules):
    assert rules.vp["starting"] == 3
    assert dict(rules.starting_pieces) == {"transport_canoe": 0, "war_canoe": 0, "warrior_band": 2,
                                           "colony": 0, "rumor": 0}


def test_V3_thresholds_by_player_count(rules):
    assert dict(rules.thresholds) == {2: 28, 3: 25, 4: 22}
    assert rules.variable_end_window == 3


def test_E5_knot_thresholds_and_penalty(rules):
    assert dict(rules.exploration) == {"continue_max": 4, "must_return": 5, "lost_at": 6, "penalty_knots": 2}
    assert rules.limits["discovered_markers"] == 3


def test_M8_4_battle_die(rules):
    assert rules.battle_die[1:] == ("attacker_removed", "attacker_panics", "attacker_panics",
                                    "defender_panics", "defender_panics", "defender_removed")


def test_M8_2_local_warriors_by_villages(rules):
    assert [rules.local_warriors[v] for v in range(5)] == [0, 1, 1, 2, 2]


def test_T2_tie_order(rules):
    assert rules.turn_order_ties == ("Tonga", "Raiatea", "Hiva", "Samoa")


def test_S2_setup_by_player_count(rules):
    two, three, four = rules.setups[2], rules.setups[3], rules.setups[4]
    assert two.homes == ("Tonga", "Samoa") and two.tiles_placed == () and two.island_markers_removed == 0
    assert three.homes == ("Tonga", "Samoa", "Hiva")
    assert set(three.tiles_placed) == {"Hiva", "Flint Is.", "Niue"}
    assert three.island_markers_removed == 3 and three.ocean_markers_placed == 2
    assert set(four.tiles_placed) == {"Hiva", "Flint Is.", "Niue", "Raiatea"}
    assert four.island_markers_removed == 4 and four.ocean_markers_placed == 2


def test_B1_6_counter_mix(rules):
    assert dict(rules.counter_mix) == {"transport_canoe": 8, "war_canoe": 4, "warrior_band": 8, "colony": 4,
                                       "rumor": 2}


def test_A5_kumara_table_and_modifiers(rules):
    assert rules.kumara["table"][1:] == ("lost", "return", "return", "off_course", "explore", "explore")
    assert rules.kumara["galapagos_marker"] == 1 and rules.kumara["card_bonus"] == 1
    assert set(rules.kumara["card_bonus_cards"]) == {"navigation", "poi", "double_hulled_canoes"}
    assert list(rules.kumara["lost_to_return_cards"]) == ["ocean_chart"]


def test_A3_malaria_table(rules):
    assert dict(rules.malaria) == {1: "Bismarck Archipelago", 2: "Bismarck Archipelago", 3: "Solomon Is.",
                                   4: "Solomon Is.", 5: "Santa Cruz", 6: "Vanuatu"}
    printed = {ig.name: ig.malaria for ig in rules.map.islands if ig.malaria}
    assert printed == {"Bismarck Archipelago": (1, 2), "Solomon Is.": (3, 4), "Santa Cruz": (5,),
                       "Vanuatu": (6,)}
    assert rules.malaria_roller == "Samoa"


def test_A_options_all_off_by_default(rules):
    assert [o["rule"] for o in rules.options.values()] == [f"A{i}" for i in range(1, 8)]
    assert all(o["default"] is False for o in rules.options.values())


def test_C5_thirty_tiles_with_the_known_square_distribution(rules):
    tiles = rules.tiles
    assert len(tiles) == 30
    squares = Counter(t.squares for t in tiles)
    assert squares[4] == 3 and squares[3] == 5 and max(squares) == 4
    atolls = [t for t in tiles if t.atoll]
    assert 5 <= len(atolls) <= 7 and all(t.squares == 0 for t in atolls)
    names = {t.name for t in tiles}
    for known in ("Hiva", "Raiatea", "Flint Is.", "Niue", "Tuamotu", "Kermadec Is.", "Pitcairn", "Hawaii",
                  "Tahiti", "Rapa Nui", "Rarotonga", "Aotearoa", "Te Waka Maui", "Hawaiki", "Kuporu"):
        assert known in names
    assert {t.name for t in tiles if t.mythical} == {"Hawaiki", "Kuporu"}
    assert [t.name for t in tiles if t.aside] == ["Te Waka Maui"]
    assert [t.name for t in tiles if t.south_island_direction is not None] == ["Aotearoa"]
    for home in ("Hiva", "Raiatea"):
        assert tiles[rules.tile_id(home)].green >= 2, "a home needs squares for the capital and a village (S5)"


def test_C6_twenty_seven_cards(rules):
    assert sum(c.count for c in rules.cards) == 27
    by_key = {c.key: c for c in rules.cards}
    assert by_key["pa"].count == 2
    assert by_key["poi"].vp == 0 and by_key["cannibalism"].vp == 0
    assert {e["id"] for e in by_key["poi"].effects} == {"canoe_moves", "kumara_modifier"}
    hula = by_key["hula_dancing"].effects[0]
    assert hula["id"] == "vp_if_control" and list(hula["igs"]) == ["Rarotonga"]
    assert list(by_key["hui"].effects[0]["igs"]) == ["Hawaiki", "Kuporu"]
    assert by_key["deforestation"].effects[0]["id"] == "deforestation"
    assert all(0 <= c.vp <= 3 for c in rules.cards)
    assert sum(c.count for c in rules.cards if c.vp == 1) > 27 // 2, "most cards are worth 1 VP"


def test_C4_discovery_cup(rules):
    cup = {(m.kind, m.knots): m.count for m in rules.markers}
    assert sum(cup.values()) == len(rules.map.explorable) + 2
    islands = sum(n for (kind, _), n in cup.items() if kind == "island")
    assert islands == sum(1 for t in rules.tiles if not t.aside) == 29
    assert cup[("island", 1)] < cup[("island", 2)], "1-knot island markers are rare"
    assert all(knots == 0 for (kind, knots) in cup if kind == "off_course")
    assert all(1 <= knots <= 3 for (kind, knots) in cup if kind != "off_course")
    assert rules.penalty_markers >= 6


def test_A7_events_one_per_theme(rules):
    assert len(rules.events) >= 15
    assert any(e["keep"] for e in rules.events) and any(not e["keep"] for e in rules.events)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S2_cup_stays_two_ahead_of_the_explorable_hexes(rules, players):
    setup = rules.setups[players]
    covered = len(setup.tiles_placed) + setup.ocean_markers_placed
    cup = sum(m.count for m in rules.markers) - setup.island_markers_removed - setup.ocean_markers_placed
    assert cup == len(rules.map.explorable) - covered + 2
