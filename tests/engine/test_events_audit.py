"""Issue 37's audit of the random events (A7): who chooses the pieces the sea takes (X28), what the table learns of
them (X9), the Shaman on an explorer in the Lost box (E2), and a home an event empties, named at once (M11, X29)."""
from __future__ import annotations

import engine
from engine.driver import play
from engine.exploration import Exploration
from engine.movement import Movement
from engine.state import EXPLORATION, RUMOR, TRANSPORT, WAR_CANOE

from .helpers import count, do, legal

EVENTS = {"players": ["Tonga", "Samoa"], "options": {"random_events": True}, "ocean": ["0906", "0907"]}
# Tonga's stack at sea: what the Typhoon's owner-chosen losses are read against.
STACK = {"hex": "0906", "war_canoe": 2, "transport_canoe": 1, "rumor": 1}


def hold(state: engine.GameState, player: int, event_key: str) -> None:
    """The player keeps this event, as if drawn earlier (A7)."""
    card = next(i for i, e in enumerate(state.rules.events) if e["id"] == event_key)
    state.adv.event_deck.remove(card)
    state.adv.events_held[player].append(card)
    state.memo = None


def typhoon_on(state: engine.GameState, hex_label: str) -> list:
    """Samoa, last on the track, draws the Typhoon and aims it (A7)."""
    return do(state, "event typhoon", f"target {hex_label}")


def test_A7_X28_typhoon_owner_chooses_which_pieces_sink(rules):
    s = engine.load_scenario(rules, {**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 3},
                                     "pieces": {"Tonga": [STACK]}, "cards": {"Tonga": {"hand": ["moai"]}}})
    typhoon_on(s, "0906")
    assert engine.current_player(s) == "Tonga", "the owner, who alone sees inside the stack (M6), chooses"
    assert legal(s) == ["lose rumor", "lose transport_canoe", "lose war_canoe"], "and nothing else meanwhile (X32)"
    do(s, "lose war_canoe", "lose war_canoe")
    assert count(s, "Tonga", WAR_CANOE, "0906") == 0
    assert count(s, "Tonga", TRANSPORT, "0906") == count(s, "Tonga", RUMOR, "0906") == 1
    assert engine.current_player(s) == "Samoa" and s.step == 0, "then the marker holder's choice, as before"


def test_A7_X9_the_table_learns_how_many_pieces_sank_never_which(rules):
    s = engine.load_scenario(rules, {**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 3}, "pieces": {"Tonga": [STACK]}})
    typhoon_on(s, "0906")
    seen = engine.observe(s, "Samoa")
    assert seen["decision"] == {"who": "Tonga", "step": "turn_order", "kind": "lose", "stage": "events",
                                "rule": "X28", "hex": "0906"}
    do(s, "lose war_canoe", "lose rumor")
    for viewer in ("Samoa", "Tonga", None):
        sunk = [e for e in engine.observe(s, viewer)["log"] if e["kind"] == "pieces_sunk"]
        assert sunk == [{"kind": "pieces_sunk", "hex": "0906", "pieces": 2, "sunk": {"Tonga": {"piece": 2}}}]


def test_A7_X28_the_drawer_says_whose_pieces_the_sea_takes(rules):
    sc = {"players": ["Tonga", "Samoa", "Hiva"], "options": {"random_events": True}, "ocean": ["0907"],
          "vp_track": {"Tonga": 6, "Samoa": 3, "Hiva": 6},
          "pieces": {"Tonga": [{"hex": "0907", "war_canoe": 2}], "Hiva": [{"hex": "0907", "transport_canoe": 2}]}}
    s = engine.load_scenario(rules, sc)
    typhoon_on(s, "0907")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["target Hiva", "target Tonga"]
    assert engine.observe(s, "Tonga")["decision"]["kind"] == "event_target"
    do(s, "target Tonga")
    assert engine.current_player(s) == "Tonga" and legal(s) == ["lose war_canoe"], "asked on the height alone"
    do(s, "lose war_canoe", "target Tonga")
    assert engine.current_player(s) == "Samoa", "Tonga's last piece there needs no choice"
    assert count(s, "Tonga", WAR_CANOE, "0907") == 0 and count(s, "Hiva", TRANSPORT, "0907") == 2


def test_A7_X28_taniwha_owner_chooses_then_the_explorer_goes_on(rules):
    s = engine.load_scenario(rules, {**EVENTS, "step": "exploration", "order": ["Samoa", "Tonga"],
                                     "pieces": {"Tonga": [STACK]}})
    hold(s, 1, "taniwha")
    do(s, "play taniwha 0906")
    assert engine.current_player(s) == "Tonga" and "lose war_canoe" in legal(s)
    do(s, "lose rumor")
    assert count(s, "Tonga", RUMOR, "0906") == 0 and count(s, "Tonga", WAR_CANOE, "0906") == 2
    assert engine.current_player(s) == "Samoa" and isinstance(s.sub, Exploration) and s.sub.player == 1
    assert engine.observe(s, "Tonga")["decision"]["kind"] == "explore"


