"""Saves that never lose a game (game/savefile.py): one file, written whole or not at all, unreadable at a glance,
read with every size capped and from regular files only; the two-file saves of before still open; each game has
its own autosaves, written after every step and before every hand-off, and a failed one is said at once."""
from __future__ import annotations

import gc
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pygame
import pytest

import engine
from game import flow, savefile
from game.match import Match
from game.scenes.table import TableScene
from game.seats import SeatSettings

from .conftest import key
from .helpers import ROOT, run


def first_seat(rules: engine.Ruleset, seed: int = 3) -> str:
    return engine.new_game(rules, 4, seed).names[0]


def game(rules: engine.Ruleset, turn: int, seed: int = 3, **kw) -> Match:
    match = Match.new(rules, 4, ["human", "normal", "normal", "normal"], seed, speed="instant", **kw)
    match.fast_forward(turn)
    return match


def test_a_save_is_one_file_that_opens_as_the_same_game(tmp_path, rules):
    human = first_seat(rules)
    match = game(rules, 5, settings={human: SeatSettings(None, "orders", {"tiki": "hurts"})})
    path = tmp_path / "evening.paradise"
    match.save(path, "An evening")
    match.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.paradise"], "one file, no temporary left"
    again = Match.load(rules, path, speed="instant")
    assert again.state_hash() == match.state_hash() and again.seats == match.seats
    assert again.settings[human] == SeatSettings(None, "orders", {"tiki": "hurts"})
    assert again.game_id == match.game_id, "its autosaves go on in its own folder"
    meta = savefile.read_meta(path)
    assert meta.name == "An evening" and meta.turn == 5 and [p["name"] for p in meta.players] == list(match.names)
    again.close()


def hidden_names(rules: engine.Ruleset, match: Match) -> set[str]:
    """The names of the face-down tiles on the map and of the cards in the players' hands."""
    state = match._state
    tiles = {rules.tiles[t].name for h, t in enumerate(state.tile) if t >= 0 and not state.tile_up[h]}
    cards = {name for hand in state.hand for c in hand for name in (rules.cards[c].key, rules.cards[c].title)}
    return (tiles | cards) - set(match.names)


def test_no_face_down_tile_or_hidden_card_is_readable_in_a_save(tmp_path, rules):
    named_in_plain, hidden = [], set()
    for turn in (2, 7):
        match = game(rules, turn, seed=turn)
        names = hidden_names(rules, match)
        hidden |= names
        plain = json.dumps(engine.saves.save_data(match._state)).lower()
        named_in_plain += [name for name in names if name.lower() in plain]
        path = tmp_path / f"turn{turn}.paradise"
        match.save(path)
        match.close()
        raw = path.read_bytes().lower()
        assert not [name for name in names if name.lower().encode() in raw]
    assert hidden and named_in_plain, "the engine's own JSON names some of them: the check can fail"


def two_file_save(tmp_path: Path, rules: engine.Ruleset, sidecar: bool) -> tuple[Path, str, dict[str, str]]:
    match = game(rules, 3)
    path = tmp_path / "old.json"
    engine.save(match._state, path)
    if sidecar:
        path.with_name("old.seats.json").write_text(json.dumps({"seats": match.seats, "settings": {}}))
    digest, seats = match.state_hash(), match.seats
    match.close()
    return path, digest, seats


@pytest.mark.parametrize("sidecar", [True, False])
def test_a_two_file_save_of_before_still_opens(tmp_path, rules, sidecar):
    path, digest, seats = two_file_save(tmp_path, rules, sidecar)
    match = Match.load(rules, path, speed="instant")
    assert match.state_hash() == digest
    assert match.seats == (seats if sidecar else dict.fromkeys(match.names, "human")), "without its seats, humans"
    match.close()


def archive(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return out.getvalue()


def good_members(tmp_path: Path, rules: engine.Ruleset) -> dict[str, bytes]:
    match = game(rules, 2)
    path = tmp_path / "good.paradise"
    match.save(path)
    match.close()
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist()}


