"""An explorer never covers the words of the hex it stands on (issue 40, a fresh player's run): a face-down tile's
name its discoverer reads in the hex's middle (E4.2), an island group's name under the island, at the opening
zoom, whatever its canoe's bob."""
from __future__ import annotations

import pygame
import pytest

import engine
from game.app import App
from game.match import Match
from game.render import mapart, pieces
from game.scenes.table import TableScene


def table_at(app: App, state: engine.GameState) -> TableScene:
    table = TableScene(app, Match(app.rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed,
                                  speed="instant"))
    app.push(table)
    app.frame()
    return table


def kept_tile(rules: engine.Ruleset) -> engine.GameState:
    """Tonga's explorer on the island it has just found and kept face down (E4.2): it reads the tile's name."""
    state = engine.new_game(rules, 2, 3)
    for said in ("order Tonga cw", "premove 0807", "explore 0906", "keep"):
        while engine.current_player(state) == engine.CHANCE:
            engine.resolve_chance(state)
        engine.apply(state, engine.parse_action(state, said))
    return state


def explorer_mask(table: TableScene, label: str) -> tuple[pygame.mask.Mask, tuple[float, float], float]:
    """Where Tonga's explorer shows, bobbing, on a picture of the screen's size at the opening zoom; the hex's
    centre and size there."""
    art, camera = table.map.art, table.map.camera
    found = [p for p in art.pieces(table.match.view("Tonga")) if p.kind == "explorer"]
    assert [p.h for p in found] == [table.app.rules.map.hex_of(label)]
    size = table.map.layout.size * camera.zoom
    picture = pygame.Surface(table.app.screen.get_size(), pygame.SRCALPHA)
    for moment in range(16):                                    # the bob's whole cycle

        def clock(y: float, t: float = moment * pieces.BOB_PERIOD / 16) -> float:
            return t

        art.draw_pieces(picture, found, camera.to_screen, size, clock)
    centre = camera.to_screen(*table.map.layout.centres[found[0].h])
    return pygame.mask.from_surface(picture), centre, size


def words_mask(table: TableScene, where: str, centre: tuple[float, float], size: float) -> pygame.mask.Mask:
    """The pixels of the hex's words, drawn by the map's own painters at the explorer's hex."""
    words = pygame.Surface(table.app.screen.get_size(), pygame.SRCALPHA)
    text = pygame.mask.Mask(words.get_size())
    record = next(rec for rec in table.match.view("Tonga")["hexes"] if rec["hex"] == where)
    name = record.get("tile")
    if name is not None and not record["face_up"]:      # the name on the tile's back: drawn with it, not without
        bare = words.copy()
        mapart.tile_back(words, centre, size, name, [], 0)
        mapart.tile_back(bare, centre, size, name, [], 10 ** 6)
        area = pygame.Rect(0, 0, round(size * 2), round(size * 2))
        area.center = round(centre[0]), round(centre[1])
        for y in range(area.top, area.bottom):
            for x in range(area.left, area.right):
                if words.get_at((x, y)) != bare.get_at((x, y)):
                    text.set_at((x, y))
    else:                                               # the island's name on its bar under the island
        back = table.map.art.name(words, centre, size, table.map.art.group_name(
            table.app.rules.map.hex_of(where), record) or "")
        assert back is not None, "the name shows at the opening zoom"
        text.draw(pygame.mask.Mask(back.size, fill=True), back.topleft)
    return text


@pytest.mark.parametrize("where", ["0906", "0807"])
def test_the_explorer_leaves_the_words_of_its_hex_readable(app: App, rules: engine.Ruleset, where: str) -> None:
    """0906: a tile Tonga found and kept face down; 0807: Tonga's home, where an explorer sets out (E3)."""
    state = kept_tile(rules) if where == "0906" else engine.load_scenario(
        rules, {"players": ["Tonga", "Samoa"], "step": "movement", "explorers": {"Tonga": where}})
    table = table_at(app, state)
    explorer, centre, size = explorer_mask(table, where)
    text = words_mask(table, where, centre, size)
    assert text.count() > 0 and explorer.count() > 0
    assert explorer.overlap(text, (0, 0)) is None, "the explorer's canoe leaves the name whole"
