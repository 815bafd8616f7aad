"""The loop: clock, event pump, the scene stack and frame timing.

Scenes are pushed, popped and replaced; the top scene gets every intent; drawing starts at the topmost opaque
scene and goes up, so a dialog draws over the scene below it. An overlay that is see-through (the battle over
the table) lets the intents it does not use, and time, through to the scene below it; a scene and the
see-through overlays over it then get a second pass (`draw_over`) for what must lie over those overlays (menus,
toasts, tooltips), under any dialog above them. Tests and
screenshots run the same loop with a fixed clock (`fixed_dt`): the same inputs give the same frames.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

import pygame

import engine

from . import sound, words
from .input import Input, Intent
from .render.tween import Tweens
from .theme import Scale
from .ui import widgets

if TYPE_CHECKING:                  # the scenes' types, for App.make's signatures alone: scenes import this module
    from . import tutorial
    from .battle import BattleModel
    from .host import Host
    from .match import Match
    from .online import lobby
    from .replay import Recording, ReplayMatch
    from .scenes.battle import BattleScene
    from .scenes.end import EndScene
    from .scenes.handoff import HandoffScene, PinScene
    from .scenes.help import HelpScene
    from .scenes.lessons import LessonsScene
    from .scenes.message import ConfirmScene, MessageScene, PadLostScene
    from .scenes.online import OnlineScene
    from .scenes.online_host import HostScene
    from .scenes.orders import OrdersScene
    from .scenes.pause import PauseScene
    from .scenes.recap import RecapScene
    from .scenes.replay import ReplayChoiceScene, ReplayControls
    from .scenes.saves import SavesScene
    from .scenes.settings import AsksScene, SettingsScene
    from .scenes.setup import SeatsScene, SetupScene
    from .scenes.table import TableScene
    from .scenes.title import TitleScene
    from .seats import SeatSettings
    from .ui.widgets import Button


@dataclass
class Settings:
    """What the command line and the player choose for this run."""
    data_dir: Path
    speed: str = "normal"
    ui_scale: float = 1.0
    exit_at_end: bool = False
    max_turns: int | None = None          # stop a game after this many turns (the headless meaning of --turns)
    results: list[str] = field(default_factory=list)   # result lines of the games that ended
    # The kinds of decision that cannot be undone (X42) asked about before they are made (game/settings.py ASKS:
    # turning a tile face up, showing a card, anything else that shows the others something, ending the player's
    # part of a step); kept in the settings file.
    ask_before: set[str] = field(default_factory=lambda: {"tile", "card", "reveal", "end"})
    # The player's preferences (kept between runs in the data folder's settings file, game/settings.py).
    fullscreen: bool = False
    rumble: bool = True                   # a pad shakes when a die lands and when a battle ends
    pad_per_seat: bool = False            # pass and play: each human seat acts with its own pad only
    effects_volume: float = 0.8           # sound effects, 0 (off) to 1
    music_volume: float = 0.0             # music, 0 (off: the default) to 1
    language: str = "en"                  # the words' language (game/words/'s catalogs)
    colour_aid: bool = False              # the tribes in colours that colour-blind eyes tell apart (theme.py)
    reduce_motion: bool = False           # no shake, no particles, fades for the camera's glides (docs/ART.md)
    new_game: dict[str, Any] = field(default_factory=dict)   # the new-game page's last choices (scenes/setup.py)


class Scene:
    """One screen of the client. Scenes see intents, views and events only, never a GameState."""

    opaque = True
    see_through = False           # an overlay: the scene below still gets time and the intents it leaves
    in_game = False               # a game is played here: losing the deciding player's pad pauses it

    def __init__(self, app: App):
        self.app = app
        self.tweens = Tweens()        # this scene's tweens: moved on with its time, cancelled when it leaves

    def enter(self) -> None:
        """The scene is on top again (pushed, or the one above it popped)."""

    def leave(self) -> None:
        """The scene is about to be covered or removed."""

    def removed(self) -> None:
        """The scene left the stack for good (popped, replaced, or the stack emptied): what it holds open closes
        (a table's game is saved whole and let go)."""

    def respoken(self) -> None:
        """The language changed (App.set_language): words the scene made once are made again. Most scenes say
        everything as they draw, or make their words when they are entered."""

    def handle(self, intent: Intent) -> bool | None:
        """React to one intent; a see-through scene returns False to pass it to the scene below."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def draw(self, screen: pygame.Surface) -> None:
        """Draw the scene."""

    def draw_over(self, screen: pygame.Surface) -> None:
        """Draw what lies over every scene drawn this frame (after they have all drawn)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def parts(self, screen: pygame.Surface, whole: bool) -> list[pygame.Rect] | None:
        """When the scene is drawn alone: the areas of the screen this frame changes, if only they need drawing
        (game/render/redraw.py); None draws it whole (the default, and always when `whole`: the screen holds
        something else)."""
        return None

    @property
    def settled(self) -> bool:
        """Nothing moves: a screenshot may be taken."""
        return True


S = TypeVar("S", bound=type[Scene])
# The frame rate the loop holds at most: CLIENT.md's target (a frame in 8.3 ms). A faster loop shows nothing more on
# a board game's table and takes a core's time from the bots' worker and from the rest of the machine.
FPS = 120
# Every scene class by its name: scenes ask the app for another scene by name (`App.make`), so that no scene module
# imports another. Each scene module registers its classes with `@scene(name)`; importing `game.scenes` registers
# them all.
SCENES: dict[str, Callable[..., Scene]] = {}


def scene(name: str) -> Callable[[S], S]:
    """Register a scene class under a name."""
    def register(cls: S) -> S:
        assert name not in SCENES, f"two scenes are called {name}"
        SCENES[name] = cls
        return cls
    return register


class App:
    """The window's loop and its scene stack."""

    def __init__(self, screen: pygame.Surface, settings: Settings, rules: engine.Ruleset,
                 fixed_dt: float | None = None):
        self.screen = screen
        self.settings = settings
        self.rules = rules                      # the engine's Ruleset, loaded once
        self.input = Input()
        self.stack: list[Scene] = []
        self.running = True
        self.fixed_dt = fixed_dt
        self.clock = pygame.time.Clock()
        self.scale = Scale(screen.get_height(), settings.ui_scale)
        self.frame_times: list[float] = []      # seconds each frame took to update and draw (bench/client.py)
        self.frames = 0
        # The client's clock, in seconds: what idle motion (the sea, bobbing canoes, smoke) is drawn at. It moves
        # by each frame's dt, so a fixed clock draws the same frames; it never reads the game (docs/ART.md).
        self.time = 0.0
        # Switches between a window and the full screen (F11, the settings); set by whoever opened the display
        # (game/client.py). It returns the new screen surface.
        self.toggle_display: Callable[[], pygame.Surface] | None = None
        self.each_frame: list[Callable[[], None]] = []     # called before each frame's events (a scripted pad)
        self.drawn: tuple[Scene, ...] = ()      # the scenes the screen shows (none: it must be drawn whole)
        self.redrawn: list[pygame.Rect] | None = None   # the areas the last frame drew (None: the whole screen)

    def rumble(self, low: float, high: float, ms: int) -> None:
        """Shake the pad in use (a die lands, a battle ends), unless the settings turned rumble off."""
        if self.settings.rumble:
            self.input.rumble(low, high, ms)

    def toggle_fullscreen(self) -> None:
        """F11 or the settings: the full screen at the desktop's resolution, or back to the window."""
        if self.toggle_display is None:
            return
        self.toggle_display()
        self.resized()

    # Each registered scene's arguments, so that a call naming a scene with the wrong ones is a type error (the
    # registry itself is a dict by name: without these, every `make` would take anything). One overload per
    # `@scene(name)`, its parameters those of the class's __init__ after the app; tests/game/test_house_types.py
    # checks that they stay the same.
    @overload
    def make(self, name: Literal["title"]) -> TitleScene: ...
    @overload
    def make(self, name: Literal["setup"], players: int = 4) -> SetupScene: ...
    @overload
    def make(self, name: Literal["seats"], setup: SetupScene) -> SeatsScene: ...
    @overload
    def make(self, name: Literal["lessons"]) -> LessonsScene: ...
    @overload
    def make(self, name: Literal["settings"]) -> SettingsScene: ...
    @overload
    def make(self, name: Literal["asks"]) -> AsksScene: ...
    @overload
    def make(self, name: Literal["help"], code: str | None = None) -> HelpScene: ...
    @overload
    def make(self, name: Literal["online"]) -> OnlineScene: ...
    @overload
    def make(self, name: Literal["online_host"], url: str, store: lobby.Store,
             hosted: lobby.OnlineGame | None = None) -> HostScene: ...
    @overload
    def make(self, name: Literal["message"], title: str, message: str,
             buttons: list[Button] | None = None) -> MessageScene: ...
    @overload
    def make(self, name: Literal["confirm"], title: str, kind: str, go: Callable[[], None]) -> ConfirmScene: ...
    @overload
    def make(self, name: Literal["padlost"], player: str, name_: str) -> PadLostScene: ...
    @overload
    def make(self, name: Literal["table"], match: Host, coach: tutorial.Coach | None = None) -> TableScene: ...
    @overload
    def make(self, name: Literal["battle"], table: Any, model: BattleModel) -> BattleScene: ...
    @overload
    def make(self, name: Literal["recap"], table: Any, lines: list[tuple[str, str]]) -> RecapScene: ...
    @overload
    def make(self, name: Literal["pause"], match: Host, orders: Callable[[], None] | None = None,
             chapter: str | None = None) -> PauseScene: ...
    @overload
    def make(self, name: Literal["orders"], match: Host, player: str, view: engine.View) -> OrdersScene: ...
    @overload
    def make(self, name: Literal["end"], match: Host) -> EndScene: ...
    @overload
    def make(self, name: Literal["replay"], recording: Recording) -> ReplayChoiceScene: ...
    @overload
    def make(self, name: Literal["replaying"], table: Any, match: ReplayMatch) -> ReplayControls: ...
    @overload
    def make(self, name: Literal["handoff"], player: str, ready: Callable[[str], None],
             settings: SeatSettings | None = None, at_table: bool = True) -> HandoffScene: ...
    @overload
    def make(self, name: Literal["pin"], player: str, chosen: Callable[[str], None]) -> PinScene: ...
    @overload
    def make(self, name: Literal["saves"], match: Match | None = None) -> SavesScene: ...

    def make(self, name: str, *args: Any, **kw: Any) -> Scene:
        """A new scene of the registered name (SCENES), built for this app."""
        try:
            maker = SCENES[name]
        except KeyError:
            raise KeyError(f"no scene is registered as {name!r} (import game.scenes first)") from None
        return maker(self, *args, **kw)

    # --- the stack --------------------------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].leave()
        self.enter(scene)

    def enter(self, scene: Scene) -> None:
        """Put a scene on top and start it with no held input (a held key must not leak into it)."""
        self.input.release()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.leave()
        self.gone(scene)
        self.input.release()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.running = False
        return scene

    def insert_above(self, base: Scene, scene: Scene) -> None:
        """Put an overlay right above `base`, under any scene already over it (a dialog stays on top)."""
        at = self.stack.index(base) + 1
        if at == len(self.stack):
            self.push(scene)
            return
        self.stack.insert(at, scene)

    def remove(self, scene: Scene) -> None:
        """Take a scene out of the stack wherever it is."""
        if scene is self.top:
            self.pop()
        elif scene in self.stack:
            self.stack.remove(scene)
            self.gone(scene)

    def live(self) -> list[Scene]:
        """The scenes that get time and intents: the top one and those under see-through overlays, top first."""
        out: list[Scene] = []
        for scene in reversed(self.stack):
            out.append(scene)
            if not scene.see_through:
                break
        return out

    def takes_input(self, scene: Scene) -> bool:
        return scene in self.live()

    def replace(self, scene: Scene) -> None:
        """Put `scene` in place of the top one."""
        if self.stack:
            gone = self.stack.pop()
            gone.leave()
            self.gone(gone)
        self.enter(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from `scene` (e.g. back to the title); no seat keeps a pad."""
        self.close()
        self.input.free_pads()
        self.enter(scene)

    def close(self) -> None:
        """Empty the stack, each scene ended: every way out of a game (a new one, the title, a replay, the window
        closing) closes it first."""
        while self.stack:
            gone = self.stack.pop()
            gone.leave()
            self.gone(gone)

    @staticmethod
    def gone(scene: Scene) -> None:
        """A scene left the stack for good: its tweens end where they are, and it closes what it holds."""
        scene.tweens.cancel()
        scene.removed()

    def quit(self) -> None:
        self.running = False

    # --- one frame --------------------------------------------------------------------------------------------

    def frame(self) -> None:
        """Pump events, pass intents to the top scene, update, draw and show one frame."""
        dt = self.fixed_dt if self.fixed_dt is not None else min(self.clock.tick(FPS) / 1000, 0.1)
        start = time.perf_counter()
        for call in self.each_frame:
            call()
        events = pygame.event.get()
        intents: list[Intent] = []
        for e in events:
            if e.type == pygame.QUIT:
                self.running = False
            elif e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.resized()
            elif e.type == pygame.WINDOWEXPOSED:
                self.drawn = ()                # the window asks for its whole picture again
            else:
                intents += self.input.event(e)
        intents += self.input.poll(dt)
        for intent in intents:
            if intent.kind == "fullscreen":
                self.toggle_fullscreen()
            elif intent.kind == "unplugged":
                self.pad_lost(intent)
            else:
                self.dispatch(intent)
        self.time += dt
        sound.tick(dt)
        widgets.tick(self.time)
        for scene in reversed(self.live()):
            if scene in self.stack:            # an update may take an overlay away
                scene.tweens.update(dt)
                scene.update(dt)
        self.redrawn = self.draw()
        if self.redrawn is None:
            pygame.display.flip()
        else:
            pygame.display.update(self.redrawn)
        self.frame_times.append(time.perf_counter() - start)
        self.frames += 1

    def dispatch(self, intent: Intent) -> None:
        """The top scene gets the intent; a see-through one passes on what it does not use."""
        for scene in self.live():
            if scene.handle(intent) or not scene.see_through:
                return

    def pad_lost(self, intent: Intent) -> None:
        """The pad in use went away: the game being played, wherever it lies under menus and dialogs, is told
        (it pauses if the pad was the deciding player's)."""
        game = next((scene for scene in reversed(self.stack) if scene.in_game), None)
        if game is not None:
            game.handle(intent)

    def draw(self) -> list[pygame.Rect] | None:
        """Draw the frame: the areas it changed, when a scene drawn alone drew only them; None, the whole."""
        if not self.stack:
            return None
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        drawn, self.drawn = self.drawn, tuple(self.stack[first:])
        if len(self.drawn) == 1:
            alone = self.drawn[0]
            parts = alone.parts(self.screen, drawn != self.drawn)
            if parts is not None:
                for part in parts:
                    self.screen.set_clip(part)
                    alone.draw(self.screen)
                    alone.draw_over(self.screen)
                self.screen.set_clip(None)
                return parts
        below: list[Scene] = []                  # drawn, their draw_over not yet
        for scene in self.stack[first:]:
            if not scene.see_through:            # a dialog covers even what lies over the scenes below it
                for done in below:
                    done.draw_over(self.screen)
                below = []
            scene.draw(self.screen)
            below.append(scene)
        for scene in below:
            scene.draw_over(self.screen)
        return None

    def set_language(self, code: str) -> None:
        """Speak `code` from now on, in every scene of the stack, drawn again whole (the settings, --lang)."""
        words.set_language(code)
        self.settings.language = code
        for scene in self.stack:
            scene.respoken()
        self.resized()

    def resized(self) -> None:
        screen = pygame.display.get_surface()
        assert screen is not None, "resized without a window"
        self.screen = screen
        self.drawn = ()
        self.scale = Scale(self.screen.get_height(), self.settings.ui_scale)
        for scene in self.stack:
            scene.resize(self.screen.get_size())

    def run(self) -> None:
        while self.running:
            self.frame()

    def settle(self, max_frames: int = 600) -> None:
        """Run frames until the top scene is settled (for screenshots and tests)."""
        for _ in range(max_frames):
            self.frame()
            if all(scene.settled for scene in self.live()):
                return
