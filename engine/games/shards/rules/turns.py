"""Whose decision it is, and how the rules say what happened.

Every chapter of the rules asks a seat a question through ``ask`` and tells the table
through ``say``: an event's words name the seat in the third person ("Azure draws Ruin 7"),
and its machine form is ``kind`` plus ``data`` (the seat it is about, cards by name).
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shards.state import State

SEATS = tuple((i,) for i in range(8))
ALL_SEATS = tuple(tuple(range(n)) for n in range(9))
OTHERS = tuple(tuple(tuple(j for j in range(n) if j != i) for i in range(n)) for n in range(9))

Events = list[Event] | None  # None: a quiet playout, no words built


def say(ev: list[Event], kind: str, text: str, seat: int = -1, to: tuple[int, ...] | None = None,
        reveal: bool = False, **data: object) -> None:
    """Add one event; ``data`` holds its facts beside ``seat`` (the seat it is about, if any)."""
    facts: dict[str, object] = {"seat": seat, **data} if seat >= 0 else dict(data)
    ev.append(Event(text, seat, to, reveal, kind, facts))


def ask(s: State, seat: int, step: int, pos: int) -> bool:
    """Wait for ``seat`` to resolve a choice; always True ("resolve before the next card")."""
    s.step = step
    s.turn = seat
    s.acting = SEATS[seat]
    s.pos = pos
    return True
