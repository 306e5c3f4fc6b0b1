"""Small helpers to build Fractured Sky positions for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Config, Event
from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    MAIN,
    AutomaTurn,
    Chip,
    Order,
    Place,
    State,
    Step,
)


def fresh(players: int = 4, seed: int = 1, **options: Any) -> State:
    return RULES.setup(Config(players, seed, RULES.options_from(options)))


def act(s: State, move: Any, seat: int | None = None) -> list[Event]:
    """Play a move the way the Match would: it must be legal for a seat that acts now."""
    acting = RULES.to_act(s)
    seat = acting[0] if seat is None else seat
    assert seat in acting, f"seat {seat} does not act now ({acting})"
    legal = RULES.legal(s, seat)
    assert move in legal, f"{move!r} is not legal for seat {seat}: {legal}"
    return RULES.apply(s, seat, move)


def current(s: State) -> int:
    return RULES.to_act(s)[0]


def set_order(s: State, order: list[int]) -> None:
    """Rearrange this round's turn order (before anyone has acted)."""
    s.order = list(order)
    s.turn = 0
    s.step = Step.AUTOMA if order[0] >= s.n - s.automa else Step.ACT


def send(s: State, region: int, chip: int, explore: bool = False) -> list[Event]:
    """The acting side sends an airship to a region with a chip (and takes a track space if asked)."""
    side = current(s)
    ev = act(s, Place(region, explore), side)
    ev += act(s, Chip(chip), side)
    if s.phase == MAIN and s.step == Step.ORDER and current(s) == side:
        ev += act(s, Order(min(k for k, x in enumerate(s.next_order) if x < 0)), side)
    return ev


def automa_turns(s: State) -> None:
    """Play automa turns until a person is asked."""
    while s.phase == MAIN and s.step == Step.AUTOMA:
        act(s, AutomaTurn())


def finish_round(s: State, plan: dict[int, list[tuple[int, int]]]) -> list[Event]:
    """Every side places its airships as planned ({side: [(region, chip), ...]}), in turn order."""
    ev: list[Event] = []
    start = s.round
    while s.round == start and s.phase == MAIN:
        side = current(s)
        if s.step == Step.AUTOMA:
            ev += act(s, AutomaTurn())
            continue
        k = C.SHIPS - s.ships_left[side]
        region, chip = plan[side][k]
        ev += send(s, region, chip)
    return ev


def give(s: State, side: int, gold: int = 0, wood: int = 0, iron: int = 0) -> None:
    s.res[side * 3] += gold
    s.res[side * 3 + 1] += wood
    s.res[side * 3 + 2] += iron


def res(s: State, side: int) -> list[int]:
    return s.res[side * 3:side * 3 + 3]


def resolve_rewards(s: State) -> None:
    """Every side asked for a reward takes the highest one left."""
    from engine.games.fractured_sky.state import REWARDS

    while s.phase == REWARDS:
        side = current(s)
        act(s, RULES.legal(s, side)[0], side)
