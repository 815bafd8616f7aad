"""The animation queue, fed by the events the viewer may see (CLIENT.md, docs/ART.md's motion).

Every event kind the views carry has a clip here (`CLIPS` says which builds it) or a written reason why it has
none (`WITHOUT_CLIP`); tests/game/test_clips.py holds both to engine/views.py's LogEntry union. Explorers and
stacks sail along the route the engine reports, eased, with foam behind them; markers come out of the cup in an
arc and bounce; tiles flip over with a squash; villages rise with dust; a panicked piece flees and fades, a
removed one sinks with a splash; a conquest turns the villages with a burst; the battle die is thrown in its tray
(game/dice.py); card moments are game/render/cards.py's clips.

What plays at once. Clips of one batch play together, except that a clip waits for every earlier clip it shares
a key with: a hex, a piece (a player's explorer, a player's stacks: one piece's legs stay in order), a player's
cards, or the battle (every clip of a battle, so its rounds keep the rulebook's order, M8-M14: the die, its
outcome, panics and removals); a step's banner waits for everything before it and everything after waits for it
(T1's steps come one after another). Events reach the table (`sink`: its log, the battle panel) when their clip
has ended and every earlier clip has too, in the engine's order, so that no line of the log tells a roll before
the die has settled. A clip that has ended keeps its last picture until the queue is empty and the table puts
the new view in its place. Any key or click skips to the end.

A clip starts with its sound (`cue`, game/sound.py); the die knocks as it lands and hits the tray's walls. Impact
clips (the die landing, a removal, a conquest) carry `shake` (0-1) for the table's camera. `still` (reduce
motion): no particles and no shake; the clips still play. Speed instant makes no clips, so it plays no sound.
Nothing is drawn that the events do not say (RULES.md X9); particles are seeded by the events' public fields.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

import pygame

from engine import LogEntry, hexgrid, views

from . import dice, sound, theme, words
from .render import mapart, particles, pieces, tween
from .words.names import place_name

# Seconds an animation lasts at speed "normal"; slow lasts longer, fast shorter, instant not at all.
SPEED_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.35, "instant": 0.0}
GLIDE_STEP, POP, FLIP, DIE_REST, BANNER = 0.28, 0.8, 0.55, 0.7, 1.6
RISE, FLEE, SINK, CONQUER, MARKER, MAP_DIE = 0.7, 0.8, 0.9, 1.1, 0.75, 1.2
SHAKE_DIE, SHAKE_REMOVED, SHAKE_CONQUEST = 0.35, 0.3, 0.6

Point = tuple[float, float]
ToScreen = Callable[[str], tuple[Point, float]]      # hex label -> (screen centre, hex size on screen)
RED: theme.Colour = (220, 60, 50)
ORANGE: theme.Colour = (230, 120, 60)
SKY: theme.Colour = (110, 190, 240)


def seed_of(*parts: object) -> int:
    """A seed from public facts (an event's fields): the same particles for every viewer and every process."""
    return zlib.crc32(repr(parts).encode())


class Anim:
    shake: float = 0.0                # how hard the camera shakes as the clip starts (0-1; the table decides)
    barrier = False                   # waits for every clip before it, and every clip after waits for it
    lasting = False                   # its last picture stays until the new view is installed (a piece arrived)

    def __init__(self, duration: float, cue: str | None = None):
        self.duration = max(duration, 1e-6)
        self.elapsed = 0.0
        self.after: list[Mapping[str, Any]] = []     # the events this clip shows, applied when it ends
        self.cue = cue                               # the effect played as the clip starts (game/sound.py)
        self.keys: frozenset[str] = frozenset()      # what it shares with other clips: hexes, pieces, the battle
        self.still = False                           # reduce motion: no particles, no shake
        self.waits: list[Anim] = []                  # the earlier clips it waits for (Queue)
        self.begun = False

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

    def puff(self, screen: pygame.Surface, puff: particles.Puff, at: Point, size: float,
             age: float) -> pygame.Rect | None:
        """Particles, unless reduce motion is on."""
        return None if self.still else puff.draw(screen, at, size, age)


def _union(*rects: pygame.Rect | None) -> pygame.Rect | None:
    drawn = [r for r in rects if r is not None]
    return drawn[0].unionall(drawn[1:]) if drawn else None


def blit(screen: pygame.Surface, sprite: pygame.Surface, centre: Point, alpha: float = 1.0) -> pygame.Rect:
    """A sprite by its centre (the pieces' anchor), at an opacity (a copy: the sprites are shared)."""
    rect = sprite.get_rect(center=(round(centre[0]), round(centre[1])))
    if alpha < 0.99:
        sprite = sprite.copy()
        sprite.set_alpha(max(0, round(255 * alpha)))
    screen.blit(sprite, rect)
    return rect


def _label(screen: pygame.Surface, said: str, at: Point, alpha: int, unit: int) -> pygame.Rect | None:
    """A few words on a dark plate, centred at `at`."""
    if not said or alpha <= 0:
        return None
    label = theme.text(said, unit, theme.WHITE, "bold")
    box = label.get_rect(center=(round(at[0]), round(at[1])))
    plate = box.inflate(12, 4)
    screen.blit(theme.plate(plate.w, plate.h, (*theme.INK, min(alpha, 210)), 6), plate)
    screen.blit(theme.faded(label, alpha), box)
    return plate


def sprite(piece: str, owner: str, size: float, heading: float = 0.0) -> pygame.Surface:
    """A piece as game/render/pieces.py draws it, about `size` pixels across (a hex's size times a share)."""
    if piece == "explorer":
        return pieces.canoe(owner, "explorer", size, heading)
    if piece in ("war_canoe", "transport_canoe", "fleet"):
        return pieces.canoe(owner, {"war_canoe": "war", "transport_canoe": "transport"}.get(piece, "fleet"), size,
                            heading)
    if piece == "colony":
        return pieces.colony(owner, size * 0.7)
    if piece == "rumor":
        return pieces.rumour(owner, size * 0.7)
    if piece == "village":
        return pieces.hut(size * 0.6, owner)
    return pieces.warriors(owner, 1, size * 0.7)         # a warrior band, a local warrior (nobody's colours)


class Glide(Anim):
    """A piece sailing along the hexes of its route: an explorer's canoe, or a stack under mats with its height,
    eased at both ends of the voyage, foam left in its wake."""
    lasting = True
    WAKE_EVERY = 0.05

    def __init__(self, path: list[str], owner: str, pieces: int, speed: float):
        super().__init__(GLIDE_STEP * max(1, len(path) - 1) * speed, "paddles" if pieces else "sails")
        self.path, self.owner, self.pieces = path, owner, pieces
        self.wake = particles.Wake(seed_of(owner, *path), self.WAKE_EVERY)

    @property
    def focus(self) -> str | None:
        return self.path[-1] if self.path else None

    def at(self, t: float, where: ToScreen) -> tuple[Point, float, float]:
        """Where the piece is at `t` (0-1 of the voyage): its centre, the hex size and its heading."""
        legs = len(self.path) - 1
        position = tween.smooth(t) * legs
        i = min(legs - 1, int(position))
        (a, size), (b, _) = where(self.path[i]), where(self.path[i + 1])
        f = position - i
        return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), size, math.atan2(b[1] - a[1], b[0] - a[0])

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        if len(self.path) < 2:
            return None
        (x, y), size, heading = self.at(self.t, where)
        wake = None
        if not self.still and not self.done:                   # arrived, it lies still: no more foam
            def trail(moment: float) -> Point:
                (px, py), _, _ = self.at(min(1.0, moment / self.duration), where)
                return px, py + size * 0.12
            wake = self.wake.draw(screen, trail, size, self.elapsed)
        lean = math.sin(math.pi * self.t) * size * 0.04      # the hull rises a little as it gathers way
        canoe = sprite("explorer" if not self.pieces else "fleet", self.owner, size * 0.9, heading)
        drawn = blit(screen, canoe, (x, y - lean))
        if self.pieces:
            badge = pieces.badge(self.pieces, size * 0.3, unit)
            if badge is not None:
                drawn.union_ip(blit(screen, badge, (x + size * 0.32, y - size * 0.3 - lean)))
        return _union(drawn, wake)


