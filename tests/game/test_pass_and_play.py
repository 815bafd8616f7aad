"""Pass and play that cannot leak (issue 17; CLIENT.md, who sees what; RULES.md X8, X9, X33).

Positions that differ only in what a player cannot know draw pixel-identical tables for that player; the
hand-off is pixel-identical for any two positions with the same incoming player; PINs guard the hand-off;
standing orders answer card windows without a hand-off; "since your last turn" replays from the view the
player last saw; --screenshot draws any scene of any save for any player."""
from __future__ import annotations

import pygame
import pytest

import engine
from game import savefile
from game import seats as seat_rules
from game.match import Match
from game.scenes.handoff import KEYS, HandoffScene
from game.scenes.table import TableScene
from game.seats import IN_PERSON, ORDERS, SeatSettings, pin_hash
from tests.engine.helpers import do
from tests.positions import BASE

from .conftest import click, key, post
from .helpers import run, tonga_built_in_secret

TWINS = {
    "a tile another player drew and kept face down": (
        {"tiles": [{"hex": "1006", "tile": "Nihoa", "face_up": False, "discovered_by": ["Samoa"]}]},
        {"tiles": [{"hex": "1006", "tile": "Rotuma", "face_up": False, "discovered_by": ["Samoa"]}]}),
    "the kinds in another player's stacks": (
        {"pieces": {"Samoa": [{"hex": "Samoa", "transport_canoe": 1, "warrior_band": 1},
                              {"hex": "0906", "transport_canoe": 1, "colony": 1}]}},
        {"pieces": {"Samoa": [{"hex": "Samoa", "transport_canoe": 1, "colony": 1},
                              {"hex": "0906", "transport_canoe": 1, "warrior_band": 1}]}}),
    "another player's cards in hand": (
        {"cards": {"Samoa": {"hand": ["moai", "tiki"]}}},
        {"cards": {"Samoa": {"hand": ["surfing", "deforestation"]}}}),
}


def frames_for(app, rules, scenario, hover: str) -> list[bytes]:
    """Tonga's table for a position, settled, then with the pointer on a hex (its tooltip)."""
    state = engine.load_scenario(rules, {**BASE, **scenario})
    match = Match(rules, state, {"Tonga": "human", "Samoa": "rules"}, state.seed, speed="instant")
    table = TableScene(app, match)
    app.time = 0.0                  # each twin at the same moment: idle motion (the sea) follows the clock alone
    app.input.device = "mouse"      # ... and with the same device in hand (the first twin's motion leaves the mouse)
    app.push(table)
    for _ in range(3):
        app.frame()
    shots = [pygame.image.tobytes(app.screen, "RGB")]
    cx, cy = table.map.layout.centres[rules.map.hex_of(hover)]
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in table.map.camera.to_screen(cx, cy)),
                            rel=(1, 1), buttons=(0, 0, 0)))
    app.frame()
    shots.append(pygame.image.tobytes(app.screen, "RGB"))
    app.pop()
    match.close()
    return shots


@pytest.mark.parametrize("twin", list(TWINS))
def test_X9_twins_that_differ_in_what_Tonga_cannot_know_draw_the_same_pixels_for_Tonga(app, rules, twin):
    first, second = TWINS[twin]
    hover = {"a tile another player drew and kept face down": "1006"}.get(twin, "0906")
    a, b = frames_for(app, rules, first, hover), frames_for(app, rules, second, hover)
    assert a == b, f"{twin}: Tonga's frames differ"
    samoa = [engine.observe(engine.load_scenario(rules, {**BASE, **s}), "Samoa") for s in (first, second)]
    assert samoa[0] != samoa[1], "the twins do differ, for the player who knows"


