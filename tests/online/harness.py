"""A real server for the online tests and benchmarks: `python -m game.online.server` in a process of its own on
the loopback interface (port 0: the system picks a free one), killed or stopped like a real one, and a client
connection that has said hello."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Coroutine
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect

from game.online import protocol

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30.0
T = TypeVar("T")


class ServerProcess:
    """`python -m game.online.server --host 127.0.0.1 --port 0 --data-dir D`, as a player would run it."""

    def __init__(self, data_dir: Path, *extra_args: str):
        self.data_dir = data_dir
        self.extra_args = extra_args
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> None:
        """Start the server and wait for its "serving on" line."""
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.online.server", "--host", "127.0.0.1", "--port", "0",
             "--data-dir", str(self.data_dir), *self.extra_args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("serving on "):
            self.process.kill()
            self.process.wait()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.url = line.split()[-1].replace("0.0.0.0", "127.0.0.1")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL: the server dies at once, as in a crash."""
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM: the server stops as an operator stops it."""
        self._end(signal.SIGTERM)

    def restart(self) -> None:
        """Start again on the same data folder (the url may change)."""
        self.kill()
        self.start()

    def _end(self, sig: signal.Signals) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            self.process.wait(timeout=START_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.kill()


async def connect(url: str) -> ClientConnection:
    """A client connection to the server that has said hello and been welcomed."""
    ws = await ws_connect(url, max_size=protocol.SERVER_CAP)
    await ws.send(protocol.encode({"type": "hello", "version": protocol.VERSION, "client": "tests"}))
    answer = await ws.recv()
    if '"welcome"' not in str(answer):
        await ws.close()
        raise RuntimeError(f"the server did not welcome the client: {answer!r}")
    return ws


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a test's coroutine on a loop of its own (the tests have no asyncio plugin)."""
    return asyncio.run(coro)
