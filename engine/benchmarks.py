"""``gangplank bench``: the engine's speed figures, measured here and now.

Figures (medians where a figure is measured several times):
- random playouts: complete games per second with uniformly random legal moves, one core (every game is
  played to a move cap, ``engine.core.bench.MOVE_CAP``: a game that reaches it is counted apart as capped,
  never in games/s, and the figures say so);
- ISMCTS: search iterations per second from a mid-game position (and, for a game whose search
  can focus on a part of it, as Shiver's duels, from a position where it does);
- undo: one ``Match.undo()`` at points through a finished game (ms);
- seek: ``Match.seek(n)`` to random positions of a log (ms), and of a 2,000-move log;
- bytes per move: a complete game's save file size divided by its moves.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

from engine import games
from engine.bots import Budget, Decision
from engine.bots.ismcts import IsmctsBot
from engine.core import savefile
from engine.core.bench import MOVE_CAP, random_game, random_playouts_per_second
from engine.core.match import Match
from engine.core.rng import Rng
from engine.core.rules import Rules


def _random_match(
    game: str, players: int, seed: int, options: Any = None, undo: str = "practice", cap: int = MOVE_CAP
) -> Match:
    """A random game's log, to the end or to the move cap (``m.to_act()`` then says it is still going)."""
    m = Match.new(game, players=players, seed=seed, options=options, undo=undo)
    rng = Rng.seeded(seed)
    while (acting := m.to_act()) and m.cursor < cap:
        seat = acting[0]
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
    return m


def bench_position(rules: Rules, players: int, k: int, options: Any = None, focused: bool = False) -> Match | None:
    """The k-th ISMCTS position: random play from seed 7 + k to the middle of a game.

    A game with a ``search_focus`` (a part searched alone, as Shiver's duels) has two kinds of
    position: ordinary ones (``focused=False``: the first from mid-game where the search sees the
    whole game) and focused ones (the first where it searches the part alone). None when no such
    position comes before the game ends.
    """
    focus = getattr(rules, "search_focus", None)
    target = random_game(rules, players, 7, options).moves // 2  # (a game stopped at the cap: its middle)
    m = Match.new(rules.id, players=players, seed=7 + k, undo="practice", options=options)
    rng = Rng.seeded(11 + k)
    while (acting := m.to_act()) and m.cursor < MOVE_CAP:
        seat = acting[0]
        if m.cursor >= target and (focus is None or (focus(m.state, seat) is not None) == focused):
            return m
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
    return None


def _ismcts_rate(
    rules: Rules, players: int, seconds: float, options: Any = None, focused: bool = False
) -> tuple[float, int] | None:
    """Iterations per second and the move number, medians of three positions (``bench_position``)."""
    rates, at = [], []
    for k in range(3):
        m = bench_position(rules, players, k, options, focused)
        if m is None:
            continue
        seat = m.to_act()[0]
        bot = IsmctsBot(rules, seed=k)
        sample = rules.determinize(m.state, seat, Rng.seeded(k))
        t0 = time.perf_counter()
        bot.search(sample, seat, Budget(seconds=seconds / 3))
        rates.append(bot.iterations_done / (time.perf_counter() - t0))
        at.append(m.cursor)
        _ = Decision  # the search above is what choose() runs
    if not rates:
        return None
    return statistics.median(rates), int(statistics.median(at))


def _undo_seek(m: Match, samples: int = 200) -> tuple[float, float, float]:
    rng = Rng.seeded(3)
    n = m.cursor
    undo_ms, seek_ms = [], []
    for _ in range(samples):
        k = 1 + rng.below(n)
        m.seek(k)
        t0 = time.perf_counter()
        m.undo()
        undo_ms.append((time.perf_counter() - t0) * 1000)
        target = rng.below(n + 1)
        t0 = time.perf_counter()
        m.seek(target)
        seek_ms.append((time.perf_counter() - t0) * 1000)
    m.seek(n)
    return statistics.median(undo_ms), statistics.median(seek_ms), max(seek_ms)


def _bytes_per_move(m: Match) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "bench.plank"
        m.save(path)
        size = path.stat().st_size
    header = len(savefile.file_start(m.header))
    return size / m.cursor, (size - header) / m.cursor


