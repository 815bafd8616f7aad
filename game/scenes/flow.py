"""Moving between scenes: the title, the new-game setup, a match's table, its end, the settings."""
from __future__ import annotations

from pathlib import Path

import engine

from ..app import App
from ..match import Match
from ..paths import ensure_dir


def autosave_path(app: App) -> Path:
    return app.settings.data_dir / "autosave.json"


def open_title(app: App) -> None:
    from .title import TitleScene
    app.reset(TitleScene(app))


def open_setup(app: App) -> None:
    from .setup import SetupScene
    app.push(SetupScene(app))


def open_settings(app: App) -> None:
    from .settings import SettingsScene
    app.push(SettingsScene(app))


def start_match(app: App, match: Match) -> None:
    """The table replaces every scene below it: the game is now what the window shows."""
    from .table import TableScene
    app.reset(TableScene(app, match))


def new_match(app: App, players: int, seats: list[str], seed: int, options: dict,
              settings: dict | None = None) -> None:
    ensure_dir(app.settings.data_dir)
    match = Match.new(app.rules, players, seats, seed, options, speed=app.settings.speed,
                      autosave=autosave_path(app), max_turns=app.settings.max_turns, settings=settings)
    start_match(app, match)


def continue_game(app: App) -> None:
    """The latest autosave, or a message saying why it cannot be opened (the save is never touched)."""
    from .message import MessageScene
    try:
        match = Match.load(app.rules, autosave_path(app), speed=app.settings.speed, autosave=autosave_path(app),
                           max_turns=app.settings.max_turns)
    except engine.SaveError as exc:
        app.push(MessageScene(app, "The saved game cannot be opened", str(exc)))
        return
    start_match(app, match)


def game_ended(app: App, match: Match) -> None:
    """Record the result line; close the window if asked to, else show the end scene."""
    from .end import EndScene
    line = match.result().summary()
    app.settings.results.append(line)
    if app.settings.exit_at_end:
        app.quit()
        return
    app.push(EndScene(app, match))
