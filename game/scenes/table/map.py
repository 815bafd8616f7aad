"""The map: the board of the shown view over the cached static map, the lit hexes of the decision by what they
do, the route of the hovered move, the hover, the keyboard's cursor and a hex's tooltip.

The map takes what the other sections leave: pointing, dragging and zooming over the sea, a click on a hex
(game/gestures.py: its one action, or its menu), the cursor and the arrows' pans. When every hex the decision
lights is out of sight it turns to them, so that a player never has to hunt for what to click.
"""
from __future__ import annotations

import math
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from engine import hexgrid

from ... import gestures, theme, words
from ...input import Intent
from ...render import hud, mapart, redraw
from ...render.camera import Camera
from ...render.layout import Layout
from ...render.mapart import Board, MapArt, Piece
from ...render.sea import Sea
from ...render.tween import out_cubic
from .section import Section

HOVER_GROW = 0.15                 # seconds a hovered lit hex takes to grow (out_cubic)
PRESS_FLASH = 0.3                 # seconds a pressed lit hex's flash lasts


def home_zoom(camera: Camera, art: MapArt) -> float:
    """The zoom a table opens at: the map as large on any screen (1.22 at 720 lines), and close enough that its
    island names and stack heights are drawn (a large UI scale's text, a height between the zoom levels)."""
    wanted = 1.22 * camera.screen[1] / 720
    near = min(camera.levels, key=lambda z: abs(z - wanted))
    return max(near, next((z for z in camera.levels if art.readable(z)), near))


