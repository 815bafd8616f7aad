"""Draw the hex map of a validated ruleset to a PNG, offscreen with pygame.

    python tools/draw_map.py [--config FOLDER] [--out PATH]      (defaults config/ and docs/map.png)

The map comes from engine.load_ruleset, so the picture shows exactly what the engine plays on; a broken config
prints its ConfigError and exits with status 2. Every hex shows its label and its zone (off map, printed ocean,
unknown, printed island group); printed groups show their name, village squares, local warriors and malaria die
faces; the red set-up hexes (with their tiles' squares), the far-east specials, the South America box and a
legend are drawn too.
"""
from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import ConfigError, Ruleset, hexgrid, hexmap, load_ruleset  # noqa: E402

SIZE = 54                                   # hex corner radius in pixels
MARGIN = 24
TITLE_H = 54
BOX_W = 150                                 # the South America box
LEGEND_H = 150
NAME_W = int(SIZE * 1.4)                    # room for a line of text inside a rimmed far-east hex

OFF_MAP = "off map"                         # the zone of grid cells that hexmap.HexMap leaves out

Colour = tuple[int, int, int]
Point = tuple[float, float]
Cell = tuple[int, int]                      # (col, row): off-map cells have no hex id, so drawing uses these

ZONE_FILL: dict[str, Colour] = {OFF_MAP: (196, 186, 160), hexmap.OCEAN: (52, 110, 170), hexmap.UNKNOWN: (214, 229, 238)}
REGION_FILL: dict[str, Colour] = {"melanesia": (130, 190, 115), "micronesia": (190, 222, 140),
                                  "polynesia": (242, 200, 130)}
INK: Colour = (35, 35, 45)
GRID_LINE: Colour = (90, 100, 110)
OCEAN_TEXT: Colour = (215, 232, 250)
RED: Colour = (200, 30, 30)
GREEN: Colour = (40, 150, 60)
BROWN: Colour = (140, 90, 45)
ATOLL: Colour = (40, 110, 200)
WARRIOR: Colour = (25, 70, 200)
HOME_RIM: Colour = (160, 40, 140)
SPECIAL: Colour = (250, 170, 40)
LAND_TEXT: Colour = (120, 110, 90)
EMPTY_SQUARE: Colour = (120, 140, 160)
PLAYERS_TEXT = {3: "3-4 players", 4: "4 players"}


class Fonts:
    """The default pygame font at the few sizes the drawing uses."""

    def __init__(self) -> None:
        self.label = pygame.font.Font(None, 17)
        self.name = pygame.font.Font(None, 19)
        self.name.set_bold(True)
        self.small = pygame.font.Font(None, 17)
        self.special = pygame.font.Font(None, 17)
        self.special.set_bold(True)
        self.special_small = pygame.font.Font(None, 15)      # for a far-east name too wide for `special`
        self.special_small.set_bold(True)
        self.italic = pygame.font.Font(None, 18)
        self.italic.set_italic(True)
        self.region = pygame.font.Font(None, 42)
        self.region.set_bold(True)
        self.title = pygame.font.Font(None, 38)
        self.title.set_bold(True)
        self.box = pygame.font.Font(None, 24)
        self.box.set_bold(True)


def hex_center(cell: Cell) -> Point:
    """Pixel centre of a hex on the output image."""
    x, y = hexgrid.center(*cell, SIZE)
    return x + MARGIN, y + MARGIN + TITLE_H


def label_pos(cell: Cell) -> Point:
    """Where a hex's label is written: centred near the top of the hex."""
    cx, cy = hex_center(cell)
    return cx, cy - SIZE * 0.62


