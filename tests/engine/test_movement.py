"""Movement & Battle step, Transit and Movement: rules M2-M7 (rulings X5, X18, X19)."""
from __future__ import annotations

import pytest

import engine
from engine.chains import chains, home_chain
from engine.state import BAND, COLONY, RUMOR, TRANSPORT, WAR_CANOE

from .helpers import do, legal

BASE = {"players": ["Tonga", "Samoa"], "step": "movement", "order": ["Tonga", "Samoa"],
        "ocean": ["0906", "1006", "1106", "0808"]}


def game(rules, tonga, samoa=None, **extra):
    pieces = {"Tonga": tonga}
    if samoa is not None:
        pieces["Samoa"] = samoa
    return engine.load_scenario(rules, {**BASE, "pieces": pieces, **extra})



def where(s, player, kind):
    labels = s.rules.map.labels
    return sorted(labels[s.piece_hex[p]] for p in s.pieces_of(s.names.index(player), kind) if s.piece_hex[p] >= 0)


def test_M2_chains_need_a_face_up_canoe_in_every_hex_and_may_branch(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "face_up_canoe": True},
                     {"hex": "0906", "transport_canoe": 1, "face_up_canoe": True},
                     {"hex": "1006", "transport_canoe": 1, "face_up_canoe": True},
                     {"hex": "0808", "transport_canoe": 1, "face_up_canoe": True},
                     {"hex": "1106", "transport_canoe": 1}])        # face down: not part of a chain
    m = rules.map
    linked = {m.labels[h] for h in home_chain(s, 0)}
    assert linked == {"0807", "0906", "1006", "0808"}, "a branching chain from home"
    s2 = game(rules, [{"hex": "0906", "transport_canoe": 1, "face_up_canoe": True},
                      {"hex": "1006", "transport_canoe": 1, "face_up_canoe": True}])
    assert {m.labels[h] for h in home_chain(s2, 0)} == {"0807"}, "the home too needs a canoe to be linked"
    assert [sorted(m.labels[h] for h in c) for c in chains(s2, 0)] == [["0906", "1006"]]


def test_M3_transit_moves_pieces_any_distance_along_the_chain(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 2, "warrior_band": 2, "face_up_canoe": True},
                     {"hex": "0906", "transport_canoe": 1, "face_up_canoe": True},
                     {"hex": "1006", "transport_canoe": 1, "face_up_canoe": True},
                     {"hex": "0808", "transport_canoe": 1}])
    actions = legal(s)
    assert "transit warrior_band 0807 1006" in actions and "transit transport_canoe 0807 1006" in actions
    assert not any(a.startswith("transit transport_canoe 0906") for a in actions), "chain canoes stay put"
    assert not any(a.startswith("raise") for a in actions), "no canoe turns face up before Transit ends"
    do(s, "transit warrior_band 0807 1006", "transit transport_canoe 0807 1006")
    assert where(s, "Tonga", BAND) == ["0807", "1006"]
    do(s, "end")
    assert "raise 0808" in legal(s), "after Transit a canoe may be turned face up"
    assert "party 1006" in legal(s), "pieces that rode the chain may then move"


def test_M4_canoes_move_one_or_two_known_hexes(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe")
    assert "go 0906" in legal(s) and "go 0907" not in legal(s), "M4.1: unknown hexes are not entered"
    do(s, "go 0906", "go 1006")
    assert not any(a.startswith("go ") for a in legal(s)), "two hexes and no more"
    do(s, "done")
    assert "party 1006" not in legal(s), "unused movement is spent"


def test_M4_1_flip_your_own_face_down_tile_before_entering(rules):
    tiles = [{"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Tonga"]}]
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1}], tiles=tiles)
    do(s, "party 0807", "take transport_canoe")
    assert "go 0907" not in legal(s) and "flip 0907" in legal(s)
    do(s, "flip 0907")
    assert "go 0907" in legal(s)


def test_M4_2_and_M4_3_transports_enter_enemy_hexes_only_escorted(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "war_canoe": 1}])
    do(s, "party 0807", "take transport_canoe")
    assert "go 0706" not in legal(s) and "go 0806" not in legal(s), "independent Fiji and Samoa are enemy"
    assert "go 0707" in legal(s)
    do(s, "take war_canoe")
    assert "go 0706" in legal(s) and "go 0806" in legal(s)


