"""Ruling X9 over real sockets (issue 39): what the server sends a seat is made from that seat's view alone.

The leak test plays whole games on a server listening on the loopback interface, every seat a remote player
(game/online/player.py), and replays each game's stored action log afterwards: every update a seat received is
exactly `protocol.seat_update` of the replayed position at that version for that seat, the events arrive each
once and in order, nothing carries a seed, a random stream, a pile's order or another seat's hand, and the
spectator gets only the public view.

The twin test hosts two positions that differ only in what one seat cannot know (engine.redeal) on two servers
under the same game id, opens that seat on both, and plays the same actions in both: the seat receives the same
bytes, until an event that shows a secret by design (a draw, a battle's stacks: the list undo stops at, X42).
"""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection

import engine
from engine.ai import RandomBot, ask
from engine.undo import REVEALS as UNDO_REVEALS
from game.online import protocol
from game.online.player import Player, hello, host, make_bot, seat_tokens
from game.online.server import Server
from game.online.store import Store

# Events that show a seat something hidden by design, where twins may part (tests/engine/test_hidden_information).
REVEALS = UNDO_REVEALS | {"card_drawn", "tile_drawn", "event_drawn", "pieces_sunk", "game_over"}
FORBIDDEN_KEYS = frozenset({"seed", "streams", "stream", "rng", "start", "history"})
COUNTS = frozenset({"deck", "event_deck", "tile_stack", "cup", "penalty_pool", "stack"})   # numbers, never piles
SEED = 604_217_893                       # long enough that its digits in a message would be the seed itself


def every_option(rules: engine.Ruleset, target: int) -> dict[str, Any]:
    """Every advanced option on (A1-A7), the variable game end (A6) at `target` VP."""
    return engine.check_options(rules, {key: target if spec["kind"] == "vp_target" else True
                                        for key, spec in rules.options.items()})


def stored(data_dir: Path, game: str) -> tuple[Any, list[list[Any]]]:
    """A game's engine start and its action log, [text, drawn] rows, as the server's store keeps them."""
    store = Store(data_dir)
    try:
        return store.start(game), store.actions(game)
    finally:
        store.close()


def positions(rules: engine.Ruleset, start: Any, rows: list[list[Any]]) -> Iterator[tuple[int, engine.GameState]]:
    """The stored game at each version: its start, then after each stored action."""
    state = engine.replay(start, [], rules)
    yield 0, state
    for number, row in enumerate(rows, 1):
        engine.apply_recorded(state, row, number)
        yield number, state


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (key path, value) pair inside a message."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", item
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, f"{path}[{i}]")


def check_secrets(raw: str, state: engine.GameState, seat: str | None) -> None:
    """No seed, no random stream, no pile in order and no other seat's hand in one message (X9)."""
    assert str(state.seed) not in raw and str(SEED) not in raw
    for stream in state.streams:
        assert str(stream) not in raw
    hands = {name: sorted(engine.observe(state, name, log=False)["hand"]) for name in state.names if name != seat}
    for path, value in walk(json.loads(raw)):
        key = path.rsplit(".", 1)[-1].split("[")[0]
        assert key not in FORBIDDEN_KEYS, path
        if key in COUNTS:
            assert isinstance(value, int), f"{path} is a pile, not its height"
        if key == "hand":
            assert path in (".view.hand", ".public.hand"), path
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            for name, hand in hands.items():
                assert len(hand) < 2 or sorted(value) != hand, f"{name}'s hand at {path}"


@dataclass
class Online:
    """A game played online: its id, the seats' kinds, and what each seat and the spectator received."""
    game: str
    kinds: dict[str, str]
    players: dict[str, Player]
    watcher: Player
    data_dir: Path
    hosted: dict[str, Any] = field(default_factory=dict)


async def play_online(data_dir: Path, rules: engine.Ruleset, players: int, options: Mapping[str, Any],
                      level: str, until_turn: int | None) -> Online:
    """Host a game of human seats on a fresh server, play every seat with a remote player and watch it as a
    spectator, until it ends (or the turn limit), then stop the server."""
    server = Server(data_dir, rules=rules)
    url = await server.start("127.0.0.1", 0)
    try:
        hosted = await host(url, ["human"] * players, options, SEED)
        tokens = await seat_tokens(url, hosted)
        seated = {seat: Player(url, token=token, bot=make_bot(level, seat, SEED, rules), until_turn=until_turn)
                  for seat, token in tokens.items()}
        watcher = Player(url, watch=hosted["watch"], until_turn=until_turn)
        await asyncio.gather(*(p.run() for p in [*seated.values(), watcher]))
    finally:
        await server.stop()
    return Online(hosted["game"], dict.fromkeys(tokens, "human"), seated, watcher, data_dir, hosted)


