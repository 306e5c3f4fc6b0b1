"""The ``.plank`` save format: framed msgpack records with a length, a CRC and a hash chain.

File layout::

    MAGIC (b"GPLANK") + format byte
    frame*          frame = varint(len(payload)) + payload + crc32(payload) (4 bytes, little endian)

The first frame is the header (a msgpack map). Every later frame is either a
move record ``[seat, move, dt_ms, hash32, by, link]`` (``hash32``: short hash of
the state after the move; ``by``: ``""``, or the bot level that stood in for an
absent person) or a control record ``["undo", n, link]`` (the log was taken back
to ``n`` moves).

``link`` (format 2) chains the records: 8 bytes of blake2b over the previous
record's link and this record's payload up to the link, starting from a hash of
the header. A record that is missing, out of order or altered breaks the chain
at the next one, even when the moves left would still replay. Format 1 files
(no ``by``, no ``link``) load with their old checks and are written in format 2
the next time they are saved.

Autosave appends one frame per record, flushes it and fsyncs the file before
the move counts as played, so neither ``kill -9`` nor a power cut loses a move
that was acknowledged; a torn last frame is dropped with a warning.

Reading is bounded: a file over ``MAX_FILE`` bytes, a record over ``MAX_RECORD``
bytes or nested deeper than ``MAX_DEPTH`` is refused before it is decoded, and
looking for whole records after a damaged length does a bounded amount of work
per byte of the file.
"""

from __future__ import annotations

import os
import tempfile
import zlib
from collections.abc import Iterable
from hashlib import blake2b
from pathlib import Path
from typing import Any, BinaryIO

import msgspec

from engine.core.rules import SeatInfo

MAGIC = b"GPLANK"
FORMAT = 2
MAX_RECORD = 64 * 1024  # no record of ours is near this (a header is a few hundred bytes)
MAX_FILE = 32 * 1024 * 1024  # a long game is tens of kilobytes
MAX_DEPTH = 32  # msgpack nesting: a move or a header is a few levels deep
RESYNC_BUDGET = 4  # bytes checksummed per byte of file while looking for whole records after damage
LINK = 8  # bytes of the chained hash
_LINK_TAIL = b"\xc4" + bytes([LINK])  # msgpack bin 8 header: the link is always the last 10 bytes

_enc = msgspec.msgpack.Encoder()
_any = msgspec.msgpack.Decoder()


class SaveError(Exception):
    """A save file that cannot be read. The message is one line for the user."""


class Header(msgspec.Struct, omit_defaults=True):
    game: str
    rules_version: int
    players: int
    seed: int
    options: dict[str, Any] = {}
    seats: list[SeatInfo] = []
    undo: str = "turn"
    app_version: str = ""
    created: str = ""
    start_hash: int = 0
    name: str = ""


class MoveRecord(msgspec.Struct, array_like=True):
    seat: int
    move: Any
    dt_ms: int
    hash32: int
    by: str = ""  # "" : the seat's own player; "bot:<level>": a bot standing in for them


class UndoRecord(msgspec.Struct, array_like=True):
    tag: str  # "undo"
    moves: int


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def frame(payload: bytes) -> bytes:
    return _varint(len(payload)) + payload + zlib.crc32(payload).to_bytes(4, "little")


def _root(fmt: int, header_payload: bytes) -> bytes:
    return blake2b(MAGIC + bytes([fmt]) + header_payload, digest_size=LINK).digest()


def _link(prev: bytes, body: bytes) -> bytes:
    return blake2b(prev + body, digest_size=LINK).digest()


def _fields(record: msgspec.Struct) -> list[Any]:
    if isinstance(record, UndoRecord):
        return ["undo", record.moves]
    assert isinstance(record, MoveRecord)
    return [record.seat, record.move, record.dt_ms, record.hash32, record.by]


class Writer:
    """Encodes a save in the current format, keeping the chain from one record to the next."""

    def __init__(self, header: Header, link: bytes | None = None) -> None:
        self.header_payload = _enc.encode(header)
        self.link = link if link is not None else _root(FORMAT, self.header_payload)

    def start(self) -> bytes:
        """The magic, the format and the header frame."""
        return MAGIC + bytes([FORMAT]) + frame(self.header_payload)

    def record(self, record: msgspec.Struct) -> bytes:
        """One record's frame; the chain moves on past it."""
        payload = _enc.encode([*_fields(record), bytes(LINK)])
        body = payload[:-LINK]
        self.link = _link(self.link, body)
        return frame(body + self.link)


def file_start(header: Header) -> bytes:
    return Writer(header).start()


class Loaded(msgspec.Struct):
    header: Header
    records: list[Any]  # MoveRecord (move still undecoded builtins) or UndoRecord
    warnings: list[str]
    format: int = FORMAT


