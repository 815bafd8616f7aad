"""Play online's pages (issue 39), the real client headless against a real server on the loopback interface
(tests/online/harness.py's ServerProcess: `python -m game.online.server` on a free port): the title opens the
page; a game hosted by clicks, and by a pad alone, is made on the server with the seats and rules chosen and its
codes shown; a code typed in lower case with its dash joins and its token is kept; a wrong code and a server
that does not answer are said in plain words; the list says whose turn it is without moving the focus;
online.yaml is read back as written, and a damaged one is refused and kept aside, never lost."""
from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pytest
from websockets.sync.client import connect

from game import flow, virtualpad
from game.app import App, Scene
from game.online import lobby, protocol
from game.scenes import online, online_host
from game.scenes.message import MessageScene
from game.scenes.online import OnlineScene
from game.scenes.online_host import HostScene
from game.scenes.title import TitleScene
from game.ui.widgets import Choice, Toggle
from tests.online.harness import ServerProcess

from .conftest import button, click, key, post

assert online and online_host                      # registered with the app by their import


Opened = list[dict[str, Any]]
S = TypeVar("S", bound=Scene)


def top(app: App, kind: type[S]) -> S:
    """The scene on top, of the kind expected."""
    scene = app.top
    assert isinstance(scene, kind), f"{kind.__name__} expected on top, not {type(scene).__name__}"
    return scene


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server on 127.0.0.1, a port of the system's choosing; stopped after the module's tests."""
    with ServerProcess(tmp_path_factory.mktemp("server")) as running:
        yield running.url


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What flow.open_remote was asked to open (the table's side is the remote host's, tested with it)."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(flow, "open_remote", lambda app, url, token=None, watch=None:
                        calls.append({"url": url, "token": token, "watch": watch}))
    return calls


def page(app: App, url: str) -> OnlineScene:
    """The title, then Play online opened by its button, the server's address typed into its field."""
    app.push(TitleScene(app))
    app.frame()
    click(app, button(app.top, "Play online").rect.center)
    scene = app.top
    assert isinstance(scene, OnlineScene)
    scene.server.set(url)
    return scene


def settle(app: App, scene: OnlineScene | HostScene) -> None:
    """Frames until the scene's calls to the server have ended (they run on threads: the frames go on)."""
    deadline = time.monotonic() + 20
    while scene.call is not None or getattr(scene, "listing", None) is not None:
        assert time.monotonic() < deadline, "the server never answered"
        app.frame()
        time.sleep(0.002)
    app.frame()


def type_text(app: App, text: str) -> None:
    """Keys pressed one by one, through the real input layer (the dash is the minus key)."""
    for char in text:
        k = pygame.K_MINUS if char == "-" else ord(char.lower())
        post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char),
             pygame.event.Event(pygame.KEYUP, key=k, mod=0))
    app.frame()


def seat_view(url: str, token: str) -> dict[str, Any]:
    """The seat's first update, as its table would get it."""
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "version": protocol.VERSION}))
        assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        ws.send(json.dumps({"type": "open", "token": token, "since": 0}))
        update: dict[str, Any] = json.loads(ws.recv(timeout=5))
    assert update["type"] == "update", update
    return update


