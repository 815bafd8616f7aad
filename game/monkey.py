"""The UI monkey (CLIENT.md): every human seat's decision is a seeded random legal action, issued as synthetic
mouse or key events through the real event queue, input layer and scenes, or as presses of a real SDL game
controller (a virtual pad, game/virtualpad.py: its presses come through SDL as a plugged-in pad's do). It reads
the screen's geometry (where a hex, a button or a menu line is drawn) as a player's eyes would, and never applies
an action itself.

Each game prints one line: the actions issued, how many could not be produced by input, and the final state
hash, checked against the hash the engine alone reaches with the same seats, seed and choices. The game
autosaves like a player's (game/savefile.py), and at random moments it is saved, opened again from the file and
played on from there: the file must hold the same game.

With `privacy` (pass and play), the human seats get seeded pass-and-play settings (game/seats.py): some a PIN,
typed at every hand-off (the first time wrong, then right), some standing orders that answer their card windows
without a hand-off; hand-offs and "since your last turn" recaps come and go as for people.

Online (`online`), the monkey plays one seat of a server's game (game/online/remote.py) until the game is over,
while other clients or the server's bots play the others. Its choices there are a Normal bot's, made from the
seat's view alone (X9), so that two monkeys finish a game as two players would (random choices would play for
thousands of turns); each is still made by input. It cannot replay the game alone (it never knows the others'
choices): once the game is over it fetches the server's record, checks that it replays to its hash and that the
seat's decisions in it are the very ones the monkey made by input, and prints the record's hash.
"""
from __future__ import annotations

import random
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

import engine
from engine import play as drive
from engine.ai import BOTS, Bot, ask

from . import flow, gestures, virtualpad
from .app import App
from .match import HUMAN, Match
from .online.remote import RemoteMatch
from .scenes.handoff import KEYS, HandoffScene
from .scenes.message import ConfirmScene
from .scenes.table import TableScene
from .seats import IN_PERSON, ORDER_CHOICES, ORDERS, SeatSettings, pin_hash, standing, window_power
from .ui.widgets import Form

