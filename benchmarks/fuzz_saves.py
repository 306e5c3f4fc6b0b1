"""Mutated saves against the loader (issue 9's drill, items 7, 8, 11, 12, 14): no traceback, no hang.

    .venv/bin/python benchmarks/fuzz_saves.py [--count 10000] [--seed 1] [--timeout 10] [--jobs N]

Seeds: the example games in saves/ (format 1) and fresh games in the current format (Pepper,
Shards of Creation, Shardwake; with undo records and moves marked as a stand-in bot's). Each
case is one seed file changed by one of: flipped bits, random bytes, inserted or deleted
bytes, a cut, frames deleted, swapped or duplicated, a frame of random msgpack (deep nesting,
huge lengths, odd types) put in with a valid checksum and chain, a header whose fields are
changed (players, seats, seed, options, game), two files spliced. Every case is loaded the
way ``gangplank verify`` loads it (``Match.from_bytes(..., strict=False)``); a load must
either succeed or raise SaveError with one line. Anything else is a failure, and a load
still running after --timeout seconds is a hang. The report gives the counts, the slowest
loads and every failure.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import signal
import statistics
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from engine import Match, SaveError  # noqa: E402
from engine.core import savefile  # noqa: E402
from engine.core.rng import Rng  # noqa: E402

MUTATIONS = ("flip", "bytes", "insert", "delete", "cut", "drop-frame", "swap-frames", "dup-frame",
             "forged-frame", "header", "splice", "deep", "long-claim")


def seed_files() -> list[tuple[str, bytes]]:
    out = [(p.name, p.read_bytes()) for p in sorted((ROOT / "saves").glob("*.plank"))]
    for game, players in (("pepper", 3), ("shards", 3), ("shardwake", 4)):
        m = Match.new(game, players=players, seed=7, undo="practice")
        rng = Rng(7)
        while not m.is_over() and m.cursor < 120:
            seat = m.to_act()[0]
            legal = m.legal(seat)
            m.play(seat, legal[rng.below(len(legal))], by="bot:random" if m.cursor % 7 == 3 else "")
        out.append((f"{game}-v2", m.to_bytes()))
        # an autosave with undo records in it
        path = Path(os.environ.get("TMPDIR", "/tmp")) / f"gp-fuzz-{os.getpid()}-{game}.plank"
        m2 = Match.new(game, players=players, seed=8, undo="practice")
        m2.autosave_to(path)
        rng = Rng(8)
        for played in range(1, 70):
            if m2.is_over():
                break
            seat = m2.to_act()[0]
            legal = m2.legal(seat)
            m2.play(seat, legal[rng.below(len(legal))])
            if played % 11 == 0:  # two moves taken back now and then: undo records in the file
                m2.undo()
                m2.undo()
        m2.stop_autosave()
        out.append((f"{game}-autosave", path.read_bytes()))
        path.unlink()
    return out


def frames(data: bytes) -> tuple[bytes, list[bytes]]:
    """The file's start (magic + format) and its frames, as bytes."""
    start = len(savefile.MAGIC) + 1
    out = []
    pos = start
    while pos < len(data):
        n, q = savefile._read_varint(data, pos)
        if n < 0 or q + n + 4 > len(data):
            break
        out.append(data[pos : q + n + 4])
        pos = q + n + 4
    return data[:start], out


def random_msgpack(rng: Rng, depth: int = 0) -> Any:
    k = rng.below(9 if depth < 4 else 5)
    if k == 0:
        return rng.below(1 << 62) - (1 << 61)
    if k == 1:
        return "x" * rng.below(40)
    if k == 2:
        return None
    if k == 3:
        return rng.below(2) == 1
    if k == 4:
        return bytes(rng.below(256) for _ in range(rng.below(12)))
    if k in (5, 6):
        return [random_msgpack(rng, depth + 1) for _ in range(rng.below(6))]
    if k == 7:
        return {str(rng.below(99)): random_msgpack(rng, depth + 1) for _ in range(rng.below(4))}
    return float(rng.below(1000)) / 7


def chained(start: bytes, head: bytes, payloads: list[bytes]) -> bytes:
    """A format 2 file whose records carry valid checksums and a valid chain (a forger's)."""
    fmt = start[-1]
    out = [start, head]
    header_payload = head[len(savefile._varint(0)) :]
    n, q = savefile._read_varint(head, 0)
    header_payload = head[q : q + n]
    link = savefile._root(fmt, header_payload)
    for body in payloads:
        if fmt >= 2:
            link = savefile._link(link, body)
            out.append(savefile.frame(body + link))
        else:
            out.append(savefile.frame(body))
    return b"".join(out)


def record_body(fields: list[Any]) -> bytes:
    """A record's payload up to its link (the link is added by ``chained``)."""
    return msgspec.msgpack.encode([*fields, bytes(savefile.LINK)])[: -savefile.LINK]


