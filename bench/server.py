"""The online server under load (issue 39; printed, never asserted): many games at once on one server process,
every seat a remote player (game/online/player.py) whose Normal bot decides client-side in microseconds, so the
server's own work is what is measured.

    python bench/server.py [--games 200] [--seats 2,3,4] [--turns 3] [--think 0] [--clients 2]

Prints the round trip of an action on the loopback interface (act sent to ack received: p50, p99, the worst),
the server's CPU time per change (its process time over the play, /proc/PID/stat, divided by the actions it
stored meanwhile: insensitive to other jobs on the machine, unlike the round trips), the server's memory per game
(its resident set, /proc/PID/status, before the games are hosted, once every seat is open, and after the play),
the games that ended or reached the turn limit, and the changes made. The players run in `--clients` processes of
their own, so a busy client does not lengthen the round trips it measures. `--think` is a player's pace: each wait
before a decision is drawn uniform in [0.5, 1.5] x think (seeded), as players at real tables answer at different
moments; a wait the same for all would start every game's decisions in the same instant, a thundering herd no
real server meets. 0: as fast as the server answers.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import multiprocessing
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from game.online.player import Player, host, make_bot, seat_tokens  # noqa: E402
from game.online.store import FILE  # noqa: E402
from tests.online.harness import ServerProcess  # noqa: E402

SEED = 39
SPREAD = (0.5, 1.5)             # each wait, as a share of --think


class Paced(Player):
    """A remote player whose every wait before a decision is drawn uniform in SPREAD x its pace, from a seeded
    stream of its own."""

    def __init__(self, *args: Any, seed: str, **kwargs: Any):
        self.pace, self.waits = 0.0, random.Random(seed)
        super().__init__(*args, **kwargs)

    @property
    def think(self) -> float:
        return self.pace * self.waits.uniform(*SPREAD)

    @think.setter
    def think(self, value: float) -> None:
        self.pace = value


def cpu_seconds(pid: int) -> tuple[float, float]:
    """A process's CPU time so far, in seconds: in the program (user) and in the system on its behalf."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / os.sysconf("SC_CLK_TCK"), int(fields[12]) / os.sysconf("SC_CLK_TCK")


