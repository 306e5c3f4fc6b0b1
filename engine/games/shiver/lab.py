"""The Shiver Me Timbers playtest lab: many bot games, the figures a designer looks at.

    gangplank lab shiver --games N --players P [--bots LEVEL[,LEVEL...]] [--seed S]
        [--option K=V ...] [--vs-option K=V ...] [--json | --csv FILE] [--jobs J]

``record(state, result, seed, moves)`` turns one finished game into plain data and
``metrics(players, options)`` lists the figures, each a ratio summed over games (so two
settings compare with a paired confidence interval): life-goal completion (by goal, and of
the goals chosen in secret), which secret pairs win, game length in rounds and which trigger
ended it, Gold by source, win rate by origin, talent and seat, and how often every crew and
ritual card is taken and played. Games run on every core with a progress bar on stderr.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import multiprocessing as mp
import os
import sys
import time
from typing import Any

from engine.games.shiver import content as C
from engine.games.shiver.state import SOURCES


class LabError(Exception):
    """A bad command line: one line for the user."""


class Metric:
    """A figure as sum(numerator) / sum(denominator) over games."""

    def __init__(self, key: str, label: str, per_game: Any, pct: bool = False) -> None:
        self.key, self.label, self.per_game, self.pct = key, label, per_game, pct

    def pairs(self, games: list[dict[str, Any]]) -> list[tuple[float, float]]:
        return [self.per_game(g) for g in games]


# ---------------------------------------------------------------- one game


def record(s: Any, r: Any, seed: int, moves: int) -> dict[str, Any]:
    """The figures one finished game contributes (plain data)."""
    p = s.players
    winners = list(r.ranking[0])
    return {
        "seed": seed,
        "players": p,
        "map": "draft" if s.map_mode else "quick-start",
        "goals": list(s.goals),
        "secrets": [sorted(x) for x in s.secret],
        "claims": [list(c) for c in s.claims],
        "winners": winners,
        "scores": list(r.scores),
        "lines": [[v for _, v in ln] for ln in r.breakdown],
        "origins": list(s.origin),
        "talents": list(s.talent),
        "rounds": s.round,
        "trigger": {1: "goals", 2: "wind"}.get(s.trigger, ""),
        "income": [list(x) for x in s.income],
        "spent": [list(x) for x in s.spent],
        "taken": list(s.taken),
        "played": list(s.played),
        "missions": [len(x) for x in s.m_done],
        "raised": list(s.raised),
        "sold": list(s.sold),
        "moves": moves,
    }


def _share(g: dict[str, Any], seat: int) -> float:
    return 1.0 / len(g["winners"]) if seat in g["winners"] else 0.0


def metrics(players: int, options: Any = None) -> list[Metric]:
    ms: list[Metric] = []
    p = players
    pool = C.goals_in_play()
    for gid in pool:
        name = C.LIFE_GOALS[gid].name
        ms.append(Metric(f"goal_claimed.{gid}", f"{name}: claimed by someone (when dealt)",
                         lambda g, gid=gid: (sum(1 for gl, c in zip(g["goals"], g["claims"], strict=True)
                                                 if gl == gid and c), g["goals"].count(gid)), True))
    for gid in pool:
        name = C.LIFE_GOALS[gid].name
        ms.append(Metric(f"secret_done.{gid}", f"{name}: achieved when chosen in secret",
                         lambda g, gid=gid: (sum(1 for x in range(g["players"]) if gid in g["secrets"][x]
                                                 and x in g["claims"][g["goals"].index(gid)]),
                                             sum(1 for x in range(g["players"]) if gid in g["secrets"][x])), True))
    for gid in pool:
        name = C.LIFE_GOALS[gid].name
        # a goal's win rate when chosen: wins (ties shared) per player who chose it, times the player count
        ms.append(Metric(f"win_by_goal.{gid}", f"{name}: win share when chosen (1.0 = fair)",
                         lambda g, gid=gid: (sum(_share(g, x) for x in range(g["players"]) if gid in g["secrets"][x])
                                             * g["players"],
                                             sum(1 for x in range(g["players"]) if gid in g["secrets"][x]))))
    pairs = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1:]]
    for a, b in pairs:
        label = f"Pair {C.LIFE_GOALS[a].name} + {C.LIFE_GOALS[b].name}: win share"
        ms.append(Metric(f"win_by_pair.{a}-{b}", label,
                         lambda g, a=a, b=b: (sum(_share(g, x) for x in range(g["players"])
                                                  if g["secrets"][x] == [a, b]) * g["players"],
                                              sum(1 for x in range(g["players"]) if g["secrets"][x] == [a, b]))))
    ms += [
        Metric("rounds", "Game length (rounds)", lambda g: (g["rounds"], 1)),
        Metric("ended_by_goals", "Ended by the second-to-last life goal", lambda g: (g["trigger"] == "goals", 1), True),
        Metric("ended_by_wind", "Ended by the last wind card", lambda g: (g["trigger"] == "wind", 1), True),
        Metric("moves", "Moves per game", lambda g: (g["moves"], 1)),
        Metric("mean_score", "Mean final score", lambda g: (sum(g["scores"]), len(g["scores"]))),
        Metric("winning_score", "Winning score", lambda g: (max(g["scores"]), 1)),
        Metric("claims_per_player", "Life goals claimed per player",
               lambda g: (sum(len(c) for c in g["claims"]), g["players"])),
    ]
    for k, line in enumerate(("life goals", "secret goals", "treasures", "missions", "ships defeated", "gold")):
        ms.append(Metric(f"points.{k}", f"Points from {line} (per player)",
                         lambda g, k=k: (sum(ln[k] for ln in g["lines"]), g["players"])))
    for k, src in enumerate(SOURCES):
        ms.append(Metric(f"gold_by_source.{k}", f"Gold from {src} (per player)",
                         lambda g, k=k: (sum(x[k] for x in g["income"]), g["players"])))
    for k, what in enumerate(("goods", "upgrades", "crew")):
        ms.append(Metric(f"gold_spent.{k}", f"Gold spent on {what} (per player)",
                         lambda g, k=k: (sum(x[k] for x in g["spent"]), g["players"])))
    ms += [
        Metric("missions_done", "Missions completed per player", lambda g: (sum(g["missions"]), g["players"])),
        Metric("treasures_raised", "Treasures raised per player", lambda g: (sum(g["raised"]), g["players"])),
        Metric("goods_sold", "Goods sold per player", lambda g: (sum(g["sold"]), g["players"])),
    ]
    for o in range(6):
        ms.append(Metric(f"win_by_origin.{o}", f"Origin {C.ISLANDS[o].name}: win share (1.0 = fair)",
                         lambda g, o=o: (sum(_share(g, x) for x in range(g["players"]) if g["origins"][x] == o)
                                         * g["players"], sum(1 for x in g["origins"] if x == o))))
        ms.append(Metric(f"origin_chosen.{o}", f"Origin {C.ISLANDS[o].name}: chosen",
                         lambda g, o=o: (sum(1 for x in g["origins"] if x == o), g["players"]), True))
    for t in range(6):
        ms.append(Metric(f"win_by_talent.{t}", f"Talent {C.TALENTS[t].name}: win share (1.0 = fair)",
                         lambda g, t=t: (sum(_share(g, x) for x in range(g["players"]) if g["talents"][x] == t)
                                         * g["players"], sum(1 for x in g["talents"] if x == t))))
        ms.append(Metric(f"talent_chosen.{t}", f"Talent {C.TALENTS[t].name}: chosen",
                         lambda g, t=t: (sum(1 for x in g["talents"] if x == t), g["players"]), True))
    for x in range(p):
        ms.append(Metric(f"win_by_seat.{x}", f"Seat {x + 1}: win rate", lambda g, x=x: (_share(g, x), 1), True))
    for k in range(18):
        card = C.CREW[k] if k < 9 else C.RITUALS[k - 9]
        kind = "crew" if k < 9 else "ritual"
        ms.append(Metric(f"card_taken.{k}", f"{card.name} ({kind}): taken per game", lambda g, k=k: (g["taken"][k], 1)))
        ms.append(Metric(f"card_played.{k}", f"{card.name} ({kind}): played per game",
                         lambda g, k=k: (g["played"][k], 1)))
    return ms


# ---------------------------------------------------------------- running games


def play_one(job: tuple[int, int, dict[str, str], list[str]]) -> dict[str, Any]:
    """One bot game, straight through the rules (no Match: the lab wants speed)."""
    from engine.bots import make
    from engine.bots.base import Decision
    from engine.core.rng import Rng, derive_seed
    from engine.core.rules import Config
    from engine.games.shiver import RULES

    seed, players, options, levels = job
    s = RULES.setup(Config(players, seed, RULES.options_from(options)))
    bots = [make(levels[x % len(levels)], RULES, derive_seed(seed, x)) for x in range(players)]
    det = Rng.seeded(seed ^ 0xD1CE)
    moves = 0
    to_act, legal_of, apply, view = RULES.to_act, RULES.legal, RULES.apply, RULES.view
    while acting := to_act(s):
        seat = acting[0]
        legal = legal_of(s, seat)
        if len(legal) == 1:
            move = legal[0]
        else:
            bot = bots[seat]
            sample = RULES.determinize(s, seat, det) if bot.level not in ("heuristic", "random") else None
            move = bot.choose(Decision(RULES, seat, view(s, seat) if bot.level != "random" else None, legal, sample))
        apply(s, seat, move, True)
        moves += 1
    return record(s, RULES.result(s), seed, moves)


def run(seeds: list[int], players: int, options: dict[str, str], levels: list[str], jobs: int,
        progress: Any = None, task: Any = None) -> list[dict[str, Any]]:
    work = [(sd, players, options, levels) for sd in seeds]
    out: list[dict[str, Any]] = []
    if jobs <= 1:
        for w in work:
            out.append(play_one(w))
            if progress is not None:
                progress.advance(task)
    else:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(jobs) as pool:
            for rec in pool.imap_unordered(play_one, work, chunksize=max(1, min(8, len(work) // (jobs * 8) or 1))):
                out.append(rec)
                if progress is not None:
                    progress.advance(task)
    out.sort(key=lambda g: g["seed"])
    return out


def _rate(pairs: list[tuple[float, float]]) -> float | None:
    den = sum(d for _, d in pairs)
    return sum(n for n, _ in pairs) / den if den else None


def paired_diff(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> tuple[float, float, float] | None:
    """(difference B − A, 95% CI low, high) of two ratio figures over the same seeds."""
    ra, rb = _rate(a), _rate(b)
    n = len(a)
    if ra is None or rb is None or n < 2:
        return None
    da = sum(d for _, d in a) / n
    db = sum(d for _, d in b) / n
    if not da or not db:
        return None
    z = [(nb - rb * dbb) / db - (na - ra * daa) / da for (na, daa), (nb, dbb) in zip(a, b, strict=True)]
    mean = sum(z) / n
    var = sum((x - mean) ** 2 for x in z) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    diff = rb - ra
    return diff, diff - half, diff + half


def summarize(games: list[dict[str, Any]], players: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for m in metrics(players):
        val = _rate(m.pairs(games))
        _put(out, m.key, None if val is None else round(val, 4))
    return out


def spread(games: list[dict[str, Any]], players: int, prefix: str, min_n: int = 1) -> tuple[float, float] | None:
    """(lowest, highest) win share over the figures ``prefix.*`` with at least ``min_n`` players behind them."""
    vals = []
    for m in metrics(players):
        if m.key.startswith(prefix + "."):
            pairs = m.pairs(games)
            if sum(d for _, d in pairs) >= min_n:
                vals.append(_rate(pairs))
    vals = [x for x in vals if x is not None]
    return (min(vals), max(vals)) if vals else None


def _put(d: dict[str, Any], key: str, val: Any) -> None:
    head, _, rest = key.partition(".")
    if rest:
        _put(d.setdefault(head, {}), rest, val)
    else:
        d[head] = val


# ---------------------------------------------------------------- the command line


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, never a usage dump + traceback
        raise LabError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="gangplank lab shiver", description="Shiver Me Timbers playtest statistics")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="heuristic", help="a level for every seat, or one per seat, comma-separated")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    p.add_argument("--vs-option", action="append", default=[], metavar="K=V")
    p.add_argument("--json", action="store_true", help="print every figure as JSON on stdout")
    p.add_argument("--csv", metavar="FILE", help="write one row per game to FILE")
    p.add_argument("--jobs", "--workers", type=int, default=0, dest="jobs", help="processes (default: every core)")
    p.add_argument("--no-progress", action="store_true")
    return p


def _kv(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for it in items:
        k, sep, v = it.partition("=")
        if not sep or not k:
            raise LabError(f"options look like KEY=VALUE, not {it!r}")
        out[k.strip().replace("-", "_")] = v.strip()
    return out


def _fmt(val: Any, pct: bool) -> str:
    if val is None:
        return "—"
    return f"{100 * val:.1f}%" if pct else f"{val:.2f}"


def show(console: Any, players: int, a: list[dict[str, Any]], b: list[dict[str, Any]] | None,
         opts_a: dict[str, str], opts_b: dict[str, str] | None, levels: list[str], seconds: float) -> None:
    from rich.table import Table

    title = f"Shiver Me Timbers lab — {len(a)} games, {players} players, bots {','.join(levels)}"
    table = Table(title=title, title_justify="left")
    table.add_column("Figure", style="bold")
    table.add_column(" ".join(f"{k}={v}" for k, v in opts_a.items()) or "defaults", justify="right")
    if b is not None:
        table.add_column(" ".join(f"{k}={v}" for k, v in (opts_b or {}).items()), justify="right")
        table.add_column("B − A", justify="right")
        table.add_column("95% CI", justify="right")
    for m in metrics(players):
        pa = m.pairs(a)
        if not sum(d for _, d in pa):
            continue
        row = [m.label, _fmt(_rate(pa), m.pct)]
        if b is not None:
            pb = m.pairs(b)
            row.append(_fmt(_rate(pb), m.pct))
            dd = paired_diff(pa, pb)
            if dd is None:
                row += ["—", "—"]
            else:
                diff, lo, hi = dd
                scale = 100 if m.pct else 1
                unit = " pt" if m.pct else ""
                sig = lo > 0 or hi < 0
                row.append(f"[{'bold ' if sig else ''}{'green' if diff >= 0 else 'red'}]{diff * scale:+.2f}{unit}[/]")
                row.append(f"[{lo * scale:+.2f}, {hi * scale:+.2f}]")
        table.add_row(*row)
    console.print(table)
    for prefix, what in (("win_by_origin", "origins"), ("win_by_talent", "talents"),
                         ("win_by_pair", "secret goal pairs (10+ players)")):
        sp = spread(a, players, prefix, min_n=10 if prefix == "win_by_pair" else 1)
        if sp:
            console.print(f"Win share spread over {what}: {sp[0]:.2f} – {sp[1]:.2f} (1.0 = fair)")
    console.print(f"[dim]{len(a) * (2 if b is not None else 1)} games in {seconds:.1f} s[/]")


def write_csv(path: str, games: list[dict[str, Any]], setting: str) -> None:
    new = not os.path.exists(path) or setting == "A"
    cols = ["setting", "seed", "players", "map", "rounds", "trigger", "winners", "scores", "goals", "secrets",
            "origins", "talents", "missions", "raised", "sold", "moves"]
    with open(path, "w" if new else "a", newline="") as f:
        w = csv.writer(f)
        if new:
            w.writerow(cols)
        for g in games:
            w.writerow([setting, g["seed"], g["players"], g["map"], g["rounds"], g["trigger"],
                        " ".join(map(str, g["winners"])), " ".join(map(str, g["scores"])),
                        " ".join(C.LIFE_GOALS[x].name for x in g["goals"]),
                        " | ".join("+".join(C.LIFE_GOALS[x].name for x in sc) for sc in g["secrets"]),
                        " ".join(C.ISLANDS[x].short for x in g["origins"]),
                        " ".join(C.TALENTS[x].name for x in g["talents"]),
                        " ".join(map(str, g["missions"])), " ".join(map(str, g["raised"])),
                        " ".join(map(str, g["sold"])), g["moves"]])


def main(argv: list[str]) -> int:
    try:
        return _main(argv)
    except LabError as e:
        print(f"gangplank lab shiver: error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except KeyboardInterrupt:
        print("gangplank lab shiver: interrupted", file=sys.stderr)
        return 130
    except (OSError, ValueError) as e:
        print(f"gangplank lab shiver: error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # noqa: BLE001 - a bot or rules bug: still one line, never a traceback
        print(f"gangplank lab shiver: error: {type(e).__name__}: {e}", file=sys.stderr)
        return 1


def _main(argv: list[str]) -> int:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from engine.bots import levels as bot_levels
    from engine.games.shiver import RULES

    args = _parser().parse_args(argv)
    if args.games < 1:
        raise LabError("--games must be at least 1")
    if args.players not in RULES.players:
        raise LabError(f"Shiver Me Timbers is for 2–4 players, not {args.players}")
    if args.json and args.csv:
        raise LabError("choose --json or --csv, not both")
    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    offered = bot_levels(RULES)
    for lv in levels:
        if lv.partition(":")[0] not in offered:
            raise LabError(f"no bot level {lv!r} for Shiver Me Timbers; try one of: {', '.join(offered)}")
    opts_a = _kv(args.option)
    opts_b = {**opts_a, **_kv(args.vs_option)} if args.vs_option else None
    for o in (opts_a, opts_b):
        if o is not None:
            try:
                RULES.options_from(o)
            except ValueError as e:
                raise LabError(str(e)) from None
    jobs = args.jobs or min(os.cpu_count() or 1, 8)
    seeds = list(range(args.seed, args.seed + args.games))
    err = Console(stderr=True)
    t0 = time.perf_counter()
    total = args.games * (2 if opts_b is not None else 1)
    with Progress(TextColumn("[bold]Shiver Me Timbers lab"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  TimeRemainingColumn(), console=err, disable=args.no_progress, transient=True) as progress:
        task = progress.add_task("games", total=total)
        a = run(seeds, args.players, opts_a, levels, jobs, progress, task)
        b = run(seeds, args.players, opts_b, levels, jobs, progress, task) if opts_b is not None else None
    seconds = time.perf_counter() - t0
    if args.csv:
        write_csv(args.csv, a, "A")
        if b is not None:
            write_csv(args.csv, b, "B")
    if args.json:
        out: dict[str, Any] = {"games": args.games, "players": args.players, "bots": levels, "options": opts_a,
                               "seconds": round(seconds, 2), **summarize(a, args.players)}
        if b is not None:
            out = {"games": args.games, "players": args.players, "bots": levels, "seconds": round(seconds, 2),
                   "a": {"options": opts_a, **summarize(a, args.players)},
                   "b": {"options": opts_b, **summarize(b, args.players)}, "diff": {}}
            for m in metrics(args.players):
                dd = paired_diff(m.pairs(a), m.pairs(b))
                _put(out["diff"], m.key, None if dd is None else
                     {"diff": round(dd[0], 4), "ci95": [round(dd[1], 4), round(dd[2], 4)]})
        print(json.dumps(out, indent=2))
        return 0
    show(Console(), args.players, a, b, opts_a, opts_b, levels, seconds)
    if args.csv:
        Console().print(f"wrote {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
