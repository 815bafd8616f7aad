"""Drivers shared by the client's tests: the command line in a process, tables built on positions
(tests/positions.py), a pad's buttons and focus, the hand-off's keypad, saved games to replay, and pictures
compared. One module of their own, so that no test module imports another (conftest.py holds the input helpers
every test uses; hard_bot.py what the worker's child processes import without pygame)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy
import pygame
import pytest

import engine
from game import dice, flow, monkey, theme, virtualpad
from game.app import App, Settings
from game.match import Match
from game.scenes.handoff import KEYS, HandoffScene
from game.scenes.message import ConfirmScene
from game.scenes.replay import ReplayChoiceScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.scenes.table.coach import CoachPanel
from game.scenes.title import TitleScene
from game.seats import SeatSettings, pin_hash
from tests.engine.helpers import do
from tests.positions import M14_MOVE, big_empires, m14_game

from .conftest import button, click, key, post

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, timeout: int = 120, env: dict[str, str | None] | None = None) -> subprocess.CompletedProcess[str]:
    """main.py in a process of its own on SDL's dummy drivers, as a test build (PARADISE_TEST_BUILD: --screenshot
    may draw a seat's view behind a PIN); `env` adds variables, or removes those set to None."""
    environ = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PARADISE_TEST_BUILD": "1",
               **(env or {})}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={k: v for k, v in environ.items() if v is not None}, check=False)


def refused(out: subprocess.CompletedProcess[str], option: str) -> None:
    """Exit code 2, one line on stderr naming the option, nothing on stdout."""
    lines = out.stderr.splitlines()
    assert out.returncode == 2, out.stderr
    assert len(lines) == 1 and lines[0].startswith("error: ") and option in lines[0], out.stderr
    assert out.stdout == ""


def table_for(app: App, rules: engine.Ruleset, scenario: dict[str, Any] | None = None,
              seats: tuple[str, ...] = ("human", "rules"), speed: str = "instant") -> Any:
    """A table pushed and drawn once: a new 2-player game, or the scenario's position, its seats in order."""
    if scenario is None:
        match = Match.new(rules, 2, list(seats), 3, speed=speed)
    else:
        state = engine.load_scenario(rules, scenario)
        match = Match(rules, state, dict(zip(state.names, seats)), state.seed, speed=speed)
    app.push(TableScene(app, match))
    app.frame()
    return app.top


def screen_of(table: TableScene, label: str) -> tuple[float, float]:
    """Where a hex is on the screen, the camera centred on it first."""
    h = table.app.rules.map.hex_of(label)
    cx, cy = table.map.layout.centres[h]
    table.map.camera.centre_on(cx, cy)
    return table.map.camera.to_screen(cx, cy)


def button_of(table: TableScene, action: engine.Action) -> Any:
    """The decision bar's button of an action."""
    return table.bar.form.widgets[table.bar.actions.index(action)]


def claim_table(app: App, rules: engine.Ruleset) -> tuple[Any, Match]:
    """The Victory step with Tonga able to claim (V3), Moai and Poi in hand: the bar's claim, pass and shows."""
    state = big_empires(rules, ["moai", "poi"], ["surfing"])
    do(state, "end")
    match = Match(rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed, speed="instant")
    app.push(TableScene(app, match))
    app.frame()
    return app.top, match


def digest(t: dice.Throw) -> str:
    """A throw's whole path, to compare throws across processes."""
    return repr([(round(p.x, 6), round(p.y, 6), round(p.angle, 6), p.face) for p in t.poses]) + repr(t.knocks)


def m14_table(app: App, rules: engine.Ruleset, speed: str = "normal") -> TableScene:
    """The rulebook's M14 battle at the table, Tonga's party moved and the movement ended: the dice roll next."""
    state = m14_game(rules)
    do(state, *M14_MOVE)
    match = Match(rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed, speed=speed)
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    table.act(engine.Action("end"))
    return table


