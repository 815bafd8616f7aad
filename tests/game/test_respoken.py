"""Changing the language mid-game (issue 40, 5): the decision bar, every line of the log and the painted seas
speak the new language at once, from the events and views they keep, not only the words they made."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import engine
from game import words
from game.app import App
from game.match import Match
from game.scenes.table import TableScene
from game.ui import backdrop

PARTY = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
         "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 2}]}}


@pytest.fixture
def english() -> Iterator[None]:
    """The test changes the language: English again after it, whatever happens."""
    words.set_language("en")
    yield
    words.set_language("en")


def party_table(app: App, rules: engine.Ruleset) -> TableScene:
    """Tonga's party formed at home (M4), a canoe taken: the bar has buttons, the log has lines."""
    state = engine.load_scenario(rules, PARTY)
    match = Match(rules, state, dict(zip(state.names, ("human", "rules"))), state.seed, speed="instant")
    table = TableScene(app, match)
    app.push(table)
    for verb, arg in (("party", "0807"), ("take", "war_canoe")):
        table.act(engine.Action(verb, (arg,)))
        app.frame()
    assert table.bar.buttons
    return table


def new_game(app: App, rules: engine.Ruleset) -> TableScene:
    """A new game against a bot, at the human's first decision: the log has its lines."""
    table = TableScene(app, Match.new(rules, 2, ["human", "normal"], 3, speed="instant"))
    app.push(table)
    for _ in range(200):
        if table.legal and not table.anim.busy:
            break
        app.frame()
    assert table.log.lines
    return table


def labels(table: TableScene) -> list[str]:
    return [button.label for button in table.bar.buttons]


def worded(table: TableScene) -> list[str]:
    """What the bar's buttons say in the language in use: each its action, Undo first."""
    return [words.action_text(a, table.app.rules, table.shown) if a is not None else words.text("ui.undo")
            for a in table.bar.actions]


def said(table: TableScene) -> list[str]:
    """The log's lines as a fresh table would say them now: every event the viewer saw, in order."""
    events = table.match.events(table.viewer.shown, 0)[0]
    return [line.text for line in words.event_lines(events, table.app.rules)]


def test_the_bar_changes_language_at_once(app: App, rules: engine.Ruleset, english: None) -> None:
    table = party_table(app, rules)
    before = labels(table)
    app.set_language("fr")
    app.frame()
    assert labels(table) == worded(table), "each button says its action in French"
    assert labels(table) != before, "the French catalog words the buttons otherwise"
    app.set_language("ko")
    app.frame()
    assert labels(table)[0] == words.text("ui.undo") != "Undo"


def test_every_line_of_the_log_changes_language_at_once(app: App, rules: engine.Ruleset, english: None) -> None:
    table = new_game(app, rules)
    before = [text for text, _ in table.log.lines]
    app.set_language("fr")
    app.frame()
    assert [text for text, _ in table.log.lines] == said(table) != before, "the older lines too"
    table.act(table.legal[0])
    for _ in range(20):
        app.frame()
    assert len(table.log.lines) > len(before)
    assert [text for text, _ in table.log.lines] == said(table), "new lines join in French"
    app.set_language("ko")
    app.frame()
    assert [text for text, _ in table.log.lines] == said(table)


def test_lines_read_before_the_change_and_shown_after_it_speak_the_new_language(
        app: App, rules: engine.Ruleset, english: None) -> None:
    """An event read in English whose animation ends after the change (a game paused mid-animation) joins the
    log in French with the rest."""
    table = new_game(app, rules)
    log = table.log
    log.reset()
    events = log.read()
    app.set_language("fr")
    log.add(events)
    assert [text for text, _ in log.lines] == said(table)


def differs(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_the_menus_sea_names_its_regions_in_the_language_in_use(app: App, rules: engine.Ruleset,
                                                               english: None) -> None:
    size = (640, 400)
    english_sea = backdrop.backdrop(size, rules)
    app.set_language("ko")
    assert differs(backdrop.backdrop(size, rules), english_sea), "the coasts' names in Korean"
    app.set_language("en")
    assert not differs(backdrop.backdrop(size, rules), english_sea)


def test_the_tables_map_names_its_coasts_in_the_language_in_use(app: App, rules: engine.Ruleset,
                                                               english: None) -> None:
    table = party_table(app, rules)           # the board is the whole map at the camera's level, coasts and all
    english_map = table.map.board()[0].copy()
    app.set_language("ko")
    app.frame()
    assert differs(table.map.board()[0], english_map)


def test_the_pause_menu_over_a_table_follows_the_language_changed_in_its_settings(
        app: App, rules: engine.Ruleset, english: None) -> None:
    """The way a player changes it: pause, Settings, language; back at the table, the bar speaks it."""
    from game import flow
    from tests.game.conftest import key
    table = party_table(app, rules)
    before = labels(table)
    key(app, pygame.K_ESCAPE)
    flow.open_settings(app)
    settings: Any = app.top
    settings.set_language("fr")
    app.pop()
    app.pop()
    app.frame()
    assert app.top is table and words.language_in_use() == "fr"
    assert labels(table) == worded(table) != before