BAD = {
    "a folder": lambda p, g: p.mkdir(),
    "a FIFO": lambda p, g: os.mkfifo(p),
    "a link to an endless device": lambda p, g: p.symlink_to("/dev/zero"),
    "a huge file": lambda p, g: p.write_bytes(b"PK\x03\x04" + bytes(savefile.FILE_BYTES)),
    "not a save": lambda p, g: p.write_bytes(b"hello, world"),
    "a truncated archive": lambda p, g: p.write_bytes(archive(g)[:300]),
    "a zip bomb": lambda p, g: p.write_bytes(archive({**g, "game.json": b" " * (engine.saves.SAVE_BYTES + 10)})),
    "seats nested too deeply": lambda p, g: p.write_bytes(archive({**g, "seats.json": b"[" * 60000})),
    "another archive": lambda p, g: p.write_bytes(archive({"format.json": b'{"format": "zip"}'})),
    "a newer version": lambda p, g: p.write_bytes(archive({**g, "format.json": json.dumps(
        {"format": savefile.FORMAT, "version": 99}).encode()})),
    "a missing seat": lambda p, g: p.write_bytes(archive({**g, "seats.json": b'{"seats": {}}'})),
    "an edited game": lambda p, g: p.write_bytes(archive({**g, "game.json": g["game.json"].replace(
        b'"turn":2', b'"turn":3')})),
    "a bad game id": lambda p, g: p.write_bytes(archive({**g, "meta.json": json.dumps(
        {**json.loads(g["meta.json"]), "game_id": "../../etc"}).encode()})),
}


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_save_is_refused_in_one_line_and_nothing_is_lost(tmp_path, rules, kind):
    good = good_members(tmp_path, rules)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    path = tmp_path / "bad.paradise"
    BAD[kind](path, good)
    with pytest.raises(engine.SaveError) as refused:
        Match.load(rules, path, speed="instant")
    said = str(refused.value)
    assert "\n" not in said and 0 < len(said) < 400, said
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name in before} == before


def test_a_save_that_cannot_be_written_leaves_the_last_good_one(tmp_path, rules):
    match = game(rules, 2)
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "keep.paradise"
    match.save(path)
    kept = path.read_bytes()
    match.fast_forward(3)
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("the folder stays writable (running as root)")
        with pytest.raises(engine.SaveError, match="cannot save"):
            match.save(path)
    finally:
        folder.chmod(0o700)
    assert path.read_bytes() == kept and os.listdir(folder) == ["keep.paradise"]
    with pytest.raises(engine.SaveError, match="does not exist"):
        match.save(tmp_path / "nowhere" / "x.paradise")
    match.close()


def test_each_game_keeps_its_own_autosaves_and_the_last_few(tmp_path, rules):
    root = flow.autosaves(tmp_path)
    first = game(rules, 1, autosave=root)
    first.fast_forward(5)                         # a step at a time: one autosave each
    first.wait_for_saves()
    files = savefile.Autosaves(root, first.game_id).files()
    assert len(files) == savefile.KEEP and int(files[0].stem) > savefile.KEEP, "the newest few kept"
    newest = savefile.read(files[0])
    assert engine.saves.from_data(newest.game, rules).turn == 5
    first.close()
    second = game(rules, 2, seed=9, autosave=root)          # a new game: the first keeps its own
    second.close()
    assert savefile.Autosaves(root, first.game_id).files()[0].read_bytes() != b""
    assert flow.load_latest(rules, tmp_path, speed="instant").game_id == second.game_id
    loaded = Match.load(rules, files[0], speed="instant", autosave=root)     # opening an old one...
    loaded.close()
    assert {p.name for p in root.iterdir()} == {first.game_id, second.game_id}, "...writes in its own folder"


def test_continue_opens_the_newest_autosave_that_opens(tmp_path, rules):
    root = flow.autosaves(tmp_path)
    match = game(rules, 4, autosave=root)
    match.close()
    newest, older = savefile.Autosaves(root, match.game_id).files()[:2]
    expected = engine.saves.from_data(savefile.read(older).game, rules)
    newest.write_bytes(newest.read_bytes()[:100])                   # damaged: the one before opens
    assert flow.load_latest(rules, tmp_path, speed="instant").state_hash() == engine.state_hash(expected)
    assert newest.read_bytes()[:2] == b"PK" and len(newest.read_bytes()) == 100, "the damaged one is untouched"


