"""kill -9 the SSH server while bots play: every move it acknowledged must be in the file.

    .venv/bin/python benchmarks/kill_drill.py [--kills 30] [--sessions 3] [--seed 1]

Each round starts ``gangplank serve`` on the same data dir (its tables come back from their
autosaves), opens --sessions SSH sessions whose runner (benchmarks/drill_runner.py) sets up a
table of bots at no delay and prints every Update the hub sends it, waits a random 0.5–4 s,
and kills the server's whole process group with SIGKILL (server, zygote, sessions, bot
workers: every layer at once). Then every acknowledged position is checked against the
table's file: the file holds at least as many moves as were acknowledged, and replaying it
to that many moves gives the same public view that was sent. At the end every file must
load strictly (no problem, no warning but a torn last record) and the last restart must
report no table it could not restore.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

from benchmarks.drill_runner import view_hash  # noqa: E402
from engine import Match, SaveError  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from tests.ssh.client import free_port  # noqa: E402


class Lines(asyncssh.SSHClientSession):
    def __init__(self, acks: dict[str, tuple[int, str]], seen: list[int]) -> None:
        self.buf = b""
        self.acks = acks
        self.seen = seen
        self.ready = asyncio.Event()

    def data_received(self, data: bytes, datatype: object) -> None:
        self.buf += data
        *lines, self.buf = self.buf.split(b"\n")
        for raw in lines:
            parts = raw.decode(errors="replace").strip().split()
            if parts[:1] == ["READY"]:
                self.ready.set()
            elif len(parts) == 4 and parts[0] == "ACK":
                tid, moves, h = parts[1], int(parts[2]), parts[3]
                self.seen[0] += 1
                if moves >= self.acks.get(tid, (-1, ""))[0]:
                    self.acks[tid] = (moves, h)


def start(data: Path, port: int) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1", XDG_RUNTIME_DIR="")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--port", str(port), "--data-dir", str(data),
         "--runner", "benchmarks.drill_runner:run", "--max-sessions-per-user", "64"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("the server did not start")
        if line.startswith("data:"):
            return proc


async def one_round(data: Path, port: int, sessions: int, wait: float, acks: dict[str, tuple[int, str]]) -> int:
    proc = start(data, port)
    seen = [0]
    conns = []
    try:
        for i in range(sessions):
            conn = await asyncssh.connect("127.0.0.1", port, username=f"drill{i}", known_hosts=None,
                                          agent_path=None, preferred_auth="none")
            lines = Lines(acks, seen)
            await conn.create_session(lambda lines=lines: lines, term_type="dumb", term_size=(200, 50),
                                      encoding=None)
            await asyncio.wait_for(lines.ready.wait(), 30)
            conns.append(conn)
        await asyncio.sleep(wait)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # every layer at once, without a word
        proc.wait()
        for conn in conns:
            conn.abort()
    return seen[0]


def check(data: Path, acks: dict[str, tuple[int, str]]) -> list[str]:
    """Every acknowledged position is in its table's file."""
    problems = []
    for tid, (moves, h) in sorted(acks.items()):
        path = data / "tables" / f"{tid}.plank"
        try:
            m = Match.load(path)
        except SaveError as e:
            problems.append(f"{tid}: {e}")
            continue
        if m.cursor < moves:
            problems.append(f"{tid}: {moves} moves acknowledged, {m.cursor} in the file")
            continue
        m.seek(moves)
        if view_hash(m.view(None)) != h:
            problems.append(f"{tid}: the position after move {moves} differs from the one sent")
    return problems


async def drill(kills: int, sessions: int, seed: int, keep: bool) -> int:
    import shutil
    import tempfile

    data = Path(tempfile.mkdtemp(prefix="gp-kill-"))
    rng = Rng(seed)
    acks: dict[str, tuple[int, str]] = {}
    total = problems = 0
    t0 = time.perf_counter()
    for k in range(kills):
        wait = 0.5 + rng.below(3500) / 1000
        before = {tid: a[0] for tid, a in acks.items()}
        n = await one_round(data, free_port(), sessions, wait, acks)
        found = check(data, acks)
        moved = sum(a[0] - before.get(tid, 0) for tid, a in acks.items())
        total += moved
        problems += len(found)
        print(f"kill {k + 1:3d} after {wait:.1f} s: {n} updates read, {moved} moves acknowledged, "
              f"{len(acks)} tables, {'OK' if not found else 'LOST: ' + '; '.join(found)}", flush=True)
    # the files as a restart finds them
    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub

    hub = Hub(data, BotPool(workers=0), local=False)
    restore_problems = hub.restore()
    await hub.close()
    warnings = []
    for path in sorted((data / "tables").glob("*.plank")):
        m = Match.load(path)
        warnings += [f"{path.name}: {w}" for w in m.warnings]
    print(f"\n{kills} kills in {time.perf_counter() - t0:.0f} s: {total} acknowledged moves checked, "
          f"{problems} lost; {len(list((data / 'tables').glob('*.plank')))} tables; restart problems: "
          f"{restore_problems or 'none'}; torn last records dropped on load: {len(warnings)}")
    for w in warnings:
        print(f"  {w}")
    if keep:
        print(f"data: {data}")
    else:
        shutil.rmtree(data, ignore_errors=True)
    return 1 if problems or restore_problems else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=30)
    ap.add_argument("--sessions", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", action="store_true", help="keep the data dir (its path is printed)")
    args = ap.parse_args()
    return asyncio.run(drill(args.kills, args.sessions, args.seed, args.keep))


if __name__ == "__main__":
    sys.exit(main())
