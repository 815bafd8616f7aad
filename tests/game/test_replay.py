"""Watching a save as a replay (issue 26), through the real client and its input layer: the saves scene opens
one; played at speed instant or stepped by keys and pad to its last action it reaches the save's state hash; a
seat's view only after its PIN (a wrong one shows nothing of it); the public view shows no hidden card; the
replay's menu offers no saving and leaves to the saved games."""
from __future__ import annotations

import json

import pygame

import engine
from game.match import Match
from game.replay import ReplayMatch
from game.scenes.handoff import HandoffScene
from game.scenes.message import MessageScene
from game.scenes.replay import ReplayChoiceScene, ReplayControls
from game.scenes.saves import SavesScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

from .conftest import button, click, key, post
from .helpers import PIN, choose_replay, saved


def replaying(app) -> tuple[ReplayControls, TableScene, ReplayMatch]:
    controls = app.top
    assert isinstance(controls, ReplayControls)
    table = app.stack[0]
    assert isinstance(table, TableScene) and table.match is controls.match
    return controls, table, controls.match


def watch(app, view: str) -> tuple[ReplayControls, TableScene, ReplayMatch]:
    choice = choose_replay(app)
    click(app, button(choice, view).rect.center)
    return replaying(app)


def pad(app, which: int) -> None:
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=which),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=which))
    app.frame()


def test_the_saves_button_opens_the_choice_of_views(app):
    saved(app)
    app.push(TitleScene(app))
    app.push(app.make("saves"))
    app.frame()
    saves = app.top
    assert isinstance(saves, SavesScene)
    click(app, button(saves, "Replay").rect.center)
    choice = app.top
    assert isinstance(choice, ReplayChoiceScene)
    labels = [w.label for w in choice.form.widgets]
    assert labels == ["Everyone's view", "Tonga's view", "Samoa's view", "Cancel"]
    key(app, pygame.K_ESCAPE)
    assert app.top is saves


def test_a_replay_at_speed_instant_plays_to_the_saves_final_position_and_stops(app):
    match = saved(app)
    controls, table, replay = watch(app, "Everyone's view")
    assert 0 < replay.total < match.actions, "counted by the positions the public view tells apart (issue 36)"
    assert not table.legal and not replay.humans, "nobody decides in a replay"
    for _ in range(500):
        app.frame()
        if replay.at_end:
            break
    app.settle()
    assert replay.at_end and replay.state_hash() == match.state_hash() and replay.error is None
    assert app.top is controls and "the end" in controls.line(), "no end scene: the replay stops at its end"
    assert f"action {replay.total} of {replay.total}" in controls.line()
    assert not app.settings.results, "a replay records no result"


def test_stepping_by_keys_and_pad_moves_one_position_a_press_to_the_saves_final_position(app):
    app.settings.speed = "normal"
    match = saved(app)
    _controls, _table, replay = watch(app, "Everyone's view")
    key(app, pygame.K_SPACE)
    assert not replay.playing, "Space pauses"
    for _ in range(60):
        app.frame()
    paused = replay.position
    assert replay.stopped and paused < replay.total, "paused, nothing moves"
    presses = [lambda: key(app, pygame.K_RIGHT), lambda: pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)]
    n = 0
    while not replay.at_end:
        before = replay.position
        presses[n % len(presses)]()
        app.frame()
        assert replay.position == before + 1, "each press steps one position"
        n += 1
    assert replay.state_hash() == match.state_hash() and replay.error is None
    assert n == replay.total - paused
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert not replay.playing, "play does nothing at the end"


def test_the_mouse_pauses_and_steps_with_the_controls_buttons(app):
    app.settings.speed = "slow"
    saved(app)
    controls, _table, replay = watch(app, "Everyone's view")
    app.frame()
    click(app, controls.play.rect.center)
    assert not replay.playing and controls.play.label == "Play"
    before = replay.position
    click(app, controls.step.rect.center, frames=2)
    assert replay.position == before + 1


