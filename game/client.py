"""Opening the window: the display, the first scene the command line asks for, the loop, and what is printed
when the window closes (the result line of each game that ended, as `main.py --headless` prints it)."""
from __future__ import annotations

import argparse
import gc
import os
import time
from pathlib import Path
from typing import Any

import pygame

import engine

from . import flow, scenes, virtualpad
from . import monkey as ui_monkey
from . import settings as preferences
from .app import App, Settings
from .display import DEFAULT_SIZE, Display, desktop_size, fitting_size, kept_window, start_sdl
from .match import Match
from .paths import default_data_dir, ensure_dir


def settings_from(args: argparse.Namespace, data_dir: Path, stored: dict[str, Any]) -> Settings:
    """The run's settings: the stored preferences, and over them what the command line says."""
    speed = args.speed or ("instant" if args.screenshot or args.ui_monkey else "normal")
    settings = preferences.applied(Settings(data_dir=data_dir, speed=speed, ui_scale=args.ui_scale,
                                            exit_at_end=args.exit_at_end, max_turns=args.turns), stored)
    settings.fullscreen = settings.fullscreen or args.fullscreen
    return settings


def toggled(app: App, display: Display) -> pygame.Surface:
    """F11 or the settings: the full screen or the window, and the player's choice kept for the next run."""
    screen = display.toggle()
    app.settings.fullscreen = display.fullscreen
    preferences.save(app.settings.data_dir, fullscreen=display.fullscreen, window=display.window)
    return screen


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


def open_app(args: argparse.Namespace, rules: engine.Ruleset) -> tuple[App, Display]:
    """The display opened as the command line and the stored preferences say (the command line wins), and the app
    on it, F11 and the settings wired to switch the full screen."""
    # Pictures and runs that must not depend on the screen or on the player's preferences.
    fixed = args.screenshot or args.ui_monkey
    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    stored = {} if fixed else preferences.load(data_dir)
    start_sdl()
    desktop = desktop_size()
    window = DEFAULT_SIZE if fixed else kept_window(stored.get(preferences.WINDOW), desktop) or fitting_size(desktop)
    display = Display(args.size or window)
    settings = settings_from(args, data_dir, stored)
    app = App(display.open(settings.fullscreen), settings, rules, fixed_dt=1 / 60 if fixed else None)
    app.toggle_display = lambda: toggled(app, display)
    return app, display


def run(args: argparse.Namespace, rules: engine.Ruleset) -> int:
    """The windowed game. Returns the process's exit code."""
    started = time.perf_counter()
    app, display = open_app(args, rules)
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
    script = os.environ.get("PARADISE_PAD_SCRIPT")        # a scripted pad, to look at the game played by pad
    if script:
        app.each_frame.append(virtualpad.Script(script, time.perf_counter).tick)
    app.run()
    preferences.save(app.settings.data_dir, window=display.window_size())        # as the player left it
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
    if args.device == "pad" and virtualpad.available():
        print(f"error: --device pad plays with a virtual SDL controller, and {virtualpad.available()}")
        return 2
    seats = args.seats or ["human"]
    several = seats.count("human") > 1 or seats == ["human"]          # one kind alone is every seat's kind
    failures, counts = ui_monkey.run(app, rules, args.ui_monkey, args.device, args.seats,
                                     args.players if args.seats else None, args.seed, args.options, args.turns or 15,
                                     privacy=several)
    print("actions issued by verb: " + ", ".join(f"{verb} {n}" for verb, n in sorted(counts.items())))
    pygame.quit()
    return 1 if failures else 0
