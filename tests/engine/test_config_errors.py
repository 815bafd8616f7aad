"""Bad rule files give engine.ConfigError naming the file, the key path, the line and what was expected."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import engine
from engine.ruleset import FILES
from engine.schema import Where

from .helpers import CONFIG, copy_config


def break_file(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / f"{name}.yaml"
    text = path.read_text()
    assert old in text, f"test set-up: {old!r} not in {name}.yaml"
    path.write_text(text.replace(old, new, count))


def load_error(folder: Path) -> engine.ConfigError:
    with pytest.raises(engine.ConfigError) as info:
        engine.load_ruleset(folder)
    return info.value


def test_missing_file(tmp_path):
    folder = copy_config(tmp_path)
    (folder / "cards.yaml").unlink()
    err = load_error(folder)
    assert err.file.endswith("cards.yaml") and "no such file" in str(err)


def test_yaml_syntax_error_names_the_line(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "rules", "  transport_canoe: 1\n", "  transport_canoe: [1\n")
    err = load_error(folder)
    assert err.file.endswith("rules.yaml") and "valid YAML" in str(err) and err.line is not None


def test_wrong_type(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "rules", "  war_canoe: 3\n", "  war_canoe: three\n")
    err = load_error(folder)
    assert err.path == "costs.war_canoe"
    assert "whole number" in err.expected and "'three'" in err.found
    line = (folder / "rules.yaml").read_text().splitlines().index("  war_canoe: three") + 1
    assert err.line == line
    assert str(err).startswith(f"{err.file}: costs.war_canoe (line {line}): expected a whole number")


def test_unknown_key(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "rules", "  war_canoe: 3\n", "  war_canoe: 3\n  war_kanoe: 3\n")
    err = load_error(folder)
    assert err.path == "costs.war_kanoe" and "unknown key" in err.found


def test_unknown_reference_to_a_tile(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "cards", "igs: [Rarotonga]", "igs: [Atlantis]")
    err = load_error(folder)
    assert err.file.endswith("cards.yaml") and "Atlantis" in err.found and ".igs[0]" in err.path


def test_unknown_reference_to_a_card(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "kumara", "[ocean_chart]", "[sea_chart]")
    err = load_error(folder)
    assert err.path == "modifiers.lost_to_return_cards[0]" and "sea_chart" in err.found


def test_value_out_of_range(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "rules", '"2": 28', '"2": 280')
    err = load_error(folder)
    assert err.path == "thresholds.2" and "from 1 to 99" in err.expected


def test_duplicate_id(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "cards", "  - id: hui\n", "  - id: hula_dancing\n")
    err = load_error(folder)
    assert "duplicate card id 'hula_dancing'" in err.found


def test_map_not_connected(tmp_path):
    folder = copy_config(tmp_path)
    data = yaml.safe_load((folder / "map.yaml").read_text())
    # Cut the board in two with a full column of off-map cells through the unknown zone.
    grid = [row.split() for row in data["grid"]]
    for row in grid:
        row[10] = "-"
    text = (folder / "map.yaml").read_text()
    for old, new in zip(data["grid"], grid):
        text = text.replace(f'"{old}"', f'"{" ".join(new)}"', 1)
    (folder / "map.yaml").write_text(text)
    err = load_error(folder)
    assert err.file.endswith("map.yaml") and err.path == "grid" and "connected" in err.expected


def test_cup_must_cover_the_explorable_hexes(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "markers", "{kind: off_course, knots: 0, count: 6", "{kind: off_course, knots: 0, count: 7")
    err = load_error(folder)
    assert err.path == "discovery_cup" and "explorable hexes + 2" in err.expected


def _records(data, path=()):
    """Every mapping in the data that carries a `source` key, with its key path."""
    if isinstance(data, dict):
        if "source" in data:
            yield path
        for key, value in data.items():
            yield from _records(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _records(item, path + (i,))


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_record_must_name_its_source(name):
    """DATA.md: every record says rulebook | public | stand-in. Removing any one `source` is refused."""
    raw = yaml.safe_load((CONFIG / f"{name}.yaml").read_text())
    paths = list(_records(raw))
    assert paths and () in paths, f"{name}.yaml has no top-level source"
    for path in paths:
        broken = yaml.safe_load((CONFIG / f"{name}.yaml").read_text())
        target = broken
        for key in path:
            target = target[key]
        del target["source"]
        with pytest.raises(engine.ConfigError) as info:
            FILES[name].check(broken, Where(name, {}))
        assert info.value.path.endswith("source")


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_list_record_has_a_source(name):
    """No record in a list lacks `source` (effects are parameters of a card or event, not records)."""
    raw = yaml.safe_load((CONFIG / f"{name}.yaml").read_text())

    def walk(data, path):
        if isinstance(data, list):
            for i, item in enumerate(data):
                if isinstance(item, dict) and path[-1] != "effects":
                    assert item.get("source") in ("rulebook", "public", "stand-in"), (name, path, i)
                walk(item, path + (i,))
        elif isinstance(data, dict):
            for key, value in data.items():
                walk(value, path + (key,))

    walk(raw, ("top",))
