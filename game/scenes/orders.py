"""Standing orders (game/seats.py): on their own turn, with their own view on the screen, a player whose seat
answers card windows by standing orders says for each card or kept event with a window power when to use it.
Opened from the pause menu (any device) or the table's button; nothing here is shown to anyone else."""
from __future__ import annotations

from functools import partial

import pygame

from engine import Ruleset, View

from .. import theme, words
from ..app import App, scene
from ..match import Match
from ..seats import ORDER_CHOICES, order_of, window_power
from ..ui.dialog import Dialog
from ..ui.widgets import Button, Choice, Form, Widget


def window_cards(view: View, rules: Ruleset) -> list[tuple[str, str]]:
    """The viewer's cards and kept events that open card windows, with their powers: in hand, face up and not
    spent, kept (A7)."""
    me = next((p for p in view["players"] if p["name"] == view.get("you")), None)
    keys = list(view.get("hand", [])) + ([k for k in me["cards_shown"] if k not in view.get("spent", [])]
                                         if me else []) + list(view.get("events_held", []))
    out = []
    for key in dict.fromkeys(keys):
        power = window_power(rules, key)
        if power is not None:
            out.append((key, power))
    return out


@scene("orders")
class OrdersScene(Dialog):
    def __init__(self, app: App, match: Match, player: str, view: View):
        self.match, self.player = match, player
        orders = match.settings[player].orders
        widgets: list[Widget] = []
        for key, power in window_cards(view, app.rules):
            options = [(o, words.text(f"orders.{power}.{o}")) for o in ORDER_CHOICES[power]]
            current = [o for o, _ in options].index(order_of(orders, power, key))
            cards = {c.key for c in app.rules.cards}
            title = words.card_title(key, app.rules) if key in cards else words.event_title(key, app.rules)
            widgets.append(Choice(title, options, current, partial(orders.__setitem__, key)))
        widgets.append(Button(words.text("seats.done"), app.pop, primary=True))
        super().__init__(app, Form(widgets))

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.app.scale
        unit = scale.unit
        rows = len(self.form.widgets)
        box = self.panel(screen, unit * 34, unit * (7 + rows * 2.8))
        title = theme.text(words.text("orders.title", player=self.player), scale.heading, theme.INK, "bold")
        screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + unit)))
        hint = words.text("orders.hint") if rows > 1 else words.text("orders.none")
        for i, part in enumerate(theme.wrap(hint, scale.small, box.w - unit * 2)):
            line = theme.text(part, scale.small, theme.MUTED)
            screen.blit(line, line.get_rect(midtop=(box.centerx, box.y + unit * 3.2 + i * line.get_height())))
        y = box.y + unit * 5.6
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, box.w - unit * 2, round(unit * 2.3))
            widget.rect.midtop = (box.centerx, round(y))
            y += unit * 2.8
        self.form.draw(screen, scale.body)
