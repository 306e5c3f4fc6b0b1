"""Engine speed measurements used by ``gangplank bench`` (never by tests)."""

from __future__ import annotations

import time
from typing import Any

from engine.core.rng import Rng
from engine.core.rules import Config, Rules


def random_playout(rules: Rules, players: int, seed: int, options: Any = None) -> int:
    """Play one complete game with uniformly random legal moves; return its move count."""
    s = rules.setup(Config(players, seed, options if options is not None else rules.Options()))
    rng = Rng.seeded(seed ^ 0xB0B)
    to_act, legal, apply = rules.to_act, rules.legal, rules.apply
    n = 0
    while acting := to_act(s):
        seat = acting[0]
        moves = legal(s, seat)
        apply(s, seat, moves[rng.below(len(moves))], True)
        n += 1
    rules.result(s)
    return n


def random_playouts_per_second(
    rules: Rules, players: int, seconds: float = 2.0, seed: int = 1, options: Any = None
) -> tuple[float, float]:
    """(games per second, moves per second) of random playouts on one core."""
    games = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        moves += random_playout(rules, players, seed + games, options)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return games / elapsed, moves / elapsed
