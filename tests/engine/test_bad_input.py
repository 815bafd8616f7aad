"""Bad input gets the project's own errors, never a traceback and never a changed state: random text as actions,
random and mutated saves, random and mutated rule files."""
from __future__ import annotations

import contextlib
import json
import random
import shutil

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.view import UnknownPlayer
from tests.positions import arranged_battle

from .helpers import CONFIG, alias_bomb, play_random

WORDS = ["order", "end", "premove", "explore", "go", "take", "build", "claim", "flip", "play", "die", "marker",
         "Tonga", "Samoa", "0807", "0906", "war_canoe", "'Flint Is.'", "''", "\"", "9999", "-1", "cw", "\x00"]


@pytest.fixture(scope="module")
def midgame(rules):
    return play_random(engine.new_game(rules, 3, 17), 400, 17)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(max_size=40), st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join)))
def test_random_text_is_refused_as_an_action(midgame, text):
    before = engine.state_hash(midgame)
    try:
        action = engine.parse_action(midgame, text)
    except engine.IllegalAction:
        assert engine.state_hash(midgame) == before
        return
    assert action in engine.legal_actions(midgame)
    assert engine.state_hash(midgame) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(verb=st.text(max_size=12), args=st.lists(st.one_of(st.text(max_size=8), st.integers()), max_size=3))
def test_random_actions_are_refused_without_change(midgame, verb, args):
    before = engine.state_hash(midgame)
    action = engine.Action(verb, tuple(args))
    if action in engine.legal_actions(midgame):
        return
    with pytest.raises(engine.IllegalAction):
        engine.apply(midgame, action)
    assert engine.state_hash(midgame) == before


def mutate_json(value, rnd: random.Random):
    """Change one leaf or structure of a JSON value at random."""
    if isinstance(value, dict) and value:
        key = rnd.choice(sorted(value))
        out = dict(value)
        if rnd.random() < 0.2:
            del out[key]
        else:
            out[key] = mutate_json(value[key], rnd)
        return out
    if isinstance(value, list) and value:
        out = list(value)
        i = rnd.randrange(len(out))
        choice = rnd.random()
        if choice < 0.2:
            del out[i]
        elif choice < 0.3:
            out.insert(i, out[i])
        else:
            out[i] = mutate_json(out[i], rnd)
        return out
    return rnd.choice([None, True, -1, 0, 7, 10**9, "x", "", [], {}, 1.5, "end", "Tonga", [["end", False]]])


def test_mutated_saves_are_refused_or_load_but_never_crash(rules, tmp_path):
    state = play_random(engine.new_game(rules, 4, 3), 300, 3)
    good = tmp_path / "good.json"
    engine.save(state, good)
    data = json.loads(good.read_text())
    rnd = random.Random(5)
    refused = 0
    for i in range(150):
        bad = tmp_path / f"bad{i}.json"
        bad.write_text(json.dumps(mutate_json(data, rnd)))
        try:
            engine.load(bad)
        except engine.SaveError:
            refused += 1
    assert refused > 100
    raw = good.read_bytes()
    for i in range(60):
        flipped = bytearray(raw)
        for _ in range(rnd.randint(1, 4)):
            flipped[rnd.randrange(len(flipped))] = rnd.randrange(256)
        bad = tmp_path / f"bytes{i}.json"
        bad.write_bytes(bytes(flipped))
        with contextlib.suppress(engine.SaveError):
            engine.load(bad)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=200))
