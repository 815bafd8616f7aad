"""Saved games, select then act (issue 40, items 13 and 23), driven through the real input layer: a click selects a
save and shows its details, a double-click, Enter or Open opens it; pointing only lifts a row; Delete is no longer
on the palette's key (P, the pad's Y: "All actions" at the table) but on its button, after asking; two games'
autosaves have names that tell them apart; a game opened from an older save goes on as a game of its own, so the
finished game's autosave stays."""
from __future__ import annotations

from pathlib import Path

import pygame

from game import flow, savefile, virtualpad
from game.app import App
from game.match import Match
from game.scenes.message import MessageScene
from game.scenes.saves import HINTS, SavesScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

from .conftest import button, click, key, post
from .helpers import press, saved


def saves_page(app: App) -> SavesScene:
    app.push(TitleScene(app))
    app.push(app.make("saves"))
    app.frame()
    page = app.top
    assert isinstance(page, SavesScene)
    return page


def opened(app: App) -> Match:
    """The game the table on top plays."""
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.match, Match)
    return table.match


def centre(page: SavesScene, name: str) -> tuple[int, int]:
    centre: tuple[int, int] = page.buttons[[r.label for r in page.rows].index(name)].rect.center
    return centre


def test_a_click_selects_a_save_and_shows_its_details_and_a_double_click_opens_it(app: App) -> None:
    lagoon = saved(app, turn=2, name="Lagoon")
    saved(app, turn=3, name="Reef")
    page = saves_page(app)
    assert [r.label for r in page.rows] == ["Reef", "Lagoon"]
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(page, "Lagoon"), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame()
    assert page.current == 0 and page.form.focused is page.buttons[0], "pointing only lifts a row"
    click(app, centre(page, "Lagoon"))
    assert app.top is page, "a click opens nothing"
    assert page.current == 1 and page.form.focused is page.buttons[1], "it selects the save"
    details = page.details()
    assert "Tonga: Computer: Normal" in details[0] and any("Turn 2" in line for line in details)
    assert page.picture_box is not None, "the details have room beside the list at this size"
    app.frame()
    click(app, centre(page, "Lagoon"), frames=2)
    assert opened(app).origin == lagoon.game_id, "a double-click opens it"


def test_open_and_enter_open_the_selected_save(app: App) -> None:
    lagoon = saved(app, turn=2, name="Lagoon")
    saved(app, turn=3, name="Reef")
    page = saves_page(app)
    click(app, centre(page, "Lagoon"))
    click(app, button(page, "Open").rect.center, frames=2)
    assert opened(app).origin == lagoon.game_id
    opened(app).close()
    page = saves_page(app)
    key(app, pygame.K_DOWN)
    assert page.current == 1, "the keys select the row they focus"
    key(app, pygame.K_RETURN, frames=2)
    assert opened(app).origin == lagoon.game_id


def test_delete_is_not_on_the_keys_or_the_pads_all_actions_button(app: App) -> None:
    saved(app, turn=2, name="Reef")
    path = app.settings.data_dir / "saves" / "Reef.paradise"
    page = saves_page(app)
    key(app, pygame.K_p)
    pad = virtualpad.VirtualPad("xbox")
    try:
        app.frame()
        press(app, pad, pygame.CONTROLLER_BUTTON_Y)
    finally:
        pad.unplug()                                # no pad left plugged in for the next test
        pygame.event.clear()
    assert app.top is page and path.is_file(), "P and Y, All actions at the table, delete nothing here"
    assert "palette" not in [intent for intent, _ in HINTS], "no hint offers them"
    click(app, button(page, "Delete").rect.center)
    assert isinstance(app.top, MessageScene), "the Delete button asks first"
    click(app, button(app.top, "Delete").rect.center)
    assert app.top is page and not path.exists()


def two_games_autosaves(app: App) -> list[Match]:
    """Two games of the same players, each played a while and closed: an autosave each."""
    games = []
    for seed, turn in ((3, 2), (5, 4)):
        match = Match.new(app.rules, 2, ["rules"], seed, speed="instant",
                          autosave=flow.autosaves(app.settings.data_dir))
        match.fast_forward(turn)
        match.close()
        games.append(match)
    return games


def test_two_games_autosaves_have_names_that_tell_them_apart(app: App) -> None:
    two_games_autosaves(app)
    labels = [r.label for r in saves_page(app).rows]
    assert len(labels) == 2 and len(set(labels)) == 2, labels
    assert all(label.startswith("Autosave: Tonga, Samoa, turn ") for label in labels)


def autosave_rows(page: SavesScene) -> list[Path]:
    return [r.path for r in page.rows if r.path.is_relative_to(flow.autosaves(page.app.settings.data_dir))]


def test_a_game_opened_from_an_older_save_keeps_the_finished_games_autosave(app: App) -> None:
    data = app.settings.data_dir
    game = Match.new(app.rules, 2, ["rules"], 3, speed="instant", autosave=flow.autosaves(data))
    game.fast_forward(3)
    (data / "saves").mkdir(parents=True)
    game.save(data / "saves" / "Early.paradise", "Early")
    game.fast_forward(100)
    assert game.over
    game.close()
    finished = savefile.Autosaves(flow.autosaves(data), game.game_id).files()[0]
    end = savefile.read(finished).game["state_hash"]
    page = saves_page(app)
    assert [r.label for r in page.rows] == ["Early", "Finished game: Tonga, Samoa"]
    click(app, centre(page, "Early"))
    click(app, centre(page, "Early"), frames=2)
    branch = opened(app)
    for _ in range(20):                                        # bots play on: a few steps, each autosaved
        branch.fast_forward(branch.view(None)["turn"] + 1)
    branch.close()
    kept = savefile.Autosaves(flow.autosaves(data), game.game_id).files()
    assert kept and savefile.read(kept[0]).game["state_hash"] == end, "the finished game's autosave stays"
    page = saves_page(app)
    assert len(autosave_rows(page)) == 2 and "Finished game: Tonga, Samoa" in [r.label for r in page.rows]


def test_continue_and_a_save_where_the_game_stands_go_on_in_the_games_own_autosaves(app: App) -> None:
    data = app.settings.data_dir
    game = Match.new(app.rules, 2, ["rules"], 3, speed="instant", autosave=flow.autosaves(data))
    game.fast_forward(3)
    game.close()
    (data / "saves").mkdir(parents=True)
    game.save(data / "saves" / "Now.paradise", "Now")
    assert Match.load(app.rules, data / "saves" / "Now.paradise", autosave=flow.autosaves(data)).game_id \
        == game.game_id, "saved where its autosaves stand: the same game"
    assert flow.load_latest(app.rules, data).game_id == game.game_id
    ahead = Match.new(app.rules, 2, ["rules"], 4, speed="instant")        # its autosave behind it, on its way
    ahead.fast_forward(2)
    savefile.Autosaves(flow.autosaves(data), ahead.game_id).write(ahead.contents(picture=False))
    ahead.fast_forward(3)
    ahead.save(data / "saves" / "Ahead.paradise", "Ahead")
    assert Match.load(app.rules, data / "saves" / "Ahead.paradise", autosave=flow.autosaves(data)).game_id \
        == ahead.game_id, "a save further on the way its autosave went: the same game"
