"""How often the bots take and win Shiver Me Timbers' title quests, and what a heuristic bot's decision costs.

    python -m benchmarks.shiver_titles [--games 40] [--players 4] [--level heuristic]

For ``--games`` bot games (seeds 0, 1, …; every seat the same level, its seed derived as the lab does) it
prints the title quests taken (per title), the titles won (per title), how often a title's holder won the
game, and the mean time of a bot decision (the view built and the move chosen).
"""

from __future__ import annotations

import argparse
import time

from engine import games
from engine.bots import make
from engine.core.bot import Decision
from engine.core.rng import derive_seed
from engine.core.rules import Config
from engine.games.shiver import content as C


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="heuristic")
    a = ap.parse_args(argv)
    rules = games.get("shiver")
    taken, won = [0] * len(C.TITLES), [0] * len(C.TITLES)
    holder_won = holders = with_title = 0
    decisions, spent = 0, 0.0
    for seed in range(a.games):
        s = rules.setup(Config(a.players, seed, rules.options_from({})))
        bots = [make(a.level, rules, derive_seed(seed, x)) for x in range(a.players)]
        seen: set[tuple[int, int]] = set()
        while acting := rules.to_act(s):
            seat = acting[0]
            legal = rules.legal(s, seat)
            if len(legal) == 1:
                move = legal[0]
            else:
                t0 = time.perf_counter()
                move = bots[seat].choose(Decision(rules, seat, rules.view(s, seat), legal, None))
                spent += time.perf_counter() - t0
                decisions += 1
            rules.apply(s, seat, move, True)
            for k in range(a.players):
                seen.update((k, c) for c in s.missions[k] if C.MISSIONS[c].kind == C.TITLE)
        result = rules.result(s)
        assert result is not None
        for _, c in seen:
            taken[C.MISSIONS[c].a] += 1
        held = [(t, k) for t, k in enumerate(s.title_of) if k >= 0]
        with_title += bool(held)
        for t, k in held:
            won[t] += 1
            holders += 1
            holder_won += k in result.ranking[0]
    names = [t.name for t in C.TITLES]
    print(f"{a.games} games, {a.players} players, {a.level} bots")
    print(f"  quests taken   {sum(taken):>4}  " + ", ".join(f"{n} {x}" for n, x in zip(names, taken, strict=True)))
    print(f"  titles won     {sum(won):>4}  " + ", ".join(f"{n} {x}" for n, x in zip(names, won, strict=True)))
    print(f"  games with a title {with_title}; a title's holder won {holder_won} of {holders}")
    print(f"  bot decision   {1000 * spent / max(1, decisions):.2f} ms (mean of {decisions})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
