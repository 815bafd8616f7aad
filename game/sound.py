"""The game's sound (issues 26 and 38): effects as the player sees things happen, and music under them, from the
WAV files the project synthesises (assets/sounds/make_sounds.py).

Without a sound card the game plays silent: the mixer is started on first use when SDL's start did not start it
(game/display.py), and a failure is remembered, never raised (ENV-NOTES, audio). An effect is loaded the first
time it plays (a few milliseconds, once a run), so launching costs nothing; playing hands it to SDL's mixer
thread, so no frame waits for it. Each effect has a few variations (`die-1.wav` .. `die-4.wav`); each play picks
one at random, never the one just heard, with Python's own generator: sounds never touch the game's random
numbers. The music (96 s, 4 MB) is streamed by `pygame.mixer.music` and only opened once the player turns it up
(it is off by default). While an effect plays the music is ducked under it (`tick`). The volumes are the run's
settings (`app.Settings`), read at each effect: `follow` names them. A missing or damaged file warns once.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from .paths import asset

if TYPE_CHECKING:
    from .app import Settings

# Every effect the game plays and how many variations it has (the files `<name>-1.wav` ..; make_sounds.py's
# EFFECTS, which also gives each its loudness class).
EFFECTS: dict[str, int] = {
    "sails": 3,        # an explorer's voyage: a gust, the canvas filling and flapping
    "paddles": 3,      # a stack moving: paddle strokes in the water
    "cup": 3,          # a discovery marker drawn: markers rattling in a wooden cup
    "tile": 3,         # a tile turned face up: a swish and a slap on wood
    "die": 4,          # the battle die knocking on the tray (as loud as it hit)
    "village": 3,      # a village built: mallets, thatch, a soft chime
    "flee": 3,         # a panicked piece scattering away
    "drums": 3,        # a battle begins: pahu and slit drums
    "clash": 3,        # the front rows clashing: wood and shell
    "conquest": 2,     # a village conquered: a boom, drums and a shout
    "splash": 3,       # a removed piece sinking
    "victory": 2,      # a won game: drums and a chord of voices
    "turn": 2,         # the human's turn arrives: a conch shell's call
    "card": 3,         # a card drawn or turned
    "vp": 3,           # victory points change: a pop
    "click": 3,        # a button pressed: a quiet tick
}
QUIET = frozenset({"click", "vp", "card"})   # interface sounds: too small to duck the music under
MUSIC = "music"
EFFECTS_VOLUME = 0.8                         # the effects' volume before a run's settings are followed (app.Settings')
DUCK_DB = -9.0                               # how far the music sinks under an effect
DUCK_FALL, DUCK_RISE = 0.08, 0.4             # seconds to sink, and to come back once the effects are over

_settings: Settings | None = None            # whose volumes the sounds take (None: the defaults of `Settings`)
_sounds: dict[str, pygame.mixer.Sound | None] = {}    # each variation's file by its name; None: it cannot be played
_last: dict[str, str] = {}                   # the variation each effect played last (not played twice running)
_music: bool | None = None                   # the music stream: None not opened yet, True playing, False broken
_silent = False                              # the mixer could not be started: no sound this run
_ducking = 0.0                               # seconds until the effects playing now are over
_duck = 0.0                                  # the music's ducking now, in dB (0 to DUCK_DB)
_choose = random.Random()                    # which variation: the interpreter's generator, never the game's


def follow(settings: Settings) -> None:
    """Take the volumes of these settings from now on (the run's, as the client opens; the settings scene's after
    a change), and start, stop or turn the music to its volume now."""
    global _settings, _music
    _settings = settings
    if settings.music_volume <= 0:
        if _music:
            pygame.mixer.music.stop()
            _music = None
        return
    if _music is None and _mixer():
        try:
            pygame.mixer.music.load(asset("sounds", f"{MUSIC}.wav"))
            pygame.mixer.music.play(loops=-1)
            _music = True
        except (pygame.error, OSError) as exc:
            print(f"warning: the music cannot be played ({exc})")
            _music = False
    _music_volume()


def play(name: str, strength: float = 1.0) -> None:
    """Play one of an effect's variations at the effects' volume, scaled by `strength` (how hard the die hit the
    wall), and duck the music under it; silent at volume 0 or without a mixer."""
    global _ducking
    volume = min(1.0, max(0.0, (_settings.effects_volume if _settings is not None else EFFECTS_VOLUME) * strength))
    if volume <= 0:
        return
    variations = [f"{name}-{k}" for k in range(1, EFFECTS.get(name, 1) + 1)]
    variation = _choose.choice([v for v in variations if v != _last.get(name)] or variations)
    sound = _sound(variation)
    if sound is None:
        return
    _last[name] = variation
    sound.set_volume(volume)
    sound.play()
    if name not in QUIET:
        _ducking = max(_ducking, sound.get_length())


def tick(dt: float) -> None:
    """The app's clock moved by `dt` seconds (every frame): the music sinks quickly while an effect plays and
    comes back smoothly (linearly in dB over DUCK_RISE) once they are over."""
    global _ducking, _duck
    if _ducking <= 0 and _duck == 0:
        return
    _ducking = max(0.0, _ducking - dt)
    if _ducking > 0:
        _duck = max(DUCK_DB, _duck + DUCK_DB * dt / DUCK_FALL)
    else:
        _duck = min(0.0, _duck - DUCK_DB * dt / DUCK_RISE)
    _music_volume()


def _music_volume() -> None:
    """The music at the settings' volume, ducked as it is now."""
    if _music and _settings is not None:
        pygame.mixer.music.set_volume(_settings.music_volume * 10 ** (_duck / 20))


def _sound(name: str) -> pygame.mixer.Sound | None:
    """The sound file `name` (a variation, as `die-2`), loaded on its first use; None where it cannot be read
    (said once), or without a mixer."""
    if not _mixer():
        return None
    if name not in _sounds:
        try:
            _sounds[name] = pygame.mixer.Sound(asset("sounds", f"{name}.wav"))
        except (pygame.error, OSError) as exc:
            print(f"warning: the sound {name!r} cannot be played ({exc})")
            _sounds[name] = None
    return _sounds[name]


def _mixer() -> bool:
    """Whether there is a mixer to play on: SDL's start may have begun it; if not, it is tried once here."""
    global _silent
    if pygame.mixer.get_init():
        return True
    if not _silent:
        try:
            pygame.mixer.init()
        except pygame.error:
            _silent = True
    return not _silent
