"""How a colour looks to eyes with one of the three common colour-vision deficiencies, for the settings' preview.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color
Vision Deficiency", IEEE TVCG 15(6), at severity 1.0 (dichromacy): one 3x3 matrix per deficiency applied to
linear sRGB. The matrices are the paper's (as colorspacious ships them); tests/game/test_colour_vision.py checks
that this gives colorspacious's colours, and measures the distances there (numpy stays out of the game).
"""
from __future__ import annotations

from functools import lru_cache

Colour = tuple[int, int, int]

# Normal vision first: the preview's rows, in this order.
KINDS = ("normal", "protanopia", "deuteranopia", "tritanopia")

MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def linear(channel: int) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(light: float) -> int:
    """Linear light (clipped to 0-1) as an sRGB channel (0-255)."""
    c = min(1.0, max(0.0, light))
    return round(255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


@lru_cache(maxsize=512)
def simulate(colour: Colour, kind: str) -> Colour:
    """The colour as eyes of this kind see it (normal: itself; cached: the preview draws every frame)."""
    if kind == "normal":
        return colour
    rgb = [linear(c) for c in colour]
    r, g, b = (encoded(sum(m * c for m, c in zip(row, rgb))) for row in MACHADO[kind])
    return r, g, b
