"""The fault runs of issue 39 in full, on the loopback interface (printed; exit 1 on any failure).

    python bench/faults.py [--kills 100] [--drops 1000] [--games 6] [--seed 39]

Kills: a server process plays bot games whose seats are remote players (game/online/player.py, their bots
deciding client-side) and the server's own bots; it is killed (SIGKILL) at `--kills` random moments and started
again each time. Every game must resume and end, every action a player saw acknowledged must be in the stored log
where the ack put it, and the server's final state (its `record`) must be the replay of the stored log.

Drops: games whose every seat is a remote player; the players drop their connections at random moments (the TCP
connection aborted: after a message received, with an action chosen but not sent, or right after an act sent)
and open their seats again from the events they hold, `--drops` times in all. Every game must end with the state
hash of the same game played locally (engine.play_game: the same seed, the same bot for every seat). The drops
are counted by their moment.

Both runs keep `--games` games going at once, hosting a new one as one ends, until the count is reached, then let
the games in progress end; a player that fails ends its game's other players and the hosting of new games, so a
failing run ends with its failures instead of waiting. tests/online/test_faults.py runs both with small counts.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

import engine  # noqa: E402
from game.online import protocol  # noqa: E402
from game.online.player import Player, PlayerError, host, make_bot, record, seat_tokens  # noqa: E402
from game.online.store import Store  # noqa: E402
from tests.online.harness import ServerProcess  # noqa: E402

MAX_TURNS = 200            # a local game's turn limit: far beyond where the variable end (A6) stops these games
RESTART_PATIENCE = 60.0    # seconds a player waits for a killed server to come back
# Every player of a run connects from the one loopback address: the server's limit on connections from one
# address (16, against one stranger's flood) would turn the run's own players away (6 games at once hold 18 seats,
# more while dropped connections are being closed), so the run's server allows as many as it holds in all.
SERVER_ARGS = ("--per-address", "4096")


@dataclass(frozen=True)
class GameSpec:
    """A game of a fault run: each seat's bot level, the seats played by the server's own bots (the others are
    remote players), the seed and the advanced options."""
    levels: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    on_server: frozenset[int] = frozenset()

    @property
    def kinds(self) -> list[str]:
        return [level if i in self.on_server else "human" for i, level in enumerate(self.levels)]


@dataclass
class Report:
    """What a run did and every failure it found, one line each."""
    kills: int = 0
    dropped: Counter[str] = field(default_factory=Counter)    # drops by their moment (Player.dropped)
    turned_away: int = 0                                        # players' connections refused `full`
    games: int = 0
    games_over: int = 0
    acks: int = 0
    actions: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def drops(self) -> int:
        return self.dropped.total()


@dataclass
class Game:
    spec: GameSpec
    game: str
    watch: str
    players: dict[str, Player]
    task: asyncio.Task[None]


async def play(players: Sequence[Player]) -> None:
    """A game's players until all are done; one that fails ends the others (they would wait for its seat until
    their patience ran out, holding their connections)."""
    async with asyncio.TaskGroup() as group:
        for player in players:
            group.create_task(player.run())


def compare_local(rules: engine.Ruleset, spec: GameSpec, save: Mapping[str, Any]) -> str | None:
    """None when the save is the game the same bots play locally from the same seed; else what differs."""
    state, _ = engine.play_game(rules, len(spec.levels), spec.seed, list(spec.levels), MAX_TURNS,
                                options=spec.options)
    if engine.state_hash(state) == save["state_hash"]:
        return None
    return (f"game seed {spec.seed} {spec.levels}: online {len(save['actions'])} actions, hash "
            f"{save['state_hash'][:12]}; locally {len(engine.save_data(state)['actions'])} actions, hash "
            f"{engine.state_hash(state)[:12]}")


def check_stored(rules: engine.Ruleset, data_dir: Path, game: Game, save: Mapping[str, Any]) -> list[str]:
    """What is wrong with a finished game's store: an acknowledged action missing from the log, a final state
    that is not the replay of the log, a player's last view that is not its seat's view of it."""
    store = Store(data_dir)
    try:
        start, rows = store.start(game.game), store.actions(game.game)
    finally:
        store.close()
    failures = []
    name = f"game {game.game} (seed {game.spec.seed})"
    for seat, player in game.players.items():
        for ack in player.acks:
            text = str(protocol.action_from_wire(list(ack.action)))
            if not 0 < ack.n <= len(rows) or rows[ack.n - 1] != [text, False]:
                failures.append(f"{name}: {seat}'s {text!r} acknowledged as action {ack.n} is not there")
    final = engine.replay(start, rows, rules)
    if engine.state_hash(final) != save["state_hash"]:
        failures.append(f"{name}: the server's final state is not the replay of its stored log")
    if not engine.is_over(final):
        failures.append(f"{name}: the stored log does not end the game")
    for seat, player in game.players.items():
        if player.last["view"] != json.loads(json.dumps(engine.observe(final, seat, log=False))):
            failures.append(f"{name}: {seat}'s last update is not its view of the stored game")
    return failures


class Run:
    """Games kept going on one server: `games` at once, a new one hosted as one ends, while `more()` holds."""

    def __init__(self, rules: engine.Ruleset, url: Callable[[], str], specs: Sequence[GameSpec], games: int,
                 drop_rate: float = 0.0):
        self.rules, self.url, self.specs, self.concurrent, self.drop_rate = rules, url, specs, games, drop_rate
        self.started: list[Game] = []
        self.failures: list[str] = []

    async def open(self, spec: GameSpec) -> Game:
        hosted = await host(self.url(), spec.kinds, spec.options, spec.seed)
        tokens = await seat_tokens(self.url(), hosted)
        order = engine.new_game(self.rules, len(spec.levels), spec.seed, spec.options).names    # the seats in order
        players = {seat: Player(self.url, token=token, bot=make_bot(spec.levels[order.index(seat)], seat, spec.seed,
                                                                    self.rules),
                                drop_rate=self.drop_rate, drop_seed=spec.seed * 10 + order.index(seat),
                                patience=RESTART_PATIENCE)
                   for seat, token in tokens.items()}
        game = Game(spec, hosted["game"], hosted["watch"], players,
                    asyncio.create_task(play(list(players.values()))))
        self.started.append(game)
        return game

    async def keep_going(self, more: Callable[[], bool]) -> None:
        """Host games while `more()` holds and no player failed, `concurrent` at a time, then wait for every game
        to end."""
        running: set[asyncio.Task[None]] = set()
        while more() and not self.failures:
            while len(running) < self.concurrent and more():
                running.add((await self.open_retrying(self.next_spec())).task)
            finished, running = await asyncio.wait(running, timeout=0.05, return_when=asyncio.FIRST_COMPLETED)
            self.collect(finished)
        if running:
            await asyncio.wait(running)
            self.collect(running)

    def next_spec(self) -> GameSpec:
        """The specs in turn, each round with other seeds."""
        n = len(self.started)
        spec = self.specs[n % len(self.specs)]
        return GameSpec(spec.levels, spec.seed + 1000 * (n // len(self.specs)), spec.options, spec.on_server)

    def collect(self, finished: set[asyncio.Task[None]]) -> None:
        for task in finished:
            failed = task.exception()
            for exc in failed.exceptions if isinstance(failed, BaseExceptionGroup) else [failed]:
                if exc is not None:
                    self.failures.append(f"a player failed: {exc!r}")

    async def open_retrying(self, spec: GameSpec) -> Game:
        """Hosting while the server is being killed: try again until it answers."""
        deadline = time.monotonic() + RESTART_PATIENCE
        while True:
            try:
                return await self.open(spec)
            except (OSError, PlayerError, EOFError, ConnectionClosed, InvalidHandshake) as exc:
                if time.monotonic() > deadline:
                    raise PlayerError(f"the server did not come back: {exc!r}") from exc
                await asyncio.sleep(0.1)


async def _finish(run: Run, data_dir: Path, report: Report, local: bool) -> None:
    """Each game's record, checked against its store (and against the local game, for the drops)."""
    for game in run.started:
        report.games += 1
        report.acks += sum(len(p.acks) for p in game.players.values())
        for player in game.players.values():
            report.dropped += player.dropped
            report.turned_away += player.turned_away
        try:
            save = await record(run.url(), game.watch)
        except PlayerError as exc:
            report.failures.append(f"game {game.game}: no record: {exc}")
            continue
        report.games_over += 1
        report.actions += len(save["actions"])
        report.failures += check_stored(run.rules, data_dir, game, save)
        if local:
            mismatch = compare_local(run.rules, game.spec, save)
            if mismatch:
                report.failures.append(mismatch)
    report.failures += run.failures


