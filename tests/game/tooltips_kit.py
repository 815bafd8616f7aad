"""What the tooltip tests share: a table at a scenario, and every tooltip drawn (its lines, where it stood)."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

import engine
from game import words
from game.app import App
from game.match import Match
from game.render import hud
from game.scenes.table import TableScene

EXPLORE = {"players": ["Tonga", "Samoa"], "step": "exploration"}
PARTY = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
         "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 2}]}}
Shown = list[tuple[list[str], pygame.Rect]]


def record_tooltips(monkeypatch: pytest.MonkeyPatch) -> Shown:
    """Every tooltip drawn: its lines and where it stood."""
    drawn: Shown = []
    real = hud.tooltip

    def tooltip(screen: pygame.Surface, at: tuple[float, float], lines: list[str], scale: Any,
                avoid: Any = (), within: pygame.Rect | None = None) -> pygame.Rect:
        rect = real(screen, at, lines, scale, avoid, within)
        drawn.append((list(lines), rect))
        return rect
    monkeypatch.setattr(hud, "tooltip", tooltip)
    return drawn


def table_for(app: App, rules: engine.Ruleset, scenario: dict[str, Any], *moves: str) -> TableScene:
    state = engine.load_scenario(rules, scenario)
    table = TableScene(app, Match(rules, state, dict(zip(state.names, ("human", "rules"))), state.seed,
                                  speed="instant"))
    app.push(table)
    for move in moves:
        verb, arg = move.split()
        table.act(engine.Action(verb, (arg,)))
    app.frame()
    return table


def frame(app: App, shown: Shown) -> Shown:
    shown.clear()
    app.frame()
    return list(shown)


def place(table: TableScene, h: int) -> str:
    return words.place(table.app.rules.map.labels[h], table.app.rules, words.face_up_tiles(table.shown))
