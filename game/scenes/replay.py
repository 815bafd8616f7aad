"""Watching a saved game again (issue 26, game/replay.py): whose view first (`replay`: everyone's, or a seat's
after its PIN at that seat's hand-off, so a wrong PIN shows nothing of it; a PIN that cannot be checked cannot be
cleared here, so that seat is not offered), then the real table with the replay's controls over the foot of its
map (`replaying`): what is watched and where (the turn, action n of N, counted by the positions the watcher tells
apart), and buttons for each of what the keys and the pad do (issue 40): play or pause (select), one position on
or back (Right, Left: the arrows or the d-pad), the start of the turn before or after (prev, next: Shift+Tab and
Tab, the pad's shoulders), slower or faster (Down, Up), and its own menu (back), which offers no saving: a replay
is no game to keep."""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from .. import flow, theme, words
from ..app import App, scene
from ..input import Intent
from ..replay import Recording, ReplayMatch
from ..seats import PIN_UNUSABLE
from ..settings import SPEEDS
from ..theme import Scale
from ..ui.backdrop import draw_hints
from ..ui.dialog import Dialog
from ..ui.overlay import Overlay
from ..ui.prompts import bar_height
from ..ui.widgets import Button, Form

HINTS = (("select", "replay.play_pause"), ("cursor", "replay.hint.steps"), ("step", "replay.hint.turns"),
         ("back", "hint.menu"))


def view_name(viewer: str | None) -> str:
    return words.text("replay.public") if viewer is None else words.text("replay.seat", player=viewer)


def where(match: ReplayMatch) -> str:
    """Whose view, the turn, and the position among the positions that view tells apart."""
    return words.text("replay.where", view=view_name(match.watcher), turn=match.turn, n=match.position,
                      total=match.total)


@scene("replay")
class ReplayChoiceScene(Dialog):
    """Whose view the replay shows: everyone's, or one seat's (its PIN asked first where it has one)."""

    def __init__(self, app: App, recording: Recording):
        self.recording = recording
        seats = [Button(words.text("replay.seat.pin" if self.locked(p) else "replay.seat", player=p),
                        partial(self.choose, p)) for p in recording.players if self.viewable(p)]
        super().__init__(app, Form([Button(words.text("replay.public"), lambda: self.start(None), primary=True),
                                    *seats, Button(words.text("confirm.cancel"), app.pop)]))

    def pin(self, player: str) -> str | None:
        settings = self.recording.settings.get(player)
        return None if settings is None else settings.pin

    def locked(self, player: str) -> bool:
        return self.pin(player) is not None

    def viewable(self, player: str) -> bool:
        """Not a seat whose PIN cannot be checked: no digits open it, and only the game's own table may clear it."""
        return self.pin(player) != PIN_UNUSABLE

    def choose(self, player: str) -> None:
        """A seat's view, behind its hand-off where it has a PIN: only the right PIN goes on to the replay."""
        if self.locked(player):
            self.app.push(self.app.make("handoff", player, self.start, self.recording.settings[player],
                                        at_table=False))
        else:
            self.start(player)

    def start(self, viewer: str | None) -> None:
        """The table, alone on the stack, with the replay's controls over it (a game being played under the menus
        is closed, saved whole, as its table leaves: TableScene.removed)."""
        match = ReplayMatch(self.app.rules, self.recording, viewer, self.app.settings.speed)
        table = self.app.make("table", match)
        self.app.reset(table)
        self.app.push(self.app.make("replaying", table, match))

    def size(self, scale: Scale) -> tuple[float, float]:
        wide = max(b.needs(scale.body) for b in self.form.widgets) + scale.unit * 4
        return max(scale.unit * 20, wide), scale.unit * (6.2 + 2.9 * len(self.form.widgets))

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.fitting(self.size)
        unit = scale.unit
        box = self.panel(screen, *self.size(scale), scale)
        title = theme.text(words.text("replay.title"), scale.heading, theme.INK, "bold")
        screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + unit)))
        said = theme.fit(self.recording.name, scale.body, box.w - unit * 2)
        name = theme.text(said, scale.body, theme.MUTED)
        screen.blit(name, name.get_rect(midtop=(box.centerx, box.y + unit * 3.3)))
        y = box.y + unit * 5.4
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, box.w - unit * 2, round(unit * 2.3))
            widget.rect.midtop = (box.centerx, round(y))
            y += unit * 2.9
        self.form.draw(screen, scale.body)


