"""Issue 9 over real SSH: the server as an attacker and a careless network meet it.

Each test runs ``gangplank serve`` on a free port with its own data dir and talks to it with
asyncssh clients (pyte renders their screens) or raw sockets: a Save as aimed at a server path,
the secret seed, keys and look-alike names, the hub socket's folder, an endless paste, silent
connections, password guessing, a quiet log, and presence at a table.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import asyncssh
import pytest

from engine import Match
from tests.ssh.client import ROOT, Client, ServerProcess
from tests.ssh.test_play import ann_and_bob_at_a_table, my_move_if_any, new_table, shards_form


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path / "srv", "--idle-timeout", "120")
    yield srv
    srv.stop()


def click(c: Client, text: str, after: bool = False) -> None:
    """A mouse click (SGR) on ``text`` on the client's screen (``after``: just past its end)."""
    for row, line in enumerate(c.term.screen.display):
        col = line.find(text)
        if col >= 0:
            col += len(text) + 2 if after else 2
            c.send(f"\x1b[<0;{col + 1};{row + 1}M\x1b[<0;{col + 1};{row + 1}m")
            return
    raise AssertionError(f"{text!r} is not on the screen:\n{c.term.text()}")


async def at_my_table(c: Client) -> None:
    """A Shards table for ann and two bots, dealt at once."""
    await shards_form(c)
    c.send("\t" * 5)  # the second seat's kind
    c.send("\x1b[C" * 3)
    c.send("\t" * 3)  # the third seat's kind
    c.send("\x1b[C" * 3)
    await asyncio.sleep(0.3)
    c.send("\x13")
    await c.wait_for("Round 1 of 3")


# ------------------------------------------------------------------ 1: Save as is a name, never a path


async def test_save_as_writes_only_a_name_in_the_players_own_folder(server, tmp_path):
    ann = await Client.connect(server.port, "ann", 120, 40)
    await at_my_table(ann)
    target = Path(f"/tmp/gp-{uuid.uuid4().hex[:8]}")
    tables = server.data_dir / "tables"
    autosave = next(tables.glob("*.plank"))
    for attack in (str(target), f"../tables/{autosave.stem}"):
        ann.send("s")
        await ann.wait_for("Save as")
        ann.send(attack + "\r")  # (the suggested name is selected: typing replaces it)
        await ann.wait_for("not a path")
        ann.send("\x1b")
        await asyncio.sleep(0.5)
    ann.send("s")
    await ann.wait_for("Save as")
    ann.send("friday night\r")
    await ann.wait_for("Saved a copy")
    mine = server.data_dir / "users" / "ann" / "saves" / "friday night.plank"
    assert mine.exists() and Match.load(mine).header.game == "shards"
    assert not Path(f"{target}.plank").exists() and not target.exists()
    assert Match.load(autosave).cursor >= 0  # the table's autosave is whole
    assert str(server.data_dir) not in ann.term.text()
    ann.send("\x1b")
    await ann.wait_for("ann's table")
    ann.send("l")
    await ann.wait_for("friday night")
    await ann.close()


# ------------------------------------------------------------------ 2: the seed is a secret


async def test_the_seed_of_a_networked_table_is_secret_and_an_open_seed_is_asked_about(server):
    ann = await Client.connect(server.port, "ann", 120, 40)
    await ann.wait_for("New table")
    ann.send("n")
    text = await ann.wait_for("Secret — drawn by the server", "Start", "Rules")  # the footer drawn too
    assert "New seed" not in text  # no number to choose or to read
    ann.send("\x1b")
    await ann.wait_for("New table")
    await new_table(ann)
    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("ann's table")
    bob.send("j")
    await bob.wait_for("Round 1 of 3")
    meta = next((server.data_dir / "tables").glob("*.plank"))
    seed = str(Match.load(meta).header.seed)
    for _ in range(6):
        for c in (ann, bob):
            await my_move_if_any(c)
        await asyncio.sleep(0.3)
    for c in (ann, bob):
        assert seed not in c.term.text()
    await ann.close()
    await bob.close()


