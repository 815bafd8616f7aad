"""Every decision by its gesture (issue 15): lit hexes, menus with greyed choices that say why, the decision bar,
the turn order in the VP panel, the palette, refusals that say why with the rule number, animations that hold
the new view until they end and that a key skips; and short UI-monkey games for each device."""
from __future__ import annotations

from collections import Counter

import pygame

import engine
from game import monkey, words
from game.app import App, Settings
from game.match import Match
from game.scenes.battle import BattleScene
from game.scenes.table import TableScene
from game.ui import prompts

from .conftest import click, confirm, key
from .helpers import button_of, claim_table, screen_of, table_for


def test_E3_the_premove_destinations_are_lit_and_a_click_goes_there(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    lit = {rules.map.labels[h] for h in table.plan.by_hex}
    assert "0807" in lit and len(lit) > 3
    click(app, screen_of(table, "0807"))
    assert table.match.decisions == [engine.Action("premove", ("0807",))]


def test_a_refused_click_says_why_with_the_rule(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    click(app, screen_of(table, "1509"))
    assert table.match.decisions == [] and table.menus.toasts
    assert "(E3)" in table.menus.toasts[0][0] and "unexplored" in table.menus.toasts[0][0]


def test_B_a_hex_menu_offers_the_builds_and_greys_what_it_cannot_with_the_reason(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "building",
                                   "islands": [{"ig": "Tonga", "villages": 2, "controller": "Tonga"}]})
    click(app, screen_of(table, "0807"))
    menu = table.menus.menu
    assert menu is not None
    texts = {text: why for text, _, why in menu.rows}
    assert any(why is None and "colony" in text for text, why in texts.items())
    greyed = [(text, why) for text, why in texts.items() if why is not None]
    assert any("war canoe" in text and why.rule == "B2" for text, why in greyed), "3 BP for 2 BP: greyed"
    war = next(i for i, (text, _, why) in enumerate(menu.rows) if why is not None and "war canoe" in text)
    click(app, menu.list.row_rect(war).center)
    assert table.match.decisions == [] and "(B2)" in table.menus.toasts[0][0]
    colony = next(i for i, (text, _, why) in enumerate(table.menus.menu.rows) if why is None and "colony" in text)
    click(app, table.menus.menu.list.row_rect(colony).center)
    assert table.match.decisions == [engine.Action("build", ("colony", "0807"))]


def test_T2_the_first_player_is_picked_in_the_panel_then_the_direction(app, rules):
    from game.render import hud
    match = Match.new(rules, ["Tonga", "Samoa", "Hiva"], ["human", "rules", "rules"], 1, speed="instant")
    app.push(TableScene(app, match))
    app.frame()
    table = app.top
    rows = hud.player_rows(table.panels()["left"], table.shown, app.scale)
    click(app, rows["Hiva"].center)
    assert table.first == "Hiva" and len(table.bar.actions) >= 2
    button = next(b for b, a in zip(table.bar.form.widgets, table.bar.actions) if a.args == ("Hiva", "ccw"))
    click(app, button.rect.center)
    assert match.decisions == [engine.Action("order", ("Hiva", "ccw"))]


def test_the_palette_lists_every_action_and_highlights_its_hex(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    key(app, pygame.K_p)
    assert table.menus.palette is not None and len(table.menus.palette.items) == len(table.legal)
    actions = table.menus.palette_actions()
    premove = next(i for i, a in enumerate(actions) if a.verb == "premove")
    table.menus.palette.index = premove
    assert table.menus.chosen_hexes() == [rules.map.hex_of(actions[premove].args[0])]
    key(app, pygame.K_RETURN)
    assert table.match.decisions == [actions[premove]] and table.menus.palette is None


def test_animations_hold_the_new_view_until_they_end_and_a_key_skips_them(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"}, speed="normal")
    click(app, screen_of(table, "0807"))
    assert table.anim.busy and table.pending, "the explorer glides; the board still shows the view before"
    assert table.shown["players"][0]["explorer"] == "home"
    key(app, pygame.K_SPACE)
    app.frame()
    assert not table.anim.busy and table.shown["players"][0]["explorer"] == "0807"


def test_M4_a_party_is_formed_moved_and_stopped_by_gestures(app, rules):
    scenario = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
                "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "warrior_band": 1}]}}
    table = table_for(app, rules, scenario)
    click(app, screen_of(table, "0807"))
    assert table.match.decisions[-1] == engine.Action("party", ("0807",))
    for verb_args in (("take", ("war_canoe",)), ("take", ("warrior_band", "war_canoe"))):
        action = engine.Action(*verb_args)
        click(app, table.bar.form.widgets[table.bar.actions.index(action)].rect.center)
    assert "1 war canoe and 1 warrior band · 2 hexes left" in engine_headline(table)      # counted; piece by piece:
    assert "War canoe (2 hexes more to sail) with a warrior band" in words.party_lines(table.shown["movement"])
    click(app, screen_of(table, "0906"))
    click(app, table.bar.form.widgets[table.bar.actions.index(engine.Action("done"))].rect.center)
    assert [str(a) for a in table.match.decisions] == ["party 0807", "take war_canoe",
                                                       "take warrior_band war_canoe", "go 0906", "done"]


def engine_headline(table):
    from game import words
    return words.decision_headline(table.shown, table.app.rules, {a.verb for a in table.legal})


def test_ui_monkey_games_by_mouse_keys_and_pad_reach_every_action(app, rules):
    counts: Counter = Counter()
    for device, seed in (("mouse", 11), ("keys", 12), ("pad", 13)):
        failures, made = monkey.run(app, rules, 1, device, None, None, seed, {}, 4)
        assert failures == 0
        counts += made
    assert sum(counts.values()) > 100 and {"premove", "explore", "build", "end"} <= set(counts)


def test_a_monkey_game_that_exercised_nothing_fails(app, rules, capsys, monkeypatch):
    """No turn to play: no human decision reached the table, so the game proves nothing and fails."""
    failures, _ = monkey.run(app, rules, 1, "pad", None, None, 5, {}, 0)
    assert failures == 1 and "FAILED: no human decision was made" in capsys.readouterr().out
    # A game cut short (the window closed under it) fails too.
    monkeypatch.setattr(monkey.Hands, "frame", lambda hands, n=1: setattr(hands.app, "running", False))
    failures, _ = monkey.run(app, rules, 1, "mouse", None, None, 6, {}, 3)
    assert failures == 1 and "neither its end nor its turn limit" in capsys.readouterr().out


PARTY = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
         "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 2}]}}


def test_what_ends_a_decision_keeps_its_place_at_the_right_of_the_bar(app, rules):
    table = table_for(app, rules, PARTY)
    click(app, screen_of(table, "0807"))
    rows = [action for _, action, _ in table.menus.menu.rows]        # the hex also offers to raise the canoe (M6)
    click(app, table.menus.menu.list.row_rect(rows.index(engine.Action("party", ("0807",)))).center)
    done = engine.Action("done")
    right = button_of(table, done).rect.right
    for action in (engine.Action("take", ("war_canoe",)), engine.Action("take", ("warrior_band", "war_canoe")),
                   engine.Action("take", ("transport_canoe",))):
        click(app, button_of(table, action).rect.center)
        assert button_of(table, done).rect.right == right, "the choices before it came and went"
    assert all(b.rect.right <= right for b in table.bar.form.widgets)


def test_a_hex_menu_over_the_recap_takes_the_click_first(app, rules):
    """The menu is drawn over "since your last turn": a click on a menu line that lies over the list picks the
    line (and that decision closes the list); with no menu open, a click on the list closes it."""
    table = table_for(app, rules, PARTY)
    click(app, screen_of(table, "0807"))
    menu = table.menus.menu
    row = next(i for i, (_, action, _) in enumerate(menu.rows) if action == engine.Action("party", ("0807",)))
    table.overlays.put("recap", [("Tonga builds.", "X8")] * 3)
    target = menu.list.row_rect(row)
    table.overlays.get("recap").rect = lambda: target.inflate(40, 40)     # the list lies under the menu line
    click(app, target.center)
    assert table.match.decisions == [engine.Action("party", ("0807",))], "the click was the menu's"
    assert table.overlays.get("recap") is None, "a decision closes the list"
    table.overlays.put("recap", [("Tonga builds.", "X8")] * 3)
    click(app, table.overlays.get("recap").rect().center)
    assert table.overlays.get("recap") is None, "a click on the list closes it"
    assert len(table.match.decisions) == 1


def test_a_greyed_menu_line_pointed_at_says_why_under_the_menu(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "building",
                                   "islands": [{"ig": "Tonga", "villages": 2, "controller": "Tonga"}]})
    click(app, screen_of(table, "0807"))
    menu = table.menus.menu
    greyed = next(i for i, (_, _, why) in enumerate(menu.rows) if why is not None)
    below = pygame.Rect(menu.rect.x, menu.rect.bottom, menu.rect.w, app.scale.unit * 2).clip(app.screen.get_rect())
    shots = []
    for row in (0, greyed):
        post_motion(app, menu.list.row_rect(row).center)
        shots.append(pygame.image.tobytes(app.screen.subsurface(below), "RGB"))
    assert menu.list.index == greyed and shots[0] != shots[1], "the reason is drawn beneath the menu"


def post_motion(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    app.frame()


def test_the_map_turns_to_the_lit_hexes_when_none_is_in_sight(app, rules):
    table = table_for(app, rules, PARTY)                 # Tonga (0807) alone is lit: a party forms there
    tx, ty = table.map.layout.centres[rules.map.hex_of("0807")]
    far = max(table.map.layout.centres, key=lambda c: (c[0] - tx) ** 2 + (c[1] - ty) ** 2)
    area = table.map_area()
    table.map.camera.put(far[0], far[1], area.centerx, area.centery)
    assert not any(table.map.visible(*table.map.layout.centres[h]) for h in table.plan.by_hex)
    table.build_decision()
    assert any(table.map.visible(*table.map.layout.centres[h]) for h in table.plan.by_hex)


def test_a_hex_brought_into_sight_lands_above_a_tall_decision_bar(screen, rules, tmp_path):
    """A party of many pieces at a large UI scale: the bar stands as tall as it may (tests/game/test_layout.py),
    so a hex the keys or the lit hexes bring into sight goes above it, where it can be seen and clicked."""
    app = App(screen, Settings(data_dir=tmp_path, speed="instant", ui_scale=1.25), rules, fixed_dt=1 / 60)
    table = table_for(app, rules, {**PARTY, "pieces": {"Tonga": [
        {"hex": "Tonga", "war_canoe": 2, "transport_canoe": 3, "warrior_band": 3, "colony": 2}]}})
    for verb, arg in (("party", "0807"), ("take", "transport_canoe"), ("take", "transport_canoe"),
                      ("take", "war_canoe")):
        table.act(engine.Action(verb, (arg,)))
        app.frame()
    bar = table.bar.rect
    assert bar.h > table.map_area().h * 0.3, "a tall bar"
    h = rules.map.hex_of("0906")
    table.map.camera.put(*table.map.layout.centres[h], *bar.center)
    assert not table.map.visible(*table.map.layout.centres[h]), "under the bar"
    table.map.bring_into_sight(h)
    assert table.map.visible(*table.map.layout.centres[h])
    assert table.map.camera.to_screen(*table.map.layout.centres[h])[1] < bar.top
    table.match.close()


def test_the_keyboard_cursor_has_a_tooltip_only_while_keys_are_used(app, rules, monkeypatch):
    from game.render import hud
    shown = []
    monkeypatch.setattr(hud, "tooltip", lambda screen, at, lines, scale, avoid=None, within=None:
                        shown.append(lines[0]) or pygame.Rect(0, 0, 0, 0))
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    click(app, screen_of(table, "0807"))                 # the click leaves the cursor on the hex it chose
    post_motion(app, table.bar.rect.center)
    shown.clear()
    app.frame()
    assert table.map.cursor >= 0 and set(shown) <= {words.text("ui.terms", **prompts.names(app.input))}, \
        "the mouse is on the bar: no tooltip for a hex (the words of the decision may show)"
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    shown.clear()
    app.frame()
    assert shown, "the cursor moved by keys shows what its hex holds"


def test_M3_hovering_a_chain_hex_draws_every_ride_from_it(app, rules):
    scenario = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906"],
                "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 1, "warrior_band": 2, "face_up_canoe": True},
                                     {"hex": "0906", "transport_canoe": 1, "face_up_canoe": True}]}}
    table = table_for(app, rules, scenario)
    assert {a.verb for a in table.legal} >= {"transit"}
    post_motion(app, screen_of(table, "0807"))
    assert table.map.shown_routes() == {("0807", "0906")}


