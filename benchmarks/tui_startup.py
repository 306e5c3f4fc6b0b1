"""Time from starting ``gangplank`` to an interactive main menu, in a real pseudo-terminal.

    .venv/bin/python benchmarks/tui_startup.py [--runs 20] [--size 120x40]

Each run starts the installed ``gangplank`` command on a fresh pty (a fresh data
directory, so no saved tables to restore), feeds what it draws into a terminal
emulator (pyte), and stops the clock when the menu's items are on the screen.
Then it presses N and times the answer (the New game screen), to show the menu
really is interactive, and quits with Ctrl+Q.
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

ROOT = Path(__file__).resolve().parents[1]


def wait_for(fd: int, stream: pyte.ByteStream, screen: pyte.Screen, words: tuple[str, ...],
             timeout: float = 10.0) -> float:
    """Read the child's output until every word is on screen; return the time it happened."""
    end = time.perf_counter() + timeout
    while True:
        text = "\n".join(screen.display)
        if all(w in text for w in words):
            return time.perf_counter()
        left = end - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"{words} did not appear; the screen shows:\n{text}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                raise TimeoutError("gangplank exited") from None
            stream.feed(data)


def one_run(cmd: list[str], size: tuple[int, int]) -> tuple[float, float]:
    cols, rows = size
    data = tempfile.mkdtemp(prefix="gangplank-bench-")
    env = dict(os.environ, GANGPLANK_DATA_DIR=data, TERM="xterm-256color", COLORTERM="truecolor")
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: gangplank on the pty
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.execvpe(cmd[0], cmd, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    try:
        menu = wait_for(fd, stream, screen, ("New game", "Continue last game", "Replay a game", "Quit")) - t0
        t1 = time.perf_counter()
        os.write(fd, b"n")
        answer = wait_for(fd, stream, screen, ("Seats", "Takebacks")) - t1
        os.write(fd, b"\x11")  # Ctrl+Q
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
    return menu, answer


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--size", default="120x40")
    p.add_argument("--command", default=str(ROOT / ".venv" / "bin" / "gangplank"))
    args = p.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    one_run([args.command], size)  # warm the file system cache once, not counted
    menus, answers = [], []
    for _ in range(args.runs):
        menu, answer = one_run([args.command], size)  # type: ignore[arg-type]
        menus.append(menu * 1000)
        answers.append(answer * 1000)
    print(f"gangplank -> interactive main menu ({args.size}, {args.runs} runs)")
    print(f"  to the menu on screen   median {statistics.median(menus):6.0f} ms   "
          f"min {min(menus):6.0f} ms   max {max(menus):6.0f} ms")
    print(f"  first key answered      median {statistics.median(answers):6.0f} ms   "
          f"min {min(answers):6.0f} ms   max {max(answers):6.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
