"""The seam between the table and the authority (issue 39): what the scenes may ask of a game and hand it, and
nothing more. The table never holds a `GameState`; it asks its host, for the viewer at the screen, for views,
events, the decision's legal actions with their routes, barriers and refusals, and hands it decisions and undos.

Two hosts satisfy it: `game.match.Match`, which holds the game in this process (pass and play, bots, saves, the
tutorial, replays), and `game.online.remote.RemoteMatch`, a window onto one seat of a game a server holds
(docs/PROTOCOL.md), which learns the game only from the messages made for that seat (X9). What only a local game
has (save files, fast_forward) stays on `Match`, where the scenes that offer it check for a `Match` plainly;
`status` (None in this process) tells the table it follows a connection.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

import engine

from .seats import SeatSettings


class HostUnavailable(Exception):
    """The host could not answer (an online game's server is out of reach): the text is for the player, and the
    table shows it as a toast; the game itself is unchanged."""


@runtime_checkable
class Host(Protocol):
    """A game as the scenes see it: a local `Match` or a `RemoteMatch` of one seat online."""

    speed: str                              # the pace of bots and animations (slow, normal, fast, instant)
    picture: Callable[[], bytes | None] | None      # the map's picture for a save (set by the table)

    # --- who plays -----------------------------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        """The players in seat order."""
    @property
    def seats(self) -> Mapping[str, str]:
        """Each seat's kind: "human" or a bot level."""
    @property
    def humans(self) -> list[str]:
        """The human seats played at this screen (online: the seat of this window, none for a spectator)."""
    @property
    def settings(self) -> Mapping[str, SeatSettings]:
        """Each human seat's pass-and-play settings (PIN, card windows, standing orders); none online."""
    @property
    def seed(self) -> int:
        """The number every viewer's dice throws are drawn from (game/dice.py): the same for all who watch."""

    # --- where the game is ---------------------------------------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        """The player who decides now, engine.CHANCE, or None when the game is stopped."""
    @property
    def over(self) -> bool: ...
    @property
    def stopped(self) -> bool:
        """The game ended, or reached the turn limit of this run."""
    @property
    def actions(self) -> int:
        """Grows whenever the position moves on: the table reads new events when it changes."""
    @property
    def version(self) -> int:
        """Grows with every change of the position (an action, an undo): answers are cached per version."""
    @property
    def rewinds(self) -> int:
        """Grows whenever the log was taken back (an undo, X42): the table reads its log again from the start."""
    @property
    def decisions(self) -> list[engine.Action]:
        """The decisions made at this screen, in order (an undo takes the newest back)."""
    @property
    def last_player(self) -> str | None:
        """Who made the newest decision (chance aside)."""
    @property
    def autosave_error(self) -> str | None:
        """Why the last autosave failed, for the table to say."""
    @property
    def status(self) -> str | None:
        """The connection to the authority: None in this process, else "connected", "reconnecting" or "lost"."""

    def human_to_act(self) -> str | None:
        """The human at this screen who decides now (None: nobody here decides)."""
    def viewer(self) -> str | None:
        """Whose view the table shows now (None: the public view)."""
    def view(self, viewer: str | None) -> engine.View:
        """engine.observe for the viewer, without its log."""
    def events(self, viewer: str | None, since: int) -> tuple[list[engine.LogEntry], int]:
        """The viewer's events from its own index `since` (X40), and its log's size."""
    def recap_from(self) -> int | None:
        """Where "since your last turn" begins in the viewer's log when the table opens (None: no recap)."""

    # --- the decision --------------------------------------------------------------------------------------------
    def legal(self) -> list[engine.Action]:
        """The legal actions of the human at this screen who decides now (empty otherwise)."""
    def why(self, action: engine.Action) -> engine.Reason | None:
        """Why the action is refused now (None: legal); HostUnavailable when no answer came."""
    def refusals(self, actions: Sequence[engine.Action]) -> list[engine.Reason | None]:
        """why() of each action, asked at once; HostUnavailable when no answer came."""
    def route(self, action: engine.Action) -> list[str]:
        """The hexes a legal move passes through (empty or one hex when there is nothing to draw)."""
    def barrier(self, action: engine.Action) -> engine.Barrier | None:
        """What making a legal action would do that cannot be undone (X42)."""
    def undoable(self) -> int:
        """How many of the deciding human's own decisions may be taken back now (X42)."""
    def act(self, action: engine.Action) -> object:
        """A human's decision; IllegalAction (with the reason) or HostUnavailable leave the game unchanged."""
    def undo(self) -> None:
        """Take back the deciding human's newest decision; ValueError or HostUnavailable when it cannot be."""
    def tick(self, dt: float, chance_only: bool = False) -> bool:
        """Let time pass: bots and chance (or the messages received) move the game on; True if anything did."""

    # --- around the game -----------------------------------------------------------------------------------------
    def result(self) -> engine.GameResult:
        """The game's result line, as the headless runner reports it."""
    def absent(self) -> list[str]:
        """The other human seats whose players seem gone, which the others may agree to give to a bot."""
    def replace(self, seat: str) -> None:
        """Agree to give `seat` to a bot (online: once every other human agrees)."""
    def autosave_now(self, picture: bool = False, wait: bool = False) -> None: ...
    def claim(self) -> None:
        """The window plays this game from now on (game/gamelock.py)."""
    def close(self, save: bool = True) -> None:
        """The game leaves the window; closing again does nothing."""

