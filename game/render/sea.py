"""The living sea: crests catching the sun along a swell that rolls across the open water, foam breathing round
the printed islands, mist drifting over the waters nobody has explored. Sparse pre-rendered sprites over the
map's cached layers, never a redrawn sea: a 4K sea redrawn each frame would take the whole frame budget
(CLIENT.md).

The sea moves at RATE frames a second, not at the screen's rate, and not all at once: the map is cut into strips
one hex row tall, and the strips turn to their next sea frame one after the other, top to bottom, RATE times a
second. A screen frame redraws only the sprites whose picture or place changed in the strips that turned
(`Sea.changes`), never whole strips: the glints show only on the swell's crest (a band a few hexes wide), the
mist moves one step in three, and the foam rings only a dozen islands, so what changes in a frame is a few small
areas near one another. The pieces' bob and the capital's smoke keep the same strips' clock (`Sea.clock`), so
that they move when their strip turns.

Everything here depends on the clock and the map alone (the hexes' indexes seed where each sprite lies and its
phase): two viewers see the same sea at the same moment (X9).
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache

import pygame

from engine import Ruleset

from .. import theme
from .layout import SQRT3, Layout

RATE = 12                  # sea frames a second
FRAMES = 24                # frames of the foam's breath (2 s at RATE)
GLINT_FRAMES = 64          # frames of a glint's cycle (5.3 s): it shows for LIFE of them, as the swell's crest passes
LIFE = 8                   # frames a glint shows
SWELL = 16.0               # the swell's length in hex sizes: its crest rolls 3 hex sizes a second
SWELL_HEADING = math.radians(20)   # the way the swell rolls (east, a little south)
JITTER = 5                 # frames a glint may show early or late on the crest (a ragged crest, not a line)
MIST_STEP = 3              # sea frames a step of the mist (4 steps a second)
MIST_FRAMES = 32           # steps of the mist's drift (8 s)
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


class Sea:
    """The sea's sprites of one map, placed at each zoom level as it is asked for."""

    def __init__(self, rules: Ruleset, layout: Layout):
        self.layout = layout
        m = rules.map
        islands = {ig.hex for ig in m.islands}
        self.open = [h for h, kind in enumerate(m.kinds) if kind != "unknown" and h not in islands]
        self.islands = sorted(islands)
        self.unknown = [h for h, kind in enumerate(m.kinds) if kind == "unknown"]
        self.count = math.ceil(layout.height / (layout.size * SQRT3)) + 1      # strips, at every level
        self._levels: OrderedDict[float, list[list[Spot]]] = OrderedDict()
        self._shown: dict[tuple[float, int, int, frozenset[int]], list[tuple[pygame.Surface, pygame.Rect]]] = {}

    def strip_height(self, level: float) -> float:
        return self.layout.size * SQRT3 * level

    def strips(self, level: float) -> list[list[Spot]]:
        """The sprites' places at a level, by strip (kept for the last CACHE levels)."""
        found = self._levels.get(level)
        if found is None:
            found = self._levels[level] = self.place(level)
            while len(self._levels) > CACHE:
                self._levels.popitem(last=False)
        else:
            self._levels.move_to_end(level)
        return found

    def place(self, level: float) -> list[list[Spot]]:
        lay = self.layout
        spots: list[Spot] = []
        across, down = math.cos(SWELL_HEADING), math.sin(SWELL_HEADING)
        for h in self.open:
            rnd = random.Random(h * 7919 + 17)
            cx, cy = lay.centres[h]
            for _ in range(2):
                x, y = cx + rnd.uniform(-0.55, 0.55) * lay.size, cy + rnd.uniform(-0.5, 0.5) * lay.size
                crest = (x * across + y * down) / lay.size / SWELL * GLINT_FRAMES     # where the swell's crest is
                spots.append(Spot("glint", x * level, y * level, h, (rnd.randrange(JITTER) - round(crest))
                                  % GLINT_FRAMES))
        for h in self.islands:
            cx, cy = lay.centres[h]
            spots.append(Spot("foam", cx * level, (cy - lay.size * 0.14) * level, h, h * 5))
        for h in self.unknown:
            c, r = lay.coords[h]
            if (c + r) % 2 == 0:                      # a cloud on every other hex: mist in banks, half the blending
                cx, cy = lay.centres[h]
                spots.append(Spot("mist", cx * level, cy * level, h, h * 11))
        tall = self.strip_height(level)
        out: list[list[Spot]] = [[] for _ in range(self.count)]
        for spot in spots:
            out[min(self.count - 1, max(0, int(spot.y // tall)))].append(spot)
        return out

    def phase(self, time: float, strip: int) -> int:
        """The sea frame strip `strip` shows at this moment: the strips turn one after the other, top to bottom."""
        return math.floor(time * RATE + strip / self.count)

    def clock(self, time: float, y: float, level: float) -> float:
        """The moment the strip at `y` (pixels of the level's board) shows: idle motion there follows it."""
        strip = max(0, int(y // self.strip_height(level)))
        return self.phase(time, strip) / RATE

    def look(self, spot: Spot, level: float, phase: int, misty: Collection[int]) -> tuple[
            pygame.Surface, pygame.Rect] | None:
        """A sprite at a sea frame, and where it lies on the level's board (None: it shows nothing then)."""
        if spot.kind == "mist" and spot.h not in misty:
            return None
        size = self.layout.size * level
        picture, dx, dy = sprite(spot.kind, round(size), phase, spot.seed)
        if picture is None:
            return None
        return picture, picture.get_rect(center=(round(spot.x + dx * size), round(spot.y + dy * size)))

    def changes(self, before: float, now: float, level: float, misty: Collection[int]) -> list[pygame.Rect]:
        """Where the board's sprites changed between two moments (pixels of the level's board): each sprite whose
        picture or place changed in the strips that turned meanwhile, its place before and after."""
        out = []
        for i, spots in enumerate(self.strips(level)):
            old, new = self.phase(before, i), self.phase(now, i)
            if old == new:
                continue
            for spot in spots:
                was, now_ = self.look(spot, level, old, misty), self.look(spot, level, new, misty)
                if was != now_:
                    rects = [look[1] for look in (was, now_) if look is not None]
                    out.append(rects[0].unionall(rects[1:]))
        return out

    def placed(self, clip: pygame.Rect, offset: Point, scale: float, level: float, time: float,
               misty: frozenset[int]) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The sea's sprites that may show in `clip` and where they lie on screen, the board's level pixels put at
        `offset` and scaled by `scale` (1 but in a zoom's glide); `misty`: the unknown hexes not explored yet."""
        if clip.w <= 0 or clip.h <= 0:
            return []
        ox, oy = offset
        tall = self.strip_height(level) * scale
        first = max(0, int((clip.top - oy) // tall) - 1)             # sprites reach into the strip beside theirs
        last = min(self.count - 1, int((clip.bottom - oy) // tall) + 1)
        out = []
        dx, dy = round(ox), round(oy)
        for i in range(first, last + 1):
            for picture, at in self.shown(level, i, self.phase(time, i), misty):
                if scale != 1:
                    rect = picture.get_rect(center=(round(at.centerx * scale + ox), round(at.centery * scale + oy)))
                else:
                    rect = at.move(dx, dy)
                out.append((picture, rect))
        return out

    def shown(self, level: float, strip: int, phase: int, misty: frozenset[int]) -> list[
            tuple[pygame.Surface, pygame.Rect]]:
        """A strip's sprites at a sea frame and where they lie on the level's board, kept while the strip shows
        that frame (a map drawn whole looks up three hundred sprites)."""
        key = (level, strip, phase, misty)
        found = self._shown.get(key)
        if found is None:
            if len(self._shown) > self.count * 4:
                self._shown.clear()
            looks = (self.look(spot, level, phase, misty) for spot in self.strips(level)[strip])
            found = self._shown[key] = [look for look in looks if look is not None]
        return found

    def draw(self, screen: pygame.Surface, offset: Point, scale: float, level: float, time: float,
             misty: frozenset[int]) -> None:
        """The sea's sprites over the board in the screen's clip (see `placed`)."""
        screen.blits(self.placed(screen.get_clip(), offset, scale, level, time, misty), doreturn=False)


def sprite(kind: str, size: int, phase: int, seed: int) -> tuple[pygame.Surface | None, float, float]:
    """A sea sprite's picture at this hex size and sea frame (`seed`: its own phase), and its drift from its
    place (in hex sizes)."""
    if kind == "glint":
        frame = (phase + seed) % GLINT_FRAMES
        return (glint(size, frame) if frame < LIFE else None), 0.0, 0.0
    if kind == "foam":
        return foam(size, (phase + seed) % FRAMES), 0.0, 0.0
    a = math.tau * (phase // MIST_STEP + seed) / MIST_FRAMES
    return mist(size, seed % 3), DRIFT[0] * math.sin(a), DRIFT[1] * math.sin(2 * a)


@lru_cache(maxsize=512)
def glint(size: int, frame: int) -> pygame.Surface:
    """A crest that rises and fades with a glint on it, over LIFE frames."""
    t = (frame + 0.5) / LIFE
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
    side = math.ceil(size * 1.44) + 4
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
    return fast(s)


@lru_cache(maxsize=32)
def mist(size: int, variant: int) -> pygame.Surface:
    """A soft cloud of a hex's size: a few overlapping discs, thin at the edges, on a surface no larger than they
    (the map blends a hundred of them in a frame drawn whole)."""
    w, h = math.ceil(size * 1.6) + 4, math.ceil(size * 0.95) + 4
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rnd = random.Random(variant * 31 + 7)
    for _ in range(7):
        x = w / 2 + rnd.uniform(-0.38, 0.38) * size
        y = h / 2 + rnd.uniform(-0.22, 0.22) * size
        r = size * rnd.uniform(0.28, 0.42)
        blob = pygame.Surface((w, h), pygame.SRCALPHA)
        for k, alpha in ((1.0, 22), (0.75, 24), (0.5, 26)):              # a soft edge, denser inward
            pygame.draw.ellipse(blob, (*MIST, alpha), pygame.Rect(x - r * k, y - r * k * 0.6, r * k * 2, r * k * 1.2))
        s.blit(blob, (0, 0))
    return fast(s)


def fast(sprite: pygame.Surface) -> pygame.Surface:
    """A large sprite mostly clear, run-length encoded: blended in half the time (a 4K map drawn whole blends a
    hundred clouds)."""
    sprite.set_alpha(255, pygame.RLEACCEL)
    return sprite


def unknown_base() -> theme.Colour:
    """The water under the mist: sea, paler and greyer than the printed sea, so the unknown still reads apart."""
    return theme.mix(theme.PRINTED_SEA, theme.UNKNOWN_SEA, 0.6)
