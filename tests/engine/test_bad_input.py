"""Bad input gets the project's own errors, never a traceback and never a changed state: random text as actions,
random and mutated saves, random and mutated rule files."""
from __future__ import annotations

import json
import random
import shutil

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import engine

from .helpers import CONFIG, play_random

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
        try:
            engine.load(bad)
        except engine.SaveError:
            pass


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
    try:
        engine.load_scenario(rules, data)
    except engine.ScenarioError:
        pass


def test_unreadable_save_paths_are_refused(tmp_path):
    for path in ("a\x00b.json", tmp_path):
        with pytest.raises(engine.SaveError):
            engine.load(path)
    (tmp_path / "latin.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(engine.SaveError):
        engine.load(tmp_path / "latin.json")