def closed_port() -> str:
    """The address of a port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"ws://127.0.0.1:{port}"


def test_the_title_opens_play_online_and_back_returns(app: App) -> None:
    app.push(TitleScene(app))
    app.frame()
    labels = [w.label for w in top(app, TitleScene).form.widgets]
    assert labels.index("Play online") == labels.index("Learn to play") + 1
    click(app, button(app.top, "Play online").rect.center)
    scene = app.top
    assert isinstance(scene, OnlineScene) and scene.server.value == lobby.DEFAULT_SERVER
    assert scene.form.focused is scene.host_button, "no game yet: Host has the focus, not a field taking letters"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_a_game_hosted_by_clicks_has_the_seats_and_rules_chosen_and_shows_its_codes(
        app: App, server: str, opened: Opened) -> None:
    scene = page(app, server)
    click(app, scene.host_button.rect.center)
    host = app.top
    assert isinstance(host, HostScene)
    players = host.form.widgets[0]
    click(app, (players.rect.right - 8, players.rect.y + 8))                   # 2 -> 3 players
    seat3 = next(w for w in host.form.widgets if w.label == "Seat 3")
    assert isinstance(seat3, Choice)
    click(app, (seat3.rect.right - 8, seat3.rect.y + 8))                       # Computer: Normal -> Hard
    malaria = next(w for w in host.form.widgets if w.label == "Malaria")
    assert isinstance(malaria, Toggle)
    click(app, malaria.rect.center)
    assert host.seats[:3] == ["human", "human", "hard"] and host.options == {"malaria": True}
    click(app, button(host, "Host").rect.center)
    assert host.status.startswith("Connecting to ") and not button(host, "Host").enabled
    settle(app, host)
    hosted = host.hosted
    assert hosted is not None and len(hosted.invites) == 1 and hosted.watch, "one friend's code and the spectators'"
    shown = [(whose, code) for whose, code, _ in host.copies]
    assert shown == [(*hosted.invites.items(),)[0], ("", hosted.watch)]
    kept = lobby.Store.load(app.settings.data_dir)
    assert kept.games == [hosted] and kept.server == server, "kept in online.yaml before anything else"
    update = seat_view(server, hosted.token)
    assert update["seat"] == hosted.seat and update["view"]["options"] == {"malaria": True}
    assert sorted(update["seats"].values()) == ["hard", "human", "human"]
    first = update["view"]["players"][0]["name"]                                   # the seats in seat order
    assert update["seats"][first] == "human" and update["seats"][hosted.seat] == "human"
    click(app, button(host, "Play").rect.center, frames=2)
    assert opened == [{"url": server, "token": hosted.token, "watch": None}], "Play opens the host's seat"


def test_a_code_typed_in_lower_case_with_its_dash_joins_and_its_token_is_kept(
        app: App, server: str, opened: Opened) -> None:
    made = lobby.host(server, ["human", "human"], {})
    (seat, code), = made["invites"].items()
    scene = page(app, server)
    click(app, scene.code.rect.center)
    assert app.input.typing, "the field takes the letters"
    type_text(app, code.lower())
    assert scene.code.value == code.lower() and "-" in scene.code.value
    key(app, pygame.K_TAB)                                   # to Join
    assert scene.form.focused is scene.join_button
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert len(opened) == 1 and opened[0]["url"] == server
    token = opened[0]["token"]
    kept = lobby.Store.load(app.settings.data_dir).games
    assert [(g.game, g.seat, g.token, g.server) for g in kept] == [(made["game"], seat, token, server)]
    listed = lobby.games(server, [token])["games"]
    assert [(g["game"], g["seat"]) for g in listed] == [(made["game"], seat)], "the token kept is the seat's"


def test_a_wrong_code_another_version_and_a_silent_server_are_said_plainly(
        app: App, server: str, opened: Opened, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = page(app, server)
    scene.code.set("zzzz-zzzz")
    click(app, scene.join_button.rect.center)
    settle(app, scene)
    assert isinstance(app.top, MessageScene) and "No seat has this code" in app.top.message
    key(app, pygame.K_RETURN)
    with monkeypatch.context() as later:
        later.setattr(protocol, "VERSION", protocol.VERSION + 1)            # a client of the next version
        click(app, scene.join_button.rect.center)
        settle(app, scene)
    assert isinstance(app.top, MessageScene)
    assert app.top.message == (f"The server speaks protocol {protocol.VERSION}, this game {protocol.VERSION + 1}: "
                               "update the older."), "both versions named"
    key(app, pygame.K_RETURN)
    gone = closed_port()
    scene.server.set(gone)
    click(app, scene.join_button.rect.center)
    settle(app, scene)
    assert isinstance(app.top, MessageScene)
    assert app.top.message == f"No server answers at {gone}: is it running, the address right?"
    key(app, pygame.K_RETURN)
    scene.server.set("http://example")
    click(app, scene.join_button.rect.center)
    assert isinstance(app.top, MessageScene) and app.top.message.startswith("“http://example” is not a server")
    assert opened == [] and lobby.Store.load(app.settings.data_dir).games == []


def test_the_list_says_whose_turn_it_is_and_a_refresh_never_moves_the_focus(
        app: App, server: str, opened: Opened) -> None:
    made = lobby.host(server, ["human", "human"], {})
    (code,) = made["invites"].values()
    joined = lobby.join(server, code)
    store = lobby.Store.load(app.settings.data_dir)
    for answer in (made, joined):
        store.add(lobby.OnlineGame(server, answer["game"], answer["seat"], answer["token"]))
    store.save()
    scene = page(app, server)
    settle(app, scene)
    rows = list(scene.rows.values())
    assert scene.form.focused is rows[0], "the newest game first, focused to resume"
    lines = [scene.lines[g.token] for g in scene.store.games]
    to_act = lines[0]["to_act"]
    assert {line["seat"] for line in lines} == {made["seat"], joined["seat"]} and to_act in (made["seat"],
                                                                                               joined["seat"])
    for g, line in zip(scene.store.games, lines, strict=True):
        assert line["yours"] == (g.seat == to_act) == scene.yours(g.token)
        assert rows[scene.store.games.index(g)].label.startswith(f"{g.seat} · Turn {line['turn']}, ")
        if g.seat != to_act:
            assert scene.note(g).endswith(f"waiting for {to_act}")
    key(app, pygame.K_DOWN)
    assert scene.form.focused is rows[1]
    asked = scene.lines
    for _ in range(round(online.POLL * 60) + 1):           # the list is asked again while the page is open
        app.frame()
    settle(app, scene)
    assert scene.lines is not asked and scene.form.focused is rows[1], "asked again, the focus where it was"
    key(app, pygame.K_RETURN, frames=2)
    assert opened[-1] == {"url": server, "token": scene.store.games[1].token, "watch": None}, "select resumes"


def test_a_game_forgotten_leaves_online_yaml_after_asking(app: App, server: str, opened: Opened) -> None:
    store = lobby.Store.load(app.settings.data_dir)
    store.add(lobby.OnlineGame(server, "G-1", "Tonga", "tok-1"))
    store.save()
    scene = page(app, server)
    key(app, pygame.K_p)                                     # the palette's key (the pad's Y) forgets the row
    assert isinstance(app.top, MessageScene)
    click(app, button(app.top, "Cancel").rect.center)
    assert [g.token for g in lobby.Store.load(app.settings.data_dir).games] == ["tok-1"]
    click(app, scene.forget_button.rect.center)
    click(app, button(app.top, "Forget").rect.center)
    assert top(app, OnlineScene) is scene and lobby.Store.load(app.settings.data_dir).games == []
    assert scene.form.focused is scene.host_button


def test_online_yaml_round_trips_and_a_damaged_one_is_refused_and_kept_aside(app: App, tmp_path: Path) -> None:
    store = lobby.Store(tmp_path / lobby.FILE, "wss://paradise.example:443")
    games = [lobby.OnlineGame("ws://127.0.0.1:8765", "G-1", "Tonga", "a" * 43, {"Samoa": "K7QM-2XPA"}, "W-X", 1.5),
             lobby.OnlineGame("ws://127.0.0.1:8765", "G-2", "Hiva", "b" * 43)]
    for g in reversed(games):
        store.add(g)
    store.save()
    assert [g.token for g in store.games] == ["a" * 43, "b" * 43], "the newest first"
    assert store.games[0] == games[0] and store.games[1].added > 0, "stamped when added"
    again = lobby.Store.load(tmp_path)
    assert again.server == store.server and again.games == store.games and not again.problem
    damaged = b"games: [{server: ws://x, game: G-3, seat: Tonga}]\n"       # a game without its token
    (tmp_path / lobby.FILE).write_bytes(damaged)
    refused = lobby.Store.load(tmp_path)
    assert refused.games == [] and "game 1: 'token'" in refused.problem and str(tmp_path) not in refused.problem
    (tmp_path / lobby.FILE).write_bytes(damaged)                               # as the page shows it
    app.settings.data_dir = tmp_path
    app.push(app.make("online"))
    app.frame()
    assert any(said == refused.problem for said, _ in top(app, OnlineScene).said()), "the page says why"
    refused.add(games[0])
    refused.save()
    assert (tmp_path / "online.damaged.yaml").read_bytes() == damaged, "the damaged file is kept aside"
    assert lobby.Store.load(tmp_path).games == [games[0]]
    (tmp_path / lobby.FILE).write_bytes(damaged)
    second = lobby.Store.load(tmp_path)
    second.save()
    assert (tmp_path / "online.damaged-2.yaml").read_bytes() == damaged, "an older one is never overwritten"
    for raw in (b"\xff\xfe", b"[" * 5000, b"- just a list\n", b"games: 7\n", b"a: &a [*a]\n"):
        (tmp_path / lobby.FILE).write_bytes(raw)
        assert lobby.Store.load(tmp_path).problem, raw[:20]
    (tmp_path / lobby.FILE).write_bytes(b"x" * (lobby.FILE_BYTES + 1))
    assert "larger than" in lobby.Store.load(tmp_path).problem


def test_codes_and_addresses_as_players_type_them() -> None:
    for typed in ("k7qm-2xpa", "K7QM2XPA", " k7qm 2xpa ", "K7QM--2XPA"):
        assert lobby.typed_code(typed) == "K7QM-2XPA", typed
    assert lobby.typed_code("w-abcd1234") == lobby.typed_code("W-ABCD-1234 ") == "W-ABCD-1234"
    assert lobby.server_address("192.168.1.20") == "ws://192.168.1.20:8765"
    assert lobby.server_address("  ws://host:9000 ") == "ws://host:9000"
    assert lobby.server_address("wss://paradise.example") == "wss://paradise.example"
    for wrong in ("http://host", "ws://", "ws://host:99999"):
        with pytest.raises(lobby.LobbyError):
            lobby.server_address(wrong)


@pytest.mark.skipif(virtualpad.available() is not None, reason=f"no virtual pads: {virtualpad.available()}")
def test_a_game_hosted_by_a_pad_alone(app: App, server: str, opened: Opened) -> None:
    from .helpers import RB, A, focus_on, press
    pad = virtualpad.VirtualPad("xbox")
    try:
        app.push(app.make("title"))
        app.frame()
        app.frame()
        title = top(app, TitleScene)
        focus_on(app, pad, title.form, [w.label for w in title.form.widgets].index("Play online"))
        press(app, pad, A)
        scene = app.top
        assert isinstance(scene, OnlineScene)
        focus_on(app, pad, scene.form, scene.form.widgets.index(scene.server))
        press(app, pad, A)
        assert isinstance(scene.keyboard, online.AddressKeyboard), "the pad's keyboard, with an address's marks"
        scene.keyboard.close()
        scene.server.set(server)
        focus_on(app, pad, scene.form, scene.form.widgets.index(scene.host_button))
        press(app, pad, A)
        host = app.top
        assert isinstance(host, HostScene)
        press(app, pad, RB)                                   # Seat 1 (the host's): no other kind
        press(app, pad, RB)                                   # Seat 2: a friend -> Easy
        press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        assert host.seats[1] == "easy"
        focus_on(app, pad, host.form, len(host.form.widgets) - 1)
        press(app, pad, A)
        settle(app, host)
        assert host.hosted is not None and host.hosted.invites == {}, "no friend to invite"
        assert seat_view(server, host.hosted.token)["seats"][host.hosted.seat] == "human"
        assert host.form.focused is button(host, "Play")
        press(app, pad, A, frames=2)
        assert opened[-1]["token"] == host.hosted.token
    finally:
        pad.unplug()
        pygame.event.clear()


def test_copy_puts_the_code_on_the_clipboard_or_says_to_write_it(
        app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    got: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", got.append)
    hosted = lobby.OnlineGame("ws://127.0.0.1:1", "G-1", "Tonga", "t", {"Samoa": "K7QM-2XPA"}, "W-ABCD")
    app.push(app.make("online_host", hosted.server, lobby.Store(tmp_path / lobby.FILE), hosted))
    app.frame()
    host = top(app, HostScene)
    click(app, host.copies[0][2].rect.center)
    assert got == ["K7QM-2XPA"] and "K7QM-2XPA" in host.status

    def fails(code: str) -> None:
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", fails)
    click(app, host.copies[1][2].rect.center)
    assert host.status == "There is no clipboard here: write the code down."


def test_the_data_folder_holds_no_path_of_this_machine_in_messages(tmp_path: Path) -> None:
    """A store refused for being a folder names the file, never the folders above it."""
    (tmp_path / lobby.FILE).mkdir()
    problem = lobby.Store.load(tmp_path).problem
    assert problem and str(tmp_path) not in problem and lobby.FILE in problem