class Pop(Anim):
    """Something happens at a hex: a ring grows and a label rises (a battle, a result, a search)."""

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

    @property
    def alpha(self) -> int:
        return round(255 * (1 - max(0.0, self.t - 0.6) / 0.4))

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        radius = size * (0.3 + 0.6 * tween.out_cubic(min(1.0, t * 1.6)))
        ring = self.ring(radius, self.alpha, max(2, round(size / 10)))
        drawn = ring.get_rect(center=(round(x), round(y)))
        screen.blit(ring, drawn)
        return _union(drawn, _label(screen, self.words, (x, y - size * 0.6 - 12 * tween.out_cubic(t)), self.alpha,
                                    unit))


class Burst(Pop):
    """A pop with particles: a battle won (confetti in the winner's colour), a village saved."""

    def __init__(self, hex_label: str, words: str, colour: theme.Colour, speed: float, cue: str | None = None,
                 kind: str = "confetti"):
        super().__init__(hex_label, words, colour, speed, cue)
        self.burst = particles.Puff(kind, seed_of(hex_label, words), colour=colour)

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        return _union(super().draw(screen, where, unit), self.puff(screen, self.burst, (x, y), size, self.elapsed))


class Flip(Anim):
    """A tile turns face up: it lifts, narrows to an edge while it stretches (squash and stretch), and opens on
    its island with a little overshoot, then settles with its name (`said`: in the language in use; the island's
    shape comes from the tile's own name, the same in every language)."""
    lasting = True

    def __init__(self, hex_label: str, name: str, said: str, speed: float):
        super().__init__(FLIP * speed, "tile")
        self.hex, self.name, self.said = hex_label, name, said

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        side = max(8, round(size))
        if t < 0.5:
            face, width = tile_back(side), math.cos(math.pi * t)
        else:
            face, width = tile_front(side, self.name), tween.out_back(min(1.0, (t - 0.5) * 2))
        stretch = 1 + 0.12 * tween.pulse(t)                  # taller as it turns thin: squash and stretch
        lift = size * 0.15 * tween.pulse(t)
        w, h = max(1, round(face.get_width() * abs(width))), round(face.get_height() * stretch)
        shadow = particles.dot(theme.INK, max(2, round(size * 0.5)), 2)
        drawn = blit(screen, pygame.transform.scale(shadow, (max(1, w), max(2, round(size * 0.5)))),
                      (x, y + size * 0.3))
        drawn.union_ip(blit(screen, pygame.transform.scale(face, (w, h)), (x, y - lift)))
        if t > 0.7:
            drawn.union_ip(_label(screen, self.said, (x, y + size * 0.55), round(255 * min(1.0, (t - 0.7) / 0.15)),
                                  unit) or drawn)
        return drawn


@lru_cache(maxsize=16)
def tile_back(size: int) -> pygame.Surface:
    """A face-down tile's woven back, a hex `size` wide (mapart's, without its name: the flip shows no secret)."""
    surface = pygame.Surface((size * 2, round(size * 1.8)), pygame.SRCALPHA)
    mapart.tile_back(surface, (size, size * 0.9), size, None, [], 10_000)
    return surface


