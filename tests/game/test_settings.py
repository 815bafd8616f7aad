"""The settings of issue 26 that act on the game under way: the speed of the animations and bots, the size of
the words, the language, the colour-vision aid, reduce motion (issue 38); each applies at once and is kept for the
next run."""
from __future__ import annotations

import pygame
import pytest

from game import settings as preferences
from game import theme
from game.app import Settings
from game.match import Match
from game.scenes.settings import SettingsScene
from game.scenes.table import TableScene

from .conftest import click, key, post


@pytest.fixture
def aid_off():
    yield
    theme.set_colour_aid(False)


def row(scene: SettingsScene, label: str) -> int:
    return next(i for i, w in enumerate(scene.form.widgets) if w.label == label)


def test_speed_size_and_colour_aid_apply_to_the_game_under_way_and_are_kept(app, rules, aid_off):
    app.settings.speed = "normal"
    match = Match.new(rules, 2, ["human", "normal"], 3, speed="normal")
    app.push(TableScene(app, match))
    app.frame()
    app.push(app.make("settings"))
    scene = app.top
    assert isinstance(scene, SettingsScene)
    scene.form.focus = row(scene, "Speed")
    key(app, pygame.K_RIGHT)                                       # normal -> fast
    assert app.settings.speed == match.speed == "fast"
    scene = app.top
    scene.form.focus = row(scene, "Size of the words")
    before = app.scale.unit
    key(app, pygame.K_RIGHT)                                       # 100 % -> 125 %
    assert app.settings.ui_scale == 1.25 and app.scale.unit > before
    scene = app.top
    scene.form.focus = row(scene, "Colour-vision aid")
    plain = theme.tribe_colour("Tonga")
    key(app, pygame.K_RETURN)
    assert app.settings.colour_aid and theme.tribe_colour("Tonga") == theme.AIDED["Tonga"] != plain
    kept = preferences.load(app.settings.data_dir)
    assert kept["speed"] == "fast" and kept["ui_scale"] == 1.25 and kept["colour_aid"] is True
    match.close()


def test_reduce_motion_is_reached_by_mouse_keys_and_pad_and_kept(app, rules):
    """Issue 38: reduce motion (no shake, no particles, fades for the camera's glides) is a row of the settings,
    switched by a click, Enter or the pad's A, applied to the game under way and kept for the next run."""
    match = Match.new(rules, 2, ["human", "normal"], 3, speed="normal")
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    app.push(app.make("settings"))
    scene = app.top
    assert isinstance(scene, SettingsScene) and not app.settings.reduce_motion
    click(app, scene.form.widgets[row(scene, "Reduce motion")].rect.center)
    assert app.settings.reduce_motion and preferences.load(app.settings.data_dir)["reduce_motion"] is True
    scene.form.focus = row(scene, "Reduce motion")
    key(app, pygame.K_RETURN)
    assert not app.settings.reduce_motion and preferences.load(app.settings.data_dir)["reduce_motion"] is False
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_A, instance_id=0))
    app.frame()
    assert app.settings.reduce_motion
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    app.frame()
    assert table.map.camera.motion == "fade", "the game under way fades its camera's moves"
    stored = preferences.load(app.settings.data_dir)
    assert preferences.applied(Settings(data_dir=app.settings.data_dir), stored).reduce_motion, "kept for the next run"
    match.close()


@pytest.mark.parametrize("key_, value", [("speed", "warp"), ("ui_scale", 7), ("language", ["en"]),
                                         ("colour_aid", "yes"), ("reduce_motion", 1)])
def test_a_bad_stored_setting_is_a_warning_and_its_default(tmp_path, capsys, key_, value):
    preferences.path(tmp_path).write_text(f'{{"{key_}": {value!r}}}'.replace("'", '"'))
    assert preferences.load(tmp_path) == {}
    assert f"'{key_}' must be" in capsys.readouterr().out