def test_M4_4_war_canoes_stop_at_enemy_igs_and_war_canoes_but_pass_transports(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1}],
             [{"hex": "0906", "transport_canoe": 1}, {"hex": "0808", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "go 0906")
    assert "go 1006" in legal(s), "only enemy transport canoes: it may pass through"
    do(s, "done", "party 0807", "take transport_canoe")
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1}], [{"hex": "0808", "war_canoe": 1}])
    do(s, "party 0807", "take war_canoe", "take transport_canoe", "go 0808")
    assert not any(a.startswith("go ") for a in legal(s)), "stopped by the enemy war canoe"
    do(s, "leave war_canoe")
    assert any(a.startswith("go ") for a in legal(s)), "the escorted transport goes on"


def boarding(actions: list[str]) -> list[str]:
    return [a for a in actions if a.startswith(("take warrior_band", "take colony"))]


def test_M5_carrying_limits(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "war_canoe": 1, "warrior_band": 3, "colony": 1}])
    do(s, "party 0807")
    assert boarding(legal(s)) == [], "bands and colonies board canoes of the party"
    do(s, "take war_canoe")
    assert boarding(legal(s)) == ["take warrior_band war_canoe"], "a war canoe carries bands only"
    do(s, "take warrior_band war_canoe")
    assert boarding(legal(s)) == [], "one band per war canoe"
    do(s, "take transport_canoe")
    assert boarding(legal(s)) == ["take colony transport_canoe", "take warrior_band transport_canoe"]
    do(s, "take colony transport_canoe")
    assert boarding(legal(s)) == [], "a transport canoe carries one band or one colony"
    assert "leave transport_canoe" not in legal(s), "a loaded canoe is left only once its passenger is off"
    assert {"leave colony transport_canoe", "leave warrior_band war_canoe"} <= set(legal(s))
    s = game(rules, [{"hex": "Tonga", "warrior_band": 2}])
    assert "party 0807" not in legal(s), "bands cannot move alone"


def test_M5_X18_a_piece_is_moved_by_one_canoe_per_turn(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "warrior_band": 1},
                     {"hex": "0906", "transport_canoe": 1}])
    do(s, "party 0807", "take transport_canoe", "take warrior_band transport_canoe", "go 0906",
       "leave warrior_band transport_canoe", "done")
    do(s, "party 0906", "take transport_canoe")
    assert boarding(legal(s)) == [], "the canoe waiting at 0906 never carried the band"
    assert where(s, "Tonga", BAND) == ["0906"]


def test_M5_X18_a_passenger_never_changes_canoe_inside_a_party(rules):
    """The audit's case: a band rides one canoe, is left behind with it as the party takes a fresh canoe, and
    would ride on further than one canoe could carry it."""
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "warrior_band": 1},
                     {"hex": "0906", "transport_canoe": 1}])
    do(s, "party 0807", "take transport_canoe", "take warrior_band transport_canoe", "go 0906",
       "take transport_canoe")                       # the fresh canoe waiting at 0906 joins (2 moves left)
    party = engine.observe(s, "Tonga")["movement"]["party"]["boats"]
    assert [(b["moves_left"], b["passenger"]) for b in party] == [(1, "warrior_band"), (2, None)]
    do(s, "leave warrior_band transport_canoe")       # the band gets off its canoe...
    assert "take warrior_band transport_canoe" in legal(s), "...and may go back aboard its own canoe"
    do(s, "leave transport_canoe")                    # the empty canoe with fewer moves (the band's) stays
    assert boarding(legal(s)) == [], "the band may not change canoe"
    do(s, "go 1006", "go 1106")
    assert where(s, "Tonga", BAND) == ["0906"], "the band went no further than its own canoe took it"


def test_M5_a_passenger_may_go_on_later_aboard_the_canoe_that_carried_it(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "warrior_band": 1},
                     {"hex": "0906", "transport_canoe": 1}])
    do(s, "party 0807", "take transport_canoe", "take warrior_band transport_canoe", "go 0906", "done")
    moved = engine.observe(s, "Tonga")["movement"]["moved_passengers"]
    assert moved == [{"hex": "0906", "piece": "warrior_band", "carrier": "transport_canoe", "with_carrier": True}]
    do(s, "party 0906", "take transport_canoe")       # the most moves left: the fresh canoe, not the band's
    assert boarding(legal(s)) == []
    do(s, "take transport_canoe", "take warrior_band transport_canoe")
    boats = engine.observe(s, "Tonga")["movement"]["party"]["boats"]
    assert [(b["moves_left"], b["passenger"], b["passenger_moved"]) for b in boats] == [
        (2, None, False), (1, "warrior_band", True)], "the band went back aboard its own canoe"
    do(s, "go 1006")
    assert where(s, "Tonga", BAND) == ["1006"]
    assert not any(a.startswith("go ") for a in legal(s)), "its canoe has no move left"


