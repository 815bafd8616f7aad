"""Battle resolution, rules M8-M14 (rulings X3, X4, X16, X17), with chosen die rolls."""
from __future__ import annotations

import pytest

import engine
from engine.state import BAND, COLONY, NOBODY, OUT_OF_GAME, TRANSPORT, UNBUILT, WAR_CANOE
from tests.positions import game, m14_game

from .helpers import count, do, legal


def kinds(events):
    return [e.kind for e in events]


def test_M14_rulebook_example(rules):
    """1 band + 2 war canoes + 1 transport attack an IG with 2 villages defended by 1 band and 1 local
    warrior; rolls 3, 4, 1, 4; the defender retreats, the attacker saves no village."""
    s = m14_game(rules)
    do(s, "party 0906", "take war_canoe", "take war_canoe", "take warrior_band war_canoe", "take transport_canoe",
       "go 1007", "done")
    events = do(s, "end")
    start = next(e for e in events if e.kind == "battle_started")
    assert start.get("attacker_pieces") == {"war_canoe": 2, "warrior_band": 1, "transport_canoe": 1}
    assert start.get("defender_pieces") == {"transport_canoe": 1, "warrior_band": 1}
    assert start.get("local_warriors") == 1 and start.visible is None
    seen = engine.observe(s, "Samoa")["movement"]["battle"]
    assert seen["front"] == [{"war_canoe": 2, "warrior_band": 1}, {"warrior_band": 1, "local_warrior": 1}]
    assert seen["back"] == [{"transport_canoe": 1}, {"transport_canoe": 1}], "M8.1: the rows everyone sees"
    assert seen["cards"] == [[], []] and seen["villages"] == 2
    do(s, "die 3")
    assert engine.current_player(s) == "Tonga"                 # attacker chooses which piece panics
    do(s, "panic warrior_band", "die 4")
    assert engine.current_player(s) == "Samoa"                 # the defender chooses, on Tonga's turn
    do(s, "panic warrior_band")
    events = do(s, "die 1")                                   # only war canoes left in front: no choice
    assert ("piece_removed", "war_canoe") in [(e.kind, e.get("piece")) for e in events]
    events = do(s, "die 4")                                   # the local warrior panics: Samoa loses
    retreat = next(e for e in events if e.kind == "retreat")
    assert retreat.get("to") == "0806" and retreat.get("pieces") == 2 and retreat.get("removed") == 0
    assert count(s, "Samoa", BAND, "0806") == 3 and count(s, "Samoa", TRANSPORT, "0806") == 1
    assert legal(s) == ["raze", "save war_canoe"], "the band panicked: only the war canoe could save one"
    events = do(s, "raze")
    h = rules.map.hex_of("1007")
    assert s.villages(h) == 0 and s.controller[h] == NOBODY
    assert s.orient[h] == 0, "the tile turns to face the winner's home"
    assert legal(s) == ["done", "raise 1007"]
    do(s, "raise 1007")
    assert count(s, "Tonga", WAR_CANOE, "1007") == 1 and count(s, "Tonga", BAND, "1007") == 1
    assert count(s, "Tonga", TRANSPORT, "1007") == 1 and count(s, "Tonga", WAR_CANOE) == 1
    assert engine.current_player(s) == "Samoa", "Tonga's step is over"
    assert engine.vp(s, "Samoa") == 3


