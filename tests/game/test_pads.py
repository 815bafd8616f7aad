"""Real game controllers (issue 25): SDL's virtual joystick on the libSDL2 that pygame-ce loads makes a pad that
SDL treats as plugged in (game/virtualpad.py); its presses come through SDL's game-controller layer, the event
queue, the input layer and the scenes, as a player's pad's do. No test here posts a controller event: posting one
fails the test (`no_posted_pad_events`)."""
from __future__ import annotations

import random

import pygame
import pytest

import engine
from game import monkey, virtualpad
from game.app import App
from game.match import Match
from game.scenes.handoff import HandoffScene
from game.scenes.message import PadLostScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

from .conftest import key
from .helpers import RB, A, B, focus_on, press

pytestmark = pytest.mark.skipif(virtualpad.available() is not None, reason=f"no virtual pads here: "
                                f"{virtualpad.available()}")


@pytest.fixture(autouse=True)
def no_posted_pad_events(monkeypatch):
    """A pad test that posts controller events proves nothing about pads: posting one fails."""
    real = pygame.event.post

    def post(event: pygame.event.Event) -> bool:
        assert not pygame.CONTROLLERAXISMOTION <= event.type <= pygame.CONTROLLERDEVICEREMAPPED, \
            "a pad test posted a controller event"
        return real(event)
    monkeypatch.setattr(pygame.event, "post", post)


@pytest.fixture
def plug():
    """Plug virtual pads in (of a make: xbox, playstation, nintendo, steamdeck); all are pulled out after."""
    made: list[virtualpad.VirtualPad] = []

    def make(kind: str = "xbox") -> virtualpad.VirtualPad:
        made.append(virtualpad.VirtualPad(kind))
        return made[-1]
    yield make
    for pad in made:
        pad.unplug()
    pygame.event.clear()


def test_a_pad_plugged_in_at_the_title_starts_a_game_alone(app, plug):
    app.push(app.make("title"))
    app.frame()
    assert app.input.pads == {}
    pad = plug("playstation")
    app.frame()                                       # SDL's device-added event: the pad is opened
    assert [p.name for p in app.input.pads.values()] == ["PS5 Controller"]
    title = app.top
    assert isinstance(title, TitleScene)
    labels = [w.label for w in title.form.widgets]
    focus_on(app, pad, title.form, labels.index("New game"))
    assert app.input.device == "pad" and app.input.family == "playstation"
    press(app, pad, A)
    setup = app.top
    assert isinstance(setup, SetupScene)
    press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_LEFT)          # players: 4 -> 3 -> 2 (the players' line)
    press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert setup.players == 2
    start = next(i for i, w in enumerate(setup.form.widgets) if w.label == "Start")
    focus_on(app, pad, setup.form, start)
    press(app, pad, A, frames=3)
    table = app.top
    assert isinstance(table, TableScene)
    assert len(table.match.names) == 2 and table.match.seats[table.match.names[0]] == "human"
    made = play_by_pad(app, table, pad, decisions=12)
    assert len(made) == 12 and table.match.decisions[-12:] == made


def play_by_pad(app: App, table: TableScene, pad: virtualpad.VirtualPad, decisions: int,
                seed: int = 1) -> list[engine.Action]:
    """Make seeded random legal decisions with the pad, as the UI monkey does; returns those made."""
    hands = monkey.Hands(app, "pad", pad)
    rnd = random.Random(seed)
    made: list[engine.Action] = []
    for _ in range(20000):
        if len(made) == decisions:
            break
        if not table.legal or table.anim.busy or table.pending or not app.takes_input(table):
            app.frame()
            continue
        action = table.legal[rnd.randrange(len(table.legal))]
        monkey.issue(hands, table, action)
        assert table.match.decisions[-1] == action, f"{action} was not made by the pad"
        made.append(action)
    return made


