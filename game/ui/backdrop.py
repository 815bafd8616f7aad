"""The painted sea behind the menus: the map itself, far away and dimmed, with a soft vignette."""
from __future__ import annotations

import pygame

import engine

from .. import theme
from ..app import App, Scene
from ..input import Intent
from ..render.camera import ZOOMS
from ..render.layout import Layout
from ..render.mapart import MapArt
from ..theme import Scale
from .widgets import Form

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


def heading_size(scale: Scale) -> int:
    """The text size of a page's heading."""
    return round(scale.heading * 1.4)


def sheet(size: tuple[int, int], scale: Scale) -> pygame.Rect:
    """The paper a page's widgets stand on: from under its heading to the window's foot."""
    w, h = size
    unit = scale.unit
    top = round(unit * 1.5 + theme.font(heading_size(scale), "bold").get_height())
    return pygame.Rect(unit, top, w - unit * 2, h - top - unit)
