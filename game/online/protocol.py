"""The online protocol (docs/PROTOCOL.md): its version, the messages each side may send with their fields and
size caps, how an action crosses the wire, and `seat_update` (with its halves `seat_sight` and `with_events`), the
one place where a message is made from a game state, for one seat (or a spectator) and from its view alone (X9).

This module never imports pygame: the server, the client and the tests share it.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, Literal, TypedDict, cast

import engine

VERSION: Final = 1                   # the protocol's version: both sides must speak the same, said at the handshake
CLIENT_CAP: Final = 16 * 1024        # bytes: the largest message a client may send
SERVER_CAP: Final = 4 * 1024 * 1024  # bytes: the largest message a server sends (a whole log on reconnection)
ACTION_ARGS: Final = 8               # an action has at most this many arguments ...
ARG_CHARS: Final = 40                # ... each a whole number or a text of at most this many characters
ASK_CAP: Final = 64                  # actions asked about in one `ask`
TOKEN_CHARS: Final = 64              # a seat token's length cap (secrets.token_urlsafe(32) gives 43)
CODE_CHARS: Final = 16               # an invite or spectator code's length cap
NAME_CHARS: Final = 40               # a player's shown name
RATE: Final = 100.0                  # messages a second a server takes from one connection (bursts of twice as many)


class ProtocolError(ValueError):
    """A message that does not fit the protocol; its text says which field and what was expected."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


# --- what a client may send: each message type, its fields, and what each field takes ---------------------------
# A field's spec: (kind, required). Kinds: "int", "bool", "str:N" (text of at most N characters), "action",
# "actions" (a list of at most ASK_CAP actions), "seats", "options", "tokens" (a list of at most 64 tokens).
FieldSpec = tuple[str, bool]
CLIENT_MESSAGES: Final[Mapping[str, Mapping[str, FieldSpec]]] = {
    "hello": {"version": ("int", True), "client": (f"str:{NAME_CHARS}", False)},
    "host": {"seats": ("seats", True), "options": ("options", False), "seed": ("int", False)},
    "join": {"code": (f"str:{CODE_CHARS}", True), "name": (f"str:{NAME_CHARS}", False)},
    "watch": {"code": (f"str:{CODE_CHARS}", True), "since": ("int", False)},
    "open": {"token": (f"str:{TOKEN_CHARS}", True), "since": ("int", False)},
    "act": {"seq": ("int", True), "action": ("action", True)},
    "undo": {"seq": ("int", True)},
    "ask": {"id": ("int", True), "why": ("actions", True)},
    "games": {"tokens": ("tokens", True)},
    "replace": {"seat": (f"str:{NAME_CHARS}", True), "agree": ("bool", True)},
    "record": {},
    "close": {},
}
ClientType = Literal["hello", "host", "join", "watch", "open", "act", "undo", "ask", "games", "replace", "record",
                     "close"]
SERVER_MESSAGES: Final = ("welcome", "hosted", "joined", "update", "presence", "ack", "refused", "answer", "list",
                          "voted", "record", "error")
SEAT_KINDS: Final = ("human", "easy", "normal", "hard")


class DecisionWire(TypedDict):
    """The seat's pending decision: its legal actions, the route each move would take (only those longer than
    one hex, by index into `legal`), what each action would do that cannot be undone (engine.barrier), and how
    many of the seat's own decisions it may take back now (X42)."""
    legal: list[list[Any]]
    routes: dict[str, list[str]]
    barriers: list[str | None]
    undoable: int


class Update(TypedDict):
    """One message per change for one seat (None: a spectator, who gets the public view): the seat's view, the
    public view, the events it may see from its event number `first` on, and its decision (None when it has
    none). `version` counts the changes of the game (actions and undos), `over` says the game has ended."""
    type: Literal["update"]
    game: str
    seat: str | None
    version: int
    view: engine.View
    public: engine.View
    first: int
    events: list[engine.LogEntry]
    log_size: int
    decision: DecisionWire | None
    seats: dict[str, str]
    over: bool


class Presence(TypedDict):
    """Which human seats of the game a connection has open now (a bot's seat is not named), sent to every
    follower after its first update and whenever a seat comes or goes: the table shows who is there, and a seat
    is given to a bot only while its player is away (`replace` of a connected seat: error `present`)."""
    type: Literal["presence"]
    game: str
    connected: dict[str, bool]


# --- actions on the wire: [verb, arg, ...], each argument a whole number or a short text -------------------------

def action_to_wire(action: engine.Action) -> list[Any]:
    return [action.verb, *action.args]


