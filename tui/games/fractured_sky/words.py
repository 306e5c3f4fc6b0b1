"""Fractured Sky's symbols and words at the table.

Every sign reads without colour. A seat is its letter (``R``); an airship is its seat's
letter and its chip (``R?`` face down, ``R7`` a chip you know, ``R7+3`` with a payload of 3,
``R?▪`` with a face-down payload, ``R⚑`` a flagship); a skimmer is ``≈R``; the explore slot
is ``◎`` (``◎R`` taken by Red, ``◎·`` free); a starfall is ``★`` (``☆`` a hidden one revealed
in the region, ``✶n`` Cloudseer's starfall worth n), a face-down payload token ``▪``, a guardian
``♠`` and its name (``♠!`` once moved: its power applies here). Resources are letters:
``g`` gold, ``w`` wood, ``i`` iron (``gi`` = 1 gold and 1 iron). A building site on a border
between two regions is ``·`` when free and ``M``/``F`` + the owner's letter when built (a
market, a fortress); a site where three regions meet carries ``∴`` before it (``∴`` free,
``∴MR`` Red's market).

Board keys (what the cursor walks and moves target): ``r:<region>`` a region, ``s:<site>`` a
building site, ``chip:<v>`` one of your chips, ``load:<v>`` one of your payloads, ``track:<k>``
a space on next round's turn-order track, ``reward:<code>`` a reward in the region being
resolved, ``fl:<board>`` a flagship board, ``deck`` the hidden starfall deck, ``hid:<k>`` a
hidden starfall drawn this round, ``ship:<n>`` an airship (to scout), ``forage:<res>`` a
resource to forage, ``stay`` (Grimroot stays), ``loadnone`` (no more payloads).
"""

from __future__ import annotations

from typing import Any

from engine.games.fractured_sky import content as C

RES = "gwi"  # gold, wood, iron
RES_CLASSES = ("sky--gold", "sky--wood", "sky--iron")
STAR = "★"
HIDDEN_STAR = "☆"
CLOUD_STAR = "✶"
EXPLORE = "◎"
SKIMMER = "≈"
PAYLOAD = "▪"
GUARDIAN = "♠"
FLAGSHIP = "⚑"
TRIPLE = "∴"
FREE_SITE = "·"
BUILDING = {"market": "M", "fortress": "F"}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")

LEGEND = (f"R? airship (chip face down)  {EXPLORE} explore slot  {SKIMMER}R skimmer  {STAR} starfall  "
          f"{PAYLOAD} payload  {GUARDIAN} guardian  · site  {TRIPLE} 3-region site  MR/FR market/fortress  "
          "g w i gold wood iron")

# Where each region's box sits: (row, column in half-box steps) — the content's own layout
# (``Region.row``/``col``: rows of 3, 4 and 3, the rows of 3 offset by half a box).


def ordinal(k: int) -> str:
    return ORDINALS[k] if 0 <= k < len(ORDINALS) else f"{k + 1}th"


def res_letters(res: list[int] | tuple[int, ...]) -> str:
    """``gii`` for 1 gold and 2 iron (``–`` for nothing)."""
    out = "".join(RES[r] * n for r, n in enumerate(res))
    return out or "–"


def res_counts(res: list[int] | tuple[int, ...]) -> str:
    """``2g 1w 1i``."""
    return " ".join(f"{n}{RES[r]}" for r, n in enumerate(res))


def reward_sign(rv: Any) -> str:
    """A reward on a region's list: ``★`` a starfall (``☆`` a hidden one), ``▪`` the payload, else resources."""
    if rv.payload:
        return PAYLOAD
    if rv.starfall:
        return HIDDEN_STAR if rv.code == 11 else STAR
    return res_letters(rv.resources)


def site_name(view: Any, site: int) -> str:
    """``Desert–Shoals–Cascades``."""
    return "–".join(view.regions[r].short for r in view.sites[site].regions)


def site_label(site: Any, letter: str) -> str:
    """A site's sign: ``·`` / ``∴`` free, ``MR`` / ``∴FR`` built (``letter``: the owner's)."""
    head = TRIPLE if len(site.regions) == 3 else ""
    if site.owner < 0:
        return head or FREE_SITE
    return head + BUILDING.get(site.kind, "?") + letter


def region_produces(region: Any) -> str:
    """``makes i g`` (its markets collect the first)."""
    return " ".join(RES[r] for r in region.produces)


def tiers_text(region_index: int) -> str:
    """The printed tiers in words: ``1st 1 gold and 1 iron · 2nd 2 iron · 3rd 1 gold``."""
    tiers = C.REGIONS[region_index].tiers
    return " · ".join(f"{ordinal(k)} {C.resources_text(t)}" for k, t in enumerate(tiers))


def power_words(text: str, limit: int = 0) -> str:
    if limit and len(text) > limit:
        return text[: limit - 1] + "…"
    return text
