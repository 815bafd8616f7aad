"""Sound (issues 26 and 38): the WAV files are what the project's script synthesises, byte for byte, and measured
here: two to four variations of each effect, each effect at its class's loudness (ITU-R BS.1770), no clipping, no
DC offset, no click at an effect's ends or at the music's loop seam, 90 s of music or more. Each effect plays as the
clip the player sees starts (none at speed instant), one of its variations at random; the music sinks under the
effects and comes back; without a mixer the game runs silent; the volumes are settings, changed by mouse, keys or
pad, and kept."""
from __future__ import annotations

import importlib.util
import itertools
import json
import random
import wave
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pygame
import pytest

import engine
import main
from game import anim, client, flow, paths, sound
from game import settings as preferences
from game.app import App, Settings
from game.scenes.end import EndScene
from game.scenes.settings import SettingsScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

from .conftest import click, key, post
from .helpers import m14_table

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"
RATE = 22050
CUES = {"sails", "paddles", "cup", "tile", "die", "drums", "village"}        # the clips' effects
Wave = npt.NDArray[np.float64]


@cache
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SOUNDS / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def samples(name: str) -> Wave:
    """The file `name` (without ".wav") as samples from -1 to 1."""
    with wave.open(str(SOUNDS / f"{name}.wav")) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE), name
        return np.frombuffer(w.readframes(w.getnframes()), "<i2") / 32768


def files() -> list[str]:
    """Every effect's variation, by name."""
    return [f"{name}-{k}" for name, count in sound.EFFECTS.items() for k in range(1, count + 1)]


def kind(name: str) -> str:
    """The loudness class of a file (an effect's variation, or the music)."""
    return "music" if name == sound.MUSIC else script().EFFECTS[name.rsplit("-", 1)[0]][2]


def played(effect: str) -> pygame.mixer.Sound:
    """The variation of `effect` played last."""
    last = sound._sounds[sound._last[effect]]
    assert last is not None
    return last


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The sound module as a new run finds it: nothing loaded, no settings followed, the mixer not given up, the
    music not opened and not ducked."""
    for name, value in (("_settings", None), ("_sounds", {}), ("_last", {}), ("_music", None), ("_silent", False),
                        ("_ducking", 0.0), ("_duck", 0.0)):
        monkeypatch.setattr(sound, name, value)
    yield
    if pygame.mixer.get_init():
        pygame.mixer.stop()
        pygame.mixer.music.stop()
        pygame.mixer.music.unload()


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

def test_the_committed_wavs_are_what_the_script_synthesises() -> None:
    """Sample for sample, within two steps of 16 bits: another numpy may round a filter's last bit otherwise."""
    made = script().synthesise()
    assert sorted(p.stem for p in SOUNDS.glob("*.wav")) == sorted(made), "a WAV for each sound, none other"
    for name, data in made.items():
        committed = (SOUNDS / f"{name}.wav").read_bytes()
        assert len(committed) == len(data), f"{name}.wav: run assets/sounds/make_sounds.py"
        ours, theirs = (np.frombuffer(b[44:], dtype="<i2").astype(np.int32) for b in (committed, data))
        assert committed[:44] == data[:44] and int(np.abs(ours - theirs).max(initial=0)) <= 2, \
            f"{name}.wav: run assets/sounds/make_sounds.py"
        assert len(data) < (5_000_000 if name == sound.MUSIC else 200_000), f"{name}.wav is small"


def test_each_effect_has_two_to_four_variations_and_the_game_knows_them_all() -> None:
    assert {name: count for name, (_, count, _) in script().EFFECTS.items()} == sound.EFFECTS
    assert all(2 <= count <= 4 for count in sound.EFFECTS.values())
    assert sorted(files() + [sound.MUSIC]) == sorted(p.stem for p in SOUNDS.glob("*.wav"))
    new = {"splash", "flee", "clash", "card", "conquest", "turn", "vp", "click"}     # for issue 38's clips
    assert CUES | {"victory"} | new == set(sound.EFFECTS)
    for name, count in sound.EFFECTS.items():
        takes = {samples(f"{name}-{k}").tobytes() for k in range(1, count + 1)}
        assert len(takes) == count, f"{name}: its variations differ"


def burst(length: float, amplitude: float) -> Wave:
    """A 997 Hz tone of `length` seconds, rising and falling (a Hann window)."""
    t = np.arange(round(length * RATE)) / RATE
    return amplitude * np.sin(2 * np.pi * 997 * t) * np.hanning(len(t))


