"""Advanced rules A1-A7 as options of new_game (rulings X28-X31)."""
from __future__ import annotations

import pytest

import engine
from engine import kumara
from engine.invariants import violations
from engine.state import AT_HOME, BAND, COLONY, LOST, NOBODY, RUMOR, TRANSPORT, UNBUILT, WAR_CANOE

from .helpers import count, do, legal, play_random

ALL = {"variable_starting_pieces": True, "saved_resources": True, "malaria": True, "south_island": True,
       "kumara": True, "variable_game_end": 20, "random_events": True}




# --- A1 ---------------------------------------------------------------------------------------------------------

def test_A1_variable_starting_pieces(rules):
    s = engine.new_game(rules, ["Tonga", "Samoa"], seed=1, options={"variable_starting_pieces": True})
    assert s.turn == 0 and engine.current_player(s) == "Tonga"
    assert count(s, "Tonga", BAND) == 0, "no starting bands: free builds instead"
    assert engine.observe(s, "Tonga")["building"]["areas"] == [{"hexes": ["0807"], "bp": 4}]
    assert not any(a.startswith(("buy", "rotate", "build village")) for a in legal(s))
    do(s, "build war_canoe 0807", "build transport_canoe 0807", "build rumor 0807", "build rumor 0807", "end")
    assert engine.current_player(s) == "Samoa" and count(s, "Tonga", WAR_CANOE) == 0, "secret until all built"
    do(s, "build warrior_band 0806", "build warrior_band 0806", "end")
    assert s.turn == 1 and engine.observe(s, "Tonga")["step"] == "turn_order"
    assert count(s, "Tonga", WAR_CANOE) == 1 and count(s, "Tonga", RUMOR) == 2 and count(s, "Samoa", BAND) == 2


# --- A2 ---------------------------------------------------------------------------------------------------------

def test_A2_one_saved_build_point_spent_at_home_later(rules):
    sc = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"],
          "options": {"saved_resources": True}}
    s = engine.load_scenario(rules, sc)
    do(s, "build transport_canoe 0807", "save_bp 0807")
    assert not any(a.startswith("save_bp") for a in legal(s)), "never more than one saved BP"
    assert engine.observe(s, "Samoa")["players"][0]["saved_bp"] == 0, "the coin shows when builds appear"
    do(s, "end", "end")
    assert s.saved_bp[0] == 1 and engine.observe(s, "Samoa")["players"][0]["saved_bp"] == 1
    plain = engine.load_scenario(rules, {**sc, "options": {}})
    assert not any(a.startswith("save_bp") for a in legal(plain)), "only with the option"
    s2 = s.clone()
    s2.step, s2.active = engine.state.BUILDING, 0
    engine.building.begin(s2)
    assert engine.observe(s2, "Tonga")["building"]["areas"][0]["bp"] == 3


# --- A3 ---------------------------------------------------------------------------------------------------------

MALARIA = {"players": ["Tonga", "Samoa"], "options": {"malaria": True}}


def test_A3_no_malaria_until_a_player_controls_a_malaria_ig(rules):
    s = engine.load_scenario(rules, MALARIA)
    assert engine.current_player(s) == "Tonga" and not s.adv.malaria


@pytest.mark.parametrize("face,ig", [(1, "Bismarck Archipelago"), (2, "Bismarck Archipelago"), (3, "Solomon Is."),
                                     (4, "Solomon Is."), (5, "Santa Cruz"), (6, "Vanuatu")])
def test_A3_the_roll_strikes_one_malaria_ig(rules, face, ig):
    islands = [{"ig": name, "villages": 1, "controller": "Tonga"}
               for name in ("Bismarck Archipelago", "Solomon Is.", "Santa Cruz", "Vanuatu")]
    s = engine.load_scenario(rules, {**MALARIA, "islands": islands})
    assert s.adv.malaria and engine.current_player(s) == engine.CHANCE
    events = do(s, f"die {face}")
    lost = [e.get("ig") for e in events if e.kind == "malaria_roll"]
    assert lost == [ig]
    h = rules.map.hex_of(ig)
    assert s.villages(h) == 0 and s.controller[h] == NOBODY
    assert engine.current_player(s) == "Samoa", "then the marker holder decides the order"


