"""One SSH session's process: a Gangplank app whose hub is the server's, over its socket.

Runs inside a child forked by the zygote, on the session's pseudo-terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def run_session(request: dict[str, Any]) -> int:
    """Open the lobby for ``request["user"]``, talking to the hub at ``request["hub"]``. A crash
    goes to a log in ``request["crashes"]`` named with ``request["crash_id"]`` (see tui.crash)."""
    # the zygote imports this module before it forks; the session's own imports come after
    from engine.hub.transport import SocketConnection
    from tui.app import run_remote

    async def connect() -> SocketConnection:
        conn = SocketConnection(request["hub"], request["token"])
        await conn.open()
        return conn

    crashes = request.get("crashes")
    return run_remote(connect, request["user"], Path(crashes) if crashes else None, request.get("crash_id"))
