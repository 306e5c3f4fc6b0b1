"""Gangplank's engine: game rules, matches, saves, bots and the hub. Never imports Textual."""

from __future__ import annotations

from engine import games
from engine.core.match import Match, UndoRefused, use_games
from engine.core.options import OptionError
from engine.core.rules import Event, IllegalMove, Result, SeatInfo, StaleCommand
from engine.core.savefile import SaveError
from engine.core.version import VERSION

__version__ = VERSION

use_games(games.get)  # the kernel knows no game: it finds them through the registry

__all__ = [
    "Event",
    "IllegalMove",
    "Match",
    "OptionError",
    "Result",
    "SaveError",
    "SeatInfo",
    "StaleCommand",
    "UndoRefused",
    "games",
]
