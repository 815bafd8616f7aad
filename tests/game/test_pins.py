"""PINs that are a fair curtain for pass and play on one machine (issue 26; CLIENT.md, pass and play; RULES.md X9).

A PIN is kept as a slow hash with a random salt; the sha256 form of older saves still opens and is replaced; wrong
tries at the hand-off earn a growing wait, during which keys, mouse and pad are refused; junk where a PIN should be
is named, or kept as unusable so that the seat is not locked out; and a PIN is cleared with the other players'
consent at the hand-off. The client is driven through synthetic input, as a player would."""
from __future__ import annotations

import hashlib

import pygame
import pytest

import engine
from game import virtualpad
from game.match import Match
from game.scenes.handoff import HandoffScene, PinScene
from game.scenes.message import MessageScene
from game.scenes.table import TableScene
from game.seats import PIN_UNUSABLE, PIN_WAITS, PinGuard, SeatSettings, pin_hash, pin_matches, scrypt_of
from tests.positions import BASE

from .conftest import click, key
from .helpers import Hands, keypad_refuses


def legacy(seat: str, digits: str) -> str:
    """A PIN as saves before issue 26 kept it: sha256 salted with the seat's name only."""
    return hashlib.sha256(f"paradise:{seat}:{digits}".encode()).hexdigest()


def test_a_pin_is_kept_with_a_random_salt_and_a_slow_hash():
    first, second = pin_hash("Samoa", "4321"), pin_hash("Samoa", "4321")
    assert first != second, "the same PIN twice is kept as two different strings"
    for kept in (first, second):
        assert kept.startswith("scrypt$")
        assert pin_matches(SeatSettings(kept), "Samoa", "4321")
        assert not pin_matches(SeatSettings(kept), "Samoa", "4322")
        assert not pin_matches(SeatSettings(kept), "Tonga", "4321"), "bound to its seat"
    n, r, p, salt, digest = scrypt_of(first)
    # 2**14 x 8 (16 MiB) took 45 ms a check where the chosen cost took 70-90 ms: never below it, so all 10,000 PINs
    # cost minutes.
    assert n * r * p >= 2 ** 14 * 8 and 128 * n * r >= 16 * 2 ** 20
    assert len(salt) >= 16 and len(digest) >= 32
    assert SeatSettings.from_dict({"pin": first}).pin == first


def test_a_legacy_sha256_pin_still_opens_and_is_replaced_by_the_new_form():
    settings = SeatSettings.from_dict({"pin": legacy("Samoa", "4321")})
    assert not pin_matches(settings, "Samoa", "1234") and settings.pin == legacy("Samoa", "4321")
    assert pin_matches(settings, "Samoa", "4321")
    assert settings.pin is not None and settings.pin.startswith("scrypt$"), "replaced once typed right"
    again = SeatSettings.from_dict(settings.to_dict())
    assert pin_matches(again, "Samoa", "4321") and not pin_matches(again, "Samoa", "1234")


JUNK = {
    "64 characters that are no hash (locked the seat out for ever)": "z" * 64,
    "an empty string": "",
    "a number": 4321,
    "an upper-case hash": legacy("Samoa", "4321").upper(),
    "an unknown scheme": "bcrypt$12$" + "00" * 16 + "$" + "00" * 32,
    "a field missing": "scrypt$16384$12$" + "00" * 16 + "$" + "00" * 32,
    "n not a power of 2": "scrypt$10000$8$1$" + "00" * 16 + "$" + "00" * 32,
    "a cost no check may take": "scrypt$1048576$8$1$" + "00" * 16 + "$" + "00" * 32,
    "a salt too short": "scrypt$16384$12$1$" + "00" * 4 + "$" + "00" * 32,
    "odd hex": "scrypt$16384$12$1$" + "0" * 33 + "$" + "00" * 32,
}


@pytest.mark.parametrize("junk", list(JUNK.values()), ids=list(JUNK))
def test_junk_where_a_pin_should_be_is_named_or_kept_as_unusable(junk):
    with pytest.raises(ValueError, match=r"^pin: "):
        SeatSettings.from_dict({"pin": junk})
    kept = SeatSettings.from_dict({"pin": junk, "windows": "orders"}, unusable_pin=True)
    assert kept.pin == PIN_UNUSABLE and kept.windows == "orders"
    assert SeatSettings.from_dict(kept.to_dict()) == kept, "the mark travels with the save until the PIN is cleared"
    assert not any(pin_matches(kept, "Samoa", digits) for digits in ("0000", "4321", junk if isinstance(junk, str)
                                                                     else "1234"))


def test_the_waits_after_wrong_pins_grow_to_a_minute_and_a_right_pin_forgives():
    guard = PinGuard()
    waits = []
    for _ in range(10):
        guard.record(False)
        waits.append(guard.wait)
    assert waits == [0, 0, 2, 4, 8, 16, 32, 60, 60, 60] and waits[:len(PIN_WAITS)] == list(PIN_WAITS)
    guard.tick(59.5)
    assert guard.wait == pytest.approx(0.5)
    guard.record(True)
    assert (guard.wrong, guard.wait) == (0, 0)


