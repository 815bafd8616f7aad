"""Building step audit (issue 37): A2's coin kept until spent (X43), A7's lost BP taken from the whole (X44), and
the cards bought in secret (X8, X23): `buy` offered on what the builder may know, a shortage settled in turn order."""
from __future__ import annotations

import pytest

import engine

from .helpers import do, legal

BASE = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"]}
A2 = {**BASE, "options": {"saved_resources": True}, "saved_bp": {"Tonga": 1}}
FIJI = [{"ig": "Tonga", "villages": 2, "controller": "Tonga", "capital": True},
        {"ig": "Fiji", "villages": 3, "controller": "Tonga"}]      # 0706, an area of its own (B1.4)


def area_bp(s):
    return [area["bp"] for area in engine.observe(s, s.names[s.actor])["building"]["areas"]]


def coin_events(events):
    return [e.get("saved") for e in events if e.kind == "saved_build_point"]


# --- A2, X43 ----------------------------------------------------------------------------------------------------

def test_A2_a_saved_build_point_keeps_for_a_later_building_step(rules):
    s = engine.load_scenario(rules, A2)
    assert area_bp(s) == [3], "2 villages and the coin"
    events = do(s, "build warrior_band 0807", "end", "end")
    assert s.saved_bp[0] == 1 and coin_events(events) == [], "one BP left unspent: the coin stays, not saved again"
    assert engine.observe(s, "Samoa")["players"][0]["saved_bp"] == 1


def test_A2_the_coin_is_spent_last_and_a_new_one_may_be_saved(rules):
    s = engine.load_scenario(rules, A2)
    events = do(s, "build warrior_band 0807", "build transport_canoe 0807", "end", "end")
    assert s.saved_bp[0] == 0 and coin_events(events) == [0], "all the home's BP spent: the coin with them"
    s = engine.load_scenario(rules, {**A2, "islands": FIJI})
    do(s, "build war_canoe 0807")
    assert "save_bp 0706" in legal(s), "the coin is spent: another BP may be saved"
    events = do(s, "save_bp 0706", "build rumor 0807", "end", "end")
    assert s.saved_bp[0] == 1 and coin_events(events) == [], "a coin saved away from home is not the home's BP"


# --- A7 Invasive Weeds, X44 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("home,fiji,left", [(1, 3, [0, 2]), (4, 1, [3, 0]), (2, 2, [2, 0])])
def test_A7_invasive_weeds_takes_two_bp_from_the_whole(rules, home, fiji, left):
    s = engine.load_scenario(rules, {
        "players": ["Tonga", "Samoa"], "options": {"random_events": True}, "vp_track": {"Tonga": 6, "Samoa": 3},
        "explorers": {"Tonga": "lost", "Samoa": "lost"},       # no exploration this turn: straight to building
        "islands": [{"ig": "Tonga", "villages": home, "controller": "Tonga", "capital": True},
                    {"ig": "Fiji", "villages": fiji, "controller": "Tonga"}]})
    do(s, "event invasive_weeds", "target Tonga", "order Tonga cw", "end", "end")
    assert engine.observe(s, "Tonga")["step"] == "building" and engine.current_player(s) == "Tonga"
    assert area_bp(s) == left, "« 2 fewer build points »: the fewest first, home last among equals"


def test_A7_X44_a_lost_bp_never_takes_the_coin(rules):
    s = engine.load_scenario(rules, {**A2, "islands": [{"ig": "Tonga", "villages": 1, "controller": "Tonga",
                                                         "capital": True}]})
    s.adv.bp_delta[0] = -2                 # Invasive Weeds aimed at Tonga before this step
    engine.building.begin(s)
    assert area_bp(s) == [1], "the village's BP lost, the coin kept"


# --- X8, X23: the cards bought in secret ------------------------------------------------------------------------

ONE_CARD = {"players": ["Tonga", "Samoa", "Hiva"], "step": "building", "order": ["Tonga", "Samoa", "Hiva"],
            "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True},
                        {"ig": "Samoa", "villages": 4, "controller": "Samoa", "capital": True}]}


def one_card_left(rules, **extra):
    """The deck holds moai alone: Hiva holds every other card."""
    others = [c.key for c in rules.cards if c.key != "moai"] + ["pa"]
    return engine.load_scenario(rules, {**ONE_CARD, **extra, "cards": {"Hiva": {"hand": others}}})


@pytest.mark.parametrize("tonga", [["buy 0807"], ["build warrior_band 0807"], []])
def test_X8_buy_is_offered_on_what_the_builder_may_know(rules, tonga):
    s = one_card_left(rules)
    assert len(s.deck) == 1
    base = one_card_left(rules)
    do(base, "end")
    do(s, *tonga, "end")
    assert engine.observe(s, "Samoa") == engine.observe(base, "Samoa"), "views are equal"
    assert legal(s) == legal(base), "so are the legal actions (X9)"
    assert "buy 0806" in legal(s)


def test_X23_the_last_card_goes_to_the_first_buyer_in_turn_order(rules):
    s = one_card_left(rules)
    do(s, "buy 0807", "end", "buy 0806", "end", "end")
    assert engine.current_player(s) == engine.CHANCE
    events = do(s, "card moai")
    assert [(e.kind, e.get("player")) for e in events if e.kind.startswith("card_")] == [
        ("card_bought", "Tonga"), ("card_drawn", "Tonga"), ("card_not_drawn", "Samoa")]
    assert s.hand[0] == [rules.card_id("moai")] and s.hand[1] == [] and s.saved_bp[1] == 0, "no A2: BP lost"
    assert engine.observe(s, "Samoa")["step"] == "victory"


def test_X23_a_buyer_left_without_a_card_keeps_a_bp_as_the_coin(rules):
    s = one_card_left(rules, options={"saved_resources": True}, saved_bp={"Tonga": 1})
    do(s, "buy 0807", "build warrior_band 0807", "end", "buy 0806", "end", "end", "card moai")
    assert s.saved_bp[1] == 1, "A2: one of the 2 unspent BP becomes Samoa's coin"
    assert s.saved_bp[0] == 1, "Tonga's coin, never spent, stays"
    s = one_card_left(rules, options={"saved_resources": True}, saved_bp={"Samoa": 1})
    do(s, "buy 0807", "end", "buy 0806", "build warrior_band 0806", "end", "end", "card moai")
    assert s.saved_bp[1] == 1, "never more than 1 saved BP"
