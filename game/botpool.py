"""Bots think in another process, so that no frame waits on a search (a search holds the interpreter's lock: in a
thread it stalled the frame loop).

One worker process, started with `spawn` (safe in a frozen build: main.py calls `freeze_support` first), shared
by every match of the client (and every test of a test process). A job carries the bot, the bot's `Snapshot`
(its view and a position re-dealt from that view: nothing it may not know, X9) and the legal actions; the
answer carries the choice and the bot as it stands after it (its plans, its random stream, its statistics), so a
bot that keeps state between decisions keeps it, wherever it thought. The Ruleset crosses by name: each process
loads the rules of a folder once.

A cancelled job stops its search at once (a control pipe read by a thread of the worker). A worker that dies is
reaped and its jobs are thought again in the client's process, from the same snapshot (the same choice);
the next job starts a new worker, and after `MAX_DEATHS` lost workers every job is thought in the client's
process. The worker is a daemon that also leaves when the client's end of its pipes closes, so it never
outlives the client.
"""
from __future__ import annotations

import atexit
import contextlib
import io
import multiprocessing
import os
import pickle
import signal
import threading
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import engine
from engine.ai import Bot, Snapshot

MAX_DEATHS = 3              # workers lost before bots think in the client's process for good
NICENESS = 10               # the worker's lower priority: on a busy machine the frame loop gets the CPU first
_RULES: dict[str, engine.Ruleset] = {}       # this process's rules, by the folder they were loaded from


def _rules(folder: str) -> engine.Ruleset:
    """The rules of a folder as this process has them (how a Ruleset is unpickled)."""
    rules = _RULES.get(folder)
    if rules is None:
        rules = _RULES[folder] = engine.load_ruleset(folder)
    return rules


class _Pickler(pickle.Pickler):
    """Pickles a Ruleset as its folder: the rules are loaded once per process, never sent."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, engine.Ruleset):
            _RULES.setdefault(obj.folder, obj)
            return _rules, (obj.folder,)
        return NotImplemented


def _dumps(obj: Any) -> bytes:
    out = io.BytesIO()
    _Pickler(out, pickle.HIGHEST_PROTOCOL).dump(obj)
    return out.getvalue()


class Job:
    """A bot's decision being thought. `result()` gives the choice and the bot after it once they are ready."""

    def __init__(self, pool: BotPool, number: int, bot: Bot, sight: Snapshot, legal: list[engine.Action]):
        self.pool, self.number = pool, number
        self.bot, self.sight, self.legal = bot, sight, legal
        self.here = False            # to be thought in this process (no worker, or it died)
        self.done: tuple[engine.Action, Bot] | None = None

    def result(self, timeout: float = 0.0) -> tuple[engine.Action, Bot] | None:
        """The choice and the bot as it stands after it; None if the worker has not answered within `timeout`
        seconds."""
        return self.pool.collect(self, timeout)

    def cancel(self) -> None:
        """Stop thinking (the match closes): a search in progress stops at once, its answer is dropped."""
        self.pool.cancel(self)


