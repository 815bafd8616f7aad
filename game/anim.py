"""The animation queue, fed by the events the viewer may see (CLIENT.md): explorers and stacks glide hex by hex
along the route they took, markers come out of the cup, tiles flip, villages rise, pieces panic and leave, the
battle die is thrown in its tray, the VP track ticks. Animations play one after another; the table shows the view
from before them and installs the new one when the queue is empty, and any key or click skips to the end.

Each clip carries the events it shows (`after`): they reach the table (its log, the battle panel) when the clip
ends or is skipped, so that no line of the log tells a roll before the die has settled. A clip starts with its
sound (`cue`, game/sound.py): sails, paddles, the cup, a tile, war drums, a village; the die knocks as it hits the
tray's walls. Speed instant makes no clips, so it plays no sound.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import pygame

from engine import LogEntry

from . import dice, sound, theme, words
from .render import mapart

# Seconds an animation lasts at speed "normal"; slow lasts longer, fast shorter, instant not at all.
SPEED_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.35, "instant": 0.0}
GLIDE_STEP, POP, FLIP, DIE_REST, BANNER = 0.28, 0.8, 0.55, 0.7, 1.6

Point = tuple[float, float]
ToScreen = Callable[[str], tuple[Point, float]]      # hex label -> (screen centre, hex size on screen)


def ease(t: float) -> float:
    """Ease in and out: slow at both ends, like a canoe leaving and reaching a beach."""
    return t * t * (3 - 2 * t)


class Anim:
    def __init__(self, duration: float, cue: str | None = None):
        self.duration = max(duration, 1e-6)
        self.elapsed = 0.0
        self.after: list[Mapping[str, Any]] = []     # the events this clip shows, applied when it ends
        self.cue = cue                               # the effect played as the clip starts (game/sound.py)

    def advance(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def t(self) -> float:
        return min(1.0, self.elapsed / self.duration)

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        """Draw the clip as it is now; where it drew (the table redraws only there: game/render/redraw.py)."""
        raise NotImplementedError

    @property
    def focus(self) -> str | None:
        """The hex the clip plays at, which the camera brings into view (None: drawn over the whole map)."""
        return getattr(self, "hex", None)


class Glide(Anim):
    """A piece sailing along hexes: an explorer's canoe, or a stack's token with its height."""

    def __init__(self, path: list[str], owner: str, pieces: int, speed: float):
        super().__init__(GLIDE_STEP * max(1, len(path) - 1) * speed, "paddles" if pieces else "sails")
        self.path, self.owner, self.pieces = path, owner, pieces

    @property
    def focus(self) -> str | None:
        return self.path[-1] if self.path else None

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        if len(self.path) < 2:
            return None
        legs = len(self.path) - 1
        position = ease(self.t) * legs
        i = min(legs - 1, int(position))
        (a, size), (b, _) = where(self.path[i]), where(self.path[i + 1])
        f = position - i
        x, y = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        if self.pieces:
            mapart.token(screen, (x, y), size * 0.26, self.owner, self.pieces, False, unit)
        else:
            mapart.explorer(screen, (x, y), size * 0.34, self.owner)
        reach = round(size + unit)                           # the token or canoe, its wake and its number
        return pygame.Rect(round(x) - reach, round(y) - reach, reach * 2, reach * 2)


class Pop(Anim):
    """Something appears at a hex: a ring grows and a label rises (a marker, a village, a hit, a die face)."""

    def __init__(self, hex_label: str, words: str, colour: theme.Colour, speed: float, cue: str | None = None):
        super().__init__(POP * speed, cue)
        self.hex, self.words, self.colour = hex_label, words, colour
        self._ring: tuple[tuple[float, int, int], pygame.Surface] | None = None

    def ring(self, radius: float, alpha: int, width: int) -> pygame.Surface:
        """The ring as it is now (kept for the frame's other passes: game/render/redraw.py)."""
        key = (radius, alpha, width)
        if self._ring is None or self._ring[0] != key:
            ring = pygame.Surface((radius * 2 + 8, radius * 2 + 8), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*self.colour, alpha), ring.get_rect().center, radius, width)
            self._ring = (key, ring)
        return self._ring[1]

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        radius = size * (0.3 + 0.6 * ease(min(1.0, t * 1.6)))
        alpha = round(255 * (1 - max(0.0, t - 0.6) / 0.4))
        ring = self.ring(radius, alpha, max(2, round(size / 10)))
        drawn = ring.get_rect(center=(round(x), round(y)))
        screen.blit(ring, drawn)
        if self.words:
            label = theme.text(self.words, unit, theme.WHITE, "bold")
            box = label.get_rect(center=(round(x), round(y - size * 0.6 - 12 * ease(t))))
            plate = box.inflate(12, 4)
            screen.blit(theme.plate(plate.w, plate.h, (*theme.INK, min(alpha, 210)), 6), plate)
            screen.blit(theme.faded(label, alpha), box)
            drawn.union_ip(box.inflate(12, 4))
        return drawn


