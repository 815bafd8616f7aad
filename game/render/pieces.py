"""The pieces as sprites: double-hulled canoes under crab-claw sails, warrior bands as figures, huts, colonies,
rumours, the capital's smoke and count badges. Each is drawn once per (kind, owner, size, facing, colour aid) at
twice its size and scaled down once (smooth edges), then kept: the map and the animations blit them every frame.

Every sprite's anchor is its surface's centre: a canoe's hull at the waterline, a figure's feet, a hut's floor.
Blit with `screen.blit(s, s.get_rect(center=(x, y)))`. Each tribe keeps its colour (theme.tribe_colour, which
follows the colour-vision aid) and its shape and pattern (theme.draw_tribe: the emblem on every sail, shield and
pennant), so that pieces differ in greyscale too.

API (sizes in screen pixels, rounded by the caller or here):
- `canoe(owner, kind, length, heading=0.0)`: kind "war" (red-brown sail edged in the tribe's colour, carved
  prow, spears), "transport" (the tribe's sail, a wide deck with bundles), "explorer" (a lighter canoe with its
  navigator standing at the bow), "fleet" (a face-down stack at sea: its cargo under mats, nothing told).
  `heading` (radians on screen, 0 = east, y down) turns the canoe to face east or west; canoes are seen from
  the side, so they never rotate.
- `warriors(owner, count, size)`: up to three figures `size` tall with spears and the tribe's shield.
- `hut(size, owner=None, capital=False)`: a thatched hut `size` wide; an owner's pennant on its ridge.
- `colony(owner, size)`, `rumour(owner, size)`: the settlers' bundle under a roof, a ghostly figure.
- `smoke(size, phase)`: the capital's smoke, SMOKE_FRAMES frames (phase modulo SMOKE_FRAMES).
- `badge(count, size)`: a stack's height, white on a dark disc, text `size` tall (None when `size` is under
  the smallest text allowed: the caller passes its min_text).
- `bob(time, h)`: a piece's idle bob in pixels per unit of amplitude, from the clock and its hex alone.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from .. import theme
from ..theme import Colour

Point = tuple[float, float]
At = Callable[[float, float], Point]      # a sprite's own units (its length = 1) to its pixels
SS = 2                                   # sprites are drawn this many times larger, then scaled down once

HULL: Colour = (112, 70, 38)
HULL_FAR: Colour = (80, 50, 28)
DECK: Colour = (196, 152, 96)
SPAR: Colour = (84, 56, 30)
WAR_SAIL: Colour = (150, 62, 40)
MAT: Colour = (214, 190, 130)
CORD: Colour = (140, 104, 60)
SKIN: Colour = (150, 100, 66)
THATCH: Colour = (186, 132, 62)
THATCH_DARK: Colour = (120, 80, 36)
WALL: Colour = (232, 206, 150)
SMOKE: Colour = (236, 236, 232)
GHOST: Colour = (236, 240, 246)
LINE: Colour = theme.INK
SMOKE_FRAMES = 12
BOB_PERIOD = 3.2                         # seconds of a piece's bob
CANOES = ("war", "transport", "explorer", "fleet")


def bob(time: float, h: int) -> float:
    """A piece's bob in [-1, 1] at this moment: from the clock and its hex's index alone (never random, never
    hidden: two viewers see it alike)."""
    return math.sin(math.tau * time / BOB_PERIOD + h * 2.399)


def _aa(surface: pygame.Surface) -> pygame.Surface:
    """The supersampled drawing at its final size."""
    return pygame.transform.smoothscale_by(surface, 1 / SS)


def _emblem(surface: pygame.Surface, owner: str, centre: Point, radius: float) -> None:
    """The tribe's shape in its colour and pattern, outlined: every piece carries it."""
    theme.draw_tribe(surface, owner, centre, max(2.0, radius), LINE, max(1, round(radius / 5)))


# --- canoes --------------------------------------------------------------------------------------------------

def canoe(owner: str, kind: str, length: float, heading: float = 0.0) -> pygame.Surface:
    """A canoe of `length` pixels (hull to hull), facing east or west by `heading` (see the module's API)."""
    return _canoe(owner, kind, max(8, round(length)), math.cos(heading) < -1e-6, theme.aided)


