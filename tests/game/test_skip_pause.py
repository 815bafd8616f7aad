"""Esc or a pad's Start while the bots' moves are animated (issue 40): the animations are skipped and the pause
menu opens in the same press; any other key only skips them."""
from __future__ import annotations

import pygame
import pytest

import engine
from game import virtualpad
from game.app import App
from game.scenes.pause import PauseScene
from game.scenes.table import TableScene

from .conftest import key
from .helpers import press, table_for


def animating(app: App, rules: engine.Ruleset) -> TableScene:
    """A game at speed normal whose bot (Tonga, first to play) is seen moving: frames until a clip plays."""
    table: TableScene = table_for(app, rules, seats=("rules", "human"), speed="normal")
    for _ in range(600):
        if table.anim.busy:
            return table
        app.frame()
    raise AssertionError("the bot's moves were never animated")


@pytest.mark.parametrize("k", [pygame.K_ESCAPE, pygame.K_m], ids=["Esc", "M"])
def test_escape_during_the_bots_animations_opens_the_pause_menu(app: App, rules: engine.Ruleset, k: int) -> None:
    table = animating(app, rules)
    key(app, k)
    assert not table.anim.busy, "the press skips the animations"
    assert isinstance(app.top, PauseScene), "and opens the pause menu at once: no second press"


def test_another_key_only_skips_them(app: App, rules: engine.Ruleset) -> None:
    table = animating(app, rules)
    key(app, pygame.K_SPACE)
    assert not table.anim.busy
    assert app.top is table


@pytest.mark.skipif(virtualpad.available() is not None, reason="no virtual pads here")
def test_a_pads_start_during_the_bots_animations_opens_the_pause_menu(app: App, rules: engine.Ruleset,
                                                                     pad: virtualpad.VirtualPad) -> None:
    table = animating(app, rules)
    press(app, pad, pygame.CONTROLLER_BUTTON_START)
    assert not table.anim.busy
    assert isinstance(app.top, PauseScene)
