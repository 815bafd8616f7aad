"""The VP panel and V1: the row's number is the last Victory step's count; a card shown since says what it will
add at the next count (a fresh player took the unchanged number for a bug), and the viewer's hand says what its
hidden cards would add (theirs alone to know, X9)."""
from __future__ import annotations

import pygame

import engine
from game.app import App
from game.render import hud

BASE = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"],
        "cards": {"Tonga": {"hand": ["moai"]}}}


def row(view: engine.View, name: str) -> engine.PlayerView:
    return next(p for p in view["players"] if p["name"] == name)


def test_V1_a_card_shown_since_the_count_says_what_it_adds_at_the_next(rules: engine.Ruleset) -> None:
    s = engine.load_scenario(rules, BASE)
    assert not any("next count" in n for n in hud.row_notes(row(engine.observe(s, "Samoa"), "Tonga")))
    engine.apply(s, engine.parse_action(s, "show moai"))
    notes = hud.row_notes(row(engine.observe(s, "Samoa"), "Tonga"))
    assert "+3 VP at the next count" in notes, notes


def test_V1_the_next_count_stays_whole_beside_seven_cards_shown(app: App, rules: engine.Ruleset) -> None:
    """With seven small cards on the row's first line of notes, "+3 VP at the next count" was cut to "+…": the
    lines under the cards have the row's whole width."""
    shown = ["hula_dancing", "hui", "rongo_rongo", "surfing", "arioi", "navigation", "poi"]
    s = engine.load_scenario(rules, {**BASE, "cards": {"Tonga": {"hand": ["moai"], "shown": shown}}})
    tonga = row(engine.observe(s, "Samoa"), "Tonga")
    tonga = {**tonga, "cards_vp": tonga["cards_vp"] + 3, "vp_parts": {**tonga["vp_parts"], "cards": "0"}}
    width = hud.player_rows(pygame.Rect(0, 0, app.scale.unit * 16, 600), engine.observe(s, "Samoa"),
                            app.scale)["Tonga"].w
    lines = hud.note_lines(tonga, app.scale, width)
    assert any("at the next count" in line and "…" not in line for line in lines), lines


def test_notes_start_under_the_cards_where_none_fits_beside_them(app: App, rules: engine.Ruleset) -> None:
    """Nine small cards shown left no room beside them: the row's notes read "0 hidden c…" behind the end screen;
    they start under the cards, whole."""
    shown = ["hula_dancing", "hui", "rongo_rongo", "surfing", "arioi", "navigation", "poi", "cannibalism", "moai"]
    s = engine.load_scenario(rules, {**BASE, "cards": {"Tonga": {"shown": shown}}})
    view = engine.observe(s, "Samoa")
    width = hud.player_rows(pygame.Rect(0, 0, app.scale.unit * 16, 600), view, app.scale)["Tonga"].w
    lines = hud.note_lines(row(view, "Tonga"), app.scale, width)
    assert lines[0] == "" and "0 hidden cards" in lines[1] and "…" not in lines[1], lines


def test_the_next_count_and_the_explorer_stay_whole_beside_four_cards(app: App, rules: engine.Ruleset) -> None:
    """"4 shown · +1 VP at the next co…" and "+1 VP at the next count · expl…" at 1280x800: a third line."""
    s = engine.load_scenario(rules, {**BASE, "cards": {"Tonga": {"hand": ["moai"],
                                                                "shown": ["hui", "surfing", "arioi", "poi"]}}})
    view = engine.observe(s, "Samoa")
    shown = row(view, "Tonga")
    tonga = {**shown, "explorer": "0906", "cards_vp": shown["cards_vp"] + 1}
    width = hud.player_rows(pygame.Rect(0, 0, app.scale.unit * 16, 600), view, app.scale)["Tonga"].w
    lines = hud.note_lines(tonga, app.scale, width)  # type: ignore[arg-type]
    assert not any("…" in line for line in lines) and any("next count" in line for line in lines), lines