def test_decisions_of_every_kind_by_a_real_pad(app, rules, plug):
    """Hexes, the bar's buttons, a hex's menu, the players' rows (turn order), the confirmation of a decision that
    cannot be undone, and the hand-off's PIN keypad, all by a pad: a pass-and-play monkey game of four seats."""
    failures, counts = monkey.run(app, rules, 1, "pad", ["human"], 4, 23, {}, 6, privacy=True)
    assert failures == 0
    assert {"premove", "explore", "build", "end", "party", "go", "order", "reveal"} <= set(counts), counts
    assert counts["(hand-offs)"] > 10


def test_a_pad_present_before_the_game_starts_is_opened(screen, rules, tmp_path, plug):
    from game.app import Settings
    pad = plug("nintendo")
    application = App(screen, Settings(data_dir=tmp_path, speed="instant"), rules, fixed_dt=1 / 60)
    assert [p.family for p in application.input.pads.values()] == ["nintendo"]
    application.push(application.make("title"))
    application.frame()                              # SDL's added event for it changes nothing
    press(application, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert application.input.device == "pad" and len(application.input.pads) == 1


def test_unplugging_the_pad_in_use_pauses_the_game_until_someone_goes_on(app, rules, plug):
    pad = plug()
    match = Match.new(rules, 2, ["human", "normal"], 5, speed="instant")
    from game import flow
    flow.start_match(app, match)
    table = app.top
    play_by_pad(app, table, pad, decisions=3)
    pad.unplug()
    app.frame()
    lost = app.top
    assert isinstance(lost, PadLostScene) and "Xbox Series X Controller" in lost.message
    before = (len(match.decisions), match.state_hash())
    for _ in range(120):                             # the game waits: no bot, no chance moves under the dialog
        app.frame()
    assert (len(match.decisions), match.state_hash()) == before
    second = plug("steamdeck")
    app.frame()
    press(app, second, A)                            # another pad goes on
    assert app.top is table and app.input.family == "xbox"
    play_by_pad(app, table, second, decisions=2)


def test_unplugging_a_pad_not_in_use_changes_nothing(app, rules, plug):
    pad, spare = plug(), plug("playstation")
    from game import flow
    flow.start_match(app, Match.new(rules, 2, ["human", "normal"], 5, speed="instant"))
    table = app.top
    play_by_pad(app, table, pad, decisions=1)
    spare.unplug()
    app.frame()
    assert app.top is table and len(app.input.pads) == 1
    # With the keys in use, losing the pad waits for nothing either.
    key(app, pygame.K_TAB)
    pad.unplug()
    app.frame()
    assert app.top is table and app.input.device == "keys"


def test_two_pads_in_pass_and_play_each_seat_acting_with_its_own(app, rules, plug):
    app.settings.pad_per_seat = True
    first, second = plug(), plug("playstation")
    from game import flow
    match = Match.new(rules, 2, ["human", "human"], 8, speed="instant")
    flow.start_match(app, match)
    app.frame()
    owners: dict[str, virtualpad.VirtualPad] = {}
    handoffs = 0
    for _ in range(20000):
        top = app.top
        if isinstance(top, HandoffScene):
            handoffs += 1
            player = top.player
            if player not in owners:                 # the first hand-off: the seat takes the pad pressed
                assert "pick up a controller" in top.pad_prompt()
                owners[player] = first if not owners else second
            else:
                assert f"controller {app.input.pads[owners[player].instance_id].number}" in top.pad_prompt()
                other = second if owners[player] is first else first
                press(app, other, A)                  # another player's pad does nothing here
                assert app.top is top
            press(app, owners[player], A)
            assert app.top is not top
            continue
        table = next((scene for scene in app.live() if isinstance(scene, TableScene)), None)
        if table is None or not table.legal or table.anim.busy or table.pending:
            app.frame()
            continue
        player = table.match.human_to_act()
        mine, other = owners[player], (second if owners[player] is first else first)
        focus = table.focus.stop()
        press(app, other, RB)                         # the other seat's pad moves nothing
        assert table.focus.stop() == focus
        made = play_by_pad(app, table, mine, decisions=1, seed=handoffs)
        assert made and match.decisions[-1] == made[0]
        if handoffs >= 5:
            break
    assert handoffs >= 5 and set(owners) == {"Tonga", "Samoa"} == set(app.input.seat_pads)


def test_held_stick_steps_the_cursor_faster_and_faster(app, plug):
    pad = plug()
    app.push(app.make("title"))
    app.frame()
    pad.tilt(pygame.CONTROLLER_AXIS_LEFTX, 1.0)
    steps = []
    for _ in range(60):                               # one second at 60 frames
        steps += [i for i in app.input.events(pygame.event.get()) if i.kind == "cursor"]
        steps += [i for i in app.input.poll(1 / 60) if i.kind == "cursor"]
    pad.tilt(pygame.CONTROLLER_AXIS_LEFTX, 0.0)
    assert all(i.dx == 1 and i.pad == pad.instance_id for i in steps)
    assert len(steps) >= 10, "held for a second, the stick steps at least ten hexes"
    assert len(steps) > 1 / 0.16 + 1, "faster than the first repeat rate alone would give"


def test_rumble_reaches_the_pad_in_use_unless_switched_off(app, plug):
    pad = plug()
    app.frame()                                       # the game opens the pad it was told of
    press(app, pad, A)
    app.rumble(0.5, 1.0, 80)
    assert pad.rumbles == [(32767, 65535)]
    app.settings.rumble = False
    app.rumble(0.5, 1.0, 80)
    assert len(pad.rumbles) == 1


def test_the_ui_monkeys_pad_is_a_real_device(app, rules, monkeypatch):
    """With every controller event posted refused (the autouse fixture), the pad monkey still plays: its presses
    come from SDL's device. Take the device's presses away and the same game fails."""
    failures, counts = monkey.run(app, rules, 1, "pad", None, None, 31, {}, 2)
    assert failures == 0 and sum(counts.values()) > 10
    monkeypatch.setattr(virtualpad.VirtualPad, "press", lambda pad, button: None)
    failures, _ = monkey.run(app, rules, 1, "pad", None, None, 31, {}, 2)
    assert failures == 1


def test_the_pad_shakes_when_the_die_lands_and_when_the_battle_ends(app, rules, plug):
    """M14's battle at normal speed, played with a pad: a short knock as each die comes to rest, a long one when
    the battle's result is known; nothing with rumble switched off."""
    from game.scenes.table.scene import RUMBLE_LANDED, RUMBLE_OUTCOME

    from .helpers import m14_table
    landed, outcome = ((round(lo * 65535), round(hi * 65535)) for lo, hi, _ in (RUMBLE_LANDED, RUMBLE_OUTCOME))
    pad = plug()
    app.frame()
    for rumble in (True, False):
        app.settings.rumble = rumble
        press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)      # the pad is the device in use
        pad.rumbles.clear()
        table = m14_table(app, rules, speed="normal")
        throws: list = []
        for _ in range(6000):
            if table.battle is None and throws:
                break
            throw = table.anim.throw
            if throw is not None and all(throw is not seen for seen in throws):
                throws.append(throw)
            if table.legal and not table.anim.busy:
                table.act(table.legal[0])
            app.frame()
        assert len(throws) >= 2
        shakes = [r for r in pad.rumbles if r != (0, 0)]          # (0, 0): SDL stopping a rumble whose time ran out
        assert shakes == ([landed] * len(throws) + [outcome] if rumble else []), pad.rumbles
        app.pop()