def test_the_meter_reads_known_signals_right() -> None:
    """The measures the next tests trust: a long full-scale 997 Hz sine reads -3.0 LUFS (BS.1770-4, one channel);
    a sound shorter than a block reads as its energy (the same energy in 0.1 s or 0.2 s reads alike, half of it
    3 LU less); a sine at a quarter of the rate sampled off its crests has a true peak 3 dB above its samples."""
    measure = script().loudness
    assert measure(np.sin(2 * np.pi * 997 * np.arange(30 * RATE) / RATE)) == pytest.approx(-3.01, abs=0.15)
    assert measure(burst(0.1, 1)) == pytest.approx(measure(burst(0.2, 2 ** -0.5)), abs=1.0)
    assert measure(burst(0.1, 1)) - measure(burst(0.05, 1)) == pytest.approx(3.0, abs=0.5)
    quarter = np.sin(np.pi / 2 * np.arange(2000) + np.pi / 4)
    assert 20 * np.log10(np.max(np.abs(quarter))) == pytest.approx(-3.01, abs=0.01)
    assert script().true_peak(quarter) == pytest.approx(0.0, abs=0.2)


@pytest.mark.parametrize("name", [*files(), sound.MUSIC])
def test_each_file_is_at_its_class_loudness_without_clipping_or_dc(name: str) -> None:
    x = samples(name)
    target = script().CLASSES[kind(name)]
    assert script().loudness(x) == pytest.approx(target, abs=2.0), f"within 2 LU of the {kind(name)} class"
    assert script().true_peak(x, name == sound.MUSIC) <= -1.0, "the true peak at -1 dBFS or under"
    assert abs(np.mean(x)) < 1e-3, "no DC offset"


def test_the_classes_are_ordered_from_the_interface_to_the_impacts() -> None:
    targets = script().CLASSES
    assert targets["ui"] < targets["music"] < targets["effect"] < targets["fanfare"] <= targets["impact"] + 1


@pytest.mark.parametrize("name", files())
def test_an_effect_starts_and_ends_without_a_click(name: str) -> None:
    x = samples(name)
    assert abs(x[0]) < 1e-3 and abs(x[-1]) < 1e-3, "it starts and ends at rest"
    window = round(0.01 * RATE)
    rms = np.sqrt(np.convolve(x ** 2, np.ones(window) / window, mode="valid"))
    assert rms[-1] < 0.1 * rms.max(), "faded out, not cut off"
    ramp = round(0.001 * RATE)
    fade = 0.5 - 0.5 * np.cos(np.pi * np.arange(ramp) / ramp)
    assert np.all(np.abs(x[:ramp]) <= fade + 1e-3), "rising from rest no faster than a 1 ms fade from full scale"


def test_the_music_is_long_composed_and_loops_without_a_seam() -> None:
    x = samples(sound.MUSIC)
    assert len(x) / RATE >= 90, "at least 90 s"
    steps = np.abs(np.diff(x))
    assert abs(x[0] - x[-1]) <= np.percentile(steps, 99.9), "the last sample steps to the first like any other"
    half = round(0.025 * RATE)
    seam = np.concatenate((x[-half:], x[:half]))
    around = np.concatenate((x[-RATE:], x[:RATE]))
    ratio = np.sqrt(np.mean(seam ** 2) / np.mean(around ** 2))
    assert 0.5 < ratio < 2, "no gap, fade or burst where the loop joins"
    block = round(4.8 * RATE)                                    # two bars
    levels = [script().loudness(x[i:i + block]) for i in range(0, len(x) - block + 1, block)]
    assert max(levels) - min(levels) >= 3, "sections rise and fall: it does not drone"


# --- playing ---------------------------------------------------------------------------------------------------------

def test_every_variation_loads_and_the_music_is_not_opened_until_turned_up(fresh: None) -> None:
    for name in files():
        loaded = sound._sound(name)
        assert loaded is not None and 0.05 < loaded.get_length() < 5, name
    sound.play("drums")
    assert sound._music is None and not pygame.mixer.music.get_busy(), "off by default: nothing streamed"


def test_each_play_picks_a_variation_at_random_never_the_same_twice_running(fresh: None) -> None:
    picks = []
    for _ in range(60):
        sound.play("die")
        picks.append(sound._last["die"])
    assert set(picks) == {f"die-{k}" for k in range(1, sound.EFFECTS["die"] + 1)}, "every variation is heard"
    assert all(a != b for a, b in itertools.pairwise(picks)), "never the one just heard"


