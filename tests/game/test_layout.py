"""The table's layout at every window size and UI scale (issue 24): the decision bar keeps its buttons and their
labels inside it, and stays under a share of the map (its choices scroll); the map opens at a zoom that draws
the island names and stack heights; the battle panel's table shows each label whole in its cell."""
from __future__ import annotations

import itertools
import math

import pygame
import pytest

import engine
from game import monkey, theme
from game.app import App, Settings
from game.match import Match
from game.scenes.battle import COMPACT, cell_labels, cell_rects, table_area
from game.scenes.table import TableScene
from tests.engine.helpers import do
from tests.engine.test_battle import m14_game

from .conftest import click, key
from .test_battle import M14_MOVE

SIZES = ((1280, 720), (1280, 800), (1920, 1080), (3840, 2160))
SCALES = (1.0, 1.5, 2.0)
PARTY = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
         "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2, "transport_canoe": 3, "warrior_band": 3, "colony": 2}]}}
PARTY_MOVES = ("party 0807", "take transport_canoe", "take transport_canoe", "take war_canoe")
FIJI = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
        "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 3}]}}
FIJI_MOVES = ("party 0807", "take war_canoe", "take war_canoe", "take war_canoe", "go 0706", "done", "end")


@pytest.fixture
def make(screen, rules, tmp_path):
    """A table for a window size and UI scale, from a scenario (or a state), after some decisions of Tonga's."""
    apps: list[App] = []

    def build(size, ui, position, moves=()):
        surface = pygame.display.set_mode(size)
        app = App(surface, Settings(data_dir=tmp_path / str(len(apps)), speed="instant", ui_scale=ui), rules,
                  fixed_dt=1 / 60)
        apps.append(app)
        state = engine.load_scenario(rules, position) if isinstance(position, dict) else position
        app.push(TableScene(app, Match(rules, state, dict(zip(state.names, ("human", "rules"))), state.seed,
                                       speed="instant")))
        app.frame()
        table = app.top
        for move in moves:
            verb, *args = move.split()
            table.act(engine.Action(verb, tuple(args)))
            app.frame()
        return app, table

    yield build
    for app in apps:
        for scene in app.stack:
            if isinstance(scene, TableScene):
                scene.match.close()


def check_bar(app, table):
    """Every button shown lies inside the bar and the window, apart from the others and the arrows, with its
    whole label drawn inside it."""
    bar, size = table.bar, app.scale.small
    font = theme.font(size, "semibold")
    window = app.screen.get_rect()
    shown = [b for i, b in enumerate(bar.buttons) if bar.visible(i)]
    for button in shown:
        assert bar.rect.contains(button.rect) and window.contains(button.rect), button.label
        lines = button.lines(size)
        assert " ".join(lines) == button.label, "the whole label is drawn"
        assert all(font.size(line)[0] <= button.rect.w - button.inset for line in lines), lines
        assert len(lines) * font.get_linesize() <= button.rect.h, lines
        assert not any(button.rect.colliderect(arrow) for arrow in bar.arrows.values())
    for a, b in itertools.combinations(shown, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)
    assert all(bar.rect.contains(arrow) for arrow in bar.arrows.values())


@pytest.mark.parametrize("ui", SCALES)
@pytest.mark.parametrize("size", SIZES)
def test_the_decision_bar_keeps_its_buttons_and_labels_inside_and_the_map_in_sight(make, size, ui):
    app, table = make(size, ui, PARTY, PARTY_MOVES)
    bar, area = table.bar, table.map_area()
    assert len(bar.buttons) >= 8 and app.screen.get_rect().contains(bar.rect)
    assert bar.rect.h <= area.h * 0.45 + 1, "the bar covers at most 45 % of the map"
    assert bar.rect.w >= area.w / 2, "no sliver"
    check_bar(app, table)
    for i in range(len(bar.buttons)):                # Tab: the focus reaches every button, scrolled into sight
        key(app, pygame.K_TAB)
        assert table.focus.stop() == ("button", i) and bar.visible(i)
        check_bar(app, table)


