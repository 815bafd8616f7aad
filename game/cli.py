"""What each option of `main.py` takes, checked as argparse `type=` functions, so that hostile or careless input is
one line on stderr and exit code 2 (issue 26), never a traceback, and is refused before anything is opened or
written. Paths are looked at with os.stat alone: opening a FIFO to see what it is would wait for a writer forever.

No pygame here: a headless run never loads it.
"""
from __future__ import annotations

import argparse
import math
import os
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

WINDOW_MIN, WINDOW_MAX = (320, 240), 8192         # pixels, as game/settings.py keeps a window's size
ALL_OPTIONS = "variable_starting_pieces,saved_resources,malaria,south_island,kumara,random_events"


class CommandError(Exception):
    """What the command line asks for cannot be done; the message names the option and why, in one line."""


def fail(message: str) -> int:
    """Say what is wrong in one line on stderr (a newline in a path or a save's message would split it) and give
    the exit code of a command line error, argparse's own."""
    print("error: " + " ".join(message.splitlines()), file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """argparse with its errors in one line, like every other error of the command line (--help shows the
    usage)."""

    def error(self, message: str) -> NoReturn:
        sys.exit(fail(message))


def quoted(text: str, most: int = 20) -> str:
    """A value as an error shows it: quoted and cut short (a 5,000-digit number stays a short line)."""
    return repr(text[:most]) + ("..." if len(text) > most else "")


def refuse(expects: str, text: str, why: str = "") -> NoReturn:
    """argparse's way to refuse a value: "argument --x: takes <expects>, not <value>", or for a path, shown
    longer, "...; <path> <why>"."""
    raise argparse.ArgumentTypeError(f"takes {expects}; {quoted(text, PATH)} {why}" if why else
                                     f"takes {expects}, not {quoted(text)}")


def whole(low: int, high: int) -> Callable[[str], int]:
    """A whole number from `low` to `high`, in ASCII digits: int() also takes "٣", and raises at 5,000 digits.
    The words are argparse's own for int and choices."""
    def check(text: str) -> int:
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"invalid int value: {quoted(text)}; takes a whole number from {low} "
                                             f"to {high}")
        if len(digits) > len(str(high)) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"invalid choice: {quoted(text)}; takes at least {low} and at most "
                                             f"{high}")
        return int(text)
    return check


def number(low: float, high: float) -> Callable[[str], float]:
    """A number from `low` to `high`, never NaN (it fails every comparison, so a range check alone lets it in)."""
    def check(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            refuse(f"a number from {low:g} to {high:g}", text)
        return value
    return check


def size(text: str) -> tuple[int, int]:
    """--size: "1920x1080" to (1920, 1080)."""
    w, _, h = text.lower().partition("x")
    width, height = (int(n) if n.isascii() and n.isdigit() and len(n) <= 5 else 0 for n in (w, h))
    if not (WINDOW_MIN[0] <= width <= WINDOW_MAX and WINDOW_MIN[1] <= height <= WINDOW_MAX):
        refuse(f"WIDTHxHEIGHT in pixels from {WINDOW_MIN[0]}x{WINDOW_MIN[1]} to {WINDOW_MAX}x{WINDOW_MAX}, "
               "e.g. 1280x720", text)
    return width, height


def kinds(known: Sequence[str], noun: str) -> Callable[[str], list[str]]:
    """A kind for every seat, or one per seat, separated by commas (bots, seats): known names only."""
    def check(text: str) -> list[str]:
        names = text.split(",")
        wrong = next((name for name in names if name not in known), None)
        if wrong is not None:
            raise argparse.ArgumentTypeError(f"unknown {noun} {quoted(wrong)}; {noun}s: {', '.join(known)}")
        return names
    return check


def options(text: str) -> dict[str, Any]:
    """--options: "malaria,kumara,variable_game_end=20" to {"malaria": True, ...}; "all" switches every flag on.
    Only the form is checked here: which options exist, the rules say (engine.check_options)."""
    chosen: dict[str, Any] = {}
    for item in filter(None, (ALL_OPTIONS if text == "all" else text).split(",")):
        key, _, value = item.partition("=")
        if value:
            if not (value.isascii() and value.isdigit() and len(value) <= 4):   # isdigit() alone takes "²"
                raise argparse.ArgumentTypeError(f"option {key} takes a whole number, not {quoted(value)}")
            chosen[key] = int(value)
        else:
            chosen[key] = True
    return chosen


# --- paths ----------------------------------------------------------------------------------------------------

PATH = 300                                # how much of a path an error shows
MISSING = "does not exist"
EMPTY = "is an empty name"
KINDS = {"file": stat.S_ISREG, "folder": stat.S_ISDIR}


def not_a(wanted: str, path: Path) -> str | None:
    """Why `path` is no `wanted` ("file" or "folder"), None if it is one; a "file" is a regular one (a FIFO would
    hang the game, a device feed it forever)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return MISSING
    except OSError as exc:                # a symlink loop, a name too long, a path under a file
        return f"cannot be reached ({exc.strerror})"
    found = next((name for name, test in KINDS.items() if test(mode)), "device, FIFO or socket")
    return None if found == wanted else f"is a {found}, not a {wanted}"


def not_writable(folder: Path, may_make: bool) -> str | None:
    """Why `folder` is no folder to write in, None if it is one; with `may_make`, a missing folder is one where
    the nearest folder above it that exists can be written (it is made when first needed, not now)."""
    probe = folder
    while may_make and probe.parent != probe and not_a("folder", probe) == MISSING:
        probe = probe.parent
    why = not_a("folder", probe) or (None if os.access(probe, os.W_OK | os.X_OK) else "cannot be written")
    return why if why is None or probe == folder else f"cannot be made: {quoted(str(probe), PATH)} {why}"


def named(expects: str, text: str) -> Path:
    """A path that is not empty (Path("") would be the current folder)."""
    if not text:
        refuse(expects, text, EMPTY)
    return Path(text)


def save_file(text: str) -> Path:
    """--load: a regular file that exists."""
    why = not_a("file", named("a save file", text))
    if why:
        refuse("a save file", text, why)
    return Path(text)


def not_rules_folder(text: str) -> str | None:
    """Why --config's `text` is no folder of rule files, None if it is a folder (its files are the engine's to
    check)."""
    return not_a("folder", Path(text)) if text else EMPTY


def data_folder(text: str) -> Path:
    """--data-dir: a folder the game can write in, or make."""
    why = not_writable(named("a folder for saves and settings", text), may_make=True)
    if why:
        refuse("a folder for saves and settings", text, why)
    return Path(text)


def picture_file(text: str) -> str:
    """--screenshot: a .png name (pygame picks the format by it), in a folder that exists and can be written,
    naming no folder, device or FIFO (writing to a FIFO waits for a reader forever)."""
    expects = "a FILE.png to write in a folder that exists"
    path = named(expects, text)
    why = not_a("file", path)
    if why not in (None, MISSING):
        refuse(expects, text, why)
    if path.suffix.lower() != ".png":
        refuse(expects, text, "is no .png name")
    why = not_writable(path.parent, may_make=False)
    if why:
        refuse(expects, text, f"is in {quoted(str(path.parent), PATH)}, which {why}")
    return text
