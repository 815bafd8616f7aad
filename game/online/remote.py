"""A window onto one seat of a game a server holds (docs/PROTOCOL.md): `RemoteMatch` is the table's host
(game/host.py) over the protocol, and learns the game only from the updates made for its seat (X9).

The connection lives on a thread of its own (`Link`: a `websockets` sync client); it queues what the server
sends, and the frame loop takes the updates in `tick`, paced by the speed as a local game paces its bots, so the
frame loop never waits for the network. Only a decision, an undo and a refusal's reason (`act`, `undo`, `why`)
wait for their answer, a few seconds at most; without one they raise HostUnavailable, which the table shows, and
the game is as it was. A connection lost is opened again in the background with `open {token, since}`: the server
sends the events from the number the client holds on, never a state from the client (Unciv's stale copies).

Online there is no save file and no fast-forward (the server keeps the game); once it is over, `record()` fetches
the whole game as an engine save, for its result line and the replay viewer.
"""
from __future__ import annotations

import json
import threading
import time
import zlib
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

import engine

from .. import savefile, words
from ..host import HostUnavailable
from ..match import HUMAN, PACE
from ..replay import Recording
from ..seats import SeatSettings
from . import protocol
from .lobby import LobbyError, server_error

ANSWER_TIMEOUT = 5.0          # seconds a decision, an undo or a question waits for the server's answer
CONNECT_TIMEOUT = 5.0         # seconds to reach the server and be welcomed
CLIENT = "paradise table"     # how the table's connection names itself in its hello
RETRY = (0.25, 5.0)           # seconds between attempts to reconnect: the first, and at most (doubling)
SEND_RATE, SEND_BURST = protocol.RATE / 2, int(protocol.RATE)    # messages a second and at once: half the server's
                                                                  # limit (PROTOCOL.md)
BACKLOG = 40                  # updates waiting beyond this are shown at once: never far behind the game
FATAL = ("version", "bad_token", "bad_code", "replaced", "hello_first", "too_large")   # no reconnecting after these
OWN_WORDS = ("bad_token", "replaced")       # the server's errors said in words of the game's own (besides the lobby's)


def failure(url: str, answer: Mapping[str, Any] | None = None) -> LobbyError:
    """Why the server cannot be played with, in the player's words: unreachable (no answer: `answer` None), or
    the server's error (another version, an unknown seat or code, the seat taken by another window)."""
    if answer is None:
        return LobbyError("unreachable", address=url)
    if answer.get("code") in OWN_WORDS:
        return LobbyError(str(answer["code"]))
    return server_error(answer)


