"""A game's options, read from loose values (a command line, a form, a save) by their types.

Every game declares its options as a ``msgspec.Struct`` whose field types carry their own
limits (``Literal[...]``, ``Annotated[int, msgspec.Meta(ge=…, le=…)]``, ``bool``, lists).
This module is the one place that turns ``{"fall-value": "2"}`` into that Struct, and the
one place that words a wrong value: one line naming the option and what it allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
import msgspec.inspect as mi

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class OptionError(ValueError):
    """A wrong option, option value or player count; the message is one line for the user."""


def _fields(options_type: type[msgspec.Struct]) -> dict[str, mi.Field]:
    info = mi.type_info(options_type)
    assert isinstance(info, mi.StructType)
    return {f.name: f for f in info.fields}


def allowed(t: mi.Type) -> str:
    """What a field accepts, in words: ``one of standard, calm-skies``, ``a whole number from 0 to 25``."""
    if isinstance(t, mi.LiteralType):
        return "one of " + ", ".join(str(v) for v in t.values)
    if isinstance(t, mi.BoolType):
        return "yes or no"
    if isinstance(t, mi.IntType):
        lo = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else None)
        hi = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else None)
        if lo is not None and hi is not None:
            return f"a whole number from {lo} to {hi}"
        if lo is not None:
            return f"a whole number from {lo} up"
        if hi is not None:
            return f"a whole number up to {hi}"
        return "a whole number"
    if isinstance(t, mi.ListType | mi.TupleType | mi.VarTupleType):
        item = getattr(t, "item_type", None)
        inner = allowed(item) if item is not None else "values"
        return f"a comma-separated list (each {inner})"
    if isinstance(t, mi.StrType):
        return "a word"
    return "a value of the right kind"


def _loose(t: mi.Type, value: Any) -> Any:
    """A command-line string made into what the field's type expects (other values pass)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if isinstance(t, mi.LiteralType):
        for v in t.values:
            if str(v).lower() == text.lower():
                return v
        return text
    if isinstance(t, mi.BoolType):
        low = text.lower()
        return True if low in _TRUE else False if low in _FALSE else text
    if isinstance(t, mi.IntType):
        try:
            return int(text)
        except ValueError:
            return text
    if isinstance(t, mi.ListType | mi.VarTupleType):
        item = t.item_type
        return [_loose(item, p) for p in (x.strip() for x in text.replace("+", ",").split(",")) if p]
    return text


def parse_pairs(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["fall-value=2", "variant=calm-skies"]`` (a command line's ``--option K=V``) as a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"an option is KEY=VALUE, not {pair!r}")
        out[key_of(key)] = value.strip()
    return out


def key_of(name: str) -> str:
    """``fall-value`` and ``fall_value`` name the same option."""
    return name.strip().replace("-", "_")


def options_from(title: str, options_type: type[msgspec.Struct], values: Mapping[str, Any] | None) -> Any:
    """The options Struct from loose values; OptionError (one line) for anything wrong."""
    fields = _fields(options_type)
    given: dict[str, Any] = {}
    for raw_key, raw in (values or {}).items():
        key = key_of(str(raw_key))
        f = fields.get(key)
        if f is None:
            known = ", ".join(k.replace("_", "-") for k in fields) or "none"
            raise OptionError(f"{title} has no option {raw_key!r}; its options: {known}")
        value = _loose(f.type, raw)
        try:
            msgspec.convert({key: value}, options_type, strict=False)
        except msgspec.ValidationError:
            raise OptionError(
                f"{title} option {key.replace('_', '-')} must be {allowed(f.type)}, not {raw!r}"
            ) from None
        given[key] = value
    try:
        return msgspec.convert(given, options_type, strict=False)
    except msgspec.ValidationError as e:  # a rule between options (none so far get here)
        raise OptionError(f"{title} options do not fit together: {e}") from None


def validate(title: str, options: msgspec.Struct) -> None:
    """Check an options Struct made directly (its constructor does not check the types' limits)."""
    values = msgspec.to_builtins(options)
    options_from(title, type(options), values)


def describe(options_type: type[msgspec.Struct]) -> list[tuple[str, str, Any]]:
    """(option name, what it allows, default) for each option: for help texts and forms."""
    out = []
    for name, f in _fields(options_type).items():
        default: Any = None
        if f.default is not msgspec.NODEFAULT:
            default = f.default
        elif f.default_factory is not msgspec.NODEFAULT:
            default = f.default_factory()
        out.append((name.replace("_", "-"), allowed(f.type), default))
    return out