def test_the_hand_off_draws_the_same_pixels_for_any_two_positions(app, rules):
    shots = []
    for scenario in (TWINS["another player's cards in hand"][0], TWINS["the kinds in another player's stacks"][1]):
        state = engine.load_scenario(rules, {**BASE, **scenario})
        match = Match(rules, state, {"Tonga": "human", "Samoa": "human"}, state.seed, speed="instant",
                      settings={"Samoa": SeatSettings(pin_hash("Samoa", "4321"))})
        app.push(TableScene(app, match))
        app.push(HandoffScene(app, "Samoa", lambda _: None, match.settings["Samoa"]))
        app.frame()
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
        app.pop()
        app.pop()
        match.close()
    assert shots[0] == shots[1]


def test_a_pin_guards_the_hand_off_and_a_wrong_one_reveals_nothing(app, rules):
    state = engine.load_scenario(rules, BASE)
    match = Match(rules, state, {"Tonga": "human", "Samoa": "human"}, state.seed, speed="instant",
                  settings={"Samoa": SeatSettings(pin_hash("Samoa", "4321"))})
    app.push(TableScene(app, match))
    entered = []
    handoff = HandoffScene(app, "Samoa", entered.append, match.settings["Samoa"])
    app.push(handoff)
    app.frame()
    locked = pygame.image.tobytes(app.screen, "RGB")
    for digit in "1234":                                   # a wrong PIN, by keys
        post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(digit), mod=0, unicode=digit))
        app.frame()
    assert app.top is handoff and handoff.wrong and entered == []
    for digit in "4321":                                   # the right one, on the keypad by mouse
        click(app, handoff.form.widgets[KEYS.index(digit)].rect.center)
    assert entered == ["Samoa"] and app.top is not handoff
    assert locked != pygame.image.tobytes(app.screen, "RGB")


def test_with_two_humans_a_bot_turn_is_drawn_from_the_public_view(app, rules):
    match = Match.new(rules, 3, ["human", "rules", "human"], 5, speed="instant")
    app.push(TableScene(app, match))
    table = app.top
    seen_public = False
    for _ in range(400):
        app.frame()
        if isinstance(app.top, HandoffScene):
            app.top.go()
        elif table.legal:
            table.act(table.legal[-1])
        if match.to_act == match.names[1]:
            seen_public = seen_public or table.viewer.shown is None
            assert table.viewer.shown is None or not table.legal
    assert seen_public, "while the bot decides, nobody's secrets are on the screen"


def test_standing_orders_answer_card_windows_without_a_hand_off(app, rules):
    state = engine.load_scenario(rules, {**_m14(), "cards": {"Samoa": {"hand": ["feather_cloak"]}}})
    do(state, "party 0906", "take war_canoe", "take war_canoe", "take warrior_band war_canoe", "take transport_canoe",
       "go 1007", "done")
    settings = {"Samoa": SeatSettings(None, ORDERS, {"feather_cloak": "use"})}
    match = Match(rules, state, {"Tonga": "human", "Samoa": "human"}, state.seed, speed="instant",
                  settings=settings)
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    app.top.go()                                               # Tonga takes the screen
    table.act(engine.Action("end"))
    handoffs = []
    for _ in range(60):
        app.frame()
        if isinstance(app.top, HandoffScene):
            handoffs.append(app.top.player)
            break
    log = [e["kind"] for e in engine.events_since(match._state, "Tonga", 0)[0]]
    assert "battle_card" in log, "Samoa's order played Feather Cloak before the roll"
    assert engine.Action("use", ("feather_cloak",)) not in match.decisions
    assert log.index("battle_card") < log.index("die_rolled")
    assert handoffs in ([], ["Samoa"]) and "die_rolled" in log, "a hand-off comes only for a real decision"


def _m14():
    from tests.positions import BATTLE, M14
    return {**BATTLE, **M14, "pieces": {
        "Tonga": [{"hex": "0906", "war_canoe": 2, "warrior_band": 1, "transport_canoe": 1}],
        "Samoa": [{"hex": "1007", "transport_canoe": 1, "warrior_band": 1, "face_up_canoe": True},
                  {"hex": "Samoa", "warrior_band": 2}]}}


