"""Bot-versus-bot games for ``gangplank selfplay`` and tournaments."""

from __future__ import annotations

import json
import multiprocessing as mp
import sys
import time
from pathlib import Path
from typing import Any

from engine import games
from engine.bots import decide, sample_for
from engine.core.match import Match
from engine.core.rules import Rules, SeatInfo


def seat_levels(levels: list[str], players: int, game_no: int, rotate: bool) -> list[str]:
    """Levels by seat for game ``game_no``: the list cycled, shifted one seat per game when rotating."""
    shift = game_no % players if rotate else 0
    return [levels[(i - shift) % len(levels)] if rotate else levels[i % len(levels)] for i in range(players)]


def play_bot_game(rules: Rules, players: int, levels: list[str], seed: int, options: Any = None) -> Match:
    """One complete game between bots; every decision is seeded from (seed, seat, move number)."""
    seats = [SeatInfo(name=f"{rules.colours[i].capitalize()}", kind=f"bot:{lvl}") for i, lvl in enumerate(levels)]
    m = Match.new(rules.id, players=players, seed=seed, options=options, seats=seats, undo="off")
    while acting := m.to_act():
        for seat in acting:
            if seat not in m.to_act():
                continue
            if m.header.seats[seat].kind == "automa":  # the rules play it: its only move is forced
                m.play(seat, m.legal(seat)[0])
                continue
            sample, bot_seed = sample_for(rules, m.state, seat, seed, m.cursor)
            m.play(seat, decide(rules, sample, seat, levels[seat], bot_seed))
    return m


def _one(job: tuple[str, int, list[str], int, int, Any, str | None]) -> dict[str, Any]:
    game, players, levels, game_no, seed, options, save_dir = job
    rules = games.get(game)
    t0 = time.perf_counter()
    m = play_bot_game(rules, players, levels, seed, options)
    res = m.result()
    assert res is not None
    # every seat's level; a game may seat its own automa beside the bots (Fractured Sky)
    seat_bots = ["automa" if info.kind == "automa" else levels[x] for x, info in enumerate(m.header.seats)]
    out: dict[str, Any] = {
        "game": game_no,
        "seed": seed,
        "players": players,
        "bots": seat_bots,
        "scores": res.scores,
        "winners": res.ranking[0],
        "winner_bots": [seat_bots[s] for s in res.ranking[0]],
        "ranking": res.ranking,
        "moves": m.cursor,
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if save_dir:
        path = Path(save_dir) / f"{game}-{players}p-seed{seed}.plank"
        m.save(path)
        out["save"] = str(path)
    return out


def summarize(results: list[dict[str, Any]], levels: list[str]) -> dict[str, Any]:
    by_level: dict[str, dict[str, float]] = {}
    for lvl in dict.fromkeys(levels):
        by_level[lvl] = {"seats": 0, "wins": 0.0, "score": 0.0}
    for r in results:
        winners = r["winners"]
        for seat, lvl in enumerate(r["bots"]):
            d = by_level.setdefault(lvl, {"seats": 0, "wins": 0.0, "score": 0.0})
            d["seats"] += 1
            d["score"] += r["scores"][seat]
            if seat in winners:
                d["wins"] += 1 / len(winners)
    table = {}
    for lvl, d in by_level.items():
        n = d["seats"] or 1
        table[lvl] = {
            "seats_played": int(d["seats"]),
            "wins": round(d["wins"], 3),
            "win_rate": round(d["wins"] / n, 4),
            "mean_score": round(d["score"] / n, 2),
        }
    return {
        "games": len(results),
        "mean_moves": round(sum(r["moves"] for r in results) / max(1, len(results)), 1),
        "seconds": round(sum(r["seconds"] for r in results), 2),
        "levels": table,
    }


def run_selfplay(
    rules: Rules,
    players: int,
    levels: list[str],
    games: int,
    seed: int,
    options: Any,
    as_json: bool,
    save_dir: str | None,
    jobs: int,
    rotate: bool,
) -> int:
    if save_dir:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    jobs_list = [
        (rules.id, players, seat_levels(levels, players, g, rotate), g, seed + g, options, save_dir)
        for g in range(games)
    ]
    results: list[dict[str, Any]] = []

    def emit(r: dict[str, Any]) -> None:
        results.append(r)
        if as_json:
            print(json.dumps(r), flush=True)
        else:
            scores = " ".join(f"{lvl}:{s}" for lvl, s in zip(r["bots"], r["scores"], strict=True))
            win = ",".join(r["winner_bots"])
            print(f"game {r['game'] + 1:4d} seed {r['seed']}: {scores}  winner {win}  ({r['moves']} moves)",
                  flush=True)

    if jobs > 1 and games > 1:

        ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
        with ctx.Pool(min(jobs, games)) as pool:
            for r in pool.imap(_one, jobs_list):
                emit(r)
    else:
        for job in jobs_list:
            emit(_one(job))
    summary = summarize(results, levels)
    if as_json:
        print(json.dumps({"summary": summary}))
    else:
        print()
        print(f"{summary['games']} games of {rules.title}, {players} players, "
              f"{summary['mean_moves']} moves per game on average")
        for lvl, d in summary["levels"].items():
            print(f"  {lvl:<16} win rate {d['win_rate']:6.1%}  ({d['wins']:g} wins in {d['seats_played']} seats)"
                  f"  mean score {d['mean_score']}")
    return 0
