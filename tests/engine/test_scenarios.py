"""Scenarios (docs/SCENARIOS.md): the documented examples load, and bad ones name the wrong key."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import engine
from engine.state import LOST

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