@lru_cache(maxsize=32)
def tile_front(size: int, name: str) -> pygame.Surface:
    """The tile's face: explored sea and an island (its own squares come with the new view)."""
    surface = pygame.Surface((size * 2, round(size * 1.8)), pygame.SRCALPHA)
    centre = (size, size * 0.9)
    pygame.draw.polygon(surface, theme.EXPLORED_SEA, hexgrid.corners(*centre, size * 0.95))
    seed = seed_of(name) % 10_000
    for radius, colour in ((0.5, theme.REEF), (0.42, theme.SAND), (0.33, theme.LAND)):
        pygame.draw.polygon(surface, colour, mapart.blob((size, size * 0.8), size * radius, seed))
    pygame.draw.polygon(surface, theme.SEA_LINE, hexgrid.corners(*centre, size * 0.95), 2)
    return surface


class MarkerOut(Anim):
    """A marker out of the cup (E4, E5, A5): it flies up from beside the hex in an arc, lands on its place and
    bounces twice; its words over it."""
    lasting = True

    def __init__(self, hex_label: str, marker: str, knots: int, said: str, speed: float):
        super().__init__(MARKER * speed, "cup")
        self.hex, self.marker, self.knots, self.said = hex_label, marker, knots, said

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        fly = min(1.0, t / 0.6)
        start, end = (x + size * 0.9, y - size * 0.9), (x - size * 0.35, y + size * 0.28)
        px = start[0] + (end[0] - start[0]) * tween.smooth(fly)
        py = start[1] + (end[1] - start[1]) * fly - size * 0.9 * math.sin(math.pi * fly)
        if t > 0.6:                                          # two bounces, each lower (follow-through)
            k = (t - 0.6) / 0.4
            py -= size * 0.18 * abs(math.sin(math.pi * 2 * k)) * (1 - k)
        radius = round(size * 0.2)
        disc = marker_disc(self.marker, self.knots, radius, unit)
        drawn = blit(screen, disc, (px, py))
        alpha = round(255 * min(1.0, t * 4, (1 - t) * 4))
        return _union(drawn, _label(screen, self.said, (x, y - size * 0.65), alpha, unit))


@lru_cache(maxsize=64)
def marker_disc(marker: str, knots: int, radius: int, min_text: int) -> pygame.Surface:
    surface = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
    mapart.marker(surface, (radius + 2, radius + 2), radius, marker, knots, min_text)
    return surface


class Rise(Anim):
    """Something built rises from the ground with a little overshoot (out_back) and a puff of dust: a hut
    (a village, a colony settling, a new home), a field of improved agriculture, or new pieces."""
    lasting = True

    def __init__(self, hex_label: str, piece: str, owner: str, said: str, speed: float, cue: str | None):
        super().__init__(RISE * speed, cue)
        self.hex, self.piece, self.owner, self.said = hex_label, piece, owner, said
        self.dust = particles.Puff("dust", seed_of(hex_label, piece, owner), at=(0.0, 0.1))

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        grow = tween.out_back(min(1.0, t / 0.6))
        picture = field(round(size * 0.4)) if self.piece == "field" else sprite(self.piece, self.owner, size)
        w, h = picture.get_size()
        tall = max(1, round(h * max(0.0, grow)))
        scaled = pygame.transform.scale(picture, (max(1, round(w * (0.8 + 0.2 * grow))), tall))
        foot = y + size * 0.2
        drawn = screen.blit(scaled, scaled.get_rect(midbottom=(round(x), round(foot + h / 2))))
        alpha = round(255 * min(1.0, (1 - t) * 4))
        return _union(drawn, self.puff(screen, self.dust, (x, foot), size, self.elapsed),
                      _label(screen, self.said, (x, y - size * 0.7 - 10 * tween.out_cubic(t)), alpha, unit))


@lru_cache(maxsize=16)
def field(side: int) -> pygame.Surface:
    """Improved agriculture on a brown square (B3): furrows."""
    surface = pygame.Surface((max(4, side), max(4, side)), pygame.SRCALPHA)
    surface.fill(theme.BROWN_SQUARE)
    for k in range(1, 4):
        y = side * k / 4
        pygame.draw.line(surface, mapart.shade(theme.BROWN_SQUARE, 1.35), (1, y), (side - 2, y))
    return surface


class Flee(Anim):
    """A panicked piece (M8.4): it crouches (anticipation), runs off the hex in hops and fades away."""

    def __init__(self, hex_label: str, piece: str, owner: str, said: str, speed: float):
        super().__init__(FLEE * speed, "flee")
        self.hex, self.piece, self.owner, self.said = hex_label, piece, owner, said
        self.away = (seed_of(hex_label, owner, piece) % 360) * math.pi / 180
        self.dust = particles.Puff("dust", seed_of(hex_label, owner, piece, "flee"), count=6)

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        run = tween.in_back(t) * size * 1.3
        hop = abs(math.sin(t * math.pi * 5)) * size * 0.08 * (t > 0.15)
        px, py = x + math.cos(self.away) * run, y + math.sin(self.away) * run * 0.6 - hop
        figure = sprite(self.piece, self.owner, size, self.away)
        drawn = blit(screen, figure, (px, py), 1 - max(0.0, t - 0.5) * 2)
        alpha = round(255 * min(1.0, (1 - t) * 4))
        return _union(drawn, self.puff(screen, self.dust, (x, y + size * 0.15), size, self.elapsed),
                      _label(screen, self.said, (x, y - size * 0.65), alpha, unit))


