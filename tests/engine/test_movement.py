"""Movement & Battle step, Transit and Movement: rules M2-M7 (rulings X5, X18, X19)."""
from __future__ import annotations

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


def test_M5_carrying_limits(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "war_canoe": 1, "warrior_band": 3, "colony": 1}])
    do(s, "party 0807", "take war_canoe")
    assert "take colony" not in legal(s), "a war canoe carries bands only"
    do(s, "take warrior_band")
    assert "take warrior_band" not in legal(s), "one band per war canoe"
    do(s, "take transport_canoe", "take colony")
    assert "take warrior_band" not in legal(s), "a transport canoe carries one band or one colony"
    s = game(rules, [{"hex": "Tonga", "warrior_band": 2}])
    assert "party 0807" not in legal(s), "bands cannot move alone"


def test_M5_X18_a_piece_is_moved_by_one_canoe_per_turn(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "warrior_band": 1},
                     {"hex": "0906", "transport_canoe": 1}])
    do(s, "party 0807", "take transport_canoe", "take warrior_band", "go 0906", "leave warrior_band", "done")
    do(s, "party 0906")
    assert "take warrior_band" not in legal(s)
    assert where(s, "Tonga", BAND) == ["0906"]


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


def test_colonies_and_counts_are_private_kinds(rules):
    s = game(rules, [{"hex": "Tonga", "transport_canoe": 1, "colony": 1}])
    do(s, "party 0807", "take transport_canoe", "take colony", "go 0906", "done")
    assert where(s, "Tonga", COLONY) == ["0906"]
    samoa = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["0906"]["stacks"]["Tonga"]
    assert samoa == {"pieces": 2, "face_up_canoe": False}
    assert engine.observe(s, "Samoa")["movement"]["player"] == "Tonga"
    assert where(s, "Tonga", WAR_CANOE) == []
