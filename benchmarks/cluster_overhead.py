"""Games per second of ``gangplank lab`` on processes and on a local Ray, back to back.

    python -m benchmarks.cluster_overhead [--games 20000] [--rounds 2] [--jobs 2] [GAME ARGS...]

Runs ``gangplank lab shardwake --games N --players 4 --bots heuristic --json`` alternately
with ``--jobs J`` (processes) and ``--cluster --jobs J`` (a local Ray with J CPUs), ``--rounds``
times each, so that a noisy machine weighs on both alike; prints each run's games per second
(the whole command, Ray's start included, and the lab's own ``seconds``), the Ray overhead, and
the bytes per game of the records (``--out``). Needs the cluster extra for the Ray runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def once(games: int, jobs: int, ray: bool, extra: list[str], out: Path) -> tuple[float, float, int]:
    argv = [sys.executable, "-m", "tui.cli", "lab", *extra, "--games", str(games), "--json", "--no-progress",
            "--jobs", str(jobs), "--out", str(out), *(["--cluster"] if ray else [])]
    t0 = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(argv)}: {done.stderr.strip()}")
    seconds = json.loads(done.stdout)["seconds"]
    return wall, seconds, (out / "records.msgpack").stat().st_size


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20000)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("game", nargs="*", default=["shardwake", "--players", "4", "--bots", "heuristic"])
    args = p.parse_args()
    rows: dict[str, list[tuple[float, float]]] = {"processes": [], "ray": []}
    size = 0
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for name in ("processes", "ray"):
                wall, seconds, size = once(args.games, args.jobs, name == "ray", args.game, Path(tmp) / f"{name}{r}")
                rows[name].append((wall, seconds))
                print(f"round {r + 1} {name:<9}: {args.games / wall:7.1f} games/s "
                      f"({wall:.1f} s for the command; the lab's own seconds {seconds:.1f}, "
                      f"{args.games / seconds:.1f} games/s)", flush=True)
    best = {k: min(w for w, _ in v) for k, v in rows.items()}
    print(f"best of {args.rounds}: processes {args.games / best['processes']:.1f} games/s, "
          f"Ray {args.games / best['ray']:.1f} games/s; Ray overhead {100 * (best['ray'] / best['processes'] - 1):+.1f}%")
    print(f"records: {size} bytes, {size / args.games:.1f} bytes per game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