def bench_game(game: str, seconds: float, options: Any = None) -> dict[str, Any]:
    rules = games.get(game)
    players = rules.bench_players
    rate = random_playouts_per_second(rules, players, seconds=seconds, options=options)
    out: dict[str, Any] = {
        "game": game,
        "players": players,
        "random_games_per_s": round(rate.games_per_s, 1),
        "random_moves_per_s": round(rate.moves_per_s),
        "random_games_ended": rate.games,
        "random_games_capped": rate.capped,
        "move_cap": rate.cap,
    }
    if options is not None:
        out["options"] = msgspec.to_builtins(options)
    plain = _ismcts_rate(rules, players, seconds, options)
    if plain is not None:
        out["ismcts_iterations_per_s"] = round(plain[0])
        out["ismcts_position_move"] = plain[1]
    if getattr(rules, "search_focus", None) is not None:
        focused = _ismcts_rate(rules, players, seconds, options, focused=True)
        if focused is not None:
            out["ismcts_focus_iterations_per_s"] = round(focused[0])
            out["ismcts_focus_position_move"] = focused[1]
    m = _random_match(game, players, 5, options)
    undo_ms, seek_ms, seek_max = _undo_seek(m)
    out.update(
        log_moves=m.cursor,
        log_capped=bool(m.to_act()),
        undo_ms_median=round(undo_ms, 3),
        seek_ms_median=round(seek_ms, 3),
        seek_ms_max=round(seek_max, 3),
    )
    per_move, per_record = _bytes_per_move(m)
    out["bytes_per_move_file"] = round(per_move, 1)
    out["bytes_per_move_records"] = round(per_record, 1)
    return out


def bench_kernel() -> dict[str, Any]:
    """Seek and undo in a 2,000-move log (the kernel's own test game, Pepper)."""
    m = _random_match("pepper", 4, 1, options={"rounds": 400})
    while m.cursor > 2000:
        m.undo()
    del m.line[m.cursor :]
    undo_ms, seek_ms, seek_max = _undo_seek(m, samples=300)
    return {
        "game": "kernel (Pepper, 2,000-move log)",
        "log_moves": m.cursor,
        "undo_ms_median": round(undo_ms, 3),
        "seek_ms_median": round(seek_ms, 3),
        "seek_ms_max": round(seek_max, 3),
    }


LABELS = [
    ("random_games_per_s", "random playouts", "games/s (one core)"),
    ("random_moves_per_s", "  moves", "moves/s"),
    ("random_games_ended", "  games ended", "in the time"),
    ("random_games_capped", "  games capped", "stopped at the move cap, not in games/s"),
    ("ismcts_iterations_per_s", "ISMCTS", "iterations/s (mid-game)"),
    ("ismcts_focus_iterations_per_s", "ISMCTS, focused", "iterations/s (mid-game, a part searched alone: a duel)"),
    ("undo_ms_median", "undo", "ms (median)"),
    ("seek_ms_median", "seek", "ms (median)"),
    ("seek_ms_max", "seek", "ms (max)"),
    ("log_moves", "log length", "moves"),
    ("bytes_per_move_file", "save file", "bytes/move (whole file)"),
    ("bytes_per_move_records", "save file", "bytes/move (move records)"),
]


def run_bench(game: str | None, seconds: float, as_json: bool, options: Any = None) -> int:
    ids = [games.get(game).id] if game else games.ids()
    rows = []
    for gid in ids:
        if not as_json:
            print(f"measuring {gid} …", flush=True)
        rows.append(bench_game(gid, seconds, options))
    rows.append(bench_kernel())
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        players = f", {row['players']} players" if "players" in row else ""
        opts = ", " + " ".join(f"{k}={v}" for k, v in row["options"].items()) if row.get("options") else ""
        print(f"\n{row['game']}{players}{opts}")
        for key, label, unit in LABELS:
            if key in row:
                print(f"  {label:<18} {row[key]:>12,}  {unit}")
        if row.get("random_games_capped"):
            print(f"  note: {row['random_games_capped']} random game(s) had not ended after {row['move_cap']:,} moves "
                  f"and were stopped; games/s counts only the {row['random_games_ended']} that ended")
        if row.get("log_capped"):
            print(f"  note: the undo/seek log is a random game stopped at the move cap ({row['log_moves']:,} moves)")
    return 0
