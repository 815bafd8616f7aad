"""The map: the board of the shown view over the cached static map, the pieces and the living sea, the camera's
moves to what matters, and the gestures over the map; its marks (marks.py: the lit hexes, routes, hover and
cursor) and its hover and hex tooltip (hover.py) are parts of it of their own.

The map takes what the other sections leave: pointing, dragging and zooming over the sea, a click on a hex
(game/gestures.py: its one action, or its menu), the cursor and the arrows' pans. When every hex the decision
lights is out of sight it turns to them, so that a player never has to hunt for what to click; a party's hex and
the lit hexes beside it stay whole above the decision bar, however many rows its choices take.
"""
from __future__ import annotations

import math
import tempfile
from pathlib import Path
from typing import Any

import pygame

from ... import theme, words
from ...input import MOUSE, Intent
from ...render import mapart
from ...render.camera import Camera, Where
from ...render.layout import Layout
from ...render.mapart import Board, MapArt, Piece
from ...render.sea import Sea
from .hover import MapHover


def home_zoom(camera: Camera, art: MapArt) -> float:
    """The zoom a table opens at: the map as large on any screen (1.22 at 720 lines), and close enough that its
    island names and stack heights are drawn (a large UI scale's text, a height between the zoom levels)."""
    wanted = 1.22 * camera.screen[1] / 720
    near = min(camera.levels, key=lambda z: abs(z - wanted))
    return max(near, next((z for z in camera.levels if art.readable(z)), near))


