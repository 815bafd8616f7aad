"""The lobby's client side (docs/PROTOCOL.md): short calls to a server that host a game, join one by an invite
code and list the player's games, each on a connection of its own that says hello first and is closed after its
answer; and the store of the player's online games (`online.yaml` in the data folder), where the seat tokens are
kept: the only way back into a game.

Every failure is a LobbyError whose text says, in the player's words, what went wrong (a server that cannot be
reached, another protocol version with both versions named, a code the server does not know, no answer in time).
A call blocks its caller up to TIMEOUT seconds: the pages run it on a thread (`Call`), so no frame waits on the
network. Nothing here imports pygame.
"""
from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypedDict, TypeVar, cast
from urllib.parse import urlsplit

import yaml
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect
from websockets.sync.connection import Connection

from engine import write_atomically

from .. import untrusted, words
from . import protocol

TIMEOUT = 8.0                       # seconds a call waits to connect, then for each answer
DEFAULT_PORT = 8765                 # the server's port unless told (docs/PROTOCOL.md)
DEFAULT_SERVER = f"ws://localhost:{DEFAULT_PORT}"
CLIENT = "paradise lobby"           # how the client names itself in its hello
ADDRESS_CHARS = 200                 # a server's address at most, as typed or kept
FILE = "online.yaml"
FILE_BYTES = 1 << 18                # the store's size cap: a few hundred games' tokens and codes
MAX_GAMES = 200                     # games kept in the store; the oldest go first beyond
ASIDE = "online.damaged"            # what a store that could not be read whole is renamed to before it is rewritten


class LobbyError(Exception):
    """A call or the store failed; the text is the player's message (words' `online.error.<code>`). `code`:
    address, unreachable, not_paradise, version, bad_code, timeout, closed, refused, store."""

    def __init__(self, code: str, **fields: Any):
        super().__init__(words.text(f"online.error.{code}", **fields))
        self.code = code


class Hosted(TypedDict):
    """The server's answer to `host`: the game, the host's seat and token, a code per other human seat, the
    spectators' code."""
    type: str
    game: str
    seat: str
    token: str
    invites: dict[str, str]
    watch: str


class Joined(TypedDict):
    type: str
    game: str
    seat: str
    token: str


class Line(TypedDict):
    """A game as `games` lists it: its seat, turn and step, the seat that acts, whether it is the token's, whether
    the game is over, each seat's kind."""
    game: str
    seat: str
    turn: int
    step: str
    to_act: str | None
    yours: bool
    over: bool
    seats: dict[str, str]


class Listed(TypedDict):
    type: str
    games: list[Line]


# --- addresses and codes, as typed ---------------------------------------------------------------------------

def server_address(typed: str) -> str:
    """The server's WebSocket address from what the player typed: `ws://` put before a bare host, and the default
    port after it ("192.168.1.20" is ws://192.168.1.20:8765); LobbyError("address") for anything else than a
    ws:// or wss:// address."""
    text = typed.strip() or DEFAULT_SERVER
    if "://" not in text:
        text = "ws://" + text
        if not re.search(r":\d+$", urlsplit(text).netloc):
            text = text.replace(urlsplit(text).netloc, f"{urlsplit(text).netloc}:{DEFAULT_PORT}", 1)
    try:
        parts = urlsplit(text)
        parts.port                                          # noqa: B018 - a port out of range raises ValueError
    except ValueError:
        raise LobbyError("address", address=typed.strip()[:60]) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or len(text) > ADDRESS_CHARS:
        raise LobbyError("address", address=typed.strip()[:60])
    return text


def typed_code(typed: str) -> str:
    """A code as the server shows it, from the code as a player typed it: capitals, a dash between its two groups
    of four, however many dashes or spaces were typed ("k7qm 2xpa" and "K7QM2XPA" are "K7QM-2XPA"; "w-abcd1234"
    is the spectators' "W-ABCD-1234"); anything else in capitals, without its spaces and dashes. (The server
    compares codes without case and dashes too.)"""
    plain = re.sub(r"[^0-9A-Za-z]", "", typed).upper()[:protocol.CODE_CHARS]
    if len(plain) == 8:
        return f"{plain[:4]}-{plain[4:]}"
    if len(plain) == 9 and plain.startswith("W"):
        return f"W-{plain[1:5]}-{plain[5:]}"
    return plain


