"""``gangplank lab GAME``: many bot games, the figures a designer looks at.

    gangplank lab GAME [--games N] [--players P] [--bots LEVEL[,LEVEL...]] [--seed S]
        [--option K=V ...] [--vs-option K=V ...] [--rotate] [--json | --csv FILE]
        [--jobs J] [--cluster [ADDRESS]] [--batch N] [--out DIR | --resume FILE]

One runner for every game. Game ``i`` of a run is played with seed ``S + i``, whichever
process or machine plays it (``engine/runs.py``: one core, processes or Ray), so a run gives
the same figures on any backend. Each finished game becomes a *record* (plain data, sent
and stored as msgpack); every figure is computed from the records in one place.

Every game gets the figures any game has (win rate by seat and by bot level, scores,
game length). A game adds its own in ``engine/games/<game>/lab.py``:

- ``record(state, result, seed, moves) -> dict``: what one finished game contributes;
- ``metrics(players, options) -> list[Metric]``: its figures, each a ratio of sums over
  games, so that ``--vs-option`` can give a paired difference with a confidence interval;
- optionally ``charts(console, a, b)`` (extra tables under the figures), ``csv_columns``
  (``[(name, record -> value)]``) and ``TITLE``.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

import msgspec
from rich.console import Console
from rich.table import Table

from engine import OptionError, games, runs
from engine.bots import levels as bot_levels
from engine.bots import make
from engine.bots.base import Decision
from engine.core.options import parse_pairs
from engine.core.rng import Rng, derive_seed
from engine.core.rules import Config, Rules
from engine.core.stats import Metric, Record, bar, fmt, ordinal, paired_diff, rate

__all__ = ["Metric", "Record", "bar", "fmt", "ordinal", "paired_diff", "rate"]



class LabError(Exception):
    """A bad command line: one line for the user."""


def _share(g: Record, seat: int) -> float:
    """A seat's share of the win (ties shared)."""
    return 1 / len(g["winners"]) if seat in g["winners"] else 0.0


def common_metrics(players: int, levels: Sequence[str]) -> list[Metric]:
    """The figures every game has: wins by seat and by bot level, scores, length."""
    ms = [Metric(f"win_rate_by_seat.{x}", f"Win rate: seat {x + 1}", lambda g, x=x: (_share(g, x), 1), True)
          for x in range(players)]
    distinct = sorted(set(levels))
    if len(distinct) > 1:
        ms += [Metric(f"win_rate_by_level.{lv}", f"Win rate per {lv} seat",
                      lambda g, lv=lv: (sum(_share(g, x) for x, v in enumerate(g["levels"]) if v == lv),
                                        sum(1 for v in g["levels"] if v == lv)), True)
               for lv in distinct]
    ms += [
        Metric("mean_score", "Mean final score", lambda g: (sum(g["scores"]), len(g["scores"]))),
        Metric("winning_score", "Winning score", lambda g: (max(g["scores"]), 1)),
        Metric("moves_per_game", "Moves per game", lambda g: (g["moves"], 1)),
    ]
    return ms


# ---------------------------------------------------------------- one game (in a worker)


class Job(msgspec.Struct, frozen=True):
    """What a worker needs to play one game (plain data: it crosses to other processes and machines)."""

    game: str
    seed: int
    players: int
    options: dict[str, str]
    levels: list[str]
    rotate: bool
    extras: bool = True  # the game's own record (the lab's figures); a tournament needs only the common one


class LabRun(msgspec.Struct, frozen=True):
    """A lab run as its batches carry it: game ``i`` is setting ``i // games`` with seed ``seed + i % games``."""

    game: str
    seed: int
    games: int
    players: int
    settings: list[dict[str, str]]  # the options of A (and of B, with --vs-option)
    levels: list[str]
    rotate: bool

    def job(self, index: int) -> Job:
        setting, k = divmod(index, self.games)
        return Job(self.game, self.seed + k, self.players, self.settings[setting], self.levels, self.rotate)


@functools.lru_cache(maxsize=8)
def _lab_run(params: bytes) -> LabRun:
    return msgspec.msgpack.decode(params, type=LabRun)