def stored_actions(folder: Path) -> int:
    """Actions in the server's store (chance's and the players' alike): the changes it made."""
    with contextlib.closing(sqlite3.connect(folder / FILE)) as db:
        return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def rss_kib(pid: int) -> int:
    """A process's resident set in KiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise ValueError(f"no VmRSS for process {pid}")


async def open_games(url: str, rules: engine.Ruleset, sizes: list[int], first: int, turns: int,
                     think: float) -> list[Player]:
    """Host the games (every seat human), take each invite, and make a player per seat."""
    players: list[Player] = []
    for n, size in enumerate(sizes, first):
        hosted = await host(url, ["human"] * size, {}, SEED + n)
        for seat, token in (await seat_tokens(url, hosted)).items():
            players.append(Paced(url, token=token, bot=make_bot("normal", seat, SEED + n, rules),
                                 until_turn=turns, think=think, seed=f"{SEED + n} {seat}"))
    return players


def client(url: str, sizes: list[int], first: int, turns: int, think: float, pipe: Connection) -> None:
    """A client process: open its games, say so, wait for the start, play them, send back what it measured. Its
    collector of reference cycles is off: each player keeps every message it receives, and the full collections
    of a heap that large pause the process for tenths of a second, which the round trips it times would count."""
    gc.disable()
    rules = engine.load_ruleset()

    async def main() -> None:
        players = await open_games(url, rules, sizes, first, turns, think)
        pipe.send("open")
        pipe.recv()
        cpu = time.process_time()
        outcome = await asyncio.gather(*(p.run() for p in players), return_exceptions=True)
        games = {p.last["game"]: p.last["over"] for p in players if p.updates}
        pipe.send({"cpu": time.process_time() - cpu, "round_trips": [a.round_trip for p in players for a in p.acks],
                   "failed": [repr(o) for o in outcome if isinstance(o, BaseException)],
                   "over": sum(games.values()), "stopped": len(games) - sum(games.values()),
                   "versions": sum(max(p.last["version"] for p in players if p.last["game"] == g) for g in games)})
    asyncio.run(main())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", default="2,3,4", help="seat counts, taken in turn")
    parser.add_argument("--turns", type=int, default=3, help="play until this turn begins (or the game ends)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="a player's pace: each wait before a decision is uniform in [0.5, 1.5] x this, seconds")
    parser.add_argument("--clients", type=int, default=2, help="processes the players run in")
    args = parser.parse_args()
    counts = [int(s) for s in args.seats.split(",")]
    sizes = [counts[i % len(counts)] for i in range(args.games)]
    unlimited = ("--rate", "0", "--per-address", "4096")      # every player connects from this one address
    with tempfile.TemporaryDirectory() as folder, ServerProcess(Path(folder), *unlimited) as server:
        before = rss_kib(server.pid)
        pipes, processes = [], []
        share = -(-args.games // args.clients)
        for c in range(args.clients):
            mine, theirs = multiprocessing.Pipe()
            part = sizes[c * share:(c + 1) * share]
            process = multiprocessing.Process(target=client, args=(server.url, part, c * share, args.turns,
                                                                   args.think, theirs))
            process.start()
            pipes.append(mine)
            processes.append(process)
        for pipe in pipes:
            assert pipe.recv() == "open"
        opened = rss_kib(server.pid)
        begun, cpu, actions = time.perf_counter(), cpu_seconds(server.pid), stored_actions(Path(folder))
        for pipe in pipes:
            pipe.send("go")
        results = [pipe.recv() for pipe in pipes]
        seconds = time.perf_counter() - begun
        (user, system), actions = cpu_seconds(server.pid), stored_actions(Path(folder)) - actions
        user, system = user - cpu[0], system - cpu[1]
        after = rss_kib(server.pid)
        for process in processes:
            process.join()
    trips = [t for r in results for t in r["round_trips"]]
    failed = [f for r in results for f in r["failed"]]
    print(f"{args.games} games of {args.seats} seats at once, every seat a remote Normal bot (think "
          f"{args.think:g} s), until turn {args.turns}; {args.clients} client processes")
    print(f"round trip of an action (act sent -> ack received), {len(trips)} actions: p50 "
          f"{percentile(trips, 0.5) * 1000:.1f} ms, p99 {percentile(trips, 0.99) * 1000:.1f} ms, worst "
          f"{max(trips) * 1000:.1f} ms, mean {statistics.fmean(trips) * 1000:.1f} ms")
    print(f"server CPU: {user + system:.1f} s ({system:.1f} s of it in the system) for {actions} actions stored, "
          f"{(user + system) / max(1, actions) * 1000:.2f} ms per action ({(user + system) / seconds:.0%} of one core)")
    clients = sum(r["cpu"] for r in results)
    print(f"clients' CPU: {clients:.1f} s ({clients / seconds:.0%} of one core, in {args.clients} processes): the "
          f"server and its clients share this machine's cores")
    print(f"server memory: {before / 1024:.1f} MiB before, {opened / 1024:.1f} MiB with every game open "
          f"({(opened - before) / args.games:.0f} KiB per game), {after / 1024:.1f} MiB after the play "
          f"({(after - before) / args.games:.0f} KiB per game)")
    print(f"games: {sum(r['over'] for r in results)} ended, {sum(r['stopped'] for r in results)} at the turn "
          f"limit; {sum(r['versions'] for r in results)} changes (actions and draws) in {seconds:.1f} s, "
          f"{sum(r['versions'] for r in results) / seconds:.0f} a second")
    for failure in failed:
        print(f"  FAILED: {failure}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
