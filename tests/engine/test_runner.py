"""The headless runner: `python main.py --headless ...` plays bot games and prints one line per turn."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


def test_one_game_prints_a_line_per_turn_and_the_result():
    out = run("--headless", "--players", "4", "--seed", "7", "--bots", "random", "--turns", "5")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [line.split()[:2] for line in lines[:5]] == [["turn", str(t)] for t in range(1, 6)]
    assert all(name in lines[0] for name in ("Tonga", "Samoa", "Hiva", "Raiatea"))
    assert lines[-1].startswith("game seed 7:")


def test_many_games_print_a_summary():
    out = run("--headless", "--players", "2", "--games", "3", "--turns", "2")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].startswith("3 games:")


def test_advanced_rules_are_options_of_the_runner():
    out = run("--headless", "--players", "3", "--turns", "6", "--options", "all")
    assert out.returncode == 0, out.stderr
    out = run("--headless", "--turns", "2", "--options", "malaria,variable_game_end=20")
    assert out.returncode == 0, out.stderr


def test_same_seed_same_output():
    assert run("--headless", "--seed", "9", "--turns", "4").stdout == run("--headless", "--seed", "9",
                                                                          "--turns", "4").stdout


@pytest.mark.parametrize("args,message", [
    (["--headless", "--players", "5"], "invalid choice"),
    (["--headless", "--bots", "genius"], "unknown bot"),
    (["--headless", "--turns", "0"], "at least 1"),
    (["--headless", "--seed", "x"], "invalid int"),
    (["--headless", "--config", "no-such-folder"], "error: no-such-folder"),
    (["--headless", "--options", "volcanoes"], "unknown option 'volcanoes'"),
    (["--headless", "--options", "variable_game_end=lots"], "takes a whole number"),
])
def test_bad_arguments_give_usage_not_a_traceback(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr


def test_V1_half_points_read_as_the_track_shows_them():
    """An atoll in a transit chain scores ½ (V1): the runner says 8½, never the fraction 17/2."""
    from fractions import Fraction

    from engine import GameResult, vp_text
    assert [vp_text(Fraction(n, 2)) for n in (0, 1, 16, 17)] == ["0", "0½", "8", "8½"]
    result = GameResult(7, ("Tonga", "Samoa"), 9, 300, None, False, {"Tonga": Fraction(17, 2), "Samoa": Fraction(5)})
    assert result.summary().endswith("VP Tonga 8½, Samoa 5") and "/" not in result.summary()
