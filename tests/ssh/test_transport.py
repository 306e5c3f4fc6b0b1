"""The SSH server itself, with a tiny echo app in each session: real SSH on loopback, pyte screens."""

import asyncio

import asyncssh
import pytest

from tests.ssh.client import Client, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("ssh"), "--runner", "tests.ssh.echo_app:run", "--max-sessions", "6")
    yield srv
    srv.stop()


async def test_session_gets_an_app_on_a_terminal_with_its_user_and_term(server):
    c = await Client.connect(server.port, "ann", 90, 25, term_type="xterm-256color")
    text = await c.wait_for("hello ann")
    assert "term=xterm-256color" in text and "size=90x25" in text
    c.send("hi")
    await c.wait_for("keys:hi")
    await c.close()


async def test_window_resizes_reach_the_app(server):
    c = await Client.connect(server.port, "ann", 80, 24)
    await c.wait_for("size=80x24")
    c.resize(132, 43)
    await c.wait_for("size=132x43")
    await c.close()


async def test_garbage_bytes_and_a_huge_paste_do_not_break_the_session(server):
    c = await Client.connect(server.port, "ann", 80, 24)
    await c.wait_for("hello ann")
    # every byte but ctrl+q (quit) and ctrl+p (the command palette), which mean what they say
    garbage = bytes(b for b in range(256) if b not in (0x10, 0x11))
    c.send(garbage * 4)
    c.send("x" * 20_000)
    c.send("\x1b[200~" + "y" * 300_000 + "\x1b[201~")
    c.send("ok")
    await c.wait_for("ok", timeout=60)
    other = await Client.connect(server.port, "bob", 80, 24)
    await other.wait_for("hello bob")
    await other.close()
    await c.close()


async def test_no_exec_no_sftp_no_port_forwarding(server):
    async with asyncssh.connect("127.0.0.1", server.port, username="eve", known_hosts=None) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("id")
        with pytest.raises(asyncssh.Error):
            await conn.start_sftp_client()
        with pytest.raises((asyncssh.Error, OSError)):
            await conn.open_connection("127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)


async def test_a_session_without_a_terminal_is_told_why(server):
    async with asyncssh.connect("127.0.0.1", server.port, username="eve", known_hosts=None) as conn:
        proc = await conn.create_process(term_type=None)
        out = await asyncio.wait_for(proc.stdout.read(), 10)
        assert "needs a terminal" in out


async def test_max_sessions_turns_extra_connections_away(server):
    clients = [await Client.connect(server.port, f"u{i}", 80, 24) for i in range(6)]
    for c in clients:
        await c.wait_for("hello")
    extra = await Client.connect(server.port, "late", 80, 24)
    await extra.wait_for("is full")
    for c in clients:
        await c.close()
    await extra.term.closed.wait()


async def test_a_client_that_never_reads_does_not_stall_others(server):
    lazy = await Client.connect(server.port, "lazy", 80, 24)
    lazy.conn._transport.pause_reading()  # stops reading from the socket entirely
    lazy.send("z" * 100_000)
    c = await Client.connect(server.port, "ann", 80, 24)
    await c.wait_for("hello ann")
    c.send("still")
    await c.wait_for("keys:still")
    await c.close()
    lazy.conn.abort()


def test_host_key_is_kept_and_its_fingerprint_printed(tmp_path):
    first = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run")
    out1 = first.stop()
    second = ServerProcess(tmp_path, "--runner", "tests.ssh.echo_app:run")
    out2 = second.stop()
    fp1 = [line for line in out1.splitlines() if "fingerprint" in line]
    fp2 = [line for line in out2.splitlines() if "fingerprint" in line]
    assert fp1 and fp1 == fp2 and "SHA256:" in fp1[0]
    assert "127.0.0.1" in out1


async def test_password_auth(tmp_path):
    import subprocess
    import sys

    from tests.ssh.client import ROOT

    add = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--data-dir", str(tmp_path), "--add-user", "kim"],
                         input="s3cret\n", text=True, capture_output=True, cwd=ROOT)
    assert add.returncode == 0, add.stderr
    assert "kim:scrypt$" in (tmp_path / "passwords").read_text()
    srv = ServerProcess(tmp_path, "--auth", "password", "--runner", "tests.ssh.echo_app:run")
    try:
        c = await Client.connect(srv.port, "kim", 80, 24, password="s3cret")
        await c.wait_for("hello kim")
        await c.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.connect(srv.port, "kim", 80, 24, password="wrong")
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.connect(srv.port, "nobody", 80, 24, password="s3cret")
    finally:
        srv.stop()


async def test_key_auth(tmp_path):
    import subprocess
    import sys

    from tests.ssh.client import ROOT

    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "lee.pub").write_bytes(good.export_public_key())
    add = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--data-dir", str(tmp_path),
                          "--add-user", "lee", "--key", str(tmp_path / "lee.pub")],
                         text=True, capture_output=True, cwd=ROOT)
    assert add.returncode == 0, add.stderr
    srv = ServerProcess(tmp_path, "--auth", "keys", "--runner", "tests.ssh.echo_app:run")
    try:
        c = await Client.connect(srv.port, "lee", 80, 24, client_keys=[good])
        await c.wait_for("hello lee")
        await c.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.connect(srv.port, "lee", 80, 24, client_keys=[bad])
    finally:
        srv.stop()
