"""Every Arts & Culture card of config/cards.yaml does what it says (rules C6, B4, V1, V4, X6, ruling X24).

Each test would fail if its card's effect were removed."""
from __future__ import annotations

from pathlib import Path

import pytest

import engine
from engine import cards as card_rules
from engine.exploration import knots
from engine.state import BAND, COLONY, WAR_CANOE

from .helpers import count, do, legal

MOVE = {"players": ["Tonga", "Samoa"], "step": "movement", "order": ["Tonga", "Samoa"],
        "ocean": ["0906", "1006", "1106", "0808"]}




def test_every_card_has_a_test():
    text = Path(__file__).read_text()
    for card in engine.load_ruleset().cards:
        assert card.key in text, card.key


@pytest.mark.parametrize("key,ig", [("hula_dancing", "Rarotonga"), ("hui", "Hawaiki"), ("hui", "Kuporu"),
                                    ("rongo_rongo", "Rapa Nui")])
def test_vp_bonus_for_controlling_a_named_ig(rules, key, ig):
    sc = {"players": ["Tonga", "Samoa"], "tiles": [{"hex": "0907", "tile": ig}], "cards": {"Tonga": {"shown": [key]}}}
    without = engine.load_scenario(rules, sc)
    with_ig = engine.load_scenario(rules, {**sc, "islands": [{"ig": "0907", "villages": 1, "controller": "Tonga"}]})
    assert engine.vp(without, "Tonga") == 3 + 1
    assert engine.vp(with_ig, "Tonga") == 3 + 1 + 1 + 1, "village, card, and the card's bonus"


@pytest.mark.parametrize("key", ["surfing", "moai", "marae", "tapa_cloth", "petroglyphs"])
def test_plain_vp_cards_count_face_up_only(rules, key):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "cards": {"Tonga": {"hand": [key]}}})
    assert engine.vp(s, "Tonga") == 3
    s.actor = 0
    do(s, f"show {key}")
    assert engine.vp(s, "Tonga") == 3 + rules.cards[rules.card_id(key)].vp


def attack_samoa_at_sea(rules, tonga_cards=(), samoa_cards=(), samoa=None, tonga=None):
    sc = {**MOVE, "cards": {"Tonga": {"shown": list(tonga_cards)}, "Samoa": {"hand": list(samoa_cards)}},
          "pieces": {"Tonga": tonga or [{"hex": "Tonga", "war_canoe": 2}],
                     "Samoa": samoa or [{"hex": "0906", "war_canoe": 1, "warrior_band": 1, "transport_canoe": 1}]}}
    s = engine.load_scenario(rules, sc)
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
    return s


def test_cannibalism_removes_the_losers_retreating_bands(rules):
    for cards, bands_home in (((), 1), (("cannibalism",), 0)):
        s = attack_samoa_at_sea(rules, cards)
        do(s, "die 5")                       # Samoa panics a piece: its choice
        do(s, "panic warrior_band", "die 6")
        assert count(s, "Samoa", BAND, "0806") == bands_home


def test_arioi_calls_the_attack_off(rules):
    s = attack_samoa_at_sea(rules, samoa_cards=["arioi"])
    assert engine.current_player(s) == "Samoa" and {"fight", "use arioi"} <= set(legal(s))
    events = do(s, "use arioi")
    assert "attack_cancelled" in [e.kind for e in events] and "die_rolled" not in [e.kind for e in events]
    assert count(s, "Tonga", WAR_CANOE, "0807") == 2, "the attacker's pieces retreat home"
    assert count(s, "Samoa", WAR_CANOE, "0906") == 1
    samoa = s.names.index("Samoa")
    assert rules.card_id("arioi") in s.shown[samoa] and rules.card_id("arioi") in s.spent[samoa]


def test_tattoo_adds_one_to_the_attackers_roll(rules):
    s = attack_samoa_at_sea(rules, ["tattoo"])
    assert engine.current_player(s) == "Tonga" and legal(s) == ["roll", "use tattoo"]
    do(s, "use tattoo")
    events = do(s, "die 3")
    rolled = next(e for e in events if e.kind == "die_rolled")
    assert rolled.get("modifier") == 1 and rolled.get("result") == "defender_panics"


def test_feather_cloak_takes_one_from_the_roll_when_defending(rules):
    s = attack_samoa_at_sea(rules, samoa_cards=["feather_cloak"])
    assert legal(s) == ["fight", "show feather_cloak"], "X33: a hidden hand might hold Arioi: Samoa is asked"
    do(s, "fight")
    assert engine.current_player(s) == "Samoa" and {"roll", "use feather_cloak"} <= set(legal(s))
    do(s, "use feather_cloak")
    events = do(s, "die 4")
    assert next(e for e in events if e.kind == "die_rolled").get("result") == "attacker_panics"
    assert "feather_cloak" in engine.observe(s, "Tonga")["players"][1]["cards_shown"], "using reveals it"


def test_one_card_per_roll_and_once_per_battle(rules):
    s = attack_samoa_at_sea(rules, ["tattoo"], ["feather_cloak"])
    do(s, "fight", "use tattoo")
    assert engine.current_player(s) == engine.CHANCE, "no second card on the same roll"
    do(s, "die 4", "panic warrior_band")
    assert engine.current_player(s) == "Samoa" and {"roll", "use feather_cloak"} <= set(legal(s))
    do(s, "roll")
    assert engine.current_player(s) == engine.CHANCE, "Tattoo was used in this battle already"


