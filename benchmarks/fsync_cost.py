"""What the fsync of every autosaved move costs (issue 9, item 16).

    .venv/bin/python benchmarks/fsync_cost.py [--runs 7] [--moves 300] [--dir DIR]

A Shards of Creation game is played by random moves; its moves are then played again into
a Match that autosaves (the table's path: Match.play -> one record appended, flushed and
fsynced), and into one that does not save at all. The cost per move of the autosave is the
difference; the fsync's own share is measured on the Appender with fsync and with flush only.
Each figure is the median of --runs runs. --dir puts the files on the disk you care about
(default: a temporary directory, often a tmpfs, where fsync is nearly free).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import Match  # noqa: E402
from engine.core import savefile  # noqa: E402
from engine.core.rng import Rng  # noqa: E402


def a_game(moves: int, seed: int = 5) -> list[tuple[int, object]]:
    m = Match.new("shards", players=3, seed=seed)
    rng = Rng(seed)
    out = []
    while not m.is_over() and len(out) < moves:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        move = legal[rng.below(len(legal))]
        m.play(seat, move)
        out.append((seat, move))
    return out


def play_all(game: list[tuple[int, object]], path: Path | None, seed: int = 5) -> float:
    """Seconds per move to play ``game`` into a fresh Match (autosaving to ``path`` if given)."""
    m = Match.new("shards", players=3, seed=seed)
    if path is not None:
        m.autosave_to(path)
    t0 = time.perf_counter()
    for seat, move in game:
        m.play(seat, move)
    dt = time.perf_counter() - t0
    m.stop_autosave()
    return dt / len(game)


def append_all(game: list[tuple[int, object]], path: Path, sync: bool) -> float:
    """Seconds per record appended by the autosave's Appender, with or without its fsync."""
    m = Match.new("shards", players=3, seed=5)
    writer = savefile.Writer(m.header)
    savefile.write_atomic(path, [writer.start()])
    app = savefile.Appender(path, writer)
    if not sync:
        app.hold()  # records are flushed but not fsynced until release
    records = [savefile.MoveRecord(seat, move, 10, 0) for seat, move in game]
    t0 = time.perf_counter()
    for rec in records:
        app.append(rec)
    dt = time.perf_counter() - t0
    if not sync:
        app.release()  # (one fsync for them all, after the clock stopped)
    app.close()
    return dt / len(records)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--dir", help="where to write (default: a temporary directory)")
    args = ap.parse_args()
    game = a_game(args.moves)
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="gp-fsync-"))
    folder.mkdir(parents=True, exist_ok=True)
    rows: dict[str, list[float]] = {"play, no save": [], "play, autosave (fsync)": [],
                                    "append + fsync": [], "append, flush only": []}
    for run in range(args.runs):
        p = folder / f"run{run}.plank"
        rows["play, no save"].append(play_all(game, None))
        rows["play, autosave (fsync)"].append(play_all(game, p))
        rows["append + fsync"].append(append_all(game, p, True))
        rows["append, flush only"].append(append_all(game, p, False))
        p.unlink(missing_ok=True)
    st = os.statvfs(folder)
    print(f"{len(game)} Shards moves, {args.runs} runs, files in {folder} (block size {st.f_bsize})")
    med = {k: statistics.median(v) * 1e6 for k, v in rows.items()}
    for k, v in med.items():
        spread = f"{min(rows[k]) * 1e6:8.1f} – {max(rows[k]) * 1e6:8.1f}"
        print(f"  {k:26s} median {v:8.1f} µs/move   (runs {spread})")
    print(f"  autosave cost per move: {med['play, autosave (fsync)'] - med['play, no save']:.1f} µs "
          f"(of which the fsync: {med['append + fsync'] - med['append, flush only']:.1f} µs)")
    if not args.dir:
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