class MapSection(MapHover):
    def __init__(self, table: Any):
        super().__init__(table)
        app = table.app
        self.layout = Layout(self.rules)
        self.camera = Camera((self.layout.width, self.layout.height), app.screen.get_size())
        self.art = MapArt(self.rules, self.layout, table.match.view(None)["options"], app.scale.unit)
        self.hover = -1                            # hex under the pointer
        self.hovered_at: tuple[object, ...] = ()   # the camera and the covers when the hover was found
        self.cursor = -1                           # hex of the keyboard or pad cursor
        self._pointing = True                      # the last intent came from the pointer (`pointing`)
        self.pointer = (0.0, 0.0)
        self._routes: tuple[tuple[Any, ...], set[tuple[str, ...]]] = ((), set())   # the routes drawn, and for what
        self._board: tuple[tuple[Any, ...], Board, int] | None = None
        self.sea = Sea(self.rules, self.layout)
        self._pieces: tuple[tuple[Any, ...], list[Piece], frozenset[int]] | None = None  # and the misty hexes
        self._clock = (-1, 0.0, 0.0)               # the frame drawn last, the time of the one before and its own
        self.pressed = (-1, -1.0)                  # the lit hex pressed last, and when (it flashes)
        self.hovered = (-1, 0.0)                   # the lit hex under the pointer, and since when (it grows)
        self.drawn: list[tuple[int, pygame.Rect]] = []    # where the pieces were drawn last, by hex
        self.camera.set_zoom(home_zoom(self.camera, self.art))
        self.spoken = words.language_in_use()      # the language of the names the map's art has drawn

    @property
    def pointing(self) -> bool:
        """Whether the mouse points (its hover, route and tooltip, no cursor's): the last intent came from the
        pointer, and the mouse is the device in use; after a key or a pad's press, or where the pointer never
        moved since the window opened, it rests unseen until it moves (issue 40)."""
        return self._pointing and self.table.app.input.device == MOUSE

    @pointing.setter
    def pointing(self, pointer: bool) -> None:
        self._pointing = pointer

    # --- where things are --------------------------------------------------------------------------------------

    def where(self, label: str) -> tuple[tuple[float, float], float]:
        """A hex's centre on screen and its size there (for the animations)."""
        h = self.rules.map.hex_of(label)
        return self.camera.to_screen(*self.layout.centres[h]), self.layout.size * self.camera.zoom

    def visible(self, wx: float, wy: float, where: Where | None = None) -> bool:
        """Whether a point of the map shows with room around it (off the panels, the bar and the overlays): now,
        or once the camera rests at `where`."""
        x0, y0, zoom = where if where is not None else (self.camera.x, self.camera.y, self.camera.zoom)
        x, y = (wx - x0) * zoom, (wy - y0) * zoom
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
        """Turn the map to what the decision lights: a party's hex and the lit hexes beside it whole above the
        bar (which grows with the party's choices: called again when it does), gliding the least way; else, when
        every lit hex lies out of sight (a drift far off, a battle elsewhere), to them."""
        near = self.party_hexes()
        if near:
            self.frame(near)
            return
        centres = [self.layout.centres[h] for h in self.table.plan.by_hex]
        if not centres or any(self.visible(x, y, self.camera.target) for x, y in centres):
            return
        area = self.sight()
        self.camera.put(sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres),
                        area.centerx, area.centery)

    def party_hexes(self) -> list[int]:
        """The hex of the party the player forms or moves (M4) and the lit hexes beside it (where it may go);
        none when no party of theirs is at stake."""
        table = self.table
        movement = table.shown["movement"]
        if not table.legal or not movement or "party" not in movement or "party_at" not in movement:
            return []
        m = self.rules.map
        at = m.hex_of(movement["party_at"])
        return [at, *(h for h in table.plan.by_hex if h != at and m.distance(h, at) == 1)]

    def frame(self, hexes: list[int]) -> None:
        """Glide the least way that brings these hexes whole into sight, clear of the bar and the panels (their
        middle to the middle of it when they do not all fit)."""
        x, y, zoom = self.camera.target
        room = self.layout.size * zoom + self.scale.unit // 2      # a hex's reach from its centre, and a margin
        area = self.sight().inflate(-room * 2, -room * 2)
        xs = [(self.layout.centres[h][0] - x) * zoom for h in hexes]
        ys = [(self.layout.centres[h][1] - y) * zoom for h in hexes]
        dx, dy = into(xs, area.left, area.right), into(ys, area.top, area.bottom)
        if dx or dy:
            self.camera.go((x + dx / zoom, y + dy / zoom, zoom))

    def bring_into_sight(self, h: int) -> None:
        cx, cy = self.layout.centres[h]
        if not self.visible(cx, cy):
            self.camera.put(cx, cy, *self.sight().center)

    # --- gestures ----------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "point":
            self.point_at()
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
        elif kind == "cursor" and self.table.focus.beside(int(intent.dx), int(intent.dy)):
            pass                                     # with a bar's button focused: the button that way
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
        """The d-pad's or Shift+arrows' step; the focus follows the cursor (A acts on the hex it shows)."""
        if self.cursor < 0:
            self.cursor = max(0, self.hex_at(*(s / 2 for s in self.camera.screen)))
        else:
            self.cursor = self.layout.neighbour_on_screen(self.cursor, dx, dy)
            self.bring_into_sight(self.cursor)
        self.table.focus.follow(self.cursor)

    # --- drawing -----------------------------------------------------------------------------------------------

    def board(self) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """The map with the board of the shown view: drawn whole for a new zoom or viewer, else only where it
        changed; and the areas of it redrawn."""
        table = self.table
        if self.spoken != words.language_in_use():        # the coasts' names are said in the language in use
            self.spoken = words.language_in_use()
            self.art = MapArt(self.rules, self.layout, table.match.view(None)["options"], self.art.min_text)
        key = (self.camera.level, table.viewer.shown, self.art.min_text, theme.aided, self.spoken)   # aided: colours
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
        self.follow_pointer()
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
        self.drawn = []
        for piece, rect in self.art.draw_pieces(screen, found, cam.to_screen, size, clock):
            self.drawn.append((piece.h, rect))
            sy = cam.to_screen(piece.x, piece.y)[1]
            if clock(sy, before) != clock(sy):
                self.table.redraw.changed(rect.inflate(0, bob * 2))
        self.draw_marks(screen)

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


def into(values: list[float], start: float, end: float) -> float:
    """How far points along a line must move back (a camera's shift) to lie between start and end: the least way,
    or their middle to the middle when they cannot all."""
    lo, hi = min(values), max(values)
    if hi - lo > end - start:
        return (lo + hi - start - end) / 2
    return min(0.0, lo - start) + max(0.0, hi - end)


def on_screen(area: pygame.Rect, corner: tuple[float, float], f: float) -> pygame.Rect:
    """An area of the board on screen, the board's corner at `corner` and scaled by `f`."""
    return pygame.Rect(round(corner[0] + area.x * f), round(corner[1] + area.y * f), math.ceil(area.w * f),
                       math.ceil(area.h * f))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a PNG file's bytes, written through a file of a temporary folder: pygame-ce (2.5.8) saving
    into a file object (BytesIO) keeps that object and its buffer for good, the map's picture leaked with every
    save (PERFORMANCE.md, issue 26)."""
    with tempfile.TemporaryDirectory(prefix="paradise-") as folder:
        path = Path(folder) / "map.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()

