"""The end of a game (V3, V5, X11): the banner, each player's VP by source as the view gives them (V1, V4), the VP
track over the turns, the buttons by mouse, keys and pad, and a screen that keeps moving gently."""
from __future__ import annotations

import hashlib
from fractions import Fraction
from typing import Any

import pygame
import pytest

import engine
from engine.runner import play_game
from game import theme, virtualpad
from game.app import App, Settings
from game.flow import new_match
from game.match import Match
from game.scenes.end import SOURCE_COLOURS, EndScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene

from .conftest import SIZE, button, click, key

SECOND = 60                      # frames at the fixtures' fixed clock of 1/60 s


def finished(rules: engine.Ruleset, players: int = 2, seed: int = 5) -> Match:
    """A game played by bots to its end (2 players, seed 5: Tonga wins in turn 15)."""
    state, result = play_game(rules, players, seed, ["rules"], max_turns=10 ** 6)
    assert result.over
    return Match(rules, state, dict.fromkeys(state.names, "rules"), seed, speed="instant")


def ended(app: App, match: Match) -> EndScene:
    app.push(TitleScene(app))
    end = EndScene(app, match)
    app.push(end)
    return end


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.frame()


def picture(app: App, rect: pygame.Rect | None = None) -> str:
    """A fingerprint of what the screen shows (in `rect`)."""
    return hashlib.sha256(pygame.image.tobytes(app.screen.subsurface(rect or app.screen.get_rect()), "RGB")).hexdigest()


