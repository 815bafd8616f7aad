"""What every region of the table has in common: the table it belongs to, and cached pictures of itself.

A section handles the intents routed to it (by where the pointer is, or by the keyboard's focus) and draws
itself; `handle` says whether the intent was used, so the table can pass it on.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

import engine

from ...input import Intent
from ...theme import Scale

if TYPE_CHECKING:                      # the table module imports the sections: only the type checker looks back
    from .scene import TableScene

Paint = Callable[[pygame.Surface, pygame.Rect], object]


@dataclass
class Picture:
    """A section's cached picture: what it shows (its key), its surface, the frame it was drawn in, and what its
    painter returned (where it put things)."""
    key: Hashable
    surface: pygame.Surface
    frame: int
    data: object


class Section:
    def __init__(self, table: TableScene):
        self.table = table
        self._layer: Picture | None = None              # the picture shown
        self._behind: Picture | None = None             # a newer one, shown from the next frame
        self._spare: pygame.Surface | None = None       # the surface of the picture shown before

    @property
    def rules(self) -> engine.Ruleset:
        return self.table.app.rules

    @property
    def scale(self) -> Scale:
        return self.table.app.scale

    def handle(self, intent: Intent) -> bool:
        """React to an intent routed here; False when the intent is not for this section."""
        return False

    def draw_layer(self, screen: pygame.Surface, key: Hashable, rect: pygame.Rect, paint: Paint) -> object:
        """A picture of the section drawn once and kept until what it shows changes (its key), with a margin of
        4 pixels for shadows, put over `rect`; returns what `paint` returned for the picture shown. In a frame
        the table draws in part (game/render/redraw.py), a new picture is drawn behind the one shown, one picture
        in a frame, and shown in a later one (its place redrawn): no frame pays for drawing three panels and
        redrawing their places at once, and a few frames later (8 ms each) is unseen."""
        at, redraw, frame = rect.inflate(8, 8), self.table.redraw, self.table.app.frames
        shown = self._layer
        if shown is None or shown.surface.get_size() != at.size or not redraw.measured(frame):
            if shown is None or shown.key != key or shown.surface.get_size() != at.size:
                self._layer = self.new_picture(key, at.size, paint, frame)
                self._behind, self._spare = None, shown.surface if shown is not None else None
                shown = self._layer
                redraw.changed(at)
        else:
            behind = self._behind
            if behind is not None and behind.frame < frame and redraw.may_repaint(frame):   # drawn behind before
                self._spare, self._layer, self._behind = shown.surface, behind, None
                shown = behind
                redraw.changed(at)
            if (self._behind or shown).key != key and redraw.may_repaint(frame):
                self._behind = self.new_picture(key, at.size, paint, frame)
        screen.blit(shown.surface, at)
        return shown.data

    def new_picture(self, key: Hashable, size: tuple[int, int], paint: Paint, frame: int) -> Picture:
        """A new picture of the section, on the spare surface when it is the right size (a 4K panel's surface
        costs milliseconds to make)."""
        spare, self._spare = self._spare, None
        if self._behind is not None and self._behind.surface.get_size() == size:
            spare = self._behind.surface
        if spare is not None and spare.get_size() == size:
            spare.fill((0, 0, 0, 0))
            surface = spare
        else:
            surface = pygame.Surface(size, pygame.SRCALPHA)
        data = paint(surface, pygame.Rect((4, 4), (size[0] - 8, size[1] - 8)))
        return Picture(key, surface, frame, data)