class BotPool:
    """The worker process and the jobs it has not answered yet."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._jobs: Connection | None = None          # jobs out, answers back
        self._control: Connection | None = None       # cancellations out
        self._pending: dict[int, Job] = {}
        self._numbers = 0
        self.deaths = 0
        self._exit_hook = False

    @property
    def pid(self) -> int | None:
        """The worker's process id (None when none runs)."""
        return self._process.pid if self._process is not None else None

    def start(self, rules: engine.Ruleset | None = None) -> bool:
        """Start the worker unless one runs (loading `rules` at once, so the first decision does not wait for
        them); False when bots must think in this process."""
        if self._process is not None:
            return True
        if self.deaths >= MAX_DEATHS:
            return False
        ctx = multiprocessing.get_context("spawn")
        jobs, theirs = ctx.Pipe()
        control_in, control_out = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_serve, args=(theirs, control_in, rules.folder if rules else None),
                              name="paradise-bot", daemon=True)
        try:
            process.start()
        except OSError:
            self.deaths = MAX_DEATHS
            return False
        finally:
            theirs.close()
            control_in.close()
        self._process, self._jobs, self._control = process, jobs, control_out
        if not self._exit_hook:
            atexit.register(self.shutdown)
            self._exit_hook = True
        return True

    def submit(self, bot: Bot, sight: Snapshot, legal: list[engine.Action]) -> Job:
        """Send a decision to the worker (or mark it to be thought here when no worker can run)."""
        self._numbers += 1
        job = Job(self, self._numbers, bot, sight, legal)
        if not self.start():
            job.here = True
            return job
        self._pending[job.number] = job
        try:
            assert self._jobs is not None
            self._jobs.send_bytes(_dumps((job.number, bot, sight, legal)))
        except OSError:
            self._lost()
        return job

    def collect(self, job: Job, timeout: float) -> tuple[engine.Action, Bot] | None:
        """Read the worker's answers (waiting up to `timeout` seconds for this job's); a job the worker cannot
        answer is thought here, now."""
        while job.done is None and not job.here:
            try:
                assert self._jobs is not None
                if not self._jobs.poll(timeout):
                    return None
                number, answer = pickle.loads(self._jobs.recv_bytes())
            except (EOFError, OSError):
                self._lost()
                continue
            done = self._pending.pop(number, None)
            if done is not None:
                if answer is None:        # the bot failed there: think again here, where its error is seen
                    done.here = True
                else:
                    done.done = answer
        if job.done is None:
            job.done = (job.bot.choose(job.sight, job.legal), job.bot)
        return job.done

    def cancel(self, job: Job) -> None:
        if self._pending.pop(job.number, None) is not None and self._control is not None:
            with contextlib.suppress(OSError):
                self._control.send(job.number)

    def _lost(self) -> None:
        """The worker died: reap it, and think its jobs here."""
        for job in self._pending.values():
            job.here = True
        self._pending.clear()
        self.deaths += 1
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the worker (at exit, or when it was lost): closing its pipes ends it; it is reaped, never left a
        zombie."""
        process, self._process = self._process, None
        for conn in (self._jobs, self._control):
            if conn is not None:
                conn.close()
        self._jobs = self._control = None
        if process is not None:
            process.join(timeout=1.0)
            if process.exitcode is None:
                process.kill()
                process.join()


_SHARED = BotPool()


def shared() -> BotPool:
    """The one pool of this process."""
    return _SHARED


def _serve(jobs: Connection, control: Connection, folder: str | None) -> None:
    """The worker: answer jobs one after another until the client's end of the pipe closes. A thread reads the
    cancellations and stops the bot of the job they name (or drops the job before it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl+C in a terminal is for the client to handle
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    if folder is not None:
        _rules(folder)
    lock = threading.Lock()
    cancelled: set[int] = set()
    running: dict[int, Any] = {}
    gone = threading.Event()              # the client closed its end: nothing more is to be thought

    def stop(number: int | None) -> None:
        with lock:
            if number is None:
                gone.set()
            else:
                cancelled.add(number)
            for key, bot in running.items():
                if (number is None or key == number) and hasattr(bot, "stop"):
                    bot.stop()

    def watch() -> None:
        try:
            while True:
                stop(control.recv())
        except (EOFError, OSError):
            stop(None)

    threading.Thread(target=watch, daemon=True).start()
    while True:
        try:
            number, bot, sight, legal = pickle.loads(jobs.recv_bytes())
        except (EOFError, OSError):
            return
        with lock:
            if number in cancelled or gone.is_set():
                cancelled.discard(number)
                continue
            running[number] = bot
        try:
            answer: Any = (bot.choose(sight, legal), bot)
        except Exception:  # noqa: BLE001 - the client's process thinks the job again and meets the error there
            answer = None
        with lock:
            running.clear()
            cancelled.discard(number)
        try:
            jobs.send_bytes(_dumps((number, answer)))
        except OSError:
            return
