"""The decision bar across the bottom of the map: what the decision is about (its headline) and a button for
each choice that has no place on the map (gestures.Plan.buttons, and the direction of the turn order once its
first player is picked). Undo, while the player's own decisions can be taken back (X42), comes first; choices
flow from the left edge; what ends the step or the decision
(`gestures.ENDING`) stays at the right end, so that a second click in the same place never lands on a choice
that moved under the pointer.
"""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

import engine

from ... import gestures, help, theme, words
from ...input import Intent
from ...render import hud
from ...ui.widgets import Button, Form, Widget
from .section import Section

# The bar's buttons drawn as the main choice: what ends the step, and the winning claim.
PRIMARY = frozenset({"end", "done", "pass", "return", "roll", "accept", "fight", "claim"})


class DecisionBar(Section):
    def __init__(self, table: Any):
        super().__init__(table)
        self.form = Form()
        self.actions: list[engine.Action | None] = []     # each button's action; None: the undo button
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def shown(self) -> bool:
        return bool(self.table.legal)

    def rebuild(self) -> None:
        """The buttons of the decision now (after a new decision, or the turn order's first player picked)."""
        table = self.table
        actions = list(table.plan.buttons)
        if table.plan.order and table.first is not None:
            actions = table.plan.order[table.first] + actions
        buttons = [Button(words.action_text(a, self.rules, table.shown), partial(table.choose, a),
                          primary=a.verb in PRIMARY) for a in actions]
        self.actions = list(actions)
        if table.match.undoable():                   # X42: first, where it never moves
            buttons.insert(0, Button(words.text("ui.undo"), table.undo))
            self.actions.insert(0, None)
        self.form = Form(buttons)
        self.layout()

    def handle(self, intent: Intent) -> bool:
        if intent.kind != "select":
            return False
        self.table.focus.clear()
        return self.form.handle(intent)

    def layout(self) -> None:
        """The buttons on as many rows as they need, the ending ones at the right end of the last row."""
        area = self.table.map_area()
        unit = self.scale.unit
        font = theme.font(self.scale.small, "semibold")
        height, gap = round(unit * 2.1), unit // 2
        left, right = area.x + unit * 2, area.right - unit * 2
        enders = [b for b, a in zip(self.form.widgets, self.actions, strict=True)
                  if a is not None and a.verb in gestures.ENDING]
        for button in self.form.widgets:
            button.rect = pygame.Rect(0, 0, min(font.size(button.label)[0] + unit * 1.6, right - left), height)
        rows = self.rows([b for b in self.form.widgets if b not in enders], enders, left, right, gap)
        head = unit * 1.6
        top = area.bottom - unit // 2 - len(rows) * (height + unit // 3) - head
        y = top + head
        for row in rows:
            x = left
            tail = sum(b.rect.w + gap for b in enders)
            for button in row:
                if button in enders:
                    x = max(x, right - tail + gap)
                    tail -= button.rect.w + gap
                button.rect.topleft = (round(x), round(y))
                x += button.rect.w + gap
            y += height + unit // 3
        self.rect = pygame.Rect(area.x + unit, round(top), area.w - unit * 2,
                                round(y - top)) if self.shown else pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def rows(choices: list[Widget], enders: list[Widget], left: float, right: float, gap: float
             ) -> list[list[Widget]]:
        """The choices in rows that fit between left and right; the enders close the last row (or a new one)."""
        rows: list[list[Widget]] = [[]]
        x = left
        for button in choices:
            if rows[-1] and x + button.rect.w > right:
                rows.append([])
                x = left
            rows[-1].append(button)
            x += button.rect.w + gap
        tail = sum(b.rect.w + gap for b in enders)
        if enders and rows[-1] and x + tail > right + gap:
            rows.append([])
        rows[-1] += enders
        return rows

    def draw(self, screen: pygame.Surface) -> None:
        table, scale = self.table, self.scale
        theme.panel(screen, self.rect, alpha=245)
        if table.plan.order and table.first is None:
            hint = words.text("ui.pick_first")
        elif table.plan.by_hex and not self.form.widgets:
            device = self.table.app.input.device
            hint = words.text("ui.pick_hex" if device == "mouse" else f"ui.pick_hex.{device}")
        else:
            hint = words.decision_headline(table.shown, self.rules, {a.verb for a in table.legal})
        pointed = self.pointed()
        final = table.final(pointed) if pointed is not None else None
        if pointed is not None and final is not None:       # X42: said before the decision is made
            hint = words.text(f"ui.final.{final}", action=words.action_text(pointed, self.rules, table.shown))
        head = theme.text(theme.fit(hint, scale.small, self.rect.w - scale.unit), scale.small, theme.MUTED,
                          "semibold")
        screen.blit(head, head.get_rect(midtop=(self.rect.centerx, self.rect.y + scale.unit * 0.3)))
        stop = table.focus.stop()
        for i, (button, action) in enumerate(zip(self.form.widgets, self.actions, strict=True)):
            button.draw(screen, stop == ("button", i), scale.small)
            if action is not None and table.final(action) in MARKS:
                MARKS[str(table.final(action))](screen, button.rect, scale.unit)

    def tooltip(self, screen: pygame.Surface) -> bool:
        """The words of the decision explained (the glossary's terms in what is being decided and in the
        pointed or focused button), above the bar so that no button is covered; F1 opens the rule."""
        table = self.table
        if not self.shown:
            return False
        pointer = table.map.pointer
        over = table.map.pointing and self.rect.collidepoint(pointer)
        pointed = self.pointed()
        if not over and (table.map.pointing or pointed is None):
            return False
        said = words.decision_text(table.shown, self.rules)
        if pointed is not None:
            said += " " + words.action_text(pointed, self.rules, table.shown)
        terms = help.terms_in(said)[:3]
        if not terms:
            return False
        at = pointer if table.map.pointing else self.form.widgets[self.actions.index(pointed)].rect.topleft
        lines = [words.text("ui.terms")] + [words.text("ui.term", word=t.word, text=t.text) for t in terms]
        hud.tooltip(screen, at, lines, self.scale, avoid=self.rect)
        return True

    def pointed(self) -> engine.Action | None:
        """The action of the button under the pointer, or of the one the keys focus."""
        table = self.table
        stop = table.focus.stop()
        if table.map.pointing:
            i = self.form.at(*table.map.pointer)
        else:
            i = int(stop[1]) if stop is not None and stop[0] == "button" else -1
        return self.actions[i] if 0 <= i < len(self.actions) else None


def eye(screen: pygame.Surface, rect: pygame.Rect, unit: int) -> None:
    """A decision that shows the others something (X42): a small open eye in the button's corner."""
    box = pygame.Rect(0, 0, round(unit * 0.9), round(unit * 0.55))
    box.topright = (rect.right - unit // 4, rect.y + unit // 5)
    pygame.draw.ellipse(screen, theme.INK, box, max(1, unit // 10))
    pygame.draw.circle(screen, theme.INK, box.center, max(2, round(unit * 0.14)))


def die(screen: pygame.Surface, rect: pygame.Rect, unit: int) -> None:
    """A decision after which chance decides (X42): a small die in the button's corner."""
    box = pygame.Rect(0, 0, round(unit * 0.6), round(unit * 0.6))
    box.topright = (rect.right - unit // 4, rect.y + unit // 5)
    pygame.draw.rect(screen, theme.INK, box, max(1, unit // 10), border_radius=max(1, unit // 8))
    pygame.draw.circle(screen, theme.INK, box.center, max(1, round(unit * 0.08)))


MARKS = {"reveal": eye, "chance": die}
