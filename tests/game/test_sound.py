"""Sound (issue 26): the WAV files are what the project's script synthesises, byte for byte; each effect plays as
the clip the player sees starts (none at speed instant); without a mixer the game runs silent; the volumes are
settings, changed by mouse, keys or pad, and kept."""
from __future__ import annotations

import importlib.util
import json
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

import engine
import main
from game import anim, client, flow, sound
from game import settings as preferences
from game.app import App
from game.scenes.end import EndScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene

from .conftest import click, key, post
from .test_battle import m14_table

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"
CUES = {"sails", "paddles", "cup", "tile", "die", "drums", "village"}        # the clips' effects


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SOUNDS / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The sound module as a new run finds it: nothing loaded, no settings followed, the mixer not given up."""
    monkeypatch.setattr(sound, "_settings", None)
    monkeypatch.setattr(sound, "_sounds", {})
    monkeypatch.setattr(sound, "_silent", False)
    yield
    if pygame.mixer.get_init():
        pygame.mixer.stop()


@pytest.fixture
def heard(fresh: None, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """Every effect asked for (name, strength), each still played through the real mixer."""
    asked: list[tuple[str, float]] = []
    play = sound.play

    def record(name: str, strength: float = 1.0) -> None:
        asked.append((name, strength))
        play(name, strength)
    monkeypatch.setattr(sound, "play", record)
    return asked


# --- the files ---------------------------------------------------------------------------------------------------

def test_the_committed_wavs_are_what_the_script_synthesises_byte_for_byte() -> None:
    made = script().synthesise()
    assert sorted(p.stem for p in SOUNDS.glob("*.wav")) == sorted(made), "a WAV for each sound, none other"
    for name, data in made.items():
        assert (SOUNDS / f"{name}.wav").read_bytes() == data, f"{name}.wav: run assets/sounds/make_sounds.py"
        with wave.open(str(SOUNDS / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        assert len(data) < 80_000, f"{name}.wav is small"


def test_every_effect_the_game_plays_exists_and_loads(fresh: None) -> None:
    assert set(sound.EFFECTS) == CUES | {"victory"}
    for name in (*sound.EFFECTS, sound.MUSIC):
        loaded = sound._sound(name)
        assert loaded is not None and 0.1 < loaded.get_length() < 2, name


def test_each_kind_of_clip_names_an_effect_of_the_game() -> None:
    events = [{"kind": "explorer_moved", "player": "Tonga", "to": "0906", "path": ["0807", "0906"]},
              {"kind": "stack_moved", "player": "Tonga", "source": "0807", "to": "0906", "pieces": 2},
              {"kind": "marker_drawn", "hex": "0906", "marker": "island", "knots": 2},
              {"kind": "tile_revealed", "hex": "0906", "tile": "Hawaii"},
              {"kind": "settled", "player": "Tonga", "hex": "0906"},
              {"kind": "battle_started", "hex": "0906"},
              {"kind": "die_rolled", "hex": "0906", "face": 3, "throw_seed": 7}]
    clips, _ = anim.from_events(events, {}, "fast")
    assert {clip.cue for clip in clips} == CUES


# --- playing ---------------------------------------------------------------------------------------------------------

def test_a_watched_game_plays_each_effect_as_its_clip_starts(app: App, heard: list[tuple[str, float]],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    app.settings.speed = "fast"
    app.push(TitleScene(app))
    flow.new_match(app, 2, ["rules"], 5, {})
    table = app.top
    starts = []
    play = sound.play

    def at_start(name: str, strength: float = 1.0) -> None:
        head = table.anim.items[0]
        starts.append(head.cue == name and head.elapsed == 0)
        play(name, strength)
    monkeypatch.setattr(sound, "play", at_start)
    for _ in range(6000):
        app.frame()
        if {name for name, _ in heard} == CUES:
            break
    assert {name for name, _ in heard} == CUES, "sails, paddles, the cup, a tile, a village, drums, the die"
    assert starts and all(starts), "each as its clip starts"


def test_the_battle_begins_on_drums_and_the_die_knocks_on_the_tray(app: App, rules: engine.Ruleset,
                                                                   heard: list[tuple[str, float]]) -> None:
    table = m14_table(app, rules)
    while not heard:
        app.frame()
    assert heard == [("drums", 1.0)] and isinstance(table.anim.items[0], anim.Pop)
    assert pygame.mixer.get_busy(), "the dummy driver's mixer plays them"
    while table.anim.busy and table.anim.throw is None:
        app.frame()
    while table.anim.throw is not None:
        app.frame()
    knocks = [strength for name, strength in heard[1:] if name == "die"]
    assert len(knocks) == len(heard) - 1 >= 1 and all(0.05 <= s <= 1 for s in knocks), "as hard as the die hit"


def test_at_speed_instant_nothing_is_heard(app: App, rules: engine.Ruleset, heard: list[tuple[str, float]]) -> None:
    table = m14_table(app, rules, speed="instant")
    for _ in range(40):
        if table.legal:
            table.act(table.legal[0])
        app.frame()
    app.push(TitleScene(app))
    flow.new_match(app, 2, ["rules"], 5, {})
    for _ in range(3000):
        app.frame()
        if isinstance(app.top, EndScene):
            break
    assert isinstance(app.top, EndScene) and heard == [], "a battle and a whole game, in silence"


def test_a_won_game_ends_on_a_fanfare(app: App, heard: list[tuple[str, float]]) -> None:
    app.push(TitleScene(app))
    flow.new_match(app, 2, ["rules"], 5, {})
    while not isinstance(app.top, EndScene):
        app.frame()
    match = app.top.match
    match.speed = "normal"
    app.push(app.make("end", match))
    assert heard == [("victory", 1.0)]


def test_without_a_mixer_the_game_runs_silent(app: App, rules: engine.Ruleset, fresh: None,
                                              monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
                                              ) -> None:
    tries = []

    def no_device() -> None:
        tries.append(1)
        raise pygame.error("ALSA: Couldn't open audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app.settings.music_volume = 0.5
    sound.follow(app.settings)
    table = m14_table(app, rules)
    for _ in range(600):
        app.frame()
        if table.legal:
            break
    assert table.legal and tries == [1], "tried once, then silent"
    assert sound._silent and capsys.readouterr().out == ""


# --- the volumes ---------------------------------------------------------------------------------------------------

def test_effects_play_at_the_settings_volume_and_not_at_all_at_zero(app: App, fresh: None) -> None:
    sound.play("die")
    assert sound._sounds["die"].get_volume() == pytest.approx(0.8, abs=0.01), "the default, before any settings"
    app.settings.effects_volume = 0.5
    sound.follow(app.settings)
    sound.play("die", 0.5)
    assert sound._sounds["die"].get_volume() == pytest.approx(0.25, abs=0.01), "the knock's strength scales it"
    app.settings.effects_volume = 0.0
    sound.play("tile")
    assert "tile" not in sound._sounds, "at volume 0 nothing is even loaded"


def stored(app: App) -> dict[str, object]:
    return json.loads((app.settings.data_dir / preferences.FILE).read_text(encoding="utf-8"))


def row(scene: SettingsScene, name: str) -> int:
    return next(i for i, w in enumerate(scene.form.widgets) if w.label == name)


def test_the_volumes_change_by_keys_pad_and_mouse_and_are_kept(app: App, rules: engine.Ruleset,
                                                               heard: list[tuple[str, float]]) -> None:
    app.push(app.make("title"))
    flow.open_settings(app)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    while scene.form.focus != row(scene, "Sound effects"):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert app.settings.effects_volume == 0.9 and stored(app)["effects_volume"] == 0.9
    assert heard == [("die", 1.0)], "a knock says how loud the effects now are"
    for _ in range(2):
        post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_DPAD_LEFT),
             pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=pygame.CONTROLLER_BUTTON_DPAD_LEFT))
        app.frame()
    assert app.settings.effects_volume == 0.7 and stored(app)["effects_volume"] == 0.7
    music = scene.form.widgets[row(scene, "Music")]
    click(app, (music.rect.right - 10, music.rect.y + 10))           # the right half steps up
    assert app.settings.music_volume == 0.1 and stored(app)["music_volume"] == 0.1
    assert sound._sounds["music"].get_num_channels() == 1, "the music plays"
    click(app, (music.rect.x + 10, music.rect.y + 10))
    assert app.settings.music_volume == 0 and not sound._sounds["music"].get_num_channels(), "off: it stops"
    again, _ = client.open_app(main.parse_args(["--data-dir", str(app.settings.data_dir)]), rules)
    assert (again.settings.effects_volume, again.settings.music_volume) == (0.7, 0), "the next run keeps them"


@pytest.mark.parametrize("value", ["2", "-0.1", "true", '"loud"', "null"])
def test_a_bad_volume_in_the_file_is_one_warning_and_the_default(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 value: str) -> None:
    (tmp_path / preferences.FILE).write_text(f'{{"effects_volume": {value}, "music_volume": 0.3}}', encoding="utf-8")
    assert preferences.load(tmp_path) == {"music_volume": 0.3}
    out = capsys.readouterr().out
    assert "settings.json: 'effects_volume' must be a number from 0 to 1; its default is used" in out
    assert out.count("\n") == 1
