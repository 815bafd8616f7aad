"""The settings: the full screen, the controller's rumble, one controller per player in pass and play. A change
applies at once and is kept for the next run (game/settings.py); reached from the title and the pause menu."""
from __future__ import annotations

import pygame

from .. import settings as preferences
from .. import theme, words
from ..app import App, scene
from ..theme import Scale
from ..ui.backdrop import MenuPage, sheet
from ..ui.widgets import Button, Form, Toggle


@scene("settings")
class SettingsScene(MenuPage):
    def __init__(self, app: App):
        super().__init__(app)
        self.form = Form()
        self.paper = pygame.Rect(0, 0, 0, 0)
        self.build()

    def build(self) -> None:
        """The toggles as the settings stand (F11 may have switched the full screen meanwhile)."""
        focus, settings = self.form.focus, self.app.settings
        self.form = Form([
            Toggle(words.text("settings.fullscreen"), words.text("settings.fullscreen.hint"), settings.fullscreen,
                   self.set_fullscreen),
            Toggle(words.text("settings.rumble"), words.text("settings.rumble.hint"), settings.rumble,
                   self.set_rumble),
            Toggle(words.text("settings.pad_per_seat"), words.text("settings.pad_per_seat.hint"),
                   settings.pad_per_seat, self.set_pad_per_seat),
            Button(words.text("menu.back"), self.app.pop, primary=True),
        ])
        self.form.focus = focus
        self.layout()

    # --- what the toggles change -----------------------------------------------------------------------------

    def set_fullscreen(self, on: bool) -> None:
        """The display switches (and keeps the choice itself, as F11 does); the toggle then shows what it did."""
        if on != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()
        self.build()

    def set_rumble(self, on: bool) -> None:
        self.app.settings.rumble = on
        preferences.save(self.app.settings.data_dir, rumble=on)

    def set_pad_per_seat(self, on: bool) -> None:
        """Switched off, every pad acts again at once; switched on, the next hand-off gives the seat its pad."""
        self.app.settings.pad_per_seat = on
        if not on:
            self.app.input.free_pads()
        preferences.save(self.app.settings.data_dir, pad_per_seat=on)

    # --- drawing ---------------------------------------------------------------------------------------------

    def arrange(self, scale: Scale) -> bool:
        """A column of the toggles and Back on a sheet under the heading, at these sizes; False where it would not
        fit the window or a toggle's words its width."""
        w, h = self.app.screen.get_size()
        unit = scale.unit
        col_w = min(w - unit * 4, unit * 34)
        top = sheet((w, h), scale).y
        y = float(top + unit)
        for widget in self.form.widgets:
            tall = 1.35 if isinstance(widget, Toggle) else 1.0            # a line under the label
            widget.rect = pygame.Rect(0, 0, col_w if isinstance(widget, Toggle) else unit * 10,
                                      round(unit * 2.2 * tall))
            widget.rect.midtop = (w // 2, round(y))
            y += widget.rect.h + unit * 0.8
        self.paper = pygame.Rect(0, 0, col_w + unit * 2, round(y - top + unit * 0.2))
        self.paper.midtop = (w // 2, top)
        return self.paper.bottom <= h - unit // 2 and all(wd.needs(scale.body) <= wd.rect.w for wd in self.form.widgets)

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw(self, screen: pygame.Surface) -> None:
        self.page(screen, words.text("settings.title"), self.sizes)
        theme.panel(screen, self.paper, alpha=250)
        self.form.draw(screen, self.sizes.body)
