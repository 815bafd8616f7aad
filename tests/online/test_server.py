"""The online server over real sockets on the loopback interface (docs/PROTOCOL.md; issue 39's server and
protocol): every request and its answer, whole games played by connections that choose among the legal actions
their updates give them, reconnection from the events a client holds, presence, finished games leaving the
memory, a restarted server resuming its games from the stored log, and followers that read nothing. Hostile
clients: tests/online/test_hostile.py."""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

import engine
from game import botpool
from game.online import protocol
from game.online import server as server_module
from game.online.games import OnlineGame
from game.online.server import Server
from game.online.store import FILE
from tests.online.clients import (
    SHORT,
    WAIT,
    Client,
    cut_clients,
    hello_client,
    host,
    in_server,
    local_game,
    play_seat,
    seats_of,
    stored_game,
    stored_state,
    take_turns,
    to_act,
)
from tests.online.harness import ServerProcess, run

# --- the handshake ------------------------------------------------------------------------------------------------

def test_the_handshake_welcomes_the_same_version_and_names_a_mismatch(rules: engine.Ruleset, tmp_path: Path) -> None:
    async def body(_: Server, url: str) -> None:
        async with ws_connect(url) as ws:
            await ws.send(protocol.encode({"type": "hello", "version": protocol.VERSION, "client": "t"}))
            assert json.loads(await ws.recv())["type"] == "welcome"
        firsts: list[tuple[dict[str, Any], str]] = [({"type": "hello", "version": protocol.VERSION + 1}, "version"),
                                                    ({"type": "games", "tokens": []}, "hello_first")]
        for first, code in firsts:
            async with ws_connect(url) as ws:
                await ws.send(protocol.encode(first))
                answer = json.loads(await ws.recv())
                assert answer["type"] == "error" and answer["code"] == code
                if code == "version":
                    assert f"protocol {protocol.VERSION}" in answer["message"]
                    assert f"speaks {protocol.VERSION + 1}" in answer["message"], "both versions are named"
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), WAIT)
        again = await hello_client(url)
        assert (await again.request({"type": "hello", "version": protocol.VERSION}, "error"))["code"] == "malformed"
        await again.ws.close()
    run(in_server(tmp_path, rules, body))


# --- hosting, joining, acting ------------------------------------------------------------------------------------

