"""A crash of the app: a short message and a crash log, never a traceback on the terminal (tui.crash)."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from tests.ssh.crash_app import F12, PLANTED
from tui.crash import crash_message, run_guarded

ROOT = Path(__file__).resolve().parents[2]


class Boom(App[int]):
    def compose(self) -> ComposeResult:
        yield Static("a screen")

    def on_mount(self) -> None:
        hand = ["the three of suns"]  # a local the crash log shows (the server's eyes only)
        raise ValueError(f"{PLANTED}: {len(hand)}")


class Leaves(App[int]):
    def on_mount(self) -> None:
        self.exit(7, message="goodbye from the app")


def test_a_crash_is_three_lines_and_its_traceback_goes_to_a_crash_log(tmp_path: Path) -> None:
    out = io.StringIO()
    code = run_guarded(Boom(), tmp_path / "crashes", crash_id="c0ffee00", headless=True, out=out)
    assert code == 1
    said = out.getvalue()
    [log] = (tmp_path / "crashes").glob("*.log")
    assert log.name.endswith("-c0ffee00.log")
    assert said == crash_message(False, log, "c0ffee00")
    assert "Traceback" not in said and PLANTED not in said and str(log) in said
    text = log.read_text()
    assert "Traceback" in text and f"ValueError: {PLANTED}: 1" in text and "the three of suns" in text
    assert "crash id: c0ffee00" in text
    assert log.stat().st_mode & 0o777 == 0o600 and (tmp_path / "crashes").stat().st_mode & 0o777 == 0o700


def test_over_ssh_the_message_names_the_crash_but_no_path(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_guarded(Boom(), tmp_path / "crashes", remote=True, crash_id="0badf00d", headless=True, out=out) == 1
    said = out.getvalue()
    assert "closed this session" in said and "crash 0badf00d." in said and str(tmp_path) not in said
    assert "\r\n" in said and "\n" not in said.replace("\r\n", "")  # a raw terminal: every line returns


def test_an_exit_message_is_not_a_crash(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_guarded(Leaves(), tmp_path / "crashes", headless=True, out=out) == 7
    assert out.getvalue().strip() == "goodbye from the app"
    assert not (tmp_path / "crashes").exists()


def test_an_exception_out_of_run_itself_is_logged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = Boom()

    def no_driver(**kw: object) -> None:
        raise OSError("no terminal to drive")

    monkeypatch.setattr(app, "run", no_driver)
    out = io.StringIO()
    assert run_guarded(app, tmp_path / "crashes", headless=True, out=out) == 1
    [log] = (tmp_path / "crashes").glob("*.log")
    assert "OSError: no terminal to drive" in log.read_text() and "Traceback" not in out.getvalue()


def test_a_crash_log_that_cannot_be_written_is_said_so(tmp_path: Path) -> None:
    (tmp_path / "crashes").write_text("a file where the folder should be")
    out = io.StringIO()
    assert run_guarded(Boom(), tmp_path / "crashes", headless=True, out=out) == 1
    assert "The crash log could not be written." in out.getvalue() and "Traceback" not in out.getvalue()


def test_gangplank_in_a_terminal_crashes_with_a_short_message(tmp_path: Path) -> None:
    """The local app, on a real pseudo-terminal: a bug in the main menu, F12."""
    data = tmp_path / "data"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, GANGPLANK_DATA_DIR=str(data), TERM="xterm-256color", COLUMNS="80", LINES="24")
    proc = subprocess.Popen([sys.executable, "-c", "from tests.ssh.crash_app import run_menu; raise SystemExit(run_menu())"],
                            cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    got = bytearray()
    sent = False
    end = time.monotonic() + 60
    try:
        while time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the app is gone and its terminal with it
                    break
                if not chunk:
                    break
                got += chunk
            if not sent and b"New game" in got:
                time.sleep(0.5)  # the menu has its keys
                os.write(master, F12.encode())
                sent = True
            if proc.poll() is not None and not ready:
                break
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    said = got.decode("utf-8", "replace")
    assert sent, said[-2000:]
    assert code == 1
    assert "Gangplank hit an internal error and closed." in said
    assert "Traceback" not in said and PLANTED not in said
    [log] = (data / "crashes").glob("*.log")
    assert str(log) in said.replace("\r\n", "")
    assert f"RuntimeError: {PLANTED}" in log.read_text()


def test_only_the_newest_crash_logs_are_kept_and_a_huge_one_is_cut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.crash as crash

    monkeypatch.setattr(crash, "MAX_CRASH_LOGS", 3)
    monkeypatch.setattr(crash, "MAX_CRASH_LOG_CHARS", 1000)
    folder = tmp_path / "crashes"
    folder.mkdir()
    for k in range(4):  # older logs, by their names' times
        (folder / f"2020010{k + 1}-000000-0000000{k}.log").write_text("old")
    path = crash.write_crash_log(folder, "feedf00d", "start " + "x" * 5000 + " end")
    kept = sorted(p.name for p in folder.glob("*.log"))
    assert kept == ["20200103-000000-00000002.log", "20200104-000000-00000003.log", path.name]
    text = path.read_text()
    assert "start " in text and text.rstrip().endswith(" end") and "characters cut" in text and len(text) < 1500
