"""The rules reference's pictures (assets/help/rules.yaml's `picture:`), drawn by the program with the map's own
art (render/mapart.py), so that the help shows the hexes, islands, canoes and markers a player meets at the table.

Each picture is a function registered under its name, the id rules.yaml gives, with its size in units: the help
page picks the unit that fits its pane (and a text size no larger than its own), and `picture` draws each
picture once per size. Its words come from the catalog (`words.text`), its numbers from the rules (E5's knots,
M8.4's battle die).
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple, get_args

import pygame

import engine
from engine import Ruleset, hexgrid

from .. import dice, theme, words
from ..battle import table_cells
from ..theme import Colour
from . import mapart
from .mapart import Point

SQRT3 = math.sqrt(3)
OWNER = "Tonga"                                   # whose pieces the pictures show
TOGETHER = frozenset({"turn_order", "building"})  # T1: the steps everyone plays at once; the others go in turn
CELL: Colour = (236, 228, 208)                    # a box on the page, as the battle table's cells
LOST: Colour = (200, 50, 40)
CACHE = 12                                        # pictures kept drawn


class Pen(NamedTuple):
    """The sizes a picture is drawn at: its unit (its layout and shapes) and its words' text size (at most the
    unit: every picture's words fit where the unit would put words of its size)."""
    unit: float
    text: int


Draw = Callable[[pygame.Surface, Pen, Ruleset], None]


@dataclass(frozen=True)
class Picture:
    """How to draw one picture, and its size in units."""
    draw: Draw
    width: float
    height: float

    def size(self, unit: float) -> tuple[int, int]:
        return math.ceil(self.width * unit), math.ceil(self.height * unit)


DRAWERS: dict[str, Picture] = {}
_drawn: OrderedDict[tuple[str, Pen, str], pygame.Surface] = OrderedDict()


def drawer(width: float, height: float) -> Callable[[Draw], Draw]:
    """Registers a picture under its function's name."""
    def register(draw: Draw) -> Draw:
        DRAWERS[draw.__name__] = Picture(draw, width, height)
        return draw
    return register


def picture(name: str, pen: Pen, rules: Ruleset) -> pygame.Surface:
    """The picture drawn with this pen on a see-through surface, once (the help page shows it every frame)."""
    key = (name, pen, rules.folder)
    surface = _drawn.get(key)
    if surface is None:
        drawing = DRAWERS[name]
        surface = pygame.Surface(drawing.size(pen.unit), pygame.SRCALPHA)
        drawing.draw(surface, pen, rules)
        _drawn[key] = surface
        while len(_drawn) > CACHE:
            _drawn.popitem(last=False)
    else:
        _drawn.move_to_end(key)
    return surface


# --- what the pictures share ---------------------------------------------------------------------------------

def label(surface: pygame.Surface, said: str, pen: Pen, colour: Colour = theme.INK, weight: str = "regular",
          **at: Point) -> pygame.Rect:
    """A line of words placed by one of its rect's points (`center=`, `midleft=`...)."""
    shown = theme.text(said, pen.text, colour, weight)
    (point, (x, y)), = at.items()
    rect = shown.get_rect(**{point: (round(x), round(y))})
    surface.blit(shown, rect)
    return rect


def block(surface: pygame.Surface, said: str, pen: Pen, width: float, colour: Colour = theme.INK,
          weight: str = "regular", centred: bool = True, **at: Point) -> pygame.Rect:
    """Words wrapped to `width`, each line centred (or flush left), the block placed by one of its points."""
    lines = theme.wrap(said, pen.text, math.floor(width), weight)
    line_h = theme.font(pen.text, weight).get_linesize()
    rendered = [theme.text(line, pen.text, colour, weight) for line in lines]
    box = pygame.Rect(0, 0, max(r.get_width() for r in rendered), line_h * len(lines))
    (point, (x, y)), = at.items()
    setattr(box, point, (round(x), round(y)))
    for i, shown in enumerate(rendered):
        top = box.y + i * line_h
        surface.blit(shown, shown.get_rect(midtop=(box.centerx, top)) if centred else (box.x, top))
    return box


def sea(surface: pygame.Surface, centre: Point, size: float, seed: int) -> None:
    """A known ocean hex."""
    pygame.draw.polygon(surface, theme.PRINTED_SEA, hexgrid.corners(*centre, size))
    mapart.waves(surface, centre, size, seed, mapart.shade(theme.PRINTED_SEA, 1.18))
    pygame.draw.polygon(surface, theme.SEA_LINE, hexgrid.corners(*centre, size), max(1, round(size / 30)))


