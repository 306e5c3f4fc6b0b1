"""A warm parent for SSH sessions: it imports Python, Textual and the games once,
then forks one child per connection, already warm.

A plain process per connection pays every import again (hundreds of ms of CPU
each), which is what makes a burst of connections slow on a small machine. The
zygote is forked from the server before its event loop starts, imports
everything, freezes its heap for the garbage collector (so children share its
pages copy-on-write), and waits for requests on a socket: a pseudo-terminal's
slave end (passed as a file descriptor) and the session's settings. It answers
with the child's pid.
"""

from __future__ import annotations

import array
import asyncio
import fcntl
import gc
import io
import json
import os
import signal
import socket
import sys
import termios
from collections.abc import Callable
from importlib import import_module
from typing import Any

MAX_REQUEST = 64 * 1024


def _warm_imports() -> None:
    import textual.app  # noqa: F401 - imported for its side effect: a warm interpreter
    import textual.widgets  # noqa: F401

    import tui.remote  # noqa: F401
    from engine import games  # warm-up: the zygote imports every game once, for its children

    for gid in games.ids():
        games.get(gid)
    try:
        import tui.app  # noqa: F401
        import tui.screens.lobby  # noqa: F401
        import tui.screens.new_game  # noqa: F401
        import tui.screens.table  # noqa: F401
    except ImportError:
        pass


def share_parsed_css() -> None:
    """Parse each piece of Textual CSS once per process, not once per app.

    Textual caches parsed rules per stylesheet, so every new app parses all of its
    CSS again. In the zygote a process-wide cache (keyed by the CSS, where it came
    from and the theme's variables) is filled once, and every session forked from
    it starts with its CSS already parsed.
    """
    from textual.css.stylesheet import Stylesheet  # warm-up: imported by the zygote only

    if getattr(Stylesheet, "_gangplank_shared", False):
        return
    parse_rules = Stylesheet._parse_rules
    shared: dict[tuple[Any, ...], Any] = {}

    def _parse_rules(self: Any, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = shared.get(key)
        if rules is None:
            rules = shared[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    Stylesheet._gangplank_shared = True  # type: ignore[attr-defined]


def _warm_app() -> None:
    """Run the session app once, headless, so its CSS and first screens are parsed and cached."""

    # imported in the zygote before it forks (see _warm_imports): the children share them
    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub
    from engine.hub.transport import LocalConnection
    from tui.app import GangplankApp

    async def run() -> None:
        hub = Hub(None, BotPool(workers=0), local=False)
        app = GangplankApp("lobby", connection=LocalConnection(hub, "zygote"), user="zygote")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            await pilot.press("n")
            await pilot.pause(0.2)
            await pilot.press("escape")
            await pilot.pause(0.1)
        await hub.close()

    asyncio.run(run())


def start(warm: bool = True) -> tuple[int, socket.socket]:
    """Fork the zygote. Call before any event loop or thread exists. Returns (pid, control socket)."""
    parent_sock, child_sock = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid:
        child_sock.close()
        return pid, parent_sock
    parent_sock.close()
    code = 0
    try:
        if warm:
            _warm_imports()
            share_parsed_css()
            try:
                _warm_app()
            except Exception:  # noqa: BLE001 - a cold start is slower, not broken
                pass
        gc.collect()
        gc.freeze()
        _serve(child_sock)
    except BaseException:  # noqa: BLE001 - the zygote never returns into the server's code
        code = 1
    finally:
        os._exit(code)


def _serve(sock: socket.socket) -> None:
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when we stop
    while True:
        try:
            msg, fds, _flags, _addr = socket.recv_fds(sock, MAX_REQUEST, 4)
        except (ConnectionError, OSError):
            return
        if not msg:
            return
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            sock.send(b"\x00\x00\x00\x00")
            continue
        request = json.loads(msg)
        pid = os.fork()
        if pid == 0:
            sock.close()
            _child(fds[0], request)  # never returns
        os.close(fds[0])
        sock.send(pid.to_bytes(4, "little"))


def _child(slave: int, request: dict[str, Any]) -> None:
    code = 0
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.setsid()

        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if slave > 2:
            os.close(slave)
        _close_others({0, 1, 2})
        env = request.get("env", {})
        for key in ("COLUMNS", "LINES"):
            os.environ.pop(key, None)
        os.environ.update({k: str(v) for k, v in env.items()})
        _fresh_stdio()
        runner = _resolve(request.get("runner", "tui.remote:run_session"))
        code = int(runner(request) or 0)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    except BaseException:  # noqa: BLE001 - a child must never fall back into the zygote's loop
        code = 1
    finally:
        os._exit(code)


def _close_others(keep: set[int]) -> None:
    try:
        fds = [int(x) for x in os.listdir("/proc/self/fd")]
    except OSError:
        fds = list(range(3, 256))
    for fd in fds:
        if fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass


def _fresh_stdio() -> None:
    """Text streams on the new terminal, in UTF-8 whatever the server's locale was."""
    # sys.__std*__ too: Textual's driver writes to them, and they are the old terminal's
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(  # type: ignore[misc]
        io.FileIO(0, "r", closefd=False), encoding="utf-8", errors="replace")
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(  # type: ignore[misc]
        io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="replace", write_through=True)
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(  # type: ignore[misc]
        io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="replace", write_through=True)


def _resolve(spec: str) -> Callable[[dict[str, Any]], int]:
    module, _, name = spec.partition(":")

    return getattr(import_module(module), name)


class Spawner:
    """The server's side of the zygote: ask it for a child on a pseudo-terminal."""

    def __init__(self, pid: int, sock: socket.socket) -> None:
        self.pid = pid
        self.sock = sock
        self.sock.setblocking(False)

        self._lock = asyncio.Lock()

    async def spawn(self, slave_fd: int, request: dict[str, Any]) -> int:

        loop = asyncio.get_running_loop()
        data = json.dumps(request).encode()
        async with self._lock:
            await _send_fds(loop, self.sock, data, slave_fd)
            reply = await loop.sock_recv(self.sock, 4)
        pid = int.from_bytes(reply, "little") if len(reply) == 4 else 0
        if pid <= 0:
            raise RuntimeError("the session could not be started")
        return pid

    def stop(self) -> None:
        try:
            self.sock.close()
        finally:
            try:
                os.kill(self.pid, signal.SIGTERM)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


async def _send_fds(loop: Any, sock: socket.socket, data: bytes, fd: int) -> None:

    fds = array.array("i", [fd])
    while True:
        try:
            sock.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
            return
        except BlockingIOError:
            await asyncio.sleep(0.001)
