"""The speed guard, a step of CI (never a test: tests assert behaviour, not timings): the engine's random play and
clone rates of this work tree against those of the previous commit, measured on the same machine in the same
minutes; a slowdown over 30 % in either fails.

    python bench/guard.py [--against REV] [--rounds N] [--seconds S]

The machine is shared and its speed drifts by a third over hours (docs/PERFORMANCE.md), so only code measured in
the same minutes compares. Each round measures both trees, each in a fresh process, in alternating order (before
then after, then after then before), and each measure runs that tree's own engine through its own
bench/engine.py. Rates are per CPU second of the measuring process, so time spent waiting for a core does not
count, and the best of the rounds is compared: other work only ever slows a run down, so the best is the code's
own speed. Where a first verdict is a slowdown, as many rounds again are measured before deciding, so that one
unlucky minute does not fail CI. A shallow clone or a first commit has no previous commit to measure: the guard
says so and passes.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 1.30                       # the new code may take 30 % longer for the same work, no more
METRICS = {"random play": "actions", "clone": "clones"}
Rates = dict[str, float]


def slowdown(before: Sequence[float], after: Sequence[float]) -> tuple[float, float, float]:
    """The best rate before, the best after, and how many times as long the new code takes for the same work."""
    best_before, best_after = max(before), max(after)
    return best_before, best_after, best_before / best_after


def verdicts(before: Sequence[Mapping[str, float]], after: Sequence[Mapping[str, float]],
             limit: float = LIMIT) -> dict[str, tuple[float, float, float, bool]]:
    """For each metric: best before, best after, the slowdown, and whether it is within the limit."""
    out = {}
    for metric in METRICS:
        old, new, slower = slowdown([run[metric] for run in before], [run[metric] for run in after])
        out[metric] = (old, new, slower, slower <= limit)
    return out


def measure_here(root: Path, seconds: float) -> Rates:
    """In the measuring process: the tree's engine through its own bench/engine.py, per CPU second."""
    sys.path[0] = str(root)                 # not this script's folder: the tree measured, and nothing of ours
    import engine
    from bench.engine import clone_rate, mid_game, random_play_rate
    rules = engine.load_ruleset()
    cpu = time.process_time()
    played, _ = random_play_rate(rules, seconds)
    play = played / (time.process_time() - cpu)
    state = mid_game(rules)
    cpu = time.process_time()
    cloned, _ = clone_rate(state, seconds)
    return {"random play": play, "clone": cloned / (time.process_time() - cpu)}


def measure(root: Path, seconds: float) -> Rates:
    """One measure of a tree in a fresh process (nothing of the other tree's imports or warm caches)."""
    done = subprocess.run([sys.executable, __file__, "--measure", str(root), "--seconds", str(seconds)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}")
    rates: Rates = json.loads(done.stdout.splitlines()[-1])
    return rates


def git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def shown(rates: Mapping[str, float]) -> str:
    return ", ".join(f"{metric} {rates[metric]:,.0f} {unit}/s" for metric, unit in METRICS.items())


def rounds(old: Path, count: int, seconds: float, before: list[Rates], after: list[Rates]) -> None:
    """Measure both trees `count` times, alternating which goes first, appending to before and after."""
    for _ in range(count):
        first = len(before) % 2 == 0
        for tree, runs, name in ((old, before, "before"), (ROOT, after, "after"))[:: 1 if first else -1]:
            runs.append(measure(tree, seconds))
            print(f"  {name}: {shown(runs[-1])}", flush=True)


def guard(against: str, count: int, seconds: float) -> int:
    found = git("rev-parse", "--verify", "--quiet", f"{against}^{{commit}}")
    if found.returncode != 0:
        print(f"speed guard skipped: no commit {against} here (a shallow clone, or the first commit)")
        return 0
    commit = found.stdout.strip()
    started = time.perf_counter()
    print(f"speed guard: this tree against {against} ({commit[:10]}), {count} rounds of {seconds:g} s a measure, "
          f"rates per CPU second", flush=True)
    before: list[Rates] = []
    after: list[Rates] = []
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) / "before"
        added = git("worktree", "add", "--detach", "--quiet", str(old), commit)
        if added.returncode != 0:
            print(f"speed guard skipped: cannot check out {against}: {added.stderr.strip()}")
            return 0
        try:
            rounds(old, count, seconds, before, after)
            if not all(ok for *_, ok in verdicts(before, after).values()):
                print(f"  a slowdown: {count} more rounds before deciding", flush=True)
                rounds(old, count, seconds, before, after)
        except RuntimeError as exc:
            if before:                      # the previous commit was measured: this tree is what fails
                print(f"speed guard failed: this tree cannot be measured: {exc}")
                return 1
            print(f"speed guard skipped: {against} cannot be measured with its bench/engine.py: {exc}")
            return 0
        finally:
            git("worktree", "remove", "--force", str(old))
    failed = False
    for metric, (old_rate, new_rate, slower, ok) in verdicts(before, after).items():
        failed |= not ok
        print(f"{metric}: before {old_rate:,.0f} {METRICS[metric]}/s, after {new_rate:,.0f} (best of {len(after)}); "
              f"the new code takes {slower:.2f} times as long (limit {LIMIT:.2f}): {'ok' if ok else 'TOO SLOW'}")
    print(f"speed guard {'failed' if failed else 'passed'} in {time.perf_counter() - started:.0f} s")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default="HEAD~1", help="the commit to compare with (default: the previous)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="each rate's measuring time")
    parser.add_argument("--measure", type=Path, default=None, help=argparse.SUPPRESS)   # the measuring process
    args = parser.parse_args(argv)
    if args.measure is not None:
        print(json.dumps(measure_here(args.measure, args.seconds)))
        return 0
    return guard(args.against, args.rounds, args.seconds)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
