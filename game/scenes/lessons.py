"""The guided first game's chapters ("Learn to play" on the title): one button each, the first not yet done
focused so that select resumes there; each says what it teaches and whether it is done."""
from __future__ import annotations

from functools import partial

import pygame

from .. import flow, theme, tutorial, words
from ..app import App, scene
from ..ui.backdrop import MenuPage
from ..ui.widgets import Button, Form


@scene("lessons")
class LessonsScene(MenuPage):
    def __init__(self, app: App):
        super().__init__(app)
        self.form = Form()
        self.notes: list[str] = []

    def enter(self) -> None:
        done = flow.tutorial_progress(self.app).done
        chapters = tutorial.chapters()
        resume = next((i for i, c in enumerate(chapters) if c.id not in done), 0)
        buttons = [Button(words.text("lessons.chapter", n=i + 1, title=c.title),
                          partial(flow.start_chapter, self.app, c.id), primary=i == resume)
                   for i, c in enumerate(chapters)]
        self.notes = [words.text("lessons.done" if c.id in done else "lessons.minutes", summary=c.summary,
                                 minutes=c.minutes) for c in chapters]
        self.form = Form([*buttons, Button(words.text("menu.back"), self.back)])
        self.form.focus = resume
        self.layout()

    def layout(self) -> None:
        """A column of chapters, each button with its line under it, between the heading and the hints."""
        w, h = self.app.screen.get_size()
        unit = self.app.scale.unit
        bw, bh = min(unit * 22, w - unit * 2), round(unit * 2.3)
        step = bh + unit * 1.9                     # the button and its line
        column = step * len(self.form.widgets)
        y = max(unit * 6, (h - column) / 2)
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, bw, bh)
            widget.rect.midtop = (w // 2, round(y))
            y += step

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def draw(self, screen: pygame.Surface) -> None:
        self.page(screen, words.text("lessons.title"))
        scale = self.app.scale
        w = screen.get_width()
        minutes = sum(c.minutes for c in tutorial.chapters())
        intro = theme.fit(words.text("lessons.intro", minutes=minutes), scale.body, w - scale.unit * 2)
        line = theme.text(intro, scale.body, (230, 238, 244))
        screen.blit(line, line.get_rect(midtop=(w // 2, round(scale.unit * 3.6))))
        self.form.draw(screen, scale.body)
        for widget, note in zip(self.form.widgets, self.notes, strict=False):    # light, on the dark sea
            said = theme.text(theme.fit(note, scale.small, widget.rect.w), scale.small, (210, 222, 232))
            screen.blit(said, said.get_rect(midtop=(widget.rect.centerx, widget.rect.bottom + scale.unit * 0.3)))