KEY_NEXT = pygame.K_TAB
PAD = {"next": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, "select": pygame.CONTROLLER_BUTTON_A,
       "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN}


@dataclass
class Outcome:
    """What one monkey game showed: the human decisions made by input, those input could not make, the final
    state's hash and whether the engine alone reaches it, whether the game ended or reached its turn limit."""
    issued: int
    unreachable: int
    digest: str
    same: bool
    finished: bool
    humans: bool
    reloads: int = 0                  # times the game was saved, opened again and played on
    reload_failures: int = 0          # ... and the opened game was not the saved one

    def failures(self) -> list[str]:
        """Why the game proves nothing or shows a fault (empty when it passed). A game in which no human decision
        reached the table, or that stopped short, fails: it exercised nothing."""
        out = []
        if self.unreachable:
            out.append(f"{self.unreachable} actions could not be made by input")
        if not self.same:
            out.append("the state differs from the engine's alone")
        if self.reload_failures:
            out.append(f"{self.reload_failures} saves did not open as the game saved")
        if self.humans and not self.issued:
            out.append("no human decision was made")
        if not self.finished:
            out.append("the game reached neither its end nor its turn limit")
        return out


class Hands:
    """Synthetic input on one device, one frame after each gesture. The pad is a virtual one: the one given, or
    one plugged in here and pulled out by `close`."""

    def __init__(self, app: App, device: str, pad: virtualpad.VirtualPad | None = None):
        self.app, self.device = app, device
        self.pad, self.own = pad, False
        if device == "pad" and pad is None:
            self.pad, self.own = virtualpad.VirtualPad(), True
            self.frame()                                   # the game sees the pad plugged in

    def close(self) -> None:
        """Pull the pad out between games: the input layer forgets it, and no scene is told (no game waits)."""
        if self.pad is not None and self.own:
            self.pad.unplug()
            self.app.input.events(pygame.event.get())

    def frame(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame()

    def click(self, pos: tuple[float, float]) -> None:
        pos = (round(pos[0]), round(pos[1]))
        for e in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
            pygame.event.post(e)
        self.frame()

    def drag(self, start: tuple[float, float], rel: tuple[float, float]) -> None:
        """Press, move in steps, release: the map pans with the pointer."""
        x, y = round(start[0]), round(start[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        steps = 8
        for i in range(steps):
            dx, dy = round(rel[0] * (i + 1) / steps) - round(rel[0] * i / steps), \
                round(rel[1] * (i + 1) / steps) - round(rel[1] * i / steps)
            x, y = x + dx, y + dy
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(dx, dy), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
        self.frame()

    def wheel(self, pos: tuple[float, float], clicks: int) -> None:
        """Point there and turn the wheel (up: clicks > 0)."""
        pos = (round(pos[0]), round(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=clicks, flipped=False))
        self.frame()

    def type(self, char: str) -> None:
        """A key that types a character (a digit of a PIN)."""
        key = pygame.key.key_code(char)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        self.frame()

    def press(self, what: str) -> None:
        """'next', 'select' or 'down' on the keyboard or the pad."""
        if self.pad is not None:
            self.pad.press(PAD[what])
        else:
            key = {"next": KEY_NEXT, "select": pygame.K_RETURN, "down": pygame.K_DOWN}[what]
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        self.frame()


def issue(hands: Hands, table: TableScene, action: engine.Action) -> None:
    """Make `action` by its natural gesture on the table, as a player would."""
    rules = table.app.rules
    h = gestures.hex_of(action, rules)
    if action.verb == "order":
        target = [("row", action.args[0]), ("button", None)]
    elif h >= 0:
        target = [("hex", h)]
    else:
        target = [("button", None)]
    for kind, value in target:
        where = value
        if kind == "button":
            if action not in table.bar.actions:
                return                              # a two-player turn order needs no direction
            where = table.bar.actions.index(action)
        if hands.device == "mouse":
            point(hands, table, kind, where)
        else:
            focus(hands, table, kind, where)
    if table.menus.menu is not None:
        rows = [row[1] for row in table.menus.menu.rows]
        if action in rows:
            choose_in_menu(hands, table, rows.index(action))
    if isinstance(hands.app.top, ConfirmScene):     # a decision that cannot be undone asks first (X42)
        confirm(hands, hands.app.top)


def confirm(hands: Hands, scene: ConfirmScene) -> None:
    """Answer "Do it" (the form's last button; the focus starts on Cancel)."""
    go = len(scene.form.widgets) - 1
    if hands.device == "mouse":
        hands.click(scene.form.widgets[go].rect.center)
        return
    step_to(hands, scene.form, go)
    hands.press("select")


def step_to(hands: Hands, form: Form, index: int) -> None:
    """Press "next" until the widget at `index` has the focus (or every widget was passed: the press did not
    arrive, and the decision will be found unreachable)."""
    for _ in range(len(form.widgets)):
        if form.focus == index:
            return
        hands.press("next")


def point(hands: Hands, table: TableScene, kind: str, value: Any) -> None:
    """The mouse: click the row, the button or the hex (scrolling the bar's choices, or panning the map, first
    when the button or the hex is out of sight)."""
    if kind == "row":
        hands.click(table.players.rows()[value].center)
    elif kind == "button":
        bar = table.bar
        for _ in range(len(bar.body)):
            if bar.visible(value):
                break
            row = next(k for k, r in enumerate(bar.body) if bar.buttons[value] in r)
            hands.wheel(bar.rect.center, 1 if row < bar.window.start else -1)
        hands.click(bar.buttons[value].rect.center)
    else:
        cx, cy = table.map.layout.centres[value]
        for _ in range(4):
            if table.map.visible(cx, cy):
                break
            area = table.map.sight()
            sx, sy = table.map.camera.to_screen(cx, cy)
            hands.drag(area.center, (area.centerx - sx, area.centery - sy))
        hands.click(table.map.camera.to_screen(cx, cy))


def focus(hands: Hands, table: TableScene, kind: str, value: Any) -> None:
    """The keys or the pad: step the focus to the row, button or hex, then select it. The first step lands near
    the player's pieces, not on the first stop, and the stops grow once one is focused (the hand's cards): twice
    round the stops as they stand at most."""
    pressed = 0
    while table.focus.stop() != (kind, value) and pressed < 2 * len(table.focus.stops()) + 2:
        hands.press("next")
        pressed += 1
    hands.press("select")


def choose_in_menu(hands: Hands, table: TableScene, index: int) -> None:
    menu = table.menus.menu
    assert menu is not None
    if hands.device == "mouse":
        lst = menu.list
        while index < lst.top:
            lst.scroll(-1)
        while index >= lst.top + lst.rows:
            lst.scroll(1)
        hands.click(lst.row_rect(index).center)
        return
    for _ in range(len(menu.rows) + 1):
        if table.menus.menu is None or table.menus.menu.list.index == index:
            break
        hands.press("down")
    hands.press("select")


def privacy_for(rules: engine.Ruleset, names: list[str], kinds: dict[str, str], seed: int
                ) -> tuple[dict[str, SeatSettings], dict[str, str]]:
    """Seeded pass-and-play settings for the human seats (every other one a PIN, every other one standing
    orders with random orders for every window power), and the PINs' digits."""
    rnd = random.Random(seed * 31 + 7)
    keys = [c.key for c in rules.cards] + [e["id"] for e in rules.events]
    settings, pins = {}, {}
    for i, name in enumerate(n for n in names if kinds[n] == HUMAN):
        pin = f"{rnd.randrange(10_000):04d}" if i % 2 == 0 else None
        orders = {k: rnd.choice(ORDER_CHOICES[power]) for k in keys if (power := window_power(rules, k))}
        settings[name] = SeatSettings(pin_hash(name, pin) if pin else None, ORDERS if i % 2 else IN_PERSON,
                                      orders)
        if pin:
            pins[name] = pin
    return settings, pins


def unlock(hands: Hands, scene: HandoffScene, pin: str | None, wrong_first: bool) -> None:
    """Pass the hand-off: confirm it, or type the seat's PIN on the keypad (a wrong one first when asked)."""
    if scene.pad is None:
        button = scene.form.widgets[0]
        hands.click(button.rect.center) if hands.device == "mouse" else hands.press("select")
        return
    assert pin is not None
    wrong = f"{(int(pin) + 1) % 10_000:04d}"
    for digits in ([wrong] if wrong_first else []) + [pin]:
        for digit in digits:
            if hands.app.top is not scene:
                return
            if hands.device == "keys":
                hands.type(digit)
            elif hands.device == "mouse":
                hands.click(scene.form.widgets[KEYS.index(digit)].rect.center)
            else:
                step_to(hands, scene.form, KEYS.index(digit))
                hands.press("select")


RELOAD_CHANCE = 0.02                  # after a decision: save the game, open it again, play on from the file


def reload(app: App, match: Match, turns: int) -> tuple[Match, bool]:
    """Save the game under a name, open the file as a new match at the table (as the saves' scene does), and
    close the old one; whether the opened game is the one saved."""
    path = app.settings.data_dir / "monkey.paradise"
    match.save(path, "monkey")
    opened = Match.load(app.rules, path, speed=match.speed, max_turns=turns, autosave=match.autosave)
    same = opened.state_hash() == match.state_hash() and opened.settings == match.settings
    match.close()
    flow.start_match(app, opened)
    return opened, same


def play(app: App, rules: engine.Ruleset, players: int, seats: list[str], seed: int, options: dict[str, Any],
         device: str, turns: int, counts: Counter[str], privacy: bool = False) -> Outcome:
    """One game through synthetic input, and what it proved."""
    names = list(engine.new_game(rules, players, seed, options).names)
    kinds = {name: seats[i % len(seats)] for i, name in enumerate(names)}
    settings, pins = privacy_for(rules, names, kinds, seed) if privacy else ({}, {})
    match = Match.new(rules, players, seats, seed, options, speed="instant", max_turns=turns, settings=settings,
                      autosave=flow.autosaves(app.settings.data_dir))
    flow.start_match(app, match)
    hands = Hands(app, device)
    rnd = random.Random(seed * 7919 + 17)
    when = random.Random(seed * 104729 + 3)        # when to save and reopen: apart, so the choices stay the same
    choices: list[engine.Action] = []
    issued = unreachable = idle = handoffs = reload_failures = 0
    reopened: list[int] = []                       # the actions done when the game was saved and opened again
    while not match.stopped and app.running:
        top = app.top
        if isinstance(top, HandoffScene):
            unlock(hands, top, pins.get(top.player), wrong_first=handoffs == 0)
            handoffs += 1
            if app.top is top:                      # the presses did not pass it
                unreachable += 1
                print(f"  stuck at the hand-off to {top.player}", flush=True)
                break
            continue
        table = next((scene for scene in app.live() if isinstance(scene, TableScene)), None)
        if table is None:                           # the table under its overlays (battle, recap) takes input
            unreachable += 1
            print(f"  stuck on {type(top).__name__}", flush=True)
            break
        top = table
        if not top.legal or top.anim.busy or top.pending:
            hands.frame()
            idle += 1
            if idle > 20000:
                unreachable += 1
                print(f"  stuck at {top.shown['step']}: nothing to do", flush=True)
                break
            continue
        idle = 0
        action = top.legal[rnd.randrange(len(top.legal))]
        before = len(match.decisions)
        issue(hands, top, action)
        issued += 1
        counts[action.verb] += 1
        if len(match.decisions) != before + 1 or match.decisions[-1] != action:
            unreachable += 1
            print(f"  unreachable: {action} ({top.shown['step']})", flush=True)
            break
        choices.append(action)
        if when.random() < RELOAD_CHANCE and not match.stopped:
            reopened.append(match.actions)
            match, same = reload(app, match, turns)
            reload_failures += not same
    hands.close()
    digest = match.state_hash()
    finished = match.stopped
    match.close()
    counts["(hand-offs)"] += handoffs
    alone = replay(rules, players, seats, seed, options, choices, turns, settings, reopened)
    return Outcome(issued, unreachable, digest, alone == digest, finished, HUMAN in kinds.values(), len(reopened),
                   reload_failures)


WAIT_FOR_OTHERS = 600.0               # seconds online without the game moving before the monkey gives up
IDLE_NAP = 0.004                      # seconds slept on a frame spent waiting for the others online (no busy loop)


def online(app: App, url: str, token: str, device: str, seed: int) -> bool:
    """Play the seat of `token` on the server at `url` by synthetic input until the game is over, print the
    monkey's line, and say whether it failed. LobbyError (in words) when the seat cannot be opened."""
    match = RemoteMatch.open(url, token, app.rules, speed=app.settings.speed)
    app.reset(app.make("table", match))
    hands = Hands(app, device)
    bot: Bot | None = None
    choices: list[engine.Action] = []
    unreachable, moved = 0, (match.version, time.monotonic())
    while not match.stopped and app.running:
        table = next((scene for scene in app.live() if isinstance(scene, TableScene)), None)
        if table is None:
            unreachable += 1
            print(f"  stuck on {type(app.top).__name__}", flush=True)
            break
        if match.version != moved[0]:
            moved = (match.version, time.monotonic())
        if not table.legal or table.anim.busy or table.pending:
            hands.frame()
            if not table.anim.busy:
                time.sleep(IDLE_NAP)
            if time.monotonic() - moved[1] > WAIT_FOR_OTHERS:
                unreachable += 1
                print(f"  stuck at {table.shown['step']}: the game did not move for {WAIT_FOR_OTHERS:.0f} s",
                      flush=True)
                break
            continue
        bot = bot or BOTS["normal"](str(match.seat), seed, app.rules)
        action = bot.choose(partial(match.view, match.seat), table.legal)
        before = len(match.decisions)
        issue(hands, table, action)
        if len(match.decisions) != before + 1 or match.decisions[-1] != action:
            unreachable += 1
            print(f"  unreachable: {action} ({table.shown['step']})", flush=True)
            break
        choices.append(action)
    hands.close()
    record, seat = match.record(), match.seat
    match.close()
    played = seat_decisions(record, seat) if record is not None else None
    digest = engine.state_hash(record) if record is not None else "-" * 16
    wrong = [why for why, bad in (("the game did not end", not match.over),
                                  (f"{unreachable} actions could not be made by input", unreachable),
                                  ("no record came from the server", record is None),
                                  ("the record's decisions of the seat are not the monkey's", played != choices),
                                  ("no decision was made", not choices)) if bad]
    print(f"monkey online: seat {seat}, {device}: {len(choices)} actions issued, {unreachable} unreachable, "
          f"{'finished' if match.over else 'not finished'}, record state hash {digest[:16]}"
          + "".join(f"; FAILED: {why}" for why in wrong), flush=True)
    return bool(wrong)


def seat_decisions(record: engine.GameState, seat: str | None) -> list[engine.Action]:
    """The decisions of `seat` in a finished game, in order: its record replayed from the start, action by
    action."""
    data = engine.save_data(record)
    state = engine.replay(data["start"], [], record.rules)
    out = []
    for number, (entry, (action, _drawn)) in enumerate(zip(data["actions"], record.actions_done(), strict=True), 1):
        if engine.current_player(state) == seat:
            out.append(action)
        engine.apply_recorded(state, entry, number)
    return out


def replay(rules: engine.Ruleset, players: int, seats: list[str], seed: int, options: dict[str, Any],
           choices: list[engine.Action], turns: int, settings: dict[str, SeatSettings] | None = None,
           reopened: Sequence[int] = ()) -> str:
    """The same game through the engine alone: the humans' choices in order, their standing orders answering
    their card windows, the bots and chance as before. `reopened`: the numbers of actions after which the game
    was saved and opened again, where its bots began afresh (a bot's plans are not saved: docs/CLIENT.md)."""
    state = engine.new_game(rules, players, seed, options)
    kinds = {name: seats[i % len(seats)] for i, name in enumerate(state.names)}

    def fresh_bots() -> Callable[[engine.GameState, str], engine.Action]:
        return ask({name: BOTS[kind](name, seed, rules) for name, kind in kinds.items() if kind != HUMAN})
    bots, queue, restarts = fresh_bots(), deque(choices), deque(reopened)

    def decide(state: engine.GameState, who: str) -> engine.Action | None:
        nonlocal bots
        while restarts and len(state.history) >= restarts[0]:
            restarts.popleft()
            bots = fresh_bots()
        if kinds[who] != HUMAN:
            return bots(state, who)
        answer = standing((settings or {}).get(who), engine.legal_actions(state),
                          partial(engine.observe, state, who, log=False), rules)
        if answer is not None:
            return answer
        return queue.popleft() if queue else None

    drive(state, decide, until=lambda s: s.turn > turns)
    return engine.state_hash(state)


def learn(app: App, chapter_id: str, device: str, seed: int, limit: int = 4000) -> list[str]:
    """Play one chapter of the guided first game (game/tutorial.py) by input on one device, as a learner who
    does what the coach asks: Next on a lesson that is read, Undo when asked, else one of the actions offered
    (the coach offers only the lesson's). Returns the lessons' texts in the order they were done; the chapter
    is finished when the coach says so (`TableScene.coach.model.done`)."""
    flow.start_chapter(app, chapter_id)
    hands = Hands(app, device)
    rnd = random.Random(seed)
    seen: list[str] = []
    for _ in range(limit):
        if isinstance(app.top, ConfirmScene):
            confirm(hands, app.top)
            continue
        table = next((scene for scene in app.live() if isinstance(scene, TableScene)), None)
        if table is None or table.coach is None:
            break
        coach = table.coach
        if coach.model.done:
            break
        lesson = coach.model.lesson
        if not seen or seen[-1] != lesson.say:
            seen.append(lesson.say)
        if table.anim.busy or table.pending:
            hands.frame()
        elif lesson.reads:
            coach.layout()
            if device == "mouse":
                hands.click(coach.form.widgets[0].rect.center)
            else:
                hands.press("select")
        elif lesson.undo and table.bar.actions[:1] == [None]:
            if device == "mouse":
                point(hands, table, "button", 0)
            else:
                focus(hands, table, "button", 0)
        elif table.legal:
            issue(hands, table, table.legal[rnd.randrange(len(table.legal))])
        else:
            hands.frame()
    hands.close()
    return seen


def run(app: App, rules: engine.Ruleset, games: int, device: str, seats: list[str] | None, players: int | None,
        seed: int, options: dict[str, Any], turns: int, privacy: bool = False) -> tuple[int, Counter[str]]:
    """Play the games, print a line each; returns (failures, actions issued per verb)."""
    counts: Counter[str] = Counter()
    failures = 0
    for i in range(games):
        n = players if players and seats else 2 + i % 3
        kinds = seats or [HUMAN]
        outcome = play(app, rules, n, kinds, seed + i, options, device, turns, counts, privacy)
        wrong = outcome.failures()
        failures += bool(wrong)
        print(f"monkey game {i + 1}: {n} players, seed {seed + i}, {device}: {outcome.issued} actions issued, "
              f"{outcome.unreachable} unreachable, {outcome.reloads} saved and opened again, "
              f"state hash {outcome.digest[:16]} "
              f"({'equals' if outcome.same else 'DIFFERS FROM'} the engine alone)"
              + "".join(f"; FAILED: {why}" for why in wrong), flush=True)
    return failures, counts
