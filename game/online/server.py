"""The online server (docs/PROTOCOL.md): one asyncio process speaking WebSocket that hosts many games. The
engine runs here; each connection is sent only what its seat may see (protocol.seat_update), and every action is
stored (game/online/store.py) before it is acknowledged or shown.

    python -m game.online.server [--host ADDR] [--port N] [--data-dir FOLDER]
    python3 dev.py serve ...      (the same, after setting up the environment)
    python main.py --serve ...

When listening it prints one line, `serving on ws://HOST:PORT`; SIGINT and SIGTERM stop it. This module never
imports pygame.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import logging
import secrets
import signal
import sys
import time
import traceback
from collections import Counter, deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as Listener
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

import engine

from . import protocol
from .games import HUMAN, OnlineGame
from .store import Store

NAME = "paradise 0.1.0"
DEFAULT_PORT = 8765
RATE = protocol.RATE            # messages a second a connection may send (bursts of twice as many)
PER_ADDRESS = 16                 # connections from one address
CONNECTIONS = 4096               # connections in all
GAMES = 10_000                   # games under way held at once (a client hosting in a loop meets `full`)
IDLE = 600.0                     # seconds without a message before a connection is closed
PING = 20.0                      # seconds between pings, and the wait for their answer: a dead peer is found
CLOSE_WAIT = 2.0                 # seconds a closing connection may take to answer before it is cut (a flooding
                                 # client's answer waits behind its unread messages)
AUTOMATIC_BATCH = 64             # chance's and bots' actions played (and stored in one write) before the loop
AUTOMATIC_SLICE = 0.005          # serves others, or fewer once this many seconds have passed: no game starves
WRITTEN = 64                     # updates a connection keeps the count of, to know what its client holds (an undo)
BACKLOG = 8                      # updates waiting for a peer that reads nothing before the next ones are merged
# The collector of reference cycles: the views and messages made for every change are many containers, freed as
# they are dropped (no cycles), which would start a young collection every 700 and a full one, ~0.1 s with 200
# games held, every few seconds: a pause each act arriving then waits through (the round trip's tail).
GC_THRESHOLDS = (20_000, 20, 100)
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"    # no 0/O, 1/I/L: read aloud and typed without doubt
CLOSING = ("version", "hello_first", "too_large", "replaced", "rate")

log = logging.getLogger("paradise.server")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_code(prefix: str = "") -> str:
    """A short code to type: XXXX-XXXX of an unambiguous alphabet (40 bits), after an optional prefix."""
    chars = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{prefix}{chars[:4]}-{chars[4:]}"


def normal_code(code: str) -> str:
    """A code as typed, compared case-insensitively and without its dashes and spaces."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


