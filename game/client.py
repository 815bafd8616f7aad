"""Opening the window: the display, the first scene the command line asks for (a game, the title, or a seat online:
`--server URL` with `--token`, `--join` or `--watch`), the loop, and what is printed when the window closes (the
result line of each game that ended, as `main.py --headless` prints it)."""
from __future__ import annotations

import argparse
import gc
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pygame

import engine

from . import catalog, cli, flow, scenes, sound, theme, virtualpad
from . import monkey as ui_monkey
from . import settings as preferences
from .app import App, Settings
from .display import DEFAULT_SIZE, Display, desktop_size, fitting_size, kept_window, start_sdl
from .gamelock import OpenElsewhere
from .match import Match
from .online import lobby
from .paths import default_data_dir

NO_DISPLAY = "no display was found, so the window would open unseen; --headless plays bot games in the terminal"
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
PRIVATE_SCENES = ("table", "end")           # drawn from a player's view (the hand-off is drawn from none)


def settings_from(args: argparse.Namespace, data_dir: Path, stored: dict[str, Any]) -> Settings:
    """The run's settings: the stored preferences, and over them what the command line says (a picture or a
    monkey run plays at speed instant unless told otherwise)."""
    settings = preferences.applied(Settings(data_dir=data_dir, exit_at_end=args.exit_at_end, max_turns=args.turns),
                                   stored)
    if args.speed or args.screenshot or args.ui_monkey:
        settings.speed = args.speed or "instant"
    if args.ui_scale is not None:
        settings.ui_scale = args.ui_scale
    if args.lang:
        settings.language = args.lang
    elif preferences.LANGUAGE not in stored and not (args.screenshot or args.ui_monkey):
        settings.language = catalog.system_language()        # the first run speaks the system's language
    settings.fullscreen = settings.fullscreen or args.fullscreen
    return settings


def toggled(app: App, display: Display) -> pygame.Surface:
    """F11 or the settings: the full screen or the window, and the player's choice kept for the next run."""
    screen = display.toggle()
    app.settings.fullscreen = display.fullscreen
    preferences.save(app.settings.data_dir, fullscreen=display.fullscreen, window=display.window)
    return screen


def first_match(app: App, args: argparse.Namespace) -> Match | None:
    """The match the command line starts (--new, --continue, --load), fast-forwarded if asked, and this window's
    alone (game/gamelock.py); CommandError naming the option when it cannot be opened or is open elsewhere. A
    picture is no game played: it keeps no autosaves, so Continue opens the player's last game, not the
    picture's."""
    rules, settings = app.rules, app.settings
    autosaves = None if args.screenshot else flow.autosaves(settings.data_dir)
    kw: dict[str, Any] = {"speed": settings.speed, "max_turns": settings.max_turns}
    if args.new:
        seats = args.seats or ["human"] + ["normal"] * (args.players - 1)
        match = Match.new(rules, args.players, seats, args.seed, args.options, autosave=autosaves, **kw)
    elif args.load is not None or args.continue_game:
        try:
            match = (Match.load(rules, args.load, **kw) if args.load is not None
                     else flow.load_latest(rules, settings.data_dir, **kw))
        except engine.SaveError as exc:
            raise cli.CommandError(f"argument {'--load' if args.load is not None else '--continue'}: {exc}") \
                from None
        match.autosave = autosaves
    else:
        return None
    try:
        match.claim()
    except OpenElsewhere:
        match.close(save=False)
        raise cli.CommandError(f"argument {'--load' if args.load is not None else '--continue'}: the game is open "
                               "in another window; one game is played in one window at a time") from None
    if args.fast_forward:
        match.fast_forward(args.fast_forward)
    return match