def parse(data: bytes, source: str = "file") -> Loaded:
    """Split a save into its header and records; raise SaveError with one clear line."""
    if not data:
        raise SaveError(f"{source} is empty: it is not a Gangplank save")
    if not data.startswith(MAGIC):
        if len(data) < len(MAGIC) and MAGIC.startswith(data):
            raise SaveError(f"{source} is cut short before its header: nothing to load")
        raise SaveError(f"{source} is not a Gangplank save (it does not start with {MAGIC.decode()})")
    if len(data) <= len(MAGIC):
        raise SaveError(f"{source} is cut short before its header: nothing to load")
    if len(data) > MAX_FILE:
        raise SaveError(f"{source} is {len(data):,} bytes: far too long for a Gangplank save")
    fmt = data[len(MAGIC)]
    if fmt > FORMAT:
        raise SaveError(
            f"{source} was written by a newer Gangplank (save format {fmt}; this one reads up to {FORMAT})"
        )
    if fmt == 0:
        raise SaveError(f"{source} has an unknown save format 0")
    payloads, warnings = _frames(data, source)
    if not payloads:
        raise SaveError(f"{source} is cut short before its header: nothing to load")
    start, head = payloads[0]
    _check_depth(head, source, start)
    try:
        header = msgspec.msgpack.decode(head, type=Header)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as e:
        raise SaveError(f"{source} has an unreadable header ({e})") from None
    link = _root(fmt, head)
    records: list[Any] = []
    for n, (start, payload) in enumerate(payloads[1:], 1):
        if fmt >= 2:
            body = payload[:-LINK]
            if payload[-LINK - 2 : -LINK] != _LINK_TAIL or payload[-LINK:] != _link(link, body):
                raise SaveError(
                    f"{source} is damaged at byte {start}: record {n} does not follow the one before it "
                    "(a record is missing, out of order or altered)"
                )
            link = payload[-LINK:]
        _check_depth(payload, source, start)
        try:
            raw = _any.decode(payload)
        except (msgspec.DecodeError, RecursionError) as e:
            raise SaveError(f"{source} has an unreadable record at byte {start} ({e})") from None
        if fmt >= 2:
            raw = raw[:-1] if isinstance(raw, list) else None
        records.append(_record(raw, fmt, source, start))
    return Loaded(header, records, warnings, fmt)


def _record(raw: Any, fmt: int, source: str, start: int) -> MoveRecord | UndoRecord:
    if not isinstance(raw, list):
        raise SaveError(f"{source} has a record of unknown shape at byte {start}")
    if len(raw) == 2 and raw[0] == "undo" and isinstance(raw[1], int) and raw[1] >= 0:
        return UndoRecord("undo", raw[1])
    moves = 5 if fmt >= 2 else 4
    if (
        len(raw) == moves
        and isinstance(raw[0], int)
        and isinstance(raw[2], int)
        and isinstance(raw[3], int)
        and (fmt < 2 or (isinstance(raw[4], str) and len(raw[4]) <= 64))
    ):
        return MoveRecord(raw[0], raw[1], raw[2], raw[3], raw[4] if fmt >= 2 else "")
    raise SaveError(f"{source} has a record of unknown shape at byte {start}")


def _frames(data: bytes, source: str) -> tuple[list[tuple[int, bytes]], list[str]]:
    """The whole, checksummed frames of a file, and what was dropped at its end."""
    pos = len(MAGIC) + 1
    payloads: list[tuple[int, bytes]] = []
    warnings: list[str] = []
    end = len(data)
    while pos < end:
        start = pos
        length, pos = _read_varint(data, pos)
        if length == -2:
            raise SaveError(f"{source} is damaged at byte {start} (a record length is garbled)")
        if length > MAX_RECORD:
            raise SaveError(f"{source} is damaged at byte {start} (a record claims {length:,} bytes)")
        if length < 0 or pos + length + 4 > end:
            if _frames_follow(data, start + 1):
                # whole records stand after this one: not a torn write but a garbled length
                raise SaveError(f"{source} is damaged at byte {start} (a record length is garbled)")
            warnings.append(
                f"the last record was cut short ({end - start} bytes at byte {start}) and was dropped"
            )
            break
        payload = data[pos : pos + length]
        crc = int.from_bytes(data[pos + length : pos + length + 4], "little")
        pos += length + 4
        if zlib.crc32(payload) != crc:
            if pos == end and payloads:
                warnings.append(f"the last record is damaged (bad checksum at byte {start}) and was dropped")
                break
            raise SaveError(f"{source} is damaged at byte {start} (a record fails its checksum)")
        payloads.append((start, payload))
    return payloads, warnings


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    """(value, position after it); value -1 when the data ends inside it, -2 when it is too long."""
    end = len(data)
    length = shift = 0
    while True:
        if pos >= end:
            return -1, pos
        b = data[pos]
        pos += 1
        length |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return length, pos
        if shift > 35:
            return -2, pos


