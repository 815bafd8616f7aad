"""The decision bar across the bottom of the map: what the decision is about (its headline) and a button for
each choice that has no place on the map (gestures.Plan.buttons, and the direction of the turn order once its
first player is picked). Undo, while the player's own decisions can be taken back (X42), comes first; choices
flow from the left edge; what ends the step or the decision (`gestures.ENDING`) stays at the right end, so that
a second click in the same place never lands on a choice that moved under the pointer (barlayout.py). A strip
of hints at its foot says, in the glyphs of the device used last, how to choose, step, open the menu and the log
(always), the actions and the rules (as its width allows).
"""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

import engine

from ... import help, theme, words
from ...input import Intent
from ...render import cards, hud
from ...theme import Scale
from ...ui import prompts
from ...ui.backdrop import draw_hints
from ...ui.widgets import Button, Form, frame
from .barlayout import HINTS, MARKS, BarLayout, Row

# The bar's buttons drawn as the main choice: what ends the step, and the winning claim.
PRIMARY = frozenset({"end", "done", "pass", "return", "roll", "accept", "fight", "claim"})


class DecisionBar(BarLayout):
    def __init__(self, table: Any):
        super().__init__(table)
        self.form = Form()
        self.buttons: list[Button] = []                     # the form's widgets, as buttons
        self.actions: list[engine.Action | None] = []     # each button's action; None: the undo button
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.head_area = pygame.Rect(0, 0, 0, 0)                # where the headline stands, above the buttons
        self.body: list[Row] = []                           # the rows of choices
        self.window = range(0)                              # the rows of the body shown: all, unless they scroll
        self.top = 0                                        # the first row shown when they scroll
        self.arrows: dict[int, pygame.Rect] = {}            # while they scroll: -1 up, 1 down
        self.sizes: Scale = table.app.scale                 # the bar's sizes: the UI scale's, or smaller (layout)
        self.device = ("", "")                              # the device (and pad) the layout was made for
        self.spoken = words.language_in_use()               # the language of the buttons' labels

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
        self.buttons, self.form, self.top = buttons, Form(buttons), 0
        self.spoken = words.language_in_use()
        self.layout()

    def respoken(self) -> None:
        """The buttons labelled again in the language in use, when it changed since they were made (the
        settings, from the pause menu): the decision stays, its words change at once."""
        if self.spoken != words.language_in_use():
            focus = self.form.focus
            self.rebuild()
            self.form.focus = focus

    def handle(self, intent: Intent) -> bool:
        """A click on a button or on an arrow of the bar; the wheel over the bar scrolls its choices."""
        if intent.kind == "zoom":
            self.scroll(-1 if intent.f > 1 else 1)
            return True
        if intent.kind != "select":
            return False
        self.table.focus.clear()
        step = next((s for s, rect in self.arrows.items() if rect.collidepoint(intent.x, intent.y)), 0)
        if step:
            self.scroll(step)
            return True
        return self.form.handle(intent)

    def headline(self) -> str:
        """What the decision is about, or how it is made when the bar has no button."""
        table = self.table
        device = table.app.input
        if table.plan.order and table.first is None:
            return words.text(prompts.variant(device, "ui.pick_first"), **prompts.names(device))
        if table.plan.by_hex and not self.form.widgets:
            return words.text(prompts.variant(device, "ui.pick_hex"), **prompts.names(device))
        return words.decision_headline(table.shown, self.rules, {a.verb for a in table.legal})

    def final_hint(self, action: engine.Action) -> str | None:
        """What makes a button's decision final (X42), said in the headline while it is pointed at."""
        final = self.table.final(action)
        if final is None:
            return None
        return words.text(f"ui.final.{final}", action=words.action_text(action, self.rules, self.table.shown))

    def draw(self, screen: pygame.Surface) -> None:
        inp = self.table.app.input
        self.respoken()
        if self.device != (inp.device, inp.family):       # the headline says how, on the device in hand
            self.layout()
        table, scale = self.table, self.sizes
        theme.panel(screen, self.rect, alpha=245)
        pointed = self.pointed()
        hint = (self.final_hint(pointed) if pointed is not None else None) or self.headline()
        room = self.rect.w - scale.unit - (self.corner() if self.arrows else 0)     # centred clear of the arrows
        most = self.head_lines(room)
        lines = list(theme.wrap(hint, scale.small, round(room), "semibold"))
        lines[most - 1:] = [theme.fit(" ".join(lines[most - 1:]), scale.small, room, "semibold")]
        line_h = theme.font(scale.small, "semibold").get_linesize()
        top = self.rect.y + scale.unit * 0.3 + (most - len(lines)) * line_h / 2      # centred in the room kept
        for i, line in enumerate(lines):
            head = theme.text(line, scale.small, theme.MUTED, "semibold")
            screen.blit(head, head.get_rect(midtop=(self.rect.centerx, round(top + i * line_h))))
        stop = table.focus.stop()
        for i, (button, action) in enumerate(zip(self.buttons, self.actions, strict=True)):
            if not self.visible(i):
                continue
            button.draw(screen, stop == ("button", i), scale.small)
            mark = MARKS.get(table.final(action) or "") if action is not None else None
            if mark is not None:
                mark(screen, button.rect, scale.unit)
        for step, rect in self.arrows.items():
            more = self.window.start > 0 if step < 0 else self.window.stop < len(self.body)
            arrow(screen, rect, step, more)
        draw_hints(screen, inp, HINTS, *self.hint_room())

    def tooltip(self, screen: pygame.Surface) -> bool:
        """While the pointer is on the headline or a button, or the keys or a pad focus a button: what the mark in
        the button's corner means (the eye, the die: X42), the party piece by piece while one forms, and the
        words of the decision explained (the glossary's terms in what is being decided and in that button; F1
        opens the rule). Drawn above the bar, never over its buttons."""
        table = self.table
        if not self.shown:
            return False
        pointed = self.pointed()
        pointer = table.map.pointer
        if pointed is None and not (table.map.pointing and self.head_area.collidepoint(pointer)):
            return False
        said = words.decision_text(table.shown, self.rules)
        if pointed is not None:
            said += " " + words.action_text(pointed, self.rules, table.shown)
        terms = help.terms_in(said)[:3]
        lines = self.mark_lines(pointed) + self.card_lines(pointed) + self.party_lines()
        lines += [words.text("ui.terms", **prompts.names(table.app.input))] if terms else []    # {help}: the device
        lines += [words.text("ui.term", word=t.word, text=t.text) for t in terms]
        if not lines:
            return False
        x = pointer[0] if table.map.pointing else self.form.widgets[self.actions.index(pointed)].rect.x
        above = pygame.Rect(0, 0, screen.get_width(), self.rect.top)             # the bar stays in sight
        avoid = [*table.overlays.rects().values(), *table.map.lit_rects()]       # nor a battle or a target
        table.redraw.moved(hud.tooltip(screen, (x, self.rect.top), lines, self.scale, avoid, above))
        return True

    def mark_lines(self, action: engine.Action | None) -> list[str]:
        """What the mark in the corner of the button of an action means: the eye, that the others will see what
        was hidden; the die, that chance decides next (X42)."""
        final = self.table.final(action) if action is not None else None
        return [words.text(f"ui.mark.{final}")] if final in MARKS else []

    def card_lines(self, action: engine.Action | None) -> list[str]:
        """The power of the card a button's action names (shown, used, played, aimed), as its face prints it:
        what is revealed or played is read where it is chosen (issue 40)."""
        card = named_card(action, self.table.shown) if action is not None else None
        if card is None:
            return []
        return [words.text("ui.term", word=cards.title(card, self.rules), text=cards.power(card, self.rules))]

    def party_lines(self) -> list[str]:
        """The party being formed or moved, piece by piece (its headline counts them only)."""
        movement = self.table.shown["movement"]
        return words.party_lines(movement) if movement and "party" in movement else []

    def pointed(self) -> engine.Action | None:
        """The action of the button under the pointer, or of the one the keys focus."""
        table = self.table
        stop = table.focus.stop()
        if table.map.pointing:
            i = self.form.at(*table.map.pointer)
        else:
            i = int(stop[1]) if stop is not None and stop[0] == "button" else -1
        return self.actions[i] if 0 <= i < len(self.actions) else None


def named_card(action: engine.Action, view: engine.View) -> cards.Card | None:
    """The card an action names: an Arts & Culture card shown or used (B4), an event played (A7), or the event
    the decision aims (A7: its target is chosen after it is revealed)."""
    if action.verb in ("use", "card", "show") and action.args:
        return cards.arts(str(action.args[0]))
    if action.verb in ("play", "event") and action.args:
        return cards.Card("event", str(action.args[0]))
    aimed = view["decision"].get("card") if action.verb == "target" else None
    return cards.Card("event", aimed) if aimed else None


def arrow(screen: pygame.Surface, rect: pygame.Rect, step: int, enabled: bool) -> None:
    """A button that scrolls the bar's choices a row up (-1) or down (1): a small triangle, greyed at the end."""
    frame(screen, rect, False, enabled)
    w, h, (x, y) = rect.w * 0.3, rect.h * 0.2 * step, rect.center
    pygame.draw.polygon(screen, theme.INK if enabled else theme.MUTED, [(x - w, y - h), (x + w, y - h), (x, y + h)])
