"""Hostile clients (issue 39) over real sockets on the loopback interface: malformed, oversized, out-of-turn,
replayed or forged messages, wrong tokens and codes, floods of messages and of connections each get a plain error
or a closed connection, while another game on the same server goes on and nothing is lost. (A wrong first message
or version: the handshake's test, tests/online/test_server.py; each field's checks: test_protocol.py.)"""
from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

import engine
from game.online import protocol
from game.online.server import Server
from tests.online import clients as wire
from tests.online.harness import ServerProcess, run


async def bystander(url: str, seed: int) -> tuple[str, Callable[[], Coroutine[Any, Any, None]]]:
    """A game on the same server as the hostile clients, its seats open: its id, and its play to the end."""
    hosted = await wire.host(url, ["human", "human"], seed)
    tokens = await wire.seats_of(url, hosted)
    clients = {seat: await wire.Client.open(url, token) for seat, token in tokens.items()}

    async def play() -> None:
        await asyncio.gather(*(wire.play_seat(clients[seat], random.Random(f"{seed} {seat}")) for seat in clients))
    return hosted["game"], play


def test_hostile_clients_are_answered_plainly_while_another_game_goes_on(rules: engine.Ruleset,
                                                                        tmp_path: Path) -> None:
    async def body(server: Server, url: str) -> None:
        other_id, other_play = await bystander(url, 55)
        other = asyncio.create_task(other_play())
        hosted = await wire.host(url, ["human", "easy"], 9)
        client = await wire.hello_client(url)
        for raw, code in [("{not json", "malformed"), ('{"type": "launch"}', "unknown"),
                          ('{"type": "act", "seq": 1, "action": ["go", {"x": 1}]}', "malformed"),
                          ('{"type": "act", "seq": 1, "action": "go"}', "malformed"),
                          ('{"type": "act", "seq": 1, "action": ["end"]}', "not_open"),
                          ('{"type": "open", "token": "forged-token"}', "bad_token"),
                          ('{"type": "join", "code": "AAAA-AAAA"}', "bad_code"),
                          ('{"type": "watch", "code": "W-AAAA-AAAA"}', "bad_code"),
                          ('{"type": "record"}', "not_open")]:
            await client.ws.send(raw)
            answer = await client.expect("error")
            assert answer["code"] == code, (raw, answer)
        assert (await client.request({"type": "games", "tokens": []}, "list"))["games"] == [], "still open"
        seat = await wire.Client.open(url, hosted["token"])
        decision = await seat.decision()
        assert decision is not None
        forged = await seat.act(["launch", "all", 9])
        assert forged["type"] == "refused" and forged["reason"] == protocol.reason_to_wire(
            engine.why_not(server.games[hosted["game"]].state, engine.Action("launch", ("all", 9)))), "a forged verb"
        ack = await seat.act(decision["legal"][0])
        assert (await seat.act(decision["legal"][0], seq=ack["seq"]))["code"] == "replayed"
        pair = await wire.host(url, ["human", "human"], 10)
        pair_game = server.games[pair["game"]]
        pair_tokens = await wire.seats_of(url, pair)
        mover = await wire.to_act(pair_game, pair_tokens)
        out_of_turn = await wire.Client.open(url, next(t for seat, t in pair_tokens.items() if seat != mover))
        before = wire.stored_game(tmp_path, pair_game.id).actions
        early = await out_of_turn.act(["end"])
        assert early["type"] == "refused" and early["reason"]["code"] == "not_now"
        assert wire.stored_game(tmp_path, pair_game.id).actions == before

        big = await wire.hello_client(url)
        await big.ws.send(json.dumps({"type": "join", "code": "x" * protocol.CLIENT_CAP}))
        with pytest.raises(ConnectionClosed) as closed:
            await big.expect("error")
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

        flood = await wire.hello_client(url)                  # a flood, read as it goes (its answers are not held up)
        answers: list[dict[str, Any]] = []
        with pytest.raises(ConnectionClosed):
            for _ in range(int(server.rate * 20)):
                for _ in range(8):
                    await flood.send({"type": "games", "tokens": []})
                for _ in range(8):                            # each answer kept as it comes, to the close
                    answers.append(await flood.expect("list", "error"))  # noqa: PERF401
        assert answers[-1]["type"] == "error" and answers[-1]["code"] == "rate"
        assert len(answers) > server.rate, "a burst within the limit is answered"

        crowd: list[tuple[ClientConnection, dict[str, Any]]] = []
        full: list[tuple[ClientConnection, dict[str, Any]]] = []
        for _ in range(server.per_address + 2):
            ws = await ws_connect(url)
            with contextlib.suppress(ConnectionClosed):     # a connection too many is told so, and closed
                await ws.send(protocol.encode({"type": "hello", "version": protocol.VERSION}))
            answer = json.loads(await ws.recv())
            (crowd if answer["type"] == "welcome" else full).append((ws, answer))
        assert full and all(a["code"] == "full" for _, a in full)
        assert len(crowd) < server.per_address
        for ws, _ in crowd + full:
            await ws.close()

        await asyncio.wait_for(other, 120)
        picks = {seat: random.Random(f"55 {seat}") for seat in server.games[other_id].seats}
        local = wire.local_game(rules, 2, 55, picks)
        assert engine.state_hash(server.games[other_id].state) == engine.state_hash(local), "the other game went on"
    run(wire.in_server(tmp_path, rules, body))


def test_a_flood_meets_the_rate_of_the_command_line_and_the_other_game_goes_on(tmp_path: Path) -> None:
    async def body(process: ServerProcess) -> None:
        hosted = await wire.host(process.url, ["human", "easy"], 12)
        seat = await wire.Client.open(process.url, hosted["token"])
        flood = await wire.hello_client(process.url)
        for _ in range(400):                                # sent as fast as it can, nothing read meanwhile
            with contextlib.suppress(ConnectionClosed):
                await flood.send({"type": "games", "tokens": []})
        answers: list[dict[str, Any]] = []
        with pytest.raises(ConnectionClosed):
            while True:
                answers.append(await flood.expect("list", "error"))
        assert answers[-1]["type"] == "error" and answers[-1]["code"] == "rate"
        assert {a["type"] for a in answers[:-1]} == {"list"}
        assert 2 * 5 - 1 <= len(answers) - 1 < 400, "a burst of twice the rate (the hello one of them) is answered"
        decision = await seat.decision()
        assert decision is not None
        assert (await seat.act(decision["legal"][0]))["type"] == "ack", "the other game goes on"

    async def served() -> None:
        with ServerProcess(tmp_path, "--rate", "5") as process:
            try:
                await body(process)
            finally:
                wire.cut_clients()
    run(served())