def test_host_join_open_act_refuse_undo_ask(rules: engine.Ruleset, tmp_path: Path) -> None:
    async def body(server: Server, url: str) -> None:
        refused = await host(url, ["easy", "normal"], 1)
        assert refused["code"] == "malformed", "a game has a human seat"
        for options in ({"no_such_rule": True}, {"malaria": 3}):
            wrong = await host(url, ["human", "easy"], 1, options)
            with pytest.raises(engine.SetupError) as engine_says:
                engine.check_options(rules, options)
            assert (wrong["code"], wrong["message"]) == ("malformed", str(engine_says.value)), "the engine judges"
        many = await host(url, ["human", "easy", "human", "human"], 2, {"malaria": True})
        humans = [name for name, kind in server.games[many["game"]].seats.items() if kind == "human"]
        assert many["seat"] == humans[0] and list(many["invites"]) == humans[1:], "one invite per other human seat"
        codes = [*many["invites"].values(), many["watch"]]
        assert len(set(codes)) == len(codes) and many["watch"].startswith("W-")
        assert all(len(code.split("-")[-1]) == 4 for code in codes)
        assert server.games[many["game"]].state.options["malaria"] is True
        lower = await hello_client(url)
        joined = await lower.request({"type": "join", "code": many["invites"][humans[1]].lower()}, "joined")
        assert (joined["game"], joined["seat"]) == (many["game"], humans[1]), "typed in lower case, with its dash"
        await lower.ws.close()
        hosted = await host(url, ["human", "human"], 5)
        assert set(hosted) == {"type", "game", "seat", "token", "invites", "watch"}
        code = next(iter(hosted["invites"].values()))
        tokens = await seats_of(url, hosted)
        joiner = await hello_client(url)
        assert (await joiner.request({"type": "join", "code": code}, "error"))["code"] == "bad_code", "one use"
        assert (await joiner.request({"type": "act", "seq": 1, "action": ["end"]}, "error"))["code"] == "not_open"
        raw = (tmp_path / FILE).read_bytes() + (tmp_path / f"{FILE}-wal").read_bytes()
        assert not any(token.encode() in raw for token in tokens.values()), "tokens are kept hashed"
        game = server.games[hosted["game"]]
        clients = {seat: await Client.open(url, token) for seat, token in tokens.items()}
        for seat, client in clients.items():
            first = client.updates[0]
            assert first["seat"] == seat and first["first"] == 0 and first["game"] == hosted["game"]
            assert first["view"] == engine.observe(game.state, seat, log=False)
        rng = random.Random(5)
        while True:                                  # play on until the seat to act may take a decision back
            deciding = game.to_act
            assert deciding in clients
            client, other = clients[deciding], clients[next(s for s in clients if s != deciding)]
            decision = await client.decision()
            assert decision is not None
            if decision["undoable"]:
                break
            out_of_turn = await other.act(decision["legal"][0])
            assert out_of_turn["type"] == "refused" and out_of_turn["reason"]["code"] == "not_now"
            assert (await other.request({"type": "ask", "id": 1, "why": [["end"]]}, "error"))["code"] == \
                "not_your_turn"
            illegal = ["go", "9999"]
            asked = await client.request({"type": "ask", "id": 7, "why": [decision["legal"][0], illegal]}, "answer")
            reason = engine.why_not(game.state, protocol.action_from_wire(illegal))
            assert asked == {"type": "answer", "id": 7, "why": [None, protocol.reason_to_wire(reason)]}
            before = engine.state_hash(game.state), dict(game.versions), stored_game(tmp_path, game.id).actions
            answer = await client.act(illegal)
            assert answer == {"type": "refused", "seq": client.seq, "reason": protocol.reason_to_wire(reason)}
            assert (engine.state_hash(game.state), game.versions, stored_game(tmp_path, game.id).actions) == \
                before, "a refused action changes nothing: neither the game, nor a version, nor the log"
            chosen = rng.choice(decision["legal"])
            ack = await client.act(chosen)
            assert ack["type"] == "ack" and ack["seq"] == client.seq
            log = stored_game(tmp_path, game.id).actions         # read as the ack arrives
            assert len(log) >= ack["n"] and log[ack["n"] - 1][0] == str(protocol.action_from_wire(chosen)), \
                "acknowledged once stored"
            replayed = await client.act(decision["legal"][0], seq=ack["seq"])
            assert replayed["type"] == "refused" and replayed["code"] == "replayed"
        kept = stored_state(tmp_path, game.id, rules)[1]
        undone = await client.request({"type": "undo", "seq": client.seq + 1}, "ack", "refused")
        client.seq += 1
        assert undone["type"] == "ack"
        state, rows = stored_state(tmp_path, game.id, rules)
        assert rows < kept and undone["n"] == rows, "the undone rows left the log before the ack"
        assert engine.state_hash(state) == engine.state_hash(game.state)
        update = await client.expect("update")
        assert update["decision"]["undoable"] == decision["undoable"] - 1
        while (await client.decision() or {}).get("undoable"):
            assert (await client.request({"type": "undo", "seq": client.seq + 1}, "ack"))["type"] == "ack"
            client.seq += 1
            await client.expect("update")
        nothing = await client.request({"type": "undo", "seq": client.seq + 1}, "refused")
        assert nothing["code"] == "nothing_to_undo"
    run(in_server(tmp_path, rules, body))