def unknown(surface: pygame.Surface, centre: Point, size: float, seed: int) -> None:
    """An unknown hex, outlined as the map's grid outlines it."""
    mapart.unknown_hex(surface, centre, size, seed)
    pygame.draw.polygon(surface, theme.UNKNOWN_LINE, hexgrid.corners(*centre, size), max(1, round(size / 30)))


def settled(surface: pygame.Surface, centre: Point, size: float, seed: int) -> None:
    """An island group of the player's: a face-up tile with two green squares, a village on one, their flag."""
    mapart.explored_ocean(surface, centre, size, seed)
    mapart.island(surface, centre, size, seed, False, 2, 0)
    mapart.hut(surface, mapart.square_rects(centre, size, 2, 0, False)[0][1])
    mapart.flag(surface, centre, size, OWNER)


def arrow(surface: pygame.Surface, start: Point, end: Point, colour: Colour, width: int, dashed: bool = False) -> None:
    """A line from start to end with a head at the end; dashed for a move that is not yet the one shown."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 3.0
    stop = length - head * 0.8
    step = width * 2.5 if dashed else stop
    at = 0.0
    while at < stop:
        to = min(stop, at + step)
        pygame.draw.line(surface, colour, (x0 + dx * at, y0 + dy * at), (x0 + dx * to, y0 + dy * to), width)
        at = to + (step * 0.8 if dashed else 0)
    back, side = (x1 - dx * head, y1 - dy * head), (-dy * head * 0.6, dx * head * 0.6)
    pygame.draw.polygon(surface, colour, [(x1, y1), (back[0] + side[0], back[1] + side[1]),
                                          (back[0] - side[0], back[1] - side[1])])


def toward(start: Point, end: Point, share: float) -> Point:
    return start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share


def cross(surface: pygame.Surface, centre: Point, half: float, colour: Colour) -> None:
    """What is missing: a cross."""
    x, y = centre
    width = max(2, round(half / 3))
    pygame.draw.line(surface, colour, (x - half, y - half), (x + half, y + half), width)
    pygame.draw.line(surface, colour, (x - half, y + half), (x + half, y - half), width)


# --- the pictures --------------------------------------------------------------------------------------------

@drawer(40, 9)
def island_group(surface: pygame.Surface, pen: Pen, rules: Ruleset) -> None:
    """C5: the squares printed on an island tile and on an atoll, and what each kind means."""
    u = pen.unit
    size, y = u * 3.9, u * 3.7
    for i, (x, atoll, key) in enumerate(((u * 4.6, False, "picture.island.group"),
                                         (u * 13.2, True, "picture.island.atoll"))):
        mapart.explored_ocean(surface, (x, y), size, i)
        mapart.island(surface, (x, y), size, 7 + i, atoll, 0 if atoll else 2, 0 if atoll else 1)
        label(surface, words.text(key), pen, weight="semibold", midtop=(x, y + size * SQRT3 / 2 + u * 0.3))
    left, side = u * 19.6, u * 1.2
    for row, (kinds, key) in enumerate((((1, 0, False), "picture.island.green"),
                                        ((0, 1, False), "picture.island.brown"),
                                        ((0, 0, True), "picture.island.atoll_square"))):
        cy = u * (1.4 + row * 3.0)
        square = side * 5                                          # a square is a fifth of its hex's size
        mapart.squares(surface, (left + side / 2, cy - square * 0.02 - side / 2), square, *kinds)
        block(surface, words.text(key), pen, surface.get_width() - left - side * 2, centred=False,
              midleft=(left + side * 2, cy))


@drawer(42, 8.5)
def turn_steps(surface: pygame.Surface, pen: Pen, rules: Ruleset) -> None:
    """T1: the five steps in order, each marked as played one player after another or by everyone at once."""
    u = pen.unit
    steps = [s for s in get_args(engine.StepName) if s != "over"]
    box_w, gap = u * 7.0, u * 1.75
    for i, step in enumerate(steps):
        box = pygame.Rect(round(i * (box_w + gap)), round(u * 0.1), round(box_w), round(u * 4.6))
        together = step in TOGETHER
        pygame.draw.rect(surface, theme.mix(CELL, theme.LAND, 0.3) if together else CELL, box,
                         border_radius=round(u * 0.4))
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, max(1, round(u / 10)), border_radius=round(u * 0.4))
        number = (box.centerx, box.y + u * 1.0)
        pygame.draw.circle(surface, theme.ACCENT, number, u * 0.7)
        label(surface, str(i + 1), pen, theme.WHITE, "bold", center=number)
        block(surface, words.text(f"step.{step}"), pen, box_w - u * 0.6, weight="semibold",
              midtop=(box.centerx, box.y + u * 1.9))
        players(surface, (box.centerx, u * 5.6), u, together)
        if i:
            arrow(surface, (box.x - gap + u * 0.3, box.centery), (box.x - u * 0.3, box.centery), theme.MUTED,
                  max(2, round(u / 6)))
    for i, (together, key) in enumerate(((False, "picture.turn.in_turn"), (True, "picture.turn.together"))):
        x = u * (0.2 + i * 22.5)
        players(surface, (x + u * 2.5, u * 7.6), u, together)
        label(surface, words.text(key), pen, midleft=(x + u * 5.3, u * 7.6))


def players(surface: pygame.Surface, centre: Point, u: float, together: bool) -> None:
    """Three tribes: side by side on one band (at once), or one after the other (in turn)."""
    x, y = centre
    spread = u * (1.15 if together else 1.75)
    if together:
        band = pygame.Rect(0, 0, round(spread * 2 + u * 1.45), round(u * 1.3))
        band.center = (round(x), round(y))
        pygame.draw.rect(surface, theme.mix(CELL, theme.LAND, 0.5), band, border_radius=band.h // 2)
    for k, tribe in enumerate(list(theme.TRIBES)[:3]):
        px = x + (k - 1) * spread
        theme.draw_tribe(surface, tribe, (px, y), u * 0.42, theme.INK, 1)
        if not together and k:
            arrow(surface, (px - spread + u * 0.55, y), (px - u * 0.55, y), theme.MUTED, max(1, round(u / 10)))


@drawer(42, 9.5)
def exploration(surface: pygame.Surface, pen: Pen, rules: Ruleset) -> None:
    """E3-E4: the explorer sets out from an island its owner controls, crosses known water (the pre-move), then
    enters unknown hexes one by one, drawing a marker in each: ocean, an island group, off course, which
    sends it into another hex."""
    u = pen.unit
    size = u * 2.28
    top = size * SQRT3 + u * 0.1
    home, known, ocean, found, aimed = [(u * 0.6 + size + 1.5 * size * i, top + (1 - i % 2) * size * SQRT3 / 2)
                                        for i in range(5)]
    drift = (aimed[0], aimed[1] - size * SQRT3)
    settled(surface, home, size, 3)
    sea(surface, known, size, 4)
    for i, hex_ in enumerate((ocean, found, aimed, drift)):
        unknown(surface, hex_, size, i)
    mapart.tile_back(surface, found, size, None, [OWNER], pen.text)
    label(surface, words.text("picture.explore.home"), pen, weight="semibold",
          midtop=(home[0], home[1] + size * SQRT3 / 2 + u * 0.2))
    label(surface, words.text("picture.explore.premove"), pen, weight="semibold",
          midbottom=(known[0], known[1] - size * SQRT3 / 2 - u * 0.15))
    width = max(2, round(u / 6))
    arrow(surface, toward(home, known, 0.2), toward(home, known, 0.8), theme.WHITE, width, dashed=True)
    for start, end in ((known, ocean), (ocean, found), (found, aimed)):
        arrow(surface, toward(start, end, 0.3), toward(start, end, 0.72), theme.ACCENT, width)
    arrow(surface, toward(found, drift, 0.3), toward(found, drift, 0.72), theme.ACCENT, width, dashed=True)
    radius = u * 0.78
    drawn = (("ocean", 2, "picture.explore.ocean"), ("island", 1, "picture.explore.island"),
             ("off_course", 0, "picture.explore.off_course"))
    for (x, y), (kind, knots, _) in zip((ocean, found, aimed), drawn):    # where no arrow runs
        at = (x - size * 0.36, y - size * 0.38) if kind == "island" else (x, y + size * 0.42)
        mapart.marker(surface, at, radius, kind, knots, pen.text)
    mapart.explorer(surface, (drift[0] + size * 0.12, drift[1] + size * 0.05), size * 0.42, OWNER)
    left = aimed[0] + size + u * 1.2
    for row, (kind, knots, key) in enumerate(drawn):
        cy = u * (1.6 + row * 3.15)
        mapart.marker(surface, (left + radius, cy), radius, kind, knots, pen.text)
        block(surface, words.text(key), pen, surface.get_width() - left - radius * 2 - u * 0.8, centred=False,
              midleft=(left + radius * 2 + u * 0.6, cy))


@drawer(42, 9)
def knots_track(surface: pygame.Surface, pen: Pen, rules: Ruleset) -> None:
    """E5: the knots counted after each hex, on a track: up to 4 the explorer may go on, at exactly 5 it must
    return, from 6 it is lost; above it the rule's example, ocean 2, island 2, ocean 1, hop by hop."""
    u = pen.unit
    limits = rules.exploration
    go_on, back, lost = limits["continue_max"], limits["must_return"], limits["lost_at"]
    cells = lost + 1
    spacing = max(2, round(u / 8))
    left, cell_w, top, cell_h = u * 0.5, (surface.get_width() - u) / cells, u * 3.9, u * 1.8
    zones = (((1, go_on), theme.mix(CELL, theme.LAND, 0.55), words.text("picture.knots.go_on", n=go_on)),
             ((back, back), (246, 186, 72), words.text("picture.knots.return", n=back)),
             ((lost, cells), (214, 92, 70), words.text("picture.knots.lost", n=lost)))
    for (low, high), colour, said in zones:
        for knots in range(low, high + 1):
            cell = pygame.Rect(round(left + (knots - 1) * cell_w), round(top), round(cell_w) - spacing, round(cell_h))
            pygame.draw.rect(surface, colour, cell, border_radius=round(u * 0.3))
            label(surface, str(knots), pen, theme.INK, "bold", center=cell.center)
        x0, x1 = left + (low - 1) * cell_w, left + high * cell_w - spacing
        pygame.draw.line(surface, mapart.shade(colour, 0.75), (x0, top + cell_h + u * 0.35),
                         (x1, top + cell_h + u * 0.35), max(2, round(u / 6)))
        block(surface, said, pen, x1 - x0 - u * 0.2, weight="semibold", midtop=((x0 + x1) / 2, top + cell_h + u * 0.6))
    total = 0
    for kind, knots in (("ocean", 2), ("island", 2), ("ocean", 1)):          # E5's example
        start, total = total, total + knots
        x0 = left + (start - 0.5) * cell_w if start else left
        x1 = left + (total - 0.5) * cell_w - spacing / 2
        rise = u * 1.9
        hop = pygame.Rect(round(x0), round(top - rise), round(x1 - x0), round(rise * 2))
        pygame.draw.arc(surface, theme.MUTED, hop, 0, math.pi, max(2, round(u / 7)))
        arrow(surface, (x1, top - u * 0.5), (x1, top - u * 0.05), theme.MUTED, max(2, round(u / 7)))
        mapart.marker(surface, ((x0 + x1) / 2, top - rise), u * 0.78, kind, knots, pen.text)


