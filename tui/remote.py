"""One SSH session's process: a Gangplank app whose hub is the server's, over its socket.

Runs inside a child forked by the zygote, on the session's pseudo-terminal.
"""

from __future__ import annotations

from typing import Any


def run_session(request: dict[str, Any]) -> int:
    """Open the lobby for ``request["user"]``, talking to the hub at ``request["hub"]``."""
    # the zygote imports this module before it forks; the session's own imports come after
    from engine.hub.transport import SocketConnection
    from tui.app import run_remote

    async def connect() -> SocketConnection:
        conn = SocketConnection(request["hub"], request["token"])
        await conn.open()
        return conn

    return run_remote(connect, request["user"])
