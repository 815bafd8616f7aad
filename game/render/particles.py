"""Particles (docs/ART.md, effects layer): splash, burst, foam, dust, confetti, smoke.

Cheap by design. A puff is a handful of particles born together from a seed (the same puff in every process and
for every viewer: it is seeded by public facts, never drawn from a clock or a hidden fact, RULES.md X9); where
each one is at any moment is a closed formula of its age (a launch slowed by drag, and gravity), so nothing is
stepped frame by frame, a skipped clip costs nothing and a puff can be drawn at any time. Positions are in hex
sizes around an origin the caller gives each frame, so a puff follows the camera's glide and zoom. The dots are
pre-rendered sprites kept by (colour, radius, opacity step) and shared by every puff (the pool); a frame blits
them, it never draws a circle.

Reduce motion (app.settings.reduce_motion) turns particles off: the callers do not draw them (anim's `still`).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

Colour = tuple[int, int, int]
ALPHA_STEPS = 8                        # opacities a dot is pre-rendered at
FOAM: Colour = (236, 246, 250)
WATER: Colour = (150, 206, 236)
DUST: Colour = (214, 190, 140)
SMOKE: Colour = (150, 146, 140)
SPARK: Colour = (255, 214, 110)


@dataclass(frozen=True, slots=True)
class Style:
    """How a kind of puff behaves: how many dots, how fast (hex sizes a second) and in which directions (a cone
    around `up`, radians; `spread` its half-width), how long they live, drag (per second), gravity (hex sizes a
    second squared, down the screen), dot radius in hex sizes, and whether the dots shrink as they age."""
    count: int
    speed: tuple[float, float]
    spread: float
    life: tuple[float, float]
    drag: float
    gravity: float
    radius: tuple[float, float]
    shrink: bool
    colours: tuple[Colour, ...]
    up: float = -math.pi / 2           # straight up the screen


STYLES: dict[str, Style] = {
    "splash": Style(14, (0.9, 1.8), 0.7, (0.45, 0.7), 1.5, 4.5, (0.05, 0.09), True, (FOAM, WATER)),
    "burst": Style(22, (1.2, 2.4), math.pi, (0.5, 0.8), 3.5, 0.0, (0.05, 0.08), True, (SPARK, (255, 255, 255))),
    "dust": Style(10, (0.35, 0.8), 1.2, (0.4, 0.65), 4.0, -0.3, (0.06, 0.11), False, (DUST,)),
    "foam": Style(2, (0.05, 0.15), math.pi, (0.5, 0.7), 2.0, 0.0, (0.04, 0.07), True, (FOAM,)),
    "confetti": Style(26, (1.0, 2.2), 1.0, (0.8, 1.1), 2.5, 1.6, (0.04, 0.06), False, (SPARK,)),
    "smoke": Style(8, (0.15, 0.35), 0.5, (0.8, 1.2), 1.2, -0.2, (0.08, 0.14), False, (SMOKE,)),
}


@lru_cache(maxsize=512)
def dot(colour: Colour, radius: int, step: int) -> pygame.Surface:
    """The pooled sprite: a soft dot of this colour, radius (pixels) and opacity step (1..ALPHA_STEPS)."""
    side = radius * 2 + 2
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    alpha = round(255 * step / ALPHA_STEPS)
    pygame.draw.circle(surface, (*colour, alpha // 2), (side / 2, side / 2), radius)
    pygame.draw.circle(surface, (*colour, alpha), (side / 2, side / 2), max(1, radius * 0.7))
    return surface


@dataclass(frozen=True, slots=True)
class Dot:
    dx: float
    dy: float
    vx: float
    vy: float
    life: float
    radius: float
    colour: Colour


class Puff:
    """Particles born together at an offset from the origin (hex sizes), with a colour for all of them or the
    style's own, aimed `up` (radians) if given."""

    def __init__(self, kind: str, seed: int, at: tuple[float, float] = (0.0, 0.0), colour: Colour | None = None,
                 up: float | None = None, count: int | None = None):
        style = STYLES[kind]
        rnd = random.Random(seed)
        self.style = style
        aim = style.up if up is None else up
        dots = []
        for _ in range(style.count if count is None else count):
            angle = aim + rnd.uniform(-style.spread, style.spread)
            speed = rnd.uniform(*style.speed)
            dots.append(Dot(at[0] + rnd.uniform(-0.05, 0.05), at[1] + rnd.uniform(-0.05, 0.05),
                            math.cos(angle) * speed, math.sin(angle) * speed, rnd.uniform(*style.life),
                            rnd.uniform(*style.radius), colour or rnd.choice(style.colours)))
        self.dots = tuple(dots)
        self.duration = max((d.life for d in dots), default=0.0)

    def draw(self, screen: pygame.Surface, origin: tuple[float, float], size: float, age: float) -> pygame.Rect | None:
        """The puff `age` seconds after its birth around `origin` (screen pixels) for a hex `size` pixels wide;
        where it drew."""
        if age < 0 or age >= self.duration:
            return None
        style = self.style
        travel = (1 - math.exp(-style.drag * age)) / style.drag
        fall = 0.5 * style.gravity * age * age
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for d in self.dots:
            left = 1 - age / d.life
            if left <= 0:
                continue
            r = max(1, round(d.radius * size * (left if style.shrink else 1.0)))
            step = max(1, min(ALPHA_STEPS, math.ceil(left * ALPHA_STEPS)))
            x = origin[0] + (d.dx + d.vx * travel) * size
            y = origin[1] + (d.dy + d.vy * travel + fall) * size
            blits.append((dot(d.colour, r, step), (round(x) - r - 1, round(y) - r - 1)))
        if not blits:
            return None
        drawn = [pygame.Rect(at, sprite.get_size()) for sprite, at in blits]
        screen.blits(blits, doreturn=False)
        return drawn[0].unionall(drawn[1:])


