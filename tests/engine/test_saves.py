"""Saves and replays: same seed and actions give the same game; bad saves are refused, good ones never lost."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.saves import history, is_arranged, save_data
from tests.positions import ALL_OPTIONS, arranged_battle

from .helpers import do, play_random

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


# --- a save cannot choose its luck ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def lucky_game(rules):
    """A game whose history holds a draw from each pile: the cup, the tile stack, the deck, the event deck, the die."""
    s = play_random(engine.new_game(rules, 4, 0, ALL_OPTIONS), 200, 0)
    first: dict[str, int] = {}
    for i, (text, drawn) in enumerate(history(s)):
        if drawn:
            first.setdefault(text.split()[0], i)
    assert set(first) == {"marker", "tile", "card", "event", "die"}, first
    return s, first


@pytest.mark.parametrize("verb", ["marker", "tile", "card", "event", "die"])
def test_an_edited_outcome_of_chance_does_not_load(rules, tmp_path, lucky_game, verb):
    """The forger replays the game up to a draw, sets another outcome by hand and saves: the hash fits the
    forged game, but the replay refuses the outcome the seed's streams did not draw."""
    s, first = lucky_game
    i = first[verb]
    data = save_data(s)
    forged = engine.replay(data["start"], data["actions"][:i])
    drawn = data["actions"][i][0]
    other = next(str(a) for a, _ in engine.chance_outcomes_omniscient(forged) if str(a) != drawn)
    engine.apply(forged, engine.parse_action(forged, other))
    engine.save(forged, tmp_path / "forged.json")
    assert json.loads((tmp_path / "forged.json").read_text())["actions"][i] == [other, False]
    with pytest.raises(engine.SaveError, match=rf"action {i + 1} \({other!r}\) sets an outcome of chance by hand"):
        engine.load(tmp_path / "forged.json")


def test_even_the_drawn_outcome_may_not_be_set_by_hand(rules, tmp_path, lucky_game):
    """Setting the outcome by hand leaves the stream where it was, so the next draw would repeat it: a choice the
    forger could use. Only [text, true] (drawn) replays a draw of the seed."""
    s, first = lucky_game
    i = first["die"]
    data = save_data(s)
    data["actions"][i][1] = False
    path = write(tmp_path / "hand.json", data)
    with pytest.raises(engine.SaveError, match=rf"action {i + 1} .*sets an outcome of chance by hand"):
        engine.load(path)


def test_M8_4_queued_dice_set_by_hand_save_and_load_marked_arranged(rules, tmp_path):
    s = arranged_battle(rules)
    do(s, "die 6")                                   # set by hand: the queued outcome
    engine.save(s, tmp_path / "arranged.json")
    data = json.loads((tmp_path / "arranged.json").read_text())
    assert data["arranged"] is True and data["actions"][-1] == ["die 6", False]
    loaded = engine.load(tmp_path / "arranged.json")
    assert engine.state_hash(loaded) == engine.state_hash(s) and is_arranged(loaded)
    plain = random_game(rules, steps=30)
    assert not is_arranged(plain) and save_data(plain)["arranged"] is False


def test_M8_4_a_queued_die_edited_in_the_save_does_not_load(rules, tmp_path):
    s = arranged_battle(rules)
    do(s, "die 6")
    engine.save(s, tmp_path / "arranged.json")
    data = json.loads((tmp_path / "arranged.json").read_text())
    n = len(data["actions"])
    data["actions"][-1] = ["die 1", False]
    with pytest.raises(engine.SaveError, match=rf"action {n} is 'die 1', but the scenario queued 'die 6'"):
        engine.load(write(tmp_path / "edited.json", data))


def test_the_arranged_mark_must_match_the_start(rules, tmp_path):
    s = arranged_battle(rules)
    engine.save(s, tmp_path / "arranged.json")
    data = json.loads((tmp_path / "arranged.json").read_text())
    with pytest.raises(engine.SaveError, match="arranged is False"):
        engine.load(write(tmp_path / "unmarked.json", {**data, "arranged": False}))


# --- a save never opens another file; its start is checked -----------------------------------------------------

def test_a_save_never_opens_the_file_its_start_names(rules, tmp_path, monkeypatch):
    path = tmp_path / "sc.yaml"
    path.write_text("players: [Tonga, Samoa]\n")
    s = engine.load_scenario(rules, path)
    data = {**save_data(s), "start": {"scenario": str(path)}}
    opened = []
    monkeypatch.setattr("engine.scenario.read_capped", lambda *a: opened.append(a) or "")
    with pytest.raises(engine.SaveError,
                       match=r"start.scenario: expected the scenario itself .*not the name of a file"):
        engine.load(write(tmp_path / "s.json", data))
    assert not opened


