"""What the keys' and the pad's focus is on, seen (issue 40): the player row focused at the turn order (T2, T3)
wears the widgets' focus ring, and the map's tooltip of the cursor shows only while the focus is on the map
during the player's own decision, never left on a hex once the focus is on a button or a row, nor through the
other players' turns."""
from __future__ import annotations

import pygame
import pytest

import engine
from game import theme
from game.app import App
from game.match import Match
from game.scenes.table import TableScene

from .conftest import key
from .helpers import table_for
from .tooltips_kit import EXPLORE, Shown, frame, place, record_tooltips
from .tooltips_kit import table_for as explore_table


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Shown:
    return record_tooltips(monkeypatch)

__all__ = ["shown"]          # the fixture, used by name


def ring_tones(table: TableScene, name: str) -> set[tuple[int, ...]]:
    """The colours across a player's row's left edge, where a focus ring is drawn (around it)."""
    screen = table.app.screen
    rect = table.players.rows()[name]
    ring = round(rect.h * 0.08)                                  # the ring's bands, as focus_ring draws them
    return {tuple(screen.get_at((rect.x + i, rect.centery)))[:3] for i in range(-ring, ring * 2)}


def test_T2_the_row_focused_for_the_first_player_wears_the_focus_ring(app: App, rules: engine.Ruleset) -> None:
    table = table_for(app, rules)
    assert set(table.plan.order) == {"Tonga", "Samoa"}, "the turn order is decided first (T2)"
    for _ in range(2):
        key(app, pygame.K_TAB, frames=2)
        stop = table.focus.stop()
        assert stop is not None and stop[0] == "row"
        focused, other = str(stop[1]), next(n for n in table.plan.order if n != stop[1])
        ring = {theme.INK, theme.HIGHLIGHT}
        assert ring <= ring_tones(table, focused), f"{focused} focused: the ring, dark and lime"
        assert not ring & ring_tones(table, other), f"{other} not focused: its outline only"


def cursor_tips(table: TableScene, shown: Shown) -> list[list[str]]:
    """The tooltips of the next frame that tell the cursor's hex."""
    here = place(table, table.map.cursor)
    return [lines for lines, _ in frame(table.app, shown) if lines[0] == here]


def test_the_cursors_tooltip_goes_when_the_focus_moves_to_a_button(app: App, rules: engine.Ruleset,
                                                                  shown: Shown) -> None:
    table = explore_table(app, rules, EXPLORE, "premove 0807")      # a move to take back: Undo, without words
    key(app, pygame.K_TAB)
    assert table.focus.stop() == ("hex", table.map.cursor) and cursor_tips(table, shown), "on a hex: its tooltip"
    while table.focus.stop() != ("button", table.bar.actions.index(None)):
        key(app, pygame.K_TAB)
    assert not cursor_tips(table, shown), "the focus on Undo: no tooltip left on the hex"
    key(app, pygame.K_TAB)
    assert table.focus.stop() == ("hex", table.map.cursor) and cursor_tips(table, shown), "back on a hex"


def test_the_cursors_tooltip_goes_when_the_focus_moves_to_a_players_row(app: App, rules: engine.Ruleset,
                                                                       shown: Shown) -> None:
    table = table_for(app, rules)
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)              # the cursor on the map, no stop focused
    assert table.focus.stop() is None and table.map.cursor >= 0
    assert cursor_tips(table, shown), "the cursor on the map: its hex's tooltip"
    key(app, pygame.K_TAB)
    assert table.focus.stop() == ("row", table.plan.order and next(iter(table.plan.order)))
    assert not cursor_tips(table, shown), "the focus on a row: no tooltip over the map"


def test_no_cursor_tooltip_through_another_players_turn(app: App, rules: engine.Ruleset, shown: Shown) -> None:
    state = engine.load_scenario(rules, EXPLORE)
    match = Match(rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed, speed="normal")
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    key(app, pygame.K_TAB)
    assert cursor_tips(table, shown), "the player's own decision: the tooltip"
    key(app, pygame.K_RETURN)                                    # decided: the game goes on without them
    assert match.decisions and not table.legal
    assert not cursor_tips(table, shown), "not deciding: no tooltip"
