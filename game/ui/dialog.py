"""A dialog over the scene below: the table or menu dimmed, a paper panel in the middle, a form of buttons; back
or menu closes it when it may be closed."""
from __future__ import annotations

import pygame

from .. import theme
from ..app import App, Scene
from ..input import Intent
from .widgets import Form


class Dialog(Scene):
    opaque = False
    closable = True               # back and menu close the dialog

    def __init__(self, app: App, form: Form):
        super().__init__(app)
        self.form = form

    def handle(self, intent: Intent) -> None:
        if not self.form.handle(intent) and self.closable and intent.kind in ("back", "menu"):
            self.app.pop()

    def panel(self, screen: pygame.Surface, width: float, height: float) -> pygame.Rect:
        """Dim what lies below and draw the dialog's panel, centred; returns it."""
        w, h = screen.get_size()
        screen.blit(dimmer((w, h)), (0, 0))
        box = pygame.Rect(0, 0, min(w - self.app.scale.unit * 2, round(width)),
                          min(h - self.app.scale.unit * 2, round(height)))
        box.center = (w // 2, h // 2)
        theme.panel(screen, box)
        return box


def dimmer(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 130))
    return veil