def test_tiki_rerolls_a_roll_that_hurts_its_owner(rules):
    s = attack_samoa_at_sea(rules, ["tiki"])
    assert engine.current_player(s) == engine.CHANCE
    do(s, "die 1")
    assert engine.current_player(s) == "Tonga" and legal(s) == ["accept", "use tiki"]
    assert engine.observe(s, None)["movement"]["battle"]["rolled"] == 1, "everyone sees the roll a reroll is about"
    do(s, "use tiki")
    assert engine.current_player(s) == engine.CHANCE
    assert engine.observe(s, None)["movement"]["battle"]["rolled"] == 0, "no reroll window, no such roll"
    do(s, "die 6")
    assert count(s, "Tonga", WAR_CANOE) == 2, "the 1 never took effect"


def test_pa_adds_local_warriors_and_copies_add_up(rules):
    for shown, warriors in (([], 1), (["pa"], 2), (["pa", "pa"], 3)):
        sc = {**MOVE, "cards": {"Samoa": {"shown": shown}},
              "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}], "Samoa": []}}
        s = engine.load_scenario(rules, sc)
        events = do(s, "party 0807", "take war_canoe", "go 0806", "done", "end")
        assert next(e for e in events if e.kind == "battle_started").get("local_warriors") == warriors


def test_poi_canoes_move_three(rules):
    for shown, reach in (([], 2), (["poi"], 3)):
        s = engine.load_scenario(rules, {**MOVE, "cards": {"Tonga": {"shown": shown}},
                                         "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1}]}})
        do(s, "party 0807", "take transport_canoe")
        steps = 0
        for label in ("0906", "1006", "1106"):
            if f"go {label}" not in legal(s):
                break
            do(s, f"go {label}")
            steps += 1
        assert steps == reach


def test_kumara_cards(rules):
    s = engine.new_game(rules, 2, seed=1)
    assert card_rules.kumara_modifier(s, 0) == 0 and not card_rules.kumara_lost_becomes_return(s, 0)
    for key in ("navigation", "double_hulled_canoes", "poi"):
        t = s.clone()
        t.shown[0].append(rules.card_id(key))
        assert card_rules.kumara_modifier(t, 0) == 1, key
    t = s.clone()
    t.shown[0] += [rules.card_id(k) for k in ("navigation", "double_hulled_canoes", "poi")]
    assert card_rules.kumara_modifier(t, 0) == 1, "never more than +1 from cards"
    t = s.clone()
    t.shown[0].append(rules.card_id("ocean_chart"))
    assert card_rules.kumara_lost_becomes_return(t, 0)


BUILD = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"]}


def test_commerce_gives_build_points_once(rules):
    s = engine.load_scenario(rules, {**BUILD, "cards": {"Tonga": {"hand": ["commerce"]}}})
    do(s, "use commerce")
    assert engine.observe(s, "Tonga")["building"]["areas"][0]["bp"] == 5
    assert "use commerce" not in legal(s)
    do(s, "build war_canoe 0807", "build warrior_band 0807", "end", "end")
    assert count(s, "Tonga", WAR_CANOE) == 1 and count(s, "Tonga", BAND) == 3
    assert rules.card_id("commerce") in s.spent[0] and rules.card_id("commerce") in s.shown[0]


@pytest.mark.parametrize("key,kind", [("wood_carving", WAR_CANOE), ("luau", BAND), ("kava_ceremony", COLONY)])
def test_free_piece_cards(rules, key, kind):
    s = engine.load_scenario(rules, {**BUILD, "cards": {"Tonga": {"hand": [key]}}})
    before = count(s, "Tonga", kind, "Tonga")
    do(s, f"use {key}", "end", "end")
    assert count(s, "Tonga", kind, "Tonga") == before + 1


def test_aquaculture_adds_a_build_point_at_home(rules):
    s = engine.load_scenario(rules, {**BUILD, "cards": {"Tonga": {"shown": ["aquaculture"]}}})
    assert engine.observe(s, "Tonga")["building"]["areas"][0]["bp"] == 3


EXPLORE = {"players": ["Tonga", "Samoa"], "step": "exploration", "order": ["Tonga", "Samoa"]}


def test_star_compass_raises_the_knot_thresholds(rules):
    for shown, back_home in (([], True), (["star_compass"], False)):
        s = engine.load_scenario(rules, {**EXPLORE, "cards": {"Tonga": {"shown": shown}}})
        do(s, "premove 0807", "explore 0906", "marker ocean_3", "explore 1006", "marker ocean_2")
        assert (s.explorer[0] < 0) == back_home, "5 knots: must return, unless the allowance is 6"


def test_fishhooks_ignores_knots_once(rules):
    s = engine.load_scenario(rules, {**EXPLORE, "cards": {"Tonga": {"hand": ["fishhooks"]}}})
    do(s, "premove 0807", "explore 0906", "marker ocean_3")
    assert "use fishhooks" in legal(s)
    do(s, "use fishhooks")
    assert knots(s, s.sub) == 1 and "use fishhooks" not in legal(s)
    do(s, "explore 1006", "marker ocean_3")
    assert knots(s, s.sub) == 4 and engine.current_player(s) == "Tonga", "still exploring at 6 - 2 knots"


def test_deforestation_stops_a_claim(rules):
    sc = {"players": ["Tonga", "Samoa"], "step": "victory", "options": {"variable_game_end": 6},
          "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}],
          "cards": {"Tonga": {"hand": ["tapa_cloth"]}, "Samoa": {"hand": ["deforestation"]}}}
    s = engine.load_scenario(rules, sc)
    assert engine.current_player(s) == "Tonga"
    do(s, "claim")
    assert engine.current_player(s) == "Samoa" and {"decline", "use deforestation"} <= set(legal(s))
    events = do(s, "use deforestation")
    assert "claim_failed" in [e.kind for e in events] and not engine.is_over(s)
    declined = engine.load_scenario(rules, sc)
    do(declined, "claim", "decline")
    assert engine.winner(declined) == "Tonga"
