"""Buttons answer the hand (issue 38): under the pointer a button lifts and glows, pressed it squashes and springs
back with a quiet click, at the app's clock; where it is hit never moves."""
from __future__ import annotations

import pygame

from game import sound
from game.input import Intent
from game.scenes.title import TitleScene
from game.ui import widgets
from game.ui.widgets import Button, Form

from .conftest import post


def pixels(screen: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(screen.subsurface(rect.inflate(-10, -10)), "RGB")     # within it: no sea


def test_a_button_under_the_pointer_lifts_and_glows_at_the_apps_clock(app):
    app.push(TitleScene(app))
    app.frame()
    form = app.top.form
    button = next(w for w in form.widgets if isinstance(w, Button) and w.label == "Settings")
    form.focus = form.widgets.index(button)                  # as pointing at it will: its ring is not the glow
    app.frame()
    at_rest = pixels(app.screen, button.rect)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame()
    rising = button.feedback.lift()
    for _ in range(round(widgets.HOVER * 60) + 2):
        app.frame()
    assert 0 < rising < 1 == button.feedback.lift(), "it rises over HOVER"
    assert pixels(app.screen, button.rect) != at_rest, "lifted and glowing"
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(1, 1), buttons=(0, 0, 0)))
    for _ in range(round(widgets.HOVER * 60) + 2):
        app.frame()
    assert button.feedback.lift() == 0 and pixels(app.screen, button.rect) == at_rest, "and sinks back"


def test_a_pressed_button_squashes_springs_back_and_clicks(screen, monkeypatch):
    heard: list[tuple[str, float]] = []
    monkeypatch.setattr(sound, "play", lambda name, strength=1.0: heard.append((name, strength)))
    pressed: list[bool] = []
    button = Button("OK", lambda: pressed.append(True))
    button.rect = pygame.Rect(100, 100, 200, 60)
    form = Form([button])
    widgets.tick(10.0)
    assert form.handle(Intent("select", 200, 130, pointer=True)) and pressed
    assert heard == [("click", widgets.CLICK)] and widgets.CLICK < 0.5, "a quiet click"
    sizes = []
    for k in range(31):
        widgets.tick(10.0 + k / 100)
        sizes.append(button.face()[0].w)
    assert sizes[0] < button.rect.w, "squashed as it is pressed"
    assert max(sizes) > button.rect.w, "springing back past its size (out_back)"
    assert sizes[-1] == button.rect.w and button.rect == pygame.Rect(100, 100, 200, 60), "at rest; hit where it was"
    widgets.tick(0.0)