def test_an_autosave_before_every_hand_off(tmp_path, app, rules):
    root = flow.autosaves(tmp_path)
    match = Match.new(rules, 2, ["human", "human"], 5, speed="instant", autosave=root)
    app.push(TableScene(app, match))
    app.frame()
    match.wait_for_saves()
    saves = savefile.Autosaves(root, match.game_id)
    assert saves.files(), "the hand-off to the first player comes after an autosave"
    newest = engine.saves.from_data(savefile.read(saves.files()[0]).game, rules)
    assert engine.state_hash(newest) == match.state_hash()


def test_a_failed_autosave_is_said_at_once_and_the_game_goes_on(tmp_path, app, rules):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the autosaves' folder should be")
    match = Match.new(rules, 2, ["human", "normal"], 5, speed="instant", autosave=blocked)
    app.push(TableScene(app, match))
    table = app.top
    for _ in range(400):
        if table.menus.toasts:
            break
        if table.legal and not table.anim.busy:
            table.act(table.legal[0])
        app.frame()
    assert table.menus.toasts and table.menus.toasts[0][0].startswith("Autosave failed: cannot make")
    assert match.actions > 0 and not match.stopped, "the game goes on"
    key(app, pygame.K_ESCAPE)                       # the pause menu: "Save and leave" cannot leave unsaved
    pause = app.top
    pause.save_and_leave()
    assert app.top.__class__.__name__ == "MessageScene" and table in app.stack, "the game stays open"


def test_a_saves_picture_is_a_png_and_leaves_nothing_behind(app, rules):
    """pygame-ce keeps a file object it saved a picture into, with its buffer: the map's picture leaked with
    every save until it was written through a file instead (memory grew as games were saved and reopened)."""
    match = game(rules, 3)
    app.push(TableScene(app, match))
    app.frame()

    def file_objects() -> int:
        gc.collect()
        return sum(isinstance(o, io.IOBase) for o in gc.get_objects())
    before = file_objects()
    pictures = [match.picture() for _ in range(5)] if match.picture is not None else []
    assert len(pictures) == 5 and all(p.startswith(b"\x89PNG") for p in pictures)
    assert pygame.image.load(io.BytesIO(pictures[0])).get_size()[0] > 0
    assert file_objects() <= before, "no file object outlives a picture"
    match.close()


def test_a_game_killed_at_any_moment_resumes_from_its_last_whole_autosave(tmp_path, rules):
    """UI-monkey games (which autosave after every step, and save and open again at random) are killed with
    SIGKILL at random moments, some inside a save; every autosave left is whole, and --continue opens the
    newest."""
    data = tmp_path / "data"
    rnd = random.Random(26)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    interrupted = 0
    for i in range(6):
        game_process = subprocess.Popen(
            [sys.executable, "main.py", "--ui-monkey", "1", "--device", "keys", "--players", "3", "--seed",
             str(60 + i), "--turns", "6", "--data-dir", str(data)], cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        began = time.monotonic()                   # a busy machine starts slowly: wait for the game to save first
        while not any((data / savefile.AUTOSAVES).rglob(f"*{savefile.SUFFIX}")) and time.monotonic() - began < 120 \
                and game_process.poll() is None:
            time.sleep(0.05)
        time.sleep(rnd.uniform(0.0, 2.5))
        game_process.send_signal(signal.SIGKILL)
        game_process.wait()
        files = sorted((data / savefile.AUTOSAVES).rglob(f"*{savefile.SUFFIX}"))
        interrupted += any(p.name.endswith(".tmp") for p in (data / savefile.AUTOSAVES).rglob("*"))
        assert files, "the game autosaved before it was killed"
        hashes = {p: engine.state_hash(engine.saves.from_data(savefile.read(p).game, rules)) for p in files}
        newest = savefile.latest_autosaves(data)[0]
        assert flow.load_latest(rules, data, speed="instant").state_hash() == hashes[newest]
    shot = tmp_path / "resumed.png"
    resumed = run("--continue", "--data-dir", str(data), "--screenshot", str(shot))
    assert resumed.returncode == 0 and shot.exists(), resumed.stderr
