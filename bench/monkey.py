"""The UI monkey at length (printed, never asserted): whole games in which every human decision is a random legal
action made by synthetic mouse, key or pad input (game/monkey.py), and how many actions of each verb it issued.

    python bench/monkey.py --device mouse [--games 20] [--turns 80] [--seed 100] [--pass-and-play]

The games cycle through 2, 3 and 4 players, with one human seat among rule bots (so that most games end by a
claim) or every seat human, and with no option or every option. The process's resident memory is printed after
game 5 and after the last game: it must stay flat (target: within 20 % after 50 games).

With --pass-and-play every game has two to four human seats mixed with rule bots, with PINs and standing orders
(game/monkey.py, privacy): every change of human goes through a hand-off, and each hand-off is followed by a
"since your last turn" recap.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import engine  # noqa: E402
from game import monkey  # noqa: E402
from game.app import App, Settings  # noqa: E402

FLAGS = ("variable_starting_pieces", "saved_resources", "malaria", "south_island", "kumara", "random_events")
MEASURED = 5            # the game after which memory is measured first


def rss_mib() -> float:
    """This process's resident memory now, in MiB (Linux); elsewhere its peak so far."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except OSError:
        import resource  # POSIX only
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2 ** 20 if sys.platform == "darwin" else peak / 2 ** 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--device", default="mouse", choices=("mouse", "keys", "pad"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turns", type=int, default=80)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--pass-and-play", action="store_true")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    rules = engine.load_ruleset()
    counts: Counter = Counter()
    failures = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as data:
        app = App(screen, Settings(data_dir=Path(data), speed="instant"), rules, fixed_dt=1 / 60)
        for game in range(args.games):
            players = 2 + game % 3
            seats = ["human"] * players if game % 4 == 3 else ["human"] + ["rules"] * (players - 1)
            if args.pass_and_play:
                humans = 2 + (game // 3) % (players - 1)
                seats = ["human"] * humans + ["rules"] * (players - humans)
            options = dict.fromkeys(FLAGS, True) if game // 3 % 2 else {}
            print(f"game {game + 1}: seats {','.join(seats)}, options {'all' if options else 'none'}", flush=True)
            failed, made = monkey.run(app, rules, 1, args.device, seats, players, args.seed + game, options,
                                      args.turns, privacy=args.pass_and_play)
            failures += failed
            counts += made
            if game + 1 == MEASURED:
                early = rss_mib()
                print(f"memory after game {MEASURED}: RSS {early:.0f} MiB", flush=True)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games by {args.device}: {sum(counts.values()):,} actions issued, {failures} failed games, "
          f"{elapsed:.0f} s")
    if args.games >= MEASURED:
        last = rss_mib()
        print(f"memory after game {args.games}: RSS {last:.0f} MiB, {last / early:.2f} times that after game "
              f"{MEASURED} (target: at most 1.20 after 50 games)")
    print("actions issued by verb: " + ", ".join(f"{verb} {n}" for verb, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
