"""The table online (issue 39): the real client, headless, plays a seat of a game held by a real server on the
loopback interface (tests/online/harness.py), through `RemoteMatch` (game/online/remote.py), the table's host
for one seat. Decisions go through the real input layer and reach the server; refusals and undo come back from
it; a server killed and started again is survived; a spectator's table shows the public view only (X9); the vote
to give a seat to a bot follows the server's `presence` (a stand-in server for the pause menu's side, the real
one for the contract); the UI monkey plays a whole game online through `main.py --server URL --join CODE`."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pytest
from websockets.sync.server import ServerConnection, serve

import engine
from game import words
from game.app import App
from game.monkey import Hands, issue
from game.online import lobby, protocol
from game.online.player import Player, make_bot
from game.online.remote import RemoteMatch
from game.scenes.message import MessageScene
from game.scenes.pause import PauseScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from tests.game.conftest import button, click, key
from tests.online.harness import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 20.0           # seconds a step may wait for the server before the test fails


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real server on a port of its own, kept when it is started again (a client reconnects to its address)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with ServerProcess(tmp_path / "server", "--port", str(port)) as running:
        yield running


def waits(done: Callable[[], bool], what: str, step: Callable[[], object] = lambda: None) -> None:
    """`step` (a real moment apart: the server answers in real time) until `done`, or fail naming `what`."""
    deadline = time.monotonic() + PATIENCE
    while not done():
        assert time.monotonic() < deadline, f"never happened: {what}"
        step()
        time.sleep(0.002)


def until(app: App, done: Callable[[], bool], what: str) -> None:
    """Frames until `done`, or fail naming `what`."""
    waits(done, what, app.frame)


def at_table(app: App, match: RemoteMatch) -> TableScene:
    app.reset(app.make("table", match))
    table = app.top
    assert isinstance(table, TableScene)
    return table


def deciding(app: App, table: TableScene) -> None:
    until(app, lambda: bool(table.legal) and not table.anim.busy and not table.pending,
          "the seat's decision at the table")


def test_a_seat_plays_through_the_table(app: App, server: ServerProcess) -> None:
    """The table shows the seat's own view; a decision made by a click reaches the server (a new connection of
    the seat finds it there); the bar's Undo takes it back on the server (X42); a refusal is said with its rule."""
    hosted = lobby.host(server.url, ["human", "normal"], {}, seed=11)
    match = RemoteMatch.open(server.url, hosted["token"], app.rules, speed="instant")
    table = at_table(app, match)
    deciding(app, table)
    seat = hosted["seat"]
    assert table.viewer.shown == seat and match.humans == [seat]
    assert table.shown == match.view(seat) and match.view(seat) == match._now["view"]
    hands = Hands(app, "mouse")
    while not (undoable := [a for a in table.legal if match.barrier(a) is None]):
        issue(hands, table, table.legal[0])                 # until a decision that can be taken back (X42)
        deciding(app, table)
    action, made_before = undoable[0], list(match.decisions)
    events_before, version = match.events(seat, 0)[1], match.version
    issue(hands, table, action)
    assert match.decisions == [*made_before, action] and match.version > version
    until(app, lambda: not table.anim.busy and not table.pending, "the decision's animations")
    made = len(table.log.lines)

    again = RemoteMatch.open(server.url, hosted["token"], app.rules)      # the server has it: a new window sees it
    try:
        assert again.version == match.version and again.events(seat, 0)[0] == match.events(seat, 0)[0]
        assert again.undoable() == 1
    finally:
        again.close()
    match.close()
    match = RemoteMatch.open(server.url, hosted["token"], app.rules, speed="instant")
    table = at_table(app, match)
    deciding(app, table)
    assert table.bar.actions[0] is None, "the bar offers Undo first"
    assert len(table.log.lines) == made
    click(app, table.bar.buttons[0].rect.center)
    until(app, lambda: match.events(seat, 0)[1] == events_before and not table.anim.busy, "the undo")
    assert match.undoable() == 0 and match.rewinds >= 1 and match.decisions == []
    assert len(table.log.lines) == events_before

    refused = engine.Action("go", ("0101",))
    table.act(refused)
    said = table.menus.toasts[-1][0]
    reason = match.why(refused)
    assert reason is not None and said == words.reason_text(reason, app.rules)


def test_the_table_survives_a_server_restart(app: App, server: ServerProcess) -> None:
    """A server killed mid-game and started again: the table says it is reconnecting, opens the seat again from
    the events it holds, and plays on; its events are the server's, none twice."""
    hosted = lobby.host(server.url, ["human", "normal"], {}, seed=12)
    match = RemoteMatch.open(server.url, hosted["token"], app.rules, speed="instant")
    table = at_table(app, match)
    hands = Hands(app, "keys")
    for _ in range(2):
        deciding(app, table)
        issue(hands, table, table.legal[0])
    server.kill()
    until(app, lambda: match.status == "reconnecting", "the link noticing the server gone")
    table.draw_status(app.screen)                       # drawn in words while it reconnects
    server.restart()
    until(app, lambda: match.status == "connected", "the reconnection")
    deciding(app, table)
    issue(hands, table, table.legal[0])
    assert len(match.decisions) == 3
    held = match.events(match.seat, 0)[0]
    match.close()
    fresh = RemoteMatch.open(server.url, hosted["token"], app.rules)
    try:
        assert fresh.events(fresh.seat, 0)[0][:len(held)] == held      # the bot may have played on since
    finally:
        fresh.close()


