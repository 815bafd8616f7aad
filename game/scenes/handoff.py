"""The hand-off between two humans at one screen: drawn from no view at all (no map, no log, nothing that
depends on the game), it names the next player and waits for them (CLIENT.md, who sees what)."""
from __future__ import annotations

from typing import Callable

import pygame

from .. import theme
from ..app import App, Scene
from ..input import Intent
from ..ui.widgets import Button, Form


class HandoffScene(Scene):
    def __init__(self, app: App, player: str, ready: Callable[[str], None]):
        super().__init__(app)
        self.player = player
        self.ready = ready
        self.form = Form([Button(f"I am {player}: show my view", self.go, primary=True)])

    def go(self) -> None:
        self.app.pop()
        self.ready(self.player)

    def handle(self, intent: Intent) -> None:
        self.form.handle(intent)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        scale = self.app.scale
        colour = theme.tribe_colour(self.player)
        screen.fill(tuple(round(c * 0.35) for c in colour))
        theme.draw_shape(screen, theme.tribe_shape(self.player), (w / 2, h * 0.32), scale.unit * 3, colour,
                         theme.WHITE, 4)
        title = theme.text(f"Pass the screen to {self.player}", scale.heading * 1.3, theme.WHITE, "bold")
        screen.blit(title, title.get_rect(center=(w // 2, round(h * 0.52))))
        sub = theme.text("Everyone else, look away.", scale.body, (230, 230, 230))
        screen.blit(sub, sub.get_rect(center=(w // 2, round(h * 0.52 + scale.unit * 2.2))))
        button = self.form.widgets[0]
        button.rect = pygame.Rect(0, 0, scale.unit * 18, round(scale.unit * 2.4))
        button.rect.center = (w // 2, round(h * 0.72))
        self.form.draw(screen, scale.body)
