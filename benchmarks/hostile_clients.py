"""Hostile SSH clients against `gangplank serve`: memory stays under a cap, real players get in.

    .venv/bin/python benchmarks/hostile_clients.py [--pastes 8] [--paste-mb 60] [--silent 1100] [--cap-mb 16]

paste    --pastes sessions each start a bracketed paste and never end it, sending --paste-mb
         MiB (the drill's session grew 50 → 436 MB); how long until each is closed, and the
         server's memory meanwhile.
flood    one session sends keys as fast as SSH lets it; how long until it is closed.
silent   --silent TCP connections that never send an SSH banner, from 10 loopback addresses
         other than 127.0.0.1; meanwhile a real player connects from 127.0.0.1: the seconds
         until the lobby is on their screen; how many silent connections are still open
         after 2 s, after the login timeout, and once more 12 s later (a handshake the
         kernel completed late has its own timeout): by then none may be left.

Memory is the proportional set size (PSS, /proc/*/smaps_rollup) of the server and all its
processes (zygote, sessions, bot workers), sampled every 0.2 s; the figure is its peak, beside
the same number of idle sessions. The cap (--cap-mb, default 16 MB a hostile session): a
drill's peak, less its memory at the drill's start and what its sessions would take idle (the
paste drill's --pastes, the flood's one, the silent drill's player), is at most --cap-mb times
--pastes for the pastes and --cap-mb for the flood and for all the silent connections together (a session holds at most 256 KiB of unread input and one
1 MiB paste, so a few MB of the app's own copies are all it may grow by; before the caps one
pasting session grew by 386 MB). Past the cap, a session not closed, or a traceback in the
server's log, the exit status is 1. The server runs with its defaults, on a free port and a fresh
data dir; everything runs on this machine (the clients share its cores with the server).
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ssh.client import Client, ServerProcess  # noqa: E402


def tree(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def pss_mb(pid: int) -> float:
    total = 0
    for p in tree(pid):
        try:
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


class Sampler:
    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.start = self.peak = 0.0
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        while True:
            self.peak = max(self.peak, pss_mb(self.pid))
            await asyncio.sleep(0.2)

    def __enter__(self) -> Sampler:
        self.start = self.peak = pss_mb(self.pid)
        self.task = asyncio.get_running_loop().create_task(self.run())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.task:
            self.task.cancel()


async def endless_paste(port: int, user: str, megabytes: int) -> tuple[float, bool, str]:
    c = await Client.connect(port, user, 100, 30)
    await c.wait_for("New table", timeout=60)
    t0 = time.perf_counter()
    chunk = b"x" * 65536
    try:
        c.send(b"\x1b[200~")
        for _ in range(megabytes * 16):
            if c.term.closed.is_set():
                break
            c.send(chunk)
            await asyncio.sleep(0)
    except (BrokenPipeError, ConnectionError):
        pass
    try:
        await asyncio.wait_for(c.term.closed.wait(), 120)
    except TimeoutError:
        return time.perf_counter() - t0, False, ""
    lines = c.term.text().splitlines()
    said = next((lines[i + 1].strip(" │") for i, ln in enumerate(lines[:-1]) if "Gangplank closed" in ln), "")
    return time.perf_counter() - t0, True, said


async def flood(port: int) -> tuple[float, bool]:
    """Keys as fast as SSH takes them; (seconds until the server closes the session, whether it did)."""
    c = await Client.connect(port, "flood", 100, 30)
    await c.wait_for("New table", timeout=60)
    t0 = time.perf_counter()
    try:
        while not c.term.closed.is_set() and time.perf_counter() - t0 < 120:
            c.send(b"abcdefgh" * 8192)
            await asyncio.sleep(0)
    except (BrokenPipeError, ConnectionError):
        pass
    try:
        await asyncio.wait_for(c.term.closed.wait(), 60)
    except TimeoutError:
        return time.perf_counter() - t0, False
    return time.perf_counter() - t0, True


def open_silent(port: int, n: int) -> list[socket.socket]:
    socks = []
    for i in range(n):
        s = socket.socket()
        s.bind((f"127.0.0.{2 + i % 10}", 0))
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        socks.append(s)
    return socks


def held_by_server(port: int) -> int:
    """Connections the server holds open on its port (a client may believe in more: the kernel
    completes handshakes that overflow the accept queue, and the server never sees those)."""
    import subprocess

    out = subprocess.run(["ss", "-tnH", "state", "established", f"( sport = :{port} )"],
                         capture_output=True, text=True).stdout
    return sum(1 for line in out.splitlines() if line.strip())


async def main_async(args: argparse.Namespace) -> bool:
    """Run the drills; whether any failed (over the cap, a session not closed, a traceback)."""
    failed = False
    data = Path(tempfile.mkdtemp(prefix="gp-hostile-"))
    srv = ServerProcess(data / "srv")
    pid = srv.proc.pid
    try:
        await asyncio.sleep(2)
        base = pss_mb(pid)
        print(f"server and its processes after start-up: {base:.0f} MB (PSS)")

        idle = [await Client.connect(srv.port, f"idle{i}", 100, 30) for i in range(args.pastes)]
        for c in idle:
            await c.wait_for("New table", timeout=60)
        await asyncio.sleep(1)
        with_sessions = pss_mb(pid)
        print(f"with {args.pastes} idle sessions: {with_sessions:.0f} MB "
              f"({(with_sessions - base) / args.pastes:.0f} MB a session)")
        per_session = (with_sessions - base) / args.pastes

        def growth(s: Sampler, sessions: int) -> float:
            """The peak over the drill's start, less what as many idle sessions would take."""
            return s.peak - s.start - sessions * per_session

        for c in idle:
            await c.close()
        await asyncio.sleep(2)
        with Sampler(pid) as s:
            results = await asyncio.gather(*(endless_paste(srv.port, f"paster{i}", args.paste_mb)
                                             for i in range(args.pastes)))
        closed = sum(r[1] for r in results)
        cap = args.cap_mb * args.pastes
        print(f"paste: {args.pastes} sessions pasting {args.paste_mb} MiB without an end: {closed} closed, "
              f"after {min(r[0] for r in results):.1f}–{max(r[0] for r in results):.1f} s; "
              f"peak {s.peak:.0f} MB ({growth(s, args.pastes):+.0f} MB over as many idle sessions; "
              f"cap +{cap:.0f} MB: {'within' if growth(s, args.pastes) <= cap else 'OVER'})")
        failed |= growth(s, args.pastes) > cap or closed < args.pastes
        if results and results[0][2]:
            print(f"  they were told: {results[0][2]!r}")

        with Sampler(pid) as s:
            t, ok = await flood(srv.port)
        print(f"flood: a session sending keys flat out: {'closed' if ok else 'NOT closed'} after {t:.1f} s; "
              f"peak {s.peak:.0f} MB ({growth(s, 1):+.0f} MB over one idle session; "
              f"cap +{args.cap_mb:.0f} MB: {'within' if growth(s, 1) <= args.cap_mb else 'OVER'})")
        failed |= growth(s, 1) > args.cap_mb or not ok

        with Sampler(pid) as s:
            socks = open_silent(srv.port, args.silent)
            await asyncio.sleep(0.5)
            t0 = time.perf_counter()
            c = await Client.connect(srv.port, "player", 100, 30)
            await c.wait_for("New table", timeout=120)
            lobby = time.perf_counter() - t0
            await asyncio.sleep(max(0.0, 2 - lobby))
            after2 = held_by_server(srv.port) - 1  # (less the player's)
            await asyncio.sleep(16)  # past the 10 s login timeout of the latest ones (SYNs are retried)
            after_timeout = held_by_server(srv.port) - 1
            # handshakes the kernel completed late (retried SYNs) have their own 10 s: one more
            await asyncio.sleep(12)
            at_last = held_by_server(srv.port) - 1
            await c.close()
        for sock in socks:
            sock.close()
        print(f"silent: {args.silent} connections that never send a banner, from 10 addresses: a player "
              f"reached the lobby in {lobby:.1f} s; of them the server holds after 2 s: {after2}, after the "
              f"login timeout: {after_timeout}, 12 s later: {at_last}; peak {s.peak:.0f} MB "
              f"({growth(s, 1):+.0f} MB over the player's idle session; cap +{args.cap_mb:.0f} MB for all of "
              f"them: {'within' if growth(s, 1) <= args.cap_mb else 'OVER'})")
        failed |= growth(s, 1) > args.cap_mb or after2 > 64 or at_last > 0  # 64: --max-logging-in

    finally:
        out = srv.stop()
        tracebacks = out.count("Traceback")
        print(f"server log: {len(out.splitlines())} lines, {tracebacks} tracebacks")
        failed |= tracebacks > 0
        import shutil

        shutil.rmtree(data, ignore_errors=True)
    print("FAILED" if failed else "all within the cap")
    return failed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pastes", type=int, default=8)
    ap.add_argument("--paste-mb", type=int, default=60)
    ap.add_argument("--silent", type=int, default=1100)
    ap.add_argument("--cap-mb", type=float, default=16.0,
                    help="memory a hostile session may add over an idle one, in MB (default 16)")
    return 1 if asyncio.run(main_async(ap.parse_args())) else 0


if __name__ == "__main__":
    sys.exit(main())
