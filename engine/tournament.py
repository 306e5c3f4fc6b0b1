"""``gangplank tournament GAME``: bots × bots × seats, for measuring bot strength in any game.

    gangplank tournament GAME --bots L1,L2[,L3...] [--games N] [--players P] [--seed S]
        [--option K=V ...] [--json] [--jobs J] [--cluster [ADDRESS]] [--batch N]
        [--out DIR | --resume FILE]

Every pair of levels (A, B) meets on every *deal* (seed ``S + d``, ``d < N``) in every seat
pattern: the seats alternate A, B, A, … and every rotation of that and of B, A, B, … is played
(two patterns with 2 players, 2P with an odd P), so each level sits in each seat as often as
the other and the cards dealt are the same for both. A game between A and B gives A the share
of the win its seats took (ties shared) out of what A and B took (a game that a game's own automa
won counts for neither): A's score against B is the mean of those, with a 95%
confidence interval over the deals (a deal's games are averaged first: they are not
independent). The Elo difference is the score's logistic transform (``400·log10(s / (1 − s))``,
the interval transformed the same way); the ratings are a Bradley–Terry fit of every pair's
score (one drawn game added per pair, so that a clean sweep stays finite), the mean 1500. A
level's own score is the share of the wins it took in its games, against everyone at the table.

The games are the lab's (``engine/lab.py``: the same runner, the same records) on the same
three backends (``engine/runs.py``).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any, NoReturn

import msgspec

from engine import OptionError, games, runs
from engine.bots import levels as bot_levels
from engine.core.options import parse_pairs
from engine.core.rules import Rules
from engine.lab import Job, Record, play_one

Z95 = 1.96
ELO_CAP = 1200.0  # a score of 0 or 1 (or an interval reaching it) is shown at this many points


class TournamentError(Exception):
    """A bad command line: one line for the user."""


class TournamentRun(msgspec.Struct, frozen=True):
    """A tournament as its batches carry it: game ``i`` is deal ``i // len(patterns)`` in pattern ``i % …``."""

    game: str
    seed: int
    deals: int
    players: int
    options: dict[str, str]
    patterns: list[list[str]]  # the level of each seat, for every (pair, seat pattern)

    def job(self, index: int) -> Job:
        deal, k = divmod(index, len(self.patterns))
        return Job(self.game, self.seed + deal, self.players, self.options, self.patterns[k], False, extras=False)


@functools.lru_cache(maxsize=8)
def _run(params: bytes) -> TournamentRun:
    return msgspec.msgpack.decode(params, type=TournamentRun)


def play_game(params: bytes, index: int) -> Record:
    """Game ``index`` of a tournament (the batches' entry point, on every backend)."""
    return play_one(_run(params).job(index))


def seat_patterns(a: str, b: str, players: int) -> list[list[str]]:
    """A and B alternating round the table, every rotation of both ways round, each once."""
    out: list[list[str]] = []
    for first, second in ((a, b), (b, a)):
        base = [first if x % 2 == 0 else second for x in range(players)]
        for r in range(players):
            p = base[r:] + base[:r]
            if p not in out:
                out.append(p)
    return out


# ---------------------------------------------------------------- figures from the records


def share(g: Record, level: str) -> float:
    """The share of the win taken by the seats of ``level`` (ties shared)."""
    seats = g["levels"]  # the bots' seats; a game's own automa (Fractured Sky) may sit, and win, beyond them
    return sum(1 / len(g["winners"]) for w in g["winners"] if w < len(seats) and seats[w] == level)


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0, 1.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def elo(score: float) -> float:
    if score <= 0:
        return -ELO_CAP
    if score >= 1:
        return ELO_CAP
    return max(-ELO_CAP, min(ELO_CAP, 400 * math.log10(score / (1 - score))))


