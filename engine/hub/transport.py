"""Transports between clients and the hub: in-process, and a local socket.

Both carry the same msgpack messages, so a screen cannot tell whether its hub is
in the same process or in an SSH server: one code path for local and remote play.

Socket frames are a 4-byte big-endian length and a msgpack payload. The server
refuses oversized or malformed frames, and drops a client whose unread output
grows past a limit (a client that connects and never reads cannot stall a table).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine.hub import protocol as P
from engine.hub.hub import Hub, Session

log = logging.getLogger("gangplank.hub")

MAX_PENDING_BYTES = 8 << 20  # unread output per client before it is dropped
MAX_BAD_MESSAGES = 20  # malformed messages before a client is dropped


class Connection:
    """What a screen holds: send requests, receive hub messages through ``on_message``."""

    on_message: Callable[[P.Msg], Any] | None = None
    user: str = ""

    async def send(self, msg: P.Msg) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    async def close(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class LocalConnection(Connection):
    """An in-process client of a Hub. Messages still go through msgpack both ways."""

    def __init__(self, hub: Hub, user: str, on_message: Callable[[P.Msg], Any] | None = None) -> None:
        self.hub = hub
        self.user = user
        self.on_message = on_message
        self.session = hub.connect(user, self._deliver)

    def _deliver(self, msg: P.Msg) -> None:
        decoded = P.hub_decoder.decode(P.encode(msg))
        if self.on_message is not None:
            self.on_message(decoded)

    async def send(self, msg: P.Msg) -> None:
        decoded = P.client_decoder.decode(P.encode(msg))
        await self.hub.handle(self.session, decoded)

    async def close(self) -> None:
        self.hub.disconnect(self.session)


def _frame(payload: bytes) -> bytes:
    return len(payload).to_bytes(4, "big") + payload


async def _read_frame(reader: asyncio.StreamReader, limit: int) -> bytes | None:
    try:
        head = await reader.readexactly(4)
    except (asyncio.IncompleteReadError, ConnectionError):
        return None
    n = int.from_bytes(head, "big")
    if n > limit:
        raise ValueError(f"message of {n} bytes is over the limit of {limit}")
    try:
        return await reader.readexactly(n)
    except (asyncio.IncompleteReadError, ConnectionError):
        return None


class SocketServer:
    """Serves a Hub on a Unix socket only the server's own user can reach."""

    def __init__(self, hub: Hub, path: str | os.PathLike[str]) -> None:
        self.hub = hub
        self.path = Path(path)
        self._server: asyncio.AbstractServer | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(self.path.parent, stat.S_IRWXU)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._client, path=str(self.path))
        finally:
            os.umask(old)
        os.chmod(self.path, stat.S_IRUSR | stat.S_IWUSR)

    async def close(self) -> None:
        """Stop: every client is disconnected (its session reads an end of file), quietly."""
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            with contextlib.suppress(Exception):
                writer.close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            await self._serve_client(reader, writer)
        except (asyncio.CancelledError, ConnectionError):
            pass  # the server is stopping, or the client went: nothing to report
        finally:
            self._writers.discard(writer)

    async def _serve_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        session: Session | None = None
        bad = 0
        transport = writer.transport

        def deliver(msg: P.Msg) -> None:
            if transport.is_closing():
                return
            if transport.get_write_buffer_size() > MAX_PENDING_BYTES:
                log.warning("dropping a client that does not read (%s)", session.user if session else "?")
                transport.abort()
                return
            writer.write(_frame(P.encode(msg)))

        try:
            # the first message must be a Hello with a token the SSH server issued
            try:
                first = await asyncio.wait_for(_read_frame(reader, P.MAX_MESSAGE), timeout=10)
            except (TimeoutError, ValueError):
                return
            if first is None:
                return
            try:
                hello = P.client_decoder.decode(first)
            except (msgspec.DecodeError, msgspec.ValidationError):
                return
            user = self.hub.tokens.get(hello.token) if isinstance(hello, P.Hello) else None
            if user is None:
                writer.write(_frame(P.encode(P.Notice("unknown session token", "error"))))
                return
            session = self.hub.connect(user, deliver)
            while True:
                try:
                    data = await _read_frame(reader, P.MAX_MESSAGE)
                except ValueError as e:
                    deliver(P.Notice(str(e), "error"))
                    return
                if data is None:
                    return
                try:
                    msg = P.client_decoder.decode(data)
                except (msgspec.DecodeError, msgspec.ValidationError) as e:
                    bad += 1
                    deliver(P.Notice(f"malformed message ({e})", "error"))
                    if bad >= MAX_BAD_MESSAGES:
                        return
                    continue
                try:
                    await self.hub.handle(session, msg)
                except Exception:  # noqa: BLE001 - a bug on one request must not take the server down
                    log.exception("request %s failed", type(msg).__name__)
                    deliver(P.Notice("the server could not carry out that request", "error"))
        finally:
            if session is not None:
                self.hub.disconnect(session)
            with contextlib.suppress(Exception):
                writer.close()


class SocketConnection(Connection):
    """A client of a hub in another process (the SSH server's), over its Unix socket."""

    def __init__(self, path: str | os.PathLike[str], token: str,
                 on_message: Callable[[P.Msg], Any] | None = None) -> None:
        self.path = str(path)
        self.token = token
        self.on_message = on_message
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()

    async def open(self) -> None:
        self._reader, self._writer = await asyncio.open_unix_connection(self.path)
        self._writer.write(_frame(P.encode(P.Hello(self.token))))
        self._task = asyncio.get_running_loop().create_task(self._pump())

    async def _pump(self) -> None:
        assert self._reader is not None
        try:
            while True:
                data = await _read_frame(self._reader, 64 << 20)
                if data is None:
                    break
                msg = P.hub_decoder.decode(data)
                if isinstance(msg, P.Welcome):
                    self.user = msg.user
                if self.on_message is not None:
                    self.on_message(msg)
        except (msgspec.DecodeError, ValueError):
            log.exception("the hub sent something unreadable")
        finally:
            self.closed.set()

    async def send(self, msg: P.Msg) -> None:
        if self._writer is None or self._writer.is_closing():
            raise ConnectionError("not connected to the table server")
        self._writer.write(_frame(P.encode(msg)))
        await self._writer.drain()

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._task is not None:
            self._task.cancel()
