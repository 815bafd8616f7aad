"""The painted sea behind the menus: the map itself, far away and dimmed, with a soft vignette; and behind the
title the same sea come alive (`LivingSea`): the map's living sea (render/sea.py) dimmed as the painting is, and
an explorer's canoe sailing across with its wake, a different tribe's at each crossing."""
from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

import engine

from .. import theme, words
from ..app import App, Scene
from ..input import Intent
from ..render import pieces
from ..render.camera import ZOOMS
from ..render.layout import Layout
from ..render.mapart import CANOE_BOB, MapArt
from ..render.redraw import Redraw
from ..render.sea import FOAM, Sea
from ..theme import Scale
from . import prompts
from .widgets import Form

Hints = Sequence[tuple[str, str]]          # a page's hints: an intent and the catalog key of what it does there

_PAINTED: dict[tuple[tuple[int, int], str], pygame.Surface] = {}     # the last two painted: by size and language
DUSK = (8, 24, 44)                         # the vignette's colour over the painting
ZOOM = max(z for z in ZOOMS if z <= 1.0)   # the map's zoom the painting is made from
CROSSING = 20.0                            # seconds a canoe takes across the painting; the next sets out then
WAKE = 10                                  # foam dots in a canoe's wake
DROP = 0.12                                # seconds between two dots of the wake


def backdrop(size: tuple[int, int], rules: engine.Ruleset | None = None) -> pygame.Surface:
    """The sea at this size, painted once in each language (its regions' names are the language's); from the
    app's own rules where the caller has them (reading the rules again cost the first frame 60-80 ms)."""
    key = (size, words.language_in_use())
    if key not in _PAINTED:
        if len(_PAINTED) >= 2:
            _PAINTED.pop(next(iter(_PAINTED)))
        _PAINTED[key] = paint(size, rules or engine.load_ruleset())
    return _PAINTED[key]


