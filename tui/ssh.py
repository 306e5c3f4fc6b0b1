"""``gangplank serve``: the SSH server. Each connection gets its own Gangplank on a terminal.

- Binds to 127.0.0.1 unless told otherwise; a host key is made on first start
  and kept in the data dir (its fingerprint is printed).
- ``--auth open`` lets anyone in under their SSH user name (a home network);
  ``keys`` admits the keys of an authorized_keys file; ``password`` checks a
  file of salted scrypt hashes (``gangplank serve --add-user NAME``).
- No shell, no exec, no port forwarding, no SFTP: only the game.
- The hub (every table) lives in this process; each session's app runs in a
  child forked from a warm zygote, on a pseudo-terminal, and talks to the hub
  over a Unix socket only this user can open.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import codecs
import contextlib
import errno
import fcntl
import getpass
import hashlib
import hmac
import logging
import os
import secrets
import signal
import struct
import sys
import termios
from pathlib import Path
from typing import Any

log = logging.getLogger("gangplank.ssh")

MAX_INPUT_PENDING = 256 * 1024  # bytes typed/pasted but not yet read by the app before we pause the channel
READ_CHUNK = 65536


# ------------------------------------------------------------------ passwords


def _hash_password(password: str, salt: bytes | None = None) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    return f"scrypt${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


def check_password(stored: str, password: str) -> bool:
    try:
        kind, salt_b64, digest_b64 = stored.split("$")
        if kind != "scrypt":
            return False
        salt, digest = base64.b64decode(salt_b64), base64.b64decode(digest_b64)
    except ValueError:
        return False
    got = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    return hmac.compare_digest(got, digest)


def read_passwords(path: Path) -> dict[str, str]:
    users: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, sep, stored = line.partition(":")
            if sep and name:
                users[name] = stored
    return users


def add_user(path: Path, name: str, password: str) -> None:
    if not name or ":" in name or not name.isprintable() or len(name) > 32:
        raise ValueError("a user name is 1–32 printable characters without ':'")
    if len(password) < 4:
        raise ValueError("a password needs at least 4 characters")
    users = read_passwords(path)
    users[name] = _hash_password(password)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(f"{u}:{h}\n" for u, h in sorted(users.items())))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


# ------------------------------------------------------------------ the server


class Server:
    """Settings and shared state of one running ``gangplank serve``."""

    def __init__(self, args: argparse.Namespace, hub: Any, spawner: Any, hub_socket: Path) -> None:
        self.args = args
        self.hub = hub
        self.spawner = spawner
        self.hub_socket = hub_socket
        self.sessions: set[GameSession] = set()
        self.passwords: dict[str, str] = {}
        if args.auth == "password":
            self.passwords = read_passwords(Path(args.data_dir) / "passwords")


def _server_classes(server: Server) -> Any:
    import asyncssh

    class GameSSHServer(asyncssh.SSHServer):
        def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
            self.conn = conn

        def begin_auth(self, username: str) -> bool:
            return server.args.auth != "open"

        def password_auth_supported(self) -> bool:
            return server.args.auth == "password"

        def validate_password(self, username: str, password: str) -> bool:
            stored = server.passwords.get(username)
            return stored is not None and check_password(stored, password)

        def public_key_auth_supported(self) -> bool:
            return server.args.auth == "keys"

        def kbdint_auth_supported(self) -> bool:
            return False

        def session_requested(self) -> Any:
            return GameSession(server, self.conn.get_extra_info("username") or "guest")

        def connection_requested(self, *args: Any) -> bool:
            return False  # no port forwarding

        def server_requested(self, *args: Any) -> bool:
            return False

        def unix_connection_requested(self, *args: Any) -> bool:
            return False

        def unix_server_requested(self, *args: Any) -> bool:
            return False

    return GameSSHServer


import asyncssh  # noqa: E402 - only `gangplank serve` imports this module


class GameSession(asyncssh.SSHServerSession):
    """One SSH channel: relays bytes between the client and its app's pseudo-terminal."""

    def __init__(self, server: Server, user: str) -> None:
        super().__init__()
        self.server = server
        self.user = user
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.env: dict[str, str] = {}
        self.master = -1
        self.pid = 0
        self.token = ""
        self.pending = bytearray()
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.reading_paused = False
        self.closed = False

    # asyncssh SSHServerSession interface -----------------------------------------

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        if term_type:
            self.term = "".join(ch for ch in term_type if ch.isalnum() or ch in "-_.+")[:64] or self.term
        cols, rows = term_size[0], term_size[1]
        if cols > 0 and rows > 0:
            self.size = (cols, rows)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        asyncio.get_running_loop().create_task(self._start())

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width > 0 and height > 0:
            self.size = (min(width, 1000), min(height, 1000))
            if self.master >= 0:
                _set_winsize(self.master, *self.size)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master < 0:
            return
        # only valid UTF-8 reaches the app: garbage bytes become U+FFFD instead of crashing its reader
        self.pending += self.decoder.decode(data).encode("utf-8")
        self._flush_input()

    def eof_received(self) -> bool:
        self.close()
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal_name: str) -> None:
        pass

    def soft_eof_received(self) -> None:
        pass

    def pause_writing(self) -> None:
        # the client is not reading: stop reading the app's output until it catches up
        if self.master >= 0:
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        if self.master >= 0 and not self.closed:
            asyncio.get_running_loop().add_reader(self.master, self._on_output)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.close()

    # ------------------------------------------------------------------------------

    async def _start(self) -> None:
        srv = self.server
        if not self.has_pty:
            self.chan.write(b"Gangplank needs a terminal: connect with ssh -t\r\n")
            self.chan.exit(1)
            return
        if len(srv.sessions) >= srv.args.max_sessions:
            self.chan.write(f"Gangplank is full ({srv.args.max_sessions} sessions); try again soon.\r\n".encode())
            self.chan.exit(1)
            return
        srv.sessions.add(self)
        import pty
        import tty

        master, slave = pty.openpty()
        tty.setraw(slave)  # no echo and no signal keys, even before the app takes the terminal
        _set_winsize(master, *self.size)
        os.set_blocking(master, False)
        self.master = master
        self.token = secrets.token_urlsafe(24)
        srv.hub.tokens[self.token] = self.user
        env = {
            "TERM": self.term,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            "COLORTERM": "truecolor" if self._truecolor() else "",
            "GANGPLANK_USER": self.user,
        }
        request = {"hub": str(srv.hub_socket), "token": self.token, "user": self.user, "env": env}
        if srv.args.runner:
            request["runner"] = srv.args.runner
        try:
            self.pid = await srv.spawner.spawn(slave, request)
        except Exception as e:  # noqa: BLE001
            log.error("could not start a session for %s: %s", self.user, e)
            self.chan.write(b"Gangplank could not start your session; please try again.\r\n")
            self.close()
            return
        finally:
            os.close(slave)
        if self.closed:
            self._kill()
            return
        asyncio.get_running_loop().add_reader(master, self._on_output)
        self._flush_input()

    def _truecolor(self) -> bool:
        colorterm = ""
        with contextlib.suppress(Exception):
            colorterm = self.chan.get_environment().get("COLORTERM", "")
        return colorterm.lower() in ("truecolor", "24bit") or "direct" in self.term

    def _on_output(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError as e:
            if e.errno == errno.EIO:  # the app has exited
                self.close()
                return
            raise
        if not data:
            self.close()
            return
        self.chan.write(data)

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        while self.pending and self.master >= 0:
            try:
                n = os.write(self.master, bytes(self.pending[:4096]))
            except BlockingIOError:
                break
            except OSError:
                self.close()
                return
            del self.pending[:n]
        if self.master < 0:
            return
        if self.pending:
            loop.add_writer(self.master, self._on_writable)
            if len(self.pending) > MAX_INPUT_PENDING and not self.reading_paused:
                self.chan.pause_reading()  # a flood of input: let SSH flow control hold it back
                self.reading_paused = True
        else:
            loop.remove_writer(self.master)
            if self.reading_paused:
                self.chan.resume_reading()
                self.reading_paused = False

    def _on_writable(self) -> None:
        self._flush_input()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.server.sessions.discard(self)
        if self.token:
            self.server.hub.tokens.pop(self.token, None)
        if self.master >= 0:
            loop = asyncio.get_running_loop()
            loop.remove_reader(self.master)
            loop.remove_writer(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = -1
        self._kill()
        with contextlib.suppress(Exception):
            self.chan.exit(0)

    def _kill(self) -> None:
        if self.pid > 0:
            pid, self.pid = self.pid, 0
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGHUP)
            asyncio.get_running_loop().call_later(3.0, _reap_or_kill, pid)


def _reap_or_kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def _set_winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


# ------------------------------------------------------------------ command line


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gangplank serve", description="Serve Gangplank tables over SSH.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=2222)
    p.add_argument("--data-dir", help="tables, saves, host key and passwords (default: user data dir)")
    p.add_argument("--auth", choices=["open", "keys", "password"], default="open")
    p.add_argument("--authorized-keys", help="authorized_keys file for --auth keys")
    p.add_argument("--max-sessions", type=int, default=64)
    p.add_argument("--idle-timeout", type=float, default=180.0, metavar="SECONDS",
                   help="how long a seat may be idle or away before a bot plays for it (default 180)")
    p.add_argument("--add-user", metavar="NAME", help="add or change a password user, then exit")
    p.add_argument("--runner", help=argparse.SUPPRESS)  # tests: module:function run in each session
    return p


