"""The ``.plank`` save format: framed msgpack records with a length and a CRC.

File layout::

    MAGIC (b"GPLANK") + format byte
    frame*          frame = varint(len(payload)) + payload + crc32(payload) (4 bytes, little endian)

The first frame is the header (a msgpack map). Every later frame is either a
move record ``[seat, move, dt_ms, hash32]`` (``hash32``: short hash of the state
after the move) or a control record ``["undo", n]`` (the log was taken back to
``n`` moves). Autosave appends and flushes one frame per move, so ``kill -9``
loses nothing that was played; a torn last frame is dropped with a warning.
"""

from __future__ import annotations

import os
import tempfile
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, BinaryIO

import msgspec

from engine.core.rules import SeatInfo

MAGIC = b"GPLANK"
FORMAT = 1
MAX_FRAME = 1 << 20  # no record of ours is near a megabyte; a larger length is damage

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


def encode_record(record: msgspec.Struct) -> bytes:
    return frame(_enc.encode(record))


def file_start(header: Header) -> bytes:
    return MAGIC + bytes([FORMAT]) + encode_record(header)


class Loaded(msgspec.Struct):
    header: Header
    records: list[Any]  # MoveRecord (move still undecoded builtins) or UndoRecord
    warnings: list[str]


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
    fmt = data[len(MAGIC)]
    if fmt > FORMAT:
        raise SaveError(
            f"{source} was written by a newer Gangplank (save format {fmt}; this one reads up to {FORMAT})"
        )
    if fmt == 0:
        raise SaveError(f"{source} has an unknown save format 0")
    pos = len(MAGIC) + 1
    payloads: list[tuple[int, bytes]] = []
    warnings: list[str] = []
    end = len(data)
    while pos < end:
        start = pos
        length = 0
        shift = 0
        while True:
            if pos >= end:
                length = -1
                break
            b = data[pos]
            pos += 1
            length |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
            if shift > 35:
                raise SaveError(f"{source} is damaged at byte {start} (a record length is garbled)")
        if length > MAX_FRAME:
            raise SaveError(f"{source} is damaged at byte {start} (a record claims {length} bytes)")
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
    if not payloads:
        raise SaveError(f"{source} is cut short before its header: nothing to load")
    try:
        header = msgspec.msgpack.decode(payloads[0][1], type=Header)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise SaveError(f"{source} has an unreadable header ({e})") from None
    records: list[Any] = []
    for start, payload in payloads[1:]:
        try:
            raw = _any.decode(payload)
        except msgspec.DecodeError as e:
            raise SaveError(f"{source} has an unreadable record at byte {start} ({e})") from None
        if (
            isinstance(raw, list)
            and len(raw) == 2
            and raw[0] == "undo"
            and isinstance(raw[1], int)
            and raw[1] >= 0
        ):
            records.append(UndoRecord("undo", raw[1]))
        elif (
            isinstance(raw, list)
            and len(raw) == 4
            and isinstance(raw[0], int)
            and isinstance(raw[2], int)
            and isinstance(raw[3], int)
        ):
            records.append(MoveRecord(raw[0], raw[1], raw[2], raw[3]))
        else:
            raise SaveError(f"{source} has a record of unknown shape at byte {start}")
    return Loaded(header, records, warnings)


def _frame_end(data: bytes, p: int) -> int:
    """End of a whole, checksummed frame starting at ``p``, or -1."""
    end = len(data)
    length = shift = 0
    while True:
        if p >= end or shift > 35:
            return -1
        b = data[p]
        p += 1
        length |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            break
    if length == 0 or length > MAX_FRAME or p + length + 4 > end:
        return -1
    payload = data[p : p + length]
    if zlib.crc32(payload) != int.from_bytes(data[p + length : p + length + 4], "little"):
        return -1
    return p + length + 4


def _frames_follow(data: bytes, start: int) -> bool:
    """Whether a whole checksummed record starts anywhere at or after ``start``."""
    return any(_frame_end(data, p) > 0 for p in range(start, len(data)))


def read(path: str | os.PathLike[str]) -> Loaded:
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{p} is a directory, not a save file") from None
    except PermissionError:
        raise SaveError(f"{p}: permission denied") from None
    except OSError as e:
        raise SaveError(f"{p}: cannot read ({e.strerror})") from None
    return parse(data, str(p))


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


class Appender:
    """Autosave: one frame appended and flushed per record."""

    def __init__(self, path: str | os.PathLike[str], start: bytes, existing: bool = False) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not existing:
            write_atomic(self.path, [start])
        self._f: BinaryIO = open(self.path, "ab")  # noqa: SIM115 - kept open for appends

    def append(self, record: msgspec.Struct) -> None:
        self._f.write(encode_record(record))
        self._f.flush()

    def close(self) -> None:
        if not self._f.closed:
            self._f.close()
