"""The rules reference (issue 24): an entry for every rule code the client can show; a broken reference file is
refused with its key; the help page opens from the title, the pause menu, F1/H at the table (on a lit hex, a
refusal, the decision) and a click on a log line; typing searches, Esc clears, then closes."""
from __future__ import annotations

import ast
import itertools
import re
from dataclasses import astuple
from pathlib import Path
from typing import ClassVar

import pygame
import pytest
import yaml

import engine
from game import help, paths, theme, words
from game.app import App, Settings
from game.render import diagrams, hud
from game.scenes.help import HelpScene
from game.scenes.pause import PauseScene
from game.scenes.title import TitleScene
from game.ui import prompts

from .conftest import button, click, key, post
from .helpers import screen_of, table_for

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"^[STEMBVACX][0-9]+(?:\.[0-9]+)*$")
IN_TEXT = re.compile(r"\(([STEMBVACX][0-9]+(?:\.[0-9]+)*)\)")


def shown_codes() -> set[str]:
    """Every rule code the engine or the client can put on screen: the string constants that are a code (the
    rule of an event, an action, a refusal, a decision) and the codes in brackets inside texts."""
    codes = set()
    for path in [*ROOT.joinpath("engine").rglob("*.py"), *ROOT.joinpath("game").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if CODE.match(node.value):
                    codes.add(node.value)
                codes.update(IN_TEXT.findall(node.value))
    return codes


def test_every_rule_code_the_game_can_show_has_an_entry():
    codes = shown_codes()
    assert {"E4.3", "M8.4", "X42", "B1.3", "A7"} <= codes and len(codes) > 60, "the scan finds the codes"
    missing = sorted(c for c in codes if c not in help.reference().entries)
    assert missing == []


def test_a_broken_reference_is_refused_naming_the_key():
    data = yaml.safe_load(paths.asset("help", "rules.yaml").read_text(encoding="utf-8"))
    data["entries"]["E5"]["see"] = ["E99"]
    with pytest.raises(engine.ConfigError, match=r"rules\.yaml: entries\.E5: expected links to entries that exist"):
        help.parse(data)
    data = yaml.safe_load(paths.asset("help", "rules.yaml").read_text(encoding="utf-8"))
    data["terms"]["knots"]["rule"] = "Q1"
    with pytest.raises(engine.ConfigError, match=r"terms\.knots\.rule"):
        help.parse(data)


def test_the_rules_open_from_the_title_and_typing_searches(app):
    app.push(TitleScene(app))
    app.frame()
    click(app, button(app.top, "Rules").rect.center)
    page = app.top
    assert isinstance(page, HelpScene) and page.code == "C1"
    for char in "knots":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(char), mod=0, unicode=char))
    app.frame()
    assert page.query == "knots" and isinstance(app.top, HelpScene), "letters search; h, l, f are not commands"
    first = page.codes[page.list.index]
    assert first is not None and "knot" in (page.ref.entries[first].title + page.ref.entries[first].text).lower()
    key(app, pygame.K_RETURN)
    assert page.code == first
    key(app, pygame.K_ESCAPE)
    assert page.query == "" and app.top is page, "Esc clears the search first"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene) and not app.input.typing, "then closes (issue 40)"


def test_a_link_in_the_text_opens_its_rule(app):
    app.push(HelpScene(app, "E4.3"))
    app.frame()
    page = app.top
    assert page.links, "the entry's links are drawn"
    rect, code = page.links[0]
    click(app, rect.center)
    assert page.code == code and page.history == ["E4.3"]


