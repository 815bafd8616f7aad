"""One online game on the server: the engine's state, each seat's kind, the bots, undo, and the log kept in the
store. Every change goes the same way: applied here, written to the store, then shown (each seat's sight made
once by protocol.seat_sight, completed per connection into seat_update's message); nothing is shown that the store
does not hold, so a client never holds an event a killed server could lose.
"""
from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

import engine
from engine.ai import BOTS, Bot, SearchBot, Sight

from .. import botpool
from . import protocol
from .store import Store, StoredGame

HUMAN = "human"
REPLACEMENT = "normal"           # the bot a seat is given when the others agree its player left for good


class OnlineGame:
    """A game the server holds. `persist` False for a position no start replays (a test's re-dealt twin): such a
    game lives in memory only."""

    def __init__(self, game_id: str, state: engine.GameState, seats: Mapping[str, str], store: Store | None,
                 versions: Mapping[str, int] | None = None):
        self.id = game_id
        self.state = state
        self.rules = state.rules
        self.seats = {name: seats[name] for name in state.names}
        self.store = store
        self.undo = engine.Undo()                     # the deciding human's own decisions since a barrier (X42)
        self.stored = len(state.actions_done())       # actions the store holds
        self.bots: dict[str, Bot] = {}
        for name, kind in self.seats.items():
            if kind != HUMAN:
                self.bots[name] = BOTS[kind](name, state.seed, self.rules)
        self.thinking: botpool.Job | None = None      # a Hard bot's search in the worker process
        self.agreed: dict[str, set[str]] = {}         # seat to hand to a bot -> the seats that agreed
        # Each seat's version ("" the spectators'): how many times what that seat may see has changed, so that
        # neither the numbers nor the updates sent tell a seat of a change it cannot see (a secret build, X8, X40).
        self.versions = {key: (versions or {}).get(key, 0) for key in ("", *state.names)}
        self._seen: dict[str, protocol.Update] = self._sights()     # each one's sight as the newest change left it
        # Each undo that took events back from a seat (X42): the seat's version after it and its event count then,
        # so that a client that held the events taken back is sent them anew when it opens the seat again. A
        # restored game knows none made before this server started: `known` is the version from which on it does.
        self.cuts: dict[str, list[tuple[int, int]]] = {key: [] for key in self.versions}
        self.known = dict(self.versions)
        self.left: dict[str, list[tuple[int, int]]] = {}   # seat -> its last connection's newest updates
        # The JSON of the parts of each one's sight the same for all its messages (`wire`), made at its first
        # message after a change: the sight it was made from, its decision's text and its view's parts (the next
        # view's are made from them, protocol.encode_again); the public view's once for all.
        self._texts: dict[str, tuple[protocol.Update, str, protocol.Encoded | None]] = {}
        self._public: protocol.Encoded | None = None

    @classmethod
    def restored(cls, stored: StoredGame, rules: engine.Ruleset, store: Store) -> OnlineGame:
        """A stored game replayed from its start and log (engine.replay checks every drawn outcome)."""
        state = engine.replay(stored.start, stored.actions, rules, f"game {stored.id}")
        return cls(stored.id, state, stored.seats, store, stored.versions)

    # --- what the server asks ----------------------------------------------------------------------------------

    @property
    def to_act(self) -> str | None:
        return engine.current_player(self.state)

    @property
    def over(self) -> bool:
        return engine.is_over(self.state)

    def humans(self) -> list[str]:
        return [name for name, kind in self.seats.items() if kind == HUMAN]

    def update(self, seat: str | None, since: int) -> protocol.Update:
        """The seat's (None: a spectator's) message now, with its events from its event number `since`: its
        sight as the newest change left it, completed."""
        return protocol.with_events(self._seen[seat or ""], self.state, since)

    def wire(self, seat: str | None, since: int) -> tuple[protocol.Update, str]:
        """The seat's message now (`update`) and its JSON text (`protocol.encode` of it, the same bytes), the
        parts that do not depend on `since` encoded once per change: the public view for every seat, each one's
        view and decision for all its connections."""
        update = self.update(seat, since)
        return update, protocol.encode_update(update, self._parts(seat or ""))

    def _parts(self, key: str) -> dict[str, str]:
        sight = self._seen[key]
        made = self._texts.get(key)
        if made is None or made[0] is not sight:
            view = protocol.encode_again(sight["view"], made[2] if made is not None else None) if key else None
            made = self._texts[key] = sight, protocol.encode(sight["decision"]), view
        if self._public is None or self._public[0] is not sight["public"]:
            self._public = protocol.encode_again(sight["public"], self._public)
        public = protocol.joined(self._public)
        return {"public": public, "decision": made[1], "view": public if made[2] is None else protocol.joined(made[2])}

    def parted(self, seat: str, written: Iterable[tuple[int, int]]) -> None:
        """A connection of the seat ended; the newest updates it was written, as (event count, version)."""
        self.left[seat] = list(written)

    def still_held(self, seat: str | None, since: int) -> int:
        """How many of the `since` events a client opening the seat (None: watching) holds are still the seat's:
        an undo made after the client got them (X42) took back those from the seat's event count then on. The
        client holds them as of the earliest of the seat's last connection's newest updates that gave as many
        events; of any other client (a spectator, another device, a restarted server) every undo known counts."""
        key = seat or ""
        held = [version for count, version in self.left.get(key, ()) if count == since] if seat else []
        version = min(held, default=self.known[key])
        return min([since, *(size for at, size in self.cuts[key] if at > version)])

    def _sights(self) -> dict[str, protocol.Update]:
        """What each seat and the spectators may see now, the public view made once for all, each at the
        version it has."""
        public = engine.observe(self.state, None, log=False)
        to_act = self.to_act
        return {key: protocol.seat_sight(self.state, self.id, key or None, self.versions[key], self.seats,
                                         self.undo.steps(self.state) if key and key == to_act else 0, public)
                for key in self.versions}

    def _look(self) -> None:
        """After a change: each seat whose sight changed is one version on (and its sight is kept, to be sent)."""
        for key, now in self._sights().items():
            if now != self._seen[key]:
                self.versions[key] += 1
                now["version"] = self.versions[key]
                self._seen[key] = now

    def summary(self, seat: str) -> dict[str, Any]:
        """A line of a player's games list: whose turn it is, whether it is theirs."""
        view = engine.observe(self.state, None, log=False)
        to_act = self.to_act
        return {"game": self.id, "seat": seat, "turn": view["turn"], "step": view["step"],
                "to_act": view["decision"]["who"] if to_act is not None else None,
                "yours": to_act == seat and self.seats.get(seat) == HUMAN, "over": self.over,
                "seats": dict(self.seats)}

    # --- changes -------------------------------------------------------------------------------------------------

    def act(self, seat: str, action: engine.Action) -> engine.Reason | None:
        """A human seat's decision: the reason it is refused (nothing changed), or None once it is applied and
        stored."""
        if self.seats.get(seat) != HUMAN or self.to_act != seat:
            return engine.Reason("T1", "not_now")
        if action not in engine.legal_actions(self.state):
            return engine.why_not(self.state, action) or engine.Reason("T1", "not_now")
        self.undo.apply(self.state, action)
        self.commit()
        return None

    def take_back(self, seat: str) -> bool:
        """Undo the seat's newest decision (X42); False when it has none to take back."""
        if self.to_act != seat or not self.undo.steps(self.state):
            return False
        sizes = {key: sight["log_size"] for key, sight in self._seen.items()}
        self.state = self.undo.undo(self.state)
        self.commit()
        for key, size in sizes.items():
            if self._seen[key]["log_size"] < size:
                self.cuts[key].append((self.versions[key], self._seen[key]["log_size"]))
        return True

    def play_on(self, most: int, seconds: float) -> tuple[int, bool]:
        """Chance and the bots play up to `most` actions, for at most about `seconds`, and they are stored (in one
        write, before anyone is shown them); how many were played, and whether a Hard bot is still thinking in
        the worker."""
        played = 0
        until = time.perf_counter() + seconds
        while played < most and time.perf_counter() < until and engine.step(self.state, self._choice) is not None:
            self.undo.passed()
            played += 1
        if played:
            self.commit()
        return played, self.thinking is not None

    def _choice(self, _: engine.GameState, who: str) -> engine.Action | None:
        """A bot seat's decision, if it has one now (a Hard bot's plan point is thought in the worker)."""
        if self.seats[who] == HUMAN:
            return None
        bot, sight = self.bots[who], Sight(self.state, who)
        legal = engine.legal_actions(self.state)
        if isinstance(bot, SearchBot) and bot.plans_here(sight()):
            if self.thinking is None:
                pool = botpool.shared()
                pool.start(self.rules)
                self.thinking = pool.submit(bot, sight.snapshot(), legal)
            done = self.thinking.result(0)
            if done is None:
                return None
            self.thinking = None
            choice, self.bots[who] = done
            return choice
        return bot.choose(sight, legal)

    def replace(self, seat: str, by: str, agree: bool) -> bool:
        """`by` agrees (or no longer agrees) that `seat`'s player left for good; once every other human seat
        agrees, the seat is given to a Normal bot. True when it was."""
        if self.seats.get(seat) != HUMAN or self.seats.get(by) != HUMAN or seat == by:
            return False
        votes = self.agreed.setdefault(seat, set())
        (votes.add if agree else votes.discard)(by)
        if not votes.issuperset(h for h in self.humans() if h != seat):
            return False
        self.seats[seat] = REPLACEMENT
        self.bots[seat] = BOTS[REPLACEMENT](seat, self.state.seed, self.rules)
        del self.agreed[seat]
        self._look()
        if self.store is not None:
            self.store.set_seat_kind(self.id, self.seats, self.versions)
        return True

    def commit(self) -> None:
        """Write the log as it stands now (after an undo it is shorter), with the seats' versions, before anyone
        is shown it."""
        self._look()
        history = self.state.actions_done()
        keep = min(self.stored, len(history))
        if self.store is not None:
            self.store.record(self.id, keep, [[str(a), drawn] for a, drawn in history[keep:]], self.versions,
                              self.over)
        self.stored = len(history)

    def stop(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
