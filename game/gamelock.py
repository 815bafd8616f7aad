"""One game, one writer (issue 36): a game open in a window holds a lock in its autosaves' folder, so that a second
window asked to continue or load the same game says it is open elsewhere instead of interleaving its autosaves
with the first's (the shorter run's last position would be pruned away, game/savefile.py keeps the last few).

The lock is the operating system's (filelock: flock on POSIX, LockFileEx on Windows), so a window killed by any
means frees it at once: a stale lock file never keeps a game closed. Where the folder cannot hold a lock (it cannot
be written, or its file system has no locks) the game opens unlocked: its autosaves would fail anyway, and the
table says so.
"""
from __future__ import annotations

from pathlib import Path

import filelock

LOCK = ".open"               # beside a game's numbered autosaves, never taken for one of them


class OpenElsewhere(Exception):
    """The game is open in another window of this computer."""


class GameLock:
    """The lock of one game's autosaves' folder, taken when a window opens the game and released when it closes."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._lock: filelock.BaseFileLock | None = None

    @property
    def held(self) -> bool:
        return self._lock is not None

    def take(self) -> None:
        """Hold the game's lock (again: nothing); OpenElsewhere where another window holds it."""
        if self._lock is not None:
            return
        lock = filelock.FileLock(self.folder / LOCK, thread_local=False, blocking=False, fallback_to_soft=False)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock.acquire()
        except filelock.Timeout:
            raise OpenElsewhere(f"the game in {self.folder} is open in another window") from None
        except (OSError, NotImplementedError):
            return                       # no lock can be held here: the game opens, as it did before
        self._lock = lock

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release(force=True)
            self._lock = None
