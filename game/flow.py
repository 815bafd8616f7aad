"""Moving between screens: the title, the new-game setup, a match's table (local, or a seat online), its end, the
settings.

Scenes are made by name through the app's registry (`App.make`), so this module and the scenes import no scene
module; `game.scenes` registers them all when it is imported.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import engine

from . import savefile, tutorial, words
from .app import App
from .gamelock import OpenElsewhere
from .host import Host
from .match import Match
from .online.lobby import LobbyError
from .online.remote import RemoteMatch
from .seats import SeatSettings
from .ui.widgets import Button


def autosaves(data_dir: Path) -> Path:
    """The folder of every game's autosaves (game/savefile.py: each game has its own inside)."""
    return data_dir / savefile.AUTOSAVES


def has_autosave(app: App) -> bool:
    return bool(savefile.latest_autosaves(app.settings.data_dir))


def load_latest(rules: engine.Ruleset, data_dir: Path, **kw: Any) -> Match:
    """The newest autosave that opens (an older one when the newest is damaged, none touched); SaveError saying
    why the newest cannot be opened when none can."""
    failure: engine.SaveError | None = None
    for path in savefile.latest_autosaves(data_dir):
        try:
            return Match.load(rules, path, autosave=autosaves(data_dir), **kw)
        except engine.SaveError as exc:
            failure = failure or exc
    raise failure or engine.SaveError(f"no autosave in {data_dir}", kind="missing")


def open_title(app: App) -> None:
    app.reset(app.make("title"))


def open_setup(app: App) -> None:
    app.push(app.make("setup"))


def open_help(app: App, code: str | None = None) -> None:
    """The rules reference, at the entry of a rule code (or its nearest parent), or at the first."""
    app.push(app.make("help", code))


def tutorial_path(app: App) -> Path:
    """Where the chapters of Learn to play finished are kept."""
    return app.settings.data_dir / "tutorial.json"


def tutorial_progress(app: App) -> tutorial.Progress:
    return tutorial.Progress(tutorial_path(app))


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


def leave_tutorial(app: App, match: Host, to_new_game: bool = False) -> None:
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
    """The table replaces every scene below it: the game is now what the window shows, and this window's alone
    (OpenElsewhere, with nothing changed, where another window has it open)."""
    match.claim()
    app.reset(app.make("table", match))


def open_match(app: App, match: Match, playing: Match | None = None) -> None:
    """Open a game from a menu in place of the one being played (if any), which is closed (saved whole, by its
    table leaving the stack) only once the other can open: a game open in another window is said, and the one
    being played goes on. A save of the game being played goes on in its autosaves where it stands where the game
    does, else as a game of its own: the game being played keeps its autosaves (issue 40)."""
    if playing is not None and playing.game_id == match.origin:
        if playing.state_hash() == match.state_hash():
            match.game_id = playing.game_id     # the same game, saved again or reopened: its lock is ours to pass on
            playing.close()
        elif match.game_id == playing.game_id:
            match.game_id = savefile.new_game_id()
    try:
        match.claim()
    except OpenElsewhere:
        match.close(save=False)           # never opened here: nothing of it is written
        app.push(app.make("message", words.text("load.open_elsewhere.title"),
                              words.text("load.open_elsewhere")))
        return
    start_match(app, match)           # the table of the one being played leaves the stack: it is closed there


def new_match(app: App, players: int | Sequence[str], seats: list[str], seed: int, options: dict[str, Any],
              settings: Mapping[str, SeatSettings] | None = None) -> None:
    """A new game, with autosaves of its own (the game Continue would have opened keeps its own)."""
    match = Match.new(app.rules, players, seats, seed, options, speed=app.settings.speed,
                      autosave=autosaves(app.settings.data_dir), max_turns=app.settings.max_turns, settings=settings)
    start_match(app, match)


def continue_game(app: App) -> None:
    """The latest autosave that opens, or a message saying why none can (no save is ever touched)."""
    try:
        match = load_latest(app.rules, app.settings.data_dir, speed=app.settings.speed,
                            max_turns=app.settings.max_turns)
    except engine.SaveError as exc:
        app.push(app.make("message", words.text("load.failed"), words.save_problem(exc)))
        return
    open_match(app, match)


def open_remote(app: App, url: str, token: str | None = None, watch: str | None = None) -> None:
    """The table of an online seat (its token) or a spectator's (a spectator code), in place of every scene: the
    server holds the game (docs/PROTOCOL.md). Connecting waits a few seconds at most; a server that cannot be
    reached or refuses is said in plain words, and the scene below stays. Leaving the table returns to the title
    while the game goes on."""
    try:
        if token is not None:
            match = RemoteMatch.open(url, token, app.rules, speed=app.settings.speed)
        else:
            match = RemoteMatch.watch(url, watch or "", app.rules, speed=app.settings.speed)
    except LobbyError as exc:
        app.push(app.make("message", words.text("online.failed"), str(exc)))
        return
    show_remote(app, match)


def show_remote(app: App, match: RemoteMatch) -> None:
    """The table of a seat already connected (a page that connected on a thread of its own, lobby.Call, so that no
    frame waits): it replaces every scene."""
    app.reset(app.make("table", match))


def game_ended(app: App, match: Host) -> None:
    """Record the result line; close the window if asked to, else show the end scene."""
    line = match.result().summary()
    app.settings.results.append(line)
    if app.settings.exit_at_end:
        app.quit()
        return
    app.push(app.make("end", match))


def ask_quit(app: App, match: Host, said: str) -> None:
    """Ask before closing the program (a click meant for a button nearby must not close it), from the pause menu
    and the end screen alike: `said` tells where the game is kept, the focus starts on Cancel; Quit closes the
    match (saved whole) and the program."""
    def leave() -> None:
        match.close()
        app.quit()
    app.push(app.make("message", words.text("pause.quit.title"), said, [
        Button(words.text("confirm.cancel"), app.pop),
        Button(words.text("menu.quit"), leave, primary=True)]))
