"""Issue 40, second round: a loss's floating label says a plural owner's possessive right, the top bar says the
step its banner shows, the action list never cuts an item silently, and the decision bar fits its window."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import engine
from game import anim, theme, words
from game.catalog import SOURCE
from game.render import hud
from game.scenes.table.barlayout import SHARE
from game.theme import Scale

from .helpers import spy_texts, table_at


@pytest.fixture
def language() -> Iterator[None]:
    yield
    words.set_language(SOURCE)


def test_M8_4_a_loss_of_the_islanders_says_their_possessive_whole(screen: pygame.Surface) -> None:
    """"the islanders' local warrior lost", never "the islanders's" (M8.4): the owner's possessive is a whole
    field, as the log's lines have it."""
    def said(kind: str, piece: str, player: str) -> str:
        clips, _ = anim.from_events([{"kind": kind, "hex": "0912", "piece": piece, "player": player}], {}, "normal")
        assert isinstance(clips[0], anim.Sink | anim.Flee)
        return clips[0].said
    assert said("piece_removed", "local_warrior", "independent") == "the islanders' local warrior lost"
    assert said("piece_panicked", "local_warrior", "independent") == "the islanders' local warrior panics"
    assert said("piece_removed", "war_canoe", "Samoa") == "Samoa's war canoe lost"


def test_T1_the_top_bar_says_the_step_its_banner_shows(rules: engine.Ruleset, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Building ends: while Victory's banner plays, and then the next turn's, the top bar says that turn and
    step (T1), not the Building the view on the board still holds until the chain is over."""
    table = table_at(rules, tmp_path, (1280, 800), 1.0, "normal",
                     {"players": ["Tonga", "Samoa"], "step": "building", "vp_track": {"Tonga": 0, "Samoa": 0}})
    app = table.app
    try:
        said: list[tuple[int, str]] = []
        bar = hud.top_bar

        def drawn(screen: pygame.Surface, rect: pygame.Rect, view: engine.View, *args: Any) -> None:
            said.append((view["turn"], view["step"]))
            bar(screen, rect, view, *args)
        monkeypatch.setattr(hud, "top_bar", drawn)
        table.act(engine.Action("end", ()))
        banners: list[tuple[int, str]] = []
        for _ in range(2400):
            app.frame()
            playing = next((c for c in table.anim.items if c.begun and isinstance(c, anim.Banner)), None)
            step = next((e for e in playing.after if e["kind"] == "step_started"), None) if playing else None
            if step is not None:                       # a step's banner ("your turn" has none)
                if not banners or banners[-1] != (step["turn"], step["step"]):
                    banners.append((step["turn"], step["step"]))
                assert said[-1] == banners[-1], "the top bar says the banner's turn and step"
            if not table.anim.busy and banners:
                break
        assert banners[0] == (1, "victory") and len(banners) > 1, banners
        assert said[-1] == (table.shown["turn"], table.shown["step"]), "and the view's once it is on the board"
    finally:
        table.match.close()
        pygame.display.quit()


@pytest.mark.parametrize(("code", "ui"), (("en", 1.0), ("fr", 1.0), ("en", 2.0)))
def test_the_palette_ends_a_long_line_with_an_ellipsis_and_shows_it_whole_below(
        rules: engine.Ruleset, tmp_path: Path, language: None, monkeypatch: pytest.MonkeyPatch, code: str,
        ui: float) -> None:
    """"Send your explorer to the Lost box for +1 BP (internal rotation)" (B1) at 1280x800: its row says as much
    as fits and ends with "…", and once highlighted it shows whole under the list."""
    words.set_language(code)
    table = table_at(rules, tmp_path, (1280, 800), ui, "instant", {"players": ["Tonga", "Samoa"], "step": "building"})
    app = table.app
    try:
        rotate = table.menus.palette_actions().index(engine.Action("rotate", ()))
        whole = words.action_text(engine.Action("rotate", ()), rules, table.shown)
        written = spy_texts(monkeypatch)
        table.menus.open_palette()
        palette = table.menus.palette
        assert palette is not None and palette.items[rotate] == whole, "the palette's items stay whole"
        palette.index = rotate
        drawing = type(table.menus).draw_palette

        def draw_palette(screen: pygame.Surface, listed: Any) -> None:
            written.clear()                            # only the palette's words (the bar's button says it too)
            drawing(table.menus, screen, listed)
        monkeypatch.setattr(table.menus, "draw_palette", draw_palette)
        app.frame()
        size = table.menus.scale.small
        if whole in written:
            assert palette.room(size) >= theme.font(size).size(whole)[0], "drawn whole only where it fits its row"
            return
        cut = [said for said in written if said.endswith("…") and whole.startswith(said[:-1])]
        assert cut and all(palette.room(size) >= theme.font(size).size(said)[0] for said in cut), "an ellipsis"
        parts = list(dict.fromkeys(said for said in written if said and not said.endswith("…") and said in whole))
        assert " ".join(parts) == whole, "the highlighted line whole under the list"
    finally:
        table.match.close()
        pygame.display.quit()


@pytest.mark.parametrize("code", ("en", "fr", "it", "ko"))
def test_the_bars_hints_say_every_actions_key_at_ui_scale_1(rules: engine.Ruleset, tmp_path: Path, language: None,
                                                             monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """Played by keys at 1280x800 and UI scale 1, the bar's hints say P for every action in every language
    (French once left it out: "P All actions" is told nowhere else)."""
    words.set_language(code)
    table = table_at(rules, tmp_path, (1280, 800), 1.0, "instant", {"players": ["Tonga", "Samoa"], "step": "building"})
    try:
        written = spy_texts(monkeypatch)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):            # a key: the keys' hints (Tab steps)
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_LSHIFT, mod=0, unicode=""))
        table.app.frame()
        table.app.frame()
        assert table.app.input.device == "keys"
        assert words.text("hint.step") in written and words.text("hint.actions") in written
    finally:
        table.match.close()
        pygame.display.quit()


@pytest.mark.parametrize("step", ("building", "turn_order"))
@pytest.mark.parametrize("code", ("en", "fr"))
def test_at_ui_scale_2_the_bar_leaves_the_map_most_of_the_window(rules: engine.Ruleset, tmp_path: Path,
                                                                 language: None, code: str, step: str) -> None:
    """At UI scale 2 the decision bar draws its words smaller (never under UI scale 1's) rather than take more
    than a quarter of the window's height (it took 36 %, its title and buttons over the lower middle of the map)."""
    words.set_language(code)
    table = table_at(rules, tmp_path, (1280, 800), 2.0, "instant", {"players": ["Tonga", "Samoa"], "step": step})
    try:
        assert table.bar.rect.h <= 800 * SHARE and SHARE <= 0.25
        assert table.bar.sizes.unit >= Scale(800, 1.0).unit
        assert all(b.rect.h > 0 for b in table.bar.buttons), "every choice shows"
    finally:
        table.match.close()
        pygame.display.quit()
