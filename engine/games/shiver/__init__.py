"""Shiver Me Timbers: a pirate sandbox for 2–4 players — sail, trade, hunt treasure, serve the
governor, hire crew and learn rituals, and chase your secret life goals.

The seed document is /shared/seeds/shiver-me-timbers.txt; the rules as implemented, with
everything designed here, are in docs/rules/shiver-me-timbers.md.
"""

from __future__ import annotations

from engine.games.shiver.rules import RULES, Shiver
from engine.games.shiver.state import Move, Options, State, View

__all__ = ["RULES", "Move", "Options", "Shiver", "State", "View"]
