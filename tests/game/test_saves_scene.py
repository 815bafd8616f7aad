"""The saved games' scene (issue 26), driven through the real input layer: a game saved from the pause menu under
a typed name is listed with its players, turn and VP and opens as it was; a damaged file is listed as damaged;
delete asks first; the title opens the scene."""
from __future__ import annotations

import pygame

from game.match import Match
from game.scenes.message import MessageScene
from game.scenes.saves import SavesScene, safe_name
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

from .conftest import button, click, key, paused_new_game, post


def type_text(app, text: str) -> None:
    for char in text:
        post(pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char),
             pygame.event.Event(pygame.KEYUP, key=ord(char.lower()), mod=0))
    app.frame()


def saved(app, name: str = "Old game") -> Match:
    """A two-player game saved under a name in the saves folder."""
    match = Match.new(app.rules, 2, ["rules"], 3, speed="instant")
    folder = app.settings.data_dir / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    match.save(folder / f"{name}.paradise", name)
    match.close()
    return match


def test_a_game_saved_from_the_pause_menu_is_listed_and_opens_as_it_was(app, monkeypatch):
    table = paused_new_game(app)
    click(app, button(app.top, "Save or open a game").rect.center)
    saves = app.top
    assert isinstance(saves, SavesScene) and saves.form.focused is saves.name, "the name takes the letters"
    type_text(app, "Reef 1!")
    assert saves.name.value == "Reef 1!"
    click(app, saves.save_button.rect.center)
    path = app.settings.data_dir / "saves" / "Reef 1.paradise"
    assert path.is_file(), "saved under its safe name"
    row = next(r for r in saves.rows if r.path == path)
    view = table.match.view(None)
    assert row.label == "Reef 1!" and f"Turn {view['turn']}" in row.note
    for player in view["players"]:
        assert f"{player['name']} {player['vp']} VP" in row.note
    assert row.picture is not None, "the map's picture is kept and shown"
    click(app, saves.name.rect.center)
    type_text(app, "Reef 1")
    click(app, saves.save_button.rect.center)
    assert isinstance(app.top, MessageScene), "the same name again asks before replacing"
    click(app, button(app.top, "Cancel").rect.center)
    assert app.top is saves
    expected = table.match.state_hash()
    opened_as: list[str] = []                    # the opened game's hash as it opens (a bot may act at once after)
    load = Match.load
    monkeypatch.setattr(Match, "load", classmethod(
        lambda cls, *args, **kw: (lambda m: opened_as.append(m.state_hash()) or m)(load(*args, **kw))))
    row_at = saves.buttons[[r.path for r in saves.rows].index(path)].rect.center
    click(app, row_at)
    click(app, row_at, frames=2)                     # a double-click opens it
    opened = app.top
    assert isinstance(opened, TableScene) and opened is not table and app.stack == [opened]
    assert opened_as == [expected], "the save opens as it was"


def test_a_damaged_save_is_listed_with_its_reason_and_cannot_be_opened(app):
    saved(app)
    (app.settings.data_dir / "saves" / "x.paradise").write_bytes(b"garbage")
    app.push(TitleScene(app))
    app.push(app.make("saves"))
    app.frame()
    saves = app.top
    damaged = next(r for r in saves.rows if r.path.name == "x.paradise")
    assert damaged.damaged and damaged.note.startswith("Damaged: ") and str(app.settings.data_dir) not in damaged.note
    assert any(r.label == "Old game" and not r.damaged for r in saves.rows), "the good save is still listed"
    click(app, saves.buttons[saves.rows.index(damaged)].rect.center)
    click(app, button(saves, "Open").rect.center)
    assert isinstance(app.top, MessageScene) and app.top.title == "The saved game cannot be opened"
    key(app, pygame.K_RETURN)
    assert app.top is saves
    app.frame()


def test_delete_asks_first_cancel_keeps_the_save_and_delete_removes_it(app):
    saved(app)
    path = app.settings.data_dir / "saves" / "Old game.paradise"
    app.push(TitleScene(app))
    app.push(app.make("saves"))
    app.frame()
    saves = app.top
    click(app, button(saves, "Delete").rect.center)
    assert isinstance(app.top, MessageScene)
    click(app, button(app.top, "Cancel").rect.center)
    assert app.top is saves and path.is_file(), "cancel keeps the save"
    click(app, button(saves, "Delete").rect.center)
    click(app, button(app.top, "Delete").rect.center)
    assert app.top is saves and not path.exists(), "deleted"
    assert not saves.rows and not button(saves, "Delete").enabled
    app.frame()


def test_the_title_opens_the_saved_games_and_back_returns(app):
    app.push(TitleScene(app))
    app.frame()
    click(app, button(app.top, "Saved games").rect.center)
    assert isinstance(app.top, SavesScene) and app.top.match is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_a_safe_name_keeps_letters_digits_spaces_and_dashes():
    assert safe_name("  Reef/../1: the  end!_ ") == "Reef1 the end"
    assert safe_name("x" * 60) == "x" * 40
    assert safe_name("???") == ""
