"""The title scene: New game, Continue (the latest autosave, when there is one), Learn to play, Saved games, Rules,
Settings, Quit."""
from __future__ import annotations

import pygame

from .. import flow, theme, words
from ..app import App, scene
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import MenuPage, backdrop
from ..ui.widgets import Button, Form


@scene("title")
class TitleScene(MenuPage):
    def __init__(self, app: App):
        super().__init__(app)
        self.form = Form()
        self.name_y = 0.0                           # the centre of the game's name

    def enter(self) -> None:
        has_save = flow.has_autosave(self.app)
        first = not has_save and not flow.tutorial_progress(self.app).done     # a first visit: learn first
        self.form = Form([
            Button(words.text("menu.new_game"), lambda: flow.open_setup(self.app), primary=not first),
            Button(words.text("menu.continue"), lambda: flow.continue_game(self.app), enabled=has_save),
            Button(words.text("menu.learn"), lambda: flow.open_lessons(self.app), primary=first),
            Button(words.text("saves.title"), lambda: self.app.push(self.app.make("saves"))),
            Button(words.text("menu.rules"), lambda: flow.open_help(self.app)),
            Button(words.text("menu.settings"), lambda: flow.open_settings(self.app)),
            Button(words.text("menu.quit"), self.app.quit),
        ])
        self.form.focus = 2 if first else 0
        self.layout()

    def arrange(self, s: Scale) -> bool:
        """The name at a fifth of the height, the buttons under it from 46 %, moved up to clear the hints at the
        foot (and the name with them) on a short window or at a large UI scale; False where they do not fit."""
        w, h = self.app.screen.get_size()
        unit = s.unit
        bw, bh, gap = min(unit * 14, w - unit * 2), round(unit * 2.4), unit * 0.7
        column = len(self.form.widgets) * (bh + gap) - gap
        name_h = theme.font(s.title, "bold").get_height()
        tagline_h = theme.font(s.body).get_height()
        foot = h - unit * 1.6 - prompts.bar_height(s.small)          # the hints' top, less a gap
        y = min(h * 0.46, foot - column)
        self.name_y = min(h * 0.22, y - unit * 1.8 - tagline_h - name_h / 2)
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, bw, bh)
            widget.rect.midtop = (w // 2, round(y))
            y += bh + gap
        wide = max(theme.font(s.title, "bold").size(words.text("title.name"))[0],
                   theme.font(s.body).size(words.text("title.tagline"))[0])
        return self.name_y - name_h / 2 >= unit * 0.3 and wide <= w - unit * 2

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def back(self) -> None:
        self.app.quit()

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(backdrop((w, h), self.app.rules), (0, 0))
        scale = self.sizes
        name = words.text("title.name")
        title = theme.text(name, scale.title, theme.WHITE, "bold")
        glow = theme.text(name, scale.title, (255, 196, 110), "bold")
        rect = title.get_rect(center=(w // 2, round(self.name_y)))
        screen.blit(glow, rect.move(3, 4))
        screen.blit(title, rect)
        sub = theme.text(words.text("title.tagline"), scale.body, (230, 238, 244))
        screen.blit(sub, sub.get_rect(midtop=(w // 2, rect.bottom + scale.unit * 0.4)))
        self.form.draw(screen, scale.body)
        self.foot(screen, HINTS, scale)


HINTS = (("cursor", "hint.move"), ("select", "hint.choose"), ("back", "hint.quit"), ("help", "hint.rules"))
