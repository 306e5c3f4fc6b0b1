"""Shards of Creation at the table: Shard symbols, card names, board keys, score lines.

Every Shard has a symbol, a letter and a colour, so a card reads without colour
(``✗R7`` is Ruin 7). Board keys name the things a move involves:

- ``h:<kind>``   a card in the viewer's hand (identical cards share a kind)
- ``t:<id>``     a card in the current trick
- ``a:<seat>:<kind>``  a card in a scoring area
- ``d:<kind>``   a card in the discard pile (Preservation trump)
- ``s:<seat>``   a seat (Odium's theft, the Odium trump's choice of area)
- ``rev``        the revealed top card of the draw deck
"""

from __future__ import annotations

from typing import Any

from engine.games.shards.state import CARD_VIEWS, CardView

# Shard -> (symbol, letter). Devotion is V and Dominion D, so every letter is unique.
GLYPHS: dict[str, tuple[str, str]] = {
    "Autonomy": ("✦", "A"),
    "Cultivation": ("♣", "C"),
    "Devotion": ("♥", "V"),
    "Dominion": ("♛", "D"),
    "Honor": ("◆", "H"),
    "Odium": ("▼", "O"),
    "Preservation": ("◉", "P"),
    "Ruin": ("✗", "R"),
}


def glyph(shard: str) -> str:
    """``✗R`` for Ruin."""
    sym, letter = GLYPHS.get(shard, ("?", shard[:1]))
    return sym + letter


def shard_class(shard: str) -> str:
    return f"shard--{shard.lower()}"


def kind(card: Any) -> str:
    """Identical cards (same Shard, rank and ability) share a kind; menus offer one of each."""
    return f"{card.shard}{card.rank}{card.ability}"


def chip(card: Any, rank: int | None = None) -> str:
    """``✗R7`` (``✗R10→2`` when an ability changed the rank)."""
    text = f"{glyph(card.shard)}{card.rank}"
    if rank is not None and rank != card.rank:
        text += f"→{rank}"
    return text


def card_views() -> tuple[CardView, ...]:
    """Every card of the game as the views show it, by card id."""
    return CARD_VIEWS