def mirror_step(state: engine.GameState) -> None:
    """Chance's turns in the local twin of a game of two humans: drawn from the game's own streams, as the
    server draws them."""
    while not engine.is_over(state) and engine.current_player(state) == engine.CHANCE:
        engine.step(state, lambda _s, _w: None)


def decides(match: RemoteMatch, seat: str) -> bool:
    """The seat's decision has reached this window (updates taken as they come, without a table)."""
    match.tick(0)
    return match.human_to_act() == seat


def test_a_spectator_sees_the_public_view_only(app: App, server: ServerProcess) -> None:
    """Two humans play a few decisions; a spectator's table shows what engine.observe gives no player, in a twin
    of the game played locally with the same choices, and offers no decision."""
    hosted = lobby.host(server.url, ["human", "human"], {}, seed=13)
    code = next(iter(hosted["invites"].values()))
    joined = lobby.join(server.url, code)
    seats = {hosted["seat"]: RemoteMatch.open(server.url, hosted["token"], app.rules, speed="instant"),
             joined["seat"]: RemoteMatch.open(server.url, joined["token"], app.rules, speed="instant")}
    twin = engine.new_game(app.rules, 2, 13)
    mirror_step(twin)
    try:
        for _ in range(6):
            who = str(engine.current_player(twin))
            player = seats[who]
            until(app, partial(decides, player, who), f"{who}'s decision")
            action = player.legal()[0]
            player.act(action)
            engine.apply(twin, action)
            mirror_step(twin)
        watcher = RemoteMatch.watch(server.url, hosted["watch"], app.rules)
        table = at_table(app, watcher)
        until(app, lambda: watcher.version >= max(m.version for m in seats.values()) and not table.pending
              and not table.anim.busy, "the spectator's table caught up")
        public = engine.observe(twin, None, log=False)
        assert table.viewer.shown is None and watcher.humans == [] and not table.legal
        assert table.shown == public and watcher.view(None) == public
        assert watcher.events(None, 0)[0] == [protocol.wire_event(e) for e in engine.events_since(twin, None)[0]]
        assert "seed" not in watcher.events(None, 0)[0][0], "the seed never leaves the server (X9)"
        with pytest.raises(ValueError):
            watcher.view(hosted["seat"])
    finally:
        for match in seats.values():
            match.close()


class PresenceServer:
    """A stand-in for the server (the client's side of presence alone, PROTOCOL.md): it holds one game of two
    human seats, answers `open` with the seat's update, says who is connected when the test tells it to, and
    refuses a `replace` of a seat it holds connected with the error `present`, as the server does. A connection
    sent `presence` before its first update (`early`) shows that the client does not depend on the order."""

    def __init__(self, rules: engine.Ruleset):
        state = engine.new_game(rules, 2, 14)
        mirror_step(state)
        self.names = [p["name"] for p in engine.observe(state, None, log=False)["players"]]
        self.update = protocol.seat_update(state, "G-PRESENCE", self.names[0], 0, 1, dict.fromkeys(self.names, "human"))
        self.connected = dict.fromkeys(self.names, True)      # who the server holds connected
        self.votes: list[str] = []
        self.early = False                                      # say who is connected before the seat's update
        self.peers: list[ServerConnection] = []
        self.listener = serve(self.handle, "127.0.0.1", 0)
        self.url = f"ws://127.0.0.1:{self.listener.socket.getsockname()[1]}"
        threading.Thread(target=self.listener.serve_forever, daemon=True).start()

    def handle(self, ws: ServerConnection) -> None:
        for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "hello":
                ws.send(protocol.encode({"type": "welcome", "version": protocol.VERSION, "server": "presence"}))
            elif kind == "open":
                self.peers.append(ws)
                if self.early:
                    self.presence()
                ws.send(protocol.encode(self.update))
            elif kind == "replace":
                self.votes.append(message["seat"])
                if self.connected[message["seat"]]:
                    ws.send(protocol.encode({"type": "error", "code": "present",
                                             "message": f"{message['seat']} is connected"}))
                else:
                    ws.send(protocol.encode({"type": "voted", "seat": message["seat"], "agree": True,
                                             "given": False}))

    def presence(self) -> None:
        """Say who is connected now to every follower."""
        for ws in self.peers:
            ws.send(protocol.encode({"type": "presence", "game": "G-PRESENCE", "connected": self.connected}))

    def close(self) -> None:
        self.listener.shutdown()


@pytest.fixture
def presence(app: App) -> Iterator[PresenceServer]:
    running = PresenceServer(app.rules)
    try:
        yield running
    finally:
        running.close()


def paused(app: App) -> PauseScene:
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    return pause


