"""The game registry: every package in this folder is a game, found by its name.

A game's package ``engine/games/<pkg>/`` defines ``RULES``; its id is the package name with
``-`` for ``_`` (``fractured_sky`` → ``fractured-sky``). Its other names (``aliases``), its
rules document (``doc``) and whether menus offer it (``hidden``) are on the Rules object,
as python-chess variants carry theirs. Games are imported on first use, so start-up stays
fast; nothing outside a game's own folder names it.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from engine.core.rules import Rules

_loaded: dict[str, Rules] = {}
_extra: dict[str, str] = {}  # id -> module, for games registered from outside this folder (tests)


def _packages() -> dict[str, str]:
    """Game id -> its package, for every game package in this folder (and registered ones)."""
    found = {
        info.name.replace("_", "-"): f"{__name__}.{info.name}"
        for info in pkgutil.iter_modules(__path__)
        if info.ispkg
    }
    return {**found, **_extra}


def _load(gid: str, module: str) -> Rules:
    rules = _loaded.get(gid)
    if rules is None:
        rules = _loaded[gid] = import_module(module).RULES
    return rules


def get(game: str) -> Rules:
    """The Rules object of a game, by id or alias. Raises KeyError for an unknown game."""
    name = game.strip().lower()
    packages = _packages()
    if name in packages:
        return _load(name, packages[name])
    for gid, module in packages.items():  # an alias: every game has to be asked
        rules = _load(gid, module)
        if name in rules.aliases:
            return rules
    raise KeyError(game)


def module_of(game: str) -> str:
    """The package of a game (its ``bots``, ``lab`` and ``content`` modules live there)."""
    rules = get(game)
    return _packages()[rules.id]


def ids(hidden: bool = False) -> list[str]:
    """The ids of the games this install offers (``hidden=True``: test games too), menus' order."""
    out = [r for r in (_load(gid, mod) for gid, mod in _packages().items()) if hidden or not r.hidden]
    return [r.id for r in sorted(out, key=lambda r: r.title)]


def all_rules(hidden: bool = False) -> list[Rules]:
    return [get(gid) for gid in ids(hidden)]


def register(gid: str, module: str) -> None:
    """Add a game by module name (tests use this for small games of their own)."""
    _extra[gid] = module
    _loaded.pop(gid, None)