def samoa_at_the_hand_off(app, rules, pin: str | None) -> tuple[Match, HandoffScene, list[str]]:
    """A two-human game with Samoa's hand-off on the screen; what it hands the screen to."""
    state = engine.load_scenario(rules, BASE)
    match = Match(rules, state, {"Tonga": "human", "Samoa": "human"}, state.seed, speed="instant",
                  settings={"Samoa": SeatSettings(pin)})
    app.push(TableScene(app, match))
    entered: list[str] = []
    handoff = HandoffScene(app, "Samoa", entered.append, match.settings["Samoa"])
    app.push(handoff)
    app.frame()
    return match, handoff, entered


DEVICES = ["keys", "mouse", pytest.param("pad", marks=pytest.mark.skipif(
    virtualpad.available() is not None, reason=f"no virtual pads here: {virtualpad.available()}"))]


@pytest.mark.parametrize("device", DEVICES)
def test_wrong_pins_earn_a_growing_wait_that_refuses_keys_mouse_and_pad(app, rules, device):
    match, handoff, entered = samoa_at_the_hand_off(app, rules, pin_hash("Samoa", "4321"))
    hands = Hands(app, device)
    guard = match.settings["Samoa"].guard                   # kept with the seat for the game's run
    try:
        hands.type(handoff, "1111")
        hands.type(handoff, "2222")
        assert handoff.wrong and guard.wait == 0, "two slips cost nothing"
        hands.type(handoff, "3")
        assert handoff.pad.digits == "3"
        hands.type(handoff, "333")
        assert guard.wrong == 3 and guard.wait == pytest.approx(2 - 1 / 60)
        assert all(not button.enabled for button in handoff.form.widgets)
        assert keypad_refuses(app, hands, handoff)
        while guard.wait > 0.2:
            app.frame()
        assert keypad_refuses(app, hands, handoff), "still refused just before the wait ends"
        for _ in range(round(0.3 * 60)):
            app.frame()
        assert guard.wait == 0 and all(button.enabled for button in handoff.form.widgets)
        hands.type(handoff, "4444")
        assert guard.wrong == 4 and guard.wait == pytest.approx(4 - 1 / 60), "the next wait is longer"
        assert keypad_refuses(app, hands, handoff)
        for _ in range(4 * 60 + 1):
            app.frame()
        assert entered == []
        hands.type(handoff, "4321")
        assert entered == ["Samoa"] and app.top is not handoff and guard.wrong == 0
    finally:
        hands.close()
        match.close()


def test_the_wait_is_kept_with_the_seat_from_one_hand_off_to_the_next(app, rules):
    match, handoff, entered = samoa_at_the_hand_off(app, rules, pin_hash("Samoa", "4321"))
    for digits in ("1111", "2222", "3333"):
        Hands(app, "keys").type(handoff, digits)
    app.pop()
    later = HandoffScene(app, "Samoa", entered.append, match.settings["Samoa"])
    app.push(later)
    app.frame()
    assert later.settings.guard.wait > 0 and keypad_refuses(app, Hands(app, "keys"), later)
    match.close()


def forgot(app, handoff: HandoffScene) -> MessageScene:
    """Select "Forgot PIN" (or "Clear the PIN") at the hand-off: the table is asked."""
    click(app, handoff.form.widgets[-1].rect.center)
    dialog = app.top
    assert isinstance(dialog, MessageScene) and "every other player agrees" in dialog.message
    return dialog


def test_a_forgotten_pin_is_cleared_with_the_others_consent_and_a_new_one_chosen(app, rules):
    match, handoff, entered = samoa_at_the_hand_off(app, rules, pin_hash("Samoa", "4321"))
    settings = match.settings["Samoa"]
    Hands(app, "keys").type(handoff, "1111")
    kept = settings.pin
    dialog = forgot(app, handoff)
    click(app, dialog.form.widgets[0].rect.center)                         # Cancel: nothing changes
    assert app.top is handoff and settings.pin == kept
    dialog = forgot(app, handoff)
    click(app, dialog.form.widgets[-1].rect.center)                        # we all agree
    assert settings.pin is None and settings.guard.wrong == 0 and entered == []
    assert isinstance(app.top, PinScene), "the player may choose a new PIN at once"
    for _ in range(2):
        Hands(app, "keys").type(app.top, "2468")
    assert entered == ["Samoa"] and app.top is not handoff and not isinstance(app.top, PinScene)
    assert pin_matches(settings, "Samoa", "2468") and not pin_matches(settings, "Samoa", "4321")
    match.close()


def test_a_pin_that_cannot_be_checked_locks_nobody_out(app, rules):
    """Junk kept as unusable (a lenient load): no digits open the seat; clearing it with everyone's consent does,
    and the player may go on without a new PIN."""
    unusable = SeatSettings.from_dict({"pin": "z" * 64}, unusable_pin=True).pin
    match, handoff, entered = samoa_at_the_hand_off(app, rules, unusable)
    assert handoff.pad is None and [b.label for b in handoff.form.widgets] == ["Clear Samoa's PIN…"]
    Hands(app, "keys").type(handoff, "0000")
    assert app.top is handoff and entered == []
    dialog = forgot(app, handoff)
    click(app, dialog.form.widgets[-1].rect.center)
    assert isinstance(app.top, PinScene)
    key(app, pygame.K_ESCAPE)                                              # no new PIN
    assert app.top is handoff and match.settings["Samoa"].to_dict()["pin"] is None
    click(app, handoff.form.widgets[0].rect.center)                        # "I am Samoa: show my view"
    assert entered == ["Samoa"]
    match.close()
