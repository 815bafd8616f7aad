"""Saves and replays: versioned JSON holding how the game started and every action since.

A save is replayed on load (seed + actions give the same game bit for bit) and checked against the state hash
written with it, so a corrupt, truncated, tampered or wrong-version file is refused with SaveError. Saves are
written to a temporary file and renamed, so a failed write never destroys the last good save.
"""
from __future__ import annotations

import hashlib
from array import array
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .actions import Action, IllegalAction
from .game import apply, parse_action, resolve_chance
from .ruleset import Ruleset
from .state import STEP_NAMES, GameState

FORMAT = "paradise-save"
VERSION = 1


class SaveError(Exception):
    """A save cannot be read or does not replay to the state it claims; the message says why."""


def state_dict(state: GameState) -> dict[str, Any]:
    """Every fact of the state, including the random streams (not the history or the log)."""
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


def history(state: GameState) -> list[list]:
    """Every action applied since the start: [text, drawn] where drawn means the state's own RNG chose it."""
    return [[str(action), drawn] for action, drawn in state.actions_done()]


def save_data(state: GameState) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "start": state.start, "actions": history(state),
            "turn": state.turn, "step": STEP_NAMES[state.step], "state_hash": state_hash(state)}


def save(state: GameState, path: str | os.PathLike) -> None:
    """Write the game to `path` atomically (temporary file in the same folder, then rename)."""
    target = Path(path)
    text = json.dumps(save_data(state), indent=1)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load(path: str | os.PathLike, rules: Ruleset | None = None) -> GameState:
    """Read a save, replay it, and check the replay against the saved state hash."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no save at {path}") from None
    except (OSError, ValueError) as exc:          # ValueError: undecodable bytes or a NUL in the path
        raise SaveError(f"cannot read the save {path!r}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"the save {path} is not valid JSON (damaged or truncated?): {exc.msg} "
                        f"at line {exc.lineno}") from None
    return from_data(data, rules, str(path))


def from_data(data: Any, rules: Ruleset | None = None, name: str = "the save") -> GameState:
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
    return state


def replay(start: Any, actions: list, rules: Ruleset | None = None, name: str = "the replay") -> GameState:
    """Rebuild a game from how it started and its action list; SaveError if any step does not fit."""
    from .scenario import ScenarioError, start_game
    try:
        state = start_game(start, rules)
    except ScenarioError as exc:
        raise SaveError(f"{name} has a bad start: {exc}") from None
    for i, entry in enumerate(actions):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], str)
                or not isinstance(entry[1], bool)):
            raise SaveError(f"{name}: action {i + 1} is not [text, drawn]")
        text, drawn = entry
        try:
            if drawn:
                resolve_chance(state)
                verb, args, _ = state.history.last()
                got = str(Action(verb, args))
                if got != text:
                    raise SaveError(f"{name}: action {i + 1} drew {got!r}, the save says {text!r}")
            else:
                apply(state, parse_action(state, text))
        except IllegalAction as exc:
            raise SaveError(f"{name}: action {i + 1} ({text!r}) is not legal: {exc}") from None
    return state