@drawer(42, 9.8)
def transit_chain(surface: pygame.Surface, pen: Pen, rules: Ruleset) -> None:
    """M2: a face-up transport canoe in every hex between two island groups links them; beside it, a line with
    an ocean hex left empty, which links nothing."""
    u = pen.unit
    size, between = u * 2.95, u * 3.6
    y = size * SQRT3 / 2 + u * 0.1
    first = (surface.get_width() - (6.5 + 5) * size - between) / 2 + size
    for links in (4, 3):
        chain = [(first + 1.5 * size * i, y + (i % 2) * size * SQRT3 / 2) for i in range(links)]
        gap = links // 2 if links == 3 else -1
        for i, hex_ in enumerate(chain):
            if i in (0, links - 1):
                settled(surface, hex_, size, 11 + i + links)
            else:
                sea(surface, hex_, size, 20 + i + links)
        canoes = [c if 0 < i < links - 1 else (c[0] + size * 0.36, c[1] + size * 0.5) for i, c in enumerate(chain)]
        for a, b in pairwise(canoes):
            pygame.draw.line(surface, theme.tribe_colour(OWNER) if gap < 0 else theme.MUTED, a, b,
                             max(2, round(u / 5)))
        for i, at in enumerate(canoes):
            if i == gap:
                cross(surface, at, u * 0.75, LOST)
            else:
                mapart.canoe(surface, at, size * 0.32, theme.tribe_colour(OWNER))
        key = "picture.chain.linked" if gap < 0 else "picture.chain.broken"
        block(surface, words.text(key), pen, chain[-1][0] - chain[0][0] + size * 2, weight="semibold",
              midtop=((chain[0][0] + chain[-1][0]) / 2, y + size * SQRT3 + u * 0.3))
        first = chain[-1][0] + size * 2 + between