# --- the calls -----------------------------------------------------------------------------------------------

def host(url: str, seats: list[str], options: Mapping[str, bool | int], seed: int | None = None) -> Hosted:
    """A new game on the server: seat kinds in seat order (`human` or a bot level), the advanced rules' options;
    the `hosted` answer with the host's token and the codes to share."""
    message: dict[str, Any] = {"type": "host", "seats": list(seats), "options": dict(options)}
    if seed is not None:
        message["seed"] = seed
    answer = call(url, message, "hosted")
    texts(answer, url, "game", "seat", "token", "watch")
    invites = answer.get("invites")
    if not isinstance(invites, dict) or not all(isinstance(k, str) and isinstance(v, str) and
                                                len(v) <= protocol.CODE_CHARS for k, v in invites.items()):
        raise LobbyError("not_paradise", address=server_address(url))
    return cast(Hosted, answer)


def join(url: str, code: str, name: str = "") -> Joined:
    """The seat of an invite code (typed as shown: case and dashes do not matter); the `joined` answer with the
    seat's token."""
    message: dict[str, Any] = {"type": "join", "code": typed_code(code)}
    if name:
        message["name"] = name[:protocol.NAME_CHARS]
    answer = call(url, message, "joined")
    texts(answer, url, "game", "seat", "token")
    return cast(Joined, answer)


def games(url: str, tokens: list[str]) -> Listed:
    """The games of these tokens on one server, each with whose turn it is (a token it does not know is left
    out), asked 64 tokens at a time (the protocol's cap)."""
    found: list[Line] = []
    for start in range(0, max(1, len(tokens)), 64):
        answer = call(url, {"type": "games", "tokens": tokens[start:start + 64]}, "list")
        lines = answer.get("games")
        if isinstance(lines, list):
            found.extend(cast(Line, line) for line in lines if is_line(line))
    return {"type": "list", "games": found}


def texts(answer: Mapping[str, Any], url: str, *keys: str) -> None:
    """An answer's fields that must be short texts (a game, a seat, a token, a code); LobbyError where one is not:
    no Paradise server would send it."""
    if not all(isinstance(answer.get(k), str) and 0 < len(answer[k]) <= protocol.TOKEN_CHARS for k in keys):
        raise LobbyError("not_paradise", address=server_address(url))


LINE_FIELDS = {"game": str, "seat": str, "turn": int, "step": str, "yours": bool, "over": bool, "seats": dict}


def is_line(line: Any) -> bool:
    """Whether a game of a `list` answer has the fields the page shows, each of its kind."""
    return isinstance(line, dict) and all(isinstance(line.get(k), kind) for k, kind in LINE_FIELDS.items()) and \
        (line.get("to_act") is None or isinstance(line["to_act"], str)) and \
        all(isinstance(k, str) and isinstance(v, str) for k, v in line["seats"].items())


@dataclass
class Listing:
    """What the servers said of the player's games: each game's line by its token, and why a server that was
    not reached was not."""
    lines: dict[str, Line] = field(default_factory=dict)
    unreached: dict[str, str] = field(default_factory=dict)


def listing(held: list[OnlineGame]) -> Listing:
    """Each server of these games asked for them, one after another (a server not reached says why; the others
    are asked still). A game is known by its id and seat on its server."""
    out = Listing()
    by_server: dict[str, list[OnlineGame]] = {}
    for g in held:
        by_server.setdefault(g.server, []).append(g)
    for server, mine in by_server.items():
        try:
            answer = games(server, [g.token for g in mine])
        except LobbyError as exc:
            out.unreached[server] = str(exc)
            continue
        found = {(line["game"], line["seat"]): line for line in answer["games"]}
        out.lines.update({g.token: found[g.game, g.seat] for g in mine if (g.game, g.seat) in found})
    return out