async def test_an_open_seed_table_is_marked_and_each_player_accepts_it(server):
    ann = await Client.connect(server.port, "ann", 120, 40)
    await shards_form(ann)  # Shards of Creation, three seats: the last one a bot
    ann.send("\t" * 8 + "\x1b[C" * 3)
    await ann.wait_for("heuristic")
    await ann.wait_for("Secret — drawn by the server")
    await asyncio.sleep(0.5)
    click(ann, "Secret — drawn by the server")  # the seed: open
    await ann.wait_for("Open — chosen here")
    await asyncio.sleep(0.4)
    click(ann, "chosen here, known to all ›", after=True)  # the seed field, now shown
    for keys in ("\x15", "\x0b", "4242"):  # cleared both sides of the cursor, typed
        ann.send(keys)
        await asyncio.sleep(0.4)
    await ann.wait_for("4242")
    ann.send("\x13")
    await ann.wait_for("waiting for players")
    bob = await Client.connect(server.port, "bob", 120, 40)
    text = await bob.wait_for("open seed")
    bob.send("j")
    await bob.wait_for("This table's seed is open")
    bob.send("y")
    await bob.wait_for("Round 1 of 3")
    plank = next((server.data_dir / "tables").glob("*.plank"))
    assert Match.load(plank).header.seed == 4242
    assert "ann's table" in text
    await ann.close()
    await bob.close()


# ------------------------------------------------------------------ 3: keys belong to users; plain names


def add_key(data: Path, user: str, key: asyncssh.SSHKey) -> None:
    pub = data / f"{user}.pub"
    pub.write_bytes(key.export_public_key())
    out = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--data-dir", str(data), "--add-user", user,
                          "--key", str(pub)], text=True, capture_output=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr


async def test_a_key_logs_in_only_as_its_own_user(tmp_path):
    ann_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    add_key(tmp_path, "ann", ann_key)
    add_key(tmp_path, "bob", bob_key)
    srv = ServerProcess(tmp_path, "--auth", "keys", "--runner", "tests.ssh.echo_app:run")
    try:
        c = await Client.connect(srv.port, "ann", 80, 24, client_keys=[ann_key])
        await c.wait_for("hello ann")
        await c.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.connect(srv.port, "ann", 80, 24, client_keys=[bob_key])  # bob's key in ann's name
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.connect(srv.port, "kim", 80, 24, client_keys=[bob_key])
        c = await Client.connect(srv.port, "bob", 80, 24, client_keys=[bob_key])
        await c.wait_for("hello bob")
        await c.close()
    finally:
        srv.stop()
    shared = tmp_path / "authorized_keys"
    shared.write_bytes(ann_key.export_public_key() + bob_key.export_public_key())
    out = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--data-dir", str(tmp_path), "--port", "0",
                          "--auth", "keys", "--authorized-keys", str(shared)],
                         text=True, capture_output=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and "keys belong to users" in out.stderr and out.stderr.count("\n") == 1


async def test_authorized_keys_per_user_by_pattern(tmp_path):
    ann_key, bob_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "ann").write_bytes(ann_key.export_public_key())
    (keys / "bob").write_bytes(bob_key.export_public_key())
    srv = ServerProcess(tmp_path / "srv", "--auth", "keys", "--authorized-keys", str(keys / "%u"),
                        "--runner", "tests.ssh.echo_app:run")
    try:
        for user, key in (("ann", ann_key), ("bob", bob_key)):
            c = await Client.connect(srv.port, user, 80, 24, client_keys=[key])
            await c.wait_for(f"hello {user}")
            await c.close()
        for user, key in (("bob", ann_key), ("ann", bob_key), ("kim", ann_key)):
            with pytest.raises(asyncssh.PermissionDenied):  # a key in somebody else's name
                await Client.connect(srv.port, user, 80, 24, client_keys=[key])
    finally:
        out = srv.stop()
    assert "Traceback" not in out