def test_M11_a_player_who_lost_the_home_clicks_the_new_one(app, rules):
    from tests.engine.helpers import do
    from tests.positions import game
    tiles = [{"hex": "0905", "tile": "Tahiti"}, {"hex": "0805", "tile": "Rotuma"}]
    islands = [{"ig": "0905", "villages": 1, "controller": "Samoa"},
               {"ig": "0805", "villages": 1, "controller": "Samoa"},
               {"ig": "Samoa", "villages": 1, "controller": "Samoa", "capital": True}]
    state = game(rules, [{"hex": "Tonga", "war_canoe": 2}], [], tiles=tiles, islands=islands)
    do(state, "party 0807", "take war_canoe", "take war_canoe", "go 0806", "done", "end", "die 6", "raze")
    match = Match(rules, state, {"Tonga": "rules", "Samoa": "human"}, state.seed, speed="instant")
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    assert isinstance(app.top, BattleScene), "the battle's overlay stands over the table"
    assert {rules.map.labels[h] for h in table.plan.by_hex} == {"0805", "0905"}
    click(app, screen_of(table, "0905"))
    assert match.decisions == [engine.Action("home", ("0905",))]


def test_V3_the_claim_is_a_button_of_the_bar_and_the_cards_can_be_shown_first(app, rules):
    table, match = claim_table(app, rules)
    claim = engine.Action("claim")
    assert set(table.bar.actions) == {claim, engine.Action("pass"), engine.Action("show", ("moai",)),
                                      engine.Action("show", ("poi",))}
    click(app, button_of(table, engine.Action("show", ("poi",))).rect.center)
    confirm(app)                                        # showing a card cannot be undone: asked first (X42)
    click(app, button_of(table, claim).rect.center)
    confirm(app)
    assert match.decisions == [engine.Action("show", ("poi",)), claim]


def test_a_click_on_a_hex_with_nothing_to_do_says_why_in_the_transit_too(app, rules):
    """During Transit the lit hexes are the chain's; a click elsewhere says what the decision is, with its rule
    (M3), not a bare "nothing to do"."""
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
                                   "pieces": {"Tonga": [
                                       {"hex": "Tonga", "transport_canoe": 1, "warrior_band": 1,
                                        "face_up_canoe": True},
                                       {"hex": "0906", "transport_canoe": 1, "face_up_canoe": True}]}})
    assert {a.verb for a in table.legal} >= {"transit"}
    click(app, screen_of(table, "1006"))
    said = table.menus.toasts[0][0]
    assert "(M3)" in said and "lit hexes" in said, said


def test_a_tooltip_opens_on_the_side_where_it_covers_no_lit_hex(app):
    """Issue 24: tooltips covered the lit hexes one was about to click."""
    from game.render import hud
    at = (600, 300)
    below_right = hud.tooltip(app.screen, at, ["0906", "Open ocean"], app.scale)
    assert below_right.x > at[0] and below_right.y > at[1], "below right when nothing is in the way"
    placed = hud.tooltip(app.screen, at, ["0906", "Open ocean"], app.scale, [below_right])
    assert not placed.colliderect(below_right)
