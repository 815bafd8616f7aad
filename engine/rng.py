"""Seeded random streams kept inside the game state as plain integers.

Each named stream is a SplitMix64 generator whose state is one 64-bit integer, so a state clones by copying a
list and the same seed gives the same game in every process. One stream's use never shifts another's.
"""
from __future__ import annotations

import hashlib
import random

STREAMS = ("setup", "cup", "tiles", "cards", "dice", "events")
STREAM = {name: i for i, name in enumerate(STREAMS)}
_MASK = (1 << 64) - 1


def derive(seed: int, name: str) -> int:
    """The starting state of a named stream: a hash of the game seed and the name (stable across processes)."""
    digest = hashlib.sha256(f"{seed}/{name}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def initial_streams(seed: int) -> list[int]:
    return [derive(seed, name) for name in STREAMS]


def next_u64(streams: list[int], index: int) -> int:
    """Advance one stream and return its next 64-bit output (SplitMix64)."""
    x = (streams[index] + 0x9E3779B97F4A7C15) & _MASK
    streams[index] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def below(streams: list[int], index: int, n: int) -> int:
    """A uniform integer in [0, n) (the modulo bias of a 64-bit draw is far below anything measurable here)."""
    return next_u64(streams, index) % n


def weighted(streams: list[int], index: int, weights: list[int]) -> int:
    """An index chosen with probability weight/total."""
    r = below(streams, index, sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise ValueError("weights must have a positive total")


class Random:
    """A stand-alone stream for a bot (seeded from the game seed and the bot's seat), outside the game state.

    Python's Mersenne Twister, written in C, whose random() sequence for a given seed Python keeps the same
    from version to version: a bot draws at every decision, where SplitMix64 in Python cost a twentieth of
    a random game's time."""

    def __init__(self, seed: int, name: str):
        self._random = random.Random(derive(seed, name)).random

    def below(self, n: int) -> int:
        return int(self._random() * n)
