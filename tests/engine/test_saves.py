"""Saves and replays: same seed and actions give the same game; bad saves are refused, good ones never lost."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.saves import save_data

from .helpers import play_random

ROOT = Path(__file__).resolve().parents[2]


def random_game(rules, seed=11, steps=200, players=4):
    return play_random(engine.new_game(rules, players, seed), steps, seed)


def test_save_and_load_reproduce_the_final_state_hash(rules, tmp_path):
    s = random_game(rules)
    path = tmp_path / "game.json"
    engine.save(s, path)
    loaded = engine.load(path)
    assert engine.state_hash(loaded) == engine.state_hash(s)
    assert loaded.turn == s.turn and loaded.names == s.names
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file is left behind"


def test_replay_from_seed_and_actions(rules):
    s = random_game(rules, seed=3, players=3)
    data = save_data(s)
    again = engine.replay(data["start"], data["actions"])
    assert engine.state_hash(again) == engine.state_hash(s)


def test_same_seed_same_game_across_processes(rules):
    s = random_game(rules, seed=21, steps=150)
    code = ("import engine\nfrom tests.engine.helpers import play_random\n"
            "s = play_random(engine.new_game(engine.load_ruleset(), 4, 21), 150, 21)\n"
            "print(engine.state_hash(s))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == engine.state_hash(s)


def test_different_seeds_differ(rules):
    assert engine.state_hash(engine.new_game(rules, 4, 1)) != engine.state_hash(engine.new_game(rules, 4, 2))


def write(path: Path, data) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize("damage,message", [
    (lambda text, data: text[: len(text) // 2], "not valid JSON"),
    (lambda text, data: "[1, 2, 3]", "not a Paradise save"),
    (lambda text, data: {**data, "version": 99}, "version 99"),
    (lambda text, data: {**data, "state_hash": "0" * 64}, "does not replay"),
    (lambda text, data: {**data, "actions": data["actions"][:-3]}, "does not replay"),
    (lambda text, data: {**data, "actions": [["fly away", False]] + data["actions"]}, "not legal"),
    (lambda text, data: {**data, "actions": [[1, 2]]}, "not \\[text, drawn\\]"),
    (lambda text, data: {**data, "start": {"homes": ["Tonga"], "seed": 1}}, "bad start"),
    (lambda text, data: {k: v for k, v in data.items() if k != "actions"}, "action list"),
])
def test_damaged_saves_are_refused_with_a_message(rules, tmp_path, damage, message):
    s = random_game(rules, steps=60)
    good = tmp_path / "good.json"
    engine.save(s, good)
    text = good.read_text()
    bad = write(tmp_path / "bad.json", damage(text, json.loads(text)))
    with pytest.raises(engine.SaveError, match=message):
        engine.load(bad)


def test_missing_save_is_refused(tmp_path):
    with pytest.raises(engine.SaveError, match="no save"):
        engine.load(tmp_path / "nothing.json")


def test_a_failed_write_keeps_the_last_good_save(rules, tmp_path, monkeypatch):
    s = random_game(rules, steps=40)
    path = tmp_path / "slot.json"
    engine.save(s, path)
    before = path.read_text()
    play_random(s, 20)

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr("engine.saves.os.replace", broken_replace)
    with pytest.raises(OSError):
        engine.save(s, path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_scenario_games_save_and_load(rules, tmp_path):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "seed": 4, "step": "movement",
                                     "active": "Samoa", "order": ["Tonga", "Samoa"]})
    play_random(s, 30)
    engine.save(s, tmp_path / "sc.json")
    assert engine.state_hash(engine.load(tmp_path / "sc.json")) == engine.state_hash(s)