def test_M5_a_fresh_passenger_boards_the_canoe_with_most_moves_left(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "war_canoe": 1},
                     {"hex": "0906", "transport_canoe": 1, "warrior_band": 1}])
    do(s, "party 0807", "take transport_canoe", "go 0906", "take transport_canoe", "take warrior_band transport_canoe")
    boats = engine.observe(s, "Tonga")["movement"]["party"]["boats"]
    assert [(b["moves_left"], b["passenger"]) for b in boats] == [(1, None), (2, "warrior_band")]
    do(s, "leave transport_canoe", "go 1006", "go 1106")
    assert where(s, "Tonga", BAND) == ["1106"]


def test_M5_the_party_and_its_passengers_are_shown_to_their_owner_only(rules):
    s = game(rules, [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "colony": 1, "rumor": 1}])
    do(s, "party 0807", "take war_canoe", "take transport_canoe", "take colony transport_canoe", "take rumor")
    mine = engine.observe(s, "Tonga")["movement"]
    assert mine["party"] == {"boats": [{"canoe": "war_canoe", "moves_left": 2, "passenger": None,
                                        "passenger_moved": False},
                                       {"canoe": "transport_canoe", "moves_left": 2, "passenger": "colony",
                                        "passenger_moved": False}],
                             "rumors": [2], "walkers": [], "chain_canoe_next": False}
    theirs = engine.observe(s, "Samoa")["movement"]
    assert "party" not in theirs and "moved_passengers" not in theirs and theirs["party_size"] == 4


def test_M6_one_face_up_transport_per_hex_raised_during_movement(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 2}])
    assert "raise 0807" in legal(s)
    do(s, "raise 0807")
    assert "raise 0807" not in legal(s)
    up = [p for p in s.pieces_of(0, TRANSPORT) if s.piece_up[p]]
    assert len(up) == 1
    do(s, "party 0807", "take transport_canoe")
    assert len([p for p in s.pieces_of(0, TRANSPORT) if s.piece_up[p]]) == 1, "the face-down one set out"
    do(s, "take transport_canoe")
    assert not any(s.piece_up[p] for p in s.pieces_of(0, TRANSPORT)), "X19: a chain canoe that sets out turns"


def test_X19_the_owner_is_told_when_the_next_canoe_taken_is_the_chain_canoe(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 2}])
    do(s, "raise 0807", "party 0807")
    assert engine.observe(s, "Tonga")["movement"]["party"]["chain_canoe_next"] is False, "a face-down one is left"
    do(s, "take transport_canoe")
    assert engine.observe(s, "Tonga")["movement"]["party"]["chain_canoe_next"] is True
    do(s, "take transport_canoe")
    assert engine.observe(s, "Tonga")["movement"]["party"]["chain_canoe_next"] is False, "none is left to take"


def test_M7_X5_rumors_move_like_canoes(rules):
    s = game(rules, [{"hex": "Tonga", "rumor": 1, "warrior_band": 1}])
    do(s, "party 0807", "take rumor")
    assert "take warrior_band" not in legal(s), "a rumor carries nothing"
    do(s, "go 0906", "go 1006")
    assert not any(a.startswith("go ") for a in legal(s))
    assert where(s, "Tonga", RUMOR) == ["1006"]
    view = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["1006"]
    assert view["stacks"]["Tonga"] == {"pieces": 1, "face_up_canoe": False}


def test_M7_a_rumor_may_be_withdrawn_whenever_its_owner_acts(rules):
    s = game(rules, [{"hex": "Tonga", "rumor": 1, "transport_canoe": 1}, {"hex": "0906", "rumor": 1}],
             step="exploration")
    assert "withdraw 0906" in legal(s)
    events = do(s, "withdraw 0906")
    assert events[0].kind == "rumor_removed" and where(s, "Tonga", RUMOR) == ["0807"]
    do(s, "end", "end", "party 0807", "take rumor", "take transport_canoe", "withdraw 0807")
    assert where(s, "Tonga", RUMOR) == [] and len(s.sub.party) == 1


def test_M10_the_last_piece_stays_on_a_conquered_printed_ig(rules):
    sc = {"islands": [{"ig": "Fiji", "villages": 0, "must_hold": "Tonga"}]}
    s = game(rules, [{"hex": "Fiji", "war_canoe": 1, "transport_canoe": 1}], **sc)
    do(s, "party 0706", "take war_canoe")
    assert any(a.startswith("go ") for a in legal(s))
    do(s, "take transport_canoe")
    assert not any(a.startswith("go ") for a in legal(s))