def test_the_music_sinks_under_an_effect_and_comes_back_smoothly(app: App, fresh: None) -> None:
    app.settings.music_volume = 0.5
    sound.follow(app.settings)
    assert sound._music and pygame.mixer.music.get_busy(), "streamed, looping"
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)
    sound.play("click")
    sound.tick(1 / 60)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01), "an interface tick does not duck it"
    sound.play("drums")
    length = played("drums").get_length()
    volumes = []
    for _ in range(round((length + 1.0) * 60)):
        sound.tick(1 / 60)
        volumes.append(pygame.mixer.music.get_volume())
    low = 0.5 * 10 ** (sound.DUCK_DB / 20)
    assert volumes[round(0.2 * 60)] == pytest.approx(low, abs=0.01), "down under the drums within 0.2 s"
    assert volumes[round(length * 60) - 2] == pytest.approx(low, abs=0.01), "and there while they play"
    assert volumes[-1] == pytest.approx(0.5, abs=0.01), "back once they are over"
    rising = [v for v in volumes[round(length * 60):] if low + 0.01 < v < 0.49]
    assert len(rising) >= 0.25 * 60, "coming back over some 0.4 s, not at once"
    assert np.all(np.diff(volumes[round(length * 60):]) >= -1e-3), "only up, smoothly"


def test_a_missing_or_damaged_file_warns_once_and_the_rest_plays(fresh: None, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sounds").mkdir()
    for name in ("die-1", "music"):
        (tmp_path / "sounds" / f"{name}.wav").write_bytes(b"RIFF not a wave")
    real = paths.asset

    def where(*parts: str) -> Path:
        """die-1 and the music damaged, die-2 missing, the others as they are."""
        here = tmp_path.joinpath(*parts)
        return here if here.exists() or parts[-1] == "die-2.wav" else real(*parts)
    monkeypatch.setattr(sound, "asset", where)
    monkeypatch.setattr(sound, "_choose", random.Random(3))
    for _ in range(30):
        sound.play("die")
    sound.follow(Settings(data_dir=tmp_path, music_volume=0.5))
    sound.follow(Settings(data_dir=tmp_path, music_volume=0.4))
    out = [line.split(" (")[0] for line in capsys.readouterr().out.splitlines()]
    assert sorted(out) == ["warning: the music cannot be played", "warning: the sound 'die-1' cannot be played",
                           "warning: the sound 'die-2' cannot be played"], "each once"
    assert sound._sounds["die-3"] is not None and sound._sounds["die-4"] is not None, "the others play"
    assert sound._music is False


def test_a_watched_game_plays_each_effect_as_its_clip_starts(app: App, heard: list[tuple[str, float]],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    app.settings.speed = "fast"
    app.push(TitleScene(app))
    flow.new_match(app, 2, ["rules"], 5, {})
    table = app.top
    assert isinstance(table, TableScene)
    starts = []
    play = sound.play

    def at_start(name: str, strength: float = 1.0) -> None:
        if name in CUES:                 # several clips may start together; the panels' "vp" and "card" are not clips
            starts.append(any(c.cue == name and c.elapsed == 0 for c in table.anim.items))
        play(name, strength)
    monkeypatch.setattr(sound, "play", at_start)
    for _ in range(6000):
        app.frame()
        if {name for name, _ in heard} >= CUES:
            break
    assert {name for name, _ in heard} >= CUES, "sails, paddles, the cup, a tile, a village, drums, the die"
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
    assert heard[1][0] == "clash", "the front rows clash as the die is thrown"
    knocks = [strength for name, strength in heard[2:] if name == "die"]
    assert len(knocks) == len(heard) - 2 >= 1 and all(0.05 <= s <= 1 for s in knocks), "as hard as the die hit"


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
    assert played("die").get_volume() == pytest.approx(0.8, abs=0.01), "the default, before any settings"
    app.settings.effects_volume = 0.5
    sound.follow(app.settings)
    sound.play("die", 0.5)
    assert played("die").get_volume() == pytest.approx(0.25, abs=0.01), "the knock's strength scales it"
    app.settings.effects_volume = 0.0
    sound.play("tile")
    assert not any(name.startswith("tile") for name in sound._sounds), "at volume 0 nothing is even loaded"


def stored(app: App) -> dict[str, object]:
    data: dict[str, object] = json.loads((app.settings.data_dir / preferences.FILE).read_text(encoding="utf-8"))
    return data


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
    assert sound._music and pygame.mixer.music.get_busy(), "the music plays"
    for _ in range(90):
        app.frame()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.1, abs=0.01), "once the knock has been heard"
    click(app, (music.rect.x + 10, music.rect.y + 10))
    assert app.settings.music_volume == 0 and not pygame.mixer.music.get_busy(), "off: it stops"
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
