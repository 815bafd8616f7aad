"""The window's command line (CLIENT.md): a bots-only game watched with --exit-at-end prints the headless
result line; --screenshot draws a real picture for each player count."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env, check=False)


def test_a_watched_bot_game_prints_the_headless_result_line(tmp_path):
    seats = ("--players", "4", "--seed", "7")
    window = run("--new", *seats, "--seats", "rules,rules,rules,random", "--exit-at-end", "--speed", "instant",
                 "--data-dir", str(tmp_path))
    headless = run("--headless", *seats, "--bots", "rules,rules,rules,random")
    assert window.returncode == 0, window.stderr
    assert window.stdout.strip() == headless.stdout.strip().splitlines()[-1]


def test_the_levels_are_bot_names_on_the_command_line(tmp_path):
    """Issue 18: easy, normal and hard name bots for --bots (headless) and --seats (the window)."""
    headless = run("--headless", "--players", "3", "--seed", "2", "--turns", "3", "--bots", "easy,normal,hard")
    assert headless.returncode == 0, headless.stderr
    assert "game seed 2:" in headless.stdout
    window = run("--new", "--players", "3", "--seed", "2", "--turns", "2", "--seats", "hard,easy,normal",
                 "--exit-at-end", "--speed", "instant", "--data-dir", str(tmp_path))
    assert window.returncode == 0, window.stderr
    wrong = run("--headless", "--bots", "expert")
    assert wrong.returncode == 2 and "unknown bot 'expert'" in wrong.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_screenshot_is_a_real_picture(tmp_path, players):
    shot = tmp_path / f"table{players}.png"
    out = run("--new", "--players", str(players), "--seats", "human," + ",".join(["rules"] * (players - 1)),
              "--seed", str(players), "--fast-forward", "4", "--screenshot", str(shot), "--size", "1280x720",
              "--data-dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1280, 720)
    raw = pygame.image.tobytes(picture, "RGB")
    colours = {raw[i:i + 3] for i in range(0, len(raw), 3 * 7)}
    assert len(colours) > 400, f"only {len(colours)} colours: not a real picture"


def test_the_same_view_gives_the_same_pixels(tmp_path):
    shots = []
    for name in ("a.png", "b.png"):
        shot = tmp_path / name
        out = run("--new", "--players", "2", "--seats", "human,rules", "--seed", "9", "--fast-forward", "3",
                  "--screenshot", str(shot), "--viewer", "public", "--data-dir", str(tmp_path / f"data-{name}"))
        assert out.returncode == 0, out.stderr
        shots.append(pygame.image.tobytes(pygame.image.load(str(shot)), "RGB"))
    assert shots[0] == shots[1]


def test_bad_window_arguments_are_one_line_errors(tmp_path):
    out = run("--new", "--seats", "human,robot", "--players", "2")
    assert out.returncode == 2 and "unknown seat 'robot'" in out.stderr
    out = run("--size", "huge")
    assert out.returncode == 2 and "--size takes WIDTHxHEIGHT" in out.stderr
    out = run("--new", "--players", "2", "--screenshot", str(tmp_path / "x.png"), "--viewer", "Nobody",
              "--data-dir", str(tmp_path))
    assert out.returncode == 2 and "does not play" in out.stdout


def test_the_window_fits_the_screen_it_opens_on():
    """Issue 24: without --size the window opened at 1280x720 whatever the screen."""
    from game.client import DEFAULT_SIZE, fitting_size
    assert fitting_size((3840, 2160)) == (3264, 1836)
    assert fitting_size((1920, 1080)) == (1632, 918)
    assert fitting_size((1280, 800)) == (1152, 720), "a Steam Deck: most of its screen"
    assert fitting_size((1024, 600)) == (922, 540)
    assert fitting_size(None) == DEFAULT_SIZE