class MapSection(Section):
    def __init__(self, table: Any):
        super().__init__(table)
        app = table.app
        self.layout = Layout(self.rules)
        self.camera = Camera((self.layout.width, self.layout.height), app.screen.get_size())
        self.art = MapArt(self.rules, self.layout, table.match.view(None)["options"], app.scale.unit)
        self.hover = -1                            # hex under the pointer
        self.cursor = -1                           # hex of the keyboard or pad cursor
        self.pointing = True                       # the last intent came from the mouse (no cursor tooltip)
        self.pointer = (0.0, 0.0)
        self._routes: tuple[tuple[Any, ...], set[tuple[str, ...]]] = ((), set())   # the routes drawn, and for what
        self._board: tuple[tuple[Any, ...], Board, int] | None = None
        self.sea = Sea(self.rules, self.layout)
        self._pieces: tuple[tuple[Any, ...], list[Piece], frozenset[int]] | None = None  # and the misty hexes
        self._clock = (-1, 0.0, 0.0)               # the frame drawn last, the time of the one before and its own
        self.pressed = (-1, -1.0)                  # the lit hex pressed last, and when (it flashes)
        self.hovered = (-1, 0.0)                   # the lit hex under the pointer, and since when (it grows)
        self.camera.set_zoom(home_zoom(self.camera, self.art))

    # --- where things are --------------------------------------------------------------------------------------

    def hex_at(self, x: float, y: float) -> int:
        return self.layout.hex_at(*self.camera.to_world(x, y))

    def where(self, label: str) -> tuple[tuple[float, float], float]:
        """A hex's centre on screen and its size there (for the animations)."""
        h = self.rules.map.hex_of(label)
        return self.camera.to_screen(*self.layout.centres[h]), self.layout.size * self.camera.zoom

    def visible(self, wx: float, wy: float) -> bool:
        """Whether a point of the map shows with room around it (off the panels, the bar and the overlays)."""
        x, y = self.camera.to_screen(wx, wy)
        unit = self.scale.unit
        area = self.table.map_area().inflate(-unit * 4, -unit * 4)
        return area.collidepoint(x, y) and not any(r.inflate(unit * 2, unit * 2).collidepoint(x, y)
                                                   for r in self.table.covers())

    def sight(self) -> pygame.Rect:
        """The part of the map a player sees clear of the decision bar (which grows with a long party's rows):
        where a hex is brought to be looked at or clicked."""
        area = self.table.open_area()
        bar = self.table.bar.rect
        if bar.colliderect(area) and bar.top > area.top:
            area.h = bar.top - area.top
        return area

    def look_home(self, cut: bool = False) -> None:
        """Centre the map between the homes and the unknown waters, where the game begins (`cut`: at once)."""
        view = self.table.shown
        me = next((p for p in view["players"] if p["name"] == view["you"]), None)
        if me is not None and me["home"]:
            cx, cy = self.layout.centres[self.rules.map.hex_of(me["home"])]
            self.camera.centre_on(cx + self.layout.size * 3, cy, cut)
        else:
            xs = [self.layout.centres[h] for h in self.rules.map.explorable]
            self.camera.centre_on(sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs), cut)

    def go_home(self) -> None:
        """Home: the opening view at once (the player asked for that jump: a cut, not a glide)."""
        self.camera.set_zoom(home_zoom(self.camera, self.art), cut=True)
        self.look_home(cut=True)

    def show_lit_hexes(self) -> None:
        """When every hex the decision lights lies out of sight (a drift far off, a battle elsewhere), turn the
        map to them."""
        centres = [self.layout.centres[h] for h in self.table.plan.by_hex]
        if not centres or any(self.visible(x, y) for x, y in centres):
            return
        area = self.sight()
        self.camera.put(sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres),
                        area.centerx, area.centery)

    def bring_into_sight(self, h: int) -> None:
        cx, cy = self.layout.centres[h]
        if not self.visible(cx, cy):
            self.camera.put(cx, cy, *self.sight().center)

    # --- gestures ----------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "point":
            self.hover = self.hex_at(intent.x, intent.y)
        elif kind == "pan":
            self.camera.pan(intent.dx, intent.dy)
            self.table.menus.layout_menu(False)
        elif kind == "zoom":
            self.camera.zoom_by(intent.f, (intent.x, intent.y) if intent.pointer else None)
        elif kind == "select" and intent.pointer:
            self.table.focus.clear()
            h = self.hex_at(intent.x, intent.y)
            if h >= 0:
                self.cursor = h
                if h in self.table.plan.by_hex:
                    self.pressed = (h, self.table.app.time)
                self.table.menus.pick_hex(h)
        elif kind == "cursor" and intent.nudge:     # arrows pan by a hex's step; Shift+arrows move the cursor
            step = self.layout.size * 1.5 * self.camera.zoom
            self.camera.pan(intent.dx * step, intent.dy * step)
        elif kind == "cursor":
            self.move_cursor(int(intent.dx), int(intent.dy))
        elif kind == "fit":                          # asked for: at once
            self.camera.fit(cut=True)
        else:
            return False
        return True

    def move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor < 0:
            self.cursor = max(0, self.hex_at(*(s / 2 for s in self.camera.screen)))
            return
        self.cursor = self.layout.neighbour_on_screen(self.cursor, dx, dy)
        self.bring_into_sight(self.cursor)

    # --- drawing -----------------------------------------------------------------------------------------------

    def board(self) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """The map with the board of the shown view: drawn whole for a new zoom or viewer, else only where it
        changed; and the areas of it redrawn."""
        table = self.table
        key = (self.camera.level, table.viewer.shown, self.art.min_text, theme.aided)     # aided: its colours
        areas: list[pygame.Rect] = []
        if self._board is None or self._board[0] != key:
            self._board = (key, self.art.compose(self.camera.level, table.shown), table.shown_version)
        elif self._board[2] != table.shown_version:
            areas = self.art.update(self._board[1], table.shown)
            table.redraw.repaint(table.app.frames)
            self._board = (key, self._board[1], table.shown_version)
        return self._board[1].surface, areas

    def save_picture(self) -> bytes:
        """A small picture of the map with the public board, for a save's entry in the saves' list: at the
        smallest zoom, with no one's secrets (game/savefile.py)."""
        board = self.art.compose(self.camera.levels[0], self.table.match.view(None))
        return png_bytes(board.surface)

    def still(self) -> tuple[object, ...]:
        """What the whole picture of the map rests on: the camera, and the board's zoom and viewer."""
        cam = self.camera
        return cam.x, cam.y, cam.zoom, self._board[0] if self._board is not None else None

    def draw(self, screen: pygame.Surface) -> None:
        """The board at the camera's level (scaled to its zoom during a zoom's glide), the living sea over it and
        the pieces bobbing. The sea and the pieces move in strips, each at its own moment (render/sea.py): only
        the sprites and pieces of the strips that turned since the last frame are said to change."""
        cam, app = self.camera, self.table.app
        board, redrawn = self.board()
        level = cam.level
        f = cam.zoom / level
        ox, oy = -cam.x * cam.zoom, -cam.y * cam.zoom              # the board's corner on screen
        self.blit_board(screen, board, (ox, oy), f)
        for area in redrawn:
            self.table.redraw.changed(on_screen(area, (ox, oy), f))
        if self._clock[0] != app.frames:
            self._clock = (app.frames, self._clock[2], app.time)
        before, now = self._clock[1:]
        found, misty = self.pieces()
        self.sea.draw(screen, (ox, oy), f, level, now, misty)
        if self.table.redraw.recording:             # what the strips that turned changed, said once a frame
            for area in self.sea.changes(before, now, level, misty):
                self.table.redraw.changed(on_screen(area, (ox, oy), f))

        def clock(sy: float, moment: float = now) -> float:
            return self.sea.clock(moment, (sy - oy) / f, level)

        size = self.layout.size * cam.zoom
        bob = math.ceil(2 * mapart.BOB_MOST * size)             # how far a piece's bob moves it at a turn
        for piece, rect in self.art.draw_pieces(screen, found, cam.to_screen, size, clock):
            sy = cam.to_screen(piece.x, piece.y)[1]
            if clock(sy, before) != clock(sy):
                self.table.redraw.changed(rect.inflate(0, bob * 2))

    def blit_board(self, screen: pygame.Surface, board: pygame.Surface, corner: tuple[float, float],
                   f: float) -> None:
        """The board put with its corner at `corner`, scaled by `f` (a zoom's glide: only the part on screen,
        nearest-neighbour, crisp again when the camera settles on a level), the deep sea round it."""
        w, h = screen.get_size()
        if abs(f - 1) < 1e-6:
            at = board.get_rect(topleft=(round(corner[0]), round(corner[1])))
            part = board
        else:
            src = pygame.Rect(math.floor(-corner[0] / f), math.floor(-corner[1] / f), math.ceil(w / f) + 2,
                              math.ceil(h / f) + 2).clip(board.get_rect())
            if src.w <= 0 or src.h <= 0:
                screen.fill(theme.DEEP_SEA)
                return
            part = pygame.transform.scale(board.subsurface(src), (round(src.w * f), round(src.h * f)))
            at = part.get_rect(topleft=(round(corner[0] + src.x * f), round(corner[1] + src.y * f)))
        for sea in ((0, 0, w, at.top), (0, at.bottom, w, h - at.bottom),      # the sea beyond the map's edges
                    (0, at.top, at.left, at.h), (at.right, at.top, w - at.right, at.h)):
            if sea[2] > 0 and sea[3] > 0:
                screen.fill(theme.DEEP_SEA, sea)
        screen.blit(part, at)

    def pieces(self) -> tuple[list[Piece], frozenset[int]]:
        """The pieces of the shown view, and the unknown hexes nobody has explored yet (mist drifts there)."""
        table = self.table
        key = (table.shown_version, table.viewer.shown)
        if self._pieces is None or self._pieces[0] != key:
            m = self.rules.map
            explored = {m.hex_of(rec["hex"]) for rec in table.shown["hexes"] if "ocean" in rec or "face_up" in rec}
            misty = frozenset(h for h in self.sea.unknown if h not in explored)
            self._pieces = (key, self.art.pieces(table.shown), misty)
        return self._pieces[1], self._pieces[2]

    def draw_marks(self, screen: pygame.Surface) -> None:
        """The lit hexes of the decision (by what they do), the route of the hovered one, the hexes of the
        action chosen in a menu or the palette, the hover and the cursor."""
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
        cursor = -1 if self.pointing else self.cursor          # the keyboard's cursor, while keys are used
        for h, colour, width in ((self.hover, theme.WHITE, 2), (cursor, theme.HIGHLIGHT, 3)):
            if h >= 0:
                self.outline(screen, h, colour, width)

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
            target = self.hover if self.hover in by_hex else (
                self.cursor if self.cursor in by_hex and not self.pointing else -1)
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

    def tooltip(self, screen: pygame.Surface) -> None:
        """What the hovered hex (or the cursor's, while keys move it) holds, and what a click would do."""
        h = self.hover if self.hover >= 0 else (-1 if self.pointing else self.cursor)
        if h < 0:
            return
        table, rules = self.table, self.rules
        centre = self.camera.to_screen(*self.layout.centres[h])
        if any(rect.collidepoint(centre) for rect in table.overlays.rects().values()):
            return                                  # the cursor's hex lies under the battle: its panel says it
        view = table.shown
        label = rules.map.labels[h]
        record = next((r for r in view["hexes"] if r["hex"] == label), None)
        lines = words.hex_lines(record, label, rules.map.kinds[h], rules, words.face_up_tiles(view))
        actions = table.plan.by_hex.get(h)
        if actions:
            lines.append(words.text("ui.tip.one", action=words.action_text(actions[0], rules, view))
                         if len(actions) == 1 else words.text("ui.tip.many", n=len(actions)))
        at = self.pointer if self.hover >= 0 else centre
        table.redraw.moved(hud.tooltip(screen, at, lines, self.scale,
                                       ([table.bar.rect] if table.legal else []) + self.lit_rects()))


def on_screen(area: pygame.Rect, corner: tuple[float, float], f: float) -> pygame.Rect:
    """An area of the board on screen, the board's corner at `corner` and scaled by `f`."""
    return pygame.Rect(round(corner[0] + area.x * f), round(corner[1] + area.y * f), math.ceil(area.w * f),
                       math.ceil(area.h * f))


@lru_cache(maxsize=16)
def hex_glow(size: int, alpha: int) -> pygame.Surface:
    """A hex of this size in white at this opacity (a pressed lit hex's flash; opacities are few: see flash)."""
    shape = pygame.Surface((size * 2 + 2, size * 2 + 2), pygame.SRCALPHA)
    pygame.draw.polygon(shape, (255, 255, 255, alpha), hexgrid.corners(size + 1, size + 1, size))
    return shape


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a PNG file's bytes, written through a file of a temporary folder: pygame-ce (2.5.8) saving
    into a file object (BytesIO) keeps that object and its buffer for good, the map's picture leaked with every
    save (PERFORMANCE.md, issue 26)."""
    with tempfile.TemporaryDirectory(prefix="paradise-") as folder:
        path = Path(folder) / "map.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()

