"""A short run of the fuzzer (bench/fuzz.py runs long ones): every mix of bots and options, invariants after
every action, legality and hidden-information checks every few actions."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.fuzz import play_checked


@pytest.mark.parametrize("game", range(0, 36, 5))
def test_fuzz_games_break_no_invariant(rules, game):
    report = play_checked(rules, game, seed=100 + game, max_turns=20)
    assert report.failures == [] and report.actions > 100 and report.checks > report.actions
