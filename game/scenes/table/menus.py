"""The table's modal parts: a hex's menu, the action palette, and the toasts that say why a gesture was refused.

A hex that offers several things opens a small list beside it; while building it lists every item in the
rulebook's order (B2), greyed in its place where it cannot be built there, and pointing at a greyed line says why
(engine.why_not: the reason and its rule). A move that would bring a colony to an atoll says on its line that the
colony can never become a village there (B3), and a hex offering only that move opens its menu rather than making
it at once; its hints under its lines say how to move between them, choose and close it. The palette (P, pad Y)
lists every legal action in words, on an opaque panel; a line wider than its row ends with an ellipsis, and the
highlighted line shows whole under the list (never cut mid-word silently). While either is open it takes every
intent aimed at it: a click elsewhere or back closes it, the arrows move between its lines (left and right do
nothing: the map stays where it is under the list).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

import engine

from ... import gestures, theme, words
from ...host import HostUnavailable
from ...input import LEAVING, STEPPING, Intent
from ...render import hud
from ...seats import ANY_TIME
from ...theme import Scale
from ...ui import prompts
from ...ui.backdrop import draw_hints
from ...ui.widgets import ListView
from .section import Section

TOAST = 3.5                     # seconds a refusal stays on screen
OPAQUE = 255                    # the menu and the palette hide the map whole: no label shows through their lines
PALETTE_HINTS = (("select", "hint.choose"), ("back", "hint.close"))
MENU_HINTS = (("cursor", "hint.move"), ("select", "hint.choose"), ("back", "hint.close"))
# The building menu's lines in the rulebook's order: B2's items as its costs list them, each in its place whether
# it can be built or not, then B3's colonies turned villages and B4's card (offered, or not, below every item): no
# line moves as the BP change.
BUILD_ITEMS = ("transport_canoe", "colony", "warrior_band", "war_canoe", "improved_agriculture", "village", "rumor")
RULEBOOK_ORDER = {key: i for i, key in enumerate((*BUILD_ITEMS, "convert", "settle", "buy"))}
Row = tuple[str, engine.Action, engine.Reason | None]
WHOLE_LINES = 3                 # the palette's foot: at most this many lines of the highlighted action whole


class Palette(ListView):
    """The list of every legal action: a line wider than its row ends with an ellipsis (its items stay whole:
    what the highlighted line says in full under the list, and what tests and the keys' focus read)."""

    def __init__(self, items: list[str], picked: Callable[[int], None], powers: list[str]):
        super().__init__(items, picked)
        self.powers = powers            # each line's card power, where its action names a card (at the foot)

    def room(self, size: int) -> float:
        """The width a row's words may take: the row's, less its margins and the scroll bar's."""
        return self.rect.w - size - 6

    def cut(self, size: int) -> bool:
        """Whether any line is wider than its row at `size`."""
        f = theme.font(size)
        return any(f.size(line)[0] > self.room(size) for line in self.items)

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        whole = self.items
        self.items = [theme.fit(line, size, self.room(size)) for line in whole]
        try:
            super().draw(surface, focused, size)
        finally:
            self.items = whole


class HexMenu:
    """What a hex offers when it offers several things (greyed lines say why not)."""

    def __init__(self, h: int, rows: list[Row], picked: Callable[[int], None]):
        self.hex, self.rows = h, rows
        self.list = ListView([text for text, _, _ in rows], picked, enabled=[why is None for _, _, why in rows])
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hints = pygame.Rect(0, 0, 0, 0)        # the row of hints under the lines
        self.hint_sizes: Scale | None = None        # the sizes of their words


class Menus(Section):
    def __init__(self, table: Any):
        super().__init__(table)
        self.menu: HexMenu | None = None
        self.palette: Palette | None = None
        self.toasts: list[tuple[str, float]] = []   # each refusal's words and the seconds it has left

    @property
    def open(self) -> bool:
        return self.menu is not None or self.palette is not None

    def close(self) -> None:
        self.menu = self.palette = None

    def toast(self, said: str) -> None:
        self.toasts = [(said, TOAST), *self.toasts[:2]]

    def tick(self, dt: float) -> None:
        self.toasts = [(said, left - dt) for said, left in self.toasts if left - dt > 0]

    # --- a hex's menu ------------------------------------------------------------------------------------------

    def pick_hex(self, h: int, keyboard: bool = False) -> None:
        """The player points at a hex: its one action is made, or its menu opens, or the refusal says why."""
        table = self.table
        actions = table.plan.by_hex.get(h)
        if not actions:
            if table.legal:
                self.refuse(h)
            return
        rows: list[Row] = [(self.line(a), a, None) for a in actions] + self.greyed_builds(h, actions)
        rows.sort(key=lambda row: rulebook_rank(row[1]))
        if len(rows) == 1 and not to_atoll(table.shown, actions[0]):
            table.choose(actions[0])
            return
        self.menu = HexMenu(h, rows, self.pick_menu)
        self.layout_menu(keyboard)

    def refuse(self, h: int) -> None:
        """A click on a hex that offers nothing: say why, from the engine, for what the decision is about (each
        verb the decision lights, most used first; a party's, in the movement step, whatever is lit); else what
        the decision is, with its rule, and that the lit hexes are where it is made."""
        table, rules = self.table, self.rules
        label = rules.map.labels[h]
        verbs = [a.verb for actions in table.plan.by_hex.values() for a in actions]
        tried = sorted(set(verbs), key=lambda v: (-verbs.count(v), v))
        if table.shown["step"] == "movement":
            tried.append("party")
        probes = [engine.Action("build", ("village", label)) if verb == "build" else engine.Action(verb, (label,))
                  for verb in tried]
        try:
            reasons = table.match.refusals(probes)
        except HostUnavailable as exc:             # online: the server did not answer
            self.toast(str(exc))
            return
        reason = next((r for r in reasons if r is not None and r.code != "not_now"), None)
        if reason is not None:
            self.toast(words.reason_text(reason, rules))
            return
        self.toast(words.text("why.nothing_here", hex=words.place(label, rules, words.face_up_tiles(table.shown)),
                              decision=words.decision_text(table.shown, rules)))

    def greyed_builds(self, h: int, actions: list[engine.Action]) -> list[Row]:
        """While building, what cannot be built at this hex, and why (its cost, the supply, the squares)."""
        if not any(a.verb == "build" for a in actions):
            return []
        label = self.rules.map.labels[h]
        probes = [engine.Action("build", (item, label)) for item in BUILD_ITEMS]
        probes = [action for action in probes if action not in actions]
        try:
            reasons = self.table.match.refusals(probes)
        except HostUnavailable:                     # online, no answer: the menu offers what can be built
            return []
        return [(words.action_text(action, self.rules, self.table.shown), action, reason)
                for action, reason in zip(probes, reasons, strict=True) if reason is not None]

    def line(self, action: engine.Action) -> str:
        """An action in words, with what a player must know before a move that brings a colony to an atoll."""
        said = words.action_text(action, self.rules, self.table.shown)
        return words.text("ui.atoll", action=said) if to_atoll(self.table.shown, action) else said

    def pick_menu(self, index: int) -> None:
        menu = self.menu
        if menu is None or not 0 <= index < len(menu.rows):
            return
        _, action, reason = menu.rows[index]
        if reason is not None:
            self.toast(words.reason_text(reason, self.rules))
            return
        self.table.choose(action)

    def layout_menu(self, keyboard: bool) -> None:
        """The menu beside its hex, its first line highlighted when the keys opened it."""
        if self.menu is not None:
            self.place_menu()
            self.menu.list.index = 0 if keyboard else -1

    def place_menu(self) -> None:
        """The menu beside its hex, kept inside the map (again as the camera glides)."""
        menu = self.menu
        if menu is None:
            return
        scale, table = self.scale, self.table
        size, unit = scale.small, scale.unit
        hinted = menu.hint_sizes = self.hint_sizes()
        width = max(max(theme.font(size).size(t)[0] for t, _, _ in menu.rows) + unit * 2,
                    math.ceil(prompts.widest(self.menu_hints(), hinted.small)))
        row = round(size * 1.45)
        height = min(len(menu.rows), 10) * row
        x, y = table.map.camera.to_screen(*table.map.layout.centres[menu.hex])
        head = round(unit * 1.6)                  # the menu's title line above its rows
        foot = prompts.bar_height(hinted.small) + round(unit * 0.3)
        outer = pygame.Rect(round(x + table.map.layout.size * table.map.camera.zoom * 0.6),
                            round(y - height / 2) - head, width + unit, height + head + foot + round(unit * 0.6))
        outer.clamp_ip(table.map_area())
        menu.rect = outer
        menu.list.rect = pygame.Rect(outer.x + unit // 2, outer.y + head, width, height)
        menu.list.row = row
        menu.hints = pygame.Rect(outer.x + unit // 2, menu.list.rect.bottom + round(unit * 0.3), width,
                                 prompts.bar_height(hinted.small))

    def menu_hints(self) -> list[prompts.Hint]:
        """The hex menu's hints in the language in use."""
        return [(intent, words.text(key)) for intent, key in MENU_HINTS]

    def hint_sizes(self) -> Scale:
        """The sizes of a hex menu's hints: the UI scale's, or smaller (down to UI scale 1's) where their row
        would be wider than the map, on whichever device."""
        room = self.table.map_area().w - self.scale.unit * 2
        return self.scale.fitting(lambda sizes: prompts.widest(self.menu_hints(), sizes.small) <= room)

    # --- the palette -------------------------------------------------------------------------------------------

    def open_palette(self) -> None:
        table = self.table
        if not table.legal:
            return
        actions = self.palette_actions()
        self.palette = Palette([self.line(a) for a in actions], lambda i: table.choose(actions[i]),
                               [" ".join(table.bar.card_lines(a)) for a in actions])    # "Reveal Luau": what it does
        self.menu = None

    def palette_actions(self) -> list[engine.Action]:
        """Every legal action: the bar's, the turn order's, then the hexes' in map order, each hex's in the order of
        its menu (the building items in the rulebook's: no line moves from one turn to the next, issue 40). What is
        allowed at any time (showing a card, turning one's tile face up: seats.ANY_TIME) goes last: "P, Enter"
        once opened a card's reveal where the player meant the step's first choice."""
        plan = self.table.plan
        ordered = [a for first in plan.order.values() for a in first] + plan.buttons
        for h in sorted(plan.by_hex):
            ordered += sorted(plan.by_hex[h], key=rulebook_rank)
        return sorted(ordered, key=lambda a: a.verb in ANY_TIME)

    def chosen_hexes(self) -> list[int]:
        """The hexes the action highlighted in the palette or a menu names."""
        if self.palette is not None:
            actions = self.palette_actions()
            if 0 <= self.palette.index < len(actions):
                h = gestures.hex_of(actions[self.palette.index], self.rules)
                return [h] if h >= 0 else []
        if self.menu is not None:
            return [self.menu.hex]
        return []

    # --- input -------------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """While a list is open it takes the intents aimed at it; back, or a click outside it, closes it."""
        if self.palette is not None:
            self.handle_list(self.palette, self.palette.rect, intent, always=True)
            return True
        if self.menu is not None:
            return self.handle_list(self.menu.list, self.menu.list.rect, intent, always=False)
        return False

    def handle_list(self, lst: ListView, rect: pygame.Rect, intent: Intent, always: bool) -> bool:
        kind = intent.kind
        inside = intent.pointer and rect.collidepoint(intent.x, intent.y)
        if kind in LEAVING or (kind == "palette" and always) or (kind == "select" and intent.pointer
                                                                          and not inside):
            self.close()
        elif kind == "select" and intent.pointer:
            lst.click(intent.x, intent.y)
        elif kind == "select":
            lst.activate()
        elif kind == "cursor" or kind in STEPPING:        # left and right: nothing (the map must not pan)
            step = int(intent.dy) if kind == "cursor" else 1 if kind == "next" else -1
            if step:
                lst.move(step)
        elif kind == "point" and inside:
            i = lst.row_at(intent.y)
            if i >= 0 or not always:
                lst.index = i
        elif kind == "zoom" and intent.pointer and (inside or always):
            lst.scroll(-1 if intent.f > 1 else 1)
        else:
            return False
        return True

    # --- drawing -----------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        if self.menu is not None:
            self.draw_menu(screen, self.menu)
        if self.palette is not None:
            self.draw_palette(screen, self.palette)
        self.draw_toasts(screen)

    def draw_menu(self, screen: pygame.Surface, menu: HexMenu) -> None:
        scale, rules = self.scale, self.rules
        theme.panel(screen, menu.rect, alpha=OPAQUE)
        self.table.redraw.moved(menu.rect)
        label = words.place(rules.map.labels[menu.hex], rules, words.face_up_tiles(self.table.shown))
        head = theme.text(words.text("ui.menu.hint", hex=label), scale.small, theme.MUTED, "semibold")
        screen.blit(head, (menu.rect.x + scale.unit * 0.5, menu.rect.y + scale.unit * 0.25))
        menu.list.draw(screen, True, scale.small)
        if menu.hint_sizes is not None:
            draw_hints(screen, self.table.app.input, MENU_HINTS, menu.hints, menu.hint_sizes, align="left")
        index = menu.list.index
        why = menu.rows[index][2] if 0 <= index < len(menu.rows) else None
        if why is not None:                                          # why the line is greyed
            self.table.redraw.moved(hud.tooltip(screen, (menu.rect.x - scale.unit,
                                                         menu.rect.bottom - scale.unit * 0.6),
                                                [words.reason_text(why, rules)], scale))

    def draw_palette(self, screen: pygame.Surface, palette: Palette) -> None:
        scale = self.scale
        area = self.table.map_area()
        box = pygame.Rect(0, 0, min(area.w - scale.unit * 2, scale.unit * 30),
                          min(area.h - scale.unit * 2, scale.unit * 24))
        box.center = area.center
        theme.panel(screen, box, alpha=OPAQUE)
        self.table.redraw.moved(box)
        head = theme.text(words.text("ui.palette"), scale.body, theme.INK, "bold")
        screen.blit(head, (box.x + scale.unit * 0.6, box.y + scale.unit * 0.4))
        tall, left = prompts.bar_height(scale.small), box.x + scale.unit + head.get_width()
        row = pygame.Rect(left, box.y + scale.unit * 0.4 + (head.get_height() - tall) // 2,
                          box.right - scale.unit * 0.6 - left, tall)
        draw_hints(screen, self.table.app.input, PALETTE_HINTS, row, scale, align="right")
        palette.rect = pygame.Rect(box.x + scale.unit * 0.4, box.y + scale.unit * 2.2, box.w - scale.unit * 0.8,
                                   box.h - scale.unit * 2.6)
        if palette.cut(scale.small) or any(palette.powers):     # the highlighted line whole at the foot
            line = theme.font(scale.small).get_linesize()
            palette.rect.h -= line * WHOLE_LINES + scale.unit // 2
            self.draw_whole(screen, palette, pygame.Rect(palette.rect.x + scale.small // 2,
                                                         palette.rect.bottom + scale.unit // 2,
                                                         palette.room(scale.small), line * WHOLE_LINES))
        palette.draw(screen, True, scale.small)

    def draw_whole(self, screen: pygame.Surface, palette: Palette, rect: pygame.Rect) -> None:
        """The highlighted line in full, and the power of the card it names, broken into lines (the last cut with
        an ellipsis if it must be): a card is read where it is chosen, here as on the bar (issue 40)."""
        if not 0 <= palette.index < len(palette.items):
            return
        size = self.scale.small
        lines = (palette.items[palette.index], palette.powers[palette.index])
        said = [part for line in lines if line for part in theme.wrap(line, size, rect.w)]
        if len(said) > WHOLE_LINES:
            said[WHOLE_LINES - 1:] = [theme.fit(" ".join(said[WHOLE_LINES - 1:]), size, rect.w)]
        y = rect.y
        for part in said:
            screen.blit(theme.text(part, size, theme.MUTED), (rect.x, y))
            y += theme.font(size).get_linesize()

    def draw_toasts(self, screen: pygame.Surface) -> None:
        scale, table = self.scale, self.table
        area = table.map_area()
        y = table.panels()["top"].bottom + scale.unit * 0.6
        for said, left in self.toasts:
            fitted = theme.fit(said, scale.small, area.w - scale.unit * 2, "semibold")
            label = theme.text(fitted, scale.small, theme.WHITE, "semibold")
            box = label.get_rect(midtop=(area.centerx, round(y))).inflate(scale.unit, scale.unit * 0.5)
            alpha = round(235 * min(1.0, left / 0.4))
            screen.blit(theme.plate(box.w, box.h, (150, 44, 36, alpha), 8), box)
            screen.blit(theme.faded(label, alpha), label.get_rect(center=box.center))
            table.redraw.moved(box)
            y = box.bottom + scale.unit * 0.3


def rulebook_rank(action: engine.Action) -> int:
    """Where a hex menu's line stands: the building items in the rulebook's order, then the rest as offered."""
    key = action.args[0] if action.verb == "build" and action.args else action.verb
    return RULEBOOK_ORDER.get(key, len(RULEBOOK_ORDER))


def to_atoll(view: engine.View, action: engine.Action) -> bool:
    """B3: a party carrying a colony (M5) that moves to an atoll, or a colony sent there by transit (M3): it can
    never become a village there. Read from the player's own view (the party's passengers, the hex's squares)."""
    if action.verb == "transit" and len(action.args) == 3 and action.args[0] == "colony":
        where = action.args[2]
    elif action.verb == "go" and action.args and carries_colony(view):
        where = action.args[0]
    else:
        return False
    squares = next((rec.get("squares") for rec in view["hexes"] if rec["hex"] == where), None)
    return squares is not None and squares["green"] == squares["brown"] == 0


def carries_colony(view: engine.View) -> bool:
    """The moving party has a colony aboard a canoe (or walking, A4)."""
    movement = view["movement"]
    party = movement.get("party") if movement is not None else None
    return party is not None and ("colony" in party["walkers"]
                                  or any(boat["passenger"] == "colony" for boat in party["boats"]))