@lru_cache(maxsize=512)
def _canoe(owner: str, kind: str, length: int, west: bool, aided: bool) -> pygame.Surface:
    L = length * SS
    w, h = math.ceil(L * 1.25), math.ceil(L * 0.95) * 2
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    line = max(1, round(L / 40))
    colour = theme.tribe_colour(owner)

    def at(x: float, y: float) -> Point:
        return cx + x * L, cy + y * L

    short = 0.42 if kind == "explorer" else 0.5
    for dy, dx, fill in ((-0.1, -0.05, HULL_FAR), (0.0, 0.0, HULL)):       # the far hull, then the near one
        hull = _hull(short)
        pts = [at(x + dx, y + dy) for x, y in hull]
        pygame.draw.polygon(s, fill, pts)
        pygame.draw.polygon(s, LINE, pts, line)
    deck_w = 0.36 if kind == "transport" else 0.22
    deck = [at(-deck_w, -0.15), at(deck_w, -0.15), at(deck_w - 0.02, -0.19), at(-deck_w + 0.02, -0.19)]
    pygame.draw.polygon(s, DECK, deck)
    pygame.draw.polygon(s, LINE, deck, line)
    if kind == "war":
        _prow(s, at, short, line)
        for i in range(3):                                                    # spears at the stern
            x = -0.3 + i * 0.06
            pygame.draw.line(s, SPAR, at(x, -0.16), at(x - 0.08, -0.58), max(1, line))
            tip = [at(x - 0.08, -0.58), at(x - 0.095, -0.52), at(x - 0.06, -0.53)]
            pygame.draw.polygon(s, (210, 210, 200), tip)
    if kind == "transport":
        for i, x in enumerate((-0.26, 0.2)):                                   # bundles lashed to the deck
            box = pygame.Rect(0, 0, L * 0.13, L * (0.11 + 0.02 * i))
            box.midbottom = (round(at(x, -0.18)[0]), round(at(x, -0.18)[1]))
            pygame.draw.rect(s, MAT, box, border_radius=round(L * 0.03))
            pygame.draw.rect(s, LINE, box, line, border_radius=round(L * 0.03))
            pygame.draw.line(s, CORD, box.midtop, box.midbottom, line)
    if kind == "fleet":
        mound = pygame.Rect(0, 0, L * 0.46, L * 0.16)                          # the cargo under a woven mat
        mound.midbottom = (round(at(0, -0.17)[0]), round(at(0, -0.17)[1]))
        pygame.draw.ellipse(s, MAT, mound)
        for k in range(1, 4):
            x = mound.left + mound.w * k / 4
            pygame.draw.line(s, CORD, (x, mound.top + mound.h * 0.2), (x, mound.bottom - 1), line)
        pygame.draw.ellipse(s, LINE, mound, line)
    sail_colour = WAR_SAIL if kind == "war" else colour
    tall = 0.54 if kind == "explorer" else 0.64
    foot = at(0.04, -0.18)
    pygame.draw.line(s, SPAR, foot, at(0.12, -0.18 - tall * 0.7), max(2, line * 2))           # the mast
    sail = _sail(at, tall)
    pygame.draw.polygon(s, sail_colour, sail)
    if kind == "war":                                                         # a band of the tribe's colour
        pygame.draw.lines(s, colour, False, sail[1:-1], max(2, round(L / 18)))
    pygame.draw.polygon(s, LINE, sail, line)
    pygame.draw.line(s, SPAR, sail[0], sail[1], max(2, line * 2))             # the claw's two spars
    pygame.draw.line(s, SPAR, sail[-1], sail[0], max(2, line * 2))
    ex, ey = at(-0.02, -0.18 - tall * 0.62)
    _emblem(s, owner, (ex, ey), L * 0.1)
    if kind == "explorer":
        _navigator(s, at(0.3, -0.19), L * 0.34, colour, line)
    out = _aa(s)
    return pygame.transform.flip(out, True, False) if west else out


