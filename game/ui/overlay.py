"""A scene over part of another: drawn over it, it passes on the intents it does not use, and the scene below
keeps its time (the battle and "since your last turn" over the table)."""
from __future__ import annotations

import pygame

from ..app import Scene


class Overlay(Scene):
    opaque = False
    see_through = True

    def rect(self) -> pygame.Rect:
        """Where the overlay stands on screen: what it covers of the scene below."""
        raise NotImplementedError