def check_game(rules: engine.Ruleset, online: Online) -> int:
    """Every update of every seat and of the spectator is protocol.seat_update of one position of the stored game
    for that seat, the positions in the order the game passed them (derivable from the seat's view alone, and
    nothing more); the number checked."""
    start, rows = stored(online.data_dir, online.game)
    pending = {seat: [json.loads(raw) for raw in player.messages if json.loads(raw)["type"] == "update"]
               for seat, player in [*online.players.items(), (None, online.watcher)]}
    raws = {seat: [raw for raw in player.messages if json.loads(raw)["type"] == "update"]
            for seat, player in [*online.players.items(), (None, online.watcher)]}
    checked = 0
    for _, state in positions(rules, start, rows):
        for seat, updates in pending.items():
            while updates:
                update = updates[0]
                decision = update["decision"]
                expected = protocol.seat_update(state, online.game, seat, update["first"], update["version"],
                                                online.kinds, decision["undoable"] if decision else 0)
                if update != json.loads(protocol.encode(expected)):
                    break
                check_secrets(raws[seat][checked_of(pending, raws, seat)], state, seat)
                updates.pop(0)
                checked += 1
    left = {seat: len(updates) for seat, updates in pending.items() if updates}
    assert not left, f"updates that are no seat's view of any position of the stored game, in order: {left}"
    final = engine.replay(start, rows, rules)
    for seat, player in [*online.players.items(), (None, online.watcher)]:
        events: list[Any] = []
        versions = [update["version"] for update in player.updates]
        assert versions == sorted(set(versions)), f"{seat}: each update is a new version of what the seat sees"
        for update in player.updates:
            assert update["first"] == len(events), f"{seat}: events from {update['first']}, held {len(events)}"
            events += update["events"]
        assert events == json.loads(json.dumps([protocol.wire_event(e) for e in
                                                engine.events_since(final, seat, 0)[0][:len(events)]]))
    for update in online.watcher.updates:
        assert update["seat"] is None and update["decision"] is None and update["view"] == update["public"]
    return checked


def checked_of(pending: Mapping[str | None, list[Any]], raws: Mapping[str | None, list[str]], seat: str | None) -> int:
    """The index of the seat's next unchecked update among its raw messages."""
    return len(raws[seat]) - len(pending[seat])


# 2, 3 and 4 seats; every option on (whole games: the variable end makes them short) and none (a few turns).
GAMES = [(2, "all", "normal", None), (3, "all", "easy", None), (4, "all", "normal", None),
         (2, "none", "easy", 3), (3, "none", "normal", 3), (4, "none", "normal", 3)]


@pytest.mark.parametrize(("players", "options", "level", "until_turn"), GAMES)
def test_X9_every_update_is_the_seats_view_of_the_stored_game(rules: engine.Ruleset, tmp_path: Path, players: int,
                                                              options: str, level: str,
                                                              until_turn: int | None) -> None:
    chosen = every_option(rules, 6) if options == "all" else {}
    online = asyncio.run(play_online(tmp_path, rules, players, chosen, level, until_turn))
    if until_turn is None:
        assert all(p.last["over"] for p in online.players.values()), "the game was played to its end"
    assert all(p.decisions > 5 for p in online.players.values()), "every seat decided"
    assert check_game(rules, online) > 100


# --- the twin test ------------------------------------------------------------------------------------------------

def twin_positions(rules: engine.Ruleset, players: int, seed: int,
                   options: Mapping[str, Any]) -> tuple[engine.GameState, engine.GameState, str]:
    """A random game's position and its twin for one viewer: the same for the viewer (engine.redeal: the other
    seats' cards, undiscovered tiles and face-down kinds dealt again), and different for another seat. The twin
    keeps the random streams, so the public draws to come (dice, turn order) are the same in both and the twins
    can be followed far; the piles and hands they draw from differ."""
    for attempt in range(200):
        state = engine.new_game(rules, players, seed + attempt, options)
        engine.play(state, ask({n: RandomBot(n, seed) for n in state.names}), max_actions=40 + attempt * 7 % 200)
        if engine.is_over(state):
            continue
        viewer = random.Random(seed + attempt).randrange(players)
        twin = engine.redeal(state, viewer, seed)
        twin.streams = list(state.streams)
        twin.memo = None
        others_differ = any(engine.observe(state, n, log=False) != engine.observe(twin, n, log=False)
                            for n in state.names if n != state.names[viewer])
        if engine.state_hash(state) != engine.state_hash(twin) and others_differ:
            return state, twin, state.names[viewer]
    raise AssertionError("no position with a secret to re-deal")