def call(url: str, message: Mapping[str, Any], expected: str) -> dict[str, Any]:
    """One message to the server after the hello, and its answer of the `expected` type; LobbyError otherwise."""
    address = server_address(url)
    try:
        with connect(address, open_timeout=TIMEOUT, close_timeout=1, max_size=protocol.SERVER_CAP,
                     user_agent_header=f"paradise/{protocol.VERSION}") as ws:
            welcome = exchange(ws, {"type": "hello", "version": protocol.VERSION, "client": CLIENT}, "welcome",
                               address)
            if welcome.get("version") != protocol.VERSION:
                raise LobbyError("version", server=welcome.get("version", "?"), client=protocol.VERSION)
            return exchange(ws, message, expected, address)
    except InvalidURI:
        raise LobbyError("address", address=url.strip()[:60]) from None
    except TimeoutError:
        raise LobbyError("timeout", address=address) from None
    except InvalidHandshake:                 # an HTTP server, or another WebSocket service, at that address
        raise LobbyError("not_paradise", address=address) from None
    except ConnectionClosed:
        raise LobbyError("closed", address=address) from None
    except OSError:                          # refused, no route, no such host
        raise LobbyError("unreachable", address=address) from None


def exchange(ws: Connection, message: Mapping[str, Any], expected: str, address: str) -> dict[str, Any]:
    """Send a message, read the answer: the expected one, or the server's error in the player's words."""
    ws.send(protocol.encode(message))
    raw = ws.recv(timeout=TIMEOUT)
    try:
        answer = json.loads(raw)
    except ValueError:
        raise LobbyError("not_paradise", address=address) from None
    if not isinstance(answer, dict):
        raise LobbyError("not_paradise", address=address)
    if answer.get("type") == "error":
        raise server_error(answer)
    if answer.get("type") != expected:
        raise LobbyError("not_paradise", address=address)
    return answer


def server_error(answer: Mapping[str, Any]) -> LobbyError:
    """The server's error as the player reads it: a bad code and another version in words of the game's own (the
    server's version read from its message, "this server speaks protocol 2; ..."); the rest in the server's plain
    English."""
    code, said = answer.get("code"), str(answer.get("message", ""))[:300]
    if code == "version":
        found = re.search(r"protocol (\d+)", said)
        return LobbyError("version", server=answer.get("version", found.group(1) if found else "?"),
                          client=protocol.VERSION)
    if code == "bad_code":
        return LobbyError("bad_code")
    return LobbyError("refused", message=said)


# --- a call on a thread --------------------------------------------------------------------------------------

T = TypeVar("T")


class Call(Generic[T]):
    """A lobby call run on a thread of its own, so that the frame loop never waits on the network: `poll` each
    frame hands its result (or its LobbyError) to `done` (or `failed`) on the caller's thread, once."""

    def __init__(self, work: Callable[[], T], done: Callable[[T], None], failed: Callable[[LobbyError], None]):
        self.done, self.failed = done, failed
        self.result: T | None = None
        self.error: LobbyError | None = None
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self.run, args=(work,), name="lobby call", daemon=True)
        self.thread.start()

    def run(self, work: Callable[[], T]) -> None:
        try:
            self.result = work()
        except LobbyError as exc:
            self.error = exc
        finally:
            self.finished.set()

    def poll(self) -> bool:
        """Whether the call has ended (its result handed on now)."""
        if not self.finished.is_set():
            return False
        if self.error is not None:
            self.failed(self.error)
        else:
            self.done(cast(T, self.result))
        return True


# --- the store of the player's online games ------------------------------------------------------------------

@dataclass(frozen=True)
class OnlineGame:
    """A seat the player holds in an online game: the server, the game, the seat and its token; for a game they
    host, the invite code of each other human seat and the spectators' code; when it was added (seconds since
    the epoch)."""
    server: str
    game: str
    seat: str
    token: str
    invites: dict[str, str] = field(default_factory=dict)
    watch: str = ""
    added: float = 0.0


