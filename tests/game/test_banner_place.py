"""A step's banner in Learn to play (issue 40, 26 and 11): it never covers the coach's words, and it shows whole
on the map, where a lesson that speaks of it can be seen to be right (T1: each step is announced)."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import anim, monkey
from game.app import App
from game.scenes.table import TableScene


@pytest.mark.parametrize(("chapter_id", "ui"), [("explore", 1.0), ("build", 1.0), ("explore", 2.0)])
def test_a_banner_in_a_chapter_never_covers_the_coach(app: App, monkeypatch: pytest.MonkeyPatch,
                                                     chapter_id: str, ui: float) -> None:
    """The chapters where steps begin while the coach speaks: "explore" (Movement & Battle), "build" (Victory,
    the next turn's steps and the learner's own turn's banner), at UI scale 1 and 2 (a taller coach, a wider
    banner); each frame's plate beside the coach's panel, between the side panels."""
    app.settings.speed = "normal"                          # banners play (at speed instant they do not)
    app.settings.ui_scale = ui
    app.resized()
    seen: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = []
    draw = anim.Banner.draw

    def drawn(banner: anim.Banner, screen: pygame.Surface, *args: Any) -> pygame.Rect | None:
        out = draw(banner, screen, *args)
        table = next(s for s in app.live() if isinstance(s, TableScene))
        if out is not None and table.coach is not None:
            seen.append((banner.band.copy(), table.coach.rect.copy(), table.map_area()))
        return out
    monkeypatch.setattr(anim.Banner, "draw", drawn)
    monkey.learn(app, chapter_id, "keys", seed=0)
    assert seen, "a banner plays in the chapter"
    for plate, coach, area in seen:
        assert not plate.colliderect(coach), "the banner stays clear of the coach's words"
        assert area.contains(plate), "the banner shows whole on the map"