class Sink(Anim):
    """A removed piece (M8.4), pieces lost at sea (X28), an explorer lost (E5): it tips and goes down under a
    splash, rings spreading where it was."""
    shake = SHAKE_REMOVED

    def __init__(self, hex_label: str, piece: str, owner: str, said: str, speed: float):
        super().__init__(SINK * speed, "splash")
        self.hex, self.piece, self.owner, self.said = hex_label, piece, owner, said
        self.splash = particles.Puff("splash", seed_of(hex_label, owner, piece, "sink"))

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        down = tween.in_back(min(1.0, t / 0.7))
        figure = sprite(self.piece, self.owner, size)
        tipped = pygame.transform.rotate(figure, -25 * down)
        drawn = blit(screen, tipped, (x, y + down * size * 0.35), 1 - down)
        rings = None
        if t > 0.3:
            k = (t - 0.3) / 0.7
            ring = pygame.Rect(0, 0, round(size * (0.4 + 0.9 * k)), round(size * (0.2 + 0.45 * k)))
            ring.center = (round(x), round(y + size * 0.35))
            pygame.draw.ellipse(screen, mapart.shade(particles.FOAM, 1.0 - 0.3 * k), ring, max(1, round(size / 24)))
            rings = ring
        alpha = round(255 * min(1.0, (1 - t) * 4))
        return _union(drawn, rings, self.puff(screen, self.splash, (x, y + size * 0.3), size, self.elapsed - 0.25),
                      _label(screen, self.said, (x, y - size * 0.65), alpha, unit))


class Conquest(Anim):
    """A conquest (M10): the villages turn over to the conqueror (each hut squashes to an edge and opens again
    under the new pennant), with a burst in the conqueror's colour."""
    shake = SHAKE_CONQUEST
    lasting = True

    def __init__(self, hex_label: str, owner: str, said: str, speed: float):
        super().__init__(CONQUER * speed, "conquest")
        self.hex, self.owner, self.said = hex_label, owner, said
        self.burst = particles.Puff("burst", seed_of(hex_label, owner, "conquest"))
        self.confetti = particles.Puff("confetti", seed_of(hex_label, owner), colour=theme.tribe_colour(owner))

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        turning = min(1.0, t / 0.5)
        width = abs(math.cos(math.pi * turning))
        hut = pieces.hut(size * 0.45, self.owner if turning >= 0.5 else None)
        w, h = hut.get_size()
        drawn = None
        for dx in (-0.3, 0.0, 0.3):
            scaled = pygame.transform.scale(hut, (max(1, round(w * width)), h))
            rect = blit(screen, scaled, (x + dx * size, y + size * 0.1 - size * 0.1 * tween.pulse(turning)))
            drawn = _union(drawn, rect)
        alpha = round(255 * min(1.0, (1 - t) * 4))
        return _union(drawn, self.puff(screen, self.burst, (x, y), size, self.elapsed - 0.25),
                      self.puff(screen, self.confetti, (x, y), size, self.elapsed - 0.3),
                      _label(screen, self.said, (x, y - size * 0.7), alpha, unit))


class Vanish(Anim):
    """Something leaves the board: a village lost (A3, A7), a rumour taken away, a tile taken off, an explorer
    home or back to its box; it shrinks and fades, dust or smoke rising."""

    def __init__(self, hex_label: str, picture: Callable[[float], pygame.Surface], said: str, speed: float,
                 kind: str = "smoke"):
        super().__init__(POP * speed)
        self.hex, self.picture, self.said = hex_label, picture, said
        self.smoke = particles.Puff(kind, seed_of(hex_label, said, kind))

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        gone = tween.in_back(t)
        picture = self.picture(size)
        w, h = picture.get_size()
        shrunk = pygame.transform.scale(picture, (max(1, round(w * (1 - 0.5 * gone))), max(1, round(h * (1 - gone)))))
        drawn = blit(screen, shrunk, (x, y + size * 0.1), 1 - t)
        alpha = round(255 * min(1.0, (1 - t) * 4))
        return _union(drawn, self.puff(screen, self.smoke, (x, y), size, self.elapsed),
                      _label(screen, self.said, (x, y - size * 0.65), alpha, unit))


class Appear(Anim):
    """Something comes onto the board from above and lands with a bounce: an explorer entering the map (A5), a
    tile placed face down (E4.2), a canoe turned face up or down on its stack (M2)."""
    lasting = True

    def __init__(self, hex_label: str, picture: Callable[[float], pygame.Surface], speed: float,
                 cue: str | None = None):
        super().__init__(POP * speed, cue)
        self.hex, self.picture = hex_label, picture
        self.dust = particles.Puff("dust", seed_of(hex_label, "appear"), count=6)

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        t = self.t
        drop = 1 - tween.out_back(min(1.0, t / 0.6))
        drawn = blit(screen, self.picture(size), (x, y - drop * size * 0.8), min(1.0, t * 4))
        return _union(drawn, self.puff(screen, self.dust, (x, y + size * 0.2), size, self.elapsed - 0.35))


class MapDie(Anim):
    """A die rolled on the map (A3's malaria, A5's Kumara): the same shaded cube as the battle's, thrown small
    across the hex, resting on the engine's face."""

    def __init__(self, hex_label: str, face: int, seed: int, speed: float):
        self.throw = dice.throw(face, seed)
        self.play = min(self.throw.duration, MAP_DIE)
        super().__init__((self.play + DIE_REST) * speed, "die")
        self.hex = hex_label

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        (x, y), size = where(self.hex)
        box = pygame.Rect(0, 0, round(size * 3.6), round(size * 3.6 * dice.TRAY[1] / dice.TRAY[0]))
        box.center = (round(x), round(y))
        moment = min(1.0, self.t * (self.play + DIE_REST) / max(self.play, 1e-6)) * self.throw.duration
        pose = self.throw.at(moment)
        return dice.draw_die(screen, box, pose, lift=dice.height(moment))


