"""Time from F1 to the rules on screen, in a real pseudo-terminal, for every game's document.

    .venv/bin/python benchmarks/rules_open.py [--runs 3] [--size 120x40] [--at menu|table]

Each run starts the installed ``gangplank`` on a fresh pty (see ``tui_startup.py``), waits for
the main menu, presses F1 and stops the clock when the document's title and first words are
drawn; then G (the next game's rules) for each other game, and Esc, F1 once more (a document
already laid out). Quits with Ctrl+Q.

``--at table``: each run starts ``gangplank play GAME`` for every game in turn (a fresh process
each, so each document is opened cold, as a player at that game's table first presses F1), waits
for the table, presses F1 and stops the clock when that game's rules are drawn; then presses
Esc and times the way back to the table.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

import pyte

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.tui_startup import ROOT, wait_for  # noqa: E402

F1 = b"\x1bOP"
DOCS = ("Shards of Creation", "Shardwake", "Shiver Me Timbers", "Fractured Sky")


def one_run(cmd: list[str], size: tuple[int, int]) -> dict[str, float]:
    cols, rows = size
    data = tempfile.mkdtemp(prefix="gangplank-bench-")
    env = dict(os.environ, GANGPLANK_DATA_DIR=data, TERM="xterm-256color", COLORTERM="truecolor")
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.execvpe(cmd[0], cmd, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    out: dict[str, float] = {}
    try:
        wait_for(fd, stream, screen, ("New game", "Quit"))
        time.sleep(0.5)  # the hub's start-up after the menu is drawn
        t = time.perf_counter()
        os.write(fd, F1)
        first = wait_for(fd, stream, screen, ("Rules — ",))
        title = next(line for line in screen.display if "Rules — " in line).split("Rules — ")[1].strip()
        out[f"F1: {title}"] = first - t
        for _ in range(3):
            t = time.perf_counter()
            os.write(fd, b"g")
            before = title
            end = time.perf_counter() + 20
            while title == before and time.perf_counter() < end:
                wait_for(fd, stream, screen, ("Rules — ",), timeout=20)
                title = next(line for line in screen.display if "Rules — " in line).split("Rules — ")[1].strip()
                if title == before:
                    ready, _, _ = select.select([fd], [], [], 0.01)
                    if ready:
                        stream.feed(os.read(fd, 1 << 16))
            out[f"G: {title}"] = time.perf_counter() - t
        os.write(fd, b"\x1b")
        wait_for(fd, stream, screen, ("New game", "Quit"))
        t = time.perf_counter()
        os.write(fd, F1)
        wait_for(fd, stream, screen, ("Rules — ",))
        out["F1 again (laid out before)"] = time.perf_counter() - t
        os.write(fd, b"\x11")
        end = time.perf_counter() + 5
        while time.perf_counter() < end:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            select.select([fd], [], [], 0.05)
            try:
                os.read(fd, 1 << 16)
            except OSError:
                pass
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    finally:
        os.close(fd)
        shutil.rmtree(data, ignore_errors=True)
    return out


GAMES = {"fractured-sky": "Fractured Sky", "shards": "Shards of Creation", "shardwake": "Shardwake",
         "shiver": "Shiver Me Timbers"}


def at_table(cmd: list[str], size: tuple[int, int]) -> dict[str, float]:
    """F1 at each game's table, in a fresh process per game."""
    cols, rows = size
    out: dict[str, float] = {}
    for game, title in GAMES.items():
        data = tempfile.mkdtemp(prefix="gangplank-bench-")
        env = dict(os.environ, GANGPLANK_DATA_DIR=data, TERM="xterm-256color", COLORTERM="truecolor")
        screen = pyte.Screen(cols, rows)
        stream = pyte.ByteStream(screen)
        argv = [*cmd, "play", game, "--seed", "1", "--bot-delay", "2"]
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        try:
            wait_for(fd, stream, screen, ("F1",), timeout=30)
            time.sleep(1.0)  # the table settles (bots, the log)
            t = time.perf_counter()
            os.write(fd, F1)
            out[f"F1 at the table: {title}"] = wait_for(fd, stream, screen, (f"Rules — {title}",), timeout=20) - t
            t = time.perf_counter()
            os.write(fd, b"\x1b")
            end = time.perf_counter() + 20
            while any("Rules — " in line for line in screen.display) and time.perf_counter() < end:
                ready, _, _ = select.select([fd], [], [], 0.01)
                if ready:
                    stream.feed(os.read(fd, 1 << 16))
            out[f"Esc back: {title}"] = time.perf_counter() - t
        finally:
            _quit(pid, fd)
            shutil.rmtree(data, ignore_errors=True)
    return out


def _quit(pid: int, fd: int) -> None:
    os.write(fd, b"\x11")
    end = time.perf_counter() + 5
    while time.perf_counter() < end:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        select.select([fd], [], [], 0.05)
        try:
            os.read(fd, 1 << 16)
        except OSError:
            pass
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--size", default="120x40")
    p.add_argument("--command", default=str(ROOT / ".venv" / "bin" / "gangplank"))
    p.add_argument("--at", choices=("menu", "table"), default="menu", help="where F1 is pressed")
    args = p.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    run = at_table if args.at == "table" else one_run
    runs = [run([args.command], size) for _ in range(args.runs)]  # type: ignore[arg-type]
    print(f"F1 -> the rules on screen ({args.size}, {args.runs} runs, at the {args.at})")
    for key in runs[0]:
        ms = [r[key] * 1000 for r in runs if key in r]
        print(f"  {key:<32} median {statistics.median(ms):6.0f} ms   max {max(ms):6.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
