"""A card works from the moment it is shown (C6, B4: « Reveal it whenever you like »), and every holder of a card
that could matter has a moment to show it (X6, revised), a window opened on public facts alone (X33).

Issue 37: the engine fixed the canoes' allowance, the builder's BP and a battle's rows when a step or battle began,
and a defender holding Pa or Cannibalism hidden had no moment before the rows formed."""
from __future__ import annotations

import engine
from engine.state import BAND

from .helpers import count, do, legal

MOVE = {"players": ["Tonga", "Samoa"], "step": "movement", "order": ["Tonga", "Samoa"],
        "ocean": ["0906", "1006", "1106", "0808"]}
BUILD = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"]}
ROAD = ("0906", "1006", "1106")          # three ocean hexes in a line from Tonga (0807)


def sail(state: engine.GameState, road: tuple[str, ...] = ROAD) -> int:
    """How many hexes of the road the party enters before it has no move left."""
    entered = 0
    for label in road:
        if f"go {label}" not in legal(state):
            break
        do(state, f"go {label}")
        entered += 1
    return entered


def moves_left(state: engine.GameState) -> list[int]:
    return [boat["moves_left"] for boat in engine.observe(state, "Tonga")["movement"]["party"]["boats"]]


# --- Poi (C6): the canoes' allowance ------------------------------------------------------------------------------

