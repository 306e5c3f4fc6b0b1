"""Shardwake at the table: the island ring, the trade dialog, the hidden scores explained."""

from tui.games.shardwake.adapter import ShardwakeAdapter as ADAPTER

__all__ = ["ADAPTER"]