@drawer(42, 11)
def battle_row(surface: pygame.Surface, pen: Pen, rules: Ruleset) -> None:
    """M8.1 and M8.4: the pieces of the front row, which fight, and of the back row, which do not; and what each
    face of the die does."""
    u = pen.unit
    rows = (("picture.battle.front", "picture.battle.front.note",
             ("island_band", "war_band", "war_canoe", "local_warrior")),
            ("picture.battle.back", "picture.battle.back.note", ("transport_band", "colony", "panicked")))
    width, row_h, head_w = u * 27.4, u * 5.4, u * 5.6
    for r, (title, note, pieces) in enumerate(rows):
        band = pygame.Rect(0, round(r * (row_h + u * 0.2)), round(width), round(row_h))
        pygame.draw.rect(surface, theme.mix(CELL, theme.ACCENT, 0.18) if r == 0 else CELL, band,
                         border_radius=round(u * 0.4))
        block(surface, words.text(title), pen, head_w - u * 0.6, weight="bold", centred=False,
              bottomleft=(band.x + u * 0.4, band.centery))
        block(surface, words.text(note), pen, head_w - u * 0.6, theme.MUTED, centred=False,
              topleft=(band.x + u * 0.4, band.centery))
        column = (width - head_w) / len(pieces)
        for i, piece in enumerate(pieces):
            x = head_w + column * (i + 0.5)
            battle_piece(surface, piece, (x, band.y + u * 1.45), u)
            block(surface, words.text(f"picture.battle.{piece}"), pen, column - u * 0.3,
                  midtop=(x, band.y + u * 2.75))
    die_table(surface, pygame.Rect(round(width + u * 0.8), 0, round(surface.get_width() - width - u * 0.8),
                                   surface.get_height()), pen, rules)


