"""Fixtures for the client's tests: a real App on SDL's dummy video driver, a fixed clock, a private data folder,
and helpers that drive it with synthetic events through the real input layer."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import virtualpad
from game.app import App, Settings

SIZE = (1280, 720)


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    yield surface
    pygame.display.quit()


@pytest.fixture
def app(screen, rules, tmp_path):
    application = App(screen, Settings(data_dir=tmp_path / "data", speed="instant"), rules, fixed_dt=1 / 60)
    yield application
    close_matches(application)


def close_matches(app: App) -> None:
    """Close every game the app's scenes hold (their bots' worker and autosaves), as a test's app goes."""
    for scene in app.stack:
        match = getattr(scene, "match", None)
        if match is not None:
            match.close()


def post(*events: pygame.event.Event) -> None:
    for e in events:
        pygame.event.post(e)


def key(app: App, k: int, frames: int = 1, mod: int = 0) -> None:
    """Press and release a key, then run frames."""
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""),
         pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    for _ in range(frames):
        app.frame()


def click(app: App, pos: tuple[float, float], frames: int = 1) -> None:
    """Move the mouse there, press and release the left button, then run frames."""
    pos = (round(pos[0]), round(pos[1]))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(frames):
        app.frame()


def confirm(app: App, frames: int = 1) -> None:
    """Answer "Do it" to the confirmation asked before a decision that cannot be undone (X42)."""
    from game.scenes.message import ConfirmScene
    dialog = app.top
    assert isinstance(dialog, ConfirmScene), f"a confirmation is asked, not {type(dialog).__name__}"
    click(app, dialog.form.widgets[-1].rect.center, frames)


def button(scene: Any, label: str) -> Any:
    """A scene's button by its words."""
    from game.ui.widgets import Button
    return next(w for w in scene.form.widgets if isinstance(w, Button) and w.label == label)


def paused_new_game(app: App) -> Any:
    """From the title, a new game started by its buttons, and the pause menu opened over its table; the table."""
    from game.scenes.pause import PauseScene
    from game.scenes.table import TableScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    app.frame()
    click(app, button(app.top, "New game").rect.center)
    click(app, button(app.top, "Start").rect.center, frames=3)
    table = app.top
    assert isinstance(table, TableScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    return table


@pytest.fixture(autouse=True)
def no_pad_left_plugged(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every virtual pad a test plugs in is pulled out after it, whoever made it: a pad left plugged in changes
    what the next test's game sees (untouched, the input layer shows a present pad's buttons)."""
    made: list[virtualpad.VirtualPad] = []
    plug = virtualpad.VirtualPad.__init__

    def tracked(self: virtualpad.VirtualPad, make: str = "xbox") -> None:
        plug(self, make)
        made.append(self)
    monkeypatch.setattr(virtualpad.VirtualPad, "__init__", tracked)
    yield
    for left in made:
        left.unplug()
    if made and pygame.display.get_init():      # (the app fixture may have closed pygame already)
        pygame.event.clear()


@pytest.fixture
def pad() -> Iterator[virtualpad.VirtualPad]:
    """A virtual Xbox pad, plugged in for the test and pulled out after."""
    made = virtualpad.VirtualPad("xbox")
    yield made
    made.unplug()
    pygame.event.clear()
