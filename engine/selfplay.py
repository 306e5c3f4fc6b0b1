"""Bot-versus-bot games for ``gangplank selfplay`` and tournaments."""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path
from typing import Any

import msgspec

from engine import games, runs
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


class SelfplayRun(msgspec.Struct, frozen=True):
    """A selfplay run as its batches carry it: game ``g`` is played with seed ``seed + g``."""

    game: str
    players: int
    levels: list[str]
    seed: int
    options: dict[str, str]
    rotate: bool
    save_dir: str | None = None


@functools.lru_cache(maxsize=8)
def _selfplay_run(params: bytes) -> tuple[SelfplayRun, Any]:
    run = msgspec.msgpack.decode(params, type=SelfplayRun)
    return run, games.get(run.game).options_from(run.options)


def play_game(params: bytes, g: int) -> dict[str, Any]:
    """Game ``g`` of a selfplay run (the batches' entry point, on every backend)."""
    run, options = _selfplay_run(params)
    levels = seat_levels(run.levels, run.players, g, run.rotate)
    return _one((run.game, run.players, levels, g, run.seed + g, options, run.save_dir))


def run_selfplay(
    rules: Rules,
    players: int,
    levels: list[str],
    games: int,
    seed: int,
    options: dict[str, str],
    as_json: bool,
    save_dir: str | None,
    backend: runs.Backend,
    rotate: bool,
    out: str | None = None,
    resume: str | None = None,
    batch: int = 0,
    progress: bool = True,
) -> int:
    if save_dir:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    spec = SelfplayRun(rules.id, players, levels, seed, options, rotate,
                       str(Path(save_dir).resolve()) if save_dir else None)
    words = {"command": "selfplay", **msgspec.structs.asdict(spec)}
    words.pop("save_dir")  # where the saves go is not part of what the run is
    plan = runs.Plan("engine.selfplay:play_game", msgspec.msgpack.encode(spec), games, words, batch)
    results: list[dict[str, Any]] = []
    shown = 0
    ahead: dict[int, dict[str, Any]] = {}

    def emit(r: dict[str, Any]) -> None:
        results.append(r)
        if as_json:
            print(json.dumps(r), flush=True)
        else:
            scores = " ".join(f"{lvl}:{s}" for lvl, s in zip(r["bots"], r["scores"], strict=True))
            win = ",".join(r["winner_bots"])
            print(f"game {r['game'] + 1:4d} seed {r['seed']}: {scores}  winner {win}  ({r['moves']} moves)",
                  flush=True)

    # the games come back batch by batch, in any order; they are shown in game order
    def arrived(first: int, records: list[dict[str, Any]]) -> None:
        nonlocal shown
        for k, r in enumerate(records):
            ahead[first + k] = r
        while shown in ahead:
            emit(ahead.pop(shown))
            shown += 1

    with runs.progress_bar(f"{rules.title} selfplay", not progress) as bar:
        outcome = runs.execute(plan, backend, Path(out) if out else None, Path(resume) if resume else None,
                               bar, on_records=arrived)
    for i in sorted(ahead):  # interrupted: what finished after a gap
        emit(ahead[i])
    summary = summarize(results, levels)
    summary_line = json.dumps({"summary": summary})
    if out or resume:
        folder = Path(out) if out else Path(resume or ".").parent
        (folder / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    if as_json:
        print(summary_line)
    else:
        print()
        print(f"{summary['games']} games of {rules.title}, {players} players, "
              f"{summary['mean_moves']} moves per game on average ({backend.words()})")
        for lvl, d in summary["levels"].items():
            print(f"  {lvl:<16} win rate {d['win_rate']:6.1%}  ({d['wins']:g} wins in {d['seats_played']} seats)"
                  f"  mean score {d['mean_score']}")
    runs.report(f"gangplank selfplay {rules.id}", outcome, games)
    return 130 if outcome.interrupted else 0