class Link:
    """The connection to the server, on a thread of its own: made again after a loss until it is closed or the
    server refuses it for good. `greeting()` is the message that opens the seat (or the spectator's view) each
    time; every message received goes to `deliver` on the link's thread."""

    def __init__(self, url: str, greeting: Callable[[], dict[str, Any]], deliver: Callable[[dict[str, Any]], None]):
        self.url, self.greeting, self.deliver = url, greeting, deliver
        self.status = "connecting"
        self.generation = 0                  # grows with each connection: an answer awaited on a lost one is lost
        self.failure: LobbyError | None = None       # why the link stopped for good
        self._ws: ClientConnection | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._send_lock = threading.Lock()
        self._allowance = (float(SEND_BURST), time.monotonic())     # messages that may be sent now, and when

    def start(self, first: Callable[[dict[str, Any]], bool]) -> None:
        """Connect now (LobbyError, in words, when it cannot be) and hand the server's first answer to `first`,
        which says whether the link may run (an `update`); then receive on the link's thread."""
        ws, reply = self._connect()
        if not first(reply):
            ws.close()
            raise failure(self.url, reply)
        self._use(ws)
        self._thread = threading.Thread(target=self._run, name="online-link", daemon=True)
        self._thread.start()

    def _connect(self) -> tuple[ClientConnection, dict[str, Any]]:
        """A new connection: hello, the greeting, and the server's answer to it."""
        try:
            ws = connect(self.url, open_timeout=CONNECT_TIMEOUT, close_timeout=1, max_size=protocol.SERVER_CAP)
        except InvalidURI:
            raise LobbyError("address", address=self.url[:60]) from None
        except (OSError, TimeoutError, InvalidHandshake):
            raise failure(self.url) from None
        try:
            ws.send(protocol.encode({"type": "hello", "version": protocol.VERSION, "client": CLIENT}))
            welcome = json.loads(ws.recv(timeout=CONNECT_TIMEOUT))
            if welcome.get("type") != "welcome":
                raise failure(self.url, welcome)
            ws.send(protocol.encode(self.greeting()))
            reply: dict[str, Any] = json.loads(ws.recv(timeout=CONNECT_TIMEOUT))
            while reply.get("type") == "presence":       # who is connected may come before the seat's update
                self.deliver(reply)
                reply = json.loads(ws.recv(timeout=CONNECT_TIMEOUT))
        except (ConnectionClosed, OSError, TimeoutError, ValueError):
            ws.close()
            raise LobbyError("closed", address=self.url) from None
        except LobbyError:
            ws.close()
            raise
        return ws, reply

    def _use(self, ws: ClientConnection) -> None:
        self._ws = ws
        self.generation += 1
        self.status = "connected"

    def send(self, message: Mapping[str, Any]) -> int:
        """Send a message; the connection's generation, or HostUnavailable when there is no connection now."""
        ws = self._ws
        if ws is None or self.status != "connected":
            raise HostUnavailable(words.text("online.no_answer"))
        try:
            with self._send_lock:
                self._pace()
                ws.send(protocol.encode(message))
        except (ConnectionClosed, OSError):
            raise HostUnavailable(words.text("online.no_answer")) from None
        return self.generation

    def _pace(self) -> None:
        """Never more than SEND_RATE messages a second beyond a burst: the server closes a connection that
        floods it (a player clicking fast, or the UI monkey, waits a moment instead)."""
        allowance, then = self._allowance
        now = time.monotonic()
        allowance = min(float(SEND_BURST), allowance + (now - then) * SEND_RATE)
        if allowance < 1:
            time.sleep((1 - allowance) / SEND_RATE)
            now, allowance = time.monotonic(), 1.0
        self._allowance = (allowance - 1, now)

    def _run(self) -> None:
        """Receive until the connection is lost, then connect again (waiting longer each time), until closed or
        refused for good (another window took the seat, the server no longer knows it)."""
        while not self._stop.is_set() and self.failure is None:
            ws = self._ws
            try:
                for raw in ws or ():
                    message = json.loads(raw)
                    if message.get("type") == "error" and message.get("code") in FATAL:
                        self.failure = failure(self.url, message)
                    self.deliver(message)
            except (ConnectionClosed, OSError, ValueError):
                pass
            if self._stop.is_set() or self.failure is not None:
                break
            self.status = "reconnecting"
            self.deliver({"type": "lost"})
            self._reconnect()
        if self.failure is not None:
            self.status = "lost"
            self.deliver({"type": "lost"})

    def _reconnect(self) -> None:
        """Connect again until the seat is open (its update is delivered), the link is closed, or the server
        refuses it for good."""
        delay = RETRY[0]
        while not self._stop.wait(delay):
            delay = min(delay * 2, RETRY[1])
            try:
                ws, reply = self._connect()
            except LobbyError as exc:
                if exc.code in FATAL:
                    self.failure = exc
                    return
                continue
            if reply.get("type") == "update" and not self._stop.is_set():
                self._use(ws)
                self.deliver(reply)
                return
            ws.close()
            if reply.get("code") in FATAL:
                self.failure = failure(self.url, reply)
                return

    def close_socket(self) -> None:
        ws = self._ws
        if ws is not None:
            ws.close()

    def close(self) -> None:
        """Stop for good: the connection is closed and the thread ends."""
        self._stop.set()
        self.status = "closed"
        if self._ws is not None:
            try:
                with self._send_lock:
                    self._ws.send(protocol.encode({"type": "close"}))
            except (ConnectionClosed, OSError):
                pass
        self.close_socket()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)


