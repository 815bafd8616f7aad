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
from dataclasses import dataclass, field
from functools import lru_cache

import pygame
import pymunk

from . import sound, theme

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
        result.poses.append(Pose(x, y, angle, faces[k], roll, heading))
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

def draw_tray(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """The tray: a wooden frame around green felt."""
    pygame.draw.rect(screen, (96, 62, 36), rect.inflate(12, 12), border_radius=12)
    pygame.draw.rect(screen, (46, 104, 74), rect, border_radius=8)
    pygame.draw.rect(screen, (38, 88, 62), rect, 3, border_radius=8)


def draw_die(screen: pygame.Surface, rect: pygame.Rect, pose: Pose, colour: theme.Colour = (250, 246, 236),
             pip: theme.Colour = theme.INK) -> None:
    """The die at its pose, scaled from the tray to `rect`: a shadow, a rounded square squashed along its
    rolling direction while it turns over, and the pips of the face on top."""
    scale = rect.w / TRAY[0]
    size = DIE * scale
    cx, cy = rect.x + pose.x * scale, rect.y + pose.y * scale
    squash = 1.0 - 0.35 * math.sin(math.pi * pose.roll)
    side = max(8, round(size * 1.5))
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, round(size), round(size))
    body.center = (side // 2, side // 2)
    pygame.draw.rect(tile, colour, body, border_radius=max(2, round(size * 0.16)))
    pygame.draw.rect(tile, (170, 160, 140), body, max(1, round(size / 30)), border_radius=max(2, round(size * 0.16)))
    r = max(1.5, size * 0.085)
    for px, py in PIPS[pose.face]:
        pygame.draw.circle(tile, pip, (body.centerx + px * size * 0.26, body.centery + py * size * 0.26), r)
    if squash < 0.999:
        turned = pygame.transform.rotate(tile, -math.degrees(pose.heading))
        turned = pygame.transform.smoothscale(turned, (max(1, round(turned.get_width() * squash)),
                                                       turned.get_height()))
        tile = pygame.transform.rotate(turned, math.degrees(pose.heading))
    tile = pygame.transform.rotate(tile, -math.degrees(pose.angle))
    shadow = pygame.Surface((round(size * 1.1), round(size * 1.1)), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
    lift = size * 0.12 * math.sin(math.pi * pose.roll)
    screen.blit(shadow, shadow.get_rect(center=(round(cx + size * 0.08), round(cy + size * 0.12))))
    screen.blit(tile, tile.get_rect(center=(round(cx), round(cy - lift))))


# --- sound ------------------------------------------------------------------------------------------------------


def knock(strength: float) -> None:
    """The die knocks on the tray's wooden wall, as loud as it hit (game/sound.py; silent without a mixer)."""
    sound.play("die", max(0.05, min(1.0, strength)))