class Wake:
    """Foam left behind a moving thing: a small puff every `every` seconds where the thing was then (its route
    as a function of time, in screen pixels), each fading on its own. Drawn from time alone."""

    def __init__(self, seed: int, every: float = 0.06, life: float = 0.6):
        self.seed, self.every, self.life = seed, every, life

    def draw(self, screen: pygame.Surface, route: Callable[[float], tuple[float, float]], size: float,
             now: float) -> pygame.Rect | None:
        """`route(t)`: where the thing was at time t (screen pixels; only the last `life` seconds are asked);
        `now`: the time in seconds."""
        drawn: pygame.Rect | None = None
        first = max(0, math.ceil((now - self.life) / self.every))
        for i in range(first, int(now / self.every) + 1):
            rect = _foam(self.seed + i).draw(screen, route(i * self.every), size, now - i * self.every)
            if rect is not None:
                drawn = rect if drawn is None else drawn.union(rect)
        return drawn


@lru_cache(maxsize=256)
def _foam(seed: int) -> Puff:
    return Puff("foam", seed)


class Confetti:
    """A celebration's paper (the end of a game): one burst of paper pieces from a point, up and out, then
    fluttering down. Each piece's place is a function of its number and the burst's age alone (low-discrepancy
    sequences, not random numbers), so a fixed clock draws the same frames and no hidden fact can move it."""

    COUNT = 120
    LIFE = 5.0            # seconds: by then every piece has fallen out of sight

    def __init__(self, colours: Sequence[Colour]):
        self.colours = tuple(colours)

    def draw(self, screen: pygame.Surface, origin: tuple[float, float], unit: int, age: float) -> None:
        if not 0 <= age <= self.LIFE:
            return
        height = screen.get_height()
        drag, gravity = 1.8, unit * 34.0
        spent = (1 - math.exp(-drag * age)) / drag          # how far the launch speed carried, with air's drag
        for i in range(self.COUNT):
            u, v, w = (i * 0.6180340) % 1, (i * 0.7548777) % 1, (i * 0.5698403) % 1
            angle = -math.pi / 2 + (u - 0.5) * 2.6
            speed = unit * (16 + 30 * v)
            sway = math.sin(age * (2 + 2 * w) + i) * unit * 0.8 * (1 - math.exp(-age))
            x = origin[0] + math.cos(angle) * speed * spent + sway
            y = origin[1] + math.sin(angle) * speed * spent + gravity / drag * (age - spent)
            if y > height + unit:
                continue
            size = unit * (0.22 + 0.2 * w)
            spin = age * (3 + 5 * u) + i
            flip = abs(math.cos(age * (5 + 6 * w) + i))          # the piece turning over: seen edge-on, then flat
            dx, dy = math.cos(spin), math.sin(spin)
            half_w, half_h = size * max(0.15, flip), size * 0.6
            corners = [(x + dx * a - dy * b, y + dy * a + dx * b)
                       for a, b in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))]
            pygame.draw.polygon(screen, self.colours[i % len(self.colours)], corners)