def test_a_whole_game_played_by_two_connections_is_the_game_played_here(rules: engine.Ruleset,
                                                                         tmp_path: Path) -> None:
    seed = 21

    async def body(_: Server, url: str) -> None:
        hosted = await host(url, ["human", "human"], seed)
        tokens = await seats_of(url, hosted)
        clients = {seat: await Client.open(url, token) for seat, token in tokens.items()}
        watcher = await hello_client(url)
        await watcher.request({"type": "watch", "code": hosted["watch"].lower(), "since": 0}, "update")
        early = await watcher.request({"type": "record"}, "error")
        assert early["code"] == "not_over"
        picks = {seat: random.Random(f"{seed} {seat}") for seat in clients}
        played = await asyncio.gather(*(play_seat(clients[seat], picks[seat]) for seat in clients))
        assert min(played) > 20
        save = (await watcher.request({"type": "record"}, "record"))["save"]
        local = local_game(rules, 2, seed, {seat: random.Random(f"{seed} {seat}") for seat in clients})
        assert engine.state_hash(engine.replay(save["start"], save["actions"], rules)) == engine.state_hash(local)
        assert engine.state_hash(stored_state(tmp_path, hosted["game"], rules)[0]) == engine.state_hash(local)
        while not (watcher.updates[-1]["over"]):
            await watcher.expect("update")
        for update in watcher.updates:
            assert update["seat"] is None and update["decision"] is None and update["view"] == update["public"]
        for seat, client in clients.items():
            held = client.events()
            wire = [protocol.wire_event(e) for e in engine.events_since(local, seat, 0)[0]]
            assert held == json.loads(json.dumps(wire)), f"{seat} holds its events, each once, in order"
            assert client.updates[-1]["over"]
        listed = await watcher.request({"type": "games", "tokens": [*tokens.values(), "forged"]}, "list")
        assert [(g["seat"], g["over"], g["yours"]) for g in listed["games"]] == [(s, True, False) for s in tokens]
    run(in_server(tmp_path, rules, body))


def test_reconnection_gives_exactly_the_missing_events(rules: engine.Ruleset, tmp_path: Path) -> None:
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "normal", "human"], 8)
        tokens = await seats_of(url, hosted)
        game = server.games[hosted["game"]]
        first, second = tokens
        clients = {seat: await Client.open(url, token) for seat, token in tokens.items()}
        picks = {seat: random.Random(seat) for seat in tokens}
        await take_turns(game, clients, picks, 6)
        leaving = clients.pop(second)
        while game.to_act != second:
            await take_turns(game, clients, picks, 1)
        await take_turns(game, {second: leaving}, picks, 1)     # it acts, and leaves before its update comes
        held = leaving.events()
        await leaving.ws.close()
        await take_turns(game, clients, picks, 3)                # the game goes on while the seat is away
        back = await Client.open(url, tokens[second], since=len(held))
        missing = back.updates[0]
        full = engine.events_since(game.state, second, 0)[0]
        assert missing["first"] == len(held) < missing["log_size"] == len(full)
        assert held + missing["events"] == json.loads(json.dumps([protocol.wire_event(e) for e in full]))
        taken = await Client.open(url, tokens[second], since=len(full))
        assert taken.updates[0]["events"] == [], "nothing is sent twice"
        replaced = await back.expect("error")
        assert replaced["code"] == "replaced", "a newer open of the seat replaces the older connection"
        with pytest.raises(ConnectionClosed):
            await back.expect("error")
        listed = await taken.request({"type": "games", "tokens": [tokens[first], tokens[second]]}, "list")
        to_act = game.to_act
        assert [(g["seat"], g["yours"]) for g in listed["games"]] == [(s, s == to_act) for s in (first, second)]
        assert all(g["to_act"] == to_act and g["turn"] == game.state.turn for g in listed["games"])
    run(in_server(tmp_path, rules, body))


def test_a_seat_is_given_to_a_bot_when_every_other_human_agrees(rules: engine.Ruleset, tmp_path: Path) -> None:
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "human", "human"], 13)
        tokens = await seats_of(url, hosted)
        leaver, *others = list(tokens)
        clients = {seat: await Client.open(url, tokens[seat]) for seat in others}
        game = server.games[hosted["game"]]
        vote = {"type": "replace", "seat": leaver, "agree": True}
        for wrong in (others[0], "Atlantis"):
            refused = await clients[others[0]].request({**vote, "seat": wrong}, "error")
            assert refused["code"] == "malformed", "a vote for oneself or a seat not in the game"
        voted = await clients[others[0]].request(vote, "voted")
        assert voted == {"type": "voted", "seat": leaver, "agree": True, "given": False}
        assert game.seats[leaver] == "human", "one vote of two"
        assert (await clients[others[1]].request(vote, "voted"))["given"] is True, "the last vote gives the seat"
        update = await clients[others[1]].expect("update")
        assert update["seats"][leaver] == "normal"
        assert stored_game(tmp_path, game.id).seats[leaver] == "normal"
        gone = await Client.open(url, tokens[leaver])
        answer = await gone.request({"type": "act", "seq": 1, "action": ["end"]}, "error")
        assert answer["code"] == "not_your_turn" and "bot" in answer["message"]
        picks = {seat: random.Random(seat) for seat in others}
        await asyncio.gather(*(play_seat(clients[seat], picks[seat]) for seat in others))
        assert game.over, "the bot played the seat to the end"
    run(in_server(tmp_path, rules, body))


