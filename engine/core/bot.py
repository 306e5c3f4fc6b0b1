"""What a bot is: something that picks one of the legal moves for a seat (part of the kernel's
contract, so that a game's own bots need nothing above the kernel).

A bot never sees the true state. It gets a ``Decision``: its seat's view, the
legal moves, and ``sample`` — a full state drawn by ``rules.determinize`` that is
consistent with what the seat knows (hidden cards, secret bids and the game's
generator are re-drawn). Searching bots (ISMCTS) determinize ``sample`` again
for each iteration; simple bots read ``view``.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec


class Budget(msgspec.Struct, omit_defaults=True):
    """How much a bot may think: an iteration count and/or seconds (first reached wins)."""

    iterations: int | None = None
    seconds: float | None = None


class Decision(msgspec.Struct):
    rules: Any  # the game's Rules (typed Any: a Struct field holds any object; bots read it as Rules)
    seat: int
    view: Any  # the seat's view (None for a bot that reads nothing: the random bot)
    legal: list[Any]
    sample: Any  # a determinization for this seat: never the true state (None if not drawn)


class Bot(Protocol):
    level: str

    def choose(self, d: Decision, budget: Budget | None = None) -> Any: ...
