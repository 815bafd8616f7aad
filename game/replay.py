"""A saved game watched again (issue 26): from how it began, its recorded actions applied one by one through the
engine as loading a save applies them (`engine.apply_recorded`), so the table shows their events and
animations as it shows a game's. Nobody decides in a replay: it plays at a speed of its own (the app's at first),
pauses, steps one position on or back, jumps to the start of the turn before or after (issue 40), and stops at
the last position, where its state must be the save's. A step back or a jump is the game replayed from its start
to there, without animations: the table reads the log again as after an undo (`rewinds`).

A `ReplayMatch` is a `Match` to the table: whose view it shows is chosen once (the public view, or a seat's after
its PIN, game/scenes/replay.py); it has no human seat and no bot, so the table never offers a decision, hands off
or autosaves. It moves by the positions its watcher can tell apart, never by actions: a step over another player's
secret builds is one step, and "action n of N" counts those positions, so neither the counter nor the pace tells
how many secret actions there were (issue 36).

A PIN guards a seat's view as at the game's own table: the wrong tries are counted in the save replayed (the
game's, when it is the game being played), so watching it again after a restart does not start the count over;
a PIN is never cleared in a replay, where nobody sits at the game to consent.
"""
from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import engine

from . import savefile
from .match import FRAME_BUDGET, HUMAN, PACE, Match
from .seats import SeatSettings
from .settings import SPEEDS


@dataclass
class Recording:
    """A save checked for watching: its parts, its players in seat order, each seat's settings as saved (its
    PIN), the name the saves' list gives it and where it is."""
    contents: savefile.Contents
    players: tuple[str, ...]
    settings: dict[str, SeatSettings]
    name: str
    path: Path

    def keep(self, seat: str) -> None:
        """A PIN typed at a seat's hand-off changed its guard: the save is written again with that guard, and
        nothing else changed, not even the file's time (Continue opens the game played last, not one watched).
        Where it cannot be written the count holds for this run only."""
        self.contents.settings[seat] = {**self.contents.settings[seat], "guard": self.settings[seat].guard.to_dict()}
        with contextlib.suppress(engine.SaveError, OSError):
            times = self.path.stat()
            savefile.write(self.path, self.contents)
            os.utime(self.path, ns=(times.st_atime_ns, times.st_mtime_ns))


def read(rules: engine.Ruleset, path: Path, name: str, playing: Match | None = None) -> Recording:
    """The save, checked before anything is watched: it replays to the state it was saved with and its seats'
    settings can be read (SaveError, one line, otherwise). A PIN that cannot be checked is kept as unusable (the
    seat cannot be watched). A save of the game being played (`playing`) is guarded by that game's seats, their
    PINs now and their wrong tries, which its autosave keeps: one count for the game and its replay."""
    contents = savefile.read(path)
    state = engine.from_data(contents.game, rules, str(path))
    try:
        settings = {seat: SeatSettings.from_dict(value, unusable_pin=True)
                    for seat, value in contents.settings.items() if seat in state.names}
    except (ValueError, TypeError, AttributeError) as exc:
        raise engine.SaveError(f"{path}: the seats cannot be read ({exc})") from None
    recording = Recording(contents, tuple(state.names), settings, name, path)
    if playing is not None and playing.game_id == contents.meta.game_id:
        recording.settings = dict(playing.settings)
    else:
        for seat, kept in settings.items():
            kept.keep = partial(recording.keep, seat)
    return recording


def positions(rules: engine.Ruleset, game: dict[str, Any], watcher: str | None) -> tuple[list[int], list[int]]:
    """Where each position the watcher can tell apart ends, in actions from the start: after every action that
    changes the watcher's view, the last taking in any actions after it that change nothing the watcher sees;
    and the turn each position is in (the start's first: one more than the ends, turns being public)."""
    state = engine.replay(game["start"], [], rules)
    ends: list[int] = []
    seen = engine.observe(state, watcher, log=False)
    turns = [state.turn]
    for number, entry in enumerate(game["actions"], 1):
        engine.apply_recorded(state, entry, number)
        view = engine.observe(state, watcher, log=False)
        if view != seen:
            ends.append(number)
            turns.append(state.turn)
            seen = view
    total = len(game["actions"])
    if total and ends[-1:] != [total]:
        ends[-1:] = [total]          # hidden actions at the end join the last position (or make the only one)
        turns[len(ends):] = [state.turn]
    return ends, turns


