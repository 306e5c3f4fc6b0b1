"""A bug in one session's screen, over real SSH: the person sees three plain lines, never a
traceback; the traceback goes to a crash log on the server; the table lives on and its seat
is there to come back to."""

import asyncio

from tests.ssh.client import Client, ServerProcess
from tests.ssh.crash_app import F12, PLANTED
from tests.ssh.test_play import ann_and_bob_at_a_table


async def test_a_crash_in_a_session_is_a_short_message_a_crash_log_and_the_table_is_kept(tmp_path):
    data = tmp_path / "srv"
    srv = ServerProcess(data, "--runner", "tests.ssh.crash_app:run")
    try:
        ann, bob = await ann_and_bob_at_a_table(srv.port)
        await bob.close()
        bob = await Client.connect(srv.port, "bob", 120, 40, keep_output=True)
        await bob.wait_for("Your hand")  # back at his seat
        bob.send(F12)  # the planted bug: the table screen raises
        await asyncio.wait_for(bob.term.closed.wait(), 30)
        said = bytes(bob.term.raw or b"").decode("utf-8", "replace")
        assert "Gangplank hit an internal error and closed this session." in said
        assert "The tables are kept: connect again to go back to yours." in said
        for word in ("Traceback", "RuntimeError", PLANTED, "site-packages", str(data)):
            assert word not in said, word

        logs = sorted((data / "crashes").glob("*.log"))
        assert len(logs) == 1
        crash_id = logs[0].stem.rsplit("-", 1)[1]
        assert f"crash {crash_id}." in said  # the person can quote it; the path stays on the server
        text = logs[0].read_text()
        assert "Traceback" in text and f"RuntimeError: {PLANTED}" in text and "on_key" in text
        assert "user: bob" in text
        assert logs[0].stat().st_mode & 0o777 == 0o600

        await ann.wait_for("bob has left the table")  # the others play on at the same table
        bob = await Client.connect(srv.port, "bob", 120, 40)
        await bob.wait_for("Your hand", "bob — ", "Round ")  # and bob comes back to his seat, as it is now
        await bob.close()
        await ann.close()
    finally:
        out = srv.stop()
    assert f"session of bob crashed (its table is kept): the traceback is in {logs[0]}" in out
    assert "Traceback" not in out