def differences(a: pygame.Surface, b: pygame.Surface) -> list[pygame.Rect]:
    """Where two pictures differ (in colour). Two pictures of one format whose pixels are the same words differ
    nowhere: that is checked first, at memory speed; the masks that find the places cost some ninety times more
    (a test that compares every frame spent most of its minute there)."""
    if same_words(a, b):
        return []
    out: list[pygame.Rect] = []
    for x, y in ((a, b), (b, a)):
        diff = x.copy()
        diff.blit(y, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        mask = pygame.mask.from_threshold(diff, (0, 0, 0), (1, 1, 1, 255))
        mask.invert()
        out += mask.get_bounding_rects()
    return out


def same_words(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Whether two 32-bit pictures of one size and format hold the same words (the unused byte too, so a False
    proves nothing)."""
    if a.get_size() != b.get_size() or a.get_bitsize() != 32 or b.get_bitsize() != 32 or a.get_masks() != b.get_masks():
        return False
    return bool(numpy.array_equal(pygame.surfarray.pixels2d(a), pygame.surfarray.pixels2d(b)))


def run_to(app: App, moment: float) -> pygame.Surface:
    """Frames until the app's clock reaches `moment`; the picture then."""
    while app.time < moment - 1e-9:
        app.frame()
    return app.screen.copy()


def changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect, by: int = 1) -> int:
    """How many pixels of `rect` differ between two pictures by `by` or more in a channel."""
    diff = a.subsurface(rect).copy()
    diff.blit(b.subsurface(rect), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = b.subsurface(rect).copy()
    other.blit(a.subsurface(rect), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(diff, (0, 0, 0), (by, by, by, 255))
    return rect.w * rect.h - mask.count()


A, B, LB, RB = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
                pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
RIGHT, LEFT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_LEFT


def press(app: App, pad: virtualpad.VirtualPad, button: int, frames: int = 1) -> None:
    """Press a pad's button, then run frames."""
    pad.press(button)
    for _ in range(frames):
        app.frame()


def focus_on(app: App, pad: virtualpad.VirtualPad, form: Any, index: int) -> None:
    """Step the focus with the right shoulder until the widget at `index` has it (a player's eyes on the ring)."""
    for _ in range(len(form.widgets) + 1):
        if form.focus == index:
            return
        press(app, pad, RB)
    raise AssertionError(f"the focus never reached widget {index}")


def tonga_built_in_secret(app: App, rules: engine.Ruleset, builds: list[str]) -> tuple[Match, TableScene]:
    """Tonga (two humans at one screen, the Building step) builds each of `builds` in secret at 0807 (X8) and ends;
    the table stops at the hand-off to Samoa."""
    scenario = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"],
                "islands": [{"ig": "Tonga", "villages": 2, "controller": "Tonga"}]}
    state = engine.load_scenario(rules, scenario)
    match = Match(rules, state, {"Tonga": "human", "Samoa": "human"}, state.seed, speed="instant")
    app.time = 0.0                  # each twin at the same moment: idle motion (the sea) follows the clock alone
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    top: Any = app.top
    top.go()
    for action in [engine.Action("build", (build, "0807")) for build in builds] + [engine.Action("end")]:
        for _ in range(3):
            app.frame()
        table.act(action)
    app.frame()
    assert isinstance(app.top, HandoffScene) and app.top.player == "Samoa"
    return match, table


class Hands:
    """Digits typed at the hand-off by one device: keys, mouse, or a real (virtual) pad stepping the focus."""

    def __init__(self, app: App, device: str) -> None:
        self.app, self.device = app, device
        self.pad = virtualpad.VirtualPad("xbox") if device == "pad" else None
        app.frame()                                          # a pad plugged in is opened on the next frame

    def type(self, scene: HandoffScene, digits: str) -> None:
        for digit in digits:
            if self.device == "keys":
                post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(digit), mod=0, unicode=digit))
                self.app.frame()
            elif self.device == "mouse":
                click(self.app, scene.form.widgets[KEYS.index(digit)].rect.center)
            else:
                for _ in range(len(scene.form.widgets)):
                    if scene.form.focus == KEYS.index(digit):
                        break
                    self.press(RB)
                self.press(A)

    def press(self, button: int) -> None:
        assert self.pad is not None
        self.pad.press(button)
        self.app.frame()

    def close(self) -> None:
        if self.pad is not None:
            self.pad.unplug()
            pygame.event.clear()


def keypad_refuses(app: App, hands: Hands, scene: HandoffScene) -> bool:
    """Whether the keypad takes nothing now: a digit typed, clicked or pressed, and (by pad) a step of the focus,
    leave it as it was."""
    focus = scene.form.focus
    if hands.device == "pad":
        hands.press(RB)
        hands.press(A)
    else:
        hands.type(scene, "7")
    return scene.pad is not None and scene.pad.digits == "" and scene.form.focus == focus and app.top is scene


PIN = "2468"


def saved(app: App, pin: bool = False, turn: int = 3, name: str = "Reef") -> Match:
    """A two-player game played by bots to a turn (at turn 5 each player holds a card) and saved by `name`; with
    `pin`, its first seat is a human's with a PIN."""
    settings = {"Tonga": SeatSettings(pin_hash("Tonga", PIN))} if pin else None
    match = Match.new(app.rules, 2, ["human", "rules"] if pin else ["rules"], 3, speed="instant", settings=settings)
    assert match.names[0] == "Tonga"
    match.fast_forward(turn)
    folder = app.settings.data_dir / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    match.save(folder / f"{name}.paradise", name)
    match.close()
    return match


