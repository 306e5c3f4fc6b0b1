"""Bots think in worker processes, so a screen or a server never waits on a search.

The hub determinizes for the bot's seat (secrets never leave the hub process),
sends the sample state's bytes, and gets the chosen move back as bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import os
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import msgspec

from engine import games
from engine.bots import Budget, decide
from engine.core.codec import decoder, encode
from engine.core.rules import Rules

_enc = msgspec.msgpack.Encoder()


def think(game: str, level: str, seat: int, sample: bytes, bot_seed: int,
          budget: tuple[int | None, float | None] | None) -> bytes:
    """Runs in a worker: decode the sample, let the bot choose, return the move's bytes."""
    rules = games.get(game)
    state = decoder(rules.State).decode(sample)
    b = Budget(iterations=budget[0], seconds=budget[1]) if budget else None
    return _enc.encode(decide(rules, state, seat, level, bot_seed, b))


def _warm() -> int:
    for gid in games.ids():
        games.get(gid)
    return os.getpid()


def _outlive_no_owner(owner: int) -> None:
    """Runs as each worker starts: the worker ends itself when the process that owns the pool is gone.

    A pool's workers wait on a queue whose other end is their owner's; if the owner is
    killed before it can shut the pool down, nothing would ever tell them to stop.
    """

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(owner, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # the number now belongs to another user's process: the owner is gone
                os._exit(0)

    threading.Thread(target=watch, name="owner-watch", daemon=True).start()


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """Worker processes are started with a real stderr.

    A screen (Textual) replaces ``sys.stderr`` with an object that has no file
    descriptor, and multiprocessing hands stderr's descriptor to its helpers.
    """
    try:
        usable = sys.stderr.fileno() >= 0  # Textual's stand-in answers -1
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        yield
        return
    saved = sys.stderr
    sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = saved


class BotPool:
    """A small process pool for bot decisions (``workers=0``: think in a thread, for tests)."""
    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
            with _real_stderr():  # the pool's queue starts multiprocessing's resource tracker
                self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx,
                                                 initializer=_outlive_no_owner, initargs=(os.getpid(),))
        return self._pool

    def warm_up(self) -> None:
        """Start the workers and import the games now rather than at the first bot move."""
        ex = self._executor()
        if ex is not None:
            with _real_stderr():
                for _ in range(self.workers):
                    ex.submit(_warm)

    async def choose(self, rules: Rules, level: str, seat: int, sample: Any, bot_seed: int,
                     budget: Budget | None = None) -> Any:
        data = encode(sample)
        b = (budget.iterations, budget.seconds) if budget else None
        loop = asyncio.get_running_loop()
        try:
            with _real_stderr():  # a worker may be started by this very call
                fut = loop.run_in_executor(self._executor(), think, rules.id, level, seat, data, bot_seed, b)
            raw = await fut
        except BrokenProcessPool:
            # a worker died (killed, out of memory): start a fresh pool and think again
            self.close()
            with _real_stderr():
                fut = loop.run_in_executor(self._executor(), think, rules.id, level, seat, data, bot_seed, b)
            raw = await fut
        return msgspec.convert(msgspec.msgpack.decode(raw), rules.Move)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
