"""A saved game watched again (issue 26): from how it began, its recorded actions applied one by one through the
engine as loading a save applies them (`engine.saves.apply_recorded`), so the table shows their events and
animations as it shows a game's. Nobody decides in a replay: it plays at the app's speed, pauses, steps one
action, and stops at the last, where its state must be the save's.

A `ReplayMatch` is a `Match` to the table: whose view it shows is chosen once (the public view, or a seat's after
its PIN, game/scenes/replay.py); it has no human seat and no bot, so the table never offers a decision, hands off
or autosaves.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine

from . import savefile
from .match import FRAME_BUDGET, HUMAN, PACE, Match
from .seats import SeatSettings


@dataclass
class Recording:
    """A save checked for watching: its parts, its players in seat order, each seat's settings as saved (its
    PIN) and the name the saves' list gives it."""
    contents: savefile.Contents
    players: tuple[str, ...]
    settings: dict[str, SeatSettings]
    name: str


def read(rules: engine.Ruleset, path: Path, name: str) -> Recording:
    """The save, checked before anything is watched: it replays to the state it was saved with and its seats'
    settings can be read (SaveError, one line, otherwise). A PIN that cannot be checked is a PIN to reset with
    consent, as when the game is loaded (game/seats.py)."""
    contents = savefile.read(path)
    state = engine.saves.from_data(contents.game, rules, str(path))
    try:
        settings = {seat: SeatSettings.from_dict(value, unusable_pin=True)
                    for seat, value in contents.settings.items() if seat in state.names}
    except (ValueError, TypeError, AttributeError) as exc:
        raise engine.SaveError(f"{path}: the seats cannot be read ({exc})") from None
    return Recording(contents, tuple(state.names), settings, name)


class ReplayMatch(Match):
    """The recorded game from its start, moved on by its own actions only."""

    def __init__(self, rules: engine.Ruleset, recording: Recording, watcher: str | None, speed: str):
        game, name = recording.contents.game, recording.name
        state = engine.saves.replay(game["start"], [], rules, name)       # read() checked the whole save
        # Every seat is a "human" the replay never asks: no bot is made, none thinks.
        super().__init__(rules, state, dict.fromkeys(state.names, HUMAN), state.seed, speed=speed,
                         game_id=recording.contents.meta.game_id)
        self.name = name
        self.recorded: list[Any] = game["actions"]
        self.expected: str = game["state_hash"]    # the replay's last position must have it
        self.watcher = watcher            # whose view the table shows: a seat, or None for the public view
        self.playing = True
        self.steps = 0                    # single steps asked for and not yet applied
        self.error: str | None = None     # why the last position is not the save's (never, unless a bug)

    @property
    def total(self) -> int:
        return len(self.recorded)

    @property
    def at_end(self) -> bool:
        return self.actions >= self.total

    @property
    def humans(self) -> list[str]:
        """Nobody decides at the table while a game is replayed."""
        return []

    @property
    def stopped(self) -> bool:
        """Nothing moves on its own: paused with no step asked for, or at the last action."""
        return self.at_end or not (self.playing or self.steps)

    def viewer(self) -> str | None:
        return self.watcher

    def human_to_act(self) -> str | None:
        return None

    def toggle(self) -> None:
        """Play, or pause (at once: an action under way finishes its animation)."""
        self.playing = not self.playing and not self.at_end
        self._wait = 0.0

    def step(self) -> None:
        """One more action, then paused."""
        self.playing = False
        if not self.at_end:
            self.steps = 1

    def tick(self, dt: float, chance_only: bool = False) -> bool:
        """Apply the next recorded action when it is due: a step asked for at once; while playing, paced by the
        speed, and at speed instant as many as fit in a few milliseconds."""
        if self.stopped:
            return False
        if self.steps:
            self.steps = 0
            self._next()
            return True
        pace = PACE.get(self.speed, PACE["normal"])
        self._wait -= dt
        if self._wait > 0:
            return False
        self._wait = pace
        deadline = time.perf_counter() + FRAME_BUDGET
        self._next()
        while pace == 0 and not self.at_end and time.perf_counter() < deadline:
            self._next()
        return True

    def _next(self) -> None:
        """The next recorded action, applied as loading a save applies it; at the last, the position is checked
        against the save's state hash."""
        engine.saves.apply_recorded(self._state, self.recorded[self.actions], self.actions + 1, self.name)
        self._applied()
        if self.at_end:
            self.playing = False
            got = self.state_hash()
            if got != self.expected:
                self.error = f"{got[:12]} / {self.expected[:12]}"
