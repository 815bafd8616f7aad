"""The table: the map of the Pacific, the players' panel, the log, and the decisions of the human at the screen.

Everything is drawn from the viewer's view (Match.viewer: the human who decides now, the only human seat, or the
public view when bots and chance play between several humans) and the events that viewer may see. Until each
decision has its own gesture, a human decides from the list of legal actions in words.
"""
from __future__ import annotations

import pygame

from .. import theme, words
from ..app import App, Scene
from ..input import Intent
from ..match import Match
from ..render import hud
from ..render.camera import ZOOMS, Camera
from ..render.layout import Layout
from ..render.mapart import Board, MapArt
from ..ui.widgets import Form, ListView


RECENT = 60                     # raw events kept for the HUD's account of the step


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
        self.log: list[tuple[str, str]] = []
        self.recent: list[dict] = []               # the newest events the viewer saw (words.decision_text)
        self.battles: dict = {}                    # who fights at each hex, for the log's die rolls
        self.log_next = 0
        self.log_scroll = 0
        self.show_log = True
        self.hover = -1                            # hex under the pointer
        self.cursor = -1                           # hex of the keyboard or pad cursor
        self.pointer = (0.0, 0.0)
        self.map_focus = False                     # arrows move the hex cursor rather than the action list
        self._board: tuple[tuple, Board, int] | None = None
        self._layers: dict[str, tuple[tuple, pygame.Surface]] = {}
        self.actions = ListView([], self.pick)
        self.form = Form([self.actions])
        self.legal: list = []
        self.legal_version = -1
        self.log_actions = -1
        self.ended = False
        self.camera.set_zoom(home_zoom(app.screen.get_height()))
        self.look_home()
        self.read_log()

    # --- the game moving on ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.match.tick(dt)
        self.refresh()

    def refresh(self) -> None:
        """Follow the match: a new viewer (after a hand-off), new events for the log, the legal actions of the
        human at the screen, the end of the game."""
        match = self.match
        viewer = match.viewer()
        if viewer != self.viewer:
            self.viewer = viewer
            if viewer is not None and len(match.humans) > 1 and viewer != self.shown_viewer:
                from .handoff import HandoffScene
                self.app.push(HandoffScene(self.app, viewer, self.take_over))
                return
            self.take_over(viewer)
        elif match.actions != self.log_actions:
            self.read_log()
        if match.version != self.legal_version:
            self.legal_version = match.version
            self.legal = match.legal() if viewer is not None and match.human_to_act() == viewer else []
            view = match.view(viewer)
            self.actions.set_items([words.action_text(a, self.app.rules, view) for a in self.legal])
        if match.stopped and not self.ended:
            self.ended = True
            from .flow import game_ended
            game_ended(self.app, match)

    def look_home(self) -> None:
        """Centre the map between the homes and the unknown waters, where the game begins."""
        view = self.match.view(self.viewer)
        me = next((p for p in view["players"] if p["name"] == view["you"]), None)
        rules = self.app.rules
        if me is not None and me["home"]:
            cx, cy = self.layout.centres[rules.map.hex_of(me["home"])]
            self.camera.centre_on(cx + self.layout.size * 3, cy)
        else:
            xs = [self.layout.centres[h] for h in rules.map.explorable]
            self.camera.centre_on(sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs))

    def show(self, viewer: str | None) -> None:
        """Show this viewer's table at once, without a hand-off (screenshots, tests)."""
        self.viewer = viewer
        self.ended = True
        self.take_over(viewer)
        self.refresh()

    def take_over(self, viewer: str | None) -> None:
        """A new viewer sits at the screen: the log is theirs from the start of the game."""
        self.shown_viewer = viewer
        self.log, self.log_next, self.log_scroll = [], 0, 0
        self.recent, self.battles = [], {}
        self.legal_version = -1
        self.read_log()

    def read_log(self) -> None:
        """The new events the viewer may see, in words; the newest raw ones also tell the HUD what a step waits
        for."""
        self.log_actions = self.match.actions
        events, size = self.match.events(self.shown_viewer, self.log_next)
        self.log_next = size
        self.log += [tuple(line) for line in words.event_lines(events, self.app.rules, self.battles)]
        self.recent = (self.recent + events)[-RECENT:]

    def pick(self, index: int) -> None:
        """A human chose an action from the list."""
        if 0 <= index < len(self.legal):
            self.match.act(self.legal[index])
            self.read_log()

    # --- input -----------------------------------------------------------------------------------------------

    def panels(self) -> dict[str, pygame.Rect]:
        """Where the panels lie on screen (the map fills the rest)."""
        w, h = self.app.screen.get_size()
        unit = self.app.scale.unit
        top = pygame.Rect(0, 0, w, round(unit * 2.4))
        left = pygame.Rect(unit // 2, top.bottom + unit // 2, round(unit * 17), 0)
        left.h = h - left.y - unit // 2
        right_w = round(unit * 18)
        acting = bool(self.legal)
        actions_h = round(min(h * 0.42, unit * 1.45 * min(len(self.legal), 9) + unit * 2.6)) if acting else 0
        actions = pygame.Rect(w - right_w - unit // 2, h - actions_h - unit // 2, right_w, actions_h)
        log_bottom = (actions.y if acting else h) - unit // 2
        log = pygame.Rect(w - right_w - unit // 2, top.bottom + unit // 2, right_w, log_bottom - top.bottom - unit // 2)
        out = {"top": top, "left": left, "actions": actions}
        if self.show_log:
            out["log"] = log
        return out

    def over_panel(self, x: float, y: float) -> str | None:
        for name, rect in self.panels().items():
            if rect.h > 0 and rect.collidepoint(x, y):
                return name
        return None

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if intent.pointer:
            self.pointer = (intent.x, intent.y)
        panel = self.over_panel(intent.x, intent.y) if intent.pointer else None
        if kind == "point":
            self.hover = -1 if panel else self.layout.hex_at(*self.camera.to_world(intent.x, intent.y))
            self.form.handle(intent)
        elif kind == "pan" and (not intent.pointer or panel is None or self.app.input.dragging):
            self.camera.pan(intent.dx, intent.dy)
        elif kind == "zoom":
            if panel == "log":
                self.log_scroll = max(0, self.log_scroll + (2 if intent.f > 1 else -2))
            elif panel == "actions":
                self.form.handle(intent)
            elif panel is None:
                self.camera.zoom_by(intent.f, (intent.x, intent.y) if intent.pointer else None)
        elif kind == "select" and intent.pointer:
            if panel == "actions":
                self.form.handle(intent)
            elif panel is None:
                self.cursor = self.layout.hex_at(*self.camera.to_world(intent.x, intent.y))
        elif kind == "select":
            if self.legal and not self.map_focus:
                self.form.handle(intent)
        elif kind in ("next", "prev"):
            self.map_focus = not self.map_focus if self.legal else True
        elif kind == "cursor":
            if self.legal and not self.map_focus:
                self.form.handle(intent)
            elif self.app.input.device == "keys" and not pygame.key.get_mods() & pygame.KMOD_SHIFT:
                step = self.layout.size * 1.5 * self.camera.zoom       # arrows pan; shift+arrows move the cursor
                self.camera.pan(intent.dx * step, intent.dy * step)
            else:
                self.move_cursor(int(intent.dx), int(intent.dy))
        elif kind == "fit":
            self.camera.fit()
        elif kind == "log":
            self.show_log = not self.show_log
        elif kind in ("back", "menu"):
            from .pause import PauseScene
            self.app.push(PauseScene(self.app, self.match))

    def move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor < 0:
            self.cursor = self.layout.hex_at(*self.camera.to_world(*(s / 2 for s in self.camera.screen)))
            if self.cursor < 0:
                self.cursor = 0
            return
        self.cursor = self.layout.neighbour_on_screen(self.cursor, dx, dy)
        cx, cy = self.layout.centres[self.cursor]
        if not self.camera.visible(cx, cy, -self.app.scale.unit * 4):
            self.camera.centre_on(cx, cy)

    def resize(self, size: tuple[int, int]) -> None:
        self.camera.resize(size)
        self.art.min_text = self.app.scale.unit

    # --- drawing ---------------------------------------------------------------------------------------------

    def board(self, view: dict) -> pygame.Surface:
        """The map with the board of the view: drawn whole for a new zoom or viewer, else only where it changed."""
        key = (self.camera.zoom, self.shown_viewer, self.art.min_text)
        if self._board is None or self._board[0] != key:
            self._board = (key, self.art.compose(self.camera.zoom, view), self.match.version)
        elif self._board[2] != self.match.version:
            self.art.update(self._board[1], view)
            self._board = (key, self._board[1], self.match.version)
        return self._board[1].surface

    def draw(self, screen: pygame.Surface) -> None:
        view = self.match.view(self.shown_viewer)
        screen.fill(theme.DEEP_SEA)
        cam = self.camera
        screen.blit(self.board(view), (round(-cam.x * cam.zoom), round(-cam.y * cam.zoom)))
        marks = [(h, theme.HIGHLIGHT, 4) for h in self.action_hexes()]
        for h, colour, width in [*marks, (self.hover, theme.WHITE, 2), (self.cursor, theme.HIGHLIGHT, 4)]:
            if h >= 0:
                points = [cam.to_screen(x, y) for x, y in self.layout.corners(h)]
                pygame.draw.polygon(screen, colour, points, width)
        scale = self.app.scale
        panels = self.panels()
        version = (self.match.version, self.shown_viewer, scale.unit)
        for name, key, paint in (
                ("top", version, lambda s, r: hud.top_bar(s, r, view, words.decision_text(view, self.app.rules,
                                                                                         self.recent), scale)),
                ("left", version, lambda s, r: hud.players_panel(s, r, view, self.app.rules, scale)),
                ("log", (len(self.log), self.log_scroll, scale.unit),
                 lambda s, r: hud.log_panel(s, r, self.log, self.log_scroll, scale))):
            if name in panels:
                rect = panels[name]
                screen.blit(self.layer(name, key, rect.size, paint), rect.move(-4, -4))
        if self.legal:
            rect = panels["actions"]
            theme.panel(screen, rect, alpha=252)
            head = theme.text(f"Your decision, {view['you'] or ''}".rstrip(", "), scale.small, theme.MUTED, "semibold")
            screen.blit(head, (rect.x + scale.unit * 0.6, rect.y + scale.unit * 0.3))
            self.actions.rect = pygame.Rect(rect.x + scale.unit * 0.4, rect.y + scale.unit * 0.4 + head.get_height(),
                                            rect.w - scale.unit * 0.8, rect.h - scale.unit * 0.8 - head.get_height())
            self.actions.draw(screen, not self.map_focus, scale.small)
        if self.app.top is self:                  # a dialog over the table hides the tooltip
            self.draw_tooltip(screen, view)

    def action_hexes(self) -> list[int]:
        """The hexes the action chosen in the list names: they light up on the map."""
        if not self.legal or not 0 <= self.actions.index < len(self.legal):
            return []
        m = self.app.rules.map
        return [m.hex_of(arg) for arg in self.legal[self.actions.index].args
                if isinstance(arg, str) and len(arg) == 4 and arg.isdigit() and m.has_name(arg)]

    def layer(self, name: str, key: tuple, size: tuple[int, int], paint) -> pygame.Surface:
        """A HUD part drawn once and kept until what it shows changes (its key), with a margin for shadows."""
        cached = self._layers.get(name)
        if cached is None or cached[0] != (key, size):
            surface = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
            paint(surface, pygame.Rect((4, 4), size))
            self._layers[name] = cached = ((key, size), surface)
        return cached[1]

    def draw_tooltip(self, screen: pygame.Surface, view: dict) -> None:
        h = self.hover if self.hover >= 0 else self.cursor
        if h < 0:
            return
        rules = self.app.rules
        label = rules.map.labels[h]
        record = next((r for r in view["hexes"] if r["hex"] == label), None)
        lines = hud.hex_lines(record, label, words.place(label, rules).split(" (")[0], rules.map.kinds[h])
        if self.hover >= 0:
            at = self.pointer
        else:
            at = self.camera.to_screen(*self.layout.centres[h])
        hud.tooltip(screen, at, lines, self.app.scale)

    @property
    def settled(self) -> bool:
        return self.match.stopped or self.match.to_act not in (None, "chance") and self.match.human_to_act() is not None


def home_zoom(height: int) -> float:
    """The zoom a table opens at: the map as large on any screen, island names readable (1.22 at 720 lines)."""
    wanted = 1.22 * height / 720
    return min(ZOOMS, key=lambda z: abs(z - wanted))
