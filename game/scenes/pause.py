"""The pause menu over the table: resume, the rules, save or open a game, or leave to the title (the game is saved
first), or quit; in a chapter of the guided first game, skip it or go back to the chapters' list instead of saving.
Online there is nothing to save here (the server keeps the game): leave returns to the title while the game goes
on, and a seat whose player seems gone may be given to a bot once every other human agrees."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import flow, theme, words
from ..app import App, scene
from ..host import Host, HostUnavailable
from ..match import Match
from ..online.lobby import LobbyError
from ..theme import Scale
from ..ui import prompts
from ..ui.dialog import Dialog
from ..ui.widgets import Button, Form


@scene("pause")
class PauseScene(Dialog):
    hints = (("select", "hint.choose"), ("back", "hint.resume"))

    def __init__(self, app: App, match: Host, orders: Callable[[], None] | None = None,
                 chapter: str | None = None):
        self.match, self.orders, self.chapter = match, orders, chapter
        super().__init__(app, Form())
        self.respoken()

    def respoken(self) -> None:
        """The buttons, in the language in use (made again when the settings change it)."""
        app, match, orders, chapter = self.app, self.match, self.orders, self.chapter
        buttons = [Button(words.text("pause.resume"), app.pop, primary=True)]
        if orders is not None:               # the viewer's own standing orders (game/seats.py)
            buttons.append(Button(words.text("orders.open"), lambda: (app.pop(), orders())))
        buttons.append(Button(words.text("menu.rules"), lambda: flow.open_help(app)))
        if not isinstance(match, Match):     # online: the server keeps the game
            buttons += [self.vote(seat) for seat in match.absent()]
            buttons.append(Button(words.text("pause.leave_online"), self.to_title))
        elif chapter is not None:            # a chapter of the guided first game: nothing to save
            buttons += [Button(words.text("pause.skip_chapter"), lambda: flow.skip_chapter(app, match, chapter)),
                        Button(words.text("pause.lessons"), lambda: flow.leave_tutorial(app, match))]
        else:
            buttons += [Button(words.text("saves.from_pause"), lambda: app.push(app.make("saves", match))),
                        Button(words.text("pause.leave"), self.save_and_leave)]
        buttons.append(Button(words.text("menu.settings"), lambda: flow.open_settings(app)))
        focus = self.form.focus
        self.form = Form(buttons + [Button(words.text("menu.quit"), self.quit)])
        self.form.focus = focus

    def save_and_leave(self) -> None:
        """Leave only once the game is saved: a save that cannot be written is said, and the game stays open."""
        self.match.autosave_now(picture=True, wait=True)
        if self.match.autosave_error is not None:
            self.app.push(self.app.make("message", words.text("save.failed"),
                                        f"{self.match.autosave_error}. {words.text('save.failed.stay')}"))
            return
        self.match.close()
        flow.open_title(self.app)

    def vote(self, seat: str) -> Button:
        """Agree that a seat whose player seems gone goes to a bot (the server waits for every other human)."""
        button = Button(words.text("pause.replace", player=seat), lambda: self.agree(seat, button))
        return button

    def agree(self, seat: str, button: Button) -> None:
        """The vote, or why it was not taken: no answer, or the server's refusal (`present`: the player is
        connected again, and the menu no longer offers the seat)."""
        try:
            self.match.replace(seat)
        except (HostUnavailable, LobbyError) as exc:
            self.respoken()                 # the seats offered as the server now says them
            self.app.push(self.app.make("message", words.text("pause.replace", player=seat), str(exc)))
            return
        button.label, button.enabled = words.text("pause.replace.agreed", player=seat), False

    def to_title(self) -> None:
        """Online: back to the title; the game goes on on the server (asynchronous play)."""
        self.match.close()
        flow.open_title(self.app)

    def quit(self) -> None:
        """Ask first (a click meant for Settings, whose place moves with the language and the text size, must not
        close the program): the focus starts on Cancel; the game is kept either way (saved here, or on the
        server)."""
        kept = "pause.quit.saved" if isinstance(self.match, Match) else "pause.quit.online"
        flow.ask_quit(self.app, self.match, words.text(kept))

    def size(self, scale: Scale) -> tuple[float, float]:
        """As wide as its hints need, on every device: Esc (B, a right click), the key that closes it, is never
        left out of them (at UI scale 2 in French it was)."""
        said = [(intent, words.text(key)) for intent, key in self.shown_hints()]
        width = max(scale.unit * 20, prompts.widest(said, scale.small) + scale.unit * 2.5)
        return width, scale.unit * (4.6 + 2.9 * len(self.form.widgets))

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.fitting(self.size)              # smaller than the UI scale asks where the window is short
        box = self.panel(screen, *self.size(scale), scale)
        title = theme.text(words.text("pause.title"), scale.heading, theme.INK, "bold")
        screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + scale.unit)))
        y = box.y + scale.unit * 3.6
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, box.w - scale.unit * 2, round(scale.unit * 2.3))
            widget.rect.midtop = (box.centerx, round(y))
            y += scale.unit * 2.9
        self.form.draw(screen, scale.body)
