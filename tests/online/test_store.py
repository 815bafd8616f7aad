"""The server's store (game/online/store.py): what a game needs to be replayed and its seats opened again, each
change one transaction, and a committed change kept through the death of the process (SIGKILL), which is what lets
the server acknowledge an action once it is written."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engine
from game.online.store import FILE, Store

SEATS = {"Tonga": "human", "Samoa": "human", "Fiji": "normal"}


def new_store(path: Path) -> Store:
    store = Store(path)
    store.create("G-1", {"seed": 5}, SEATS, {"Tonga": "hash-tonga"}, {"K7QM2XPA": "Samoa"}, "WABCD2345",
                 [["draw x", True]], {"": 0, "Tonga": 1})
    return store


def test_a_game_comes_back_as_it_was_stored(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.record("G-1", 1, [["go 0906", False], ["roll 3", True]], {"": 2, "Tonga": 3}, False)
    store.close()
    again = Store(tmp_path)
    game = again.load("G-1")
    assert game is not None
    assert (game.start, game.seats, game.versions, game.over) == ({"seed": 5}, SEATS, {"": 2, "Tonga": 3}, False)
    assert game.actions == [["draw x", True], ["go 0906", False], ["roll 3", True]]
    assert again.start("G-1") == {"seed": 5} and again.actions("G-1") == game.actions
    assert again.load("G-2") is None and again.start("G-2") is None and again.actions("G-2") == []
    assert again.unfinished() == ["G-1"]
    again.close()


def test_an_undo_deletes_the_rows_it_took_back_in_the_same_write(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.record("G-1", 1, [["a", False], ["b", False], ["c", True]], {}, False)
    store.record("G-1", 2, [], {}, False)                     # an undo back to two actions
    assert store.actions("G-1") == [["draw x", True], ["a", False]]
    store.record("G-1", 2, [["d", False]], {}, True)
    assert store.actions("G-1") == [["draw x", True], ["a", False], ["d", False]]
    assert store.unfinished() == [], "a game over is not replayed at a restart"
    store.close()


def test_a_write_that_fails_midway_leaves_everything_as_it_was(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    with pytest.raises(sqlite3.Error):
        store.record("G-1", 0, [["a", False], [{"not": "text"}, False]], {"": 9}, True)
    game = store.load("G-1")
    assert game is not None and game.actions == [["draw x", True]] and not game.over and game.versions["Tonga"] == 1
    store.close()


def test_an_invite_code_is_used_once_and_opens_its_seat_by_a_hash(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    assert store.seat_of("hash-tonga") == ("G-1", "Tonga")
    assert store.seat_of("hash-samoa") is None
    assert store.use_invite("K7QM2XPA", "hash-samoa", "Ana") == ("G-1", "Samoa")
    assert store.use_invite("K7QM2XPA", "hash-other", "Eve") is None, "a code is used once"
    assert store.use_invite("NOPE", "hash-other", "Eve") is None
    assert store.seat_of("hash-samoa") == ("G-1", "Samoa") and store.seat_of("hash-other") is None
    assert store.watched("WABCD2345") == "G-1" and store.watched("K7QM2XPA") is None
    store.set_seat_kind("G-1", {**SEATS, "Samoa": "normal"}, {"": 4})
    game = store.load("G-1")
    assert game is not None and game.seats["Samoa"] == "normal" and game.versions == {"": 4}
    store.close()


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from game.online.store import Store
    store = Store(Path(sys.argv[1]))
    store.create("G-1", {}, {}, {}, {}, "W", [], {})
    n = 0
    while True:
        store.record("G-1", n, [[f"action {n}", False]], {"": n}, False)
        n += 1
        print(n, flush=True)
""")


def test_every_committed_action_survives_a_killed_process(tmp_path: Path) -> None:
    """The writer says each action once its transaction is committed (as the server acknowledges it), and is
    killed mid-stride: each action it said is in the file."""
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parents[2])
    try:
        assert writer.stdout is not None
        said = 0
        while said < 300:
            said = int(writer.stdout.readline())
        writer.kill()
        writer.wait()
        said = max([said, *(int(line) for line in writer.stdout.read().split())])
    finally:
        writer.kill()
        writer.wait()
        if writer.stdout is not None:
            writer.stdout.close()
    store = Store(tmp_path)
    rows = store.actions("G-1")
    store.close()
    assert len(rows) >= said
    assert rows[:said] == [[f"action {n}", False] for n in range(said)]


def test_the_file_is_in_write_ahead_mode(tmp_path: Path) -> None:
    new_store(tmp_path).close()
    db = sqlite3.connect(tmp_path / FILE)
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        db.close()


def test_a_stored_log_replays_to_the_game(rules: engine.Ruleset, tmp_path: Path) -> None:
    state, _ = engine.play_game(rules, 2, 3, ["easy", "easy"], 2)
    save = engine.save_data(state)
    store = Store(tmp_path)
    store.create("G-1", save["start"], dict.fromkeys(state.names, "easy"), {}, {}, "W", save["actions"][:5], {})
    store.record("G-1", 5, save["actions"][5:], {}, engine.is_over(state))
    again = store.load("G-1")
    store.close()
    assert again is not None
    assert engine.state_hash(engine.replay(again.start, again.actions, rules)) == engine.state_hash(state)
