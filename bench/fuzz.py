"""Fuzzing: many games between random and rule-based bots, with and without the advanced rules, checking the
engine's invariants after every action.

    python bench/fuzz.py --games 5000 [--workers 2] [--seed 0] [--all-options]

Checked after every action: the invariants of engine/invariants.py (pieces conserved against the counter mix,
one place per piece, villages within squares, control following villages, piles intact), legal actions never
empty while the game runs, and the VP track equal to a recount right after each Victory step. Checked every few
actions: every legal action applies to a copy; made-up illegal actions are refused with the state unchanged; and
the hidden-information property of X9 (a re-deal of what a player cannot know leaves their view unchanged); each
viewer's count of unseen log events against a recount, and each player's own supply (never negative, X33, X40).
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import play, redeal, track_violations, view_violations, violations
from engine.ai import BOTS, ask

FLAGS = ("variable_starting_pieces", "saved_resources", "malaria", "south_island", "kumara", "random_events")
DEEP_EVERY = 25          # actions between the expensive checks


@dataclass
class Report:
    games: int = 0
    finished: int = 0
    actions: int = 0
    checks: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Report) -> None:
        self.games += other.games
        self.finished += other.finished
        self.actions += other.actions
        self.checks += other.checks
        self.failures += other.failures


def setup_of(game: int, all_options: bool = False) -> tuple[int, list[str], dict]:
    """Game number -> players, bots per seat, options: cycles through every mix (`all_options`: every advanced rule
    in every game, the variable game end in every fifth)."""
    players = 2 + game % 3
    bots = [("random", "rules")[(game // 3 + seat) % 2] if game % 4 == 3 else ("random", "rules")[game // 3 % 2]
            for seat in range(players)]
    mode = 1 if all_options else game // 6 % 3
    options: dict = {} if mode == 0 else dict.fromkeys(FLAGS, True) if mode == 1 else {
        flag: True for i, flag in enumerate(FLAGS) if (game >> i) & 1}
    if mode and game % 5 == 0:
        options["variable_game_end"] = 18
    return players, bots, options


def play_checked(rules: engine.Ruleset, game: int, seed: int, max_turns: int, all_options: bool = False) -> Report:
    report = Report(games=1)
    players, kinds, options = setup_of(game, all_options)
    state = engine.new_game(rules, players, seed, options)
    bots = {name: BOTS[kinds[i]](name, seed, rules) for i, name in enumerate(state.names)}
    where = f"game {game} (seed {seed}, {players}p, bots {kinds}, options {sorted(options)})"

    def before(s: engine.GameState) -> bool:
        """The checks of a position about to be played: True (stop) once the game is over; a failure raises."""
        if engine.is_over(s):
            return True
        legal = engine.legal_actions(s)
        report.checks += 1
        if not legal:
            raise AssertionError("no legal action while the game runs")
        if report.actions % DEEP_EVERY == 0:
            report.checks += deep_checks(s, legal, seed + report.actions)
        return False

    def after(s: engine.GameState, events: list[engine.Event]) -> None:
        report.actions += 1
        broken = violations(s)
        if any(e.kind == "step_started" and e.get("step") == "victory" for e in events):
            broken += track_violations(s)
        report.checks += 1
        if broken:
            raise AssertionError("; ".join(broken))
    try:
        play(state, ask(bots), until_turn=max_turns + 1, until=before, on_action=after)
        report.finished += engine.is_over(state)
    except Exception as exc:  # noqa: BLE001 - a fuzzer reports every failure with where it happened
        report.failures.append(f"{where}, action {report.actions}: {type(exc).__name__}: {exc}")
    return report


def deep_checks(state: engine.GameState, legal: list[engine.Action], salt: int) -> int:
    """Every legal action applies; illegal ones are refused with nothing changed; X9 holds for every player."""
    for action in legal:
        engine.apply(state.clone(), action)
    before = engine.state_hash(state)
    for bogus in (engine.Action("go", ("9999",)), engine.Action("fly", ()),
                  engine.Action(legal[0].verb, legal[0].args + ("extra",))):
        try:
            engine.apply(state, bogus)
        except engine.IllegalAction:
            pass
        else:
            raise AssertionError(f"the illegal action {bogus} was accepted")
    if engine.state_hash(state) != before:
        raise AssertionError("a refused action changed the state")
    broken = view_violations(state)
    if broken:
        raise AssertionError("; ".join(broken))
    for p, name in enumerate(state.names):
        if engine.observe(state, name, log=False) != engine.observe(redeal(state, p, salt), name, log=False):
            raise AssertionError(f"X9: {name}'s view changed when only what they cannot know changed")
    return len(legal) + 3 + state.players


def run_chunk(args: tuple[int, int, int, int, bool]) -> Report:
    first, count, seed, max_turns, all_options = args
    rules = engine.load_ruleset()
    report = Report()
    for game in range(first, first + count):
        report.add(play_checked(rules, game, seed + game, max_turns, all_options))
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-turns", type=int, default=80)
    parser.add_argument("--all-options", action="store_true", help="every advanced rule in every game")
    args = parser.parse_args()
    start = time.perf_counter()
    chunk = max(1, args.games // (args.workers * 8))
    jobs = [(g, min(chunk, args.games - g), args.seed, args.max_turns, args.all_options)
            for g in range(0, args.games, chunk)]
    total = Report()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for part in pool.map(run_chunk, jobs):
            total.add(part)
    elapsed = time.perf_counter() - start
    print(f"{total.games} games ({total.finished} ended by victory), {total.actions:,} actions, "
          f"{total.checks:,} invariant checks, {len(total.failures)} failures, {elapsed:.0f} s")
    for failure in total.failures[:20]:
        print("FAILURE", failure)
    sys.exit(1 if total.failures else 0)


if __name__ == "__main__":
    main()
