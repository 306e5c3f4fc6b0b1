"""Engine speed measurements used by ``gangplank bench`` (never by tests).

Every random game is played to a move cap: a game whose random play never ends (Shiver Me Timbers' epic mode
ends only on its goals, which random captains seldom reach) stops there, is counted as *capped* and stays out
of the games-per-second figure, so the bench always finishes and never hides a game that did not end.
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from engine.core.rng import Rng
from engine.core.rules import Config, Rules

MOVE_CAP = 20_000  # moves per random game; far beyond any game that ends (the longest, Shiver's, ~2,000)


class Playout(NamedTuple):
    moves: int
    ended: bool  # False: stopped at the move cap with the game still going


class PlayoutRate(NamedTuple):
    games_per_s: float  # finished games only
    moves_per_s: float  # every move played, capped games' included
    games: int  # games finished
    capped: int  # games stopped at the move cap
    cap: int


class PlayoutCapped(RuntimeError):
    """A random game that had not ended after the move cap."""


def random_game(rules: Rules, players: int, seed: int, options: Any = None, cap: int = MOVE_CAP) -> Playout:
    """Play one game with uniformly random legal moves, at most ``cap`` moves; say whether it ended."""
    s = rules.setup(Config(players, seed, options if options is not None else rules.Options()))
    rng = Rng.seeded(seed ^ 0xB0B)
    to_act, legal, apply = rules.to_act, rules.legal, rules.apply
    n = 0
    while acting := to_act(s):
        if n >= cap:
            return Playout(n, False)
        seat = acting[0]
        moves = legal(s, seat)
        apply(s, seat, moves[rng.below(len(moves))], True)
        n += 1
    rules.result(s)
    return Playout(n, True)


def random_playout(rules: Rules, players: int, seed: int, options: Any = None, cap: int = MOVE_CAP) -> int:
    """Play one complete game with uniformly random legal moves; return its move count. A game still going
    after ``cap`` moves raises ``PlayoutCapped`` (the callers rely on a complete game)."""
    n, ended = random_game(rules, players, seed, options, cap)
    if not ended:
        raise PlayoutCapped(f"{rules.id}: a random game with seed {seed} had not ended after {cap} moves")
    return n


def random_playouts_per_second(
    rules: Rules, players: int, seconds: float = 2.0, seed: int = 1, options: Any = None, cap: int = MOVE_CAP
) -> PlayoutRate:
    """Random playouts on one core: games finished per second, moves per second, and how many games hit the cap."""
    games = capped = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        n, ended = random_game(rules, players, seed + games + capped, options, cap)
        moves += n
        if ended:
            games += 1
        else:
            capped += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return PlayoutRate(games / elapsed, moves / elapsed, games, capped, cap)
