"""Helpers to build positions with the Awakening expansions for rule tests."""

from __future__ import annotations

from typing import Any

from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules.common import EXPLORE_GUARDIAN
from engine.games.fractured_sky.state import DRAFT, MAIN, Draft, State, Step
from tests.engine.fractured_sky.helpers import act, current, fresh, set_order

RED, BLUE, GREEN, YELLOW, PURPLE = range(5)
DESERT, SHOALS, FROSTFALL, WOODS, CASCADES, STEPPE, EMBERPEAK, VALE, FEN, STORMCREST = range(10)


def table(players: int = 4, order: list[int] | None = None, starfall: int = SHOALS, seed: int = 1,
          **options: Any) -> State:
    """A round-1 table with the public starfall where we want it, no objective or bounty in the
    way, no guardian in play unless a test puts one, the drafts (if any) still to come."""
    s = fresh(players, seed, **options)
    if s.guardians:
        for k in range(len(s.gd_card)):
            if s.gd_moved[k] < 0 and s.explore[s.gd_region[k]] == EXPLORE_GUARDIAN:
                s.explore[s.gd_region[k]] = -1
        s.gd_card = [-1, -1]
        s.gd_region = [-1, -1]
        s.gd_start = [-1, -1]
        s.cloud_star = 0
    if s.bounties:
        s.bounty = []
        s.claims = []
        s.rift_on = []
        s.bv_values = []
    s.starfalls = [0] * C.N_REGIONS
    s.starfalls[starfall] = 1
    s.public = starfall
    if s.objectives:
        s.objectives[0] = 7  # Iron Stockpile (at least 4 iron): nobody reaches it here
        for x in range(s.n):
            s.res[x * 3 + C.IRON] = 0
    if order is not None:
        if s.phase == DRAFT:
            s.order = list(order)
            s.draft = [x for x in reversed(order) if x < s.n - s.automa]
            s.draft_pos = 0
        else:
            set_order(s, order)
    return s


def draft(s: State, picks: dict[int, tuple[int, int]]) -> None:
    """Every side drafts the board it is given, on the face given ({side: (board, face)})."""
    for board, face in picks.values():
        s.fl_face[board] = face
    while s.phase == DRAFT:
        side = current(s)
        act(s, Draft(picks[side][0]), side)


def token(s: State, value: int) -> int:
    """A payload token of this value, taken out of wherever it is (regions, supply)."""
    for where in (s.pl_supply, s.pl_region):
        for k, t in enumerate(where):
            if t >= 0 and C.PAYLOADS[t] == value:
                if where is s.pl_supply:
                    where.pop(k)
                else:
                    where[k] = -1
                return t
    raise AssertionError(f"no free payload worth {value}")


def give_payload(s: State, side: int, value: int) -> int:
    t = token(s, value)
    s.pl_held[side].append(t)
    return t


def put_guardian(s: State, slot: int, guardian: int, region: int, moved_by: int = -1) -> None:
    """A guardian in play: in a region's explore slot (unmoved), or moved there by a side."""
    s.gd_card[slot] = guardian
    s.gd_start[slot] = region
    s.gd_region[slot] = region
    s.gd_moved[slot] = moved_by
    if moved_by < 0:
        s.explore[region] = EXPLORE_GUARDIAN
    if guardian == C.CLOUDSEER and not s.cloud_star:
        s.cloud_star = 1


def put_bounties(s: State, names: list[str]) -> None:
    """The bounty row, left to right, by name (nobody has claimed them)."""
    ids = [next(k for k, b in enumerate(C.BOUNTIES) if b.name == name) for name in names]
    s.bounty = ids
    s.claims = [[] for _ in ids]
    s.rift_on = [0] * len(ids)
    s.bv_values = [[] for _ in ids]


def build(s: State, side: int, kind: int, site: int) -> None:
    """A building already on the board."""
    s.site_owner[site] = side
    s.site_kind[site] = kind
    s.built[side * 3 + kind] += 1


def site(*regions: int) -> int:
    return C.SITE_REGIONS.index(tuple(regions))


def in_main(s: State) -> bool:
    return s.phase == MAIN and s.step in (Step.ACT, Step.AUTOMA)


__all__ = ["RULES", "act", "current"]


def play(s: State, plan: dict[int, list[tuple]]) -> list:
    """Every side places its airships as planned, in turn order: ``(region, chip)`` or
    ``(region, chip, "flag")`` for its flagship; the automa plays its own turns. Payloads are
    not loaded; a track space is the first free one. Stops at the end of the main phase."""
    from engine.games.fractured_sky.state import AutomaTurn, Chip, Load, Order, Place

    ev: list = []
    start = s.round
    while s.round == start and s.phase == MAIN:
        side = current(s)
        if s.step == Step.AUTOMA:
            ev += act(s, AutomaTurn())
            continue
        k = C.SHIPS - s.ships_left[side]
        step = plan[side][k]
        region, chip = step[0], step[1]
        flag = len(step) > 2 and step[2] == "flag"
        ev += act(s, Place(region, False, flag), side)
        while s.step == Step.LOAD:
            ev += act(s, Load(-1), side)
        ev += act(s, Chip(chip), side)
        if s.phase == MAIN and s.step == Step.ORDER and current(s) == side:
            ev += act(s, Order(min(k for k, x in enumerate(s.next_order) if x < 0)), side)
    return ev