def test_M8_battle_waits_for_all_movement_and_the_attacker_orders_battles(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}],
             [{"hex": "0906", "transport_canoe": 1}, {"hex": "0808", "transport_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "go 0906", "done")
    assert engine.current_player(s) == "Tonga" and "party 0807" in legal(s), "no battle during movement"
    do(s, "party 0807", "take war_canoe", "go 0808", "done", "end")
    assert legal(s) == ["battle 0808", "battle 0906"]
    do(s, "battle 0906")
    assert count(s, "Samoa", TRANSPORT, "0906") == 0


def test_M8_1_rumors_are_removed_and_everything_revealed(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1, "rumor": 1}],
             [{"hex": "0906", "rumor": 1, "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "take rumor", "go 0906", "done")
    events = do(s, "end")
    assert kinds(events).count("rumor_removed") == 2
    start = next(e for e in events if e.kind == "battle_started")
    assert start.get("defender_pieces") == {"war_canoe": 1}
    view = engine.observe(s, "Samoa")["movement"]["battle"]
    assert view["front"] == [{"war_canoe": 1}, {"war_canoe": 1}]


def test_M8_1_bands_on_transports_stay_back(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 2}],
             [{"hex": "0906", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "take transport_canoe", "take warrior_band war_canoe",
       "take warrior_band transport_canoe", "go 0906", "done", "end")
    front = engine.observe(s, "Tonga")["movement"]["battle"]["front"][0]
    assert front == {"war_canoe": 1, "warrior_band": 1}


def test_M5_M8_1_a_band_a_transport_brought_never_fights_even_beside_an_empty_war_canoe(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 1}],
             [{"hex": "0906", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "take transport_canoe", "take warrior_band transport_canoe",
       "go 0906", "done", "end")
    assert engine.observe(s, "Tonga")["movement"]["battle"]["front"][0] == {"war_canoe": 1}
    # The same pieces, the band aboard the war canoe: it fights.
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 1}],
             [{"hex": "0906", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "take transport_canoe", "take warrior_band war_canoe",
       "go 0906", "done", "end")
    assert engine.observe(s, "Tonga")["movement"]["battle"]["front"][0] == {"war_canoe": 1, "warrior_band": 1}


@pytest.mark.parametrize("villages,warriors", [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_M8_2_local_warriors_by_villages(rules, villages, warriors):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}], [{"hex": "Samoa", "warrior_band": 1}],
             islands=[{"ig": "Samoa", "villages": villages, "controller": "Samoa", "capital": True}])
    do(s, "party 0807", "take war_canoe", "go 0806", "done")
    events = do(s, "end")
    assert next(e for e in events if e.kind == "battle_started").get("local_warriors") == warriors


def test_M8_3_a_defender_without_combat_pieces_loses_at_once(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}], [{"hex": "0906", "transport_canoe": 1, "colony": 1}])
    do(s, "party 0807", "take war_canoe", "go 0906", "done")
    events = do(s, "end")
    assert "battle_won_at_once" in kinds(events) and "die_rolled" not in kinds(events)
    assert count(s, "Samoa", TRANSPORT, "0806") == 1, "it retreats home with its colony"
    assert engine.current_player(s) == "Samoa"


@pytest.mark.parametrize("face,result", [(1, "attacker_removed"), (2, "attacker_panics"), (3, "attacker_panics"),
                                          (4, "defender_panics"), (5, "defender_panics"), (6, "defender_removed")])
def test_M8_4_die_table(rules, face, result):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}], [{"hex": "0906", "war_canoe": 2}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
    events = do(s, f"die {face}")
    rolled = next(e for e in events if e.kind == "die_rolled")
    assert rolled.get("result") == result
    loser = "Tonga" if result.startswith("attacker") else "Samoa"
    hit = next(e for e in events if e.kind in ("piece_removed", "piece_panicked"))
    assert hit.get("player") == loser
    assert (hit.kind == "piece_removed") == result.endswith("removed")
    if result.endswith("removed"):
        assert count(s, loser, WAR_CANOE) == 1 and s.piece_hex.count(UNBUILT) > 0


def test_M8_5_rounds_until_one_front_row_is_empty(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}], [{"hex": "0906", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end", "die 2")
    assert engine.current_player(s) == engine.CHANCE, "one attacker canoe left fighting"
    events = do(s, "die 5")
    assert "battle_won" in kinds(events)
    won = next(e for e in events if e.kind == "battle_won")
    assert won.get("winner") == "Tonga"


def test_M9_retreat_to_the_nearest_controlled_ig_owner_breaks_ties(rules):
    sc = {"tiles": [{"hex": "0905", "tile": "Tahiti"}, {"hex": "1106", "tile": "Rotuma"}],
          "islands": [{"ig": "0905", "villages": 1, "controller": "Samoa"},
                      {"ig": "1106", "villages": 1, "controller": "Samoa"}]}
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}], [{"hex": "0906", "transport_canoe": 1}], **sc)
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "end")
    # Samoa's home and 0905 are both one hex away (1106 is two): Samoa chooses, on Tonga's turn.
    assert engine.current_player(s) == "Samoa" and legal(s) == ["retreat 0806", "retreat 0905"]
    do(s, "retreat 0905")
    assert count(s, "Samoa", TRANSPORT, "0905") == 1


