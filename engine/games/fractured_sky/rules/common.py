"""What the rules' chapters share: numbers, the moves built once, chip menus, resources."""

from __future__ import annotations

from typing import Any

from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.state import (
    N_TALLY,
    SCOUT_SHIP,
    SCOUT_TOP,
    STAR,
    STAR_PUBLIC,
    T_GAINED,
    T_SPENT,
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

NR = C.N_REGIONS
SHIPS = C.SHIPS
ALL_CHIPS = (1 << len(C.CHIPS)) - 1
TRIPLE = tuple(len(r) == 3 for r in C.SITE_REGIONS)

# Moves are immutable: build each once.
PLACE_MOVES = tuple((Place(r, False), Place(r, True)) for r in range(NR))
PLACE_ONLY_MOVES = tuple((pair[0],) for pair in PLACE_MOVES)  # a region whose explore slot is taken
PLACE_PLAIN_MOVES = tuple(pair[0] for pair in PLACE_MOVES)
PRODUCE_MASK = tuple((1 << reg.produces[0]) | (1 << reg.produces[1]) for reg in C.REGIONS)
MASK_RESOURCES = tuple(tuple(k for k in range(3) if m >> k & 1) for m in range(8))
CHIP_MOVES = tuple(Chip(v) for v in range(C.POWER_LIMIT + 1))
BUILD_SITE_MOVES = tuple(tuple(Build(k, site) for site in range(C.N_SITES)) for k in (C.MARKET, C.FORTRESS))
BUILD_SKIMMER_MOVES = tuple(Build(C.SKIMMER, r) for r in range(NR))
SCOUT_TOP_MOVE = Scout(SCOUT_TOP, 0)
SCOUT_SHIP_MOVES = tuple(Scout(SCOUT_SHIP, i) for i in range(5 * SHIPS))
SCOUT_CARD_MOVES = tuple(Scout(2, i) for i in range(NR))
FORAGE_MOVES = tuple(Forage(r) for r in range(3))
ORDER_MOVES = tuple(Order(k) for k in range(5))
REWARD_MOVES = {c: Reward(c) for c in (0, 1, 2, STAR)}
AUTOMA_MOVE = AutomaTurn()
AUTOMA_ONLY = [AUTOMA_MOVE]

_chip_menus: dict[int, list[Chip]] = {}


def chip_menu(mask: int, budget: int) -> list[Chip]:
    """The chips a side may put on an airship: the free ones whose value fits the budget."""
    key = mask * 16 + budget
    menu = _chip_menus.get(key)
    if menu is None:
        menu = []
        if mask & 3:
            menu.append(CHIP_MOVES[0])
        for v in range(1, min(budget, C.POWER_LIMIT) + 1):
            if mask >> (v + 1) & 1:
                menu.append(CHIP_MOVES[v])
        _chip_menus[key] = menu
    return menu


def chip_values(mask: int) -> list[int]:
    """The values of the free chips in a mask (a 0 twice if both are free)."""
    out = [0] * ((mask & 1) + (mask >> 1 & 1))
    out.extend(v for v in range(1, C.POWER_LIMIT + 1) if mask >> (v + 1) & 1)
    return out


def one_choice(left: list[int]) -> bool:
    """Whether a region's rewards left offer one choice only (all starfalls, or one tier)."""
    first = left[0]
    if first >= STAR_PUBLIC:
        return all(c >= STAR_PUBLIC for c in left)
    return all(c == first for c in left)


def is_automa(s: State, side: int) -> bool:
    return side >= s.n - s.automa


CHIP_NO_RANK = 5  # chips of sides that took no reward (or ranked below 5th)


def reward_menu(left: list[int]) -> list[Any]:
    """The distinct rewards still on a region's list: a starfall and each tier left."""
    out = []
    star = False
    for code in left:
        if code >= STAR_PUBLIC:
            if not star:
                star = True
                out.append(REWARD_MOVES[STAR])
        elif REWARD_MOVES[code] not in out:
            out.append(REWARD_MOVES[code])
    return out


def pay(s: st.State, side: int, cost: tuple[int, int, int]) -> None:
    b = side * 3
    res = s.res
    res[b] -= cost[0]
    res[b + 1] -= cost[1]
    res[b + 2] -= cost[2]
    s.tally[side * N_TALLY + T_SPENT] += cost[0] + cost[1] + cost[2]


def gain(s: st.State, side: int, what: tuple[int, int, int] | list[int]) -> None:
    b = side * 3
    res = s.res
    res[b] += what[0]
    res[b + 1] += what[1]
    res[b + 2] += what[2]
    s.tally[side * N_TALLY + T_GAINED] += what[0] + what[1] + what[2]
