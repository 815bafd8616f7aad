"""Hex picking: every hex's centre picks that hex, at three zoom levels and after panning, through the real
input path (a mouse motion event becomes a point intent; the table finds the hex under it)."""
from __future__ import annotations

import pygame
import pytest

from game.match import Match
from game.render.camera import Camera
from game.render.layout import Layout
from game.scenes.table import TableScene


@pytest.mark.parametrize("zoom", [0.55, 1.0, 1.85])
@pytest.mark.parametrize("pan", [(0, 0), (-333, 217)])
def test_every_hex_centre_picks_that_hex(rules, zoom, pan):
    layout = Layout(rules)
    camera = Camera((layout.width, layout.height), (1280, 720))
    camera.set_zoom(zoom)
    camera.pan(*pan)
    for h, (x, y) in enumerate(layout.centres):
        sx, sy = camera.to_screen(x, y)
        assert layout.hex_at(*camera.to_world(sx, sy)) == h
        for dx, dy in ((0.6, 0), (-0.6, 0.3), (0, -0.7)):       # well inside the hex, off its centre
            near = camera.to_world(sx + dx * layout.size * zoom, sy + dy * layout.size * zoom)
            assert layout.hex_at(*near) == h


def test_points_off_the_map_pick_nothing(rules):
    layout = Layout(rules)
    assert layout.hex_at(-500, -500) == -1 and layout.hex_at(layout.width + 400, 10) == -1


def test_the_table_picks_the_hex_under_the_mouse_at_three_zooms(app, rules):
    match = Match.new(rules, 2, ["human", "rules"], 3, speed="instant")
    app.push(TableScene(app, match))
    table = app.top
    table.log.show = False
    checked = 0
    for zoom in (0.55, 1.0, 1.85):
        table.map.camera.set_zoom(zoom)
        table.map.camera.pan(97, -41)
        for h, (x, y) in enumerate(table.map.layout.centres):
            sx, sy = table.map.camera.to_screen(x, y)
            if not (0 <= sx < 1280 and 0 <= sy < 720) or table.over_panel(sx, sy) is not None:
                continue
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(sx), round(sy)), rel=(1, 1),
                                                 buttons=(0, 0, 0)))
            app.frame()
            assert table.map.hover == h
            checked += 1
    assert checked > 150
