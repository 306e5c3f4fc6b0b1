"""``gangplank serve``: the SSH server. Each connection gets its own Gangplank on a terminal.

- Binds to 127.0.0.1 unless told otherwise; a host key is made on first start
  and kept in the data dir (its fingerprint is printed).
- ``--auth open`` lets anyone in under their SSH user name (a home network; the
  lobby says names are a claim); ``keys`` admits a key only for its own user
  (``--add-user NAME --key FILE``: ``users/<name>/authorized_keys``);
  ``password`` checks a file of salted scrypt hashes (``--add-user NAME``), doing
  the same work for a user who does not exist, and turns an address away for a
  while after repeated failures. A user name must be plain (NFKC, no invisible
  characters, no mix of look-alike scripts).
- No shell, no exec, no port forwarding, no SFTP: only the game.
- Hostile networks: a short login timeout, a cap on connections still logging in
  (per address, and in all: the oldest waiting one makes room), a cap on sessions
  per user, and a cap on what a session may type or paste.
- The hub (every table) lives in this process; each session's app runs in a
  child forked from a warm zygote, on a pseudo-terminal, and talks to the hub
  over a Unix socket in a folder only this user owns (mode 0700, checked).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import codecs
import collections
import contextlib
import errno
import fcntl
import getpass
import hashlib
import hmac
import logging
import os
import pty
import resource
import secrets
import signal
import stat
import struct
import sys
import termios
import time
import tty
from pathlib import Path
from typing import Any

import asyncssh
import platformdirs

from engine.hub.botpool import BotPool
from engine.hub.hub import Hub
from engine.hub.names import folder_name, user_name_problem
from engine.hub.transport import SocketServer
from tui import zygote
from tui.crash import find_crash_log, new_crash_id

log = logging.getLogger("gangplank.ssh")

MAX_INPUT_PENDING = 256 * 1024  # bytes typed/pasted but not yet read by the app before we pause the channel
READ_CHUNK = 65536
# What one session may send before it is closed. Keys, mouse reports and escape sequences are
# events the app handles one by one (it reads them faster than it handles them: a flood would
# pile up in its memory), so they are held to KEY_RATE bytes a second (bursts of KEY_BURST) —
# a player typing or moving the mouse sends far less. A bracketed paste is one event: each is
# at most MAX_PASTE bytes, and pastes together PASTE_RATE bytes a second (bursts of PASTE_BURST).
KEY_RATE = 2 * 1024
KEY_BURST = 64 * 1024
MAX_PASTE = 1 << 20
PASTE_RATE = 256 * 1024
PASTE_BURST = 4 << 20
PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"
FAILED_LOGINS = 5  # wrong passwords from one address within FAILED_WINDOW before it is turned away
FAILED_WINDOW = 60.0


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


_DUMMY = _hash_password(secrets.token_urlsafe(16))  # checked for unknown users: the same work either way


def password_matches(users: dict[str, str], name: str, password: str) -> bool:
    """Whether ``name`` is a user with this password. An unknown name costs the same scrypt as a
    known one, so the time taken never tells which user names exist."""
    stored = users.get(name)
    ok = check_password(stored if stored is not None else _DUMMY, password)
    return ok and stored is not None


def read_passwords(path: Path) -> dict[str, str]:
    users: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, sep, stored = line.partition(":")
            if sep and name:
                users[name] = stored
    return users


def add_user(path: Path, name: str, password: str) -> None:
    problem = user_name_problem(name)
    if problem:
        raise ValueError(f"the user name {name!r} cannot be used: {problem}")
    if len(password) < 4:
        raise ValueError("a password needs at least 4 characters")
    users = read_passwords(path)
    users[name] = _hash_password(password)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(f"{u}:{h}\n" for u, h in sorted(users.items())))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def user_keys_path(data_dir: Path, pattern: str | None, user: str) -> Path:
    """The authorized_keys file of one user: ``--authorized-keys`` with ``%u`` (the user's folder
    name), or ``users/<user>/authorized_keys`` in the data dir."""
    if pattern:
        return Path(pattern.replace("%u", folder_name(user))).expanduser()
    return data_dir / "users" / folder_name(user) / "authorized_keys"


def add_key(data_dir: Path, name: str, key_file: Path) -> int:
    """Let the public key(s) in ``key_file`` log in as ``name`` (and as nobody else); return how many."""
    problem = user_name_problem(name)
    if problem:
        raise ValueError(f"the user name {name!r} cannot be used: {problem}")
    try:
        text = key_file.read_text()
        asyncssh.import_authorized_keys(text)
    except OSError as e:
        raise ValueError(f"cannot read {key_file}: {e.strerror}") from None
    except (ValueError, asyncssh.KeyImportError) as e:
        raise ValueError(f"{key_file} holds no public key ({e})") from None
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    path = user_keys_path(data_dir, None, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    old = path.read_text() if path.exists() else ""
    with open(path, "a") as f:
        if old and not old.endswith("\n"):
            f.write("\n")
        for line in lines:
            if line not in old:
                f.write(line + "\n")
    os.chmod(path, 0o600)
    return len(lines)


class Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""
    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self, n: int) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate) - n
        self.last = now
        return self.tokens >= 0


class InputGate:
    """What one session may send (see KEY_RATE): ``feed`` answers why a chunk is too much ("" if not)."""
    def __init__(self, key_rate: float = KEY_RATE, key_burst: float = KEY_BURST, max_paste: int = MAX_PASTE,
                 paste_rate: float = PASTE_RATE, paste_burst: float = PASTE_BURST) -> None:
        self.keys = Bucket(key_rate, key_burst)
        self.pastes = Bucket(paste_rate, paste_burst)
        self.max_paste = max_paste
        self.in_paste = False
        self.paste = 0  # bytes of the paste under way
        self.tail = b""  # the end of the last chunk: a marker may be split between two chunks

    def feed(self, data: bytes) -> str:
        buf = self.tail + data
        new = len(self.tail)  # bytes of buf before this were counted with the last chunk
        pos = keys = pasted = 0
        while True:
            marker = PASTE_END if self.in_paste else PASTE_START
            j = buf.find(marker, pos)
            n = max(0, (len(buf) if j < 0 else j) - max(pos, new))
            if self.in_paste:
                pasted += n
                self.paste += n
            else:
                keys += n
            if j < 0:
                break
            self.in_paste = not self.in_paste
            self.paste = 0
            pos = j + len(marker)
        self.tail = buf[-(len(PASTE_START) - 1):]
        if self.in_paste and self.paste > self.max_paste:
            return f"it pasted more than {self.max_paste / (1 << 20):g} MiB without ending the paste"
        if not self.keys.take(keys):
            return f"it sent more than {self.keys.rate / 1024:g} KiB of keys a second"
        if not self.pastes.take(pasted):
            return f"it pasted more than {self.pastes.rate / 1024:g} KiB a second"
        return ""


# ------------------------------------------------------------------ the server


class Server:
    """Settings and shared state of one running ``gangplank serve``."""
    def __init__(self, args: argparse.Namespace, hub: Any, spawner: Any, hub_socket: Path) -> None:
        self.args = args
        self.hub = hub
        self.spawner = spawner
        self.hub_socket = hub_socket
        self.crashes_dir = Path(args.data_dir) / "crashes"  # a session's app that crashes writes its log here
        self.sessions: set[GameSession] = set()
        self.passwords: dict[str, str] = {}
        if args.auth == "password":
            self.passwords = read_passwords(Path(args.data_dir) / "passwords")
        self.waiting: dict[Any, str] = {}  # connections still logging in -> their address (oldest first)
        self.failures: dict[str, collections.deque[float]] = {}
        self._said: dict[str, float] = {}  # address -> when a refusal was last logged

    def note(self, key: str, text: str, *args: Any) -> None:
        """Log a refusal once a minute per kind and address (a flood is one line, not a thousand)."""
        now = time.monotonic()
        if now - self._said.get(key, -1e9) >= 60:
            self._said[key] = now
            log.warning(text, *args)

    def admit(self, conn: Any, addr: str) -> bool:
        """A new connection: refused if its address already has too many logging in; the oldest
        connection still logging in makes room when too many are in all."""
        args = self.args
        if sum(1 for a in self.waiting.values() if a == addr) >= args.max_login_per_address:
            self.note(f"addr:{addr}", "turning connections from %s away: %d still logging in",
                      addr, args.max_login_per_address)
            return False
        if len(self.waiting) >= args.max_logging_in:
            oldest = next(iter(self.waiting))
            self.waiting.pop(oldest, None)
            self.note("full", "%d connections logging in at once: closing the oldest ones first",
                      args.max_logging_in)
            asyncio.get_running_loop().call_soon(oldest.abort)
        self.waiting[conn] = addr
        return True

    def logged_in(self, conn: Any) -> None:
        self.waiting.pop(conn, None)

    def gone(self, conn: Any) -> None:
        self.waiting.pop(conn, None)

    def turned_away(self, addr: str) -> bool:
        """Too many wrong passwords from this address lately."""
        fails = self.failures.get(addr)
        now = time.monotonic()
        while fails and now - fails[0] > FAILED_WINDOW:
            fails.popleft()
        return bool(fails) and len(fails) >= FAILED_LOGINS  # type: ignore[arg-type]

    def failed(self, addr: str) -> None:
        self.failures.setdefault(addr, collections.deque()).append(time.monotonic())
        if self.turned_away(addr):
            self.note(f"fail:{addr}", "%d wrong passwords from %s: turning it away for %g s",
                      FAILED_LOGINS, addr, FAILED_WINDOW)

    def user_keys(self, user: str) -> Any:
        """The keys that may log in as ``user`` (None: none)."""
        path = user_keys_path(Path(self.args.data_dir), self.args.authorized_keys, user)
        try:
            return asyncssh.import_authorized_keys(path.read_text())
        except FileNotFoundError:
            return None
        except (OSError, ValueError, asyncssh.KeyImportError) as e:
            log.error("cannot read the keys of %s: %s", user, e)
            return None


SESSION_GONE_GRACE = 2.0  # seconds between a session's end and its connection's (its last words get out)


def _server_classes(server: Server) -> Any:
    class GameSSHServer(asyncssh.SSHServer):
        """One SSH connection. It exists for a game session: logged in without starting one within
        the login timeout, or left without one when its session ends, it is closed (a connection
        past the login caps is held by nothing else)."""

        def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
            self.conn = conn
            self.sessions: set[GameSession] = set()
            peer = conn.get_extra_info("peername")
            self.addr = str(peer[0]) if peer else "?"
            if not server.admit(conn, self.addr):
                asyncio.get_running_loop().call_soon(conn.abort)

        def connection_lost(self, exc: Exception | None) -> None:
            server.gone(self.conn)

        def auth_completed(self) -> None:
            server.logged_in(self.conn)
            asyncio.get_running_loop().call_later(server.args.login_timeout, self.close_if_idle)

        def session_ended(self, session: GameSession) -> None:
            self.sessions.discard(session)
            asyncio.get_running_loop().call_later(SESSION_GONE_GRACE, self.close_if_idle)

        def close_if_idle(self) -> None:
            """No game session here (any more): the connection goes too."""
            if not any(s.started and not s.closed for s in self.sessions):
                self.conn.close()

        def begin_auth(self, username: str) -> bool:
            if server.args.auth == "open":
                server.logged_in(self.conn)  # (a name not allowed is told why once the session starts)
                return False
            if server.args.auth == "keys":  # a key is accepted only for its own user
                keys = server.user_keys(username) if not user_name_problem(username) else None
                self.conn.set_authorized_keys(keys)
            return True

        def password_auth_supported(self) -> bool:
            return server.args.auth == "password"

        async def validate_password(self, username: str, password: str) -> bool:
            if server.turned_away(self.addr):
                return False
            loop = asyncio.get_running_loop()
            ok = await loop.run_in_executor(None, password_matches, server.passwords, username, password)
            if not ok:
                server.failed(self.addr)
            return ok

        def public_key_auth_supported(self) -> bool:
            return server.args.auth == "keys"

        def kbdint_auth_supported(self) -> bool:
            return False

        def session_requested(self) -> Any:
            session = GameSession(server, self.conn.get_extra_info("username") or "guest", self.addr, self)
            self.sessions.add(session)
            return session

        def connection_requested(self, *args: Any) -> bool:
            return False  # no port forwarding

        def server_requested(self, *args: Any) -> bool:
            return False

        def unix_connection_requested(self, *args: Any) -> bool:
            return False

        def unix_server_requested(self, *args: Any) -> bool:
            return False

    return GameSSHServer


class GameSession(asyncssh.SSHServerSession):
    """One SSH channel: relays bytes between the client and its app's pseudo-terminal."""
    def __init__(self, server: Server, user: str, addr: str = "?", owner: Any = None) -> None:
        super().__init__()
        self.server = server
        self.owner = owner  # the connection's GameSSHServer (told when this session ends)
        self.user = user
        self.addr = addr
        self.gate = InputGate(server.args.key_rate, server.args.key_burst, server.args.max_paste)
        self.started = False
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.env: dict[str, str] = {}
        self.master = -1
        self.pid = 0
        self.token = ""
        self.crash_id = new_crash_id()  # names the crash log if this session's app crashes
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
        if self.closed:
            return
        why = self.gate.feed(data)
        if why:
            log.warning("closed the session of %s (%s): %s", self.user, self.addr, why)
            self.say_and_close(f"{why}.")
            return
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

    def say_and_close(self, text: str) -> None:
        """One line to the player's terminal (out of the app's screen first), then the session ends."""
        with contextlib.suppress(Exception):
            self.chan.write(b"\x1b[?2004l\x1b[?1049l\x1b[?25h\x1b[0m\r\n"
                            + f"Gangplank closed this session:\r\n{text}\r\n".encode())
        self.close(code=1)

    def _turn_away(self, text: str) -> None:
        """One line, and the session ends before it began (the client may be gone already)."""
        with contextlib.suppress(Exception):
            self.chan.write(f"{text}\r\n".encode())
            self.chan.exit(1)
        self._ended()

    def _ended(self) -> None:
        if self.owner is not None:
            owner, self.owner = self.owner, None
            owner.session_ended(self)

    async def _start(self) -> None:
        srv = self.server
        if not self.has_pty:
            self._turn_away("Gangplank needs a terminal: connect with ssh -t")
            return
        problem = user_name_problem(self.user)
        if problem:
            self._turn_away(f"Gangplank: the user name {ascii(self.user)} is not allowed here: {problem}.")
            return
        if len(srv.sessions) >= srv.args.max_sessions:
            self._turn_away(f"Gangplank is full ({srv.args.max_sessions} sessions); try again soon.")
            return
        mine = sum(1 for other in srv.sessions if other.user == self.user)
        if mine >= srv.args.max_sessions_per_user:
            self._turn_away(f"Gangplank: {self.user} has {mine} sessions here already "
                            f"(at most {srv.args.max_sessions_per_user}); close one first.")
            return
        srv.sessions.add(self)
        self.started = True
        log.info("session of %s opened (from %s)", self.user, self.addr)

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
        request = {"hub": str(srv.hub_socket), "token": self.token, "user": self.user, "env": env,
                   "crashes": str(srv.crashes_dir), "crash_id": self.crash_id}
        if srv.args.runner:
            request["runner"] = srv.args.runner
        try:
            self.pid = await srv.spawner.spawn(slave, request)
        except Exception as e:  # noqa: BLE001
            log.error("could not start a session for %s: %s", self.user, e)
            with contextlib.suppress(Exception):
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
        try:
            self.chan.write(data)
        except (BrokenPipeError, ConnectionError, OSError):  # the client is gone; so is this session
            self.close()

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

    def close(self, code: int = 0) -> None:
        if self.closed:
            return
        self.closed = True
        if self.started:
            crash = find_crash_log(self.server.crashes_dir, self.crash_id) if self.pid > 0 else None
            if crash is not None:
                log.error("session of %s crashed (its table is kept): the traceback is in %s", self.user, crash)
            else:
                log.info("session of %s closed", self.user)
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
            self.chan.exit(code)
        self._ended()

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
    p.add_argument("--authorized-keys", metavar="PATTERN",
                   help="--auth keys: each user's authorized_keys file, %%u standing for the user "
                        "(default: DATA/users/%%u/authorized_keys, written by --add-user NAME --key FILE)")
    p.add_argument("--max-sessions", type=int, default=64)
    p.add_argument("--max-sessions-per-user", type=int, default=4, metavar="N")
    p.add_argument("--max-login-per-address", type=int, default=8, metavar="N",
                   help="connections from one address still logging in at once (default 8)")
    p.add_argument("--max-logging-in", type=int, default=64, metavar="N",
                   help="connections still logging in at once, in all (default 64; the oldest make room)")
    p.add_argument("--login-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="time to log in, from the first byte (default 10)")
    p.add_argument("--idle-timeout", type=float, default=180.0, metavar="SECONDS",
                   help="how long a seat may be idle or away before a bot plays for it (default 180)")
    p.add_argument("--add-user", metavar="NAME", help="add or change a user (a password, or with --key a key), then exit")
    p.add_argument("--key", metavar="FILE", help="with --add-user: a public key file that may log in as NAME")
    p.add_argument("--max-paste", type=int, default=MAX_PASTE, help=argparse.SUPPRESS)
    p.add_argument("--key-rate", type=float, default=KEY_RATE, help=argparse.SUPPRESS)
    p.add_argument("--key-burst", type=float, default=KEY_BURST, help=argparse.SUPPRESS)
    p.add_argument("--runner", help=argparse.SUPPRESS)  # tests: module:function run in each session
    return p


def _default_data_dir() -> Path:
    env = os.environ.get("GANGPLANK_DATA_DIR")
    if env:
        return Path(env) / "server"

    return Path(platformdirs.user_data_dir("gangplank")) / "server"


def _host_key(data_dir: Path) -> Any:
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
    if args.key and not args.add_user:
        print("gangplank serve: --key goes with --add-user NAME", file=sys.stderr)
        return 2
    if args.add_user and args.key:
        try:
            n = add_key(data_dir, args.add_user, Path(args.key))
        except ValueError as e:
            print(f"gangplank serve: {e}", file=sys.stderr)
            return 2
        print(f"{n} key{'s' if n != 1 else ''} may now log in as {args.add_user} "
              f"(in {user_keys_path(data_dir, None, args.add_user)})")
        return 0
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
    if args.auth == "keys" and args.authorized_keys and "%u" not in args.authorized_keys:
        print("gangplank serve: keys belong to users: --authorized-keys names a file per user with %u "
              "(e.g. keys/%u), or use --add-user NAME --key FILE; one shared file would let any key "
              "log in as anyone", file=sys.stderr)
        return 2
    if args.auth == "keys" and not args.authorized_keys and not any((data_dir / "users").glob("*/authorized_keys")):
        print("gangplank serve: no key users yet; add one with --add-user NAME --key FILE", file=sys.stderr)
        return 2
    if args.auth == "password" and not read_passwords(data_dir / "passwords"):
        print("gangplank serve: no password users yet; add one with --add-user NAME", file=sys.stderr)
        return 2
    if args.idle_timeout < 0:
        print("gangplank serve: --idle-timeout cannot be negative", file=sys.stderr)
        return 2
    for name, lo, hi in (("max_sessions", 1, 10000), ("max_sessions_per_user", 1, 10000),
                         ("max_login_per_address", 1, 10000), ("max_logging_in", 1, 100000)):
        if not lo <= getattr(args, name) <= hi:
            print(f"gangplank serve: --{name.replace('_', '-')} must be {lo}–{hi}", file=sys.stderr)
            return 2
    if not 0 < args.login_timeout <= 600:
        print("gangplank serve: --login-timeout must be more than 0 and at most 600 seconds", file=sys.stderr)
        return 2
    try:
        hub_socket = socket_path(data_dir)
    except ValueError as e:
        print(f"gangplank serve: {e}", file=sys.stderr)
        return 2
    try:
        key = _host_key(data_dir)
    except (OSError, ValueError) as e:
        print(f"gangplank serve: cannot read or make the host key: {e}", file=sys.stderr)
        return 2


    zpid, zsock = zygote.start()  # before any event loop or thread
    spawner = None
    try:
        spawner = zygote.Spawner(zpid, zsock)
        return asyncio.run(_serve(args, data_dir, key, spawner, hub_socket))
    except KeyboardInterrupt:
        return 0
    finally:
        if spawner is not None:
            spawner.stop()


def socket_path(data_dir: Path) -> Path:
    """Where the hub's socket goes: ``$XDG_RUNTIME_DIR/gangplank`` or ``<data>/run``, a folder of
    ours with mode 0700. A folder that exists with another owner or a wider mode is refused
    (ValueError): whoever can replace the socket would receive every session's token."""
    candidates = []
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime):
        candidates.append(Path(runtime) / "gangplank")
    candidates.append(data_dir.resolve() / "run")
    name = f"hub-{os.getpid()}.sock"
    for folder in candidates:
        if len(str(folder / name).encode()) > 100:  # a Unix socket's path is short
            continue
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as e:
            raise ValueError(f"cannot make the folder for the hub's socket {folder}: {e.strerror}") from None
        st = os.lstat(folder)
        if not stat.S_ISDIR(st.st_mode):
            raise ValueError(f"{folder} is not a folder (a link?): refusing to put the hub's socket there")
        if st.st_uid != os.getuid():
            raise ValueError(f"{folder} belongs to another user (uid {st.st_uid}): refusing to put the "
                             "hub's socket there")
        if st.st_mode & 0o077:
            raise ValueError(f"{folder} is open to other users (mode {stat.S_IMODE(st.st_mode):o}, not 700): "
                             "refusing to put the hub's socket there")
        return folder / name
    raise ValueError(f"the data dir's path is too long for a Unix socket ({data_dir}); "
                     "set XDG_RUNTIME_DIR or use a shorter --data-dir")


async def _serve(args: argparse.Namespace, data_dir: Path, key: Any, spawner: Any, hub_socket: Path) -> int:


    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    _raise_fd_limit()
    hub = Hub(data_dir, BotPool(workers=max(1, (os.cpu_count() or 2) - 1)), local=False,
              idle_timeout=args.idle_timeout, names_verified=args.auth != "open")
    hub.restore()  # (a table that cannot come back is set aside and logged, one line each)
    hub.start()
    hub.pool.warm_up()
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
        login_timeout=args.login_timeout,
        backlog=1024,  # a burst of connections is accepted (and sorted out) at once, not left to queue
    )
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
    log.info("stopping: %d session%s closed", len(server.sessions), "" if len(server.sessions) == 1 else "s")
    acceptor.close()
    for s in list(server.sessions):
        s.close()
    await sockserver.close()
    await hub.close()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(acceptor.wait_closed(), 5)
    log.info("stopped")
    return 0


def _raise_fd_limit() -> None:
    """As many file descriptors as the system lets this user have (a crowd of connections needs them)."""
    try:

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, 1 << 20), hard))
    except (ImportError, ValueError, OSError):
        pass