def test_help_at_the_table_opens_the_rule_behind_what_is_pointed_at(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene) and app.top.code == table.shown["decision"]["rule"], "the decision's"
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    pos = screen_of(table, "0807")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.frame()
    key(app, pygame.K_h)
    assert app.top.code == "E3", "a lit hex: the rule of what a click there does (the pre-move)"
    key(app, pygame.K_ESCAPE)
    click(app, screen_of(table, "1509"))                 # refused: unexplored, not next to the pre-move
    said = table.menus.toasts[0][0]
    code = IN_TEXT.findall(said)[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame()
    key(app, pygame.K_F1)
    assert app.top.code == code, "the refusal just shown"


def test_the_log_never_begins_with_the_tail_of_a_wrapped_line(app):
    """The log shows its newest lines at the bottom; at the top a long line shows whole or not at all (the window
    showed "...in Tongareva (1304)." with the line's start scrolled away)."""
    long = "Hiva places a face-down tile in Tongareva (1304) and keeps it hidden from everyone else for now."
    for height, n in itertools.product(range(6, 14), range(1, 6)):
        rect = pygame.Rect(0, 0, app.scale.unit * 16, app.scale.unit * height)
        lines = [(long, "E4.2")] * n + [("Turn 4: Turn order.", "T1")]
        _, rows = hud.log_rows(rect, lines, 0, app.scale)
        assert rows[0][2], f"{n} lines in {height} units: the first row shown is a line's first row"
        assert rows[-1][0] == "Turn 4: Turn order.", "the newest line is always shown"


def test_a_click_on_a_log_line_opens_its_rule_and_the_pause_menu_has_the_rules(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    click(app, screen_of(table, "0807"))                 # the pre-move: a line in the log
    inner, rows = hud.log_rows(table.log.panel(table.panels()["log"]), table.log.lines, table.log.scroll, app.scale)
    _, rule, _, top = rows[-1]
    assert rule
    click(app, (inner.centerx, top + 2))
    assert isinstance(app.top, HelpScene) and app.top.code == rule
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, button(app.top, words.text("menu.rules")).rect.center)
    assert isinstance(app.top, HelpScene)


def test_the_words_of_a_decision_explain_themselves_on_hover_and_focus(app, rules, monkeypatch):
    """Pointing at the bar (or focusing a button with the keys) shows the glossary's words in the decision and
    in the button, above the bar."""
    shown, placed = [], []

    def tooltip(screen, at, lines, scale, avoid=None, within=None):
        shown.append(lines)
        placed.append((at[0], at[1], avoid))
        return pygame.Rect(0, 0, 1, 1)
    monkeypatch.setattr(hud, "tooltip", tooltip)
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906"],
                                   "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "warrior_band": 1}]}})
    click(app, screen_of(table, "0807"))                 # a party forms: "Tonga moves the party at Tonga"
    shown.clear()
    rect = table.bar.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.x + 4, rect.y + 4), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.frame()
    assert shown and words.text("ui.terms", **prompts.names(app.input)) in shown[-1]
    assert any(line.startswith("party:") for line in shown[-1])
    avoided = placed[-1][2]
    assert placed[-1][1] == table.bar.rect.top, "above the bar (drawn in the room above it)"
    assert avoided == table.map.lit_rects(), "clear of the lit hexes the player is about to click"
    shown.clear()
    take = engine.Action("take", ("war_canoe",))
    for _ in range(len(table.focus.stops())):           # the keys: past the lit hexes to the first choice
        key(app, pygame.K_TAB)
        if table.bar.pointed() == take:
            break
    assert table.bar.pointed() == take and shown, "the focused button's words"
    assert any(line.startswith("war canoe:") for line in shown[-1]), "Take a war canoe"


def test_help_on_a_new_games_option_opens_its_advanced_rule(app):
    from game.scenes.setup import SetupScene
    from game.ui.widgets import Toggle
    app.push(SetupScene(app))
    app.frame()
    setup = app.top
    malaria = next(i for i, w in enumerate(setup.form.widgets) if isinstance(w, Toggle) and w.label == "Malaria")
    setup.form.focus = malaria
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene) and app.top.code == "A3"


# --- the pictures (game/render/diagrams.py) -------------------------------------------------------------------------

PICTURED = {code: e.picture for code, e in help.reference().entries.items() if e.picture}


def test_every_picture_the_reference_names_is_drawn_and_every_drawing_is_named():
    assert set(PICTURED.values()) == set(diagrams.DRAWERS) == help.PICTURES
    assert len(PICTURED) >= 6


def app_at(size: tuple[int, int], ui: float, rules: engine.Ruleset, tmp_path: Path) -> App:
    screen = pygame.display.set_mode(size)
    return App(screen, Settings(data_dir=tmp_path / "data", speed="instant", ui_scale=ui), rules, fixed_dt=1 / 60)


