"""Many games as seeded batches, on one core, on processes, or on Ray: one shape for every backend.

A run is games ``0 .. N-1``; each game's seed is derived from the run's seed and the game's
index by the command that plays it, never from the worker that plays it. The games are cut
into batches (contiguous ranges of indices). A worker plays a batch and hands back its
records as msgpack bytes — plain data, never pickled objects — and the driver decodes them
and keeps them in index order, so every figure is computed from the same records in one
place whichever backend played them:

- ``one``: this process, game after game (``--jobs 1``);
- ``processes``: a pool of worker processes on this machine (``--jobs J``, the default);
- ``ray``: tasks on Ray (``--cluster [ADDRESS]``, the optional ``gangplank[cluster]`` extra):
  a local Ray on this machine, or an existing cluster (``auto``, ``ray://host:10001``). A task
  whose worker dies is retried by Ray (``max_retries``) and the run counts the retries.

Ray is imported only by the ``ray`` backend, when a run starts on it.

The records file (``--out DIR`` writes ``DIR/records.msgpack``; ``--resume FILE`` continues one)
is a header frame (what the run is: msgpack) followed by one frame per finished batch (its
``Records``: msgpack deflated with zlib, as they travelled from the worker), appended as each
batch comes back. A frame is ``length (4 bytes) + crc32 (4 bytes) + payload``, little endian; a
torn last frame (a run killed while writing) is dropped when the run resumes.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing as mp
import os
import signal
import struct
import sys
import warnings
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import Any, BinaryIO

import msgspec

Record = dict[str, Any]  # one finished game's figures: plain data

RECORDS_FORMAT = 1
RETRIES = 3  # Ray retries a batch whose worker died this many times before the run fails
DRILL = "GANGPLANK_DRILL_KILL_BATCH"  # the worker-death drill (tests): kill the worker of batch K once, on Ray
INSTALL_HINT = "--cluster needs Ray, an optional extra: pip install 'gangplank[cluster]'"
_FRAME = struct.Struct("<II")
MAX_FRAME = 256 * 1024 * 1024


class RunError(Exception):
    """A run that cannot start or continue: one line for the user."""


class Batch(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a worker needs to play some games: which function plays them, and with what."""

    play: str  # "module:function"; function(params: bytes, index: int) -> Record plays game ``index``
    params: bytes  # the run's parameters, msgpack, decoded by the function's module
    first: int
    count: int
    drill: bool = False  # the worker-death drill: the first attempt of this batch kills its worker


class Records(msgspec.Struct, array_like=True):
    """One batch's records as they travel and as they are stored: keys once, then a row per game."""

    first: int
    count: int
    keys: list[str]
    rows: list[Any]  # a list aligned with ``keys``, or a map when a record's keys differ
    attempt: int = 1  # which attempt of the batch produced these (Ray only; > 1: it was retried)


class Header(msgspec.Struct, omit_defaults=True):
    """The records file's first frame: what run the records belong to."""

    run: dict[str, Any]  # the command's description of the run (must match to resume)
    games: int
    format: int = RECORDS_FORMAT


_enc = msgspec.msgpack.Encoder()
_batch_dec = msgspec.msgpack.Decoder(Batch)
_records_dec = msgspec.msgpack.Decoder(Records)
_header_dec = msgspec.msgpack.Decoder(Header)


def pack(first: int, records: list[Record], attempt: int = 1) -> Records:
    keys = list(records[0]) if records else []
    rows: list[Any] = [list(r.values()) if list(r) == keys else r for r in records]
    return Records(first, len(records), keys, rows, attempt)


def encode_records(rec: Records) -> bytes:
    """msgpack, deflated: a batch's rows repeat the same shapes, so they shrink about fivefold."""
    return zlib.compress(_enc.encode(rec), 6)


def decode_records(data: bytes) -> Records:
    return _records_dec.decode(zlib.decompress(data))


def unpack(rec: Records) -> list[Record]:
    return [dict(zip(rec.keys, row, strict=True)) if isinstance(row, list) else row for row in rec.rows]


# ---------------------------------------------------------------- the worker's side (every backend)


def play_batch(batch: bytes, attempt: int = 1) -> bytes:
    """Play one batch (msgpack in); its records (msgpack out). The same function on every backend."""
    b = _batch_dec.decode(batch)
    module, _, name = b.play.partition(":")
    play = getattr(import_module(module), name)
    return encode_records(pack(b.first, [play(b.params, i) for i in range(b.first, b.first + b.count)], attempt))


class _Attempts:
    """A Ray actor that counts the attempts at each batch, so a retried batch knows it is one."""

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}

    def begin(self, first: int) -> int:
        self.seen[first] = self.seen.get(first, 0) + 1
        return self.seen[first]