def seat_token(app: App, args: argparse.Namespace) -> str | None:
    """The seat --server plays: --token's, or the seat of --join's invite code, taken now and kept with the player's
    online games (online.yaml in the data folder, as the lobby keeps them); None for --watch. CommandError naming
    the option when the server refuses the code or cannot be reached."""
    if args.join is None:
        return str(args.token) if args.token else None
    try:
        joined = lobby.join(args.server, args.join)
    except lobby.LobbyError as exc:
        raise cli.CommandError(f"argument --join: {exc}") from None
    store = lobby.Store.load(app.settings.data_dir)
    store.add(lobby.OnlineGame(args.server, joined["game"], joined["seat"], joined["token"]))
    try:
        store.save()
    except OSError as exc:                    # the seat is played now; only coming back to it later needs the file
        print(f"warning: the seat's token could not be kept in {store.path}: {exc}", file=sys.stderr)
    return joined["token"]


def start_display(watched: bool) -> None:
    """SDL started; CommandError where a window meant to be watched would open unseen: with no display SDL takes
    its invisible "offscreen" driver (ENV-NOTES §3). On X11 and Wayland systems that is known before SDL starts,
    which spares its own complaint on stderr. A driver named in SDL_VIDEODRIVER is the runner's choice (tests and
    the project's own runs name "dummy"); pictures and monkey runs are watched by no one."""
    watched = watched and not os.environ.get("SDL_VIDEODRIVER")
    if watched and os.name == "posix" and sys.platform != "darwin" and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise cli.CommandError(NO_DISPLAY)
    try:
        start_sdl()
    except pygame.error as exc:                  # a driver named that this machine lacks
        raise cli.CommandError(f"the window cannot open ({exc}); --headless plays bot games in the terminal") \
            from None
    if watched and pygame.display.get_driver() == "offscreen":
        raise cli.CommandError(NO_DISPLAY)


def open_app(args: argparse.Namespace, rules: engine.Ruleset) -> tuple[App, Display]:
    """The display opened as the command line and the stored preferences say (the command line wins), and the app
    on it, F11 and the settings wired to switch the full screen."""
    # Pictures and runs that must not depend on the screen or on the player's preferences.
    fixed = args.screenshot or args.ui_monkey
    data_dir = args.data_dir or default_data_dir()
    start_display(watched=not fixed)
    stored = {} if fixed else preferences.load(data_dir)
    desktop = desktop_size()
    window = DEFAULT_SIZE if fixed else kept_window(stored.get(preferences.WINDOW), desktop) or fitting_size(desktop)
    display = Display(args.size or window)
    settings = settings_from(args, data_dir, stored)
    app = App(display.open(settings.fullscreen), settings, rules, fixed_dt=1 / 60 if fixed else None)
    app.toggle_display = lambda: toggled(app, display)
    app.set_language(settings.language)
    theme.set_colour_aid(settings.colour_aid)
    sound.follow(settings)                     # the kept volumes, and the music if it is turned up
    return app, display


def run(args: argparse.Namespace, rules: engine.Ruleset) -> int:
    """The windowed game. Returns the process's exit code: 2, with one line on stderr, where the command line
    asks for what cannot be done."""
    started = time.perf_counter()
    try:
        app, display = open_app(args, rules)
        # What lives for the whole run (the rules, fonts, the registry) leaves the collector's view: the full
        # collection between games then walks only a game's objects and stays far under a frame (PERFORMANCE.md,
        # issue 23).
        gc.collect()
        gc.freeze()
        if args.ui_monkey:
            return monkey(app, rules, args)
        match = first_match(app, args)
        if match is not None:
            flow.start_match(app, match)
        else:
            app.push(app.make("title"))
        if args.server is not None:            # the seat's table over the title (a failure is said over it)
            flow.open_remote(app, args.server, seat_token(app, args), args.watch)
        if args.screenshot:
            return screenshot(app, match, args)
    except cli.CommandError as exc:
        return cli.fail(str(exc))
    app.frame()
    if os.environ.get("PARADISE_FIRST_FRAME"):            # bench/client.py: when the first frame was shown
        print(f"first frame at {time.time():.6f} ({time.perf_counter() - started:.3f} s after the window opened)")
        return 0
    script = os.environ.get("PARADISE_PAD_SCRIPT")        # a scripted pad, to look at the game played by pad
    if script:
        app.each_frame.append(virtualpad.Script(script, time.perf_counter).tick)
    close_on_signals(app)
    app.run()
    preferences.save(app.settings.data_dir, window=display.window_size())        # as the player left it
    app.close()                   # every game in the window is saved whole
    for line in app.settings.results:
        print(line)
    pygame.quit()
    return 0


