"""Saves and replays: versioned JSON holding how the game started and every action since.

A save is replayed on load (seed + actions give the same game bit for bit) and checked against the state hash
written with it, so a corrupt, truncated, tampered or wrong-version file is refused with SaveError. Saves are
written to a temporary file and renamed, so a failed write never destroys the last good save.

A save cannot choose its luck: every outcome of chance in it must be the one the seed's streams draw at that
point (or the one its scenario queued), so editing a die roll and recomputing the hash does not load. A game
whose scenario queued outcomes is marked `"arranged": true` (`is_arranged`).
"""
from __future__ import annotations

import hashlib
import json
import os
from array import array
from pathlib import Path
from typing import Any

from . import changes, flow
from .actions import Action, IllegalAction
from .game import apply, parse_action, resolve_chance
from .ruleset import Ruleset
from .schema import TooLarge, read_capped, write_atomically
from .state import CHANCE_ACTOR, STEP_NAMES, GameState

FORMAT = "paradise-save"
VERSION = 1
SAVE_BYTES = 8 << 20        # a save file is at most 8 MiB (a 4-player game of 40 turns is ~0.3 MiB)
QUEUES = ("cup_order", "stack_order", "deck_order", "dice")     # a scenario's queued outcomes


class SaveError(Exception):
    """A save cannot be read or written, or does not replay to the state it claims; the message says why (in
    English, for the command line and the logs) and `kind` what a player is told, in their language: one of
    KINDS."""

    KINDS = ("damaged", "missing", "not_a_file", "too_large", "unreadable", "version", "unwritable")

    def __init__(self, message: str, kind: str = "damaged"):
        super().__init__(message)
        self.kind = kind if kind in self.KINDS else "damaged"


def state_dict(state: GameState) -> dict[str, Any]:
    """Every fact of the state, including the random streams (not the history or the log, nor the VP track's
    parts by source and its history over the turns: a record of how the game went, which the replay of a save
    rebuilds, so saves from before them load and hash as they did)."""
    return {key: list(value) if isinstance(value, array) else value for key, value in _fields(state).items()}


def _fields(state: GameState) -> dict[str, Any]:
    return {
        "names": list(state.names), "seed": state.seed, "options": dict(state.options),
        "turn": state.turn, "step": STEP_NAMES[state.step], "order": list(state.order), "active": state.active,
        "actor": state.actor, "marker_holder": state.marker_holder,
        "tile": state.tile, "tile_up": state.tile_up, "orient": state.orient,
        "discovered": sorted(state.discovered.items()),
        "ocean": state.ocean, "green_villages": state.green_villages, "ia": state.ia,
        "ia_villages": state.ia_villages, "controller": state.controller, "must_hold": state.must_hold,
        "home": state.home, "capital": state.capital, "explorer": state.explorer, "hand": state.hand,
        "shown": state.shown, "spent": state.spent, "vp_track": [str(v) for v in state.vp_track],
        "claimed": state.claimed, "saved_bp": state.saved_bp,
        "piece_hex": state.piece_hex, "piece_up": state.piece_up, "cup": state.cup, "stack": state.stack,
        "deck": state.deck, "penalty_pool": state.penalty_pool, "queued": state.queued,
        "sub": state.sub.to_dict() if state.sub is not None else None,
        "streams": [str(x) for x in state.streams], "winners": list(state.winners), "adv": state.adv.to_dict(),
    }


def state_hash(state: GameState) -> str:
    """A short fingerprint of the whole state: equal hashes mean equal games."""
    text = json.dumps(state_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# The lines of each full chunk of a history, kept: the client autosaves after every step, and writing every
# action of the game out again each time cost 4 ms for 1,000 actions. A chunk never changes once full (a clone
# shares it); each entry keeps its chunk, so an id is never taken for another's. Bounded: cleared when full.
CHUNK_LINES_KEPT = 1024
_chunk_lines: dict[int, tuple[tuple[Any, ...], list[list[Any]]]] = {}


def history(state: GameState) -> list[list[Any]]:
    """Every action applied since the start: [text, drawn] where drawn means the state's own RNG chose it."""
    chunks = []
    node = state.history.chunks
    while node is not None:
        chunks.append(node[0])
        node = node[1]
    out: list[list[Any]] = []
    for chunk in reversed(chunks):
        kept = _chunk_lines.get(id(chunk))
        if kept is None or kept[0] is not chunk:
            if len(_chunk_lines) >= CHUNK_LINES_KEPT:
                _chunk_lines.clear()
            kept = _chunk_lines[id(chunk)] = (chunk, _lines(chunk))
        out += [line[:] for line in kept[1]]
    return out + _lines(state.history.tail)


def _lines(items: Any) -> list[list[Any]]:
    return [[str(Action(verb, args)), drawn] for verb, args, drawn in items]


def is_arranged(state: GameState) -> bool:
    """Whether the game began from a scenario that queued outcomes (cup_order, stack_order, deck_order, dice):
    its first draws were set by whoever wrote the scenario, not drawn from the seed's streams. Saves record it
    as "arranged" (a tournament or a record table may want to refuse such games)."""
    start = state.start
    scenario = start.get("scenario") if isinstance(start, dict) else None
    return isinstance(scenario, dict) and any(scenario.get(key) for key in QUEUES)


def save_data(state: GameState) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "start": state.start, "actions": history(state),
            "turn": state.turn, "step": STEP_NAMES[state.step], "arranged": is_arranged(state),
            "state_hash": state_hash(state)}