def play_game(params: bytes, index: int) -> Record:
    """Game ``index`` of a lab run (the batches' entry point, on every backend)."""
    return play_one(_lab_run(params).job(index))


def seat_levels(levels: Sequence[str], players: int, seed: int, rotate: bool) -> list[str]:
    """The bot level of each seat: the levels cycled over the seats (turned by the seed with ``--rotate``)."""
    shift = seed % players if rotate else 0
    return [levels[(x + shift) % len(levels)] for x in range(players)]


def play_one(job: Job) -> Record:
    """Play one bot game; return its record."""
    rules = games.get(job.game)
    lab = game_lab(rules)
    opts = rules.options_from(job.options)
    s = rules.setup(Config(job.players, job.seed, opts))
    levels = seat_levels(job.levels, job.players, job.seed, job.rotate)
    bots = [make(levels[x], rules, derive_seed(job.seed, x)) for x in range(job.players)]
    det_rng: Rng | None = None
    moves = 0
    to_act, legal_of, apply, view = rules.to_act, rules.legal, rules.apply, rules.view
    while acting := to_act(s):
        seat = acting[0]
        legal = legal_of(s, seat)
        if len(legal) == 1:
            move = legal[0]
        else:
            bot = bots[seat]
            sample = None
            if bot.level not in ("heuristic", "random"):  # searching bots need a determinization
                det_rng = det_rng or Rng.seeded(job.seed ^ 0xD1CE)
                sample = rules.determinize(s, seat, det_rng)
            d = Decision(rules, seat, view(s, seat) if bot.level != "random" else None, legal, sample)
            move = bot.choose(d)
        apply(s, seat, move, True)
        moves += 1
    result = rules.result(s)
    assert result is not None
    rec: Record = {"seed": job.seed, "players": job.players, "levels": levels,
                   "winners": list(result.ranking[0]), "scores": list(result.scores), "moves": moves}
    extra = getattr(lab, "record", None) if lab is not None and job.extras else None
    if extra is not None:
        rec.update(extra(s, result, job.seed, moves))
    return rec


def game_lab(rules: Rules) -> ModuleType | None:
    """The game's own ``lab`` module, if it has one."""
    name = games.module_of(rules.id) + ".lab"
    try:
        return import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


def all_metrics(rules: Rules, players: int, options: Any, levels: Sequence[str]) -> list[Metric]:
    lab = game_lab(rules)
    own = lab.metrics(players, options) if lab is not None and hasattr(lab, "metrics") else []
    return [*own, *common_metrics(players, levels)]


# ---------------------------------------------------------------- running


def run(jobs: list[Job], workers: int) -> list[Record]:
    """Play the jobs (on ``workers`` processes); the records in seed order (through msgpack, as on any backend)."""
    params = msgspec.msgpack.encode(jobs)
    plan = runs.Plan("engine.lab:play_listed", params, len(jobs), {"jobs": len(jobs)})
    backend = runs.Backend("one") if workers <= 1 else runs.Backend("processes", workers)
    out = runs.execute(plan, backend)
    return sorted(out.records, key=lambda g: g["seed"])


@functools.lru_cache(maxsize=8)
def _listed(params: bytes) -> list[Job]:
    return msgspec.msgpack.decode(params, type=list[Job])


def play_listed(params: bytes, index: int) -> Record:
    """Job ``index`` of an explicit list (``run``'s entry point)."""
    return play_one(_listed(params)[index])


def summarize(metrics: list[Metric], games: list[Record]) -> dict[str, Any]:
    """Every figure under a plain key (dotted keys become nested dicts)."""
    out: dict[str, Any] = {}
    for m in metrics:
        val = rate(m.pairs(games))
        put(out, m.key, None if val is None else round(val, 4))
    return out


def put(d: dict[str, Any], key: str, val: Any) -> None:
    head, _, rest = key.partition(".")
    if rest:
        put(d.setdefault(head, {}), rest, val)
    else:
        d[head] = val


# ---------------------------------------------------------------- showing


def _words(opts: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in opts.items()) or "defaults"


