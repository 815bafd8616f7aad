"""The game's one window: windowed at a size the player can change, or the full screen at the desktop's own
resolution, switched either way without a restart (F11, the settings).

The full screen is real pixels, never a window's picture scaled up (SCALED): every text is rendered at the size it
is shown, crisp on a 4K television as on a Steam Deck (CLIENT.md, issue 25). pygame-ce opens it with
`set_mode((0, 0), FULLSCREEN)`: at (0, 0) it takes the desktop mode of the display the window is on and asks SDL
for the desktop's borderless full screen, no mode change. `display.toggle_fullscreen` is not used: for a window
smaller than the desktop it switches the screen's mode to the window's size (on Wayland it does nothing), and SDL's
dummy driver refuses it.
"""
from __future__ import annotations

import contextlib
from collections.abc import Sequence
from functools import cache

import pygame

from .paths import asset

DEFAULT_SIZE = (1280, 720)
CAPTION = "Paradise"


@cache
def icon() -> pygame.Surface:
    """The window's icon, the program's (assets/icon/make_icon.py draws it from the map's art)."""
    return pygame.image.load(asset("icon", "paradise.png"))


def fitting_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window for a screen of this size: the largest 16:9 one within 85 % of it, and 1280x720 where the screen
    is small or unknown (then as much of it as 90 % allows)."""
    if not desktop or min(desktop) <= 0:
        return DEFAULT_SIZE
    w, h = desktop
    width = min(w * 0.85, h * 0.85 * 16 / 9)
    if width < DEFAULT_SIZE[0]:
        return min(DEFAULT_SIZE[0], round(w * 0.9)), min(DEFAULT_SIZE[1], round(h * 0.9))
    return round(width), round(width * 9 / 16)


def kept_window(kept: Sequence[int] | None, desktop: tuple[int, int] | None) -> tuple[int, int] | None:
    """The window's size as the player left it last time, where this screen holds it (the game may have moved
    from a 4K television to a Steam Deck)."""
    if kept and (desktop is None or (kept[0] <= desktop[0] and kept[1] <= desktop[1])):
        return kept[0], kept[1]
    return None


def desktop_size() -> tuple[int, int] | None:
    """The first screen's resolution, where SDL knows it."""
    desktops = pygame.display.get_desktop_sizes()
    return desktops[0] if desktops else None


def start_sdl() -> None:
    """SDL's video, fonts and sound (none without a sound card: the game plays silent, ENV-NOTES, audio)."""
    pygame.display.init()
    pygame.font.init()
    with contextlib.suppress(pygame.error):
        pygame.mixer.init()


class Display:
    """The window and whether it fills the screen. `window` is the size the window has, or had before the full
    screen took it over: going back to a window restores it, and it is what the settings keep between runs."""

    def __init__(self, window: tuple[int, int]):
        self.window = window
        self.fullscreen = False

    def open(self, fullscreen: bool) -> pygame.Surface:
        """The window at its size, or the full screen."""
        self.fullscreen = fullscreen
        pygame.display.set_icon(icon())           # before the window opens: pygame would give it its own
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.window, pygame.RESIZABLE)
        pygame.display.set_caption(CAPTION)
        return screen

    def toggle(self) -> pygame.Surface:
        """The full screen from a window (whose size, as the player last left it, is kept), or the window back."""
        if not self.fullscreen:
            self.window = self.window_size()
        return self.open(not self.fullscreen)

    def window_size(self) -> tuple[int, int]:
        """The window's size now (the player may have dragged its edges since it opened), or the one kept while
        the full screen is shown."""
        return self.window if self.fullscreen else pygame.display.get_window_size()
