"""Hex layout in world pixels and picking: flat-topped hexes in odd-q columns, as engine/hexgrid.py numbers
them. World coordinates are pixels at zoom 1; the camera maps them to the screen."""
from __future__ import annotations

import math

from engine import Ruleset, hexgrid

HEX = 44.0                      # corner radius of a hex at zoom 1, in world pixels
SQRT3 = math.sqrt(3)


class Layout:
    """Where each hex of the map lies, and which hex lies under a world point."""

    def __init__(self, rules: Ruleset, size: float = HEX):
        m = rules.map
        self.size = size
        self.columns, self.rows = m.columns, m.rows
        self.coords = m.coords
        self.centres: list[tuple[float, float]] = [hexgrid.center(c, r, size) for c, r in m.coords]
        self._index = {cr: i for i, cr in enumerate(m.coords)}
        self.width = size * (1.5 * self.columns + 0.5)
        self.height = size * SQRT3 * (self.rows + 0.5)

    def corners(self, h: int, size: float | None = None) -> list[tuple[float, float]]:
        cx, cy = self.centres[h]
        return hexgrid.corners(cx, cy, self.size if size is None else size)

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """The (col, row) of the cell under a world point, on or off the map (cube rounding)."""
        size = self.size
        qf = (x - size) / (1.5 * size)
        # Axial r from the odd-q centre formula: y = h/2 + h*(row + (col&1)/2), row = r + (q - (q&1))/2.
        h = SQRT3 * size
        rf = (y - h / 2) / h - qf / 2
        q, r, s = qf, rf, -qf - rf
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return hexgrid.from_axial(int(rq), int(rr))

    def hex_at(self, x: float, y: float) -> int:
        """The hex id under a world point, or -1 off the map."""
        return self._index.get(self.cell_at(x, y), -1)

    def neighbour_on_screen(self, h: int, dx: int, dy: int) -> int:
        """The hex a cursor step lands on: the nearest hex whose centre lies in the direction (dx, dy)."""
        cx, cy = self.centres[h]
        best, best_score = h, math.inf
        for i, (x, y) in enumerate(self.centres):
            vx, vy = x - cx, y - cy
            along = vx * dx + vy * dy
            if along <= self.size * 0.5:
                continue
            across = abs(vx * dy - vy * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = i, score
        return best
