"""Playing the menus by keys (issue 40): left and right on a checkbox move the focus to the widget beside it rather
than tick it (a player heading for the next column must not switch on "One controller per player" or "Random
events" on the way); select still ticks it; a choice's arrows still step it; up and down reach the next column at a
column's end. In the saved games' name, Enter saves, as Save does, and the hints say so."""
from __future__ import annotations

from typing import TypeVar

import pygame

from game.app import App, Scene
from game.scenes.saves import SavesScene
from game.ui.widgets import Choice, Form, Toggle, Widget

from .conftest import button, click, key, paused_new_game, post


def by_label(form: Form, label: str) -> int:
    return next(i for i, w in enumerate(form.widgets) if w.label.startswith(label))

P = TypeVar("P", bound=Scene)


def shown(app: App, page: P) -> P:
    """The page pushed and drawn once."""
    app.push(page)
    app.frame()
    return page


def focused(form: Form) -> Widget:
    widget = form.focused
    assert widget is not None
    return widget


def test_right_on_a_settings_checkbox_moves_to_the_column_beside_and_leaves_it_as_it_was(app: App) -> None:
    page = shown(app, app.make("settings"))
    for label in ("Full screen", "Controller rumble", "One controller per player"):
        page.form.focus = by_label(page.form, label)
        toggle = focused(page.form)
        assert isinstance(toggle, Toggle)
        was = toggle.value, app.settings.fullscreen, app.settings.rumble, app.settings.pad_per_seat
        key(app, pygame.K_RIGHT)
        beside = focused(page.form)
        assert beside is not toggle and beside.rect.left > toggle.rect.right, f"Right from {label} moves right"
        assert abs(beside.rect.centery - toggle.rect.centery) < toggle.rect.h, "to the widget beside it"
        assert (toggle.value, app.settings.fullscreen, app.settings.rumble, app.settings.pad_per_seat) == was
    page.form.focus = by_label(page.form, "One controller per player")
    key(app, pygame.K_RETURN)
    assert app.settings.pad_per_seat is True, "Enter still ticks the checkbox"


def test_left_and_right_on_a_new_game_checkbox_move_the_focus_and_a_choice_still_steps(app: App) -> None:
    page = shown(app, app.make("setup"))
    events = page.form.focus = by_label(page.form, "Random events")
    toggle = focused(page.form)
    assert isinstance(toggle, Toggle) and toggle.value is False
    key(app, pygame.K_RIGHT)
    assert page.form.focus == events and toggle.value is False, "nothing lies right of it: nothing changes"
    key(app, pygame.K_LEFT)
    beside = focused(page.form)
    assert beside.rect.right < toggle.rect.left and toggle.value is False, "Left moves to the left column"
    page.form.focus = events                   # (beside it a seat's choice: Right steps that one)
    key(app, pygame.K_SPACE)
    assert toggle.value is True, "Space still ticks it"
    players = page.form.focus = by_label(page.form, "Players")
    choice = focused(page.form)
    assert isinstance(choice, Choice)
    before = choice.index
    key(app, pygame.K_LEFT)                    # (4 players, the last: Right stays there)
    assert page.form.focus == players and choice.index != before, "a choice's value still steps with Left"


def test_down_at_the_end_of_a_column_reaches_the_top_of_the_next(app: App) -> None:
    page = shown(app, app.make("settings"))
    form = page.form
    left = form.widgets[0].rect.x
    form.focus = max((i for i, w in enumerate(form.widgets) if w.rect.x == left), key=lambda i: form.widgets[i].rect.y)
    bottom = focused(form)
    key(app, pygame.K_DOWN)
    top = focused(form)
    assert top.rect.x > bottom.rect.right and top.rect.y == form.widgets[0].rect.y, "Down: the next column's top"
    key(app, pygame.K_UP)
    assert form.focused is bottom, "Up: back to the first column's foot"
    seen = set()
    for _ in form.widgets:
        seen.add(form.focus)
        key(app, pygame.K_DOWN)
    assert seen == set(range(len(form.widgets))), "Down alone reaches every widget on the page"


def type_name(app: App, text: str) -> None:
    for char in text:
        post(pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char),
             pygame.event.Event(pygame.KEYUP, key=ord(char.lower()), mod=0))
    app.frame()


def test_enter_in_the_save_name_saves_the_game_under_it_and_the_hints_say_so(app: App) -> None:
    paused_new_game(app)
    click(app, button(app.top, "Save or open a game").rect.center)
    page = app.top
    assert isinstance(page, SavesScene) and page.form.focused is page.name
    type_name(app, "Reef")
    key(app, pygame.K_RETURN)
    saves = app.settings.data_dir / "saves"
    assert (saves / "Reef.paradise").is_file(), "Enter saved the game under the name"
    assert app.top is page and page.name.value == ""
    assert ("select", "hint.open") in page.hints(), "on a save's row, Enter opens it"
    click(app, page.name.rect.center)
    assert app.top is page and page.form.focused is page.name, "a click only puts the caret in the name"
    assert len(list(saves.glob("*.paradise"))) == 1, "and saves nothing"
    assert ("select", "saves.save") in page.hints(), "the hints say Enter saves while the name has the focus"
