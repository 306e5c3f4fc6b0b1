"""Shards of Creation: a trick-taking game of 8 Shards for 2–4 players.

The rules as implemented: docs/rules/shards-of-creation.md. Content (the cards)
is data in ``content.py``; the rules read in the rulebook's order in ``rules.py``.
"""

from __future__ import annotations

from engine.games.shards.rules import RULES, ShardsRules

__all__ = ["RULES", "ShardsRules"]
