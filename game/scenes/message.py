"""A dialog with a title, a message and its buttons (OK alone by default), over the scene below; the
confirmation asked before a decision that cannot be undone (X42); and the pause when the deciding player's pad
is unplugged."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import settings as preferences
from .. import theme, words
from ..app import App, scene
from ..input import Intent
from ..theme import Scale
from ..ui import prompts
from ..ui.dialog import Dialog
from ..ui.widgets import Button, Form, Widget


@scene("message")
class MessageScene(Dialog):
    def __init__(self, app: App, title: str, message: str, buttons: list[Button] | None = None):
        super().__init__(app, Form(buttons or [Button(words.text("message.ok"), app.pop, primary=True)]))
        self.title, self.message = title, message

    def button_width(self, button: Widget, scale: Scale) -> int:
        """A button's width: its words and a unit of room, 7 units at least."""
        return max(round(button.needs(scale.body)) + scale.unit, scale.unit * 7)

    def layout(self, scale: Scale) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
        """The panel's width (34 units, or as wide as the buttons need in a row: wider than the window, the dialog
        is drawn at a smaller scale), the title's lines and the message's: a title never loses a word to an
        ellipsis, as it says what the player is asked to confirm."""
        unit = scale.unit
        buttons = sum(self.button_width(b, scale) + unit for b in self.form.widgets) + unit
        width = max(unit * 34, buttons)
        room = round(min(width, self.app.screen.get_width() - 2 * unit) - 2 * unit)
        return (width, theme.wrap(self.title, scale.heading, room, "bold"),
                theme.wrap(self.message, scale.body, room))

    def size(self, scale: Scale) -> tuple[float, float]:
        width, title, lines = self.layout(scale)
        title_h = theme.font(scale.heading, "bold").get_linesize() * len(title)
        return width, scale.unit * 5 + title_h + theme.font(scale.body).get_linesize() * len(lines)

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.fitting(self.size)
        unit = scale.unit
        _, title, lines = self.layout(scale)
        box = self.panel(screen, *self.size(scale), scale)
        y = box.y + unit * 0.8
        for line in title:
            screen.blit(theme.text(line, scale.heading, theme.INK, "bold"), (box.x + unit, y))
            y += theme.font(scale.heading, "bold").get_linesize()
        y += unit * 0.4
        for line in lines:
            screen.blit(theme.text(line, scale.body, theme.INK), (box.x + unit, y))
            y += theme.font(scale.body).get_linesize()
        right = box.right - unit
        for button in reversed(self.form.widgets):
            button.rect = pygame.Rect(0, 0, self.button_width(button, scale), round(unit * 2.2))
            button.rect.bottomright = (right, box.bottom - unit * 0.8)
            right = button.rect.x - unit
        self.form.draw(screen, scale.body)


@scene("confirm")
class ConfirmScene(MessageScene):
    """Before a decision that shows something or ends the player's part (engine.barrier): do it, do it and stop
    asking for this kind alone (game/settings.py ASKS; kept in the settings file, asked again from the Settings
    screen), or go back to the table."""

    hints = (("select", "hint.choose"), ("back", "hint.cancel"))

    def __init__(self, app: App, title: str, kind: str, go: Callable[[], None]):
        def do(quiet: bool) -> None:
            if quiet:
                preferences.ask_before(app.settings, kind, False)
            app.pop()
            go()
        super().__init__(app, title, words.text(f"confirm.{kind}"), [
            Button(words.text("confirm.cancel"), app.pop),
            Button(words.text(f"confirm.quiet.{kind}"), lambda: do(True)),     # it names what it quiets
            Button(words.text("confirm.go"), lambda: do(False), primary=True)])     # focus starts on Cancel


@scene("padlost")
class PadLostScene(MessageScene):
    """The deciding player's pad went away: the game waits (the table under this dialog gets no time) until
    someone goes on, by a pad (with a pad per seat, it becomes the seat's), the keys or the mouse."""

    def __init__(self, app: App, player: str, name: str):
        key = "padlost.seat" if player else "padlost.any"
        lost = app.input.lost
        select = prompts.name(lost.family if lost else prompts.style(app.input), "select")
        super().__init__(app, words.text("padlost.title"),
                         words.text(key, player=player, name=name, select=select),
                         [Button(words.text("padlost.go"), app.pop, primary=True)])
        self.player = player

    def handle(self, intent: Intent) -> None:
        if intent.pad >= 0 and self.player and intent.kind == "select":
            self.app.input.claim(self.player, intent.pad)
        super().handle(intent)
