"""The game registry. Games are imported on first use, so start-up stays fast."""

from __future__ import annotations

from importlib import import_module
from typing import Any

# id -> module that defines RULES; a game missing from this install is skipped.
_MODULES = {
    "shards": "engine.games.shards",
    "shardwake": "engine.games.shardwake",
    "shiver": "engine.games.shiver",
    "fractured-sky": "engine.games.fractured_sky",
    "pepper": "engine.games.pepper",
}
# Pepper is the kernel's small test game: playable and benchable, never offered in menus.
_HIDDEN = {"pepper"}
_ALIASES = {
    "shards-of-creation": "shards",
    "shiver-me-timbers": "shiver",
    "fractured": "fractured-sky",
    "fractured-sky-awakening": "fractured-sky",
}
_loaded: dict[str, Any] = {}


def _module_exists(name: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def ids(hidden: bool = False) -> list[str]:
    """The ids of the games this install offers (``hidden=True``: test games too)."""
    return [
        gid for gid, mod in _MODULES.items() if (hidden or gid not in _HIDDEN) and _module_exists(mod)
    ]


def get(game: str) -> Any:
    """The Rules object of a game, by id or alias. Raises KeyError for an unknown game."""
    gid = _ALIASES.get(game, game)
    if gid in _loaded:
        return _loaded[gid]
    mod = _MODULES.get(gid)
    if mod is None or not _module_exists(mod):
        raise KeyError(game)
    rules = import_module(mod).RULES
    _loaded[gid] = rules
    return rules


def module_of(game: str) -> str:
    """The package of a game (its ``bots``, ``lab`` and ``content`` modules live there)."""
    gid = _ALIASES.get(game, game)
    return _MODULES[gid]


def register(gid: str, module: str) -> None:
    """Add a game by module name (tests use this for small games of their own)."""
    _MODULES[gid] = module
    _loaded.pop(gid, None)


def all_rules() -> list[Any]:
    return [get(gid) for gid in ids()]
