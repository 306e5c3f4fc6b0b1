"""Names that reach a server from outside: user names, save names, and the folders made from them.

A user name is an identity on the lobby and in seat lists, so two names that look the same
must not both exist: a name is accepted only in its plain Unicode form (NFKC), with no
invisible, blank or control characters and no mix of look-alike scripts. A save name becomes
a file in that user's own folder, so it is a name and never a path. A folder made from a user
name encodes every character that is not a plain letter, digit, ``-`` or ``_`` (``%xx``), so
it can be neither a path nor a clash with another user's folder.
"""

from __future__ import annotations

import errno
import os
import unicodedata
from pathlib import Path

MAX_USER = 32
MAX_SAVE = 64
SAVE_SUFFIX = ".plank"

# characters with no visible form that the categories below let through
_IGNORABLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, *range(0x180B, 0x1810),
              *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
_INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp")
# scripts with letters that pass for Latin ones (Cyrillic а, Greek ο, ...)
_LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC")


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    for script in _LOOKALIKE_SCRIPTS:
        if name.startswith(script):
            return script
    return ""


def user_name_problem(name: str) -> str:
    """Why ``name`` cannot be a user name here ("" when it can)."""
    if not name:
        return "a user name cannot be empty"
    if len(name) > MAX_USER:
        return f"a user name has at most {MAX_USER} characters"
    for ch in name:
        if unicodedata.category(ch) in _INVISIBLE or ord(ch) in _IGNORABLE:
            return f"it holds an invisible or blank character (U+{ord(ch):04X})"
    plain = unicodedata.normalize("NFKC", name)
    if plain != name:
        return f"it is not written in plain characters (it would pass for {plain!r})"
    for ch in name:
        if not (unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) in ("Mn", "Mc") or ch in "-_."):
            return f"{ch!r} is not allowed: letters, digits, '-', '_' and '.' only"
    if name[0] in "-.":
        return "a user name starts with a letter, a digit or '_'"
    scripts = {s for s in map(_script, name) if s}
    if len(scripts) > 1:
        return f"it mixes {' and '.join(sorted(s.capitalize() for s in scripts))} letters (a look-alike of another name)"
    return ""


def seat_name_problem(name: str) -> str:
    """Why ``name`` cannot name a seat at a server ("" when it can): plain characters, single
    spaces inside, nothing invisible — a seat must not pass for another player's name."""
    if len(name) > 24:
        return "a seat's name has at most 24 characters"
    for ch in name:
        if (unicodedata.category(ch) in _INVISIBLE and ch != " ") or ord(ch) in _IGNORABLE:
            return f"a seat's name cannot hold U+{ord(ch):04X}"
    if unicodedata.normalize("NFKC", name) != name:
        return "a seat's name is written in plain characters"
    if name != name.strip() or "  " in name:
        return "a seat's name has no spaces at its ends and no double spaces"
    scripts = {s for s in map(_script, name) if s}
    if len(scripts) > 1:
        return "a seat's name does not mix look-alike scripts"
    return ""


def save_name(text: str) -> str:
    """A save's name from what a player typed (``.plank`` optional); ValueError says why not.

    Never a path: no separators, nothing hidden (no dot at the start), printable, at most
    MAX_SAVE characters.
    """
    name = unicodedata.normalize("NFKC", text.strip())
    if name.lower().endswith(SAVE_SUFFIX):
        name = name[: -len(SAVE_SUFFIX)].rstrip()
    if not name:
        raise ValueError("type a name for the save")
    if len(name) > MAX_SAVE:
        raise ValueError(f"a save's name has at most {MAX_SAVE} characters")
    if "/" in name or "\\" in name:
        raise ValueError("a save's name is a name, not a path: no / or \\")
    if name.startswith("."):
        raise ValueError("a save's name cannot start with a dot")
    for ch in name:
        if not ch.isprintable() or unicodedata.category(ch) in _INVISIBLE[:-3] or ord(ch) in _IGNORABLE:
            raise ValueError(f"a save's name cannot hold U+{ord(ch):04X}")
    return name


def folder_name(user: str) -> str:
    """A file-system-safe folder name for a user (``ann``, ``%4aack``, ``j%c3%b6rg``): two users
    never share one, even where the file system ignores case."""
    out = []
    for b in user.encode("utf-8"):
        ch = chr(b)
        out.append(ch if ch in "abcdefghijklmnopqrstuvwxyz0123456789-_" else f"%{b:02x}")
    return "".join(out) or "%"


def move_without_replacing(old: Path, new: Path, same_file: bool = False) -> None:
    """Rename a file, never over another one (FileExistsError): a hard link then an unlink, which
    cannot clobber; where the disk has no hard links, a check then a rename. ``same_file``: ``new``
    is ``old`` under another case on a case-blind disk, so a plain rename is what is wanted."""
    if same_file:
        os.rename(old, new)
        return
    try:
        os.link(old, new)
    except FileExistsError:
        raise
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        if new.exists():
            raise FileExistsError(errno.EEXIST, "File exists", str(new)) from None
        os.rename(old, new)
        return
    os.unlink(old)
