"""A dialog with a title, a message and its buttons (OK alone by default), over the scene below; and the
confirmation asked before a decision that cannot be undone (X42)."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme, words
from ..app import App, scene
from ..ui.dialog import Dialog
from ..ui.widgets import Button, Form


@scene("message")
class MessageScene(Dialog):
    def __init__(self, app: App, title: str, message: str, buttons: list[Button] | None = None):
        super().__init__(app, Form(buttons or [Button(words.text("message.ok"), app.pop, primary=True)]))
        self.title, self.message = title, message

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.app.scale
        font = theme.font(scale.body, "semibold")
        widths = [font.size(b.label)[0] + scale.unit * 2 for b in self.form.widgets]
        width = min(screen.get_width() - 2 * scale.unit,
                    max(scale.unit * 34, sum(widths) + scale.unit * (len(widths) + 1)))
        lines = theme.wrap(self.message, scale.body, width - 2 * scale.unit)
        line_h = theme.font(scale.body).get_linesize()
        box = self.panel(screen, width, scale.unit * 7 + line_h * len(lines))
        said = theme.fit(self.title, scale.heading, box.w - 2 * scale.unit, "bold")
        title = theme.text(said, scale.heading, theme.INK, "bold")
        screen.blit(title, (box.x + scale.unit, box.y + scale.unit * 0.8))
        y = box.y + scale.unit * 1.2 + title.get_height()
        for line in lines:
            screen.blit(theme.text(line, scale.body, theme.INK), (box.x + scale.unit, y))
            y += line_h
        right = box.right - scale.unit
        for button, w in zip(reversed(self.form.widgets), reversed(widths), strict=True):
            button.rect = pygame.Rect(0, 0, max(w, scale.unit * 7), round(scale.unit * 2.2))
            button.rect.bottomright = (right, box.bottom - scale.unit * 0.8)
            right = button.rect.x - scale.unit
        self.form.draw(screen, scale.body)


@scene("confirm")
class ConfirmScene(MessageScene):
    """Before a decision that shows something or ends the player's part (engine.barrier): do it, do it and stop
    asking for this kind (this run's settings), or go back to the table."""

    def __init__(self, app: App, title: str, kind: str, go: Callable[[], None]):
        def do(quiet: bool) -> None:
            if quiet:
                app.settings.ask_before.discard(kind)
            app.pop()
            go()
        super().__init__(app, title, words.text(f"confirm.{kind}"), [
            Button(words.text("confirm.cancel"), app.pop),
            Button(words.text("confirm.quiet"), lambda: do(True)),
            Button(words.text("confirm.go"), lambda: do(False), primary=True)])     # focus starts on Cancel
