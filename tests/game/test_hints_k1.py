"""Hints a fresh player missed (issue 40, second run): the decision bar's strip keeps Menu and Log at UI scale 2 in
French, the pause menu names Esc, the settings page and the Building menu have their hints, the title shows the
keys until a device is used, the arrows do not move the map under an open menu, and the eye on a button says what
it means (X42), pointed at or focused."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import engine
from game import theme, words
from game.app import App, Settings
from game.scenes.pause import PauseScene
from game.scenes.settings import SettingsScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.ui import prompts

from .conftest import click, close_matches, key, post
from .helpers import screen_of, spy_texts, table_for

WINDOW = (1280, 800)                  # the Steam Deck's
BUILDING = {"players": ["Tonga", "Samoa"], "step": "building", "active": "Tonga"}
Drawn = tuple[prompts.Device, list[prompts.Hint], pygame.Rect, int]


@pytest.fixture
def deck(rules: engine.Ruleset, tmp_path: Path) -> Iterator[App]:
    """The app in a 1280x800 window, in English until a test says otherwise (and again after it)."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(WINDOW)
    made = App(screen, Settings(data_dir=tmp_path / "data", speed="instant"), rules, fixed_dt=1 / 60)
    yield made
    close_matches(made)
    words.set_language("en")
    pygame.display.quit()


def speaking(app: App, language: str, ui_scale: float) -> None:
    """The player's settings: a language and a UI scale, applied as the settings page applies them."""
    app.settings.ui_scale = ui_scale
    app.set_language(language)