def action_from_wire(value: Any) -> engine.Action:
    """The action a client sent; ProtocolError when it is not [verb, arg, ...] within the caps (legality is the
    engine's to judge, after this)."""
    if not isinstance(value, list) or not 1 <= len(value) <= ACTION_ARGS + 1:
        raise ProtocolError("malformed", f"an action is a list [verb, arg, ...] of 1 to {ACTION_ARGS + 1} items")
    verb, *args = value
    if not isinstance(verb, str) or not 0 < len(verb) <= ARG_CHARS:
        raise ProtocolError("malformed", f"an action's verb is a text of 1 to {ARG_CHARS} characters")
    for arg in args:
        text = isinstance(arg, str) and len(arg) <= ARG_CHARS
        whole = isinstance(arg, int) and not isinstance(arg, bool) and -(2 ** 31) <= arg < 2 ** 31
        if not (text or whole):
            raise ProtocolError("malformed", f"an action's arguments are whole numbers or texts of at most "
                                             f"{ARG_CHARS} characters, got {arg!r:.60}")
    return engine.Action(verb, tuple(args))


def reason_to_wire(reason: engine.Reason | None) -> dict[str, Any] | None:
    return None if reason is None else {"rule": reason.rule, "code": reason.code, "data": dict(reason.data)}


def reason_from_wire(value: Any) -> engine.Reason | None:
    if value is None:
        return None
    return engine.Reason(str(value["rule"]), str(value["code"]), dict(value.get("data") or {}))


# --- reading a client's message --------------------------------------------------------------------------------

def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2 ** 53) < value < 2 ** 53


def _actions(value: Any) -> bool:
    if not isinstance(value, list) or len(value) > ASK_CAP:
        return False
    for item in value:
        action_from_wire(item)
    return True


def _options(value: Any) -> bool:
    return isinstance(value, dict) and len(value) <= 16 and all(
        isinstance(k, str) and len(k) <= ARG_CHARS and isinstance(v, bool | int) for k, v in value.items())