class Flip(Anim):
    """A tile turns face up: it narrows to an edge and opens again with its name."""

    def __init__(self, hex_label: str, name: str, speed: float):
        super().__init__(FLIP * speed, "tile")
        self.hex, self.name = hex_label, name

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        width = abs(math.cos(math.pi * self.t)) * size * 1.7
        card = pygame.Rect(0, 0, max(2, round(width)), round(size * 1.5))
        card.center = (round(x), round(y))
        colour = (186, 142, 92) if self.t < 0.5 else theme.SAND
        pygame.draw.rect(screen, colour, card, border_radius=6)
        pygame.draw.rect(screen, theme.INK, card, 2, border_radius=6)
        if self.t >= 0.5 and width > size:
            label = theme.text(self.name, unit, theme.INK, "bold")
            screen.blit(label, label.get_rect(center=card.center))
            return card.union(label.get_rect(center=card.center))
        return card


class DieThrow(Anim):
    """The battle die thrown in the tray (game/dice.py): it rolls, knocks on the walls, rests on the engine's
    face and stays there a moment; the battle panel draws it."""

    def __init__(self, throw: dice.Throw, speed: float):
        hurried = speed < 0.5                 # fast: the die is laid down at rest at once, with one knock
        super().__init__((0.0 if hurried else throw.duration) + DIE_REST * max(speed, 0.3), "die" if hurried else None)
        self.throw, self.hurried = throw, hurried

    @property
    def pose(self) -> dice.Pose:
        return self.throw.rest if self.hurried else self.throw.at(self.elapsed)

    def advance(self, dt: float) -> None:
        before = self.elapsed
        super().advance(dt)
        if not self.hurried:
            for at, strength in self.throw.knocks:
                if before < at <= self.elapsed:
                    dice.knock(strength)

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        return None                           # drawn in the battle panel's tray


