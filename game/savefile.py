"""One save, one file: the engine's save (how the game began and every action since), who sits at each seat
with their pass-and-play settings, a few public facts for the saves' list, and a small picture of the map, in
one zip archive (`.paradise`), deflated so that hidden facts (the face-down tiles' names, the cards drawn) are
not readable at a glance. It is no lock: the README says what a PIN protects against.

Written atomically (a temporary file in the same folder, flushed to the disk, then renamed over the old one): a
kill at any moment leaves the old save or the new one, never half of one, and the temporary a killed write left is
removed by the next write to the folder. Read by game/untrusted.py, which refuses what it cannot prove whole: every
size capped (the file, and each member as it is inflated: a zip bomb stops at the cap), regular files only (a
folder, a device or a FIFO is refused before anything is read), members stored or deflated and never encrypted;
every failure is one SaveError line, so that a damaged autosave is passed over for the one before.

A save of the two-file form written before (the engine's JSON, and `<name>.seats.json` beside it) still opens;
without its seats file every seat is taken as a human's.

Each game keeps its own autosaves (`Autosaves`): numbered files in a folder of their own, the last few kept, so
that loading a save or starting a new game never overwrites another game's. A save opened at another point than
where its game's autosaves stand (an older named save of a game played on, or to its end) goes on as a game of its
own (`Autosaves.left_behind`): the game it branched from keeps its autosaves, its end too (issue 40).
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import secrets
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine import remove_stale_temporaries, write_atomically

from . import untrusted

SUFFIX = ".paradise"
FORMAT = "paradise-save-file"
VERSION = 1
FILE_BYTES = 8 << 20                  # a whole save file (a 4-player game of 40 turns is about 40 KB deflated)
MEMBER_BYTES = {"format.json": 1 << 10, "game.json": engine.SAVE_BYTES, "seats.json": 1 << 16,
                "meta.json": 1 << 16, "picture.png": 1 << 20}
KEEP = 3                              # autosaves kept per game
ZIP_MAGIC = b"PK\x03\x04"
AUTOSAVES = "autosaves"
AUTOSAVE_NAME = rf"\d{{6,}}{re.escape(SUFFIX)}"     # a game's autosaves, numbered as they are written


@dataclass
class Meta:
    """What the saves' list shows without replaying the game: public facts only."""
    game_id: str
    name: str = ""
    saved: float = 0.0                # seconds since the epoch
    turn: int = 1
    step: str = ""
    players: list[dict[str, Any]] = field(default_factory=list)     # name, kind (human or a bot level), vp
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Any) -> Meta:
        if not isinstance(data, dict) or not isinstance(data.get("game_id"), str) \
                or not re.fullmatch(r"[0-9a-f]{1,32}", data["game_id"]):
            raise ValueError("meta.json: game_id must be up to 32 hexadecimal digits")
        name, saved, turn = data.get("name", ""), data.get("saved", 0.0), data.get("turn", 1)
        players, options = data.get("players", []), data.get("options", {})
        if not isinstance(name, str) or len(name) > 200:
            raise ValueError("meta.json: name must be a text of at most 200 characters")
        if not isinstance(saved, (int, float)) or isinstance(saved, bool) or not 0 <= saved < 1e11:
            raise ValueError("meta.json: saved must be a time in seconds")
        if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < 10_000:
            raise ValueError("meta.json: turn must be a turn number")
        if not isinstance(players, list) or len(players) > 8 or not all(
                isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("kind"), str)
                and isinstance(p.get("vp"), str) for p in players):
            raise ValueError("meta.json: players must be a list of {name, kind, vp}")
        if not isinstance(options, dict):
            raise ValueError("meta.json: options must be a mapping")
        return cls(data["game_id"], name, float(saved), turn, str(data.get("step", "")), players, options)


@dataclass
class Contents:
    """A save's parts: the engine's save data, the seats (name -> human or a bot level), each human seat's
    pass-and-play settings as stored, the public facts and the picture (bytes as the file holds them, checked
    where they are decoded: game/scenes/saves.py; or None). `seatless`: a
    two-file save found without its seats file, whose every seat is taken as a human's."""
    game: dict[str, Any]
    seats: dict[str, str]
    settings: dict[str, Any]
    meta: Meta
    picture: bytes | None = None
    seatless: bool = False