@pytest.mark.parametrize("start,message", [
    ({"seed": 1, "homes": ["Tonga", "Samoa"], "options": "abc"}, r"start\.options: expected \{option: value\}"),
    ({"seed": 1, "homes": ["Tonga", "Samoa"], "options": ["malaria"]}, r"start\.options"),
    ({"seed": 1, "homes": ["Tonga", "Samoa"], "colour": "red"}, r"start: unknown keys \['colour'\]"),
    ({"seed": 1}, "start: expected the homes and the seed"),
    ({"seed": 1, "homes": "Tonga"}, r"start\.homes"),
    ({"seed": 1, "homes": True}, r"start\.homes"),
    ({"seed": "1", "homes": 2}, "start: the seed must be a whole number"),
    ({"scenario": {"players": ["Tonga", "Samoa"]}, "seed": 1}, "a scenario start holds only the scenario"),
    ({"scenario": {"players": ["Tonga", "Samoa"], "options": "abc"}}, "options: expected"),
    ({"scenario": ["players"]}, r"start\.scenario: expected the scenario itself"),
])
def test_a_bad_start_is_refused_with_its_key(rules, tmp_path, start, message):
    data = {**save_data(random_game(rules, steps=5, players=2)), "start": start, "actions": []}
    with pytest.raises(engine.SaveError, match=message):
        engine.load(write(tmp_path / "s.json", data))


# --- writing ----------------------------------------------------------------------------------------------------

def test_saving_into_a_missing_folder_is_a_save_error(rules, tmp_path, monkeypatch):
    s = random_game(rules, steps=5, players=2)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(engine.SaveError, match="the folder 'missing_folder' does not exist"):
        engine.save(s, "missing_folder/x.json")
    (tmp_path / "afile").write_text("")
    with pytest.raises(engine.SaveError, match="is not a folder"):
        engine.save(s, tmp_path / "afile" / "x.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_stale_temporaries_of_killed_saves_are_removed_on_the_next_save(rules, tmp_path):
    s = random_game(rules, steps=5, players=2)
    stale = [".slot.json.abcd1234.tmp", ".slot.json.z_9y8x7w.tmp"]
    kept = [".slot.json.abc.tmp", ".slot.json.ABCD1234.tmp", ".slot.json.foo.abcd1234.tmp", "slot.json.abcd1234.tmp",
            ".other.json.abcd1234.tmp", ".slot.json.abcd1234.tmp.bak", ".slot.jsonXabcd1234.tmp", "notes.txt"]
    for name in stale + kept:
        (tmp_path / name).write_text("left over")
    (tmp_path / ".slot.json.dir12345.tmp").mkdir()              # not a file: kept
    engine.save(s, tmp_path / "slot.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kept + [".slot.json.dir12345.tmp", "slot.json"])
    assert engine.state_hash(engine.load(tmp_path / "slot.json")) == engine.state_hash(s)


def test_a_save_larger_than_8_mebibytes_is_refused(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(" " * ((8 << 20) + 1))
    with pytest.raises(engine.SaveError, match="at most 8,388,608 bytes"):
        engine.load(path)


def test_replay_refuses_an_action_list_that_is_not_a_list(rules):
    start = save_data(engine.new_game(rules, 2, 1))["start"]
    for actions in (None, "end", {"1": "end"}):
        with pytest.raises(engine.SaveError, match="the actions are a list"):
            engine.replay(start, actions, rules)


def test_the_history_kept_chunk_by_chunk_is_the_history_of_each_branch(rules, monkeypatch):
    """history() keeps the lines of each full chunk (an autosave after every step): two games that share their
    first chunks and then differ each get their own history, also when the kept lines are cleared as they fill."""
    from engine import saves

    def plain(state):
        return [[str(action), drawn] for action, drawn in state.actions_done()]
    monkeypatch.setattr(saves, "CHUNK_LINES_KEPT", 3)
    trunk = random_game(rules, seed=5, steps=300)
    branch = play_random(trunk.clone(), 300, 6)
    trunk = play_random(trunk, 300, 7)
    for state in (trunk, branch, trunk, branch):
        assert history(state) == plain(state)
    assert len(history(trunk)) > 4 * 64 and history(trunk) != history(branch)
    lines = history(trunk)
    lines[0][0] = "edited"
    assert history(trunk) == plain(trunk), "a caller's changes never reach the kept lines"
