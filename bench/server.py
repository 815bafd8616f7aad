"""The online server under load (issue 39; printed, never asserted): many games at once on one server process,
every seat a remote player (game/online/player.py) whose Normal bot decides client-side in microseconds, so the
server's own work is what is measured.

    python bench/server.py [--games 200] [--seats 2,3,4] [--turns 3] [--think 0] [--clients 2]

Prints the round trip of an action on the loopback interface (act sent to ack received: p50, p99, the worst),
the server's memory per game (its resident set, /proc/PID/status, before the games are hosted and once every seat
is open), the games that ended or reached the turn limit, and the actions played. The players run in `--clients`
processes of their own, so a busy client does not lengthen the round trips it measures. `--think` is how long a
player waits before each decision (0: as fast as the server answers; a human pace leaves the server idle most of
the time).
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from game.online.player import Player, host, make_bot, seat_tokens  # noqa: E402
from tests.online.harness import ServerProcess  # noqa: E402

SEED = 39


def rss_kib(pid: int) -> int:
    """A process's resident set in KiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise ValueError(f"no VmRSS for process {pid}")


async def open_games(url: str, rules: engine.Ruleset, sizes: list[int], first: int, turns: int,
                     think: float) -> list[Player]:
    """Host the games (every seat human), take each invite, and make a player per seat."""
    players = []
    for n, size in enumerate(sizes, first):
        hosted = await host(url, ["human"] * size, {}, SEED + n)
        for seat, token in (await seat_tokens(url, hosted)).items():
            players.append(Player(url, token=token, bot=make_bot("normal", seat, SEED + n, rules),
                                  until_turn=turns, think=think))
    return players


def client(url: str, sizes: list[int], first: int, turns: int, think: float, pipe: Connection) -> None:
    """A client process: open its games, say so, wait for the start, play them, send back what it measured."""
    rules = engine.load_ruleset()

    async def main() -> None:
        players = await open_games(url, rules, sizes, first, turns, think)
        pipe.send("open")
        pipe.recv()
        outcome = await asyncio.gather(*(p.run() for p in players), return_exceptions=True)
        games = {p.last["game"]: p.last["over"] for p in players if p.updates}
        pipe.send({"round_trips": [a.round_trip for p in players for a in p.acks],
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
    parser.add_argument("--think", type=float, default=0.0, help="seconds a player waits before each decision")
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
        begun = time.perf_counter()
        for pipe in pipes:
            pipe.send("go")
        results = [pipe.recv() for pipe in pipes]
        seconds = time.perf_counter() - begun
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
