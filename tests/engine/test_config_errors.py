"""Bad rule files give engine.ConfigError naming the file, the key path, the line and what was expected."""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import engine
from engine import schema
from engine.ruleset import FILES
from engine.schema import Where

from .helpers import CONFIG, alias_bomb, copy_config


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


# --- hostile and careless input: every failure is a ConfigError naming the file (docs/ENGINE.md, Limits) -------

def append(folder: Path, name: str, text: str) -> None:
    with open(folder / f"{name}.yaml", "a", encoding="utf-8") as handle:
        handle.write("\n" + text)


def test_yaml_alias_bomb_is_refused_at_once(tmp_path):
    folder = copy_config(tmp_path)
    append(folder, "rules", alias_bomb())          # 9 ** 9 = 387,420,489 values once expanded
    err = load_error(folder)     # measured before anything is built: the message says so
    assert err.file.endswith("rules.yaml") and "aliases are expanded" in err.found and err.line is not None


def test_yaml_recursive_alias_is_refused(tmp_path):
    folder = copy_config(tmp_path)
    append(folder, "cards", "loop: &loop [1, *loop]\n")
    err = load_error(folder)
    assert err.file.endswith("cards.yaml") and "recursive" in err.found


def test_yaml_nested_too_deep_is_refused(tmp_path):
    folder = copy_config(tmp_path)
    append(folder, "tiles", "deep: " + "[" * 100 + "]" * 100 + "\n")
    err = load_error(folder)
    assert err.file.endswith("tiles.yaml") and "nesting deeper than 64" in err.found


def test_rule_file_larger_than_a_mebibyte_is_refused(tmp_path):
    folder = copy_config(tmp_path)
    append(folder, "markers", "# " + "x" * (1 << 20) + "\n")
    err = load_error(folder)
    assert err.file.endswith("markers.yaml") and "at most 1,048,576 bytes" in err.expected


def test_integer_beyond_4300_digits_is_refused(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "rules", "  war_canoe: 3\n", "  war_canoe: 3" + "0" * 5000 + "\n")
    err = load_error(folder)
    assert err.file.endswith("rules.yaml") and "ValueError" in err.found and "digits" in err.found


def test_V1_fraction_with_an_exponent_is_refused_at_once(tmp_path, monkeypatch):
    """Fraction("1e999999999") never returns: the text is matched before anything converts text to a number."""
    folder = copy_config(tmp_path)
    break_file(folder, "rules", 'linked_atoll: "1/2"', 'linked_atoll: "1e999999999"')
    real = schema.Fraction

    def whole_numbers_only(*args: object) -> Fraction:
        assert all(isinstance(a, int) for a in args), f"Fraction{args!r} was asked to read text"
        return real(*args)
    monkeypatch.setattr(schema, "Fraction", whole_numbers_only)
    err = load_error(folder)
    assert err.path == "victory_points.linked_atoll" and "'1e999999999'" in err.found


@pytest.mark.parametrize("value", ['"-1/2"', '"1/0"', '" 1/2"', '"1.5"', '"1_000"', '"½"', '"١/٢"', "1.5", "true"])  # noqa: RUF001 - non-ASCII digits on purpose
def test_V1_malformed_fractions_are_refused(tmp_path, value):
    folder = copy_config(tmp_path)
    break_file(folder, "rules", 'linked_atoll: "1/2"', f"linked_atoll: {value}")
    err = load_error(folder)
    assert err.path == "victory_points.linked_atoll" and "a number such as 1" in err.expected


def test_hex_label_with_a_superscript_digit_is_refused(tmp_path):
    """"0²06".isdigit() is true; int("0²") is not a number: labels are checked as ASCII digits."""
    folder = copy_config(tmp_path)
    break_file(folder, "map", 'hex: "0706"', 'hex: "0²06"')
    err = load_error(folder)
    assert err.path == "island_groups[2].hex" and "four digits" in err.expected and "0²06" in err.found


def test_option_rule_number_with_a_non_ascii_digit_is_refused(tmp_path):
    folder = copy_config(tmp_path)
    text = (folder / "options.yaml").read_text()
    rule = re.search(r"rule: (A\d)", text).group(1)
    break_file(folder, "options", f"rule: {rule}", "rule: A٣")
    err = load_error(folder)
    assert err.path.endswith(".rule") and "A1-A7" in err.expected


def test_B1_6_a_counter_mix_of_no_pieces_is_refused(tmp_path):
    folder = copy_config(tmp_path)
    text = (folder / "rules.yaml").read_text()
    mix = text[text.index("counter_mix:"):]
    zero = re.sub(r"(\n  (transport_canoe|war_canoe|warrior_band|colony|rumor)): \d+", r"\1: 0", mix)
    (folder / "rules.yaml").write_text(text.replace(mix, zero))
    err = load_error(folder)
    assert err.path.startswith("counter_mix") and err.file.endswith("rules.yaml")


def test_S5_a_counter_mix_below_the_starting_pieces_is_refused(tmp_path):
    folder = copy_config(tmp_path)
    break_file(folder, "rules", "  warrior_band: 8\n", "  warrior_band: 1\n")
    err = load_error(folder)
    assert err.path == "counter_mix.warrior_band" and "starting_pieces" in err.expected


@pytest.mark.parametrize("name", ['"0906"', "Tonga", "Hiva", "Galapagos Islands", "Coral Sea", '" Wake"'])
def test_a_map_label_may_not_shadow_another_name(tmp_path, name):
    """A label's name also names its hex (scenarios may write it): it may not be a hex label, an IG, a tile, a
    special hex or another label's name."""
    folder = copy_config(tmp_path)
    break_file(folder, "map", "{name: Tasman Sea,", f"{{name: {name},")
    err = load_error(folder)
    assert err.path == "labels[2].name" and "a name of its own" in err.expected


def test_a_nul_in_the_config_path_is_a_config_error():
    with pytest.raises(engine.ConfigError):
        engine.load_ruleset("con\x00fig")
