"""Building step, rules B1-B5 with rulings X8, X10 and X23."""
from __future__ import annotations

import engine
from engine.state import BAND, COLONY, LOST, TRANSPORT, WAR_CANOE

from .helpers import do, legal

BASE = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"]}


def game(rules, **extra):
    return engine.load_scenario(rules, {**BASE, **extra})



def builds(s, item):
    return sorted(a.split()[2] for a in legal(s) if a.startswith(f"build {item} "))


def on_map(s, player, kind, label=None):
    h = s.rules.map.hex_of(label) if label else None
    return sum(1 for p in s.pieces_of(s.names.index(player), kind)
               if (s.piece_hex[p] == h if h is not None else s.piece_hex[p] >= 0))


def areas(s):
    return engine.observe(s, s.names[s.actor])["building"]["areas"]


def test_B1_one_build_point_per_village(rules):
    s = game(rules)
    assert areas(s) == [{"hexes": ["0807"], "bp": 2}]
    do(s, "build warrior_band 0807")
    assert areas(s)[0]["bp"] == 0
    assert builds(s, "transport_canoe") == [] and builds(s, "rumor") == ["0807"], "rumors are free"


def test_B1_1_internal_rotation_gives_one_bp_and_costs_next_exploration(rules):
    s = game(rules)
    do(s, "rotate")
    assert areas(s)[0]["bp"] == 3 and "rotate" not in legal(s)
    do(s, "build war_canoe 0807", "end", "end")
    tonga = s.names.index("Tonga")
    assert s.explorer[tonga] == LOST and on_map(s, "Tonga", WAR_CANOE) == 1
    do(s, "order Tonga cw")                      # turn 2: Tonga's explorer comes back and does not explore
    assert engine.current_player(s) == "Samoa"
    assert any(e["kind"] == "explorer_back" for e in engine.observe(s, "Samoa")["log"])


def test_B1_2_X8_builds_are_secret_until_the_last_player_has_built(rules):
    s = game(rules, islands=[{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}])
    samoa_before = engine.observe(s, "Samoa")
    do(s, "build warrior_band 0807", "buy 0807")
    samoa_during = engine.observe(s, "Samoa")
    for key in ("hexes", "players", "deck", "hand"):
        assert samoa_during[key] == samoa_before[key], key
    assert samoa_during["building"]["builder"] == "Tonga" and "areas" not in samoa_during["building"]
    assert all(e["kind"] != "build_planned" for e in samoa_during["log"])
    tonga_view = engine.observe(s, "Tonga")["building"]
    assert tonga_view["pending"] == [{"item": "warrior_band", "hex": "0807"}] and tonga_view["card_bought"]
    do(s, "end")
    assert engine.current_player(s) == "Samoa" and on_map(s, "Tonga", BAND) == 2, "nothing placed yet"
    do(s, "end")                                 # the last player has built: everything appears
    assert on_map(s, "Tonga", BAND) == 3
    stacks = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["0807"]["stacks"]["Tonga"]
    assert stacks == {"pieces": 3, "face_up_canoe": False}, "as face-down pieces"
    assert engine.current_player(s) == engine.CHANCE, "X23: the card bought is drawn now"


def chain_empire(rules, chain=True):
    return game(rules, ocean=["0906"], tiles=[{"hex": "1007", "tile": "Rarotonga"}, {"hex": "0808", "tile": "Rotuma"}],
                islands=[{"ig": "1007", "villages": 2, "controller": "Tonga"},
                         {"ig": "0808", "villages": 1, "controller": "Tonga"}],
                pieces={"Tonga": [{"hex": h, "transport_canoe": 1, "face_up_canoe": chain}
                                  for h in ("Tonga", "0906", "1007")]})


def test_B1_3_chain_linked_igs_pool_their_points_and_build_anywhere_on_the_chain(rules):
    s = chain_empire(rules)
    assert areas(s) == [{"hexes": ["0807", "1007"], "bp": 4}, {"hexes": ["0808"], "bp": 1}]
    assert builds(s, "war_canoe") == ["0807", "1007"], "placed only where a village already stands"
    do(s, "build war_canoe 1007")
    assert areas(s)[0]["bp"] == 1


def test_B1_4_isolated_igs_build_alone(rules):
    s = chain_empire(rules, chain=False)
    assert areas(s) == [{"hexes": ["0807"], "bp": 2}, {"hexes": ["0808"], "bp": 1}, {"hexes": ["1007"], "bp": 2}]
    assert builds(s, "war_canoe") == []


