"""The table: the map of the Pacific, the players' panel, the log, and the decisions of the human at the screen.

Everything is drawn from the viewer's view (Match.viewer: the human who decides now, the only human seat, or the
public view when bots and chance play between several humans) and the events that viewer may see.

A decision is made by its natural gesture (game/gestures.py): the lit hexes of the map (a click, or a menu at
the hex when it offers several things), the buttons of the decision bar, a player's row of the VP panel for the
turn order. The palette lists every legal action as a fallback. Each action's events play as animations over the
view from before it; the new view is installed when they end, and any key or click skips them.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import pygame

import engine

from .. import anim, dice, flow, gestures, theme, words
from ..app import App, Scene, scene
from ..input import Intent
from ..match import Match
from ..render import hud
from ..render.camera import ZOOMS, Camera
from ..render.layout import Layout
from ..render.mapart import Board, MapArt
from ..seats import ORDERS
from ..ui.widgets import Button, Form, ListView, Widget
from .battle import BattleModel, panel_rect
from .battle import draw as draw_battle
from .recap import draw as draw_recap
from .recap import rect as recap_rect

RECENT = 60                     # raw events kept for the HUD's account of the step
TOAST = 3.5                     # seconds a refusal stays on screen
BUILD_ITEMS = ("transport_canoe", "war_canoe", "warrior_band", "colony", "rumor", "improved_agriculture", "village")
ROLE_COLOURS = {"premove": (120, 220, 255), "explore": (120, 220, 255), "course": (120, 220, 255),
                "cross": (160, 200, 255), "go": (255, 236, 140), "party": (255, 236, 140),
                "build": (150, 235, 140), "battle": (255, 120, 100), "retreat": (255, 170, 120),
                "choose": (255, 255, 255)}


# The bar's buttons drawn as the main choice: what ends the step, and the winning claim.
PRIMARY = frozenset({"end", "done", "pass", "return", "roll", "accept", "fight", "claim"})


class HexMenu:
    """What a hex offers when it offers several things: a small list beside it (greyed lines say why not)."""

    def __init__(self, h: int, rows: list[tuple[str, engine.Action, engine.Reason | None]], picked):
        self.hex, self.rows = h, rows
        self.list = ListView([text for text, _, _ in rows], picked, enabled=[why is None for _, _, why in rows])
        self.rect = pygame.Rect(0, 0, 0, 0)


@scene("table")
class TableScene(Scene):
    def __init__(self, app: App, match: Match):
        super().__init__(app)
        self.match = match
        rules = app.rules
        self.layout = Layout(rules)
        self.camera = Camera((self.layout.width, self.layout.height), app.screen.get_size())
        self.art = MapArt(rules, self.layout, match.view(None)["options"], app.scale.unit)
        self.viewer = match.viewer() if len(match.humans) <= 1 else None
        self.shown_viewer = self.viewer           # whose view is on screen (a hand-off changes it)
        self.holder = self.viewer                  # the human who last saw their own view: they hold the screen
        self.shown = match.view(self.shown_viewer)  # the view the board shows (installed after animations)
        self.shown_version = 0
        self.pending = False                       # a newer view waits for the animations to end
        self.anim = anim.Queue(self.apply_events)
        self.battle: BattleModel | None = None     # the battle the overlay shows (M8), moved on by the events
        self.seen: dict[str, tuple[engine.View, int]] = {}  # each human's last view and log size (the recap starts)
        self.cameras: dict[str | None, tuple[float, float, float]] = {}   # where each viewer left the map
        self.recap: list[tuple[str, str]] | None = None     # "since your last turn": the replayed lines
        self.rolls_seen = 0                        # die rolls read so far: each throw's seed (dice.seed_for)
        self.explorers = {p["name"]: p["explorer"] for p in self.shown["players"]}
        self.log: list[tuple[str, str]] = []
        self.log_epoch = 0                         # grows when the log is another viewer's (its cached picture)
        self.recent: list[Mapping[str, Any]] = []  # the newest events the viewer saw (words.decision_text)
        self.battles: dict = {}                    # who fights at each hex, for the log's die rolls
        self.log_next = 0
        self.log_scroll = 0
        self.show_log = True
        self.hover = -1                            # hex under the pointer
        self.hover_row: str | None = None          # the player whose row of the VP panel is under the pointer
        self.cursor = -1                           # hex of the keyboard or pad cursor
        self.pointing = True                       # the last intent came from the mouse (no cursor tooltip)
        self._routes: tuple[tuple, set[tuple[str, ...]]] = ((), set())   # the routes drawn, and for what
        self.pointer = (0.0, 0.0)
        self._board: tuple[tuple, Board, int] | None = None
        self._layers: dict[str, tuple[tuple, pygame.Surface]] = {}
        self.legal: list[engine.Action] = []
        self.plan = gestures.Plan()
        self.bar = Form()
        self.bar_actions: list[engine.Action] = []
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.menu: HexMenu | None = None
        self.palette: ListView | None = None
        self.first: str | None = None              # the turn order's first player, picked before the direction
        self.focus = -1                            # the keyboard's stop (bar button, lit hex, player row)
        self.toasts: list[list] = []
        self.vp_shares: dict[str, float] = {}
        self.legal_version = -1
        self.log_actions = -1
        self.ended = False
        self.camera.set_zoom(home_zoom(app.screen.get_height()))
        self.look_home()
        self.apply_events(self.read_log())
        self.install()

    # --- the game moving on ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.toasts = [[words_, left - dt] for words_, left in self.toasts if left - dt > 0]
        self.tick_vp(dt)
        if self.anim.busy:
            return
        if self.pending:
            self.install()
        if not self.legal:
            self.match.tick(dt)
        self.refresh()

    def refresh(self) -> None:
        """Follow the match: a new viewer (after a hand-off), new events (animated, then the new view), the legal
        actions of the human at the screen, the end of the game."""
        match = self.match
        viewer = match.viewer()
        if viewer != self.viewer:
            self.viewer = viewer
            if viewer is not None and len(match.humans) > 1 and viewer != self.holder:
                self.app.push(self.app.make("handoff", viewer, self.take_over, match.settings.get(viewer)))
                return
            self.take_over(viewer)
        elif match.actions != self.log_actions:
            clips, leading = anim.from_events(self.read_log(), self.explorers, match.speed)
            self.apply_events(leading)
            for clip in clips:
                self.anim.add(clip)
            if self.anim.busy:
                self.pending = True
            else:
                self.install()
        if not self.pending and not self.anim.busy and match.stopped and not self.ended:
            self.ended = True
            flow.game_ended(self.app, match)

    def install(self) -> None:
        """The newest view goes on the board; the decision is rebuilt from the legal actions."""
        self.shown = self.match.view(self.shown_viewer)
        self.shown_version += 1
        self.pending = False
        self.explorers = {p["name"]: p["explorer"] for p in self.shown["players"]}
        movement = self.shown["movement"]
        fought = movement.get("battle") if movement else None
        if not fought:
            self.battle = None
        elif self.battle is None or self.battle.hex != fought["hex"]:
            self.battle = BattleModel.from_view(fought)
        else:
            self.battle.sync(fought)
        self.build_decision()

    def take_over(self, viewer: str | None) -> None:
        """A new viewer sits at the screen: the log is theirs from the start of the game. With several humans,
        what happened since the incoming human last saw the table is replayed through their own eyes, from
        the view they last saw, with its lines listed ("since your last turn")."""
        self.anim.skip()
        old = self.shown_viewer
        cam = self.camera
        self.cameras[old] = (cam.x, cam.y, cam.zoom)
        if old is not None and old != viewer and len(self.match.humans) > 1:
            self.seen[old] = (self.shown, self.log_next)
        self.shown_viewer = viewer
        returning = viewer is not None and viewer == self.holder
        self.holder = viewer if viewer is not None else self.holder
        # Nothing of the last viewer's gestures stays: where they looked, pointed or were refused (CLIENT.md).
        self.toasts, self.cursor, self.hover, self.focus = [], -1, -1, -1
        self.log, self.log_next, self.log_scroll = [], 0, 0
        self.log_epoch += 1                        # a new viewer's log: never the cached picture of another's
        self.recent, self.battles, self.battle, self.rolls_seen = [], {}, None, 0
        self.recap = None
        events = self.read_log()
        since = self.seen.get(viewer) if viewer is not None else None
        later = len(self.match.events(viewer, since[1])[0]) if since is not None else 0
        if since is None or not later or returning:
            # The holder watched the public view in between: no replay, the lines of what they missed suffice.
            self.apply_events(events)
            self.install()
            if later:
                self.recap = [event["_line"] for event in events[len(events) - later:]]
            self.restore_camera(viewer)
            return
        self.apply_events(events[:len(events) - later])
        replay = events[len(events) - later:]
        self.shown, self.pending = since[0], True
        self.shown_version += 1
        self.explorers = {p["name"]: p["explorer"] for p in self.shown["players"]}
        self.legal, self.plan, self.menu = [], gestures.Plan(), None
        self.rebuild_bar()
        self.recap = [event["_line"] for event in replay]
        speed = "instant" if self.match.speed == "instant" else "fast"
        clips, leading = anim.from_events(replay, self.explorers, speed)
        self.apply_events(leading)
        for clip in clips:
            self.anim.add(clip)
        if not self.anim.busy:
            self.install()
        self.restore_camera(viewer)

    def restore_camera(self, viewer: str | None) -> None:
        """Each viewer finds the map where they left it, or at home the first time (then, as always, turned
        to the lit hexes if none is in sight); the public view keeps the map where the holder left it."""
        if viewer is None and self.holder is not None:
            pass                                   # the holder watches on: the map stays where they look
        elif viewer in self.cameras:
            self.camera.zoom_to(*self.cameras[viewer])
        else:
            self.camera.set_zoom(home_zoom(self.app.screen.get_height()))
            self.look_home()
        self.show_lit_hexes()

    def show(self, viewer: str | None) -> None:
        """Show this viewer's table at once, without a hand-off (screenshots, tests)."""
        self.viewer = viewer
        self.ended = True
        self.take_over(viewer)

    def read_log(self) -> list[dict]:
        """The new events the viewer may see, each with its line of the log (`_line`) and, for a die roll, the
        seed of its throw (`throw_seed`: the n-th roll of the game, the same for every viewer)."""
        self.log_actions = self.match.actions
        events, size = self.match.events(self.shown_viewer, self.log_next)
        self.log_next = size
        tiles = words.face_up_tiles(self.match.view(self.shown_viewer))     # public names for the hexes
        out = []
        for event, line in zip(events, words.event_lines(events, self.app.rules, self.battles, tiles)):
            shown = {**event, "_line": tuple(line)}
            if shown.get("kind") == "die_rolled":
                shown["throw_seed"] = dice.seed_for(self.match.seed, self.rolls_seen)
                self.rolls_seen += 1
            out.append(shown)
        return out

    def apply_events(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Events whose animation has ended (or that have none): their lines join the log, the HUD learns what
        a step waits for, the battle overlay moves on."""
        for event in events:
            self.log.append(event["_line"])
            if event.get("kind") == "battle_started":
                self.battle = BattleModel.from_event(event)
            elif self.battle is not None and event.get("hex") == self.battle.hex:
                self.battle.apply(event)
        self.recent = (self.recent + list(events))[-RECENT:]

    def tick_vp(self, dt: float) -> None:
        """The VP track ticks: each bar moves toward its player's VP."""
        for p in self.shown["players"]:
            target = hud.eval_fraction(p["vp"])
            now = self.vp_shares.get(p["name"], target)
            step = max(0.2, abs(target - now) * 3) * dt
            self.vp_shares[p["name"]] = target if abs(target - now) <= step else now + math.copysign(step, target - now)

    # --- the decision ------------------------------------------------------------------------------------------

    def build_decision(self) -> None:
        """The human's legal actions as gestures: lit hexes, bar buttons, player rows."""
        match = self.match
        self.legal_version = match.version
        human = self.viewer is not None and match.human_to_act() == self.viewer == self.shown_viewer
        self.legal = match.legal() if human else []
        self.plan = gestures.plan(self.legal, self.app.rules)
        self.menu = self.palette = None
        self.first = None
        self.focus = -1
        self.rebuild_bar()
        self.show_lit_hexes()

    def show_lit_hexes(self) -> None:
        """When every hex the decision lights lies out of sight (a drift far off, a battle elsewhere), the map
        turns to them, so that a player never has to hunt for what to click."""
        centres = [self.layout.centres[h] for h in self.plan.by_hex]
        if not centres or any(self.map_visible(x, y) for x, y in centres):
            return
        area = self.map_area()
        self.camera.put(sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres),
                        area.centerx, area.centery)

    def rebuild_bar(self) -> None:
        view = self.shown
        rules = self.app.rules
        actions = list(self.plan.buttons)
        if self.plan.order and self.first is not None:
            actions = self.plan.order[self.first] + actions
        self.bar = Form([Button(words.action_text(a, rules, view), partial(self.act, a), primary=a.verb in PRIMARY)
                         for a in actions])
        self.bar_actions = actions
        self.layout_bar()

    def act(self, action: engine.Action) -> None:
        """Make a decision; a refusal is shown, with its reason (it never happens through the gestures, whose
        actions are legal, but a stale click could)."""
        try:
            self.match.act(action)
        except engine.IllegalAction as exc:
            self.toast(str(exc))
            return
        self.legal = []
        self.menu = self.palette = None
        self.recap = None
        self.refresh()

    def toast(self, words_: str) -> None:
        self.toasts = [[words_, TOAST]] + self.toasts[:2]

    def refuse(self, h: int) -> None:
        """A click on a hex that offers nothing: say why, from the engine, for what the decision is about."""
        rules = self.app.rules
        label = rules.map.labels[h]
        verbs = [a.verb for actions in self.plan.by_hex.values() for a in actions]
        verb = max(set(verbs), key=verbs.count) if verbs else ""
        if verb == "build":
            self.toast(words.reason_text(self.match.why(engine.Action("build", ("village", label))), rules))
        elif verb in ("premove", "explore", "go", "party"):
            self.toast(words.reason_text(self.match.why(engine.Action(verb, (label,))), rules))
        else:
            self.toast(words.text("why.nothing_here", hex=words.place(label, rules, words.face_up_tiles(self.shown))))

    def pick_hex(self, h: int, keyboard: bool = False) -> None:
        """The player points at a hex: its one action is made, or its menu opens."""
        actions = self.plan.by_hex.get(h)
        if not actions:
            if self.legal:
                self.refuse(h)
            return
        rows: list[tuple[str, engine.Action, engine.Reason | None]] = [
            (words.action_text(a, self.app.rules, self.shown), a, None) for a in actions]
        rows += self.greyed_builds(h, actions)
        if len(rows) == 1:
            self.act(actions[0])
            return
        self.menu = HexMenu(h, rows, self.pick_menu)
        self.layout_menu(keyboard)

    def greyed_builds(self, h: int, actions: list[engine.Action]) -> list[tuple[str, engine.Action, engine.Reason]]:
        """While building, what cannot be built at this hex, and why (its cost, the supply, the squares)."""
        if not any(a.verb == "build" for a in actions):
            return []
        label = self.app.rules.map.labels[h]
        out = []
        for item in BUILD_ITEMS:
            action = engine.Action("build", (item, label))
            if action in actions:
                continue
            reason = self.match.why(action)
            if reason is not None:
                out.append((words.action_text(action, self.app.rules, self.shown), action, reason))
        return out

    def pick_menu(self, index: int) -> None:
        menu = self.menu
        if menu is None or not 0 <= index < len(menu.rows):
            return
        _, action, reason = menu.rows[index]
        if reason is not None:
            self.toast(words.reason_text(reason, self.app.rules))
            return
        self.act(action)

    def pick_row(self, player: str) -> None:
        """The turn order: the first player is picked in the VP panel, then the direction in the bar."""
        choices = self.plan.order.get(player)
        if not choices:
            return
        if len(choices) == 1:
            self.act(choices[0])
            return
        self.first = player
        self.rebuild_bar()
        self.focus = -1

    def open_palette(self) -> None:
        if not self.legal:
            return
        actions = self.palette_actions()
        self.palette = ListView([words.action_text(a, self.app.rules, self.shown) for a in actions],
                                lambda i: self.act(actions[i]))
        self.menu = None

    def palette_actions(self) -> list[engine.Action]:
        """Every legal action: the bar's, the turn order's, then the hexes' in map order."""
        plan = self.plan
        ordered = [a for first in plan.order.values() for a in first] + plan.buttons
        for h in sorted(plan.by_hex):
            ordered += plan.by_hex[h]
        return ordered

    # --- keyboard focus ------------------------------------------------------------------------------------------

    def stops(self) -> list[tuple[str, int | str]]:
        """What next/prev step through: the bar's buttons, the players to pick first, the lit hexes (top to
        bottom, left to right)."""
        out: list[tuple[str, int | str]] = [("button", i) for i in range(len(self.bar.widgets))]
        if self.plan.order and self.first is None:
            out += [("row", name) for name in self.plan.order]
        centres = self.layout.centres
        out += [("hex", h) for h in sorted(self.plan.by_hex, key=lambda h: (round(centres[h][1]), centres[h][0]))]
        return out

    def stop(self) -> tuple[str, int | str] | None:
        stops = self.stops()
        return stops[self.focus] if 0 <= self.focus < len(stops) else None

    def step_focus(self, step: int) -> None:
        stops = self.stops()
        if not stops:
            return
        self.focus = (self.focus + step) % len(stops) if self.focus >= 0 else (0 if step > 0 else len(stops) - 1)
        kind, target = stops[self.focus]
        if kind == "button":
            self.bar.focus = int(target)
        elif kind == "hex":
            h = int(target)
            self.cursor = h
            cx, cy = self.layout.centres[h]
            if not self.map_visible(cx, cy):
                self.camera.centre_on(cx, cy)

    def activate_stop(self) -> None:
        stop = self.stop()
        if stop is None:
            if self.cursor >= 0 and self.cursor in self.plan.by_hex:
                self.pick_hex(self.cursor, keyboard=True)
            return
        kind, target = stop
        if kind == "button":
            self.bar.widgets[int(target)].activate()
        elif kind == "row":
            self.pick_row(str(target))
        else:
            self.pick_hex(int(target), keyboard=True)

    # --- input -----------------------------------------------------------------------------------------------

    def panels(self) -> dict[str, pygame.Rect]:
        """Where the panels lie on screen (the map fills the rest)."""
        w, h = self.app.screen.get_size()
        unit = self.app.scale.unit
        top = pygame.Rect(0, 0, w, round(unit * 2.4))
        left = pygame.Rect(unit // 2, top.bottom + unit // 2, round(unit * 17), 0)
        left.h = h - left.y - unit // 2
        right_w = round(unit * 18)
        log = pygame.Rect(w - right_w - unit // 2, top.bottom + unit // 2, right_w, h - top.bottom - unit)
        out = {"top": top, "left": left}
        if self.show_log:
            out["log"] = log
        return out

    def map_area(self) -> pygame.Rect:
        """The part of the window where the map shows between the panels."""
        w, h = self.app.screen.get_size()
        panels = self.panels()
        x0 = panels["left"].right
        x1 = panels["log"].x if "log" in panels else w
        return pygame.Rect(x0, panels["top"].bottom, x1 - x0, h - panels["top"].bottom)

    def map_visible(self, wx: float, wy: float) -> bool:
        """Whether a point of the map shows with room around it (off the panels and the decision bar)."""
        x, y = self.camera.to_screen(wx, wy)
        unit = self.app.scale.unit
        area = self.map_area().inflate(-unit * 4, -unit * 4)
        covers = [r for r in (self.bar_rect, self.battle_rect(), self.recap_rect()) if r is not None]
        return area.collidepoint(x, y) and not any(r.inflate(unit * 2, unit * 2).collidepoint(x, y) for r in covers)

    def recap_rect(self) -> pygame.Rect | None:
        """Where "since your last turn" stands: the bottom right of the map, above the decision bar."""
        if not self.recap:
            return None
        return recap_rect(self.map_area(), self.app.scale, len(self.recap),
                          self.bar_rect.top if self.legal else None)

    def battle_rect(self) -> pygame.Rect | None:
        """Where the battle overlay stands, if a battle is on: a strip only when the decision lights a hex
        that the whole panel would cover (a retreat, a new home), so that the hex stays in sight."""
        if self.battle is None:
            return None
        area, scale = self.map_area(), self.app.scale
        floor = self.bar_rect.top if self.legal else None
        h = self.app.rules.map.hex_of(self.battle.hex) if self.app.rules.map.has_name(self.battle.hex) else -1
        hx, hy = self.camera.to_screen(*self.layout.centres[h]) if h >= 0 else (-1e9, -1e9)
        top = not panel_rect(area, scale, False).inflate(scale.unit * 3, scale.unit * 3).collidepoint(hx, hy)
        full = panel_rect(area, scale, False, top, floor)
        covered = any(full.collidepoint(self.camera.to_screen(*self.layout.centres[h])) for h in self.plan.by_hex)
        return panel_rect(area, scale, True, top, floor) if covered else full

    def layout_bar(self) -> None:
        """The decision bar across the bottom of the map: the choices flow from its left edge, on as many rows
        as they need; what ends the step or the decision (gestures.ENDING) sits at its right end, where it
        stays while the choices before it come and go."""
        area = self.map_area()
        unit = self.app.scale.unit
        font = theme.font(self.app.scale.small, "semibold")
        height, gap = round(unit * 2.1), unit // 2
        left, right = area.x + unit * 2, area.right - unit * 2
        rows: list[list[Widget]] = [[]]
        x = left
        enders = [b for b, a in zip(self.bar.widgets, self.bar_actions) if a.verb in gestures.ENDING]
        for button in self.bar.widgets:
            w = min(font.size(button.label)[0] + unit * 1.6, right - left)
            button.rect = pygame.Rect(0, 0, w, height)
        for button in self.bar.widgets:
            if button in enders:
                continue
            if rows[-1] and x + button.rect.w > right:
                rows.append([])
                x = left
            rows[-1].append(button)
            x += button.rect.w + gap
        tail = sum(b.rect.w + gap for b in enders)
        if enders and rows[-1] and x + tail > right + gap:
            rows.append([])
        rows[-1] += enders
        head = unit * 1.6
        top = area.bottom - unit // 2 - len(rows) * (height + unit // 3) - head
        y = top + head
        for row in rows:
            x = left
            for button in row:
                if button in enders:
                    x = max(x, right - tail + gap)
                    tail -= button.rect.w + gap
                button.rect.topleft = (round(x), round(y))
                x += button.rect.w + gap
            y += height + unit // 3
        self.bar_rect = pygame.Rect(area.x + unit, round(top), area.w - unit * 2,
                                    round(y - top)) if self.legal else pygame.Rect(0, 0, 0, 0)

    def layout_menu(self, keyboard: bool) -> None:
        menu = self.menu
        if menu is None:
            return
        scale = self.app.scale
        size = scale.small
        width = max(theme.font(size).size(t)[0] for t, _, _ in menu.rows) + scale.unit * 2
        row = round(size * 1.45)
        height = min(len(menu.rows), 10) * row
        x, y = self.camera.to_screen(*self.layout.centres[menu.hex])
        head = round(scale.unit * 1.6)                  # the menu's title line above its rows
        outer = pygame.Rect(round(x + self.layout.size * self.camera.zoom * 0.6), round(y - height / 2) - head,
                            width + scale.unit, height + head + round(scale.unit * 0.6))
        outer.clamp_ip(self.map_area())
        menu.rect = outer
        menu.list.rect = pygame.Rect(outer.x + scale.unit // 2, outer.y + head, width, height)
        menu.list.row = row
        menu.list.index = 0 if keyboard else -1

    def over_panel(self, x: float, y: float) -> str | None:
        if self.menu is not None and self.menu.rect.collidepoint(x, y):
            return "menu"
        panel = self.battle_rect()
        if panel is not None and panel.collidepoint(x, y):
            return "battle"
        recap = self.recap_rect()
        if recap is not None and recap.collidepoint(x, y):
            return "recap"
        if self.legal and self.bar_rect.collidepoint(x, y):
            return "bar"
        for name, rect in self.panels().items():
            if rect.h > 0 and rect.collidepoint(x, y):
                return name
        return None

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if intent.pointer:
            self.pointer = (intent.x, intent.y)
        self.pointing = intent.pointer
        if self.anim.busy and kind not in ("point", "pan", "zoom"):
            self.anim.skip()                      # any key or click skips the animations
            return
        if self.palette is not None:
            self.handle_palette(intent)
            return
        if self.menu is not None and self.handle_menu(intent):
            return
        panel = self.over_panel(intent.x, intent.y) if intent.pointer else None
        if kind == "point":
            self.hover = -1 if panel else self.layout.hex_at(*self.camera.to_world(intent.x, intent.y))
            rows = hud.player_rows(self.panels()["left"], self.shown, self.app.scale) if panel == "left" else {}
            self.hover_row = next((name for name, rect in rows.items() if rect.collidepoint(intent.x, intent.y)),
                                  None)
            self.bar.handle(intent)
        elif kind == "pan" and (not intent.pointer or panel is None or self.app.input.dragging):
            self.camera.pan(intent.dx, intent.dy)
            self.layout_menu(False)
        elif kind == "zoom":
            if panel == "log":
                self.log_scroll = max(0, self.log_scroll + (2 if intent.f > 1 else -2))
            elif panel is None:
                self.camera.zoom_by(intent.f, (intent.x, intent.y) if intent.pointer else None)
        elif kind == "select" and intent.pointer:
            self.focus = -1
            if panel == "recap":
                self.recap = None
            elif panel == "bar":
                self.bar.handle(intent)
            elif panel == "left" and (orders_at := self.orders_rect()) is not None and \
                    orders_at.collidepoint(intent.x, intent.y):
                self.open_orders()
            elif panel == "left" and self.plan.order:
                rows = hud.player_rows(self.panels()["left"], self.shown, self.app.scale)
                picked = next((name for name, rect in rows.items() if rect.collidepoint(intent.x, intent.y)), None)
                if picked is not None:
                    self.pick_row(picked)
            elif panel is None:
                h = self.layout.hex_at(*self.camera.to_world(intent.x, intent.y))
                if h >= 0:
                    self.cursor = h
                    self.pick_hex(h)
        elif kind == "select":
            self.activate_stop()
        elif kind in ("next", "prev"):
            self.step_focus(1 if kind == "next" else -1)
        elif kind == "cursor":
            if self.app.input.device == "keys" and not pygame.key.get_mods() & pygame.KMOD_SHIFT:
                step = self.layout.size * 1.5 * self.camera.zoom       # arrows pan; shift+arrows move the cursor
                self.camera.pan(intent.dx * step, intent.dy * step)
            else:
                self.move_cursor(int(intent.dx), int(intent.dy))
        elif kind == "palette":
            self.open_palette()
        elif kind == "orders" and self.orders_rect() is not None:
            self.open_orders()
        elif kind == "fit":
            self.camera.fit()
        elif kind == "log":
            self.show_log = not self.show_log
            self.layout_bar()
        elif kind in ("back", "menu"):
            if self.first is not None:
                self.first = None
                self.rebuild_bar()
                return
            self.app.push(self.app.make("pause", self.match, self.open_orders if self.orders_rect() else None))

    def orders_rect(self) -> pygame.Rect | None:
        """The button of the viewer's standing orders, at the foot of the left column: shown on their own
        decision, with their own view on screen, when their seat answers card windows by standing orders."""
        viewer = self.shown_viewer
        settings = self.match.settings.get(viewer) if viewer is not None else None
        if settings is None or settings.windows != ORDERS or not self.legal or viewer != self.match.human_to_act():
            return None
        unit = self.app.scale.unit
        left = self.panels()["left"]
        return pygame.Rect(left.x, left.bottom - round(unit * 2.2), left.w, round(unit * 2.2))

    def open_orders(self) -> None:
        if self.shown_viewer is None:               # the public view has no standing orders (orders_rect)
            return
        self.app.push(self.app.make("orders", self.match, self.shown_viewer, self.shown))

    def handle_menu(self, intent: Intent) -> bool:
        """A hex's menu takes the intents aimed at it; a click elsewhere or back closes it."""
        menu = self.menu
        assert menu is not None
        kind = intent.kind
        inside = intent.pointer and menu.list.rect.collidepoint(intent.x, intent.y)
        if kind == "point" and inside:
            menu.list.index = menu.list.row_at(intent.y)
            return True
        if kind == "select" and intent.pointer:
            if inside:
                menu.list.click(intent.x, intent.y)
            else:
                self.menu = None
            return True
        if kind == "select":
            menu.list.activate()
            return True
        if kind == "cursor" and intent.dy:
            menu.list.move(int(intent.dy))
            return True
        if kind in ("next", "prev"):
            menu.list.move(1 if kind == "next" else -1)
            return True
        if kind in ("back", "menu"):
            self.menu = None
            return True
        if kind == "zoom" and inside:
            menu.list.scroll(-1 if intent.f > 1 else 1)
            return True
        return False

    def handle_palette(self, intent: Intent) -> None:
        palette = self.palette
        assert palette is not None
        kind = intent.kind
        if kind in ("back", "menu", "palette"):
            self.palette = None
        elif kind == "select" and intent.pointer:
            if palette.rect.collidepoint(intent.x, intent.y):
                palette.click(intent.x, intent.y)
            else:
                self.palette = None
        elif kind == "select":
            palette.activate()
        elif kind == "cursor" and intent.dy:
            palette.move(int(intent.dy))
        elif kind in ("next", "prev"):
            palette.move(1 if kind == "next" else -1)
        elif kind == "point" and palette.rect.collidepoint(intent.x, intent.y):
            i = palette.row_at(intent.y)
            if i >= 0:
                palette.index = i
        elif kind == "zoom" and intent.pointer:
            palette.scroll(-1 if intent.f > 1 else 1)

    def move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor < 0:
            self.cursor = self.layout.hex_at(*self.camera.to_world(*(s / 2 for s in self.camera.screen)))
            if self.cursor < 0:
                self.cursor = 0
            return
        self.cursor = self.layout.neighbour_on_screen(self.cursor, dx, dy)
        cx, cy = self.layout.centres[self.cursor]
        if not self.map_visible(cx, cy):
            self.camera.centre_on(cx, cy)

    def resize(self, size: tuple[int, int]) -> None:
        self.camera.resize(size)
        self.art.min_text = self.app.scale.unit
        self.layout_bar()

    def look_home(self) -> None:
        """Centre the map between the homes and the unknown waters, where the game begins."""
        view = self.shown
        me = next((p for p in view["players"] if p["name"] == view["you"]), None)
        rules = self.app.rules
        if me is not None and me["home"]:
            cx, cy = self.layout.centres[rules.map.hex_of(me["home"])]
            self.camera.centre_on(cx + self.layout.size * 3, cy)
        else:
            xs = [self.layout.centres[h] for h in rules.map.explorable]
            self.camera.centre_on(sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs))

    # --- drawing ---------------------------------------------------------------------------------------------

    def board(self) -> pygame.Surface:
        """The map with the board of the shown view: drawn whole for a new zoom or viewer, else only where it
        changed."""
        key = (self.camera.zoom, self.shown_viewer, self.art.min_text)
        if self._board is None or self._board[0] != key:
            self._board = (key, self.art.compose(self.camera.zoom, self.shown), self.shown_version)
        elif self._board[2] != self.shown_version:
            self.art.update(self._board[1], self.shown)
            self._board = (key, self._board[1], self.shown_version)
        return self._board[1].surface

    def where(self, label: str) -> tuple[tuple[float, float], float]:
        """A hex's centre on screen and its size there (for the animations)."""
        h = self.app.rules.map.hex_of(label)
        return self.camera.to_screen(*self.layout.centres[h]), self.layout.size * self.camera.zoom

    def draw(self, screen: pygame.Surface) -> None:
        view = self.shown
        screen.fill(theme.DEEP_SEA)
        cam = self.camera
        screen.blit(self.board(), (round(-cam.x * cam.zoom), round(-cam.y * cam.zoom)))
        self.draw_marks(screen)
        self.anim.draw(screen, self.where, self.app.scale.small)
        panel = self.battle_rect()
        if panel is not None and self.battle is not None:
            throwing = self.anim.throw
            draw_battle(screen, panel, self.battle, throwing.pose if throwing else None, self.app.rules,
                        self.app.scale, words.face_up_tiles(view), panel.h < self.app.scale.unit * 5)
        scale = self.app.scale
        panels = self.panels()
        version = (self.shown_version, self.shown_viewer, scale.unit, tuple(sorted(self.vp_shares.items())),
                   self.plan.order and self.first)
        for name, key, paint in (
                ("top", version, lambda s, r: hud.top_bar(s, r, view, words.decision_text(view, self.app.rules,
                                                                                         self.recent), scale)),
                ("left", version, lambda s, r: hud.players_panel(s, r, view, self.app.rules, scale,
                                                                 self.vp_shares)),
                ("log", (self.log_epoch, len(self.log), self.log_scroll, scale.unit),
                 lambda s, r: hud.log_panel(s, r, self.log, self.log_scroll, scale))):
            if name in panels:
                rect = panels[name]
                screen.blit(self.layer(name, key, rect.size, paint), rect.move(-4, -4))
        if self.plan.order and self.first is None:
            rows = hud.player_rows(panels["left"], view, scale)
            stop = self.stop()
            for name in self.plan.order:
                focused = stop == ("row", name)
                pygame.draw.rect(screen, theme.ACCENT, rows[name], 4 if focused else 2, border_radius=6)
        if self.legal:
            self.draw_bar(screen)
        orders = self.orders_rect()
        if orders is not None:
            self.draw_orders_button(screen, orders)
        recap = self.recap_rect()
        if recap is not None and self.recap is not None:
            draw_recap(screen, recap, self.recap, self.app.scale, self.anim.busy)
        if self.menu is not None:
            self.draw_menu(screen)
        if self.palette is not None:
            self.draw_palette(screen)
        self.draw_toasts(screen)
        if self.app.top is self and self.menu is None and self.palette is None:
            self.draw_tooltip(screen, view)

    def draw_marks(self, screen: pygame.Surface) -> None:
        """The lit hexes of the decision (by what they do), the route of the hovered one, the hexes of the
        action chosen in a menu or the palette, the hover and the cursor."""
        cam = self.camera
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 260) if self.app.fixed_dt is None else 1.0
        for h, role in gestures.hex_roles(self.plan).items():
            colour = theme.mix(ROLE_COLOURS.get(role, (255, 255, 255)), (255, 255, 255), 0.3 * pulse)
            points = [cam.to_screen(x, y) for x, y in self.layout.corners(h, self.layout.size * 0.9)]
            pygame.draw.polygon(screen, colour, points, 3)
        m = self.app.rules.map
        for path in self.shown_routes():
            points = [cam.to_screen(*self.layout.centres[m.hex_of(label)]) for label in path]
            pygame.draw.lines(screen, theme.WHITE, False, points, max(2, round(cam.zoom * 3)))
            for p in points[1:]:
                pygame.draw.circle(screen, theme.WHITE, p, max(3, round(cam.zoom * (6 if p == points[-1] else 4))))
        for h in self.chosen_hexes():
            points = [cam.to_screen(x, y) for x, y in self.layout.corners(h)]
            pygame.draw.polygon(screen, theme.HIGHLIGHT, points, 5)
        cursor = -1 if self.pointing else self.cursor          # the keyboard's cursor, while keys are used
        for h, colour, width in ((self.hover, theme.WHITE, 2), (cursor, theme.HIGHLIGHT, 3)):
            if h >= 0:
                points = [cam.to_screen(x, y) for x, y in self.layout.corners(h)]
                pygame.draw.polygon(screen, colour, points, width)

    def shown_routes(self) -> set[tuple[str, ...]]:
        """The routes to draw: of the action highlighted in a hex's menu, else of every action at the hovered
        hex (a pre-move's path, a party's step, each ride a piece may take along the transit chain)."""
        if self.menu is not None:
            index = self.menu.list.index
            actions = [self.menu.rows[index][1]] if 0 <= index < len(self.menu.rows) else []
        else:
            target = self.hover if self.hover in self.plan.by_hex else (
                self.cursor if self.cursor in self.plan.by_hex and not self.pointing else -1)
            actions = self.plan.by_hex.get(target, [])
        key = (self.match.actions, tuple(actions))
        if self._routes[0] != key:
            routes = (tuple(self.match.route(a)) for a in actions)
            self._routes = (key, {path for path in routes if len(path) > 1})
        return self._routes[1]

    def chosen_hexes(self) -> list[int]:
        """The hexes the action highlighted in the palette or a menu names."""
        rules = self.app.rules
        if self.palette is not None:
            actions = self.palette_actions()
            if 0 <= self.palette.index < len(actions):
                h = gestures.hex_of(actions[self.palette.index], rules)
                return [h] if h >= 0 else []
        if self.menu is not None:
            return [self.menu.hex]
        return []

    def draw_orders_button(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        button = Button(words.text("orders.open"), self.open_orders)
        button.rect = rect
        button.draw(screen, False, self.app.scale.small)

    def draw_bar(self, screen: pygame.Surface) -> None:
        scale = self.app.scale
        theme.panel(screen, self.bar_rect, alpha=245)
        if self.plan.order and self.first is None:
            hint = words.text("ui.pick_first")
        elif self.plan.by_hex and not self.bar.widgets:
            hint = words.text("ui.pick_hex")
        else:
            hint = words.decision_headline(self.shown, self.app.rules, {a.verb for a in self.legal})
        head = theme.text(theme.fit(hint, scale.small, self.bar_rect.w - scale.unit), scale.small, theme.MUTED,
                          "semibold")
        screen.blit(head, head.get_rect(midtop=(self.bar_rect.centerx, self.bar_rect.y + scale.unit * 0.3)))
        stop = self.stop()
        for i, button in enumerate(self.bar.widgets):
            button.draw(screen, stop == ("button", i), scale.small)

    def draw_menu(self, screen: pygame.Surface) -> None:
        menu = self.menu
        assert menu is not None
        scale = self.app.scale
        theme.panel(screen, menu.rect, alpha=250)
        label = words.place(self.app.rules.map.labels[menu.hex], self.app.rules, words.face_up_tiles(self.shown))
        head = theme.text(words.text("ui.menu.hint", hex=label), scale.small, theme.MUTED, "semibold")
        screen.blit(head, (menu.rect.x + scale.unit * 0.5, menu.rect.y + scale.unit * 0.25))
        menu.list.draw(screen, True, scale.small)
        index = menu.list.index
        if 0 <= index < len(menu.rows) and menu.rows[index][2] is not None:      # why the line is greyed
            hud.tooltip(screen, (menu.rect.x - scale.unit, menu.rect.bottom - scale.unit * 0.6),
                        [words.reason_text(menu.rows[index][2], self.app.rules)], scale)

    def draw_palette(self, screen: pygame.Surface) -> None:
        palette = self.palette
        assert palette is not None
        scale = self.app.scale
        area = self.map_area()
        box = pygame.Rect(0, 0, min(area.w - scale.unit * 2, scale.unit * 30), min(area.h - scale.unit * 2,
                                                                                   scale.unit * 24))
        box.center = area.center
        theme.panel(screen, box, alpha=250)
        head = theme.text(words.text("ui.palette"), scale.body, theme.INK, "bold")
        screen.blit(head, (box.x + scale.unit * 0.6, box.y + scale.unit * 0.4))
        hint = theme.text(words.text("ui.palette.hint"), scale.small, theme.MUTED)
        screen.blit(hint, hint.get_rect(topright=(box.right - scale.unit * 0.6, box.y + scale.unit * 0.5)))
        palette.rect = pygame.Rect(box.x + scale.unit * 0.4, box.y + scale.unit * 2.2, box.w - scale.unit * 0.8,
                                   box.h - scale.unit * 2.6)
        palette.draw(screen, True, scale.small)

    def draw_toasts(self, screen: pygame.Surface) -> None:
        scale = self.app.scale
        y = self.panels()["top"].bottom + scale.unit * 0.6
        for words_, left in self.toasts:
            label = theme.text(theme.fit(words_, scale.small, self.map_area().w - scale.unit * 2), scale.small,
                               theme.WHITE, "semibold")
            box = label.get_rect(midtop=(self.map_area().centerx, round(y))).inflate(scale.unit, scale.unit * 0.5)
            back = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = round(235 * min(1.0, left / 0.4))
            pygame.draw.rect(back, (150, 44, 36, alpha), back.get_rect(), border_radius=8)
            screen.blit(back, box)
            label.set_alpha(alpha)
            screen.blit(label, label.get_rect(center=box.center))
            y = box.bottom + scale.unit * 0.3

    def layer(self, name: str, key: tuple, size: tuple[int, int], paint) -> pygame.Surface:
        """A HUD part drawn once and kept until what it shows changes (its key), with a margin for shadows."""
        cached = self._layers.get(name)
        if cached is None or cached[0] != (key, size):
            surface = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
            paint(surface, pygame.Rect((4, 4), size))
            self._layers[name] = cached = ((key, size), surface)
        return cached[1]

    def draw_tooltip(self, screen: pygame.Surface, view: engine.View) -> None:
        if self.hover_row is not None and self.pointing:
            hud.tooltip(screen, self.pointer, words.player_lines(view, self.hover_row, self.app.rules),
                        self.app.scale)
            return
        h = self.hover if self.hover >= 0 else (-1 if self.pointing else self.cursor)
        if h < 0:
            return
        rules = self.app.rules
        label = rules.map.labels[h]
        record = next((r for r in view["hexes"] if r["hex"] == label), None)
        lines = words.hex_lines(record, label, rules.map.kinds[h], rules, words.face_up_tiles(view))
        actions = self.plan.by_hex.get(h)
        if actions:
            lines.append(words.text("ui.tip.one", action=words.action_text(actions[0], rules, view))
                         if len(actions) == 1 else words.text("ui.tip.many", n=len(actions)))
        at = self.pointer if self.hover >= 0 else self.camera.to_screen(*self.layout.centres[h])
        hud.tooltip(screen, at, lines, self.app.scale, self.bar_rect if self.legal else None)

    @property
    def settled(self) -> bool:
        if self.anim.busy or self.pending:
            return False
        return self.match.stopped or bool(self.legal)


def home_zoom(height: int) -> float:
    """The zoom a table opens at: the map as large on any screen, island names readable (1.22 at 720 lines)."""
    wanted = 1.22 * height / 720
    return min(ZOOMS, key=lambda z: abs(z - wanted))
