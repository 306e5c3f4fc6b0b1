"""What a bot is: something that picks one of the legal moves for a seat.

A bot never sees the true state. It gets a ``Decision``: its seat's view, the
legal moves, and ``sample`` — a full state drawn by ``rules.determinize`` that is
consistent with what the seat knows (hidden cards, secret bids and the game's
generator are re-drawn). Searching bots (ISMCTS) determinize ``sample`` again
for each iteration; simple bots read ``view``.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from engine.core.rng import Rng


class Budget(msgspec.Struct, omit_defaults=True):
    """How much a bot may think: an iteration count and/or seconds (first reached wins)."""

    iterations: int | None = None
    seconds: float | None = None


class Decision(msgspec.Struct):
    rules: Any
    seat: int
    view: Any
    legal: list[Any]
    sample: Any  # a determinization for this seat: never the true state


class Bot(Protocol):
    level: str

    def choose(self, d: Decision, budget: Budget | None = None) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal moves (seeded)."""

    level = "random"

    def __init__(self, rules: Any = None, seed: int = 0) -> None:
        self.rng = Rng.seeded(seed)

    def choose(self, d: Decision, budget: Budget | None = None) -> Any:
        return d.legal[self.rng.below(len(d.legal))]


def decision_for(rules: Any, state: Any, seat: int, rng: Rng) -> Decision:
    """Build what a bot may see for ``seat`` from the authoritative state."""
    return Decision(
        rules=rules,
        seat=seat,
        view=rules.view(state, seat),
        legal=rules.legal(state, seat),
        sample=rules.determinize(state, seat, rng),
    )
