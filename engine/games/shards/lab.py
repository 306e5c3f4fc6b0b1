"""The Shards of Creation lab: what many bot games say about the scoring.

    gangplank lab shards --games N --players P [--bots LEVEL[,LEVEL...]] [--rotate] [--option K=V ...]

The generic runner (``engine/lab.py``) plays the games; this module says what a finished
game contributes: where the points came from (scoring abilities, Shard sets, Resonance),
how large the scoring areas grew, how often the tie-break decided, and which trumps came up.
"""

from __future__ import annotations

from typing import Any

from engine.core.rules import Result
from engine.core.stats import Metric
from engine.games.shards.content import SHARD_NAMES
from engine.games.shards.state import Options, State

SOURCES = ("abilities", "sets", "resonance")


def _source(label: str) -> str:
    if label.startswith("Scoring abilities"):
        return "abilities"
    if label.startswith("Resonance"):
        return "resonance"
    return "sets"


def record(s: State, r: Result, seed: int, moves: int) -> dict[str, Any]:
    """What one finished game contributes (beside the runner's seed, levels, winners, scores, moves)."""
    sources = []
    for lines in r.breakdown:
        per = dict.fromkeys(SOURCES, 0)
        for label, points in lines:
            per[_source(label)] += points
        sources.append(per)
    top = max(r.scores)
    return {
        "sources": sources,
        "cards": list(r.details["cards"]),
        "trumps": list(r.details["trumps"]),
        "shards": [SHARD_NAMES[x] for x in s.shards],
        "tied_on_points": sum(1 for x in r.scores if x == top) > 1,
    }


def metrics(players: int, options: Options | None = None) -> list[Metric]:
    ms = [Metric(f"score_by_source.{src}", f"Points per player from {src}",
                 lambda g, src=src: (sum(p[src] for p in g["sources"]), len(g["sources"])))
          for src in SOURCES]
    ms += [
        Metric("scoring_area_cards", "Cards in a scoring area", lambda g: (sum(g["cards"]), len(g["cards"]))),
        Metric("tie_on_points", "Games tied on points at the top", lambda g: (1 if g["tied_on_points"] else 0, 1), True),
        Metric("winner_has_fewest_cards", "Winner holds the fewest scoring cards",
               lambda g: (1 if min(g["cards"][w] for w in g["winners"]) == min(g["cards"]) else 0, 1), True),
    ]
    for name in SHARD_NAMES:
        ms.append(Metric(f"trumps_per_game.{name}", f"{name} trumps per game",
                         lambda g, name=name: (g["trumps"].count(name), 1)))
    return ms


csv_columns = [
    ("shards", lambda g: " ".join(g["shards"])),
    ("trumps", lambda g: " ".join(g["trumps"])),
    ("cards", lambda g: " ".join(map(str, g["cards"]))),
]