def text(surf: pygame.Surface, msg: str, font: pygame.font.Font, colour: Colour, center: Point) -> None:
    """Blit one line of text centred on a point."""
    img = font.render(msg, True, colour)
    surf.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def wrap(msg: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split a name into lines no wider than `width` pixels where the words allow it."""
    lines: list[str] = []
    for word in msg.split():
        if lines and font.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def fitting_font(msg: str, fonts: tuple[pygame.font.Font, ...], width: int) -> pygame.font.Font:
    """The first of `fonts` in which every word of `msg` is at most `width` wide (wrap never splits a word),
    else the last."""
    return next((f for f in fonts if all(f.size(word)[0] <= width for word in msg.split())), fonts[-1])


def text_block(surf: pygame.Surface, msg: str, font: pygame.font.Font, colour: Colour, center: Point,
               width: int) -> None:
    """Blit a wrapped, centred block of text."""
    lines = wrap(msg, font, width)
    step = font.get_linesize() - 2
    top = center[1] - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text(surf, line, font, colour, (center[0], top + i * step))


def dashed_rect(surf: pygame.Surface, colour: Colour, rect: pygame.Rect, dash: int = 3) -> None:
    """A rectangle outline drawn in short dashes (the atoll square)."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in itertools.pairwise(corners):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for s in range(0, length, dash * 2):
            e = min(s + dash, length)
            pygame.draw.line(surf, colour, (x0 + (x1 - x0) * s / length, y0 + (y1 - y0) * s / length),
                             (x0 + (x1 - x0) * e / length, y0 + (y1 - y0) * e / length), 2)


def squares(surf: pygame.Surface, center: Point, green: int, brown: int, atoll: bool, side: int = 11) -> None:
    """A row of village squares: green, then brown, or one dashed atoll square."""
    kinds = ["atoll"] if atoll else ["green"] * green + ["brown"] * brown
    gap = 4
    x = center[0] - (len(kinds) * (side + gap) - gap) / 2
    for kind in kinds:
        rect = pygame.Rect(round(x), round(center[1] - side / 2), side, side)
        if kind == "atoll":
            dashed_rect(surf, ATOLL, rect)
        else:
            pygame.draw.rect(surf, GREEN if kind == "green" else BROWN, rect)
            pygame.draw.rect(surf, INK, rect, 1)
        x += side + gap


def warriors(surf: pygame.Surface, left: Point, count: int) -> float:
    """`count` blue local-warrior triangles starting at `left`; returns the x after the last one."""
    x, y = left
    for _ in range(count):
        pygame.draw.polygon(surf, WARRIOR, [(x, y + 5), (x + 5, y - 5), (x + 10, y + 5)])
        x += 12
    return x


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_face(surf: pygame.Surface, center: Point, face: int, side: int = 14) -> None:
    """A small white die showing `face` (the malaria roll of rule A3)."""
    rect = pygame.Rect(0, 0, side, side)
    rect.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(surf, (255, 255, 255), rect, border_radius=3)
    pygame.draw.rect(surf, RED, rect, 1, border_radius=3)
    for dx, dy in PIPS[face]:
        pygame.draw.circle(surf, RED, (rect.centerx + dx * side * 0.28, rect.centery + dy * side * 0.28), 1.6)


def facing_edge(surf: pygame.Surface, center: Point, direction: int) -> None:
    """A thick bar along the inside of the hex side in a direction 0-5: the way a home or set-up tile faces."""
    pts = hexgrid.corners(center[0], center[1], SIZE - 6)
    a, b = pts[(4 + direction) % 6], pts[(5 + direction) % 6]
    inset = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in (0.15, 0.85)]
    pygame.draw.line(surf, INK, inset[0], inset[1], 5)


def zones(printed: hexmap.HexMap) -> dict[Cell, str]:
    """Every cell of the printed grid, row by row, -> its zone; the off-map corners are drawn too."""
    grid: dict[Cell, str] = {}
    for row in range(printed.rows):
        for col in range(printed.columns):
            h = printed.index(col, row)
            grid[col, row] = printed.kinds[h] if h >= 0 else OFF_MAP
    return grid


