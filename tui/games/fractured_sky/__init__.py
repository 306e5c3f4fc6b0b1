"""Fractured Sky at the table: the sky map with its regions and sites, the reveal step by step,
the expansions beside the map."""

from tui.games.fractured_sky.adapter import FracturedSkyAdapter as ADAPTER

__all__ = ["ADAPTER"]
