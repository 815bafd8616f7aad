"""Scenarios (docs/SCENARIOS.md): the documented examples load, and bad ones name the wrong key."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import engine
from engine import schema
from engine.invariants import violations
from engine.state import BAND, LOST, OUT_OF_GAME, WAR_CANOE

DOC = Path(__file__).resolve().parents[2] / "docs" / "SCENARIOS.md"


def examples() -> list[dict]:
    parts = DOC.read_text().split("```yaml")[1:]
    return [yaml.safe_load(part.split("```")[0]) for part in parts]


def test_documented_chain_example(rules):
    s = engine.load_scenario(rules, examples()[0])
    assert engine.vp(s, "Tonga") == Fraction(17, 2)
    assert engine.observe(s, "Tonga")["hand"] == ["moai"]
    assert engine.observe(s, "Samoa")["players"][0]["cards_in_hand"] == 1


def test_documented_face_down_example(rules, tmp_path):
    path = tmp_path / "sc.yaml"
    path.write_text(yaml.safe_dump(examples()[1]))
    s = engine.load_scenario(rules, path)
    assert s.turn == 4 and engine.current_player(s) == "Hiva"
    assert s.explorer[s.names.index("Tonga")] == LOST
    hawaii = rules.map.hex_of("1005")
    assert s.tile[hawaii] == rules.tile_id("Hawaii") and not s.tile_up[hawaii]
    tonga_sees = {r["hex"]: r for r in engine.observe(s, "Tonga")["hexes"]}["1005"]
    samoa_sees = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["1005"]
    assert tonga_sees["tile"] is None and tonga_sees["discovered_by"] == ["Samoa"]
    assert samoa_sees["tile"] == "Hawaii"
    assert s.queued["dice"] == [3, 4, 1, 4]
    assert s.queued["tiles"] == [rules.tile_id("Tahiti")]
    assert [rules.markers[m].name for m in s.queued["cup"]] == ["ocean 2", "off_course", "island 2"]


@pytest.mark.parametrize("patch,message", [
    ({"players": ["Tonga"]}, "players/seed/options"),
    ({"step": "lunch"}, "step: expected one of"),
    ({"islands": [{"ig": "Tonga", "villages": 9, "controller": "Tonga"}]}, r"islands\[0\]\.villages"),
    ({"islands": [{"ig": "Atlantis"}]}, r"islands\[0\]\.ig"),
    ({"tiles": [{"hex": "Tonga", "tile": "Hawaii"}]}, "explorable"),
    ({"pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 9}]}}, "counter mix"),
    ({"cards": {"Tonga": {"hand": ["pa", "pa", "pa"]}}}, "no copy of pa"),
    ({"dice": [7]}, r"dice\[0\]"),
    ({"colour": "red"}, "unknown keys"),
])
def test_bad_scenarios_name_the_key(rules, patch, message):
    data = {"players": ["Tonga", "Samoa"], **patch}
    with pytest.raises(engine.ScenarioError, match=message):
        engine.load_scenario(rules, data)


# --- every record is checked: unknown keys, repeats, types, positions the rules forbid --------------------------

THREE = {"players": ["Tonga", "Samoa", "Hiva"]}


@pytest.mark.parametrize("patch,message", [
    ({"tiles": [{"hex": "0906", "tile": "Tokelau", "colour": "blue"}]}, r"tiles\[0\]: unknown keys \['colour'\]"),
    ({"islands": [{"ig": "Tonga", "villages": 2, "controller": "Tonga", "king": "Tui"}]},
     r"islands\[0\]: unknown keys \['king'\]"),
    ({"cards": {"Tonga": {"hand": ["moai"], "discarded": []}}}, r"cards\.Tonga: unknown keys \['discarded'\]"),
    ({"removed": {"Tonga": {"canoe": 1}}}, r"removed\.Tonga: unknown keys \['canoe'\]"),
    ({"pieces": {"Tonga": [{"hex": "Tonga", "war_canoes": 1}]}}, r"pieces\.Tonga\[0\]: unknown keys"),
    ({"explorers": {"Tonga": "1005"}}, r"explorers\.Tonga: 1005 is not explored"),
    ({"explorers": {"Tonga": ["home"]}}, r"explorers\.Tonga: expected a hex label"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau"}, {"hex": "0906", "tile": "Tokelau"}]},
     r"tiles\[1\]\.hex: the hex 0906 is listed twice"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau"}, {"hex": "1007", "tile": "Tokelau"}]},
     r"tiles\[1\]\.tile: Tokelau is listed twice"),
    ({"ocean": ["0906", "0906"]}, r"ocean\[1\]: 0906 already holds an ocean marker"),
    ({**THREE, "ocean": ["1006"]}, r"ocean\[0\]: 1006 already holds an ocean marker .*set-up"),
    ({**THREE, "tiles": [{"hex": "1006", "tile": "Tokelau"}]}, r"tiles\[0\]\.hex: .*ocean marker"),
    ({"islands": [{"ig": "Fiji"}, {"ig": "0706"}]}, r"islands\[1\]\.ig: 0706 is listed twice"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau", "face_up": "true"}]}, r"tiles\[0\]\.face_up: expected true"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau", "face_up": 0, "discovered_by": ["Tonga"]}]},
     r"tiles\[0\]\.face_up: expected true or false"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau", "orientation": "1"}]}, r"tiles\[0\]\.orientation"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau", "orientation": 6}]}, r"tiles\[0\]\.orientation"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau", "orientation": True}]}, r"tiles\[0\]\.orientation"),
    ({"tiles": [{"hex": "0906", "tile": "Tokelau", "face_up": False, "discovered_by": ["Tonga", "Tonga"]}]},
     r"tiles\[0\]\.discovered_by: a player is listed twice"),
    ({"tiles": [{"hex": "0906", "tile": ["Tokelau"]}]}, r"tiles\[0\]\.tile: expected a tile name"),
    ({"islands": [{"ig": "Tonga", "villages": 2, "controller": "Tonga", "capital": "true"}]},
     r"islands\[0\]\.capital: expected true or false"),
    ({"islands": [{"ig": "Tonga", "villages": True, "controller": "Tonga"}]}, r"islands\[0\]\.villages"),
    ({"islands": [{"ig": "Tonga", "villages": "2", "controller": "Tonga"}]}, r"islands\[0\]\.villages"),
    ({"pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": True}]}}, r"pieces\.Tonga\[0\]\.war_canoe"),
    ({"pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1, "face_up_canoe": "yes"}]}},
     r"pieces\.Tonga\[0\]\.face_up_canoe: expected true or false"),
    ({"turn": True}, "turn: expected a whole number"),
    ({"turn": "3"}, "turn: expected a whole number"),
    ({"turn": 0}, "turn: expected a whole number from 1"),
    ({"vp_track": {"Tonga": -1}}, r"vp_track\.Tonga: expected a number of VP from 0"),
    ({"vp_track": {"Tonga": "-3/2"}}, r"vp_track\.Tonga"),
    ({"vp_track": {"Tonga": "abc"}}, r"vp_track\.Tonga"),
    ({"vp_track": {"Tonga": 7.5}}, r"vp_track\.Tonga"),
    ({"vp_track": {"Tonga": True}}, r"vp_track\.Tonga"),
    ({"vp_track": {"Tonga": "15/0"}}, r"vp_track\.Tonga"),
    ({"vp_track": {"Tonga": "0²"}}, r"vp_track\.Tonga"),
    ({"order": [1, "Tonga"]}, "order: expected every player once"),
    ({"active": ["Tonga"]}, "active: expected one of"),
    ({"step": ["movement"]}, "step: expected one of"),
    ({"dice": ["3"]}, r"dice\[0\]: expected one of"),
    ({"dice": [True]}, r"dice\[0\]: expected one of"),
    ({"cup_order": [["ocean_2"]]}, r"cup_order\[0\]"),
    ({"cards": {"Tonga": {"hand": [["moai"]]}}}, r"cards\.Tonga\.hand\[0\]: expected a card id"),
    ({"cards": {"Tonga": {"hand": "moai"}}}, r"cards\.Tonga\.hand: expected a list"),
    ({"options": "abc"}, "options: expected {option: value}"),
    ({"options": ["malaria"]}, "options: expected {option: value}"),
    ({"players": ["Tonga", 5]}, "players: expected the list of homes"),
    ({"islands": [{"ig": "0²06"}]}, r"islands\[0\]\.ig: expected a hex label"),
    ({"pieces": {"Tonga": [{"hex": "0²06", "war_canoe": 1}]}}, r"pieces\.Tonga\[0\]\.hex: expected a hex label"),
])
def test_bad_records_name_the_key(rules, patch, message):
    data = {"players": ["Tonga", "Samoa"], **patch}
    with pytest.raises(engine.ScenarioError, match=message):
        engine.load_scenario(rules, data)


def test_V2_a_home_or_capital_needs_a_player_as_controller(rules):
    """Before: `controller: independent` with `home: true` wrote home[INDEPENDENT], home[-2], which is Tonga's in
    a 2-player game: Fiji became Tonga's home."""
    for rec, key in (({"ig": "Fiji", "controller": "independent", "home": True}, "home"),
                     ({"ig": "Fiji", "controller": "independent", "capital": True}, "capital"),
                     ({"ig": "Fiji", "home": True}, "home")):
        with pytest.raises(engine.ScenarioError, match=rf"islands\[0\]\.{key}: a {key} is an IG its player"):
            engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "islands": [rec]})