def test_a_wrong_pin_shows_nothing_of_the_seat_and_the_right_one_shows_its_hand(app):
    match = saved(app, pin=True, turn=5)
    hand = match.view("Tonga")["hand"]
    assert hand, "Tonga holds a card"
    choice = choose_replay(app)
    assert button(choice, "Tonga's view (PIN)") and button(choice, "Samoa's view")
    click(app, button(choice, "Tonga's view (PIN)").rect.center)
    handoff = app.top
    assert isinstance(handoff, HandoffScene) and handoff.player == "Tonga"
    for digit in "1357":
        post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit),
             pygame.event.Event(pygame.KEYUP, key=ord(digit), mod=0))
    app.frame()
    assert app.top is handoff and handoff.wrong, "a wrong PIN: the hand-off says so and stays"
    assert not any(isinstance(s, TableScene) for s in app.stack), "nothing of Tonga's view was shown"
    for digit in PIN:
        post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit),
             pygame.event.Event(pygame.KEYUP, key=ord(digit), mod=0))
    app.frame()
    controls, table, replay = replaying(app)
    assert table.viewer.shown == "Tonga" and replay.watcher == "Tonga"
    for _ in range(500):
        app.frame()
        if replay.at_end:
            break
    app.settle()
    assert table.shown["hand"] == hand, "Tonga's own hand is shown"
    assert "Tonga's view" in controls.line()


def test_the_public_view_shows_no_hidden_card(app):
    match = saved(app, turn=5)
    hidden = match.view("Tonga")["hand"] + match.view("Samoa")["hand"]
    assert hidden, "the players hold hidden cards"
    _controls, table, replay = watch(app, "Everyone's view")
    for _ in range(500):
        app.frame()
        if replay.at_end:
            break
    app.settle()
    assert table.viewer.shown is None and table.shown == match.view(None)
    assert not table.shown["hand"], "no hand in the public view"
    said = json.dumps(table.shown) + json.dumps(table.log.lines)
    assert not any(card in said for card in hidden), "no hidden card is named in the view or the log"


def test_the_replays_menu_offers_no_saving_and_leaves_to_the_saved_games(app):
    saved(app)
    controls, _table, _replay = watch(app, "Everyone's view")
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MessageScene)
    labels = [w.label for w in menu.form.widgets]
    assert labels == ["Resume", "Rules", "Leave the replay"] and not any("Save" in label for label in labels)
    key(app, pygame.K_ESCAPE)
    assert app.top is controls, "Esc resumes"
    pad(app, pygame.CONTROLLER_BUTTON_B)
    click(app, button(app.top, "Leave the replay").rect.center)
    assert isinstance(app.top, SavesScene) and isinstance(app.stack[0], TitleScene)


def test_a_replay_whose_last_position_is_not_the_saves_says_so(app):
    app.settings.speed = "fast"
    saved(app)
    _controls, _table, replay = watch(app, "Everyone's view")
    replay.expected = "0" * 64                 # as if the engine replayed the save differently
    while not replay.at_end:
        key(app, pygame.K_RIGHT)
    app.frame()
    assert replay.error is not None and app.top.title == "The replay went astray"


def test_a_damaged_save_does_not_open_as_a_replay(app):
    (app.settings.data_dir / "saves").mkdir(parents=True)
    (app.settings.data_dir / "saves" / "x.paradise").write_bytes(b"garbage")
    app.push(TitleScene(app))
    app.push(app.make("saves"))
    app.frame()
    key(app, pygame.K_f)
    assert isinstance(app.top, MessageScene) and app.top.title == "The saved game cannot be opened"


def test_loading_and_replaying_apply_a_recorded_action_the_same_way(rules):
    """engine.saves.replay is apply_recorded over the list: a bad entry is refused with its number."""
    match = Match.new(rules, 2, ["rules"], 3, speed="instant")
    match.fast_forward(2)
    data = match.contents().game
    state = engine.saves.replay(data["start"], [], rules)
    for i, entry in enumerate(data["actions"]):
        engine.saves.apply_recorded(state, entry, i + 1)
    assert engine.state_hash(state) == data["state_hash"]
    try:
        engine.saves.apply_recorded(state, ["end", "yes"], 99)
    except engine.SaveError as exc:
        assert "action 99 is not [text, drawn]" in str(exc)
    else:
        raise AssertionError("a bad entry is refused")
    match.close()
