"""Issue 40, third round: the coach's side-by-side buttons at a chapter's end answer left and right (the d-pad,
the arrows) as a dialog's do, and the map's cursor stays put; the first step of the focus goes where the decision
asks (the players' rows to pick the turn order, the bar's choices for a tile found: keep or reveal, E4, E6); the
Rules window closes with B / Esc, and its section headers are no focus stops."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import engine
from game import flow, monkey, tutorial, words
from game.app import App
from game.match import Match
from game.render import cards
from game.scenes.help import HelpScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.ui import prompts
from tests.positions import EXPLORE, EXPLORE_START

from .conftest import key
from .helpers import DEVICES, DOWN_BY, LEFT_BY, RIGHT_BY, STEP_BY, UP_BY, chapter_play_until, hit, spy_texts, table_for
from .helpers import chapter_coach as coach_of
from .helpers import chapter_settle as settle

BACK = {"keys": pygame.K_ESCAPE, "pad": pygame.CONTROLLER_BUTTON_B}
EARLIER = {"keys": pygame.K_BACKSPACE, "pad": pygame.CONTROLLER_BUTTON_X}


@pytest.fixture(params=DEVICES)
def hands(request: pytest.FixtureRequest, app: App) -> Iterator[monkey.Hands]:
    """The keys, or a virtual pad plugged in for the test and pulled out after."""
    made = monkey.Hands(app, request.param)
    yield made
    made.close()


# --- 1. the coach's buttons at a chapter's end --------------------------------------------------------------------


def test_left_and_right_move_between_the_coachs_buttons_not_the_map(app: App, hands: monkey.Hands) -> None:
    """Chapter 1's closing words: "Next: …" and "All chapters" side by side. Right reaches All chapters, left
    comes back; the map's cursor and camera never move (before, right moved a hidden cursor to a far corner)."""
    device = hands.device
    flow.start_chapter(app, "explore")
    table = settle(app)
    coach = coach_of(app)
    coach.model.index = len(coach.chapter.lessons) - 1          # the closing words: the way on
    coach.changed()
    app.frame()
    assert len(coach.form.widgets) == 2 and coach.form.focus == 0
    cursor, camera = table.map.cursor, (table.map.camera.x, table.map.camera.y)
    hit(app, hands, device, RIGHT_BY)
    assert coach.form.focus == 1, "right reaches All chapters"
    hit(app, hands, device, RIGHT_BY)
    assert coach.form.focus == 1, "and stays there (nothing lies further right)"
    hit(app, hands, device, LEFT_BY)
    assert coach.form.focus == 0, "left comes back to Next"
    assert table.map.cursor == cursor and (table.map.camera.x, table.map.camera.y) == camera, \
        "the map's cursor and camera stay put"
    assert isinstance(app.top, TableScene)


# --- 2. the first stop is what the decision asks --------------------------------------------------------------


FACE_DOWN = {"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Tonga"]}    # E6.5: flippable


def found_a_tile(app: App, rules: engine.Ruleset) -> TableScene:
    """Tonga's explorer found a tile at 0906 (E4.2: keep it face down, or reveal it) while an older face-down
    tile of theirs lies at 0907, which they may turn face up at any time (E6.5): a lit hex, a by-the-way."""
    state = engine.load_scenario(rules, {**EXPLORE, "tiles": [FACE_DOWN]})
    for text in [*EXPLORE_START, "marker island_1", "tile Hiva"]:
        engine.apply(state, engine.parse_action(state, text))
    app.push(TableScene(app, Match(rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed)))
    app.frame()
    table = app.top
    assert isinstance(table, TableScene)
    assert [str(a) for a in table.legal] == ["keep", "reveal", "flip 0907"]
    return table


def first_stop(app: App, device: str, hands: monkey.Hands, table: TableScene) -> tuple[str, int | str]:
    """The stop the device's first step lands on (Tab, the right shoulder)."""
    hit(app, hands, device, STEP_BY)
    stop = table.focus.stop()
    assert stop is not None
    return stop