def kill_run(rules: engine.Ruleset, data_dir: Path, specs: Sequence[GameSpec], kills: int, seed: int,
             games: int = 3, pause: tuple[float, float] = (0.1, 0.6)) -> Report:
    """Kill the server `kills` times at random moments (a pause drawn from `pause` seconds after each restart)."""
    report = Report()
    rnd = random.Random(seed)
    with ServerProcess(data_dir, *SERVER_ARGS) as server:
        run = Run(rules, lambda: server.url, specs, games)

        async def killer() -> None:
            while report.kills < kills:
                await asyncio.sleep(rnd.uniform(*pause))
                await asyncio.to_thread(server.kill)
                report.kills += 1
                await asyncio.to_thread(server.restart)

        async def main() -> None:
            killing = asyncio.create_task(killer())
            await run.keep_going(lambda: not killing.done())
            await killing
            await _finish(run, data_dir, report, local=False)
        asyncio.run(main())
    return report


def disconnect_run(rules: engine.Ruleset, data_dir: Path, specs: Sequence[GameSpec], drops: int, seed: int,
                   games: int = 3, drop_rate: float = 0.02) -> Report:
    """Players drop their connections at random until `drops` drops in all; every game as played locally."""
    report = Report()
    with ServerProcess(data_dir, *SERVER_ARGS) as server:
        run = Run(rules, lambda: server.url, specs, games, drop_rate)

        async def main() -> None:
            await run.keep_going(lambda: sum(p.drops for g in run.started for p in g.players.values()) < drops)
            await _finish(run, data_dir, report, local=True)
        asyncio.run(main())
    return report


