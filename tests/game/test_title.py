"""The title over a living sea (game/scenes/title.py, game/ui/backdrop.py): the sea and a canoe move behind it
while its buttons stay still and readable; reduce motion leaves that idle life alone; the title drawn in part is
the title drawn whole."""
from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.app import App
from game.scenes.title import TitleScene, canoe_length
from game.ui.backdrop import CROSSING

from .helpers import changed, differences, run_to


def title(app: App) -> TitleScene:
    app.push(app.make("title"))
    scene = app.top
    assert isinstance(scene, TitleScene)
    return scene


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_the_sea_and_the_canoe_move_behind_still_buttons(app, reduce_motion):
    """Frames a second apart differ on the sea and where the canoe sails (reduce motion too: idle life is no
    glide nor shake, and it stays), never on the buttons."""
    app.settings.reduce_motion = reduce_motion
    scene = title(app)
    w, _ = app.screen.get_size()
    length = canoe_length(scene.sizes)
    lane = pygame.Rect(0, round(scene.lane - length), w, round(length * 1.2))
    start = CROSSING * 0.3                               # the canoe well inside the window
    frames = [run_to(app, start + k) for k in range(3)]
    for a, b in itertools.pairwise(frames):
        assert changed(a, b, app.screen.get_rect()) > 0.002 * w * app.screen.get_height(), "the sea moves"
        assert changed(a, b, lane, 40) > length * 2, "the canoe sails on"
        for button in scene.form.widgets:                  # the inside of each: its corners show the sea
            assert changed(a, b, button.rect.inflate(-8, -8)) == 0, f"{button.label} stays still"


def test_a_title_drawn_in_part_is_the_title_drawn_whole(app, monkeypatch):
    """The pointer roams over the buttons and the sea for a whole crossing of the canoe: every frame drawn in
    part is, pixel for pixel, the frame drawn whole; and most frames are drawn in part."""
    seen = {"parts": 0, "whole": 0}
    draw = App.draw

    def checked_draw(application: App) -> list[pygame.Rect] | None:
        parts = draw(application)
        seen["whole" if parts is None else "parts"] += 1
        if parts is not None:
            whole = application.screen.copy()
            application.drawn[0].draw(whole)
            wrong = differences(application.screen, whole)
            assert not wrong, f"frame {application.frames}: drawn in part {parts}, stale at {wrong}"
        return parts
    monkeypatch.setattr(App, "draw", checked_draw)
    title(app)
    rnd = random.Random(5)
    w, h = app.screen.get_size()
    while app.time < CROSSING + 1:
        if rnd.random() < 0.2:
            pos = (rnd.randrange(w), rnd.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.frame()
    assert seen["parts"] > 20 * seen["whole"], f"most frames drawn in part: {seen}"
