"""Bots think in another process (game/botpool.py): a Hard bot's plan points are searched in the worker from its
Snapshot (its view and a position re-dealt from it), with the same choices and the same game as in the client's
process; closing a match stops the search at once; a killed worker never hangs a match; no worker outlives
the client."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engine
from engine.ai import BOTS, Budget, SearchBot, Sight
from engine.runner import play_game
from game import botpool
from game.match import Match

from .hard_bot import ENDLESS, at_plan_point

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 120.0              # seconds before a wait counts as a hang (a guard, never a measure of speed)


def settle(match: Match, version: int) -> None:
    """Tick until the match has moved past `version` (one action, at speed normal); a hang fails the test."""
    limit = time.monotonic() + PATIENCE
    while match.version == version:
        assert time.monotonic() < limit, "the match never decided"
        match.tick(1 / 60)


def in_process(twin: SearchBot, match: Match) -> engine.Action:
    """What the twin chooses in this process, from the real state."""
    state = match._state
    return twin.choose(Sight(state, twin.player), engine.legal_actions(state))


def last_action(match: Match) -> engine.Action:
    return match._state.actions_done()[-1][0]


def refuse(*args: object) -> None:
    raise AssertionError("a search ran in the client's process")


def gone(pid: int) -> bool:
    """The process has ended (a zombie left to an init that does not reap counts as ended: it runs nothing)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def wait_gone(pid: int) -> bool:
    limit = time.monotonic() + PATIENCE
    while not gone(pid) and time.monotonic() < limit:
        time.sleep(0.05)
    return gone(pid)


@pytest.fixture
def private_pool(monkeypatch):
    """A pool of the test's own (whose worker the test may kill), shut down after it."""
    pool = botpool.BotPool()
    monkeypatch.setattr(botpool, "_SHARED", pool)
    yield pool
    pool.shutdown()


def test_a_hard_bot_in_a_match_plays_the_headless_game(rules, monkeypatch):
    """Every plan point is searched in the worker (a search here fails the test); the bot keeps what it learnt
    between decisions (its plans, the parties it tried, its statistics), so the game is the runner's."""
    def make(kind: str, name: str):
        return SearchBot(name, 4, rules, Budget(seconds=None, rollouts=6)) if kind == "hard" else BOTS[kind](
            name, 4, rules)
    state, result = play_game(rules, 2, 4, ["hard", "normal"], 8, make_bot=make)
    monkeypatch.setattr(SearchBot, "search", refuse)
    match = Match.new(rules, 2, ["hard", "normal"], 4, speed="instant", max_turns=8, make_bot=make)
    limit = time.monotonic() + PATIENCE
    while not match.stopped:
        assert time.monotonic() < limit
        match.tick(1 / 60)
    match.close()
    hard = state.names[0]
    assert match.state_hash() == engine.state_hash(state)
    assert match._bots[hard].stats.searches == result.bots[hard].stats.searches > 0
    assert match._pool.deaths == 0


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_the_worker_chooses_what_the_bot_chooses_here(rules, seed, monkeypatch):
    match, bot, twin = at_plan_point(rules, seed, Budget(seconds=None, rollouts=10))
    expected = in_process(twin, match)
    monkeypatch.setattr(SearchBot, "search", refuse)
    settle(match, match.version)
    assert last_action(match) == expected
    back = match._bots[bot.player]
    assert back is not bot, "the bot as it came back from the worker"
    assert (back.stats.rollouts, back.tried, back.plan) == (twin.stats.rollouts, twin.tried, twin.plan)
    assert back.stats.rollouts > 0 and not back._stopped.is_set()
    match.close()


def test_close_stops_a_search_at_once_and_frees_the_worker(rules):
    """A search that would last for hours stops when the match closes: the one shared worker answers the next
    match's search."""
    match, _, _ = at_plan_point(rules, 3, ENDLESS)
    match.tick(1 / 60)
    assert match._thinking is not None
    pid = match._pool.pid
    match.close()
    other, _, twin = at_plan_point(rules, 5, Budget(seconds=None, rollouts=4))
    expected = in_process(twin, other)
    settle(other, other.version)
    assert last_action(other) == expected
    assert other._pool.pid == pid, "one worker for every match"
    other.close()


def test_a_killed_worker_does_not_hang_the_match(rules, private_pool):
    """The decision is thought again here from the same snapshot (the same choice); the dead worker is reaped;
    the next search starts a new one."""
    match, _, twin = at_plan_point(rules, 8, Budget(seconds=None, rollouts=40))
    expected = in_process(twin, match)
    match.tick(1 / 60)
    pid = private_pool.pid
    assert match._thinking is not None and pid is not None
    os.kill(pid, signal.SIGKILL)
    settle(match, match.version)
    assert last_action(match) == expected
    assert private_pool.deaths == 1 and gone(pid), "reaped, not left a zombie"
    match.close()
    again, _, twin = at_plan_point(rules, 3, Budget(seconds=None, rollouts=4))
    expected = in_process(twin, again)
    settle(again, again.version)
    assert last_action(again) == expected and private_pool.pid not in (None, pid)
    again.close()


def test_without_a_worker_bots_think_here(rules, private_pool):
    private_pool.deaths = botpool.MAX_DEATHS
    match, _, twin = at_plan_point(rules, 5, Budget(seconds=None, rollouts=4))
    expected = in_process(twin, match)
    settle(match, match.version)
    assert last_action(match) == expected and private_pool.pid is None
    match.close()


CLIENT = """
import os, sys
sys.path.insert(0, {root!r})
from engine import load_ruleset
from tests.game.hard_bot import ENDLESS, at_plan_point
match, _, _ = at_plan_point(load_ruleset(), 3, ENDLESS)
match.tick(1 / 60)
assert match._thinking is not None
print(match._pool.pid, flush=True)
{ending}
"""


@pytest.mark.parametrize("ending", ["match.close()", "pass", "os._exit(0)"])
def test_no_worker_outlives_the_client(ending):
    """Whether the client closes the match, just exits, or dies without its exit handlers, its worker (in the
    middle of an endless search) ends too."""
    out = subprocess.run([sys.executable, "-c", CLIENT.format(root=str(ROOT), ending=ending)], cwd=ROOT,
                         capture_output=True, text=True, timeout=PATIENCE, check=False)
    assert out.returncode == 0, out.stderr
    assert wait_gone(int(out.stdout.split()[0]))
