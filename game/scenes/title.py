"""The title scene: New game, Continue (the latest autosave, when there is one), Learn to play, Rules, Settings,
Quit."""
from __future__ import annotations

import pygame

from .. import flow, theme, words
from ..app import App, scene
from ..ui.backdrop import MenuPage, backdrop
from ..ui.widgets import Button, Form


@scene("title")
class TitleScene(MenuPage):
    def __init__(self, app: App):
        super().__init__(app)
        self.form = Form()

    def enter(self) -> None:
        has_save = flow.autosave_path(self.app).exists()
        self.form = Form([
            Button(words.text("menu.new_game"), lambda: flow.open_setup(self.app), primary=True),
            Button(words.text("menu.continue"), lambda: flow.continue_game(self.app), enabled=has_save),
            Button(words.text("menu.learn"), lambda: flow.open_lessons(self.app)),
            Button(words.text("menu.rules"), lambda: flow.open_help(self.app)),
            Button(words.text("menu.settings"), lambda: flow.open_settings(self.app)),
            Button(words.text("menu.quit"), self.app.quit),
        ])
        self.layout()

    def layout(self) -> None:
        w, h = self.app.screen.get_size()
        unit = self.app.scale.unit
        bw, bh = min(unit * 14, w - unit * 2), round(unit * 2.4)
        gap = unit * 0.7
        column = len(self.form.widgets) * (bh + gap) - gap
        y = max(unit * 0.5, min(h * 0.46, h - unit * 2.2 - column))     # above the hints at any UI scale
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, bw, bh)
            widget.rect.midtop = (w // 2, round(y))
            y += bh + gap

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def back(self) -> None:
        self.app.quit()

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(backdrop((w, h)), (0, 0))
        scale = self.app.scale
        name = words.text("title.name")
        title = theme.text(name, scale.title, theme.WHITE, "bold")
        glow = theme.text(name, scale.title, (255, 196, 110), "bold")
        rect = title.get_rect(center=(w // 2, round(h * 0.22)))
        screen.blit(glow, rect.move(3, 4))
        screen.blit(title, rect)
        sub = theme.text(words.text("title.tagline"), scale.body, (230, 238, 244))
        screen.blit(sub, sub.get_rect(center=(w // 2, rect.bottom + scale.unit * 1.2)))
        self.form.draw(screen, scale.body)
        hint = theme.text(hints(self.app), scale.small, (210, 222, 232))
        screen.blit(hint, hint.get_rect(midbottom=(w // 2, h - scale.unit)))


def hints(app: App) -> str:
    """Button hints in the glyphs of the device used last (CLIENT.md)."""
    return words.text(f"title.hints.{app.input.device}")