def busy_hexes(printed: hexmap.HexMap) -> set[Cell]:
    """Hexes that carry a name or symbols of their own (no empty square, no region name over them)."""
    ids = ({ig.hex for ig in printed.islands} | {t.hex for t in printed.setup_tiles}
           | {o.hex for o in printed.setup_oceans} | {h for _, h in printed.labels_named}
           | set(printed.to_south_america) | {printed.galapagos, printed.unfortunate})
    return {printed.coords[h] for h in ids}


def fill_zones(surf: pygame.Surface, printed: hexmap.HexMap, grid: dict[Cell, str]) -> None:
    """Fill every hex with its zone colour (printed groups by region)."""
    for cell, zone in grid.items():
        fill = REGION_FILL[printed.island_at[printed.index(*cell)].region] if zone == hexmap.ISLAND else ZONE_FILL[zone]
        pygame.draw.polygon(surf, fill, hexgrid.corners(*hex_center(cell), SIZE))


def outline_zones(surf: pygame.Surface, grid: dict[Cell, str], busy: set[Cell], fonts: Fonts) -> None:
    """Outline the hexes in play, write every label and put the empty square on unknown hexes."""
    for cell, zone in grid.items():
        cx, cy = hex_center(cell)
        if zone != OFF_MAP:
            pygame.draw.polygon(surf, GRID_LINE, hexgrid.corners(cx, cy, SIZE), 1)
        text(surf, hexgrid.label(*cell), fonts.label, {OFF_MAP: LAND_TEXT, hexmap.OCEAN: OCEAN_TEXT}.get(zone, INK),
             label_pos(cell))
        if zone == hexmap.UNKNOWN and cell not in busy:
            pygame.draw.rect(surf, EMPTY_SQUARE, pygame.Rect(round(cx) - 6, round(cy) + 10, 12, 12), 1)


def cell_at(point: Point, centers: dict[Cell, Point]) -> Cell | None:
    """The (col, row) of the hex that holds a pixel point, or None outside the grid."""
    col = round((point[0] - MARGIN - SIZE) / (1.5 * SIZE))
    row = round((point[1] - MARGIN - TITLE_H) / (SIZE * math.sqrt(3)) - 0.5)
    near = [(c, r) for c in range(col - 1, col + 2) for r in range(row - 1, row + 2) if (c, r) in centers]
    best = min(near, key=lambda cr: math.dist(point, centers[cr]), default=None)
    return best if best and math.dist(point, centers[best]) < SIZE else None


def free_spot(size: tuple[int, int], target: Point, allowed: set[Cell], centers: dict[Cell, Point],
              avoid: list[pygame.Rect]) -> Point:
    """The point nearest `target` where a box of `size` lies on `allowed` hexes only and clear of `avoid`."""
    w, h = size
    step_x, step_y = SIZE * 1.5 / 8, SIZE * math.sqrt(3) / 16
    spots = sorted(((cx + i * step_x, cy + j * step_y) for cr, (cx, cy) in centers.items() if cr in allowed
                    for i in range(8) for j in range(8)), key=lambda p: math.dist(p, target))
    for x, y in spots:
        if pygame.Rect(round(x - w / 2), round(y - h / 2), w, h).collidelist(avoid) >= 0:
            continue
        probes = ((x + fx * w / 8, y + fy * h / 2) for fx in range(-4, 5) for fy in (-1, 1))
        if all(cell_at(q, centers) in allowed for q in probes):
            return x, y
    return target


