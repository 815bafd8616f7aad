"""What the server keeps (docs/PROTOCOL.md, "What the server keeps"): each game's start, seat kinds and token
hashes, its invite and spectator codes, and its action log, one row per action in the engine's save form
([text, drawn]), written before the action is acknowledged or shown to anyone.

SQLite in write-ahead-log mode with `synchronous=NORMAL`: a committed transaction survives the death of the
process (SIGKILL) at any moment; only a power cut may lose the newest commits. `Store` is the one interface the
server writes through, so that another database can stand behind it.
"""
from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, created REAL NOT NULL, start TEXT NOT NULL, seats TEXT NOT NULL,
    versions TEXT NOT NULL DEFAULT '{}', over INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL, seat TEXT NOT NULL, token TEXT UNIQUE, name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS invites (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, seat TEXT NOT NULL, used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS watchers (code TEXT PRIMARY KEY, game TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL, n INTEGER NOT NULL, text TEXT NOT NULL, drawn INTEGER NOT NULL, PRIMARY KEY (game, n));
"""


@dataclass
class StoredGame:
    """A game as the store holds it: enough to replay it (engine.replay(start, actions))."""
    id: str
    start: Any
    seats: dict[str, str]
    versions: dict[str, int]
    over: bool
    actions: list[list[Any]]


FILE = "server.sqlite3"


class Store:
    """The server's games in one SQLite file, FILE in the server's data folder."""

    def __init__(self, data_dir: Path):
        data_dir.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(data_dir / FILE, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> None:
        """Several writes as one transaction: all are kept, or none."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                db.execute(sql, args)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def create(self, game: str, start: Any, seats: Mapping[str, str], tokens: Mapping[str, str],
               invites: Mapping[str, str], watch: str, actions: list[list[Any]], versions: Mapping[str, int],
               ) -> None:
        """A new game with its seats' token hashes, invite codes (code -> seat), spectator code and the actions
        already made (chance before the first decision)."""
        writes: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO games (id, created, start, seats, versions) VALUES (?, ?, ?, ?, ?)",
             (game, time.time(), json.dumps(start), json.dumps(dict(seats)), json.dumps(dict(versions)))),
            ("INSERT INTO watchers (code, game) VALUES (?, ?)", (watch, game))]
        writes += [("INSERT INTO seats (game, seat, token) VALUES (?, ?, ?)", (game, seat, token))
                   for seat, token in tokens.items()]
        writes += [("INSERT INTO invites (code, game, seat) VALUES (?, ?, ?)", (code, game, seat))
                   for code, seat in invites.items()]
        writes += self._appends(game, 0, actions)
        self._write(writes)

    @staticmethod
    def _appends(game: str, first: int, actions: list[list[Any]]) -> list[tuple[str, tuple[Any, ...]]]:
        return [("INSERT INTO actions (game, n, text, drawn) VALUES (?, ?, ?, ?)",
                 (game, first + i, text, int(drawn))) for i, (text, drawn) in enumerate(actions)]

    def record(self, game: str, keep: int, actions: list[list[Any]], versions: Mapping[str, int], over: bool,
               ) -> None:
        """The log from action number `keep` on is `actions` (an undo keeps fewer than it had; new actions
        follow), with each seat's version and whether it is over: one transaction."""
        writes: list[tuple[str, tuple[Any, ...]]] = [("DELETE FROM actions WHERE game = ? AND n >= ?", (game, keep))]
        writes += self._appends(game, keep, actions)
        writes.append(("UPDATE games SET versions = ?, over = ? WHERE id = ?",
                       (json.dumps(dict(versions)), int(over), game)))
        self._write(writes)

    def set_seat_kind(self, game: str, seats: Mapping[str, str], versions: Mapping[str, int]) -> None:
        self._write([("UPDATE games SET seats = ?, versions = ? WHERE id = ?",
                      (json.dumps(dict(seats)), json.dumps(dict(versions)), game))])

    def seat_of(self, token_hash: str) -> tuple[str, str] | None:
        """The game and seat a token's hash opens."""
        row = self.db.execute("SELECT game, seat FROM seats WHERE token = ?", (token_hash,)).fetchone()
        return None if row is None else (row[0], row[1])

    def use_invite(self, code: str, token_hash: str, name: str) -> tuple[str, str] | None:
        """Take an unused invite code's seat with a new token (one use); None if the code is unknown or used."""
        row = self.db.execute("SELECT game, seat FROM invites WHERE code = ? AND used = 0", (code,)).fetchone()
        if row is None:
            return None
        game, seat = row
        self._write([("UPDATE invites SET used = 1 WHERE code = ?", (code,)),
                     ("INSERT OR REPLACE INTO seats (game, seat, token, name) VALUES (?, ?, ?, ?)",
                      (game, seat, token_hash, name))])
        return game, seat

    def watched(self, code: str) -> str | None:
        row = self.db.execute("SELECT game FROM watchers WHERE code = ?", (code,)).fetchone()
        return None if row is None else str(row[0])

    def load(self, game: str) -> StoredGame | None:
        row = self.db.execute("SELECT id, start, seats, versions, over FROM games WHERE id = ?", (game,)).fetchone()
        if row is None:
            return None
        actions = [[text, bool(drawn)] for text, drawn in self.db.execute(
            "SELECT text, drawn FROM actions WHERE game = ? ORDER BY n", (game,))]
        return StoredGame(row[0], json.loads(row[1]), json.loads(row[2]), json.loads(row[3]), bool(row[4]), actions)

    def start(self, game: str) -> Any:
        """How the game began (engine.save_data's `start`), for a replay; None for an unknown game."""
        stored = self.load(game)
        return None if stored is None else stored.start

    def actions(self, game: str) -> list[list[Any]]:
        """The game's log as [text, drawn] rows, oldest first."""
        stored = self.load(game)
        return [] if stored is None else stored.actions

    def unfinished(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT id FROM games WHERE over = 0 ORDER BY created")]
