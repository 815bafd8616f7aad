"""The map's art, drawn procedurally at a zoom (no image files: CLIENT.md, art made by the project).

Two layers: the static layer (sea, unknown waters, the printed island groups and their squares, the off-map
coasts, labels, A3's malaria dice and A5's far-east features) depends only on the rules and the options and is
drawn once per zoom; the board layer (tiles, ocean markers, villages, improved agriculture, control, stacks,
explorers, exploration markers) is drawn from a view each time the view changes. The table blits the composed
surface, so a frame costs one blit plus what moves.
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from engine import HexView, Ruleset, SquaresView, View, hexgrid

from .. import theme, words
from ..theme import Colour, Scale
from ..words.names import place_name
from . import pieces, sea
from .layout import SQRT3, Layout

Point = tuple[float, float]
CACHE = 3                         # zoom levels whose static layer is kept
NAME = 0.34                       # an island group's name: its text size, in hex sizes
EXPLORER_ABOVE = 0.38             # an explorer's waterline above its hex's centre, in hex sizes: its canoe stands
                                  # in the hex's top part, over none of its words
TOKEN = 0.24                      # a stack token's radius, in hex sizes
COUNT = 1.35                      # the height on a token: its text size, in token radii


def least_text(height: int) -> int:
    """The map's smallest text on a window this tall: UI scale 1's, whatever the UI scale (CLIENT.md's minimum).
    The map's words are as large as the hexes they name, so they grow with the zoom; were the minimum the UI
    scale's, a large UI scale would hide every island name and stack height at the opening zoom."""
    return Scale(height).unit


def shade(colour: Colour, factor: float) -> Colour:
    return tuple(max(0, min(255, round(c * factor))) for c in colour)  # type: ignore[return-value]  # 3 channels in, 3 out


def blob(centre: Point, radius: float, seed: int) -> list[Point]:
    """A rounded island outline: a circle whose radius wanders smoothly (seeded: the same island every time)."""
    x, y = centre
    return [(x + radius * dx, y + radius * dy) for dx, dy in blob_shape(seed)]


@lru_cache(maxsize=1024)
def blob_shape(seed: int, points: int = 18, rough: float = 0.22) -> tuple[Point, ...]:
    """The outline of a blob of radius 1 around (0, 0); islands ask for the same ones at every redraw."""
    rnd = random.Random(seed)
    waves = [(rnd.uniform(0.6, 1.0) * rough, rnd.randrange(2, 5), rnd.uniform(0, math.tau)) for _ in range(3)]
    out = []
    for i in range(points):
        a = math.tau * i / points
        r = 1 + sum(amp * math.sin(k * a + ph) for amp, k, ph in waves) / 2
        out.append((r * math.cos(a), r * math.sin(a) * 0.82))
    return tuple(out)


class MapArt:
    """Draws the map of one match (its rules and options) at any of the camera's zooms."""

    def __init__(self, rules: Ruleset, layout: Layout, options: Mapping[str, Any], min_text: int = 12):
        self.rules, self.layout = rules, layout
        self.min_text = min_text           # no text smaller than this is drawn (CLIENT.md: 1/45 of the height)
        self.kumara = bool(options.get("kumara"))
        self.malaria = bool(options.get("malaria"))
        self._static: OrderedDict[tuple[float, int, str], pygame.Surface] = OrderedDict()
        m = rules.map
        known = set(m.coords)
        # What may paint inside a hex's box: the hex and its neighbours (pieces reach a little over an edge).
        self.reach = [frozenset((h, *m.adjacent[h])) for h in range(len(m.labels))]
        self.off_map = [(c, r) for c in range(m.columns) for r in range(m.rows) if (c, r) not in known]

    def readable(self, zoom: float) -> bool:
        """Whether the map at this zoom draws its island names and stack heights (no text under min_text)."""
        size = self.layout.size * zoom
        return min(round(size * NAME), round(size * TOKEN * COUNT)) >= self.min_text

    # --- the static layer ------------------------------------------------------------------------------------

    def static(self, zoom: float) -> pygame.Surface:
        key = (zoom, self.min_text, words.language_in_use())        # the names are in the language in use
        surface = self._static.get(key)
        if surface is None:
            surface = self.draw_static(zoom)
            self._static[key] = surface
            while len(self._static) > CACHE:
                self._static.popitem(last=False)
        else:
            self._static.move_to_end(key)
        return surface

    def draw_static(self, z: float) -> pygame.Surface:
        lay, m = self.layout, self.rules.map
        surface = pygame.Surface((math.ceil(lay.width * z), math.ceil(lay.height * z)))
        surface.fill(theme.DEEP_SEA)
        size = lay.size * z
        for c, r in self.off_map:                        # the coasts beyond the map: Australia, the Americas
            cx, cy = hexgrid.center(c, r, lay.size)
            pts = hexgrid.corners(cx * z, cy * z, size + 1)
            pygame.draw.polygon(surface, theme.mix(theme.LAND_DARK, theme.SAND, 0.35), pts)
        for h, kind in enumerate(m.kinds):
            cx, cy = lay.centres[h]
            pts = hexgrid.corners(cx * z, cy * z, size)
            if kind == "unknown":
                unknown_hex(surface, (cx * z, cy * z), size, h)
            else:
                pygame.draw.polygon(surface, theme.PRINTED_SEA, pts)
                waves(surface, (cx * z, cy * z), size, h, shade(theme.PRINTED_SEA, 1.18))
        for h, kind in enumerate(m.kinds):               # grid lines above the fills
            cx, cy = lay.centres[h]
            line = theme.UNKNOWN_LINE if kind == "unknown" else theme.SEA_LINE
            pygame.draw.polygon(surface, line, hexgrid.corners(cx * z, cy * z, size), max(1, round(z)))
        self.coast_labels(surface, z)
        for ig in m.islands:
            cx, cy = lay.centres[ig.hex]
            island(surface, (cx * z, cy * z), size, ig.hex, ig.atoll, ig.green, ig.brown)
            local_warriors(surface, (cx * z, cy * z), size, ig.local_warriors)
            if self.malaria and ig.malaria:
                self.malaria_dice(surface, (cx * z, cy * z), size, ig.malaria)
        for ig in m.islands:                             # names over every island: they reach past their hex
            cx, cy = lay.centres[ig.hex]
            self.name(surface, (cx * z, cy * z), size, place_name(ig.name))
        for name, h in m.labels_named:
            if round(size * 0.3) < self.min_text:
                break
            cx, cy = lay.centres[h]
            label = theme.text(place_name(name), round(size * 0.3), shade(theme.PRINTED_SEA, 1.9), "semibold")
            surface.blit(label, label.get_rect(center=(cx * z, cy * z)))
        if self.kumara:
            self.far_east(surface, z)
        return surface

    def coast_labels(self, surface: pygame.Surface, z: float) -> None:
        if not self.off_map:
            return
        lay = self.layout
        west = [cell for cell in self.off_map if cell[0] < lay.columns / 2]
        east = [cell for cell in self.off_map if cell[0] >= lay.columns / 2]
        for cells, name in ((west, words.text("map.west")), (east, words.text("map.east"))):
            if not cells:
                continue
            xs = [hexgrid.center(c, r, lay.size)[0] for c, r in cells]
            ys = [hexgrid.center(c, r, lay.size)[1] for c, r in cells]
            if round(22 * z) < self.min_text:
                return
            label = theme.text(name, round(22 * z), shade(theme.SAND, 0.8), "bold")
            surface.blit(label, label.get_rect(center=(sum(xs) / len(xs) * z, sum(ys) / len(ys) * z)))

    def name(self, surface: pygame.Surface, centre: Point, size: float, name: str) -> pygame.Rect | None:
        """An island group's name on a dark bar under it (none where its text would be too small); where it
        stands."""
        back = self.name_rect(centre, size, name)
        if back is None:
            return None
        label = theme.text(name, round(size * NAME), theme.WHITE, "bold")
        pygame.draw.rect(surface, (*shade(theme.PRINTED_SEA, 0.6),), back, border_radius=max(2, round(size / 10)))
        surface.blit(label, label.get_rect(center=back.center))
        return back

    def name_rect(self, centre: Point, size: float, name: str) -> pygame.Rect | None:
        """Where an island group's name stands under its hex's centre (None: too small to be drawn)."""
        if round(size * NAME) < self.min_text:
            return None
        label = theme.text(name, round(size * NAME), theme.WHITE, "bold")
        back = pygame.Rect(0, 0, label.get_width() + size * 0.16, label.get_height())
        back.midtop = (round(centre[0]), round(centre[1] + size * 0.3))
        return back

    def names_in(self, hexes: Iterable[int], view: View) -> list[tuple[int, str]]:
        """The hexes among these that show a name (a printed island group's, a face-up tile's), with that name:
        what a mark or a tooltip near them must leave readable (issue 40)."""
        records = {self.rules.map.hex_of(rec["hex"]): rec for rec in view["hexes"]}
        return [(h, said) for h in sorted(hexes) if (said := self.group_name(h, records.get(h)))]

    def malaria_dice(self, surface: pygame.Surface, centre: Point, size: float, faces: tuple[int, ...]) -> None:
        """A3: the die faces that strike this group, as small red dice in the hex's top-right corner."""
        x, y = centre
        d = size * 0.2
        for i, face in enumerate(faces):
            rect = pygame.Rect(0, 0, d, d)
            rect.center = (round(x + size * 0.42 + i * d * 1.1 - (len(faces) - 1) * d * 0.55), round(y - size * 0.6))
            pygame.draw.rect(surface, theme.WHITE, rect, border_radius=max(1, round(d / 5)))
            pygame.draw.rect(surface, (190, 40, 40), rect, 1, border_radius=max(1, round(d / 5)))
            if round(d * 0.9) >= self.min_text:
                label = theme.text(str(face), round(d * 0.9), (190, 40, 40), "bold")
                surface.blit(label, label.get_rect(center=rect.center))
            else:
                pygame.draw.circle(surface, (190, 40, 40), rect.center, max(1, d / 6))

    def far_east(self, surface: pygame.Surface, z: float) -> None:
        """A5: the two To South America hexes and the +1 Galapagos markers' islands."""
        m, lay = self.rules.map, self.layout
        size = lay.size * z
        for h in m.to_south_america:
            cx, cy = lay.centres[h]
            pygame.draw.polygon(surface, (246, 176, 48), hexgrid.corners(cx * z, cy * z, size * 0.86),
                                max(2, round(3 * z)))
            arrow = [(-0.3, -0.1), (0.1, -0.1), (0.1, -0.25), (0.38, 0), (0.1, 0.25), (0.1, 0.1), (-0.3, 0.1)]
            pygame.draw.polygon(surface, (246, 176, 48), [(cx * z + ax * size, cy * z + ay * size) for ax, ay in arrow])
        for h in (m.galapagos, m.unfortunate):
            cx, cy = lay.centres[h]
            pygame.draw.circle(surface, (246, 176, 48), (cx * z, cy * z), size * 0.32)
            if round(size * 0.34) >= self.min_text:
                label = theme.text("+1", round(size * 0.34), theme.INK, "bold")
                surface.blit(label, label.get_rect(center=(cx * z, cy * z)))

    # --- the board layer -------------------------------------------------------------------------------------

    def compose(self, zoom: float, view: View) -> Board:
        """The static layer with the board of a view drawn on it (a copy: the static layer stays clean)."""
        board = Board(self.static(zoom).copy(), zoom, {})
        self.update(board, view)
        return board

    def update(self, board: Board, view: View) -> list[pygame.Rect]:
        """Redraw only the hexes whose contents changed since the board was last drawn: each hex's box (as wide
        as a hex and a half: an island's name is wider than its hex) is cleaned back to the static layer and
        drawn again with its neighbours, clipped to it (pieces reach a little over their hex's edge). A move
        costs a few hexes, not the whole map. The boxes redrawn, on the board."""
        keys = hex_keys(view, self.rules)
        changed = {h for h in keys.keys() | board.keys.keys() if keys.get(h) != board.keys.get(h)}
        z, lay = board.zoom, self.layout
        areas = []
        static, surface = self.static(z), board.surface
        records = {self.rules.map.hex_of(rec["hex"]): rec for rec in view["hexes"]}
        for h in sorted(changed):
            cx, cy = lay.centres[h]
            size = lay.size * z
            area = pygame.Rect(0, 0, math.ceil(size * 3) + 4, math.ceil(size * SQRT3) + 4)
            area.center = (round(cx * z), round(cy * z))
            area = area.clip(surface.get_rect())
            areas.append(area)
            surface.blit(static, area, area)
            surface.set_clip(area)
            around = sorted(self.reach[h] & keys.keys())          # one order everywhere, so that edges agree
            self.draw_hexes(surface, z, view, records, around)
            surface.set_clip(None)
        board.keys = keys
        return areas

    def draw_hexes(self, surface: pygame.Surface, z: float, view: View, records: Mapping[int, HexView],
                   hexes: list[int]) -> None:
        """The board in some hexes, layer by layer so that markers lie over the islands of neighbouring hexes:
        explored ocean and tiles, villages and flags; the islands' names; exploration markers. The pieces that
        move (stacks, explorers) are not baked in: the map draws them each frame, bobbing (`pieces`)."""
        lay, m = self.layout, self.rules.map
        size = lay.size * z
        wanted = set(hexes)
        for h in hexes:
            rec = records.get(h)
            if rec is not None:
                cx, cy = lay.centres[h]
                self.ground(surface, (cx * z, cy * z), size, h, rec)
        for h in hexes:                                  # names over the water of the hexes beside them
            said = self.group_name(h, records.get(h))
            if said:
                cx, cy = lay.centres[h]
                self.name(surface, (cx * z, cy * z), size, said)
        exploring = view.get("exploration")
        for drawn in exploring["markers"] if exploring else []:
            h = m.hex_of(drawn["hex"])
            if h in wanted:
                cx, cy = lay.centres[h]
                marker(surface, (cx * z - size * 0.35, cy * z + size * 0.28), size * 0.2, drawn["marker"],
                       drawn["knots"], self.min_text)
    def ground(self, surface: pygame.Surface, centre: Point, size: float, h: int, rec: HexView) -> None:
        """What lies on a hex under the pieces: explored ocean or a tile, villages, the flag of who controls it."""
        if rec.get("ocean"):
            explored_ocean(surface, centre, size, h)
        if "face_up" in rec:
            name = rec.get("tile")
            if rec["face_up"] and name is not None:         # a face-up tile's name is public
                tile_id = self.rules.tile_ids[name]
                tile = self.rules.tiles[tile_id]
                pygame.draw.polygon(surface, theme.EXPLORED_SEA, hexgrid.corners(*centre, size - 1))
                waves(surface, centre, size, h, shade(theme.EXPLORED_SEA, 1.2))
                island(surface, centre, size, tile_id + 500, tile.atoll, tile.green, tile.brown)
                self.orientation(surface, centre, size, rec.get("orientation", 0))
            else:
                tile_back(surface, centre, size, name, rec.get("discovered_by", []), self.min_text)
        squares = rec.get("squares")
        if squares:
            atoll = squares["green"] == 0 and squares["brown"] == 0
            self.villages(surface, centre, size, squares, atoll)
        owner = rec.get("controller")
        if owner and owner != "independent":
            flag(surface, centre, size, owner)

    def group_name(self, h: int, rec: HexView | None) -> str | None:
        """The name shown on a hex: its printed island group's, or its face-up tile's, in the language in use."""
        printed = self.rules.map.island_at.get(h)
        if printed is not None:
            return place_name(printed.name)
        tile = rec.get("tile") if rec is not None and rec.get("face_up") else None
        return place_name(self.rules.tiles[self.rules.tile_ids[tile]].name) if tile is not None else None

    def orientation(self, surface: pygame.Surface, centre: Point, size: float, direction: int) -> None:
        """The side a face-up tile faces (E4.2, X15): a dark bar on that edge."""
        a1, a2 = math.radians(60 * direction - 120), math.radians(60 * direction - 60)
        p1 = (centre[0] + size * 0.92 * math.cos(a1), centre[1] + size * 0.92 * math.sin(a1))
        p2 = (centre[0] + size * 0.92 * math.cos(a2), centre[1] + size * 0.92 * math.sin(a2))
        inset = [(centre[0] + (px - centre[0]) * 0.86, centre[1] + (py - centre[1]) * 0.86) for px, py in (p1, p2)]
        pygame.draw.line(surface, shade(theme.SAND, 0.9), inset[0], inset[1], max(2, round(size / 16)))

    def villages(self, surface: pygame.Surface, centre: Point, size: float, squares: SquaresView,
                 atoll: bool) -> None:
        """Villages on their squares and improved agriculture on brown ones (B3, M10)."""
        rects = square_rects(centre, size, squares["green"], squares["brown"], atoll)
        greens = [r for kind, r in rects if kind == "green"]
        browns = [r for kind, r in rects if kind == "brown"]
        for rect in browns[:squares.get("improved", 0)]:
            pygame.draw.rect(surface, theme.BROWN_SQUARE, rect)
            for k in range(1, 4):
                y = rect.top + rect.h * k / 4
                pygame.draw.line(surface, shade(theme.BROWN_SQUARE, 1.35), (rect.left + 1, y), (rect.right - 2, y))
        for rect in greens[:squares.get("green_built", 0)] + browns[:squares.get("brown_built", 0)]:
            hut(surface, rect)

    def pieces(self, view: View) -> list[Piece]:
        """The pieces the map draws each frame over the board, in drawing order: the capitals' smoke, each
        player's face-down stack (its height only, X9; the owner's own stacks say what they hold), explorers.
        On an island group the stacks stand on the hex's right, clear of the island; at sea in the middle. An
        explorer sails at the top of its hex, off the words there (a face-down tile's name in the middle, an
        island's name below it, the exploration's markers at the bottom left: issue 40)."""
        m, lay, size = self.rules.map, self.layout, self.layout.size
        out: list[Piece] = []
        for player in view["players"]:
            capital = player.get("capital")
            if capital:
                cx, cy = lay.centres[m.hex_of(capital)]
                out.append(Piece(m.hex_of(capital), cx, cy - size * 0.2, "smoke", player["name"], 0))
        for rec in view["hexes"]:
            stacks = rec.get("stacks")
            if not stacks:
                continue
            h = m.hex_of(rec["hex"])
            cx, cy = lay.centres[h]
            land = h in m.island_at or bool(rec.get("face_up")) or "squares" in rec
            owners = list(stacks)
            for i, owner in enumerate(owners):
                stack = stacks[owner]
                spread = i - (len(owners) - 1) / 2
                kinds = stack.get("kinds")
                if land:
                    x, y, look = cx + size * 0.56, cy + size * 0.05 + spread * size * 0.55, "band"
                else:
                    x, y = cx + spread * size * 0.62, cy + size * 0.2
                    look = "war" if kinds and kinds.get("war_canoe") else (
                        "transport" if stack.get("face_up_canoe") or (kinds and kinds.get("transport_canoe"))
                        else "fleet")
                out.append(Piece(h, x, y, look, owner, stack["pieces"], dict(kinds) if kinds and not land else None))
        for player in view["players"]:
            where = player["explorer"]
            if where not in ("home", "lost"):
                h = m.hex_of(where)
                cx, cy = lay.centres[h]
                out.append(Piece(h, cx, cy - size * EXPLORER_ABOVE, "explorer", player["name"], 0))
        return out

    def draw_pieces(self, surface: pygame.Surface, found: list[Piece], to_screen: Callable[[float, float], Point],
                    size: float, clock: Callable[[float], float]) -> list[tuple[Piece, pygame.Rect]]:
        """The pieces at their places on screen (`to_screen`: world to screen; `size`: a hex's size there),
        bobbing by the time `clock` gives for a screen row; where each was drawn."""
        out = []
        for piece in found:
            x, y = to_screen(piece.x, piece.y)
            t = clock(y)
            if piece.kind == "smoke":
                drawn = pieces.smoke(size * 0.22, math.floor(t * SMOKE_RATE) + piece.h)
                rect = drawn.get_rect(midbottom=(round(x), round(y + drawn.get_height() / 2)))
                surface.blit(drawn, rect)
                out.append((piece, rect))
                continue
            rect = piece_sprite(surface, piece, (x, y), size, t, self.min_text)
            if piece.kinds and round(size * 0.3) >= self.min_text:               # the owner alone sees this
                rect.union_ip(kinds_strip(surface, (x, y + size * 0.28), round(size * 0.3), piece.kinds))
            out.append((piece, rect))
        return out


class Piece(NamedTuple):
    """A piece drawn each frame: its hex, its place (world pixels), its kind ("war", "transport", "fleet",
    "explorer": canoes; "band": a stack on land; "smoke": a capital's), its owner, its height (0: no badge) and,
    for the owner's own stack at sea, what it holds."""
    h: int
    x: float
    y: float
    kind: str
    owner: str
    height: int
    kinds: dict[str, int] | None = None


SMOKE_RATE = 6                    # the smoke's frames a second (pieces.SMOKE_FRAMES a cycle: 2 s)
BOB = {"band": 0.012, "explorer": 0.035}        # a piece's bob, in hex sizes (canoes: CANOE_BOB)
CANOE_BOB = 0.03
BOB_MOST = max(*BOB.values(), CANOE_BOB)        # the largest bob (the map says where pieces bobbed)


def piece_sprite(surface: pygame.Surface, piece: Piece, centre: Point, size: float, time: float,
                 min_text: int) -> pygame.Rect:
    """One piece's sprite bobbing at its place, with its height's badge; where it was drawn."""
    x, y = centre
    y += BOB.get(piece.kind, CANOE_BOB) * size * pieces.bob(time, piece.h)
    if piece.kind == "band":
        sprite = pieces.warriors(piece.owner, min(3, piece.height), size * 0.42)
    else:
        sprite = pieces.canoe(piece.owner, piece.kind, size * (0.62 if piece.kind == "explorer" else 0.72))
    rect = sprite.get_rect(center=(round(x), round(y)))
    surface.blit(sprite, rect)
    badge = pieces.badge(piece.height, size * TOKEN * COUNT, min_text) if piece.height else None
    if badge is not None:
        at = badge.get_rect(center=(round(x + size * 0.26), round(y + size * 0.04)))
        if surface.get_rect().contains(at):         # a height is read whole or not at all (at the screen's edge)
            surface.blit(badge, at)
            rect = rect.union(at)
    return rect


class Board:
    """A map drawn at one zoom with the board of a view, and what each hex showed (to redraw only changes)."""

    def __init__(self, surface: pygame.Surface, zoom: float, keys: dict[int, tuple[str, ...]]):
        self.surface, self.zoom, self.keys = surface, zoom, keys


def hex_keys(view: View, rules: Ruleset) -> dict[int, tuple[str, ...]]:
    """What the board shows in each hex that holds anything, as comparable values."""
    hex_of = rules.map.hex_of
    keys: dict[int, list[str]] = {}
    for rec in view["hexes"]:
        keys.setdefault(hex_of(rec["hex"]), []).append(repr(sorted(rec.items())))
    exploring = view.get("exploration")
    for marker in exploring["markers"] if exploring else []:
        keys.setdefault(hex_of(marker["hex"]), []).append(repr(sorted(marker.items())))
    for player in view["players"]:
        if player["explorer"] not in ("home", "lost"):
            keys.setdefault(hex_of(player["explorer"]), []).append("explorer " + player["name"])
    return {h: tuple(parts) for h, parts in keys.items()}


# --- the map's pieces of art, drawn at any size (the layers above, and the rules' pictures: render/diagrams.py) ---

def unknown_hex(surface: pygame.Surface, centre: Point, size: float, h: int) -> None:
    """Uncharted water: sea greyed by a veil of mist, faint streaks of cloud (the living mist drifts over it:
    render/sea.py)."""
    pts = hexgrid.corners(*centre, size)
    base = sea.unknown_base()
    pygame.draw.polygon(surface, base, pts)
    rnd = random.Random(h * 7919)
    for _ in range(3):
        x = centre[0] + rnd.uniform(-0.5, 0.5) * size
        y = centre[1] + rnd.uniform(-0.5, 0.5) * size
        w = size * rnd.uniform(0.25, 0.45)
        pygame.draw.line(surface, shade(base, 1.12), (x - w, y), (x + w, y), max(1, round(size / 14)))


def waves(surface: pygame.Surface, centre: Point, size: float, seed: int, colour: Colour) -> None:
    """Two or three small crests on open water."""
    rnd = random.Random(seed * 104729)
    width = max(1, round(size / 22))
    for _ in range(rnd.randrange(2, 4)):
        x = centre[0] + rnd.uniform(-0.5, 0.5) * size
        y = centre[1] + rnd.uniform(-0.45, 0.45) * size
        w = size * 0.16
        rect = pygame.Rect(0, 0, w * 2, w * 1.2)
        rect.center = (round(x), round(y))
        pygame.draw.arc(surface, colour, rect, math.radians(20), math.radians(160), width)


def explored_ocean(surface: pygame.Surface, centre: Point, size: float, h: int) -> None:
    """An explored hex turned ocean: its ocean marker lies ocean side up (E4.1, E7)."""
    pygame.draw.polygon(surface, theme.EXPLORED_SEA, hexgrid.corners(*centre, size - 1))
    waves(surface, centre, size, h, shade(theme.EXPLORED_SEA, 1.2))
    pygame.draw.polygon(surface, theme.SEA_LINE, hexgrid.corners(*centre, size), max(1, round(size / 40)))


def island(surface: pygame.Surface, centre: Point, size: float, seed: int, atoll: bool, green: int,
           brown: int) -> None:
    """An island group: reef, beach and forest (or a ring of islets round a lagoon), and the outlines of its
    village squares (green, brown; an atoll's square dashed blue)."""
    x, y = centre
    if atoll:
        pygame.draw.circle(surface, theme.REEF, (x, y - size * 0.12), size * 0.42)
        pygame.draw.circle(surface, shade(theme.REEF, 1.12), (x, y - size * 0.12), size * 0.3)
        for i in range(9):
            a = math.tau * i / 9
            pygame.draw.circle(surface, theme.SAND, (x + math.cos(a) * size * 0.36,
                                                     y - size * 0.12 + math.sin(a) * size * 0.3), size * 0.07)
    else:
        islets = 1 if green + brown <= 3 else 2
        for i in range(islets):
            dx = (i - (islets - 1) / 2) * size * 0.5
            r = size * (0.42 if islets == 1 else 0.3)
            c = (x + dx, y - size * 0.14 + (i % 2) * size * 0.08)
            pygame.draw.polygon(surface, theme.REEF, blob(c, r * 1.28, seed * 3 + i))
            pygame.draw.polygon(surface, theme.SAND, blob(c, r * 1.06, seed * 3 + i))
            pygame.draw.polygon(surface, theme.LAND, blob(c, r * 0.84, seed * 3 + i))
            pygame.draw.polygon(surface, theme.LAND_DARK, blob((c[0] + r * .1, c[1] - r * .12), r * 0.4,
                                                               seed * 5 + i))
    squares(surface, centre, size, green, brown, atoll)


def squares(surface: pygame.Surface, centre: Point, size: float, green: int, brown: int, atoll: bool) -> None:
    for kind, rect in square_rects(centre, size, green, brown, atoll):
        if kind == "atoll":
            dash(surface, rect, theme.LOCAL_WARRIOR)
            continue
        fill = theme.GREEN_SQUARE if kind == "green" else theme.BROWN_SQUARE
        pygame.draw.rect(surface, theme.mix(fill, theme.WHITE, 0.55), rect)
        pygame.draw.rect(surface, shade(fill, 0.7), rect, max(1, round(size / 22)))


def local_warriors(surface: pygame.Surface, centre: Point, size: float, count: int) -> None:
    """The blue spears of an independent group's local warriors (M13), printed on the map."""
    x, y = centre
    r = size * 0.09
    for i in range(count):                    # spears, not a tribe's shape: local warriors belong to nobody
        spear(surface, x + (i - (count - 1) / 2) * r * 1.9, y - size * 0.78, y - size * 0.5, r, theme.LOCAL_WARRIOR)


def spear(surface: pygame.Surface, x: float, top: float, bottom: float, head: float, colour: Colour) -> None:
    """A spear standing from `bottom` up to its point at `top`, its head `head` long, outlined in white."""
    width = max(1, round(head / 2.34))
    pygame.draw.line(surface, theme.WHITE, (x, top + head), (x, bottom), width + 2)
    pygame.draw.line(surface, colour, (x, top + head), (x, bottom), width)
    point = [(x, top), (x + head * 0.45, top + head * 1.1), (x - head * 0.45, top + head * 1.1)]
    pygame.draw.polygon(surface, colour, point)
    pygame.draw.polygon(surface, theme.WHITE, point, 1)


def tile_back(surface: pygame.Surface, centre: Point, size: float, name: str | None, discoverers: list[str],
              min_text: int = 12) -> None:
    """A face-down tile: a woven back, with the discovered-island markers of those who found it (E4.2,
    E6.1); its name only for a viewer who knows it."""
    pts = hexgrid.corners(*centre, size * 0.9)
    pygame.draw.polygon(surface, (160, 118, 74), pts)
    inner = hexgrid.corners(*centre, size * 0.78)
    pygame.draw.polygon(surface, (186, 142, 92), inner)
    for i in range(-3, 4):
        y = centre[1] + i * size * 0.18
        pygame.draw.line(surface, (150, 108, 66), (centre[0] - size * 0.6, y), (centre[0] + size * 0.6, y),
                         max(1, round(size / 30)))
    pygame.draw.polygon(surface, (110, 76, 44), pts, max(1, round(size / 20)))
    mark_size = round(size * (0.3 if name else 0.5))
    if mark_size >= min_text:
        mark = theme.text(place_name(name) if name else "?", mark_size, theme.WHITE, "bold")
        surface.blit(mark, mark.get_rect(center=(centre[0], centre[1] - size * 0.05)))
    for i, who in enumerate(discoverers):
        x = centre[0] - (len(discoverers) - 1) * size * 0.14 + i * size * 0.28
        theme.draw_tribe(surface, who, (x, centre[1] + size * 0.5), size * 0.11, theme.WHITE, 1)


def flag(surface: pygame.Surface, centre: Point, size: float, owner: str) -> None:
    """Who controls the group (V2): a pennant in the tribe's colour with its shape."""
    x, y = centre[0] - size * 0.55, centre[1] - size * 0.55
    pole = size * 0.42
    pygame.draw.line(surface, theme.INK, (x, y), (x, y + pole), max(1, round(size / 24)))
    pennant = [(x, y), (x + size * 0.36, y + size * 0.1), (x, y + size * 0.21)]
    pygame.draw.polygon(surface, theme.tribe_colour(owner), pennant)
    pygame.draw.polygon(surface, theme.INK, pennant, 1)
    theme.draw_shape(surface, theme.tribe_shape(owner), (x + size * 0.12, y + size * 0.1), size * 0.045,
                     theme.WHITE, theme.WHITE, 1)


def marker(surface: pygame.Surface, centre: Point, radius: float, kind: str, knots: int, min_text: int = 12) -> None:
    """A discovery or penalty marker, knot side up (E4, E5): a disc in its kind's colour with its knots."""
    fill = theme.MARKERS.get(kind, (200, 200, 200))
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, theme.WHITE, centre, radius, max(1, round(radius / 6)))
    if round(radius * 1.3) >= min_text:
        label = theme.text(str(knots), round(radius * 1.3), theme.WHITE, "bold")
        surface.blit(label, label.get_rect(center=centre))


