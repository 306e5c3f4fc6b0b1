"""Do Shiver Me Timbers' epic games end? Heuristic bots play epic games to a move cap and the games that end
are counted, with their length.

    python -m benchmarks.shiver_epic_end [--games 100] [--players 2] [--events] [--cap 15000] [--seed 0]

Game i is seed SEED + i, every seat the heuristic bot seeded as the lab seeds it. It prints how many games
ended (and how: the ninth goal claimed, or fewer — the table's markers spent or a goal completed without a
claim), how many reached the cap, and the mean and longest length of the games that ended, in rounds and
moves. Standalone on purpose (no cap in ``selfplay``), so that it also runs on an older checkout.
"""

from __future__ import annotations

import argparse
import statistics

from engine.bots import make
from engine.bots.base import Decision
from engine.core.rng import derive_seed
from engine.core.rules import Config
from engine.games.shiver import RULES


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--events", action="store_true", help="with the events module")
    ap.add_argument("--cap", type=int, default=15000, help="moves per game before it counts as not ending")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    opts = RULES.options_from({"epic": "yes", **({"events": "yes"} if a.events else {})})
    ended, capped, ninth = [], [], 0
    for i in range(a.games):
        seed = a.seed + i
        s = RULES.setup(Config(a.players, seed, opts))
        bots = [make("heuristic", RULES, derive_seed(seed, x)) for x in range(a.players)]
        moves = 0
        while (acting := RULES.to_act(s)) and moves < a.cap:
            seat = acting[0]
            legal = RULES.legal(s, seat)
            mv = legal[0] if len(legal) == 1 else bots[seat].choose(
                Decision(RULES, seat, RULES.view(s, seat), legal, None))
            RULES.apply(s, seat, mv, True)
            moves += 1
        if s.over:
            ended.append((s.round, moves))
            ninth += sum(1 for c in s.claims if c) >= len(s.goals) - 1
        else:
            capped.append(seed)
    print(f"{a.games} epic games, {a.players} players{', events' if a.events else ''}, heuristic bots, "
          f"cap {a.cap:,} moves")
    print(f"  ended   {len(ended)}  ({ninth} with nine goals claimed, {len(ended) - ninth} with fewer)")
    print(f"  capped  {len(capped)}  seeds {capped[:12]}{' …' if len(capped) > 12 else ''}")
    if ended:
        rounds = [r for r, _ in ended]
        moves_ = [m for _, m in ended]
        print(f"  length  {statistics.mean(rounds):.1f} rounds (longest {max(rounds)}), "
              f"{statistics.mean(moves_):.0f} moves (longest {max(moves_)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
