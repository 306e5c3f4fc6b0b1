"""Fractured Sky: airships with face-down troop-power chips fight over ten sky regions for
falling stars, five rounds long; markets, fortresses and skimmers between the regions.

The seed (/shared/seeds/fractured-sky-awakening.txt) is the rulebook of the *Awakening*
expansions; the base game is designed here. The rules as implemented, with the reason for
each designed piece, are in docs/rules/fractured-sky.md.
"""

from __future__ import annotations

from engine.games.fractured_sky.rules import RULES, FracturedSky
from engine.games.fractured_sky.state import Move, Options, State, Step
from engine.games.fractured_sky.view import View

__all__ = ["RULES", "FracturedSky", "Move", "Options", "State", "Step", "View"]
