"""Paradise: a digital Conquest of Paradise.

    python main.py                      open the game at the title
    python main.py --new --players 4 --seats human,normal,normal,hard --seed 7    start a game in the window
    python main.py --headless [options] play bot games without a window and print the results
    python main.py --serve [--port N] [--host ADDR] [--data-dir FOLDER]    run the online server (no window)
    python main.py --server URL --token T | --join CODE | --watch CODE     play (or watch) a seat online
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections import Counter
from collections.abc import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")      # the window prints only what the game says

from engine import (
    ConfigError,
    Ruleset,
    SaveError,
    ScenarioError,
    SetupError,
    check_options,
    load_ruleset,
    play_game,
    vp_text,
)
from engine.ai import BOTS
from game import cli
from game.catalog import LANGUAGES

# What loading input may raise besides the engine's own errors; the CLI reports each in one line, exit code 2.
INPUT_ERRORS = (ConfigError, SetupError, ScenarioError, SaveError, ValueError, TypeError, KeyError, RecursionError,
                MemoryError)
HEADLESS_TURNS = 30
SEAT_KINDS = ("human", *BOTS)
SPEEDS = ("slow", "normal", "fast", "instant")
SCENES = ("table", "title", "setup", "handoff", "end")
GAME_SCENES = ("table", "handoff", "end")
# The UI scales offered: the first and the last of game.theme.UI_SCALES (not imported here: a headless run never
# loads pygame), between which every scene is laid out by tests/game/test_layout.py.
UI_SCALE_RANGE = (1.0, 2.0)
SEEDS = (0, 999_999_999)        # as the new game's screen takes them
LAST_TURN = 9999                # as a scenario may start at (engine/scenario.py)
INTERRUPTED = 130               # the exit code of a run ended by Ctrl+C, as shells give it
MOST_GAMES = 100_000             # --games, --ui-monkey: a day of play, not a run that never ends
SERVER_PORT = 8765               # --serve's port unless told (docs/PROTOCOL.md)


def server_url(text: str) -> str:
    """--server: a server's address as the lobby takes it (ws:// or wss://; a bare host gets ws:// and the default
    port)."""
    from game.online.lobby import LobbyError, server_address
    try:
        return server_address(text)
    except LobbyError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def short_text(most: int, what: str) -> Callable[[str], str]:
    """A token or a code: printable ASCII of 1 to `most` characters."""
    def check(text: str) -> str:
        if not (0 < len(text) <= most and text.isascii() and text.isprintable()):
            raise argparse.ArgumentTypeError(f"takes {what} of 1 to {most} characters, not {cli.quoted(text)}")
        return text
    return check


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The options, each checked as it is read (game/cli.py), then those that depend on each other."""
    parser = cli.Parser(prog="main.py", description="Paradise: a digital Conquest of Paradise.")
    parser.add_argument("--headless", action="store_true", help="play bot games without a window")
    parser.add_argument("--players", type=cli.whole(2, 4), default=4, metavar="{2,3,4}", help="number of players")
    parser.add_argument("--seed", type=cli.whole(*SEEDS), default=1,
                        help=f"seed of the (first) game, {SEEDS[0]} to {SEEDS[1]:,}")
    parser.add_argument("--bots", type=cli.kinds(BOTS, "bot"), default="normal",
                        help=f"--headless: bot kind for every seat, or one per seat separated by commas "
                             f"({', '.join(BOTS)}; easy, normal and hard are the levels, rules is normal)")
    parser.add_argument("--turns", type=cli.whole(1, LAST_TURN), default=None,
                        help=f"stop a game after this many turns (--headless: default {HEADLESS_TURNS})")
    parser.add_argument("--games", type=cli.whole(1, MOST_GAMES), default=1,
                        help="--headless: play this many games (seeds seed, seed+1, ...)")
    parser.add_argument("--config", default=None, metavar="FOLDER",
                        help="a folder of rule files instead of config/")
    parser.add_argument("--options", type=cli.options, default="",
                        help="advanced rules, comma-separated: variable_starting_pieces, saved_resources, malaria, "
                             "south_island, kumara, random_events, variable_game_end=VP; or 'all'")
    online = parser.add_argument_group("online play (docs/PROTOCOL.md)")
    online.add_argument("--serve", action="store_true", help="run the server that hosts online games (no window; "
                        "--data-dir is where it keeps them)")
    online.add_argument("--port", type=cli.whole(0, 65535), default=SERVER_PORT,
                        help=f"with --serve: the port to listen on (default {SERVER_PORT}; 0: any free port)")
    online.add_argument("--host", default="0.0.0.0", metavar="ADDR",
                        help="with --serve: the address to listen on (default: every interface)")
    online.add_argument("--server", type=server_url, default=None, metavar="URL",
                        help="play online on this server (ws://HOST:PORT) with --token, --join or --watch")
    seat = online.add_mutually_exclusive_group()
    seat.add_argument("--token", type=short_text(64, "a seat token"), default=None, help="with --server: open this "
                      "seat")
    seat.add_argument("--join", type=short_text(16, "an invite code"), default=None, metavar="CODE",
                      help="with --server: take the seat of this invite code (its token is kept in the data folder)")
    seat.add_argument("--watch", type=short_text(16, "a spectator code"), default=None, metavar="CODE",
                      help="with --server: watch the game of this spectator code")
    window = parser.add_argument_group("the window")
    opening = window.add_mutually_exclusive_group()
    opening.add_argument("--new", action="store_true", help="skip the title: start a game (--players, --seats, "
                         "--seed, --options)")
    window.add_argument("--seats", type=cli.kinds(SEAT_KINDS, "seat"), default=None,
                        help=f"with --new: one seat kind for every seat, or one per seat ({', '.join(SEAT_KINDS)}); "
                             "default: a human in seat 1, Normal bots elsewhere")
    opening.add_argument("--load", type=cli.save_file, default=None, metavar="FILE", help="open a saved game")
    opening.add_argument("--continue", dest="continue_game", action="store_true", help="open the latest autosave")
    window.add_argument("--fast-forward", type=cli.whole(0, LAST_TURN), default=0, metavar="N",
                        help="with a game: bots play every seat until turn N starts, then the window takes over")
    window.add_argument("--data-dir", type=cli.data_folder, default=None, metavar="FOLDER",
                        help="where saves, autosaves and settings live")
    window.add_argument("--size", type=cli.size, default=None, metavar="WxH", help="window size, e.g. 1920x1080")
    window.add_argument("--fullscreen", action="store_true", help="fill the screen at its resolution (F11 switches)")
    window.add_argument("--ui-scale", type=cli.number(*UI_SCALE_RANGE), default=None,
                        help=f"scale of text and widgets: {UI_SCALE_RANGE[0]:g} to {UI_SCALE_RANGE[1]:g}")
    window.add_argument("--speed", default=None, choices=SPEEDS, help="bot turns and animations")
    window.add_argument("--lang", default=None, choices=list(LANGUAGES),
                        help="the game's language (default: as the settings keep it; at the first run, the "
                             "system's)")
    window.add_argument("--exit-at-end", action="store_true", help="close the window when the game ends")
    window.add_argument("--screenshot", type=cli.picture_file, default=None, metavar="FILE",
                        help="draw one settled frame to FILE (PNG) and exit")
    window.add_argument("--viewer", default=None, help="with --screenshot of a game: whose view (a player, or public)")
    window.add_argument("--scene", default=None, choices=SCENES, help="with --screenshot: which scene")
    window.add_argument("--ui-monkey", type=cli.whole(0, MOST_GAMES), default=0, metavar="N",
                        help="play N games whose human decisions are random legal actions made by synthetic input")
    window.add_argument("--device", default="mouse", choices=("mouse", "keys", "pad"),
                        help="with --ui-monkey: the device the monkey's input comes from")
    args = parser.parse_args(argv)
    for option, chosen in (("--bots", args.bots), ("--seats", args.seats)):
        if chosen is not None and len(chosen) not in (1, args.players):
            parser.error(f"argument {option}: takes one kind for every seat or {args.players}, one per seat")
    why = cli.not_rules_folder(args.config) if args.config is not None else None
    if why:                                   # the folder first, as the rule files' own errors begin
        parser.error(f"{args.config or repr('')} {why}; --config takes a folder of rule files")
    game = args.new or args.load is not None or args.continue_game
    a_game = "a game (--new, --load or --continue)"
    seat = args.token or args.join or args.watch
    seat_needs = (("--token/--join/--watch", bool(seat), args.server is not None, "only with --server"),
              ("--server", args.server is not None, bool(seat), "needs --token, --join or --watch"),
              ("--server", args.server is not None, not (game or args.screenshot or args.serve or args.headless),
               "plays a game of the server: not with a game, --screenshot, --serve or --headless"),
              ("--serve", args.serve, not (game or args.screenshot or args.headless or args.ui_monkey),
               "runs the server alone: not with a game, --screenshot, --headless or --ui-monkey"),
              ("--ui-monkey", bool(args.ui_monkey) and args.server is not None, not args.watch,
               "plays a seat online: --join or --token, not --watch"))
    for option, given, met, says in seat_needs:
        if given and not met:
            parser.error(f"argument {option}: {says}")
    needs = (("--viewer", args.viewer is not None, args.screenshot is not None and game,
              f"only with --screenshot of {a_game}"),
             ("--scene", args.scene is not None, args.screenshot is not None, "only with --screenshot"),
             ("--scene", args.scene in GAME_SCENES, game, f"{', '.join(GAME_SCENES)} need {a_game}"),
             ("--fast-forward", args.fast_forward > 0, game, f"only with {a_game}"))
    for option, given, met, says in needs:
        if given and not met:
            parser.error(f"argument {option}: {says}")
    return args


