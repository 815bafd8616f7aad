"""A dialog over the scene below: the table or menu dimmed, a paper panel in the middle, a form of buttons, and a
row of hints at the panel's foot in the glyphs of the device used last (the arrows or the d-pad that move between
its buttons first, where it has several); back or menu closes it when it may be closed."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from .. import theme
from ..app import App, Scene
from ..input import LEAVING, Intent
from ..theme import Scale
from .backdrop import Hints, draw_hints
from .prompts import bar_height
from .widgets import Form


class Dialog(Scene):
    opaque = False
    closable = True               # back and menu close the dialog
    hints: Hints = (("select", "hint.choose"), ("back", "hint.close"))

    def __init__(self, app: App, form: Form):
        super().__init__(app)
        self.form = form

    def handle(self, intent: Intent) -> None:
        if not self.form.handle(intent) and self.closable and intent.kind in LEAVING:
            self.app.pop()

    def shown_hints(self) -> Hints:
        """The dialog's hints, after how to move between its buttons when it has several (the device's arrows,
        d-pad: a new player with a pad must see that left and right reach "Do it")."""
        moves = sum(w.focusable and w.enabled for w in self.form.widgets) > 1
        if not moves or any(intent == "cursor" for intent, _ in self.hints):
            return self.hints
        return (("cursor", "hint.move"), *self.hints)

    def fitting(self, size: Callable[[Scale], tuple[float, float]]) -> Scale:
        """The sizes to draw the dialog at: the UI scale's, or smaller (down to UI scale 1's) where its panel,
        `size(scale)` wide and tall, would not fit the window."""
        w, h = self.app.screen.get_size()

        def fits(scale: Scale) -> bool:
            width, height = size(scale)
            return width <= w - scale.unit * 2 and height + self.foot(scale) <= h - scale.unit * 2
        return self.app.scale.fitting(fits)

    def foot(self, scale: Scale) -> int:
        """The height of the hints' row under the dialog's content."""
        return bar_height(scale.small) + round(scale.unit * 0.6)

    def panel(self, screen: pygame.Surface, width: float, height: float, scale: Scale | None = None) -> pygame.Rect:
        """Dim what lies below and draw the dialog's panel, centred (a unit of `scale`, the UI scale's by
        default, from the window's edges at least), `height` for its content and the hints' row under it;
        returns where the content goes (the panel less its foot)."""
        w, h = screen.get_size()
        scale = scale or self.app.scale
        unit, foot = scale.unit, self.foot(scale)
        screen.blit(dimmer((w, h)), (0, 0))
        box = pygame.Rect(0, 0, min(w - unit * 2, round(width)), min(h - unit * 2, round(height) + foot))
        box.center = (w // 2, h // 2)
        theme.panel(screen, box)
        row = pygame.Rect(box.x + unit, box.bottom - foot, box.w - unit * 2, bar_height(scale.small))
        draw_hints(screen, self.app.input, self.shown_hints(), row, scale)
        return pygame.Rect(box.x, box.y, box.w, box.h - foot + round(unit * 0.3))


@lru_cache(maxsize=2)
def dimmer(size: tuple[int, int]) -> pygame.Surface:
    """The veil over what lies below a dialog, made once per window size (33 MB a frame at 4K otherwise)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 130))
    return veil
