"""Opening the window: the display, the first scene the command line asks for, the loop, and what is printed
when the window closes (the result line of each game that ended, as `main.py --headless` prints it)."""
from __future__ import annotations

import argparse
import contextlib
import gc
import os
import time
from pathlib import Path

import pygame

import engine

from . import flow, scenes
from . import monkey as ui_monkey
from .app import App, Settings
from .match import Match
from .paths import default_data_dir, ensure_dir

DEFAULT_SIZE = (1280, 720)


def fitting_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window for a screen of this size: the largest 16:9 one within 85 % of it, and 1280x720 where the screen
    is small or unknown (then as much of it as 90 % allows)."""
    if not desktop or min(desktop) <= 0:
        return DEFAULT_SIZE
    w, h = desktop
    width = min(w * 0.85, h * 0.85 * 16 / 9)
    if width < DEFAULT_SIZE[0]:
        return min(DEFAULT_SIZE[0], round(w * 0.9)), min(DEFAULT_SIZE[1], round(h * 0.9))
    return round(width), round(width * 9 / 16)


def open_display(size: tuple[int, int] | None, fullscreen: bool) -> pygame.Surface:
    """The window: of `size`, or fitting the screen (issue 24: it once opened at 1280x720 on any screen)."""
    pygame.display.init()
    pygame.font.init()
    with contextlib.suppress(pygame.error):     # no sound card: play silent (ENV-NOTES, audio)
        pygame.mixer.init()
    flags = pygame.FULLSCREEN | pygame.SCALED if fullscreen else pygame.RESIZABLE
    if size is None:
        desktops = pygame.display.get_desktop_sizes()
        size = fitting_size(desktops[0] if desktops else None)
    screen = pygame.display.set_mode(size, flags)
    pygame.display.set_caption("Paradise")
    return screen


def settings_from(args: argparse.Namespace) -> Settings:
    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    speed = args.speed or ("instant" if args.screenshot or args.ui_monkey else "normal")
    return Settings(data_dir=data_dir, speed=speed, ui_scale=args.ui_scale, exit_at_end=args.exit_at_end,
                    max_turns=args.turns)


def first_match(app: App, args: argparse.Namespace) -> Match | None:
    """The match the command line starts (--new, --continue, --load), fast-forwarded if asked."""
    rules, settings = app.rules, app.settings
    autosave = ensure_dir(settings.data_dir) / "autosave.json"
    if args.new:
        seats = args.seats or ["human"] + ["normal"] * (args.players - 1)
        match = Match.new(rules, args.players, seats, args.seed, args.options, speed=settings.speed,
                          autosave=autosave, max_turns=settings.max_turns)
    elif args.load or args.continue_game:
        match = Match.load(rules, Path(args.load) if args.load else autosave, speed=settings.speed,
                           autosave=autosave, max_turns=settings.max_turns)
    else:
        return None
    if args.fast_forward:
        match.fast_forward(args.fast_forward)
    return match


def run(args: argparse.Namespace, rules: engine.Ruleset) -> int:
    """The windowed game. Returns the process's exit code."""
    started = time.perf_counter()
    fixed = args.screenshot or args.ui_monkey           # pictures and runs that must not depend on the screen
    screen = open_display(args.size or (DEFAULT_SIZE if fixed else None), args.fullscreen)
    app = App(screen, settings_from(args), rules, fixed_dt=1 / 60 if args.screenshot or args.ui_monkey else None)
    # What lives for the whole run (the rules, fonts, the registry) leaves the collector's view: the full collection
    # between games then walks only a game's objects and stays far under a frame (PERFORMANCE.md, issue 23).
    gc.collect()
    gc.freeze()
    if args.ui_monkey:
        return monkey(app, rules, args)
    try:
        match = first_match(app, args)
    except engine.SaveError as exc:
        print(f"error: {exc}")
        return 2
    if match is not None:
        flow.start_match(app, match)
    else:
        app.push(app.make("title"))
    if args.screenshot:
        return screenshot(app, match, args)
    app.frame()
    if os.environ.get("PARADISE_FIRST_FRAME"):            # bench/client.py: when the first frame was shown
        print(f"first frame at {time.time():.6f} ({time.perf_counter() - started:.3f} s after the window opened)")
        return 0
    app.run()
    if match is not None:
        match.close()
    for line in app.settings.results:
        print(line)
    pygame.quit()
    return 0


def screenshot(app: App, match: Match | None, args: argparse.Namespace) -> int:
    """Draw one settled frame of the scene asked for, from the viewer asked for, to a PNG file."""
    scene = args.scene or ("table" if match is not None else "title")
    if scene in ("table", "end", "handoff") and match is None:
        print("error: --scene table, end and handoff need a game (--new, --load or --continue)")
        return 2
    viewer = None if args.viewer in (None, "public") else args.viewer
    if match is not None and viewer is not None and viewer not in match.names:
        print(f"error: --viewer {viewer!r} does not play; players: {', '.join(match.names)}")
        return 2
    if scene == "setup":
        app.push(app.make("setup"))
    elif match is not None:
        table = app.top
        assert isinstance(table, scenes.table.TableScene)
        table.show(viewer if args.viewer else match.viewer())
        if scene == "end":
            app.push(app.make("end", match))
        elif scene == "handoff":
            name = viewer or match.names[0]
            app.push(app.make("handoff", name, lambda _: None, match.settings.get(name)))
    app.draw()
    pygame.image.save(app.screen, args.screenshot)
    if match is not None:
        match.close()
    pygame.quit()
    return 0


def monkey(app: App, rules: engine.Ruleset, args: argparse.Namespace) -> int:
    """--ui-monkey N: N games played by synthetic input (game/monkey.py); exit code 1 if any action could not be
    made by input or a game's hash differs from the engine's alone. With several human seats (the default: all
    human), the seats get PINs and standing orders, as players sharing a screen might."""
    seats = args.seats or ["human"]
    several = seats.count("human") > 1 or seats == ["human"]          # one kind alone is every seat's kind
    failures, counts = ui_monkey.run(app, rules, args.ui_monkey, args.device, args.seats,
                                     args.players if args.seats else None, args.seed, args.options, args.turns or 15,
                                     privacy=several)
    print("actions issued by verb: " + ", ".join(f"{verb} {n}" for verb, n in sorted(counts.items())))
    pygame.quit()
    return 1 if failures else 0