def test_C6_poi_shown_at_the_start_of_movement_gives_three_moves_at_once(rules):
    s = engine.load_scenario(rules, {**MOVE, "cards": {"Tonga": {"hand": ["poi"]}},
                                     "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1}]}})
    do(s, "show poi", "party 0807", "take transport_canoe")
    assert sail(s) == 3


def test_C6_poi_shown_after_a_canoe_has_moved_lets_it_go_one_hex_further(rules):
    """« your canoes move up to 3 hexes instead of 2 »: a canoe that has used its 2 moves may make a third."""
    s = engine.load_scenario(rules, {**MOVE, "cards": {"Tonga": {"hand": ["poi"]}},
                                     "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1, "rumor": 1}]}})
    do(s, "party 0807", "take transport_canoe", "take rumor", "go 0906", "go 1006")
    assert "go 1106" not in legal(s) and moves_left(s) == [0]
    do(s, "show poi")
    assert moves_left(s) == [1]
    assert sail(s, ("1106",)) == 1, "the canoe and the rumor (X5: it moves like a canoe) make a third move"


def test_C6_poi_shown_during_a_party_lets_a_canoe_that_had_no_move_left_join_it(rules):
    s = engine.load_scenario(rules, {**MOVE, "cards": {"Tonga": {"hand": ["poi"]}},
                                     "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 2}]}})
    do(s, "party 0807", "take transport_canoe", "go 0906", "go 1006", "done")
    do(s, "party 0807", "take transport_canoe", "go 0906", "go 1006")
    assert "take transport_canoe" not in legal(s)
    do(s, "show poi", "take transport_canoe")
    assert moves_left(s) == [1, 1] and sail(s, ("1106",)) == 1


def test_M4_4_a_war_canoe_stopped_by_an_enemy_war_canoe_stays_stopped_when_poi_is_shown(rules):
    s = engine.load_scenario(rules, {**MOVE, "cards": {"Tonga": {"hand": ["poi"]}},
                                     "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1}],
                                                "Samoa": [{"hex": "0906", "war_canoe": 1}]}})
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "party 0807", "take transport_canoe", "go 0808")
    do(s, "show poi")
    assert moves_left(s) == [2], "the transport canoe that made one move has two left"
    do(s, "done")
    assert "party 0906" not in legal(s), "the war canoe that had to stop at 0906 gets no move back"


# --- Aquaculture (C6): the Building step's BP -----------------------------------------------------------------------

def test_B4_aquaculture_shown_in_building_adds_its_point_that_step(rules):
    s = engine.load_scenario(rules, {**BUILD, "cards": {"Tonga": {"hand": ["aquaculture"]}}})
    assert engine.observe(s, "Tonga")["building"]["areas"][0]["bp"] == 2
    do(s, "show aquaculture")
    assert engine.observe(s, "Tonga")["building"]["areas"][0]["bp"] == 3
    assert "build war_canoe 0807" in legal(s)


def test_B4_aquaculture_shown_after_planning_adds_to_what_is_left(rules):
    s = engine.load_scenario(rules, {**BUILD, "cards": {"Tonga": {"hand": ["aquaculture"]}}})
    do(s, "build warrior_band 0807", "show aquaculture")
    assert engine.observe(s, "Tonga")["building"]["areas"][0]["bp"] == 1


# --- Pa (M8.2): the defender's local warriors ----------------------------------------------------------------------

def attack_samoas_home(rules, samoa_hand: list[str], tonga_shown: list[str]) -> engine.GameState:
    """Tonga's war canoe ends beside Samoa's home (0806, 2 villages: 1 local warrior, M8.2)."""
    s = engine.load_scenario(rules, {**MOVE, "cards": {"Tonga": {"shown": tonga_shown},
                                                      "Samoa": {"hand": samoa_hand}},
                                     "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}], "Samoa": []}})
    do(s, "party 0807", "take war_canoe", "go 0806", "done")
    return s


def test_M_pa_hidden_defender_may_reveal_before_rows_form(rules):
    """Arioi face up on the table: the defender still has its moment before the rows form (M8.2, X6)."""
    s = attack_samoas_home(rules, ["pa"], ["arioi"])
    do(s, "end")
    assert engine.current_player(s) == "Samoa" and engine.observe(s, "Tonga")["decision"]["stage"] == "cancel"
    assert legal(s) == ["fight", "show pa"]
    events = do(s, "show pa", "fight")
    assert next(e for e in events if e.kind == "battle_started").get("local_warriors") == 2


def test_M8_2_pa_shown_while_the_battle_is_fought_adds_its_local_warrior_at_once(rules):
    s = attack_samoas_home(rules, ["pa", "feather_cloak"], ["arioi"])
    do(s, "end", "fight")
    assert engine.observe(s, "Samoa")["decision"]["kind"] == "battle_card"
    do(s, "show pa")
    assert engine.observe(s, "Tonga")["movement"]["battle"]["front"][1] == {"local_warrior": 2}


def test_X33_the_moment_before_the_rows_form_opens_on_public_facts(rules):
    """The defender holding Pa, or a plain card: the attacker sees the same window (X9, X33)."""
    armed, plain = (attack_samoas_home(rules, [key], ["arioi"]) for key in ("pa", "moai"))
    for s in (armed, plain):
        do(s, "end")
    assert engine.observe(armed, "Tonga") == engine.observe(plain, "Tonga")
    assert engine.current_player(plain) == "Samoa" and legal(plain) == ["fight", "show moai"]


# --- Cannibalism (B4): the winner's card ---------------------------------------------------------------------------

def test_cannibalism_defender_has_a_moment_to_reveal(rules):
    """Samoa defends at sea with Cannibalism hidden; Arioi and Feather Cloak lie face up, so no other window
    would give it a moment. It shows the card before the rows form, wins, and Tonga's retreating band is eaten."""
    s = engine.load_scenario(rules, {**MOVE, "cards": {"Tonga": {"shown": ["arioi", "feather_cloak"]},
                                                      "Samoa": {"hand": ["cannibalism"]}},
                                     "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "warrior_band": 1}],
                                                "Samoa": [{"hex": "0906", "war_canoe": 1, "warrior_band": 1}]}})
    do(s, "party 0807", "take war_canoe", "take warrior_band war_canoe", "go 0906", "done", "end")
    assert engine.current_player(s) == "Samoa" and "show cannibalism" in legal(s)
    do(s, "show cannibalism", "fight", "die 2", "panic warrior_band", "die 2")
    assert count(s, "Tonga", BAND) == 0, "Tonga's band retreated with its canoe and was eaten"