class Table:
    """Every seat of one hosted game open on its own connection, and every message each seat receives."""

    def __init__(self, url: str, tokens: Mapping[str, str]):
        self.url, self.tokens = url, dict(tokens)
        self.received: dict[str, list[str]] = {seat: [] for seat in tokens}
        self.sockets: dict[str, ClientConnection] = {}
        self.readers: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        for seat, token in self.tokens.items():
            ws = self.sockets[seat] = await hello(self.url)
            await ws.send(protocol.encode({"type": "open", "token": token, "since": 0}))
            self.readers.append(asyncio.create_task(self._read(seat, ws)))

    async def _read(self, seat: str, ws: ClientConnection) -> None:
        async for raw in ws:
            assert isinstance(raw, str)
            self.received[seat].append(raw)

    async def close(self) -> None:
        for ws in self.sockets.values():
            await ws.close()
        await asyncio.gather(*self.readers, return_exceptions=True)

    def latest(self, seat: str) -> dict[str, Any] | None:
        updates = [json.loads(raw) for raw in self.received[seat] if raw.startswith('{"') and '"update"' in raw]
        return updates[-1] if updates else None

    async def settled(self) -> tuple[str, dict[str, Any]] | None:
        """Wait until the game waits for a seat (each seat's newest update in, and no message for a few polls):
        that seat and its update; None when the game is over."""
        quiet, before = 0, None
        for _ in range(2000):
            latest = {seat: self.latest(seat) for seat in self.tokens}
            counts = tuple(len(self.received[seat]) for seat in self.tokens)
            quiet, before = (quiet + 1 if counts == before else 0), counts
            if quiet >= 4 and all(u is not None for u in latest.values()):
                for seat, u in latest.items():
                    if u is not None and u["over"]:
                        return None
                    if u is not None and u["decision"] is not None:
                        return seat, u
            await asyncio.sleep(0.005)
        raise AssertionError("the game did not settle on a decision")

    async def act(self, seat: str, seq: int, action: list[Any]) -> None:
        await self.sockets[seat].send(protocol.encode({"type": "act", "seq": seq, "action": action}))
        for _ in range(2000):
            answers = [json.loads(raw) for raw in self.received[seat] if '"seq"' in raw]
            if any(a.get("seq") == seq and a["type"] in ("ack", "refused") for a in answers):
                assert answers[-1]["type"] == "ack", answers[-1]
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"no answer to {action}")


def revealed(a: str, b: str) -> bool:
    """Whether two updates that differ do so in events that show a secret by design."""
    ea, eb = json.loads(a)["events"], json.loads(b)["events"]
    return ea != eb and any(e["kind"] in REVEALS for e in ea + eb)


async def follow_twins(data_dir: Path, rules: engine.Ruleset, state: engine.GameState, twin: engine.GameState,
                       viewer: str, seed: int, steps: int) -> tuple[int, int]:
    """Host the twins on two servers under one game id, open every seat on both, and play the same actions
    (among those legal in both) with the same acts: the viewer's messages are the same bytes until a secret is
    shown by design. Returns how many actions were followed and how many of the viewer's messages compared."""
    servers = [Server(data_dir / name, rules=rules) for name in ("one", "two")]
    tables: list[Table] = []
    kinds = dict.fromkeys(state.names, "human")
    try:
        for server, position in zip(servers, (state, twin), strict=True):
            url = await server.start("127.0.0.1", 0)
            tables.append(Table(url, server.add_game(position, kinds, game_id="G-twin")))
        for table in tables:
            await table.open()
        rnd = random.Random(seed)
        compared = done = 0
        others = [n for n in state.names if n != viewer]
        first = [(await t.settled(), t) for t in tables]
        assert first[0][0] is not None and first[1][0] is not None
        assert any(tables[0].received[n][0] != tables[1].received[n][0] for n in others), \
            "a seat that knows the secret sees the twins differ (the test is not vacuous)"
        for done in range(steps):
            one, two = await tables[0].settled(), await tables[1].settled()     # the updates come after the ack
            a, b = tables[0].received[viewer], tables[1].received[viewer]
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                if x != y:
                    assert revealed(x, y), f"{viewer}'s message {i} differs: {x[:300]} / {y[:300]}"
                    return done, compared + i
            compared = len(a)
            if one is None or two is None:
                assert one is None and two is None
                return done, compared
            assert one[0] == two[0]
            in_two = {json.dumps(x) for x in two[1]["decision"]["legal"]}
            common = [x for x in one[1]["decision"]["legal"] if json.dumps(x) in in_two]
            assert common, f"{one[0]} has no action legal in both twins: its choices tell its secrets"
            action = common[rnd.randrange(len(common))]
            for table in tables:
                await table.act(one[0], done + 1, action)
        return steps, compared
    finally:
        for table in tables:
            await table.close()
        for server in servers:
            await server.stop()


@pytest.mark.parametrize(("players", "options"), [(2, "all"), (3, "all"), (4, "all"), (2, "none"), (4, "none")])
def test_X9_twins_send_the_seat_the_same_bytes(rules: engine.Ruleset, tmp_path: Path, players: int,
                                               options: str) -> None:
    chosen = every_option(rules, 30) if options == "all" else {}
    seed = 39 * players + len(options) + 1000         # twins that play a while before a secret is shown by design
    state, twin, viewer = twin_positions(rules, players, seed, chosen)
    done, compared = asyncio.run(follow_twins(tmp_path, rules, state, twin, viewer, seed, steps=60))
    assert done >= 5 and compared >= 5
