"""A replay treats a PIN as the game does, and every way out of a game closes it (issue 36, points 4, 5, 9, 10):
a replay's hand-off clears no PIN and can be left; a seat whose PIN cannot be checked is not offered; Replay from
the pause menu closes the game being played, saved whole; wrong PINs are kept with the game and with the save
replayed, so a restart does not start the count over; and the replay's counter and steps go by what the watcher
can tell apart, so they do not tell how many secret builds another player made."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import engine
from game import flow, savefile
from game.match import Match
from game.replay import ReplayMatch, read
from game.scenes.handoff import HandoffScene
from game.scenes.replay import ReplayChoiceScene
from game.scenes.table import TableScene
from game.seats import PIN_WAITS, PinGuard, SeatSettings, pin_hash
from tests.positions import BASE

from .conftest import button, click, key
from .helpers import PIN, Hands, choose_replay, keypad_refuses, saved, tonga_built_in_secret


def reef(app) -> Path:
    return app.settings.data_dir / "saves" / "Reef.paradise"


def tongas_hand_off(app) -> HandoffScene:
    """From the title's saved games, Tonga's view of the replay, behind its PIN."""
    choice = choose_replay(app)
    click(app, button(choice, "Tonga's view (PIN)").rect.center)
    handoff = app.top
    assert isinstance(handoff, HandoffScene) and handoff.player == "Tonga"
    return handoff


def sit_out(app, guard: PinGuard) -> None:
    while guard.wait:
        app.frame()


# --- point 4: no PIN is cleared in a replay, and its PIN screen has a way back ------------------------------------

def test_a_replays_hand_off_offers_no_clearing_and_back_leaves_it(app):
    saved(app, pin=True)
    before = reef(app).read_bytes()
    handoff = tongas_hand_off(app)
    choice = app.stack[-2]
    labels = [w.label for w in handoff.form.widgets]
    assert "Forgot PIN…" not in labels and not any("Clear" in label for label in labels)
    Hands(app, "keys").type(handoff, "13")
    key(app, pygame.K_ESCAPE)
    assert app.top is handoff and handoff.pad is not None and handoff.pad.digits == "1", "back erases a digit"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is choice, "back with no digit typed closes it"
    assert reef(app).read_bytes() == before, "nothing typed, nothing written"


def test_a_seat_whose_pin_cannot_be_checked_is_not_offered_in_a_replay(app):
    saved(app, pin=True)
    contents = savefile.read(reef(app))
    contents.settings["Tonga"]["pin"] = "z" * 64
    savefile.write(reef(app), contents)
    choice = choose_replay(app)
    assert [w.label for w in choice.form.widgets] == ["Everyone's view", "Samoa's view", "Cancel"]


# --- point 5: Replay from the pause menu closes the game being played ---------------------------------------------

def test_replay_from_the_pause_menu_closes_the_game_being_played_saved_whole(app):
    saved(app)
    match = Match.new(app.rules, 2, ["rules"], 7, speed="normal", autosave=flow.autosaves(app.settings.data_dir))
    match.fast_forward(2)                               # an autosave at every new step
    where, since = (match.view(None)["turn"], match.view(None)["step"]), match.actions
    while match.actions - since < 3:                   # decisions after the last step's autosave
        match.tick(1.0)
        if (match.view(None)["turn"], match.view(None)["step"]) != where:
            where, since = (match.view(None)["turn"], match.view(None)["step"]), match.actions
    flow.start_match(app, match)
    app.push(app.make("saves", match))                 # the pause menu's saved games
    app.frame()
    click(app, button(app.top, "Replay").rect.center)
    choice = app.top
    assert isinstance(choice, ReplayChoiceScene)
    click(app, button(choice, "Everyone's view").rect.center)
    assert isinstance(app.stack[0], TableScene) and isinstance(app.stack[0].match, ReplayMatch)
    newest = savefile.Autosaves(flow.autosaves(app.settings.data_dir), match.game_id).files()[0]
    again = Match.load(app.rules, newest, speed="instant")
    assert (again.actions, again.state_hash()) == (match.actions, match.state_hash()), "nothing of it was lost"
    again.close()


# --- point 9: the wrong tries are kept with the game --------------------------------------------------------------

def test_the_guard_travels_in_the_seats_part_and_an_old_save_without_it_still_loads():
    kept = SeatSettings(None, guard=PinGuard(3, 2.0))
    assert SeatSettings.from_dict(kept.to_dict()).guard == PinGuard(3, 2.0)
    assert SeatSettings.from_dict({"pin": None, "windows": "person", "orders": {}}).guard == PinGuard()
    for junk in ({"wrong": -1, "wait": 0}, {"wrong": 1, "wait": PIN_WAITS[-1] + 1}, {"wrong": True, "wait": 0}, 7):
        with pytest.raises(ValueError, match=r"^guard: "):
            SeatSettings.from_dict({"pin": None, "guard": junk})


def test_wrong_pins_at_the_games_hand_off_outlive_a_restart(app, rules):
    autosaves = flow.autosaves(app.settings.data_dir)
    state = engine.load_scenario(rules, BASE)
    match = Match(rules, state, {"Tonga": "human", "Samoa": "human"}, state.seed, speed="instant",
                  settings={"Samoa": SeatSettings(pin_hash("Samoa", "4321"))}, autosave=autosaves)
    match.autosave_now(wait=True)                       # as the table does before the screen changes hands
    handoff = HandoffScene(app, "Samoa", lambda _: None, match.settings["Samoa"])
    app.push(handoff)
    for digits in ("1111", "2222", "3333"):
        Hands(app, "keys").type(handoff, digits)
    assert match.settings["Samoa"].guard.wrong == 3
    app.pop()                                           # the program is killed here: the game is not closed
    newest = savefile.Autosaves(autosaves, match.game_id).files()[0]
    again = Match.load(rules, newest, speed="instant", autosave=autosaves)
    guard = again.settings["Samoa"].guard
    assert (guard.wrong, guard.wait) == (3, PIN_WAITS[2]), "the count and the wait are still there"
    later = HandoffScene(app, "Samoa", lambda _: None, again.settings["Samoa"])
    app.push(later)
    app.frame()
    assert keypad_refuses(app, Hands(app, "keys"), later)
    sit_out(app, guard)
    Hands(app, "keys").type(later, "4444")
    assert guard.wrong == 4 and guard.wait > PIN_WAITS[2], "the next wait is the longer one"
    match.close()
    again.close()


def test_wrong_pins_in_a_replay_are_kept_in_its_save_and_outlive_a_restart(app):
    saved(app, pin=True)
    before, when = savefile.read(reef(app)), reef(app).stat().st_mtime_ns
    handoff = tongas_hand_off(app)
    for digits in ("1111", "2222", "3333"):
        Hands(app, "keys").type(handoff, digits)
    after = savefile.read(reef(app))
    assert (after.game, after.seats, after.meta, after.picture) == (before.game, before.seats, before.meta,
                                                                    before.picture), "only the guard changes"
    assert after.settings == {**before.settings, "Tonga": {**before.settings["Tonga"],
                                                           "guard": {"wrong": 3, "wait": PIN_WAITS[2]}}}
    assert reef(app).stat().st_mtime_ns == when, "a replay does not make the save the newest"
    while app.stack:                                    # the program restarts
        app.pop()
    again = tongas_hand_off(app)
    guard = again.settings.guard
    assert guard.wrong == 3 and keypad_refuses(app, Hands(app, "keys"), again)
    sit_out(app, guard)
    Hands(app, "keys").type(again, "4444")
    assert guard.wrong == 4 and guard.wait > PIN_WAITS[2]
    sit_out(app, guard)
    Hands(app, "keys").type(again, PIN)
    assert not isinstance(app.top, HandoffScene), "the right PIN opens the view"
    assert savefile.read(reef(app)).settings["Tonga"]["guard"] == {"wrong": 0, "wait": 0.0}, "and forgives"


def test_a_replay_of_the_game_being_played_counts_wrong_pins_with_that_game(app, rules):
    """From the pause menu, the game's own autosave: its seat's PIN now, and one count for the game and replay."""
    autosaves = flow.autosaves(app.settings.data_dir)
    match = Match.new(rules, 2, ["human", "rules"], 3, speed="instant", autosave=autosaves,
                      settings={"Tonga": SeatSettings(pin_hash("Tonga", PIN))})
    match.autosave_now(wait=True)
    flow.start_match(app, match)
    app.push(app.make("saves", match))
    app.frame()
    click(app, button(app.top, "Replay").rect.center)
    click(app, button(app.top, "Tonga's view (PIN)").rect.center)
    handoff = app.top
    assert isinstance(handoff, HandoffScene) and handoff.settings is match.settings["Tonga"]
    for digits in ("1111", "2222", "3333"):
        Hands(app, "keys").type(handoff, digits)
    newest = savefile.Autosaves(autosaves, match.game_id).files()[0]
    assert savefile.read(newest).settings["Tonga"]["guard"] == {"wrong": 3, "wait": PIN_WAITS[2]}


# --- point 10: the counter counts what the watcher can tell apart -------------------------------------------------

def saved_at_the_hand_off(app, rules, builds: int) -> Path:
    """Tonga builds `builds` rumours in secret (X8) and ends; the game is saved at the hand-off to Samoa."""
    match, _ = tonga_built_in_secret(app, rules, ["rumor"] * builds)
    path = app.settings.data_dir / f"built {builds}{savefile.SUFFIX}"
    app.settings.data_dir.mkdir(parents=True, exist_ok=True)
    match.save(path)
    app.pop()
    app.pop()
    match.close()
    return path


def counters(rules, path: Path, watcher: str | None) -> list[tuple[int, int]]:
    """The replay's "action n of N" at every step from its start to its end, which must be the save's."""
    replay = ReplayMatch(rules, read(rules, path, path.stem), watcher, "normal")
    seen = [(replay.position, replay.total)]
    while not replay.at_end:
        replay.step()
        replay.tick(0.0)
        seen.append((replay.position, replay.total))
    assert replay.error is None and replay.actions == len(replay.recorded)
    replay.close()
    return seen


def test_the_counter_does_not_tell_how_many_secret_builds_another_player_made(app, rules):
    one, two = saved_at_the_hand_off(app, rules, 1), saved_at_the_hand_off(app, rules, 2)
    assert len(savefile.read(two).game["actions"]) == len(savefile.read(one).game["actions"]) + 1
    for watcher in (None, "Samoa"):
        assert counters(rules, one, watcher) == counters(rules, two, watcher), watcher
    assert counters(rules, one, "Tonga") != counters(rules, two, "Tonga"), "Tonga knows her own builds"
