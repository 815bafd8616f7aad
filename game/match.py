"""The one object that holds the game: seats, legal actions, applying them, bots deciding (a Hard bot's searches
in another process, off the frame loop), the autosave. Scenes ask it for a viewer's view and events and hand it
actions; they never see the state.

Who sees what (CLIENT.md): the viewer is the human who decides now; with one human seat, always that human;
with bots only, or between the decisions of several humans, the public view (`engine.observe` for no player).
"""
from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import engine
from engine import STEP_NAMES, GameResult, play, step
from engine.ai import BOTS, Bot, SearchBot, Sight, ask

from . import botpool, savefile
from .gamelock import GameLock
from .seats import SeatSettings, standing

HUMAN = "human"
SEAT_KINDS = (HUMAN, *BOTS)
PACE = {"slow": 0.7, "normal": 0.3, "fast": 0.08, "instant": 0.0}     # seconds between automatic actions
FRAME_BUDGET = 0.006               # at speed instant, seconds of play per frame before the frame is drawn


class Match:
    """A game under way in the window, held here: the local host of game/host.py."""

    status: str | None = None             # no connection to follow: the game is in this process

    def __init__(self, rules: engine.Ruleset, state: engine.GameState, seats: Mapping[str, str], seed: int,
                 speed: str = "normal", autosave: Path | None = None, max_turns: int | None = None,
                 actions: int = 0, settings: Mapping[str, SeatSettings] | None = None,
                 make_bot: Callable[[str, str], Bot] | None = None, game_id: str | None = None):
        self.rules = rules
        self._state = state
        self.seed = seed
        self.names: tuple[str, ...] = tuple(state.names)
        self.seats = {name: seats[name] for name in self.names}
        # Each human seat's pass-and-play settings (PIN, card windows, standing orders): game/seats.py.
        self.settings = {name: (settings or {}).get(name) or SeatSettings()
                         for name in self.names if self.seats[name] == HUMAN}
        for seat in self.settings.values():       # a wrong PIN is on the disk before the hand-off says so
            seat.keep = partial(self.autosave_now, wait=True)
        self._auto: tuple[int, engine.Action | None] = (-1, None)
        self._holder: str | None = None      # the human who last had the screen (with several humans)
        self.speed = speed
        # Where this game's autosaves go: the data folder's autosaves, in a folder of the game's own (its id).
        self.game_id = game_id or savefile.new_game_id()
        self.origin = self.game_id        # the game it was saved as (another where it branched off: `load`)
        self.autosave = autosave
        self.autosave_error: str | None = None     # why the last autosave failed (the table says so)
        self._saving: threading.Thread | None = None      # the autosave being written
        self._lock: GameLock | None = None    # held while a window plays the game (`claim`): one writer a game
        self.closed = False
        self.picture: Callable[[], bytes | None] | None = None     # the map's picture for a save (the table's)
        self.max_turns = max_turns
        self.actions = actions            # actions applied since the game began (chance included)
        self.version = 0                  # grows with every action: views are cached per version
        self.decisions: list[engine.Action] = []      # the humans' decisions in this window, in order
        self._undo = engine.Undo()        # the positions before the deciding human's own decisions (X42)
        self.last_player: str | None = None   # who made the newest decision (chance aside)
        self.rewinds = 0                  # undos made: each takes the log back (the table reads it again)
        # Each bot seat's bot (`make_bot(kind, name)` where the defaults will not do: a test's search budget).
        make: Callable[[str, str], Bot] = make_bot or (lambda kind, name: BOTS[kind](name, seed, rules))
        self._bots = {name: make(kind, name) for name, kind in self.seats.items() if kind != HUMAN}
        self._pool = botpool.shared()
        if any(isinstance(bot, SearchBot) for bot in self._bots.values()):
            self._pool.start(rules)           # now, so the first search does not wait for the worker to start
        self._thinking: botpool.Job | None = None
        self._sight: tuple[int, Sight] | None = None      # the bot's sight of the decision now, made once
        self._wait = 0.0                  # seconds before the next automatic action may be applied
        self._views: dict[tuple[str | None, int], engine.View] = {}
        self._at_step = (state.turn, state.step)

    @classmethod
    def new(cls, rules: engine.Ruleset, players: int | Sequence[str], seats: Sequence[str], seed: int,
            options: Mapping[str, Any] | None = None, **kw: Any) -> Match:
        """A new game with one seat kind per player in seat order (or one kind for every seat), set up exactly
        as engine.play_game does, so that the same seats, seed and options give the same game."""
        state = engine.new_game(rules, players, seed, options)
        kinds = {name: seats[i % len(seats)] for i, name in enumerate(state.names)}
        return cls(rules, state, kinds, seed, **kw)

    @classmethod
    def load(cls, rules: engine.Ruleset, path: Path, **kw: Any) -> Match:
        """A saved game with its seats (game/savefile.py: one file, or the two-file form of before); SaveError
        (one line) if any part is unusable. The game keeps its id, so its autosaves go on in its own folder; a
        save of another point than where those autosaves stand is a game of its own from here, with an id of its
        own, so that playing on from it never replaces where the game got to (issue 40)."""
        contents = savefile.read(path)
        state = engine.from_data(contents.game, rules, str(path))
        try:
            seats = {name: "human" if contents.seatless else contents.seats[name] for name in state.names}
            settings = {name: SeatSettings.from_dict(value, unusable_pin=True)     # junk: a PIN to reset
                        for name, value in contents.settings.items() if name in seats}
        except KeyError as exc:
            raise engine.SaveError(f"{path}: no seat is given for {exc.args[0]}") from None
        except (ValueError, TypeError, AttributeError) as exc:
            raise engine.SaveError(f"{path}: the seats cannot be read ({exc})") from None
        if not all(kind in SEAT_KINDS for kind in seats.values()):
            raise engine.SaveError(f"{path} names an unknown seat kind")
        origin = contents.meta.game_id
        root = kw.get("autosave")
        branched = root is not None and savefile.Autosaves(root, origin).left_behind(contents.game)
        match = cls(rules, state, seats, state.seed, actions=len(state.actions_done()), settings=settings,
                    game_id=savefile.new_game_id() if branched else origin, **kw)
        match.origin = origin
        return match

    # --- what scenes may ask ----------------------------------------------------------------------------------

    @property
    def to_act(self) -> str | None:
        """The player who decides now, engine.CHANCE, or None when the game is over."""
        if self.stopped:
            return None
        return engine.current_player(self._state)

    @property
    def over(self) -> bool:
        return engine.is_over(self._state)

    @property
    def stopped(self) -> bool:
        """The game ended, or reached the turn limit of this run."""
        return self.over or (self.max_turns is not None and self._state.turn > self.max_turns)

    @property
    def humans(self) -> list[str]:
        return [name for name in self.names if self.seats[name] == HUMAN]

    def human_to_act(self) -> str | None:
        """The human who decides now; None for a bot, chance, or a card window that standing orders answer."""
        who = self.to_act
        if who not in self.seats or self.seats[who] != HUMAN or self.standing() is not None:
            return None
        return who

    def standing(self) -> engine.Action | None:
        """The answer to the decision now, when it is a card window of a human seat that answers windows by
        standing orders (game/seats.py); cached until the next action."""
        if self._auto[0] == self.version:
            return self._auto[1]
        who = self.to_act
        settings = self.settings.get(who) if isinstance(who, str) else None
        answer = None if settings is None else standing(settings, engine.legal_actions(self._state),
                                                         lambda: self.view(who), self.rules)
        self._auto = (self.version, answer)
        return answer

    def viewer(self) -> str | None:
        """Whose view the table shows now (CLIENT.md, who sees what): the only human; else the human who decides
        now. A decision made without a hand-off inside a human's part of a step (a die roll, a bot's panic pick
        or retreat, a standing order) leaves the screen with that human; a bot's own part shows the public
        view."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        who = self.human_to_act()
        if who is not None:
            self._holder = who
            return who
        if self.to_act is not None and self.view(None).get("active") == self._holder:
            return self._holder
        return None

    def view(self, viewer: str | None) -> engine.View:
        """engine.observe for the viewer (None: the public view), without the log; cached until the next action."""
        key = (viewer, self.version)
        view = self._views.get(key)
        if view is None:
            if len(self._views) > 8:
                self._views.clear()
            view = self._views[key] = engine.observe(self._state, viewer, log=False)
        return view

    def events(self, viewer: str | None, since: int) -> tuple[list[engine.LogEntry], int]:
        """The events from index `since` of the whole log that the viewer may see, and the log's size."""
        return engine.events_since(self._state, viewer, since)

    def recap_from(self) -> int | None:
        """No recap when the table opens: at one screen, "since your last turn" follows the hand-offs."""
        return None

    def legal(self) -> list[engine.Action]:
        """The legal actions of the human who decides now (empty when a bot or chance decides)."""
        if self.human_to_act() is None:
            return []
        return engine.legal_actions(self._state)

    def why(self, action: engine.Action) -> engine.Reason | None:
        """Why the action is not legal now (None if it is): the rule a refused gesture broke."""
        return engine.why_not(self._state, action)

    def refusals(self, actions: Sequence[engine.Action]) -> list[engine.Reason | None]:
        return [self.why(action) for action in actions]

    def route(self, action: engine.Action) -> list[str]:
        """The hexes the action's move would pass through, to draw before the player commits."""
        return engine.route(self._state, action)

    def act(self, action: engine.Action) -> list[engine.Event]:
        """A human's decision. IllegalAction (with the reason) leaves the game unchanged."""
        if self.human_to_act() is None:
            raise engine.IllegalAction("it is not a human player's decision now")
        self.last_player = self.human_to_act()
        events = self._undo.apply(self._state, action)
        self._applied()
        self.decisions.append(action)
        return events

    def undoable(self) -> int:
        """How many of the deciding human's own decisions may be taken back now (ruling X42)."""
        return self._undo.steps(self._state) if self.human_to_act() is not None else 0

    def undo(self) -> None:
        """Take back the deciding human's newest decision (ValueError when none can be)."""
        if not self.undoable():
            raise ValueError("nothing can be undone now")
        self._state = self._undo.undo(self._state)
        self.decisions.pop()
        self.actions -= 1
        self.rewinds += 1
        self._moved()

    def barrier(self, action: engine.Action) -> engine.Barrier | None:
        """What making the action would do that cannot be undone (a reveal, a draw, a hand-off, a new step)."""
        return engine.barrier(self._state, action)

    def result(self) -> GameResult:
        """The game's result as the headless runner reports it (same seats, seed and options: same line)."""
        return GameResult.of(self._state, self.seed, self.max_turns, self.actions)

    def absent(self) -> list[str]:
        """Every player of a game at one screen is at it."""
        return []

    def replace(self, seat: str) -> None:
        raise ValueError(f"{seat} plays at this screen: only an online seat is given to a bot")

    def state_hash(self) -> str:
        return engine.state_hash(self._state)

    def contents(self, name: str = "", picture: bool = True) -> savefile.Contents:
        """The game as a save holds it: the engine's save, the seats, the public facts, the map's picture (not
        in the autosaves of each step: drawing and packing it takes a frame's time or more)."""
        return self._packer(name, picture)()

    def _packer(self, name: str, picture: bool) -> Callable[[], savefile.Contents]:
        """What a save needs, taken now (a clone of the state, the public facts, the picture), and the packing of
        it, which may run on another thread: the engine's save data and its hash take milliseconds."""
        state, seats = self._state.clone(), dict(self.seats)
        players = savefile.public_players(self.view(None), seats)
        settings = {seat: s.to_dict() for seat, s in self.settings.items()}
        shot = self.picture() if picture and self.picture is not None else None
        game_id, saved = self.game_id, time.time()

        def pack() -> savefile.Contents:
            meta = savefile.Meta(game_id, name, saved, state.turn, STEP_NAMES[state.step], players,
                                 dict(state.options))
            return savefile.Contents(engine.save_data(state), seats, settings, meta, shot)
        return pack

    def save(self, path: Path, name: str = "") -> None:
        """The game in one file, written atomically (game/savefile.py); SaveError (one line) if it cannot be."""
        savefile.write(path, self.contents(name))

    def fast_forward(self, turn: int) -> None:
        """Bots play every seat (a human seat with the rule bot) until turn `turn` starts or the game stops."""
        self._forget_thinking()
        bots = {name: self._bots.get(name) or BOTS["normal"](name, self.seed, self.rules) for name in self.names}
        play(self._state, ask(bots), until_turn=turn, until=lambda _: self.stopped,
             on_action=lambda _, events: self._applied())
        self._undo.passed()

    # --- time passes ------------------------------------------------------------------------------------------

    def tick(self, dt: float, chance_only: bool = False) -> bool:
        """Let chance and the bots play, paced by the speed; True if anything happened. At speed instant, as
        many actions as fit in a few milliseconds. A search runs in the worker process, never on the frame loop.
        With `chance_only`, only draws and rolls (the bots wait: a tutorial's lesson is being read)."""
        if chance_only and self.to_act != engine.CHANCE:
            return False
        if self.stopped:
            return False
        pace = PACE.get(self.speed, PACE["normal"])
        if pace == 0:
            deadline = time.perf_counter() + FRAME_BUDGET
            moved = False
            while not self.stopped and time.perf_counter() < deadline:
                if chance_only and self.to_act != engine.CHANCE:
                    break
                if not self._step(block=deadline - time.perf_counter()):
                    break
                moved = True
            return moved
        self._wait -= dt
        if self._wait > 0:
            self._start_thinking()
            return False
        if self._step(block=0):
            self._wait = pace
            return True
        return False

    def _step(self, block: float) -> bool:
        """Apply one automatic action if one is ready (waiting up to `block` seconds for a bot in the worker)."""
        deciding = engine.current_player(self._state)
        if step(self._state, lambda _, who: self._choice(who, block)) is None:
            return False
        if deciding != engine.CHANCE:
            self.last_player = deciding
        self._undo.passed()
        self._applied()
        return True

    def _choice(self, who: str, block: float) -> engine.Action | None:
        """The automatic decision of `who`, if there is one now: a human's standing order, a bot's choice."""
        if self.seats[who] == HUMAN:
            return self.standing()
        if self._thinking is None and not self._start_thinking():
            return self._bots[who].choose(self._sight_of(who), engine.legal_actions(self._state))
        assert self._thinking is not None
        done = self._thinking.result(block)
        if done is None:
            return None
        self._thinking = None
        choice, self._bots[who] = done
        return choice

    def _start_thinking(self) -> bool:
        """Send a Hard bot's plan point, where it searches, to the worker process (game/botpool.py) with all
        it may know: its view and a position re-dealt from it. The other decisions take a fraction of a
        millisecond and are made here, when they are due. True if the bot is thinking in the worker."""
        if self._thinking is not None:
            return True
        who = engine.current_player(self._state)
        if who is None or who == engine.CHANCE or self.seats[who] == HUMAN:
            return False
        bot, sight = self._bots[who], self._sight_of(who)
        if not (isinstance(bot, SearchBot) and bot.plans_here(sight())):
            return False
        self._thinking = self._pool.submit(bot, sight.snapshot(), engine.legal_actions(self._state))
        return True

    def _sight_of(self, who: str) -> Sight:
        if self._sight is None or self._sight[0] != self.version:
            self._sight = (self.version, Sight(self._state, who))
        return self._sight[1]

    def _forget_thinking(self) -> None:
        """Drop the decision the worker is thinking (its search stops at once); the bot stays as it was."""
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None

    def _applied(self) -> None:
        """An action was applied: count it, then as for any new position."""
        self.actions += 1
        self._moved()

    def _moved(self) -> None:
        """The position changed (an action, an undo): drop the views of the one before, autosave at a new
        step."""
        self.version += 1
        self._views.clear()
        step = (self._state.turn, self._state.step)
        if step != self._at_step:
            self._at_step = step
            self.autosave_now()

    def autosave_now(self, picture: bool = False, wait: bool = False) -> None:
        """Save the game in its own autosaves (after every step, before every hand-off, with the map's picture
        when it leaves the window), packed and written on a thread of its own so that no frame waits for the disk
        (one at a time, in order; `wait`: until it is written). A failure never stops the game: it is kept in
        `autosave_error` for the table to show, and the autosaves already written stay whole."""
        if self.autosave is None:
            return
        pack, saves = self._packer("", picture), savefile.Autosaves(self.autosave, self.game_id)

        def write() -> None:
            try:
                saves.write(pack())
                self.autosave_error = None
            except engine.SaveError as exc:
                self.autosave_error = str(exc)
        self.wait_for_saves()
        self._saving = threading.Thread(target=write, name="autosave")
        self._saving.start()
        if wait:
            self.wait_for_saves()

    def wait_for_saves(self) -> None:
        """Until the autosave under way is written."""
        if self._saving is not None:
            self._saving.join()
            self._saving = None

    def claim(self) -> None:
        """The window plays this game from now on: its autosaves are this window's alone (game/gamelock.py).
        OpenElsewhere where another window has it open; a game that keeps no autosaves claims nothing."""
        if self.autosave is None or self._lock is not None:
            return
        lock = GameLock(self.autosave / self.game_id)
        lock.take()
        self._lock = lock

    def close(self, save: bool = True) -> None:
        """The game leaves the window (quit, load, a new game, a signal): it is saved whole (unless it was never
        the window's: `save` False), a bot still searching stops at once, and the game is free for another window.
        Closing again does nothing. The games before this
        one are collected now, between games: their scenes, surfaces and states are cyclic garbage that Python's
        own full collections, rare by design, would leave to pile up (PERFORMANCE.md)."""
        if self.closed:
            return
        self.closed = True
        if save:
            self.autosave_now(picture=True, wait=True)
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        for bot in self._bots.values():
            if hasattr(bot, "stop"):
                bot.stop()
        self._forget_thinking()
        gc.collect()
