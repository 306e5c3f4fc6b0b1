"""Helpers for Shiver Me Timbers tests: states built to order, and a purposeful random player that
takes actions, plays cards and claims (uniform random play ends most turns early)."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_REACT, S_TURN
from engine.games.shiver.state import (
    Act,
    ClaimGoal,
    ClaimMission,
    DigGoods,
    EndTurn,
    Pass,
    PickGoals,
    PickStart,
    Play,
    StartHunt,
    State,
)


def new(players: int = 2, seed: int = 1, opts: dict[str, Any] | None = None) -> State:
    return RULES.setup(Config(players, seed, RULES.options_from(opts or {})))


def play(s: State, seat: int, move: Any) -> list[Any]:
    assert move in RULES.legal(s, seat), f"{move!r} is not legal for seat {seat}: {RULES.legal(s, seat)}"
    return RULES.apply(s, seat, move)


def quick_game(players: int = 2, seed: int = 1, origins: list[int] | None = None,
               talents: list[int] | None = None) -> State:
    """A Quick Start game past setup: goals chosen, origins and talents picked (Port Royal looks
    resolved by taking the first card), at the start of round 1."""
    s = new(players, seed)
    for seat in range(players):
        play(s, seat, PickGoals(s.goals[0], s.goals[1]))
    origins = origins or [C.PORT_ROYAL if i == 0 else C.ST_DAVID for i in range(players)]
    origins = [o if o != C.PORT_ROYAL else C.ST_DAVID for o in origins]
    talents = talents or [C.HAGGLER] * players
    for seat in range(players):
        play(s, seat, PickStart(origins[seat], talents[seat]))
    assert s.step == S_TURN, s.step
    return s


def set_wind(s: State, value: int) -> None:
    s.wind = next(i for i, w in enumerate(C.WIND_CARDS) if w.value == value)


def to_turn(s: State) -> None:
    """Let everybody pass any reaction window until the active player is asked again."""
    while s.step == S_REACT:
        play(s, s.actor, Pass())


def purposeful(s: State, rng: Rng) -> tuple[int, Any]:
    """A random player with some purpose: prefers actions, plays and claims; ends turns late."""
    seat = RULES.to_act(s)[rng.below(len(RULES.to_act(s)))]
    moves = RULES.legal(s, seat)
    good = [m for m in moves if isinstance(m, (ClaimGoal, ClaimMission, StartHunt, DigGoods))]
    if good and rng.below(2) == 0:
        return seat, good[rng.below(len(good))]
    plays = [m for m in moves if isinstance(m, Play)]
    if plays and rng.below(3) == 0:
        return seat, plays[rng.below(len(plays))]
    acts = [m for m in moves if isinstance(m, Act)]
    if acts and rng.below(10):
        return seat, acts[rng.below(len(acts))]
    rest = [m for m in moves if not isinstance(m, EndTurn)] or moves
    if isinstance(moves[-1], EndTurn) and rng.below(4) == 0:
        return seat, moves[-1]
    return seat, rest[rng.below(len(rest))]