def headless(args: argparse.Namespace, rules: Ruleset | None = None) -> int:
    rules = rules or load_ruleset(args.config)
    verbose = args.games == 1
    wins: Counter[str] = Counter()
    for n in range(args.games):
        seed = args.seed + n

        def show(state) -> None:
            if verbose:
                scores = "  ".join(f"{name} {vp_text(state.vp_track[p])}" for p, name in enumerate(state.names))
                print(f"turn {state.turn - 1:3d}  {scores}")

        turns = args.turns or HEADLESS_TURNS
        _, result = play_game(rules, args.players, seed, args.bots, turns, args.options, on_turn=show)
        wins[result.winner or "none"] += 1
        if verbose or args.games <= 20:
            print(result.summary())
    if args.games > 1:
        print(f"{args.games} games: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.serve:                   # no rules loaded here, no window: the server has its own
        from game.online.server import main as serve
        options = ["--host", args.host, "--port", str(args.port)]
        return serve(options + (["--data-dir", str(args.data_dir)] if args.data_dir else []))
    try:
        rules = load_ruleset(args.config)
    except ConfigError as exc:
        return cli.fail(str(exc))
    except INPUT_ERRORS as exc:
        return cli.fail(f"cannot load the rules from {args.config or 'config/'}: {type(exc).__name__}: "
                        f"{str(exc)[:300]}")
    try:
        check_options(rules, args.options)
    except SetupError as exc:
        return cli.fail(f"argument --options: {exc}")
    try:
        if args.headless:
            return headless(args, rules)
        from game.client import run
        return run(args, rules)
    except (ConfigError, SetupError) as exc:
        return cli.fail(str(exc))
    except KeyboardInterrupt:         # Ctrl+C in bot games or a monkey run (the window closes on it, game/client.py)
        print("interrupted", file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    multiprocessing.freeze_support()      # a frozen build's bot worker starts here (game/botpool.py)
    sys.exit(main())