def test_random_text_as_a_save(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("s") / "save.json"
    path.write_text(text)
    with pytest.raises(engine.SaveError):
        engine.load(path)


@pytest.mark.parametrize("name", ["rules", "map", "tiles", "markers", "cards", "events", "kumara", "malaria",
                                  "options"])
def test_mutated_rule_files_give_config_errors(tmp_path, name):
    rnd = random.Random(name)
    original = yaml.safe_load((CONFIG / f"{name}.yaml").read_text())
    folder = tmp_path / "config"
    for i in range(25):
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(CONFIG, folder)
        if i % 3 == 0:
            text = bytearray((CONFIG / f"{name}.yaml").read_bytes())
            for _ in range(rnd.randint(1, 3)):
                text[rnd.randrange(len(text))] = rnd.choice(b"{}[]:,-#'\"\n\t xZ9")
            (folder / f"{name}.yaml").write_bytes(bytes(text))
        else:
            (folder / f"{name}.yaml").write_text(yaml.safe_dump(mutate_json(original, rnd)))
        try:
            engine.load_ruleset(folder)
        except engine.ConfigError as exc:
            assert str(exc).startswith(str(folder / f"{name}.yaml")) or f"{name}.yaml" in str(exc) or exc.file


@settings(max_examples=40, deadline=None)
@given(data=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                         lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4), max_leaves=20))
def test_random_scenarios_are_refused_with_scenario_errors(rules, data):
    with contextlib.suppress(engine.ScenarioError):
        engine.load_scenario(rules, data)


def test_unreadable_save_paths_are_refused(tmp_path):
    for path in ("a\x00b.json", tmp_path):
        with pytest.raises(engine.SaveError):
            engine.load(path)
    (tmp_path / "latin.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(engine.SaveError):
        engine.load(tmp_path / "latin.json")


# --- hostile and careless input, case by case (docs/ENGINE.md, "Limits on input") ------------------------------

def test_deeply_nested_json_in_a_save_is_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)           # json.loads: RecursionError
    with pytest.raises(engine.SaveError, match="nested too deeply"):
        engine.load(path)
    path.write_text('{"format": "paradise-save", "version": 1, "start": ' + "[" * 900 + "]" * 900 + "}")
    with pytest.raises(engine.SaveError):
        engine.load(path)


def test_an_integer_of_5000_digits_in_a_save_is_refused(rules, tmp_path):
    good = tmp_path / "good.json"
    engine.save(engine.new_game(rules, 2, 1), good)
    text = good.read_text()
    for old in ('"turn": 1', '"seed": 1'):
        assert old in text
        bad = tmp_path / "bad.json"
        bad.write_text(text.replace(old, old + "0" * 5000, 1))
        with pytest.raises(engine.SaveError, match="cannot be read"):
            engine.load(bad)


def test_a_megabyte_action_word_is_refused_at_once(midgame, tmp_path, monkeypatch):
    """Refused on its length, before shlex splits it (which takes seconds over a megabyte)."""
    monkeypatch.setattr(engine.actions.shlex, "split", lambda *a, **k: pytest.fail("a 1 MB action was split"))
    word = "x" * (1 << 20)
    for text in (word, "go " + word, "'" + word):
        with pytest.raises(engine.IllegalAction, match="at most 1000 characters"):
            engine.parse_action(midgame, text)
    with pytest.raises(engine.IllegalAction, match="at most 1000 characters"):
        engine.apply(midgame, engine.Action("go", (word,)))
    data = {"format": "paradise-save", "version": 1, "start": midgame.start, "actions": [[word, False]],
            "turn": 1, "step": "turn_order", "state_hash": "0" * 64}
    (tmp_path / "long.json").write_text(json.dumps(data))
    with pytest.raises(engine.SaveError, match=r"action 1 .*at most 1000 characters"):
        engine.load(tmp_path / "long.json")


@pytest.mark.parametrize("action", [
    engine.Action(5, None), engine.Action("go", "0906"), engine.Action("go", ["0906"]), engine.Action(None, ()),
    engine.Action("go", (["0906"],)), engine.Action("go", ({"hex": "0906"},)), engine.Action("go", ({1, 2},)),
    engine.Action("die", (True,)), engine.Action("die", (4.0,)), engine.Action("die", (10 ** 5000,)),
    engine.Action("go", (b"0906",)), engine.Action("x" * 5000, ()), engine.Action("go", ("0906",) * 9),
    tuple.__new__(engine.Action, ("go", ("0906",), "extra")), ("go", ("0906",)), "go 0906", None,
])
def test_malformed_action_objects_are_illegal_actions(midgame, action):
    """engine.apply refuses them like any illegal action (never a TypeError), and changes nothing."""
    before = engine.state_hash(midgame)
    with pytest.raises(engine.IllegalAction):
        engine.apply(midgame, action)
    assert engine.state_hash(midgame) == before