def test_the_mouse_scrolls_the_bar_to_a_choice_out_of_sight(make):
    app, table = make((1280, 720), 2.0, PARTY, PARTY_MOVES)
    bar = table.bar
    assert bar.arrows and not all(bar.visible(i) for i in range(len(bar.buttons))), "the choices scroll"
    click(app, bar.arrows[1].center)
    assert bar.window.start == 1, "the arrow shows the next row"
    hidden = max(i for i in range(len(bar.buttons)) if not bar.visible(i))          # the last row's
    action = bar.actions[hidden]
    monkey.point(monkey.Hands(app, "mouse"), table, "button", hidden)   # the wheel over the bar, then a click
    assert table.match.decisions[-1] == action


@pytest.mark.parametrize("size, ui", [(size, 1.0) for size in SIZES] + [((1280, 720), 1.5), ((1280, 720), 2.0)])
def test_the_map_opens_at_a_zoom_that_draws_island_names_and_stack_heights(make, size, ui):
    _, table = make(size, ui, PARTY)
    assert table.map.art.readable(table.map.camera.zoom)


def test_at_4k_the_opening_map_shows_tonga_and_its_stack_height_crisp(make, rules):
    app, table = make((3840, 2160), 1.0, PARTY)
    camera, layout = table.map.camera, table.map.layout
    assert table.map.board().get_width() == math.ceil(layout.width * camera.zoom), "drawn at its zoom, not scaled"
    x, y = camera.to_screen(*layout.centres[rules.map.hex_of("0807")])
    size = layout.size * camera.zoom
    name = pygame.Rect(round(x - size * 0.5), round(y + size * 0.3), round(size), round(size * 0.4))
    height = pygame.Rect(round(x + size * 0.36), round(y - size * 0.4), round(size * 0.4), round(size * 0.4))
    for box in (name, height):
        shot = pygame.image.tobytes(app.screen.subsurface(box), "RGB")
        white = sum(shot[i:i + 3] == b"\xff\xff\xff" for i in range(0, len(shot), 3))
        assert white > 30, f"white text drawn in {box}"


def battle_at(make, rules, ui, battle):
    if battle == "islanders":
        app, table = make((1280, 720), ui, FIJI, FIJI_MOVES)
    else:
        state = m14_game(rules)
        do(state, *M14_MOVE)
        app, table = make((1280, 720), ui, state, ("end",))
    for _ in range(200):
        if table.legal:
            break
        app.frame()
    return app, table


@pytest.mark.parametrize("ui", SCALES)
@pytest.mark.parametrize("battle", ("islanders", "M14"))
def test_the_battle_table_shows_each_label_whole_in_its_cell(make, rules, ui, battle):
    app, table = battle_at(make, rules, ui, battle)
    overlay, scale = table.overlays.get("battle"), app.scale
    assert overlay is not None and table.legal, "Tonga decides inside the battle"
    rect = overlay.rect()
    assert app.screen.get_rect().contains(rect) and rect.top >= table.map_area().top
    assert not rect.colliderect(table.bar.rect), "the panel stands clear of the decision bar"
    assert rect.h > COMPACT * scale.unit, "the table shows"
    font = theme.font(scale.small, "bold")                 # the lit cell's weight, the widest
    labels = cell_labels(overlay.model, rules)
    for (cell, lines), label in zip(cell_rects(table_area(rect, overlay.model, rules, scale), labels, scale), labels,
                                    strict=True):
        assert rect.contains(cell)
        assert " ".join(lines) == label, "the whole label is drawn"
        assert all(font.size(line)[0] <= cell.w for line in lines), lines
        assert len(lines) * font.get_linesize() <= cell.h
    if battle == "islanders":
        assert any("the islanders" in label for label in labels)