async def following(client: Client) -> dict[str, Any]:
    """The client's next message, whatever it is (updates kept)."""
    message: dict[str, Any] = json.loads(await asyncio.wait_for(client.ws.recv(), WAIT))
    if message["type"] == "update":
        client.updates.append(message)
    return message


def test_X45_presence_is_told_after_the_first_update_and_when_a_seat_comes_or_goes(rules: engine.Ruleset,
                                                                                    tmp_path: Path) -> None:
    """Every follower learns which human seats are connected (a bot's seat is not named): right after its first
    update, and when a seat's last connection goes or its first comes; a seat that is there is not given to a
    bot."""
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "easy", "human"], 13)
        first, second = tokens = await seats_of(url, hosted)
        game_id = hosted["game"]

        def told(*there: str) -> dict[str, Any]:
            return {"type": "presence", "game": game_id, "connected": {seat: seat in there for seat in tokens}}

        one = await Client.open(url, tokens[first])
        assert await following(one) == told(first), "right after the first update"
        watcher = await hello_client(url)
        await watcher.request({"type": "watch", "code": hosted["watch"]}, "update")
        assert await following(watcher) == told(first)
        two = await Client.open(url, tokens[second])
        assert await following(two) == told(first, second)
        for client in (one, watcher):
            assert await client.expect("presence") == told(first, second)
        refused = await one.request({"type": "replace", "seat": second, "agree": True}, "error")
        assert refused["code"] == "present" and second in refused["message"] and "away" in refused["message"]
        assert not server.games[game_id].agreed.get(second), "the vote is not counted"
        again = await Client.open(url, tokens[second])    # the seat opened elsewhere: still there, nothing told
        assert await following(again) == told(first, second)
        await two.expect("error")
        await one.send({"type": "games", "tokens": []})
        between = []
        while (message := await following(one))["type"] != "list":
            between.append(message["type"])
        assert "presence" not in between, "a seat taken over by another connection never seemed to go"
        await again.ws.close()
        for client in (one, watcher):
            assert await client.expect("presence") == told(first)
        await one.request({"type": "replace", "seat": second, "agree": True}, "update")
        assert await watcher.expect("presence") == {"type": "presence", "game": game_id,
                                                    "connected": {first: True}}, "a bot's seat is not named"
    run(in_server(tmp_path, rules, body))


def test_a_game_over_that_no_one_follows_leaves_the_memory_and_comes_back(rules: engine.Ruleset,
                                                                          tmp_path: Path) -> None:
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "easy"], 11)
        client = await Client.open(url, hosted["token"])
        await play_seat(client, random.Random(11))
        game = server.games[hosted["game"]]
        assert game.over
        watcher = await hello_client(url)
        await watcher.request({"type": "watch", "code": hosted["watch"]}, "update")
        await client.ws.close()
        await watcher.request({"type": "games", "tokens": []}, "list")
        assert hosted["game"] in server.games, "a spectator still follows it"
        await watcher.ws.close()
        await until(lambda: hosted["game"] not in server.games)
        assert hosted["game"] not in server.playing and hosted["game"] not in server.followers
        lister = await hello_client(url)
        listed = await lister.request({"type": "games", "tokens": [hosted["token"]]}, "list")
        assert [g["over"] for g in listed["games"]] == [True]
        assert hosted["game"] not in server.games, "a list does not keep it"
        back = await Client.open(url, hosted["token"])
        assert back.updates[0]["over"] and back.updates[0]["view"] == engine.observe(game.state, hosted["seat"],
                                                                                     log=False)
        assert engine.state_hash(server.games[hosted["game"]].state) == engine.state_hash(game.state)
        save = (await back.request({"type": "record"}, "record"))["save"]
        assert engine.state_hash(engine.replay(save["start"], save["actions"], rules)) == \
            engine.state_hash(game.state)
    run(in_server(tmp_path, rules, body))