def test_E4_2_the_first_step_lands_on_keep_not_on_the_other_face_down_tile(app: App, rules: engine.Ruleset,
                                                                           hands: monkey.Hands) -> None:
    device = hands.device
    table = found_a_tile(app, rules)
    kind, target = first_stop(app, device, hands, table)
    assert kind == "button" and str(table.bar.actions[int(target)]) == "keep", "the bar's first choice"


def test_E4_2_select_with_nothing_focused_focuses_keep(app: App, rules: engine.Ruleset, hands: monkey.Hands) -> None:
    """A / Enter before any step: the focus goes to Keep (and says so); a second press keeps the tile, never
    "Turn your tile at 0907 face up"."""
    table = found_a_tile(app, rules)
    hands.press("select")
    stop = table.focus.stop()
    assert stop is not None and stop[0] == "button" and str(table.bar.actions[int(stop[1])]) == "keep"
    assert isinstance(app.top, TableScene), "no dialog to turn the other tile face up"
    hands.press("select")
    for _ in range(5):
        app.frame()
    assert [str(a) for a in table.match.decisions[-1:]] == ["keep"], "the second press keeps the tile"


def test_T2_the_first_step_lands_on_a_players_row_not_a_face_down_tile(app: App, rules: engine.Ruleset,
                                                                       hands: monkey.Hands) -> None:
    device = hands.device
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "turn_order", "tiles": [FACE_DOWN]})
    assert set(table.plan.order) == {"Tonga", "Samoa"} and table.plan.by_hex, "the turn order, and a flip"
    kind, target = first_stop(app, device, hands, table)
    assert kind == "row" and target in table.plan.order, "the players' rows first (T2)"


def victory_table(app: App, rules: engine.Ruleset) -> TableScene:
    """Tonga's Victory step, able to claim (target 5 VP) with Moai in hand: Claim, Do not claim, Reveal Moai."""
    table: TableScene = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "victory",
                                               "options": {"variable_game_end": 5},
                                               "cards": {"Tonga": {"hand": ["moai"]}}})
    return table


def test_V3_the_first_step_lands_on_claim_victory_not_on_the_reveal_beside_it(app: App, rules: engine.Ruleset,
                                                                              hands: monkey.Hands) -> None:
    """A fresh player's first Tab in the Victory step focused "Reveal Cannibalism": Claim victory is what it asks."""
    device = hands.device
    table = victory_table(app, rules)
    assert {a.verb for a in table.bar.actions if a is not None} >= {"claim", "show"}
    kind, target = first_stop(app, device, hands, table)
    action = table.bar.actions[int(target)]
    assert kind == "button" and action is not None and action.verb == "claim", action


# --- 3. the Rules window ------------------------------------------------------------------------------------------


def rules_window(app: App) -> HelpScene:
    """The Rules window over the title (its Rules button)."""
    app.push(TitleScene(app))
    app.frame()
    flow.open_help(app)
    app.frame()
    page = app.top
    assert isinstance(page, HelpScene)
    return page


def open_entries(app: App, page: HelpScene, device: str, hands: monkey.Hands, count: int) -> list[str]:
    """Open `count` entries one after the other from the list (down, then select), as a reader browses."""
    opened = [page.code]
    for _ in range(count):
        hit(app, hands, device, DOWN_BY)
        hands.press("select")
        app.frame()
        opened.append(page.code)
    assert len(set(opened)) == count + 1 and page.history == opened[:-1]
    return opened


def test_one_back_closes_the_rules_window_after_many_entries(app: App, hands: monkey.Hands) -> None:
    """Five entries read: B / Esc closes at once (before, it went back through the five first)."""
    device = hands.device
    page = rules_window(app)
    open_entries(app, page, device, hands, 5)
    hit(app, hands, device, BACK)
    assert isinstance(app.top, TitleScene) and not app.input.typing, "closed in one press"


