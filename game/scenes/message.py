"""A dialog with a title, a message and an OK button, over the scene below."""
from __future__ import annotations

import pygame

from .. import theme, words
from ..app import App, scene
from ..ui.dialog import Dialog
from ..ui.widgets import Button, Form


@scene("message")
class MessageScene(Dialog):
    def __init__(self, app: App, title: str, message: str):
        super().__init__(app, Form([Button(words.text("message.ok"), app.pop, primary=True)]))
        self.title, self.message = title, message

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.app.scale
        width = min(screen.get_width() - 2 * scale.unit, scale.unit * 34)
        lines = theme.wrap(self.message, scale.body, width - 2 * scale.unit)
        line_h = theme.font(scale.body).get_linesize()
        box = self.panel(screen, width, scale.unit * 7 + line_h * len(lines))
        title = theme.text(self.title, scale.heading, theme.INK, "bold")
        screen.blit(title, (box.x + scale.unit, box.y + scale.unit * 0.8))
        y = box.y + scale.unit * 1.2 + title.get_height()
        for line in lines:
            screen.blit(theme.text(line, scale.body, theme.INK), (box.x + scale.unit, y))
            y += line_h
        button = self.form.widgets[0]
        button.rect = pygame.Rect(0, 0, scale.unit * 7, round(scale.unit * 2.2))
        button.rect.bottomright = (box.right - scale.unit, box.bottom - scale.unit * 0.8)
        self.form.draw(screen, scale.body)