def spy_hints(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every row of hints drawn from now on: the device, the hints in words, the room and the text size."""
    drawn: list[Drawn] = []
    real = prompts.hint_bar

    def spy(surface: pygame.Surface, device: prompts.Device, hints: list[prompts.Hint], room: pygame.Rect,
            size: int, *rest: Any) -> pygame.Rect:
        drawn.append((device, list(hints), pygame.Rect(room), size))
        return real(surface, device, hints, room, size, *rest)
    monkeypatch.setattr(prompts, "hint_bar", spy)
    return drawn


def shown(row: Drawn) -> list[str]:
    """The words of the hints a row lays out (those that fit its room)."""
    device, hints, room, size = row
    return [label for _, label in prompts.laid_out(device, hints, room.w, size)]


def row_with(drawn: list[Drawn], code: str) -> Drawn:
    """The last row drawn that asks for the hint of this catalog code."""
    said = words.text(code)
    return next(row for row in reversed(drawn) if any(label == said for _, label in row[1]))


def on_screen(screen: pygame.Surface, art: pygame.Surface, room: pygame.Rect) -> bool:
    """Whether a glyph stands somewhere along a row of hints: its opaque pixels on the screen as drawn."""
    solid = [(x, y, art.get_at((x, y))[:3]) for x in range(art.get_width()) for y in range(art.get_height())
             if art.get_at((x, y)).a == 255]
    top = room.centery - art.get_height() // 2
    return any(all(screen.get_at((left + x, top + y))[:3] == colour for x, y, colour in solid)
               for left in range(room.x, room.right - art.get_width() + 1))


def building(app: App, rules: engine.Ruleset) -> TableScene:
    table: TableScene = table_for(app, rules, BUILDING, seats=("human", "easy"))
    app.settle()
    return table


# --- 1. the bar's strip ----------------------------------------------------------------------------------------

def test_at_ui_scale_2_in_french_the_bars_strip_shows_the_menu_and_the_log(deck: App, rules: engine.Ruleset,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    speaking(deck, "fr", 2.0)
    building(deck, rules)
    key(deck, pygame.K_TAB)                                   # the player is on the keys
    drawn = spy_hints(monkeypatch)
    deck.frame()
    row = row_with(drawn, "hint.log")
    laid = shown(row)
    for code in ("hint.choose", "hint.step", "hint.menu", "hint.log"):
        assert words.text(code) in laid, (code, laid)
    device, _, room, size = row
    for intent in ("menu", "log"):
        art = prompts.glyph(prompts.style(device), intent, prompts.glyph_height(size))
        assert art is not None and on_screen(deck.screen, art, room), f"the {intent} key is drawn in the strip"


def test_the_bars_strip_keeps_its_hints_that_always_show_in_every_language_and_scale(
        deck: App, rules: engine.Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    for language in ("en", "fr", "it", "ko"):
        for ui_scale in (1.0, 1.5, 2.0):
            speaking(deck, language, ui_scale)
            if not deck.stack:
                building(deck, rules)
            table = deck.top
            assert isinstance(table, TableScene)
            drawn = spy_hints(monkeypatch)
            for device in ("keys", "mouse", "pad"):
                deck.input.device = device
                deck.frame()
                laid = shown(row_with(drawn, "hint.log"))
                wanted = [words.text(k) for i, k in (("select", "hint.choose"), ("step", "hint.step"),
                                                      ("menu", "hint.menu"), ("log", "hint.log"))
                          if prompts.buttons(prompts.style(deck.input), i)]
                assert laid[:len(wanted)] == wanted, (language, ui_scale, device, laid)


# --- 2. a switch of language renames the keys ----------------------------------------------------------------------

def test_a_switch_of_language_renames_the_keys_on_their_glyphs(deck: App, monkeypatch: pytest.MonkeyPatch) -> None:
    page = SettingsScene(deck)
    deck.push(page)
    deck.frame()
    english = prompts.glyph("keys", "select", 30)
    assert english is not None
    written = spy_texts(monkeypatch)
    page.set_language("fr")                                   # the settings' language row
    french = prompts.glyph("keys", "select", 30)
    assert french is not None
    assert "Entrée" in written, "the glyph's caption is drawn again in French"
    assert pygame.image.tobytes(french, "RGBA") != pygame.image.tobytes(english, "RGBA")


# --- 3. hints where they were missing --------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_settings_page_says_how_to_move_choose_and_go_back(deck: App, monkeypatch: pytest.MonkeyPatch,
                                                             language: str) -> None:
    for ui_scale in (1.0, 1.5, 2.0):
        speaking(deck, language, ui_scale)
        page = SettingsScene(deck)
        deck.reset(page)
        drawn = spy_hints(monkeypatch)
        key(deck, pygame.K_DOWN)
        row = row_with(drawn, "hint.back")
        assert shown(row) == [words.text(k) for k in ("hint.change", "hint.choose", "hint.back")]
        assert page.paper.bottom <= row[2].top, "the hints stand under the sheet, never on it"


def test_the_pause_menu_names_esc_at_ui_scale_2_in_french(deck: App, rules: engine.Ruleset,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    speaking(deck, "fr", 2.0)
    building(deck, rules)
    key(deck, pygame.K_ESCAPE)
    assert isinstance(deck.top, PauseScene)
    drawn = spy_hints(monkeypatch)
    deck.frame()
    row = row_with(drawn, "hint.resume")
    assert words.text("hint.resume") in shown(row)
    art = prompts.glyph("keys", "back", prompts.glyph_height(row[3]))
    assert art is not None and on_screen(deck.screen, art, row[2]), "Échap is drawn"


def test_the_building_menu_says_how_to_move_choose_and_close(deck: App, rules: engine.Ruleset,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    speaking(deck, "fr", 2.0)
    table = building(deck, rules)
    click(deck, screen_of(table, "0807"))
    assert table.menus.menu is not None, "Tonga's menu is open"
    drawn = spy_hints(monkeypatch)
    key(deck, pygame.K_DOWN)
    row = row_with(drawn, "hint.close")
    assert shown(row) == [words.text(k) for k in ("hint.move", "hint.choose", "hint.close")]
    assert table.menus.menu.rect.contains(row[2]), "on the menu's panel"


def test_the_title_shows_the_keys_until_a_device_is_used(deck: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = spy_hints(monkeypatch)
    deck.push(TitleScene(deck))
    deck.frame()
    assert prompts.style(row_with(drawn, "hint.quit")[0]) == "keys", "no mouse glyphs before the mouse is used"
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(0, 0), buttons=(0, 0, 0)))   # as SDL says it
    deck.frame()
    assert prompts.style(row_with(drawn, "hint.quit")[0]) == "keys", "the window opening under the pointer"
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(420, 310), rel=(20, 10), buttons=(0, 0, 0)))
    deck.frame()
    assert prompts.style(row_with(drawn, "hint.quit")[0]) == "mouse", "the mouse moved: its glyphs"


# --- 4. an open menu keeps the map still ---------------------------------------------------------------------------

def test_the_arrows_do_not_move_the_map_under_an_open_menu(deck: App, rules: engine.Ruleset) -> None:
    """The Building menu and the palette alike: left and right (with Shift or not) leave the map where it is and
    the list open; up and down move between its lines."""
    table = building(deck, rules)
    for opened in ("menu", "palette"):
        if opened == "menu":
            click(deck, screen_of(table, "0807"))
        else:
            key(deck, pygame.K_p)
        deck.settle()
        assert table.menus.open, opened
        camera = table.map.camera
        before = (camera.x, camera.y, camera.zoom)
        for arrow in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_LEFT):
            key(deck, arrow, frames=3)
            key(deck, arrow, frames=3, mod=pygame.KMOD_SHIFT)
        assert (camera.x, camera.y, camera.zoom) == before, f"the map stays still under the {opened}"
        assert table.menus.open, "left and right do not close it"
        listed = table.menus.menu.list if table.menus.menu is not None else table.menus.palette
        assert listed is not None
        index = listed.index
        key(deck, pygame.K_DOWN)
        assert listed.index != index, "up and down still move between its lines"
        key(deck, pygame.K_ESCAPE)
        assert not table.menus.open


# --- 5. the eye on a button ------------------------------------------------------------------------------------

def marked(app: App, rules: engine.Ruleset) -> tuple[TableScene, int]:
    """Samoa, the last to build, built a transport canoe in secret (B1.2): "Finish building" shows every build to
    the others, with an eye on its button (X42). The table and that button's index."""
    table: TableScene = table_for(app, rules, {**BUILDING, "active": "Samoa"}, seats=("easy", "human"))
    app.settle()
    table.act(engine.Action("build", ("transport_canoe", "0806")))
    app.settle()
    index = next(i for i, a in enumerate(table.bar.actions) if a is not None and table.final(a) == "reveal")
    return table, index


def test_the_eye_is_explained_when_its_button_is_pointed_at(deck: App, rules: engine.Ruleset,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    table, index = marked(deck, rules)
    written = spy_texts(monkeypatch)
    spot = table.bar.buttons[index].rect.center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(2, 2), buttons=(0, 0, 0)))
    deck.frame()
    assert any(words.text("ui.mark.reveal") in line for line in written), "the words box says what the eye means"


def test_the_eye_is_explained_when_its_button_is_focused(deck: App, rules: engine.Ruleset,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table, index = marked(deck, rules)
    for _ in range(len(table.focus.stops())):
        if table.focus.stop() == ("button", index):
            break
        key(deck, pygame.K_TAB)
    assert table.focus.stop() == ("button", index)
    written = spy_texts(monkeypatch)
    deck.frame()
    said = words.text("ui.mark.reveal")
    assert any(said in line for line in written), "the words box says what the eye means"
    assert theme.font(deck.scale.small).size(said)[0] > 0
