"""Bot strength and search speed (printed, never asserted; issue 18).

Seat-swapped 2-player matches (every seed is played twice, each bot in each seat) between the levels, and 4-player
games with one Hard bot and three Normal ones (Hard takes each seat in turn), with win rates and Wilson 95%
confidence intervals; then the Hard bot's search speed (rollouts per second) and how its rollouts per plan point
grow with the budget.

    python bench/bots.py [--games N] [--four N] [--budget S] [--workers W] [--only hard-normal,...] [--scaling]
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import load_ruleset, play_game
from engine.ai import BOTS, Budget, SearchBot

MAX_TURNS = 60
PAIRS = ("hard-normal", "hard-easy", "normal-easy")
_rules = None


@dataclass
class Game:
    """One game's outcome for the bench: the seat of the bot under test, and whether it won."""
    seed: int
    seats: tuple[str, ...]
    subject: int
    won: bool
    ended: bool
    turns: int
    searches: int = 0
    rollouts: int = 0
    actions: int = 0
    thinking: float = 0.0
    decisions: int = 0


def one_game(seed: int, seats: tuple[str, ...], subject: int, budget: Budget) -> Game:
    """Play a game; the subject is the seat whose result is counted (and whose search is measured)."""
    global _rules
    _rules = _rules or load_ruleset()
    rules = _rules

    def make(kind: str, name: str):
        if kind == "hard":
            return SearchBot(name, seed, rules, budget)
        return BOTS[kind](name, seed, rules)
    state, result = play_game(rules, len(seats), seed, list(seats), MAX_TURNS, make_bot=make)
    game = Game(seed, seats, subject, result.winner == state.names[subject], result.over, result.turns)
    bot = result.bots[state.names[subject]]
    if isinstance(bot, SearchBot):
        game.searches, game.rollouts = bot.stats.searches, bot.stats.rollouts
        game.actions, game.thinking = bot.stats.actions, bot.stats.seconds
    game.decisions = sum(1 for (verb, args, drawn) in state.history.items() if not drawn) // len(seats)
    return game


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate: sound near 0 and 1 and for small samples."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def schedule(pair: str, games: int, first_seed: int) -> list[tuple[int, tuple[str, ...], int]]:
    """Seat-swapped pairs: seed s once as (a, b) and once as (b, a); the subject is `a`."""
    a, b = pair.split("-")
    out = []
    for i in range(games // 2):
        seed = first_seed + i
        out += [(seed, (a, b), 0), (seed, (b, a), 1)]
    return out


def four_player(games: int, first_seed: int) -> list[tuple[int, tuple[str, ...], int]]:
    out = []
    for i in range(games):
        seats = ["normal"] * 4
        seats[i % 4] = "hard"
        out.append((first_seed + i, tuple(seats), i % 4))
    return out


def run(label: str, plan: list, budget: Budget, workers: int) -> list[Game]:
    started, load = time.perf_counter(), os.getloadavg()[0]
    with ProcessPoolExecutor(workers) as pool:
        games = list(pool.map(one_game, *zip(*plan), [budget] * len(plan)))
    report(label, games, time.perf_counter() - started, load, os.getloadavg()[0])
    return games


def report(label: str, games: list[Game], seconds: float, load_before: float, load_after: float) -> None:
    wins = sum(g.won for g in games)
    lo, hi = wilson(wins, len(games))
    unfinished = sum(not g.ended for g in games)
    print(f"{label}: {wins}/{len(games)} won = {wins / len(games):.1%} (95% CI {lo:.1%}–{hi:.1%}); "
          f"{unfinished} reached turn {MAX_TURNS} without a winner; mean {sum(g.turns for g in games) / len(games):.1f}"
          f" turns; {seconds:.0f} s; load {load_before:.2f} → {load_after:.2f}")
    searched = [g for g in games if g.searches]
    if searched:
        searches = sum(g.searches for g in searched)
        rollouts = sum(g.rollouts for g in searched)
        thinking = sum(g.thinking for g in searched)
        decisions = sum(g.decisions for g in searched)
        print(f"  search: {searches} plan points searched ({searches / len(searched):.1f} a game, of "
              f"{decisions / len(searched):.0f} decisions), {rollouts / searches:.1f} rollouts each, "
              f"{rollouts / thinking:.0f} rollouts/s, {sum(g.actions for g in searched) / thinking:.0f} "
              f"rollout actions/s, {thinking / searches * 1000:.0f} ms a plan point")
    sys.stdout.flush()


def scaling(budgets: list[float], games: int, workers: int) -> None:
    """Rollouts per plan point and rollouts per second as the budget grows (Hard against Normal)."""
    for seconds in budgets:
        run(f"budget {seconds} s, hard-normal", schedule("hard-normal", games, 9000), Budget(seconds=seconds),
            workers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per 2-player pairing (even)")
    parser.add_argument("--four", type=int, default=40, help="4-player games, one Hard against three Normal")
    parser.add_argument("--budget", type=float, default=0.25, help="the Hard bot's seconds per plan point")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default=",".join(PAIRS + ("four",)), help="which of: " + ", ".join(PAIRS)
                        + ", four")
    parser.add_argument("--scaling", default="", help="budgets in seconds, comma-separated (e.g. 0.05,0.1,0.25,"
                        "0.5,1), each for --games games of Hard against Normal")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, {args.workers} workers; Hard's budget {args.budget} s a plan point; "
          f"games stop at turn {MAX_TURNS}")
    budget = Budget(seconds=args.budget)
    wanted = args.only.split(",")
    for pair in PAIRS:
        if pair in wanted:
            run(f"{pair.replace('-', ' vs ')} (2 players, seat-swapped)", schedule(pair, args.games, 1000), budget,
                args.workers)
    if "four" in wanted and args.four:
        run("hard vs 3 normal (4 players, Hard in each seat in turn)", four_player(args.four, 5000), budget,
            args.workers)
    if args.scaling:
        scaling([float(x) for x in args.scaling.split(",")], args.games, args.workers)


if __name__ == "__main__":
    main()