async def test_look_alike_names_are_refused_and_the_lobby_says_names_are_a_claim(server):
    # a zero-width space (SSH's SASLprep makes it a space), a Cyrillic а, a Hangul filler
    for name in ("ann\u200b", "\u0430nn", "ann\u3164"):
        c = await Client.connect(server.port, name, 100, 30)
        await c.wait_for("is not allowed here")
        await asyncio.wait_for(c.term.closed.wait(), 10)
    ann = await Client.connect(server.port, "ann", 100, 30)
    await ann.wait_for("a name here is a claim")
    await ann.close()


# ------------------------------------------------------------------ 4: the hub socket's folder


def refused(data: Path) -> str:
    """The one line a server that must not start prints (one that starts is stopped, and fails the test)."""
    try:
        srv = ServerProcess(data)
    except RuntimeError as e:
        return str(e)
    srv.stop()
    raise AssertionError("the server started")


def test_the_server_refuses_a_socket_folder_open_to_others(tmp_path):
    data = tmp_path / "srv"
    (data / "run").mkdir(parents=True)
    os.chmod(data / "run", 0o755)
    assert "open to other users" in refused(data)
    if os.getuid() == 0:  # another owner (only root can make one)
        os.chmod(data / "run", 0o700)
        os.chown(data / "run", 65534, 65534)
        assert "belongs to another user" in refused(data)
        os.chown(data / "run", 0, 0)
    os.chmod(data / "run", 0o700)
    srv = ServerProcess(data, "--runner", "tests.ssh.echo_app:run")
    try:
        socks = list((data / "run").glob("hub-*.sock"))
        assert len(socks) == 1 and (socks[0].stat().st_mode & 0o777) == 0o600
        assert not any(Path("/tmp").glob(f"gangplank-{os.getuid()}/hub-{srv.proc.pid}.sock"))
    finally:
        srv.stop()


def test_the_socket_folder_in_the_runtime_dir_is_made_0700_and_checked(tmp_path, monkeypatch):
    import shutil
    import tempfile

    runtime = Path(tempfile.mkdtemp(prefix="gp-xdg-", dir="/tmp"))  # short: a socket's path is at most ~100 bytes
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    try:
        _runtime_dir_checks(runtime, tmp_path)
    finally:
        shutil.rmtree(runtime, ignore_errors=True)


def _runtime_dir_checks(runtime: Path, tmp_path: Path) -> None:
    from tui.ssh import socket_path

    folder = runtime / "gangplank"
    path = socket_path(tmp_path / "data")
    assert path.parent == folder and (folder.stat().st_mode & 0o777) == 0o700
    os.chmod(folder, 0o750)
    with pytest.raises(ValueError, match="open to other users"):
        socket_path(tmp_path / "data")
    os.chmod(folder, 0o700)
    if os.getuid() == 0:
        os.chown(folder, 65534, 65534)
        with pytest.raises(ValueError, match="belongs to another user"):
            socket_path(tmp_path / "data")
        os.chown(folder, 0, 0)
    folder.rmdir()
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    folder.symlink_to(tmp_path / "elsewhere")  # a link put there by someone else
    with pytest.raises(ValueError, match="not a folder"):
        socket_path(tmp_path / "data")
    os.environ["XDG_RUNTIME_DIR"] = "relative/run"  # not an absolute path: not used (monkeypatch restores it)
    assert socket_path(tmp_path / "data").parent == (tmp_path / "data").resolve() / "run"


# ------------------------------------------------------------------ 5: an endless paste


async def test_an_unterminated_paste_closes_that_session_and_no_other(tmp_path):
    srv = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run")
    try:
        ok = await Client.connect(srv.port, "bob", 80, 24)
        await ok.wait_for("hello bob")
        c = await Client.connect(srv.port, "ann", 80, 24)
        await c.wait_for("hello ann")
        c.send(b"\x1b[200~")
        for _ in range(24):  # 1.5 MiB and never an end of paste
            if not send_while_open(c, b"x" * 65536):
                break
            await asyncio.sleep(0.02)
        await asyncio.wait_for(c.term.closed.wait(), 30)
        assert "without ending the paste" in c.term.text()
        ok.send("still")
        await ok.wait_for("keys:still")
        await ok.close()
    finally:
        out = srv.stop()
    assert "closed the session of ann" in out and "Traceback" not in out


