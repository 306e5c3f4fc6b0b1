"""Pepper at the table (the kernel's small test game; the template for a game's TUI folder)."""

from tui.games.pepper.adapter import PepperAdapter as ADAPTER

__all__ = ["ADAPTER"]
