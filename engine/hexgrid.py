"""Hex geometry of the board: flat-topped hexes in columns, odd columns shifted half a hex down ("odd-q").

The map names a hex by its column and row as a four-digit label, "CCRR" (wargame style): "0712" is column 7,
row 12. Directions are numbered clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Orientation of tiles
(rule E4.2) and the placement of Te Waka Maui (rule A4) use these numbers.
"""
from __future__ import annotations

import math

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
# Axial (q, r) steps for flat-topped hexes, index = direction number above.
AXIAL_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def label(col: int, row: int) -> str:
    """The printed label of a hex: two digits of column then two of row."""
    return f"{col:02d}{row:02d}"


def parse_label(text: str) -> tuple[int, int]:
    """(col, row) of a label such as "0712"; ValueError if it is not four digits."""
    if len(text) != 4 or not (text.isascii() and text.isdigit()):     # isdigit() alone takes "²"
        raise ValueError(f"hex label must be four digits CCRR, got {text!r}")
    return int(text[:2]), int(text[2:])


def to_axial(col: int, row: int) -> tuple[int, int]:
    return col, row - (col - (col & 1)) // 2


def from_axial(q: int, r: int) -> tuple[int, int]:
    return q, r + (q - (q & 1)) // 2


def neighbor(col: int, row: int, direction: int) -> tuple[int, int]:
    """The (col, row) one step from (col, row) in a direction 0-5 (may lie off the map)."""
    q, r = to_axial(col, row)
    dq, dr = AXIAL_STEPS[direction % 6]
    return from_axial(q + dq, r + dr)


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex steps between two (col, row) cells."""
    aq, ar = to_axial(*a)
    bq, br = to_axial(*b)
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


def center(col: int, row: int, size: float) -> tuple[float, float]:
    """Pixel centre of a hex whose corner radius is `size`, with hex 0000's centre at (size, size*sqrt3/2)."""
    h = math.sqrt(3) * size
    return size + 1.5 * size * col, h / 2 + h * (row + 0.5 * (col & 1))


_UNIT_CORNERS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, starting east and going clockwise on screen (the lit hexes are
    outlined every frame: the unit corners are worked out once)."""
    return [(cx + size * ux, cy + size * uy) for ux, uy in _UNIT_CORNERS]