def new_game_id() -> str:
    return secrets.token_hex(6)


# --- writing --------------------------------------------------------------------------------------------------

def write(path: Path, contents: Contents) -> None:
    """Write the save atomically: a temporary file beside it, flushed to the disk, renamed over `path`, and
    the folder's entry flushed too (engine.write_atomically). SaveError (one line) if the folder is missing
    or cannot be written; the save that was there is then untouched."""
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise engine.SaveError(f"cannot save to {path}: the folder {str(folder)!r} {what}", kind="unwritable")
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("format.json", json.dumps({"format": FORMAT, "version": VERSION}))
        archive.writestr("meta.json", json.dumps(contents.meta.__dict__))
        archive.writestr("seats.json", json.dumps({"seats": contents.seats, "settings": contents.settings}))
        archive.writestr("game.json", json.dumps(contents.game, separators=(",", ":")))
        if contents.picture is not None:
            archive.writestr("picture.png", contents.picture, zipfile.ZIP_STORED)      # PNG is deflated already
    try:
        write_atomically(path, data.getvalue())
    except OSError as exc:
        raise engine.SaveError(f"cannot save to {path}: {exc.strerror or exc}", kind="unwritable") from None


# --- reading --------------------------------------------------------------------------------------------------

def read(path: Path) -> Contents:
    """A save's parts, checked as far as they can be without replaying the game (engine.from_data replays
    it); SaveError with one line naming the file otherwise, whatever the file holds."""
    try:
        raw = untrusted.read(path, FILE_BYTES, "save")
        return _read_archive(path, raw) if raw.startswith(ZIP_MAGIC) else _read_two_files(path, raw)
    except untrusted.Refused as exc:
        raise engine.SaveError(str(exc), kind=exc.kind) from None


def read_meta(path: Path) -> Meta:
    """The public facts of a save for the saves' list (a two-file save's are worked out from the game)."""
    return read(path).meta


def _read_archive(path: Path, raw: bytes) -> Contents:
    parts = untrusted.zip_members(raw, MEMBER_BYTES, f"the save {path}", optional=("picture.png",))
    head = untrusted.parse_json(parts["format.json"], f"{path}: format.json") if "format.json" in parts else None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise engine.SaveError(f"{path} is not a Paradise save")
    if head.get("version") != VERSION:
        raise engine.SaveError(f"{path} has save-file version {head.get('version')!r}; this program reads "
                               f"version {VERSION}", kind="version")
    missing = [name for name in ("game.json", "seats.json", "meta.json") if name not in parts]
    if missing:
        raise engine.SaveError(f"the save {path} lacks {', '.join(missing)}")
    game = untrusted.parse_json(parts["game.json"], f"{path}: game.json")
    seats, settings = _seats(untrusted.parse_json(parts["seats.json"], f"{path}: seats.json"), f"{path}: seats.json")
    try:
        meta = Meta.from_dict(untrusted.parse_json(parts["meta.json"], f"{path}: meta.json"))
    except ValueError as exc:
        raise engine.SaveError(f"{path}: {exc}") from None
    if not isinstance(game, dict):
        raise engine.SaveError(f"{path}: game.json is not a Paradise save")
    return Contents(game, seats, settings, meta, parts.get("picture.png"))


def _seats(data: Any, what: str) -> tuple[dict[str, str], dict[str, Any]]:
    """The seats and the raw pass-and-play settings (checked by the match, game/seats.py)."""
    if not isinstance(data, dict) or not isinstance(data.get("seats"), dict):
        raise engine.SaveError(f"{what}: expected {{\"seats\": {{name: kind}}, \"settings\": {{...}}}}")
    seats, settings = data["seats"], data.get("settings", {})
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
        raise engine.SaveError(f"{what}: each seat is a player's name and a seat kind")
    if not isinstance(settings, dict):
        raise engine.SaveError(f"{what}: settings must be a mapping of seats to their settings")
    return seats, settings


