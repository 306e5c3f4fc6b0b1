"""A terminal at the other end of SSH: asyncssh client with a pty, rendered by pyte."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``gangplank serve`` in a subprocess, on a free port, with its own data dir."""

    def __init__(self, data_dir: Path, *extra: str, port: int | None = None, env: dict[str, str] | None = None) -> None:
        self.port = port or free_port()
        self.data_dir = data_dir
        # the server and its sessions keep their settings in the test's own data dir; the hub's
        # socket goes in <data>/run (not in a runtime dir the test machine may share)
        env = dict(os.environ, PYTHONUNBUFFERED="1", GANGPLANK_DATA_DIR=str(data_dir), XDG_RUNTIME_DIR="",
                   **(env or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--port", str(self.port), "--data-dir", str(data_dir), *extra],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.banner: list[str] = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the server stopped: " + "".join(self.banner))
            self.banner.append(line)
            if line.startswith("data:"):
                return
        raise RuntimeError("the server did not start")

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            rest, _ = self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:  # (a left-over child holding the pipe must not hang the test run)
            self.proc.kill()
            raise AssertionError("the server or one of its processes did not stop within 15 s") from None
        return "".join(self.banner) + (rest or "")


class Terminal(asyncssh.SSHClientSession):
    def __init__(self, cols: int, rows: int, keep_output: bool = False) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.raw: bytearray | None = bytearray() if keep_output else None  # every byte received
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.bytes_in = 0

    def data_received(self, data: bytes, datatype) -> None:
        self.bytes_in += len(data)
        if self.raw is not None:
            self.raw += data
        self.stream.feed(data)
        self.changed.set()

    def connection_lost(self, exc) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)


class Client:
    def __init__(self, conn, chan, term: Terminal) -> None:
        self.conn, self.chan, self.term = conn, chan, term

    @classmethod
    async def connect(cls, port: int, user: str = "ann", cols: int = 100, rows: int = 30,
                      password: str | None = None, client_keys=None, term_type="xterm-256color",
                      request_pty: bool = True, local_addr: tuple[str, int] | None = None,
                      keep_output: bool = False) -> Client:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, password=password,
            client_keys=client_keys, agent_path=None, preferred_auth="publickey,password" if (password or client_keys) else "none,password",
            local_addr=local_addr,
        )
        term = Terminal(cols, rows, keep_output)
        kw = dict(term_type=term_type, term_size=(cols, rows)) if request_pty else {}
        chan, _ = await conn.create_session(lambda: term, encoding=None, **kw)
        return cls(conn, chan, term)

    async def wait_until(self, ready: Callable[[str], bool], what: str, timeout: float = 20.0) -> str:
        """The screen once ``ready(screen text)`` holds; ``what`` names it when it never does."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not ready(self.term.text()):
            if self.term.closed.is_set():
                raise AssertionError(f"connection closed before {what}:\n{self.term.text()}")
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"never {what}:\n{self.term.text()}")
            self.term.changed.clear()
            try:
                await asyncio.wait_for(self.term.changed.wait(), min(left, 0.5))
            except TimeoutError:
                pass
        return self.term.text()

    async def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        """The screen once every one of ``texts`` is on it at the same time.

        Parts of a screen arrive in separate frames (the header before the board, the board
        before the footer), so a test names everything it reads rather than asserting on
        whatever frame happened to bring the first text.
        """
        return await self.wait_until(lambda screen: all(t in screen for t in texts),
                                     f"{' and '.join(map(repr, texts))} on the screen", timeout)

    async def wait_gone(self, text: str, timeout: float = 20.0) -> str:
        """The screen once ``text`` has left it."""
        return await self.wait_until(lambda screen: text not in screen, f"{text!r} gone from the screen", timeout)

    def send(self, data: str | bytes) -> None:
        self.chan.write(data.encode() if isinstance(data, str) else data)

    def resize(self, cols: int, rows: int) -> None:
        self.term.screen.resize(rows, cols)
        self.chan.change_terminal_size(cols, rows)

    async def close(self) -> None:
        self.chan.close()
        self.conn.close()
        await self.conn.wait_closed()


TURN = re.compile(r"(\w+) — your move")


async def take_turns(clients: list[Client], key_for: Callable[[str], str], timeout: float = 300) -> None:
    """Whenever one of ``clients`` is asked, press ``key_for(its screen)``, until every screen shows the results."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not all("Ranking" in c.term.text() for c in clients):
        if loop.time() > end:
            screens = "\n---\n".join(c.term.text() for c in clients)
            raise AssertionError("the game did not end:\n" + screens)
        pressed = False
        for c in clients:
            text = c.term.text()
            if "Ranking" in text or not TURN.search(text):
                continue
            c.send(key_for(text))
            pressed = True
        await asyncio.sleep(0.2 if pressed else 0.05)