def test_M9_X4_no_controlled_ig_means_removal_and_bands_need_canoes(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}], [{"hex": "0906", "war_canoe": 1, "warrior_band": 2}],
             islands=[{"ig": "Samoa", "villages": 2, "controller": "Samoa"}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
    # Samoa's front: war canoe + 1 band (one band rides each war canoe at sea); the second band is back.
    assert engine.observe(s, "Tonga")["movement"]["battle"]["front"][1] == {"war_canoe": 1, "warrior_band": 1}
    do(s, "die 6")
    assert engine.current_player(s) == "Samoa"
    do(s, "lose war_canoe", "die 6")
    retreat = [e for e in engine.observe(s, "Tonga")["log"] if e["kind"] == "retreat"][-1]
    assert retreat["removed"] == 1 and retreat["pieces"] == 0, "the back band had no canoe to carry it"


def test_M9_X17_a_war_canoe_carries_a_colony_in_retreat(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}], [{"hex": "0906", "war_canoe": 1, "colony": 1}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end", "die 4")
    retreat = next(e for e in engine.observe(s, "Tonga")["log"] if e["kind"] == "retreat")
    assert retreat["pieces"] == 2 and retreat["removed"] == 0
    assert count(s, "Samoa", COLONY, "0806") == 1, "the panicked war canoe carried the colony home"


def test_M9_X17_with_too_few_canoes_the_owner_chooses_whom_to_keep(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}],
             [{"hex": "0906", "transport_canoe": 1, "warrior_band": 1, "colony": 1}])
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "end")   # M8.3: no combat piece at sea
    assert engine.current_player(s) == "Samoa" and legal(s) == ["carry colony", "carry warrior_band"]
    do(s, "carry colony")
    assert count(s, "Samoa", COLONY, "0806") == 1 and count(s, "Samoa", BAND) == 0
    assert engine.current_player(s) == "Samoa", "Tonga's step is over; the battle settled"
    # Two canoes for the two passengers: nobody is asked.
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}],
             [{"hex": "0906", "transport_canoe": 2, "warrior_band": 1, "colony": 1}])
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "end")
    assert count(s, "Samoa", COLONY, "0806") == 1 and count(s, "Samoa", BAND, "0806") == 1


def test_X4_retreat_with_no_controlled_ig_removes_everything(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}], [{"hex": "0906", "transport_canoe": 1}],
             islands=[{"ig": "Samoa", "villages": 0}])
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "end")
    assert count(s, "Samoa", TRANSPORT) == 0


def test_M9_never_into_a_hex_with_enemy_combat_pieces(rules):
    # A Tonga warrior band stands on Samoa's home: Samoa's retreat cannot go there and has nowhere else.
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}, {"hex": "Samoa", "warrior_band": 1}],
             [{"hex": "0906", "transport_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "end")
    assert count(s, "Samoa", TRANSPORT) == 0


def test_M10_X3_saving_villages_and_ia_stays(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 3}], [], tiles=[{"hex": "0907", "tile": "Tahiti"}],
             islands=[{"ig": "0907", "villages": 3, "ia": 1, "controller": "Samoa"}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "take war_canoe", "go 0907", "done", "end")
    do(s, "die 5", "die 6")
    assert engine.current_player(s) == "Tonga" and "save war_canoe" in legal(s)
    do(s, "save war_canoe", "save war_canoe", "raze")
    h = rules.map.hex_of("0907")
    assert s.villages(h) == 2 and s.controller[h] == 0 and s.ia[h] == 1
    assert sum(1 for p in s.pieces_of(0, WAR_CANOE) if s.piece_hex[p] == OUT_OF_GAME) == 2
    assert engine.vp(s, "Tonga") == 3 + 2


def test_X3_panicked_pieces_cannot_save(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}], [], tiles=[{"hex": "0907", "tile": "Tahiti"}],
             islands=[{"ig": "0907", "villages": 2, "controller": "Samoa"}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0907", "done", "end", "die 2", "die 5")
    assert legal(s) == ["raze", "save war_canoe"]
    do(s, "save war_canoe")
    h = rules.map.hex_of("0907")
    assert s.villages(h) == 1 and s.controller[h] == 0, "one village saved; the panicked canoe could not"


def test_M10_X22_saving_never_spends_the_last_piece_on_a_printed_ig(rules):
    fiji = next(ig for ig in rules.map.islands if ig.name == "Fiji")
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0706", "done", "end",
       *["die 6"] * fiji.local_warriors)
    assert legal(s) == ["raze", "save war_canoe"]
    do(s, "save war_canoe")
    assert s.controller[fiji.hex] == 0 and s.villages(fiji.hex) == 1, "the last war canoe stays: no second save"
    assert count(s, "Tonga", WAR_CANOE, "0706") == 1 and s.must_hold[fiji.hex] == 0
    # A transport canoe in the back row holds Fiji as well: both war canoes may save a village.
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2, "transport_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "take war_canoe", "take transport_canoe", "go 0706", "done", "end",
       *["die 6"] * fiji.local_warriors)
    do(s, "save war_canoe", "save war_canoe")
    assert s.villages(fiji.hex) == 2 and count(s, "Tonga", TRANSPORT, "0706") == 1