@pytest.mark.parametrize("rolled, order, used", [(1, "removed", True), (2, "removed", False), (2, "hurts", True),
                                                 (1, "never", False)])
def test_X24_standing_orders_for_a_reroll(rules, rolled, order, used):
    legal = [engine.Action("use", ("tiki",)), engine.Action("accept")]
    assert seat_rules.is_window(legal)
    answer = seat_rules.standing_answer(legal, {"tiki": order}, rules, rolled)
    assert answer == (legal[0] if used else legal[1])


def test_a_decision_that_is_not_a_window_is_never_answered_for_the_player(rules):
    assert not seat_rules.is_window([engine.Action("panic", ("war_canoe",)), engine.Action("panic", ("warrior_band",))])
    assert not seat_rules.is_window([engine.Action("use", ("commerce",))])
    assert seat_rules.window_power(rules, "leader_rises") == "battle_modifier"
    assert seat_rules.window_power(rules, "moai") is None


def test_seat_settings_travel_with_the_save_and_a_bad_one_is_refused(tmp_path, rules):
    tonga = SeatSettings(pin_hash("Tonga", "1111"), ORDERS, {"tiki": "hurts"})      # the hash's salt is random
    match = Match.new(rules, 2, ["human", "human"], 3, speed="instant", settings={"Tonga": tonga})
    path = tmp_path / "game.json"
    match.save(path)
    match.close()
    again = Match.load(rules, path, speed="instant")
    assert again.settings["Tonga"] == tonga
    assert again.settings["Samoa"] == SeatSettings(None, IN_PERSON, {})
    again.close()
    contents = savefile.read(path)                 # one file (game/savefile.py): its seats edited by hand
    contents.settings["Tonga"]["windows"] = "telepathy"
    savefile.write(path, contents)
    with pytest.raises(engine.SaveError, match="windows"):
        Match.load(rules, path, speed="instant")


def test_since_your_last_turn_replays_from_the_view_the_player_last_saw(app, rules):
    match = Match.new(rules, 2, ["human", "human"], 11, speed="normal")
    app.push(TableScene(app, match))
    table = app.top
    first = match.viewer()
    if isinstance(app.top, HandoffScene):
        app.top.go()
    for _ in range(3000):
        app.frame()
        if isinstance(app.top, HandoffScene):
            if app.top.player == first and table.viewer.seen.get(first):
                break
            app.top.go()
        elif table.legal and not table.anim.busy:
            table.act(table.legal[0])                              # explorers set out: moves to replay
    assert isinstance(app.top, HandoffScene) and app.top.player == first
    last_seen = table.viewer.seen[first][0]
    app.top.go()
    assert table.recap, "the incoming player gets the list of what happened"
    assert not table.recap[0][0].startswith(first), "it does not begin with the player's own last decision"
    assert table.overlays.get("recap").rect().colliderect(table.panels()["log"]), "over the log, not the map"
    assert table.anim.busy and table.shown is last_seen, "the replay starts from the view they last saw"
    key(app, pygame.K_SPACE)                                   # skip the replay
    assert not table.anim.busy and table.shown == match.view(first)


@pytest.mark.parametrize("scene", ["table", "handoff"])
def test_a_screenshot_of_any_save_for_any_player(tmp_path, rules, scene):
    state = engine.load_scenario(rules, {**BASE, **TWINS["another player's cards in hand"][0]})
    match = Match(rules, state, {"Tonga": "human", "Samoa": "human"}, state.seed, speed="instant",
                  settings={"Samoa": SeatSettings(pin_hash("Samoa", "4321"))})
    save = tmp_path / "pp.json"
    match.save(save)
    match.close()
    shots = []
    for viewer in ("Tonga", "Samoa", "public"):
        shot = tmp_path / f"{scene}-{viewer}.png"
        out = run("--load", str(save), "--screenshot", str(shot), "--viewer", viewer, "--scene", scene,
                  "--data-dir", str(tmp_path / "data"))
        assert out.returncode == 0, out.stderr
        shots.append(pygame.image.tobytes(pygame.image.load(str(shot)), "RGB"))
    assert shots[0] != shots[1], "each player's own table, or hand-off"


