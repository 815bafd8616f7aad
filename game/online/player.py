"""A headless remote seat (docs/PROTOCOL.md) for the online tests, benchmarks and fault runs: one asyncio
WebSocket client that opens a seat by its token (or watches by the spectators' code), keeps every message it
receives, raw and in order, and plays its seat's decisions with an engine bot that is given only what the
updates say (the update's `view` and the decision's legal actions, X9), never a GameState.

It holds its seat's event count (`since`) and opens the seat again with it whenever the connection is lost: a
server killed and restarted, or a drop it makes itself at random moments (`drop_rate`). The bot is asked once per
decision: a decision met again after a reconnection (the action sent was lost) gets the same action, so a game
played through drops is the game the same bots play locally (engine.play_game). Each act's round trip (act sent,
ack received) is timed. Nothing here imports pygame.
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

import engine
from engine.ai import BOTS, Bot

from . import protocol

CLIENT = "paradise player"      # how the player names itself in its hello
RETRY = 0.05                    # seconds between attempts to reach a server that is down (restarting)
PATIENCE = 60.0                 # seconds without a message or a connection before the player gives up
# Error codes after which opening the seat again cannot help.
FATAL = frozenset({"version", "hello_first", "bad_token", "bad_code", "replaced", "malformed", "unknown",
                   "too_large", "internal"})


class PlayerError(Exception):
    """The server refused the player for good (its error message), or went silent longer than the patience."""


class Full(PlayerError):
    """The server holds as many connections as it may (from this address, or in all): `full`, try again later."""


async def hello(url: str) -> ClientConnection:
    """A connection that has been welcomed; Full when the server has no room for it now, PlayerError with the
    server's answer otherwise."""
    ws = await connect(url, max_size=protocol.SERVER_CAP, open_timeout=5, compression=None)
    await ws.send(protocol.encode({"type": "hello", "version": protocol.VERSION, "client": CLIENT}))
    reply = json.loads(await ws.recv())
    if reply.get("type") != "welcome":
        await ws.close()
        raise (Full if reply.get("code") == "full" else PlayerError)(f"no welcome from {url}: {reply}")
    return ws


async def request(url: str, message: Mapping[str, Any], answer: str) -> dict[str, Any]:
    """One message on a connection of its own, and the server's answer of type `answer` (PlayerError if it is
    anything else)."""
    ws = await hello(url)
    try:
        await ws.send(protocol.encode(message))
        reply: dict[str, Any] = json.loads(await ws.recv())
    finally:
        await ws.close()
    if reply.get("type") != answer:
        raise PlayerError(f"{message['type']} answered {reply}")
    return reply


async def host(url: str, seats: Sequence[str], options: Mapping[str, Any] | None = None,
               seed: int | None = None) -> dict[str, Any]:
    """Host a game: the `hosted` answer (game, the host's seat and token, invites, the spectators' code)."""
    message: dict[str, Any] = {"type": "host", "seats": list(seats), "options": dict(options or {})}
    if seed is not None:
        message["seed"] = seed
    return await request(url, message, "hosted")


async def join(url: str, code: str, name: str = CLIENT) -> dict[str, Any]:
    """Take the seat of an invite code: the `joined` answer (game, seat, token)."""
    return await request(url, {"type": "join", "code": code, "name": name}, "joined")


async def seat_tokens(url: str, hosted: Mapping[str, Any]) -> dict[str, str]:
    """Every human seat's token of a game just hosted: the host's, and each invite joined."""
    tokens = {str(hosted["seat"]): str(hosted["token"])}
    for seat, code in hosted["invites"].items():
        tokens[seat] = str((await join(url, code))["token"])
    return tokens


async def record(url: str, watch: str) -> dict[str, Any]:
    """The engine save of a game that is over, asked on a spectator's connection (the seats are left alone)."""
    ws = await hello(url)
    try:
        await ws.send(protocol.encode({"type": "watch", "code": watch, "since": 0}))
        await ws.send(protocol.encode({"type": "record"}))
        while True:
            reply: dict[str, Any] = json.loads(await ws.recv())
            if reply.get("type") == "record":
                save: dict[str, Any] = reply["save"]
                return save
            if reply.get("type") == "error":
                raise PlayerError(f"record answered {reply}")
    finally:
        await ws.close()


@dataclass(frozen=True)
class Ack:
    """An action the server acknowledged: the act's seq, the game's version the ack gave, the action's number in
    the game's log (from 1), the action as sent, and its round trip in seconds (act sent to ack received)."""
    seq: int
    version: int
    n: int
    action: tuple[Any, ...]
    round_trip: float