def test_M11_a_player_who_loses_the_home_names_another(rules):
    tiles = [{"hex": "0905", "tile": "Tahiti"}, {"hex": "0805", "tile": "Rotuma"}]
    islands = [{"ig": "0905", "villages": 1, "controller": "Samoa"},
               {"ig": "0805", "villages": 1, "controller": "Samoa"},
               {"ig": "Samoa", "villages": 1, "controller": "Samoa", "capital": True}]
    s = game(rules, [{"hex": "Tonga", "war_canoe": 2}], [], tiles=tiles, islands=islands)
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0806", "done", "end", "die 6")
    assert "raze" in legal(s)
    do(s, "raze")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["home 0805", "home 0905"]
    do(s, "home 0905")
    samoa = s.names.index("Samoa")
    assert s.home[samoa] == s.capital[samoa] == rules.map.hex_of("0905")


def test_M13_independents_defend_with_map_warriors_and_reset_after_a_failed_attack(rules):
    fiji = next(ig for ig in rules.map.islands if ig.name == "Fiji")
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "go 0706", "done")
    events = do(s, "end")
    start = next(e for e in events if e.kind == "battle_started")
    assert start.get("local_warriors") == fiji.local_warriors and start.get("villages") == fiji.green
    do(s, "die 1")
    assert s.controller[fiji.hex] == engine.state.INDEPENDENT
    assert count(s, "Tonga", WAR_CANOE) == 0


def test_M13_a_conquered_independent_keeps_a_garrison(rules):
    fiji = next(ig for ig in rules.map.islands if ig.name == "Fiji")
    s = game(rules, [{"hex": "Tonga", "war_canoe": 4}])
    do(s, "party 0807", *["take war_canoe"] * 4, "go 0706", "done", "end")
    for _ in range(fiji.local_warriors):
        do(s, "die 6")
    do(s, "save war_canoe", "raze")
    assert s.controller[fiji.hex] == 0 and s.villages(fiji.hex) == 1 and s.must_hold[fiji.hex] == 0


def test_M12_local_warriors_leave_and_the_defender_keeps_its_ig(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}], [{"hex": "Samoa", "transport_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "go 0806", "done", "end", "die 2")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["done", "raise 0806"]
    do(s, "done")
    samoa = rules.map.hex_of("Samoa")
    assert s.controller[samoa] == 1 and s.villages(samoa) == 2
    assert count(s, "Tonga", WAR_CANOE, "0807") == 1, "the attacker retreated home"


# --- M10: only the IG attacked is razed (X39) -------------------------------------------------------------------

def test_M10_an_enemy_rumor_in_the_attackers_home_razes_nothing(rules):
    """Samoa's rumor sails into Tonga's home, where Tonga has a war canoe: Tonga's forced battle removes the
    rumor (M8.1) and Tonga keeps both villages, the home and its VP."""
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}], [{"hex": "Tonga", "rumor": 1}],
             islands=[{"ig": "Tonga", "villages": 2, "controller": "Tonga", "capital": True, "home": True}])
    home = rules.map.hex_of("0807")
    before = engine.vp(s, "Tonga")
    events = do(s, "end")
    assert "rumor_removed" in kinds(events) and "battle_won" in kinds(events)
    assert "conquest" not in kinds(events) and "home_lost" not in kinds(events)
    assert s.villages(home) == 2 and s.controller[home] == s.names.index("Tonga")
    assert s.home[0] == s.capital[0] == home and s.must_hold[home] == NOBODY
    assert engine.vp(s, "Tonga") == before == 3


