"""The game's sound (issue 26): effects as the player sees things happen, and a calm music loop, from the WAV files
the project synthesises (assets/sounds/make_sounds.py).

Without a sound card the game plays silent: the mixer is started on first use when SDL's start did not start it
(game/display.py), and a failure is remembered, never raised (ENV-NOTES, audio). A sound is loaded the first time
it plays (a few milliseconds, once a run), so launching costs nothing; playing hands it to SDL's mixer thread, so
no frame waits for it. The volumes are the run's settings (`app.Settings`), read at each effect: `follow` names
them. The music is a short loop played over and over, off unless the player turns it up.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .paths import asset

if TYPE_CHECKING:
    from .app import Settings

EFFECTS = ("sails", "paddles", "cup", "tile", "die", "drums", "village", "victory")
MUSIC = "music"
EFFECTS_VOLUME = 0.8                        # the effects' volume before a run's settings are followed (app.Settings')

_settings: Settings | None = None           # whose volumes the sounds take (None: the defaults of `Settings`)
_sounds: dict[str, pygame.mixer.Sound | None] = {}
_silent = False                             # the mixer could not be started: no sound this run


def follow(settings: Settings) -> None:
    """Take the volumes of these settings from now on (the run's, as the client opens; the settings scene's after
    a change), and start, stop or turn the music to its volume now."""
    global _settings
    _settings = settings
    level = settings.music_volume
    music = _sound(MUSIC) if level > 0 or MUSIC in _sounds else None
    if music is None:
        return
    if level <= 0:
        music.stop()
    elif not music.get_num_channels():
        music.play(loops=-1)
    music.set_volume(level)


def play(name: str, strength: float = 1.0) -> None:
    """Play an effect at the effects' volume, scaled by `strength` (how hard the die hit the wall); silent at
    volume 0 or without a mixer."""
    volume = min(1.0, max(0.0, (_settings.effects_volume if _settings is not None else EFFECTS_VOLUME) * strength))
    sound = _sound(name) if volume > 0 else None
    if sound is not None:
        sound.set_volume(volume)
        sound.play()


def _sound(name: str) -> pygame.mixer.Sound | None:
    """The sound `name`, loaded on its first use; None without a mixer or where its file cannot be read."""
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


def tick(dt: float) -> None:
    """The app's clock moved by `dt` seconds (every frame): the music's ducking follows the effects."""
