"""Shards of Creation at the table: the trick area, Shard symbols, the results notes."""

from tui.games.shards.adapter import ShardsAdapter as ADAPTER

__all__ = ["ADAPTER"]
