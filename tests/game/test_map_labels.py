"""The map's words at every UI scale (issue 40, 2): the island groups' names and the stacks' heights show at the
opening zoom, at least as large as UI scale 1's smallest text (CLIENT.md: 1/45 of the window's height), and the
side columns leave the map at least half the window's width."""
from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import engine
from game import catalog, theme, words
from game.app import App, Settings
from game.match import Match
from game.render import mapart, pieces
from game.scenes.table import TableScene
from game.words import lookup

SIZES = ((1280, 800), (1920, 1200))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[Any]]]:
    """What the map's renderer draws: each island group's name (its words, where on the map's picture, and the
    size of its text: None where it was left out) and each stack's height (the text size, and the badge or None)."""
    seen: dict[str, list[Any]] = {"names": [], "badges": []}
    name, badge, text = mapart.MapArt.name, pieces.badge, theme.text

    def named(art: mapart.MapArt, surface: pygame.Surface, centre: mapart.Point, size: float,
              said: str) -> Any:
        sizes: list[int] = []

        def written(words: str, px: int, *args: Any, **kw: Any) -> pygame.Surface:
            sizes.append(px)
            return text(words, px, *args, **kw)
        with monkeypatch.context() as inside:
            inside.setattr(theme, "text", written)
            out = name(art, surface, centre, size, said)
        seen["names"].append((said, centre, sizes[0] if sizes else None))
        return out

    def height(count: int, size: float, min_text: int = 0) -> pygame.Surface | None:
        shown = badge(count, size, min_text)
        seen["badges"].append((size, shown))
        return shown
    monkeypatch.setattr(mapart.MapArt, "name", named)
    monkeypatch.setattr(pieces, "badge", height)
    yield seen


def opened(rules: engine.Ruleset, size: tuple[int, int], ui: float, data: Path) -> TableScene:
    """A four-player game's table as it opens for Tonga at the screen, settled."""
    pygame.display.init()
    pygame.font.init()
    app = App(pygame.display.set_mode(size), Settings(data_dir=data, speed="instant", ui_scale=ui), rules,
              fixed_dt=1 / 60)
    match = Match.new(rules, 4, ["human", "rules", "rules", "rules"], 3, speed="instant")
    table = TableScene(app, match)
    app.push(table)
    app.settle()
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ui", theme.UI_SCALES)
def test_island_names_and_stack_heights_show_at_the_opening_zoom(rules: engine.Ruleset, tmp_path: Path,
                                                                 drawn: dict[str, list[Any]],
                                                                 size: tuple[int, int], ui: float) -> None:
    table = opened(rules, size, ui, tmp_path)
    try:
        least = theme.Scale(size[1]).unit                  # UI scale 1's smallest text on this window
        groups = {ig.name for ig in rules.map.islands}
        names = {said: (centre, px) for said, centre, px in drawn["names"]}
        assert groups <= set(names), "every island group is named"
        for said in groups:
            px = names[said][1]
            assert px is not None and px >= least, f"{said} readable at UI scale {ui}"
        assert drawn["badges"], "the stacks at home have their heights drawn"
        for text_size, shown in drawn["badges"]:
            assert shown is not None and round(text_size) >= least, f"a stack's height readable at UI scale {ui}"
        camera, home = table.map.camera, table.shown["you"]      # a tribe's home bears its name (S2)
        x, y = names[home][0]                                       # the hex's centre on the map's picture
        where = camera.to_screen(x / camera.level, y / camera.level)
        assert table.map_area().collidepoint(where), "the home's name shows clear of the panels"
        assert table.map_area().w >= size[0] / 2, "the columns leave the map half the window's width"
    finally:
        table.match.close()
        pygame.display.quit()


class Marked(gettext.NullTranslations):
    """A catalog that writes every place's name in brackets, and nothing else: where the names come from it."""

    def pgettext(self, context: str, message: str) -> str:
        return f"[{message}]" if context.startswith("place.name.") else message


def test_place_names_are_in_the_language_in_use(rules: engine.Ruleset, tmp_path: Path, drawn: dict[str, list[Any]],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Island groups, seas and tiles are messages of the catalog (issue 40, 25): the map's labels and the log's
    places take them from the language's catalog, as card titles do."""
    english = {m.english for m in catalog.sources(words.EN) if m.context.startswith("place.name.")}
    assert {ig.name for ig in rules.map.islands} | {name for name, _ in rules.map.labels_named} <= english
    assert {tile.name for tile in rules.tiles} <= english
    monkeypatch.setattr(lookup, "language", "ko")
    monkeypatch.setattr(lookup, "_catalog", Marked())
    table = opened(rules, (1280, 800), 1.0, tmp_path)
    try:
        assert {said for said, _, _ in drawn["names"]} >= {f"[{ig.name}]" for ig in rules.map.islands}
        assert words.place("0706", rules) == "[Fiji] (0706)"
        assert words.place("0906", rules, {"0906": "Niue"}) == "[Niue] (0906)"     # a face-up tile's
    finally:
        table.match.close()
        pygame.display.quit()
