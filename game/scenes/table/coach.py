"""The coach of the guided first game (game/tutorial.py) at the table: a panel at the top of the map with what to
do now and how on the device in use, rings pulsing on where it is done (the lit hexes, the bar's buttons, a
player's row, a panel), and Next while a lesson is only read. The chapter's closing words come with the way on
(the next chapter, or a game), so one press ends it. While the game asks first (a confirmation dialog over the
table) the coach says to choose "Do it" there, and rings nothing the dialog hides.

Keys and the pad need no focus here: while a lesson is read (or the chapter is done) the bar is empty, so
select (Enter, Space, A) presses the panel's focused button, and Tab / the shoulders or left / right (the d-pad,
the arrows) step between its buttons, as in a dialog (issue 40).
While a lesson asks, the first select or step with nothing focused goes to what the coach rings: the player
presses where the ring pulses, never on something else.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

import engine

from ... import flow, theme, tutorial, words
from ...app import SCENES
from ...input import Intent
from ...theme import Scale
from ...ui import prompts
from ...ui.widgets import Button, Form
from .section import Section

PULSE = 1.6              # pulses of the rings a second
# The coach's halo: a white band round a gold one, outside what it rings (the focus ring is lime and dark, inside).
HALO: theme.Colour = (255, 255, 255)
GOLD: theme.Colour = (236, 150, 20)


class CoachPanel(Section):
    def __init__(self, table: Any, coach: tutorial.Coach):
        super().__init__(table)
        self.model = coach
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.form = Form()
        self.lines: tuple[str, ...] = ()
        self.heads: tuple[str, ...] = ()
        self.muted = 0                              # the first line of the device's hint
        self.sizes = table.app.scale                # the sizes the panel is drawn at (layout)
        self.clock = 0.0
        self._shown: tuple[object, ...] | None = None         # what the layout is for

    @property
    def chapter(self) -> tutorial.Chapter:
        return self.model.chapter

    # --- the lesson moving on ----------------------------------------------------------------------------------

    def follow(self) -> None:
        """The match moved (a decision, an undo, others playing): the lesson may be done, or undone."""
        table = self.table
        match = table.match
        learner = self.chapter.learner
        deciding = match.human_to_act() == learner and bool(match.legal())
        was = self.model.index
        self.model.follow(match.decisions, match.actions, deciding, match.to_act == engine.CHANCE)
        if self.model.index != was:
            self.changed()

    def next(self) -> None:
        self.model.next(self.table.match.actions)
        self.changed()
        self.table.build_decision()

    def changed(self) -> None:
        """A new lesson (laid out at once: its hex comes into sight); a finished chapter is remembered."""
        if self.model.done:
            flow.tutorial_progress(self.table.app).finish(self.chapter.id)
        self.layout()

    def tick(self, dt: float) -> None:
        self.clock += dt

    # --- input ---------------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """A click on the panel's buttons (a click elsewhere on the panel does nothing); while the lesson is
        read or the chapter done, select, Tab / the shoulders and the d-pad / the arrows (the buttons hold the
        focus: the map's hidden cursor never moves) for the keys and the pad; while it asks, the first of them
        with nothing focused goes to the ringed target."""
        self.layout()
        if intent.pointer and intent.kind in ("select", "point"):
            if not self.rect.collidepoint(intent.x, intent.y):
                return False
            self.table.map.hover = -1                   # the map under the panel is not pointed at
            self.form.handle(intent)
            return True
        if intent.pointer:
            return False
        if not self.model.holds:
            return self.to_ring(intent)
        if intent.kind == "select":
            widget = self.form.focused
            if widget is not None:
                widget.activate()
            return True
        if intent.kind in ("next", "prev"):
            self.form.move(1 if intent.kind == "next" else -1)
            return True
        if intent.kind == "cursor" and self.form.widgets:
            self.form.handle(intent)                    # left / right between Next and All chapters, as in a
            return True                                 # dialog: never a step of the map's cursor nor a pan
        return False

    def to_ring(self, intent: Intent) -> bool:
        """Select or a step with nothing focused (nor the keys' cursor on a lit hex): the focus goes to the
        lesson's ringed stop, and select chooses it there; False where the table's own focus should answer."""
        table = self.table
        focus = table.focus
        if intent.kind not in ("select", "next", "prev") or focus.stop() is not None \
                or (intent.kind == "select" and table.map.focused_hex() in table.plan.by_hex):
            return False
        stops = focus.stops()
        ringed = next((i for i, stop in enumerate(stops) if self.rings_stop(stop)), -1)
        if ringed < 0:
            return False
        focus.index = (ringed - 1) % len(stops)
        focus.step(1)                                   # there, with what a step brings (the bar scrolled, the map)
        if intent.kind == "select":
            focus.activate()
        return True

    def rings_stop(self, stop: tuple[str, int | str]) -> bool:
        """Whether the coach rings this focus stop: a lit hex or a player's row (the lesson's actions only are
        offered), or the bar's button of the lesson's action (Undo, for a lesson that teaches it)."""
        kind, target = stop
        lesson = self.model.lesson
        if kind == "button":
            action = self.table.bar.actions[int(target)]
            return action is None if lesson.undo else action is not None and lesson.allows(action)
        return kind in ("hex", "row") and not lesson.undo

    # --- where it stands -----------------------------------------------------------------------------------------

    def following(self) -> tutorial.Chapter | None:
        """The chapter the closing words name: the next not done after this one, else the first not done (a
        player who began at chapter 4 was sent back to chapter 1 under words about chapter 5)."""
        every = tutorial.chapters()
        at = next(i for i, c in enumerate(every) if c.id == self.chapter.id) + 1
        done = flow.tutorial_progress(self.table.app).done
        return next((c for c in every[at:] + every[:at] if c.id not in done), None)

    def buttons(self) -> list[tuple[str, Callable[[], object]]]:
        app = self.table.app
        if self.model.done:
            later = self.following()
            out: list[tuple[str, Callable[[], object]]] = []
            if later is not None:
                out.append((words.text("coach.next_chapter", title=later.title),
                            lambda: flow.start_chapter(app, later.id)))
            else:                                   # all done: a real game next
                out.append((words.text("coach.new_game"), self.first_game))
            out.append((words.text("coach.all_lessons"), lambda: flow.leave_tutorial(app, self.table.match)))
            return out
        if self.model.lesson.reads:
            return [(words.text("coach.next"), self.next)]
        return []

    def first_game(self) -> None:
        """All chapters done: the new-game page set as the last chapter says, 2 players, the other seat an Easy
        bot (the page opens with the choices kept in the settings: these, and the player's others)."""
        settings = self.table.app.settings
        kept = settings.new_game.get("seats")
        seats = [*(kept if isinstance(kept, list) else []), *["normal"] * 4][:4]
        settings.new_game = {**settings.new_game, "players": 2, "seats": ["human", "easy", *seats[2:]]}
        flow.leave_tutorial(self.table.app, self.table.match, True)

    def layout(self) -> None:
        """The panel across the top of the map, as tall as its words (at the UI scale, or smaller where they
        would cover more than a third of the map); laid out again when the lesson, the device (its hint names the
        buttons in hand) or the window changes. A new lesson's hex is brought into sight, clear of the panel."""
        app = self.table.app
        key = (self.model.index, self.model.done, self.model.drawing, self.asked(), app.input.device,
               app.input.family, app.screen.get_size(), app.scale.unit)
        if key == self._shown:
            return
        self._shown = key
        self.sizes = app.scale.fitting(self.arrange)
        self.arrange(self.sizes)
        point = self.model.lesson.point if not self.model.done else None
        if point is not None and self.rules.map.has_name(point):
            self.table.map.bring_into_sight(self.rules.map.hex_of(point))

    def arrange(self, s: Scale) -> bool:
        area, unit = self.table.map_area(), s.unit
        width = min(area.w - unit * 2, unit * 34)
        room = width - unit * 2
        n, count = self.model.counted()
        head = words.text("coach.head", title=self.chapter.title, n=n, of=count)
        self.heads = theme.wrap(head, s.small, room, "bold")
        said, *hint = self.said()
        self.lines = theme.wrap(said, s.small, room)
        self.muted = len(self.lines)                    # the device's hint, muted, after the lesson's words
        self.lines += tuple(line for part in hint for line in theme.wrap(part, s.small, room))
        line_h = theme.font(s.small).get_linesize()
        head_h = theme.font(s.small, "bold").get_linesize()
        chosen = self.buttons()
        height = unit * 0.6 + head_h * len(self.heads) + unit * 0.3 + line_h * len(self.lines) + unit * 0.6
        if chosen:
            height += unit * 2.5
        self.rect = pygame.Rect(0, 0, width, round(height))
        self.rect.midtop = (area.centerx, area.y + unit // 2)
        buttons = [Button(label, action, primary=i == 0) for i, (label, action) in enumerate(chosen)]
        x = float(self.rect.right - unit)
        for button in reversed(buttons):
            w = min(theme.font(s.small, "semibold").size(button.label)[0] + unit * 1.6, room)
            button.rect = pygame.Rect(0, 0, round(w), round(unit * 2))
            button.rect.bottomright = (round(x), self.rect.bottom - unit // 2)
            x -= w + unit // 2
        self.form = Form(buttons)
        return height <= area.h / 3 and x + unit // 2 >= self.rect.x + unit

    def asked(self) -> bool:
        """The game asks first (X42): its confirmation dialog lies over the table."""
        return type(self.table.app.top) is SCENES["confirm"]

    def said(self) -> list[str]:
        """The lesson's words and, for a lesson that asks something, how it is done on the device in use (in
        the dialog, while the game asks first); the closing words with the chapter done."""
        lesson, device = self.model.lesson, self.table.app.input
        out = [lesson.say]
        if self.model.done:
            out.append(words.text("coach.chapter_done", title=self.chapter.title))
        elif self.model.drawing:
            out.append(words.text("coach.drawing"))
        elif lesson.do and self.asked():
            out.append(words.text(prompts.variant(device, "coach.confirm"), go=words.text("confirm.go"),
                                  **prompts.names(device)))
        elif lesson.do:
            way = "coach.do.bar" if self.rings_the_bar_alone() else "coach.do"
            out.append(words.text(prompts.variant(device, way), **prompts.names(device)))
        elif lesson.undo:
            out.append(words.text(prompts.variant(device, "coach.undo"), **prompts.names(device)))
        elif lesson.wait:
            out.append(words.text("coach.wait"))
        return out

    def rings_the_bar_alone(self) -> bool:
        """Whether the lesson is done by a bar's button and no hex: its words send the player to the bar ("where
        the ring pulses" read as the map when the ring was on "Keep the tile face down")."""
        ringed = [kind for kind, target in self.table.focus.stops() if self.rings_stop((kind, target))]
        return bool(ringed) and all(kind == "button" for kind in ringed)

    def targets(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Where the lesson is done, or what it shows: hexes (the lit ones, the one it points at), and boxes
        (the bar's buttons of its actions, the rows of the players to pick, the panel it points at); Undo alone
        for a lesson that teaches it (the lit hexes wait for the lesson after). None while a dialog lies over the
        table: a ring would point at what it hides."""
        table = self.table
        lesson = self.model.lesson
        hexes: list[pygame.Rect] = []
        boxes: list[pygame.Rect] = []
        if self.model.done or not table.app.takes_input(table):
            return hexes, boxes
        if lesson.point in tutorial.PANELS:
            panel = table.panels().get(str(lesson.point))
            if panel is not None:
                boxes.append(panel.inflate(-4, -4))
        elif lesson.point is not None:
            hexes.append(self.hex_rect(lesson.point))
        if table.legal or lesson.undo:
            boxes += [b.rect for b, a in zip(table.bar.buttons, table.bar.actions, strict=True)
                      if b.rect.w and (a is None) == lesson.undo]
        if table.legal and not lesson.undo:                 # a lesson on Undo rings only Undo
            labels = self.rules.map.labels
            hexes += [self.hex_rect(labels[h]) for h in table.plan.by_hex]
            if table.plan.order and table.first is None:
                boxes += list(table.players.rows().values())
        return hexes, boxes

    def hex_rect(self, label: str) -> pygame.Rect:
        (x, y), size = self.table.map.where(label)
        rect = pygame.Rect(0, 0, round(size * 1.9), round(size * 1.9))
        rect.center = (round(x), round(y))
        return rect

    # --- drawing -----------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        self.layout()
        scale = self.sizes
        unit = scale.unit
        theme.panel(screen, self.rect, alpha=248)
        y = self.rect.y + unit * 0.6
        for head in self.heads:
            title = theme.text(head, scale.small, theme.ACCENT, "bold")
            screen.blit(title, (self.rect.x + unit, round(y)))
            y += theme.font(scale.small, "bold").get_linesize()
        y += unit * 0.3
        line_h = theme.font(scale.small).get_linesize()
        for i, line in enumerate(self.lines):
            colour = theme.INK if i < self.muted else theme.MUTED
            screen.blit(theme.text(line, scale.small, colour), (self.rect.x + unit, round(y)))
            y += line_h
        stop = self.form.focus if self.model.holds and not self.table.map.pointing else -1
        for i, widget in enumerate(self.form.widgets):
            assert isinstance(widget, Button)
            widget.draw(screen, i == stop, scale.small)

    def rings(self, screen: pygame.Surface) -> None:
        """A pulsing halo round each target, outside it: the eye goes where the hand must. Gold within white,
        never the focus ring's lime and dark bands (drawn within a widget or a hex): "the coach points here" and
        "the focus is here" never look alike, and a ringed target that has the focus shows both."""
        unit = self.table.app.scale.unit
        beat = 0.5 + 0.5 * math.sin(self.clock * PULSE * math.tau)
        width = max(2, round(unit * (0.12 + 0.08 * beat)))
        grow = round(unit * (0.25 + 0.3 * beat))             # clear of the target's edge, where a focus ring lies
        hexes, boxes = self.targets()
        for shape, targets in ((pygame.draw.ellipse, hexes), (self.box, boxes)):
            for rect in targets:
                for colour, inset in ((HALO, 0), (GOLD, width)):     # white outside, gold within it
                    shape(screen, colour, rect.inflate((grow - inset) * 2, (grow - inset) * 2), width)

    def box(self, screen: pygame.Surface, colour: theme.Colour, rect: pygame.Rect, width: int) -> None:
        """A ringed box's halo band: rounded as the widgets are."""
        pygame.draw.rect(screen, colour, rect, width, border_radius=self.table.app.scale.unit // 2)
