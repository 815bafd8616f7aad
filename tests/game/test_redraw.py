"""Drawing only what changed (game/render/redraw.py): a frame the table draws in part is, pixel for pixel, the
frame it would draw whole; and the areas of a frame are merged into a few passes that cover them all."""
from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from game import flow, monkey
from game.app import App, Settings
from game.match import Match
from game.render import redraw
from game.scenes.table import TableScene

from .helpers import differences


def test_the_areas_are_merged_into_a_few_passes_that_cover_them_all():
    screen = pygame.Rect(0, 0, 3840, 2160)
    rnd = random.Random(4)
    for n in (1, 3, 12, 60):
        rects = [pygame.Rect(rnd.randrange(3800), rnd.randrange(2100), rnd.randrange(1, 400), rnd.randrange(1, 300))
                 for _ in range(n)]
        parts = redraw.merge(rects, screen)
        assert 1 <= len(parts) <= redraw.MOST_PASSES
        assert all(any(part.contains(r) for part in parts) for r in rects), "an area left out of every pass"
    assert redraw.merge([pygame.Rect(5, 5, 0, 9)], screen) == [], "an empty area needs no pass"


def test_a_new_key_or_a_screen_drawn_by_another_draws_the_whole_frame():
    dirt, screen = redraw.Redraw(), pygame.Surface((400, 300))

    def paint(surface: pygame.Surface) -> None:
        dirt.moved(pygame.Rect(10, 10, 20, 20))
    drawn = []
    for key, whole in ((1, False), (1, False), (2, False), (2, True), (2, False)):
        dirt.measure(screen, paint, 0)
        drawn.append(dirt.areas(key, screen.get_rect(), whole))
    assert [parts is None for parts in drawn] == [True, False, True, True, False]
    assert drawn[1] == [pygame.Rect(10, 10, 20, 20).inflate(redraw.MARGIN * 2, redraw.MARGIN * 2)]
    dirt.measure(screen, lambda s: dirt.changed(pygame.Rect(0, 0, 400, 250)), 1)
    assert dirt.areas(2, screen.get_rect(), False) is None, "most of the screen: drawn whole, in one pass"


@pytest.fixture
def checked(monkeypatch):
    """Every frame the table draws in part is drawn again whole, in the same frame, on a copy of the screen, and
    the two are compared. Counted apart: the frames drawn whole while the camera glides or shakes (the whole map
    moves, render/camera.py)."""
    seen: Counter[str] = Counter()
    draw = App.draw

    def checked_draw(app: App) -> list[pygame.Rect] | None:
        parts = draw(app)
        table = next((s for s in app.stack if isinstance(s, TableScene)), None)
        moving = table is not None and table.map.camera.moving
        seen["parts" if parts is not None else "camera" if moving else "whole"] += 1
        if parts is not None:
            scene = app.drawn[0]
            whole = app.screen.copy()
            scene.draw(whole)
            scene.draw_over(whole)
            wrong = differences(app.screen, whole)
            assert not wrong, f"frame {app.frames}: drawn in part {parts}, stale at {wrong}"
        return parts
    monkeypatch.setattr(App, "draw", checked_draw)
    return seen


@pytest.mark.parametrize("device, seed", [("mouse", 21), ("keys", 22)])
def test_a_frame_drawn_in_part_is_the_frame_drawn_whole(screen, rules, tmp_path, checked, device, seed):
    """A game at speed normal, its moves animated: the human's decisions made by their gestures (menus, the bar,
    the lit hexes), and between them the pointer roaming the map and the panels (hover, tooltips) or the
    keys' cursor stepping, while the bots play. Of the frames whose camera stands still, most are drawn in
    part."""
    app = App(screen, Settings(data_dir=tmp_path, speed="normal"), rules, fixed_dt=1 / 60)
    match = Match.new(rules, 3, ["human", "normal", "normal"], seed, {}, speed="normal", max_turns=2)
    flow.start_match(app, match)
    hands = monkey.Hands(app, device)
    rnd = random.Random(seed)
    w, h = screen.get_size()
    try:
        for _ in range(6000):
            if match.stopped:
                break
            table = next((s for s in app.live() if isinstance(s, TableScene)), None)
            if table is not None and table.legal and not table.anim.busy and not table.pending \
                    and rnd.random() < 0.1:
                monkey.issue(hands, table, rnd.choice(table.legal))
                continue
            if device == "mouse":
                pos = (rnd.randrange(w), rnd.randrange(h))
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
            elif rnd.random() < 0.3:
                key = rnd.choice((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN))
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_SHIFT, unicode=""))
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=pygame.KMOD_SHIFT))
            app.frame()
    finally:
        hands.close()
        match.close()
    assert match.stopped, "the game reached its turn limit"
    assert checked["parts"] > 3 * checked["whole"], f"most frames drawn in part: {checked}"
