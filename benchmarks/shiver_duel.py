"""How fast a Shiver Me Timbers duel is: a random duel resolved, and ISMCTS iterations in a duel.

    python -m benchmarks.shiver_duel [--duels 5000] [--seconds 3]

- ``random duel``: two captains at sea, a boarding declared and dealt; from the choice of who
  attacks first to the end of the duel (its aftermath included), uniformly random legal moves,
  ``apply`` without events (target: ≤ 0.2 ms a duel);
- ``ISMCTS``: iterations per second of the ISMCTS bot searching an answer to an attack (target:
  ≥ 2,000 iterations/s). The search plays the duel on its own (``Rules.search_focus``, the lean
  duel of ``engine.games.shiver.duel_search``): the hands it cannot see re-dealt in every
  iteration, every rollout played to the duel's end and scored by its outcome.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.bots import Budget
from engine.bots.ismcts import IsmctsBot
from engine.core.codec import clone
from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_LEAD, S_PARRY, S_TURN, the_graph
from engine.games.shiver.state import DUEL_NONE, Act, Strike, Target


def duel_position(seed: int = 1):
    """Two captains on a sea space, seat 0 boarding seat 1: dealt, at the choice of who attacks first."""
    s = RULES.setup(Config(2, seed, RULES.options_from({})))
    while s.step != S_TURN:
        seat = RULES.to_act(s)[0]
        RULES.apply(s, seat, RULES.legal(s, seat)[0], True)
    g = the_graph(s)
    node = next(n for n in range(6, g.n) if g.kind[n] == chart.SEA)
    s.pos[0] = s.pos[1] = node
    for i in range(2):
        s.crew[i], s.rits[i] = [], []
    RULES.apply(s, 0, Act(C.ACT_BOARD), True)
    RULES.apply(s, 0, Target(1), True)
    assert s.step == S_LEAD
    return s


def random_duel_ms(duels: int) -> float:
    base = duel_position()
    rng = Rng.seeded(5)
    legal, apply = RULES.legal, RULES.apply
    total = 0.0
    for k in range(duels):
        s = clone(base)
        s.rng = Rng.seeded(k)
        t0 = time.perf_counter()
        while s.duel != DUEL_NONE:
            seat = s.actor
            moves = legal(s, seat)
            apply(s, seat, moves[rng.below(len(moves))], True)
        total += time.perf_counter() - t0
    return total / duels * 1000


def ismcts_rate(seconds: float) -> float:
    rates = []
    for k in range(3):
        s = duel_position(seed=1 + k)
        RULES.apply(s, 0, RULES.legal(s, 0)[0], True)  # side 0 attacks first
        attack = next(m for m in RULES.legal(s, 0) if isinstance(m, Strike) and m.card >= 0
                      and C.DUEL_CARDS[m.card].red == C.RED_ATTACK)
        RULES.apply(s, 0, attack, True)
        assert s.step == S_PARRY
        seat = s.actor
        bot = IsmctsBot(RULES, seed=k)
        sample = RULES.determinize(s, seat, Rng.seeded(k))
        t0 = time.perf_counter()
        bot.search(sample, seat, Budget(seconds=seconds / 3))
        rates.append(bot.iterations_done / (time.perf_counter() - t0))
    return statistics.median(rates)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--duels", type=int, default=5000)
    ap.add_argument("--seconds", type=float, default=3.0)
    a = ap.parse_args()
    print(f"random duel      {random_duel_ms(a.duels):8.3f} ms (mean of {a.duels}; target ≤ 0.2)")
    print(f"ISMCTS in a duel {ismcts_rate(a.seconds):8.0f} iterations/s (median of 3 positions; target ≥ 2,000)")


if __name__ == "__main__":
    main()