class DieThrow(Anim):
    """The battle die thrown in the tray (game/dice.py): it falls, lands (a knock, a puff of dust, a shake),
    rolls, knocks on the walls, rests on the engine's face and stays there a moment; the battle panel draws it,
    and the front rows clash as it flies (the cue)."""
    shake = SHAKE_DIE

    def __init__(self, throw: dice.Throw, speed: float):
        hurried = speed < 0.5                 # fast: the die is laid down at rest at once, with one knock
        super().__init__((0.0 if hurried else throw.duration) + DIE_REST * max(speed, 0.3),
                         "die" if hurried else "clash")
        self.throw, self.hurried = throw, hurried
        self.dust = particles.Puff("dust", throw.seed, count=8)

    @property
    def pose(self) -> dice.Pose:
        return self.throw.rest if self.hurried else self.throw.at(self.elapsed)

    @property
    def lift(self) -> float:
        """How high the die is over the felt (die sizes)."""
        return 0.0 if self.hurried else dice.height(self.elapsed)

    @property
    def since_landing(self) -> float:
        """Seconds since the die first hit the felt (negative while it falls)."""
        return self.elapsed - (0.0 if self.hurried else dice.AIR)

    def advance(self, dt: float) -> None:
        before = self.elapsed
        super().advance(dt)
        if not self.hurried:
            if before < dice.AIR <= self.elapsed:
                dice.knock(0.8)               # the impact
            for at, strength in self.throw.knocks:
                if before < at <= self.elapsed:
                    dice.knock(strength)

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        return None                           # drawn in the battle panel's tray

    def draw_tray(self, screen: pygame.Surface, tray: pygame.Rect) -> pygame.Rect:
        """The die in the tray, with the dust of its landing (the battle panel calls this)."""
        drawn = dice.draw_die(screen, tray, self.pose, lift=self.lift)
        scale = tray.w / dice.TRAY[0]
        land = self.throw.at(dice.AIR)
        dust = self.puff(screen, self.dust, (tray.x + land.x * scale, tray.y + land.y * scale), dice.DIE * scale,
                         self.since_landing)
        return _union(drawn, dust) or drawn


class Banner(Anim):
    """A step begins (T1): its name and what happens in it, across the top of the map, so that no step passes
    unnoticed (the Victory step once did: a log line and a moving bar)."""
    barrier = True

    def __init__(self, title: str, line: str, speed: float):
        super().__init__(BANNER * speed)
        self.title, self.line = title, line
        self.room: pygame.Rect | None = None       # where it may stand (the table's: the map clear of the coach)
        self.band = pygame.Rect(0, 0, 0, 0)        # where its plate was last drawn

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        """The plate centred on its room and no wider (its line broken where it must be), resting 4.5 units down
        the screen or 1.5 below the room's top, whichever is lower: it drops a unit as it comes, so it never
        reaches above the room."""
        t = self.t
        alpha = round(255 * min(1.0, t * 6, (1 - t) * 5))
        room = self.room or screen.get_rect()
        width, big = room.w - unit * 4, round(unit * 1.6)
        said = [theme.text(theme.fit(self.title, big, width, "bold"), big, theme.WHITE, "bold")]
        said += [theme.text(part, unit, (230, 238, 244)) for part in theme.wrap(self.line, unit, width)]
        band = pygame.Rect(0, 0, max(s.get_width() for s in said) + unit * 4, sum(s.get_height() for s in said) + unit)
        rest = max(unit * 4.5, room.top + unit * 1.5)
        band.midtop = (room.centerx, round(rest - unit * (1 - tween.out_back(min(1.0, t * 5)))))
        self.band = band
        screen.blit(theme.plate(band.w, band.h, (*theme.INK, min(alpha, 225)), 10), band)
        y = band.y + unit * 0.4
        for surface in said:
            screen.blit(theme.faded(surface, alpha), surface.get_rect(midtop=(band.centerx, round(y))))
            y += surface.get_height()
        return band.inflate(0, unit * 2)


class Queue:
    """The clips playing and waiting (the module's docstring says which wait for which); `sink` receives the
    events of each clip once it and every clip before it have ended, `started` each clip as it begins."""

    def __init__(self, sink: Callable[[list[Mapping[str, Any]]], None] | None = None,
                 started: Callable[[Anim], None] | None = None) -> None:
        self.items: list[Anim] = []          # every clip not yet handed to the sink, in the events' order
        self.sink = sink
        self.started = started              # told when a clip begins (the table turns the camera to it)
        self.rested: list[Anim] = []        # clips handed on that keep their last picture till the queue is empty
        self.drawn: list[pygame.Rect] = []  # where each clip drew in the last draw (the union is returned)

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def add(self, anim: Anim) -> None:
        if anim.duration <= 1e-5 and not self.items:
            if self.sink is not None:
                self.sink(anim.after)
            return
        if anim.duration <= 1e-5:
            anim.elapsed = anim.duration        # nothing to show: it only keeps its events' place in the order
        anim.waits = [c for c in self.items if anim.barrier or c.barrier or not anim.keys.isdisjoint(c.keys)]
        self.items.append(anim)

    def update(self, dt: float) -> None:
        """Each clip whose earlier clips it waits for have ended plays on, from the moment they ended (a long
        frame or a hurried throw may run several in a row); then ended clips hand their events on, in order."""
        spare: dict[int, float] = {}        # time left in this frame after each clip ended
        for clip in self.items:
            if clip.done:
                spare[id(clip)] = dt        # ended before this frame
                continue
            budget = min((spare.get(id(w), dt if w.done else 0.0) for w in clip.waits), default=dt)
            if budget <= 0:
                continue
            if not clip.begun:
                clip.begun = True
                if clip.cue is not None:
                    sound.play(clip.cue)
                if self.started is not None:
                    self.started(clip)
            used = min(budget, clip.duration - clip.elapsed)
            clip.advance(used)
            if clip.done:
                spare[id(clip)] = budget - used
        while self.items and self.items[0].done:
            clip = self.items.pop(0)
            clip.waits = []
            if clip.begun and clip.lasting:
                self.rested.append(clip)
            if self.sink is not None:
                self.sink(clip.after)
        if not self.items:
            self.rested.clear()

    def skip(self) -> None:
        """Everything to its end at once: the events of every clip are applied, in order."""
        items, self.items = self.items, []
        self.rested.clear()
        if self.sink is not None:
            for item in items:
                self.sink(item.after)

    def playing(self) -> Iterator[Anim]:
        """The clips begun and drawn: those playing, and those ended whose last picture lasts until the queue is
        empty (a piece where it arrived)."""
        return (c for c in (*self.rested, *self.items) if c.begun and (c.lasting or not c.done))

    @property
    def throw(self) -> DieThrow | None:
        """The die being thrown now, or resting at the end of its clip."""
        return next((c for c in reversed(self.items) if isinstance(c, DieThrow) and c.begun), None)

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        """Every clip begun, in order; where they drew (`drawn`: each clip's; returned: their union)."""
        self.drawn = [r for r in (c.draw(screen, where, unit) for c in self.playing()) if r is not None]
        return _union(*self.drawn)