def test_a_die_roll_written_as_true_is_not_a_one(rules):
    """True == 1 in Python: Action("die", (True,)) compared equal to "die 1" and then failed half-applied."""
    s = arranged_battle(rules)
    before = engine.state_hash(s)
    with pytest.raises(engine.IllegalAction):
        engine.apply(s, engine.Action("die", (True,)))
    assert engine.state_hash(s) == before and engine.current_player(s) == engine.CHANCE


@pytest.mark.parametrize("text", ["premove 0²07", "premove ０８０７", "premove 08٠7"])  # noqa: RUF001 - non-ASCII digits on purpose
def test_hex_labels_with_non_ascii_digits_are_not_hexes_in_notation(rules, text):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    assert "premove 0807" in map(str, engine.legal_actions(s))
    with pytest.raises(engine.IllegalAction):
        engine.parse_action(s, text)


def test_observing_an_unknown_player_is_a_clear_error(midgame):
    assert engine.observe(midgame, None)["you"] is None, "None asks for the public view"
    for who in ("Nobody", 5, ["Tonga"], ""):
        with pytest.raises(UnknownPlayer, match="no player is named") as info:
            engine.observe(midgame, who)
        assert isinstance(info.value, KeyError) and isinstance(info.value, ValueError)
        assert str(info.value).startswith("no player is named")
    with pytest.raises(ValueError, match="since"):
        engine.observe(midgame, midgame.names[0], since=-1)
    with pytest.raises(ValueError, match="since"):
        engine.observe(midgame, midgame.names[0], since="3")


# --- the command line: bad input is one line on stderr and exit code 2 ------------------------------------------

def run_main(capsys, *argv: str) -> tuple[int, str]:
    import main
    try:
        code = main.main(list(argv))
    except SystemExit as exc:                  # argparse's own errors
        code = exc.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize("value", ["²", "٣", "1" + "0" * 5000, "-3", "1e3"])
def test_cli_option_numbers_are_ascii_digits(capsys, value):
    code, err = run_main(capsys, "--headless", "--turns", "1", "--options", f"variable_game_end={value}")
    assert code == 2 and "takes a whole number" in err and "Traceback" not in err and len(err) < 1000


@pytest.mark.parametrize("damage", ["bomb", "digits", "huge", "zero_mix", "options"])
def test_cli_bad_rule_files_give_one_line_and_exit_code_2(capsys, tmp_path, damage):
    folder = tmp_path / "config"
    shutil.copytree(CONFIG, folder)
    rules_file = folder / "rules.yaml"
    text = rules_file.read_text()
    if damage == "bomb":
        rules_file.write_text(text + "\n" + alias_bomb())
    elif damage == "digits":
        rules_file.write_text(text.replace("  war_canoe: 3\n", "  war_canoe: 3" + "0" * 5000 + "\n", 1))
    elif damage == "huge":
        rules_file.write_text(text + "#" * (2 << 20))
    elif damage == "zero_mix":
        mix = text[text.index("counter_mix:"):]
        rules_file.write_text(text.replace(mix, "counter_mix:\n  transport_canoe: 0\n  war_canoe: 0\n  "
                                                "warrior_band: 0\n  colony: 0\n  rumor: 0\n  source: stand-in\n"))
    else:
        (folder / "options.yaml").write_text("options: &o [*o]\n")
    code, err = run_main(capsys, "--headless", "--turns", "1", "--config", str(folder))
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err and len(err.splitlines()) == 1