def test_A3_independent_igs_are_unaffected_and_once_started_it_stays(rules):
    s = engine.load_scenario(rules, {**MALARIA, "islands": [{"ig": "Vanuatu", "villages": 2, "controller": "Tonga"}]})
    do(s, "die 1")                       # Bismarck: still independent, nothing happens
    bismarck = rules.map.hex_of("Bismarck Archipelago")
    assert s.controller[bismarck] == engine.state.INDEPENDENT
    vanuatu = rules.map.hex_of("Vanuatu")
    s.green_villages[vanuatu] = 0                                    # Tonga loses Vanuatu
    s.set_controller(vanuatu, NOBODY)
    do(s, "order Tonga cw")
    while s.turn == 1:
        do(s, str(engine.legal_actions(s)[-1]))
    assert engine.current_player(s) == engine.CHANCE, "malaria goes on for the rest of the game (X7)"


def test_A3_a_home_emptied_by_malaria_is_replaced(rules):
    islands = [{"ig": "Vanuatu", "villages": 1, "controller": "Samoa", "capital": True, "home": True},
               {"ig": "Fiji", "villages": 1, "controller": "Samoa"},
               {"ig": "Samoa", "villages": 1, "controller": "Samoa"}]
    s = engine.load_scenario(rules, {**MALARIA, "islands": islands})
    do(s, "die 6")
    assert engine.current_player(s) == "Samoa" and legal(s) == ["home 0706", "home 0806"]
    do(s, "home 0706")
    assert s.home[1] == s.capital[1] == rules.map.hex_of("Fiji")


# --- A4 ---------------------------------------------------------------------------------------------------------

def aotearoa(rules, where="0709", **extra):
    sc = {"players": ["Tonga", "Samoa"], "step": "movement", "options": {"south_island": True},
          "tiles": [{"hex": where, "tile": "Aotearoa", "face_up": False, "discovered_by": ["Tonga", "Samoa"]}],
          **extra}
    return engine.load_scenario(rules, sc)


def test_A4_te_waka_maui_lines_up_with_aotearoa(rules):
    s = aotearoa(rules)
    events = do(s, "flip 0709")            # Tonga faces 0; the South Island lies in direction 4 (SW) of the art
    placed = next(e for e in events if e.kind == "south_island_placed")
    assert placed.get("hex") == "0610"
    h = rules.map.hex_of("0610")
    assert s.tile[h] == rules.tile_id("Te Waka Maui") and s.tile_up[h] and s.orient[h] == 0
    s = aotearoa(rules, order=["Samoa", "Tonga"])
    events = do(s, "flip 0709")            # Samoa faces 3: direction 3 + 4 = 1 (NE)
    assert next(e for e in events if e.kind == "south_island_placed").get("hex") == "0809"


def test_A4_replaces_ocean_and_face_down_tiles(rules):
    s = aotearoa(rules, ocean=["0610"])
    do(s, "flip 0709")
    h = rules.map.hex_of("0610")
    assert not s.ocean[h] and s.tile[h] == rules.tile_id("Te Waka Maui")
    tiles = [{"hex": "0709", "tile": "Aotearoa", "face_up": False, "discovered_by": ["Tonga"]},
             {"hex": "0610", "tile": "Tuvalu", "face_up": False, "discovered_by": ["Samoa"]}]
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "movement",
                                     "options": {"south_island": True}, "tiles": tiles})
    do(s, "flip 0709")
    assert s.tile[h] == rules.tile_id("Te Waka Maui") and rules.tile_id("Tuvalu") in s.adv.removed_tiles
    assert not violations(s)


def test_A4_leaves_the_game_beside_a_face_up_tile_or_off_the_map(rules):
    tiles = [{"hex": "0709", "tile": "Aotearoa", "face_up": False, "discovered_by": ["Tonga"]},
             {"hex": "0610", "tile": "Tuvalu"}]
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "movement",
                                     "options": {"south_island": True}, "tiles": tiles})
    events = do(s, "flip 0709")
    assert "south_island_lost" in [e.kind for e in events]
    assert rules.tile_id("Te Waka Maui") in s.adv.removed_tiles and not s.adv.south_island
    m = rules.map
    edge = next(h for h in m.explorable if m.step(h, 4) < 0)
    s = aotearoa(rules, where=m.labels[edge])
    assert "south_island_lost" in [e.kind for e in do(s, f"flip {m.labels[edge]}")]


