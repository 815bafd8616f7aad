"""The title scene: New game, Continue (the latest autosave, when there is one), Learn to play, Play online, Saved
games, Rules, Settings, Quit; over the living sea, an explorer's canoe crossing above the game's name (ui/backdrop.py).

The first frame of the game is this scene's: nothing here is made before it is drawn, and it is drawn in part
after that (render/redraw.py): the buttons and the hints each frame (they answer the pointer and the device),
the canoe where it sails, the sea where it changed.

Before the player uses a device, the hints show a plugged-in pad's glyphs, else the keys' (the input layer's
untouched device, game/input.py): never the mouse's, as on every scene."""
from __future__ import annotations

import pygame

from .. import flow, theme, words
from ..app import App, scene
from ..render.redraw import Redraw
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import LivingSea, MenuPage, backdrop, foot_room
from ..ui.widgets import Button, Form


@scene("title")
class TitleScene(MenuPage):
    def __init__(self, app: App):
        super().__init__(app)
        self.form = Form()
        self.name_y = 0.0                           # the centre of the game's name
        self.lane = 0.0                             # the canoe's waterline, above the name
        self.redraw = Redraw()
        self.living = LivingSea(app.rules)

    def enter(self) -> None:
        has_save = flow.has_autosave(self.app)
        first = not has_save and not learnt(self.app)      # a first visit: learn first
        self.form = Form([
            Button(words.text("menu.new_game"), lambda: flow.open_setup(self.app), primary=not first),
            Button(words.text("menu.continue"), lambda: flow.continue_game(self.app), enabled=has_save),
            Button(words.text("menu.learn"), lambda: flow.open_lessons(self.app), primary=first),
            Button(words.text("online.title"), lambda: self.app.push(self.app.make("online"))),
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
        self.lane = max(canoe_length(s) * 0.8, self.name_y - name_h / 2 - unit * 0.4)
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

    def parts(self, screen: pygame.Surface, whole: bool) -> list[pygame.Rect] | None:
        self.redraw.measure(screen, self.draw, self.app.frames)
        return self.redraw.areas((screen.get_size(), self.sizes.unit), screen.get_rect(), whole)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        app, scale = self.app, self.sizes
        screen.blit(backdrop((w, h), app.rules), (0, 0))
        self.living.draw(screen, app.time, app.frames, self.redraw, self.lane, canoe_length(scale),
                         foot_room((w, h), scale).top)
        name = words.text("title.name")
        title = theme.text(name, scale.title, theme.WHITE, "bold")
        glow = theme.text(name, scale.title, (255, 196, 110), "bold")
        rect = title.get_rect(center=(w // 2, round(self.name_y)))
        screen.blit(glow, rect.move(3, 4))
        screen.blit(title, rect)
        sub = theme.text(words.text("title.tagline"), scale.body, (230, 238, 244))
        screen.blit(sub, sub.get_rect(midtop=(w // 2, rect.bottom + scale.unit * 0.4)))
        self.form.draw(screen, scale.body)
        self.redraw.moved(pygame.Rect(self.form.widgets[0].rect).unionall([b.rect for b in self.form.widgets])
                          .inflate(scale.unit, scale.unit))        # lifted, squashed, focused as the hand moves
        self.redraw.moved(self.foot(screen, HINTS, scale, self.app.input))


def canoe_length(scale: Scale) -> float:
    """The length of the canoe crossing the title."""
    return scale.unit * 2.6


def learnt(app: App) -> bool:
    """Whether the player finished a chapter of Learn to play. Without a progress file, none: known without
    reading the chapters, which would cost the game's first frame a tenth of a second."""
    return flow.tutorial_path(app).exists() and bool(flow.tutorial_progress(app).done)


HINTS = (("cursor", "hint.move"), ("select", "hint.choose"), ("back", "hint.quit"), ("help", "hint.rules"))
