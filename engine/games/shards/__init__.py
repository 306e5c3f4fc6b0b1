"""Shards of Creation: a trick-taking game of 8 Shards for 2–4 players.

The rules as implemented: docs/rules/shards-of-creation.md. The package has the shape of
every game: ``state.py`` (options, state, moves, views), ``content.py`` (the cards, as
data), ``rules/`` (the rulebook's chapters), ``view.py`` (what a seat sees), ``text.py``
(words), ``scoring.py``, ``bots.py`` and ``lab.py``.
"""

from __future__ import annotations

from engine.games.shards.rules import RULES, ShardsRules

__all__ = ["RULES", "ShardsRules"]
