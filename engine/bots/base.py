"""The random bot, and building a bot's ``Decision`` from the authoritative state.

What a bot is (``Bot``, ``Decision``, ``Budget``) is the kernel's: ``engine/core/bot.py``.
"""

from __future__ import annotations

from typing import Any

from engine.core.bot import Bot, Budget, Decision
from engine.core.rng import Rng
from engine.core.rules import Rules

__all__ = ["Bot", "Budget", "Decision", "RandomBot", "decision_for"]


class RandomBot:
    """Picks uniformly among the legal moves (seeded)."""

    level = "random"

    def __init__(self, rules: Rules | None = None, seed: int = 0) -> None:
        self.rng = Rng.seeded(seed)

    def choose(self, d: Decision, budget: Budget | None = None) -> Any:
        return d.legal[self.rng.below(len(d.legal))]


def decision_for(rules: Rules, state: Any, seat: int, rng: Rng) -> Decision:
    """Build what a bot may see for ``seat`` from the authoritative state."""
    return Decision(
        rules=rules,
        seat=seat,
        view=rules.view(state, seat),
        legal=rules.legal(state, seat),
        sample=rules.determinize(state, seat, rng),
    )
