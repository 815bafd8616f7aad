"""The camera: which part of the world is on screen, at which zoom. Zoom keeps the point under the cursor
still; the view stays over the map."""
from __future__ import annotations

# The map is cached at these zooms; 3.66 is 1.22 (the opening zoom at 720 lines) at 2160 lines.
ZOOMS = (0.45, 0.55, 0.68, 0.82, 1.0, 1.22, 1.5, 1.85, 2.25, 2.75, 3.66, 4.5)
CLOSEST = 2.25                    # the closest zoom up to 1080 lines; taller windows go closer, as far as lines / 480


class Camera:
    def __init__(self, world: tuple[float, float], screen: tuple[int, int]):
        self.world = world
        self.screen = screen
        self.zoom = 1.0
        self.x = 0.0                  # world point at the screen's top-left corner
        self.y = 0.0

    @property
    def level(self) -> float:
        """The cached zoom the board is drawn at now: the nearest level to `zoom` (during a zoom's glide the
        board at this level is drawn scaled to `zoom`)."""
        return min(self.levels, key=lambda z: abs(z - self.zoom))

    @property
    def moving(self) -> bool:
        """The camera glides or shakes: the whole map is drawn again this frame."""
        return False

    def update(self, dt: float) -> None:
        """Move on by `dt` seconds: glides and shake (game/render/tween.py's easings)."""

    @property
    def levels(self) -> tuple[float, ...]:
        """The zooms of this window: those past CLOSEST only on a tall window, whose text is as tall in lines
        and needs the map as close (a small window never caches a map that large)."""
        return tuple(z for z in ZOOMS if z <= max(CLOSEST, self.screen[1] / 480))

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return (wx - self.x) * self.zoom, (wy - self.y) * self.zoom

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return sx / self.zoom + self.x, sy / self.zoom + self.y

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels."""
        self.x += dx / self.zoom
        self.y += dy / self.zoom
        self.clamp()

    def zoom_by(self, factor: float, at: tuple[float, float] | None = None) -> None:
        """Step to the next cached zoom level in the factor's direction, keeping the point `at` still."""
        levels = self.levels
        if factor > 1:
            target = next((z for z in levels if z > self.zoom + 1e-6), levels[-1])
        elif factor < 1:
            target = next((z for z in reversed(levels) if z < self.zoom - 1e-6), levels[0])
        else:
            return
        self.set_zoom(target, at)

    def set_zoom(self, zoom: float, at: tuple[float, float] | None = None) -> None:
        sx, sy = at if at is not None else (self.screen[0] / 2, self.screen[1] / 2)
        wx, wy = self.to_world(sx, sy)
        self.zoom = zoom
        self.x, self.y = wx - sx / zoom, wy - sy / zoom
        self.clamp()

    def zoom_to(self, x: float, y: float, zoom: float) -> None:
        """Back to a view kept before (its corner and zoom)."""
        self.x, self.y, self.zoom = x, y, zoom
        self.clamp()

    def fit(self) -> None:
        """The zoom that shows the whole map, centred."""
        w, h = self.screen
        fitting = [z for z in self.levels if self.world[0] * z <= w and self.world[1] * z <= h]
        self.zoom = fitting[-1] if fitting else ZOOMS[0]
        self.x = (self.world[0] - w / self.zoom) / 2
        self.y = (self.world[1] - h / self.zoom) / 2

    def centre_on(self, wx: float, wy: float) -> None:
        self.x, self.y = wx - self.screen[0] / 2 / self.zoom, wy - self.screen[1] / 2 / self.zoom
        self.clamp()

    def put(self, wx: float, wy: float, sx: float, sy: float) -> None:
        """Move the view so that the world point (wx, wy) shows at the screen point (sx, sy)."""
        self.x, self.y = wx - sx / self.zoom, wy - sy / self.zoom
        self.clamp()

    def visible(self, wx: float, wy: float, margin: float = 0) -> bool:
        sx, sy = self.to_screen(wx, wy)
        return -margin <= sx <= self.screen[0] + margin and -margin <= sy <= self.screen[1] + margin

    def clamp(self) -> None:
        """Keep some of the map on screen: at most half a screen of empty sea beyond each edge."""
        w, h = self.screen[0] / self.zoom, self.screen[1] / self.zoom
        for axis, size, world in ((0, w, self.world[0]), (1, h, self.world[1])):
            lo, hi = -size / 2, world - size / 2
            value = self.x if axis == 0 else self.y
            value = min(max(value, lo), hi) if lo <= hi else (world - size) / 2
            if axis == 0:
                self.x = value
            else:
                self.y = value

    def resize(self, screen: tuple[int, int]) -> None:
        cx, cy = self.to_world(self.screen[0] / 2, self.screen[1] / 2)
        self.screen = screen
        self.centre_on(cx, cy)
