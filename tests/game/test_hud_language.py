"""The table's words in the language in use (issue 40, 5 and 25): a language chosen mid-game from the pause menu
re-words the top bar and the players' panel at once, and a tile's name is a place's name, in the language's
catalog, in the log's lines and on the tile flipping over."""
from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

import engine
from engine import views
from game import anim, theme, words
from game.app import App
from game.catalog import SOURCE
from game.render import hud
from game.scenes.settings import SettingsScene
from game.words import lookup

from .conftest import button, click, key, paused_new_game
from .helpers import spy_texts

Painted = dict[str, list[str]]


@pytest.fixture
def english() -> Iterator[None]:
    """The test changes the language: the source language again after it, whatever happens."""
    words.set_language(SOURCE)
    yield
    words.set_language(SOURCE)


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> Painted:
    """The words the top bar's and the players' panel's pictures were last painted with."""
    seen: Painted = {"top": [], "left": []}
    text = theme.text

    def spy(name: str, paint: Callable[..., Any]) -> Callable[..., Any]:
        def painting(*args: Any, **kw: Any) -> Any:
            said: list[str] = []

            def written(words_: str, *more: Any, **named: Any) -> pygame.Surface:
                said.append(words_)
                return text(words_, *more, **named)
            with monkeypatch.context() as inside:
                inside.setattr(theme, "text", written)
                out = paint(*args, **kw)
            seen[name] = said
            return out
        return painting
    monkeypatch.setattr(hud, "top_bar", spy("top", hud.top_bar))
    monkeypatch.setattr(hud, "players_panel", spy("left", hud.players_panel))
    return seen


def choose_language(app: App, code: str) -> None:
    """Pause → Settings → the language row stepped to `code` by the keys → back to the table."""
    click(app, button(app.top, words.text("menu.settings")).rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    scene.form.focus = next(i for i, w in enumerate(scene.form.widgets) if w.label == words.text("settings.language"))
    for _ in range(4):
        if app.settings.language == code:
            break
        key(app, pygame.K_RIGHT)
    assert words.language_in_use() == code
    key(app, pygame.K_ESCAPE)                      # to the pause menu
    key(app, pygame.K_ESCAPE, frames=6)            # to the table: its pictures drawn again (one a frame)


@pytest.mark.parametrize("code", ("fr", "ko"))
def test_the_top_bar_and_the_players_panel_change_language_mid_game(app: App, english: None, painted: Painted,
                                                                   code: str) -> None:
    table = paused_new_game(app)
    view = table.shown
    english_words = {words.text("hud.turn", turn=view["turn"]), words.text("hud.hand")}
    choose_language(app, code)
    assert app.top is table
    assert words.text("hud.turn", turn=view["turn"]) in painted["top"], "the turn in the new language"
    assert words.text(f"step.{view['step']}") in painted["top"], "the step in the new language"
    assert words.text("hud.hand") in painted["left"], "the hand's title in the new language"
    assert english_words.isdisjoint(painted["top"] + painted["left"]), "no English left"


class Marked(gettext.NullTranslations):
    """A catalog that writes every place's name in brackets, and nothing else: where the names come from it."""

    def pgettext(self, context: str, message: str) -> str:
        return f"[{message}]" if context.startswith("place.name.") else message


def test_a_tiles_name_is_a_place_in_the_language_in_use(rules: engine.Ruleset, monkeypatch: pytest.MonkeyPatch,
                                                        screen: pygame.Surface) -> None:
    """E4.2: the log's line of a tile turned face up, and the tile's flip on the map, name its island from the
    catalog, as the map's labels do (issue 40, 25)."""
    monkeypatch.setattr(lookup, "language", "ko")
    monkeypatch.setattr(lookup, "_catalog", Marked())
    revealed: views.TileRevealedEvent = {"kind": "tile_revealed", "hex": "0906", "tile": "Niue", "orientation": 0,
                                         "by": "Tonga"}
    line = words.event_lines([revealed], rules)[0].text
    assert "[Niue]" in line and "[Niue]]" not in line
    clips, _ = anim.from_events([revealed], {}, "normal")
    flip = clips[0]
    assert isinstance(flip, anim.Flip)
    written = spy_texts(monkeypatch)
    flip.advance(flip.duration)
    flip.draw(screen, lambda label: ((300.0, 200.0), 60.0), 20)
    assert "[Niue]" in written, "the flipped tile's name, from the catalog"