class Failure(Exception):
    """A request answered with an error message (and, for some codes, a close)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class Bucket:
    """A token bucket: `rate` messages a second, bursts of twice as many (rate 0: no limit, for benchmarks that
    play hundreds of games from one machine)."""

    def __init__(self, rate: float) -> None:
        self.rate, self.burst = rate, 2 * rate
        self.level, self.at = self.burst, time.monotonic()

    def take(self) -> bool:
        if not self.rate:
            return True
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Connection:
    """One client: the seat it plays (or the game it watches) and how many of its events it holds."""

    def __init__(self, ws: ServerConnection, rate: float):
        self.ws = ws
        self.hello = False
        self.game: OnlineGame | None = None
        self.seat: str | None = None
        self.watching = False
        self.sent = 0                  # the seat's events this connection holds
        self.version = -1              # the seat's version this connection was last sent
        self.acked = 0                 # the newest `seq` acknowledged
        self.written: deque[tuple[int, int]] = deque(maxlen=WRITTEN)   # the newest updates: (event count, version)
        # Its updates, made as each change is shown (one per change, the same for twins), presence, and its acts'
        # answers behind them, written in order by a task of its own, so a peer that reads nothing holds up no one
        # else. A peer BACKLOG updates behind is sent all that changed meanwhile in one update once it reads again
        # (`behind`).
        self.outbox: deque[tuple[protocol.Update, str] | protocol.Presence | dict[str, Any]] = deque()
        self.presence: dict[str, bool] | None = None    # the seats' presence this connection was last given
        self.wake = asyncio.Event()
        self.behind = False
        self.writer: asyncio.Task[None] | None = None
        self.bucket = Bucket(rate)

    async def send(self, message: Mapping[str, Any], text: str | None = None) -> None:
        """Send the message (`text`: its JSON, made already)."""
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(protocol.encode(message) if text is None else text)


class Server:
    """Every game of one data folder, and the connections that play and watch them."""

    def __init__(self, data_dir: Path, rules: engine.Ruleset | None = None, rate: float = RATE,
                 per_address: int = PER_ADDRESS):
        self.rate, self.per_address = rate, per_address
        self.rules = rules or engine.load_ruleset()
        self.store = Store(data_dir)
        self.games: dict[str, OnlineGame] = {}
        self.followers: dict[str, list[Connection]] = {}      # game -> its open connections
        self.addresses: Counter[str] = Counter()
        self.listener: Listener | None = None
        self.playing: dict[str, asyncio.Task[None]] = {}      # game -> its automatic play under way
        self.memory_tokens: dict[str, tuple[str, str]] = {}   # the seats of games kept in memory only
        for game_id in self.store.unfinished():
            stored = self.store.load(game_id)
            if stored is not None:
                self.games[game_id] = OnlineGame.restored(stored, self.rules, self.store)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Listen; the url clients connect to. Restored games go on playing their bots at once."""
        self.listener = await serve(self.handle, host, port, max_size=protocol.CLIENT_CAP,
                                    ping_interval=PING, ping_timeout=PING, close_timeout=CLOSE_WAIT)
        sock = next(iter(self.listener.sockets))
        bound = sock.getsockname()
        for game in list(self.games.values()):
            self.play_later(game)
        return f"ws://{host if host not in ('0.0.0.0', '::') else 'localhost'}:{bound[1]}"

    async def stop(self) -> None:
        for task in self.playing.values():
            task.cancel()
        await asyncio.gather(*self.playing.values(), return_exceptions=True)
        if self.listener is not None:
            self.listener.close()
            await self.listener.wait_closed()
        for game in self.games.values():
            game.stop()
        self.store.close()

    def add_game(self, state: engine.GameState, seats: Mapping[str, str], game_id: str | None = None,
                 ) -> dict[str, str]:
        """Host a position as it stands (a test's re-dealt twin, which no start replays): kept in memory only.
        Each human seat's token."""
        game_id = game_id or f"G-{secrets.token_hex(6)}"
        game = OnlineGame(game_id, state, seats, None)
        self.games[game_id] = game
        tokens = {seat: secrets.token_urlsafe(32) for seat in game.humans()}
        self.memory_tokens.update({token_hash(t): (game_id, seat) for seat, t in tokens.items()})
        if self.listener is not None:                 # listening already: chance and bots play on now
            self.play_later(game)
        return tokens

    # --- connections --------------------------------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.addresses[address] >= self.per_address or sum(self.addresses.values()) >= CONNECTIONS:
            await ws.send(protocol.encode(error("full", "too many connections; try again later")))
            await ws.close()
            return
        self.addresses[address] += 1
        conn = Connection(ws, self.rate)
        try:
            await self.serve_connection(conn)
        except ConnectionClosed:
            pass
        finally:
            if conn.writer is not None:
                conn.writer.cancel()
            self.addresses[address] -= 1
            if self.addresses[address] <= 0:
                del self.addresses[address]
            gone = self.forget(conn)
            if gone is not None:
                self.left(gone)

    async def serve_connection(self, conn: Connection) -> None:
        while True:
            try:
                async with asyncio.timeout(IDLE):
                    raw = await conn.ws.recv()
            except TimeoutError:
                await conn.send(error("idle", f"no message for {IDLE:.0f} seconds"))
                await conn.ws.close()
                return
            if not conn.bucket.take():
                await conn.send(error("rate", f"more than {self.rate:.0f} messages a second"))
                await conn.ws.close()
                return
            message: dict[str, Any] | None = None
            try:
                message = protocol.decode(raw)
                await self.dispatch(conn, message)
            except protocol.ProtocolError as exc:
                await conn.send(error(exc.code, str(exc)))
                if exc.code in CLOSING:
                    await conn.ws.close()
                    return
            except Failure as exc:
                await conn.send(error(exc.code, str(exc)))
                if exc.code in CLOSING:
                    await conn.ws.close()
                    return
            except Exception as exc:  # noqa: BLE001 - one client's request must never end the server
                log.error("a %s request failed: %s", message.get("type") if message else "?", where(exc))
                await conn.send(error("internal", "the server could not answer that; the game is unchanged"))

    async def dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if not conn.hello:
            if kind != "hello":
                raise Failure("hello_first", "the first message is hello, with the protocol's version")
            if message["version"] != protocol.VERSION:
                raise Failure("version", f"this server speaks protocol {protocol.VERSION} ({NAME}); the client "
                                         f"speaks {message['version']}: use the same version of Paradise on both")
            conn.hello = True
            await conn.send({"type": "welcome", "version": protocol.VERSION, "server": NAME})
            return
        handler = getattr(self, f"on_{kind}", None)
        if handler is None:
            raise Failure("malformed", f"{kind!r} is not a request after the handshake")
        await handler(conn, message)

    def forget(self, conn: Connection) -> OnlineGame | None:
        """The connection follows its game no more: the game it left (the caller tells the others, `left`)."""
        game = conn.game
        followers = self.followers.get(game.id, []) if game is not None else []
        if game is None or conn not in followers:
            return None
        followers.remove(conn)
        if not followers:
            del self.followers[game.id]
        if conn.seat is not None:
            game.parted(conn.seat, conn.written)
        return game

    def left(self, game: OnlineGame) -> None:
        """A connection left the game: its followers are told if a seat is no longer connected."""
        self.announce(game)
        self.release(game)

    def release(self, game: OnlineGame) -> None:
        """A game over that no connection follows leaves the memory: the store keeps it, and `load` brings it
        back for the next open, watch or list (a server up for months would otherwise hold every game it ever
        played)."""
        if game.over and game.store is not None and game.id not in self.followers and \
                self.games.get(game.id) is game:
            del self.games[game.id]
            self.playing.pop(game.id, None)

    # --- requests -----------------------------------------------------------------------------------------------

    async def on_hello(self, conn: Connection, message: dict[str, Any]) -> None:
        raise Failure("malformed", "hello is said once, first")

    async def on_host(self, conn: Connection, message: dict[str, Any]) -> None:
        kinds: list[str] = message["seats"]
        if sum(not game.over for game in self.games.values()) >= GAMES:
            raise Failure("full", "this server holds as many games as it can; try again later")
        if HUMAN not in kinds:
            raise Failure("malformed", "a hosted game has at least one human seat (the host's)")
        seed = message.get("seed")
        if seed is None:
            seed = secrets.randbelow(2 ** 31 - 1) + 1
        try:
            options = engine.check_options(self.rules, message.get("options"))
            state = engine.new_game(self.rules, len(kinds), seed, options)
        except (engine.SetupError, ValueError) as exc:
            raise Failure("malformed", str(exc)) from None
        seats = dict(zip(state.names, kinds))
        game_id = f"G-{secrets.token_hex(6)}"
        humans = [name for name in state.names if seats[name] == HUMAN]
        token = secrets.token_urlsafe(32)
        invites = {new_code(): seat for seat in humans[1:]}
        watch = new_code("W-")
        game = OnlineGame(game_id, state, seats, self.store)
        self.store.create(game_id, engine.save_data(state)["start"], seats, {humans[0]: token_hash(token)},
                          {normal_code(code): seat for code, seat in invites.items()}, normal_code(watch),
                          [[str(a), drawn] for a, drawn in state.actions_done()], game.versions)
        self.games[game_id] = game
        await conn.send({"type": "hosted", "game": game_id, "seat": humans[0], "token": token,
                         "invites": {seat: code for code, seat in invites.items()}, "watch": watch})
        self.play_later(game)

    async def on_join(self, conn: Connection, message: dict[str, Any]) -> None:
        token = secrets.token_urlsafe(32)
        taken = self.store.use_invite(normal_code(message["code"]), token_hash(token), message.get("name", ""))
        if taken is None:
            raise Failure("bad_code", "no seat waits for that invite code (it is unknown, or was used already)")
        game_id, seat = taken
        await conn.send({"type": "joined", "game": game_id, "seat": seat, "token": token})

    async def on_watch(self, conn: Connection, message: dict[str, Any]) -> None:
        game_id = self.store.watched(normal_code(message["code"]))
        game = self.games.get(game_id) if game_id is not None else None
        if game is None:
            game = self.load(game_id) if game_id is not None else None
        if game is None:
            raise Failure("bad_code", "no game is watched with that code")
        gone = self.forget(conn)
        conn.game, conn.seat, conn.watching, conn.sent = game, None, True, 0
        await self.follow(conn, game.still_held(None, message.get("since", 0)), gone)

    async def on_open(self, conn: Connection, message: dict[str, Any]) -> None:
        found = self.seat_of(message["token"])
        if found is None:
            raise Failure("bad_token", "that seat token opens no game on this server")
        game_id, seat = found
        game = self.games.get(game_id) or self.load(game_id)
        if game is None:
            raise Failure("bad_token", "that seat token's game is no longer on this server")
        for other in list(self.followers.get(game_id, [])):
            if other is not conn and other.seat == seat and not other.watching:
                await other.send(error("replaced", "this seat was opened elsewhere"))
                self.forget(other)
                await other.ws.close()
        gone = self.forget(conn)
        conn.game, conn.seat, conn.watching = game, seat, False
        await self.follow(conn, game.still_held(seat, message.get("since", 0)), gone)

    async def follow(self, conn: Connection, since: int, gone: OnlineGame | None) -> None:
        """Send the connection its update from the events it holds, then the seats' presence, and every later
        one. It follows the game before its first update is written: a change made while that is under way (a
        slow link) reaches it too. `gone`: the game the connection followed before, told it left."""
        game = conn.game
        assert game is not None
        conn.sent, conn.version = max(0, since), -1
        self.followers.setdefault(game.id, []).append(conn)
        answers = [item for item in conn.outbox if isinstance(item, dict) and item.get("type") in ("ack", "refused")]
        conn.outbox = deque(answers)                   # the other game's updates go, its answers still come
        conn.written.clear()
        conn.behind, conn.presence = False, None
        if conn.writer is None:
            conn.writer = asyncio.get_running_loop().create_task(self.write_updates(conn))
        self.queue_update(conn)
        self.announce(game)
        if gone is not None and gone is not game:
            self.left(gone)

    async def on_act(self, conn: Connection, message: dict[str, Any]) -> None:
        game, seat = self.seat_game(conn)
        reason = game.act(seat, protocol.action_from_wire(message["action"])) if message["seq"] > conn.acked else None
        await self.answer(conn, game, message["seq"], reason and {"reason": protocol.reason_to_wire(reason)})

    async def on_undo(self, conn: Connection, message: dict[str, Any]) -> None:
        game, seat = self.seat_game(conn)
        undone = message["seq"] <= conn.acked or game.take_back(seat)
        await self.answer(conn, game, message["seq"], None if undone else {
            "reason": None, "code": "nothing_to_undo", "message": "nothing can be undone now"})

    async def answer(self, conn: Connection, game: OnlineGame, seq: int, refusal: dict[str, Any] | None) -> None:
        """An act's or an undo's answer: refused (a `seq` answered already, or the game's reason; nothing
        changed), or acknowledged once the change is stored, then shown to every follower."""
        if seq <= conn.acked:
            refusal = {"reason": None, "code": "replayed",
                       "message": f"seq {seq} was answered already; each request takes a greater seq"}
        if refusal is not None:
            await self.reply(conn, {"type": "refused", "seq": seq, **refusal})
            return
        conn.acked = seq
        await self.reply(conn, {"type": "ack", "seq": seq, "version": game.versions[conn.seat or ""], "n": game.stored})
        self.changed(game)

    @staticmethod
    async def reply(conn: Connection, answer: dict[str, Any]) -> None:
        """An act's answer goes out behind the updates made before it: a client never reads an ack and then an
        update older than the act (whose decision it would take for the next one). With none waiting it goes at
        once (the writer's message in hand, if any, is in the link already): the writer's turn would be a wait."""
        if conn.outbox or conn.behind:
            conn.outbox.append(answer)
            conn.wake.set()
        else:
            await conn.send(answer)

    async def on_ask(self, conn: Connection, message: dict[str, Any]) -> None:
        game, seat = self.seat_game(conn)
        if game.to_act != seat:
            raise Failure("not_your_turn", "only the seat that decides now may ask why an action is refused")
        reasons = [protocol.reason_to_wire(engine.why_not(game.state, protocol.action_from_wire(a)))
                   for a in message["why"]]
        await conn.send({"type": "answer", "id": message["id"], "why": reasons})

    async def on_games(self, conn: Connection, message: dict[str, Any]) -> None:
        games = []
        for token in message["tokens"]:
            found = self.seat_of(token)
            game = None if found is None else self.games.get(found[0]) or self.load(found[0])
            if found is not None and game is not None:
                games.append(game.summary(found[1]))
                self.release(game)
        await conn.send({"type": "list", "games": games})

    async def on_replace(self, conn: Connection, message: dict[str, Any]) -> None:
        game, seat = self.seat_game(conn)
        other = message["seat"]
        if other == seat or other not in game.humans():
            raise Failure("malformed", f"{other!r} is not another player's seat")
        if message["agree"] and self.connected(game).get(other):
            raise Failure("present", f"{other} is connected now: a seat is given to a bot only while its player "
                                     "is away")
        given = game.replace(other, seat, message["agree"])
        await conn.send({"type": "voted", "seat": other, "agree": message["agree"], "given": given})
        if given:
            self.changed(game)
            self.announce(game)

    async def on_record(self, conn: Connection, message: dict[str, Any]) -> None:
        game = conn.game
        if game is None:
            raise Failure("not_open", "open a seat or watch a game first")
        if not game.over:
            raise Failure("not_over", "the whole game is given once it is over")
        await conn.send({"type": "record", "save": engine.save_data(game.state)})

    async def on_close(self, conn: Connection, message: dict[str, Any]) -> None:
        await conn.ws.close()

    # --- the games moving on -------------------------------------------------------------------------------------

    def seat_game(self, conn: Connection) -> tuple[OnlineGame, str]:
        if conn.game is None or conn.seat is None:
            raise Failure("not_open", "open a seat first (open, with its token)")
        if conn.game.seats.get(conn.seat) != HUMAN:
            raise Failure("not_your_turn", f"{conn.seat} is played by a bot now")
        return conn.game, conn.seat

    def seat_of(self, token: str) -> tuple[str, str] | None:
        hashed = token_hash(token)
        return self.memory_tokens.get(hashed) or self.store.seat_of(hashed)

    def load(self, game_id: str) -> OnlineGame | None:
        stored = self.store.load(game_id)
        if stored is None:
            return None
        game = self.games[game_id] = OnlineGame.restored(stored, self.rules, self.store)
        return game

    def changed(self, game: OnlineGame) -> None:
        """Every follower of the game gets its update; chance and the bots play on."""
        self.show(game)
        self.play_later(game)

    def show(self, game: OnlineGame) -> None:
        """Every follower of the game is given its update now, written by its writer after what this request
        answers."""
        for conn in self.followers.get(game.id, []):
            self.queue_update(conn)

    def queue_update(self, conn: Connection) -> None:
        """Make the connection's update from the events it holds, unless its seat's version has not moved; a peer
        that reads nothing gets one update of all that changed once it reads again."""
        if len(conn.outbox) >= BACKLOG:
            conn.behind = True
        else:
            self.next_update(conn)
        conn.wake.set()

    def next_update(self, conn: Connection) -> None:
        assert conn.game is not None
        update, text = conn.game.wire(conn.seat, conn.sent)
        if update["version"] == conn.version:      # nothing this seat may see changed: nothing is sent
            return
        if update["log_size"] < conn.sent:         # an undo took events back: from where the log ends now
            update, text = conn.game.wire(conn.seat, update["log_size"])
        conn.sent, conn.version = update["log_size"], update["version"]
        conn.outbox.append((update, text))

    def connected(self, game: OnlineGame) -> dict[str, bool]:
        """Each human seat of the game: whether a connection has it open now."""
        open_seats = {conn.seat for conn in self.followers.get(game.id, ()) if not conn.watching}
        return {seat: seat in open_seats for seat in game.humans()}

    def announce(self, game: OnlineGame) -> None:
        """Every follower of the game is told which human seats are connected, if that changed since it was last
        told (a peer that reads nothing is told once it reads again)."""
        connected = self.connected(game)
        for conn in self.followers.get(game.id, ()):
            if len(conn.outbox) >= BACKLOG:
                conn.behind = True
            else:
                self.present(conn, connected)
            conn.wake.set()

    @staticmethod
    def present(conn: Connection, connected: dict[str, bool]) -> None:
        """Queue the seats' presence for the connection, unless it was told just that already."""
        if connected != conn.presence and conn.game is not None:
            conn.presence = connected
            conn.outbox.append({"type": "presence", "game": conn.game.id, "connected": connected})

    async def write_updates(self, conn: Connection) -> None:
        """A connection's updates (and presence) in order, each written once the one before is taken."""
        while True:
            await conn.wake.wait()
            conn.wake.clear()
            while conn.outbox or conn.behind:
                if not conn.outbox:
                    conn.behind = False
                    self.next_update(conn)
                    if conn.game is not None:
                        self.present(conn, self.connected(conn.game))
                    continue
                item = conn.outbox.popleft()
                if isinstance(item, tuple):
                    update, text = item
                    await conn.send(update, text)
                    conn.written.append((update["log_size"], update["version"]))
                else:
                    await conn.send(item)

    def play_later(self, game: OnlineGame) -> None:
        """Chance and the bots play the game on (one task a game), stored and shown in batches."""
        task = self.playing.get(game.id)
        if task is None or task.done():
            self.playing[game.id] = asyncio.get_running_loop().create_task(self.play(game))

    async def play(self, game: OnlineGame) -> None:
        """Play the game on until a human decides; a failure stops this game's play alone (logged), never the
        server's."""
        try:
            await self._play(game)
        except Exception as exc:  # noqa: BLE001 - one game's failure must never end the others
            log.error("game %s stopped playing on: %s", game.id, where(exc))

    async def _play(self, game: OnlineGame) -> None:
        while not game.over:
            played, thinking = game.play_on(AUTOMATIC_BATCH, AUTOMATIC_SLICE)
            if played:
                self.show(game)
            if thinking:
                await asyncio.sleep(0.02)
            elif not played:
                return
            else:
                await asyncio.sleep(0)
        self.release(game)


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def where(exc: BaseException) -> str:
    """An unexpected exception in one line for the log: its kind and the line that raised it, never its text
    (which may hold what a client sent, a token or a code)."""
    frames = traceback.extract_tb(exc.__traceback__)
    place = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno} in {frames[-1].name}" if frames else ""
    return f"{type(exc).__name__}{place}"