def test_M10_X22_a_rumor_holds_nothing(rules):
    sc = {"islands": [{"ig": "Fiji", "villages": 0, "must_hold": "Tonga"}]}
    s = game(rules, [{"hex": "Fiji", "war_canoe": 1, "rumor": 1}], **sc)
    do(s, "party 0706", "take war_canoe")
    assert not any(a.startswith("go ") for a in legal(s)), "the rumor left behind would not hold Fiji"
    do(s, "leave war_canoe", "take rumor")
    assert any(a.startswith("go ") for a in legal(s)), "the rumor itself may go: the war canoe holds Fiji"
    assert "withdraw 0706" in legal(s), "a rumor may always be withdrawn"


def test_colonies_and_counts_are_private_kinds(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "colony": 1}])
    do(s, "party 0807", "take transport_canoe", "take colony transport_canoe", "go 0906", "done")
    assert where(s, "Tonga", COLONY) == ["0906"]
    samoa = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["0906"]["stacks"]["Tonga"]
    assert samoa == {"pieces": 2, "face_up_canoe": False}
    assert engine.observe(s, "Samoa")["movement"]["player"] == "Tonga"
    assert where(s, "Tonga", WAR_CANOE) == []


def test_M5_X18_a_scenario_says_which_canoe_moved_which_passenger(rules):
    s = game(rules, [{"hex": "0906", "transport_canoe": 2, "warrior_band": 1}],
             moved=[{"hex": "0906", "piece": "transport_canoe", "moves_left": 1, "passenger": "warrior_band"}])
    assert engine.observe(s, "Tonga")["movement"]["moved_passengers"] == [
        {"hex": "0906", "piece": "warrior_band", "carrier": "transport_canoe", "with_carrier": True}]
    do(s, "party 0906", "take transport_canoe")        # the fresh canoe (2 moves), not the band's
    assert boarding(legal(s)) == []
    do(s, "take transport_canoe", "take warrior_band transport_canoe", "leave transport_canoe", "go 1006")
    assert not any(a.startswith("go ") for a in legal(s)) and where(s, "Tonga", BAND) == ["1006"]
    with pytest.raises(engine.ScenarioError, match=r"moved\[0\]\.passenger: a war_canoe does not carry a colony"):
        game(rules, [{"hex": "0906", "war_canoe": 1, "colony": 1}],
             moved=[{"hex": "0906", "piece": "war_canoe", "moves_left": 1, "passenger": "colony"}])
    with pytest.raises(engine.ScenarioError, match=r"moved: needs step: movement"):
        game(rules, [{"hex": "0906", "war_canoe": 1}], step="building",
             moved=[{"hex": "0906", "piece": "war_canoe", "moves_left": 1}])


# --- X18 revised: every pairing of a passenger and a canoe can be chosen -----------------------------------------

LEFT_BAND = {"moved": [{"hex": "0906", "piece": "transport_canoe", "moves_left": 1, "passenger": "warrior_band"}]}


def test_M5_X18_a_fresh_band_may_board_the_canoe_whose_own_band_waits(rules):
    """The canoe moved band A this turn and left it at 0906, where band B has not moved. B may board that canoe
    (`... 1 fresh`), A may go back aboard (`take warrior_band transport_canoe`, as before)."""
    s = game(rules, [{"hex": "0906", "transport_canoe": 1, "warrior_band": 2}], **LEFT_BAND)
    do(s, "party 0906", "take transport_canoe")
    assert [a for a in legal(s) if a.startswith("take warrior_band")] == [
        "take warrior_band transport_canoe", "take warrior_band transport_canoe 1 fresh"]
    canoe = s.sub.party[0]
    bands = s.pieces_of(0, BAND, rules.map.hex_of("0906"))
    waiting_band = next(p for p in bands if s.sub.carrier[p] == canoe)
    fresh_band = next(p for p in bands if p != waiting_band)
    do(s, "take warrior_band transport_canoe 1 fresh")
    assert s.sub.aboard == {fresh_band: canoe}
    assert "take warrior_band transport_canoe" not in legal(s), "A rides only its own canoe, now full"
    do(s, "go 1006")
    assert s.sub.carrier[fresh_band] == canoe and s.piece_hex[waiting_band] == rules.map.hex_of("0906")
    assert engine.observe(s, "Tonga")["movement"]["party"]["boats"][0]["passenger"] == "warrior_band"


