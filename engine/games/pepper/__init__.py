"""Pepper: a tiny game for the kernel's own tests and benchmarks (hidden from menus).

Hidden hands, a shuffled deck, turns, and a simultaneous secret bid every round,
so the Match, saves, undo policies and bots can be tested without a real game.
Each turn a player draws (a private reveal) or plays a card from hand (scores
its value). After every full round all players bid 0–2 at once; the highest
unique bid scores itself. The game ends after ``rounds`` rounds.

It is also the template of a game package: ``state.py`` (options, state, moves, view),
``rules.py`` (the Rules object, in the rulebook's order), ``view.py`` (view, determinize),
``text.py`` (words); a larger game adds ``content.py``, ``scoring.py``, ``bots.py``, ``lab.py``.
"""

from __future__ import annotations

from engine.games.pepper.rules import RULES, Pepper
from engine.games.pepper.state import Bid, Draw, Move, Options, Play, State, View

__all__ = ["RULES", "Bid", "Draw", "Move", "Options", "Pepper", "Play", "State", "View"]