@pytest.mark.parametrize("ui", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_entry_draws_its_picture_in_its_pane_clear_of_its_text(size, ui, rules, tmp_path, monkeypatch):
    """The picture lies inside the entry's pane, under its text (which keeps at least a line), and its drawer
    draws there: the same frame with a drawer that draws nothing differs over much of the picture."""
    pygame.display.init()
    pygame.font.init()
    app = app_at(size, ui, rules, tmp_path)
    for code, name in PICTURED.items():
        app.push(HelpScene(app, code))
        app.frame()
        page = app.top
        shown, text = page.picture, page.text_box
        assert shown is not None and page.pane.contains(shown), (code, shown)
        assert not shown.colliderect(text) and shown.top >= text.bottom, (code, shown, text)
        assert text.h >= theme.font(app.scale.body).get_linesize() // 2 and all(
            not shown.colliderect(b.rect) for b in page.form.widgets[1:]), code
        drawn = pygame.image.tobytes(app.screen.subsurface(shown), "RGB")
        blank = diagrams.Picture(lambda surface, pen, rules: None, *astuple(diagrams.DRAWERS[name])[1:])
        with monkeypatch.context() as m:
            m.setitem(diagrams.DRAWERS, name, blank)
            m.setattr(diagrams, "_drawn", type(diagrams._drawn)())
            app.frame()
            empty = pygame.image.tobytes(app.screen.subsurface(shown), "RGB")
        changed = sum(a != b for a, b in zip(drawn[::3], empty[::3]))
        assert changed > shown.w * shown.h * 0.1, (code, changed)
        app.pop()
    pygame.display.quit()


class Recording(pygame.Surface):
    """A surface that remembers where the texts blitted on it went."""
    texts: ClassVar[dict[int, str]] = {}

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.placed: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        drawn = super().blit(source, dest, area, special_flags)
        if id(source) in self.texts:
            at = dest.topleft if isinstance(dest, pygame.Rect) else (round(dest[0]), round(dest[1]))
            self.placed.append((self.texts[id(source)], pygame.Rect(at, source.get_size())))
        return drawn


@pytest.mark.parametrize("pen", [diagrams.Pen(16, 16), diagrams.Pen(17, 16), diagrams.Pen(20, 16),
                                 diagrams.Pen(48, 48), diagrams.Pen(60, 48)], ids=str)
@pytest.mark.parametrize("name", sorted(diagrams.DRAWERS))
def test_a_pictures_words_lie_whole_inside_it_and_apart(name, pen, rules, monkeypatch):
    """At the pens the help page draws with (the unit as large as the text at the narrowest pane, larger
    elsewhere), every word of a picture is drawn whole inside it and over no other."""
    pygame.font.init()
    rendered = theme.text

    def noted(said, *args, **kw):
        surface = rendered(said, *args, **kw)
        Recording.texts[id(surface)] = said
        return surface
    monkeypatch.setattr(theme, "text", noted)
    drawing = diagrams.DRAWERS[name]
    canvas = Recording(drawing.size(pen.unit), pygame.SRCALPHA)
    drawing.draw(canvas, pen, rules)
    assert len(canvas.placed) >= 2, "the picture is labelled"
    for said, rect in canvas.placed:
        assert canvas.get_rect().contains(rect), (said, rect, canvas.get_size())
    for (a, ra), (b, rb) in itertools.combinations(canvas.placed, 2):
        assert not ra.colliderect(rb), (a, b)


def test_an_entrys_text_scrolls_above_its_picture(rules, tmp_path):
    pygame.display.init()
    pygame.font.init()
    app = app_at((1280, 720), 2.0, rules, tmp_path)
    app.push(HelpScene(app, "M8.1"))
    app.frame()
    page = app.top
    shown, text = page.picture, page.text_box

    def pixels(rect):
        return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    before = pixels(text), pixels(shown)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=text.center, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    app.frame()
    assert page.scroll > 0 and (page.picture, page.text_box) == (shown, text), "the text scrolls, the picture stays"
    assert pixels(text) != before[0] and pixels(shown) == before[1]
    pygame.display.quit()
