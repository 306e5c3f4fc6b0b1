"""Per-game adapters for the table frame, found by name and imported only when a game is opened.

A game's TUI lives in ``tui/games/<pkg>/`` (``pkg`` is its engine package's name): its
``ADAPTER`` (a ``GameAdapter`` subclass), its board widget, its dialogs and words, its own
``.tcss``. A game without a folder gets the generic frame (``GameAdapter`` itself).
"""

from __future__ import annotations

from importlib import import_module

from engine import games
from tui.games.base import GameAdapter

_cache: dict[str, GameAdapter] = {}


def adapter_for(game: str) -> GameAdapter:
    """The adapter of a game (by id or alias)."""
    rules = games.get(game)
    adapter = _cache.get(rules.id)
    if adapter is None:
        pkg = games.module_of(rules.id).rsplit(".", 1)[1]
        name = f"{__name__}.{pkg}"
        try:
            cls: type[GameAdapter] = import_module(name).ADAPTER
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            cls = GameAdapter
        adapter = _cache[rules.id] = cls(rules)
    return adapter