def test_presence_said_before_the_seats_update_is_taken(app: App, presence: PresenceServer) -> None:
    """The server may say who is connected before the seat's first update: the seat still opens, and knows."""
    other = presence.names[1]
    presence.connected[other], presence.early = False, True
    match = RemoteMatch.open(presence.url, "token", app.rules)
    try:
        assert match.seat == presence.names[0] and match.absent() == [other]
    finally:
        match.close()


def test_pause_online_offers_the_vote_only_for_a_seat_the_server_says_is_gone(
        app: App, presence: PresenceServer) -> None:
    """Online the pause menu has no Save (the server keeps the game). It offers to give the other human's seat to
    a bot only once the server's `presence` says no one has it open; a vote the server refuses (`present`: the
    player is back) is said in its words and the seat is no longer offered; Leave returns to the title with the
    connection closed."""
    other = presence.names[1]
    app.push(TitleScene(app))
    match = RemoteMatch.open(presence.url, "token", app.rules)
    table = at_table(app, match)
    vote_label = words.text("pause.replace", player=other)
    pause = paused(app)
    labels = [w.label for w in pause.form.widgets]
    assert words.text("saves.from_pause") not in labels and words.text("pause.leave") not in labels
    assert vote_label not in labels, "nothing is offered before the server says who is connected"
    key(app, pygame.K_ESCAPE)

    presence.presence()                                  # both connected: nothing to offer
    until(app, lambda: match._presence is not None, "the first presence")
    assert match.absent() == []
    presence.connected[other] = False
    presence.presence()
    until(app, lambda: match.absent() == [other], "the other seat said gone")

    presence.connected[other] = True                     # back before this window heard of it
    pause = paused(app)
    click(app, button(pause, vote_label).rect.center)
    said = app.top
    assert isinstance(said, MessageScene) and said.message == words.text("online.error.present", player=other)
    assert presence.votes == [other]
    key(app, pygame.K_ESCAPE)
    assert app.top is pause and vote_label not in [w.label for w in pause.form.widgets]
    key(app, pygame.K_ESCAPE)

    presence.connected[other] = False                    # gone for good: the vote is taken
    presence.presence()
    until(app, lambda: match.absent() == [other], "the other seat said gone again")
    pause = paused(app)
    vote = button(pause, vote_label)
    click(app, vote.rect.center)
    assert vote.label == words.text("pause.replace.agreed", player=other) and not vote.enabled
    assert presence.votes == [other, other] and match.absent() == []
    click(app, button(pause, words.text("pause.leave_online")).rect.center)
    assert isinstance(app.top, TitleScene) and table not in app.stack
    assert match.closed and match.status == "closed"


def test_the_real_server_says_who_is_connected_and_takes_the_vote(server: ServerProcess) -> None:
    """Against the real server: a friend who never came is offered to a bot, one at the table is not (the vote is
    refused `present`, said in the game's words), and once they leave every other human's vote gives the seat to a
    Normal bot, which the seats then say."""
    rules = engine.load_ruleset()
    hosted = lobby.host(server.url, ["human", "human"], {}, seed=16)
    other, code = next(iter(hosted["invites"].items()))
    host = RemoteMatch.open(server.url, hosted["token"], rules)
    friend: RemoteMatch | None = None
    try:
        waits(lambda: host.absent() == [other], "the friend who never came offered")
        friend = RemoteMatch.open(server.url, lobby.join(server.url, code)["token"], rules)
        waits(lambda: host.absent() == [], "the friend at the table not offered")
        with pytest.raises(lobby.LobbyError, match=words.text("online.error.present", player=other)):
            host.replace(other)
        friend.close()
        waits(lambda: host.absent() == [other], "the friend who left offered")
        host.replace(other)
        waits(lambda: host.seats[other] == "normal", "the seat given to a bot", partial(host.tick, 0))
        assert host.absent() == []
    finally:
        for match in (host, friend):
            if match is not None:
                match.close()


def test_the_monkey_plays_a_whole_game_online(tmp_path: Path, server: ServerProcess) -> None:
    """`main.py --server URL --join CODE --ui-monkey 1`: the UI monkey joins a seat by its code and plays it by
    keys against the host's seat, played by a Normal bot from its updates alone (game/online/player.py), until the
    game ends; every decision it made is in the server's record, and its seat's token is kept."""
    hosted = lobby.host(server.url, ["human", "human"], {"variable_game_end": 6}, seed=15)       # a short game
    seat, code = next(iter(hosted["invites"].items()))
    host = Player(server.url, token=hosted["token"], bot=make_bot("normal", hosted["seat"], 15, engine.load_ruleset()))
    playing = threading.Thread(target=asyncio.run, args=(host.run(),), daemon=True)
    playing.start()
    env: dict[str, Any] = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "main.py", "--server", server.url, "--join", code, "--ui-monkey", "1",
                           "--device", "keys", "--data-dir", str(tmp_path / "client")],
                          check=False, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    playing.join(timeout=10)
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("monkey online"))
    assert f"seat {seat}" in line and "0 unreachable, finished" in line and "FAILED" not in line
    assert host.finished
    kept = lobby.Store.load(tmp_path / "client")
    assert [(g.seat, g.server) for g in kept.games] == [(seat, server.url)]