def _default_data_dir() -> Path:
    env = os.environ.get("GANGPLANK_DATA_DIR")
    if env:
        return Path(env) / "server"
    import platformdirs

    return Path(platformdirs.user_data_dir("gangplank")) / "server"


def _host_key(data_dir: Path) -> Any:
    import asyncssh

    path = data_dir / "ssh_host_ed25519_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    data_dir.mkdir(parents=True, exist_ok=True)
    key.write_private_key(str(path))
    os.chmod(path, 0o600)
    return key


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    data_dir = Path(args.data_dir) if args.data_dir else _default_data_dir()
    args.data_dir = str(data_dir)
    if args.add_user:
        if sys.stdin.isatty():
            pw = getpass.getpass(f"password for {args.add_user}: ")
            if getpass.getpass("again: ") != pw:
                print("gangplank serve: the passwords differ", file=sys.stderr)
                return 2
        else:
            pw = sys.stdin.readline().rstrip("\n")
        try:
            add_user(data_dir / "passwords", args.add_user, pw)
        except ValueError as e:
            print(f"gangplank serve: {e}", file=sys.stderr)
            return 2
        print(f"user {args.add_user} saved in {data_dir / 'passwords'}")
        return 0
    if args.auth == "keys" and not args.authorized_keys:
        print("gangplank serve: --auth keys needs --authorized-keys FILE", file=sys.stderr)
        return 2
    if args.auth == "keys" and not Path(args.authorized_keys).is_file():
        print(f"gangplank serve: no authorized_keys file at {args.authorized_keys}", file=sys.stderr)
        return 2
    if args.auth == "password" and not read_passwords(data_dir / "passwords"):
        print("gangplank serve: no password users yet; add one with --add-user NAME", file=sys.stderr)
        return 2
    if args.idle_timeout < 0:
        print("gangplank serve: --idle-timeout cannot be negative", file=sys.stderr)
        return 2
    if not 1 <= args.max_sessions <= 10000:
        print("gangplank serve: --max-sessions must be 1–10000", file=sys.stderr)
        return 2
    try:
        key = _host_key(data_dir)
    except (OSError, ValueError) as e:
        print(f"gangplank serve: cannot read or make the host key: {e}", file=sys.stderr)
        return 2

    from tui import zygote

    zpid, zsock = zygote.start()  # before any event loop or thread
    spawner = None
    try:
        spawner = zygote.Spawner(zpid, zsock)
        return asyncio.run(_serve(args, data_dir, key, spawner))
    except KeyboardInterrupt:
        return 0
    finally:
        if spawner is not None:
            spawner.stop()


