"""The cards' illustrations, drawn by the program (docs/ART.md): one strong, simple picture per card, a
silhouette in dark wood over a sky and sea tinted with the card's colour: a tiki, a double-hulled canoe, a wave,
Pele's volcano, a taniwha's coils, a shaman's mask... Each is seeded by the card's key (its stars, its sun), so it
is the same every time; it is drawn once per size (game/render/cards.py keeps the faces).

The decks' backs are tapa cloth: bands of triangles, zigzags and diamonds stamped in bark-brown (`tapa`).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from .. import theme

Colour = theme.Colour
DARK: Colour = (46, 32, 26)
LIGHT: Colour = (250, 236, 200)
SEA: Colour = (38, 104, 160)
SKY: Colour = (236, 214, 160)
Point = tuple[float, float]


class Pen:
    """Drawing in a square of the picture (0..1 across and down), so each motif keeps its shape whatever the
    picture's proportions; `ink` is the card's colour."""

    def __init__(self, surface: pygame.Surface, box: pygame.Rect, ink: Colour, rng: random.Random):
        self.s, self.box, self.ink, self.rng = surface, box, ink, rng
        side = min(box.w, box.h) * 0.92
        self.x0, self.y0, self.side = box.centerx - side / 2, box.centery - side / 2, side

    def p(self, x: float, y: float) -> Point:
        return self.x0 + x * self.side, self.y0 + y * self.side

    def n(self, d: float) -> int:
        """A length in the square, in pixels (never under one)."""
        return max(1, round(d * self.side))

    def poly(self, points: list[Point], fill: Colour = DARK, width: int = 0) -> None:
        pygame.draw.polygon(self.s, fill, [self.p(x, y) for x, y in points], width)

    def circle(self, x: float, y: float, r: float, fill: Colour = DARK, width: float = 0) -> None:
        pygame.draw.circle(self.s, fill, self.p(x, y), self.n(r), self.n(width) if width else 0)

    def ellipse(self, x: float, y: float, w: float, h: float, fill: Colour = DARK, width: float = 0) -> None:
        rect = pygame.Rect(0, 0, self.n(w), self.n(h))
        rect.center = (round(self.p(x, y)[0]), round(self.p(x, y)[1]))
        pygame.draw.ellipse(self.s, fill, rect, self.n(width) if width else 0)

    def line(self, points: list[Point], width: float, fill: Colour = DARK) -> None:
        pygame.draw.lines(self.s, fill, False, [self.p(x, y) for x, y in points], self.n(width))

    def rect(self, x: float, y: float, w: float, h: float, fill: Colour = DARK, radius: float = 0) -> None:
        a, b = self.p(x, y)
        pygame.draw.rect(self.s, fill, pygame.Rect(round(a), round(b), self.n(w), self.n(h)),
                         border_radius=self.n(radius) if radius else 0)

    def arc_line(self, cx: float, cy: float, r: float, start: float, end: float, width: float,
                 fill: Colour = DARK, steps: int = 24) -> None:
        angles = [start + (end - start) * i / steps for i in range(steps + 1)]
        self.line([(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles], width, fill)


# --- grounds ------------------------------------------------------------------------------------------------

def sky(pen: Pen, sea_level: float | None = 0.72) -> None:
    """The picture's ground: a warm sky tinted with the card's colour, the sea below `sea_level` (of the box)."""
    box = pen.box
    top, bottom = theme.mix(SKY, pen.ink, 0.35), theme.mix(SKY, (255, 250, 236), 0.5)
    bands = 10
    for i in range(bands):
        y0 = box.y + box.h * i // bands
        y1 = box.y + box.h * (i + 1) // bands
        pen.s.fill(theme.mix(top, bottom, i / (bands - 1)), pygame.Rect(box.x, y0, box.w, y1 - y0))
    if sea_level is not None:
        level = round(box.y + box.h * sea_level)
        pen.s.fill(theme.mix(SEA, pen.ink, 0.15), pygame.Rect(box.x, level, box.w, box.bottom - level))
        for k in range(3):                          # a few wave lines
            y = level + (box.bottom - level) * (k + 1) / 4
            step = max(4, box.w // 9)
            pts = [(box.x + i * step / 2, y + (step * 0.12 if i % 2 else 0)) for i in range(box.w * 2 // step + 2)]
            pygame.draw.lines(pen.s, theme.mix(SEA, LIGHT, 0.4), False, pts, max(1, box.h // 60))


def sun(pen: Pen, x: float, y: float, r: float) -> None:
    pen.circle(x, y, r * 1.35, theme.mix(SKY, (255, 220, 120), 0.6))
    pen.circle(x, y, r, (250, 200, 90))


def stars(pen: Pen, count: int) -> None:
    for _ in range(count):
        pen.circle(pen.rng.uniform(0.05, 0.95), pen.rng.uniform(0.02, 0.4), pen.rng.uniform(0.008, 0.018), LIGHT)


def night(pen: Pen) -> None:
    """A night sky over the sea (the navigators' stars)."""
    box = pen.box
    pen.s.fill(theme.mix((20, 30, 60), pen.ink, 0.25), box)
    level = round(box.y + box.h * 0.74)
    pen.s.fill(theme.mix((18, 50, 90), pen.ink, 0.15), pygame.Rect(box.x, level, box.w, box.bottom - level))
    stars(pen, 18)


# --- motifs -------------------------------------------------------------------------------------------------

def tiki(pen: Pen) -> None:
    sky(pen)
    pen.poly([(0.3, 0.95), (0.3, 0.2), (0.38, 0.08), (0.62, 0.08), (0.7, 0.2), (0.7, 0.95)])
    for x in (0.41, 0.59):                                   # the great round eyes
        pen.circle(x, 0.3, 0.075, LIGHT)
        pen.circle(x, 0.3, 0.035, pen.ink)
    pen.rect(0.36, 0.45, 0.28, 0.12, LIGHT, 0.05)           # the wide mouth, with its tongue
    pen.rect(0.38, 0.47, 0.24, 0.08, pen.ink, 0.03)
    pen.poly([(0.33, 0.66), (0.67, 0.66), (0.62, 0.72), (0.38, 0.72)], LIGHT)
    for x in (0.38, 0.5, 0.62):
        pen.line([(x - 0.04, 0.8), (x, 0.86), (x + 0.04, 0.8)], 0.02, LIGHT)


def canoe(pen: Pen, double: bool = True, night_sky: bool = False) -> None:
    (night if night_sky else sky)(pen)
    if not night_sky:
        sun(pen, 0.78, 0.2, 0.09)
    hulls = (0.74, 0.84) if double else (0.8,)
    for y in hulls:
        pen.poly([(0.1, y - 0.06), (0.9, y - 0.06), (0.82, y + 0.03), (0.18, y + 0.03)])
    if double:
        pen.rect(0.2, 0.66, 0.6, 0.04)                       # the deck between the hulls
    pen.line([(0.5, 0.68), (0.5, 0.16)], 0.025)              # mast and the crab-claw sail
    pen.poly([(0.5, 0.18), (0.24, 0.3), (0.45, 0.66), (0.5, 0.62)], theme.mix(LIGHT, pen.ink, 0.35))
    pen.poly([(0.5, 0.18), (0.24, 0.3), (0.45, 0.66), (0.5, 0.62)], DARK, pen.n(0.012))


def wave(pen: Pen, board: bool = False) -> None:
    sky(pen, None)
    pen.poly([(0.0, 1.0), (0.0, 0.6), (0.25, 0.35), (0.55, 0.18), (0.8, 0.2), (0.95, 0.35), (0.85, 0.42),
              (0.72, 0.36), (0.66, 0.5), (0.8, 0.7), (1.0, 0.75), (1.0, 1.0)], theme.mix(SEA, pen.ink, 0.2))
    pen.arc_line(0.72, 0.38, 0.16, math.pi * 1.05, math.pi * 2.1, 0.03, LIGHT)
    for i in range(4):
        pen.circle(0.86 + 0.03 * i, 0.3 + 0.035 * i, 0.018, LIGHT)
    if board:
        pen.poly([(0.32, 0.62), (0.6, 0.5), (0.62, 0.54), (0.34, 0.66)], pen.ink)
        pen.circle(0.46, 0.37, 0.04)                         # the surfer
        pen.line([(0.46, 0.41), (0.47, 0.53)], 0.03)
        pen.line([(0.38, 0.44), (0.46, 0.45), (0.55, 0.41)], 0.02)
        pen.line([(0.42, 0.62), (0.47, 0.53), (0.52, 0.58)], 0.02)


def volcano(pen: Pen, ash: bool = False) -> None:
    sky(pen, 0.84)
    pen.poly([(0.05, 0.86), (0.4, 0.3), (0.6, 0.3), (0.95, 0.86)])
    pen.poly([(0.4, 0.3), (0.6, 0.3), (0.56, 0.42), (0.5, 0.36), (0.45, 0.45)], (230, 90, 30))
    pen.line([(0.5, 0.36), (0.47, 0.55), (0.52, 0.7), (0.5, 0.84)], 0.02, (240, 120, 40))
    if ash:
        for i, (x, y, r) in enumerate([(0.5, 0.2, 0.1), (0.38, 0.12, 0.09), (0.62, 0.1, 0.1), (0.75, 0.2, 0.08)]):
            pen.circle(x, y, r, theme.mix((110, 104, 100), pen.ink, 0.1 * i))
    else:
        for x, y in [(0.44, 0.16), (0.56, 0.1), (0.5, 0.22), (0.62, 0.2)]:
            pen.circle(x, y, 0.035, (240, 120, 40))


def coils(pen: Pen) -> None:
    sky(pen, 0.55)
    body = theme.mix((36, 90, 70), pen.ink, 0.2)
    for x in (0.22, 0.45, 0.68):                             # the taniwha's coils out of the water
        pen.arc_line(x, 0.62, 0.11, math.pi, math.pi * 2, 0.07, body)
        pen.arc_line(x, 0.62, 0.11, math.pi * 1.1, math.pi * 1.6, 0.015, LIGHT)
    pen.poly([(0.78, 0.6), (0.82, 0.3), (0.95, 0.24), (0.98, 0.32), (0.9, 0.36), (0.88, 0.6)], body)
    pen.circle(0.92, 0.28, 0.018, (250, 220, 80))
    pen.line([(0.97, 0.3), (1.0, 0.35)], 0.01, (200, 40, 40))
    for x in (0.82, 0.86):
        pen.poly([(x, 0.34), (x + 0.02, 0.26), (x + 0.04, 0.34)], body)


def mask(pen: Pen) -> None:
    sky(pen, None)
    pen.poly([(0.3, 0.12), (0.7, 0.12), (0.78, 0.4), (0.66, 0.86), (0.34, 0.86), (0.22, 0.4)])
    for x in (0.4, 0.6):
        pen.poly([(x - 0.08, 0.38), (x, 0.3), (x + 0.08, 0.38), (x, 0.42)], LIGHT)
        pen.circle(x, 0.37, 0.025, pen.ink)
    pen.poly([(0.46, 0.45), (0.54, 0.45), (0.56, 0.6), (0.44, 0.6)], pen.ink)
    pen.rect(0.38, 0.68, 0.24, 0.06, LIGHT, 0.03)
    for x in (0.3, 0.5, 0.7):                                # the feathers of its crown
        pen.poly([(x - 0.05, 0.14), (x, 0.0), (x + 0.05, 0.14)], pen.ink)
    pen.line([(0.28, 0.22), (0.5, 0.18), (0.72, 0.22)], 0.02, LIGHT)


def moai(pen: Pen) -> None:
    sky(pen, 0.85)
    sun(pen, 0.2, 0.22, 0.08)
    stone = (96, 88, 80)
    pen.poly([(0.38, 0.9), (0.36, 0.3), (0.42, 0.14), (0.66, 0.14), (0.7, 0.3), (0.68, 0.9)], stone)
    pen.rect(0.4, 0.08, 0.26, 0.08, (150, 70, 50), 0.02)     # the red stone topknot
    pen.poly([(0.36, 0.34), (0.52, 0.34), (0.48, 0.38), (0.36, 0.38)], DARK)     # the heavy brow
    pen.poly([(0.52, 0.36), (0.6, 0.56), (0.52, 0.58)], DARK)                   # the long nose
    pen.rect(0.42, 0.64, 0.2, 0.03, DARK)
    pen.rect(0.0, 0.88, 1.0, 0.12, (90, 140, 70))


def fish(pen: Pen, count: int = 5) -> None:
    sky(pen, 0.3)
    for _ in range(count):
        x, y, s = pen.rng.uniform(0.15, 0.8), pen.rng.uniform(0.42, 0.85), pen.rng.uniform(0.7, 1.1)
        pen.ellipse(x, y, 0.22 * s, 0.09 * s, pen.ink if pen.rng.random() < 0.4 else DARK)
        pen.poly([(x + 0.1 * s, y), (x + 0.17 * s, y - 0.05 * s), (x + 0.17 * s, y + 0.05 * s)])
        pen.circle(x - 0.06 * s, y - 0.01 * s, 0.012, LIGHT)


def hook(pen: Pen) -> None:
    sky(pen, None)
    bone = (236, 226, 200)
    pen.arc_line(0.5, 0.55, 0.22, 0.0, math.pi, 0.09, DARK)
    pen.arc_line(0.5, 0.55, 0.22, 0.0, math.pi, 0.05, bone)
    pen.line([(0.28, 0.55), (0.28, 0.18)], 0.07, DARK)
    pen.line([(0.28, 0.55), (0.28, 0.18)], 0.04, bone)
    pen.poly([(0.72, 0.55), (0.66, 0.36), (0.76, 0.4)], bone)
    pen.line([(0.28, 0.18), (0.4, 0.08), (0.6, 0.06)], 0.015, pen.ink)


def star_compass(pen: Pen) -> None:
    night(pen)
    pen.circle(0.5, 0.5, 0.36, LIGHT, 0.012)
    for i in range(32):
        a = 2 * math.pi * i / 32
        r = 0.05 if i % 8 == 0 else 0.02
        pen.circle(0.5 + 0.36 * math.cos(a), 0.5 + 0.36 * math.sin(a), r * 0.4, LIGHT)
    pen.poly([(0.5, 0.2), (0.54, 0.5), (0.5, 0.8), (0.46, 0.5)], pen.ink)
    pen.poly([(0.2, 0.5), (0.5, 0.46), (0.8, 0.5), (0.5, 0.54)], theme.mix(pen.ink, LIGHT, 0.5))


def stick_chart(pen: Pen) -> None:
    sky(pen, None)
    stick = (150, 110, 60)
    for i in range(4):
        pen.line([(0.12, 0.18 + 0.2 * i), (0.88, 0.18 + 0.2 * i)], 0.02, stick)
        pen.line([(0.15 + 0.23 * i, 0.12), (0.15 + 0.23 * i, 0.88)], 0.02, stick)
    pen.line([(0.12, 0.12), (0.88, 0.88)], 0.02, stick)
    pen.arc_line(0.5, 0.5, 0.28, 0.0, math.pi * 2, 0.02, pen.ink, 32)
    for _ in range(5):                                       # the shells that are islands
        pen.circle(pen.rng.choice((0.15, 0.38, 0.61, 0.84)), pen.rng.choice((0.18, 0.38, 0.58, 0.78)), 0.04, LIGHT)


def figure(pen: Pen, x: float, y: float, s: float, fill: Colour = DARK) -> None:
    """A person: head, body and arms raised (a dancer, a leader, a gathering)."""
    pen.circle(x, y, 0.05 * s, fill)
    pen.poly([(x - 0.05 * s, y + 0.06 * s), (x + 0.05 * s, y + 0.06 * s), (x + 0.07 * s, y + 0.3 * s),
              (x - 0.07 * s, y + 0.3 * s)], fill)
    pen.line([(x - 0.14 * s, y - 0.02 * s), (x - 0.05 * s, y + 0.09 * s)], 0.025 * s, fill)
    pen.line([(x + 0.14 * s, y - 0.02 * s), (x + 0.05 * s, y + 0.09 * s)], 0.025 * s, fill)
    pen.line([(x - 0.04 * s, y + 0.3 * s), (x - 0.06 * s, y + 0.45 * s)], 0.03 * s, fill)
    pen.line([(x + 0.04 * s, y + 0.3 * s), (x + 0.06 * s, y + 0.45 * s)], 0.03 * s, fill)


def dancer(pen: Pen) -> None:
    sky(pen, 0.86)
    sun(pen, 0.5, 0.55, 0.3)
    figure(pen, 0.5, 0.22, 1.3)
    for i in range(9):                                       # the grass skirt
        x = 0.38 + i * 0.03
        pen.line([(x, 0.58), (x + (i - 4) * 0.01, 0.76)], 0.015, (120, 150, 60))
    pen.circle(0.5, 0.3, 0.03, pen.ink)                     # the lei


def gathering(pen: Pen) -> None:
    sky(pen, None)
    pen.ellipse(0.5, 0.78, 0.9, 0.24, (120, 150, 80))
    pen.poly([(0.46, 0.74), (0.5, 0.58), (0.54, 0.74)], (240, 130, 40))      # the fire
    pen.poly([(0.48, 0.74), (0.5, 0.66), (0.52, 0.74)], (250, 220, 90))
    for i in range(5):
        a = math.pi * (0.1 + 0.8 * i / 4)
        figure(pen, 0.5 - 0.38 * math.cos(a), 0.56 - 0.28 * math.sin(a), 0.7, DARK if i % 2 else pen.ink)


def glyphs(pen: Pen) -> None:
    sky(pen, None)
    wood = (130, 92, 56)
    pen.rect(0.12, 0.1, 0.76, 0.8, wood, 0.06)
    for row in range(5):
        for col in range(6):
            x, y = 0.18 + col * 0.115, 0.16 + row * 0.15
            shape = pen.rng.randrange(4)
            if shape == 0:
                figure(pen, x + 0.04, y, 0.3)
            elif shape == 1:
                pen.circle(x + 0.04, y + 0.05, 0.03, DARK, 0.01)
            elif shape == 2:
                pen.line([(x, y + 0.09), (x + 0.04, y), (x + 0.08, y + 0.09)], 0.012)
            else:
                pen.arc_line(x + 0.04, y + 0.06, 0.035, 0.0, math.pi * 1.5, 0.012)


def fire(pen: Pen) -> None:
    sky(pen, None)
    pen.ellipse(0.5, 0.8, 0.8, 0.2, (110, 100, 90))
    for i, x in enumerate((0.3, 0.42, 0.56, 0.7)):          # the oven's hot stones
        pen.circle(x, 0.76 + 0.02 * (i % 2), 0.06, DARK)
    pen.poly([(0.3, 0.72), (0.4, 0.4), (0.48, 0.55), (0.52, 0.2), (0.6, 0.5), (0.66, 0.38), (0.72, 0.72)],
             (232, 110, 40))
    pen.poly([(0.42, 0.72), (0.5, 0.45), (0.58, 0.72)], (250, 210, 90))


def drum(pen: Pen) -> None:
    sky(pen, None)
    wood = (120, 80, 48)
    pen.poly([(0.3, 0.2), (0.7, 0.2), (0.64, 0.88), (0.36, 0.88)], wood)
    pen.ellipse(0.5, 0.2, 0.4, 0.1, (226, 206, 170))
    for i in range(4):
        pen.line([(0.33 + 0.01 * i, 0.34 + 0.13 * i), (0.67 - 0.01 * i, 0.34 + 0.13 * i)], 0.015, pen.ink)
    for x in (0.36, 0.64):
        pen.poly([(x - 0.02, 0.88), (x + 0.02, 0.88), (x, 0.96)], DARK)
    pen.line([(0.16, 0.08), (0.36, 0.2)], 0.025)             # a stick about to strike


def poi(pen: Pen) -> None:
    sky(pen, None)
    figure(pen, 0.5, 0.4, 1.0)
    for end, swing in (((0.24, 0.24), 0.0), ((0.78, 0.2), 1.0)):
        pen.line([(0.36 + 0.28 * swing, 0.38), end], 0.01)
        pen.circle(*end, 0.06, pen.ink)
        pen.arc_line(0.5, 0.3, 0.3, math.pi * (1.05 + swing * 0.75), math.pi * (1.35 + swing * 0.75), 0.012, LIGHT)


def shells(pen: Pen) -> None:
    sky(pen, 0.8)
    basket = (170, 124, 64)
    for x in (0.28, 0.72):                                   # two baskets traded across
        pen.poly([(x - 0.16, 0.5), (x + 0.16, 0.5), (x + 0.12, 0.8), (x - 0.12, 0.8)], basket)
        for i in range(3):
            pen.line([(x - 0.15, 0.56 + 0.08 * i), (x + 0.15, 0.56 + 0.08 * i)], 0.01, DARK)
    for x, y in [(0.22, 0.46), (0.32, 0.44), (0.27, 0.4)]:
        pen.circle(x, y, 0.045, LIGHT)
    for x, y in [(0.68, 0.44), (0.78, 0.45)]:
        pen.ellipse(x, y, 0.1, 0.07, (150, 190, 80))
    pen.line([(0.36, 0.28), (0.64, 0.28)], 0.02, pen.ink)
    pen.poly([(0.64, 0.24), (0.7, 0.28), (0.64, 0.32)], pen.ink)
    pen.line([(0.64, 0.36), (0.36, 0.36)], 0.02, pen.ink)
    pen.poly([(0.36, 0.32), (0.3, 0.36), (0.36, 0.4)], pen.ink)


def stumps(pen: Pen) -> None:
    sky(pen, None)
    pen.rect(0.0, 0.7, 1.0, 0.3, (150, 120, 80))
    for x in (0.2, 0.5, 0.8):
        pen.rect(x - 0.05, 0.58, 0.1, 0.14, (110, 76, 44))
        pen.ellipse(x, 0.58, 0.1, 0.04, (210, 170, 110))
    pen.poly([(0.3, 0.7), (0.92, 0.52), (0.94, 0.57), (0.32, 0.75)], (110, 76, 44))    # a felled trunk
    pen.poly([(0.4, 0.2), (0.52, 0.08), (0.56, 0.12), (0.46, 0.26)], DARK)            # the adze
    pen.line([(0.46, 0.18), (0.62, 0.4)], 0.025, (130, 90, 50))


def tattoo(pen: Pen) -> None:
    sky(pen, None)
    skin = (176, 122, 84)
    pen.poly([(0.22, 0.05), (0.78, 0.05), (0.86, 0.95), (0.14, 0.95)], skin)
    for i in range(5):
        y = 0.12 + i * 0.17
        if i % 2:
            pen.line([(0.2 + 0.08 * k, y + (0.06 if k % 2 else 0.0)) for k in range(9)], 0.02)
        else:
            for k in range(6):
                x = 0.22 + k * 0.1
                pen.poly([(x, y + 0.08), (x + 0.05, y), (x + 0.1, y + 0.08)], DARK)


def palisade(pen: Pen) -> None:
    sky(pen, None)
    pen.poly([(0.0, 0.95), (0.2, 0.55), (0.45, 0.4), (0.7, 0.45), (1.0, 0.95)], (96, 140, 70))
    pen.poly([(0.15, 0.7), (0.3, 0.58), (0.6, 0.55), (0.85, 0.72), (0.6, 0.68), (0.3, 0.72)], (70, 110, 56))
    for i in range(11):
        x = 0.22 + i * 0.05
        pen.poly([(x, 0.55), (x + 0.015, 0.38), (x + 0.03, 0.55)], (110, 76, 44))
    pen.poly([(0.44, 0.38), (0.5, 0.26), (0.56, 0.38)], pen.ink)         # the house at the summit


def marae(pen: Pen) -> None:
    sky(pen, 0.9)
    stone = (150, 140, 128)
    for i, w in enumerate((0.8, 0.64, 0.48)):               # the stepped stone platform
        pen.rect(0.5 - w / 2, 0.78 - i * 0.12, w, 0.12, theme.mix(stone, DARK, 0.12 * i))
    for x in (0.34, 0.5, 0.66):
        pen.rect(x - 0.02, 0.22, 0.04, 0.32, DARK)
        pen.circle(x, 0.22, 0.035, pen.ink)


def tapa_picture(pen: Pen) -> None:
    pen.s.fill((214, 176, 124), pen.box)
    tapa(pen.s, pen.box.inflate(-pen.box.w // 10, -pen.box.h // 10), (80, 46, 26), (214, 176, 124), pen.ink)


def carving(pen: Pen) -> None:
    sky(pen, None)
    wood = (140, 96, 56)
    pen.rect(0.34, 0.04, 0.32, 0.92, wood, 0.04)
    for i in range(3):                                       # spirals cut in the post
        y = 0.18 + i * 0.28
        for k in range(3):
            pen.circle(0.5, y, 0.12 - 0.04 * k, DARK if k % 2 == 0 else wood, 0.015)
        pen.circle(0.5, y, 0.02, pen.ink)
    pen.poly([(0.1, 0.2), (0.24, 0.14), (0.26, 0.2), (0.12, 0.26)], (120, 120, 120))   # the chisel
    pen.line([(0.24, 0.17), (0.32, 0.13)], 0.03, (110, 76, 44))


def feast(pen: Pen) -> None:
    sky(pen, None)
    pen.rect(0.05, 0.62, 0.9, 0.1, (110, 150, 60))          # the leaves laid out
    pen.ellipse(0.5, 0.56, 0.46, 0.22, (200, 130, 110))     # the roast pig
    pen.circle(0.72, 0.52, 0.08, (200, 130, 110))
    pen.circle(0.75, 0.5, 0.012)
    for x, c in ((0.18, (240, 200, 80)), (0.84, (150, 90, 150)), (0.12, (230, 120, 60))):
        pen.circle(x, 0.6, 0.06, c)
    for x in (0.22, 0.5, 0.78):
        pen.line([(x, 0.42), (x + 0.02, 0.3), (x, 0.18)], 0.012, (200, 200, 200))   # steam


def fishpond(pen: Pen) -> None:
    sky(pen, 0.3)
    stone = (140, 130, 120)
    pen.arc_line(0.5, 0.3, 0.42, 0.15, math.pi - 0.15, 0.06, stone, 20)  # the stone wall across the bay
    for _ in range(4):
        x, y = pen.rng.uniform(0.3, 0.7), pen.rng.uniform(0.42, 0.62)
        pen.ellipse(x, y, 0.12, 0.05, pen.ink)
        pen.poly([(x + 0.06, y), (x + 0.1, y - 0.03), (x + 0.1, y + 0.03)], pen.ink)


def bowl(pen: Pen) -> None:
    sky(pen, None)
    wood = (120, 80, 48)
    pen.ellipse(0.5, 0.45, 0.8, 0.2, wood)
    pen.poly([(0.1, 0.45), (0.9, 0.45), (0.75, 0.66), (0.25, 0.66)], wood)
    pen.ellipse(0.5, 0.44, 0.66, 0.13, (190, 170, 130))      # the kava in the bowl
    for x in (0.24, 0.4, 0.6, 0.76):                         # its many legs
        pen.line([(x, 0.62), (x + (x - 0.5) * 0.15, 0.82)], 0.03, wood)
    pen.arc_line(0.62, 0.3, 0.12, math.pi * 1.2, math.pi * 1.9, 0.02, pen.ink)     # the coconut cup
    pen.ellipse(0.68, 0.22, 0.14, 0.08, DARK)


def cloak(pen: Pen) -> None:
    sky(pen, None)
    pen.poly([(0.35, 0.1), (0.65, 0.1), (0.9, 0.9), (0.1, 0.9)], (210, 60, 40))
    for i in range(4):                                       # bands of yellow feathers
        y = 0.26 + i * 0.17
        w = 0.18 + 0.3 * (y - 0.1) / 0.8
        pen.poly([(0.5 - w, y), (0.5 + w, y), (0.5 + w * 0.9, y + 0.06), (0.5 - w * 0.9, y + 0.06)],
                 (245, 200, 60))
    pen.poly([(0.5, 0.1), (0.62, 0.5), (0.5, 0.9), (0.38, 0.5)], pen.ink)
    pen.rect(0.33, 0.06, 0.34, 0.06, DARK, 0.02)


def petroglyph(pen: Pen) -> None:
    box = pen.box
    pen.s.fill((120, 110, 100), box)
    for _ in range(10):
        pen.circle(pen.rng.uniform(0, 1), pen.rng.uniform(0, 1), pen.rng.uniform(0.04, 0.1), (132, 122, 110))
    carved = (226, 214, 190)
    figure(pen, 0.3, 0.3, 1.0, carved)
    figure(pen, 0.68, 0.4, 0.8, carved)
    pen.arc_line(0.72, 0.16, 0.08, 0.0, math.pi * 1.8, 0.02, carved)
    pen.line([(0.1, 0.88), (0.3, 0.82), (0.5, 0.88), (0.7, 0.82), (0.9, 0.88)], 0.02, carved)


def storm(pen: Pen) -> None:
    box = pen.box
    pen.s.fill(theme.mix((70, 80, 96), pen.ink, 0.2), box)
    for k in range(3):                                       # the typhoon's spiral arms
        pts = []
        for i in range(40):
            a = i * 0.2 + k * 2 * math.pi / 3
            r = 0.02 + i * 0.011
            pts.append((0.5 + r * math.cos(a), 0.45 + r * math.sin(a)))
        pen.line(pts, 0.035, (210, 220, 230))
    pen.circle(0.5, 0.45, 0.04, theme.mix((70, 80, 96), pen.ink, 0.2))
    pen.rect(0.0, 0.86, 1.0, 0.14, SEA)
    pen.poly([(0.15, 0.86), (0.17, 0.74), (0.2, 0.86)])      # a palm bent by the wind
    pen.poly([(0.17, 0.74), (0.3, 0.7), (0.28, 0.74)], (60, 110, 50))


def weeds(pen: Pen) -> None:
    sky(pen, None)
    pen.rect(0.0, 0.78, 1.0, 0.22, (120, 90, 60))
    for i in range(9):
        x = 0.08 + i * 0.105
        h = pen.rng.uniform(0.35, 0.6)
        green = theme.mix((80, 120, 40), pen.ink, 0.15 * (i % 3))
        pen.line([(x, 0.8), (x + 0.03, 0.8 - h * 0.5), (x - 0.02, 0.8 - h)], 0.018, green)
        pen.ellipse(x + 0.04, 0.8 - h * 0.6, 0.07, 0.03, green)
        pen.ellipse(x - 0.03, 0.8 - h * 0.8, 0.07, 0.03, green)


def erosion(pen: Pen) -> None:
    sky(pen, 0.8)
    pen.poly([(0.0, 0.3), (0.55, 0.3), (0.6, 0.45), (0.52, 0.55), (0.62, 0.8), (0.0, 0.8)], (150, 110, 70))
    pen.poly([(0.0, 0.26), (0.56, 0.26), (0.56, 0.32), (0.0, 0.32)], (90, 140, 60))
    pen.line([(0.3, 0.32), (0.36, 0.45), (0.3, 0.55), (0.38, 0.7)], 0.012)        # the crack
    for x, y in [(0.68, 0.72), (0.74, 0.66), (0.7, 0.6)]:                             # falling rock
        pen.circle(x, y, 0.035, (130, 96, 60))


def sun_picture(pen: Pen) -> None:
    box = pen.box
    pen.s.fill(theme.mix((240, 190, 110), pen.ink, 0.15), box)
    sun(pen, 0.5, 0.32, 0.16)
    for i in range(12):
        a = 2 * math.pi * i / 12
        pen.line([(0.5 + 0.2 * math.cos(a), 0.32 + 0.2 * math.sin(a)),
                  (0.5 + 0.28 * math.cos(a), 0.32 + 0.28 * math.sin(a))], 0.02, (240, 160, 60))
    pen.rect(0.0, 0.68, 1.0, 0.32, (190, 150, 100))
    for x in (0.1, 0.35, 0.62, 0.85):                        # cracked earth
        pen.line([(x, 0.7), (x + 0.05, 0.8), (x - 0.02, 0.9), (x + 0.04, 0.98)], 0.012, DARK)


def spring(pen: Pen) -> None:
    sky(pen, None)
    pen.poly([(0.0, 0.6), (0.3, 0.4), (0.7, 0.42), (1.0, 0.6), (1.0, 1.0), (0.0, 1.0)], (110, 150, 80))
    pen.ellipse(0.5, 0.74, 0.5, 0.14, (90, 170, 210))
    for i, (x, y) in enumerate([(0.5, 0.3), (0.4, 0.45), (0.6, 0.45), (0.5, 0.55)]):
        r = 0.05 if i == 0 else 0.035
        pen.circle(x, y, r, (90, 170, 210))
        pen.poly([(x - r, y), (x, y - r * 2.2), (x + r, y)], (90, 170, 210))


def spears(pen: Pen) -> None:
    sky(pen, None)
    shaft = (120, 80, 48)
    for a, b in (((0.15, 0.9), (0.8, 0.12)), ((0.85, 0.9), (0.2, 0.12))):
        pen.line([a, b], 0.025, shaft)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        tip = (b[0] + ux * 0.1, b[1] + uy * 0.1)
        pen.poly([tip, (b[0] - uy * 0.035, b[1] + ux * 0.035), (b[0] + uy * 0.035, b[1] - ux * 0.035)], DARK)
    pen.circle(0.5, 0.56, 0.13, pen.ink)                     # the shield where they cross
    pen.circle(0.5, 0.56, 0.13, DARK, 0.02)


def wind(pen: Pen) -> None:
    sky(pen, 0.78)
    for i in range(4):
        y = 0.15 + i * 0.12
        pen.line([(0.05, y), (0.35, y - 0.03), (0.5, y)], 0.015, LIGHT)
        pen.arc_line(0.5, y - 0.04, 0.04, math.pi * 0.5, math.pi * 2.0, 0.015, LIGHT)
    pen.line([(0.62, 0.76), (0.62, 0.2)], 0.02)
    pen.poly([(0.62, 0.22), (0.9, 0.42), (0.66, 0.72)], theme.mix(LIGHT, pen.ink, 0.35))
    pen.poly([(0.45, 0.74), (0.9, 0.74), (0.84, 0.82), (0.5, 0.82)])


def palm(pen: Pen) -> None:
    sky(pen, 0.78)
    sun(pen, 0.2, 0.22, 0.08)
    pen.ellipse(0.55, 0.8, 0.8, 0.2, (236, 214, 160))
    pen.ellipse(0.55, 0.78, 0.6, 0.12, (96, 160, 84))
    pen.line([(0.56, 0.78), (0.6, 0.5), (0.66, 0.26)], 0.03, (120, 80, 48))
    for a in range(5):
        angle = math.pi * (1.0 + a * 0.25)
        end = (0.66 + 0.24 * math.cos(angle), 0.26 + 0.12 * math.sin(angle) + 0.1)
        pen.line([(0.66, 0.26), ((0.66 + end[0]) / 2, 0.2), end], 0.03, (60, 120, 50))
    for x in (0.34, 0.42):                                   # taro in the field
        pen.poly([(x, 0.74), (x - 0.04, 0.64), (x + 0.04, 0.64)], (60, 120, 50))


def leader(pen: Pen) -> None:
    sky(pen, 0.86)
    sun(pen, 0.5, 0.5, 0.32)
    figure(pen, 0.5, 0.3, 1.3)
    for i in range(7):                                       # the feathered headdress
        a = math.pi * (1.1 + 0.8 * i / 6)
        pen.line([(0.5, 0.3), (0.5 + 0.14 * math.cos(a), 0.3 + 0.14 * math.sin(a))], 0.025, pen.ink)
    pen.line([(0.7, 0.88), (0.68, 0.18)], 0.02, (120, 80, 48))      # the staff
    pen.circle(0.68, 0.16, 0.035, pen.ink)


def pattern(pen: Pen) -> None:
    """Any card without a picture of its own (a rule file with a new card): a spiral in its colour."""
    sky(pen, None)
    pts = [(0.5 + 0.012 * i * math.cos(i * 0.3), 0.5 + 0.012 * i * math.sin(i * 0.3)) for i in range(36)]
    pen.line(pts, 0.03, pen.ink)


Motif = Callable[[Pen], None]
MOTIFS: dict[str, Motif] = {
    "hula_dancing": dancer, "hui": gathering, "rongo_rongo": glyphs, "surfing": lambda p: wave(p, True),
    "cannibalism": fire, "arioi": drum, "navigation": lambda p: canoe(p, False, True),
    "double_hulled_canoes": canoe, "poi": poi, "ocean_chart": stick_chart, "commerce": shells,
    "deforestation": stumps, "tattoo": tattoo, "pa": palisade, "moai": moai, "marae": marae,
    "tapa_cloth": tapa_picture, "wood_carving": carving, "luau": feast, "aquaculture": fishpond,
    "star_compass": star_compass, "fishhooks": hook, "kava_ceremony": bowl, "tiki": tiki,
    "feather_cloak": cloak, "petroglyphs": petroglyph,
    "typhoon": storm, "tsunami": wave, "invasive_weeds": weeds, "severe_erosion": erosion, "drought": sun_picture,
    "fresh_water_spring": spring, "war_fever": spears, "pele": volcano, "taniwha": coils, "favourable_winds": wind,
    "exceptional_fishing_season": fish, "more_fertile_islands": palm, "volcanic_ash": lambda p: volcano(p, True),
    "leader_rises": leader, "shaman": mask,
}


def draw(surface: pygame.Surface, box: pygame.Rect, key: str, ink: Colour, seed: int) -> None:
    """The picture of the card `key` in `box`, seeded (the same every time)."""
    clip = surface.get_clip()
    surface.set_clip(box)
    MOTIFS.get(key, pattern)(Pen(surface, box, ink, random.Random(seed)))
    surface.set_clip(clip)


def tapa(surface: pygame.Surface, box: pygame.Rect, ink: Colour, ground: Colour, accent: Colour | None = None) -> None:
    """Tapa cloth in `box`: bands of triangles, zigzags and diamonds between ruled lines."""
    rows = max(3, box.h // max(6, box.w // 5))
    band = box.h / rows
    line = max(1, round(band / 12))
    for i in range(rows):
        y = box.y + i * band
        pygame.draw.line(surface, ink, (box.x, round(y)), (box.right, round(y)), line)
        count = max(3, round(box.w / band))
        step = box.w / count
        for k in range(count):
            x = box.x + k * step
            kind = i % 3
            if kind == 0:
                pygame.draw.polygon(surface, ink, [(x, y + band * 0.85), (x + step / 2, y + band * 0.15),
                                                   (x + step, y + band * 0.85)])
            elif kind == 1:
                pygame.draw.lines(surface, accent or ink, False, [(x, y + band * 0.3), (x + step / 2, y + band * 0.7),
                                                                   (x + step, y + band * 0.3)], max(1, line * 2))
            else:
                cx, cy, r = x + step / 2, y + band / 2, min(step, band) * 0.32
                pygame.draw.polygon(surface, ink, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
                pygame.draw.circle(surface, ground, (cx, cy), max(1, r * 0.35))
    pygame.draw.line(surface, ink, (box.x, box.bottom - 1), (box.right, box.bottom - 1), line)