def mutate(kind: str, data: bytes, other: bytes, rng: Rng) -> bytes:
    b = bytearray(data)
    n = len(b)
    if kind == "flip":
        for _ in range(1 + rng.below(4)):
            b[rng.below(n)] ^= 1 << rng.below(8)
        return bytes(b)
    if kind == "bytes":
        for _ in range(1 + rng.below(8)):
            b[rng.below(n)] = rng.below(256)
        return bytes(b)
    if kind == "insert":
        i = rng.below(n + 1)
        return bytes(b[:i]) + bytes(rng.below(256) for _ in range(1 + rng.below(16))) + bytes(b[i:])
    if kind == "delete":
        i = rng.below(n)
        return bytes(b[:i]) + bytes(b[i + 1 + rng.below(16) :])
    if kind == "cut":
        return bytes(b[: rng.below(n)])
    start, fr = frames(data)
    if kind in ("drop-frame", "swap-frames", "dup-frame") and len(fr) > 2:
        i = 1 + rng.below(len(fr) - 1)
        if kind == "drop-frame":
            del fr[i]
        elif kind == "swap-frames":
            j = 1 + rng.below(len(fr) - 1)
            fr[i], fr[j] = fr[j], fr[i]
        else:
            fr.insert(i, fr[i])
        return start + b"".join(fr)
    if kind == "forged-frame" and fr:
        keep = [_body(f, start[-1]) for f in fr[1 : 1 + rng.below(len(fr))]]
        fields = random_msgpack(rng)
        shapes = [[rng.below(6) - 1, fields, rng.below(1 << 33), rng.below(1 << 33), "bot:x"],
                  ["undo", rng.below(300)], fields if isinstance(fields, list) else [fields],
                  [0, [rng.below(20), rng.below(20)], 0, 0, ""]]
        body = record_body(shapes[rng.below(len(shapes))]) if start[-1] >= 2 else \
            msgspec.msgpack.encode(shapes[rng.below(len(shapes))])
        return chained(start, fr[0], keep + [body])
    if kind == "header" and fr:
        n_, q = savefile._read_varint(fr[0], 0)
        h = msgspec.msgpack.decode(fr[0][q : q + n_])
        key = ("players", "seats", "seed", "options", "game", "undo", "rules_version", "start_hash")[rng.below(8)]
        h[key] = random_msgpack(rng) if rng.below(2) else {
            "players": rng.below(9), "seats": h.get("seats", [])[: rng.below(4)], "seed": (1 << 64) - 1,
            "options": {"rounds": -1, "shards": ["nope"], "variant": 3}, "game": "chess", "undo": "maybe",
            "rules_version": 99, "start_hash": 1}[key]
        head = savefile.frame(msgspec.msgpack.encode(h))
        return chained(start, head, [_body(f, start[-1]) for f in fr[1:]])
    if kind == "splice":
        i = rng.below(n)
        return bytes(b[:i]) + other[rng.below(len(other)) :]
    if kind == "deep":
        depth = [40, 1000, 200_000][rng.below(3)]
        body = b"\x91" * depth + b"\x01"
        return chained(start, fr[0], [_body(f, start[-1]) for f in fr[1:3]] + [body]) if fr else data + body
    if kind == "long-claim":
        claim = [savefile.MAX_RECORD - 10, savefile.MAX_RECORD * 4, 1 << 20][rng.below(3)]
        tail = bytes([0xFF, 0x7F]) * rng.below(40_000)
        return data + savefile._varint(claim) + tail
    return data


def _body(frame_bytes: bytes, fmt: int) -> bytes:
    n, q = savefile._read_varint(frame_bytes, 0)
    payload = frame_bytes[q : q + n]
    return payload[: -savefile.LINK] if fmt >= 2 else payload


class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def run_cases(args: tuple[int, int, int, float]) -> list[tuple[str, str, float, str]]:
    """Cases ``first`` … ``first + count - 1``: (case, outcome, seconds, detail) each."""
    first, count, seed, timeout = args
    seeds = seed_files()
    signal.signal(signal.SIGALRM, _alarm)
    out = []
    for case in range(first, first + count):
        rng = Rng(seed * 1_000_003 + case)
        name, data = seeds[rng.below(len(seeds))]
        other = seeds[rng.below(len(seeds))][1]
        kind = MUTATIONS[rng.below(len(MUTATIONS))]
        try:
            mutated = mutate(kind, data, other, rng)
        except Exception as e:  # noqa: BLE001 - the harness's own trouble, reported as such
            out.append((f"{case} {kind} {name}", "harness", 0.0, repr(e)))
            continue
        label = f"{case} {kind} {name} ({len(mutated):,} bytes)"
        signal.setitimer(signal.ITIMER_REAL, timeout)
        t0 = time.perf_counter()
        try:
            m = Match.from_bytes(mutated, "fuzzed.plank", strict=False)
            outcome, detail = ("loaded" if not m.problems else "problems"), f"{m.cursor} moves"
        except SaveError as e:
            outcome, detail = "refused", str(e)
            if "\n" in detail:
                outcome = "failure"
        except Hang:
            outcome, detail = "hang", f"still loading after {timeout} s"
        except Exception:  # noqa: BLE001 - what the drill looks for
            outcome, detail = "failure", traceback.format_exc(limit=4)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        out.append((label, outcome, time.perf_counter() - t0, detail))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    chunk = 250
    work = [(i, min(chunk, args.count - i), args.seed, args.timeout) for i in range(0, args.count, chunk)]
    t0 = time.perf_counter()
    results: list[tuple[str, str, float, str]] = []
    with mp.get_context("fork").Pool(args.jobs) as pool:
        for part in pool.imap_unordered(run_cases, work):
            results.extend(part)
    wall = time.perf_counter() - t0
    counts: dict[str, int] = {}
    for _, outcome, _, _ in results:
        counts[outcome] = counts.get(outcome, 0) + 1
    times = [t for _, _, t, _ in results]
    print(f"{len(results):,} mutated saves in {wall:.1f} s ({args.jobs} workers): "
          + ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items())))
    print(f"load time: median {statistics.median(times) * 1000:.2f} ms, "
          f"p99 {sorted(times)[int(len(times) * 0.99)] * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms")
    print("slowest:")
    for label, outcome, t, _ in sorted(results, key=lambda r: -r[2])[:5]:
        print(f"  {t * 1000:8.1f} ms  {outcome:9s} {label}")
    bad = [r for r in results if r[1] in ("failure", "hang", "harness")]
    for label, outcome, _, detail in bad[:20]:
        print(f"\n{outcome.upper()}: {label}\n{detail}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