class ReplayMatch(Match):
    """The recorded game from its start, moved on by its own actions only."""

    def __init__(self, rules: engine.Ruleset, recording: Recording, watcher: str | None, speed: str):
        game, name = recording.contents.game, recording.name
        state = engine.replay(game["start"], [], rules, name)       # read() checked the whole save
        # Every seat is a "human" the replay never asks: no bot is made, none thinks.
        super().__init__(rules, state, dict.fromkeys(state.names, HUMAN), state.seed, speed=speed,
                         game_id=recording.contents.meta.game_id)
        self.name = name
        self.recorded: list[Any] = game["actions"]
        self.expected: str = game["state_hash"]    # the replay's last position must have it
        self.watcher = watcher            # whose view the table shows: a seat, or None for the public view
        self.start: Any = game["start"]
        self.ends, self.turns = positions(rules, game, watcher)     # where each position ends, and its turn
        self.position = 0                 # positions shown so far: "action n of N" counts these
        self.playing = True
        self.steps = 0                    # single steps asked for and not yet applied
        self.error: str | None = None     # why the last position is not the save's (never, unless a bug)

    @property
    def total(self) -> int:
        return len(self.ends)

    @property
    def turn(self) -> int:
        """The turn of the position shown."""
        return self.turns[self.position]

    @property
    def at_end(self) -> bool:
        return self.position >= self.total

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
        """One more position, then paused."""
        self.playing = False
        if not self.at_end:
            self.steps = 1

    def step_back(self) -> None:
        """One position back, then paused."""
        self.playing = False
        self.goto(self.position - 1)

    def faster(self, by: int) -> None:
        """The next speed up (1) or down (-1) of the app's speeds, slow to instant; none past either end."""
        at = SPEEDS.index(self.speed) if self.speed in SPEEDS else SPEEDS.index("normal")
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, at + by))]

    def turn_start(self, by: int) -> int:
        """Where the turn `by` turns from the one shown starts (-1: the one before, or this one's start where the
        position shown is past it; 1: the one after, or the last position where none comes after)."""
        turn = self.turn + by
        if by < 0 and self.turns.index(self.turn) < self.position:
            turn = self.turn
        later = [p for p, t in enumerate(self.turns) if t >= turn]
        return later[0] if later else self.total

    def jump(self, by: int) -> None:
        """To the start of the turn before or after (see turn_start), playing on if it was."""
        self.goto(self.turn_start(by))

    def goto(self, position: int) -> None:
        """The position given (within the replay's), reached at once: the game replayed from its start where it
        lies before the one shown; the table reads the log again, without animations (`rewinds`)."""
        position = max(0, min(self.total, position))
        if position == self.position:
            return
        if position < self.position:
            self._state = engine.replay(self.start, [], self.rules, self.name)
            self.actions = self.position = 0
        self.steps = 0
        while self.position < position:
            self._next()
        self.rewinds += 1

    def tick(self, dt: float, chance_only: bool = False) -> bool:
        """Move to the next position when it is due: a step asked for at once; while playing, paced by the speed,
        and at speed instant as many as fit in a few milliseconds."""
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
        """The recorded actions up to the next position, applied as loading a save applies them; at the last, the
        position is checked against the save's state hash."""
        end = self.ends[self.position]
        while self.actions < end:
            engine.apply_recorded(self._state, self.recorded[self.actions], self.actions + 1, self.name)
            self._applied()
        self.position += 1
        if self.at_end:
            self.playing = False
            got = self.state_hash()
            if got != self.expected:
                self.error = f"{got[:12]} / {self.expected[:12]}"
