"""The guided first game's chapters ("Learn to play" on the title): one button each, the first not yet done
focused so that select resumes there (the focus alone stands out: no button is primary, so a pad player sees one
highlight); each button says whether its chapter is done (once: its line under it says what it teaches and how
long it takes, done or not)."""
from __future__ import annotations

from functools import partial

import pygame

from .. import flow, theme, tutorial, words
from ..app import App, scene
from ..theme import Scale
from ..ui.backdrop import MenuPage, foot_room, heading_size
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
        buttons = [Button(words.text("lessons.chapter.done" if c.id in done else "lessons.chapter", n=i + 1,
                                     title=c.title),
                          partial(flow.start_chapter, self.app, c.id))
                   for i, c in enumerate(chapters)]
        self.notes = [words.text("lessons.minutes", summary=c.summary, minutes=c.minutes) for c in chapters]
        self.form = Form([*buttons, Button(words.text("menu.back"), self.back)])
        self.form.focus = resume
        self.layout()

    def arrange(self, s: Scale) -> bool:
        """A column of chapters, each button with its line under it, between the heading and the foot; False
        where a line or the column does not fit."""
        w, h = self.app.screen.get_size()
        unit = s.unit
        notes = max((theme.font(s.small).size(note)[0] for note in self.notes), default=0)
        bw, bh = min(max(unit * 22, notes), w - unit * 4), round(unit * 2.3)     # as wide as the longest line
        note_h = theme.font(s.small).get_height()
        step = bh + unit * 0.3 + note_h + unit * 0.8          # the button, its line, the gap to the next
        top = self.intro_bottom(s) + unit * 1.6
        y = max(top, (foot_room((w, h), s).top - step * len(self.form.widgets)) / 2)
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, bw, bh)
            widget.rect.midtop = (w // 2, round(y))
            y += step
        intro = theme.font(s.body).size(self.intro())[0]
        return y - unit * 0.8 <= foot_room((w, h), s).top and notes <= bw and intro <= w - unit * 2

    def intro(self) -> str:
        return words.text("lessons.intro", minutes=sum(c.minutes for c in tutorial.chapters()))

    def intro_bottom(self, s: Scale) -> float:
        return s.unit * 1.6 + theme.font(heading_size(s), "bold").get_height() + theme.font(s.body).get_height()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def draw(self, screen: pygame.Surface) -> None:
        s = self.sizes
        self.page(screen, words.text("lessons.title"), s)
        w = screen.get_width()
        line = theme.text(self.intro(), s.body, (230, 238, 244))
        screen.blit(line, line.get_rect(midbottom=(w // 2, round(self.intro_bottom(s)))))
        widgets = self.form.widgets
        column = widgets[0].rect.unionall([w.rect for w in widgets]).inflate(s.unit * 2, s.unit * 1.6)
        theme.panel(screen, column, fill=(10, 32, 54), edge=(10, 32, 54), alpha=150)    # the lines stay legible
        self.form.draw(screen, s.body)
        for widget, note in zip(self.form.widgets, self.notes, strict=False):    # light, on the dark sea
            said = theme.text(note, s.small, (210, 222, 232))
            screen.blit(said, said.get_rect(midtop=(widget.rect.centerx, widget.rect.bottom + s.unit * 0.3)))
        self.foot(screen, HINTS, s)


HINTS = (("cursor", "hint.move"), ("select", "hint.open"), ("back", "hint.back"))
