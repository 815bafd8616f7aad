"""The painted sea behind the menus: the map itself, far away and dimmed, with a soft vignette."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

import engine

from .. import theme, words
from ..app import App, Scene
from ..input import Intent
from ..render.camera import ZOOMS
from ..render.layout import Layout
from ..render.mapart import MapArt
from ..theme import Scale
from . import prompts
from .widgets import Form

Hints = Sequence[tuple[str, str]]          # a page's hints: an intent and the catalog key of what it does there

_PAINTED: dict[tuple[int, int], pygame.Surface] = {}       # the last two sizes painted


def backdrop(size: tuple[int, int], rules: engine.Ruleset | None = None) -> pygame.Surface:
    """The sea at this size, painted once; from the app's own rules where the caller has them (reading the
    rules again cost the first frame 60-80 ms)."""
    if size not in _PAINTED:
        if len(_PAINTED) >= 2:
            _PAINTED.pop(next(iter(_PAINTED)))
        _PAINTED[size] = paint(size, rules or engine.load_ruleset())
    return _PAINTED[size]


def paint(size: tuple[int, int], rules: engine.Ruleset) -> pygame.Surface:
    layout = Layout(rules)
    art = MapArt(rules, layout, {})
    zoom = max(z for z in ZOOMS if z <= 1.0)
    sea = art.static(zoom)
    w, h = size
    scale = max(w / sea.get_width(), h / sea.get_height())
    picture = pygame.transform.smoothscale(sea, (round(sea.get_width() * scale), round(sea.get_height() * scale)))
    out = pygame.Surface(size)
    out.blit(picture, picture.get_rect(center=(w // 2, h // 2)))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(0, h, 4):                       # darker towards the top and the bottom
        edge = abs(i - h / 2) / (h / 2)
        pygame.draw.rect(shade, (8, 24, 44, round(110 + 90 * edge ** 2)), (0, i, w, 4))
    out.blit(shade, (0, 0))
    return out


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

    def foot(self, screen: pygame.Surface, hints: Hints, scale: Scale) -> pygame.Rect:
        """The page's hints across the foot of the window, under the sheet, in the glyphs of the device used
        last (drawn each frame: they change with the device)."""
        return draw_hints(screen, self.app.input, hints, foot_room(screen.get_size(), scale), scale,
                          (210, 222, 232))


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
