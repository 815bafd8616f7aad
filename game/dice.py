"""The dice tray: a battle die thrown with pymunk physics (M8.4).

The engine's seeded dice stream decides every face; the physics only animates it. A throw is simulated whole
when it starts (a few hundred steps, about a millisecond), from a seeded launch, so it can be played back at any
speed, hurried to its end by a click or a key, and thrown again identically in another process.

Seen from above, a cube that rolls turns over one edge each time it travels its own width; each turn brings up a
face next to the one before (never the opposite one). The simulation counts those tumbles; the faces shown along
the way are then chosen backwards from the engine's face, each a neighbour of the next, so the die comes to rest
showing exactly the face the engine rolled. The player never sees a die settle on one number while the game uses
another.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame
import pymunk

from . import sound, theme
from .render.redraw import bounds

# The tray in simulation units: pixels of a die 60 wide; the screen scales the whole picture.
DIE = 60.0
TRAY = (480.0, 270.0)
STEP = 1 / 120                         # simulated seconds per physics step
REST_SPEED, REST_SPIN = 2.0, 0.05      # px/s and rad/s under which the die is at rest (ENV-NOTES, dice)
FRICTION = 330.0                       # px/s² the felt takes off the die's speed (rolling resistance)
SPIN_FRICTION = 14.0                   # rad/s² it takes off its spin
DAMPING = 0.6                         # fraction of velocity kept after one second, besides the friction
MAX_STEPS = 900                        # 7.5 s: a throw that has not settled by then is stopped where it is
WALL = 1                               # collision type of the tray's walls
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass(frozen=True, slots=True)
class Pose:
    """The die at one moment: centre in tray units, angle in radians, the face on top, how far through a tumble
    it is (0 to 1, for the squash that shows it rolling) and the direction it rolls in."""
    x: float
    y: float
    angle: float
    face: int
    roll: float
    heading: float
    coming: int = 0                    # the face this tumble brings up (0: none, the die lies still)


@dataclass(slots=True)
class Throw:
    """One die thrown: its poses every physics step until it rests, and the knocks against the walls."""
    face: int
    seed: int
    poses: list[Pose] = field(default_factory=list)
    knocks: list[tuple[float, float]] = field(default_factory=list)     # (time, strength 0-1)

    @property
    def duration(self) -> float:
        """Simulated seconds until the die rests."""
        return (len(self.poses) - 1) * STEP

    def at(self, t: float) -> Pose:
        """The pose at time t (the last one from the end on: a hurried throw shows the same face)."""
        return self.poses[min(len(self.poses) - 1, max(0, int(t / STEP)))]

    @property
    def rest(self) -> Pose:
        return self.poses[-1]


def neighbours(face: int) -> list[int]:
    """The faces that can come up after `face` when a die turns over one edge: all but itself and its opposite
    (opposite faces add up to 7)."""
    return [f for f in range(1, 7) if f not in (face, 7 - face)]


@lru_cache(maxsize=16)
def throw(face: int, seed: int) -> Throw:
    """Simulate a throw that will come to rest showing `face` (1-6); the same seed gives the same throw (and,
    for the few last ones, the same object: the battle panel asks for the resting die every frame)."""
    if not 1 <= face <= 6:
        raise ValueError(f"a die has faces 1 to 6, not {face}")
    rnd = random.Random(seed)
    space = pymunk.Space()
    space.damping = DAMPING
    w, h = TRAY
    for a, b in (((0, 0), (w, 0)), ((w, 0), (w, h)), ((w, h), (0, h)), ((0, h), (0, 0))):
        wall = pymunk.Segment(space.static_body, a, b, 6)
        wall.elasticity, wall.friction, wall.collision_type = 0.6, 0.4, WALL
        space.add(wall)
    body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (DIE, DIE)))
    body.position = (DIE, rnd.uniform(DIE, h - DIE))
    speed = rnd.uniform(600, 860)
    heading = rnd.uniform(-0.55, 0.55)
    body.velocity = (speed * math.cos(heading), speed * math.sin(heading))
    body.angle = rnd.uniform(0, math.tau)
    body.angular_velocity = rnd.uniform(-22, 22)
    body.velocity_func = _felt
    box = pymunk.Poly.create_box(body, (DIE, DIE), radius=4)
    box.elasticity, box.friction = 0.5, 0.6
    space.add(body, box)
    result = Throw(face, seed)
    hits: list[float] = []
    space.on_collision(WALL, None, post_solve=lambda arbiter, _space, _data: hits.append(
        arbiter.total_impulse.length) if arbiter.is_first_contact else None)
    travelled, tumbles, marks = 0.0, 0, [0.0]
    track: list[tuple[float, float, float, float]] = []
    for step in range(MAX_STEPS):
        x, y = body.position
        track.append((x, y, body.angle, math.atan2(body.velocity.y, body.velocity.x)))
        if body.velocity.length < REST_SPEED and abs(body.angular_velocity) < REST_SPIN:
            break
        space.step(STEP)
        travelled += (body.position - (x, y)).length
        while travelled >= (tumbles + 1) * DIE:
            tumbles += 1
            marks.append(step * STEP)
        if hits:
            result.knocks.append((step * STEP, min(1.0, max(hits) / 900.0)))
            hits.clear()
    faces = [face]
    for _ in range(tumbles):
        faces.append(rnd.choice(neighbours(faces[-1])))
    faces.reverse()                                        # faces[i] shows after the i-th tumble, ending on face
    for i, (x, y, angle, heading) in enumerate(track):
        t = i * STEP
        k = sum(1 for m in marks[1:] if m <= t)
        span = (marks[k + 1] - marks[k]) if k + 1 < len(marks) else 1.0
        roll = 0.0 if k + 1 >= len(marks) else min(1.0, (t - marks[k]) / max(span, STEP))
        result.poses.append(Pose(x, y, angle, faces[k], roll, heading, faces[k + 1] if k + 1 < len(faces) else 0))
    return result


def _felt(body: pymunk.Body, gravity: tuple[float, float], damping: float, dt: float) -> None:
    """The tray's felt: the space's damping, then a steady friction that brings the die to a stop in finite
    time (a throw rests within seconds instead of creeping for ever)."""
    pymunk.Body.update_velocity(body, gravity, damping, dt)
    v = body.velocity
    speed = v.length
    body.velocity = v * (max(0.0, speed - FRICTION * dt) / speed) if speed > 0 else v
    w = body.angular_velocity
    body.angular_velocity = math.copysign(max(0.0, abs(w) - SPIN_FRICTION * dt), w)


def seed_for(game_seed: int, log_index: int) -> int:
    """The launch of the roll logged at `log_index` in the game of `game_seed`: every viewer, every replay and
    every process throws it the same way."""
    return (game_seed * 1_000_003 + log_index * 7_919) & 0xFFFFFFFF


# --- drawing ----------------------------------------------------------------------------------------------------
# The die is a cube in 3D drawn with a few polygons: seen from above and a little from the front (TILT), lit from
# the top left, each visible face shaded by the light and carrying its pips. Its orientation is worked out from
# the pose: the face on top, turned by pymunk's angle about the upright, tipped over the edge it rolls across by
# the tumble's progress toward the face that tumble brings up. Opposite faces add up to 7, as on a real die.

TILT = 0.5                                        # radians the view leans from straight down toward the player
LIGHT = (-0.45, -0.55, 0.70)                      # where the light comes from (x right, y down the tray, z up)
AIR, HOP = 0.28, 0.18                             # seconds the thrown die falls, and its little hop after landing
DROP = 2.4                                        # the height it is thrown from, in die sizes
Vec = tuple[float, float, float]
NORMALS: dict[int, Vec] = {1: (0, 0, 1), 6: (0, 0, -1), 2: (1, 0, 0), 5: (-1, 0, 0), 3: (0, 1, 0), 4: (0, -1, 0)}
AXES: dict[int, tuple[Vec, Vec]] = {                # two directions across each face, for its pips
    1: ((1, 0, 0), (0, 1, 0)), 6: ((1, 0, 0), (0, 1, 0)), 2: ((0, 1, 0), (0, 0, 1)), 5: ((0, 1, 0), (0, 0, 1)),
    3: ((1, 0, 0), (0, 0, 1)), 4: ((1, 0, 0), (0, 0, 1))}
EYE = (0.0, math.sin(TILT), math.cos(TILT))       # toward the viewer


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec, b: Vec) -> Vec:
    return a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]


def _add(*terms: tuple[float, Vec]) -> Vec:
    return (sum(k * v[0] for k, v in terms), sum(k * v[1] for k, v in terms), sum(k * v[2] for k, v in terms))


def orientation(pose: Pose) -> Callable[[Vec], Vec]:
    """The die's turn at a pose, as a map from the die's own directions to the tray's: `pose.face` up, the face
    the tumble brings up on the side it rolls away from, tipped over by the tumble's progress."""
    turns = [pose.angle + k * math.pi / 2 for k in range(4)]
    side = max(turns, key=lambda a: math.cos(a - pose.heading))          # the die's side nearest its heading
    ahead: Vec = (math.cos(side), math.sin(side), 0.0)
    coming = pose.coming if pose.coming in neighbours(pose.face) else neighbours(pose.face)[0]
    u, v = NORMALS[pose.face], NORMALS[coming]
    w = _cross(u, v)
    up: Vec = (0.0, 0.0, 1.0)
    back: Vec = (-ahead[0], -ahead[1], 0.0)
    third = _cross(up, back)
    axis = _cross(up, ahead)
    phi = pose.roll * math.pi / 2
    c, s = math.cos(phi), math.sin(phi)

    def turn(x: Vec) -> Vec:
        placed = _add((_dot(x, u), up), (_dot(x, v), back), (_dot(x, w), third))
        return _add((c, placed), (s, _cross(axis, placed)), (_dot(axis, placed) * (1 - c), axis))
    return turn