def battle_piece(surface: pygame.Surface, piece: str, centre: Point, u: float) -> None:
    """One piece of a battle row in its owner's colour: bands are spears (the islanders' blue, as the map prints
    them), canoes the map's canoe (a war canoe two of them, the double hull it is), a colony the hut it will
    become, a panicked piece a spear fallen over."""
    x, y = centre
    colour, length, deck = theme.tribe_colour(OWNER), u * 1.25, y + u * 0.45
    if piece == "island_band":
        mapart.island(surface, (x, y + u * 0.55), u * 2.0, 5, False, 0, 0)
    if piece in ("war_band", "war_canoe"):
        mapart.canoe(surface, (x + length * 0.35, deck - length * 0.3), length, mapart.shade(colour, 0.8))
    if piece in ("war_band", "war_canoe", "transport_band", "colony"):
        mapart.canoe(surface, (x, deck), length, colour)
    if piece in ("war_band", "transport_band"):
        mapart.spear(surface, x - length * 0.5, deck - u * 1.5, deck, u * 0.38, colour)
    if piece in ("island_band", "local_warrior"):
        mapart.spear(surface, x, y - u * 1.05, y + u * 0.65, u * 0.38,
                     theme.LOCAL_WARRIOR if piece == "local_warrior" else colour)
    if piece == "colony":
        side = round(u * 0.95)
        mapart.hut(surface, pygame.Rect(round(x - length * 0.5 - side / 2), round(deck - side), side, side))
    if piece == "panicked":
        fallen = pygame.Surface((round(u * 1.0), round(u * 2.0)), pygame.SRCALPHA)
        mapart.spear(fallen, fallen.get_width() / 2, 1, fallen.get_height() - 1, u * 0.38, colour)
        fallen = pygame.transform.rotate(fallen, -62)
        surface.blit(fallen, fallen.get_rect(center=(round(x), round(y + u * 0.2))))


def die_table(surface: pygame.Surface, box: pygame.Rect, pen: Pen, rules: Ruleset) -> None:
    """M8.4's table from the rules' battle die: a cell per result, with the faces that give it as dice."""
    u = pen.unit
    cells = table_cells(rules)
    gap = u * 0.25
    cell_h = (box.h - gap * (len(cells) - 1)) / len(cells)
    side = u * 1.5
    for i, (faces, result) in enumerate(cells):
        cell = pygame.Rect(box.x, round(box.y + i * (cell_h + gap)), box.w, round(cell_h))
        pygame.draw.rect(surface, CELL, cell, border_radius=round(u * 0.4))
        for k, face in enumerate(faces):
            die(surface, (cell.x + u * 0.4 + side / 2 + k * (side + u * 0.2), cell.centery), side, face)
        text_x = cell.x + u * 0.4 + 2 * side + u * 0.7
        block(surface, words.text(f"picture.die.{result}"), pen, cell.right - text_x - u * 0.3, centred=False,
              midleft=(text_x, cell.centery))


def die(surface: pygame.Surface, centre: Point, side: float, face: int) -> None:
    """The battle tray's die at rest, `side` pixels wide."""
    reach = pygame.Rect(0, 0, round(side / dice.DIE * dice.TRAY[0]), 1)
    scale = reach.w / dice.TRAY[0]
    dice.draw_die(surface, reach, dice.Pose(centre[0] / scale, centre[1] / scale, 0.0, face, 0.0, 0.0))
