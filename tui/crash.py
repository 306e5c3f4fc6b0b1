"""A bug in a screen ends the app with a short message and a crash log, never a traceback on screen.

Textual, on an unhandled exception, stops the app (``return_code`` 1) and prints the
traceback with its error console once the terminal is restored. ``run_guarded`` gives
the app an error console of its own (``App.error_console``, a public attribute) that
writes into memory; when the app has crashed, what it holds goes to a crash log
(``<crashes>/<UTC time>-<id>.log``, mode 0600) and the terminal gets three lines: what
happened, that the table is kept, and which crash log it is. An exception out of
``App.run`` itself (a driver that cannot start) is logged the same way.

Over SSH the crash log is the server's (``<data>/crashes/``): the person at the other
end is told its id, never a path on the server, and the server's log names the file.
"""

from __future__ import annotations

import io
import os
import platform
import secrets
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from engine import __version__

if TYPE_CHECKING:
    from textual.app import App

CRASH_LOG_WIDTH = 1000  # the traceback is drawn at the app's width; the log keeps its lines whole
MAX_CRASH_LOGS = 200  # the newest kept: a bug someone can set off again and again never fills the disk
MAX_CRASH_LOG_CHARS = 256 * 1024  # the traceback's start and end are kept, the middle of a longer one cut


def new_crash_id() -> str:
    """A short id for one session's crash log (8 hex digits)."""
    return secrets.token_hex(4)


def crash_log_name(crash_id: str, when: float | None = None) -> str:
    """``20261202-041207-ab12cd34.log``: when (UTC) and which session."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if when is None else when))
    return f"{stamp}-{crash_id}.log"


def find_crash_log(crashes: Path, crash_id: str) -> Path | None:
    """The crash log a session with ``crash_id`` wrote, if any."""
    try:
        found = sorted(crashes.glob(f"*-{crash_id}.log"))
    except OSError:
        return None
    return found[-1] if found else None


def write_crash_log(crashes: Path, crash_id: str, details: str, about: str = "") -> Path:
    """Write one crash log (a new file, mode 0600, in a folder made with mode 0700); its path."""
    crashes.mkdir(mode=0o700, parents=True, exist_ok=True)
    when = time.time()
    path = crashes / crash_log_name(crash_id, when)
    head = [
        f"Gangplank {__version__} crashed",
        f"when: {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime(when))}",
        f"crash id: {crash_id}",
        f"python: {platform.python_version()}  textual: {_textual_version()}  pid: {os.getpid()}",
    ]
    if about:
        head.append(about)
    details = details.rstrip()
    if len(details) > MAX_CRASH_LOG_CHARS:
        half = MAX_CRASH_LOG_CHARS // 2
        details = f"{details[:half]}\n\n[… {len(details) - 2 * half} characters cut …]\n\n{details[-half:]}"
    text = "\n".join(head) + "\n\n" + details + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
        f.write(text)
    _prune(crashes)
    return path


def _prune(crashes: Path) -> None:
    """Only the newest MAX_CRASH_LOGS crash logs stay (their names start with the time: they sort by it)."""
    try:
        logs = sorted(p for p in crashes.glob("*.log") if p.is_file())
    except OSError:
        return
    for old in logs[:-MAX_CRASH_LOGS]:
        try:
            old.unlink()
        except OSError:
            pass


def _textual_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("textual")
    except PackageNotFoundError:
        return "?"


def crash_message(remote: bool, log: Path | None, crash_id: str) -> str:
    """What the person at the terminal is told (no traceback, no path on a server)."""
    if remote:
        lines = [
            "Gangplank hit an internal error and closed this session.",
            "The tables are kept: connect again to go back to yours.",
            f"Whoever runs the server can read what happened in its crash log: crash {crash_id}." if log is not None
            else f"The server could not write a crash log (crash {crash_id}).",
        ]
        return "".join(f"{line}\r\n" for line in ["", *lines])
    lines = [
        "Gangplank hit an internal error and closed.",
        "A game in progress is autosaved: run gangplank again and Continue.",
        f"The crash log: {log}" if log is not None else "The crash log could not be written.",
    ]
    return "".join(f"{line}\n" for line in lines)


def run_guarded(app: App[Any], crashes: Path, *, remote: bool = False, crash_id: str | None = None,
                about: str = "", headless: bool = False, out: TextIO | None = None) -> int:
    """Run ``app``; its return code. A crash is written to a log in ``crashes``, and ``out``
    (stderr) gets a short message instead of the traceback (return code 1)."""
    from rich.console import Console  # the SSH server imports this module without Textual or Rich

    buffer = io.StringIO()
    app.error_console = Console(file=buffer, width=CRASH_LOG_WIDTH, color_system=None, force_terminal=False,
                                markup=False, highlight=False, emoji=False, soft_wrap=False)
    if not (crash_id and len(crash_id) <= 32 and all(c in "0123456789abcdef" for c in crash_id)):
        crash_id = new_crash_id()  # (it names a file: only the server's own kind of id is taken)
    details = ""
    try:
        result = app.run(headless=headless)
    except Exception:  # noqa: BLE001 - whatever it was, it goes to the crash log, not to the screen
        result = None
        details = traceback.format_exc()
    said = buffer.getvalue()
    stream = out if out is not None else sys.stderr
    if not details and app.return_code != 1:
        if said.strip():  # a message the app chose to leave (App.exit(message=...)): shown as it was
            stream.write(said.replace("\n", "\r\n") if remote else said)
            stream.flush()
        return int(result or 0)
    details = "\n\n".join(part for part in (said.rstrip(), details.rstrip()) if part) \
        or "(the app stopped with return code 1 and left no traceback)"
    log: Path | None
    try:
        log = write_crash_log(crashes, crash_id, details, about)
    except OSError:
        log = None
    try:
        stream.write(crash_message(remote, log, crash_id))
        stream.flush()
    except (OSError, ValueError):  # the terminal is gone (the client hung up): the log is what is left
        pass
    return 1