def test_M10_attacking_a_canoe_on_ones_own_ig_keeps_the_village(rules):
    """Tonga controls Rarotonga (1 village); a Samoa transport canoe rests there. Tonga's war canoe attacks it
    and wins at once (M8.3): the canoe retreats, Tonga's village and control stay."""
    s = game(rules, [{"hex": "0906", "war_canoe": 1}], [{"hex": "1007", "transport_canoe": 1}],
             tiles=[{"hex": "1007", "tile": "Rarotonga"}],
             islands=[{"ig": "1007", "villages": 1, "controller": "Tonga"}])
    h = rules.map.hex_of("1007")
    events = do(s, "party 0906", "take war_canoe", "go 1007", "done", "end")
    assert "battle_won_at_once" in kinds(events) and "conquest" not in kinds(events)
    assert count(s, "Samoa", TRANSPORT, "1007") == 0
    assert s.villages(h) == 1 and s.controller[h] == 0 and s.must_hold[h] == NOBODY


def test_M10_an_attack_on_the_defenders_ig_still_razes_it(rules):
    """The same canoe on Rarotonga controlled by Samoa: the battle is against the IG's holder, so it is a
    conquest; with no piece left to save a village, the village goes."""
    s = game(rules, [{"hex": "0906", "war_canoe": 1}], [{"hex": "1007", "transport_canoe": 1}],
             tiles=[{"hex": "1007", "tile": "Rarotonga"}],
             islands=[{"ig": "1007", "villages": 1, "controller": "Samoa"}], dice=[6])
    h = rules.map.hex_of("1007")
    do(s, "party 0906", "take war_canoe", "go 1007", "done", "end")
    events = do(s, "die 6")
    assert "battle_won" in kinds(events)
    do(s, "raze")
    assert s.villages(h) == 0 and s.controller[h] == NOBODY


def test_M10_X22_beating_a_bystander_on_a_garrisoned_ig_conquers_nothing(rules):
    """Hiva holds Fiji with a garrison (no village); Samoa's rumor is there too. Tonga's war canoe stops there
    and, by seat order, fights Samoa (X16): the rumor goes, but Hiva, who holds the IG, never fought, so Hiva
    keeps the garrison duty and nothing is conquered."""
    s = engine.load_scenario(rules, {
        "players": ["Tonga", "Samoa", "Hiva"], "step": "movement", "order": ["Tonga", "Samoa", "Hiva"],
        "islands": [{"ig": "Fiji", "villages": 0, "must_hold": "Hiva"}],
        "pieces": {"Tonga": [{"hex": "0707", "war_canoe": 1}], "Samoa": [{"hex": "Fiji", "rumor": 1}],
                   "Hiva": [{"hex": "Fiji", "war_canoe": 1, "warrior_band": 1}]}})
    events = do(s, "party 0707", "take war_canoe", "go 0706", "done", "end")
    assert "rumor_removed" in kinds(events) and "conquest" not in kinds(events)
    assert s.must_hold[rules.map.hex_of("0706")] == s.names.index("Hiva")


def test_M9_X35_a_retreat_after_arioi_asks_nothing_that_would_tell_the_stack(rules):
    """Arioi calls Tonga's attack off; Tonga's stack at 0906 (one transport canoe, a band, two colonies) retreats
    with the attacking war canoe, without the `carry` question, which only a stack of that make would be asked:
    the two canoes take the band first, then a colony."""
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}, {"hex": "0906", "transport_canoe": 1, "warrior_band": 1,
                                                          "colony": 2}],
             [{"hex": "0906", "war_canoe": 1}], cards={"Samoa": {"hand": ["arioi"]}})
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "end", "use arioi")
    assert engine.observe(s, None)["movement"] is None or engine.observe(s, None)["movement"].get("battle") is None
    assert engine.current_player(s) == "Samoa", "Tonga's step is over: nothing was asked"
    assert count(s, "Tonga", BAND, "0807") == 1 and count(s, "Tonga", COLONY, "0807") == 1
    assert count(s, "Tonga", COLONY) == 1
