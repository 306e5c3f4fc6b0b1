"""Deterministic encoding and hashing of states and moves."""

from __future__ import annotations

from hashlib import blake2b
from typing import Any

import msgspec

_encoder = msgspec.msgpack.Encoder()
encode = _encoder.encode


def state_hash(state: Any) -> str:
    """Hex blake2b-64 of the msgpack encoding: the identity of a state."""
    return blake2b(_encoder.encode(state), digest_size=8).hexdigest()


def short_hash(state: Any) -> int:
    """A 32-bit hash of the state, recorded after every move in a save file."""
    return int.from_bytes(blake2b(_encoder.encode(state), digest_size=4).digest(), "little")


_decoders: dict[Any, msgspec.msgpack.Decoder[Any]] = {}


def decoder(typ: Any) -> msgspec.msgpack.Decoder[Any]:
    """A msgpack decoder for ``typ`` (made once per type)."""
    dec = _decoders.get(typ)
    if dec is None:
        dec = _decoders[typ] = msgspec.msgpack.Decoder(typ)
    return dec


def decode(data: bytes, typ: Any) -> Any:
    return decoder(typ).decode(data)


def clone(state: Any) -> Any:
    """A deep copy of a state (msgpack round trip: fast and exact for plain data)."""
    return decoder(type(state)).decode(_encoder.encode(state))


def to_builtins(obj: Any) -> Any:
    return msgspec.to_builtins(obj)