def samoa_after_tonga_built(app, rules, build: str) -> tuple[bytes, list]:
    """Tonga builds `build` in secret (X8) and finishes; the screen goes to Samoa. Samoa's settled frame and log."""
    match, table = tonga_built_in_secret(app, rules, [build])
    app.top.go()
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 15), rel=(1, 1), buttons=(0, 0, 0)))
    for _ in range(3):
        app.frame()
    shot, log = pygame.image.tobytes(app.screen, "RGB"), list(table.log.lines)
    app.pop()
    match.close()
    return shot, log


def test_X8_after_a_hand_off_the_next_builder_sees_nothing_of_the_secret_builds(app, rules):
    """Samoa's table (map, panels, log, recap) is the same picture whatever Tonga built before the hand-off."""
    (village, log_v), (colony, log_c) = (samoa_after_tonga_built(app, rules, b) for b in ("village", "colony"))
    assert not any("plans" in line for line, _ in log_v + log_c)
    assert village == colony, "Samoa's screen tells what Tonga built"


def test_a_hand_off_comes_exactly_when_the_screen_passes_to_another_human(app, rules):
    match = Match.new(rules, 3, ["human", "rules", "human"], 1, speed="instant", max_turns=4)
    table = TableScene(app, match)
    app.push(table)
    holder, handoffs, returns = None, 0, 0
    for _ in range(3000):
        if match.stopped:
            break
        before = table.viewer.shown
        app.frame()
        if isinstance(app.top, HandoffScene):
            assert app.top.player != holder, "no hand-off back to the human who still holds the screen"
            handoffs += 1
            holder = app.top.player
            app.top.go()
        elif table.viewer.shown is not None and table.viewer.shown != before:
            assert before is None and table.viewer.shown == holder, "another human's view never comes unasked"
            returns += 1
        elif table.legal:
            table.act(table.legal[-1])
    assert handoffs >= 2 and returns >= 1, (handoffs, returns)


def test_until_told_otherwise_standing_orders_use_the_free_powers_and_keep_the_costly_ones(rules):
    def answer(key: str, rolled: int = 0) -> str:
        legal = [engine.Action("use", (key,)), engine.Action("accept")]
        return seat_rules.standing_answer(legal, {}, rules, rolled).verb
    removing = next(face for face in range(1, 7) if rules.battle_die[face].endswith("removed"))
    harmless = next(face for face in range(1, 7) if not rules.battle_die[face].endswith("removed"))
    assert answer("feather_cloak") == "use" and answer("tattoo") == "use"
    assert answer("tiki", removing) == "use" and answer("tiki", harmless) == "accept"
    assert answer("arioi") == "accept", "a card spent by its use is the player's to spend"


def test_X36_each_card_window_choice_says_what_it_means_and_the_page_fits(app):
    """Issue 40 (12): "card windows: in person / standing orders" had no line saying what either means. Each
    human seat's choice now says it under the choice (X36), and the page's column still fits a 1280x800 window."""
    from game import words
    from game.scenes.setup import SeatsScene, SetupScene
    from game.ui.widgets import Choice
    setup = SetupScene(app)
    app.push(setup)
    setup.seats[1] = "human"
    page = SeatsScene(app, setup)
    app.push(page)
    app.frame()
    choices = [w for w in page.form.widgets if isinstance(w, Choice)]
    assert len(choices) == 2
    for choice in choices:
        assert choice.hints == {IN_PERSON: words.text("seats.windows.hint.person"),
                                ORDERS: words.text("seats.windows.hint.orders")}
        before = pygame.image.tobytes(app.screen.subsurface(choice.rect), "RGB")
        choice.adjust(1)
        app.frame()
        assert pygame.image.tobytes(app.screen.subsurface(choice.rect), "RGB") != before, "its line follows it"
    assert page.paper.bottom <= app.screen.get_height()
