"""The confirmation before a decision that cannot be undone (X42), kind by kind (issue 40): "Do it, don't ask
again" stops asking for the kind asked about alone (showing a card never quiets turning a tile up), the choice is
kept in the settings file for the next run, and a row of the Settings' Confirmations page asks again."""
from __future__ import annotations

from pathlib import Path

import pygame

import engine
from game import settings as preferences
from game.app import App, Settings
from game.scenes.message import ConfirmScene
from game.scenes.settings import AsksScene, SettingsScene
from game.scenes.table import TableScene
from game.ui.widgets import Toggle

from .conftest import button, click, key
from .helpers import button_of, screen_of, table_for

# Tonga to explore, holding two cards (B4), with a tile it discovered face down beside home (E6.5).
HIDDEN = {"players": ["Tonga", "Samoa"], "step": "exploration", "order": ["Tonga", "Samoa"],
          "tiles": [{"hex": "0907", "tile": "Rarotonga", "face_up": False, "discovered_by": ["Tonga"]}],
          "cards": {"Tonga": {"hand": ["poi", "moai"]}}}
SHOW_POI, SHOW_MOAI = engine.Action("show", ("poi",)), engine.Action("show", ("moai",))
FLIP = engine.Action("flip", ("0907",))


def test_X42_each_final_decision_is_asked_about_by_what_the_player_does() -> None:
    """By the verb alone: a move that face-down war canoes would stop (M4.4) is a reveal on the true state only,
    so asking before it would tell the mover they are there (X9); no move is asked about."""
    kinds = {(verb, final): preferences.asked_as(engine.Action(verb, ()), final) for verb, final in (
        ("flip", "reveal"), ("reveal", "reveal"), ("show", "reveal"), ("use", "reveal"), ("battle", "reveal"),
        ("raise", "reveal"), ("end", "reveal"), ("done", "end"), ("roll", "chance"), ("go", None),
        ("go", "reveal"), ("transit", "reveal"), ("claim", "reveal"), ("claim", "end"))}
    assert kinds == {("flip", "reveal"): "tile", ("reveal", "reveal"): "tile", ("show", "reveal"): "card",
                     ("use", "reveal"): "card", ("battle", "reveal"): "reveal", ("raise", "reveal"): "reveal",
                     ("end", "reveal"): "end", ("done", "end"): "end", ("roll", "chance"): None, ("go", None): None,
                     ("go", "reveal"): None, ("transit", "reveal"): None,
                     ("claim", "reveal"): "card", ("claim", "end"): "end"}, "a claim that shows cards asks as they do"
    assert set(preferences.ASKS) == Settings(data_dir=Path()).ask_before


def quiet_cards(app: App, rules: engine.Ruleset) -> TableScene:
    """Poi shown with "Do it, don't ask again": the table, the cards no longer asked about."""
    table: TableScene = table_for(app, rules, HIDDEN)
    click(app, button_of(table, SHOW_POI).rect.center)
    dialog = app.top
    assert isinstance(dialog, ConfirmScene) and "your card" in dialog.message
    click(app, dialog.form.widgets[1].rect.center)       # do it, and don't ask again
    assert table.match.decisions == [SHOW_POI] and app.top is table
    return table


def test_X42_quieting_the_cards_leaves_the_tiles_asked_about(app: App, rules: engine.Ruleset) -> None:
    table = quiet_cards(app, rules)
    click(app, button_of(table, SHOW_MOAI).rect.center)
    assert app.top is table and table.match.decisions[-1] == SHOW_MOAI, "a card: not asked again"
    click(app, screen_of(table, "0907"))
    if table.menus.menu is not None:                     # the explorer may go there too: the menu's flip line
        index = next(i for i, (_, action, _) in enumerate(table.menus.menu.rows) if action == FLIP)
        table.menus.pick_menu(index)
    dialog = app.top
    assert isinstance(dialog, ConfirmScene), "a tile is still asked about"
    assert "tile" in dialog.message and table.match.decisions[-1] == SHOW_MOAI
    key(app, pygame.K_RETURN)                                       # Enter on Cancel, where the focus starts
    assert app.top is table and FLIP in table.legal


def test_X42_the_quiet_kind_is_kept_for_the_next_run(app: App, rules: engine.Ruleset) -> None:
    quiet_cards(app, rules)
    stored = preferences.load(app.settings.data_dir)
    assert sorted(stored["ask_before"]) == ["end", "reveal", "tile"]
    again = preferences.applied(Settings(data_dir=app.settings.data_dir), stored)      # a new run, the same folder
    assert again.ask_before == {"tile", "reveal", "end"}


def test_X42_a_row_of_the_settings_asks_again(app: App, rules: engine.Ruleset) -> None:
    table = quiet_cards(app, rules)
    app.push(app.make("settings"))
    settings = app.top
    assert isinstance(settings, SettingsScene)
    click(app, button(settings, "Confirmations").rect.center)
    scene = app.top
    assert isinstance(scene, AsksScene)
    rows = {w.label: w for w in scene.form.widgets if isinstance(w, Toggle)}
    card, tile = rows["Ask before showing a card"], rows["Ask before turning a tile face up"]
    assert card.value is False and tile.value is True
    click(app, card.rect.center)
    assert app.settings.ask_before == {"tile", "card", "reveal", "end"}
    assert "card" in preferences.load(app.settings.data_dir)["ask_before"], "kept"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)                            # back to the settings, then to the table
    assert app.top is table
    click(app, button_of(table, SHOW_MOAI).rect.center)
    assert isinstance(app.top, ConfirmScene), "asked again"
