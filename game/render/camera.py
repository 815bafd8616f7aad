"""The camera as data: which part of the world is on screen, at which zoom, and the small controllers that move it
each frame (docs/ART.md, motion).

- Follow: every move (`put`, `centre_on`, `set_zoom`, `zoom_by`, `fit`, `zoom_to`) glides to its target view,
  eased at both ends, over a time that grows with the distance; the picture never slides more than CAP of the
  view's width in one frame, so that the eye can follow it (a cut is what the player asks for: `cut=True`). A
  glide the cap holds back (a long journey, a slow frame) is planned again from where it is, at its speed, so
  that it still comes to rest gently.
  The view's rectangle is interpolated (its corner and its size), so a point that both views show at the same
  place stays still all along: a zoom by the wheel keeps the point under the cursor still. A new target met
  during a glide takes the glide's speed on, without a jolt.
- Shake: a jolt that dies away over SHAKE_TIME, a function of its own time alone (no random numbers: the same
  frames on every machine).
- Limits: the view stays over the map (at most half a screen of empty sea beyond each edge).

`motion` says how moves are shown: "glide"; "fade" (reduce motion: each move is made at once and counted in
`faded`, the table cross-fades the old picture into the new, and no shake); "cut" (speed instant: at once).
Before its first `update` a camera has shown nothing, so it moves at once too.
`x`, `y` and `zoom` are always the view drawn this frame, shake included, so hit-testing (`to_world`) is exact
during glides and shakes.
"""
from __future__ import annotations

import math

from .tween import smooth

# The map is cached at these zooms; 3.66 is 1.22 (the opening zoom at 720 lines) at 2160 lines.
ZOOMS = (0.45, 0.55, 0.68, 0.82, 1.0, 1.22, 1.5, 1.85, 2.25, 2.75, 3.66, 4.5)
CLOSEST = 2.25                    # the closest zoom up to 1080 lines; taller windows go closer, as far as lines / 480

CAP = 0.06                        # the most the picture slides in a frame, as a share of the view's width
GLIDE_MIN, GLIDE_MAX = 0.3, 0.9   # a glide's time in seconds: feedback at least, a leg of travel at most
GLIDE_PER_VIEW = 0.45             # seconds per view's width travelled (within those; CAP slows longer ones)
SHAKE_TIME = 0.4                  # seconds a shake takes to die away
SHAKE_SIZE = 0.012                # a full shake's reach, as a share of the screen's height
SHAKE_HZ = (19.0, 23.0)           # its wobble across and up and down
SETTLED = 1e-3                    # closer than this (in screen pixels) to its target, a glide has arrived

Where = tuple[float, float, float]      # a view: the world point at the screen's top-left corner, and the zoom
Span = tuple[float, float, float]       # a view as interpolated: its corner and its size (world pixels a screen pixel)


def span(where: Where) -> Span:
    return where[0], where[1], 1 / where[2]


def shift(a: Where, b: Where, screen: tuple[int, int]) -> float:
    """How far the picture slides from view `a` to view `b`, as a share of the view's width: the longest move of
    a corner of the view, over the narrower of the two views."""
    (ax, ay, az), (bx, by, bz) = a, b
    w, h = screen
    aw, bw = w / az, w / bz
    moved = max(abs(bx - ax), abs(bx + bw - ax - aw), abs(by - ay), abs(by + h / bz - ay - h / az))
    return moved / min(aw, bw)


def glide_time(distance: float) -> float:
    """Seconds to glide over `distance` views: at 60 frames a second the eased schedule stays under CAP."""
    return min(GLIDE_MAX, max(GLIDE_MIN, distance * GLIDE_PER_VIEW))


class Follow:
    """A glide from a view moving at a velocity to rest at a target view: a cubic (Hermite) in the view's corner
    and size, which with no velocity at the start is `tween.smooth`."""

    def __init__(self, start: Span, velocity: Span, end: Where, duration: float):
        self.start, self.velocity, self.end, self.duration = start, velocity, end, duration
        self.goal = span(end)
        self.elapsed = 0.0

    def wanted(self) -> Span:
        """Where the schedule puts the view now."""
        s = min(1.0, self.elapsed / self.duration)
        arrive, carry = smooth(s), s * (1 - s) ** 2 * self.duration
        x0, y0, v0 = self.start
        x1, y1, v1 = self.goal
        vx, vy, vv = self.velocity
        v = max(min(v0, v1) / 2, v0 + (v1 - v0) * arrive + vv * carry)    # never through a zoom of nothing
        return x0 + (x1 - x0) * arrive + vx * carry, y0 + (y1 - y0) * arrive + vy * carry, v