def _frames_follow(data: bytes, start: int) -> bool:
    """Whether a whole checksummed record starts anywhere at or after ``start``.

    Every offset is a candidate, and each candidate may claim a long record, so
    the checksumming is capped at RESYNC_BUDGET bytes per byte of the file: past
    it, the file is called damaged (a torn write leaves less than one record,
    which never comes near the cap).
    """
    end = len(data)
    budget = RESYNC_BUDGET * end + MAX_RECORD
    for p in range(start, end):
        length, q = _read_varint(data, p)
        if length <= 0 or length > MAX_RECORD or q + length + 4 > end:
            continue
        budget -= length
        if budget < 0:
            return True
        if zlib.crc32(data[q : q + length]) == int.from_bytes(data[q + length : q + length + 4], "little"):
            return True
    return False


# msgpack first bytes that open a container (fixmap, fixarray, array16/32, map16/32)
_CONTAINERS = bytes([*range(0x80, 0xA0), 0xDC, 0xDD, 0xDE, 0xDF])
_FIXED = {0xC4: 1, 0xC5: 2, 0xC6: 4, 0xD9: 1, 0xDA: 2, 0xDB: 4, 0xC7: 1, 0xC8: 2, 0xC9: 4}
_SCALAR = {0xC0: 0, 0xC2: 0, 0xC3: 0, 0xCA: 4, 0xCB: 8, 0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8,
           0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8, 0xD4: 2, 0xD5: 3, 0xD6: 5, 0xD7: 9, 0xD8: 17}


def _check_depth(payload: bytes, source: str, start: int) -> None:
    """Refuse a record nested deeper than MAX_DEPTH before it is decoded."""
    # every container opens with one of these bytes: few of them, and the record cannot be deep
    if len(payload) - len(payload.translate(None, _CONTAINERS)) <= MAX_DEPTH:
        return
    if _depth(payload) > MAX_DEPTH:
        raise SaveError(f"{source} has a record nested too deeply at byte {start}")


def _depth(buf: bytes) -> int:
    """The nesting depth of one msgpack value (stops counting past MAX_DEPTH)."""
    pending = [1]  # items still to read at each open level
    deepest = 0
    pos, end = 0, len(buf)
    while pending and pos < end:
        pending[-1] -= 1
        b = buf[pos]
        pos += 1
        items = -1
        if b <= 0x7F or b >= 0xE0:
            pass
        elif 0x80 <= b <= 0x8F:
            items = 2 * (b & 0x0F)
        elif 0x90 <= b <= 0x9F:
            items = b & 0x0F
        elif 0xA0 <= b <= 0xBF:
            pos += b & 0x1F
        elif b in _SCALAR:
            pos += _SCALAR[b]
        elif b in _FIXED:
            n = _FIXED[b]
            pos += n + int.from_bytes(buf[pos : pos + n], "big") + (1 if b in (0xC7, 0xC8, 0xC9) else 0)
        elif b in (0xDC, 0xDE):
            items = int.from_bytes(buf[pos : pos + 2], "big") * (2 if b == 0xDE else 1)
            pos += 2
        elif b in (0xDD, 0xDF):
            items = int.from_bytes(buf[pos : pos + 4], "big") * (2 if b == 0xDF else 1)
            pos += 4
        else:
            return deepest  # 0xC1, never used: the decoder will refuse it
        if items > 0:
            pending.append(items)
            deepest = max(deepest, len(pending) - 1)
            if deepest > MAX_DEPTH:
                return deepest
        while pending and pending[-1] == 0:
            pending.pop()
    return deepest


def read(path: str | os.PathLike[str]) -> Loaded:
    p = Path(path)
    try:
        with open(p, "rb") as f:
            data = f.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise SaveError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{p} is a directory, not a save file") from None
    except PermissionError:
        raise SaveError(f"{p}: permission denied") from None
    except OSError as e:
        raise SaveError(f"{p}: cannot read ({e.strerror})") from None
    return parse(data, str(p))


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` survive a power cut (where the system allows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], chunks: Iterable[bytes]) -> None:
    """Write a whole file through a temporary file and a rename: never half a save."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".plank", dir=p.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # mkstemp makes 0600; a save gets the usual permissions
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(p.parent)


class Appender:
    """Autosave: frames appended to a file written afresh, each one flushed and fsynced.

    ``writer`` carries the chain on from the last record already in the file.
    ``hold()`` / ``release()`` put several records under one fsync (a run of moves).
    """

    def __init__(self, path: str | os.PathLike[str], writer: Writer) -> None:
        self.path = Path(path)
        self.writer = writer
        self._f: BinaryIO = open(self.path, "ab")  # noqa: SIM115 - kept open for appends
        self._held = 0
        self._dirty = False

    def append(self, record: msgspec.Struct) -> None:
        self._f.write(self.writer.record(record))
        self._f.flush()
        self._dirty = True
        if not self._held:
            self.sync()

    def sync(self) -> None:
        if self._dirty and not self._f.closed:
            os.fsync(self._f.fileno())
            self._dirty = False

    def hold(self) -> None:
        self._held += 1

    def release(self) -> None:
        self._held = max(0, self._held - 1)
        if not self._held:
            self.sync()

    def close(self) -> None:
        if not self._f.closed:
            self.sync()
            self._f.close()