def default_data_dir() -> Path:
    from ..paths import default_data_dir as client_data
    return client_data() / "server"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="serve", description="host online games of Paradise (docs/PROTOCOL.md)")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free)")
    parser.add_argument("--data-dir", type=Path, default=None, help="where the games are kept (server.sqlite3)")
    parser.add_argument("--rate", type=float, default=RATE,
                        help=f"messages a second one connection may send (default {RATE:.0f}; 0: no limit)")
    parser.add_argument("--per-address", type=int, default=PER_ADDRESS,
                        help=f"connections one address may hold at once (default {PER_ADDRESS})")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(args.data_dir or default_data_dir(), args.host, args.port, args.rate,
                        args.per_address))
    return 0


async def run(data_dir: Path, host: str, port: int, rate: float, per_address: int) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in ("SIGINT", "SIGTERM"):          # before the line that says the server is up, which a signal follows
        loop.add_signal_handler(getattr(signal, name), stop.set)
    server = Server(data_dir, rate=rate, per_address=per_address)
    gc.freeze()                                 # the rules and the restored games: never scanned again
    gc.set_threshold(*GC_THRESHOLDS)
    url = await server.start(host, port)
    bound = url.rsplit(":", 1)[1]
    print(f"serving on ws://{host}:{bound}", flush=True)
    await stop.wait()
    await server.stop()


if __name__ == "__main__":
    sys.exit(main())
