"""The table's menus (issue 40): the Building menu keeps the rulebook's order of the build items (B2-B4) as the BP
change, greyed in place; a colony brought to an atoll is warned of before the move, and the Building step's refusal
there says why (B3); the action palette is opaque over any map."""
from __future__ import annotations

import pygame

import engine
from game.app import App
from game.scenes.table import TableScene

from .conftest import click, key
from .helpers import screen_of, table_for

BUILDING = {"players": ["Tonga", "Samoa"], "step": "building", "active": "Tonga"}
FLINT = [{"hex": "0907", "tile": "Flint Is."}]          # an atoll (C5) beside Tonga
COLONY_AT_SEA = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"], "tiles": FLINT,
                 "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1, "colony": 1}]}}


def menu_lines(table: TableScene) -> list[tuple[str, bool]]:
    """The open hex menu's lines: each action and whether it can be chosen."""
    menu = table.menus.menu
    assert menu is not None, "a menu is open"
    return [(str(action), why is None) for _, action, why in menu.rows]


def line_at(table: TableScene, index: int) -> tuple[int, int]:
    """Where the open menu's line is on the screen."""
    menu = table.menus.menu
    assert menu is not None
    lst = menu.list
    return lst.rect.x + lst.row, round(lst.rect.y + lst.row * (index - lst.top + 0.5))


def test_B2_the_building_menu_keeps_the_rulebooks_order_as_the_bp_run_out(app: App, rules: engine.Ruleset) -> None:
    table: TableScene = table_for(app, rules, BUILDING)
    click(app, screen_of(table, "0807"))
    before = menu_lines(table)
    builds = [line.split()[1] for line, _ in before if line.startswith("build ")]
    assert builds == ["transport_canoe", "colony", "warrior_band", "war_canoe", "improved_agriculture", "village",
                      "rumor"], "B2's order"
    assert dict(before)["build war_canoe 0807"] is False and dict(before)["build colony 0807"] is True
    canoe = next(i for i, (line, _) in enumerate(before) if line == "build transport_canoe 0807")
    click(app, line_at(table, canoe))   # 1 of 2 BP spent
    assert table.match.decisions == [engine.Action("build", ("transport_canoe", "0807"))]
    click(app, screen_of(table, "0807"))
    after = menu_lines(table)
    items = len(builds)
    assert [line for line, _ in after[:items]] == [line for line, _ in before[:items]], "no item moved"
    assert dict(after)["build colony 0807"] is False and dict(after)["build rumor 0807"] is True


def test_B3_a_click_on_an_atoll_while_building_says_no_village_can_stand_there(app: App, rules: engine.Ruleset) -> None:
    table = table_for(app, rules, {**BUILDING, "tiles": FLINT,
                                   "pieces": {"Tonga": [{"hex": "0907", "colony": 1, "transport_canoe": 1}]}})
    click(app, screen_of(table, "0907"))
    said = table.menus.toasts[-1][0]
    assert "atoll" in said and said.endswith("(B3)"), said
    assert "New items" not in said


def colony_aboard(app: App, rules: engine.Ruleset) -> TableScene:
    """Tonga's party at home: a transport canoe with a colony aboard, Flint Is. (an atoll) beside it."""
    table = table_for(app, rules, COLONY_AT_SEA)
    for verb, *args in (("party", "0807"), ("take", "transport_canoe"), ("take", "colony", "transport_canoe")):
        table.act(engine.Action(verb, tuple(args)))
    app.frame()
    assert isinstance(table, TableScene)
    return table


def test_B3_a_colony_sailing_to_an_atoll_is_warned_before_the_move(app: App, rules: engine.Ruleset) -> None:
    table = colony_aboard(app, rules)
    decided = list(table.match.decisions)
    click(app, screen_of(table, "0907"))
    assert table.match.decisions == decided, "not moved at once"
    assert menu_lines(table) == [("go 0907", True)]
    assert table.menus.menu is not None
    said = table.menus.menu.list.items[0]
    assert "atoll" in said and "never become a village" in said and "B3" in said, said
    click(app, line_at(table, 0))
    assert table.match.decisions[-1] == engine.Action("go", ("0907",)), "the line makes the move"


def test_a_move_to_an_island_that_is_no_atoll_is_made_at_once(app: App, rules: engine.Ruleset) -> None:
    table = colony_aboard(app, rules)
    click(app, screen_of(table, "0906"))                 # ocean
    assert table.menus.menu is None and table.match.decisions[-1] == engine.Action("go", ("0906",))


def test_the_palette_says_it_too(app: App, rules: engine.Ruleset) -> None:
    table = colony_aboard(app, rules)
    key(app, pygame.K_p)
    palette = table.menus.palette
    assert palette is not None and sum("atoll" in line for line in palette.items) == 1


def test_the_palette_is_opaque_over_any_map(app: App, rules: engine.Ruleset) -> None:
    """Issue 40 (21): nothing of the map shows through "All your actions", wherever the camera is."""
    table = colony_aboard(app, rules)
    key(app, pygame.K_p)
    palette = table.menus.palette
    assert palette is not None
    pictures = []
    for label in ("0807", "0409"):                       # Tonga's islands, then open sea under the palette
        table.map.camera.centre_on(*table.map.layout.centres[rules.map.hex_of(label)])
        app.settle()
        app.frame()
        inside = palette.rect.inflate(-4, -4)
        pictures.append(pygame.image.tobytes(app.screen.subsurface(inside), "RGB"))
    assert pictures[0] == pictures[1], "the map shows through the palette"