def close_on_signals(app: App) -> None:
    """Ctrl+C in the terminal (SIGINT), a polite kill (SIGTERM) and the terminal closing (SIGHUP) close the window
    as its close button does: the loop ends after the frame under way, and the game is saved whole (issue 36).
    A second signal while the game is being saved changes nothing."""
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)          # Windows has no SIGHUP
        if number is not None:
            signal.signal(number, lambda *_: app.quit())


def screenshot(app: App, match: Match | None, args: argparse.Namespace) -> int:
    """Draw one settled frame of the scene asked for, from the viewer asked for, to a PNG file. A seat's view
    behind a PIN is the hand-off's to show, once the PIN is typed: a picture cannot ask for it, so it is refused
    (test builds, PARADISE_TEST_BUILD=1, draw it)."""
    scene = args.scene or ("table" if match is not None else "title")
    if scene == "setup" or (scene == "title" and match is not None):
        app.push(app.make("setup") if scene == "setup" else app.make("title"))
    elif match is not None:
        viewer = None if args.viewer in (None, "public") else args.viewer
        if viewer is not None and viewer not in match.names:
            raise cli.CommandError(f"argument --viewer: takes a player of the game or public, not "
                                   f"{cli.quoted(viewer)}; players: {', '.join(match.names)}")
        shown = viewer if args.viewer else match.viewer()
        seat = match.settings.get(shown) if shown is not None else None
        if (scene in PRIVATE_SCENES and seat is not None and seat.pin is not None
                and os.environ.get("PARADISE_TEST_BUILD") != "1"):
            raise cli.CommandError(f"argument --viewer: {shown}'s view is behind a PIN, which a picture cannot ask "
                                   "for; --viewer public or --scene handoff draw what anyone may see")
        table = app.top
        assert isinstance(table, scenes.table.TableScene)
        table.show(shown)
        if scene == "end":
            app.push(app.make("end", match))
            app.settle()
        elif scene == "handoff":
            name = viewer or match.names[0]
            app.push(app.make("handoff", name, lambda _: None, match.settings.get(name)))
    app.draw()
    try:
        pygame.image.save(app.screen, args.screenshot)
    except pygame.error as exc:
        raise cli.CommandError(f"argument --screenshot: {args.screenshot!r} cannot be written ({exc})") from None
    if match is not None:
        match.close()
    pygame.quit()
    return 0


def monkey(app: App, rules: engine.Ruleset, args: argparse.Namespace) -> int:
    """--ui-monkey N: N games played by synthetic input (game/monkey.py); exit code 1 if any action could not be
    made by input or a game's hash differs from the engine's alone. With several human seats (the default: all
    human), the seats get PINs and standing orders, as players sharing a screen might."""
    if args.device == "pad" and virtualpad.available():
        raise cli.CommandError(f"argument --device: pad plays with a virtual SDL controller, and "
                               f"{virtualpad.available()}")
    if args.server is not None:
        token = seat_token(app, args)
        assert token is not None, "parse_args lets --ui-monkey play a seat only"
        try:
            failed = ui_monkey.online(app, args.server, token, args.device, args.seed)
        except lobby.LobbyError as exc:
            raise cli.CommandError(f"argument --server: {exc}") from None
        pygame.quit()
        return 1 if failed else 0
    seats = args.seats or ["human"]
    several = seats.count("human") > 1 or seats == ["human"]          # one kind alone is every seat's kind
    failures, counts = ui_monkey.run(app, rules, args.ui_monkey, args.device, args.seats,
                                     args.players if args.seats else None, args.seed, args.options, args.turns or 15,
                                     privacy=several)
    print("actions issued by verb: " + ", ".join(f"{verb} {n}" for verb, n in sorted(counts.items())))
    pygame.quit()
    return 1 if failures else 0
