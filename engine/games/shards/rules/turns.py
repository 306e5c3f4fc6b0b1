"""Whose decision it is: every chapter of the rules asks a seat a question through ``ask``
(and tells the table what happened through ``text.say``)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shards.state import State

SEATS = tuple((i,) for i in range(8))
ALL_SEATS = tuple(tuple(range(n)) for n in range(9))
OTHERS = tuple(tuple(tuple(j for j in range(n) if j != i) for i in range(n)) for n in range(9))

Events = list[Event] | None  # None: a quiet playout, no words built


def ask(s: State, seat: int, step: int, pos: int) -> bool:
    """Wait for ``seat`` to resolve a choice; always True ("resolve before the next card")."""
    s.step = step
    s.turn = seat
    s.acting = SEATS[seat]
    s.pos = pos
    return True