def test_M4_1_pieces_stand_only_on_known_hexes(rules):
    base = {"players": ["Tonga", "Samoa"]}
    with pytest.raises(engine.ScenarioError, match=r"pieces\.Tonga\[0\]\.hex: 0906 is not explored"):
        engine.load_scenario(rules, {**base, "pieces": {"Tonga": [{"hex": "0906", "war_canoe": 1}]}})
    face_down = [{"hex": "0906", "tile": "Tokelau", "face_up": False, "discovered_by": ["Tonga"]}]
    with pytest.raises(engine.ScenarioError, match=r"pieces\.Tonga\[0\]\.hex: 0906 is not explored"):
        engine.load_scenario(rules, {**base, "tiles": face_down,
                                     "pieces": {"Tonga": [{"hex": "0906", "war_canoe": 1}]}})
    for known in ({"ocean": ["0906"]}, {"tiles": [{"hex": "0906", "tile": "Tokelau"}]}):
        s = engine.load_scenario(rules, {**base, **known, "pieces": {"Tonga": [{"hex": "0906", "war_canoe": 1}]}})
        assert s.piece_hex[s.pieces_of(0, WAR_CANOE)[0]] == rules.map.hex_of("0906")
        assert not violations(s)


def test_B3_village_counts_must_fit_their_squares(rules):
    def load(rec):
        return engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "islands": [rec]})
    fiji = {"ig": "Fiji", "controller": "Tonga"}
    with pytest.raises(engine.ScenarioError, match=r"islands\[0\]\.green_villages: expected a whole number from 0 "
                                                   r"to 3"):
        load({**fiji, "green_villages": 4})
    with pytest.raises(engine.ScenarioError, match=r"islands\[0\]\.brown_villages: expected 0 to 0: villages on "
                                                   r"brown squares need improved agriculture"):
        load({**fiji, "green_villages": 1, "brown_villages": 1})
    with pytest.raises(engine.ScenarioError, match=r"islands\[0\]\.villages: expected 2"):
        load({**fiji, "green_villages": 1, "brown_villages": 1, "ia": 1, "villages": 3})
    s = load({**fiji, "green_villages": 1, "brown_villages": 1, "ia": 1, "villages": 2})
    assert s.villages(rules.map.hex_of("Fiji")) == 2