async def test_a_flood_of_keys_closes_that_session(tmp_path):
    srv = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run")
    try:
        c = await Client.connect(srv.port, "ann", 80, 24)
        await c.wait_for("hello ann")
        for _ in range(200):
            if not send_while_open(c, b"z" * 65536):
                break
            await asyncio.sleep(0.01)
        await asyncio.wait_for(c.term.closed.wait(), 30)
        assert "KiB of keys a second" in c.term.text()
    finally:
        srv.stop()


def send_while_open(c: Client, data: bytes) -> bool:
    try:
        c.send(data)
    except (BrokenPipeError, ConnectionError):
        return False
    return not c.term.closed.is_set()


# ------------------------------------------------------------------ 6: silent connections


def _silent(addr: str, port: int, n: int) -> list[socket.socket]:
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind((addr, 0))
        s.connect(("127.0.0.1", port))
        s.setblocking(False)
        socks.append(s)
    return socks


async def _closed(s: socket.socket, timeout: float) -> bool:
    """Whether the server closes this connection within ``timeout`` (its SSH banner is read first)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        try:
            data = s.recv(4096)
        except BlockingIOError:
            await asyncio.sleep(0.05)
            continue
        except ConnectionError:
            return True
        if not data:
            return True
    return False


async def test_silent_connections_do_not_lock_anyone_out(tmp_path):
    srv = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run", "--login-timeout", "4",
                        "--max-login-per-address", "5")
    socks: list[socket.socket] = []
    try:
        socks = _silent("127.0.0.2", srv.port, 40)  # another address: they never send a banner
        closed = await asyncio.gather(*(_closed(s, 2.5) for s in socks))
        assert sum(closed) >= 35  # all but the address's 5 are turned away at once
        real = await Client.connect(srv.port, "ann", 80, 24)  # someone else gets in meanwhile
        await real.wait_for("hello ann")
        left = [s for s, c in zip(socks, closed, strict=True) if not c]
        assert all(await asyncio.gather(*(_closed(s, 10) for s in left)))  # the login timeout ends them
        await real.close()
    finally:
        for s in socks:
            s.close()
        out = srv.stop()
    assert out.count("turning connections from 127.0.0.2 away") == 1  # one line, not 35


async def test_connections_still_logging_in_are_capped_in_all_the_oldest_making_room(tmp_path):
    # a crowd from many addresses, none over its own cap: the global cap turns the oldest away
    srv = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run", "--login-timeout", "60",
                        "--max-login-per-address", "100", "--max-logging-in", "10")
    socks: list[socket.socket] = []
    try:
        for i in range(30):
            socks += _silent(f"127.0.0.{10 + i % 3}", srv.port, 1)
        closed = await asyncio.gather(*(_closed(s, 2.5) for s in socks))
        assert sum(closed) >= 20  # long before the login timeout: only the newest 10 still wait
        real = await Client.connect(srv.port, "ann", 80, 24)  # and someone real still gets in
        await real.wait_for("hello ann")
        await real.close()
    finally:
        for s in socks:
            s.close()
        out = srv.stop()
    assert out.count("connections logging in at once") == 1


async def test_a_connection_without_a_game_session_is_closed(tmp_path):
    # logged in (--auth open: anyone can) but never asking for a session, or still connected after
    # the server closed its session: either would hold a connection open past every cap
    srv = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run", "--login-timeout", "2")
    try:
        idle = await asyncssh.connect("127.0.0.1", srv.port, username="ann", known_hosts=None,
                                      agent_path=None, preferred_auth="none")
        await asyncio.wait_for(idle.wait_closed(), 15)
        c = await Client.connect(srv.port, "bob", 80, 24)
        await c.wait_for("hello bob")
        for _ in range(200):  # a flood of keys: the session is closed, and with it the connection
            if not send_while_open(c, b"z" * 65536):
                break
            await asyncio.sleep(0.01)
        await asyncio.wait_for(c.term.closed.wait(), 30)
        assert "KiB of keys a second" in c.term.text()
        await asyncio.wait_for(c.conn.wait_closed(), 15)
    finally:
        out = srv.stop()
    assert "Traceback" not in out


async def test_a_user_has_at_most_so_many_sessions(tmp_path):
    srv = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run", "--max-sessions-per-user", "2")
    try:
        first = [await Client.connect(srv.port, "ann", 80, 24) for _ in range(2)]
        for c in first:
            await c.wait_for("hello ann")
        third = await Client.connect(srv.port, "ann", 80, 24)
        await third.wait_for("has 2 sessions here already")
        other = await Client.connect(srv.port, "bob", 80, 24)
        await other.wait_for("hello bob")
        for c in (*first, other):
            await c.close()
    finally:
        srv.stop()


# ------------------------------------------------------------------ 9: passwords


def test_an_unknown_user_costs_the_same_work_as_a_known_one(monkeypatch):
    import hashlib

    from tui import ssh

    users = {"kim": ssh._hash_password("s3cret")}
    calls: list[str] = []
    real = hashlib.scrypt

    def scrypt(*a, **kw):
        calls.append("scrypt")
        return real(*a, **kw)

    monkeypatch.setattr(hashlib, "scrypt", scrypt)
    for name, pw, expected in (("kim", "wrong", False), ("nobody", "wrong", False), ("kim", "s3cret", True)):
        calls.clear()
        assert ssh.password_matches(users, name, pw) is expected
        assert calls == ["scrypt"]


async def test_repeated_wrong_passwords_turn_an_address_away(tmp_path):
    add = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--data-dir", str(tmp_path), "--add-user", "kim"],
                         input="s3cret\n", text=True, capture_output=True, cwd=ROOT)
    assert add.returncode == 0, add.stderr
    srv = ServerProcess(tmp_path, "--auth", "password", "--runner", "tests.ssh.echo_app:run")
    try:
        for _ in range(5):
            with pytest.raises(asyncssh.PermissionDenied):
                await Client.connect(srv.port, "kim", 80, 24, password="guess")
        with pytest.raises(asyncssh.PermissionDenied):  # even the right one, for now, from here
            await Client.connect(srv.port, "kim", 80, 24, password="s3cret")
        c = await Client.connect(srv.port, "kim", 80, 24, password="s3cret", local_addr=("127.0.0.3", 0))
        await c.wait_for("hello kim")  # another address is not punished
        await c.close()
    finally:
        out = srv.stop()
    assert "wrong passwords from 127.0.0.1" in out


# ------------------------------------------------------------------ 15: a quiet log


async def test_the_server_log_has_one_line_per_event_and_no_traceback(tmp_path):
    srv = ServerProcess(tmp_path / "srv")
    try:
        ann, bob = await ann_and_bob_at_a_table(srv.port)
        for _ in range(4):
            for c in (ann, bob):
                await my_move_if_any(c)
            await asyncio.sleep(0.3)
        bob.conn.abort()  # the client drops without a goodbye
        for _ in range(6):
            await my_move_if_any(ann)
            await asyncio.sleep(0.2)
    finally:
        out = srv.stop()  # SIGTERM with ann still at the table
    assert "Traceback" not in out and "Error" not in out, out
    assert re.search(r"session of bob closed", out) and "stopping: 1 session closed" in out
    assert out.rstrip().endswith("stopped")


# ------------------------------------------------------------------ 17: presence


async def test_a_dropped_player_is_shown_away_at_once_and_comes_back_to_their_seat(server):
    ann, bob = await ann_and_bob_at_a_table(server.port)
    bob.conn.abort()  # the connection drops
    text = await ann.wait_for("away · ")  # the seat, with the time left before a bot stands in
    assert re.search(r"bob\s+away · [12]:\d\d", text)
    await ann.wait_for("bob has left the table")
    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("bob — ")  # back at his seat, not in the lobby
    await ann.wait_for("bob is back")
    await ann.wait_gone("away · ")
    await ann.close()
    await bob.close()