def draw_area_names(surf: pygame.Surface, printed: hexmap.HexMap, grid: dict[Cell, str], busy: set[Cell],
                    fonts: Fonts) -> None:
    """Faint region names in free hexes near their groups (Polynesia in the unknown) and the lands off map,
    all clear of the hex labels."""
    avoid = []                                  # the hex labels, then each name placed
    for cell in grid:
        rect = pygame.Rect((0, 0), fonts.label.size(hexgrid.label(*cell)))
        rect.center = (round(label_pos(cell)[0]), round(label_pos(cell)[1]))
        avoid.append(rect)
    areas: dict[str, tuple[list[Cell], str]] = {}     # name -> (hexes it names, zone it is written on)
    for ig in printed.islands:
        if not ig.home:
            areas.setdefault(ig.region.upper(), ([], hexmap.OCEAN))[0].append(printed.coords[ig.hex])
    areas["POLYNESIA"] = ([cell for cell, zone in grid.items() if zone == hexmap.UNKNOWN], hexmap.UNKNOWN)
    land = [cell for cell, zone in grid.items() if zone == OFF_MAP]
    half = printed.columns / 2                   # off-map land: the west is Australia, the east the Americas
    areas["AUSTRALIA"] = ([cell for cell in land if cell[0] < half], OFF_MAP)
    areas["THE AMERICAS"] = ([cell for cell in land if cell[0] >= half], OFF_MAP)
    colours = {hexmap.OCEAN: (10, 40, 90, 130), hexmap.UNKNOWN: (90, 140, 200, 90), OFF_MAP: (110, 100, 80, 200)}
    centers = {cell: hex_center(cell) for cell in grid}
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for name, (hexes, zone) in areas.items():
        if not hexes:
            continue
        img = (fonts.box if zone == OFF_MAP else fonts.region).render(name, True, colours[zone])
        glyphs = img.get_bounding_rect()
        pts = [centers[cell] for cell in hexes]
        target = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
        allowed = {cell for cell, z in grid.items() if z == zone and cell not in busy}
        x, y = free_spot(glyphs.size, target, allowed, centers, avoid)
        avoid.append(glyphs.move(round(x - glyphs.centerx), round(y - glyphs.centery)))
        layer.blit(img, (round(x - glyphs.centerx), round(y - glyphs.centery)))
    surf.blit(layer, (0, 0))


def draw_island_group(surf: pygame.Surface, printed: hexmap.HexMap, ig: hexmap.PrintedIG, fonts: Fonts) -> None:
    """Name, squares, local warriors, malaria faces and (homes) the facing edge of a printed group."""
    cx, cy = hex_center(printed.coords[ig.hex])
    if ig.home:
        pygame.draw.polygon(surf, HOME_RIM, hexgrid.corners(cx, cy, SIZE - 3), 4)
        facing_edge(surf, (cx, cy), ig.orientation)
        text(surf, "HOME", fonts.small, HOME_RIM, (cx, cy + 21))
    text_block(surf, ig.name, fonts.name, INK, (cx, cy - 15), int(SIZE * 1.65))
    squares(surf, (cx, cy + 4), ig.green, ig.brown, ig.atoll)
    if ig.local_warriors:
        width = ig.local_warriors * 12 - 2 + (len(ig.malaria) * 16 + 6 if ig.malaria else 0)
        x = warriors(surf, (cx - width / 2, cy + 21), ig.local_warriors)
        for i, face in enumerate(ig.malaria):
            die_face(surf, (x + 13 + i * 16, cy + 21), face)


def draw_setup(surf: pygame.Surface, rules: Ruleset, fonts: Fonts) -> None:
    """The red set-up hexes of rule S2: tile name and squares or "ocean", with the player count."""
    printed = rules.map
    for t in printed.setup_tiles:
        cx, cy = hex_center(printed.coords[t.hex])
        pygame.draw.polygon(surf, RED, hexgrid.corners(cx, cy, SIZE - 3), 3)
        facing_edge(surf, (cx, cy), t.orientation)
        text(surf, t.tile, fonts.name, RED, (cx, cy - 15))
        tile = rules.tiles[rules.tile_id(t.tile)]
        squares(surf, (cx, cy + 2), tile.green, tile.brown, tile.atoll, side=9)
        text(surf, PLAYERS_TEXT[t.from_players], fonts.small, RED, (cx, cy + 20))
    for o in printed.setup_oceans:
        cx, cy = hex_center(printed.coords[o.hex])
        pygame.draw.polygon(surf, RED, hexgrid.corners(cx, cy, SIZE - 3), 3)
        text(surf, "ocean", fonts.name, RED, (cx, cy - 8))
        text(surf, PLAYERS_TEXT[o.from_players], fonts.small, RED, (cx, cy + 20))