def from_events(events: Sequence[Mapping[str, Any]], explorers: dict[str, str], speed: str, *,
                still: bool = False) -> tuple[list[Anim], list[Mapping[str, Any]]]:
    """The animations of a batch of events the viewer saw, and the events to apply at once (those before the
    first animation; at speed instant, all). Each later event rides on the clip it makes, or on the clip before
    it. `explorers`: where each player's explorer was shown before (a hex label, "home" or "lost"), kept up to
    date here so that each glide starts where the last ended. A die roll's event carries its throw's seed
    (`throw_seed`, given by the table). `still` (reduce motion): no particles, no shake."""
    factor = SPEED_FACTOR.get(speed, 1.0)
    if factor == 0:
        return [], list(events)
    out: list[Anim] = []
    leading: list[Mapping[str, Any]] = []
    for e in events:
        clip = _clip(e, explorers, factor)
        if clip is not None:
            clip.keys = keys(e, explorers)
            clip.still = still
            if still:
                clip.shake = 0.0
            out.append(clip)
        if out:
            out[-1].after.append(e)
        else:
            leading.append(e)
    return out, leading


BATTLE = frozenset({"attack_cancelled", "battle_announced", "battle_card", "battle_over", "battle_started",
                    "battle_won", "battle_won_at_once", "die_rolled", "reroll", "piece_panicked", "piece_removed",
                    "retreat", "village_saved", "conquest", "home_lost", "new_home"})
EXPLORER = frozenset({"explorer_moved", "explorer_returned", "explorer_lost", "explorer_back", "explorer_enters",
                      "marker_drawn", "penalty_marker", "galapagos_marker", "off_course", "kumara_roll",
                      "kumara_search", "internal_rotation"})
STACKS = frozenset({"stack_moved", "transit", "retreat", "canoe_face_up", "canoe_face_down", "built",
                    "war_canoes_stopped"})
CARDS = frozenset({"card_bought", "card_drawn", "card_not_drawn", "card_revealed", "card_used", "event_drawn",
                   "event_kept", "event_played", "event_revealed", "battle_card"})


def keys(e: Mapping[str, Any], explorers: Mapping[str, str]) -> frozenset[str]:
    """What an event's clip shares with others (the module's docstring): the hexes it plays at, the piece that
    moves (a player's explorer, a player's stacks), a player's cards, the battle."""
    kind, player = e.get("kind"), e.get("player")
    out = {f"hex {e[field]}" for field in ("hex", "source", "to") if isinstance(e.get(field), str)}
    route = e.get("path") or []
    out.update(f"hex {h}" for h in route[:1] + route[-1:])
    if kind in EXPLORER:
        out.add(f"explorer {player}")
        where = explorers.get(str(player))
        if where not in (None, "home", "lost"):
            out.add(f"hex {where}")
    if kind in STACKS:
        out.add(f"stacks {player}")
    if kind in CARDS:
        out.add(f"cards {player}")
    if kind in BATTLE:
        out.add("battle")
    return frozenset(out)