def test_M5_X18_without_a_name_the_waiting_passenger_goes_back_aboard(rules):
    s = game(rules, [{"hex": "0906", "transport_canoe": 1, "warrior_band": 2}], **LEFT_BAND)
    do(s, "party 0906", "take transport_canoe")
    canoe = s.sub.party[0]
    do(s, "take warrior_band transport_canoe")
    (passenger,) = s.sub.aboard
    assert s.sub.carrier[passenger] == canoe


def test_M5_X18_canoes_that_differ_in_moves_are_named(rules):
    """Two empty transport canoes, one with 2 moves left and one with 1: a fresh band may board either."""
    s = game(rules, [{"hex": "0906", "transport_canoe": 2, "warrior_band": 1}],
             moved=[{"hex": "0906", "piece": "transport_canoe", "moves_left": 1}])
    do(s, "party 0906", "take transport_canoe", "take transport_canoe")
    first, second = s.sub.party
    assert s.sub.moves[first] == 2 and s.sub.moves[second] == 1
    assert {"take warrior_band transport_canoe 1", "take warrior_band transport_canoe 2"} <= set(legal(s))
    do(s, "take warrior_band transport_canoe 2")
    assert list(s.sub.aboard.values()) == [second]


def test_M5_alike_canoes_add_no_named_actions(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 2, "warrior_band": 1}])
    do(s, "party 0807", "take transport_canoe", "take transport_canoe")
    assert [a for a in legal(s) if a.startswith("take warrior_band")] == ["take warrior_band transport_canoe"]


# --- X19 revised: the owner decides what the stack left behind shows ---------------------------------------------

def test_M6_X19_the_owner_may_send_out_the_face_up_canoe_and_leave_a_face_down_one(rules):
    """Two transport canoes at home, one face up. `take transport_canoe` sends a face-down one (the flag stays);
    `take transport_canoe face_up` sends the face-up one: the stack left behind shows no face-up canoe, though a
    canoe is still in it. So the flag tells Samoa only what Tonga chose to show."""
    def fleet():
        s = game(rules, [{"hex": "Tonga", "transport_canoe": 2, "face_up_canoe": True}])
        do(s, "party 0807")
        return s
    s = fleet()
    assert {"take transport_canoe", "take transport_canoe face_up"} <= set(legal(s))
    events = do(s, "take transport_canoe face_up", "go 0906", "done")
    assert "canoe_face_down" in [e.kind for e in events]
    seen = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}
    assert seen["0807"]["stacks"]["Tonga"] == {"pieces": 1, "face_up_canoe": False}
    assert where(s, "Tonga", TRANSPORT) == ["0807", "0906"]
    lone = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "face_up_canoe": True}])
    do(lone, "party 0807", "take transport_canoe", "go 0906", "done")
    assert {r["hex"]: r for r in engine.observe(lone, "Samoa")["hexes"]}.get("0807", {}).get("stacks") is None
    kept = fleet()
    do(kept, "take transport_canoe", "go 0906", "done")
    assert {r["hex"]: r for r in engine.observe(kept, "Samoa")["hexes"]}["0807"]["stacks"]["Tonga"] == {
        "pieces": 1, "face_up_canoe": True}


def test_M6_X19_one_canoe_face_up_alone_offers_no_choice(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "face_up_canoe": True}])
    do(s, "party 0807")
    assert "take transport_canoe face_up" not in legal(s)


def test_M5_X18_a_canoe_whose_colony_waits_is_named_for_a_band_too(rules):
    """Two transport canoes with 1 move left each; the first moved a colony that waits here; a fresh band may
    board either canoe, though the plain form spares the canoe whose passenger waits."""
    s = game(rules, [{"hex": "0906", "transport_canoe": 2, "warrior_band": 1, "colony": 1}],
             moved=[{"hex": "0906", "piece": "transport_canoe", "moves_left": 1, "passenger": "colony"},
                    {"hex": "0906", "piece": "transport_canoe", "moves_left": 1}])
    do(s, "party 0906", "take transport_canoe", "take transport_canoe")
    colony = s.pieces_of(0, COLONY)[0]
    first = s.sub.party.index(s.sub.carrier[colony]) + 1
    assert f"take warrior_band transport_canoe {first}" in legal(s)
    do(s, f"take warrior_band transport_canoe {first}")
    assert list(s.sub.aboard.values()) == [s.sub.carrier[colony]]