def test_X28_in_movement_taniwha_on_a_shared_stack_asks_whose_then_which(rules):
    """Between the mover's parties the Movement & Battle step hands the event's choices over at once (X28): the
    player who played it says whose piece the sea takes, its owner which; then the mover goes on."""
    sc = {**EVENTS, "step": "movement", "order": ["Tonga", "Samoa"],
          "pieces": {"Samoa": [STACK], "Tonga": [{"hex": "0906", "war_canoe": 1}]}}
    s = engine.load_scenario(rules, sc)
    hold(s, 0, "taniwha")
    assert "play taniwha 0906" in legal(s), "a stack taller than what the sea takes may be aimed at"
    do(s, "play taniwha 0906")
    assert engine.current_player(s) == "Tonga" and legal(s) == ["target Samoa", "target Tonga"]
    assert engine.observe(s, "Samoa")["decision"]["kind"] == "event_target"
    do(s, "target Samoa")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["lose rumor", "lose transport_canoe",
                                                                 "lose war_canoe"], "and nothing else (X32)"
    do(s, "lose transport_canoe")
    assert count(s, "Samoa", TRANSPORT, "0906") == 0 and count(s, "Samoa", WAR_CANOE, "0906") == 2
    assert count(s, "Tonga", WAR_CANOE, "0906") == 1
    assert engine.current_player(s) == "Tonga" and isinstance(s.sub, Movement) and s.sub.player == 0
    assert s.sub.owed is None and engine.observe(s, "Tonga")["decision"]["kind"] == "move"


def test_A7_E2_a_shaman_on_a_lost_explorer_is_spent_with_the_step_it_falls_on(rules):
    s = engine.load_scenario(rules, {**EVENTS, "step": "movement", "order": ["Tonga", "Samoa"],
                                     "explorers": {"Samoa": "lost"}})
    hold(s, 0, "shaman")
    do(s, "play shaman Samoa")
    play(s, ending, until=lambda st: st.step == EXPLORATION)
    assert s.turn == 2 and engine.current_player(s) == "Tonga"
    play(s, ending, until=lambda st: st.step != EXPLORATION)
    assert not s.adv.skip_exploration[1], "E2 took that step from Samoa already"
    play(s, ending, until=lambda st: st.step == EXPLORATION and isinstance(st.sub, Exploration)
         and st.sub.player == 1)
    assert s.turn == 3 and engine.current_player(s) == "Samoa", "the next turn Samoa explores"


def ending(state: engine.GameState, who: str) -> engine.Action:
    """Each player ends their part of every step at once (no internal rotation to send an explorer away)."""
    actions = engine.legal_actions(state)
    return next((a for a in actions if a.verb in ("end", "pass")), actions[0])


def homeless_scenario(step: str) -> dict:
    """Samoa's home has one village left; Samoa controls Fiji and Tonga's old ground besides (for M11's choice)."""
    return {**EVENTS, "step": step, "order": ["Tonga", "Samoa"],
            "islands": [{"ig": "Samoa", "villages": 1, "controller": "Samoa", "home": True, "capital": True},
                        {"ig": "Fiji", "villages": 2, "controller": "Samoa"},
                        {"ig": "Vanuatu", "villages": 1, "controller": "Samoa"}]}


def test_M11_X29_a_home_pele_empties_is_named_at_once(rules):
    s = engine.load_scenario(rules, homeless_scenario("exploration"))
    hold(s, 0, "pele")
    before = engine.vp(s, "Samoa")
    do(s, "play pele 0806")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["home 0506", "home 0706"]
    assert engine.observe(s, "Tonga")["decision"]["kind"] == "new_home"
    do(s, "home 0706")
    fiji = rules.map.hex_of("Fiji")
    assert s.home[1] == s.capital[1] == fiji and engine.current_player(s) == "Tonga"
    assert engine.vp(s, "Samoa") == before - 1, "a village lost, the home's point kept in this Victory step"


def test_M11_X29_with_one_ig_left_the_home_is_named_for_its_player(rules):
    sc = homeless_scenario("movement")
    sc["islands"] = sc["islands"][:2]
    s = engine.load_scenario(rules, sc)
    hold(s, 0, "pele")
    do(s, "play pele 0806")
    assert s.home[1] == rules.map.hex_of("Fiji") and engine.current_player(s) == "Tonga"


def test_M11_X29_in_movement_a_home_pele_empties_is_named_at_once_then_the_mover_goes_on(rules):
    s = engine.load_scenario(rules, homeless_scenario("movement"))
    hold(s, 0, "pele")
    assert "play pele 0806" in legal(s)
    do(s, "play pele 0806")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["home 0506", "home 0706"]
    assert engine.observe(s, "Tonga")["decision"]["kind"] == "new_home"
    do(s, "home 0706")
    assert s.home[1] == rules.map.hex_of("Fiji")
    assert engine.current_player(s) == "Tonga" and isinstance(s.sub, Movement) and s.sub.player == 0
    assert engine.observe(s, "Tonga")["decision"]["kind"] == "move", "the mover acts again"
    do(s, "end")
    assert engine.current_player(s) == "Samoa" and s.sub.player == 1, "and their step ends as before"