def test_a_scripted_pad_plays_on_its_own_clock(app):
    """The pad that plays the game in a real window for screenshots (PARADISE_PAD_SCRIPT): plugged in at the
    first frame, its presses at their times."""
    now = [0.0]
    script = virtualpad.Script("make nintendo; wait 1; down*2; up", lambda: now[0])
    app.each_frame.append(script.tick)
    app.push(app.make("title"))
    title = app.top
    start = title.form.focus
    try:
        for _ in range(40):
            app.frame()
            now[0] += 0.1
        assert app.input.family == "nintendo" and app.input.device == "pad"
        enabled = [i for i, w in enumerate(title.form.widgets) if w.enabled]
        assert title.form.focus == enabled[(enabled.index(start) + 1) % len(enabled)]
    finally:
        assert script.pad is not None
        script.pad.unplug()
    with pytest.raises(ValueError, match="no button 'jump'"):
        virtualpad.Script("jump", lambda: 0.0)


def choose(app: App, pad: virtualpad.VirtualPad, label: str, frames: int = 2) -> None:
    """Step the top scene's focus to the button of that label and press A."""
    form = app.top.form
    index = next(i for i, w in enumerate(form.widgets) if w.label == label)
    focus_on(app, pad, form, index)
    press(app, pad, A, frames)


