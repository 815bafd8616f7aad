"""The living sea: crests and glints on the open water, foam breathing round the printed islands, mist drifting
over the waters nobody has explored. Sparse pre-rendered sprites over the map's cached layers, never a redrawn
sea: a 4K sea redrawn each frame would take the whole frame budget (CLIENT.md).

The sea moves at RATE frames a second, not at the screen's rate, and not all at once: the map is cut into strips
two hex rows tall, and strip i turns to its next sea frame 1/BANDS of a sea frame after strip i-1. A screen
frame then redraws the one or two strips whose sea frame changed (`Redraw.moved`), never the whole map, and the
cost of the idle sea is spread evenly over the frames. The pieces' bob and the capital's smoke keep the same
strips' clock (`Sea.clock`), so that they move in the same redrawn strips.

Everything here depends on the clock and the map alone (the hexes' indexes seed where each sprite lies and its
phase): two viewers see the same sea at the same moment (X9).
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from engine import Ruleset

from .. import theme
from .layout import SQRT3, Layout

RATE = 12                  # sea frames a second
BANDS = 8                  # strips change at BANDS moments a sea frame, one band of strips at a time
FRAMES = 24                # frames of a glint's or the foam's cycle (2 s at RATE)
DRIFT = (0.12, 0.05)       # how far the mist drifts from its place, across and down, in hex sizes
CACHE = 3                  # zoom levels whose sprites' places are kept

CREST = (196, 226, 246)          # a wave's crest
GLINT = (255, 255, 240)          # the sun on the water
FOAM = (236, 248, 252)           # the surf on a reef
MIST = (214, 224, 230)           # the clouds over the unknown waters
Point = tuple[float, float]


@dataclass
class Spot:
    """One sprite of the sea: its kind ("glint", "foam", "mist"), its place at the level (pixels of the cached
    board), its hex and its phase."""
    kind: str
    x: float
    y: float
    h: int
    seed: int


@dataclass
class Strip:
    spots: list[Spot] = field(default_factory=list)
    bounds: pygame.Rect | None = None            # where its sprites may be drawn, at the level


class Sea:
    """The sea's sprites of one map, placed at each zoom level as it is asked for."""

    def __init__(self, rules: Ruleset, layout: Layout):
        self.layout = layout
        m = rules.map
        islands = {ig.hex for ig in m.islands}
        self.open = [h for h, kind in enumerate(m.kinds) if kind != "unknown" and h not in islands]
        self.islands = sorted(islands)
        self.unknown = [h for h, kind in enumerate(m.kinds) if kind == "unknown"]
        self._levels: OrderedDict[float, list[Strip]] = OrderedDict()

    def strip_height(self, level: float) -> float:
        return self.layout.size * SQRT3 * 2 * level

    def strips(self, level: float) -> list[Strip]:
        """The sprites' places at a level, by strip (kept for the last CACHE levels)."""
        found = self._levels.get(level)
        if found is None:
            found = self._levels[level] = self.place(level)
            while len(self._levels) > CACHE:
                self._levels.popitem(last=False)
        else:
            self._levels.move_to_end(level)
        return found

    def place(self, level: float) -> list[Strip]:
        lay = self.layout
        size = lay.size * level
        spots: list[Spot] = []
        for h in self.open:
            rnd = random.Random(h * 7919 + 17)
            cx, cy = lay.centres[h]
            spots.extend(Spot("glint", (cx + rnd.uniform(-0.55, 0.55) * lay.size) * level,
                              (cy + rnd.uniform(-0.5, 0.5) * lay.size) * level, h, rnd.randrange(FRAMES))
                         for _ in range(2))
        for h in self.islands:
            cx, cy = lay.centres[h]
            spots.append(Spot("foam", cx * level, (cy - lay.size * 0.14) * level, h, h * 5))
        for h in self.unknown:
            cx, cy = lay.centres[h]
            spots.append(Spot("mist", cx * level, cy * level, h, h * 11))
        tall = self.strip_height(level)
        count = math.ceil(lay.height * level / tall) + 1
        out = [Strip() for _ in range(count)]
        for spot in spots:
            strip = out[min(count - 1, max(0, int(spot.y // tall)))]
            strip.spots.append(spot)
            reach = sprite_reach(spot.kind, size) + (DRIFT[0] * size if spot.kind == "mist" else 0)
            box = pygame.Rect(0, 0, reach * 2, reach * 2)
            box.center = (round(spot.x), round(spot.y))
            strip.bounds = box if strip.bounds is None else strip.bounds.union(box)
        return out

    @staticmethod
    def phase(time: float, strip: int) -> int:
        """The sea frame strip `strip` shows at this moment."""
        return math.floor(time * RATE + (strip % BANDS) / BANDS)

    def clock(self, time: float, y: float, level: float) -> float:
        """The moment the strip at `y` (pixels of the level's board) shows: idle motion there follows it."""
        strip = max(0, int(y // self.strip_height(level)))
        return self.phase(time, strip) / RATE

    def changed(self, before: float, now: float, level: float) -> list[int]:
        """The strips whose sea frame changed between two moments (all of them after a jump of a sea frame)."""
        count = math.ceil(self.layout.height * level / self.strip_height(level)) + 1
        return [i for i in range(count) if self.phase(before, i) != self.phase(now, i)]

    def draw(self, screen: pygame.Surface, offset: Point, scale: float, level: float, time: float,
             misty: Collection[int], changed: Collection[int]) -> list[pygame.Rect]:
        """The sea's sprites over the board in the screen's clip, the board's level pixels put at `offset` and
        scaled by `scale` (1 but in a zoom's glide); `misty`: the unknown hexes not explored yet. Where the
        `changed` strips lie on screen (they move this frame)."""
        size = self.layout.size * level
        clip = screen.get_clip()
        ox, oy = offset
        tall = self.strip_height(level) * scale
        every = self.strips(level)
        moved = []
        for i in changed:
            bounds = every[i].bounds if i < len(every) else None
            if bounds is not None:
                moved.append(pygame.Rect(round(bounds.x * scale + ox), round(bounds.y * scale + oy),
                                         math.ceil(bounds.w * scale), math.ceil(bounds.h * scale)))
        first = max(0, int((clip.top - oy) // tall) - 1)             # sprites reach into the strip beside theirs
        last = min(len(every) - 1, int((clip.bottom - oy) // tall) + 1)
        blits = []
        for i in range(first, last + 1) if clip.w > 0 and clip.h > 0 else ():
            phase = self.phase(time, i)
            for spot in every[i].spots:
                if spot.kind == "mist" and spot.h not in misty:
                    continue
                picture, dx, dy = sprite(spot.kind, round(size), (phase + spot.seed) % FRAMES)
                if picture is not None:
                    x, y = (spot.x + dx * size) * scale + ox, (spot.y + dy * size) * scale + oy
                    blits.append((picture, picture.get_rect(center=(round(x), round(y)))))
        screen.blits(blits, doreturn=False)
        return moved


def sprite_reach(kind: str, size: float) -> float:
    """How far from its place a sprite of this kind may draw, in pixels (its drift included)."""
    return size * {"glint": 0.3, "foam": 0.72, "mist": 0.95}[kind] + 2


def sprite(kind: str, size: int, frame: int) -> tuple[pygame.Surface | None, float, float]:
    """A sea sprite's picture at this hex size and frame, and its drift from its place (in hex sizes)."""
    if kind == "glint":
        return glint(size, frame), 0.0, 0.0
    if kind == "foam":
        return foam(size, frame), 0.0, 0.0
    a = math.tau * frame / FRAMES
    return mist(size, frame % 3), DRIFT[0] * math.sin(a), DRIFT[1] * math.sin(2 * a)


@lru_cache(maxsize=512)
def glint(size: int, frame: int) -> pygame.Surface | None:
    """A crest that rises and fades with a glint on it, over the first third of the cycle; nothing after."""
    span = FRAMES // 3
    if frame >= span:
        return None
    t = (frame + 0.5) / span
    grow = math.sin(math.pi * t)
    w = max(4, round(size * 0.34))
    s = pygame.Surface((w + 4, w // 2 + 4), pygame.SRCALPHA)
    arc = pygame.Rect(2, 2, w, max(3, w // 2))
    alpha = round(220 * grow)
    pygame.draw.arc(s, (*CREST, alpha), arc, math.radians(25 + 20 * (1 - grow)), math.radians(155 - 20 * (1 - grow)),
                    max(1, round(size / 26)))
    if 0.3 < t < 0.7:                                                   # the sun catches the crest's top
        pygame.draw.circle(s, (*GLINT, round(255 * grow)), (arc.centerx, arc.top + 1), max(1, size / 30))
    return s


@lru_cache(maxsize=256)
def foam(size: int, frame: int) -> pygame.Surface:
    """Surf round a reef: short arcs on a ring that breathes in and out, brightest as it reaches the reef, over
    the island's top and sides (its name stands under it)."""
    t = frame / FRAMES
    reach = sprite_reach("foam", size)
    side = math.ceil(reach * 2)
    s = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    width = max(1, round(size / 24))
    for ring in range(2):
        k = (t + ring / 2) % 1.0
        r = size * (0.66 - 0.1 * k)
        alpha = round(200 * math.sin(math.pi * k))
        box = pygame.Rect(0, 0, r * 2, r * 1.64)
        box.center = (round(c), round(c))
        for j in range(5):                                                # arcs from west over the top to east
            start = math.radians(-10 + j * 40 + 12 * ring + 30 * t)
            pygame.draw.arc(s, (*FOAM, alpha), box, start, start + math.radians(22), width)
    return s


@lru_cache(maxsize=32)
def mist(size: int, variant: int) -> pygame.Surface:
    """A soft cloud of a hex's size: a few overlapping discs, thin at the edges."""
    reach = sprite_reach("mist", size)
    side = math.ceil(reach * 2)
    s = pygame.Surface((side, side), pygame.SRCALPHA)
    rnd = random.Random(variant * 31 + 7)
    for _ in range(7):
        x = side / 2 + rnd.uniform(-0.38, 0.38) * size
        y = side / 2 + rnd.uniform(-0.22, 0.22) * size
        r = size * rnd.uniform(0.28, 0.42)
        blob = pygame.Surface((side, side), pygame.SRCALPHA)
        for k, alpha in ((1.0, 22), (0.75, 24), (0.5, 26)):              # a soft edge, denser inward
            pygame.draw.ellipse(blob, (*MIST, alpha), pygame.Rect(x - r * k, y - r * k * 0.6, r * k * 2, r * k * 1.2))
        s.blit(blob, (0, 0))
    return s


def unknown_base() -> theme.Colour:
    """The water under the mist: sea, paler and greyer than the printed sea, so the unknown still reads apart."""
    return theme.mix(theme.PRINTED_SEA, theme.UNKNOWN_SEA, 0.6)
