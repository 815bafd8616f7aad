"""Moving between screens: the title, the new-game setup, a match's table, its end, the settings.

Scenes are made by name through the app's registry (`App.make`), so this module and the scenes import no scene
module; `game.scenes` registers them all when it is imported.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import engine

from . import tutorial, words
from .app import App
from .match import Match
from .paths import ensure_dir
from .seats import SeatSettings


def autosave_path(app: App) -> Path:
    return app.settings.data_dir / "autosave.json"


def open_title(app: App) -> None:
    app.reset(app.make("title"))


def open_setup(app: App) -> None:
    app.push(app.make("setup"))


def open_help(app: App, code: str | None = None) -> None:
    """The rules reference, at the entry of a rule code (or its nearest parent), or at the first."""
    app.push(app.make("help", code))


def tutorial_progress(app: App) -> tutorial.Progress:
    return tutorial.Progress(app.settings.data_dir / "tutorial.json")


def open_lessons(app: App) -> None:
    """The guided first game's chapters, the one to resume first."""
    app.push(app.make("lessons"))


def start_chapter(app: App, chapter_id: str) -> None:
    """A chapter's position at the table, with its coach; it is never autosaved (the player's own game stays
    the one Continue opens)."""
    chapter = tutorial.chapter(chapter_id)
    seed = chapter.scenario.get("seed", 0)
    match = Match(app.rules, engine.load_scenario(app.rules, chapter.scenario), chapter.seats,
                  seed if isinstance(seed, int) else 0, speed=app.settings.speed)
    app.reset(app.make("table", match, tutorial.Coach(chapter)))


def leave_tutorial(app: App, match: Match, to_new_game: bool = False) -> None:
    """Back to the chapters' list over the title, or, the chapters done, to a new game's setup."""
    match.close()
    open_title(app)
    if to_new_game:
        open_setup(app)
    else:
        open_lessons(app)


def skip_chapter(app: App, match: Match, chapter_id: str) -> None:
    """The next chapter (this one is not marked done), or the list after the last."""
    ids = [c.id for c in tutorial.chapters()]
    match.close()
    if chapter_id == ids[-1]:
        leave_tutorial(app, match)
    else:
        start_chapter(app, ids[ids.index(chapter_id) + 1])


def open_settings(app: App) -> None:
    """The settings, over the title or the pause menu."""
    app.push(app.make("settings"))


def start_match(app: App, match: Match) -> None:
    """The table replaces every scene below it: the game is now what the window shows."""
    app.reset(app.make("table", match))


def new_match(app: App, players: int, seats: list[str], seed: int, options: dict[str, Any],
              settings: Mapping[str, SeatSettings] | None = None) -> None:
    ensure_dir(app.settings.data_dir)
    match = Match.new(app.rules, players, seats, seed, options, speed=app.settings.speed,
                      autosave=autosave_path(app), max_turns=app.settings.max_turns, settings=settings)
    start_match(app, match)


def continue_game(app: App) -> None:
    """The latest autosave, or a message saying why it cannot be opened (the save is never touched)."""
    try:
        match = Match.load(app.rules, autosave_path(app), speed=app.settings.speed, autosave=autosave_path(app),
                           max_turns=app.settings.max_turns)
    except engine.SaveError as exc:
        app.push(app.make("message", words.text("load.failed"), str(exc)))
        return
    start_match(app, match)


def game_ended(app: App, match: Match) -> None:
    """Record the result line; close the window if asked to, else show the end scene."""
    line = match.result().summary()
    app.settings.results.append(line)
    if app.settings.exit_at_end:
        app.quit()
        return
    app.push(app.make("end", match))
