"""The new-game setup: 2, 3 or 4 players, each seat human or a bot, the seed (random, shown, editable), and the
advanced rules A1-A7 each with a line saying what it does. The homes each seat will play are shown as the
seed deals them (S4)."""
from __future__ import annotations

import random

import pygame

import engine
from engine.ai import BOTS

from .. import theme
from ..app import App, Scene
from ..input import Intent
from ..match import HUMAN
from ..ui.widgets import Button, Choice, Form, NumberField, Toggle
from .backdrop import backdrop

SEAT_NAMES = {HUMAN: "Human", "rules": "Computer (rules)", "random": "Computer (random)"}
# One line per advanced rule: what changes when it is on (RULES.md section A).
OPTION_HINTS = {
    "variable_starting_pieces": "A1 · Build 4 BP of pieces at home instead of two warrior bands.",
    "saved_resources": "A2 · Keep one unspent build point for a later Building step.",
    "malaria": "A3 · Malaria strikes the west once someone settles there.",
    "south_island": "A4 · Te Waka Maui, the South Island, joins Aotearoa when it is revealed.",
    "kumara": "A5 · Explorers may sail east to South America for the Kumara (2 VP).",
    "variable_game_end": "A6 · Agree another VP target to win.",
    "random_events": "A7 · From 5 VP on, the last player draws an event card each turn.",
}
TARGETS = [(False, "usual")] + [(v, str(v)) for v in range(15, 36)]


class SetupScene(Scene):
    def __init__(self, app: App, players: int = 4):
        super().__init__(app)
        self.players = players
        self.seats = [HUMAN] + ["rules"] * 3
        self.seed = random.randrange(1, 1_000_000)
        self.options: dict = {}
        self.form = Form()
        self.build()

    def build(self) -> None:
        focus = self.form.focus
        kinds = [(k, SEAT_NAMES.get(k, k)) for k in (HUMAN, *BOTS)]
        homes = engine.deal_homes(self.app.rules, self.players, self.seed)
        widgets = [Choice("Players", [(n, str(n)) for n in (2, 3, 4)], self.players - 2, self.set_players)]
        for i in range(self.players):
            widgets.append(Choice(f"Seat {i + 1}  ·  {homes[i]}", kinds,
                                  [k for k, _ in kinds].index(self.seats[i]),
                                  lambda kind, i=i: self.set_seat(i, kind)))
        widgets.append(NumberField("Seed", self.seed, self.set_seed))
        widgets.append(Button("New seed", self.reroll))
        for spec in self.app.rules.options.values():
            key = spec["id"]
            if spec["kind"] == "vp_target":
                current = [v for v, _ in TARGETS].index(self.options.get(key, False))
                widgets.append(Choice(spec["title"], TARGETS, current, lambda v, key=key: self.set_option(key, v)))
            else:
                widgets.append(Toggle(spec["title"], OPTION_HINTS.get(key, spec["rule"]), bool(self.options.get(key)),
                                      lambda v, key=key: self.set_option(key, v)))
        widgets.append(Button("Back", self.app.pop))
        widgets.append(Button("Start", self.start, primary=True))
        self.form = Form(widgets)
        self.form.focus = min(focus, len(widgets) - 1)
        self.layout()

    # --- what the widgets change -----------------------------------------------------------------------------

    def set_players(self, n: int) -> None:
        self.players = n
        self.build()

    def set_seat(self, i: int, kind: str) -> None:
        self.seats[i] = kind

    def set_seed(self, seed: int) -> None:
        self.seed = seed
        homes = engine.deal_homes(self.app.rules, self.players, self.seed)
        for i in range(self.players):
            self.form.widgets[1 + i].label = f"Seat {i + 1}  ·  {homes[i]}"

    def reroll(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        field = next(w for w in self.form.widgets if isinstance(w, NumberField))
        field.set(self.seed)

    def set_option(self, key: str, value) -> None:
        if value:
            self.options[key] = value
        else:
            self.options.pop(key, None)

    def start(self) -> None:
        from .flow import new_match
        new_match(self.app, self.players, self.seats[:self.players], self.seed, dict(self.options))

    # --- drawing ---------------------------------------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.app.screen.get_size()
        unit = self.app.scale.unit
        col_w = min(round(w * 0.44), unit * 34)
        left_x, right_x = w // 2 - col_w - unit, w // 2 + unit
        row_h = round(unit * 2.2)
        y = round(h * 0.2)
        n_left = 1 + self.players + 2
        for widget in self.form.widgets[:n_left]:
            widget.rect = pygame.Rect(left_x, y, col_w, row_h)
            y += row_h + unit // 2
        y = round(h * 0.2)
        for widget in self.form.widgets[n_left:-2]:
            tall = isinstance(widget, Toggle)
            widget.rect = pygame.Rect(right_x, y, col_w, round(row_h * (1.35 if tall else 1)))
            y += widget.rect.h + unit // 3
        back, start = self.form.widgets[-2:]
        back.rect = pygame.Rect(0, 0, unit * 9, row_h)
        start.rect = pygame.Rect(0, 0, unit * 11, row_h)
        bottom = h - unit * 1.5
        back.rect.bottomright = (w // 2 - unit // 2, bottom)
        start.rect.bottomleft = (w // 2 + unit // 2, bottom)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def handle(self, intent: Intent) -> None:
        if not self.form.handle(intent) and intent.kind == "back":
            self.app.pop()

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(backdrop((w, h)), (0, 0))
        scale = self.app.scale
        title = theme.text("New game", scale.heading * 1.4, theme.WHITE, "bold")
        screen.blit(title, title.get_rect(midtop=(w // 2, scale.unit)))
        sheet = pygame.Rect(0, 0, w - scale.unit * 2, h - scale.unit * 5.6)
        sheet.midtop = (w // 2, round(h * 0.2) - scale.unit)
        theme.panel(screen, sheet, alpha=250)
        self.form.draw(screen, scale.body)