# --- small shapes shared by the layers and the HUD -----------------------------------------------------------

def square_rects(centre: Point, size: float, green: int, brown: int, atoll: bool) -> list[tuple[str, pygame.Rect]]:
    """Where an island group's village squares lie: a row across the lower middle of its hex."""
    kinds = ["atoll"] if atoll else ["green"] * green + ["brown"] * brown
    side = size * 0.2
    gap = side * 0.25
    total = len(kinds) * side + (len(kinds) - 1) * gap
    x0, y = centre[0] - total / 2, centre[1] + size * 0.02
    out = []
    for i, kind in enumerate(kinds):
        rect = pygame.Rect(round(x0 + i * (side + gap)), round(y), max(4, round(side)), max(4, round(side)))
        out.append((kind, rect))
    return out


def dash(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    step = max(3, rect.w // 4)
    for x in range(rect.left, rect.right, step * 2):
        pygame.draw.line(surface, colour, (x, rect.top), (min(x + step, rect.right), rect.top))
        pygame.draw.line(surface, colour, (x, rect.bottom), (min(x + step, rect.right), rect.bottom))
    for y in range(rect.top, rect.bottom, step * 2):
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, min(y + step, rect.bottom)))
        pygame.draw.line(surface, colour, (rect.right, y), (rect.right, min(y + step, rect.bottom)))


