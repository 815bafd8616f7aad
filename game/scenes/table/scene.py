"""The table: the map of the Pacific, the players, the decision bar, the log and the menus, for the human at the
screen (or the public view while bots and chance play between several humans).

The table is a few sections (game/scenes/table/*.py) that each handle their own intents and draw themselves;
this scene follows the match, routes input by region and focus (an open menu takes everything first), and puts
the battle and "since your last turn" over the map as scenes of their own. Each action's events play as
animations over the view from before it; the new view is installed when they end, and any key or click skips
them (Esc or Start skips them and opens the pause menu, in one press).

The camera (game/render/camera.py) glides: to each clip's hex as it begins while others play (when it is out of
sight), and back to the human's own decision when it comes; it cuts only where the player asks (a seat's view
restored after a hand-off) and at speed instant. Under reduce motion each move is made at once and the old
picture fades into the new (FADE), and nothing shakes.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

import engine

from ... import anim, flow, gestures, help, theme, tutorial, words
from ... import settings as preferences
from ...app import App, Scene, scene
from ...battle import OUTCOMES, BattleModel
from ...host import Host, HostUnavailable
from ...input import LEAVING, Intent
from ...render import mapart
from ...render.redraw import Redraw
from . import regions
from .bar import DecisionBar
from .coach import CoachPanel
from .focus import Focus
from .log import Log
from .map import MapSection
from .menus import Menus
from .overlays import Overlays
from .players import Players
from .section import Section
from .turn import TurnBanner
from .viewer import Viewer

PASSIVE = ("point", "pan", "zoom")          # intents that do not skip the animations
SPATIAL = ("point", "select", "zoom")       # pointer intents that go to the region under the pointer


RUMBLE_LANDED = (0.35, 0.7, 120)          # a pad's low and high motors and how long (ms): the die lands
RUMBLE_OUTCOME = (0.7, 1.0, 400)          # ... a battle's result is known
FADE = 0.3                                # seconds the old picture takes to fade into the new (reduce motion)
REACH = 1.5                               # how far a clip draws from its hex's centre, in hex sizes


@scene("table")
class TableScene(Scene):
    in_game = True

    def __init__(self, app: App, match: Host, coach: tutorial.Coach | None = None):
        super().__init__(app)
        self.match = match
        self.viewer = Viewer(match.viewer() if len(match.humans) <= 1 else None)
        self.shown = match.view(self.viewer.shown)  # the view the board shows (installed after animations)
        self.shown_version = 0
        self.pending = False                       # a newer view waits for the animations to end
        self.landed: anim.DieThrow | None = None   # the last throw whose landing the pad felt
        self.felt: BattleModel | None = None       # the battle whose outcome shook the pad
        self.anim = anim.Queue(self.played, self.follow)
        self.legal: list[engine.Action] = []
        self.plan = gestures.Plan()
        self.first: str | None = None              # the turn order's first player, picked before the direction
        self._final: tuple[int, dict[engine.Action, str | None]] = (-1, {})    # final(), per position
        self._greeted = -1                         # the position where "your turn" was last shown
        self.focus = Focus(self)
        self.ended = False
        self.explorers = {p["name"]: p["explorer"] for p in self.shown["players"]}
        self.redraw = Redraw()                     # what changed since the last frame, drawn alone
        self.map = MapSection(self)
        self.players = Players(self)
        self.bar = DecisionBar(self)
        self.log = Log(self)
        self.menus = Menus(self)
        self.overlays = Overlays(self)
        self.coach = CoachPanel(self, coach) if coach is not None else None    # the guided first game's
        self.foot: pygame.Rect | None = None       # what a scene over the map keeps at its foot (a replay's controls)
        self.fade: tuple[pygame.Surface, float] | None = None    # the old picture fading out, and since when
        self.faded = 0                             # the camera's moves made at once that have been cross-faded
        self.map.camera.motion = self.motion()
        self.map.art.min_text = mapart.least_text(app.screen.get_height())
        self.map.go_home()                         # at the zoom where that minimum shows names and stack heights
        match.picture = self.map.save_picture
        self._autosave_error: str | None = None    # the autosave failure last shown
        self._rewinds = match.rewinds              # the log taken back (undos) as far as the table has read
        self._status = match.status                # the connection's state last shown (online)
        self._status_drawn: tuple[str, pygame.Rect] | None = None     # ... and where the table drew it last
        events = self.log.read()
        self.apply_events(events)
        self.install()
        start = match.recap_from()                 # online: what the others did while the table was closed
        if start is not None and events[start:]:
            self.overlays.put("recap", [event["_line"] for event in events[start:]])

    @property
    def battle(self) -> BattleModel | None:
        """The battle the overlay shows (M8), moved on by the events as their animations end."""
        overlay = self.overlays.get("battle")
        return overlay.model if overlay is not None else None

    # --- the game moving on ----------------------------------------------------------------------------------

    def motion(self) -> str:
        """How the camera shows its moves: at once at speed instant, cross-faded under reduce motion, else
        gliding."""
        if self.match.speed == "instant":
            return "cut"
        return "fade" if self.app.settings.reduce_motion else "glide"

    def update(self, dt: float) -> None:
        camera = self.map.camera
        camera.motion = self.motion()
        camera.update(dt)
        if camera.moving:
            self.menus.place_menu()               # a hex's menu stays beside its hex
        self.anim.update(dt)
        throw = self.anim.throw
        if throw is not None and throw is not self.landed and (throw.hurried or throw.elapsed >= throw.throw.duration):
            self.landed = throw                   # the die comes to rest: the pad in the player's hands knocks
            self.app.rumble(*RUMBLE_LANDED)
        self.menus.tick(dt)
        self.players.tick(dt)
        if self.match.autosave_error != self._autosave_error:      # said at once; the game goes on
            self._autosave_error = self.match.autosave_error
            if self._autosave_error is not None:
                self.menus.toast(words.text("autosave.failed", why=self._autosave_error))
        if self.coach is not None:
            self.coach.tick(dt)
        self.follow_connection()
        if self.anim.busy:
            return
        if self.pending:
            self.install()
        if not self.legal or self.match.status is not None:    # online, the game may move during a decision
            self.match.tick(dt, chance_only=self.coach is not None and self.coach.model.holds)
        self.refresh()

    def follow_connection(self) -> None:
        """Online: a connection lost for good is said once (the table stays, showing the game as it was)."""
        status = self.match.status
        if status != self._status:
            self._status = status
            failure = getattr(self.match, "failure", None)
            if status == "lost" and failure:
                self.menus.toast(failure)

    def refresh(self) -> None:
        """Follow the match: a new viewer (after a hand-off), new events (animated, then the new view), the legal
        actions of the human at the screen, the end of the game."""
        match = self.match
        viewer = match.viewer()
        if viewer != self.viewer.decides:
            self.viewer.decides = viewer
            if viewer is not None and len(match.humans) > 1 and viewer != self.viewer.holder:
                match.autosave_now()                # before the screen changes hands
                self.app.push(self.app.make("handoff", viewer, self.take_over, match.settings.get(viewer)))
                return
            self.take_over(viewer)
        elif match.rewinds != self._rewinds:       # an undo took the log back (online: another seat's too)
            self.anim.skip()
            self.rewound()
        elif match.actions != self.log.actions:
            self.play(self.log.read(), match.speed)
        if not self.pending and not self.anim.busy and match.stopped and not self.ended:
            self.ended = True
            flow.game_ended(self.app, match)

    def play(self, events: list[dict[str, Any]], speed: str) -> None:
        """Events as animations over the view on the board; the newest view once they have played."""
        clips, leading = anim.from_events(events, self.explorers, speed, still=self.app.settings.reduce_motion)
        self.played(leading)
        for clip in clips:
            self.anim.add(clip)
        if self.anim.busy:
            self.pending = True
        else:
            self.install()

    def follow(self, clip: anim.Anim) -> None:
        """While others play, the map glides to each action as its clip begins, when it would play out of sight
        (an explorer's voyage at the map's edge once played out under the log panel); an impact shakes it (none
        under reduce motion: the camera's `motion`)."""
        hexmap = self.app.rules.map
        if clip.focus is not None and hexmap.has_name(clip.focus) and not self.legal:
            self.watch(hexmap.hex_of(clip.focus))
        self.map.camera.shake(clip.shake)

    def watch(self, h: int) -> None:
        """The map glides to put a clip's hex in the middle of the open map unless, once the camera rests, the
        hex shows and all the clip draws there (REACH round it: a marker out of the cup rises above the hex) is
        clear of what lies over the map: the bar, the overlays and, in Learn to play, the coach's panel, whose
        words say to watch."""
        centre = self.map.layout.centres[h]
        rest = self.map.camera.target
        x, y, zoom = rest
        reach = round(self.map.layout.size * zoom * REACH * 2)
        drawn = pygame.Rect(0, 0, reach, reach)
        drawn.center = (round((centre[0] - x) * zoom), round((centre[1] - y) * zoom))
        if not self.map.visible(*centre, rest) or drawn.collidelist(self.covers()) >= 0:
            self.map.camera.put(*centre, *self.map.sight().center)

    def install(self) -> None:
        """The newest view goes on the board; the battle overlay takes the view's battle as the truth; the
        decision is rebuilt from the legal actions."""
        self.put_view(self.match.view(self.viewer.shown))
        self.pending = False
        movement = self.shown["movement"]
        fought = movement.get("battle") if movement else None
        if not fought:
            self.overlays.put("battle", None)
        elif self.battle is None or self.battle.hex != fought["hex"]:
            self.overlays.put("battle", BattleModel.from_view(fought))
        else:
            self.battle.sync(fought)
        if self.coach is not None:
            self.coach.follow()
        self.build_decision()

    def put_view(self, view: engine.View) -> None:
        self.shown = view
        self.shown_version += 1
        self.explorers = {p["name"]: p["explorer"] for p in view["players"]}

    def played(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Events played (their animation has ended, or they have none): as `apply_events`, and the HUD says
        what they tell as they join the log (a VP the log gives ticks on the panel now, not when the rest of
        the chain has played)."""
        self.apply_events(events)
        self.players.hear(events)

    def apply_events(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Events whose animation has ended (or that have none): their lines join the log, the HUD learns what
        a step waits for, the battle overlay moves on."""
        self.log.add(events)
        for event in events:
            if event.get("kind") == "battle_started":
                self.overlays.put("battle", BattleModel.from_event(event))
            elif self.battle is not None and event.get("hex") == self.battle.hex:
                self.battle.apply(event)
                if event.get("kind") in OUTCOMES and self.felt is not self.battle:
                    self.felt = self.battle           # one long shake a battle, however many outcomes it has
                    self.app.rumble(*RUMBLE_OUTCOME)

    def enter(self) -> None:
        self.overlays.attach()

    def removed(self) -> None:
        """The table left the window (a new game, the title, a replay, the window closing): its game is saved
        whole and let go, whichever way led out."""
        self.match.close()

    @property
    def recap(self) -> list[tuple[str, str]] | None:
        """The lines of "since your last turn", while its box is up."""
        overlay = self.overlays.get("recap")
        return overlay.lines if overlay is not None else None

    def take_over(self, viewer: str | None) -> None:
        """A new viewer sits at the screen: the log is theirs from the start of the game. With several humans,
        what happened since the incoming human last saw the table is replayed through their own eyes, from
        the view they last saw, with its lines listed ("since your last turn")."""
        self.anim.skip()
        self._greeted = self.match.actions          # the hand-off was the moment: no "your turn" after it
        several = len(self.match.humans) > 1
        self.viewer.leave(self.shown, self.log.next, self.map.camera.target,     # where it rests, not mid-glide
                          several and viewer != self.viewer.shown)
        returning = self.viewer.arrive(viewer)
        # Nothing of the last viewer's gestures stays: where they looked, pointed or were refused (CLIENT.md).
        self.menus.toasts, self.map.cursor, self.map.hover = [], -1, -1
        self.focus.clear()
        self.log.reset()
        self.overlays.put("battle", None)
        self.overlays.put("recap", None)
        events = self.log.read()
        since = self.viewer.last_seen(viewer)
        later = len(self.match.events(viewer, since[1])[0]) if since is not None else 0
        missed = events[len(events) - later:] if later else []
        own = next((i for i, e in enumerate(missed) if e.get("player") != viewer), len(missed))
        recap = missed[own:]                        # not the player's own last decision again
        if since is None or not later or returning:
            # The holder watched the public view in between: no replay, the lines of what they missed suffice.
            self.apply_events(events)
            self.install()
        else:
            self.apply_events(events[:len(events) - later])
            self.put_view(since[0])
            self.pending = True
            self.legal, self.plan = [], gestures.Plan()
            self.menus.close()
            self.bar.rebuild()
            self.play(missed, "instant" if self.match.speed == "instant" else "fast")
        if recap:
            self.overlays.put("recap", [event["_line"] for event in recap])
        self.restore_camera(viewer)

    def restore_camera(self, viewer: str | None) -> None:
        """Each viewer finds the map where they left it, or at home the first time (then, as always, turned
        to the lit hexes if none is in sight); the public view keeps the map where the holder left it."""
        where = self.viewer.camera_for(viewer)
        if viewer is None and self.viewer.holder is not None:
            pass                                   # the holder watches on: the map stays where they look
        elif where is not None:
            self.map.camera.zoom_to(*where)
        else:
            self.map.go_home()
        self.map.show_lit_hexes()
        self.map.camera.finish()                   # a cut: the picture is new to the one who sits down
        self.faded = self.map.camera.faded

    def show(self, viewer: str | None) -> None:
        """Show this viewer's table at once, without a hand-off (screenshots, tests)."""
        self.viewer.decides = viewer
        self.ended = True
        self.take_over(viewer)

    # --- the decision ------------------------------------------------------------------------------------------

    def build_decision(self) -> None:
        """The human's legal actions as gestures: lit hexes, bar buttons, player rows."""
        match = self.match
        human = self.viewer.decides is not None and match.human_to_act() == self.viewer.decides == self.viewer.shown
        self.legal = match.legal() if human else []
        if self.coach is not None:                  # the lesson's actions only (game/tutorial.py)
            self.legal = self.coach.model.offered(self.legal)
        back = bool(self.legal) and match.last_player not in (None, self.viewer.decides) \
            and self._greeted != match.actions
        if back:
            self._greeted = match.actions
            self.your_turn()
        self.plan = gestures.plan(self.legal, self.app.rules)
        self.menus.close()
        self.first = None
        self.focus.clear()
        self.bar.rebuild()
        self.map.show_lit_hexes()
        if back and not self.plan.by_hex:
            self.look_at_own()

    def look_at_own(self) -> None:
        """The decision came back with no hex lit: the map glides back to the player's own pieces (their home
        first) unless one is in sight; the player never drags it home after the others played far away."""
        own = self.own_hexes()
        centres = self.map.layout.centres
        if own and not any(self.map.visible(*centres[h]) for h in own):
            self.map.bring_into_sight(own[0])

    def own_hexes(self) -> list[int]:
        """Where the deciding player's pieces are in the shown view: their home, their stacks, their explorer."""
        me, hexmap = self.viewer.decides, self.app.rules.map
        player = next((p for p in self.shown["players"] if p["name"] == me), None)
        if player is None:
            return []
        labels = [player["home"]] if player["home"] else []
        labels += [rec["hex"] for rec in self.shown["hexes"] if me in (rec.get("stacks") or {})]
        labels.append(player["explorer"])
        return [hexmap.hex_of(label) for label in labels if hexmap.has_name(label)]

    def final(self, action: engine.Action) -> str | None:
        """What makes a legal action final (X42): it shows the others something ("reveal"), ends the player's
        part of the step ("end"), or lets chance decide ("chance"); None when it can be undone."""
        if self._final[0] != self.match.version:
            self._final = (self.match.version, {})
        known = self._final[1]
        if action not in known:
            barrier = self.match.barrier(action)
            known[action] = "end" if barrier in ("step", "hand_off") and action.verb in gestures.ENDING else (
                barrier if barrier in ("reveal", "chance") else None)
        return known[action]

    def choose(self, action: engine.Action) -> None:
        """A decision chosen by a gesture (a button, a hex, a menu's line, a player's row): made at once, or
        after a confirmation where it cannot be undone and the player wants to be asked (X42)."""
        kind = preferences.asked_as(action, self.final(action)) if action in self.legal else None
        if kind is not None and kind in self.app.settings.ask_before:
            title = words.action_text(action, self.app.rules, self.shown)
            self.app.push(self.app.make("confirm", title, kind, lambda: self.act(action)))
            return
        self.act(action)

    def your_turn(self) -> None:
        """The decision comes back to the human after others played: a clear moment, its banner over a sweep in
        the player's colours and the conch's call (skipped by any key or click, none at speed instant)."""
        player = self.viewer.decides or ""
        self.anim.add(TurnBanner(player, words.text("banner.your_turn", player=player),
                                 words.decision_text(self.shown, self.app.rules), anim.SPEED_FACTOR[self.match.speed],
                                 self.app.settings.reduce_motion))

    def act(self, action: engine.Action) -> None:
        """Make a decision; a refusal is shown, with its reason (it never happens through the gestures, whose
        actions are legal, but a stale click could)."""
        try:
            self.match.act(action)
        except engine.IllegalAction:
            try:
                reason = self.match.why(action)
            except HostUnavailable:
                reason = None
            self.menus.toast(words.reason_text(reason, self.app.rules) if reason else words.text("why.not_now"))
            return
        except HostUnavailable as exc:              # online: no answer came; the game is as it was
            self.menus.toast(str(exc))
            return
        self.legal = []
        self.menus.close()
        self.overlays.put("recap", None)
        self.refresh()

    def undo(self) -> None:
        """Take back the human's newest decision (X42): the board, the log and the decision as before it."""
        if not self.match.undoable():
            opened = not self.match.decisions               # nothing decided since the game was opened
            self.menus.toast(words.text("why.undo_opened" if opened else "why.undo_none"))
            return
        self.anim.skip()
        try:
            self.match.undo()
        except (HostUnavailable, ValueError) as exc:    # online: no answer came, or the server refused it
            self.menus.toast(str(exc) if isinstance(exc, HostUnavailable) else words.text("why.undo_none"))
            return
        self.rewound()

    def rewound(self) -> None:
        """The log was taken back (X42): the board, the log and the decision as before the decisions undone."""
        self._rewinds = self.match.rewinds
        self.log.reset()
        self.apply_events(self.log.read())
        self.install()

    def rule_here(self) -> str | None:
        """The rule behind what the player points at or focuses (a log line, a button, a lit hex), else behind
        a refusal just shown, else behind the decision now: what help (F1, H) opens."""
        card = self.players.rule_here() or self.log.rule_here()    # a card pointed at or focused: its entry
        if card is not None:
            return card
        pointer = self.map.pointer if self.map.pointing else None
        if pointer is not None and self.over_panel(*pointer) == "log":
            return self.log.rule_at(pointer[1], self.panels()["log"])
        action = self.bar.pointed()
        h = self.map.hover if self.map.hover >= 0 else (-1 if self.map.pointing else self.map.cursor)
        if action is None and h in self.plan.by_hex:
            action = self.plan.by_hex[h][0]
        if action is not None:
            return words.action_rule(action)
        refused = next((c for said, _ in self.menus.toasts for c in help.CODE.findall(said)), None)
        lesson = self.coach.model.lesson.rule if self.coach is not None and not self.coach.model.done else None
        return refused or lesson or self.shown["decision"].get("rule") or None

    # --- where things are --------------------------------------------------------------------------------------

    def panels(self) -> dict[str, pygame.Rect]:
        return regions.panels(self.app.screen.get_size(), self.app.scale.unit, self.log.show)

    def map_area(self) -> pygame.Rect:
        return regions.map_area(self.app.screen.get_size(), self.panels())

    def open_area(self) -> pygame.Rect:
        """The map's area that the battle panel may take and where hexes are brought to be seen: below the
        coach's panel in a chapter of Learn to play (its words stay readable through a battle), above a replay's
        controls."""
        area = self.map_area()
        if self.coach is not None and self.coach.rect.colliderect(area):
            top = self.coach.rect.bottom + self.app.scale.unit // 2
            area.h, area.top = max(0, area.bottom - top), top
        if self.foot is not None and self.foot.colliderect(area):
            area.h = max(0, self.foot.top - self.app.scale.unit // 2 - area.top)
        return area

    def covers(self) -> list[pygame.Rect]:
        """What lies over the map: the decision bar, the coach's panel and the overlays."""
        coach = [self.coach.rect] if self.coach is not None else []
        return [self.bar.rect, *coach, *self.overlays.rects().values()]

    def over_panel(self, x: float, y: float) -> str | None:
        """The region under the pointer: a menu, an overlay, the bar, a panel, or None for the map."""
        if self.menus.menu is not None and self.menus.menu.rect.collidepoint(x, y):
            return "menu"
        for name, rect in self.overlays.rects().items():
            if rect.collidepoint(x, y):
                return name
        if self.legal and self.bar.rect.collidepoint(x, y):
            return "bar"
        for name, rect in self.panels().items():
            drawn = self.log.panel(rect) if name == "log" else rect     # below the log's lines lies the map
            if drawn.h > 0 and drawn.collidepoint(x, y):
                return name
        return None

    def section(self, region: str | None) -> Section | None:
        return {"bar": self.bar, "left": self.players, "log": self.log, "top": self.players, None: self.map,
                }.get(region)

    # --- input -------------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        """Route an intent: skip the animations (and on to the pause menu for Esc or Start), else to an open
        menu, else to the region under the pointer, else to the focus and the table's commands."""
        kind = intent.kind
        if kind == "unplugged":
            self.pad_lost(intent)
            return
        if intent.pointer:
            self.map.pointer = (intent.x, intent.y)
        self.map.pointing = intent.pointer
        if self.anim.busy and kind not in PASSIVE:
            self.anim.skip()                      # any key or click skips the animations
            if kind not in LEAVING or intent.pointer:     # Esc or Start goes on to the pause menu, in one press
                return
        if self.menus.handle(intent):
            return
        if self.coach is not None and self.coach.handle(intent):
            return
        if kind == "point":
            self.map.hover, self.players.hover = -1, None
            self.bar.form.handle(intent)
        if intent.pointer and kind in SPATIAL:
            section = self.section(self.over_panel(intent.x, intent.y))
            if section is not None:
                section.handle(intent)
        elif not self.command(intent):
            self.map.handle(intent)

    def pad_lost(self, intent: Intent) -> None:
        """A pad went away (App.pad_lost): the game waits if it was the deciding player's."""
        if intent.who and intent.who != self.match.human_to_act():
            return                                  # another seat's pad: its next hand-off asks for one
        lost = self.app.input.lost
        self.app.push(self.app.make("padlost", intent.who, lost.name if lost else ""))

    def command(self, intent: Intent) -> bool:
        """The intents that name what to do rather than where: focus, palette, orders, log, pause."""
        kind = intent.kind
        if kind == "select":
            self.focus.activate()
        elif kind in ("next", "prev"):
            self.focus.step(1 if kind == "next" else -1)
        elif kind == "palette":
            self.menus.open_palette()
        elif kind == "orders":
            if self.players.orders_rect() is not None:
                self.players.open_orders()
        elif kind == "log":
            self.log.show = not self.log.show
            self.bar.layout()
        elif kind == "undo":
            self.undo()
        elif kind == "help":
            flow.open_help(self.app, self.rule_here())
        elif kind in ("back", "menu"):
            self.back()
        else:
            return False
        return True

    def back(self) -> None:
        """Back un-picks the turn order's first player, else opens the pause menu."""
        if self.first is not None:
            self.first = None
            self.bar.rebuild()
            return
        orders = self.players.open_orders if self.players.orders_rect() else None
        chapter = self.coach.chapter.id if self.coach is not None else None
        self.app.push(self.app.make("pause", self.match, orders, chapter))

    def resize(self, size: tuple[int, int]) -> None:
        self.map.camera.resize(size)
        self.map.art.min_text = mapart.least_text(size[1])
        self.bar.layout()

    # --- drawing -----------------------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        """The map, its marks and animations, the panels and the bar, the coach's rings and panel (nothing over
        its words), and the old picture fading out after a move of the camera under reduce motion; the overlays
        draw over this, and the menus, toasts and tooltip over them (draw_over)."""
        if self.map.camera.faded != self.faded:
            self.faded = self.map.camera.faded
            self.fade = (screen.copy(), self.app.time)     # the screen still shows the last frame
        self.map.draw(screen)
        self.place_banners()
        self.anim.draw(screen, self.map.where, self.app.scale.small)
        for rect in self.anim.drawn:                # each clip apart: clips far apart are not one large area
            self.redraw.moved(rect)
        panels = self.panels()
        self.players.draw(screen, panels)
        if "log" in panels:
            self.log.draw(screen, panels["log"])
        if self.legal:
            self.bar.draw(screen)
            self.redraw.moved(self.bar.rect)
        if self.coach is not None:
            self.coach.rings(screen)                # over the bar's buttons it rings
            self.coach.draw(screen)                 # over the animations and the rings: its words stay whole
        self.draw_status(screen)
        if self.fade is not None:
            self.cross_fade(screen, *self.fade)

    def place_banners(self) -> None:
        """A step's banner stands on the open map (open_area): between the side panels, which would cover its
        ends, and below the coach's panel, never over it; the lesson's words stay readable, and a lesson that
        speaks of the banner sees it whole."""
        room = self.open_area()
        for clip in self.anim.playing():
            if isinstance(clip, anim.Banner):
                clip.room = room

    def draw_status(self, screen: pygame.Surface) -> None:
        """Online, the connection's state, small, at the map's top right corner: connected, or reconnecting."""
        status = self.match.status
        if status is None:
            return
        small, unit = self.app.scale.small, self.app.scale.unit
        label = theme.text(words.text(f"online.status.{status}"), small,
                           theme.MUTED if status == "connected" else theme.INK)
        area = self.map_area()
        rect = label.get_rect(topright=(area.right - unit // 2, area.top + unit // 2)).inflate(unit // 2, unit // 4)
        theme.panel(screen, rect, alpha=200)
        screen.blit(label, label.get_rect(center=rect.center))
        drawn = (status, rect.inflate(unit, unit))           # with the panel's shadow
        if drawn != self._status_drawn:                      # drawn again only when it changes
            if self._status_drawn is not None:
                self.redraw.moved(self._status_drawn[1])
            self.redraw.moved(drawn[1])
            self._status_drawn = drawn

    def cross_fade(self, screen: pygame.Surface, old: pygame.Surface, since: float) -> None:
        """The picture from before the camera's move, fading out over FADE (reduce motion's glide)."""
        left = 1 - (self.app.time - since) / FADE
        if left <= 0:
            self.fade = None
            return
        old.set_alpha(round(255 * left))
        screen.blit(old, (0, 0))

    def draw_over(self, screen: pygame.Surface) -> None:
        self.menus.draw(screen)
        if self.app.takes_input(self) and not self.menus.open and not self.players.tooltip(screen) \
                and not self.log.tooltip(screen) and not self.bar.tooltip(screen):
            self.map.tooltip(screen)

    def parts(self, screen: pygame.Surface, whole: bool) -> list[pygame.Rect] | None:
        """Only what moved or changed, while nothing else is drawn (game/render/redraw.py): the whole frame for
        a new camera, board or panels, and always in Learn to play (its coach's panel and rings)."""
        if self.coach is not None:
            return None
        self.redraw.measure(screen, self.paint, self.app.frames)
        fading = self.app.frames if self.fade is not None or self.map.camera.faded != self.faded else None
        key = (screen.get_size(), self.map.still(), tuple((name, tuple(r)) for name, r in self.panels().items()),
               fading)
        return self.redraw.areas(key, screen.get_rect(), whole)

    def paint(self, screen: pygame.Surface) -> None:
        self.draw(screen)
        self.draw_over(screen)

    @property
    def settled(self) -> bool:
        if self.anim.busy or self.pending or self.map.camera.moving or self.fade is not None:
            return False
        return self.match.stopped or bool(self.legal)