def pixels(app: App, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixels of exactly this colour the screen holds in `rect`."""
    return int(pygame.mask.from_threshold(app.screen.subsurface(rect), colour, (1, 1, 1, 255)).count())


def runs(app: App, y: int, x0: int, x1: int) -> dict[tuple[int, int, int], int]:
    """How many pixels of each colour a row of the screen holds between x0 and x1."""
    out: dict[tuple[int, int, int], int] = {}
    for x in range(x0, x1):
        colour = tuple(app.screen.get_at((x, y)))[:3]
        out[colour] = out.get(colour, 0) + 1         # type: ignore[index]
    return out


def test_V1_each_players_bar_shows_the_vp_of_each_source_the_view_gives(app, rules):
    match = finished(rules, 4)
    end = ended(app, match)
    frames(app, 3 * SECOND)                          # every bar has grown in
    view = match.view(None)
    for player in view["players"]:
        parts = {source: Fraction(vp) for source, vp in player["vp_parts"].items()}
        assert sum(parts.values()) == Fraction(player["vp"]), "V1: the parts add up to the VP on the track"
        shown = next(s for s in end.scores if s.name == player["name"])
        assert shown.parts == parts and shown.vp == Fraction(player["vp"])
        bar, per_vp = end.bar_at[player["name"]]
        row = runs(app, bar.y + 2, bar.x, bar.right + app.scale.unit)
        for source, vp in parts.items():
            if vp > 0:
                # each part outlined in ink (a pixel at each end), its ends rounded to whole pixels
                assert abs(row.get(SOURCE_COLOURS[source], 0) - float(vp) * per_vp) <= 4, \
                    f"{player['name']}'s {source}: {vp} VP wide"
    assert [s.vp for s in end.scores] == sorted((s.vp for s in end.scores), reverse=True), "most VP first"


def test_V1_the_graph_has_a_line_per_player_with_a_point_per_turn_drawn_in_from_the_left(app, rules):
    match = finished(rules)
    end = ended(app, match)
    view = match.view(None)
    assert list(end.lines) == [p["name"] for p in view["players"]]
    for name, points in end.lines.items():
        assert [turn for turn, _ in points] == list(range(view["turn"] + 1)), "the start, then each turn's end"
        assert [vp for _, vp in points] == [Fraction(e["vp"][name]) for e in view["vp_history"]]
        assert points[-1][1] == Fraction(next(p["vp"] for p in view["players"] if p["name"] == name))
    frames(app, SECOND)                               # the lines are being drawn in
    assert 0 < end.drawn_in.value < 1
    assert end.placed is not None
    graph = end.placed.graph
    right = pygame.Rect(graph.centerx + graph.w // 4, graph.y, graph.w // 4, graph.h)
    colours = [theme.tribe_colour(name) for name in end.lines]
    early = {c: pixels(app, right, c) for c in colours}
    frames(app, 2 * SECOND)
    late = {c: pixels(app, right, c) for c in colours}
    assert all(early[c] == 0 < late[c] for c in colours), (early, late)


def test_V3_a_game_stopped_by_the_turn_limit_ends_with_as_many_points_as_turns(app):
    app.settings.max_turns = 2
    app.push(TitleScene(app))
    new_match(app, 2, ["rules"], 5, {})
    for _ in range(2000):
        app.frame()
        if isinstance(app.top, EndScene):
            break
    end = app.top
    assert isinstance(end, EndScene) and "no winner after 2 turns" in app.settings.results[0]
    assert {name: [turn for turn, _ in points] for name, points in end.lines.items()} == \
        {name: [0, 1, 2] for name in end.match.names}
    assert end.why() == "No one reached 28 VP within 2 turns."


def test_the_buttons_answer_the_mouse(app, rules):
    end = ended(app, finished(rules))
    app.frame()
    click(app, button(end, "Title").rect.center)
    assert isinstance(app.top, TitleScene)


def test_the_buttons_answer_the_keys_along_their_row(app, rules):
    end = ended(app, finished(rules))
    app.frame()
    assert end.form.focused is button(end, "New game")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    assert end.form.focused is button(end, "New game")
    key(app, pygame.K_RETURN, frames=2)
    assert isinstance(app.top, SetupScene)


@pytest.mark.skipif(virtualpad.available() is not None, reason=f"no virtual pads here: {virtualpad.available()}")
def test_the_buttons_answer_a_pad(app, rules):
    pad = virtualpad.VirtualPad("xbox")
    try:
        end = ended(app, finished(rules))
        app.frame()
        for press in (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_A):
            pad.press(press)
            frames(app, 2)
        assert isinstance(app.top, TitleScene) and end not in app.stack, "right to Title, then A"
    finally:
        pad.unplug()
        pygame.event.clear()


def test_the_end_keeps_moving_two_seconds_apart_and_bursts_confetti_over_the_banner(app, rules):
    end = ended(app, finished(rules))
    frames(app, 8)
    assert end.placed is not None
    above = pygame.Rect(0, 0, SIZE[0], end.placed.box.y)
    thrown: list[bool] = []                 # the table's sea moves behind too: what the confetti itself drew
    draw = end.confetti.draw

    def watched(screen: pygame.Surface, *args: Any) -> None:
        before = screen.subsurface(above).copy()
        draw(screen, *args)
        thrown.append(pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(screen.subsurface(above), "RGB"))
    end.confetti.draw = watched  # type: ignore[method-assign]
    frames(app, SECOND // 2)
    assert any(thrown), "the burst flies out over the panel"
    app.settle()
    assert end.settled and not end.tweens.busy
    first = picture(app)
    frames(app, 2 * SECOND)
    assert picture(app) != first, "the banner's marks bob and the winner's last point glows"


def test_reduce_motion_shows_the_score_whole_at_once_and_only_the_glow_breathes(screen, rules, tmp_path):
    """Under reduce motion: no confetti, no bobbing, the bars and lines whole from the first frame; the glow around
    the winner's last point changes colour, so frames 2 s apart still differ."""
    app = App(screen, Settings(data_dir=tmp_path / "data", speed="instant", reduce_motion=True), rules,
              fixed_dt=1 / 60)
    end = ended(app, finished(rules))
    app.frame()
    assert all(bar.value == 1 for bar in end.bars) and end.drawn_in.value == 1
    assert end.placed is not None
    thrown: list[float] = []                # the table's sea still moves behind: the confetti is watched itself
    end.confetti.draw = lambda *args: thrown.append(args[-1])  # type: ignore[method-assign]
    banner = picture(app, end.placed.banner)
    frames(app, SECOND // 2)
    assert not thrown, "no confetti"
    assert picture(app, end.placed.banner) == banner, "the banner's marks stand still"
    first = picture(app)
    frames(app, 2 * SECOND)
    assert picture(app) != first


@pytest.mark.parametrize(("size", "ui_scale"), [((1280, 720), 1.0), ((1280, 720), 1.5), ((3840, 2160), 1.0),
                                                ((3840, 2160), 1.5)])
def test_the_layout_holds_from_720p_to_4k_at_every_ui_scale(rules, tmp_path, size, ui_scale):
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(size)
        app = App(screen, Settings(data_dir=tmp_path / "data", speed="instant", ui_scale=ui_scale), rules,
                  fixed_dt=1 / 60)
        end = ended(app, finished(rules, 4))
        frames(app, 2)
        at = end.placed
        assert at is not None
        parts = [at.banner, at.bars, at.graph, at.buttons]
        assert all(at.box.contains(part) for part in parts), "everything inside the panel"
        assert screen.get_rect().contains(at.box)
        assert not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1:]), "nothing overlaps"
        assert all(at.buttons.contains(w.rect) for w in end.form.widgets)
        unit = theme.Scale(size[1]).unit                 # UI scale 1's, the smallest the end may fall back to
        assert at.graph.h >= unit * 8 and at.bars.w >= unit * 15, "room to read the score"
        bottom = max(bar.bottom for bar, _ in end.bar_at.values())
        assert bottom < at.bars.bottom, "every player's bar is inside the breakdown"
    finally:
        pygame.display.quit()
