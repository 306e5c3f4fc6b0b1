"""Benchmarks for Shards of Creation (a script, never a timed test).

    .venv/bin/python -m engine.games.shards.lab speed            # random playouts, 3 players
    .venv/bin/python -m engine.games.shards.lab bots --games 200 # heuristic against random
    gangplank lab shards speed | bots ...                        # the same, from the CLI
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.bots.base import Decision, RandomBot
from engine.core.bench import random_playouts_per_second
from engine.core.rules import Config
from engine.games.shards.bots import HeuristicBot
from engine.games.shards.rules import RULES
from engine.games.shards.state import Options


def speed(players: int = 3, seconds: float = 5.0, runs: int = 3) -> tuple[float, list[float]]:
    """Median games per second of random playouts over ``runs`` runs."""
    figures = [random_playouts_per_second(RULES, players, seconds=seconds)[0] for _ in range(runs)]
    return statistics.median(figures), figures


def bot_games(games: int = 200, players: int = 3, seed: int = 1) -> dict[str, float]:
    """One heuristic bot against ``players - 1`` random bots; the heuristic seat rotates."""
    wins = 0.0
    scores = {"heuristic": 0.0, "random": 0.0}
    think = 0.0
    decisions = 0
    for g in range(games):
        me = g % players
        bots = [HeuristicBot(RULES, seed + g) if i == me else RandomBot(RULES, seed * 7 + g * 5 + i)
                for i in range(players)]
        s = RULES.setup(Config(players, seed + 1000 * g, Options()))
        while acting := RULES.to_act(s):
            seat = acting[0]
            legal = RULES.legal(s, seat)
            d = Decision(RULES, seat, RULES.view(s, seat), legal, None)
            t0 = time.perf_counter()
            move = bots[seat].choose(d)
            if seat == me:
                think += time.perf_counter() - t0
                decisions += 1
            RULES.apply(s, seat, move, True)
        res = RULES.result(s)
        if me in res.ranking[0]:
            wins += 1 / len(res.ranking[0])
        scores["heuristic"] += res.scores[me]
        scores["random"] += sum(res.scores[i] for i in range(players) if i != me) / (players - 1)
    return {
        "games": games,
        "players": players,
        "heuristic_win_rate": wins / games,
        "fair_share": 1 / players,
        "heuristic_mean_score": scores["heuristic"] / games,
        "random_mean_score": scores["random"] / games,
        "heuristic_ms_per_decision": 1000 * think / max(1, decisions),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="gangplank lab shards")
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed")
    sp.add_argument("--players", type=int, default=3)
    sp.add_argument("--seconds", type=float, default=5.0)
    sp.add_argument("--runs", type=int, default=3)
    bp = sub.add_parser("bots")
    bp.add_argument("--games", type=int, default=200)
    bp.add_argument("--players", type=int, default=3)
    bp.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    if a.what == "speed":
        med, figs = speed(a.players, a.seconds, a.runs)
        print(f"{a.players}-player random playouts: {med:.0f} games/s (median of {', '.join(f'{f:.0f}' for f in figs)})")
    else:
        for k, val in bot_games(a.games, a.players, a.seed).items():
            print(f"{k}: {val:.3f}" if isinstance(val, float) else f"{k}: {val}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
