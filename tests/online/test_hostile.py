"""Hostile clients (issue 39): malformed, oversized, out-of-turn, replayed or forged messages, wrong tokens and
codes, floods of messages and of connections each get a plain error or a closed connection, while another game
on the same server goes on and nothing is lost."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from game.online import protocol
from game.online.server import Server
from tests.online.harness import connect


async def ask(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    await ws.send(protocol.encode(message))
    answer: dict[str, Any] = json.loads(await ws.recv())
    return answer


async def seat(url: str) -> tuple[ClientConnection, dict[str, Any]]:
    """A 2-seat game against a Normal bot, its seat opened: the connection and its first update."""
    ws = await connect(url)
    hosted = await ask(ws, {"type": "host", "seats": ["human", "normal"], "seed": 5})
    return ws, await ask(ws, {"type": "open", "token": hosted["token"], "since": 0})


async def decided(ws: ClientConnection, update: dict[str, Any], seq: int) -> dict[str, Any]:
    """Make the seat's first legal decision and return the ack."""
    await ws.send(protocol.encode({"type": "act", "seq": seq, "action": update["decision"]["legal"][0]}))
    while True:
        answer: dict[str, Any] = json.loads(await ws.recv())
        if answer["type"] in ("ack", "refused"):
            return answer


async def hostile(url: str) -> None:
    ws, update = await seat(url)                         # the game that must go on
    assert update["decision"] is not None

    bad = await connect(url)
    assert (await ask(bad, {"type": "nonsense"}))["code"] == "unknown"
    await bad.send("{not json")
    assert json.loads(await bad.recv())["code"] == "malformed"
    assert (await ask(bad, {"type": "act", "seq": 1, "action": "go"}))["code"] == "malformed"
    assert (await ask(bad, {"type": "act", "seq": 1, "action": ["go", "x" * 99]}))["code"] == "malformed"
    assert (await ask(bad, {"type": "open", "token": "forged"}))["code"] == "bad_token"
    assert (await ask(bad, {"type": "join", "code": "AAAA-AAAA"}))["code"] == "bad_code"
    assert (await ask(bad, {"type": "act", "seq": 1, "action": ["end"]}))["code"] == "not_open"
    assert (await ask(bad, {"type": "record"}))["code"] == "not_open"

    late = await ws_connect(url)                         # hello must come first, in the same version
    assert (await ask(late, {"type": "games", "tokens": []}))["code"] == "hello_first"
    with pytest.raises(ConnectionClosed):
        await late.recv()
    other = await ws_connect(url)
    answer = await ask(other, {"type": "hello", "version": protocol.VERSION + 1})
    assert answer["code"] == "version" and f"protocol {protocol.VERSION}" in answer["message"]
    with pytest.raises(ConnectionClosed):
        await other.recv()

    huge = await connect(url)                            # a frame over the cap closes the connection (1009)
    await huge.send(" " * (protocol.CLIENT_CAP + 1))
    with pytest.raises(ConnectionClosed) as closed:
        await huge.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    forged = await decided(ws, {"decision": {"legal": [["fly", "to", "the", "moon"]]}}, 1)
    assert forged["type"] == "refused" and forged["reason"] is not None
    ack = await decided(ws, update, 2)
    assert ack["type"] == "ack"
    replayed = await decided(ws, update, 2)
    assert replayed["type"] == "refused" and replayed["code"] == "replayed"

    flood = await connect(url)                           # more than the rate allows: said, then closed
    for _ in range(40):
        await flood.send(protocol.encode({"type": "games", "tokens": []}))
    codes = []
    with pytest.raises(ConnectionClosed):
        while True:
            codes.append(json.loads(await flood.recv()).get("code"))
    assert "rate" in codes

    crowd = [await ws_connect(url) for _ in range(10)]   # more connections from one address than allowed
    answers = []
    for extra in crowd:
        try:
            answers.append(json.loads(await asyncio.wait_for(extra.recv(), 0.3)).get("code"))
        except TimeoutError:
            answers.append(None)
        except ConnectionClosed:
            answers.append("closed")
    assert "full" in answers

    for extra in [*crowd, bad, flood]:
        await extra.close()
    ws2, update2 = await seat(url)                       # the server goes on: a new game plays
    assert (await decided(ws2, update2, 1))["type"] == "ack"
    await ws.close()
    await ws2.close()


def test_hostile_clients_get_plain_errors_and_the_other_games_go_on(tmp_path: Path) -> None:
    async def run() -> None:
        server = Server(tmp_path, rate=10, per_address=8)
        url = await server.start("127.0.0.1", 0)
        try:
            await asyncio.wait_for(hostile(url), 60)     # a server that fails to answer or close fails here
        finally:
            await server.stop()
    asyncio.run(run())
