"""Shardwake: salvage airships, crumbling islands, secret Guild Agendas and storms.

The seed document is /shared/seeds/shardwake.txt; the rules as implemented, with
everything designed here, are in docs/rules/shardwake.md. The package has the shape of
every game: ``state.py`` (options, state, moves, views), ``content.py`` (the components,
as data), ``rules/`` (the rulebook's chapters), ``view.py`` (what a seat sees), ``text.py``
(words), ``scoring.py``, ``bots.py``, ``lab.py``, and ``examples.py`` (the example saves).
"""

from __future__ import annotations

from engine.games.shardwake.rules import RULES, Shardwake
from engine.games.shardwake.state import Move, Options, State, View

__all__ = ["RULES", "Move", "Options", "Shardwake", "State", "View"]
