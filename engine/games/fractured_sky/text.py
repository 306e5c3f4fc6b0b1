"""Words: side and region names, rewards and costs in plain English, log lines for moves
(``describe``) and the decision panel's entries (``label``)."""

from __future__ import annotations

from typing import Any

from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    SCOUT_SHIP,
    SCOUT_TOP,
    STAR_HIDDEN,
    STAR_PUBLIC,
    AutomaTurn,
    Build,
    Chip,
    Forage,
    Order,
    Place,
    Reward,
    Scout,
    State,
)

NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def seat_name(side: int) -> str:
    return NAMES[side] if 0 <= side < len(NAMES) else f"side {side}"


def who(s: State, side: int) -> str:
    return s.names[side] if 0 <= side < len(s.names) else seat_name(side)


def region_name(r: int) -> str:
    return C.REGIONS[r].name


def site_text(site: int) -> str:
    """``the Desert–Shoals site`` / ``the Desert–Shoals–Cascades site``."""
    return "the " + "–".join(C.REGIONS[r].short for r in C.SITE_REGIONS[site]) + " site"


def reward_text(code: int, region: int) -> str:
    if code == STAR_PUBLIC:
        return "the public starfall"
    if code == STAR_HIDDEN:
        return "a hidden starfall"
    if code >= STAR_PUBLIC:
        return "a starfall"
    return C.resources_text(C.REGIONS[region].tiers[code])


def reward_label(code: int, region: int) -> str:
    """The decision panel's words for a reward choice (a starfall, or a tier's resources)."""
    if code >= STAR_PUBLIC:
        return "a starfall"
    return f"tier {code + 1}: " + C.resources_text(C.REGIONS[region].tiers[code])


def cost_text(cost: tuple[int, int, int] | list[int]) -> str:
    return "free" if not any(cost) else C.resources_text(cost)


def ordinal(k: int) -> str:
    return ORDINALS[k] if 0 <= k < len(ORDINALS) else f"{k + 1}th"


def building_text(kind: int, where: int) -> str:
    if kind == C.SKIMMER:
        return f"a skimmer in {region_name(where)}"
    return f"a {C.BUILDINGS[kind]} on {site_text(where)}"


def describe(s: State, side: int, move: Any) -> str:
    """One log line for a move about to be played, in the third person (chips stay face down)."""
    name = who(s, side)
    match move:
        case Place(region=r, explore=ex):
            if ex:
                return f"{name} sends an airship into the explore slot of {region_name(r)}."
            return f"{name} sends an airship to {region_name(r)}."
        case Chip():
            return f"{name} puts a face-down chip on the airship."
        case Build(kind=k, where=w):
            return f"{name} builds {building_text(k, w)}."
        case Scout(target=t, index=i):
            if t == SCOUT_TOP:
                return f"{name} scouts the top card of the hidden starfall deck."
            if t == SCOUT_SHIP:
                return f"{name} scouts {who(s, i // C.SHIPS)}'s airship in {region_name(s.ship_region[i])}."
            return f"{name} scouts {who(s, s.hid_ship[i] // C.SHIPS)}'s hidden starfall."
        case Forage(resource=res):
            return f"{name} forages: 1 {C.RESOURCES[res]}."
        case Order(space=k):
            return f"{name} takes the {ordinal(k)} space on the turn-order track."
        case Reward(code=c):
            r = s.rw_region
            return f"{name} takes {reward_text(c, r)} in {region_name(r)}."
        case AutomaTurn():
            return f"{name} (automa) takes its turn."
    return f"{name}: {move!r}"


def label(view: Any, move: Any) -> tuple[str, str]:
    """(group, text) for the decision panel, from the acting seat's view alone."""
    match move:
        case Place(region=r, explore=ex):
            if ex:
                return ("Explore", f"{region_name(r)}: explore slot (1 gold, draw a hidden starfall)")
            return ("Airship", f"{region_name(r)}")
        case Chip(value=v):
            return ("Chip", f"chip {v}")
        case Build(kind=k, where=w):
            if k == C.SKIMMER:
                cost = C.COSTS[C.SKIMMER]
                return ("Build", f"skimmer in {region_name(w)} ({cost_text(cost)})")
            regions = C.SITE_REGIONS[w]
            names = ", ".join(C.REGIONS[r].short for r in regions)
            return ("Build", f"{C.BUILDINGS[k]} touching {names} ({cost_text(C.site_cost(k, w))})")
        case Scout(target=t, index=i):
            if t == SCOUT_TOP:
                return ("Scout", "the hidden starfall deck's top card")
            if t == SCOUT_SHIP:
                side = i // C.SHIPS
                ship = next((sh for reg in view.regions for sh in reg.ships if sh.ship == i), None)
                where = region_name(ship.region) if ship is not None else "?"
                return ("Scout", f"{view.names[side]}'s airship in {where}")
            holder = next((h.holder for h in view.hidden if h.index == i), -1)
            return ("Scout", f"{view.names[holder] if holder >= 0 else '?'}'s hidden starfall")
        case Forage(resource=res):
            return ("Forage", f"take 1 {C.RESOURCES[res]} (look at nothing)")
        case Order(space=k):
            extra = view.track_rewards[k] if k < len(view.track_rewards) else ""
            return ("Turn order", f"{ordinal(k)} next round" + (f" (+{extra})" if extra else ""))
        case Reward(code=c):
            return ("Reward", reward_label(c, view.reward_region))
        case AutomaTurn():
            return ("Automa", "play the automa's turn")
    return ("Moves", repr(move))
