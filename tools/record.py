"""Record a short moment of play as an animated picture (the README's, issue 38), made by the program itself.

    python tools/record.py [--out FILE] [--gif] [--size WxH] [--seconds N] [--fps N] [--most-mb N]
                           [--seed N] [--players N] [--speed SPEED] [--scenario FILE] [--lang CODE]

The real client is driven headless (SDL's dummy drivers) on a fixed clock of 60 frames a second, every seat a
Normal bot, the table showing the public view (RULES.md X9: nothing hidden is drawn). The moment: the bots play the
seeded game up to the last tile drawn before its first battle (M8), and the recording starts there, so that a tile
is placed and turned face up (E4.2), canoes sail (M4) and the battle's die is thrown (M8.4); it ends when that die
has landed and its outcome is shown. With --scenario it starts from the scenario's own position.

Every Nth frame is kept (--fps), drawn at twice --size and shrunk to it, and written as an animated WebP (and a GIF
beside it with --gif) with Pillow; the WebP's quality steps down until the file fits --most-mb. The clock is fixed
and the bots, chance and the clips' own randomness are seeded, so the same command writes the same frames.
"""
from __future__ import annotations

import argparse
import io
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine import play  # noqa: E402
from engine.ai import BOTS, Bot, ask  # noqa: E402
from game import cli, scenes  # noqa: E402
from game.app import App, Settings  # noqa: E402
from game.catalog import LANGUAGES  # noqa: E402
from game.match import Match  # noqa: E402

CLOCK = 60                       # frames a second of the fixed clock (what the client draws at, at least)
BOT = "normal"                   # every seat: the Normal bot decides at once and in this process, so repeatably
SPEEDS = ("slow", "normal", "fast")       # "instant" plays no clips: nothing would move
# 3 players, seed 213: turn 8's last tile is turned face up, then Samoa's war canoes sail to Fiji and attack its
# islanders: the fewest actions (19) from a tile drawn to a die thrown of the first 300 seeds.
SEED = 213
LEAD = 30                        # actions before the first battle where the game drew no tile on the way
MOST_ACTIONS = 5000              # a game with no battle in this many actions is recorded from its start
MOST_SECONDS = 30                # the longest recording (a moment in which no die is thrown ends here)
PICTURE = ((160, 120), (1920, 1080))      # the smallest and largest --size: half a window's (cli.size), half 4K
QUALITIES = (80, 70, 60, 50, 40, 30)      # WebP's lossy qualities, tried in turn until the file fits
# The fewest and the most pictures between two WebP key frames: a frame differs little from the one before (the
# sea, a canoe), so a picture kept whole only where the encoder finds it smaller halves the file.
KEY_FRAMES = (200, 400)
OUT = ROOT / "docs" / "screenshots" / "paradise.webp"


def picture_size(text: str) -> tuple[int, int]:
    """--size: "960x540" to (960, 540)."""
    low, high = PICTURE
    w, _, h = text.lower().partition("x")
    width, height = (int(n) if n.isascii() and n.isdigit() and len(n) <= 5 else 0 for n in (w, h))
    if not (low[0] <= width <= high[0] and low[1] <= height <= high[1]):
        cli.refuse(f"WIDTHxHEIGHT in pixels from {low[0]}x{low[1]} to {high[0]}x{high[1]}, e.g. 960x540", text)
    return width, height


