"""Small helpers for engine tests: drive games, copy config folders and break them."""
from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import engine
from engine.ai import RandomBot

CONFIG = Path(__file__).resolve().parents[2] / "config"


def copy_config(tmp_path: Path) -> Path:
    """A private copy of config/ that a test may break."""
    folder = tmp_path / "config"
    shutil.copytree(CONFIG, folder)
    return folder


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """"Billion laughs": each anchor holds `width` aliases of the one before, width ** levels values in all."""
    lines = ["lol0: &lol0 [" + ", ".join(["lol"] * width) + "]"]
    lines.extend(f"lol{i}: &lol{i} [" + ", ".join([f"*lol{i - 1}"] * width) + "]" for i in range(1, levels))
    return "\n".join(lines) + "\n"


def play_random(state: engine.GameState, actions: int, seed: int = 0,
                check: Callable[[engine.GameState], None] | None = None,
                stop: Callable[[engine.GameState], bool] | None = None) -> engine.GameState:
    """Play up to `actions` random actions (chance resolved by the state's own streams), calling `check`
    after each one; `stop` ends the play early at the first position where it holds."""
    bots = {name: RandomBot(name, seed) for name in state.names}
    for _ in range(actions):
        who = engine.current_player(state)
        if who is None or (stop is not None and stop(state)):
            break
        if who == engine.CHANCE:
            engine.resolve_chance(state)
        else:
            engine.apply(state, bots[who].choose(dict, engine.legal_actions(state)))
        if check is not None:
            check(state)
    return state


def count(state: engine.GameState, player: str, kind: int, label: str | None = None) -> int:
    """How many pieces of a kind the player has on the map (or in one hex)."""
    h = state.rules.map.hex_of(label) if label else None
    return sum(1 for p in state.pieces_of(state.names.index(player), kind)
               if (state.piece_hex[p] == h if h is not None else state.piece_hex[p] >= 0))


def do(state: engine.GameState, *texts: str) -> list:
    """Apply actions given in notation; return all events."""
    events = []
    for text in texts:
        events += engine.apply(state, engine.parse_action(state, text))
    return events


def legal(state: engine.GameState) -> list[str]:
    """The legal actions in notation, sorted: what most tests compare."""
    return sorted(map(str, engine.legal_actions(state)))