def _hull(half: float) -> list[Point]:
    """A hull's side: a straight gunwale, bow (east) and stern rising a little, a rounded keel."""
    pts = [(-half, -0.21), (-half + 0.04, -0.15), (half - 0.04, -0.15), (half + 0.03, -0.23)]
    for i in range(9):                                                        # the keel, bow to stern
        t = i / 8
        x = half - 0.02 - t * (2 * half - 0.04)
        pts.append((x, -0.02 + 0.03 * math.sin(math.pi * t)))
    return pts


def _prow(s: pygame.Surface, at: At, half: float, line: int) -> None:
    """A war canoe's carved prow: a tall curl at the bow."""
    curl = [at(half - 0.02, -0.16), at(half + 0.08, -0.34), at(half + 0.02, -0.4), at(half - 0.03, -0.33),
            at(half + 0.02, -0.3), at(half - 0.02, -0.2)]
    pygame.draw.polygon(s, HULL, curl)
    pygame.draw.polygon(s, LINE, curl, line)


def _sail(at: At, tall: float) -> list[Point]:
    """A crab-claw sail: two spars from the foot, the claw's hollow between their tips, leaning aft."""
    foot = (0.04, -0.18)
    front, back = (0.3, -0.18 - tall), (-0.36, -0.18 - tall * 0.78)
    pts = [at(*foot), at(*front)]
    for i in range(1, 6):                                                     # the hollow between the tips
        t = i / 6
        x = front[0] + (back[0] - front[0]) * t
        y = front[1] + (back[1] - front[1]) * t + math.sin(math.pi * t) * tall * 0.3
        pts.append(at(x, y))
    pts.append(at(*back))
    return pts


def _navigator(s: pygame.Surface, feet: Point, tall: float, colour: Colour, line: int) -> None:
    """The explorer's navigator standing at the bow, an arm pointing the way."""
    x, y = feet
    head = tall * 0.14
    body = [(x - tall * 0.1, y - tall * 0.2), (x + tall * 0.1, y - tall * 0.2), (x + tall * 0.07, y - tall * 0.7),
            (x - tall * 0.07, y - tall * 0.7)]
    pygame.draw.line(s, SKIN, (x - tall * 0.05, y), (x - tall * 0.05, y - tall * 0.22), max(2, line * 2))
    pygame.draw.line(s, SKIN, (x + tall * 0.05, y), (x + tall * 0.05, y - tall * 0.22), max(2, line * 2))
    pygame.draw.polygon(s, colour, body)
    pygame.draw.polygon(s, LINE, body, line)
    pygame.draw.line(s, SKIN, (x + tall * 0.05, y - tall * 0.62), (x + tall * 0.42, y - tall * 0.8), max(2, line * 2))
    pygame.draw.circle(s, SKIN, (x, y - tall * 0.7 - head), head)
    pygame.draw.circle(s, LINE, (x, y - tall * 0.7 - head), head, line)


# --- figures ---------------------------------------------------------------------------------------------------

def warriors(owner: str, count: int, size: float) -> pygame.Surface:
    """A warrior band: up to three figures `size` pixels tall, spears raised, shields in the tribe's shape."""
    return _warriors(owner, max(1, min(3, count)), max(8, round(size)), theme.aided)


@lru_cache(maxsize=256)
def _warriors(owner: str, count: int, size: int, aided: bool) -> pygame.Surface:
    H = size * SS
    step = H * 0.42
    w = math.ceil(H * 0.7 + step * (count - 1))
    s = pygame.Surface((w, H * 2), pygame.SRCALPHA)
    colour = theme.tribe_colour(owner)
    line = max(1, round(H / 28))
    for i in range(count):
        x = H * 0.3 + i * step
        feet = H * 2 / 2 + (i % 2) * H * 0.04                                 # a ragged line: a band, not a row
        _figure(s, (x, feet), H * (0.92 if i % 2 else 1.0), colour, line)
        pygame.draw.line(s, SPAR, (x + H * 0.16, feet - H * 0.05), (x + H * 0.22, feet - H * 1.0), max(2, line * 2))
        tip = [(x + H * 0.22, feet - H * 1.0), (x + H * 0.19, feet - H * 0.88), (x + H * 0.25, feet - H * 0.88)]
        pygame.draw.polygon(s, (220, 220, 210), tip)
        _emblem(s, owner, (x - H * 0.12, feet - H * 0.42), H * 0.17)
    return _aa(s)


