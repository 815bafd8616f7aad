"""What every region of the table has in common: the table it belongs to, and cached pictures of itself.

A section handles the intents routed to it (by where the pointer is, or by the keyboard's focus) and draws
itself; `handle` says whether the intent was used, so the table can pass it on.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

import engine

from ...input import Intent
from ...theme import Scale

if TYPE_CHECKING:                      # the table module imports the sections: only the type checker looks back
    from .scene import TableScene

Paint = Callable[[pygame.Surface, pygame.Rect], object]


class Section:
    def __init__(self, table: TableScene):
        self.table = table
        self._layer: tuple[Hashable, pygame.Surface] | None = None

    @property
    def rules(self) -> engine.Ruleset:
        return self.table.app.rules

    @property
    def scale(self) -> Scale:
        return self.table.app.scale

    def handle(self, intent: Intent) -> bool:
        """React to an intent routed here; False when the intent is not for this section."""
        return False

    def layer(self, key: Hashable, size: tuple[int, int], paint: Paint) -> pygame.Surface:
        """A picture of the section drawn once and kept until what it shows changes (its key), with a margin of
        4 pixels for shadows."""
        if self._layer is None or self._layer[0] != (key, size):
            surface = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
            paint(surface, pygame.Rect((4, 4), size))
            self._layer = ((key, size), surface)
        return self._layer[1]