def held_after(have: int, update: Mapping[str, Any]) -> int:
    """How many of the seat's events the client holds once it has taken this update (an undo takes the log back
    to `log_size`; the events from `first` on follow what it holds, without duplicates)."""
    have = min(have, update["log_size"])
    first, events = update["first"], update["events"]
    return max(have, first + len(events)) if first <= have else have


class RemoteMatch:
    """One seat of an online game (or a spectator's public view), as the table's host (game/host.py)."""

    def __init__(self, url: str, rules: engine.Ruleset, greeting: dict[str, Any], seat_token: str | None,
                 speed: str = "normal"):
        self.url, self.rules, self.speed = url, rules, speed
        self.picture: Callable[[], bytes | None] | None = None
        self._greeting, self._token = greeting, seat_token
        self._lock = threading.Condition()
        self._inbox: deque[protocol.Update] = deque()      # updates received, not yet shown
        self._replies: dict[tuple[str, int], dict[str, Any]] = {}
        self._errors: list[dict[str, Any]] = []
        self._record: dict[str, Any] | None = None
        self._have = 0                    # events held once every update received is taken
        self._events: list[engine.LogEntry] = []
        self._update: protocol.Update | None = None
        self._pending: deque[protocol.Update] = deque()
        self._wait = 0.0
        self._seq = self._ask_id = 0
        self._why: dict[tuple[int, engine.Action], engine.Reason | None] = {}
        self._legal: tuple[int, list[engine.Action]] = (-1, [])
        self._agreed: set[str] = set()
        self._presence: dict[str, bool] | None = None     # the newest `presence`: which human seats are connected
        self.seat: str | None = None
        self.game = ""
        self.version = self.actions = self.rewinds = 0
        self.decisions: list[engine.Action] = []
        self.last_player: str | None = None
        self.autosave_error: str | None = None
        self.closed = False
        self.link = Link(url, self._greet, self._deliver)

    # --- opening -------------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, url: str, token: str, rules: engine.Ruleset, speed: str = "normal") -> RemoteMatch:
        """The seat of `token`, its events from the first; LobbyError (in words) when the server cannot be
        reached or refuses it."""
        match = cls(url, rules, {"type": "open", "token": token, "since": 0}, token, speed)
        match._start()
        return match

    @classmethod
    def watch(cls, url: str, code: str, rules: engine.Ruleset, speed: str = "normal") -> RemoteMatch:
        """A spectator's public view of the game of a spectator code."""
        match = cls(url, rules, {"type": "watch", "code": code, "since": 0}, None, speed)
        match._start()
        return match

    def _start(self) -> None:
        self.link.start(self._first)
        self._take(everything=True)

    def _greet(self) -> dict[str, Any]:
        """The message that opens the seat again from the events held (never a state: PROTOCOL.md)."""
        with self._lock:
            return {**self._greeting, "since": self._have}

    def _first(self, reply: dict[str, Any]) -> bool:
        if reply.get("type") != "update":
            return False
        self._deliver(reply)
        return True

    # --- the link's thread -----------------------------------------------------------------------------------------

    def _deliver(self, message: dict[str, Any]) -> None:
        """A message from the server (on the link's thread): queued for the frame loop, or the answer someone
        waits for."""
        kind = message.get("type")
        with self._lock:
            if kind == "update":
                update = cast(protocol.Update, message)
                self._have = held_after(self._have, update)
                self._inbox.append(update)
            elif kind in ("ack", "refused") and isinstance(message.get("seq"), int):
                self._replies["seq", message["seq"]] = message
            elif kind == "answer" and isinstance(message.get("id"), int):
                self._replies["id", message["id"]] = message
            elif kind == "voted":
                self._replies["voted", 0] = message
            elif kind == "presence" and isinstance(message.get("connected"), dict):
                self._presence = {str(s): bool(c) for s, c in message["connected"].items()}
            elif kind == "lost":                     # known again only once the server says it after reopening
                self._presence = None
            elif kind == "record":
                self._record = message.get("save")
            elif kind == "error":
                self._errors.append(message)
            self._lock.notify_all()

    # --- the frame loop --------------------------------------------------------------------------------------------

    def tick(self, dt: float, chance_only: bool = False) -> bool:
        """Show the updates received, one each `PACE` of the speed as a local game plays its bots (all of them at
        speed instant or when many wait); True if the game moved."""
        pace = PACE.get(self.speed, PACE["normal"])
        with self._lock:
            self._pending.extend(self._inbox)
            self._inbox.clear()
        if not self._pending:
            self._wait = 0.0
            return False
        self._wait -= dt
        if pace and self._wait > 0 and len(self._pending) <= BACKLOG:
            return False
        self._wait = pace
        return self._take(everything=not pace or len(self._pending) > BACKLOG)

    def _take(self, everything: bool = False, until: int | None = None) -> bool:
        """Show the next update received (every one with `everything`; up to version `until`)."""
        with self._lock:
            self._pending.extend(self._inbox)
            self._inbox.clear()
        moved = False
        while self._pending:
            update = self._pending.popleft()
            moved = self._apply(update) or moved
            if not everything and (until is None or self.version >= until):
                break
        return moved

    def _apply(self, update: protocol.Update) -> bool:
        """The seat's new position: its view, the events from the number held on (a log taken back by an undo
        is cut to its size first), its decision."""
        before = self._update
        if before is not None and update["version"] < before["version"]:
            return False                            # an older position, sent again after a reconnection
        held = len(self._events)
        if update["log_size"] < held:
            del self._events[update["log_size"]:]
            held = update["log_size"]
            self.rewinds += 1
        first = update["first"]
        if first <= held:
            self._events.extend(update["events"][held - first:])
        if before is not None and update["version"] != before["version"]:
            who = before["view"]["decision"]["who"]
            if who is not None and who != engine.CHANCE:
                self.last_player = who
        self._update = update
        self.seat, self.game = update["seat"], update["game"]
        changed = before is None or update["version"] != before["version"] or len(self._events) != held \
            or update["seats"] != before["seats"]
        if changed:
            self.version = update["version"]
            self.actions += 1
        return changed

    # --- what the table asks ---------------------------------------------------------------------------------------

    @property
    def _now(self) -> protocol.Update:
        assert self._update is not None, "a RemoteMatch is opened with the server's first update"
        return self._update

    @property
    def status(self) -> str | None:
        return self.link.status

    @property
    def failure(self) -> str | None:
        """Why the link stopped for good (another window took the seat, the server forgot it), in words."""
        return str(self.link.failure) if self.link.failure is not None else None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p["name"] for p in self._now["public"]["players"])

    @property
    def seats(self) -> dict[str, str]:
        return dict(self._now["seats"])

    @property
    def humans(self) -> list[str]:
        """The one seat this window plays (none for a spectator): no hand-off ever passes this screen."""
        return [self.seat] if self.seat is not None else []

    @property
    def settings(self) -> dict[str, SeatSettings]:
        return {}

    @property
    def seed(self) -> int:
        """The dice's pictures are drawn from the game's id (the game's seed never leaves the server, X9)."""
        return zlib.crc32(self.game.encode())

    @property
    def to_act(self) -> str | None:
        return None if self.over else self._now["public"]["decision"]["who"]

    @property
    def over(self) -> bool:
        return self._now["over"]

    @property
    def stopped(self) -> bool:
        return self.over

    def human_to_act(self) -> str | None:
        return self.seat if self._now["decision"] is not None and not self.over else None

    def viewer(self) -> str | None:
        return self.seat

    def view(self, viewer: str | None) -> engine.View:
        if viewer is None:
            return self._now["public"]
        if viewer != self.seat:
            raise ValueError(f"this window sees {self.seat or 'the public view'}, not {viewer}")
        return self._now["view"]

    def events(self, viewer: str | None, since: int) -> tuple[list[engine.LogEntry], int]:
        if viewer != self.seat:
            raise ValueError(f"this window holds the events of {self.seat or 'the public view'}, not {viewer}")
        return self._events[since:], len(self._events)

    def recap_from(self) -> int | None:
        """After the seat's own newest decision, what the others did while the table was closed (asynchronous
        play: "since your last turn"); None when the seat has not played yet or nobody played since."""
        if self.seat is None:
            return None
        mine = [i for i, e in enumerate(self._events) if e.get("player") == self.seat]
        if not mine:
            return None
        return next((i for i in range(mine[-1] + 1, len(self._events))
                     if self._events[i].get("player") not in (None, self.seat)), None)

    def legal(self) -> list[engine.Action]:
        decision = self._now["decision"]
        if decision is None or self.over:
            return []
        if self._legal[0] != self.version:
            self._legal = (self.version, [protocol.action_from_wire(a) for a in decision["legal"]])
        return list(self._legal[1])

    def _index(self, action: engine.Action) -> int | None:
        legal = self.legal()
        return legal.index(action) if action in legal else None

    def route(self, action: engine.Action) -> list[str]:
        decision, i = self._now["decision"], self._index(action)
        if decision is None or i is None:
            return []
        return list(decision["routes"].get(str(i), []))

    def barrier(self, action: engine.Action) -> engine.Barrier | None:
        decision, i = self._now["decision"], self._index(action)
        if decision is None or i is None:
            return None
        return cast("engine.Barrier | None", decision["barriers"][i])

    def undoable(self) -> int:
        decision = self._now["decision"]
        return decision["undoable"] if decision is not None and not self.over else 0

    def why(self, action: engine.Action) -> engine.Reason | None:
        return self.refusals([action])[0]

    def refusals(self, actions: Sequence[engine.Action]) -> list[engine.Reason | None]:
        """Each action's refusal, asked of the server in one `ask` for those not known at this position (a legal
        action needs no asking; a refusal the server gave to `act` is kept)."""
        legal = self.legal()
        unknown = [a for a in dict.fromkeys(actions) if a not in legal and (self.version, a) not in self._why]
        for start in range(0, len(unknown), protocol.ASK_CAP):
            part = unknown[start:start + protocol.ASK_CAP]
            self._ask_id += 1
            answer = self._request({"type": "ask", "id": self._ask_id,
                                    "why": [protocol.action_to_wire(a) for a in part]}, ("id", self._ask_id))
            if answer.get("type") != "answer" or len(answer.get("why") or ()) != len(part):
                raise HostUnavailable(words.text("online.refused", why=str(answer.get("message", ""))))
            for action, reason in zip(part, answer["why"], strict=True):
                self._why[self.version, action] = protocol.reason_from_wire(reason)
        return [None if a in legal else self._why[self.version, a] for a in actions]

    # --- what the table hands it -----------------------------------------------------------------------------------

    def act(self, action: engine.Action) -> list[engine.Event]:
        """Send the decision and wait for its answer and the position after it: IllegalAction with the server's
        reason (kept for why()), or HostUnavailable without an answer (nothing was changed here)."""
        if self.human_to_act() is None:
            raise engine.IllegalAction("it is not this seat's decision now")
        self._seq += 1
        reply = self._request({"type": "act", "seq": self._seq, "action": protocol.action_to_wire(action)},
                              ("seq", self._seq))
        if reply.get("type") != "ack":
            reason = protocol.reason_from_wire(reply.get("reason"))
            if reply.get("type") == "refused" and reason is not None:
                self._why[self.version, action] = reason
            raise engine.IllegalAction(str(reply.get("message") or (reason.code if reason else "refused")))
        self.decisions.append(action)
        self._catch_up(int(reply["version"]))
        return []

    def undo(self) -> None:
        """Take back the seat's newest decision on the server (X42); ValueError when it refuses."""
        if not self.undoable():
            raise ValueError("nothing can be undone now")
        self._seq += 1
        reply = self._request({"type": "undo", "seq": self._seq}, ("seq", self._seq))
        if reply.get("type") != "ack":
            raise ValueError(str(reply.get("message") or "the server refused the undo"))
        if self.decisions:
            self.decisions.pop()
        self._catch_up(int(reply["version"]))

    def _request(self, message: dict[str, Any], key: tuple[str, int]) -> dict[str, Any]:
        """Send and wait for the answer keyed `key` (or an error the server sent meanwhile), a few seconds at
        most; HostUnavailable when the connection is lost or no answer came."""
        with self._lock:
            errors = len(self._errors)
        generation = self.link.send(message)
        deadline = time.monotonic() + ANSWER_TIMEOUT
        with self._lock:
            while True:
                if len(self._errors) > errors:              # before an answer that came after it (a refusal of
                    return self._errors[errors]             # a message in `before`)
                if key in self._replies:
                    return self._replies.pop(key)
                left = deadline - time.monotonic()
                if left <= 0 or self.link.generation != generation or self.link.status != "connected":
                    raise HostUnavailable(words.text("online.no_answer"))
                self._lock.wait(left)

    def _catch_up(self, version: int) -> None:
        """Every update up to the acknowledged version is shown at once (it follows the answer closely; if it
        is late, tick shows it)."""
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while True:
            self._take(until=version)
            if self.version >= version:
                return
            with self._lock:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                if not self._inbox:
                    self._lock.wait(left)

    # --- around the game -------------------------------------------------------------------------------------------

    def absent(self) -> list[str]:
        """The other human seats this player may agree to give to a bot (not agreed yet): those the server's
        newest `presence` says no connection has open; none before the server has said who is connected."""
        with self._lock:
            connected = self._presence
        if self.seat is None or self.over or connected is None:
            return []
        return [s for s, kind in self.seats.items()
                if kind == HUMAN and s != self.seat and s not in self._agreed and connected.get(s) is False]

    def replace(self, seat: str) -> None:
        """This seat agrees that `seat` goes to a Normal bot (the server does it once every other human agrees).
        LobbyError when the server refuses (`present`: the seat's player is connected again), HostUnavailable
        when no answer came."""
        with self._lock:
            self._replies.pop(("voted", 0), None)           # a late answer to an earlier vote
        answer = self._request({"type": "replace", "seat": seat, "agree": True}, ("voted", 0))
        if answer.get("type") == "error":
            if answer.get("code") != "present":
                raise server_error(answer)
            with self._lock:                # no longer offered, even before the server's next `presence`
                if self._presence is not None:
                    self._presence[seat] = True
            raise LobbyError("present", player=seat)
        self._agreed.add(seat)

    def record_data(self) -> dict[str, Any] | None:
        """The finished game as the server's record holds it (an engine save), asked once and waited for a few
        seconds; None before the end or without an answer."""
        if not self.over:
            return None
        with self._lock:
            if self._record is None:
                try:
                    self.link.send({"type": "record"})
                except HostUnavailable:
                    return None
                self._lock.wait_for(lambda: self._record is not None, ANSWER_TIMEOUT)
            return self._record

    def record(self) -> engine.GameState | None:
        """The finished game from the server's record, replayed and checked (engine.from_data)."""
        data = self.record_data()
        return None if data is None else engine.from_data(data, self.rules, "the server's record")

    def recording(self) -> Recording | None:
        """The finished game for the replay viewer (game/scenes/replay.py): everyone's view or any seat's, the
        hidden parts no longer mattering once the game is over; None without the server's record."""
        data = self.record_data()
        if data is None:
            return None
        public = self._now["public"]
        meta = savefile.Meta(self.game, self.game, time.time(), public["turn"], public["step"],
                             savefile.public_players(public, self.seats), dict(public["options"]))
        contents = savefile.Contents(data, self.seats, {}, meta)
        return Recording(contents, self.names, {}, self.game, Path(self.game))

    def result(self) -> engine.GameResult:
        """The result line of the finished game, from the server's record (the line the headless runner prints
        for it); from the public view when no record came."""
        state = self.record()
        if state is not None:
            return engine.GameResult.of(state, state.seed, None, len(state.actions_done()))
        public = self._now["public"]
        winners = public["winners"]
        return engine.GameResult(0, self.names, public["turn"], self.version, winners[0] if len(winners) == 1 else None,
                                 self.over, {p["name"]: Fraction(p["vp"]) for p in public["players"]})

    def autosave_now(self, picture: bool = False, wait: bool = False) -> None:
        """The server keeps the game: nothing is written here."""

    def claim(self) -> None:
        """A newer `open` of the seat takes it over on the server: nothing is held here."""

    def close(self, save: bool = True) -> None:
        """The table leaves the window: the connection closes; the game goes on on the server."""
        if not self.closed:
            self.closed = True
            self.link.close()
