"""Shiver Me Timbers at the table: the sea-route map, the captain's tableau, the draft on the map."""

from tui.games.shiver.adapter import ShiverAdapter as ADAPTER

__all__ = ["ADAPTER"]