def flipped_aotearoa(rules, owner: str, stack: dict[int, int], **extra):
    """Aotearoa face down at 0709, flipped by Tonga (A4 places Te Waka Maui at 0610); then a village of `owner`
    and `owner`'s `stack` on it, set by hand (a scenario puts pieces on explored hexes only, and a face-down
    tile is not explored)."""
    s = aotearoa(rules, **extra)
    do(s, "flip 0709")
    h, p = rules.map.hex_of("0709"), s.names.index(owner)
    s.set_controller(h, p)
    s.green_villages[h] = 1
    for kind, n in stack.items():
        for pid in s.pieces_of(p, kind, UNBUILT)[:n]:
            s.piece_hex[pid] = h
    s.memo = None
    return s


def test_A4_bands_and_colonies_walk_between_the_islands(rules):
    s = flipped_aotearoa(rules, "Tonga", {BAND: 2, COLONY: 1}, pieces={"Tonga": []})
    do(s, "party 0709", "take warrior_band", "take warrior_band", "take colony")
    assert legal(s).count("go 0610") == 1 and not any(a.startswith("go 0") and a != "go 0610" for a in legal(s))
    do(s, "go 0610", "done")
    assert count(s, "Tonga", BAND, "0610") == 2
    plain = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "movement",
                                         "pieces": {"Tonga": [{"hex": "Tonga", "warrior_band": 2}]}})
    assert "party 0807" not in legal(plain), "elsewhere bands need canoes"


def test_A4_retreat_between_the_islands_without_canoes(rules):
    s = flipped_aotearoa(rules, "Samoa", {BAND: 1}, ocean=["0809"],
                         pieces={"Samoa": [], "Tonga": [{"hex": "0809", "war_canoe": 2}]})
    s.set_controller(rules.map.hex_of("0610"), 1)
    s.green_villages[rules.map.hex_of("0610")] = 1
    do(s, "party 0809", "take war_canoe", "take war_canoe", "go 0709", "done", "end", "die 6", "lose local_warrior",
       "die 4")
    assert count(s, "Samoa", BAND, "0610") == 1, "the band walked to the South Island"


# --- A5 ---------------------------------------------------------------------------------------------------------

def kumara_game(rules, tonga_cards=(), galapagos=False, near="1704"):
    sc = {"players": ["Tonga", "Samoa"], "step": "exploration", "options": {"kumara": True},
          "tiles": [{"hex": near, "tile": "Rapa Nui"}],
          "islands": [{"ig": near, "villages": 1, "controller": "Tonga"}],
          "cards": {"Tonga": {"shown": list(tonga_cards)}}}
    s = engine.load_scenario(rules, sc)
    s.adv.galapagos[0] = galapagos
    return s


def test_A5_search_declared_from_a_to_south_america_hex_reached_by_premove(rules):
    s = kumara_game(rules)
    assert "kumara 1804" in legal(s) and "kumara 1908" not in legal(s), "1908 only across the far-east ocean"
    plain = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    assert not any(a.startswith("kumara") for a in legal(plain))


@pytest.mark.parametrize("face,outcome", [(1, "lost"), (2, "return"), (3, "return"), (4, "off_course"),
                                          (5, "explore"), (6, "explore")])
def test_A5_kumara_table(rules, face, outcome):
    s = kumara_game(rules)
    do(s, "kumara 1804")
    events = do(s, f"die {face}")
    assert next(e for e in events if e.kind == "kumara_roll").get("result") == outcome
    if outcome == "lost":
        assert s.explorer[0] == LOST
    elif outcome == "return":
        assert s.explorer[0] == AT_HOME
    else:
        here = rules.map.hex_of("1804")
        for choice in legal(s):
            assert choice.startswith("sail ")
            if outcome == "off_course":
                there = rules.map.hex_of(choice.split()[1])
                assert kumara.distance_to_america(s, there) >= kumara.distance_to_america(s, here)


@pytest.mark.parametrize("cards,galapagos,face,outcome", [
    ((), True, 4, "explore"),                                   # +1 Galapagos
    (("navigation",), False, 4, "explore"),                     # +1 for a card
    (("navigation", "poi", "double_hulled_canoes"), False, 3, "off_course"),    # never more than +1 from cards
    (("navigation",), True, 3, "explore"),                      # both
    (("ocean_chart",), False, 1, "return"),                     # Lost becomes Return
])
def test_A5_modifiers(rules, cards, galapagos, face, outcome):
    s = kumara_game(rules, cards, galapagos)
    do(s, "kumara 1804")
    events = do(s, f"die {face}")
    assert next(e for e in events if e.kind == "kumara_roll").get("result") == outcome