def test_B4_a_spent_card_is_one_of_the_shown_cards(rules):
    base = {"players": ["Tonga", "Samoa"]}
    with pytest.raises(engine.ScenarioError, match=r"cards\.Tonga\.spent\[0\]: a spent card is one of the "
                                                   r"player's face-up cards"):
        engine.load_scenario(rules, {**base, "cards": {"Tonga": {"hand": ["commerce"], "spent": ["commerce"]}}})
    with pytest.raises(engine.ScenarioError, match=r"cards\.Tonga\.spent\[1\]"):
        engine.load_scenario(rules, {**base, "cards": {"Tonga": {"shown": ["commerce"],
                                                                 "spent": ["commerce", "commerce"]}}})


def test_M10_removed_pieces_come_from_the_unbuilt_ones(rules):
    mix = rules.counter_mix["war_canoe"]
    with pytest.raises(engine.ScenarioError, match=r"removed\.Tonga\.war_canoe: expected 0 to "
                                                   rf"{mix - 1} \(the unbuilt war_canoes left\)"):
        engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "removed": {"Tonga": {"war_canoe": mix}},
                                     "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}]}})


@pytest.mark.parametrize("patch,message", [
    ({"saved_bp": {"Tonga": 1}}, "saved_bp: needs the option saved_resources"),
    ({"options": {"saved_resources": True}, "saved_bp": {"Tonga": 2}},
     r"saved_bp\.Tonga: expected a whole number from 0 to 1"),
    ({"options": {"saved_resources": True}, "saved_bp": {"Tonga": "1"}}, r"saved_bp\.Tonga"),
    ({"kumara": ["Tonga"]}, "kumara: needs the option kumara"),
    ({"galapagos": ["Tonga"]}, "galapagos: needs the option kumara"),
    ({"options": {"kumara": True}, "kumara": ["Tonga", "Tonga"]}, "kumara: a player is listed twice"),
    ({"options": {"kumara": True}, "galapagos": "Tonga"}, "galapagos: expected a list of players"),
    ({"malaria": True}, "malaria: needs the option malaria"),
    ({"options": {"malaria": True}, "malaria": "true"}, "malaria: expected true or false"),
])
def test_A2_A3_A5_markers_are_checked(rules, patch, message):
    with pytest.raises(engine.ScenarioError, match=message):
        engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], **patch})


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("data,message", [
    ({"players": ["Tonga", "Samoa"], "seed": 10 ** 5000}, "not plain data"),
    ({"players": ["Tonga", "Samoa"], "note": nested(70)}, "nested deeper than 64"),
    ({"players": ["Tonga", "Samoa"], "vp_track": {"Tonga": float("inf")}}, "not plain data"),
])
def test_data_beyond_the_limits_is_refused(rules, data, message):
    with pytest.raises(engine.ScenarioError, match=message):
        engine.load_scenario(rules, data)