def _figure(s: pygame.Surface, feet: Point, tall: float, colour: Colour, line: int) -> None:
    """A standing figure: legs, a tunic in the tribe's colour, a head."""
    x, y = feet
    for dx in (-0.07, 0.07):
        pygame.draw.line(s, SKIN, (x + dx * tall, y), (x + dx * tall * 0.6, y - tall * 0.3), max(2, line * 2))
    body = [(x - tall * 0.15, y - tall * 0.28), (x + tall * 0.15, y - tall * 0.28), (x + tall * 0.1, y - tall * 0.68),
            (x - tall * 0.1, y - tall * 0.68)]
    pygame.draw.polygon(s, colour, body)
    pygame.draw.polygon(s, LINE, body, line)
    head = (x, y - tall * 0.8)
    pygame.draw.circle(s, SKIN, head, tall * 0.12)
    pygame.draw.circle(s, LINE, head, tall * 0.12, line)


def rumour(owner: str, size: float) -> pygame.Surface:
    """A rumour (M7): a pale figure with a dashed edge, the tribe's emblem faint on it — a bluff."""
    return _rumour(owner, max(8, round(size)), theme.aided)


@lru_cache(maxsize=64)
def _rumour(owner: str, size: int, aided: bool) -> pygame.Surface:
    H = size * SS
    s = pygame.Surface((H, H * 2), pygame.SRCALPHA)
    x, y = H / 2, H
    body = [(x - H * 0.25, y), (x - H * 0.2, y - H * 0.6), (x, y - H * 0.85), (x + H * 0.2, y - H * 0.6),
            (x + H * 0.25, y), (x + H * 0.1, y - H * 0.08), (x, y), (x - H * 0.1, y - H * 0.08)]
    pygame.draw.polygon(s, (*GHOST, 200), body)
    colour = theme.tribe_colour(owner)
    for a, b in zip(body, body[1:] + body[:1]):                              # a dashed edge in the tribe's colour
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        pygame.draw.line(s, colour, a, mid, max(2, round(H / 14)))
    _emblem(s, owner, (x, y - H * 0.45), H * 0.14)
    return _aa(s)


# --- villages ---------------------------------------------------------------------------------------------------

def hut(size: float, owner: str | None = None, capital: bool = False) -> pygame.Surface:
    """A thatched hut `size` pixels wide standing on its floor (the anchor); its owner's pennant on the ridge.
    The capital is taller, with carved posts."""
    return _hut(max(6, round(size)), owner, capital, theme.aided)


@lru_cache(maxsize=128)
def _hut(size: int, owner: str | None, capital: bool, aided: bool) -> pygame.Surface:
    W = size * SS
    tall = 1.25 if capital else 1.0
    s = pygame.Surface((math.ceil(W * 1.4), math.ceil(W * 2.4 * tall)), pygame.SRCALPHA)
    x, y = s.get_width() / 2, s.get_height() / 2
    line = max(1, round(W / 22))
    body = pygame.Rect(0, 0, W * 0.62, W * 0.42 * tall)
    body.midbottom = (round(x), round(y))
    pygame.draw.rect(s, WALL, body)
    pygame.draw.rect(s, LINE, body, line)
    door = pygame.Rect(0, 0, W * 0.16, W * 0.26 * tall)
    door.midbottom = body.midbottom
    pygame.draw.rect(s, THATCH_DARK, door)
    if capital:
        for px in (body.left, body.right):
            pygame.draw.line(s, THATCH_DARK, (px, body.bottom), (px, body.top), max(2, line * 2))
    top = body.top - W * 0.55 * tall
    roof = [(x - W * 0.55, body.top + W * 0.08), (x, top), (x + W * 0.55, body.top + W * 0.08)]
    pygame.draw.polygon(s, THATCH, roof)
    for k in range(1, 4):                                                    # thatch lines
        t = k / 4
        a = (x + (roof[0][0] - x) * t, top + (roof[0][1] - top) * t)
        b = (x + (roof[2][0] - x) * t, top + (roof[2][1] - top) * t)
        pygame.draw.line(s, THATCH_DARK, a, b, line)
    pygame.draw.polygon(s, LINE, roof, line)
    if owner is not None:
        pole = (x, top)
        pygame.draw.line(s, LINE, pole, (x, top - W * 0.4), line)
        pennant = [(x, top - W * 0.4), (x + W * 0.42, top - W * 0.3), (x, top - W * 0.18)]
        pygame.draw.polygon(s, theme.tribe_colour(owner), pennant)
        pygame.draw.polygon(s, LINE, pennant, line)
    return _aa(s)