def show(console: Any, title: str, metrics: list[Metric], a: list[Record], b: list[Record] | None,
         opts_a: dict[str, str], opts_b: dict[str, str] | None) -> None:
    table = Table(title=title, title_justify="left")
    table.add_column("Figure", style="bold")
    table.add_column(_words(opts_a), justify="right")
    if b is not None:
        table.add_column(_words(opts_b or {}), justify="right")
        table.add_column("B − A", justify="right")
        table.add_column("95% CI", justify="right")
    for m in metrics:
        pa = m.pairs(a)
        row = [m.label, fmt(rate(pa), m.pct)]
        if b is not None:
            pb = m.pairs(b)
            row.append(fmt(rate(pb), m.pct))
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


CSV_BASE: list[tuple[str, Callable[[Record], Any]]] = [
    ("seed", lambda g: g["seed"]),
    ("players", lambda g: g["players"]),
    ("levels", lambda g: " ".join(g["levels"])),
    ("winners", lambda g: " ".join(map(str, g["winners"]))),
    ("scores", lambda g: " ".join(map(str, g["scores"]))),
    ("moves", lambda g: g["moves"]),
]


def write_csv(path: str, lab: ModuleType | None, games: list[Record], setting: str) -> None:
    cols = [*CSV_BASE, *(getattr(lab, "csv_columns", []) if lab is not None else [])]
    new = setting == "A" or not os.path.exists(path)
    with open(path, "w" if new else "a", newline="") as f:
        w = csv.writer(f)
        if new:
            w.writerow(["setting", *(name for name, _ in cols)])
        for g in games:
            w.writerow([setting, *(fn(g) for _, fn in cols)])


# ---------------------------------------------------------------- the command


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one clear line, never a usage dump + traceback
        raise LabError(message)


def parser(rules: Rules | None = None) -> argparse.ArgumentParser:
    name = rules.id if rules is not None else "GAME"
    p = _Parser(prog=f"gangplank lab {name}",
                description="Playtest statistics: many bot games, the figures a designer looks at.")
    default_players = rules.bench_players if rules is not None else None
    p.add_argument("--games", type=int, default=200, help="how many games (default: 200)")
    p.add_argument("--players", type=int, default=default_players,
                   help="players per game" + (f" (default: {default_players})" if default_players else ""))
    p.add_argument("--bots", default="heuristic",
                   help="a bot level for every seat, or one per seat, comma-separated (default: heuristic)")
    p.add_argument("--seed", type=int, default=1, help="game i is played with seed SEED + i (default: 1)")
    p.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option (repeatable)")
    p.add_argument("--vs-option", action="append", default=[], metavar="K=V",
                   help="play the same seeds again with this option changed, and compare (repeatable)")
    p.add_argument("--rotate", action="store_true", help="turn the bot levels round the seats from game to game")
    p.add_argument("--json", action="store_true", help="print every figure as JSON on stdout")
    p.add_argument("--csv", metavar="FILE", help="write one row per game to FILE")
    runs.add_arguments(p)
    return p