def test_a_cyclic_scenario_is_refused(rules):
    data = {"players": ["Tonga", "Samoa"], "note": []}
    data["note"].append(data)
    with pytest.raises(engine.ScenarioError, match="not plain data"):
        engine.load_scenario(rules, data)


def test_V1_an_exponent_in_the_vp_track_is_refused_at_once(rules, monkeypatch):
    """The text is matched before anything converts it (Fraction("1e999999999") never returns)."""
    real = schema.Fraction

    def whole_numbers_only(*args: object) -> Fraction:
        assert all(isinstance(a, int) for a in args), f"Fraction{args!r} was asked to read text"
        return real(*args)
    monkeypatch.setattr(schema, "Fraction", whole_numbers_only)
    with pytest.raises(engine.ScenarioError, match=r"vp_track\.Tonga"):
        engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "vp_track": {"Tonga": "1e999999999"}})


# --- scenario files ---------------------------------------------------------------------------------------------

def write(tmp_path, text: str):
    path = tmp_path / "sc.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_scenario_alias_bomb_is_refused_at_once(rules, tmp_path):
    path = write(tmp_path, "players: [Tonga, Samoa]\nnote:\n" + "".join(
        f"  - &l{i} [{', '.join([f'*l{i - 1}' if i else 'lol'] * 9)}]\n" for i in range(10)))
    with pytest.raises(engine.ScenarioError, match="aliases are expanded"):     # measured before it is built
        engine.load_scenario(rules, path)


def test_scenario_recursive_alias_is_refused(rules, tmp_path):
    with pytest.raises(engine.ScenarioError, match="recursive"):
        engine.load_scenario(rules, write(tmp_path, "players: [Tonga, Samoa]\nnote: &n [*n]\n"))


def test_scenario_file_beyond_a_mebibyte_is_refused(rules, tmp_path):
    path = write(tmp_path, "players: [Tonga, Samoa]\n# " + "x" * (1 << 20) + "\n")
    with pytest.raises(engine.ScenarioError, match="at most 1,048,576 bytes"):
        engine.load_scenario(rules, path)


def test_scenario_file_with_a_5000_digit_number_is_refused(rules, tmp_path):
    path = write(tmp_path, "players: [Tonga, Samoa]\nseed: 1" + "0" * 5000 + "\n")
    with pytest.raises(engine.ScenarioError, match="ValueError"):
        engine.load_scenario(rules, path)


def test_scenario_files_use_the_safe_loader(rules, tmp_path):
    assert schema._Loader is getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    path = write(tmp_path, "players: [Tonga, Samoa]\nnote: !!python/object/apply:os.getcwd []\n")
    with pytest.raises(engine.ScenarioError, match="cannot read the scenario"):
        engine.load_scenario(rules, path)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"players: [Tonga, Samoa]\nnote: \xff\n")
    with pytest.raises(engine.ScenarioError, match=r"cannot read the scenario .*UnicodeDecodeError"):
        engine.load_scenario(rules, latin)


# --- gaps: what a position may hold besides pieces and villages (docs/SCENARIOS.md) ---------------------------

