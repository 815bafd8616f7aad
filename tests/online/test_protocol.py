"""The protocol's message checks (docs/PROTOCOL.md, game/online/protocol.py): every client message is decoded
against its declared fields before the server looks at it, and whatever is refused is refused with a code and
words that name the field and what it takes; the one place a message is made (`seat_update`) keeps the seed off
the wire and gives a decision only to the seat that decides (X9)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from game.online import protocol


def refused(message: Any) -> protocol.ProtocolError:
    raw = message if isinstance(message, str | bytes) else json.dumps(message)
    with pytest.raises(protocol.ProtocolError) as caught:
        protocol.decode(raw)
    return caught.value


def test_every_declared_message_decodes_with_its_required_fields() -> None:
    good: dict[str, dict[str, Any]] = {
        "hello": {"version": protocol.VERSION}, "host": {"seats": ["human", "hard"]},
        "join": {"code": "K7QM-2XPA"}, "watch": {"code": "W-K7QM-2XPA"}, "open": {"token": "t" * 43},
        "act": {"seq": 1, "action": ["go", "0906", 2]}, "undo": {"seq": 2}, "ask": {"id": 3, "why": [["end"]]},
        "games": {"tokens": ["t"]}, "replace": {"seat": "Samoa", "agree": True}, "record": {}, "close": {}}
    assert set(good) == set(protocol.CLIENT_MESSAGES)
    for kind, fields in good.items():
        assert protocol.decode(json.dumps({"type": kind, **fields})) == {"type": kind, **fields}


@pytest.mark.parametrize(("message", "words"), [
    ({"type": "act", "seq": "1", "action": ["end"]}, "field 'seq' takes a whole number"),
    ({"type": "act", "seq": True, "action": ["end"]}, "field 'seq' takes a whole number"),
    ({"type": "act", "seq": 2 ** 60, "action": ["end"]}, "field 'seq' takes a whole number"),
    ({"type": "replace", "seat": "Samoa", "agree": 1}, "field 'agree' takes true or false"),
    ({"type": "join", "code": "X" * (protocol.CODE_CHARS + 1)}, "field 'code' takes a text of at most 16"),
    ({"type": "join", "code": 7}, "field 'code' takes a text"),
    ({"type": "act", "seq": 1, "action": "end"}, "an action is a list [verb, arg, ...]"),
    ({"type": "act", "seq": 1, "action": []}, "an action is a list [verb, arg, ...]"),
    ({"type": "act", "seq": 1, "action": ["end"] * (protocol.ACTION_ARGS + 2)}, "of 1 to 9 items"),
    ({"type": "act", "seq": 1, "action": [3]}, "an action's verb is a text"),
    ({"type": "act", "seq": 1, "action": ["go", 1.5]}, "arguments are whole numbers or texts"),
    ({"type": "act", "seq": 1, "action": ["go", "x" * (protocol.ARG_CHARS + 1)]}, "arguments are whole numbers"),
    ({"type": "act", "seq": 1, "action": ["go", 2 ** 40]}, "arguments are whole numbers"),
    ({"type": "ask", "id": 1, "why": [["end"]] * (protocol.ASK_CAP + 1)}, "field 'why' takes a list of at most"),
    ({"type": "ask", "id": 1, "why": [["end"], "end"]}, "an action is a list"),
    ({"type": "games", "tokens": ["t"] * 65}, "field 'tokens' takes a list of at most 64 tokens"),
    ({"type": "games", "tokens": ["t" * (protocol.TOKEN_CHARS + 1)]}, "field 'tokens' takes a list"),
    ({"type": "host", "seats": ["human"]}, "field 'seats' takes a list of 2 to 4 seat kinds"),
    ({"type": "host", "seats": ["human", "god"]}, "field 'seats' takes a list of 2 to 4 seat kinds"),
    ({"type": "host", "seats": ["human", "easy"], "options": {"malaria": "yes"}}, "field 'options' takes a mapping"),
    ({"type": "host", "seats": ["human", "easy"], "options": [1]}, "field 'options' takes a mapping"),
    ({"type": "open"}, "a 'open' message needs the field 'token'"),
    ({"type": "open", "token": "t", "admin": True}, "a 'open' message has no field 'admin'"),
])
def test_each_field_kind_is_refused_with_words_that_name_it(message: dict[str, Any], words: str) -> None:
    error = refused(message)
    assert error.code == "malformed"
    assert words in str(error)


@pytest.mark.parametrize(("raw", "code", "words"), [
    ("{", "malformed", "one JSON object"),
    ("[1, 2]", "malformed", "a JSON object with a text field 'type'"),
    ('{"type": 3}', "malformed", "a JSON object with a text field 'type'"),
    ("[" * 10_000, "malformed", "one JSON object"),
    ('{"type": "shutdown"}', "unknown", "unknown message type 'shutdown'"),
    (b"\xff\xfe", "malformed", "one JSON object"),
])
def test_what_is_not_a_message_is_named(raw: str | bytes, code: str, words: str) -> None:
    error = refused(raw)
    assert (error.code, words in str(error)) == (code, True)


def test_a_message_over_the_cap_is_too_large_before_it_is_read() -> None:
    padding = "x" * protocol.CLIENT_CAP
    assert refused(json.dumps({"type": "join", "code": padding})).code == "too_large"
    fits = json.dumps({"type": "close"}).ljust(protocol.CLIENT_CAP)
    assert protocol.decode(fits) == {"type": "close"}


def test_an_action_crosses_the_wire_unchanged() -> None:
    action = engine.Action("go", ("0906", 2))
    wire = protocol.action_to_wire(action)
    assert protocol.action_from_wire(json.loads(json.dumps(wire))) == action
    reason = engine.Reason("M4", "too_far", {"hexes": 3})
    assert protocol.reason_from_wire(json.loads(json.dumps(protocol.reason_to_wire(reason)))) == reason
    assert protocol.reason_to_wire(None) is None and protocol.reason_from_wire(None) is None


def test_encode_gives_the_same_bytes_for_the_same_message() -> None:
    assert protocol.encode({"b": 1, "a": [1, "é"]}) == protocol.encode({"a": [1, "é"], "b": 1}) == \
        '{"a":[1,"é"],"b":1}'


def test_seat_update_keeps_the_seed_off_the_wire_and_the_decision_to_its_seat(rules: engine.Ruleset) -> None:
    state = engine.new_game(rules, 2, 604_217_893)
    while engine.current_player(state) == engine.CHANCE:
        engine.resolve_chance(state)
    deciding = engine.current_player(state)
    other = next(name for name in state.names if name != deciding)
    assert deciding is not None
    seats = dict.fromkeys(state.names, "human")
    mine = protocol.seat_update(state, "G-1", deciding, 0, 4, seats, 0)
    theirs = protocol.seat_update(state, "G-1", other, 0, 2, seats)
    watching = protocol.seat_update(state, "G-1", None, 0, 1, seats)
    for update in (mine, theirs, watching):
        assert "604217893" not in protocol.encode(update)
        assert update["events"][0]["kind"] == "game_started" and "seed" not in update["events"][0]
    assert mine["decision"] is not None
    assert [protocol.action_from_wire(a) for a in mine["decision"]["legal"]] == engine.legal_actions(state)
    assert theirs["decision"] is None and watching["decision"] is None
    assert watching["view"] == watching["public"] == engine.observe(state, None, log=False)
    later = protocol.seat_update(state, "G-1", other, theirs["log_size"], 2, seats)
    assert later["events"] == [] and later["first"] == theirs["log_size"]
    bots = protocol.seat_update(state, "G-1", deciding, 0, 4, {**seats, deciding: "normal"})
    assert bots["decision"] is None, "a bot's seat is not offered a decision"


def test_a_sight_made_once_per_change_completes_to_the_same_update(rules: engine.Ruleset) -> None:
    """The server makes each seat's sight once per change (the public view once for all) and adds each
    connection's events to it: the message is seat_update's, byte for byte."""
    state, _ = engine.play_game(rules, 3, 8, ["easy"] * 3, 2)
    seats = dict.fromkeys(state.names, "human")
    public = engine.observe(state, None, log=False)
    for seat in [None, *state.names]:
        sight = protocol.seat_sight(state, "G-1", seat, 3, seats, 1, public)
        assert sight["events"] == [] and sight["first"] == sight["log_size"] > 0
        for since in (0, 5, sight["log_size"]):
            assert protocol.encode(protocol.with_events(sight, state, since)) == \
                protocol.encode(protocol.seat_update(state, "G-1", seat, since, 3, seats, 1))


def test_a_message_encoded_in_parts_is_the_same_bytes(rules: engine.Ruleset) -> None:
    """The server encodes each view from the previous one's parts (only the fields and list items that changed)
    and an update from its parts encoded once for all connections: the bytes `encode` gives, change after change,
    for every seat and the spectators."""
    state = engine.new_game(rules, 3, 8)
    seats = dict.fromkeys(state.names, "human")
    before: dict[str | None, protocol.Encoded | None] = dict.fromkeys([None, *state.names])
    pick = random.Random(8)
    reused = 0
    for _ in range(120):
        if engine.current_player(state) == engine.CHANCE:
            engine.resolve_chance(state)
        else:
            engine.apply(state, pick.choice(engine.legal_actions(state)))
        for seat in before:
            update = protocol.seat_update(state, "G-1", seat, 0, 1, seats)
            parts = protocol.encode_again(update["view"], before[seat])
            assert protocol.joined(parts) == protocol.encode(update["view"])
            previous = before[seat]
            reused += previous is not None and parts[1]["hexes"] is not previous[1]["hexes"] and any(
                a is b for a, b in zip(parts[1]["hexes"], previous[1]["hexes"]))
            before[seat] = parts
            given = {"view": protocol.joined(parts), "decision": protocol.encode(update["decision"])}
            assert protocol.encode_update(update, given) == protocol.encode(update)
    assert reused > 100, "a hex that did not change keeps its text"
