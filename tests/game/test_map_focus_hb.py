"""The keys' and the pad's focus on the map, seen (issue 40, second round): the hex tooltip is on the focused hex
or nowhere, never left on the hex just used; the focus ring leaves the islands' names readable; a hex's tooltip
stands where it covers the fewest names and stacks round it."""
from __future__ import annotations

import pygame
import pytest

import engine
from game import theme
from game.app import App
from game.scenes.table import TableScene

from .conftest import key
from .tooltips_kit import EXPLORE, Shown, frame, place, record_tooltips, table_for


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Shown:
    return record_tooltips(monkeypatch)

__all__ = ["shown"]          # the fixture, used by name


def hex_tips(table: TableScene, shown: Shown) -> set[str]:
    """The hexes the next frame's map tooltips tell."""
    places = {place(table, h): h for h in range(len(table.app.rules.map.labels))}
    return {lines[0] for lines, _ in frame(table.app, shown) if lines[0] in places}


def test_the_tooltip_leaves_the_hex_just_used_and_follows_the_focus(app: App, rules: engine.Ruleset,
                                                                  shown: Shown) -> None:
    table = table_for(app, rules, EXPLORE)
    key(app, pygame.K_TAB)
    used = table.map.focused_hex()
    assert used >= 0 and hex_tips(table, shown) == {place(table, used)}, "the focused hex's tooltip (E4)"
    key(app, pygame.K_RETURN, 3)                                 # the explorer sails in: a new decision (E4)
    assert table.legal and table.focus.stop() is None
    assert table.map.focused_hex() < 0, "no ring left on the hex just used"
    assert not hex_tips(table, shown), "nor its tooltip"
    key(app, pygame.K_TAB)
    focused = table.map.focused_hex()
    assert focused >= 0 and focused != used
    assert hex_tips(table, shown) == {place(table, focused)}, "the tooltip on the hex the focus moved to"


def lime_in(screen: pygame.Surface, rect: pygame.Rect, corner: int) -> int:
    """How many pixels of the focus ring's lime band lie inside this rect (but its rounded corners)."""
    return sum(tuple(screen.get_at((x, y)))[:3] == theme.HIGHLIGHT
               for x in range(rect.left + corner, rect.right - corner) for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("island", ["Santa Cruz", "Solomon Is.", "Gilbert Is."])
def test_the_focus_ring_leaves_an_island_name_whole(app: App, rules: engine.Ruleset, island: str) -> None:
    table = table_for(app, rules, EXPLORE)
    h = next(ig.hex for ig in rules.map.islands if ig.name == island)
    table.map.camera.centre_on(*table.map.layout.centres[h], cut=True)
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)             # the keys' cursor on the map ...
    table.map.cursor = h                                         # ... put on the island (as the d-pad would)
    table.focus.follow(h)
    app.frame()
    assert table.map.focused_hex() == h
    size = table.map.layout.size * table.map.camera.zoom
    name = table.map.art.name_rect(table.map.camera.to_screen(*table.map.layout.centres[h]), size, island)
    assert name is not None and name.w > size * 1.2, "a name wider than the ring's hex"
    assert lime_in(app.screen, name, round(size / 10)) == 0, "the name drawn over the ring, whole"


def test_a_hex_tooltip_stands_off_the_names_and_stacks_round_it(app: App, rules: engine.Ruleset,
                                                               shown: Shown) -> None:
    """Exploration (E4) by Tab: each lit hex's tooltip on the side that hides no island's name nor stack near it,
    where one is free (at 0702, 0703 and 0705 the first side tried covered one)."""
    table = table_for(app, rules, EXPLORE)
    covering: dict[str, int] = {}
    for _ in table.focus.stops():
        key(app, pygame.K_TAB)
        h = table.map.focused_hex()
        if h >= 0:
            tips = [rect for lines, rect in frame(app, shown) if lines[0] == place(table, h)]
            assert tips, "the focused hex's tooltip"
            covering[rules.map.labels[h]] = sum(tips[-1].colliderect(r) for r in table.map.labels_near(h))
    assert {"0702", "0703", "0705"} <= covering.keys()
    assert [covering[label] for label in ("0702", "0703", "0705")] == [0, 0, 0], covering