def top_face(pose: Pose) -> int:
    """The face the drawn die shows on top (the engine's face once the die rests: tests/game/test_battle.py)."""
    turn = orientation(pose)
    return max(NORMALS, key=lambda f: turn(NORMALS[f])[2])


def height(t: float) -> float:
    """How high the thrown die is `t` seconds into its throw, in die sizes: falling from DROP, landing at AIR
    (the impact), one small hop, then on the felt."""
    if t < AIR:
        return DROP * (1 - (t / AIR) ** 2)
    if t < AIR + HOP:
        return 0.22 * math.sin(math.pi * (t - AIR) / HOP)
    return 0.0


def draw_tray(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """The tray: a wooden frame around green felt."""
    pygame.draw.rect(screen, (96, 62, 36), rect.inflate(12, 12), border_radius=12)
    pygame.draw.rect(screen, (46, 104, 74), rect, border_radius=8)
    pygame.draw.rect(screen, (38, 88, 62), rect, 3, border_radius=8)


@lru_cache(maxsize=64)
def _shadow(w: int, h: int, alpha: int) -> pygame.Surface:
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.ellipse(surface, (0, 0, 0, alpha), surface.get_rect())
    return surface


def draw_die(screen: pygame.Surface, rect: pygame.Rect, pose: Pose, colour: theme.Colour = (250, 246, 236),
             pip: theme.Colour = theme.INK, lift: float = 0.0) -> pygame.Rect:
    """The die at its pose, scaled from the tray to `rect`, `lift` die sizes above the felt: its shadow (smaller
    and fainter the higher it is), then its visible faces, shaded, with their pips. Where it drew."""
    scale = rect.w / TRAY[0]
    size = DIE * scale
    cx, cy = rect.x + pose.x * scale, rect.y + pose.y * scale
    half = size / 2
    phi = pose.roll * math.pi / 2
    rise = size / math.sqrt(2) * math.sin(math.pi / 4 + phi) - half     # a tumbling cube stands on its edge
    high = (rise / size + lift) if size else 0.0
    shrink = 1 / (1 + high * 0.6)
    sw, sh = round(size * 1.25 * shrink), round(size * 0.8 * shrink)
    shadow = _shadow(sw, sh, round(90 * shrink))
    drawn = shadow.get_rect(center=(round(cx + size * 0.1), round(cy + size * 0.18)))
    screen.blit(shadow, drawn)
    turn = orientation(pose)
    z0 = half + rise + lift * size
    sin_t, cos_t = math.sin(TILT), math.cos(TILT)

    def project(p: Vec) -> tuple[float, float]:
        return cx + p[0], cy + p[1] * cos_t - (p[2] + z0) * sin_t

    light_len = math.sqrt(_dot(LIGHT, LIGHT))
    for face, normal in NORMALS.items():
        n = turn(normal)
        if _dot(n, EYE) <= 0.02:
            continue
        a, b = (turn(e) for e in AXES[face])
        centre = (n[0] * half, n[1] * half, n[2] * half)
        corners = [project(_add((1, centre), (sa * half, a), (sb * half, b)))
                   for sa, sb in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        lit = 0.6 + 0.4 * max(0.0, _dot(n, LIGHT) / light_len)
        pygame.draw.polygon(screen, tuple(min(255, round(ch * lit)) for ch in colour), corners)
        pygame.draw.polygon(screen, (150, 140, 122), corners, max(1, round(size / 40)))
        foreshortened = max(0.0, _dot(n, EYE))
        r = max(1.0, size * 0.08 * math.sqrt(foreshortened))
        for px, py in PIPS[face]:
            at = project(_add((1, centre), (px * size * 0.26, a), (py * size * 0.26, b)))
            pygame.draw.circle(screen, pip, at, r)
        drawn.union_ip(bounds(corners, 1))
    return drawn


# --- sound ------------------------------------------------------------------------------------------------------


def knock(strength: float) -> None:
    """The die knocks on the tray's wooden wall, as loud as it hit (game/sound.py; silent without a mixer)."""
    sound.play("die", max(0.05, min(1.0, strength)))