KILL_SPECS = [GameSpec(("normal", "normal"), 101, {"variable_game_end": 9}, frozenset({1})),
              GameSpec(("easy", "normal", "normal"), 102, {"variable_game_end": 9, "malaria": True},
                       frozenset({0})),
              GameSpec(("normal", "normal", "easy", "easy"), 103, {"variable_game_end": 9, "random_events": True,
                                                                   "kumara": True}, frozenset({1, 3}))]
DROP_SPECS = [GameSpec(("normal", "easy"), 201, {"variable_game_end": 9}),
              GameSpec(("easy", "normal", "normal"), 202, {"variable_game_end": 9, "saved_resources": True}),
              GameSpec(("normal", "normal", "easy", "easy"), 203, {"variable_game_end": 9, "south_island": True})]


MOMENTS = {"act": "right after an act sent", "decided": "with an action chosen, not sent", "update": "after an update",
           "ack": "after an ack"}


def print_report(title: str, report: Report, seconds: float) -> None:
    print(f"{title}: {report.kills} kills, {report.drops} drops, {report.games} games, {report.games_over} over, "
          f"{report.acks} acknowledged actions checked, {report.actions} actions stored, {seconds:.1f} s")
    if report.drops:
        print("  drops: " + ", ".join(f"{n} {MOMENTS.get(moment, f'after a {moment}')}"
                                      for moment, n in report.dropped.most_common()))
    if report.turned_away:
        print(f"  {report.turned_away} connections turned away by a full server (the run's players waited)")
    for failure in report.failures:
        print(f"  FAILED: {failure}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--drops", type=int, default=1000)
    parser.add_argument("--games", type=int, default=6, help="games going at once")
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    rules = engine.load_ruleset()
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        if args.kills:
            begun = time.perf_counter()
            report = kill_run(rules, Path(folder) / "kills", KILL_SPECS, args.kills, args.seed, args.games)
            print_report("server killed", report, time.perf_counter() - begun)
            failed |= bool(report.failures) or report.kills < args.kills
        if args.drops:
            begun = time.perf_counter()
            report = disconnect_run(rules, Path(folder) / "drops", DROP_SPECS, args.drops, args.seed, args.games)
            print_report("connections dropped", report, time.perf_counter() - begun)
            failed |= bool(report.failures) or report.drops < args.drops
    print("FAILED" if failed else "every game resumed and ended as it should")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
