"""SSH figures for `gangplank serve`, measured with public tools only (asyncssh + pyte).

    .venv/bin/python benchmarks/ssh_bench.py burst [--clients 32]
    .venv/bin/python benchmarks/ssh_bench.py echo [--clients 32] [--keys 20]
    .venv/bin/python benchmarks/ssh_bench.py memory [--tables 16]

burst   N clients connect at the same moment; each counts the seconds until its lobby is
        on screen (median, p95, max). These clients only watch the raw output for the lobby's
        footer, as a terminal would show it, without emulating a screen.
echo    with N sessions open, each (or --typists K of them) types into a text field; the
        time from sending a key to seeing it on that client's screen (median, p95).
memory  sessions' memory (RSS and PSS, from /proc), and the server's memory (its process
        and bot workers) with T tables of bots playing.

The server runs as a subprocess on a free port with a fresh data dir; the clients run
in this process, on the same machine (they share its cores with the server).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

from tests.ssh.client import Client, ServerProcess  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


async def connect_and_wait(port: int, user: str, text: str = "New table") -> tuple[Client, float]:
    t0 = time.perf_counter()
    c = await Client.connect(port, user, 100, 30)
    await c.wait_for(text, timeout=60)
    return c, time.perf_counter() - t0


class RawTerminal(asyncssh.SSHClientSession):
    """A client that only looks for a marker in the raw output (no screen emulation)."""

    def __init__(self, marker: bytes) -> None:
        self.marker = marker
        self.tail = b""
        self.seen = asyncio.Event()

    def data_received(self, data: bytes, datatype: object) -> None:
        chunk = self.tail + data
        if self.marker in chunk:
            self.seen.set()
        self.tail = chunk[-len(self.marker):]


async def raw_connect(port: int, user: str) -> tuple[object, float]:
    t0 = time.perf_counter()
    conn = await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None, agent_path=None,
                                  preferred_auth="none,password")
    term = RawTerminal(b"New table")
    await conn.create_session(lambda: term, term_type="xterm-256color", term_size=(100, 30), encoding=None)
    await asyncio.wait_for(term.seen.wait(), 60)
    return conn, time.perf_counter() - t0


async def burst(port: int, n: int) -> list[float]:
    results = await asyncio.gather(*(raw_connect(port, f"u{i}") for i in range(n)))
    for conn, _ in results:
        conn.close()  # type: ignore[attr-defined]
    return [d for _, d in results]


async def echo(port: int, n: int, keys: int, typists: int) -> list[float]:
    clients = [c for c, _ in await asyncio.gather(*(connect_and_wait(port, f"e{i}") for i in range(n)))]
    clients = clients[:typists]  # the others stay open in the lobby
    for c in clients:
        c.send("n")  # New game: its seat-name field echoes what is typed
    await asyncio.gather(*(c.wait_for("Start the game") for c in clients))
    for c in clients:
        c.send("\t\t\t")  # game, players, first seat's kind: now the first seat's name
        c.send("\x15")  # ctrl+u: clear it
    await asyncio.sleep(2)
    lat: list[float] = []

    async def typist(c: Client, i: int) -> None:
        c.send("QQ")  # a marker the screen shows nowhere else
        await c.wait_for("QQ", timeout=30)
        for k in range(keys):
            ch = "abcdefghijklmnopqrstuvwxyz"[(i + k) % 26]
            t0 = time.perf_counter()
            c.send(ch)
            await c.wait_for("QQ" + ch, timeout=30)
            lat.append(time.perf_counter() - t0)
            c.send("\x7f")  # backspace: the field never fills up
            await c.wait_for("QQ ", timeout=30)
            await asyncio.sleep(0.05)

    await asyncio.gather(*(typist(c, i) for i, c in enumerate(clients)))
    for c in clients:
        await c.close()
    return lat


def _proc_mem(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in KiB of one process."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                out.append(int(d.name))
    return out


def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(_children(p))
    return out


async def memory(srv: ServerProcess, sessions: int, tables: int) -> dict[str, float]:
    server_pid = srv.proc.pid
    base_rss, base_pss = _proc_mem(server_pid)
    clients = [c for c, _ in await asyncio.gather(*(connect_and_wait(srv.port, f"m{i}") for i in range(sessions)))]
    await asyncio.sleep(2)
    tree = _tree(server_pid)
    # sessions are the zygote's children; the zygote is the server's first child
    zygote = min(_children(server_pid)) if _children(server_pid) else 0
    kids = _children(zygote) if zygote else []
    mems = [_proc_mem(p) for p in kids]
    out = {
        "sessions": len(kids),
        "session_rss_mib_median": statistics.median(m[0] for m in mems) / 1024 if mems else 0,
        "session_pss_mib_median": statistics.median(m[1] for m in mems) / 1024 if mems else 0,
        "server_rss_mib_idle": base_rss / 1024,
    }
    # tables of bots: each of the first `tables` sessions sets one up (all three seats bots)
    for c in clients[:tables]:
        c.send("n")
    await asyncio.gather(*(c.wait_for("Start the game") for c in clients[:tables]))
    for c in clients[:tables]:
        for seat in range(3):
            c.send("\t\t" if seat == 0 else "\t\t\t")
            c.send("\x1b[C" * (4 if seat == 0 else 3))  # to Bot · heuristic
    await asyncio.sleep(1)
    for c in clients[:tables]:
        c.send("\x13")
    await asyncio.gather(*(c.wait_for("Watching", timeout=60) for c in clients[:tables]))
    await asyncio.sleep(20)  # let them play
    tree = _tree(server_pid)
    zygote_tree = set(_tree(zygote)) if zygote else set()
    server_side = [p for p in tree if p not in zygote_tree]
    rss = sum(_proc_mem(p)[0] for p in server_side)
    pss = sum(_proc_mem(p)[1] for p in server_side)
    from engine import Match

    saves = sorted((srv.data_dir / "tables").glob("*.plank"))
    moves = 0
    for path in saves:
        try:
            moves += Match.load(path).cursor
        except Exception:  # noqa: BLE001 - a save being written right now
            pass
    out.update(server_processes=len(server_side), server_rss_mib_with_tables=rss / 1024,
               server_pss_mib_with_tables=pss / 1024, tables=len(saves), moves_played=moves)
    for c in clients:
        await c.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["burst", "echo", "memory"])
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--keys", type=int, default=20)
    ap.add_argument("--typists", type=int, default=0, help="echo: how many sessions type (default: all)")
    ap.add_argument("--tables", type=int, default=16)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        srv = ServerProcess(Path(d) / "data", "--max-sessions", "200")
        try:
            time.sleep(1.0)  # the zygote warms up
            if args.what == "burst":
                for run in range(args.runs):
                    ds = asyncio.run(burst(srv.port, args.clients))
                    print(f"run {run + 1}: {args.clients} connects: median {statistics.median(ds):.2f} s, "
                          f"p95 {pct(ds, 95):.2f} s, max {max(ds):.2f} s", flush=True)
                    time.sleep(2)
            elif args.what == "echo":
                lat = asyncio.run(echo(srv.port, args.clients, args.keys, args.typists or args.clients))
                ms = [x * 1000 for x in lat]
                print(f"{args.clients} sessions, {args.typists or args.clients} typing, {len(ms)} keys: echo median {statistics.median(ms):.0f} ms, "
                      f"p95 {pct(ms, 95):.0f} ms, max {max(ms):.0f} ms")
            else:
                out = asyncio.run(memory(srv, args.clients, args.tables))
                for k, v in out.items():
                    print(f"{k:32} {v:.1f}" if isinstance(v, float) else f"{k:32} {v}")
        finally:
            srv.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
