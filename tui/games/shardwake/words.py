"""Shardwake at the table: the island ring, status words, seat facts, board keys, trades, results.

Symbols read without colour (every seat also has its letter):

- ``○`` an Outer island, ``●`` a Deep one; ``▪``/``▫`` filled and empty Crack slots; ``✚`` a Brace;
  ``◊`` a Relic left in an island's Cache; ``⚓`` the docks (Salvage ``S``, Moor ``M``);
  ``✕`` a Fallen island (its Void side shows ``░``); ``⛵`` the Hired Skiff; ``≋`` a storm.
- Guilds: ``▼`` Chasm Syndicate (ruin), ``▲`` Keel Covenant (preservation), ``¤`` Gilded Ledger (commerce).
- Cubes: ``Ae`` Aether, ``Ba`` Ballast, ``Br`` Brass.

Board keys name the things a move involves:

- ``i:<n>``  island n (ring order)          - ``d:<space>``  one of its docks (2n Salvage, 2n+1 Moor)
- ``h:<k>``  Harbor space k                 - ``s:<seat>``  a seat (an Accusation's target)
- ``bid:<n>``  a storm bid                  - ``acc:<seat>:<guild>``  an Accusation
- ``keep:<card>``  the Agenda kept (Twin Charters)
- ``give:<item>`` / ``ask:<item>``  a draft's items; ``send`` / ``drop`` the draft; ``yes`` / ``no`` an answer
- ``skiff:1`` / ``skiff:0``  the Skiff fallback; ``noclaim`` place no Claim; ``idle`` a ship sits out
"""

from __future__ import annotations

from typing import Any

from engine.games.shardwake import content as C
from engine.games.shardwake.state import RELIC_ITEM
from engine.games.shardwake.text import items_text

RES_SHORT = ("Ae", "Ba", "Br")
GUILD_GLYPHS = ("▼", "▲", "¤")
OUTER, DEEP = "○", "●"
STORM = "≋"
SKIFF = "⛵"

# Harbor spaces in a few words (the detail line and wide boards)
SPACE_SHORT = {
    "aether_well": "+2Ae",
    "ballast_yard": "+2Ba",
    "foundry": "+1Ae +1Br",
    "shipwright": "Brace +1Ba",
    "charter_office": "1Br → Claim",
    "weather_station": "+1Ba, peek",
    "guild_hall": "+1Ba +1Br",
    "drydock": "Brace +1Ae",
}


def cubes(amounts: list[int] | tuple[int, ...], sep: str = " ") -> str:
    """``+2Ae +1Br`` style: only the cubes there are."""
    return sep.join(f"{n}{RES_SHORT[r]}" for r, n in enumerate(amounts) if n)


def guild(g: int, short: bool = False) -> str:
    """``▲ Keel Covenant`` (``▲ Covenant`` short)."""
    return f"{GUILD_GLYPHS[g]} {(C.GUILD_SHORT if short else C.GUILDS)[g]}"


def item_name(item: int) -> str:
    """A trade item: a cube's name, or a Relic's ("Tidebone 3")."""
    return C.RESOURCES[item] if item < RELIC_ITEM else C.relic_name(item - RELIC_ITEM)


def goods(view: Any, seat: int) -> list[tuple[int, int]]:
    """What ``seat`` could trade: (item, how many) — cubes first, then Relics by name."""
    sv = view.seats[seat]
    out = [(r, n) for r, n in enumerate(sv.resources) if n]
    counts: dict[int, int] = {}
    for code in sv.relics:
        counts[RELIC_ITEM + code] = counts.get(RELIC_ITEM + code, 0) + 1
    out += sorted(counts.items(), key=lambda kv: (C.relic_type(kv[0] - RELIC_ITEM), kv[0]))
    return out


def items_words(items: list[int]) -> str:
    """``2 Aether, Tidebone 3`` (``nothing`` for none)."""
    return items_text(items, item_name)


def storm_now(view: Any) -> Any:
    """The Forecast card that strikes this round (or the next one), if any is showing."""
    return view.forecast[0] if view.forecast else None


def name_of(view: Any, seat: int) -> str:
    return view.names[seat] if 0 <= seat < len(view.names) else f"Seat {seat + 1}"



def counted(names: list[str]) -> str:
    """``2 Ballast, Tidebone 3`` from a list of item names."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(f"{k} ×{n}" if n > 1 and k.startswith("Relic") else f"{n} {k}" if k in C.RESOURCES else k
                     for k, n in counts.items()).replace("Relic ", "")
