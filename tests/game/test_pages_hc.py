"""The menus as a second round of fresh players met them (issue 40): each seat's people chosen on the new-game page
(S4: "chosen by agreement or dealt at random"), the agreed target stepped in its order (A6), ordered choices that
stop at their ends, the settings' rows with room for their titles inside the focus ring, and the title's hints in
the glyphs of a pad already plugged in."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import engine
from game import virtualpad, words
from game.app import App, Settings
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.theme import UI_SCALES
from game.ui.backdrop import foot_room
from game.ui.widgets import FOCUS_BANDS, Choice, NumberField, Toggle, ring_width

from .conftest import button, click, key
from .helpers import open_setup


def seed_where(rules: engine.Ruleset, players: int, seat_1_is_not: str) -> int:
    return next(s for s in range(1, 1000) if engine.deal_homes(rules, players, s)[0] != seat_1_is_not)


def typed_seed(app: App, setup: SetupScene, seed: int) -> None:
    field = next(w for w in setup.form.widgets if isinstance(w, NumberField))
    field.set(seed)
    app.frame()


def people(setup: SetupScene, seat: int) -> Choice:
    """A seat's people: the choice under the seat's line."""
    widget = setup.form.widgets[2 + seat * 2]
    assert isinstance(widget, Choice) and widget.label == words.text("setup.people")
    return widget


def test_S4_seat_1_plays_the_people_chosen_for_it_by_keys(app: App) -> None:
    """Down to seat 1's people, Right until Samoa: the seat that held Samoa takes seat 1's people, the seat's line
    says Samoa, and the game started seats the human at Samoa."""
    setup = open_setup(app)
    typed_seed(app, setup, seed_where(app.rules, 4, "Samoa"))
    setup.form.focus = 0                                   # the players' line
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert setup.form.focused is people(setup, 0), "Down from seat 1 reaches its people"
    for _ in range(4):
        if people(setup, 0).value == "Samoa":
            break
        before = list(setup.homes)
        key(app, pygame.K_RIGHT)
        holder = before.index(setup.homes[0])
        assert setup.homes[holder] == before[0], "the seat that held the people takes seat 1's in exchange"
        assert sorted(setup.homes) == sorted(app.rules.setups[4].homes)
    assert setup.homes[0] == "Samoa" and people(setup, 0).options[people(setup, 0).index][0] == "Samoa"
    click(app, button(setup, "Start").rect.center, frames=2)
    table = app.stack[0]
    assert isinstance(table, TableScene)
    assert table.match.names[0] == "Samoa" and table.match.seats["Samoa"] == "human"


def test_S2_S4_a_chosen_people_stays_through_a_new_seed_and_a_count_that_plays_it_and_is_remembered(
        app: App) -> None:
    setup = open_setup(app)
    typed_seed(app, setup, seed_where(app.rules, 4, "Hiva"))
    for _ in range(4):                                     # a click on the right half of seat 1's people
        if setup.homes[0] == "Hiva":
            break
        rect = people(setup, 0).value_rect()
        click(app, (rect.right - 8, rect.centery))
    assert setup.homes[0] == "Hiva"
    for seed in range(1, 6):                               # a new seed deals the other seats only
        typed_seed(app, setup, seed)
        assert setup.homes[0] == "Hiva" and people(setup, 0).value == "Hiva"
    setup.set_players(2)
    assert setup.homes[0] in ("Tonga", "Samoa"), "2 players are Tonga and Samoa (S2): the Hiva seat changes"
    setup.set_players(4)
    assert setup.homes[0] == "Hiva", "the choice comes back with a count that plays it"
    setup.set_players(3)
    key(app, pygame.K_ESCAPE)
    again = open_setup(app)
    assert again.players == 3 and again.homes[0] == "Hiva", "remembered with the page's other choices"
    assert people(again, 0).options[people(again, 0).index][0] == "Hiva", "its choice shows it"


def test_A6_left_lowers_the_agreed_target_and_right_raises_it(app: App) -> None:
    """2 players (V3: 28): from "usual", Left is 27 and Right 29; the ends are 25 and 31, where it stops."""
    setup = open_setup(app)
    setup.set_players(2)
    title = words.option_title("variable_game_end", app.rules)
    setup.form.focus = next(i for i, w in enumerate(setup.form.widgets) if w.label == title)
    key(app, pygame.K_LEFT)
    assert setup.options["variable_game_end"] == 27
    for _ in range(5):
        key(app, pygame.K_LEFT)
    assert setup.options["variable_game_end"] == 25, "the lowest advised, and no further"
    for _ in range(10):
        key(app, pygame.K_RIGHT)
    assert setup.options["variable_game_end"] == 31, "the highest advised, and no further"


def test_ordered_choices_stop_at_their_ends_and_peoples_go_round(app: App) -> None:
    page = app.make("settings")
    app.push(page)
    app.frame()
    size = next(i for i, w in enumerate(page.form.widgets) if w.label == words.text("settings.ui_scale"))
    page.form.focus = size
    for _ in range(10):
        key(app, pygame.K_RIGHT)
    assert app.settings.ui_scale == UI_SCALES[-1], "ten Right presses: the largest size, not back to 100 %"
    for _ in range(10):
        key(app, pygame.K_LEFT)
    assert app.settings.ui_scale == UI_SCALES[0]
    app.pop()
    setup = open_setup(app)
    setup.form.focus = 0
    key(app, pygame.K_RIGHT)
    assert setup.players == 4, "4 players, the most: Right stays"
    choice = people(setup, 0)
    setup.form.focus = setup.form.widgets.index(choice)
    first = choice.value
    for _ in range(len(choice.options)):
        key(app, pygame.K_RIGHT)
    assert people(setup, 0).value == first, "the peoples have no order: they go round"


def ink_gap(surface: pygame.Surface, rect: pygame.Rect, x0: int, x1: int) -> int:
    """Rows of bare paper between the focus ring's inner band and the first dark ink below it, over columns
    x0-x1 of a widget."""
    ring = ring_width(rect.h)
    y = rect.y + ring * 2 - 1                              # past the ring's two bands
    gap = 0
    while y < rect.centery:
        row = [surface.get_at((x, y))[:3] for x in range(x0, x1)]
        if any(sum(c) < 300 for c in row) or any(c == FOCUS_BANDS[1] for c in row):
            return gap
        gap += 1
        y += 1
    return gap


def test_the_settings_titles_stand_clear_of_the_focus_ring_at_1920x1080(rules: engine.Ruleset,
                                                                        tmp_path: Path) -> None:
    app = App(pygame.display.set_mode((1920, 1080)), Settings(data_dir=tmp_path / "data", speed="instant"), rules,
              fixed_dt=1 / 60)
    page = app.make("settings")
    app.push(page)
    for label in ("settings.fullscreen", "settings.rumble", "settings.reduce_motion"):
        page.form.focus = next(i for i, w in enumerate(page.form.widgets) if w.label == words.text(label))
        app.frame()
        widget = page.form.focused
        assert isinstance(widget, Toggle)
        x0 = widget.rect.x + round(widget.rect.h * 0.9)    # the title's columns, right of the box
        gap = ink_gap(app.screen, widget.rect, x0, x0 + 120)
        assert gap >= 2, f"{label}: the title touches the focus ring"


@pytest.mark.skipif(virtualpad.available() is not None, reason="no virtual pads here")
def test_the_title_shows_a_pad_s_glyphs_when_one_is_plugged_in_before_any_press(rules: engine.Ruleset,
                                                                              tmp_path: Path
                                                                              ) -> None:
    pad = virtualpad.VirtualPad("playstation")
    try:
        app = App(pygame.display.set_mode((1280, 720)), Settings(data_dir=tmp_path / "data", speed="instant"),
                  rules, fixed_dt=1 / 60)
        app.reset(app.make("title"))
        app.frame()
        room = foot_room(app.screen.get_size(), app.scale)
        untouched = pygame.image.tobytes(app.screen.subsurface(room), "RGB")
        assert app.input.untouched, "nothing used yet"
        pad.press(pygame.CONTROLLER_BUTTON_LEFTSTICK)       # a pad button that does nothing here
        app.frame()
        app.frame()
        assert app.input.device == "pad" and app.input.family == "playstation"
        assert pygame.image.tobytes(app.screen.subsurface(room), "RGB") == untouched, \
            "the pad's glyphs from the first frame, as after its first press"
    finally:
        pad.unplug()
        pygame.event.clear()