@pytest.mark.parametrize("device", DEVICES)
def test_the_entry_before_has_a_key_of_its_own_shown_in_the_hints(app: App, device: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Backspace (the search empty) / the pad's X goes back an entry, and the hints say so (B: Close)."""
    hands = monkey.Hands(app, device)
    drawn: list[list[str]] = []
    real = prompts.hint_bar

    def spy(surface: pygame.Surface, device_: prompts.Device, hints: list[prompts.Hint], room: pygame.Rect,
            size: int, *rest: Any) -> pygame.Rect:
        drawn.append([label for _, label in prompts.laid_out(device_, hints, room.w, size)])
        return real(surface, device_, hints, room, size, *rest)
    monkeypatch.setattr(prompts, "hint_bar", spy)
    try:
        page = rules_window(app)
        opened = open_entries(app, page, device, hands, 2)
        drawn.clear()
        app.frame()
        shown = [label for row in drawn for label in row]
        assert words.text("help.close") in shown and words.text("help.earlier") in shown, shown
        hit(app, hands, device, EARLIER)
        assert page.code == opened[1] and app.top is page, "one entry back"
        hit(app, hands, device, EARLIER)
        assert page.code == opened[0] and app.top is page
        drawn.clear()
        app.frame()
        assert words.text("help.earlier") not in [label for row in drawn for label in row], "none before: no hint"
    finally:
        hands.close()


def test_a_typed_search_is_cleared_then_esc_closes(app: App) -> None:
    page = rules_window(app)
    for char in "knots":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(char), mod=0, unicode=char))
    app.frame()
    key(app, pygame.K_RETURN)                                   # the best match opened: one entry in the history
    assert page.history
    key(app, pygame.K_ESCAPE)
    assert page.query == "" and app.top is page, "Esc clears the search first"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene), "then closes"


def test_the_chapters_titles_are_no_stops(app: App, hands: monkey.Hands) -> None:
    """Down through the whole list and back up never rests on a chapter's title ("VICTORY"), whose A opened
    nothing; up from the first entry reaches the search; a click on a title opens its chapter's first entry."""
    device = hands.device
    page = rules_window(app)
    assert page.form.focused is page.list and page.codes[0] is None
    entries = sum(code is not None for code in page.codes)
    seen = [page.list.index]
    for _ in range(entries - 1):
        hit(app, hands, device, DOWN_BY)
        seen.append(page.list.index)
    for _ in range(entries - 1):
        hit(app, hands, device, UP_BY)
        seen.append(page.list.index)
    assert all(page.codes[i] is not None for i in seen), "never a chapter's title"
    assert len(set(seen)) == entries, "every entry is reached"
    hit(app, hands, device, UP_BY)
    assert page.form.widgets[page.form.focus] is page.search, "up from the first entry: the search"
    title = next(i for i, code in enumerate(page.codes) if i > 0 and code is None)
    page.list.index = title                                 # a title highlighted (a click on it, say)
    page.list.activate()
    assert page.code == page.codes[title + 1], "its first entry opens"


def test_the_palettes_first_line_is_the_steps_choice_and_a_reveal_comes_last(app: App, rules: engine.Ruleset) -> None:
    """"P, Enter" opened "Reveal Luau" where the player meant "Do not explore": what is allowed at any time (a card
    shown, a tile turned face up) closes the All-actions list."""
    table = victory_table(app, rules)
    key(app, pygame.K_p)
    verbs = [a.verb for a in table.menus.palette_actions()]
    assert table.menus.palette is not None and verbs[0] == "claim" and verbs[-1] == "show", verbs