def scenario_file(text: str) -> Path:
    """--scenario: a regular file that exists (the engine checks what it holds)."""
    why = cli.not_a("file", cli.named("a scenario file", text))
    if why:
        cli.refuse("a scenario file", text, why)
    return Path(text)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = cli.Parser(prog="record.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=OUT, help="the animated WebP to write (default: %(default)s)")
    parser.add_argument("--gif", action="store_true", help="write a GIF beside it too (same name, .gif)")
    parser.add_argument("--size", type=picture_size, default=(960, 540), metavar="WxH",
                        help="the picture's size; the game is drawn at twice it (default 960x540)")
    parser.add_argument("--seconds", type=cli.number(0.1, MOST_SECONDS), default=None,
                        help="how long (default: until the first die thrown has landed and its outcome is shown, "
                             f"at most {MOST_SECONDS} s)")
    parser.add_argument("--fps", type=cli.whole(1, CLOCK), default=15,
                        help=f"pictures a second, a divisor of {CLOCK} (default 15)")
    parser.add_argument("--most-mb", type=cli.number(0.1, 100), default=3.0,
                        help="the WebP's largest size in megabytes (default 3)")
    parser.add_argument("--seed", type=cli.whole(0, 999_999_999), default=SEED, help=f"the game (default {SEED})")
    parser.add_argument("--players", type=cli.whole(2, 4), default=3, help="number of players (default 3)")
    parser.add_argument("--speed", choices=SPEEDS, default="normal", help="bot turns and animations")
    parser.add_argument("--scenario", type=scenario_file, default=None, metavar="FILE",
                        help="start from a scenario (docs/SCENARIOS.md) instead of before a seeded game's first "
                             "battle (--seed and --players unused)")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en", help="the game's language")
    args = parser.parse_args(argv)
    if CLOCK % args.fps:
        parser.error(f"argument --fps: takes a divisor of {CLOCK} (e.g. 12, 15, 20, 30), not {args.fps}")
    return args


def bots_for(rules: engine.Ruleset, state: engine.GameState, seed: int) -> dict[str, Bot]:
    return {name: BOTS[BOT](name, seed, rules) for name in state.names}


def start_of_moment(rules: engine.Ruleset, players: int, seed: int) -> int:
    """How many actions the bots play before the recording starts: up to the last tile drawn before the game's
    first battle (or LEAD actions before it where none was drawn); 0 in a game with no battle."""
    state = engine.new_game(rules, players, seed)
    kinds: list[set[str]] = []
    play(state, ask(bots_for(rules, state, seed)), max_actions=MOST_ACTIONS,
         on_action=lambda _, events: kinds.append({e.kind for e in events}),
         until=lambda _: bool(kinds) and "battle_started" in kinds[-1])
    if not kinds or "battle_started" not in kinds[-1]:
        return 0
    battle = len(kinds) - 1
    drawn = [i for i in range(battle) if "tile_drawn" in kinds[i]]
    return drawn[-1] if drawn else max(0, battle - LEAD)


def moment(rules: engine.Ruleset, args: argparse.Namespace) -> Match:
    """The match the recording shows, every seat a bot, at the start of its moment. The bots that played up to
    it play on, so the game goes on exactly as it would have from its start."""
    if args.scenario is not None:
        state = engine.load_scenario(rules, args.scenario)
        seed, start = state.seed, 0
    else:
        seed, start = args.seed, start_of_moment(rules, args.players, args.seed)
        state = engine.new_game(rules, args.players, seed)
    bots = bots_for(rules, state, seed)
    play(state, ask(bots), max_actions=start)
    return Match(rules, state, dict.fromkeys(state.names, BOT), seed, speed=args.speed, actions=start,
                 make_bot=lambda _, name: bots[name])


def frames(app: App, match: Match, args: argparse.Namespace) -> list[Image.Image]:
    """Run the clock for --seconds, or until the first die thrown has landed and its outcome is shown (the match
    plays its next action only once the table's clips have ended), keeping every Nth frame, shrunk to --size."""
    every = CLOCK // args.fps
    since = match.events(None, 0)[1]
    rolled: int | None = None          # the match's actions once a die's roll is in the public log
    kept = []
    for n in range(round((args.seconds or MOST_SECONDS) * CLOCK)):
        app.frame()
        if n % every == 0:
            shot = Image.frombytes("RGB", app.screen.get_size(), pygame.image.tobytes(app.screen, "RGB"))
            kept.append(shot.resize(args.size, Image.Resampling.LANCZOS))
        if args.seconds is not None:
            continue
        if rolled is not None and match.actions > rolled:
            break
        if rolled is None:
            public, since = match.events(None, since)
            rolled = match.actions if any(e["kind"] == "die_rolled" for e in public) else None
    return kept


def webp(pictures: list[Image.Image], fps: int, most_bytes: float) -> tuple[bytes, int]:
    """The animated WebP, looping, at the best quality that fits `most_bytes` (the lowest tried if none does),
    and that quality. Pillow merges runs of identical pictures into one shown longer."""
    for quality in QUALITIES:
        out = io.BytesIO()
        pictures[0].save(out, "WEBP", save_all=True, append_images=pictures[1:], duration=round(1000 / fps),
                         loop=0, quality=quality, method=4, kmin=KEY_FRAMES[0], kmax=KEY_FRAMES[1])
        if out.tell() <= most_bytes:
            break
    return out.getvalue(), quality


def write(pictures: list[Image.Image], args: argparse.Namespace) -> list[str]:
    """The WebP (and with --gif the GIF beside it); a line about each."""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    data, quality = webp(pictures, args.fps, args.most_mb * 1e6)
    args.out.write_bytes(data)
    what = f"{args.size[0]}x{args.size[1]}, {len(pictures)} frames at {args.fps} fps"
    lines = [f"wrote {args.out} ({what}, quality {quality}, {len(data) / 1e6:.2f} MB)"]
    if args.gif:
        gif = args.out.with_suffix(".gif")
        pictures[0].save(gif, "GIF", save_all=True, append_images=pictures[1:], duration=round(1000 / args.fps),
                         loop=0, optimize=True)
        lines.append(f"wrote {gif} ({what}, {gif.stat().st_size / 1e6:.2f} MB)")
    return lines


def record(args: argparse.Namespace) -> list[Image.Image]:
    """Play the moment in the real client, drawn at twice --size; the pictures kept."""
    random.seed(args.seed)              # the clips' own chance (a particle's drift, a sound's variation)
    rules = engine.load_ruleset()
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode((args.size[0] * 2, args.size[1] * 2))
        with tempfile.TemporaryDirectory() as data:
            app = App(screen, Settings(data_dir=Path(data), speed=args.speed, language=args.lang), rules,
                      fixed_dt=1 / CLOCK)
            app.set_language(args.lang)
            match = moment(rules, args)
            app.push(scenes.table.TableScene(app, match))
            try:
                return frames(app, match, args)
            finally:
                app.close()
                match.close(save=False)
    finally:
        pygame.display.quit()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.perf_counter()
    try:
        pictures = record(args)
    except engine.ScenarioError as exc:
        return cli.fail(str(exc))
    for line in write(pictures, args):
        print(line)
    print(f"in {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
