"""Paradise: a digital Conquest of Paradise.

    python main.py                      open the game (the windowed client is not built yet: see below)
    python main.py --headless [options] play bot games without a window and print the results
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter

from engine import ConfigError, Ruleset, SaveError, ScenarioError, SetupError, load_ruleset
from engine.ai import BOTS
from engine.runner import play_game
from engine.setup import check_options

# What loading input may raise besides the engine's own errors; the CLI reports each in one line, exit code 2.
INPUT_ERRORS = (ConfigError, SetupError, ScenarioError, SaveError, ValueError, TypeError, KeyError, RecursionError,
                MemoryError)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py", description="Paradise: a digital Conquest of Paradise.")
    parser.add_argument("--headless", action="store_true", help="play bot games without a window")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="number of players")
    parser.add_argument("--seed", type=int, default=1, help="seed of the (first) game")
    parser.add_argument("--bots", default="rules",
                        help=f"bot kind for every seat, or one per seat separated by commas ({', '.join(BOTS)})")
    parser.add_argument("--turns", type=int, default=30, help="stop a game after this many turns")
    parser.add_argument("--games", type=int, default=1, help="play this many games (seeds seed, seed+1, ...)")
    parser.add_argument("--config", default=None, help="a folder of rule files instead of config/")
    parser.add_argument("--options", default="",
                        help="advanced rules, comma-separated: variable_starting_pieces, saved_resources, malaria, "
                             "south_island, kumara, random_events, variable_game_end=VP; or 'all'")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r}; bots: {', '.join(BOTS)}")
    if len(bots) not in (1, args.players):
        parser.error(f"--bots takes one bot kind or {args.players} (one per seat)")
    if args.turns < 1 or args.games < 1:
        parser.error("--turns and --games must be at least 1")
    args.bots = bots
    args.options = parse_options(parser, args.options)
    return args


def parse_options(parser: argparse.ArgumentParser, text: str) -> dict:
    """"malaria,kumara,variable_game_end=20" to {"malaria": True, ...}; "all" switches every flag on."""
    if text == "all":
        text = "variable_starting_pieces,saved_resources,malaria,south_island,kumara,random_events"
    options: dict = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if value:
            if not (value.isascii() and value.isdigit() and len(value) <= 4):   # isdigit() alone takes "²"
                parser.error(f"option {key} takes a whole number, not {value[:20]!r}"
                             + ("..." if len(value) > 20 else ""))
            options[key] = int(value)
        else:
            options[key] = True
    return options


def headless(args: argparse.Namespace, rules: Ruleset | None = None) -> int:
    rules = rules or load_ruleset(args.config)
    verbose = args.games == 1
    wins: Counter[str] = Counter()
    for n in range(args.games):
        seed = args.seed + n

        def show(state) -> None:
            if verbose:
                scores = "  ".join(f"{name} {state.vp_track[p]}" for p, name in enumerate(state.names))
                print(f"turn {state.turn - 1:3d}  {scores}")

        _, result = play_game(rules, args.players, seed, args.bots, args.turns, args.options, on_turn=show)
        outcome = f"{result.winner} wins" if result.winner else ("a shared victory" if result.over
                                                                 else f"no winner after {result.turns} turns")
        wins[result.winner or "none"] += 1
        if verbose or args.games <= 20:
            print(f"game seed {seed}: {outcome}; {result.actions} actions; VP "
                  + ", ".join(f"{k} {v}" for k, v in result.vp.items()))
    if args.games > 1:
        print(f"{args.games} games: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    return 0


def load(args: argparse.Namespace) -> Ruleset:
    """The rule files and the options checked before any game: bad input is one line on stderr, never a
    traceback."""
    rules = load_ruleset(args.config)
    check_options(rules, args.options)
    return rules


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        rules = load(args)
    except (ConfigError, SetupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except INPUT_ERRORS as exc:
        print(f"error: cannot load the rules from {args.config or 'config/'}: {type(exc).__name__}: "
              f"{str(exc)[:300]}", file=sys.stderr)
        return 2
    try:
        if not args.headless:
            print("The windowed client is not built yet; playing a headless bot game instead "
                  "(python main.py --headless --help for options).")
        return headless(args, rules)
    except (ConfigError, SetupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