def test_a_position_hosted_as_it_stands_is_kept_in_memory(rules: engine.Ruleset, tmp_path: Path) -> None:
    state = engine.new_game(rules, 2, 17, SHORT)
    engine.play(state, lambda s, who: engine.legal_actions(s)[0], max_actions=30)
    twin = engine.redeal(state, 0, 3)

    async def body(server: Server, url: str) -> None:
        tokens = server.add_game(twin, dict.fromkeys(twin.names, "human"), "G-twin")
        assert set(tokens) == set(twin.names)
        for seat, token in tokens.items():
            client = await Client.open(url, token)
            assert client.updates[0]["view"] == engine.observe(twin, seat, log=False)
        with pytest.raises(AssertionError):
            stored_game(tmp_path, "G-twin")
    run(in_server(tmp_path, rules, body))


@pytest.fixture
def own_pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[botpool.BotPool]:
    """A bot pool of the test's own: the process's shared pool thinks in the process at once (never "thinking")
    once another test here has lost its workers (botpool.MAX_DEATHS), and the test would wait for it forever."""
    pool = botpool.BotPool()
    monkeypatch.setattr(botpool, "_SHARED", pool)
    yield pool
    pool.shutdown()


async def until_the_hard_bot_thinks(server: Server, url: str, seats: list[str],
                                   seed: int) -> tuple[dict[str, Any], OnlineGame, Client]:
    """Host a game whose first seat is a human, who plays at random until the Hard bot searches."""
    hosted = await host(url, seats, seed)
    game = server.games[hosted["game"]]
    client = await Client.open(url, hosted["token"])
    rng = random.Random(seed)
    while game.thinking is None:                       # the human plays until the Hard bot searches
        assert not game.over, "the game ended and the Hard bot was never seen thinking in the worker"
        if game.to_act == hosted["seat"]:
            decision = await client.decision()
            assert decision is not None
            await client.act(rng.choice(decision["legal"]))
        else:
            await asyncio.sleep(0.001)
    return hosted, game, client


