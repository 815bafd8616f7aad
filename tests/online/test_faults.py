"""Faults on the loopback interface, CI-sized (issue 39; bench/faults.py runs the full counts with the same code):
a server killed (SIGKILL) at random moments during bot games and restarted each time loses no acknowledged
action, and every game resumes, ends, and is the replay of its stored log; players that drop their connections
at random and open their seats again from the events they hold end every game as the same bots end it locally."""
from __future__ import annotations

from pathlib import Path

import engine
from bench.faults import GameSpec, compare_local, disconnect_run, kill_run

KILL_GAMES = [GameSpec(("normal", "normal"), 11, {"variable_game_end": 7}, frozenset({1})),
              GameSpec(("easy", "normal", "normal"), 12, {"variable_game_end": 7, "malaria": True}, frozenset({0})),
              GameSpec(("normal", "normal", "easy", "easy"), 13, {"variable_game_end": 7, "random_events": True},
                       frozenset({1, 2}))]
DROP_GAMES = [GameSpec(("normal", "easy"), 21, {"variable_game_end": 7}),
              GameSpec(("easy", "normal", "normal"), 22, {"variable_game_end": 7, "kumara": True}),
              GameSpec(("normal", "normal", "easy", "easy"), 23, {"variable_game_end": 7, "saved_resources": True})]


def test_a_killed_server_loses_no_acknowledged_action(rules: engine.Ruleset, tmp_path: Path) -> None:
    report = kill_run(rules, tmp_path, KILL_GAMES, kills=5, seed=39)
    assert report.kills == 5
    assert report.failures == []
    assert report.games_over == report.games >= len(KILL_GAMES) and report.acks > 50


def test_dropped_connections_end_every_game_as_played_locally(rules: engine.Ruleset, tmp_path: Path) -> None:
    report = disconnect_run(rules, tmp_path, DROP_GAMES, drops=50, seed=39)
    assert report.drops >= 50
    assert report.failures == []
    assert report.games_over == report.games >= len(DROP_GAMES)


def test_a_game_unlike_its_local_twin_is_named(rules: engine.Ruleset) -> None:
    """The check itself: a game whose last action was lost is not the game played locally."""
    spec = DROP_GAMES[0]
    state, _ = engine.play_game(rules, len(spec.levels), spec.seed, list(spec.levels), 200, options=spec.options)
    save = engine.save_data(state)
    assert compare_local(rules, spec, save) is None
    shorter = engine.replay(save["start"], save["actions"][:-1], rules)
    assert compare_local(rules, spec, engine.save_data(shorter)) is not None
