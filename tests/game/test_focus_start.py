"""Where the table's focus starts and what A / Enter acts on (issue 40): in exploration the first Tab or shoulder
press lands beside the explorer, never on the home hex whose crossing costs 2 knots (E6.3); a d-pad or Shift+arrow
step of the cursor onto a lit hex takes the focus there, so that A / Enter acts on the cursor's hex and not on an
older stop; and a pad alone makes every move of a whole game the keys make (the UI monkey by pad, seed 5, whose
left neighbour's course E4.3 had been out of reach). Pads are SDL's virtual joystick (game/virtualpad.py)."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

import engine
from game import monkey, virtualpad
from game.app import App
from game.match import Match
from game.scenes.table import TableScene
from tests.positions import EXPLORE, EXPLORE_START

from .conftest import key
from .helpers import RB, A, press

no_pads = pytest.mark.skipif(virtualpad.available() is not None, reason=f"no virtual pads: {virtualpad.available()}")
DPAD = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT, (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
        (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN, (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP}




def exploring(app: App, rules: engine.Ruleset) -> TableScene:
    """Tonga's explorer at 0906 after an ocean of 1 knot (E5: it may go on): it may explore 0905, 1006 or 1007,
    cross its home 0807 (E6.3: 2 knots), or return."""
    state = engine.load_scenario(rules, EXPLORE)
    for text in [*EXPLORE_START, "marker ocean_1"]:
        engine.apply(state, engine.parse_action(state, text))
    app.push(TableScene(app, Match(rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed)))
    app.frame()
    table = app.top
    assert isinstance(table, TableScene)
    return table


def test_tab_first_lands_beside_the_explorer_not_on_home(app: App, rules: engine.Ruleset) -> None:
    table = exploring(app, rules)
    m = rules.map
    home, explorer = m.hex_of("0807"), m.hex_of("0906")
    assert home in table.plan.by_hex and [str(a) for a in table.plan.by_hex[home]] == ["cross 0807"]
    key(app, pygame.K_TAB)
    stop = table.focus.stop()
    assert stop is not None and stop[0] == "hex" and stop[1] != home
    assert m.distance(int(stop[1]), explorer) == 1 and table.map.cursor == stop[1]
    assert {a.verb for a in table.plan.by_hex[int(stop[1])]} == {"explore"}


def test_elsewhere_the_first_stop_stays_nearest_home(app: App, rules: engine.Ruleset) -> None:
    """Building, movement and the rest keep the first stop by the player's home (their pieces start there)."""
    state = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906"],
                                         "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}]}})
    app.push(TableScene(app, Match(rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed)))
    app.frame()
    table = app.top
    assert isinstance(table, TableScene) and table.plan.by_hex
    key(app, pygame.K_TAB)
    assert table.focus.stop() == ("hex", rules.map.hex_of("0807"))


def lit_steps(table: TableScene, start: int) -> tuple[list[tuple[int, int]], int]:
    """The fewest d-pad steps from `start` to another lit hex, and that hex."""
    paths: dict[int, list[tuple[int, int]]] = {start: []}
    todo = [start]
    while todo:
        h = todo.pop(0)
        for step in DPAD:
            there = table.map.layout.neighbour_on_screen(h, *step)
            if there not in paths:
                paths[there] = [*paths[h], step]
                if there in table.plan.by_hex:
                    return paths[there], there
                todo.append(there)
    raise AssertionError("no other lit hex on the map")


def dpad_to(app: App, pad: virtualpad.VirtualPad, table: TableScene) -> int:
    """Step the cursor with the d-pad to the nearest other lit hex; that hex."""
    steps, there = lit_steps(table, table.map.cursor)
    for step in steps:
        press(app, pad, DPAD[step])
    assert table.map.cursor == there
    return there


@no_pads
def test_a_acts_on_the_hex_the_dpad_moved_to(app: App, rules: engine.Ruleset, pad: virtualpad.VirtualPad,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """RB focuses a lit hex; the d-pad then moves the cursor to another lit hex: A explores that one."""
    table = exploring(app, rules)
    picked: list[int] = []
    monkeypatch.setattr(table.menus, "pick_hex", lambda h, keyboard=False: picked.append(h))
    press(app, pad, RB)
    stop = table.focus.stop()
    assert stop is not None and stop[0] == "hex"
    there = dpad_to(app, pad, table)
    assert there != stop[1] and table.focus.stop() == ("hex", there)
    press(app, pad, A)
    assert picked == [there]


@no_pads
def test_a_after_the_dpad_leaves_a_button_acts_on_the_cursors_hex(app: App, rules: engine.Ruleset,
                                                                     pad: virtualpad.VirtualPad,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The focus on a bar's button, the d-pad steps the cursor onto another lit hex: A acts on that hex, not on
    the button (which no longer shows the focus ring)."""
    table = exploring(app, rules)
    picked: list[int] = []
    monkeypatch.setattr(table.menus, "pick_hex", lambda h, keyboard=False: picked.append(h))
    for _ in range(len(table.focus.stops())):
        stop = table.focus.stop()
        if stop is not None and stop[0] == "button":
            break
        press(app, pad, RB)
    assert table.focus.stop() is not None and table.focus.stop()[0] == "button"   # type: ignore[index]
    there = dpad_to(app, pad, table)
    assert table.focus.stop() == ("hex", there)
    press(app, pad, A)
    assert picked == [there] and not table.match.decisions


def test_shift_arrow_onto_an_unlit_hex_leaves_no_stop_focused(app: App, rules: engine.Ruleset) -> None:
    """Off the lit hexes the cursor holds the focus alone: Enter there says how to choose, never an old stop."""
    table = exploring(app, rules)
    key(app, pygame.K_TAB)
    for dx, dy in DPAD:
        h = table.map.layout.neighbour_on_screen(table.map.cursor, dx, dy)
        if h not in table.plan.by_hex:
            arrow = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN, (0, -1): pygame.K_UP}
            key(app, arrow[(dx, dy)], mod=pygame.KMOD_SHIFT)
            assert table.map.cursor == h and table.focus.stop() is None
            return
    raise AssertionError("every neighbour is lit")


@no_pads
def test_a_pad_alone_plays_the_game_whose_course_was_out_of_reach(app: App, rules: engine.Ruleset,
                                                                   capsys: Any) -> None:
    """The UI monkey by pad, 2 players, seed 5: its left neighbour's course (E4.3) is made by the pad too."""
    failures, counts = monkey.run(app, rules, 1, "pad", ["human", "easy"], 2, 5, {}, 30)
    assert failures == 0, capsys.readouterr().out
    assert counts["course"] >= 1