def test_a_hard_bot_thinks_in_the_worker_while_the_server_answers(rules: engine.Ruleset, tmp_path: Path,
                                                                   own_pool: botpool.BotPool,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's answer is held until the server has answered another request: however fast the search, the
    test sees the bot thinking, and the server answering meanwhile."""
    held = [True]
    collect = own_pool.collect
    monkeypatch.setattr(own_pool, "collect", lambda job, timeout: None if held[0] else collect(job, timeout))

    async def body(server: Server, url: str) -> None:
        other = await hello_client(url)
        hosted, game, _ = await until_the_hard_bot_thinks(server, url, ["human", "hard"], 4)
        await other.request({"type": "games", "tokens": [hosted["token"]]}, "list")
        assert game.thinking is not None, "the server answered while the bot was still thinking"
        held[0] = False
        while game.to_act != hosted["seat"]:
            await asyncio.sleep(0.01)
        assert engine.state_hash(game.state) == engine.state_hash(stored_state(tmp_path, game.id, rules)[0])
    run(in_server(tmp_path, rules, body))


# --- a server stopped or killed -----------------------------------------------------------------------------------

def test_a_killed_server_resumes_every_game_from_its_log(rules: engine.Ruleset, tmp_path: Path) -> None:
    async def body() -> None:
        with ServerProcess(tmp_path) as process:
            try:
                await resume(process)
            finally:
                cut_clients()

    async def resume(process: ServerProcess) -> None:
        hosted = await host(process.url, ["human", "hard", "easy"], 34)
        seat, token = hosted["seat"], hosted["token"]
        client = await Client.open(process.url, token)
        rng = random.Random(34)
        acks = []
        for _ in range(12):
            decision = await client.decision()
            assert decision is not None
            acks.append(await client.act(rng.choice(decision["legal"])))
        process.kill()                                     # the bots may be playing on: a random moment
        rows = stored_state(tmp_path, hosted["game"], rules)[1]
        assert rows >= max(a["n"] for a in acks), "every acknowledged action is kept"
        held = client.events()
        for step in (process.start, process.stop, process.start):
            step()
        back = await Client.open(process.url, token, since=len(held))
        assert back.updates[0]["first"] == len(held)
        decision = await back.decision()                   # the bots played on after the restart
        assert decision is not None
        state = stored_state(tmp_path, hosted["game"], rules)[0]
        assert back.updates[-1]["view"] == engine.observe(state, seat, log=False)
        assert [protocol.action_from_wire(a) for a in decision["legal"]] == engine.legal_actions(state)
        assert await play_seat(back, rng) > 0
        save = (await back.request({"type": "record"}, "record"))["save"]
        assert engine.state_hash(engine.replay(save["start"], save["actions"], rules)) == \
            engine.state_hash(stored_state(tmp_path, hosted["game"], rules)[0])
    run(body())


def test_a_stopped_server_exits_cleanly_and_its_games_hash_as_their_logs(rules: engine.Ruleset,
                                                                          tmp_path: Path) -> None:
    ids: list[str] = []

    async def first(_: Server, url: str) -> None:
        for seed in (3, 4):
            hosted = await host(url, ["human", "easy", "normal"], seed)
            client = await Client.open(url, hosted["token"])
            await play_seat(client, random.Random(seed), most=8)
            ids.append(hosted["game"])

    async def second(server: Server, url: str) -> None:
        for game_id in ids:
            assert engine.state_hash(server.games[game_id].state) == \
                engine.state_hash(stored_state(tmp_path, game_id, rules)[0])

    run(in_server(tmp_path, rules, first))
    run(in_server(tmp_path, rules, second))
    process = ServerProcess(tmp_path)
    process.start()
    assert process.process is not None
    running = process.process
    process.stop()
    assert running.returncode == 0, "SIGTERM stops the server cleanly"


async def until(done: Callable[[], bool]) -> None:
    """Wait (at most WAIT seconds) until `done()`."""
    async def poll() -> None:
        while not done():
            await asyncio.sleep(0.005)
    await asyncio.wait_for(poll(), WAIT)


def test_the_bots_play_on_by_themselves_after_a_restart(rules: engine.Ruleset, tmp_path: Path) -> None:
    """The server stops right after the human's third decision, while chance and the bots may still be playing on
    (how far they got depends on timing); started again on the same folder, with nobody connected, they play on
    from the stored log to the human's next decision, nothing stored is lost, and the game is the replay of its
    log. (The Hard bot's search, whose timing a test cannot hold, has its own test above.)"""
    stopped: dict[str, Any] = {}

    async def first(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "normal", "easy"], 6)
        game = server.games[hosted["game"]]
        client = await Client.open(url, hosted["token"])
        rng = random.Random(6)
        for _ in range(3):
            decision = await client.decision()
            assert decision is not None
            assert (await client.act(rng.choice(decision["legal"])))["type"] == "ack"
        stopped.update(hosted, rows=stored_game(tmp_path, game.id).actions, held=len(client.events()))

    async def second(server: Server, url: str) -> None:
        game = server.games[stopped["game"]]
        await until(lambda: game.to_act == stopped["seat"] or game.over)
        state, rows = stored_state(tmp_path, game.id, rules)
        assert rows >= len(stopped["rows"])
        assert stored_game(tmp_path, game.id).actions[:len(stopped["rows"])] == stopped["rows"], "nothing lost"
        assert engine.state_hash(game.state) == engine.state_hash(state)
        back = await Client.open(url, stopped["token"], since=stopped["held"])
        assert back.updates[0]["first"] == stopped["held"] and back.updates[0]["events"]
        decision = await back.decision()
        assert decision is not None
        assert [protocol.action_from_wire(a) for a in decision["legal"]] == engine.legal_actions(state)

    run(in_server(tmp_path, rules, first))
    run(in_server(tmp_path, rules, second))


# --- followers that read nothing, failures inside, limits ----------------------------------------------------

def test_a_spectator_that_reads_nothing_holds_up_no_one(rules: engine.Ruleset, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A follower whose link takes nothing more (a hostile spectator that never reads, or a player's dying
    connection: its writes wait) holds up neither the players of its game nor the bots: each follower is written
    to by a task of its own, and given all that changed at once when it reads again."""
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "human", "easy"], 14)
        tokens = await seats_of(url, hosted)
        stuck, loose = asyncio.Event(), asyncio.Event()
        send = server_module.Connection.send

        async def link(conn: server_module.Connection, message: Mapping[str, Any], text: str | None = None) -> None:
            if message.get("type") == "update" and conn.watching and stuck.is_set():
                await loose.wait()                         # the peer reads no more: the write waits
            await send(conn, message, text)
            if conn.watching:
                stuck.set()
        monkeypatch.setattr(server_module.Connection, "send", link)
        lazy = await hello_client(url)
        await lazy.request({"type": "watch", "code": hosted["watch"]}, "update")
        clients = {seat: await Client.open(url, token) for seat, token in tokens.items()}
        picks = {seat: random.Random(f"14 {seat}") for seat in clients}
        try:
            await asyncio.gather(*(play_seat(clients[seat], picks[seat]) for seat in clients))
        finally:
            loose.set()
        game = server.games[hosted["game"]]
        assert game.over
        while not lazy.updates[-1]["over"]:
            await lazy.expect("update")
        assert len(lazy.updates) <= server_module.BACKLOG + 3, "what changed meanwhile comes at once"
        assert lazy.events() == wire_events(game.state, None)
    run(in_server(tmp_path, rules, body))


def test_a_request_that_fails_inside_is_answered_internal(rules: engine.Ruleset, tmp_path: Path,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "easy"], 2)

        async def broken(*_: Any) -> None:
            raise RuntimeError(f"a bug holding {hosted['token']}")
        server.on_ask = broken                             # type: ignore[method-assign,assignment]
        client = await Client.open(url, hosted["token"])
        answer = await client.request({"type": "ask", "id": 1, "why": []}, "error")
        assert answer["code"] == "internal"
        assert (await client.request({"type": "games", "tokens": [hosted["token"]]}, "list"))["games"]
    run(in_server(tmp_path, rules, body))
    logged = [r for r in caplog.records if r.name == "paradise.server"]
    assert len(logged) == 1 and "RuntimeError" in logged[0].getMessage()
    assert logged[0].exc_info is None and "\n" not in logged[0].getMessage(), "one line, and no secrets"


def test_a_server_full_of_games_says_so(rules: engine.Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "GAMES", 2)

    async def body(_: Server, url: str) -> None:
        assert {(await host(url, ["human", "easy"], seed))["type"] for seed in (1, 2)} == {"hosted"}
        refused = await host(url, ["human", "easy"], 3)
        assert (refused["type"], refused["code"]) == ("error", "full")
    run(in_server(tmp_path, rules, body))


def test_an_idle_connection_is_closed(rules: engine.Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "IDLE", 0.2)

    async def body(_: Server, url: str) -> None:
        client = await hello_client(url)
        assert (await client.expect("error"))["code"] == "idle"
        with pytest.raises(ConnectionClosed):
            await client.expect("error")
    run(in_server(tmp_path, rules, body))


# --- races and undos met by a connection that was away ------------------------------------------------------------

def test_an_ack_comes_behind_the_updates_made_before_the_act(rules: engine.Ruleset, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A change made while a seat decides (a third seat given to a bot) is still on its way, on a slow link, when
    the seat acts: the ack comes after that update, never before it, or the client would take the older update's
    decision for the one after its act."""
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "human", "human"], 8)
        tokens = await seats_of(url, hosted)
        game = server.games[hosted["game"]]
        mover = await to_act(game, tokens)
        voter, gone = (seat for seat in tokens if seat != mover)
        clients = {seat: await Client.open(url, tokens[seat]) for seat in (mover, voter)}
        vote = {"type": "replace", "seat": gone, "agree": True}
        await clients[mover].request(vote, "voted")
        decision = await clients[mover].decision()
        assert decision is not None
        held = asyncio.Event()
        send = server_module.Connection.send

        async def slow(conn: server_module.Connection, message: Mapping[str, Any], text: str | None = None) -> None:
            if conn.seat == mover and message.get("type") == "update":
                await held.wait()
            await send(conn, message, text)
        monkeypatch.setattr(server_module.Connection, "send", slow)
        assert (await clients[voter].request(vote, "voted"))["given"] is True
        version = game.versions[mover]
        before = len(clients[mover].updates)
        await clients[mover].send({"type": "act", "seq": 1, "action": decision["legal"][0]})
        await until(lambda: game.versions[mover] > version)          # the act is taken, its answer on its way
        held.set()
        ack = await clients[mover].expect("ack")
        assert [u["version"] for u in clients[mover].updates[before:]] == [version], "the seat change came first"
        assert ack["version"] > version
    run(in_server(tmp_path, rules, body))


