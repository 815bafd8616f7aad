"""Leaving a game (issue 36, points 7 and 13): a signal closes the window as its close button does, and the game
being played, wherever it was opened from, is saved whole first; one game is played in one window at a time, the
second window saying so instead of interleaving its autosaves with the first's."""
from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

import engine
from game import flow, savefile
from game.gamelock import LOCK, GameLock, OpenElsewhere
from game.match import Match
from game.scenes.message import MessageScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

from .conftest import button, click
from .helpers import ROOT, run

WAIT = 120                   # seconds a busy machine may take to start a window; a pass takes a few


def bots_game(rules: engine.Ruleset, data: Path, seed: int = 5) -> Match:
    """A three-bot game with one autosave and nothing of it left running (as a window quit long ago)."""
    match = Match.new(rules, 3, ["normal"], seed, speed="normal", autosave=flow.autosaves(data))
    match.autosave_now(wait=True)
    match.close(save=False)
    return match


def numbers(data: Path) -> list[int]:
    return sorted(int(p.stem) for p in savefile.latest_autosaves(data) if p.stem.isdigit())


def has_picture(path: Path) -> bool:
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
        return "picture.png" in archive.namelist()


def window(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    return subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, env=environ, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def until(holds, process: subprocess.Popen[str]) -> None:
    began = time.monotonic()
    while not holds():
        assert process.poll() is None, process.communicate()[1]
        assert time.monotonic() - began < WAIT, "the window never got that far"
        time.sleep(0.05)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda n: n.name)
def test_a_signal_closes_the_window_and_saves_the_game_opened_from_the_title(tmp_path, rules, number):
    """Ctrl+C, a kill's SIGTERM, a closed terminal's SIGHUP: the window closes as by its button, with no
    traceback, and the game Continue opened from the title (no game of the command line's) is saved whole: the
    last autosave is the closing one, with the map's picture, which the autosaves of each step do not carry."""
    data = tmp_path / "data"
    bots_game(rules, data)
    before = numbers(data)
    game = window("--data-dir", str(data), env={"PARADISE_PAD_SCRIPT": "wait 0.5; down; a"})  # title: Continue
    until(lambda: numbers(data)[-1] > before[-1], game)             # the bots play on: a step was autosaved
    game.send_signal(number)
    _, stderr = game.communicate(timeout=WAIT)
    assert game.returncode == 0 and "Traceback" not in stderr, stderr
    newest = savefile.latest_autosaves(data)[0]
    assert has_picture(newest), "the window saved the game whole as it closed"
    assert flow.load_latest(rules, data).state_hash(), "and it opens"


def test_ctrl_c_ends_bot_games_in_the_terminal_with_one_line(tmp_path):
    games = window("--headless", "--games", "1000")
    time.sleep(2)
    games.send_signal(signal.SIGINT)
    _, stderr = games.communicate(timeout=WAIT)
    assert games.returncode == 130 and stderr.strip() == "interrupted", stderr


def test_a_second_window_is_told_the_game_is_open_elsewhere(tmp_path, rules):
    """--continue while another window plays the game: refused with one line, no autosave of the other's
    touched; once the first window lets go, it opens."""
    data = tmp_path / "data"
    match = bots_game(rules, data)
    holder = GameLock(flow.autosaves(data) / match.game_id)
    holder.take()
    files = {p: p.read_bytes() for p in savefile.latest_autosaves(data)}
    second = run("--continue", "--data-dir", str(data), "--exit-at-end", "--turns", "1", timeout=WAIT)
    assert second.returncode == 2 and "open in another window" in second.stderr, second.stderr
    assert {p: p.read_bytes() for p in savefile.latest_autosaves(data)} == files
    holder.release()
    shot = tmp_path / "shot.png"
    assert run("--continue", "--data-dir", str(data), "--screenshot", str(shot)).returncode == 0


def test_a_window_killed_outright_leaves_its_game_free(tmp_path):
    """The lock is the system's: SIGKILL frees it with the process, so no stale lock file keeps a game shut."""
    folder = tmp_path / "autosaves" / "abc"
    code = "\n".join(("import sys, time", "from pathlib import Path", "from game.gamelock import GameLock",
                      "lock = GameLock(Path(sys.argv[1]))", "lock.take()", "print('held', flush=True)",
                      "time.sleep(600)"))
    holder = subprocess.Popen([sys.executable, "-c", code, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    with pytest.raises(OpenElsewhere):
        GameLock(folder).take()
    holder.kill()
    holder.wait()
    assert (folder / LOCK).exists()
    GameLock(folder).take()


def test_continue_and_the_saves_list_say_the_game_is_open_elsewhere_and_change_nothing(app):
    match = bots_game(app.rules, app.settings.data_dir)
    holder = GameLock(flow.autosaves(app.settings.data_dir) / match.game_id)
    holder.take()
    app.push(TitleScene(app))
    app.frame()
    title = app.top
    click(app, button(title, "Continue").rect.center)
    assert isinstance(app.top, MessageScene) and app.top.title == "This game is open in another window"
    app.pop()
    playing = Match.new(app.rules, 2, ["normal"], 8, speed="instant", autosave=flow.autosaves(app.settings.data_dir))
    flow.start_match(app, playing)
    table = app.top
    app.push(app.make("saves", playing))
    app.frame()
    saves = app.top
    other = next(r for r in saves.rows if r.path.parent.name == match.game_id)
    click(app, saves.buttons[saves.rows.index(other)].rect.center)
    click(app, saves.buttons[saves.rows.index(other)].rect.center)      # a double-click opens (issue 40)
    assert isinstance(app.top, MessageScene) and app.top.title == "This game is open in another window"
    assert app.stack[0] is table and not playing.closed, "the game being played goes on"
    holder.release()
    app.pop()
    click(app, saves.buttons[saves.rows.index(other)].rect.center)
    click(app, saves.buttons[saves.rows.index(other)].rect.center)
    assert isinstance(app.top, TableScene) and app.top.match.game_id == match.game_id and playing.closed
