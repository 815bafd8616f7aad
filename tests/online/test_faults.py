"""Faults on the loopback interface, CI-sized (issue 39; bench/faults.py runs the full counts with the same code):
a server killed (SIGKILL) at random moments during bot games and restarted each time loses no acknowledged
action, and every game resumes, ends, and is the replay of its stored log; players that drop their connections
at random and open their seats again from the events they hold end every game as the same bots end it locally."""
from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

import engine
from bench.faults import GameSpec, compare_local, disconnect_run, kill_run
from game.online.player import Player, host, make_bot
from tests.online.harness import ServerProcess, connect, run

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
    """Six games at once, as bench/faults.py plays them: more seats than the 16 connections the server lets one
    address hold by default (every player here is on the loopback address)."""
    report = disconnect_run(rules, tmp_path, DROP_GAMES, drops=80, seed=39, games=6)
    assert report.drops >= 80
    assert {"update", "decided", "act"} <= set(report.dropped)     # a lost act, a lost ack, a lost update
    assert report.turned_away == 0                                 # the run's server has room for every player
    assert report.failures == []
    assert report.games_over == report.games >= 6


def test_a_player_waits_out_a_full_server(rules: engine.Ruleset, tmp_path: Path) -> None:
    """A server with no room for one more connection answers `full` (try again later): the player tries again
    until a connection is freed, then plays its game to the end."""
    async def main(url: str) -> Player:
        hosted = await host(url, ["human", "normal"], {"variable_game_end": 7}, seed=31)
        player = Player(url, token=hosted["token"], bot=make_bot("normal", hosted["seat"], 31, rules), patience=20)
        crowd: list[ClientConnection] = []
        async with asyncio.timeout(10):
            while len(crowd) < 2:            # the host's connection may still be closing on the server's side
                with contextlib.suppress(RuntimeError, ConnectionClosed):
                    crowd.append(await connect(url))
        playing = asyncio.create_task(player.run())
        async with asyncio.timeout(10):
            while not player.turned_away:
                await asyncio.sleep(0.01)
        assert player.connections == 0 and not playing.done()
        for ws in crowd:
            await ws.close()
        await asyncio.wait_for(playing, 20)
        return player

    with ServerProcess(tmp_path, "--per-address", "2") as server:
        player = run(main(server.url))
    assert player.finished and player.last["over"] and player.acks


def test_a_game_unlike_its_local_twin_is_named(rules: engine.Ruleset) -> None:
    """The check itself: a game whose last action was lost is not the game played locally."""
    spec = DROP_GAMES[0]
    state, _ = engine.play_game(rules, len(spec.levels), spec.seed, list(spec.levels), 200, options=spec.options)
    save = engine.save_data(state)
    assert compare_local(rules, spec, save) is None
    shorter = engine.replay(save["start"], save["actions"][:-1], rules)
    assert compare_local(rules, spec, engine.save_data(shorter)) is not None
