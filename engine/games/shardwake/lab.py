"""The Shardwake playtest lab: many bot games, the designer's watch list answered.

    gangplank lab shardwake --games N --players P [--bots LEVEL[,LEVEL...]] [--seed S]
        [--option K=V ...] [--vs-option K=V ...] [--json | --csv FILE] [--workers W]

Games run on every core (a process pool), with a progress bar on stderr. The
report answers the seed's "Playtest watch list": storm pass rate (per card),
Falls per game and the share of games with 3+ Falls, win rate by Guild, the
Hired Skiff's last-to-first jumps, Handshakes and trades (and same-Guild
farming), win rate by seat, score by source, game length.

``--vs-option`` plays the same seeds a second time with those options changed and
shows both settings side by side, with the difference and its 95% confidence
interval (paired by seed; a ratio estimator's linearised variance).
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

from engine.games.shardwake import content as C

GUILD_KEYS = ("syndicate", "covenant", "ledger")
SOURCES = ("relics", "storms", "majority", "accusations", "agenda", "leftovers")


class LabError(Exception):
    """A bad command line: one line for the user."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, never a usage dump + traceback
        raise LabError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="gangplank lab shardwake", description="Shardwake playtest statistics")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="heuristic", help="a level for every seat, or one per seat, comma-separated")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    p.add_argument("--vs-option", action="append", default=[], metavar="K=V")
    p.add_argument("--json", action="store_true", help="print every figure as JSON on stdout")
    p.add_argument("--csv", metavar="FILE", help="write one row per game to FILE")
    p.add_argument("--workers", type=int, default=0, help="processes (default: every core)")
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


# ---------------------------------------------------------------- one game (in a worker)


def play_one(job: tuple[int, int, dict[str, str], list[str]]) -> dict[str, Any]:
    """Play one bot game; return its plain-data record."""
    from engine.bots import make
    from engine.bots.base import Decision
    from engine.core.rng import derive_seed
    from engine.core.rules import Config
    from engine.games.shardwake import RULES

    seed, players, options, levels = job
    opts = RULES.options_from(options)
    s = RULES.setup(Config(players, seed, opts))
    bots = [make(levels[x % len(levels)], RULES, derive_seed(seed, x)) for x in range(players)]
    det_rng = None
    moves = 0
    to_act, legal_of, apply, view = RULES.to_act, RULES.legal, RULES.apply, RULES.view
    while acting := to_act(s):
        seat = acting[0]
        legal = legal_of(s, seat)
        if len(legal) == 1:
            move = legal[0]
        else:
            bot = bots[seat]
            sample = None
            if bot.level != "heuristic" and bot.level != "random":
                from engine.core.rng import Rng

                det_rng = det_rng or Rng.seeded(seed ^ 0xD1CE)
                sample = RULES.determinize(s, seat, det_rng)
            d = Decision(RULES, seat, view(s, seat) if bot.level != "random" else None, legal, sample)
            move = bot.choose(d)
        apply(s, seat, move, True)
        moves += 1
    return record(s, RULES.result(s), seed, moves)


