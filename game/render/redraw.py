"""Drawing only what changed. A 4K screen is 33 MB of pixels: one copy of it costs about 4 ms on a laptop's CPU,
and the table's frame (the board, its panels blended over it) moved four screens' worth, twice the 8.3 ms a frame
may take (CLIENT.md). Most frames change only a few places: a canoe gliding, the hovered hex and its tooltip, a
panel whose words changed, the hexes the last move redrew.

A scene that can be drawn in part draws itself once with nothing showing (an empty clip), telling its `Redraw`
where its moving things are (`moved`: drawn there this frame, so redrawn there the next frame too, to clean them
away) and which still pictures changed (`changed`: a panel's layer repainted, hexes of the board). The app then
draws the scene again clipped to each of those areas, and shows only them. A change of what the whole picture
rests on (the camera, the board's zoom, the panels' places: the scene's `key`) draws the whole frame, as before.
Every pass draws the scene's whole picture in its clip, the opaque map first, so the passes may overlap.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import pygame

MARGIN = 8              # pixels kept around what is said to move or change: shadows, ring widths, rounding
MOST_PASSES = 6         # the areas are merged into at most this many passes (each costs the scene's Python)
JOIN = 0.03             # two areas are drawn in one pass when that draws less than this share of the screen more
SMALL = 0.01            # areas smaller than this share of the screen are first gathered by where they lie
GRID = 3                # ... on a GRID x GRID chart of the screen
WHOLE = 0.7             # past this share of the screen, the whole frame is drawn at once (one pass, no merging)


class Redraw:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.recording = False
        self.frame = -1                           # the frame measured last
        self.repainted = False                    # a still picture was drawn again in that frame
        self.moving: list[pygame.Rect] = []       # this frame's moving things
        self.last: list[pygame.Rect] = []         # the last frame's, to clean away
        self.still: list[pygame.Rect] = []        # still pictures changed this frame

    def moved(self, rect: pygame.Rect | None) -> None:
        """Something that moves, or may change at any frame, is drawn here this frame."""
        if self.recording and rect is not None:
            self.moving.append(rect.inflate(MARGIN * 2, MARGIN * 2))

    def changed(self, rect: pygame.Rect) -> None:
        """A still picture drawn here changed this frame."""
        if self.recording:
            self.still.append(rect.inflate(MARGIN * 2, MARGIN * 2))

    def measured(self, frame: int) -> bool:
        """Whether this frame was measured: it may be drawn in part, and its still pictures may wait a frame."""
        return frame == self.frame

    def may_repaint(self, frame: int) -> bool:
        """Whether a still picture may be drawn again, or put in place of the one shown, now: one such job in a
        measured frame (three panels changing at once wait a frame or two each), always in any other. The passes
        of a frame keep the choices of its measure."""
        if frame != self.frame:
            return True
        if self.repainted:
            return False
        self.repainted = True
        return True

    def repaint(self, frame: int) -> None:
        """A still picture that cannot wait was drawn again in this frame (the board, as the view changes): the
        panels' pictures wait."""
        if frame == self.frame:
            self.repainted = True

    def measure(self, screen: pygame.Surface, paint: Callable[[pygame.Surface], object], frame: int) -> None:
        """Draw the frame with nothing showing, to learn where it moves and what changed (`frame`: its number)."""
        self.last, self.moving, self.still = self.moving, [], []
        self.frame, self.repainted = frame, False
        self.recording = True
        screen.set_clip(pygame.Rect(0, 0, 0, 0))
        try:
            paint(screen)
        finally:
            screen.set_clip(None)
            self.recording = False

    def areas(self, key: Hashable, screen: pygame.Rect, whole: bool) -> list[pygame.Rect] | None:
        """The areas to draw this frame after `measure`, or None for the whole screen: when `whole` (the screen
        was drawn by something else last), when the picture rests on something new (`key`), or when the areas
        would cover most of it."""
        fresh = whole or key != self.key
        self.key = key
        if fresh:
            return None
        parts = merge([r.clip(screen) for r in self.last + self.moving + self.still], screen)
        if sum(r.w * r.h for r in parts) > WHOLE * screen.w * screen.h:
            return None
        return parts


def bounds(points: Sequence[tuple[float, float]], width: float) -> pygame.Rect:
    """Where a line or outline through these points is drawn, `width` pixels thick."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top = math.floor(min(xs) - width), math.floor(min(ys) - width)
    return pygame.Rect(left, top, math.ceil(max(xs) + width) - left + 1, math.ceil(max(ys) + width) - top + 1)


def merge(rects: list[pygame.Rect], screen: pygame.Rect) -> list[pygame.Rect]:
    """A few rectangles covering `rects`. Small ones (a hex's outline, a lit hex) are first joined by where they
    lie on a GRID x GRID chart of the screen; then the pair whose union grows least is joined, as long as it
    grows by less than a pass costs (JOIN of the screen) or there are more than MOST_PASSES."""
    whole = screen.w * screen.h
    cells: dict[tuple[int, int], pygame.Rect] = {}
    out: list[pygame.Rect] = []
    for r in rects:
        if r.w <= 0 or r.h <= 0:
            continue
        if r.w * r.h >= SMALL * whole:
            out.append(r)
            continue
        cell = (r.centerx * GRID // max(1, screen.w), r.centery * GRID // max(1, screen.h))
        cells[cell] = cells[cell].union(r) if cell in cells else r
    out += cells.values()
    while len(out) > 1:
        growth, i, j = min((u.w * u.h - a.w * a.h - b.w * b.h + a.clip(b).w * a.clip(b).h, i, j)
                           for i, a in enumerate(out) for j, b in enumerate(out[i + 1:], i + 1)
                           for u in (a.union(b),))
        if growth > JOIN * whole and len(out) <= MOST_PASSES:
            break
        out[i] = out[i].union(out.pop(j))
    return out