def _ray_play(batch: bytes, attempts: Any) -> bytes:
    import ray  # start-up: only on a Ray worker

    b = _batch_dec.decode(batch)
    attempt: int = ray.get(attempts.begin.remote(b.first))
    if b.drill and attempt == 1:
        os._exit(1)  # the drill: this worker dies mid-run, Ray must retry its batch elsewhere
    return play_batch(batch, attempt)


# ---------------------------------------------------------------- backends


class Backend(msgspec.Struct, frozen=True):
    kind: str  # "one", "processes", "ray"
    jobs: int = 1  # processes, or CPUs for a local Ray (0: every core)
    address: str | None = None  # Ray: None starts a local Ray; "auto" or "ray://host:port" joins one

    def words(self) -> str:
        if self.kind == "one":
            return "one core"
        if self.kind == "processes":
            return f"{self.jobs} processes"
        return f"Ray at {self.address}" if self.address else "a local Ray"


def backend_from(jobs: int, cluster: str | None) -> Backend:
    """``--jobs J`` and ``--cluster [ADDRESS]`` as a backend (``cluster`` "" = a local Ray)."""
    if jobs < 0:
        raise RunError("--jobs must be 0 (every core) or more")
    if cluster is not None:
        try:
            import ray  # noqa: F401  # start-up: only with --cluster
        except ImportError:
            raise RunError(INSTALL_HINT) from None
        return Backend("ray", jobs, cluster or None)
    workers = jobs or min(os.cpu_count() or 1, 8)
    return Backend("one") if workers <= 1 else Backend("processes", workers)


def batches(play: str, params: bytes, todo: list[int], size: int, drill: int | None = None) -> list[Batch]:
    """The indices still to play (ascending), cut into contiguous batches of at most ``size`` games."""
    out: list[Batch] = []
    k = 0
    while k < len(todo):
        n = 1
        while k + n < len(todo) and todo[k + n] == todo[k] + n and n < size:
            n += 1
        out.append(Batch(play, params, todo[k], n, drill=drill == len(out)))
        k += n
    return out


