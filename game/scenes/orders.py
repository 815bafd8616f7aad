"""Standing orders (game/seats.py): on their own turn, with their own view on the screen, a player whose seat
answers card windows by standing orders says for each card or kept event with a window power when to use it.
Opened from the pause menu (any device) or the table's button; nothing here is shown to anyone else."""
from __future__ import annotations

from functools import partial

import pygame

from engine import Ruleset, View

from .. import theme, words
from ..app import App, scene
from ..host import Host
from ..seats import ORDER_CHOICES, order_of, window_power
from ..theme import Scale
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
    hints = (("cursor", "hint.change"), ("select", "hint.choose"), ("back", "hint.close"))

    def __init__(self, app: App, match: Host, player: str, view: View):
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

    def hint(self, scale: Scale, width: float) -> tuple[str, ...]:
        """What the orders are for (or that there are none), wrapped to the panel."""
        said = words.text("orders.hint") if len(self.form.widgets) > 1 else words.text("orders.none")
        return theme.wrap(said, scale.small, round(width - scale.unit * 2))

    def size(self, scale: Scale) -> tuple[float, float]:
        """The panel's width (34 units, or as wide as a card's name and its widest order need) and height."""
        unit = scale.unit
        width = max(unit * 34, max(w.needs(scale.body) for w in self.form.widgets) + unit * 2)
        title_h = theme.font(scale.heading, "bold").get_height()
        hint_h = len(self.hint(scale, width)) * theme.font(scale.small).get_linesize()
        return width, unit * 2.6 + title_h + hint_h + unit * 2.8 * len(self.form.widgets)

    def draw(self, screen: pygame.Surface) -> None:
        scale = self.fitting(self.size)
        unit = scale.unit
        box = self.panel(screen, *self.size(scale), scale)
        title = theme.text(words.text("orders.title", player=self.player), scale.heading, theme.INK, "bold")
        screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + unit)))
        y = box.y + unit * 1.5 + title.get_height()
        for part in self.hint(scale, box.w):
            line = theme.text(part, scale.small, theme.MUTED)
            screen.blit(line, line.get_rect(midtop=(box.centerx, round(y))))
            y += theme.font(scale.small).get_linesize()
        y += unit * 0.6
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(0, 0, box.w - unit * 2, round(unit * 2.3))
            widget.rect.midtop = (box.centerx, round(y))
            y += unit * 2.8
        self.form.draw(screen, scale.body)