# Each field kind: what a value must be, and the words that say so when it is not.
KINDS: Final[Mapping[str, tuple[Any, str]]] = {
    "int": (_whole, "a whole number"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "action": (lambda v: action_from_wire(v) is not None, "an action"),
    "actions": (_actions, f"a list of at most {ASK_CAP} actions"),
    "tokens": (lambda v: isinstance(v, list) and len(v) <= 64 and all(
        isinstance(t, str) and len(t) <= TOKEN_CHARS for t in v), "a list of at most 64 tokens"),
    "seats": (lambda v: isinstance(v, list) and 2 <= len(v) <= 4 and all(k in SEAT_KINDS for k in v),
              f"a list of 2 to 4 seat kinds ({', '.join(SEAT_KINDS)})"),
    "options": (_options, "a mapping of option ids to true/false or a whole number"),
}


def _check_field(name: str, kind: str, value: Any) -> None:
    if kind.startswith("str:"):
        good = isinstance(value, str) and len(value) <= int(kind[4:])
        expected = f"a text of at most {kind[4:]} characters"
    else:
        check, expected = KINDS[kind]
        good = check(value)
    if not good:
        raise ProtocolError("malformed", f"field {name!r} takes {expected}, got {value!r:.60}")


def decode(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked against CLIENT_MESSAGES; ProtocolError (code "too_large", "malformed" or
    "unknown") naming what is wrong."""
    if len(raw) > CLIENT_CAP:
        raise ProtocolError("too_large", f"a message is at most {CLIENT_CAP} bytes")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "a message is one JSON object") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("malformed", "a message is a JSON object with a text field 'type'")
    fields = CLIENT_MESSAGES.get(message["type"])
    if fields is None:
        raise ProtocolError("unknown", f"unknown message type {message['type']!r:.40}; types: "
                                       f"{', '.join(CLIENT_MESSAGES)}")
    for name in message:
        if name != "type" and name not in fields:
            raise ProtocolError("malformed", f"a {message['type']!r} message has no field {name!r:.40}")
    for name, (kind, required) in fields.items():
        if name not in message:
            if required:
                raise ProtocolError("malformed", f"a {message['type']!r} message needs the field {name!r}")
            continue
        _check_field(name, kind, message[name])
    return message


_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def encode(message: Any) -> str:
    """A message (or a part of one) as its JSON text: compact, keys in a fixed order (the same message is the same
    bytes)."""
    return _ENCODER.encode(message)


def encode_update(update: Update, parts: Mapping[str, str]) -> str:
    """`encode(update)`, the same bytes, with some of its fields given as their JSON text already (`encode` of
    each): a server encodes the public view once per change for all its followers, and a seat's view and decision
    once for all its connections, instead of once per message (the JSON is most of a change's cost)."""
    return "{" + ",".join(f"{encode(key)}:{parts[key] if key in parts else encode(value)}"
                          for key, value in sorted(update.items())) + "}"


# A view's JSON kept in parts: each field's text, a list's as its items' texts.
Encoded = tuple[Mapping[str, Any], dict[str, str | list[str]]]


def encode_again(value: Mapping[str, Any], before: Encoded | None) -> Encoded:
    """The parts of `encode(value)` (`joined` makes the text, the same bytes) for a mapping that changed little
    since `before` (the same seat's view after the previous change): each field, and each item of a list field (a
    hex, a player), equal to the one before at its place keeps its text, and only the others are encoded."""
    old, texts = before if before is not None else ({}, {})
    parts: dict[str, str | list[str]] = {}
    for key, item in value.items():
        was, text = old.get(key, _NOTHING), texts.get(key)
        if text is not None and (was is item or was == item):
            parts[key] = text
        elif isinstance(item, list):
            held = text if isinstance(was, list) and isinstance(text, list) else []
            parts[key] = [held[i] if i < len(held) and was[i] == entry else encode(entry)
                          for i, entry in enumerate(item)]
        else:
            parts[key] = encode(item)
    return value, parts


def joined(encoded: Encoded) -> str:
    """The JSON text of a mapping kept in parts (`encode_again`)."""
    return "{" + ",".join(f"{encode(key)}:{part if isinstance(part, str) else '[' + ','.join(part) + ']'}"
                          for key, part in sorted(encoded[1].items())) + "}"


_NOTHING: Final = object()


# --- the one place a message is made from a game state ---------------------------------------------------------

def wire_event(event: engine.LogEntry) -> engine.LogEntry:
    """The event as a seat may read it over the wire: the game's seed, which the log's first event names for the
    players at one screen (who chose it on the new-game page), would tell an online player every draw to come."""
    if event["kind"] != "game_started":
        return event
    return cast(engine.LogEntry, {key: value for key, value in event.items() if key != "seed"})


def seat_update(state: engine.GameState, game: str, seat: str | None, since: int, version: int,
                seats: Mapping[str, str], undoable: int = 0) -> Update:
    """What `seat` (None: a spectator) may know now, as one message: its view, the public view, its events from
    its own event number `since`, and, when the seat decides now, its decision with the legal actions, their
    routes and barriers. Everything here is computed from the state only through the engine's per-player API
    (observe, events_since) or is the answer the deciding player's own rules engine gives it (legal actions,
    routes, barriers); the twin test (tests/online) holds it to the seat's view."""
    return with_events(seat_sight(state, game, seat, version, seats, undoable), state, since)


def seat_sight(state: engine.GameState, game: str, seat: str | None, version: int, seats: Mapping[str, str],
               undoable: int = 0, public: engine.View | None = None) -> Update:
    """`seat_update` without the events (`events` empty, `first` = `log_size`): all the seat may see now but
    the events themselves, so that a server makes it once per change, tells by it whether the seat's sight
    moved, and completes it for each connection with `with_events`. `public`: the public view, when the caller
    made it already (it is the same for every seat)."""
    log_size = engine.events_since(state, seat, 0x7FFFFFFF)[1]
    decision: DecisionWire | None = None
    if seat is not None and seats.get(seat) == "human" and engine.current_player(state) == seat:
        legal = engine.legal_actions(state)
        routes = {}
        for i, action in enumerate(legal):
            path = engine.route(state, action)
            if len(path) > 1:
                routes[str(i)] = list(path)
        decision = {"legal": [action_to_wire(a) for a in legal], "routes": routes,
                    "barriers": [engine.barrier(state, a) for a in legal], "undoable": undoable}
    if public is None:
        public = engine.observe(state, None, log=False)
    return {"type": "update", "game": game, "seat": seat, "version": version,
            "view": public if seat is None else engine.observe(state, seat, log=False), "public": public,
            "first": log_size, "events": [], "log_size": log_size, "decision": decision, "seats": dict(seats),
            "over": engine.is_over(state)}


def with_events(sight: Update, state: engine.GameState, since: int) -> Update:
    """A seat's sight (`seat_sight`, made from this state) with the seat's events from its event number `since`:
    the message `seat_update` makes."""
    events, log_size = engine.events_since(state, sight["seat"], since)
    return {**sight, "first": since, "events": [wire_event(e) for e in events], "log_size": log_size}
