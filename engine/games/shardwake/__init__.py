"""Shardwake: salvage airships, crumbling islands, secret Guild Agendas and storms.

The seed document is /shared/seeds/shardwake.txt; the rules as implemented, with
everything designed here, are in docs/rules/shardwake.md.
"""

from __future__ import annotations

from engine.games.shardwake.rules import RULES, Shardwake
from engine.games.shardwake.state import Move, Options, State
from engine.games.shardwake.view import View

__all__ = ["RULES", "Move", "Options", "Shardwake", "State", "View"]
