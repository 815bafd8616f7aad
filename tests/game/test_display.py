"""The full screen and the window (issue 25), and the player's preferences kept between runs.

Under SDL's dummy driver the desktop is one screen of 1024x768: `set_mode((0, 0), FULLSCREEN)` gives a surface of
that size and `display.is_fullscreen()` says so, and a window re-made at another size posts VIDEORESIZE as a
player's drag would; `display.toggle_fullscreen` is refused there ("not supported"), which the game does not use.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import main
from game import client, flow
from game import settings as preferences
from game.app import App
from game.display import Display, fitting_size, kept_window
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene

from .conftest import key, post

DESKTOP = (1024, 768)              # the dummy driver's one screen


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def opened(rules, data) -> Iterator[tuple[App, Display]]:
    """The app as `main.py` opens it (no --size: the window fits the screen), at the title."""
    app, display = client.open_app(main.parse_args(["--data-dir", str(data)]), rules)
    app.push(app.make("title"))
    app.frame()
    yield app, display
    pygame.display.quit()


def stored(data: Path) -> dict:
    return json.loads((data / preferences.FILE).read_text(encoding="utf-8"))


def f11(app: App) -> None:
    key(app, pygame.K_F11)


def test_the_dummy_driver_reports_its_one_screen():
    pygame.display.init()
    try:
        assert pygame.display.get_desktop_sizes() == [DESKTOP]
    finally:
        pygame.display.quit()


def test_f11_fills_the_desktop_in_real_pixels_and_goes_back_to_the_window_as_the_player_left_it(opened, data):
    app, display = opened
    assert app.screen.get_size() == fitting_size(DESKTOP) and not pygame.display.is_fullscreen()
    f11(app)
    assert app.screen.get_size() == DESKTOP and pygame.display.is_fullscreen(), "the desktop's own resolution"
    assert app.scale.height == DESKTOP[1] and app.settings.fullscreen
    assert stored(data) == {"fullscreen": True, "window": list(fitting_size(DESKTOP))}
    f11(app)
    assert app.screen.get_size() == fitting_size(DESKTOP) and not pygame.display.is_fullscreen()
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)      # the player drags the window's edges
    app.frame()
    assert app.screen.get_size() == (900, 600) and app.scale.height == 600
    f11(app)
    assert app.screen.get_size() == DESKTOP and display.window == (900, 600)
    f11(app)
    assert app.screen.get_size() == (900, 600), "the window comes back at the size it was left at"
    assert stored(data) == {"fullscreen": False, "window": [900, 600]}
    title = app.top
    assert isinstance(title, TitleScene)
    assert all(app.screen.get_rect().contains(w.rect) for w in title.form.widgets), "laid out again"


def test_the_next_run_opens_as_the_last_one_was_left(rules, data):
    preferences.save(data, fullscreen=True, window=(900, 600), rumble=False, pad_per_seat=True)
    app, display = client.open_app(main.parse_args(["--data-dir", str(data)]), rules)
    try:
        assert app.screen.get_size() == DESKTOP and display.window == (900, 600)
        assert not app.settings.rumble and app.settings.pad_per_seat
        app.toggle_fullscreen()
        assert app.screen.get_size() == (900, 600)
    finally:
        pygame.display.quit()


def test_the_command_line_wins_over_the_file(rules, data):
    preferences.save(data, fullscreen=False, window=(900, 600))
    app, _ = client.open_app(main.parse_args(["--data-dir", str(data), "--fullscreen"]), rules)
    assert app.screen.get_size() == DESKTOP and app.settings.fullscreen
    app, _ = client.open_app(main.parse_args(["--data-dir", str(data), "--size", "800x500"]), rules)
    assert app.screen.get_size() == (800, 500)
    preferences.save(data, fullscreen=True, pad_per_seat=True)
    shot = main.parse_args(["--data-dir", str(data), "--screenshot", str(data / "x.png")])
    app, _ = client.open_app(shot, rules)
    assert app.screen.get_size() == (1280, 720) and not app.settings.pad_per_seat, "a picture ignores the file"
    pygame.display.quit()


def test_a_window_larger_than_this_screen_is_not_restored():
    assert kept_window([900, 600], DESKTOP) == (900, 600)
    assert kept_window([3264, 1836], DESKTOP) is None, "left on a 4K screen, opened on a small one"
    assert kept_window(None, DESKTOP) is None


@pytest.mark.parametrize("text, warning", [
    ("{not json", "settings.json cannot be read (JSONDecodeError)"),
    ('["fullscreen"]', "settings.json holds no settings"),
    ('{"fullscreen": "yes", "rumble": false}', "settings.json: 'fullscreen' must be true or false"),
    ('{"window": [100, 20000], "rumble": false}', "settings.json: 'window' must be [width, height]"),
    ('{"volume": 3, "rumble": false}', "settings.json: 'volume' is not a setting; it is ignored"),
])
def test_a_broken_settings_file_is_one_warning_and_the_defaults(data, capsys, text, warning):
    data.mkdir()
    (data / preferences.FILE).write_text(text, encoding="utf-8")
    kept = preferences.load(data)
    out = capsys.readouterr().out
    assert warning in out and str(data / preferences.FILE) in out and out.count("\n") == 1, out
    assert "Traceback" not in out
    assert "fullscreen" not in kept and "window" not in kept
    assert kept == ({"rumble": False} if "rumble" in text else {})


def test_undecodable_bytes_are_a_warning_too(data, capsys):
    data.mkdir()
    (data / preferences.FILE).write_bytes(b'{"rumble": \xff}')
    assert preferences.load(data) == {}
    assert "cannot be read (UnicodeDecodeError)" in capsys.readouterr().out


def test_saving_keeps_the_other_preferences_and_leaves_no_temporary_file(data):
    preferences.save(data, rumble=False)
    preferences.save(data, window=(1000, 640))
    assert stored(data) == {"rumble": False, "window": [1000, 640]}
    assert sorted(p.name for p in data.iterdir()) == [preferences.FILE]
    assert preferences.load(data) == {"rumble": False, "window": [1000, 640]}


# --- the settings scene, by keys alone and by pad alone --------------------------------------------------------

KEYS = {"down": pygame.K_DOWN, "select": pygame.K_RETURN, "back": pygame.K_ESCAPE}
PAD = {"down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "select": pygame.CONTROLLER_BUTTON_A,
       "back": pygame.CONTROLLER_BUTTON_B}


def press(app: App, device: str, what: str) -> None:
    if device == "keys":
        key(app, KEYS[what])
        return
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=PAD[what]),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=PAD[what]))
    app.frame()


@pytest.mark.parametrize("device", ["keys", "pad"])
def test_the_settings_from_the_title_by_one_device_apply_at_once_and_are_kept(opened, data, device):
    app, _ = opened
    title = app.top
    assert isinstance(title, TitleScene)
    settings_button = next(i for i, w in enumerate(title.form.widgets) if w.label == "Settings")
    while title.form.focus != settings_button:
        press(app, device, "down")
    press(app, device, "select")
    scene = app.top
    assert isinstance(scene, SettingsScene)
    assert [w.label for w in scene.form.widgets] == ["Full screen", "Controller rumble", "One controller per player",
                                                     "Sound effects", "Music", "Speed", "Size of the words",
                                                     "Language", "Reduce motion", "Confirmations", "Colour-vision aid",
                                                     "Back"]
    press(app, device, "select")                                  # Full screen
    assert app.screen.get_size() == DESKTOP and app.settings.fullscreen and stored(data)["fullscreen"] is True
    assert app.top is scene and scene.form.widgets[0].value and scene.form.focus == 0
    assert all(app.screen.get_rect().contains(w.rect) for w in scene.form.widgets), "laid out on the full screen"
    press(app, device, "down")
    press(app, device, "select")                                  # Controller rumble off
    assert not app.settings.rumble and stored(data)["rumble"] is False
    press(app, device, "down")
    press(app, device, "select")                                  # One controller per player
    assert app.settings.pad_per_seat and stored(data)["pad_per_seat"] is True
    press(app, device, "back")
    assert app.top is title
    f11(app)
    assert app.screen.get_size() == fitting_size(DESKTOP) and stored(data)["fullscreen"] is False


def test_f11_in_the_settings_shows_on_the_toggle(opened):
    app, _ = opened
    flow.open_settings(app)
    app.frame()
    f11(app)
    scene = app.top
    assert isinstance(scene, SettingsScene) and scene.form.widgets[0].value, "the toggle follows F11"


def test_without_a_display_to_switch_the_toggle_stays_as_the_screen_is(app):
    """A display that cannot switch (a test's bare App) leaves the toggle off rather than saying what is not."""
    app.push(app.make("title"))
    flow.open_settings(app)
    app.frame()
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, SettingsScene) and not scene.form.widgets[0].value and not app.settings.fullscreen


def test_switching_one_controller_per_player_off_frees_every_pad(app):
    app.input.seat_pads, app.input.only = {"Tonga": 3}, 3
    app.settings.pad_per_seat = True
    app.push(app.make("settings"))
    scene = app.top
    assert isinstance(scene, SettingsScene)
    scene.set_pad_per_seat(False)
    assert app.input.seat_pads == {} and app.input.only == -1
