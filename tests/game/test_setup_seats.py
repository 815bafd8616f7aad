"""The new-game page keeps each seat's people when the player count changes (issue 40, a fresh player's run):
seat 1 was Tonga at 2 players and Hiva at 4 with the same seed. S2 says which peoples play at each count; a seat
keeps its people where the new count plays it, the seats added take the homes left (S4), and the game started is
the one the page shows."""
from __future__ import annotations

import engine
from game.app import App
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.ui.widgets import Choice, NumberField

from .conftest import button, click
from .helpers import open_setup


def players_to(app: App, setup: SetupScene, n: int) -> None:
    """The players' choice stepped by clicks on its right half (its left, to fewer) until it says n."""
    for _ in range(3):
        if setup.players == n:
            return
        choice = setup.form.widgets[0]
        assert isinstance(choice, Choice)
        rect = choice.value_rect()
        click(app, (rect.right - 8 if n > setup.players else rect.left + 8, rect.centery))
    assert setup.players == n


def seat_homes(setup: SetupScene) -> list[str]:
    """The people each seat's People choice shows (under the seat's line, which names the seat alone)."""
    choices = setup.form.widgets[2:2 + setup.players * 2:2]
    assert all(isinstance(w, Choice) and w.label == "People" for w in choices)
    return [str(w.options[w.index][0]) for w in choices if isinstance(w, Choice)]


def a_seed(rules: engine.Ruleset) -> int:
    """A seed whose deal gives seat 1 another people at 4 players than at 2 (Tonga, then Hiva: the finding)."""
    return next(seed for seed in range(1, 1000)
                if engine.deal_homes(rules, 2, seed)[0] != engine.deal_homes(rules, 4, seed)[0])


def test_S2_S4_seat_1_keeps_its_people_when_the_count_changes(app: App) -> None:
    setup = open_setup(app)
    players_to(app, setup, 2)
    field = next(w for w in setup.form.widgets if isinstance(w, NumberField))
    field.set(a_seed(app.rules))                          # as typed: the seed deals the homes (S4)
    first = seat_homes(setup)
    for n in (3, 4, 2):
        players_to(app, setup, n)
        assert seat_homes(setup)[0] == first[0], f"at {n} players seat 1 keeps its people"
        homes = seat_homes(setup)
        assert sorted(homes) == sorted(app.rules.setups[n].homes), "the peoples S2 names for this count"
    shown = seat_homes(setup)
    click(app, button(setup, "Start").rect.center, frames=2)
    table = app.stack[0]
    assert isinstance(table, TableScene)
    assert list(table.match.names) == shown, "the game started seats the peoples the page showed"
    assert table.match.seats[shown[0]] == "human"


def test_S2_a_people_the_new_count_does_not_play_gives_way(app: App) -> None:
    setup = open_setup(app)
    players_to(app, setup, 4)
    seed = next(s for s in range(1, 1000) if engine.deal_homes(app.rules, 4, s)[0] in ("Hiva", "Raiatea"))
    field = next(w for w in setup.form.widgets if isinstance(w, NumberField))
    field.set(seed)
    second = seat_homes(setup)[1]
    players_to(app, setup, 2)
    homes = seat_homes(setup)
    assert sorted(homes) == ["Samoa", "Tonga"], "2 players are Tonga and Samoa (S2)"
    if second in homes:
        assert homes[1] == second, "seat 2 keeps its people, seat 1 takes the one left"


def test_S4_a_seats_line_names_the_seat_and_its_people_once(app: App) -> None:
    """The seat's line said "Seat 1 · Tonga" over "People ‹ Tonga ›": the people is named once, in its choice."""
    setup = open_setup(app)
    seats = setup.form.widgets[1:1 + setup.players * 2:2]
    for i, (seat, home) in enumerate(zip(seats, seat_homes(setup), strict=True)):
        assert seat.label == f"Seat {i + 1}" and home not in seat.label