def main(game: str, argv: list[str]) -> int:
    """``gangplank lab GAME ...``; returns the exit code (errors are one line on stderr)."""
    try:
        return _main(game, argv)
    except LabError as e:
        print(f"gangplank lab {game}: error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except runs.RunError as e:
        print(f"gangplank lab {game}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"gangplank lab {game}: interrupted", file=sys.stderr)
        return 130


def _main(game: str, argv: list[str]) -> int:
    try:
        rules = games.get(game)
    except KeyError:
        raise LabError(f"unknown game {game!r}; games: {', '.join(games.ids())}") from None
    args = parser(rules).parse_args(argv)
    if args.games < 1:
        raise LabError("--games must be at least 1")
    if args.json and args.csv:
        raise LabError("choose --json or --csv, not both")
    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    if not levels:
        raise LabError("--bots needs at least one level")
    offered = bot_levels(rules)
    for lv in levels:
        if lv.partition(":")[0] not in offered:
            raise LabError(f"no bot level {lv!r} for {rules.title}; try one of: {', '.join(offered)}")
    try:
        opts_a = parse_pairs(args.option)
        opts_b = {**opts_a, **parse_pairs(args.vs_option)} if args.vs_option else None
        options_a = rules.options_from(opts_a)
        rules.check(args.players, options_a)
        if opts_b is not None:
            rules.check(args.players, rules.options_from(opts_b))
    except OptionError as e:
        raise LabError(str(e)) from None
    lab = game_lab(rules)
    metrics = all_metrics(rules, args.players, options_a, levels)
    backend = runs.backend_of(args)
    settings = [opts_a] if opts_b is None else [opts_a, opts_b]
    spec = LabRun(rules.id, args.seed, args.games, args.players, settings, levels, args.rotate)
    plan = runs.Plan("engine.lab:play_game", msgspec.msgpack.encode(spec), args.games * len(settings),
                     {"command": "lab", **msgspec.structs.asdict(spec)}, args.batch)
    t0 = time.perf_counter()
    with runs.progress_bar(f"{rules.title} lab", args.no_progress) as bar:
        outcome = runs.execute(plan, backend, Path(args.out) if args.out else None,
                               Path(args.resume) if args.resume else None, bar)
    seconds = time.perf_counter() - t0
    a, b = split_settings(outcome, args.games, len(settings))
    code = 130 if outcome.interrupted else 0
    if not a:
        runs.report(f"gangplank lab {rules.id}", outcome, plan.games)
        return code
    head = {"game": rules.id, "games": len(a), "players": args.players, "bots": levels,
            "rotate": args.rotate, "seed": args.seed}
    out: dict[str, Any] = {**head, "options": opts_a, "seconds": round(seconds, 2), **summarize(metrics, a)}
    if b is not None:
        out = {**head, "seconds": round(seconds, 2),
               "a": {"options": opts_a, **summarize(metrics, a)},
               "b": {"options": opts_b, **summarize(metrics, b)}, "diff": {}}
        for m in metrics:
            dd = paired_diff(m.pairs(a), m.pairs(b))
            put(out["diff"], m.key, None if dd is None else
                {"diff": round(dd[0], 4), "ci95": [round(dd[1], 4), round(dd[2], 4)]})
    summary = json.dumps(out, indent=2)
    if args.out or args.resume:
        folder = Path(args.out) if args.out else Path(args.resume).parent
        (folder / "summary.json").write_text(summary + "\n")
        write_csv(str(folder / "games.csv"), lab, a, "A")
        if b is not None:
            write_csv(str(folder / "games.csv"), lab, b, "B")
    if args.csv:
        write_csv(args.csv, lab, a, "A")
        if b is not None:
            write_csv(args.csv, lab, b, "B")
    if args.json:
        print(summary)
        runs.report(f"gangplank lab {rules.id}", outcome, plan.games)
        return code
    console = Console()
    title = getattr(lab, "TITLE", f"{rules.title} lab")
    title = (f"{title} — {len(a)} games, {args.players} players, bots {','.join(levels)}"
             f"{' (rotated)' if args.rotate else ''} (a fair win rate is {100 / args.players:.0f}%)")
    show(console, title, metrics, a, b, opts_a, opts_b)
    charts = getattr(lab, "charts", None) if lab is not None else None
    if charts is not None:
        charts(console, a, b)
    console.print(f"[dim]{len(a) * (2 if b is not None else 1)} games in {seconds:.1f} s on {backend.words()}[/]")
    if args.csv:
        console.print(f"wrote {args.csv}")
    runs.report(f"gangplank lab {rules.id}", outcome, plan.games)
    return code


def split_settings(outcome: runs.Outcome, games: int, settings: int) -> tuple[list[Record], list[Record] | None]:
    """The records of A (and of B): when interrupted, only the seeds finished in every setting."""
    by = [dict[int, Record]() for _ in range(settings)]
    for i, r in zip(outcome.indices, outcome.records, strict=True):
        by[i // games][i % games] = r
    seeds = sorted(set.intersection(*(set(d) for d in by)))
    a = [by[0][k] for k in seeds]
    return a, ([by[1][k] for k in seeds] if settings > 1 else None)