def test_a_change_made_while_an_open_is_answered_reaches_the_opening_connection(
        rules: engine.Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow link: the first update of an `open` is still being written when the other player ends its turn.
    The opening connection is told of that change too, or it would wait for a turn it already has."""
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "human"], 5)
        tokens = await seats_of(url, hosted)
        game = server.games[hosted["game"]]
        mover = await to_act(game, tokens)
        waiter = next(seat for seat in tokens if seat != mover)
        moving = await Client.open(url, tokens[mover])
        writing, written = asyncio.Event(), asyncio.Event()
        send = server_module.Connection.send

        async def slow(conn: server_module.Connection, message: Mapping[str, Any], text: str | None = None) -> None:
            await send(conn, message, text)
            if message.get("type") == "update" and message.get("seat") == waiter and not writing.is_set():
                writing.set()
                await written.wait()
        monkeypatch.setattr(server_module.Connection, "send", slow)
        opening = asyncio.create_task(Client.open(url, tokens[waiter]))
        await asyncio.wait_for(writing.wait(), WAIT)
        await take_turns(game, {mover: moving}, {mover: random.Random(5)}, 10_000)
        assert await to_act(game, tokens) == waiter
        written.set()
        waiting = await opening
        decision = await waiting.decision()
        assert decision is not None
        assert [protocol.action_from_wire(a) for a in decision["legal"]] == engine.legal_actions(game.state)
    run(in_server(tmp_path, rules, body))


def wire_events(state: engine.GameState, seat: str | None) -> list[Any]:
    """The seat's events as a client holds them after the wire (JSON)."""
    return list(json.loads(json.dumps([protocol.wire_event(e) for e in engine.events_since(state, seat, 0)[0]])))


def test_a_seat_away_while_a_move_it_saw_was_undone_gets_the_events_as_they_are_now(
        rules: engine.Ruleset, tmp_path: Path) -> None:
    """X42: a player takes back a move the other seat saw and makes another; the other seat, which closed its
    window holding the events taken back, opens its seat again from the number of events it holds and ends up
    with the events as they are now (the server sends them from where the undo cut them), not the old ones."""
    async def body(server: Server, url: str) -> None:
        hosted = await host(url, ["human", "human"], 5)
        tokens = await seats_of(url, hosted)
        game = server.games[hosted["game"]]
        clients = {seat: await Client.open(url, token) for seat, token in tokens.items()}
        picks = {seat: random.Random(f"5 {seat}") for seat in tokens}
        while True:                                      # until a decision the other seat saw can be undone
            mover = await to_act(game, tokens)
            away = next(s for s in tokens if s != mover)
            seen = engine.events_since(game.state, away, 0)[1]
            await take_turns(game, clients, picks, 1)
            if game.to_act == mover and game.undo.steps(game.state) and \
                    engine.events_since(game.state, away, 0)[1] > seen:
                break
        while clients[away].updates[-1]["log_size"] < engine.events_since(game.state, away, 0)[1]:
            await clients[away].expect("update")
        held = clients[away].events()
        assert held == wire_events(game.state, away)
        await clients[away].ws.close()
        mover_client = clients[mover]
        undone = await mover_client.request({"type": "undo", "seq": mover_client.seq + 1}, "ack")
        mover_client.seq, mover_client.acted_at = undone["seq"], len(mover_client.updates)
        cut = engine.events_since(game.state, away, 0)[1]
        assert cut < len(held)
        for action in engine.legal_actions(game.state):   # another decision, which the away seat sees otherwise
            probe = game.state.clone()
            engine.apply(probe, action)
            if wire_events(probe, away)[cut:] != held[cut:]:
                assert (await mover_client.act(protocol.action_to_wire(action)))["type"] == "ack"
                break
        now = wire_events(game.state, away)
        assert now[:len(held)] != held
        back = await Client.open(url, tokens[away], since=len(held))
        first = back.updates[0]["first"]
        assert first == cut, "sent again from where the undo cut the seat's events"
        assert held[:first] + back.updates[0]["events"] == now
        again = await Client.open(url, tokens[away], since=len(now))
        assert again.updates[0]["first"] == len(now) and again.updates[0]["events"] == [], \
            "a client that holds the events as they are now is sent none"
    run(in_server(tmp_path, rules, body))
