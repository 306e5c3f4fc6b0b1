"""Gangplank's engine: game rules, matches, saves, bots and the hub. Never imports Textual."""

from __future__ import annotations

__version__ = "0.1.0"

from engine import games
from engine.core.match import Match, UndoRefused
from engine.core.rules import Event, IllegalMove, Result, SeatInfo, StaleCommand
from engine.core.savefile import SaveError

__all__ = [
    "Event",
    "IllegalMove",
    "Match",
    "Result",
    "SaveError",
    "SeatInfo",
    "StaleCommand",
    "UndoRefused",
    "games",
]