def choose_replay(app: App) -> ReplayChoiceScene:
    """From the title's saved games, the focused save as a replay by its key (F, the pad's X)."""
    app.push(TitleScene(app))
    app.push(app.make("saves"))
    app.frame()
    key(app, pygame.K_f)
    choice = app.top
    assert isinstance(choice, ReplayChoiceScene)
    return choice


def spy_texts(monkeypatch: Any) -> list[str]:
    """Every text drawn through theme.text from now on, in order (the words a picture holds)."""
    written: list[str] = []
    text = theme.text

    def spy(said: str, *more: Any, **named: Any) -> pygame.Surface:
        written.append(said)
        return text(said, *more, **named)
    monkeypatch.setattr(theme, "text", spy)
    return written


def open_setup(app: App) -> SetupScene:
    """The new-game page, reached from the title by a click on New game."""
    app.push(TitleScene(app))
    app.frame()
    click(app, button(app.top, "New game").rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    return setup


def table_at(rules: engine.Ruleset, data: Path, size: tuple[int, int], ui: float, speed: str,
             scenario: dict[str, Any]) -> TableScene:
    """Tonga's table over a scenario, settled, alone on a new App."""
    pygame.display.init()
    pygame.font.init()
    app = App(pygame.display.set_mode(size), Settings(data_dir=data, speed=speed, ui_scale=ui), rules,
              fixed_dt=1 / 60)
    state = engine.load_scenario(rules, scenario)
    seats = {name: "human" if name == "Tonga" else "rules" for name in state.names}
    table = TableScene(app, Match(rules, state, seats, state.seed, speed=speed))
    app.push(table)
    app.settle()
    return table


def chapter_table(app: App) -> TableScene:
    """The table of the chapter being played (under any dialog over it)."""
    return next(s for s in reversed(app.stack) if isinstance(s, TableScene))


def chapter_coach(app: App) -> CoachPanel:
    coach = chapter_table(app).coach
    assert coach is not None, "a chapter's table has a coach"
    return coach


def chapter_settle(app: App) -> TableScene:
    """Frames until the learner is asked, a lesson is read, or the game asks first (chance and others done)."""
    table = chapter_table(app)
    for _ in range(600):
        app.frame()
        if isinstance(app.top, ConfirmScene):
            break
        model = chapter_coach(app).model
        if not table.anim.busy and not table.pending and not model.drawing and (table.legal or model.holds):
            break
    return table


# --- the keys and a pad, side by side -----------------------------------------------------------------------------

PADS = pytest.mark.skipif(virtualpad.available() is not None, reason="no virtual pads here")
DEVICES = ["keys", pytest.param("pad", marks=PADS)]
# Each device's press for a move (a key, or the pad's button), for tests run on both.
STEP_BY = {"keys": pygame.K_TAB, "pad": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER}
RIGHT_BY = {"keys": pygame.K_RIGHT, "pad": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
LEFT_BY = {"keys": pygame.K_LEFT, "pad": pygame.CONTROLLER_BUTTON_DPAD_LEFT}
UP_BY = {"keys": pygame.K_UP, "pad": pygame.CONTROLLER_BUTTON_DPAD_UP}
DOWN_BY = {"keys": pygame.K_DOWN, "pad": pygame.CONTROLLER_BUTTON_DPAD_DOWN}


def hit(app: App, hands: monkey.Hands, device: str, button: dict[str, int]) -> None:
    """One press of the device's button (a key, or the virtual pad's), then a frame."""
    if device == "pad":
        assert hands.pad is not None
        hands.pad.press(button[device])
        app.frame()
    else:
        key(app, button[device])


def chapter_play_until(app: App, hands: monkey.Hands, chapter_id: str, wanted: tuple[str, ...]) -> TableScene:
    """Start the chapter and do what it asks, as the device's player does, up to the lesson asking `wanted`."""
    flow.start_chapter(app, chapter_id)
    table = chapter_settle(app)
    while chapter_coach(app).model.lesson.do != wanted:
        lesson = chapter_coach(app).model.lesson
        if lesson.reads or lesson.undo:
            hands.press("select")                  # Next, or Undo where the ring pulses
        else:
            monkey.issue(hands, table, table.legal[0])
        table = chapter_settle(app)
    return table