def record(s: Any, r: Any, seed: int, moves: int) -> dict[str, Any]:
    """The figures one finished game contributes."""
    p = s.players
    agendas = r.details["agendas"]
    winners = list(r.ranking[0])
    # the Skiff: did its holder (first in turn order = last in Renown) end that round as the leader?
    skiff_awards = skiff_jumps = 0
    for rnd, seat, took in s.skiff_log:
        if not took:
            continue
        skiff_awards += 1
        if rnd - 1 < len(s.by_round):
            after = s.by_round[rnd - 1]
            if after[seat] == max(after):
                skiff_jumps += 1
    trades = [t for t in s.trade_log if t[3]]
    same_guild = sum(1 for t in trades if agendas[t[1]] == agendas[t[2]])
    ledger_pair = sum(1 for t in trades if agendas[t[1]] == agendas[t[2]] == C.LEDGER)
    return {
        "seed": seed,
        "players": p,
        "storms": [[row[1] >> 1, row[3]] for row in s.storm_log],
        "falls": len(s.fall_log),
        "winners": winners,
        "winner_guilds": [agendas[w] for w in winners],
        "agendas": list(agendas),
        "scores": list(r.scores),
        "sources": r.details["sources"],
        "skiff_awards": skiff_awards,
        "skiff_jumps": skiff_jumps,
        "skiff_wins": sum(1 for rnd, seat, took in s.skiff_log if took and seat in winners),
        "trades": len(trades),
        "proposals": len(s.trade_log),
        "handshakes": sum(s.handshakes),
        "same_guild_trades": same_guild,
        "ledger_pair_trades": ledger_pair,
        "rounds": len(s.by_round),
        "moves": moves,
        "braces": len(s.brace_log),
        "accusations_right": sum(1 for ok in r.details.get("accusation_correct", []) if ok),
        "accusations": len(r.details.get("accusation_correct", [])),
        "start_order": list(s.start_order),
    }


# ---------------------------------------------------------------- figures


class Metric:
    """A figure as sum(num) / sum(den) over games, so a difference gets a paired CI."""

    def __init__(self, key: str, label: str, per_game: Any, pct: bool = False) -> None:
        self.key, self.label, self.per_game, self.pct = key, label, per_game, pct

    def pairs(self, games: list[dict[str, Any]]) -> list[tuple[float, float]]:
        return [self.per_game(g) for g in games]


def _rate(pairs: list[tuple[float, float]]) -> float | None:
    den = sum(d for _, d in pairs)
    return sum(n for n, _ in pairs) / den if den else None


