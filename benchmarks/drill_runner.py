"""Run inside an SSH session by the kill drill (``gangplank serve --runner benchmarks.drill_runner:run``).

Instead of the app, the session talks to the server's hub over its socket like the app does:
it sets up a table of bots (its seed in the session's environment), watches it, and prints
one line per Update it is sent — ``ACK <table> <moves> <hash of the public view>`` — so the
drill knows which moves the server acknowledged (an Update is sent only after the move's
record is fsynced). It also watches the tables it finds in the lobby (restored after a kill).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
from typing import Any

import msgspec


def view_hash(view: Any) -> str:
    return hashlib.blake2b(msgspec.msgpack.encode(msgspec.to_builtins(view)), digest_size=8).hexdigest()


def run(request: dict[str, Any]) -> int:
    from engine.hub import protocol as P
    from engine.hub.transport import SocketConnection

    out = sys.stdout
    game = os.environ.get("DRILL_GAME", "shards")
    players = int(os.environ.get("DRILL_PLAYERS", "3"))
    create = os.environ.get("DRILL_CREATE", "1") == "1"

    async def main() -> None:
        done = asyncio.Event()
        watched: set[str] = set()
        conn: SocketConnection

        def on_message(msg: Any) -> None:
            if isinstance(msg, P.Update):
                out.write(f"ACK {msg.table.id} {msg.cursor} {view_hash(msg.view)}\r\n")
                out.flush()
            elif isinstance(msg, P.Lobby):
                for t in msg.tables:
                    if t.id not in watched and t.status == "playing":
                        watched.add(t.id)
                        asyncio.get_running_loop().create_task(conn.send(P.Watch(t.id)))
            elif isinstance(msg, P.Joined):
                watched.add(msg.table)

        conn = SocketConnection(request["hub"], request["token"], on_message)
        await conn.open()
        await conn.send(P.WatchLobby(True))
        if create:
            seats = [P.SeatSpec("bot:random" if i % 2 else "bot:heuristic") for i in range(players)]
            await conn.send(P.CreateTable(P.TableSpec(game, players, seats, bot_delay=0.0)))
        out.write("READY\r\n")
        out.flush()
        await asyncio.wait([asyncio.ensure_future(conn.closed.wait()), asyncio.ensure_future(done.wait())],
                           return_when=asyncio.FIRST_COMPLETED)

    asyncio.run(main())
    return 0