def test_A5_galapagos_marker_and_reaching_south_america(rules):
    s = kumara_game(rules)
    m = rules.map
    do(s, "kumara 1804")
    gained = []
    while "sail south_america" not in legal(s):
        do(s, "die 5")
        choices = [a.split()[1] for a in legal(s) if a.startswith("sail ")]
        if "sail south_america" in legal(s):
            break
        best = m.labels[m.galapagos] if m.labels[m.galapagos] in choices else min(
            choices, key=lambda c: kumara.distance_to_america(s, m.hex_of(c)))
        gained += [e.kind for e in do(s, f"sail {best}")]
    assert "galapagos_marker" in gained and s.adv.galapagos[0]
    before = engine.vp(s, "Tonga")
    do(s, "sail south_america")
    assert s.adv.kumara[0] and s.explorer[0] == AT_HOME and engine.vp(s, "Tonga") == before + 2
    assert engine.observe(s, "Samoa")["players"][0]["kumara"]


def test_A5_conquest_with_a_saved_village_wins_a_kumara(rules):
    sc = {"players": ["Tonga", "Samoa"], "step": "movement", "options": {"kumara": True}, "ocean": ["0906"],
          "tiles": [{"hex": "0907", "tile": "Tahiti"}],
          "islands": [{"ig": "0907", "villages": 2, "controller": "Samoa"}],
          "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}], "Samoa": []}}
    s = engine.load_scenario(rules, sc)
    s.adv.kumara[1] = True
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0907", "done", "end", "die 6")
    events = do(s, "save war_canoe", "raze")
    assert "kumara" in [e.kind for e in events]
    assert s.adv.kumara == [True, True], "the loser keeps theirs"
    razed = engine.load_scenario(rules, sc)
    razed.adv.kumara[1] = True
    do(razed, "party 0807", "take war_canoe", "take war_canoe", "go 0907", "done", "end", "die 6", "raze")
    assert razed.adv.kumara == [False, True], "no village saved, no kumara"


# --- A6 ---------------------------------------------------------------------------------------------------------

def test_A6_variable_game_end(rules):
    s = engine.new_game(rules, 4, seed=1, options={"variable_game_end": 20})
    assert engine.observe(s, s.names[0])["threshold"] == 20
    assert not any(e["kind"] == "warning" for e in engine.observe(s, s.names[0])["log"])
    far = engine.new_game(rules, 4, seed=1, options={"variable_game_end": 30})
    warnings = [e for e in engine.observe(far, far.names[0])["log"] if e["kind"] == "warning"]
    assert warnings and "30" in warnings[0]["text"]


# --- A7 ---------------------------------------------------------------------------------------------------------

EVENTS = {"players": ["Tonga", "Samoa"], "options": {"random_events": True}}


def test_A7_no_events_before_anyone_has_five_vp(rules):
    s = engine.load_scenario(rules, {**EVENTS, "vp_track": {"Tonga": 4, "Samoa": 3}})
    assert engine.current_player(s) == "Samoa", "straight to the turn-order marker"


def test_A7_the_lowest_player_draws_and_resolves_at_once(rules):
    s = engine.load_scenario(rules, {**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 3}})
    assert engine.current_player(s) == engine.CHANCE
    assert len(engine.chance_outcomes_omniscient(s)) == len(rules.events)
    events = do(s, "event drought")
    assert "event_revealed" in [e.kind for e in events] and s.adv.bp_delta == [-1, -1]
    assert engine.current_player(s) == "Samoa", "then Samoa, last on the track, takes the marker"


def test_A7_a_kept_event_is_secret_and_played_later(rules):
    s = engine.load_scenario(rules, {**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 3},
                                     "islands": [{"ig": "Tonga", "villages": 3, "controller": "Tonga"}]})
    do(s, "event pele")
    assert engine.observe(s, "Samoa")["events_held"] == ["pele"]
    assert engine.observe(s, "Tonga")["players"][1]["events_held"] == 1 and "pele" not in repr(
        engine.observe(s, "Tonga"))
    assert "play pele 0807" in legal(s)
    do(s, "play pele 0807")
    assert s.villages(rules.map.hex_of("Tonga")) == 2 and not s.adv.events_held[1]


