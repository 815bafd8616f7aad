"""The new-game page remembers the last choices (issue 40, item 15): the players, each seat's kind, the advanced
rules and the agreed target (A6), each seat's card windows, kept in the settings as a game starts or the page is
left and offered again next time, even after a restart; a kept value the page does not offer now falls back to its
default with one warning line, never a crash."""
from __future__ import annotations

import json

import pygame
import pytest

from game import settings as preferences
from game import words
from game.app import App
from game.scenes.setup import SeatsScene, SetupScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.ui.widgets import Choice, Toggle

from .conftest import button, click, key
from .helpers import open_setup


def widget(setup: SetupScene, label: str) -> Choice | Toggle:
    found = next(w for w in setup.form.widgets if w.label.startswith(label))
    assert isinstance(found, Choice | Toggle)
    return found


def step(app: App, choice: Choice | Toggle, times: int = 1, down: bool = False) -> None:
    """Click the right half of a choice (or a toggle) `times` times (its left half, `down`)."""
    for _ in range(times):
        rect = choice.value_rect() if isinstance(choice, Choice) else choice.rect
        click(app, (rect.left + 8 if down else rect.right - 8, rect.centery))


def test_the_choices_made_are_offered_again_after_a_restart(app: App) -> None:
    setup = open_setup(app)
    step(app, widget(setup, "Players"), down=True)          # 4 -> 3
    step(app, widget(setup, "Seat 2"), 3)                   # Normal -> Hard -> Human -> Easy
    step(app, widget(setup, "Seat 3"), 2)                   # Normal -> Hard -> Human
    step(app, widget(setup, words.option_title("malaria", app.rules)))
    target = widget(setup, words.option_title("variable_game_end", app.rules))
    step(app, target)                                       # the usual -> a target of its own
    agreed = target.value
    click(app, button(setup, "Pass and play…").rect.center)
    seats = app.top
    assert isinstance(seats, SeatsScene)
    step(app, next(w for w in seats.form.widgets if isinstance(w, Choice)))        # seat 1: standing orders
    key(app, pygame.K_ESCAPE)
    expected = {"players": 3, "seats": ["human", "easy", "human", "normal"],
                "options": {"malaria": True, "variable_game_end": agreed}, "windows": {"0": "orders"}, "homes": {}}
    click(app, button(setup, "Start").rect.center, frames=2)
    table = app.stack[0]
    assert isinstance(table, TableScene), "the game started (two humans: the hand-off over its table)"
    assert json.loads(preferences.path(app.settings.data_dir).read_text())["new_game"] == expected
    table.match.close()
    app.settings.new_game = preferences.load(app.settings.data_dir)["new_game"]    # as the next run reads it
    again = open_setup(app)
    assert (again.players, again.seats, again.options, again.windows) == (3, expected["seats"],
                                                                          expected["options"], {0: "orders"})
    assert widget(again, "Players").value == 3 and widget(again, "Seat 2").value == "easy"
    assert widget(again, words.option_title("malaria", app.rules)).value is True
    assert widget(again, words.option_title("variable_game_end", app.rules)).value == agreed


def test_leaving_the_page_keeps_its_choices_too(app: App) -> None:
    setup = open_setup(app)
    step(app, widget(setup, "Players"), 2, down=True)       # 4 -> 2
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene) and app.settings.new_game["players"] == 2
    assert open_setup(app).players == 2


def test_a_kept_choice_the_page_does_not_offer_falls_back_to_its_default(app: App,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    app.settings.new_game = {"players": 9, "seats": ["hard", "godlike", 3], "windows": {"0": "orders", "7": "x"},
                             "options": {"malaria": True, "nope": True, "kumara": "yes", "variable_game_end": 99}}
    setup = open_setup(app)
    assert setup.players == 4 and setup.seats == ["hard", "normal", "normal", "normal"]
    assert setup.options == {"malaria": True} and setup.windows == {0: "orders"}
    warning = capsys.readouterr().out.strip().splitlines()
    assert len(warning) == 1 and warning[0].startswith("warning: ") and "players" in warning[0], warning
    app.settings.new_game = {"players": [2], "seats": "hard", "options": 5, "windows": None}
    assert open_setup(app).players == 4, "whatever the file holds, the page opens"