@dataclass
class Store:
    """The data folder's `online.yaml`: the server address last used and the player's games, newest first. A file
    that cannot be read whole is refused (`problem` says why, for the page to show) and never overwritten: it
    is renamed aside (ASIDE) before a new one is written."""
    path: Path
    server: str = DEFAULT_SERVER
    games: list[OnlineGame] = field(default_factory=list)
    problem: str = ""

    @classmethod
    def load(cls, data_dir: Path) -> Store:
        store = cls(data_dir / FILE)
        try:
            store.server, store.games = parse(untrusted.read(store.path, FILE_BYTES, "online games file"))
        except untrusted.Refused as exc:
            if exc.kind != "missing":
                store.problem = refusal(store.path, str(exc))
        except (ValueError, RecursionError, yaml.YAMLError) as exc:       # UnicodeDecodeError is a ValueError
            store.problem = refusal(store.path, f"{store.path.name} cannot be read: {exc}")
        return store

    def save(self) -> None:
        """Write the store whole or not at all (engine.write_atomically), the damaged file kept aside first;
        OSError passes."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.problem and self.path.exists():
            os.replace(self.path, aside(self.path))
        self.problem = ""
        data = {"server": self.server,
                "games": [{k: v for k, v in vars(g).items() if v or k in REQUIRED} for g in self.games]}
        write_atomically(self.path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True).encode())

    def add(self, game: OnlineGame) -> OnlineGame:
        """A game joined or hosted, first in the list (a seat held already is replaced), stamped now."""
        stamped = replace(game, added=game.added or time.time())
        self.games = [stamped] + [g for g in self.games if g.token != game.token][:MAX_GAMES - 1]
        return stamped

    def forget(self, token: str) -> None:
        self.games = [g for g in self.games if g.token != token]



REQUIRED = ("server", "game", "seat", "token")
TEXTS = {"server": ADDRESS_CHARS, "game": 64, "seat": protocol.NAME_CHARS, "token": protocol.TOKEN_CHARS,
         "watch": protocol.CODE_CHARS}


def parse(raw: bytes) -> tuple[str, list[OnlineGame]]:
    """The server address and the games a store's bytes hold; ValueError naming the first thing wrong (the file
    is refused whole: a game half read would lose its token)."""
    data = yaml.safe_load(raw.decode("utf-8"))
    if data is None:
        return DEFAULT_SERVER, []
    if not isinstance(data, dict) or set(data) - {"server", "games"}:
        raise ValueError("it holds no online games (a mapping of 'server' and 'games' is expected)")
    server = data.get("server", DEFAULT_SERVER)
    if not isinstance(server, str) or len(server) > ADDRESS_CHARS:
        raise ValueError(f"'server' must be a text of at most {ADDRESS_CHARS} characters")
    listed = data.get("games") or []
    if not isinstance(listed, list) or len(listed) > MAX_GAMES:
        raise ValueError(f"'games' must be a list of at most {MAX_GAMES} games")
    return server, [game(entry, i + 1) for i, entry in enumerate(listed)]


def game(entry: Any, n: int) -> OnlineGame:
    """A game of the store, each field checked against its kind and cap."""
    if not isinstance(entry, dict) or set(entry) - {*TEXTS, "invites", "added"}:
        raise ValueError(f"game {n} is not a mapping of {', '.join(TEXTS)}, invites and added")
    for key, cap in TEXTS.items():
        value = entry.get(key, "")
        if not isinstance(value, str) or len(value) > cap or (key in REQUIRED and not value):
            raise ValueError(f"game {n}: {key!r} must be a text of 1 to {cap} characters")
    invites = entry.get("invites") or {}
    if not isinstance(invites, dict) or len(invites) > 4 or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= protocol.NAME_CHARS
            and len(v) <= protocol.CODE_CHARS for k, v in invites.items()):
        raise ValueError(f"game {n}: 'invites' must map at most 4 seats to their codes")
    added = entry.get("added", 0.0)
    if not isinstance(added, int | float) or isinstance(added, bool):
        raise ValueError(f"game {n}: 'added' must be a number")
    return OnlineGame(entry["server"], entry["game"], entry["seat"], entry["token"], dict(invites),
                      entry.get("watch", ""), float(added))


def refusal(path: Path, why: str) -> str:
    """Why the store is refused, in one line without the folders of the player's machine."""
    said = " ".join(why.replace(str(path), path.name).split())
    return words.text("online.error.store", why=said if len(said) <= 160 else said[:157] + "...")


def aside(path: Path) -> Path:
    """A free name beside the store for the damaged one: ASIDE, then ASIDE-2, ... (an older one is never
    overwritten)."""
    out, n = path.with_name(ASIDE + ".yaml"), 1
    while out.exists():
        n += 1
        out = path.with_name(f"{ASIDE}-{n}.yaml")
    return out