def test_A7_ties_the_first_chooses_marker_or_event(rules):
    s = engine.load_scenario(rules, {**EVENTS, "vp_track": {"Tonga": 5, "Samoa": 5}})
    assert engine.current_player(s) == "Tonga" and legal(s) == ["choose event", "choose marker"]
    do(s, "choose marker", "event drought")
    assert engine.current_player(s) == "Tonga" and s.marker_holder == 0
    s = engine.load_scenario(rules, {**EVENTS, "vp_track": {"Tonga": 5, "Samoa": 5}})
    events = do(s, "choose event")
    assert next(e for e in events if e.kind == "event_tie").get("drawer") == "Tonga"
    do(s, "event drought")
    assert engine.current_player(s) == "Samoa"


@pytest.mark.parametrize("event_key,step,actions,check", [
    ("exceptional_fishing_season", "building", ["play exceptional_fishing_season"],
     lambda s: engine.observe(s, "Tonga")["building"]["areas"][0]["bp"] == 4),
    ("volcanic_ash", "building", ["play volcanic_ash 0706", "end", "end"],
     lambda s: s.ia[s.rules.map.hex_of("Fiji")] == 1),
    ("more_fertile_islands", "building", ["play more_fertile_islands 0807", "end", "end"],
     lambda s: s.villages(s.rules.map.hex_of("Tonga")) == 3),
    ("favourable_winds", "movement", ["play favourable_winds", "party 0807", "take transport_canoe", "go 0907",
                                      "go 1007", "go 1107"],
     lambda s: s.piece_hex[s.pieces_of(0, TRANSPORT)[0]] == s.rules.map.hex_of("1107")),
    ("shaman", "movement", ["play shaman Samoa"], lambda s: s.adv.skip_exploration[1]),
    ("taniwha", "movement", ["play taniwha 0906"], lambda s: count(s, "Samoa", TRANSPORT) == 0),
])
def test_A7_kept_events(rules, event_key, step, actions, check):
    sc = {**EVENTS, "step": step, "order": ["Tonga", "Samoa"], "ocean": ["0906", "0907", "1007", "1107"],
          "islands": [{"ig": "Fiji", "villages": 1, "controller": "Tonga"}],
          "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1}],
                     "Samoa": [{"hex": "0906", "transport_canoe": 1}]}}
    s = engine.load_scenario(rules, sc)
    s.adv.events_held[0].append(next(i for i, e in enumerate(rules.events) if e["id"] == event_key))
    s.adv.event_deck.remove(s.adv.events_held[0][0])
    do(s, *actions)
    assert check(s)


def test_A7_leader_rises_in_battle(rules):
    sc = {**EVENTS, "step": "movement", "ocean": ["0906"],
          "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}], "Samoa": [{"hex": "0906", "war_canoe": 1}]}}
    s = engine.load_scenario(rules, sc)
    card = next(i for i, e in enumerate(rules.events) if e["id"] == "leader_rises")
    s.adv.events_held[0].append(card)
    s.adv.event_deck.remove(card)
    do(s, "party 0807", "take war_canoe", "go 0906", "done", "end")
    assert "play leader_rises" in legal(s)
    do(s, "play leader_rises")
    events = do(s, "die 3")
    assert next(e for e in events if e.kind == "die_rolled").get("result") == "defender_panics"


# --- all together ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_every_option_keep_invariants(rules, seed):
    def check(state):
        assert not violations(state)

    play_random(engine.new_game(rules, 4 if seed % 2 else 3, seed, ALL), 4000, seed, check)


def test_options_are_saved_and_replayed(rules, tmp_path):
    s = play_random(engine.new_game(rules, 4, 5, ALL), 1500, 5)
    engine.save(s, tmp_path / "all.json")
    loaded = engine.load(tmp_path / "all.json")
    assert engine.state_hash(loaded) == engine.state_hash(s) and dict(loaded.options) == ALL


# --- found by fuzzing ------------------------------------------------------------------------------------------

def test_X28_no_event_is_played_into_a_battle(rules):
    sc = {**EVENTS, "step": "movement", "ocean": ["0906"],
          "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                     "Samoa": [{"hex": "0906", "war_canoe": 1, "warrior_band": 1}]}}
    s = engine.load_scenario(rules, sc)
    card = next(i for i, e in enumerate(rules.events) if e["id"] == "taniwha")
    s.adv.events_held[1].append(card)
    s.adv.event_deck.remove(card)
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end", "die 5")
    assert engine.current_player(s) == "Samoa" and not any(a.startswith("play") for a in legal(s))