def test_documented_advanced_example(rules):
    """The third example: A2's saved BP, A5's markers, A3 begun, a spent card, a piece out of the game and a
    village on an improved brown square, all in the state and in what observe() shows."""
    s = engine.load_scenario(rules, examples()[2])
    tonga, samoa = 0, 1
    fiji = rules.map.hex_of("Fiji")
    assert s.saved_bp == [1, 0]
    assert s.adv.kumara == [False, True] and s.adv.galapagos == [True, True] and s.adv.malaria
    commerce, surfing = rules.card_id("commerce"), rules.card_id("surfing")
    assert s.shown[tonga] == [commerce, surfing] and s.spent[tonga] == [commerce]
    assert commerce not in s.deck and surfing not in s.deck
    out = [pid for pid in s.pieces_of(tonga, WAR_CANOE) if s.piece_hex[pid] == OUT_OF_GAME]
    assert len(out) == 1
    assert (s.green_villages[fiji], s.ia_villages[fiji], s.ia[fiji], s.controller[fiji]) == (1, 1, 1, tonga)
    assert not violations(s)
    mine, theirs = engine.observe(s, "Tonga"), engine.observe(s, "Samoa")
    fiji_record = {r["hex"]: r for r in theirs["hexes"]}["0706"]
    assert fiji_record["squares"] == {"green": 3, "brown": 1, "green_built": 1, "brown_built": 1, "improved": 1}
    assert fiji_record["controller"] == "Tonga" and fiji_record["villages"] == 2
    for view in (mine, theirs):
        assert view["players"][tonga]["saved_bp"] == 1 and view["players"][tonga]["galapagos"]
        assert view["players"][samoa]["kumara"] and not view["players"][tonga]["kumara"]
        assert view["players"][tonga]["out_of_game"] == 1
        assert view["players"][tonga]["cards_shown"] == ["commerce", "surfing"]
        assert view["malaria"] is True
    assert mine["spent"] == ["commerce"] and theirs["spent"] == []
    assert mine["players"][tonga]["supply"]["war_canoe"] == rules.counter_mix["war_canoe"] - 1
    assert theirs["players"][tonga]["supply"] is None, "others see the supply's height, not its kinds (X33)"
    assert theirs["players"][tonga]["supply_total"] == sum(mine["players"][tonga]["supply"].values())
    assert engine.vp(s, "Samoa") - engine.vp(engine.load_scenario(rules, {**examples()[2], "kumara": []}),
                                             "Samoa") == rules.vp["kumara"]


def test_B3_villages_alone_fill_the_green_squares_first(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "islands": [
        {"ig": "Fiji", "villages": 4, "ia": 1, "controller": "Tonga"}]})
    fiji = rules.map.hex_of("Fiji")
    assert (s.green_villages[fiji], s.ia_villages[fiji]) == (3, 1)
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "islands": [
        {"ig": "Fiji", "green_villages": 0, "brown_villages": 1, "ia": 1, "controller": "Tonga"}]})
    assert (s.green_villages[fiji], s.ia_villages[fiji]) == (0, 1)
    assert {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["0706"]["squares"] == {
        "green": 3, "brown": 1, "green_built": 0, "brown_built": 1, "improved": 1}


def test_M10_removed_pieces_are_out_of_the_game(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"],
                                     "removed": {"Samoa": {"warrior_band": 2, "colony": 1}}})
    samoa = 1
    assert sum(1 for pid in s.pieces_of(samoa) if s.piece_hex[pid] == OUT_OF_GAME) == 3
    assert sum(1 for pid in s.pieces_of(samoa, BAND) if s.piece_hex[pid] == OUT_OF_GAME) == 2
    assert len(s.pieces_at(rules.map.hex_of("Samoa"), samoa)) == rules.starting_pieces["warrior_band"], \
        "the set-up's pieces stay; the removed ones come from the unbuilt pool"
    view = engine.observe(s, "Samoa")["players"][samoa]
    assert view["out_of_game"] == 3
    assert view["supply"]["warrior_band"] == rules.counter_mix["warrior_band"] - 2 - 2
    assert view["supply"]["colony"] == rules.counter_mix["colony"] - 1
    assert not violations(s)


def test_A2_saved_bp_counts_in_the_next_building(rules):
    sc = {"players": ["Tonga", "Samoa"], "options": {"saved_resources": True}, "saved_bp": {"Tonga": 1},
          "step": "building"}
    s = engine.load_scenario(rules, sc)
    plain = engine.load_scenario(rules, {**sc, "saved_bp": {}})
    bp = engine.observe(s, "Tonga")["building"]["areas"][0]["bp"]
    assert bp == engine.observe(plain, "Tonga")["building"]["areas"][0]["bp"] + 1