def paint(size: tuple[int, int], rules: engine.Ruleset) -> pygame.Surface:
    layout = Layout(rules)
    art = MapArt(rules, layout, {})
    sea = art.static(ZOOM)
    w, h = size
    picture = pygame.transform.smoothscale(sea, placing(size, layout)[1])
    out = pygame.Surface(size)
    out.blit(picture, picture.get_rect(center=(w // 2, h // 2)))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(0, h, 4):                       # darker towards the top and the bottom
        pygame.draw.rect(shade, (*DUSK, dusk(i, h)), (0, i, w, 4))
    out.blit(shade, (0, 0))
    return out


def placing(size: tuple[int, int], layout: Layout) -> tuple[pygame.Rect, tuple[int, int]]:
    """Where the map lies in the painting (it covers the screen, centred), and the size it is scaled to from
    ZOOM."""
    w, h = size
    mw, mh = math.ceil(layout.width * ZOOM), math.ceil(layout.height * ZOOM)
    scale = max(w / mw, h / mh)
    scaled = (round(mw * scale), round(mh * scale))
    return pygame.Rect((0, 0), scaled).move(w // 2 - scaled[0] // 2, h // 2 - scaled[1] // 2), scaled


def dusk(y: float, h: int) -> int:
    """The vignette's opacity at a row of the painting: darker towards the top and the bottom."""
    edge = abs(y - y % 4 - h / 2) / (h / 2)
    return round(110 + 90 * edge ** 2)


@lru_cache(maxsize=1024)
def dimmed(picture: pygame.Surface, opacity: int) -> pygame.Surface:
    """A sprite as seen under the vignette at this opacity: what painting it on the sea and then laying the
    vignette over both would show."""
    out = picture.copy()
    out.fill((255 - opacity,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    out.fill(tuple(c * opacity // 255 for c in DUSK), special_flags=pygame.BLEND_RGB_ADD)
    return out


@lru_cache(maxsize=64)
def foam_dot(radius: int, alpha: int) -> pygame.Surface:
    """A dot of a wake's foam."""
    dot = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pygame.draw.circle(dot, (*FOAM, alpha), (radius + 1, radius + 1), radius)
    return dot


class LivingSea:
    """The painting's sea alive behind a menu page: its crests, foam and mist (render/sea.py, the map's own at the
    painting's scale, every unknown hex misty as at a game's start) and an explorer's canoe crossing it every
    CROSSING seconds, bobbing, its wake trailing. It depends on the clock alone; it draws in the screen's clip and
    says where it changed to a page drawn in part (`Redraw`)."""

    def __init__(self, rules: engine.Ruleset):
        self.layout = Layout(rules)
        self.sea = Sea(rules, self.layout)
        self.misty = frozenset(self.sea.unknown)
        self.before = 0.0                          # the clock at the frame drawn before this one
        self.now = 0.0
        self.frame = -1

    def draw(self, screen: pygame.Surface, time: float, frame: int, redraw: Redraw, lane: float,
             length: float, calm: int) -> None:
        """The sea's life above the row `calm` (the hints under it stand on still water, read at a glance), and
        the canoe `length` long sailing east with its waterline at `lane`."""
        if frame != self.frame:
            self.frame, self.before, self.now = frame, self.now, time
        w, h = screen.get_size()
        at, scaled = placing((w, h), self.layout)
        level = ZOOM * scaled[0] / math.ceil(self.layout.width * ZOOM)
        clip = screen.get_clip()
        screen.set_clip(clip.clip(0, 0, w, calm))
        screen.blits([(dimmed(picture, dusk(rect.centery, h) // 8 * 8), rect) for picture, rect in
                      self.sea.placed(screen.get_clip(), at.topleft, 1, level, time, self.misty)], doreturn=False)
        screen.set_clip(clip)
        if redraw.recording:
            for rect in self.sea.changes(self.before, time, level, self.misty):
                redraw.changed(rect.move(at.topleft))
        redraw.moved(self.canoe(screen, time, lane, length))

    def canoe(self, screen: pygame.Surface, time: float, lane: float, length: float) -> pygame.Rect:
        """The canoe of this crossing and its wake: foam dots dropped behind it, drifting apart and fading. Where
        they are drawn."""
        w, h = screen.get_size()
        voyage, along = divmod(time / CROSSING, 1.0)
        tribes = list(theme.TRIBES)
        owner = tribes[int(voyage) % len(tribes)]
        reach = w + length * 3
        speed = reach / CROSSING
        x = along * reach - length * 1.5
        y = lane + CANOE_BOB * length * pieces.bob(time, int(voyage))
        shade = dusk(lane, h) // 16 * 8                     # under half the vignette: the eye finds it
        sprite = dimmed(pieces.canoe(owner, "explorer", length), shade)
        drawn = sprite.get_rect(center=(round(x), round(y)))
        blits = []
        for j in range(WAKE):
            age = (j + (time / DROP) % 1.0) * DROP         # each dot stays where it was dropped, the canoe sails on
            fade = 1 - age / (WAKE * DROP)
            side = (1 if j % 2 else -1) * length * 0.22 * age / (WAKE * DROP)      # the wake's two arms
            dot = dimmed(foam_dot(max(1, round(length * 0.03 * (1 + age))), round(220 * fade) // 20 * 20), shade)
            blits.append((dot, dot.get_rect(center=(round(x - length * 0.45 - speed * age),
                                                    round(lane + length * 0.02 + side)))))
        blits.append((sprite, drawn))
        screen.blits(blits, doreturn=False)
        return drawn.unionall([rect for _, rect in blits])


class MenuPage(Scene):
    """A page of the menus: a form over the painted sea, left by Back (Esc, the pad's B)."""

    form: Form

    def __init__(self, app: App):
        super().__init__(app)
        self.sizes = app.scale                      # the sizes the page is drawn at (layout)

    def layout(self) -> None:
        """The page laid out at the UI scale, or, where `arrange` says its words would not fit, at the largest
        smaller scale offered, never under UI scale 1's (`Scale.fitting`)."""
        self.sizes = self.app.scale.fitting(self.arrange)
        self.arrange(self.sizes)

    def arrange(self, scale: Scale) -> bool:
        """Place the widgets at these sizes; whether everything fits."""
        return True

    def handle(self, intent: Intent) -> None:
        if not self.form.handle(intent) and intent.kind == "back":
            self.back()

    def back(self) -> None:
        self.app.pop()

    def page(self, screen: pygame.Surface, heading: str, scale: Scale | None = None) -> None:
        """The sea and the page's heading (at the sizes the page is drawn at: the UI scale's by default)."""
        w, h = screen.get_size()
        scale = scale or self.app.scale
        screen.blit(backdrop((w, h), self.app.rules), (0, 0))
        title = theme.text(heading, heading_size(scale), theme.WHITE, "bold")
        screen.blit(title, title.get_rect(midtop=(w // 2, scale.unit)))

    def foot(self, screen: pygame.Surface, hints: Hints, scale: Scale,
             device: prompts.Device | None = None) -> pygame.Rect:
        """The page's hints across the foot of the window, under the sheet, in the glyphs of `device` (the device
        used last by default; drawn each frame: they change with the device)."""
        return draw_hints(screen, device or self.app.input, hints, foot_room(screen.get_size(), scale), scale,
                          FOOT)


FOOT: theme.Colour = (210, 222, 232)      # a page's hints' words, light on the dark sea


def draw_hints(screen: pygame.Surface, device: prompts.Device, hints: Hints, room: pygame.Rect, scale: Scale,
               colour: theme.Colour = theme.MUTED, align: str = "center") -> pygame.Rect:
    """Hints whose words are catalog keys, at the scale's small size, in `room`."""
    return prompts.hint_bar(screen, device, [(intent, words.text(key)) for intent, key in hints], room,
                            scale.small, colour, align)


def foot_room(size: tuple[int, int], scale: Scale) -> pygame.Rect:
    """Where a page's hints stand: a row at the foot of the window."""
    w, h = size
    tall = prompts.bar_height(scale.small)
    return pygame.Rect(scale.unit, h - scale.unit // 2 - tall, w - scale.unit * 2, tall)


def heading_size(scale: Scale) -> int:
    """The text size of a page's heading."""
    return round(scale.heading * 1.4)


def sheet(size: tuple[int, int], scale: Scale) -> pygame.Rect:
    """The paper a page's widgets stand on: from under its heading to the hints at the window's foot."""
    w = size[0]
    unit = scale.unit
    top = round(unit * 1.5 + theme.font(heading_size(scale), "bold").get_height())
    return pygame.Rect(unit, top, w - unit * 2, foot_room(size, scale).top - unit // 2 - top)
