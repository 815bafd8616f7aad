"""The tests' side of the wire (docs/PROTOCOL.md): a client that keeps every message it is sent, and what the
online tests do with it (host, take the invites, play a seat at random, read the stored game back, run a test's
body beside a server in the same loop)."""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection

import engine
from game.online import protocol
from game.online.games import OnlineGame
from game.online.server import Server
from game.online.store import Store, StoredGame
from tests.online.harness import connect

WAIT = 20.0                                        # seconds a test waits for an answer before it fails
SHORT = engine.check_options(engine.load_ruleset(), {"variable_game_end": 5})   # whole games of ~100 decisions


OPEN: list[ClientConnection] = []                  # the test's connections, cut before its server stops


class Client:
    """One test connection: it keeps every update it receives and numbers its requests."""

    def __init__(self, ws: ClientConnection):
        OPEN.append(ws)
        self.ws = ws
        self.seq = 0
        self.updates: list[dict[str, Any]] = []
        self.acted_at = 0                           # updates received when the newest act was acknowledged

    @classmethod
    async def open(cls, url: str, token: str, since: int = 0) -> Client:
        client = cls(await connect(url))
        await client.send({"type": "open", "token": token, "since": since})
        await client.expect("update")
        return client

    async def send(self, message: Mapping[str, Any]) -> None:
        await self.ws.send(protocol.encode(message))

    async def expect(self, *kinds: str) -> dict[str, Any]:
        """The next message of one of `kinds`, keeping the updates met on the way."""
        while True:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), WAIT))
            if message["type"] == "update":
                self.updates.append(message)
            if message["type"] in kinds:
                return message

    async def request(self, message: Mapping[str, Any], *kinds: str) -> dict[str, Any]:
        await self.send(message)
        return await self.expect(*kinds)

    async def act(self, action: list[Any], seq: int | None = None) -> dict[str, Any]:
        """An act's answer: ack or refused."""
        self.seq = self.seq + 1 if seq is None else seq
        answer = await self.request({"type": "act", "seq": self.seq, "action": action}, "ack", "refused")
        if answer["type"] == "ack":
            self.acted_at = len(self.updates)
        return answer

    async def decision(self) -> dict[str, Any] | None:
        """The seat's next decision (an update received after its newest act that offers one); None once the
        game is over."""
        while True:
            fresh = self.updates[self.acted_at:]
            if fresh and fresh[-1]["over"]:
                return None
            if fresh and fresh[-1]["decision"] is not None:
                decision: dict[str, Any] = fresh[-1]["decision"]
                return decision
            await self.expect("update")

    def events(self) -> list[Any]:
        """Every event the updates gave, checked to arrive each once and in order."""
        held: list[Any] = []
        for update in self.updates:
            assert update["first"] <= len(held)
            held = held[:update["first"]] + update["events"]
        return held


async def hello_client(url: str) -> Client:
    return Client(await connect(url))


async def host(url: str, seats: list[str], seed: int, options: Mapping[str, Any] = SHORT) -> dict[str, Any]:
    client = await hello_client(url)
    hosted = await client.request({"type": "host", "seats": seats, "options": dict(options), "seed": seed},
                                  "hosted", "error")
    await client.ws.close()
    return hosted


async def seats_of(url: str, hosted: Mapping[str, Any]) -> dict[str, str]:
    """Every human seat's token: the host's, and each invite joined (typed in lower case, without its dash)."""
    tokens = {hosted["seat"]: hosted["token"]}
    client = await hello_client(url)
    for seat, code in hosted["invites"].items():
        joined = await client.request({"type": "join", "code": code.replace("-", "").lower(), "name": seat},
                                      "joined")
        assert joined["seat"] == seat and joined["game"] == hosted["game"]
        tokens[seat] = joined["token"]
    await client.ws.close()
    return tokens


async def play_seat(client: Client, rng: random.Random, most: int = 10_000) -> int:
    """Play the seat's decisions, each a pick of `rng` among the legal actions its update gives, until the game
    is over (or `most` decisions); how many it played."""
    played = 0
    while played < most and (decision := await client.decision()) is not None:
        answer = await client.act(rng.choice(decision["legal"]))
        assert answer["type"] == "ack", answer
        played += 1
    return played


def local_game(rules: engine.Ruleset, seats: int, seed: int, pick: Mapping[str, random.Random],
               options: Mapping[str, Any] = SHORT) -> engine.GameState:
    """The game those picks make when played here: what the server must have played."""
    state = engine.new_game(rules, seats, seed, options)
    while (who := engine.current_player(state)) is not None:
        if who == engine.CHANCE:
            engine.resolve_chance(state)
        else:
            choice = pick[who].choice([protocol.action_to_wire(a) for a in engine.legal_actions(state)])
            engine.apply(state, protocol.action_from_wire(choice))
    return state


def stored_game(data_dir: Path, game: str) -> StoredGame:
    store = Store(data_dir)
    try:
        found = store.load(game)
    finally:
        store.close()
    assert found is not None, f"{game} is not stored"
    return found


def stored_state(data_dir: Path, game: str, rules: engine.Ruleset) -> tuple[engine.GameState, int]:
    """The game as the store holds it, replayed, and the number of actions in its log."""
    stored = stored_game(data_dir, game)
    return engine.replay(stored.start, stored.actions, rules), len(stored.actions)


async def take_turns(game: OnlineGame, clients: Mapping[str, Client], picks: Mapping[str, random.Random],
                     decisions: int) -> None:
    """Play `decisions` decisions in the game's order, each by the seat's client (the bots and chance between
    them play on the server); stop early when a seat without a client decides, or the game is over."""
    for _ in range(decisions):
        while game.to_act not in clients:
            if game.over or game.seats.get(str(game.to_act)) == "human":
                return
            await asyncio.sleep(0.005)
        seat = str(game.to_act)
        decision = await clients[seat].decision()
        assert decision is not None
        assert (await clients[seat].act(picks[seat].choice(decision["legal"])))["type"] == "ack"


async def in_server(data_dir: Path, rules: engine.Ruleset, body: Callable[[Server, str], Awaitable[None]]) -> None:
    server = Server(data_dir, rules)
    url = await server.start()
    try:
        await body(server, url)
    finally:
        cut_clients()
        await server.stop()


def cut_clients() -> None:
    """Cut the test's connections: a client that left messages unread would hold up its server's stop."""
    for ws in OPEN:
        ws.transport.abort()
    OPEN.clear()


async def to_act(game: OnlineGame, humans: Mapping[str, Any]) -> str:
    """The human seat that decides next, once chance and the bots have played on."""
    while game.to_act not in humans:
        await asyncio.sleep(0.002)
    return str(game.to_act)