@scene("replaying")
class ReplayControls(Overlay):
    """The replay's controls at the foot of the table's map, where a game's decision bar stands: the table's own
    gestures (pointing at hexes and rows, the log, zoom and pan) go on under it."""

    def __init__(self, app: App, table: Any, match: ReplayMatch):
        super().__init__(app)
        self.table, self.match = table, match
        table.ended = True                     # a replay ends no game: no result line, no end scene
        self.play = Button("", match.toggle, primary=True)
        self.step = Button(words.text("replay.step.on"), self.step_one)
        self.speed = Button("", partial(self.faster, 1))
        self.form = Form([Button(words.text("replay.turn.back"), partial(self.jump, -1)),
                          Button(words.text("replay.step.back"), self.step_back),
                          self.play, self.step,
                          Button(words.text("replay.turn.on"), partial(self.jump, 1)),
                          self.speed])
        self.sizes = app.scale
        self.warned = False

    # --- what it does ------------------------------------------------------------------------------------------

    def step_one(self) -> None:
        """The animations under way end at once, then the next position plays."""
        self.table.anim.skip()
        self.match.step()

    def step_back(self) -> None:
        self.table.anim.skip()
        self.match.step_back()

    def jump(self, by: int) -> None:
        """The start of the turn before (-1) or after (1)."""
        self.table.anim.skip()
        self.match.jump(by)

    def faster(self, by: int) -> None:
        """Faster (1) or slower (-1); the speed button steps round from the fastest to the slowest."""
        match = self.match
        if by > 0 and match.speed == SPEEDS[-1]:
            by = -len(SPEEDS)
        match.faster(by)

    def menu(self) -> None:
        """The replay's pause menu: resume, the rules, or leave to the saved games (nothing to save)."""
        app, match = self.app, self.match
        text = where(match)
        app.push(app.make("message", words.text("replay.menu"), text, [
            Button(words.text("pause.resume"), app.pop, primary=True),
            Button(words.text("menu.rules"), lambda: flow.open_help(app)),
            Button(words.text("replay.leave"), self.close)]))

    def close(self) -> None:
        """Leave the replay for the saved games, over the title."""
        self.match.close()
        flow.open_title(self.app)
        self.app.push(self.app.make("saves"))

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "select" and intent.pointer:
            return bool(self.form.handle(intent))     # a click elsewhere is the table's
        if kind == "select":
            self.match.toggle()
        elif kind == "cursor" and intent.dx and not intent.dy:
            self.step_one() if intent.dx > 0 else self.step_back()
        elif kind == "cursor" and intent.dy and not intent.dx:
            self.match.faster(-1 if intent.dy > 0 else 1)
        elif kind == "next" or kind == "prev":
            self.jump(1 if kind == "next" else -1)
        elif kind == "back" or kind == "menu":
            self.menu()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        """Keep the table's battle above the controls; say it once if the last position is not the save's."""
        self.table.foot = self.rect()
        if self.match.error is not None and not self.warned:
            self.warned = True
            self.app.push(self.app.make("message", words.text("replay.astray.title"),
                                        words.text("replay.astray", hashes=self.match.error)))

    # --- where it stands and how it looks ----------------------------------------------------------------------

    def line(self) -> str:
        match = self.match
        state = "replay.ended" if match.at_end else "replay.playing" if match.playing else "replay.paused"
        return words.text("replay.line", where=where(match), state=words.text(state))

    def fits(self, scale: Scale) -> bool:
        """Whether the line and the buttons, in as few rows as the map's width allows, fit it at these sizes."""
        room: int = self.table.map_area().w - scale.unit * 4
        return theme.font(scale.small, "semibold").size(self.line())[0] <= room and len(self.rows(scale)) <= 2

    def rows(self, scale: Scale) -> list[list[tuple[Button, int]]]:
        """The buttons with their widths, in rows as wide as the map allows (the speed wraps first)."""
        room: int = self.table.map_area().w - scale.unit * 4
        rows: list[list[tuple[Button, int]]] = [[]]
        for button in self.form.widgets:
            assert isinstance(button, Button)
            width = round(button.needs(scale.body) + scale.unit * 1.6)
            if rows[-1] and sum(w + scale.unit for _, w in rows[-1]) + width > room:
                rows.append([])
            rows[-1].append((button, width))
        return rows

    def rect(self) -> pygame.Rect:
        match = self.match
        self.play.label = words.text("replay.pause" if match.playing else "replay.play")
        self.speed.label = words.text("replay.speed", speed=words.text(f"speed.{match.speed}"))
        back, step_back, _, _, on, _ = self.form.widgets
        self.play.enabled = self.step.enabled = on.enabled = not match.at_end
        back.enabled = step_back.enabled = match.position > 0
        self.sizes = scale = self.app.scale.fitting(self.fits)
        unit = scale.unit
        area: pygame.Rect = self.table.map_area()
        more = len(self.rows(scale)) - 1
        tall = theme.font(scale.small, "semibold").get_linesize() + unit * (3.6 + 2.6 * more) + bar_height(scale.small)
        rect = pygame.Rect(area.x + unit, 0, area.w - unit * 2, round(tall))
        rect.bottom = area.bottom - unit // 2
        return rect

    def draw(self, screen: pygame.Surface) -> None:
        rect = self.rect()
        scale, unit = self.sizes, self.sizes.unit
        theme.panel(screen, rect, alpha=245)
        head = theme.text(self.line(), scale.small, theme.MUTED, "semibold")
        screen.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + round(unit * 0.4))))
        y = rect.y + round(unit * 0.7) + head.get_height()
        for row in self.rows(scale):
            x = rect.centerx - (sum(w for _, w in row) + unit * (len(row) - 1)) // 2
            for button, width in row:
                button.rect = pygame.Rect(x, y, width, round(unit * 2.1))
                x += width + unit
            y += round(unit * 2.6)
        for widget in self.form.widgets:
            widget.draw(screen, False, scale.body)
        strip = pygame.Rect(rect.x + unit, rect.bottom - bar_height(scale.small) - unit // 4, rect.w - unit * 2,
                            bar_height(scale.small))
        draw_hints(screen, self.app.input, HINTS, strip, scale)

    @property
    def settled(self) -> bool:
        return self.match.stopped
