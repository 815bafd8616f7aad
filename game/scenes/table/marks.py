"""The marks the map draws over its board and pieces: the lit hexes of the decision by what they do (the hovered
one grows, a pressed one flashes), the route of the hovered move, the hexes of the action chosen in a menu, the
hover and the focused hex (the keys' or the pad's cursor, in the widgets' focus ring). A part of the map's section
(map.py), apart so that each stays short.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from engine import hexgrid

from ... import gestures, theme
from ...render import redraw
from ...render.camera import Camera
from ...render.layout import Layout
from ...render.mapart import MapArt
from ...render.tween import out_cubic
from ...ui.widgets import focus_ring, ring_width
from .section import Section

HOVER_GROW = 0.15                 # seconds a hovered lit hex takes to grow (out_cubic)
PRESS_FLASH = 0.3                 # seconds a pressed lit hex's flash lasts


class MapMarks(Section):
    """The map's marks; the map's section (MapSection) holds the camera, the layout, the hover and the cursor."""
    camera: Camera
    layout: Layout
    art: MapArt
    hover: int                    # hex under the pointer
    cursor: int                   # hex of the keyboard or pad cursor
    pointing: bool                # the last intent came from the mouse (no cursor mark)
    focused_hex: Callable[[], int]    # the cursor's hex while the focus is on the map (hover.py), else -1
    pressed: tuple[int, float]    # the lit hex pressed last, and when (it flashes)
    hovered: tuple[int, float]    # the lit hex under the pointer, and since when (it grows)
    _routes: tuple[tuple[Any, ...], set[tuple[str, ...]]]     # the routes drawn, and for what

    def draw_marks(self, screen: pygame.Surface) -> None:
        """The lit hexes of the decision (by what they do), the route of the hovered one, the hexes of the
        action chosen in a menu or the palette, the hover and the focused hex."""
        cam, table = self.camera, self.table
        now = table.app.time
        pulse = 0.5 + 0.5 * math.sin(now * 1000 / 260)
        colours: dict[str, theme.Colour] = {}
        if self.hover != self.hovered[0]:
            self.hovered = (self.hover, now)
        for h, role in gestures.hex_roles(table.plan).items():
            colour = colours.get(role)
            if colour is None:
                colour = colours[role] = theme.mix(theme.LIT.get(role, theme.LIT["choose"]), theme.WHITE,
                                                   theme.LIT_PULSE * pulse)
            if h == self.hover:                     # the hovered lit hex grows and brightens (150 ms)
                grow = out_cubic(min(1.0, (now - self.hovered[1]) / HOVER_GROW))
                self.outline(screen, h, theme.mix(colour, theme.WHITE, 0.45 * grow), 3 + round(grow),
                             self.layout.size * (0.9 + 0.07 * grow))
            else:
                self.outline(screen, h, colour, 3, self.layout.size * 0.9)
        if self.pressed[0] in table.plan.by_hex and now - self.pressed[1] < PRESS_FLASH:
            self.flash(screen, self.pressed[0], 1 - (now - self.pressed[1]) / PRESS_FLASH)
        m = self.rules.map
        for path in self.shown_routes():
            points = [cam.to_screen(*self.layout.centres[m.hex_of(label)]) for label in path]
            width, dot = max(2, round(cam.zoom * 3)), max(3, round(cam.zoom * 6))
            pygame.draw.lines(screen, theme.WHITE, False, points, width)
            for p in points[1:]:
                pygame.draw.circle(screen, theme.WHITE, p, dot if p == points[-1] else max(3, round(cam.zoom * 4)))
            table.redraw.moved(redraw.bounds(points, max(width, dot)))
        for h in table.menus.chosen_hexes():
            self.outline(screen, h, theme.HIGHLIGHT, 5)
        if self.hover >= 0:
            self.outline(screen, self.hover, theme.WHITE, 2)
        focused = self.focused_hex()
        if focused >= 0:                                        # the keys' or the pad's focus: the widgets' ring
            ring = ring_width(self.layout.size * cam.zoom)
            corners = self.layout.corners(focused, self.layout.size + ring * 1.7 / cam.zoom)  # clear of the lit outline
            table.redraw.moved(focus_ring(screen, [cam.to_screen(x, y) for x, y in corners], ring=ring))
            self.names_over(screen, self.art.reach[focused])

    def names_over(self, screen: pygame.Surface, hexes: frozenset[int]) -> None:
        """The names of these hexes' islands drawn again over the focus ring, which crosses a name wider than
        its hex (the ring would cut "Rarotonga" to "arotonga": issue 40)."""
        size = self.layout.size * self.camera.zoom
        for h, said in self.art.names_in(hexes, self.table.shown):
            drawn = self.art.name(screen, self.camera.to_screen(*self.layout.centres[h]), size, said)
            if drawn is not None:
                self.table.redraw.moved(drawn)

    def flash(self, screen: pygame.Surface, h: int, strength: float) -> None:
        """A pressed lit hex flashes white, fading out (PRESS_FLASH)."""
        size = self.layout.size * self.camera.zoom
        shape = hex_glow(round(size), round(8 * strength) * 20)
        rect = shape.get_rect(center=self.camera.to_screen(*self.layout.centres[h]))
        screen.blit(shape, rect)
        self.table.redraw.moved(rect)

    def outline(self, screen: pygame.Surface, h: int, colour: theme.Colour, width: int,
                size: float | None = None) -> None:
        """A hex's outline on the map (the table redraws it every frame: it pulses, or follows the hand)."""
        points = [self.camera.to_screen(x, y) for x, y in self.layout.corners(h, size)]
        pygame.draw.polygon(screen, colour, points, width)
        self.table.redraw.moved(redraw.bounds(points, width))

    def shown_routes(self) -> set[tuple[str, ...]]:
        """The routes to draw: of the action highlighted in a hex's menu, else of every action at the hovered
        hex (a pre-move's path, a party's step, each ride a piece may take along the transit chain)."""
        table = self.table
        menu = table.menus.menu
        if menu is not None:
            index = menu.list.index
            actions = [menu.rows[index][1]] if 0 <= index < len(menu.rows) else []
        else:
            by_hex = table.plan.by_hex
            target = self.hover if self.hover in by_hex else self.focused_hex()
            actions = by_hex.get(target, [])
        key = (table.match.actions, tuple(actions))
        if self._routes[0] != key:
            routes = (tuple(table.match.route(a)) for a in actions)
            self._routes = (key, {path for path in routes if len(path) > 1})
        return self._routes[1]

    def lit_rects(self) -> list[pygame.Rect]:
        """Where the lit hexes are on screen: what a tooltip must not cover."""
        size = self.layout.size * self.camera.zoom
        out = []
        for lit in self.table.plan.by_hex:
            rect = pygame.Rect(0, 0, size * 1.6, size * 1.6)
            rect.center = self.camera.to_screen(*self.layout.centres[lit])
            out.append(rect)
        return out


@lru_cache(maxsize=16)
def hex_glow(size: int, alpha: int) -> pygame.Surface:
    """A hex of this size in white at this opacity (a pressed lit hex's flash; opacities are few: see flash)."""
    shape = pygame.Surface((size * 2 + 2, size * 2 + 2), pygame.SRCALPHA)
    pygame.draw.polygon(shape, (255, 255, 255, alpha), hexgrid.corners(size + 1, size + 1, size))
    return shape
