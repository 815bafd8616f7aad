"""Tooltips that stay true and out of the way (issue 40, 9, 10 and 19): a hex's tooltip follows the camera, none
over a battle's panel, the words of the decision only on their own control and never over the bar's buttons,
"Click" only with the mouse, and a forming party's bar as tall as any other."""
from __future__ import annotations

import pygame
import pytest

import engine
from game import words
from game.app import App

from .conftest import key
from .helpers import m14_table
from .tooltips_kit import EXPLORE, PARTY, Shown, frame, place, record_tooltips, table_for


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Shown:
    return record_tooltips(monkeypatch)





def point(app: App, pos: tuple[float, float], shown: Shown) -> Shown:
    """The mouse moved there; the tooltips of the frame after."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    return frame(app, shown)








def test_a_hex_tooltip_follows_the_camera_under_a_resting_mouse(app: App, rules: engine.Ruleset,
                                                               shown: Shown) -> None:
    table = table_for(app, rules, EXPLORE)
    area = table.map_area()
    pos = (area.centerx, area.top + area.h // 3)
    first = point(app, pos, shown)
    assert first and first[-1][0][0] == place(table, table.map.hex_at(*pos))
    table.map.camera.pan(table.map.layout.size * 4, 0)         # a drag's or a glide's move: the mouse rests
    later = frame(app, shown)
    under = table.map.hex_at(*pos)
    assert later and later[-1][0][0] == place(table, under) != first[-1][0][0], \
        "the tooltip tells the hex under the mouse now, not the one that was there"


def test_no_map_tooltip_over_the_battle_panel_nor_beside_it_on_it(app: App, rules: engine.Ruleset,
                                                                 shown: Shown) -> None:
    table = m14_table(app, rules, speed="instant")
    for _ in range(200):
        if table.legal and not table.anim.busy:
            break
        app.frame()
    panel = table.overlays.rects()["battle"]
    unit = app.scale.unit
    beside = (panel.left - unit, panel.top + unit * 2)             # on the map, at the panel's left edge
    assert table.over_panel(*beside) is None
    drawn = point(app, beside, shown)
    assert drawn and not any(rect.colliderect(panel) for _, rect in drawn), "beside the panel, not over it"
    model = table.battle
    table.overlays.put("battle", None)
    header = (panel.centerx, panel.top + unit)
    assert point(app, header, shown), "a hex under the mouse, before the panel comes"
    table.overlays.put("battle", model)
    assert not any(rect.colliderect(panel) for _, rect in frame(app, shown)), \
        "the panel came under the resting mouse: the map's tooltip goes"


def test_the_map_tooltip_names_the_keys_and_the_pads_control(app: App, rules: engine.Ruleset,
                                                            shown: Shown) -> None:
    table = table_for(app, rules, EXPLORE)
    lit = next(h for h in sorted(table.plan.by_hex) if table.map.visible(*table.map.layout.centres[h]))
    centre = table.map.camera.to_screen(*table.map.layout.centres[lit])
    assert point(app, centre, shown)[-1][0][-1].startswith("Click: "), "with the mouse, a click"
    key(app, pygame.K_TAB)                                        # the keys step to a lit hex: its tooltip
    said = frame(app, shown)
    assert said and said[-1][0][-1].startswith("Enter: "), said[-1][0] if said else "no tooltip"


def test_the_words_box_shows_only_on_its_own_control_and_never_over_the_bar(app: App, rules: engine.Ruleset,
                                                                          shown: Shown) -> None:
    table = table_for(app, rules, PARTY, "party 0807", "take war_canoe")
    bar = table.bar
    buttons = [b.rect for b in bar.buttons if b.rect.w]
    empty = (bar.rect.right - app.scale.unit, max(r.bottom for r in buttons) - 2)   # the bar, beside no button
    assert not any(r.collidepoint(empty) for r in buttons) and bar.rect.collidepoint(empty)
    assert not point(app, empty, shown), "the mouse on no control: no box"
    for i, button in enumerate(bar.buttons):
        if bar.actions[i] is None:
            continue                                              # Undo: no words of its own
        drawn = point(app, button.rect.center, shown)
        assert drawn, f"button {i}: its words"
        assert all(rect.bottom <= bar.rect.top for _, rect in drawn), f"button {i}: above the bar"
    point(app, (table.map_area().centerx, table.map_area().top + 10), shown)
    key(app, pygame.K_TAB)
    while table.focus.stop() is not None and table.focus.stop()[0] != "button":  # type: ignore[index]
        key(app, pygame.K_TAB)
    drawn = frame(app, shown)
    assert drawn and all(rect.bottom <= bar.rect.top for _, rect in drawn), "focused by the keys: above the bar"


def test_a_forming_party_says_itself_in_one_line_and_piece_by_piece_on_hover(app: App, rules: engine.Ruleset,
                                                                           shown: Shown) -> None:
    table = table_for(app, rules, PARTY, "party 0807", "take war_canoe", "take transport_canoe")
    bar = table.bar
    assert bar.head_lines(bar.rect.w - app.scale.unit) == 1, bar.headline()
    assert "1 war canoe" in bar.headline() and "1 transport canoe" in bar.headline()
    drawn = point(app, (bar.rect.centerx, bar.rect.top + app.scale.unit // 2), shown)
    assert drawn and drawn[-1][0][0] == words.text("ui.party.inside")
    assert sum(line.startswith(("War canoe", "Transport canoe")) for line in drawn[-1][0]) == 2