class Shake:
    """A jolt of `strength` (0-1) dying away: the offset of the picture, in screen pixels, `elapsed` after it."""

    def __init__(self, strength: float, reach: float):
        self.strength, self.reach = strength, reach
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= SHAKE_TIME

    def offset(self) -> tuple[float, float]:
        if self.done:
            return 0.0, 0.0
        size = self.strength * self.reach * (1 - self.elapsed / SHAKE_TIME) ** 2
        t = self.elapsed * 2 * math.pi
        return size * math.sin(t * SHAKE_HZ[0]), size * math.sin(t * SHAKE_HZ[1] + 1.3) * 0.7


class Camera:
    def __init__(self, world: tuple[float, float], screen: tuple[int, int]):
        self.world = world
        self.screen = screen
        self.zoom = 1.0
        self.x = 0.0                  # world point at the screen's top-left corner (shake included)
        self.y = 0.0
        self.motion = "glide"         # how moves are shown: "glide", "fade" (reduce motion) or "cut" (speed instant)
        self.faded = 0                # moves made at once in place of a glide under "fade" (the table cross-fades)
        self.shown = False            # a frame was drawn: there is a picture to glide from
        self.glide: Follow | None = None
        self.quake: Shake | None = None
        self.jolt = (0.0, 0.0)        # the shake's offset in x, y now (world pixels)
        self.velocity: Span = (0.0, 0.0, 0.0)    # the glide's, per second (a new target takes it on)

    # --- where it looks --------------------------------------------------------------------------------------

    @property
    def level(self) -> float:
        """The cached zoom the board is drawn at: the nearest level to the zoom the camera comes to rest at (during
        a zoom's glide the board at this level is drawn scaled to `zoom`)."""
        return min(self.levels, key=lambda z: abs(z - self.target[2]))

    @property
    def levels(self) -> tuple[float, ...]:
        """The zooms of this window: those past CLOSEST only on a tall window, whose text is as tall in lines
        and needs the map as close (a small window never caches a map that large)."""
        return tuple(z for z in ZOOMS if z <= max(CLOSEST, self.screen[1] / 480))

    @property
    def rest(self) -> Where:
        """The view now, without the shake."""
        return self.x - self.jolt[0], self.y - self.jolt[1], self.zoom

    @property
    def target(self) -> Where:
        """The view the camera comes to rest at: the glide's end, or where it is."""
        return self.glide.end if self.glide is not None else self.rest

    @property
    def moving(self) -> bool:
        """The camera glides or shakes: the whole map is drawn again this frame."""
        return self.glide is not None or self.quake is not None

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return (wx - self.x) * self.zoom, (wy - self.y) * self.zoom

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return sx / self.zoom + self.x, sy / self.zoom + self.y

    def visible(self, wx: float, wy: float, margin: float = 0) -> bool:
        sx, sy = self.to_screen(wx, wy)
        return -margin <= sx <= self.screen[0] + margin and -margin <= sy <= self.screen[1] + margin

    # --- moves -----------------------------------------------------------------------------------------------

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels, at once (a drag follows the hand): a glide under way stops."""
        x, y, zoom = self.rest
        self.glide, self.velocity = None, (0.0, 0.0, 0.0)
        self.place(self.limit((x + dx / zoom, y + dy / zoom, zoom)))

    def zoom_by(self, factor: float, at: tuple[float, float] | None = None, cut: bool = False) -> None:
        """Step to the next cached zoom level in the factor's direction (past the one a glide is heading to),
        keeping the point `at` still."""
        levels, zoom = self.levels, self.target[2]
        if factor > 1:
            goal = next((z for z in levels if z > zoom + 1e-6), levels[-1])
        elif factor < 1:
            goal = next((z for z in reversed(levels) if z < zoom - 1e-6), levels[0])
        else:
            return
        self.set_zoom(goal, at, cut)

    def set_zoom(self, zoom: float, at: tuple[float, float] | None = None, cut: bool = False) -> None:
        """This zoom, the world point at the screen point `at` (the centre by default) kept where it is."""
        sx, sy = at if at is not None else (self.screen[0] / 2, self.screen[1] / 2)
        x, y, was = self.target
        wx, wy = x + sx / was, y + sy / was
        self.go((wx - sx / zoom, wy - sy / zoom, zoom), cut)

    def zoom_to(self, x: float, y: float, zoom: float, cut: bool = False) -> None:
        """Back to a view kept before (its corner and zoom)."""
        self.go((x, y, zoom), cut)

    def fit(self, cut: bool = False) -> None:
        """The zoom that shows the whole map, centred."""
        w, h = self.screen
        fitting = [z for z in self.levels if self.world[0] * z <= w and self.world[1] * z <= h]
        zoom = fitting[-1] if fitting else ZOOMS[0]
        self.go(((self.world[0] - w / zoom) / 2, (self.world[1] - h / zoom) / 2, zoom), cut)

    def centre_on(self, wx: float, wy: float, cut: bool = False) -> None:
        zoom = self.target[2]
        self.go((wx - self.screen[0] / 2 / zoom, wy - self.screen[1] / 2 / zoom, zoom), cut)

    def put(self, wx: float, wy: float, sx: float, sy: float, cut: bool = False) -> None:
        """Move the view so that the world point (wx, wy) shows at the screen point (sx, sy)."""
        zoom = self.target[2]
        self.go((wx - sx / zoom, wy - sy / zoom, zoom), cut)

    def go(self, where: Where, cut: bool = False) -> None:
        """Glide to a view (kept over the map), or be there at once: where asked (`cut`), under `motion` "cut" or
        "fade", and before the first frame."""
        end = self.limit(where)
        if self.glide is not None and not cut and shift(self.glide.end, end, self.screen) * self.screen[0] < SETTLED:
            return                                 # on its way there already
        if cut or self.motion != "glide" or not self.shown:
            if self.motion == "fade" and not cut and self.shown and shift(self.rest, end, self.screen) > 1e-6:
                self.faded += 1
            self.glide, self.velocity = None, (0.0, 0.0, 0.0)
            self.place(end)
            return
        distance = shift(self.rest, end, self.screen)
        if distance * self.screen[0] < SETTLED and not any(self.velocity):
            self.glide = None
            self.place(end)
            return
        self.glide = Follow(span(self.rest), self.velocity, end, glide_time(distance))

    def finish(self) -> None:
        """The glide under way ends at once (a cut)."""
        if self.glide is not None:
            self.place(self.glide.end)
            self.glide, self.velocity = None, (0.0, 0.0, 0.0)

    def shake(self, strength: float) -> None:
        """Shake the picture (an impact: the die lands, a village falls); none unless the camera glides (reduce
        motion, speed instant). A stronger shake takes the place of a weaker one under way."""
        if self.motion == "glide" and strength > 0 and (self.quake is None or strength >= self.current_shake()):
            self.quake = Shake(min(1.0, strength), SHAKE_SIZE * self.screen[1])

    def current_shake(self) -> float:
        quake = self.quake
        return 0.0 if quake is None else quake.strength * (1 - min(1.0, quake.elapsed / SHAKE_TIME)) ** 2

    def place(self, where: Where) -> None:
        """The view at rest there, the shake's offset kept on it."""
        x, y, self.zoom = where
        self.x, self.y = x + self.jolt[0], y + self.jolt[1]

    # --- each frame ------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Move on by `dt` seconds: the shake, then the glide, the picture sliding by no more than CAP of the
        view's width in all."""
        self.shown = True
        before = (self.x, self.y, self.zoom)
        rest = self.rest
        self.jolt = (0.0, 0.0)
        if self.quake is not None:
            self.quake.elapsed += dt
            ox, oy = self.quake.offset()
            self.jolt = (ox / self.zoom, oy / self.zoom)
            if self.quake.done:
                self.quake = None
        glide = self.glide
        if glide is not None and dt > 0:
            glide.elapsed += dt
            # What the shake takes of this frame's slide, with room for a zoom's narrowing of the view.
            room = CAP - 1.25 * shift(before, (rest[0] + self.jolt[0], rest[1] + self.jolt[1], rest[2]), self.screen)
            now, want = span(rest), glide.wanted() if glide.elapsed < glide.duration else glide.goal
            moved = shift(rest, (want[0], want[1], 1 / want[2]), self.screen)
            k = min(1.0, max(0.0, room) / moved) if moved > 0 else 1.0
            x, y, v = (a + (b - a) * k for a, b in zip(now, want, strict=True))
            self.velocity = ((x - now[0]) / dt, (y - now[1]) / dt, (v - now[2]) / dt)
            rest = (x, y, 1 / v)
            left = shift(rest, glide.end, self.screen)
            if glide.elapsed >= glide.duration and left * self.screen[0] < SETTLED:
                rest, self.glide, self.velocity = glide.end, None, (0.0, 0.0, 0.0)
            elif k < 1:                            # held back: the rest of the way, from here at this speed
                self.glide = Follow(span(rest), self.velocity, glide.end, glide_time(left))
        self.place(rest)

    def limit(self, where: Where) -> Where:
        """Keep some of the map on screen: at most half a screen of empty sea beyond each edge; a map smaller
        than the screen stays centred."""
        x, y, zoom = where
        out = []
        for value, size, world in ((x, self.screen[0] / zoom, self.world[0]), (y, self.screen[1] / zoom,
                                                                                self.world[1])):
            lo, hi = -size / 2, world - size / 2
            out.append(min(max(value, lo), hi) if lo <= hi else (world - size) / 2)
        return out[0], out[1], zoom

    def resize(self, screen: tuple[int, int]) -> None:
        """A new window size: the same centre, at once."""
        x, y, zoom = self.target
        cx, cy = x + self.screen[0] / 2 / zoom, y + self.screen[1] / 2 / zoom
        self.screen = screen
        self.centre_on(cx, cy, cut=True)