class Banner(Anim):
    """A step begins (T1): its name and what happens in it, across the top of the map, so that no step passes
    unnoticed (the Victory step once did: a log line and a moving bar)."""

    def __init__(self, title: str, line: str, speed: float):
        super().__init__(BANNER * speed)
        self.title, self.line = title, line

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        t = self.t
        alpha = round(255 * min(1.0, t * 6, (1 - t) * 5))
        w = screen.get_width()
        title = theme.text(self.title, round(unit * 1.6), theme.WHITE, "bold")
        line = theme.text(theme.fit(self.line, unit, w - unit * 4), unit, (230, 238, 244))
        band = pygame.Rect(0, 0, max(title.get_width(), line.get_width()) + unit * 4,
                           title.get_height() + line.get_height() + unit)
        band.midtop = (w // 2, round(unit * 4.5))
        screen.blit(theme.plate(band.w, band.h, (*theme.INK, min(alpha, 225)), 10), band)
        for surface, y in ((title, band.y + unit * 0.4), (line, band.y + unit * 0.4 + title.get_height())):
            screen.blit(theme.faded(surface, alpha), surface.get_rect(midtop=(band.centerx, round(y))))
        return band


class Queue:
    """Animations played one after another; `sink` receives the events of each clip as it ends."""

    def __init__(self, sink: Callable[[list[Mapping[str, Any]]], None] | None = None,
                 started: Callable[[Anim], None] | None = None) -> None:
        self.items: list[Anim] = []
        self.sink = sink
        self.started = started              # told when a clip begins (the table turns the camera to it)

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def add(self, anim: Anim) -> None:
        if anim.duration > 1e-5:
            self.items.append(anim)
        elif self.sink is not None:
            self.sink(anim.after)

    def update(self, dt: float) -> None:
        while self.items and dt > 0:
            head = self.items[0]
            if head.elapsed == 0:
                if head.cue is not None:
                    sound.play(head.cue)
                if self.started is not None:
                    self.started(head)
            used = min(dt, head.duration - head.elapsed)
            head.advance(used)
            dt -= used
            if head.done:
                self.items.pop(0)
                if self.sink is not None:
                    self.sink(head.after)

    def skip(self) -> None:
        """Everything to its end at once: the events of every clip are applied, in order."""
        items, self.items = self.items, []
        if self.sink is not None:
            for item in items:
                self.sink(item.after)

    @property
    def throw(self) -> DieThrow | None:
        """The die being thrown now, if the clip playing is a throw."""
        head = self.items[0] if self.items else None
        return head if isinstance(head, DieThrow) else None

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        return self.items[0].draw(screen, where, unit) if self.items else None


def from_events(events: Sequence[Mapping[str, Any]], explorers: dict[str, str],
                speed: str) -> tuple[list[Anim], list[Mapping[str, Any]]]:
    """The animations of a batch of events the viewer saw, and the events to apply at once (those before the
    first animation; at speed instant, all). Each later event rides on the clip it makes, or on the clip before
    it. `explorers`: where each player's explorer was shown before (a hex label, "home" or "lost"), kept up to
    date here so that each glide starts where the last ended. A die roll's event carries its throw's seed
    (`throw_seed`, given by the table)."""
    factor = SPEED_FACTOR.get(speed, 1.0)
    if factor == 0:
        return [], list(events)
    out: list[Anim] = []
    leading: list[Mapping[str, Any]] = []
    for e in events:
        clip = _clip(e, explorers, factor)
        if clip is not None:
            out.append(clip)
        if out:
            out[-1].after.append(e)
        else:
            leading.append(e)
    return out, leading


def _clip(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """The clip of one event, if it has one. `e` is an engine event as the table shows it (with `_line`, and
    `throw_seed` on a die roll); its own fields are read through the engine's declared type of its kind."""
    if "kind" not in e:
        return None
    ev = cast(LogEntry, e)
    if ev["kind"] in VOYAGES:
        return _voyage(ev, explorers, factor)
    if ev["kind"] == "step_started" and ev["step"] != "over":
        setup = ".setup" if ev["turn"] == 0 else ""                 # A1's free building before turn 1
        return Banner(words.text(f"banner.title{setup}", turn=ev["turn"], step=words.text(f"step.{ev['step']}")),
                      words.text(f"banner.{ev['step']}{setup}"), factor)
    if ev["kind"] == "marker_drawn":
        return Pop(ev["hex"], words.text(f"anim.marker.{ev['marker']}", knots=ev["knots"]), (110, 190, 240), factor,
                   "cup")
    if ev["kind"] == "tile_revealed":
        return Flip(ev["hex"], ev["tile"], factor)
    if ev["kind"] in ("village_built", "settled", "built"):
        village = ev["kind"] != "built" or ev["villages"] > 0
        return Pop(ev["hex"], words.text("anim.built" if ev["kind"] == "built" else "anim.new_village"),
                   theme.GREEN_SQUARE, factor, "village" if village else None) if ev["hex"] else None
    if ev["kind"] == "conquest":
        return Pop(ev["hex"], words.text("anim.conquered"), theme.ACCENT, factor)
    if ev["kind"] == "battle_started":
        return Pop(ev["hex"], words.text("anim.battle"), (220, 60, 50), factor, "drums")
    if ev["kind"] == "die_rolled" and "throw_seed" in e:
        return DieThrow(dice.throw(int(ev["face"]), int(e["throw_seed"])), factor)
    if ev["kind"] in ("piece_removed", "piece_panicked"):
        return Pop(ev["hex"], words.text(f"anim.{ev['kind']}", player=ev["player"],
                                         piece=words.text(f"anim.piece.{ev['piece']}")), (230, 120, 60), factor)
    if ev["kind"] == "battle_won":
        return Pop(ev["hex"], words.text("anim.wins", player=words.who(ev["winner"])), theme.ACCENT, factor)
    if ev["kind"] == "village_lost" and ev["hex"]:
        return Pop(ev["hex"], words.text("anim.village_lost"), (200, 70, 60), factor)
    return None


VOYAGES = frozenset({"explorer_moved", "explorer_returned", "explorer_lost", "explorer_back", "stack_moved",
                     "transit", "retreat"})


def _voyage(ev: LogEntry, explorers: dict[str, str], factor: float) -> Anim | None:
    """An explorer or a stack sailing (a glide), or an explorer home or lost (where the next glide starts)."""
    if ev["kind"] == "explorer_moved":
        player, to = ev["player"], ev["to"]
        path = list(ev.get("path") or [])
        if not path:
            start = explorers.get(player)
            path = [start, to] if start is not None and start not in ("home", "lost") else [to, to]
        explorers[player] = to
        return Glide(path, player, 0, factor)
    if ev["kind"] in ("explorer_returned", "explorer_lost", "explorer_back"):
        explorers[ev["player"]] = "lost" if ev["kind"] == "explorer_lost" else "home"
        return None
    if ev["kind"] in ("stack_moved", "transit", "retreat"):
        dest = ev["to"]                     # a retreat with nowhere to go has none
        return Glide([ev["source"], dest], ev["player"], ev["pieces"] or 1, factor) if ev["source"] and dest else None
    return None
