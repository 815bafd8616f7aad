"""The player's preferences, kept between runs as settings.json in the data folder.

Each preference is a line of KEPT: its key in the file, which is also the name of its field in `app.Settings`
(the window's size alone belongs to the display, game/display.py), and the check its value must pass. A file that
cannot be read, or a value that fails its check, is a one-line warning naming the file (and the key), never a
traceback: the defaults stand in. The command line wins over the file (game/client.py).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from engine import Action, write_atomically

from . import catalog, untrusted
from .app import Settings
from .gestures import ENDING
from .paths import ensure_dir
from .theme import UI_SCALES

FILE = "settings.json"
FILE_BYTES = 1 << 16
WINDOW = "window"


@dataclass(frozen=True)
class Check:
    """What a preference's value must be, and how the warning says it."""
    says: str
    holds: Callable[[Any], bool]


ON_OFF = Check("true or false", lambda v: isinstance(v, bool))
LEVEL = Check("a number from 0 to 1", lambda v: isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 1)
SIZE = Check("[width, height], each 320 to 8192 pixels",
             lambda v: isinstance(v, list) and len(v) == 2
             and all(isinstance(n, int) and not isinstance(n, bool) and 320 <= n <= 8192 for n in v))

SPEEDS = ("slow", "normal", "fast", "instant")
LANGUAGE = "language"
LANGUAGES = catalog.LANGUAGES       # the words' catalogs (game/catalog.py), each by its own name

# The kinds of decision that cannot be undone (X42) a confirmation asks about, each a row of the Settings screen
# ("Ask before ..."), sorted by what the player does, so that quieting one never quiets another: turning a tile
# face up (E6.2, E6.5), showing or using a card or an event (B4, A7), anything else that shows the others what was
# hidden (a battle, a canoe face up, a rumor withdrawn), and ending one's part of a step.
ASKS = ("tile", "card", "reveal", "end")
TILE_VERBS = frozenset({"reveal", "flip"})
CARD_VERBS = frozenset({"show", "use", "play", "target"})
# A move shows the others something only when what the mover cannot see stops it (face-down war canoes, M4.4):
# asking before one would tell the mover they are there (X9), so a move is never asked about.
MOVE_VERBS = frozenset({"transit", "party", "take", "leave", "go", "carry"})
ASK_BEFORE = "ask_before"

KEPT: dict[str, Check] = {
    "fullscreen": ON_OFF,
    "rumble": ON_OFF,
    "pad_per_seat": ON_OFF,
    "effects_volume": LEVEL,
    "music_volume": LEVEL,
    "speed": Check(f"one of {', '.join(SPEEDS)}", lambda v: v in SPEEDS),
    "ui_scale": Check(f"one of {', '.join(map(str, UI_SCALES))}",
                      lambda v: isinstance(v, int | float) and not isinstance(v, bool) and v in UI_SCALES),
    LANGUAGE: Check(f"one of {', '.join(LANGUAGES)}", lambda v: isinstance(v, str) and v in LANGUAGES),
    "colour_aid": ON_OFF,
    "reduce_motion": ON_OFF,
    WINDOW: SIZE,
    "new_game": Check("an object of the new-game page's choices", lambda v: isinstance(v, dict)),
    ASK_BEFORE: Check(f"a list of some of {', '.join(ASKS)}",
                      lambda v: isinstance(v, list) and all(isinstance(k, str) and k in ASKS for k in v)),
}


def asked_as(action: Action, final: str | None) -> str | None:
    """The "Ask before" row that covers a decision the table found final (X42: "reveal", "end", "chance"), by
    what the player does (its verb, which everyone sees), never by what the hidden position would show; None:
    never asked (a draw or a roll that the player did not end the step with)."""
    if final is None:
        return None
    if action.verb == "claim" and final == "reveal":       # V3: a claim shows every VP card in hand
        return "card"
    if action.verb in ENDING:
        return "end"
    if final != "reveal" or action.verb in MOVE_VERBS:
        return None
    return "tile" if action.verb in TILE_VERBS else "card" if action.verb in CARD_VERBS else "reveal"


def ask_before(settings: Settings, kind: str, on: bool) -> None:
    """Ask (or stop asking) before one kind of final decision, the others as they were; kept for the next run
    (the confirmation's "don't ask again" and the Settings screen's rows)."""
    if on:
        settings.ask_before.add(kind)
    else:
        settings.ask_before.discard(kind)
    save(settings.data_dir, **{ASK_BEFORE: sorted(settings.ask_before)})


def path(data_dir: Path) -> Path:
    return data_dir / FILE


def load(data_dir: Path, warn: bool = True) -> dict[str, Any]:
    """The preferences the file holds that pass their checks (none where there is no file yet)."""
    file = path(data_dir)
    try:
        stored = untrusted.read_json(file, FILE_BYTES, "settings")     # a FIFO or a device there is refused
    except untrusted.Refused as exc:
        if warn and exc.kind != "missing":
            print(f"warning: {exc}; the default settings are used")
        return {}
    if not isinstance(stored, dict):
        if warn:
            print(f"warning: {file} holds no settings (a JSON object is expected); the default settings are used")
        return {}
    kept = {}
    for key, value in stored.items():
        check = KEPT.get(key)
        if check is not None and check.holds(value):
            kept[key] = value
        elif warn:
            said = f"must be {check.says}" if check else "is not a setting"
            print(f"warning: {file}: {key!r} {said}; {'its default is used' if check else 'it is ignored'}")
    return kept


def applied(settings: Settings, stored: dict[str, Any]) -> Settings:
    """The run's settings with the stored preferences that are its fields (a list the file keeps for a set,
    as the kinds asked about, a set again)."""
    names = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {key: set(value) if isinstance(getattr(settings, key), set) else value
                              for key, value in stored.items() if key in names}
    return replace(settings, **values)


def save(data_dir: Path, **changed: Any) -> None:
    """Keep what the player changed (a preference, the window's size), and the rest as the file has it, written
    whole or not at all."""
    values = {**load(data_dir, warn=False), **changed}
    try:
        write_atomically(path(ensure_dir(data_dir)), (json.dumps(values, indent=1, sort_keys=True) + "\n").encode())
    except OSError as exc:
        print(f"warning: {path(data_dir)} cannot be written ({exc.strerror or type(exc).__name__}); the settings "
              "hold for this run only")
