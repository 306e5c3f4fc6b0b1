"""What a new table is made of: the ``PlaySpec`` the New game screen and ``gangplank play`` fill in,
and the hub's ``TableSpec`` built from it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from engine import games
from engine.core.rules import Rules
from engine.hub import protocol as P
from tui.settings import Settings


@dataclass
class PlaySpec:
    """A table to open straight away (``gangplank play ...``)."""

    game: str
    players: int
    seats: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    undo: str | None = None
    bot_delay: float | None = None
    colours: list[str] = field(default_factory=list)
    remote: bool = False  # a table on a server: idle people get bot stand-ins
    open_seed: bool = False  # a table on a server whose seed is chosen here and known to all


def default_seats(rules: Rules, players: int, given: list[str]) -> list[str]:
    """Seat kinds: as given, then heuristic bots (or random where a game has none)."""
    from engine import bots  # start-up: the app imports this module; bots load with the first table

    levels = bots.levels(rules)
    filler = "bot:heuristic" if "heuristic" in levels else "bot:random"
    seats = list(given) or ["person"]
    return seats + [filler] * (players - len(seats))


def table_spec(spec: PlaySpec, settings: Settings | None = None) -> P.TableSpec:
    """The hub's TableSpec for a local table (no idle stand-ins at the kitchen table)."""
    rules = games.get(spec.game)
    kinds = default_seats(rules, spec.players, spec.seats)
    seats = []
    for i, kind in enumerate(kinds):
        name = spec.names[i] if i < len(spec.names) else ""
        colour = spec.colours[i] if i < len(spec.colours) else ""
        seats.append(P.SeatSpec(kind, name, colour))
    undo = spec.undo or "turn"  # practice only when asked for: it lets a player peek
    options = spec.options
    if isinstance(options, msgspec.Struct):
        options = msgspec.to_builtins(options)
    delay = spec.bot_delay if spec.bot_delay is not None else (settings.bot_delay if settings else 0.6)
    seed = spec.seed if not spec.remote or spec.open_seed else None  # a server draws a secret one
    return P.TableSpec(rules.id, spec.players, seats, dict(options or {}), seed, undo,
                       bot_delay=delay, idle_timeout=-1 if spec.remote else 0,  # -1: the server's default
                       open_seed=spec.open_seed)