def metrics(players: int) -> list[Metric]:
    ms = [
        Metric("storm_pass_rate", "Storm pass rate", lambda g: (sum(x[1] for x in g["storms"]), len(g["storms"])), True),
    ]
    for k, st in enumerate(C.STORMS):
        ms.append(Metric(f"storm_pass_rate_by_card.{st.name}", f"  {st.name}",
                         lambda g, k=k: (sum(x[1] for x in g["storms"] if x[0] == k),
                                         sum(1 for x in g["storms"] if x[0] == k)), True))
    ms += [
        Metric("falls_per_game", "Falls per game", lambda g: (g["falls"], 1)),
        Metric("games_with_3plus_falls", "Games with 3+ Falls", lambda g: (1 if g["falls"] >= 3 else 0, 1), True),
    ]
    for gi, key in enumerate(GUILD_KEYS):
        # a Guild's win rate: wins (ties shared) per player of that Guild, times the player count
        # (1.0 = a fair share; above 1 = stronger than its seat count)
        ms.append(Metric(f"win_rate_by_guild.{key}", f"Win rate per {C.GUILD_SHORT[gi]} player",
                         lambda g, gi=gi: (sum(1 / len(g["winners"]) for w in g["winners"] if g["agendas"][w] == gi),
                                           sum(1 for a in g["agendas"] if a == gi)), True))
    ms += [
        Metric("skiff_awards_per_game", "Skiff awards per game", lambda g: (g["skiff_awards"], 1)),
        Metric("skiff_last_to_first", "Skiff holder leads after its round",
               lambda g: (g["skiff_jumps"], g["skiff_awards"]), True),
        Metric("skiff_holder_wins", "Skiff holder wins the game", lambda g: (g["skiff_wins"], g["skiff_awards"]), True),
        Metric("handshakes_per_game", "Handshakes per game", lambda g: (g["handshakes"], 1)),
        Metric("trades_per_game", "Trades per game (accepted)", lambda g: (g["trades"], 1)),
        Metric("proposals_per_game", "Proposals per game", lambda g: (g["proposals"], 1)),
        Metric("same_guild_trade_share", "Trades between same-Guild players",
               lambda g: (g["same_guild_trades"], g["trades"]), True),
        Metric("ledger_pair_trades_per_game", "Ledger–Ledger trades per game", lambda g: (g["ledger_pair_trades"], 1)),
        Metric("braces_per_game", "Braces per game", lambda g: (g["braces"], 1)),
        Metric("accusations_correct", "Accusations correct", lambda g: (g["accusations_right"], g["accusations"]), True),
    ]
    for x in range(players):
        ms.append(Metric(f"win_rate_by_seat.{x}", f"Win rate: seat {x}",
                         lambda g, x=x: (1 / len(g["winners"]) if x in g["winners"] else 0.0, 1), True))
    for k in range(players):
        ms.append(Metric(f"win_rate_by_start_position.{k + 1}", f"Win rate: {_ordinal(k + 1)} in Round 1",
                         lambda g, k=k: (1 / len(g["winners"]) if g["start_order"][k] in g["winners"] else 0.0, 1),
                         True))
    for src in SOURCES:
        ms.append(Metric(f"score_by_source.{src}", f"Score from {src}",
                         lambda g, src=src: (sum(s[src] for s in g["sources"]), len(g["sources"]))))
    for gi, key in enumerate(GUILD_KEYS):
        for src in SOURCES:
            ms.append(Metric(f"score_by_source_by_guild.{key}.{src}", f"  {C.GUILD_SHORT[gi]}: {src}",
                             lambda g, gi=gi, src=src: (
                                 sum(s[src] for s, a in zip(g["sources"], g["agendas"], strict=True) if a == gi),
                                 sum(1 for a in g["agendas"] if a == gi))))
        ms.append(Metric(f"score_by_guild.{key}", f"Final score: {C.GUILD_SHORT[gi]}",
                         lambda g, gi=gi: (sum(sc for sc, a in zip(g["scores"], g["agendas"], strict=True) if a == gi),
                                           sum(1 for a in g["agendas"] if a == gi))))
    for gi, key in enumerate(GUILD_KEYS):
        ms.append(Metric(f"agenda_points_by_guild.{key}", f"Agenda points: {C.GUILD_SHORT[gi]}",
                         lambda g, gi=gi: (sum(s["agenda"] for s, a in zip(g["sources"], g["agendas"], strict=True) if a == gi),
                                           sum(1 for a in g["agendas"] if a == gi))))
    ms += [
        Metric("mean_score", "Mean final score", lambda g: (sum(g["scores"]), len(g["scores"]))),
        Metric("winning_score", "Winning score", lambda g: (max(g["scores"]), 1)),
        Metric("rounds_per_game", "Rounds per game", lambda g: (g["rounds"], 1)),
        Metric("moves_per_game", "Moves per game", lambda g: (g["moves"], 1)),
    ]
    return ms


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def summarize(games: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Every figure under a plain key (dotted keys become nested dicts)."""
    out: dict[str, Any] = {}
    for m in metrics(players):
        val = _rate(m.pairs(games))
        _put(out, m.key, None if val is None else round(val, 4))
    out["win_share_vs_fair"] = {k: (None if v is None else round(v * players, 3))
                                for k, v in out["win_rate_by_guild"].items()}
    return out


def _put(d: dict[str, Any], key: str, val: Any) -> None:
    head, _, rest = key.partition(".")
    if rest:
        _put(d.setdefault(head, {}), rest, val)
    else:
        d[head] = val


def _get(d: dict[str, Any], key: str) -> Any:
    for part in key.split("."):
        d = d.get(part) if isinstance(d, dict) else None  # type: ignore[assignment]
    return d


def paired_diff(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> tuple[float, float, float] | None:
    """(difference B − A, 95% CI low, high) of two ratio figures over the same seeds."""
    ra, rb = _rate(a), _rate(b)
    n = len(a)
    if ra is None or rb is None or n < 2:
        return None
    da = sum(d for _, d in a) / n
    db = sum(d for _, d in b) / n
    z = [(nb - rb * dbb) / db - (na - ra * daa) / da for (na, daa), (nb, dbb) in zip(a, b, strict=True)]
    mean = sum(z) / n
    var = sum((x - mean) ** 2 for x in z) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    diff = rb - ra
    return diff, diff - half, diff + half


# ---------------------------------------------------------------- running


def run(seeds: list[int], players: int, options: dict[str, str], levels: list[str], workers: int,
        progress: Any = None, task: Any = None) -> list[dict[str, Any]]:
    jobs = [(sd, players, options, levels) for sd in seeds]
    out: list[dict[str, Any]] = []
    if workers <= 1:
        for j in jobs:
            out.append(play_one(j))
            if progress is not None:
                progress.advance(task)
    else:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(workers) as pool:
            for rec in pool.imap_unordered(play_one, jobs, chunksize=max(1, min(16, len(jobs) // (workers * 8) or 1))):
                out.append(rec)
                if progress is not None:
                    progress.advance(task)
    out.sort(key=lambda g: g["seed"])
    return out


def _fmt(val: Any, pct: bool) -> str:
    if val is None:
        return "—"
    return f"{100 * val:.1f}%" if pct else f"{val:.2f}"


def _bar(frac: float, width: int = 20) -> str:
    frac = max(0.0, min(1.0, frac))
    full = int(frac * width)
    part = " ▏▎▍▌▋▊▉"[int((frac * width - full) * 8)]
    return ("█" * full + (part if full < width else "")).ljust(width)


def show(console: Any, players: int, a: list[dict[str, Any]], b: list[dict[str, Any]] | None,
         opts_a: dict[str, str], opts_b: dict[str, str] | None, levels: list[str], seconds: float) -> None:
    from rich.table import Table

    title = (f"Shardwake lab — {len(a)} games, {players} players, bots {','.join(levels)} "
             f"(a fair win rate is {100 / players:.0f}%)")
    table = Table(title=title, title_justify="left")
    table.add_column("Watch list", style="bold")
    label_a = " ".join(f"{k}={v}" for k, v in opts_a.items()) or "defaults"
    table.add_column(label_a, justify="right")
    if b is not None:
        table.add_column(" ".join(f"{k}={v}" for k, v in (opts_b or {}).items()), justify="right")
        table.add_column("B − A", justify="right")
        table.add_column("95% CI", justify="right")
    for m in metrics(players):
        pa = m.pairs(a)
        va = _rate(pa)
        row = [m.label, _fmt(va, m.pct)]
        if b is not None:
            pb = m.pairs(b)
            row.append(_fmt(_rate(pb), m.pct))
            dd = paired_diff(pa, pb)
            if dd is None:
                row += ["—", "—"]
            else:
                diff, lo, hi = dd
                sig = lo > 0 or hi < 0
                scale = 100 if m.pct else 1
                unit = " pt" if m.pct else ""
                row.append(f"[{'bold ' if sig else ''}{'green' if diff >= 0 else 'red'}]{diff * scale:+.2f}{unit}[/]")
                row.append(f"[{lo * scale:+.2f}, {hi * scale:+.2f}]")
        table.add_row(*row)
    console.print(table)
    # a small chart: storm pass rate per card, with the designer's 60% target marked
    chart = Table(title="Storm pass rate by card (target ≈ 60%, marked │)", title_justify="left", box=None)
    chart.add_column("Storm")
    chart.add_column("A", no_wrap=True)
    if b is not None:
        chart.add_column("B", no_wrap=True)
    for k, st in enumerate(C.STORMS):
        cells = [st.name]
        for games in (a, b) if b is not None else (a,):
            pairs = [(sum(x[1] for x in g["storms"] if x[0] == k), sum(1 for x in g["storms"] if x[0] == k))
                     for g in games]
            r = _rate(pairs)
            if r is None:
                cells.append("—")
            else:
                bar = list(_bar(r))
                bar[12] = "│" if bar[12] == " " else bar[12]
                cells.append("".join(bar) + f" {100 * r:4.0f}%")
        chart.add_row(*cells)
    console.print(chart)
    console.print(f"[dim]{len(a) * (2 if b is not None else 1)} games in {seconds:.1f} s[/]")


def write_csv(path: str, games: list[dict[str, Any]], setting: str) -> None:
    new = not os.path.exists(path) or setting == "A"
    cols = ["setting", "seed", "players", "winners", "winner_guilds", "agendas", "scores", "falls", "storms_passed",
            "storms", "skiff_awards", "skiff_jumps", "trades", "proposals", "handshakes", "same_guild_trades",
            "rounds", "moves"]
    with open(path, "w" if new else "a", newline="") as f:
        w = csv.writer(f)
        if new:
            w.writerow(cols)
        for g in games:
            w.writerow([setting, g["seed"], g["players"], " ".join(map(str, g["winners"])),
                        " ".join(C.GUILD_SHORT[x] for x in g["winner_guilds"]),
                        " ".join(C.GUILD_SHORT[x] for x in g["agendas"]), " ".join(map(str, g["scores"])),
                        g["falls"], sum(x[1] for x in g["storms"]), len(g["storms"]), g["skiff_awards"],
                        g["skiff_jumps"], g["trades"], g["proposals"], g["handshakes"], g["same_guild_trades"],
                        g["rounds"], g["moves"]])


def main(argv: list[str]) -> int:
    try:
        return _main(argv)
    except LabError as e:
        print(f"gangplank lab shardwake: error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except KeyboardInterrupt:
        print("gangplank lab shardwake: interrupted", file=sys.stderr)
        return 130
    except (OSError, ValueError) as e:
        print(f"gangplank lab shardwake: error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # noqa: BLE001 - a bot or rules bug: still one line, never a traceback
        print(f"gangplank lab shardwake: error: {type(e).__name__}: {e}", file=sys.stderr)
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
    from engine.games.shardwake import RULES

    args = _parser().parse_args(argv)
    if args.games < 1:
        raise LabError("--games must be at least 1")
    if args.players not in RULES.players:
        raise LabError(f"Shardwake is for 3–5 players, not {args.players}")
    if args.json and args.csv:
        raise LabError("choose --json or --csv, not both")
    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    offered = bot_levels(RULES)
    for lv in levels:
        if lv.partition(":")[0] not in offered:
            raise LabError(f"no bot level {lv!r} for Shardwake; try one of: {', '.join(offered)}")
    opts_a = _kv(args.option)
    opts_b = {**opts_a, **_kv(args.vs_option)} if args.vs_option else None
    for o in (opts_a, opts_b):
        if o is None:
            continue
        try:
            opt = RULES.options_from(o)
        except ValueError as e:
            raise LabError(str(e)) from None
        if opt.variant == "twin-charters" and args.players != 3:
            raise LabError("Twin Charters deals 2 of the 6 Agenda cards to each player, so it needs --players 3")
    workers = args.workers or min(os.cpu_count() or 1, 8)
    seeds = list(range(args.seed, args.seed + args.games))
    err = Console(stderr=True)
    t0 = time.perf_counter()
    total = args.games * (2 if opts_b is not None else 1)
    show_progress = not args.no_progress
    with Progress(TextColumn("[bold]Shardwake lab"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  TimeRemainingColumn(), console=err, disable=not show_progress, transient=True) as progress:
        task = progress.add_task("games", total=total)
        a = run(seeds, args.players, opts_a, levels, workers, progress, task)
        b = run(seeds, args.players, opts_b, levels, workers, progress, task) if opts_b is not None else None
    seconds = time.perf_counter() - t0
    if args.csv:
        write_csv(args.csv, a, "A")
        if b is not None:
            write_csv(args.csv, b, "B")
    if args.json:
        out: dict[str, Any] = {
            "games": args.games, "players": args.players, "bots": levels, "options": opts_a,
            "seconds": round(seconds, 2), **summarize(a, args.players),
        }
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