def test_left_and_right_move_between_the_bars_buttons_not_the_map(app: App, rules: engine.Ruleset,
                                                                  hands: monkey.Hands) -> None:
    """Right from "Claim victory" moved the map (both fresh players): it reaches the button beside it."""
    device = hands.device
    table = victory_table(app, rules)
    kind, target = first_stop(app, device, hands, table)
    assert kind == "button"
    camera, cursor = (table.map.camera.x, table.map.camera.y), table.map.cursor
    hit(app, hands, device, RIGHT_BY)
    moved = table.focus.stop()
    assert moved is not None and moved[0] == "button" and moved[1] != target, "the button beside it"
    assert (table.map.camera.x, table.map.camera.y) == camera and table.map.cursor == cursor, "the map stays"
    hit(app, hands, device, LEFT_BY)
    assert table.focus.stop() == (kind, target), "and back"


def test_a_chapters_closing_button_names_the_chapter_after_it(app: App) -> None:
    """Chapter 4 alone played: its closing words speak of the last chapter, and its Next button went to chapter 1."""
    flow.start_chapter(app, "build")
    settle(app)
    coach = coach_of(app)
    coach.model.index = len(coach.chapter.lessons) - 1              # the closing words: the way on
    coach.changed()
    app.frame()
    assert coach.model.done
    assert coach.form.widgets[0].label == words.text("coach.next_chapter", title=tutorial.chapter("victory").title)


def test_the_palettes_reveal_line_gives_the_cards_power_at_its_foot(app: App, rules: engine.Ruleset,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """"Reveal Cannibalism" in the All-actions list said nothing of the card: highlighted, its power shows under
    the list, as on the bar's button."""
    table = victory_table(app, rules)
    key(app, pygame.K_p)
    palette = table.menus.palette
    assert palette is not None
    palette.index = len(palette.items) - 1                          # "Reveal Moai", last (allowed at any time)
    drawn = spy_texts(monkeypatch)
    app.frame()
    moai = cards.arts("moai")
    assert words.text("ui.term", word=cards.title(moai, rules), text=cards.power(moai, rules)) in drawn, drawn


def test_right_with_nothing_focused_and_no_hex_lit_goes_to_the_bar(app: App, rules: engine.Ruleset,
                                                                   hands: monkey.Hands) -> None:
    """A party forming at Tonga has only the bar to choose from: right (toward the button the coach rang) moved the
    map's cursor; it focuses the bar's first choice."""
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
                                   "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "warrior_band": 1}]}})
    table.choose(engine.Action("party", ("0807",)))
    app.frame()
    assert not table.plan.by_hex and table.focus.stop() is None
    cursor = table.map.cursor
    hit(app, hands, hands.device, RIGHT_BY)
    stop = table.focus.stop()
    assert stop is not None and stop[0] == "button" and table.map.cursor == cursor
    assert str(table.bar.actions[int(stop[1])]) == "take war_canoe"


def test_down_with_a_bars_button_focused_never_moves_the_map(app: App, rules: engine.Ruleset,
                                                             hands: monkey.Hands) -> None:
    """Down from Undo in the Building bar scrolled the map: in the bar the arrows and the d-pad move between its
    buttons (the one drawn that way, none below its last row); up from its top row goes back to the map."""
    table = victory_table(app, rules)
    kind, target = first_stop(app, hands.device, hands, table)
    assert kind == "button"
    camera, cursor = (table.map.camera.x, table.map.camera.y), table.map.cursor
    hit(app, hands, hands.device, DOWN_BY)
    assert table.focus.stop() == (kind, target), "nothing below: the focus stays"
    assert (table.map.camera.x, table.map.camera.y) == camera and table.map.cursor == cursor, "the map stays"


def test_a_lesson_done_in_the_bar_sends_the_player_to_the_bar(app: App, hands: monkey.Hands) -> None:
    """Chapter 1's "keep the tile face down" said "step to where the ring pulses" while no hex was ringed: its
    device words name the ringed button in the bar."""
    chapter_play_until(app, hands, "explore", ("keep",))
    coach = coach_of(app)
    assert coach.rings_the_bar_alone()
    assert words.text(prompts.variant(app.input, "coach.do.bar"), **prompts.names(app.input)) in coach.said()
