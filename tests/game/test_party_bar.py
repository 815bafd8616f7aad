"""A forming party's bar never hides the party (issue 40, 19): the party's hex and the lit hexes beside it (where
it may go, M4) stay whole on the map above the decision bar, however many rows the party's choices take, the
camera gliding to them; the bar takes no more rows than its choices need; the lit hexes are drawn."""
from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import engine
from game import gestures, theme
from game.app import App, Settings
from game.scenes.table import TableScene

from .conftest import click, close_matches
from .helpers import table_for

# Tonga at home at the Movement step (M4), the ocean known all round it: a party formed there may go to five
# hexes beside it, two of them south of home, where the decision bar stands.
PARTY = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "0907", "0808"],
         "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2, "transport_canoe": 2, "warrior_band": 2,
                               "colony": 1}]}}
HOME = "0807"
SMALL = {**PARTY, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 2}]}}


@pytest.fixture(params=[(1280, 720), (1280, 800)], ids=["720", "800"])
def window(request: pytest.FixtureRequest, rules: engine.Ruleset, tmp_path: Path) -> Iterator[App]:
    """A real App in a window of each size the issue names."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(request.param)
    app = App(screen, Settings(data_dir=tmp_path / "data", speed="instant"), rules, fixed_dt=1 / 60)
    yield app
    close_matches(app)
    pygame.display.quit()


def form_party_with_home_low(app: App, rules: engine.Ruleset, scenario: dict[str, Any] = PARTY) -> TableScene:
    """The player left the map with home just above the bar, then forms a party there by its hex's menu and
    takes a war canoe into it."""
    table: TableScene = table_for(app, rules, scenario)
    app.settle()
    home = table.map.layout.centres[rules.map.hex_of(HOME)]
    size = table.map.layout.size * table.map.camera.zoom
    sy = table.map.camera.to_screen(*home)[1]
    table.map.camera.pan(0, sy - (table.bar.rect.top - size * 1.2))    # a drag: home low, whole above the bar
    app.settle()
    click(app, table.map.camera.to_screen(*home))
    menu = table.menus.menu
    assert menu is not None, "home offers to form a party or raise a canoe (M6)"
    row = [action for _, action, _ in menu.rows].index(engine.Action("party", (HOME,)))
    click(app, menu.list.row_rect(row).center)
    app.settle()
    assert table.match.decisions[-1] == engine.Action("party", (HOME,))
    take(app, table, engine.Action("take", ("war_canoe",)))           # a canoe: the party may go
    return table


def take(app: App, table: TableScene, action: engine.Action) -> None:
    """A click on the bar's button of the action."""
    click(app, table.bar.buttons[table.bar.actions.index(action)].rect.center)
    app.settle()


def party_hexes(table: TableScene) -> list[int]:
    m = table.app.rules.map
    home = m.hex_of(HOME)
    return [home, *(h for h in table.plan.by_hex if m.distance(h, home) == 1)]


def assert_in_sight(table: TableScene, hexes: list[int]) -> None:
    """Each hex whole on screen, on the map's area and above the bar (not under its rect)."""
    cam, layout, bar = table.map.camera, table.map.layout, table.bar.rect
    area = table.map_area()
    size = layout.size * cam.zoom
    for h in hexes:
        x, y = cam.to_screen(*layout.centres[h])
        whole = pygame.Rect(round(x - size), round(y - size), round(size * 2), round(size * 2))
        label = table.app.rules.map.labels[h]
        assert area.contains(whole), f"{label} on the map's area"
        assert whole.bottom <= bar.top and not whole.colliderect(bar), f"{label} above the bar"


def test_the_party_and_where_it_may_go_stay_above_the_bar(window: App, rules: engine.Ruleset) -> None:
    table = form_party_with_home_low(window, rules)
    hexes = party_hexes(table)
    assert len(hexes) >= 5, "home and where the party may go"
    assert_in_sight(table, hexes)
    for _ in range(3):                                 # pieces taken: new choices, the bar grows
        take(window, table, next(a for a in table.bar.actions if a is not None and a.verb == "take"))
        assert_in_sight(table, party_hexes(table))


def test_the_party_bar_takes_two_rows_of_choices(window: App, rules: engine.Ruleset) -> None:
    """The issue's party, a war canoe taken: Undo, three choices and the end of the party on two rows (on three
    at 1280x800 with the longer words)."""
    table = form_party_with_home_low(window, rules, SMALL)
    assert len([a for a in table.bar.actions if a is not None]) >= 4
    assert len(table.bar.body) == 2, [b.label for b in table.bar.buttons]


def test_the_lit_hexes_are_drawn(window: App, rules: engine.Ruleset) -> None:
    """Each lit hex's outline in its role's colour, pulsing (the map once forgot to draw them)."""
    table = form_party_with_home_low(window, rules)
    cam, layout, m = table.map.camera, table.map.layout, rules.map
    pulse = 0.5 + 0.5 * math.sin(window.time * 1000 / 260)
    roles = gestures.hex_roles(table.plan)
    for h in (h for h in party_hexes(table)[1:] if h != table.map.hover):   # the hovered one grows
        colour = theme.mix(theme.LIT.get(roles[h], theme.LIT["choose"]), theme.WHITE, theme.LIT_PULSE * pulse)
        corners = [cam.to_screen(x, y) for x, y in layout.corners(h, layout.size * 0.9)]
        mid = ((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2)
        near = [window.screen.get_at((round(mid[0]) + dx, round(mid[1]) + dy))[:3]
                for dx in range(-2, 3) for dy in range(-2, 3)]
        assert any(max(abs(a - b) for a, b in zip(pixel, colour, strict=True)) <= 6 for pixel in near), \
            f"{m.labels[h]}: its outline, {colour}"