class Player:
    """One seat (a token) or a spectator (a watch code) of one game on a server. `url` may be a callable, read at
    each connection (a restarted server may listen on another port). `bot`: the seat's decider, None to only
    watch. `until_turn`: stop once the game's turn reaches it (short games for tests). `drop_rate`: the chance,
    after each message received and before and after each act sent, that the player drops its connection (the TCP
    connection aborted, no closing handshake) and opens the seat again; `dropped` counts them by the moment:
    after which type of message, "decided" (an action chosen, not sent: the act is lost) or "act" (an act sent,
    its ack not yet come). `think`: seconds it waits before each decision (a player's pace, for the load
    benchmark)."""

    def __init__(self, url: str | Callable[[], str], *, token: str | None = None, watch: str | None = None,
                 bot: Bot | None = None, until_turn: int | None = None, drop_rate: float = 0.0,
                 drop_seed: int = 0, think: float = 0.0, patience: float = PATIENCE):
        if (token is None) == (watch is None):
            raise ValueError("a player opens a seat by its token or watches by a code, one of the two")
        self._url = url
        self.token, self.watch, self.bot = token, watch, bot
        self.until_turn, self.drop_rate, self.think, self.patience = until_turn, drop_rate, think, patience
        self._drops = random.Random(drop_seed)
        self.messages: list[str] = []            # every message received, raw, in order (all connections)
        self.updates: list[protocol.Update] = []
        self.acks: list[Ack] = []
        self.errors: list[dict[str, Any]] = []   # errors the server sent that were not fatal
        self.since = 0                           # the seat's events held: `open`'s since on a reconnection
        self.connections = 0
        self.turned_away = 0                     # connections the server had no room for (`full`)
        self.dropped: Counter[str] = Counter()   # connections dropped on purpose, by the moment (see above)
        self.decisions = 0                       # decisions the bot was asked
        self.finished = False
        self._chosen: dict[tuple[int, str], list[Any]] = {}     # (version, legal actions) -> the action chosen
        self._seq = 0
        self._pending: dict[int, tuple[tuple[int, str], list[Any], float]] = {}   # seq -> decision, action, sent

    @property
    def url(self) -> str:
        return self._url() if callable(self._url) else self._url

    @property
    def last(self) -> protocol.Update:
        return self.updates[-1]

    @property
    def drops(self) -> int:
        """Connections this player dropped on purpose."""
        return self.dropped.total()

    async def run(self) -> None:
        """Play (or watch) until the game is over or the turn limit is reached, reconnecting whenever the
        connection is lost; PlayerError when the server refuses the seat or stays away (down, or full) past the
        patience."""
        heard = time.monotonic()
        while not self.finished:
            try:
                ws = await hello(self.url)
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError, EOFError, Full) as exc:
                self.turned_away += isinstance(exc, Full)
                if time.monotonic() - heard > self.patience:
                    raise PlayerError(f"no connection to {self.url} for {self.patience:.0f} seconds") from None
                await asyncio.sleep(RETRY)
                continue
            self.connections += 1
            try:
                await self._session(ws)
            except ConnectionClosed:
                pass
            finally:
                await ws.close()
            heard = time.monotonic()

    async def _session(self, ws: ClientConnection) -> None:
        """One connection: open the seat from the events held, then take each message until the game is done or
        the connection is lost (dropped here, or by the server)."""
        opening: dict[str, Any] = ({"type": "open", "token": self.token, "since": self.since} if self.token
                                   else {"type": "watch", "code": self.watch, "since": self.since})
        await ws.send(protocol.encode(opening))
        self._pending.clear()                    # an act unanswered on a lost connection is met again, or was done
        while not self.finished:
            try:
                raw = await asyncio.wait_for(ws.recv(), self.patience)
            except TimeoutError:
                raise PlayerError(f"no message from {self.url} for {self.patience:.0f} seconds") from None
            if not isinstance(raw, str):
                raise PlayerError("the server sent a binary frame")
            self.messages.append(raw)
            message = json.loads(raw)
            if await self._take(ws, message) or (not self.finished and self._drop(str(message.get("type")))):
                ws.transport.abort()
                return

    def _drop(self, moment: str) -> bool:
        """Whether to drop the connection now (at random, `drop_rate`), counted under `moment`."""
        if self.drop_rate and self._drops.random() < self.drop_rate:
            self.dropped[moment] += 1
            return True
        return False

    async def _take(self, ws: ClientConnection, message: dict[str, Any]) -> bool:
        """Take one message; True when the player drops the connection right after the act it sent."""
        kind = message.get("type")
        if kind == "update":
            update: protocol.Update = message  # type: ignore[assignment]
            self.updates.append(update)
            self.since = update["log_size"]
            if update["over"] or (self.until_turn is not None and update["view"]["turn"] >= self.until_turn):
                self.finished = True
            elif update["decision"] is not None and self.bot is not None:
                return await self._decide(ws, update)
        elif kind == "ack":
            _, action, sent = self._pending.pop(message["seq"])
            self.acks.append(Ack(message["seq"], message["version"], message["n"], tuple(action),
                                 time.perf_counter() - sent))
        elif kind == "refused":
            raise PlayerError(f"the server refused an action the bot chose among the legal ones: {message}")
        elif kind == "error":
            if message.get("code") in FATAL:
                raise PlayerError(f"the server refused {self.token or self.watch}: {message}")
            self.errors.append(message)
        return False

    async def _decide(self, ws: ClientConnection, update: protocol.Update) -> bool:
        """Send the seat's action for this decision: the bot's choice from the update alone, asked once per
        decision (the same decision met again after a lost connection is answered the same). True when the
        player drops the connection now, the act sent but not answered."""
        decision = update["decision"]
        assert decision is not None and self.bot is not None
        key = (update["version"], json.dumps(decision["legal"]))
        if any(key == waiting for waiting, _, _ in self._pending.values()):
            return False                         # already sent on this connection: its answer is on the way
        action = self._chosen.get(key)
        if action is None:
            if self.think:
                await asyncio.sleep(self.think)
            legal = [protocol.action_from_wire(a) for a in decision["legal"]]
            view = update["view"]
            action = self._chosen[key] = protocol.action_to_wire(self.bot.choose(lambda: view, legal))
            self.decisions += 1
        if self._drop("decided"):
            return True                          # the act never leaves: the decision is met again, answered the same
        self._seq += 1
        self._pending[self._seq] = (key, action, time.perf_counter())
        await ws.send(protocol.encode({"type": "act", "seq": self._seq, "action": action}))
        return self._drop("act")


def make_bot(level: str, seat: str, seed: int, rules: engine.Ruleset) -> Bot:
    """The seat's bot as a local game makes it (engine.play_game: BOTS[level](seat, seed, rules)), so that the
    same seed gives the same choices online and offline."""
    return BOTS[level](seat, seed, rules)