async def _serve(args: argparse.Namespace, data_dir: Path, key: Any, spawner: Any) -> int:
    import asyncssh

    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub
    from engine.hub.transport import SocketServer

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    hub = Hub(data_dir, BotPool(workers=max(1, (os.cpu_count() or 2) - 1)), local=False,
              idle_timeout=args.idle_timeout)
    for problem in hub.restore():
        log.warning("could not restore a table: %s", problem)
    hub.start()
    hub.pool.warm_up()
    sock_dir = Path(f"/tmp/gangplank-{os.getuid()}")
    hub_socket = sock_dir / f"hub-{os.getpid()}.sock"
    sockserver = SocketServer(hub, hub_socket)
    await sockserver.start()
    server = Server(args, hub, spawner, hub_socket)
    options: dict[str, Any] = dict(
        server_host_keys=[key],
        line_editor=False,
        allow_pty=True,
        x11_forwarding=False,
        agent_forwarding=False,
        sftp_factory=None,
        allow_scp=False,
        encoding=None,
        keepalive_interval=30,
        login_timeout=60,
    )
    if args.auth == "keys":
        options["authorized_client_keys"] = args.authorized_keys
    try:
        acceptor = await asyncssh.create_server(_server_classes(server), args.host, args.port, **options)
    except OSError as e:
        print(f"gangplank serve: cannot listen on {args.host}:{args.port}: {e.strerror}", file=sys.stderr)
        await sockserver.close()
        await hub.close()
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before the banner: a stop right after it still shuts down cleanly
        loop.add_signal_handler(sig, stop.set)
    port = acceptor.sockets[0].getsockname()[1] if acceptor.sockets else args.port
    print(f"Gangplank is serving on {args.host}:{port} (auth: {args.auth})", flush=True)
    print(f"host key fingerprint: {key.get_fingerprint()}", flush=True)
    print(f"data: {data_dir}", flush=True)
    await stop.wait()
    acceptor.close()
    for s in list(server.sessions):
        s.close()
    await sockserver.close()
    await hub.close()
    return 0