def test_B1_6_counter_mix_limits_pieces(rules):
    eight = [{"hex": "Tonga", "transport_canoe": 8}]
    s = game(rules, pieces={"Tonga": eight})
    assert builds(s, "transport_canoe") == []
    assert builds(s, "rumor") == ["0807"]


def test_B2_costs(rules):
    s = game(rules, islands=[{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}])
    for item, cost in rules.costs.items():
        if item in ("card", "village", "improved_agriculture"):
            continue
        t = s.clone()
        do(t, f"build {item} 0807")
        assert areas(t)[0]["bp"] == 4 - cost, item
    t = s.clone()
    do(t, "buy 0807")
    assert areas(t)[0]["bp"] == 2 and not any(a.startswith("buy") for a in legal(t)), "one card per turn"


def test_B3_villages_squares_atolls_brown_squares_and_one_per_ig_per_turn(rules):
    s = game(rules, tiles=[{"hex": "0907", "tile": "Aotearoa"}, {"hex": "0906", "tile": "Tokelau"}],
             islands=[{"ig": "0907", "villages": 2, "controller": "Tonga"},
                      {"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}],
             pieces={"Tonga": [{"hex": h, "transport_canoe": 1, "face_up_canoe": True} for h in ("Tonga", "0907")]})
    assert builds(s, "village") == [], "Tonga is full; Aotearoa's two green squares are taken, brown need IA"
    do(s, "build improved_agriculture 0907")
    assert builds(s, "village") == ["0907"], "IA and the village may be built in the same turn"
    do(s, "build village 0907")
    assert builds(s, "village") == [] and builds(s, "improved_agriculture") == ["0907"], "one village per IG"
    do(s, "end", "end")
    h = rules.map.hex_of("0907")
    assert s.villages(h) == 3 and s.ia[h] == 1 and s.ia_villages[h] == 1


def test_B3_a_colony_settles_a_new_ig_after_all_other_building(rules):
    s = game(rules, tiles=[{"hex": "0906", "tile": "Rarotonga"}],
             pieces={"Tonga": [{"hex": "0906", "colony": 1, "transport_canoe": 1}]})
    assert "settle 0906" in legal(s)
    events = do(s, "build warrior_band 0807", "settle 0906", "end")
    assert s.controller[rules.map.hex_of("0906")] == -1, "nothing happens before everyone has built"
    events = do(s, "build warrior_band 0806", "end")
    kinds = [e.kind for e in events]
    assert kinds.index("settled") > max(i for i, k in enumerate(kinds) if k == "built"), "B5: after building"
    h = rules.map.hex_of("0906")
    assert s.controller[h] == 0 and s.villages(h) == 1 and on_map(s, "Tonga", COLONY) == 0
    assert engine.vp(s, "Tonga") == 3 + 1, "3 villages and the home; Rarotonga is not chain-linked"


def test_B3_X10_a_colony_on_a_controlled_ig_replaces_the_new_village(rules):
    s = game(rules, islands=[{"ig": "Tonga", "villages": 2, "controller": "Tonga", "capital": True}],
             pieces={"Tonga": [{"hex": "Tonga", "colony": 1}]})
    do(s, "convert 0807")
    assert builds(s, "village") == [] and "convert 0807" not in legal(s), "X10: one new village per IG"
    do(s, "end", "end")
    assert s.villages(rules.map.hex_of("Tonga")) == 3 and on_map(s, "Tonga", COLONY) == 0


def test_B4_a_card_is_drawn_secretly(rules):
    s = game(rules, deck_order=["moai"])
    do(s, "buy 0807", "end", "end")
    events = do(s, "card moai")
    drawn = next(e for e in events if e.kind == "card_drawn")
    assert drawn.visible == frozenset({0})
    assert engine.observe(s, "Tonga")["hand"] == ["moai"]
    assert engine.observe(s, "Samoa")["players"][0]["cards_in_hand"] == 1
    assert "moai" not in repr(engine.observe(s, "Samoa"))


def test_B4_cards_count_only_face_up_and_stay_face_up(rules):
    s = game(rules, cards={"Tonga": {"hand": ["moai"]}})
    assert engine.vp(s, "Tonga") == 3
    do(s, "show moai")
    assert engine.vp(s, "Tonga") == 6 and "show moai" not in legal(s)


def test_M6_a_transport_canoe_may_be_face_up_when_built(rules):
    s = game(rules, islands=[{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}])
    do(s, "build transport_canoe 0807")
    assert "raise 0807" in legal(s)
    do(s, "raise 0807")
    planned = [{k: v for k, v in e.items() if k != "kind"} for e in engine.events_since(s, "Tonga", 0)[0]
               if e["kind"] == "build_planned" and e["item"] == "face_up_canoe"]
    assert planned == [{"player": "Tonga", "item": "face_up_canoe", "hex": "0807"}], "the builder is told"
    assert not [e for e in engine.events_since(s, "Samoa", 0)[0] if e["kind"] == "build_planned"], "X8: secret"
    do(s, "end", "end")
    assert any(s.piece_up[p] for p in s.pieces_of(0, TRANSPORT))


def test_random_games_build_villages_on_new_igs_and_buy_and_reveal_cards(rules):
    settled = bought = shown = 0
    for seed in range(6):
        s = engine.new_game(rules, 2, seed)
        bots = {n: engine.ai.RandomBot(n, seed) for n in s.names}
        for _ in range(6000):
            who = engine.current_player(s)
            if who is None:
                break
            events = (engine.resolve_chance(s) if who == engine.CHANCE
                      else engine.apply(s, bots[who].choose(dict, engine.legal_actions(s))))
            settled += sum(e.kind == "settled" for e in events)
            bought += sum(e.kind == "card_bought" for e in events)
            shown += sum(e.kind == "card_revealed" for e in events)
    assert settled and bought and shown


# --- M10, X22: a village is a marker, not a piece ------------------------------------------------------------------

def conquered_fiji(rules, villages=0, **pieces):
    islands = [{"ig": "Tonga", "villages": 3, "controller": "Tonga", "capital": True, "home": True},
               {"ig": "Fiji", "villages": villages, "must_hold": "Tonga",
                **({"controller": "Tonga"} if villages else {})}]
    return game(rules, islands=islands, pieces={"Tonga": [{"hex": "Fiji", **pieces}]})


def test_M10_X22_the_last_real_piece_on_a_conquered_ig_cannot_settle(rules):
    s = conquered_fiji(rules, colony=1)
    assert "settle 0706" not in legal(s)
    reason = engine.why_not(s, engine.Action("settle", ("0706",)))
    assert (reason.rule, reason.code, reason.data) == ("M10", "settle_garrison", {"hex": "0706"})
    with_band = conquered_fiji(rules, colony=1, warrior_band=1)
    assert "settle 0706" in legal(with_band)
    do(with_band, "settle 0706", "end", "end")
    assert with_band.controller[rules.map.hex_of("0706")] == 0 and on_map(with_band, "Tonga", BAND, "0706") == 1


def test_M10_X22_the_last_real_piece_on_a_conquered_ig_cannot_convert(rules):
    s = conquered_fiji(rules, villages=1, colony=1)
    assert "convert 0706" not in legal(s)
    assert engine.why_not(s, engine.Action("convert", ("0706",))).code == "convert_garrison"
    two = conquered_fiji(rules, villages=1, colony=2)
    assert "convert 0706" in legal(two)
    planned = conquered_fiji(rules, villages=1, colony=1)
    do(planned, "build transport_canoe 0706")
    assert "convert 0706" in legal(planned), "the canoe planned there arrives before the colony becomes a village"
    do(planned, "convert 0706", "end", "end")
    assert on_map(planned, "Tonga", TRANSPORT, "0706") == 1 and on_map(planned, "Tonga", COLONY, "0706") == 0


def test_M10_X22_a_rumor_holds_nothing(rules):
    s = conquered_fiji(rules, colony=1, rumor=1)
    assert "settle 0706" not in legal(s)


def test_B1_6_a_planned_build_keeps_its_piece_when_a_card_wants_the_same_kind(rules):
    """Tonga plans the last warrior band at Fiji (a conquered printed IG that keeps it as its garrison) and then
    uses Luau (a free band at home): the paid band is placed, the card's finds none (« from your counter mix »)."""
    mix = rules.counter_mix["warrior_band"]
    s = game(rules, islands=[{"ig": "Tonga", "villages": 3, "controller": "Tonga", "capital": True, "home": True},
                             {"ig": "Fiji", "villages": 2, "controller": "Tonga", "must_hold": "Tonga"}],
             pieces={"Tonga": [{"hex": "Fiji", "colony": 1}, {"hex": "0906", "warrior_band": mix - 1}]},
             ocean=["0906"], cards={"Tonga": {"hand": ["luau"]}})
    do(s, "build warrior_band 0706", "convert 0706", "use luau", "end", "end")
    assert on_map(s, "Tonga", BAND, "0706") == 1 and on_map(s, "Tonga", BAND, "0807") == 0
