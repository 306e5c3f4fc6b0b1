"""Helpers for Shiver Me Timbers tests: states built to order, and a purposeful random player that
takes actions, plays cards and claims (uniform random play ends most turns early)."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.rules import Config, Event
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_HIRE, S_LEARN, S_REACT, S_TURN
from engine.games.shiver.state import (
    LURE_CODE,
    RITUAL_CODE,
    Act,
    ClaimGoal,
    ClaimMission,
    DigGoods,
    EndTurn,
    Pass,
    PickGoals,
    PickStart,
    Play,
    Sail,
    StartHunt,
    State,
    Take,
)


def E(kind: str, text: str, seat: int = -1, to: tuple[int, ...] | None = None, reveal: bool = False,
      **data: Any) -> Event:
    """The event a step must log, written out: its words, seat, audience, reveal, kind and data
    (a seat's event carries the seat in its data too, as the rules' own ``ev`` does)."""
    return Event(text, seat, to, reveal, kind, {"seat": seat, **data} if seat >= 0 else dict(data))


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




FIGHTS = (C.ACT_HUNT, C.ACT_BOARD, C.ACT_RAID, C.ACT_GUNFIGHT)


def fighter(m: Any, seat: int, legal: list[Any], rng: Rng) -> Any:
    """A random player spoiling for a fight (for ``check_random_game``'s ``choose``): it hires First Mates and
    learns the Call of the Kraken, lures and summons monsters, sails onto them, and hunts, boards, raids and
    fires whenever it may; everything else at random, ending its turn late."""
    s = m.state
    summons = [mv for mv in legal if isinstance(mv, Play) and ((mv.card == C.FIRST_MATE and mv.arg >= LURE_CODE)
                                                               or mv.card == RITUAL_CODE + C.KRAKEN)]
    if summons:
        return summons[rng.below(len(summons))]
    if s.step in (S_HIRE, S_LEARN):
        want = Take(C.FIRST_MATE if s.step == S_HIRE else C.KRAKEN)
        if want in legal:
            return want
    monsters = [n for n in s.monster_at if n >= 0]
    sails = [mv for mv in legal if isinstance(mv, Sail) and mv.node in monsters]
    if sails:
        return sails[0]
    acts = {mv.action: mv for mv in legal if isinstance(mv, Act)}
    for kind in FIGHTS:
        if kind in acts and (kind == C.ACT_HUNT or rng.below(4) < (1 if kind == C.ACT_RAID else 3)):
            return acts[kind]
    if C.ACT_HIRE in acts:
        return acts[C.ACT_HIRE]
    if C.ACT_LEARN in acts and rng.below(2):
        return acts[C.ACT_LEARN]
    if monsters and C.ACT_TRAVEL in acts:
        return acts[C.ACT_TRAVEL]
    rest = [mv for mv in legal if not isinstance(mv, EndTurn)] or legal
    if isinstance(legal[-1], EndTurn) and rng.below(5) == 0:
        return legal[-1]
    return rest[rng.below(len(rest))]