def south_america_box(printed: hexmap.HexMap) -> pygame.Rect:
    """The off-board South America box, beside the east-edge hexes it touches."""
    centers = [hex_center(printed.coords[h]) for h in printed.south_america_adjacent]
    left = max(x for x, _ in centers) + SIZE + 24
    top = min(y for _, y in centers) - SIZE * 0.7
    bottom = max(y for _, y in centers) + SIZE * 0.7
    return pygame.Rect(round(left), round(top), BOX_W - 24, round(bottom - top))


def draw_far_east(surf: pygame.Surface, printed: hexmap.HexMap, fonts: Fonts) -> None:
    """To South America hexes, the Galapagos and Unfortunate Is. (+1 marker), and the South America box."""
    for h in printed.to_south_america:
        cx, cy = hex_center(printed.coords[h])
        pygame.draw.polygon(surf, SPECIAL, hexgrid.corners(cx, cy, SIZE - 3), 3)
        text_block(surf, "To South America", fonts.special, SPECIAL, (cx, cy - 6), NAME_W)
        pygame.draw.polygon(surf, SPECIAL, [(cx - 14, cy + 18), (cx + 8, cy + 18), (cx + 8, cy + 13),
                                            (cx + 18, cy + 22), (cx + 8, cy + 31), (cx + 8, cy + 26),
                                            (cx - 14, cy + 26)])
    for h, name in ((printed.galapagos, "Galapagos Islands"), (printed.unfortunate, "Unfortunate Islands")):
        cx, cy = hex_center(printed.coords[h])
        pygame.draw.polygon(surf, SPECIAL, hexgrid.corners(cx, cy, SIZE - 3), 3)
        font = fitting_font(name, (fonts.special, fonts.special_small), NAME_W)
        text_block(surf, name, font, (255, 255, 255), (cx, cy - 8), NAME_W)
        pygame.draw.circle(surf, SPECIAL, (cx, cy + 22), 10)
        text(surf, "+1", fonts.small, INK, (cx, cy + 22))
    box = south_america_box(printed)
    for h in printed.south_america_adjacent:
        cx, cy = hex_center(printed.coords[h])
        pygame.draw.line(surf, SPECIAL, (cx + SIZE * 0.8, cy), (box.left, cy), 4)
    pygame.draw.rect(surf, (205, 190, 150), box, border_radius=8)
    pygame.draw.rect(surf, SPECIAL, box, 4, border_radius=8)
    text_block(surf, "SOUTH AMERICA", fonts.box, INK, (box.centerx, box.centery - 22), box.width - 10)
    text_block(surf, "Kumara 2 VP (rule A5)", fonts.small, INK, (box.centerx, box.centery + 22), box.width - 16)


def draw_labels(surf: pygame.Surface, printed: hexmap.HexMap, fonts: Fonts) -> None:
    """Decorative place names (no game effect)."""
    for name, h in printed.labels_named:
        cx, cy = hex_center(printed.coords[h])
        text_block(surf, name, fonts.italic, OCEAN_TEXT, (cx, cy + 4), int(SIZE * 1.5))


