"""Figures over many games, for the lab: rates with paired differences, and small drawings.

Part of the kernel so that a game's own ``lab.py`` (its records and figures) needs nothing
above it; the runner that plays the games is ``engine/lab.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Record = dict[str, Any]  # one finished game's figures: plain data


class Metric:
    """A figure as sum(numerator) / sum(denominator) over games (a rate, or a mean per game)."""

    # ``per_game(record)``; ``Callable[...]`` lets ``lambda g, k=k: ...`` (a loop's value bound) through
    def __init__(self, key: str, label: str, per_game: Callable[..., tuple[float, float]],
                 pct: bool = False) -> None:
        self.key, self.label, self.per_game, self.pct = key, label, per_game, pct

    def pairs(self, games: list[Record]) -> list[tuple[float, float]]:
        return [self.per_game(g) for g in games]


def rate(pairs: list[tuple[float, float]]) -> float | None:
    den = sum(d for _, d in pairs)
    return sum(n for n, _ in pairs) / den if den else None


def paired_diff(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> tuple[float, float, float] | None:
    """(difference B − A, 95% CI low, high) of two ratio figures over the same seeds.

    Paired by seed; the ratio estimator's variance is linearised (the delta method).
    """
    ra, rb = rate(a), rate(b)
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


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def fmt(val: float | None, pct: bool) -> str:
    if val is None:
        return "—"
    return f"{100 * val:.1f}%" if pct else f"{val:.2f}"


def bar(frac: float, width: int = 20) -> str:
    frac = max(0.0, min(1.0, frac))
    full = int(frac * width)
    part = " ▏▎▍▌▋▊▉"[int((frac * width - full) * 8)]
    return ("█" * full + (part if full < width else "")).ljust(width)
