"""Small helpers to build Shardwake positions for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Config, Event
from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.state import CLAIMS, State


def fresh(players: int = 4, seed: int = 1, **options: Any) -> State:
    return RULES.setup(Config(players, seed, RULES.options_from(options)))


def act(s: State, move: Any, seat: int | None = None) -> list[Event]:
    """Play a move the way the Match would: it must be legal for a seat that acts now."""
    acting = RULES.to_act(s)
    seat = acting[0] if seat is None else seat
    assert seat in acting, f"seat {seat} does not act now ({acting})"
    legal = RULES.legal(s, seat)
    assert move in legal, f"{move!r} is not legal for seat {seat}: {legal}"
    return RULES.apply(s, seat, move)


def to_placement(players: int = 4, seed: int = 1, **options: Any) -> State:
    """A fresh game with the starting Claims placed (first Outer island each)."""
    s = fresh(players, seed, **options)
    while s.phase == CLAIMS:
        seat = RULES.to_act(s)[0]
        act(s, RULES.legal(s, seat)[0], seat)
    return s


def current(s: State) -> int:
    return RULES.to_act(s)[0]


def outer(s: State) -> list[int]:
    return [i for i, t in enumerate(s.tiles) if not C.ISLANDS[t].deep]


def deep(s: State) -> list[int]:
    return [i for i, t in enumerate(s.tiles) if C.ISLANDS[t].deep]


def harbor(key: str) -> int:
    """The Place number of a Harbor space, by key."""
    return 100 + [h.key for h in C.HARBOR].index(key)


def visible_text(events: list[Event], seat: int | None) -> str:
    return " | ".join(e.text for e in events if e.visible_to(seat))
