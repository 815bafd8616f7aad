"""Engine benchmarks (printed, never asserted): random-play actions per second, clones per second on a mid-game
state, whole 4-player games per second with random and rule-based bots, and average game length.

    python bench/engine.py [--games N] [--seconds S]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import play, play_game
from engine.ai import BOTS, ask


def random_play_rate(rules: engine.Ruleset, seconds: float) -> tuple[int, float]:
    """legal_actions + apply (chance resolved by the state's streams), in fresh 4-player random games."""
    count, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = engine.new_game(rules, 4, seed)
        count += play(state, ask({name: BOTS["random"](name, seed, rules) for name in state.names}), until_turn=61)
        seed += 1
    return count, time.perf_counter() - start


def mid_game(rules: engine.Ruleset) -> engine.GameState:
    state, _ = play_game(rules, 4, 3, ["random"], max_turns=12)
    return state


def clone_rate(state: engine.GameState, seconds: float) -> tuple[int, float]:
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            state.clone()
        count += 1000
    return count, time.perf_counter() - start


def game_rate(rules: engine.Ruleset, bot: str, games: int) -> tuple[float, float, float, int]:
    start = time.perf_counter()
    actions = turns = finished = 0
    for seed in range(games):
        _, result = play_game(rules, 4, 1000 + seed, [bot], max_turns=100)
        actions += result.actions
        turns += result.turns
        finished += result.over
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games, turns / games, finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    rules = engine.load_ruleset()
    n, t = random_play_rate(rules, args.seconds)
    print(f"random play: {n / t:,.0f} actions/s (legal_actions + apply; {n} actions in {t:.1f} s)")
    state = mid_game(rules)
    n, t = clone_rate(state, args.seconds)
    print(f"clone(): {n / t:,.0f} clones/s on a turn-12 4-player state")
    for bot in ("random", "easy", "normal"):       # the Hard bot thinks for a set time: bench/bots.py measures it
        rate, actions, turns, finished = game_rate(rules, bot, args.games)
        print(f"{bot} bots, 4 players: {rate:.2f} games/s; {actions:,.0f} actions and {turns:.1f} turns per game; "
              f"{finished}/{args.games} ended by victory within 100 turns")


if __name__ == "__main__":
    main()