def hut(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A village: a thatched hut standing on its square (render/pieces.py's)."""
    sprite = pieces.hut(rect.w * 1.25)
    surface.blit(sprite, sprite.get_rect(center=(rect.centerx, round(rect.bottom - rect.h * 0.12))))


def token(surface: pygame.Surface, centre: Point, radius: float, owner: str, height: int, canoe_up: bool,
          min_text: int = 12) -> None:
    """A stack on its way (the animations' glide): a canoe under the tribe's sail, a transport when one lies face
    up, with its height's badge (`radius`: what a token's radius was, a quarter of a hex)."""
    size = radius / TOKEN
    piece_sprite(surface, Piece(0, 0, 0, "transport" if canoe_up else "fleet", owner, height), centre, size, 0.0,
                 min_text)


def canoe(surface: pygame.Surface, centre: Point, length: float, colour: Colour) -> None:
    """A face-up transport canoe: a hull with a sail, the link of a transit chain (M2, M6)."""
    x, y = centre
    hull = [(x - length, y), (x + length, y), (x + length * 0.7, y + length * 0.35),
            (x - length * 0.7, y + length * 0.35)]
    pygame.draw.polygon(surface, (120, 74, 36), hull)
    sail = [(x - length * 0.05, y - length * 0.9), (x - length * 0.05, y - length * 0.05),
            (x + length * 0.6, y - length * 0.05)]
    pygame.draw.polygon(surface, colour, sail)
    pygame.draw.polygon(surface, theme.INK, sail, 1)
    pygame.draw.polygon(surface, theme.INK, hull, 1)


def kinds_strip(surface: pygame.Surface, centre: Point, size: int, kinds: Mapping[str, int]) -> pygame.Rect:
    """What the owner's stack holds, as letters with counts (the owner alone sees this, X9)."""
    marks = " ".join(words.text("map.mark", n=n, mark=words.text(f"map.mark.{k}")) for k, n in kinds.items())
    label = theme.text(marks, size, theme.INK, "bold")
    back = label.get_rect(center=centre).inflate(6, 0)
    pygame.draw.rect(surface, (250, 244, 228), back, border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, back, 1, border_radius=4)
    surface.blit(label, label.get_rect(center=centre))
    return back


def explorer(surface: pygame.Surface, centre: Point, size: float, owner: str) -> None:
    """An explorer: its canoe with the navigator under the tribe's sail, a white wake behind it."""
    x, y = centre
    pygame.draw.arc(surface, theme.WHITE, pygame.Rect(x - size * 1.6, y - size * 0.1, size * 1.6, size * 0.6),
                    math.radians(200), math.radians(340), max(1, round(size / 10)))
    sprite = pieces.canoe(owner, kind="explorer", length=size * 2.2)
    surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
