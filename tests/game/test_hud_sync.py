"""The players' panel in step with the log (issue 40, 26) and its rows' notes whole in every language (20)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import engine
from game import words
from game.catalog import LANGUAGES, SOURCE
from game.render import hud

from .helpers import spy_texts, table_at


@pytest.fixture
def language() -> Iterator[None]:
    yield
    words.set_language(SOURCE)


def test_V1_the_panel_says_the_vp_the_log_says_while_the_chain_plays_on(rules: engine.Ruleset, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Building ends, Victory gives Samoa its VP (V1), then the next turn's banner plays: the panel says the VP
    from the moment the log does, not once the banner is over."""
    table = table_at(rules, tmp_path, (1280, 720), 1.0, "normal",
                     {"players": ["Tonga", "Samoa"], "step": "building", "vp_track": {"Tonga": 0, "Samoa": 0}})
    app = table.app
    try:
        shown: list[str] = []
        panel = hud.players_panel

        def drawn(screen: pygame.Surface, rect: pygame.Rect, view: engine.View, *args: Any) -> Any:
            shown.append(next(p["vp"] for p in view["players"] if p["name"] == "Samoa"))
            return panel(screen, rect, view, *args)
        monkeypatch.setattr(hud, "players_panel", drawn)
        table.act(engine.Action("end", ()))
        told = words.text("event.vp_changed", player="Samoa", new="4", old="0")
        for _ in range(1200):
            app.frame()
            if any(line == told for line, _ in table.log.lines):
                break
        assert any(line == told for line, _ in table.log.lines), "the log says Samoa's new VP"
        for _ in range(40):                                    # the VP's tick is over, the next banner is not
            app.frame()
        assert table.anim.busy, "the next turn's banner still plays"
        assert shown[-1] == "4", "the panel says what the log says"
    finally:
        table.match.close()
        pygame.display.quit()


SCENARIO = {"players": ["Tonga", "Samoa"], "ocean": ["1006"], "explorers": {"Samoa": "1006"},
            "cards": {"Samoa": {"hand": ["hui"], "shown": ["feather_cloak"]}}}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("ui", (1.0, 2.0))
def test_a_rows_notes_show_whole_in_every_language(rules: engine.Ruleset, tmp_path: Path, language: None,
                                                    monkeypatch: pytest.MonkeyPatch, code: str, ui: float) -> None:
    """"1 hidden card · 1 shown · explorer out" is never cut: it breaks onto a second line where it must."""
    words.set_language(code)
    written = spy_texts(monkeypatch)
    table = table_at(rules, tmp_path, (1280, 800), ui, "instant", SCENARIO)
    try:
        parts = (words.unit("tip.hidden_cards", 1), words.text("hud.shown", n=1), words.text("hud.explorer.out"))
        for part in parts:
            assert any(part in said and "…" not in said for said in written), f"{part!r} shown whole ({code})"
    finally:
        table.match.close()
        pygame.display.quit()