def save(state: GameState, path: str | os.PathLike[str]) -> None:
    """Write the game to `path` atomically (schema.write_atomically: a temporary file in the same folder, then a
    rename; the temporaries of killed saves to the same path are removed). SaveError if the folder does not
    exist."""
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise SaveError(f"cannot save to {path}: the folder {str(folder)!r} {what}")
    write_atomically(target, json.dumps(save_data(state), indent=1).encode("utf-8"))


def load(path: str | os.PathLike[str], rules: Ruleset | None = None) -> GameState:
    """Read a save, replay it, and check the replay against the saved state hash."""
    try:
        text = read_capped(path, SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(f"no save at {path}") from None
    except TooLarge as exc:
        raise SaveError(f"the save {path} is {exc}: a save is at most {SAVE_BYTES:,} bytes") from None
    except (OSError, ValueError) as exc:          # ValueError: undecodable bytes or a NUL in the path
        raise SaveError(f"cannot read the save {path!r}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"the save {path} is not valid JSON (damaged or truncated?): {exc.msg} "
                        f"at line {exc.lineno}") from None
    except RecursionError:
        raise SaveError(f"the save {path} is nested too deeply to be a save") from None
    except (ValueError, MemoryError) as exc:      # ValueError: an integer beyond Python's 4,300 digits
        raise SaveError(f"the save {path} cannot be read: {exc}") from None
    return from_data(data, rules, str(path))


def from_data(data: Any, rules: Ruleset | None = None, name: str = "the save") -> GameState:
    """The game a save's data describes, replayed and checked; SaveError naming `name` and the key otherwise."""
    try:
        return _from_data(data, rules, name)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(f"{name} is nested too deeply to be a save") from None
    except (ValueError, TypeError, KeyError, IndexError, MemoryError) as exc:
        # A safety net: the checks below name what is wrong; anything they miss is still refused as a save.
        raise SaveError(f"{name} cannot be replayed: {type(exc).__name__}: {exc}") from None


def _from_data(data: Any, rules: Ruleset | None, name: str) -> GameState:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Paradise save")
    if data.get("version") != VERSION:
        raise SaveError(f"{name} has save version {data.get('version')!r}; this program reads version {VERSION}")
    actions, expected = data.get("actions"), data.get("state_hash")
    if not isinstance(actions, list) or not isinstance(expected, str):
        raise SaveError(f"{name} lacks its action list or state hash")
    state = replay(data.get("start"), actions, rules, name)
    if state_hash(state) != expected or data.get("turn") != state.turn or data.get("step") != STEP_NAMES[state.step]:
        raise SaveError(f"{name} does not replay to the state it was saved with (edited, or saved with "
                        f"different rule files)")
    if "arranged" in data and data["arranged"] is not is_arranged(state):
        raise SaveError(f"{name}: arranged is {data['arranged']!r}, but its start "
                        f"{'queues' if is_arranged(state) else 'queues no'} outcomes")
    return state


def replay(start: Any, actions: list[Any], rules: Ruleset | None = None, name: str = "the replay") -> GameState:
    """Rebuild a game from how it started and its action list; SaveError if any step does not fit."""
    from .scenario import ScenarioError, start_game
    try:
        state = start_game(start, rules)
    except ScenarioError as exc:
        raise SaveError(f"{name} has a bad start: {exc}") from None
    if not isinstance(actions, list):
        raise SaveError(f"{name}: the actions are a list of [text, drawn], got {type(actions).__name__}")
    for i, entry in enumerate(actions):
        apply_recorded(state, entry, i + 1, name)
    return state


def apply_recorded(state: GameState, entry: Any, number: int, name: str = "the replay") -> None:
    """Apply the save's action number `number` (from 1), [text, drawn], to the state as it was recorded: a drawn
    outcome is drawn again from the state's own streams and must be the one written; any other action is parsed
    and applied. One way for loading a save and for watching it as a replay; SaveError if the entry does not fit."""
    if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], str)
            or not isinstance(entry[1], bool)):
        raise SaveError(f"{name}: action {number} is not [text, drawn]")
    text, drawn = entry
    try:
        if drawn:
            resolve_chance(state)
            verb, args, _ = state.history.last()
            got = str(Action(verb, args))
            if got != text:
                raise SaveError(f"{name}: action {number} drew {got!r}, the save says {_short(text)}")
        elif state.actor == CHANCE_ACTOR:
            _check_arranged(state, text, f"{name}: action {number}")
            apply(state, parse_action(state, text))
        else:
            apply(state, parse_action(state, text))
    except IllegalAction as exc:
        raise SaveError(f"{name}: action {number} ({_short(text)}) is not legal: {exc}") from None
    except (ValueError, TypeError, KeyError, IndexError, RecursionError, MemoryError) as exc:
        raise SaveError(f"{name}: action {number} ({_short(text)}) cannot be replayed: "
                        f"{type(exc).__name__}: {exc}") from None


def _short(text: str) -> str:
    """An action's text as messages quote it: at most 60 characters (a save may hold a megabyte-long word)."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."


def _check_arranged(state: GameState, text: str, where: str) -> None:
    """An outcome of chance not drawn by the state's streams ([text, false]) is allowed only where the scenario
    queued it: the draw then leaves the streams alone and gives the queued outcome, which the text must be.
    Elsewhere the outcome would be whatever the file says (an edited die roll), so it is refused."""
    streams = state.streams[:]
    expected = str(flow.chance_step(state).draw(state))     # leaves the piles alone; may advance a stream
    queued = state.streams == streams
    changes.restore_streams(state, streams)
    if not queued:
        raise SaveError(f"{where} ({_short(text)}) sets an outcome of chance by hand; a save's draws and rolls "
                        f"come from its seed (written [text, true]) or from its scenario's queued outcomes")
    if expected != text:
        raise SaveError(f"{where} is {_short(text)}, but the scenario queued {expected!r} for this draw")
