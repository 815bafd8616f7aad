"""Headless games between bots: the engine's own driver for `main.py --headless`, tests and benchmarks."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .ai import BOTS, Bot, ask
from .driver import play
from .game import is_over, winner
from .ruleset import Ruleset
from .setup import new_game
from .state import GameState


@dataclass
class GameResult:
    seed: int
    players: tuple[str, ...]
    turns: int
    actions: int
    winner: str | None
    over: bool
    vp: dict[str, Fraction] = field(default_factory=dict)
    # each seat's bot, to read its statistics (bench/bots.py)
    bots: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, state: GameState, seed: int, max_turns: int | None, actions: int,
           bots: Mapping[str, Any] | None = None) -> GameResult:
        """The result of a game played `actions` actions (chance included) from its start, stopped at the end of
        turn `max_turns` if it had not ended (None: no turn limit)."""
        turns = state.turn if max_turns is None else min(state.turn, max_turns)
        return cls(seed, state.names, turns, actions, winner(state), is_over(state),
                   {name: state.vp_track[p] for p, name in enumerate(state.names)}, dict(bots or {}))

    def summary(self) -> str:
        """One line: who won (or why nobody did), how many actions, the VP of each player."""
        outcome = (f"{self.winner} wins" if self.winner else "a shared victory" if self.over
                   else f"no winner after {self.turns} turns")
        return (f"game seed {self.seed}: {outcome}; {self.actions} actions; VP "
                + ", ".join(f"{k} {vp_text(v)}" for k, v in self.vp.items()))


def vp_text(vp: Fraction) -> str:
    """VP as the track shows them, a half point as ½ (an atoll in a transit chain scores ½, V1): 17/2 reads
    8½."""
    whole, half = divmod(vp, 1)
    return f"{int(whole)}½" if half == Fraction(1, 2) else str(vp)


def play_game(rules: Ruleset, players: int | Sequence[str], seed: int, bots: Sequence[str],
              max_turns: int, options: Mapping[str, Any] | None = None,
              on_turn: Callable[[GameState], None] | None = None,
              make_bot: Callable[[str, str], Bot] | None = None) -> tuple[GameState, GameResult]:
    """Play one game with one bot kind per seat until it ends or `max_turns` turns have been played.
    `make_bot(kind, name)` builds a seat's bot where the defaults will not do (a benchmark's search budget)."""
    state = new_game(rules, players, seed, options)
    make: Callable[[str, str], Bot] = make_bot or (lambda kind, name: BOTS[kind](name, seed, rules))
    seats = {name: make(bots[i % len(bots)], name) for i, name in enumerate(state.names)}
    actions = play(state, ask(seats), until_turn=max_turns + 1, on_turn=on_turn)
    return state, GameResult.of(state, seed, max_turns, actions, seats)
