"""Per-game adapters for the table frame, imported only when a game is opened."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from tui.games.base import GameAdapter

_ADAPTERS = {
    "shards": "tui.games.shards:ShardsAdapter",
    "pepper": "tui.games.pepper:PepperAdapter",
    "shardwake": "tui.games.shardwake:ShardwakeAdapter",
}
_cache: dict[str, GameAdapter] = {}


def adapter_for(game: str) -> GameAdapter:
    """The adapter of a game (by id); games without one get the generic frame."""
    from engine import games

    rules: Any = games.get(game)
    if rules.id in _cache:
        return _cache[rules.id]
    target = _ADAPTERS.get(rules.id)
    if target is None:
        adapter = GameAdapter(rules)
    else:
        module, _, cls = target.partition(":")
        adapter = getattr(import_module(module), cls)(rules)
    _cache[rules.id] = adapter
    return adapter


def register(game: str, target: str) -> None:
    """Plug in a game's adapter (``"package.module:Class"``) without touching the frame."""
    _ADAPTERS[game] = target
    _cache.pop(game, None)