def by_deal(records: list[Record], indices: list[int], per_deal: int, keep: Any, value: Any) -> list[float]:
    """A value averaged over each deal's games (those ``keep`` accepts), one number per deal."""
    sums: dict[int, list[float]] = {}
    for i, g in zip(indices, records, strict=True):
        if keep(g):
            sums.setdefault(i // per_deal, []).append(value(g))
    return [sum(v) / len(v) for _, v in sorted(sums.items())]


def bradley_terry(levels: list[str], wins: dict[tuple[str, str], float], played: dict[tuple[str, str], int]) -> dict[str, float]:
    """Elo ratings (mean 1500) from each pair's wins, by the minorization–maximization iteration."""
    r = dict.fromkeys(levels, 1.0)
    for _ in range(2000):
        new = {}
        for a in levels:
            w = sum(wins[(a, b)] for b in levels if b != a)
            den = sum(played[(a, b)] / (r[a] + r[b]) for b in levels if b != a)
            new[a] = w / den if den else 1.0
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {k: v / g for k, v in new.items()}
        done = max(abs(new[k] - r[k]) for k in levels) < 1e-12
        r = new
        if done:
            break
    return {k: round(1500 + 400 * math.log10(v), 1) for k, v in r.items()}


def summarize(spec: TournamentRun, levels: list[str], records: list[Record], indices: list[int]) -> dict[str, Any]:
    per_deal = len(spec.patterns)
    pairs: dict[str, Any] = {}
    wins: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    for a, b in combinations(levels, 2):
        def between(g: Record, a: str = a, b: str = b) -> bool:
            # a game between A and B that one of them won (not the game's own automa)
            return set(g["levels"]) == {a, b} and share(g, a) + share(g, b) > 0

        def score_a(g: Record, a: str = a, b: str = b) -> float:
            return share(g, a) / (share(g, a) + share(g, b))

        games_ab = [g for g in records if between(g)]
        s = sum(score_a(g) for g in games_ab)
        wins[(a, b)], wins[(b, a)] = s + 0.5, len(games_ab) - s + 0.5  # one drawn game added
        played[(a, b)] = played[(b, a)] = len(games_ab) + 1
        if not games_ab:
            continue
        score, lo, hi = mean_ci(by_deal(records, indices, per_deal, between, score_a))
        pairs[f"{a} vs {b}"] = {"games": len(games_ab), "score": round(score, 4), "ci95": [round(lo, 4), round(hi, 4)],
                                "elo_diff": round(elo(score), 1), "elo_ci95": [round(elo(lo), 1), round(elo(hi), 1)]}
    ratings = bradley_terry(levels, wins, played)
    table: dict[str, Any] = {}
    for lv in levels:
        mine = [g for g in records if lv in g["levels"]]
        if not mine:
            continue
        score, lo, hi = mean_ci(by_deal(records, indices, per_deal, lambda g, lv=lv: lv in g["levels"],
                                        lambda g, lv=lv: share(g, lv)))
        seats = sum(g["levels"].count(lv) for g in mine)
        table[lv] = {"elo": ratings[lv], "score": round(score, 4), "ci95": [round(lo, 4), round(hi, 4)],
                     "games": len(mine), "seats": seats,
                     "win_rate_per_seat": round(sum(share(g, lv) for g in mine) / seats, 4),
                     "mean_score": round(sum(sc for g in mine for sc, x in zip(g["scores"], g["levels"], strict=False)
                                             if x == lv) / seats, 2)}
    return {"levels": table, "pairs": pairs}


# ---------------------------------------------------------------- the command


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise TournamentError(message)


def parser(rules: Rules | None = None) -> argparse.ArgumentParser:
    name = rules.id if rules is not None else "GAME"
    p = _Parser(prog=f"gangplank tournament {name}",
                description="Bots × bots × seats: every pair of levels on the same deals in every seat pattern; "
                            "scores with 95%% confidence intervals and Elo.")
    default_players = rules.bench_players if rules is not None else None
    p.add_argument("--bots", required=True, help="two or more bot levels, comma-separated")
    p.add_argument("--games", type=int, default=50,
                   help="deals: each pair plays every seat pattern on each (default: 50)")
    p.add_argument("--players", type=int, default=default_players,
                   help="players per game" + (f" (default: {default_players})" if default_players else ""))
    p.add_argument("--seed", type=int, default=1, help="deal d is played with seed SEED + d (default: 1)")
    p.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option (repeatable)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON on stdout")
    runs.add_arguments(p)
    return p


def main(game: str, argv: list[str]) -> int:
    """``gangplank tournament GAME ...``; returns the exit code (errors are one line on stderr)."""
    try:
        return _main(game, argv)
    except (TournamentError, runs.RunError) as e:
        print(f"gangplank tournament {game}: error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0


def _main(game: str, argv: list[str]) -> int:
    try:
        rules = games.get(game)
    except KeyError:
        raise TournamentError(f"unknown game {game!r}; games: {', '.join(games.ids())}") from None
    args = parser(rules).parse_args(argv)
    if args.games < 1:
        raise TournamentError("--games must be at least 1")
    levels = list(dict.fromkeys(x.strip() for x in args.bots.split(",") if x.strip()))
    if len(levels) < 2:
        raise TournamentError("--bots needs two different levels at least")
    offered = bot_levels(rules)
    for lv in levels:
        if lv.partition(":")[0] not in offered:
            raise TournamentError(f"no bot level {lv!r} for {rules.title}; try one of: {', '.join(offered)}")
    try:
        opts = parse_pairs(args.option)
        rules.check(args.players, rules.options_from(opts))
    except OptionError as e:
        raise TournamentError(str(e)) from None
    if args.players < 2:
        raise TournamentError("a tournament needs 2 players at least")
    backend = runs.backend_of(args)
    patterns = [p for a, b in combinations(levels, 2) for p in seat_patterns(a, b, args.players)]
    spec = TournamentRun(rules.id, args.seed, args.games, args.players, opts, patterns)
    plan = runs.Plan("engine.tournament:play_game", msgspec.msgpack.encode(spec), args.games * len(patterns),
                     {"command": "tournament", **msgspec.structs.asdict(spec)}, args.batch)
    t0 = time.perf_counter()
    with runs.progress_bar(f"{rules.title} tournament", args.no_progress) as bar:
        outcome = runs.execute(plan, backend, Path(args.out) if args.out else None,
                               Path(args.resume) if args.resume else None, bar)
    seconds = time.perf_counter() - t0
    code = 130 if outcome.interrupted else 0
    prog = f"gangplank tournament {rules.id}"
    if not outcome.records:
        runs.report(prog, outcome, plan.games)
        return code
    figures = summarize(spec, levels, outcome.records, outcome.indices)
    out = {"game": rules.id, "players": args.players, "bots": levels, "deals": args.games,
           "games": len(outcome.records), "seed": args.seed, "options": opts, "seconds": round(seconds, 2), **figures}
    text = json.dumps(out, indent=2)
    if args.out or args.resume:
        (Path(args.out) if args.out else Path(args.resume).parent).joinpath("summary.json").write_text(text + "\n")
    if args.json:
        print(text)
    else:
        show(rules, out, backend.words())
    runs.report(prog, outcome, plan.games)
    return code


def show(rules: Rules, out: dict[str, Any], where: str) -> None:
    from rich.console import Console  # start-up: only for the table
    from rich.table import Table

    console = Console()
    t = Table(title=f"{rules.title} tournament — {out['games']} games on {out['deals']} deals, "
                    f"{out['players']} players (score: share of the wins against the others, 95% CI)",
              title_justify="left")
    for col in ("Bot", "Elo", "Score", "95% CI", "Win rate per seat", "Mean score", "Games"):
        t.add_column(col, justify="left" if col == "Bot" else "right")
    for lv, d in sorted(out["levels"].items(), key=lambda kv: -kv[1]["elo"]):
        t.add_row(lv, f"{d['elo']:.0f}", f"{100 * d['score']:.1f}%",
                  f"[{100 * d['ci95'][0]:.1f}, {100 * d['ci95'][1]:.1f}]",
                  f"{100 * d['win_rate_per_seat']:.1f}%", f"{d['mean_score']:.2f}", str(d["games"]))
    console.print(t)
    h = Table(title="Head to head (the first level's score)", title_justify="left")
    for col in ("Pair", "Score", "95% CI", "Elo difference", "95% CI", "Games"):
        h.add_column(col, justify="left" if col == "Pair" else "right")
    for pair, d in out["pairs"].items():
        h.add_row(pair, f"{100 * d['score']:.1f}%", f"[{100 * d['ci95'][0]:.1f}, {100 * d['ci95'][1]:.1f}]",
                  f"{d['elo_diff']:+.0f}", f"[{d['elo_ci95'][0]:+.0f}, {d['elo_ci95'][1]:+.0f}]", str(d["games"]))
    console.print(h)
    console.print(f"[dim]{out['games']} games in {out['seconds']:.1f} s on {where}[/]")