def colony(owner: str, size: float) -> pygame.Surface:
    """A colony: the settlers' roof and bundle ready to go, under the tribe's pennant."""
    return _colony(owner, max(8, round(size)), theme.aided)


@lru_cache(maxsize=64)
def _colony(owner: str, size: int, aided: bool) -> pygame.Surface:
    W = size * SS
    s = pygame.Surface((math.ceil(W * 1.3), W * 2), pygame.SRCALPHA)
    x, y = s.get_width() / 2, W
    line = max(1, round(W / 22))
    bundle = pygame.Rect(0, 0, W * 0.5, W * 0.3)
    bundle.midbottom = (round(x + W * 0.15), round(y))
    pygame.draw.ellipse(s, MAT, bundle)
    pygame.draw.ellipse(s, LINE, bundle, line)
    roof = [(x - W * 0.5, y - W * 0.1), (x - W * 0.15, y - W * 0.6), (x + W * 0.2, y - W * 0.1)]
    pygame.draw.polygon(s, THATCH, roof)
    pygame.draw.polygon(s, LINE, roof, line)
    _emblem(s, owner, (x - W * 0.15, y - W * 0.3), W * 0.13)
    return _aa(s)


def smoke(size: float, phase: int) -> pygame.Surface:
    """The capital's smoke rising, frame `phase` of SMOKE_FRAMES: puffs that rise, grow and fade, `size` wide;
    its anchor (the surface's centre) is where the smoke leaves the roof."""
    return _smoke(max(4, round(size)), phase % SMOKE_FRAMES)


@lru_cache(maxsize=256)
def _smoke(size: int, phase: int) -> pygame.Surface:
    W = size * SS
    s = pygame.Surface((W * 2, W * 6), pygame.SRCALPHA)
    x, y = W, W * 3
    for k in range(3):                                                       # three puffs a cycle, staggered
        t = ((phase / SMOKE_FRAMES) + k / 3) % 1.0
        r = W * (0.18 + 0.35 * t)
        px = x + math.sin(t * math.pi * 1.5) * W * 0.35
        py = y - t * W * 2.8
        pygame.draw.circle(s, (*SMOKE, round(190 * (1 - t))), (px, py), r)
    return _aa(s)


def badge(count: int, size: float, min_text: int = 0) -> pygame.Surface | None:
    """A stack's height: white digits on a dark disc, `size` pixels tall text; None where that would be smaller
    than `min_text` (the map draws no text under it)."""
    px = round(size)
    return None if px < min_text or px < 4 else _badge(count, px)


@lru_cache(maxsize=128)
def _badge(count: int, size: int) -> pygame.Surface:
    label = theme.text(str(count), size, theme.WHITE, "bold")
    tall = max(label.get_height(), round(size * 1.1))                    # the digits whole, never cut
    d = max(label.get_width() + size // 2, tall)
    s = pygame.Surface((d + 2, tall + 2), pygame.SRCALPHA)
    rect = pygame.Rect(1, 1, d, tall)
    pygame.draw.rect(s, (*theme.INK, 230), rect, border_radius=rect.h // 2)
    pygame.draw.rect(s, theme.WHITE, rect, max(1, size // 10), border_radius=rect.h // 2)
    s.blit(label, label.get_rect(center=rect.center))
    return s