def draw_legend(surf: pygame.Surface, top: int, fonts: Fonts) -> None:
    """A key to the zones and symbols along the bottom of the image."""
    x0, y = MARGIN, top + 14
    text(surf, "Legend", fonts.box, INK, (x0 + 36, y))
    entries: list[tuple[str, Colour]] = [
        ("off map", ZONE_FILL[OFF_MAP]), ("printed ocean", ZONE_FILL[hexmap.OCEAN]),
        ("unknown (explorable)", ZONE_FILL[hexmap.UNKNOWN]),
        ("printed IG, Melanesia", REGION_FILL["melanesia"]), ("printed IG, Micronesia", REGION_FILL["micronesia"]),
        ("home IG (Polynesia)", REGION_FILL["polynesia"])]
    for i, (name, colour) in enumerate(entries):
        x, yy = x0 + (i % 3) * 230, y + 24 + (i // 3) * 40
        rect = pygame.Rect(x, yy, 30, 26)
        pygame.draw.rect(surf, colour, rect)
        pygame.draw.rect(surf, GRID_LINE, rect, 1)
        surf.blit(fonts.small.render(name, True, INK), (x + 38, yy + 7))
    x1 = x0 + 720
    symbols = [
        (lambda p: squares(surf, p, 1, 0, False), "green village square"),
        (lambda p: squares(surf, p, 0, 1, False), "brown square (needs Improved Agriculture)"),
        (lambda p: squares(surf, p, 0, 0, True), "atoll square (no village)"),
        (lambda p: warriors(surf, (p[0] - 5, p[1]), 1), "local warrior (one per triangle)"),
        (lambda p: die_face(surf, p, 3), "malaria die face (rule A3)"),
        (lambda p: pygame.draw.line(surf, INK, (p[0] - 10, p[1]), (p[0] + 10, p[1]), 5),
         "side a home or set-up tile faces"),
        (lambda p: pygame.draw.rect(surf, RED, pygame.Rect(p[0] - 12, p[1] - 9, 24, 18), 3),
         "red set-up hex (S2): tile or ocean, players"),
        (lambda p: pygame.draw.rect(surf, SPECIAL, pygame.Rect(p[0] - 12, p[1] - 9, 24, 18), 3),
         "Kumara route (A5); +1 = Galapagos marker"),
        (lambda p: pygame.draw.rect(surf, EMPTY_SQUARE, pygame.Rect(p[0] - 6, p[1] - 6, 12, 12), 1),
         "empty square: hex still to explore"),
    ]
    for i, (draw, name) in enumerate(symbols):
        x, yy = x1 + (i % 3) * 390, y + 16 + (i // 3) * 34
        draw((x + 14, yy + 10))
        surf.blit(fonts.small.render(name, True, INK), (x + 36, yy + 4))


def render(rules: Ruleset) -> pygame.Surface:
    """The whole drawing: title, hexes, set-up marks, far east, labels and legend."""
    pygame.font.init()
    fonts = Fonts()
    printed = rules.map
    grid = zones(printed)
    map_w = SIZE * (1.5 * (printed.columns - 1) + 2)
    map_h = SIZE * math.sqrt(3) * (printed.rows + 0.5)
    width = round(MARGIN * 2 + map_w + BOX_W)
    legend_top = round(MARGIN + TITLE_H + map_h + 10)
    surf = pygame.Surface((width, legend_top + LEGEND_H))
    surf.fill((245, 242, 232))
    text(surf, "Conquest of Paradise: the Pacific map (stand-in layout)", fonts.title, INK,
         (width / 2, MARGIN + TITLE_H / 2 - 6))
    busy = busy_hexes(printed)
    fill_zones(surf, printed, grid)
    draw_area_names(surf, printed, grid, busy, fonts)
    outline_zones(surf, grid, busy, fonts)
    for ig in printed.islands:
        draw_island_group(surf, printed, ig, fonts)
    draw_setup(surf, rules, fonts)
    draw_far_east(surf, printed, fonts)
    draw_labels(surf, printed, fonts)
    draw_legend(surf, legend_top, fonts)
    return surf


def main(argv: list[str] | None = None) -> int:
    """Draw the map of a config folder; 0 on success, 2 (with the message, not a traceback) on a bad config."""
    parser = argparse.ArgumentParser(description="Draw the map of a validated ruleset to a PNG.")
    parser.add_argument("--config", type=Path, metavar="FOLDER", help="config folder (default config/)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "map.png", help="output PNG")
    args = parser.parse_args(argv)
    try:
        rules = load_ruleset(args.config)
    except ConfigError as err:
        print(f"draw_map: {err}", file=sys.stderr)
        return 2
    surf = render(rules)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(args.out))
    print(f"wrote {args.out} ({surf.get_width()}x{surf.get_height()} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
