"""Small helpers for engine tests: drive games, copy config folders."""
from __future__ import annotations

import shutil
from pathlib import Path

import engine
from engine.ai import RandomBot

CONFIG = Path(__file__).resolve().parents[2] / "config"


def copy_config(tmp_path: Path) -> Path:
    """A private copy of config/ that a test may break."""
    folder = tmp_path / "config"
    shutil.copytree(CONFIG, folder)
    return folder


def play_random(state: engine.GameState, actions: int, seed: int = 0) -> engine.GameState:
    """Play up to `actions` random actions (chance resolved by the state's own streams)."""
    bots = {name: RandomBot(name, seed) for name in state.names}
    for _ in range(actions):
        who = engine.current_player(state)
        if who is None:
            break
        if who == engine.CHANCE:
            engine.resolve_chance(state)
        else:
            engine.apply(state, bots[who].choose(lambda: {}, engine.legal_actions(state)))
    return state


def do(state: engine.GameState, *texts: str) -> list:
    """Apply actions given in notation; return all events."""
    events = []
    for text in texts:
        events += engine.apply(state, engine.parse_action(state, text))
    return events