def _read_two_files(path: Path, raw: bytes) -> Contents:
    """A save of the two-file form: the engine's JSON, and its seats beside it (every seat a human's without)."""
    game = untrusted.parse_json(raw, f"the save {path}")
    if not isinstance(game, dict):
        raise engine.SaveError(f"{path} is not a Paradise save")
    sidecar = path.with_name(path.stem + ".seats.json")
    seatless = not sidecar.exists()
    seats, settings = ({}, {}) if seatless else _seats(untrusted.read_json(sidecar, FILE_BYTES, "save"),
                                                        str(sidecar))
    turn = game["turn"] if isinstance(game.get("turn"), int) else 1
    meta = Meta(new_game_id(), path.stem, _mtime(path), turn, str(game.get("step", "")),
                [{"name": name, "kind": kind, "vp": "?"} for name, kind in seats.items()])
    return Contents(game, seats, settings, meta, seatless=seatless)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# --- a game's autosaves ---------------------------------------------------------------------------------------

class Autosaves:
    """A game's own autosaves: `<root>/<game id>/<number>.paradise`, numbered as they are written, the last
    KEEP kept (the oldest is removed only once the newest is whole on the disk)."""

    def __init__(self, root: Path, game_id: str):
        self.folder = root / game_id

    def files(self) -> list[Path]:
        """This game's autosaves, newest first."""
        return sorted(_numbered(self.folder), key=lambda p: int(p.stem), reverse=True)

    def left_behind(self, game: Mapping[str, Any]) -> bool:
        """Whether the newest of these autosaves that reads went where a save of this game (its engine save) does
        not lead: further on, or elsewhere. Played on from the save, this game's autosaves would replace where the
        game got to. False where the save is where the autosave is or further on the same way, and where the game
        has no autosave here (a save brought from elsewhere, a game of before)."""
        for path in self.files():
            with contextlib.suppress(engine.SaveError):
                kept = read(path).game
                done, actions = kept.get("actions"), game.get("actions")
                return not (kept.get("start") == game.get("start") and isinstance(done, list)
                            and isinstance(actions, list) and actions[:len(done)] == done)
        return False

    def write(self, contents: Contents) -> Path:
        """A new autosave; SaveError (one line) when it cannot be written."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise engine.SaveError(f"cannot make the autosave folder {self.folder}: {exc.strerror or exc}",
                                   kind="unwritable") from None
        files = self.files()
        path = self.folder / f"{int(files[0].stem) + 1 if files else 1:06d}{SUFFIX}"
        write(path, contents)
        for old in files[KEEP - 1:]:
            with contextlib.suppress(OSError):
                old.unlink()
        remove_stale_temporaries(self.folder, AUTOSAVE_NAME)      # those of the autosaves a kill cut short
        return path


def _numbered(folder: Path) -> Iterator[Path]:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if re.fullmatch(AUTOSAVE_NAME, entry.name) and entry.is_file(follow_symlinks=False):
            yield Path(entry.path)


def latest_autosaves(data_dir: Path) -> list[Path]:
    """Every game's autosaves, the newest written first (--continue and the title's Continue open the first
    that loads); the one-slot autosave of earlier versions last."""
    root = data_dir / AUTOSAVES
    try:
        games = [Path(e.path) for e in os.scandir(root) if e.is_dir(follow_symlinks=False)]
    except OSError:
        games = []
    found = [(p, _mtime_ns(p)) for game in games for p in _numbered(game)]
    out = [p for p, _ in sorted(found, key=lambda pm: (pm[1], int(pm[0].stem)), reverse=True)]
    legacy = data_dir / "autosave.json"
    return out + ([legacy] if legacy.is_file() else [])


def _mtime_ns(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def public_players(view: Mapping[str, Any], seats: Mapping[str, str]) -> list[dict[str, Any]]:
    """The players as the saves' list shows them: name, seat kind and VP (the public view's)."""
    return [{"name": p["name"], "kind": seats.get(p["name"], "human"), "vp": str(p["vp"])} for p in view["players"]]
