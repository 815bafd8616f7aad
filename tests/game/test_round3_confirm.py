"""The confirmations of issue 40's third round: "Do it, don't ask again" names the kind of decision it quiets (X42,
the Settings' Confirmations row of that kind), a title too wide for the dialog wraps whole rather than losing its
end to an ellipsis, the end screen's Quit asks first as the pause menu's does, and the end screen says the winner's
final VP from the view beside the target (V3)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import pygame
import pytest

import engine
from engine.runner import play_game
from game import settings as preferences
from game import theme, words
from game.app import App
from game.match import Match
from game.scenes.end import EndScene
from game.scenes.message import ConfirmScene, MessageScene
from game.scenes.title import TitleScene

from .conftest import button, click, key
from .helpers import table_for

LONG_TITLE = "Turn a transport canoe face up at Tonga (0806) and move on with the party"


@pytest.mark.parametrize("kind", preferences.ASKS)
def test_X42_the_quiet_button_names_the_kind_its_settings_row_asks_about(app: App, kind: str) -> None:
    """Ticked on "Finish building", it also quiets "End your movement" (the kind "end"): the button says so, in
    the words of the row that asks again."""
    table_for(app, app.rules)
    app.push(app.make("confirm", "Finish building", kind, lambda: None))
    app.frame()
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)
    quiet = dialog.form.widgets[1].label
    row = words.text(f"settings.ask.{kind}")                 # "Ask before turning a tile face up"
    assert quiet.startswith(words.text("confirm.go")) and quiet.endswith(row.removeprefix("Ask "))
    assert dialog.form.widgets[1].rect.x >= 0, "the row of buttons fits the window"


@pytest.mark.parametrize("ui_scale", [1.0, 1.5, 2.0])
def test_X42_a_long_title_wraps_whole_inside_the_dialog(app: App, monkeypatch: pytest.MonkeyPatch,
                                                        ui_scale: float) -> None:
    app.settings.ui_scale = ui_scale
    app.scale = theme.Scale(app.screen.get_height(), ui_scale)
    table_for(app, app.rules)
    app.push(app.make("confirm", LONG_TITLE, "reveal", lambda: None))
    app.frame()
    dialog = app.top
    assert isinstance(dialog, MessageScene)
    drawn: list[tuple[str, pygame.Rect]] = []
    text = theme.text

    def noted(said: str, *args: Any, **kw: Any) -> pygame.Surface:
        surface = text(said, *args, **kw)
        drawn.append((said, surface.get_rect()))
        return surface
    monkeypatch.setattr(theme, "text", noted)
    dialog.draw(app.screen)                                  # the dialog's texts alone
    assert LONG_TITLE in " ".join(s for s, _ in drawn), "the title whole, on as many lines as it needs"
    assert not any(s.endswith("…") for s, _ in drawn), "nothing is cut with an ellipsis"
    width = min(dialog.size(dialog.fitting(dialog.size))[0], app.screen.get_width())
    assert all(r.w <= width for s, r in drawn if s in LONG_TITLE)


def finished(rules: engine.Ruleset) -> Match:
    """A game played by bots to its end (2 players, seed 5: Tonga claims victory above the target)."""
    state, result = play_game(rules, 2, 5, ["rules"], max_turns=10 ** 6)
    assert result.over
    return Match(rules, state, dict.fromkeys(state.names, "rules"), 5, speed="instant")


def ended(app: App, match: Match) -> EndScene:
    app.push(TitleScene(app))
    end = EndScene(app, match)
    app.push(end)
    app.frame()
    return end


def test_the_end_screens_quit_asks_first_as_the_pause_menu_does(app: App) -> None:
    end = ended(app, finished(app.rules))
    click(app, button(end, "Quit").rect.center)
    asked = app.top
    assert app.running and isinstance(asked, MessageScene) and asked.title == "Quit Paradise?"
    assert [w.label for w in asked.form.widgets] == ["Cancel", "Quit"] and asked.form.focused is asked.form.widgets[0]
    key(app, pygame.K_RETURN)                                       # Enter on Cancel: back to the end
    assert app.top is end and app.running
    click(app, button(end, "Quit").rect.center)
    click(app, button(app.top, "Quit").rect.center)
    assert not app.running


def test_V3_the_end_says_the_winners_final_vp_and_the_target(app: App) -> None:
    match = finished(app.rules)
    end = ended(app, match)
    view = match.view(None)
    winner = next(p for p in view["players"] if p["name"] == view["winners"][0])
    vp = Fraction(winner["vp"])
    assert vp > view["threshold"], "a claim above the target: the two numbers differ"
    why = end.why()
    assert f"{winner['name']} claimed victory with {vp} VP" in why and f"target {view['threshold']}" in why
