"""Tweens: a value carried from one number to another over a time, with an easing (docs/ART.md, motion).

Each scene owns its tweens (`Scene.tweens`): the app moves them on with the scene's time, several at once, and
cancels them when the scene leaves the stack, so nothing animates for a screen that is gone. A tween reads no
game state; what it moves is the caller's (a panel's number, a card's place, the camera's zoom).
"""
from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def smooth(t: float) -> float:
    """Slow at both ends, like a canoe leaving and reaching a beach (the default for travel)."""
    return t * t * (3 - 2 * t)


def out_cubic(t: float) -> float:
    """Fast start, gentle stop: feedback (a pop, a badge, a button)."""
    return 1 - (1 - t) ** 3


def out_back(t: float, overshoot: float = 1.70158) -> float:
    """Past the mark and back: follow-through (a card landing, a number popping)."""
    u = t - 1
    return 1 + (overshoot + 1) * u ** 3 + overshoot * u ** 2


def in_back(t: float, overshoot: float = 1.70158) -> float:
    """A little back before going: anticipation (a throw, a canoe pushing off)."""
    return (overshoot + 1) * t ** 3 - overshoot * t ** 2


def pulse(t: float) -> float:
    """Up and down once (0 at both ends, 1 in the middle): a flash, a hover's glow."""
    return math.sin(math.pi * min(1.0, max(0.0, t)))


class Tween:
    """`start` to `end` over `duration` seconds, eased; `delay` seconds before it begins."""

    def __init__(self, start: float, end: float, duration: float, easing: Easing = smooth, delay: float = 0.0,
                 done: Callable[[], None] | None = None):
        self.start, self.end = start, end
        self.duration = max(duration, 1e-6)
        self.easing = easing
        self.elapsed = -delay
        self.on_done = done

    @property
    def t(self) -> float:
        return min(1.0, max(0.0, self.elapsed / self.duration))

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * self.easing(self.t)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def advance(self, dt: float) -> None:
        self.elapsed += dt


class Tweens:
    """The tweens of one owner (a scene): moved on together, ended together."""

    def __init__(self) -> None:
        self.running: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.running.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Move every tween on; those that end call their `done` once and are let go."""
        if not self.running:
            return
        ended = []
        for tween in self.running:
            tween.advance(dt)
            if tween.done:
                ended.append(tween)
        for tween in ended:
            self.running.remove(tween)
            if tween.on_done is not None:
                tween.on_done()

    def finish(self) -> None:
        """Every tween to its end at once (a skip): each `done` is called."""
        while self.running:
            tween = self.running.pop(0)
            tween.elapsed = tween.duration
            if tween.on_done is not None:
                tween.on_done()

    def cancel(self) -> None:
        """Drop every tween where it is, no `done` called: the owner is gone."""
        self.running.clear()

    @property
    def busy(self) -> bool:
        return bool(self.running)