def _clip(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """The clip of one event, if it has one. `e` is an engine event as the table shows it (with `_line`, and
    `throw_seed` on a die roll); each builder reads its fields through the engine's declared type of its kind."""
    build = CLIPS.get(str(e.get("kind")))
    return build(e, explorers, factor) if build is not None else None


Builder = Callable[[Mapping[str, Any], dict[str, str], float], Anim | None]


def _banner(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    ev = cast(views.StepStartedEvent, e)
    if ev["step"] == "over":
        return None                                                 # the end scene follows
    setup = ".setup" if ev["turn"] == 0 else ""                     # A1's free building before turn 1
    return Banner(words.text(f"banner.title{setup}", turn=ev["turn"], step=words.text(f"step.{ev['step']}")),
                  words.text(f"banner.{ev['step']}{setup}"), factor)


def _marker(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """E4, E5: a discovery marker; a penalty marker; A5's +1 Galapagos marker."""
    if e["kind"] == "marker_drawn":
        ev = cast(views.MarkerDrawnEvent, e)
        return MarkerOut(ev["hex"], ev["marker"], ev["knots"],
                         words.text(f"anim.marker.{ev['marker']}", knots=ev["knots"]), factor)
    if e["kind"] == "penalty_marker":
        penalty = cast(views.PenaltyMarkerEvent, e)
        return MarkerOut(penalty["hex"], "penalty", penalty["knots"], "", factor)
    return MarkerOut(cast(views.GalapagosMarkerEvent, e)["hex"], "galapagos", 1, "+1", factor)


def _flip(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    ev = cast(views.TileRevealedEvent | views.SouthIslandPlacedEvent, e)
    return Flip(ev["hex"], ev["tile"], place_name(ev["tile"]), factor)


def _village(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    ev = cast(views.VillageBuiltEvent | views.SettledEvent | views.NewHomeEvent, e)
    return Rise(ev["hex"], "village", ev["player"], words.text("anim.new_village"), factor, "village")


def _built(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """B: what a player built rises at its hex: a hut where villages were built, else the stack."""
    ev = cast(views.BuiltEvent, e)
    if not ev["hex"]:
        return None
    village = ev["villages"] > 0
    return Rise(ev["hex"], "village" if village else "fleet", ev["player"], words.text("anim.built"), factor,
                "village" if village else "paddles")


def _field(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    ev = cast(views.ImprovedAgricultureBuiltEvent, e)
    return Rise(ev["hex"], "field", ev["player"], words.text("anim.built"), factor, "village")


def _conquest(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    ev = cast(views.ConquestEvent, e)
    return Conquest(ev["hex"], ev["player"], words.text("anim.conquered"), factor)


def _battle(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """M8: a battle begins (or the defender's moment before it, X6): a red ring and drums."""
    ev = cast(views.BattleStartedEvent | views.BattleAnnouncedEvent, e)
    return Pop(ev["hex"], words.text("anim.battle"), RED, factor, "drums")


def _die(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """M8.4: the battle die, thrown with the seed the table gives the roll."""
    ev = cast(views.DieRolledEvent, e)
    return DieThrow(dice.throw(ev["face"], int(e["throw_seed"])), factor) if "throw_seed" in e else None


def _map_die(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """A3's malaria die on its island group; A5's Kumara die where the explorer is shown."""
    if e["kind"] == "malaria_roll":
        malaria = cast(views.MalariaRollEvent, e)
        where, face = malaria["hex"], malaria["face"]
    else:
        kumara = cast(views.KumaraRollEvent, e)
        where, face = explorers.get(kumara["player"], "home"), kumara["face"]
    if where in ("home", "lost"):
        return None
    return MapDie(where, face, seed_of(e["kind"], where, face), factor)


def _loss(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """M8.4: a piece panics (it flees) or is removed (it sinks); X28: pieces sunk at sea."""
    if e["kind"] == "pieces_sunk":
        sunk = cast(views.PiecesSunkEvent, e)
        return Sink(sunk["hex"], "fleet", next(iter(sunk["sunk"]), "independent"), "", factor)
    ev = cast(views.PiecePanickedEvent | views.PieceRemovedEvent, e)
    said = words.text(f"anim.{ev['kind']}", player_s=words.whose(ev["player"]),
                      piece=words.text(f"anim.piece.{ev['piece']}"))
    return (Flee if ev["kind"] == "piece_panicked" else Sink)(ev["hex"], ev["piece"], ev["player"], said, factor)


def _won(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """M12: the winner's confetti; a village saved (M10) a puff of green."""
    if e["kind"] == "village_saved":
        return Burst(cast(views.VillageSavedEvent, e)["hex"], "", theme.GREEN_SQUARE, factor, kind="dust")
    if e["kind"] == "battle_won":
        won = cast(views.BattleWonEvent, e)
        hex_label, winner = won["hex"], won["winner"]
    else:
        at_once = cast(views.BattleWonAtOnceEvent, e)
        hex_label, winner = at_once["hex"], at_once["attacker"]
    return Burst(hex_label, words.text("anim.wins", player=words.who(winner)), theme.tribe_colour(winner), factor)


def _gone(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """Something leaves the board where it was: a village lost (A3, A7), a rumour, a tile."""
    kind = e["kind"]
    if kind == "village_lost":
        lost = cast(views.VillageLostEvent, e)
        owner = lost["player"]
        return Vanish(lost["hex"], lambda size: sprite("village", owner, size), words.text("anim.village_lost"),
                      factor, "dust") if lost["hex"] else None
    if kind == "rumor_removed":
        rumour = cast(views.RumorRemovedEvent, e)
        owner = rumour["player"]
        return Vanish(rumour["hex"], lambda size: sprite("rumor", owner, size), "", factor)
    tile = cast(views.TileRemovedEvent | views.SouthIslandLostEvent, e)
    return Vanish(tile["hex"], lambda size: tile_back(max(8, round(size))), "", factor, "splash")


def _appear(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """A tile placed face down (E4.2); a transport canoe turned face up or down on its stack (M2)."""
    if e["kind"] == "tile_placed":
        return Appear(cast(views.TilePlacedEvent, e)["hex"], lambda size: tile_back(max(8, round(size))), factor,
                      "tile")
    ev = cast(views.CanoeFaceUpEvent | views.CanoeFaceDownEvent, e)
    owner, piece = ev["player"], "transport_canoe" if ev["kind"] == "canoe_face_up" else "fleet"
    return Appear(ev["hex"], lambda size: sprite(piece, owner, size * 0.7), factor, "paddles")


def _ring(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """A ring at a hex: war canoes stopped (M5, red), an attack called off (X26, white), a Kumara search (A5) or
    a tile kept (E4.2)."""
    ev = cast(views.WarCanoesStoppedEvent | views.AttackCancelledEvent | views.KumaraSearchEvent
              | views.TileKeptEvent, e)
    colour = {"war_canoes_stopped": RED, "attack_cancelled": theme.WHITE}.get(ev["kind"], SKY)
    return Pop(ev["hex"], "", colour, factor)


def _off_course(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    where = explorers.get(cast(views.OffCourseEvent, e)["player"], "home")
    return None if where in ("home", "lost") else Pop(where, words.text("anim.marker.off_course"), ORANGE, factor)


def _card(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """A card moment: game/render/cards.py's clip (imported here: it builds on this module's Anim)."""
    try:
        from .render import cards
    except ImportError:                       # not there (yet): the event has no clip, as before
        return None
    clip: Callable[[Mapping[str, Any], float], Anim | None] | None = getattr(cards, "clip", None)
    return clip(e, factor) if clip is not None else None


VOYAGES = frozenset({"explorer_moved", "explorer_returned", "explorer_lost", "explorer_back", "explorer_enters",
                     "internal_rotation", "stack_moved", "transit", "retreat"})


def _voyage(e: Mapping[str, Any], explorers: dict[str, str], factor: float) -> Anim | None:
    """An explorer or a stack sailing (a glide); an explorer entering the map, lost (it sinks), home or off the
    map (it fades where it was shown). `explorers` follows where each glide starts."""
    ev = cast(LogEntry, e)
    if ev["kind"] == "explorer_moved":
        player, to = ev["player"], ev["to"]
        path = list(ev.get("path") or [])
        if not path:
            start = explorers.get(player)
            path = [start, to] if start is not None and start not in ("home", "lost") else [to, to]
        explorers[player] = to
        return Glide(path, player, 0, factor)
    if ev["kind"] == "explorer_enters":
        owner = ev["player"]
        explorers[owner] = ev["hex"]
        return Appear(ev["hex"], lambda size: sprite("explorer", owner, size * 0.9), factor, "sails")
    if ev["kind"] in ("explorer_returned", "explorer_lost", "explorer_back", "internal_rotation"):
        owner = ev["player"]
        was = explorers.get(owner, "home")
        explorers[owner] = "lost" if ev["kind"] in ("explorer_lost", "internal_rotation") else "home"
        if was in ("home", "lost"):
            return None
        if ev["kind"] == "explorer_lost":
            return Sink(was, "explorer", owner, "", factor)
        return Vanish(was, lambda size: sprite("explorer", owner, size * 0.9), "", factor, "foam")
    if ev["kind"] in ("stack_moved", "transit", "retreat"):
        dest = ev["to"]                     # a retreat with nowhere to go has none
        return Glide([ev["source"], dest], ev["player"], ev["pieces"] or 1, factor) if ev["source"] and dest else None
    return None


# Each kind's clip builder (tests/game/test_clips.py holds CLIPS and WITHOUT_CLIP to the LogEntry union).
CLIPS: dict[str, Builder] = {kind: build for kinds, build in (
    (CARDS, _card),
    (VOYAGES, _voyage),
    (("step_started",), _banner),
    (("marker_drawn", "penalty_marker", "galapagos_marker"), _marker),
    (("tile_revealed", "south_island_placed"), _flip),
    (("village_built", "settled", "new_home"), _village),
    (("built",), _built),
    (("improved_agriculture_built",), _field),
    (("conquest",), _conquest),
    (("battle_started", "battle_announced"), _battle),
    (("die_rolled",), _die),
    (("malaria_roll", "kumara_roll"), _map_die),
    (("piece_panicked", "piece_removed", "pieces_sunk"), _loss),
    (("battle_won", "battle_won_at_once", "village_saved"), _won),
    (("village_lost", "rumor_removed", "tile_removed", "south_island_lost"), _gone),
    (("tile_placed", "canoe_face_up", "canoe_face_down"), _appear),
    (("war_canoes_stopped", "attack_cancelled", "kumara_search", "tile_kept"), _ring),
    (("off_course",), _off_course),
) for kind in kinds}

# The kinds with no clip of their own, and why (tests/game/test_clips.py holds this to the LogEntry union).
WITHOUT_CLIP: dict[str, str] = {
    "battle_over": "the battle's outcome before it had its clip; the panel leaves with the next view",
    "build_planned": "a secret plan (B1, X8): nothing shows on the board until `built` raises it",
    "build_points_gained": "a number in the players' panel, not a place on the map",
    "build_points_lost": "a number in the players' panel, not a place on the map",
    "building_done": "a player's building ends: nothing moves",
    "built_kinds": "says what the `built` before it raised; that clip shows them rising",
    "card_not_drawn": "the deck ran out (X23): no card moves; the log says so",
    "claim_failed": "a refused claim (V3) changes nothing on the board; its log line says why",
    "event_tie": "a choice between the marker and the event (A7); the event's draw has its card clip",
    "event_without_effect": "follows the event played, whose card clip has shown it",
    "exploration_passed": "a player who does not explore (T1): nothing moves; the log says so",
    "exploration_skipped": "an explorer that stays (E3): nothing moves",
    "favourable_winds": "A7's event: its card clip (event_played) shows it; no place changes",
    "movement_ended": "a player's Movement & Battle ends (T1): nothing moves; the log says so",
    "game_over": "the end scene takes over (game/scenes/end.py)",
    "game_started": "before the first view: nothing on the board to move yet",
    "home_lost": "said by the battle's outcome line (M11); the conquest before it has its burst",
    "kumara": "A5's VP: the players' panel pops the new VP",
    "malaria_begins": "A3 begins to apply: a rule, not a thing on the board; the log says it",
    "off_course_stuck": "the explorer cannot move (E5): nothing moves; the log says so",
    "pieces_gained": "pieces from the supply into a player's stock, off the map (the players' panel)",
    "reroll": "the die is thrown again: the next die_rolled throws it (X24); the panel says 'taken again'",
    "saved_build_point": "a number in the players' panel, not a place on the map",
    "tile_drawn": "the tile is drawn to be placed: tile_placed and tile_revealed show it on the map",
    "tile_seen": "a private look (E6): the name shows on the tile's back in this viewer's view",
    "transit_ended": "the transit's glides have played; nothing more moves",
    "turn_order": "the players' panel reorders with the new view, after the step's banner",
    "turn_order_marker": "the marker shows in the players' panel with the new view",
    "victory_claimed": "the answer follows at once: game_over opens the end, claim_failed is logged",
    "vp_changed": "the players' panel pops and ticks the VP (game/scenes/table/players.py)",
    "warning": "a message for the log only",
}
