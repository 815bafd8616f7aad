"""Paradise: a digital Conquest of Paradise.

    python main.py                      open the game at the title
    python main.py --new --players 4 --seats human,normal,normal,hard --seed 7    start a game in the window
    python main.py --headless [options] play bot games without a window and print the results
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections import Counter

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")      # the window prints only what the game says

from engine import ConfigError, Ruleset, SaveError, ScenarioError, SetupError, load_ruleset
from engine.ai import BOTS
from engine.runner import play_game
from engine.setup import check_options

# What loading input may raise besides the engine's own errors; the CLI reports each in one line, exit code 2.
INPUT_ERRORS = (ConfigError, SetupError, ScenarioError, SaveError, ValueError, TypeError, KeyError, RecursionError,
                MemoryError)
HEADLESS_TURNS = 30
SEAT_KINDS = ("human", *BOTS)
SPEEDS = ("slow", "normal", "fast", "instant")
SCENES = ("table", "title", "setup", "handoff", "end")
# The UI scales offered: the first and the last of game.theme.UI_SCALES (not imported here: a headless run never
# loads pygame), between which every scene is laid out by tests/game/test_layout.py.
UI_SCALE_RANGE = (1.0, 2.0)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py", description="Paradise: a digital Conquest of Paradise.")
    parser.add_argument("--headless", action="store_true", help="play bot games without a window")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="number of players")
    parser.add_argument("--seed", type=int, default=1, help="seed of the (first) game")
    parser.add_argument("--bots", default="normal",
                        help=f"--headless: bot kind for every seat, or one per seat separated by commas "
                             f"({', '.join(BOTS)}; easy, normal and hard are the levels, rules is normal)")
    parser.add_argument("--turns", type=int, default=None,
                        help=f"stop a game after this many turns (--headless: default {HEADLESS_TURNS})")
    parser.add_argument("--games", type=int, default=1,
                        help="--headless: play this many games (seeds seed, seed+1, ...)")
    parser.add_argument("--config", default=None, help="a folder of rule files instead of config/")
    parser.add_argument("--options", default="",
                        help="advanced rules, comma-separated: variable_starting_pieces, saved_resources, malaria, "
                             "south_island, kumara, random_events, variable_game_end=VP; or 'all'")
    window = parser.add_argument_group("the window")
    window.add_argument("--new", action="store_true", help="skip the title: start a game (--players, --seats, "
                        "--seed, --options)")
    window.add_argument("--seats", default=None,
                        help=f"with --new: one seat kind for every seat, or one per seat ({', '.join(SEAT_KINDS)}); "
                             "default: a human in seat 1, Normal bots elsewhere")
    window.add_argument("--load", default=None, metavar="FILE", help="open a saved game")
    window.add_argument("--continue", dest="continue_game", action="store_true", help="open the latest autosave")
    window.add_argument("--fast-forward", type=int, default=0, metavar="N",
                        help="with --new: bots play every seat until turn N starts, then the window takes over")
    window.add_argument("--data-dir", default=None, help="where saves, autosaves and settings live")
    window.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1920x1080")
    window.add_argument("--fullscreen", action="store_true", help="fill the screen at its resolution (F11 switches)")
    window.add_argument("--ui-scale", type=float, default=1.0, help="scale of text and widgets: 1 to 2")
    window.add_argument("--speed", default=None, choices=SPEEDS, help="bot turns and animations")
    window.add_argument("--exit-at-end", action="store_true", help="close the window when the game ends")
    window.add_argument("--screenshot", default=None, metavar="FILE",
                        help="draw one settled frame to FILE (PNG) and exit")
    window.add_argument("--viewer", default=None, help="with --screenshot: whose view (a player, or public)")
    window.add_argument("--scene", default=None, choices=SCENES, help="with --screenshot: which scene")
    window.add_argument("--ui-monkey", type=int, default=0, metavar="N",
                        help="play N games whose human decisions are random legal actions made by synthetic input")
    window.add_argument("--device", default="mouse", choices=("mouse", "keys", "pad"),
                        help="with --ui-monkey: the device the monkey's input comes from")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r}; bots: {', '.join(BOTS)}")
    if len(bots) not in (1, args.players):
        parser.error(f"--bots takes one bot kind or {args.players} (one per seat)")
    if (args.turns is not None and args.turns < 1) or args.games < 1 or args.fast_forward < 0 or args.ui_monkey < 0:
        parser.error("--turns and --games must be at least 1, --fast-forward at least 0")
    if args.seats is not None:
        args.seats = args.seats.split(",")
        wrong = [s for s in args.seats if s not in SEAT_KINDS]
        if wrong:
            parser.error(f"unknown seat {wrong[0]!r}; seats: {', '.join(SEAT_KINDS)}")
        if len(args.seats) not in (1, args.players):
            parser.error(f"--seats takes one seat kind or {args.players} (one per seat)")
    if args.size is not None:
        args.size = parse_size(parser, args.size)
    if not UI_SCALE_RANGE[0] <= args.ui_scale <= UI_SCALE_RANGE[1]:
        parser.error(f"--ui-scale takes a number from {UI_SCALE_RANGE[0]:g} to {UI_SCALE_RANGE[1]:g}")
    args.bots = bots
    args.options = parse_options(parser, args.options)
    return args


def parse_size(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    """"1920x1080" to (1920, 1080)."""
    w, _, h = text.lower().partition("x")
    if not (w.isascii() and w.isdigit() and h.isascii() and h.isdigit()) or not (320 <= int(w) <= 8192
                                                                                and 240 <= int(h) <= 8192):
        parser.error(f"--size takes WIDTHxHEIGHT in pixels, e.g. 1280x720, not {text[:20]!r}")
    return int(w), int(h)


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

        turns = args.turns or HEADLESS_TURNS
        _, result = play_game(rules, args.players, seed, args.bots, turns, args.options, on_turn=show)
        wins[result.winner or "none"] += 1
        if verbose or args.games <= 20:
            print(result.summary())
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
        if args.headless:
            return headless(args, rules)
        from game.client import run
        return run(args, rules)
    except (ConfigError, SetupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    multiprocessing.freeze_support()      # a frozen build's bot worker starts here (game/botpool.py)
    sys.exit(main())