def test_every_screen_by_a_pad_alone(app, rules, plug):
    """The title's every page and back, the setup's pass-and-play page and a PIN set on its keypad, and at the
    table the menu (Start), the log (View), the palette (Y), the rules (R3), all opened and left by the pad."""
    from game.scenes.help import HelpScene
    from game.scenes.lessons import LessonsScene
    from game.scenes.message import ConfirmScene
    from game.scenes.pause import PauseScene
    pad = plug("playstation")
    app.push(app.make("title"))
    app.frame()
    title = app.top
    for label, kind in (("Learn to play", LessonsScene), ("Rules", HelpScene), ("Settings", None)):
        choose(app, pad, label)
        assert app.top is not title and (kind is None or isinstance(app.top, kind)), label
        press(app, pad, B, frames=2)
        assert app.top is title, f"B leaves {label}"
    choose(app, pad, "New game")
    setup = app.top
    assert isinstance(setup, SetupScene)
    seat = next(i for i, w in enumerate(setup.form.widgets) if w.label.startswith("Seat 2"))
    focus_on(app, pad, setup.form, seat)
    for _ in range(4):                                # seat 2: a bot -> a person
        if setup.seats[1] != "human":
            press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert setup.seats[1] == "human"
    choose(app, pad, "Pass and play…" if any(w.label == "Pass and play…" for w in setup.form.widgets)
           else next(w.label for w in setup.form.widgets if w.label.startswith("Pass and play")))
    seats_page = app.top
    assert seats_page is not setup
    first_pin = next(i for i, w in enumerate(seats_page.form.widgets) if "PIN" in w.label)
    focus_on(app, pad, seats_page.form, first_pin)
    press(app, pad, A)
    keypad = app.top                                 # the PIN keypad: 1, 2, 3, 4 twice by the pad
    for _ in range(2):
        for digit in "1234":
            focus_on(app, pad, keypad.pad.form, "1234567890".index(digit))
            press(app, pad, A)
    assert app.top is seats_page and 0 in setup.pins
    press(app, pad, B, frames=2)
    assert app.top is setup
    choose(app, pad, "Start", frames=3)
    while not isinstance(app.top, TableScene):
        top = app.top
        assert isinstance(top, HandoffScene), type(top).__name__
        if top.pad is not None:                       # the PIN chosen above
            for digit in "1234":
                focus_on(app, pad, top.form, "1234567890".index(digit))
                press(app, pad, A)
        else:
            press(app, pad, A)
        app.frame()
    table = app.top
    for _ in range(200):
        if table.legal and not table.anim.busy and app.top is table:
            break
        app.frame()
    press(app, pad, pygame.CONTROLLER_BUTTON_START)
    assert isinstance(app.top, PauseScene)
    press(app, pad, B)
    assert app.top is table
    shown = table.log.show
    press(app, pad, pygame.CONTROLLER_BUTTON_BACK)
    assert table.log.show != shown
    press(app, pad, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert isinstance(app.top, HelpScene)
    press(app, pad, B, frames=2)
    assert app.top is table
    press(app, pad, pygame.CONTROLLER_BUTTON_Y)
    assert table.menus.palette is not None, "the palette of every legal action"
    before = len(table.match.decisions)
    press(app, pad, A, frames=3)
    if isinstance(app.top, ConfirmScene):             # a decision that asks first (X42)
        choose(app, pad, app.top.form.widgets[-1].label)
    assert len(table.match.decisions) == before + 1, "A chose the palette's first action"