def auto_batch(games: int, workers: int) -> int:
    """About eight batches per worker (a smooth progress bar, little waiting at the end), 1–250 games."""
    return max(1, min(250, -(-games // (8 * max(1, workers)))))


def _ignore_sigint() -> None:  # a worker leaves Ctrl+C to the driver, which stops the pool
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_batches(work: list[Batch], backend: Backend, on_batch: Callable[[Records], None]) -> int:
    """Play the batches on the backend; ``on_batch`` gets each one's records as they come back.

    Returns how many batches were retried after their worker died. Ctrl+C stops the workers
    (cancels the Ray tasks) and raises KeyboardInterrupt; what came back has been handed on.
    """
    encoded = [_enc.encode(b) for b in work]
    if backend.kind == "ray":
        return _run_ray(encoded, backend, on_batch)
    if backend.kind == "one" or len(encoded) <= 1:
        for data in encoded:
            on_batch(decode_records(play_batch(data)))
        return 0
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    pool = ctx.Pool(min(backend.jobs, len(encoded)), initializer=_ignore_sigint)
    try:
        for data in pool.imap_unordered(play_batch, encoded):
            on_batch(decode_records(data))
        pool.close()
    finally:
        pool.terminate()
        pool.join()
    return 0


def encoded_first(batch: bytes) -> int:
    return _batch_dec.decode(batch).first


def _ray_notices_to_stderr(ray: Any) -> None:
    """Ray prints its own notices (a worker died) on stdout, which is the results' (``--json``): to stderr."""
    worker = getattr(getattr(ray, "_private", None), "worker", None)
    real = getattr(worker, "print_to_stdstream", None)
    if real is None or getattr(real, "to_stderr", False):
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        real({**data, "is_err": True}, ignore_prefix)

    to_stderr.to_stderr = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = to_stderr  # type: ignore[union-attr]


def _run_ray(encoded: list[bytes], backend: Backend, on_batch: Callable[[Records], None]) -> int:
    import ray  # start-up: only on the Ray backend

    _ray_notices_to_stderr(ray)
    started = not ray.is_initialized()
    if started:
        quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
        try:
            with warnings.catch_warnings():  # Ray's own warnings say less than the one line below
                warnings.simplefilter("ignore")
                if backend.address and backend.address.startswith("ray://"):  # Ray Client: the server's own settings
                    ray.init(address=backend.address)
                elif backend.address:
                    ray.init(address=backend.address, **quiet)
                else:
                    # "local": a Ray of our own, even when a `ray start` cluster runs on this machine
                    ray.init(address="local", num_cpus=backend.jobs or None, include_dashboard=False, **quiet)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise RunError(f"cannot reach the Ray cluster at {backend.address or 'this machine'}: "
                           f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    pending: dict[Any, int] = {}
    try:
        attempts = ray.remote(num_cpus=0)(_Attempts).remote()
        task = ray.remote(_ray_play).options(max_retries=RETRIES, num_cpus=1)
        pending = {task.remote(data, attempts): k for k, data in enumerate(encoded)}
        pending_all = dict(pending)
        retried = 0
        while pending:
            done, _ = ray.wait(list(pending), num_returns=len(pending), timeout=0.2, fetch_local=True)
            for ref in done:
                del pending[ref]
                try:
                    rec = decode_records(ray.get(ref))
                except ray.exceptions.RayError as e:  # a game's own error, or a worker lost RETRIES + 1 times
                    raise RunError(f"the batch from game {encoded_first(encoded[pending_all[ref]])} failed on Ray: "
                                   f"{str(e).strip().splitlines()[-1] if str(e).strip() else type(e).__name__}") from None
                retried += rec.attempt > 1
                on_batch(rec)
        return retried
    except BaseException:  # Ctrl+C, or a batch that failed: the tasks still pending are cancelled
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()


# ---------------------------------------------------------------- the records file


def _frame(payload: bytes) -> bytes:
    return _FRAME.pack(len(payload), zlib.crc32(payload)) + payload


def _frames(data: bytes) -> Iterator[tuple[int, bytes]]:
    """(end offset, payload) of each whole frame; stops at a torn or damaged one."""
    pos = 0
    while pos + _FRAME.size <= len(data):
        size, crc = _FRAME.unpack_from(data, pos)
        body = data[pos + _FRAME.size: pos + _FRAME.size + size]
        if size > MAX_FRAME or len(body) < size or zlib.crc32(body) != crc:
            return
        pos += _FRAME.size + size
        yield pos, body


def read_records(path: Path) -> tuple[Header, list[Records], int]:
    """The header, the batches and the length of the whole frames (a torn tail is left out)."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise RunError(f"cannot read {path}: {e.strerror}") from None
    frames = list(_frames(data))
    try:
        if not frames:
            raise msgspec.DecodeError
        header = _header_dec.decode(frames[0][1])
        body = [decode_records(p) for _, p in frames[1:]]
    except (msgspec.DecodeError, msgspec.ValidationError, zlib.error):
        raise RunError(f"{path} is not a Gangplank records file") from None
    if header.format > RECORDS_FORMAT:
        raise RunError(f"{path} is records format {header.format}; this Gangplank reads up to {RECORDS_FORMAT}")
    return header, body, frames[-1][0]


class RecordsFile:
    """Appends each finished batch to the records file, flushed, so a stopped run can resume."""

    def __init__(self, path: Path, header: Header, keep: int | None = None) -> None:
        self.path = path
        self.f: BinaryIO
        if keep is None:  # a new file
            path.parent.mkdir(parents=True, exist_ok=True)
            self.f = open(path, "wb")  # noqa: SIM115 - open for the run's whole length
            self.f.write(_frame(_enc.encode(header)))
        else:  # resuming: drop a torn tail, then append
            self.f = open(path, "r+b")  # noqa: SIM115
            self.f.truncate(keep)
            self.f.seek(keep)
        self.f.flush()

    def append(self, rec: Records) -> None:
        self.f.write(_frame(encode_records(rec)))
        self.f.flush()

    def close(self) -> None:
        self.f.close()


# ---------------------------------------------------------------- a whole run


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The backend and the records: the same switches on every command that plays many games."""
    p.add_argument("--jobs", type=int, default=0, help="worker processes, or CPUs for a local Ray (default: every core)")
    p.add_argument("--cluster", nargs="?", const="", metavar="ADDRESS",
                   help="play on Ray: a local Ray without ADDRESS, or join one (auto, ray://host:10001); "
                        "needs pip install 'gangplank[cluster]'")
    p.add_argument("--batch", type=int, default=0, metavar="N", help="games per batch (default: from the games and workers)")
    p.add_argument("--out", metavar="DIR", help="write the records (DIR/records.msgpack, per batch) and the summary")
    p.add_argument("--resume", metavar="FILE", help="continue a run from its records file (the same command)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def backend_of(args: argparse.Namespace) -> Backend:
    """The backend those switches name (RunError: one line)."""
    if args.batch < 0:
        raise RunError("--batch must be 1 or more")
    if args.resume and args.out:
        raise RunError("--resume appends to its own records file: leave out --out")
    return backend_from(args.jobs, args.cluster)


class Plan(msgspec.Struct):
    """A run as the command describes it: what plays a game, with what, how many."""

    play: str
    params: bytes
    games: int
    run: dict[str, Any]  # plain words for the records file's header (resume checks them)
    batch: int = 0  # games per batch (0: chosen from the games and the workers)


class Outcome(msgspec.Struct):
    records: list[Record]  # in index order; fewer than the plan's games when interrupted
    indices: list[int]  # each record's game index
    retried: int = 0
    resumed: int = 0  # games read back from the records file
    interrupted: bool = False
    records_path: str | None = None


def execute(plan: Plan, backend: Backend, out: Path | None = None, resume: Path | None = None,
            on_batch: Callable[[int, int], None] | None = None, drill: int | None = None,
            on_records: Callable[[int, list[Record]], None] | None = None) -> Outcome:
    """Play the plan (what is not in ``resume`` yet); the records in index order.

    ``on_batch(done, total)`` follows progress, ``on_records(first, records)`` gets each batch's
    records as it comes back (and those read back first); ``drill`` (tests) kills the worker of that
    batch on its first attempt. Ctrl+C returns what was finished, marked ``interrupted``.
    """
    if drill is None and os.environ.get(DRILL, "").isdigit():
        drill = int(os.environ[DRILL])
    header = Header(run=msgspec.to_builtins(plan.run), games=plan.games)
    got: dict[int, Record] = {}
    sink: RecordsFile | None = None
    path: Path | None = None
    if resume is not None:
        old, body, keep = read_records(resume)
        if old.games != header.games or old.run != header.run:
            diff = [k for k in sorted({*old.run, *header.run}) if old.run.get(k) != header.run.get(k)]
            what = f"games {old.games} ≠ {header.games}" if old.games != header.games else \
                ", ".join(f"{k} {old.run.get(k)!r} ≠ {header.run.get(k)!r}" for k in diff)
            raise RunError(f"{resume} holds another run ({what}); resume with the same command")
        for rec in body:
            for k, r in enumerate(unpack(rec)):
                got.setdefault(rec.first + k, r)
        path = resume
        sink = RecordsFile(resume, header, keep)
    elif out is not None:
        if out.exists() and not out.is_dir():
            raise RunError(f"--out {out}: not a folder")
        path = out / "records.msgpack"
        if path.exists():
            raise RunError(f"{path} exists: continue it with --resume {path}, or choose another --out")
        sink = RecordsFile(path, header)
    resumed = len(got)
    todo = [i for i in range(plan.games) if i not in got]
    workers = backend.jobs if backend.kind == "processes" else (backend.jobs or os.cpu_count() or 1)
    size = plan.batch or auto_batch(len(todo), workers)
    work = batches(plan.play, plan.params, todo, size, drill)
    if on_records is not None:
        for i in sorted(got):
            on_records(i, [got[i]])
    if on_batch is not None:
        on_batch(len(got), plan.games)

    def take(rec: Records) -> None:
        if sink is not None:
            sink.append(rec)
        mine = unpack(rec)
        for k, r in enumerate(mine):
            got[rec.first + k] = r
        if on_records is not None:
            on_records(rec.first, mine)
        if on_batch is not None:
            on_batch(len(got), plan.games)

    retried, interrupted = 0, False
    try:
        retried = run_batches(work, backend, take)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if sink is not None:
            sink.close()
    order = sorted(got)
    return Outcome([got[i] for i in order], order, retried, resumed, interrupted,
                   str(path) if path is not None else None)


@contextmanager
def progress_bar(title: str, disable: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr, fed ``(done, total)`` games as batches come back."""
    from rich.console import Console  # start-up: only while a run shows progress
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn(f"[bold]{title}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  TimeRemainingColumn(), console=Console(stderr=True), disable=disable,
                  transient=True, redirect_stdout=False, redirect_stderr=False) as bar:
        task = bar.add_task("games", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def report(prog: str, outcome: Outcome, total: int) -> None:
    """The lines a run owes its user on stderr: retries, what was resumed, an interruption."""
    if outcome.retried:
        n = outcome.retried
        print(f"{prog}: {n} batch{'es' if n != 1 else ''} retried after {'a worker' if n == 1 else 'workers'} died",
              file=sys.stderr)
    if outcome.resumed:
        print(f"{prog}: {outcome.resumed} of {total} games read back from {outcome.records_path}", file=sys.stderr)
    if outcome.interrupted:
        where = (f"; the records are in {outcome.records_path}: continue with --resume {outcome.records_path}"
                 if outcome.records_path else "; --out DIR keeps the records so that --resume can continue")
        print(f"{prog}: interrupted — {len(outcome.records)} of {total} games finished{where}", file=sys.stderr)
