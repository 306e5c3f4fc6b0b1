"""End Game Scoring, in the rulebook's order.

seed: "1. Activate each card with a Scoring ability. 2. Score for each Shard set.
3. Score for each full set of Shard types (Resonance)."

The scoring abilities that choose (Devotion's Wildcard, Dominion's Claim) are
resolved in the player's best way: every assignment is searched and the highest
total wins. Only counts matter, so the search runs over count vectors (a few
dozen at most) and is cached.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from engine.core.rules import Result
from engine.games.shards.content import (
    ABILITY,
    DEVOTION,
    DEVOTION_WILDCARD,
    DOMINION,
    DOMINION_CLAIM,
    PENALTY_POINTS,
    RESONANCE,
    ROUNDS,
    RUIN_PENALTY,
    SET_POINTS,
    SHARD_NAMES,
    SHARD_OF,
    TRICKS,
    card_name,
)
from engine.games.shards.state import OVER, State


def _spread(n: int, slots: list[int], caps: tuple[int, ...] | None, size: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``n`` identical units among ``slots`` (at most caps[i] in slot i)."""
    if n == 0:
        yield (0,) * size
        return
    if not slots:
        return
    head, rest = slots[0], slots[1:]
    top = n if caps is None else min(n, caps[head])
    for k in range(top, -1, -1):
        for tail in _spread(n - k, rest, caps, size):
            if k:
                tail = tail[:head] + (tail[head] + k,) + tail[head + 1 :]
            yield tail


@lru_cache(maxsize=8192)
def best_counts(
    counts: tuple[int, ...], wild: int, claims: int, dev: int, dom: int, players: int
) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """The best set + Resonance points for printed ``counts`` (per Shard in play).

    ``wild`` Devotion wildcards (not included in counts) each count as any Shard in play
    except Devotion; ``claims`` Dominion Claims each make one non-Dominion card count as
    Dominion (a wildcard may be named: it then counts as Dominion). ``dev``/``dom`` are the
    indexes of Devotion/Dominion among the Shards in play (-1 if absent).

    Returns (points, final counts, wildcards per Shard, cards converted per Shard,
    wildcards named by Claims).
    """
    res = RESONANCE[players]
    k = len(counts)
    if wild == 0 and claims == 0:
        return (sum(SET_POINTS[x] for x in counts) + res[min(counts)], counts, (0,) * k, (0,) * k, 0)
    others = [i for i in range(k) if i != dom]
    real = sum(counts[i] for i in others) if dom >= 0 else 0
    # seed: "If an ability does not have a valid target, ignore that aspect of the ability."
    live = min(claims, real + wild) if dom >= 0 else 0
    wild_slots = [i for i in range(k) if i != dev]
    best: tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int] | None = None
    for r in range(max(0, live - wild), min(live, real) + 1):
        named = live - r  # Claims that name a wildcard
        for conv in _spread(r, others, counts, k):
            base = [counts[i] - conv[i] for i in range(k)]
            if dom >= 0:
                base[dom] += r + named
            for wv in _spread(wild - named, wild_slots, None, k):
                final = tuple(base[i] + wv[i] for i in range(k))
                pts = sum(SET_POINTS[x] for x in final) + res[min(final)]
                if best is None or pts > best[0]:
                    best = (pts, final, wv, conv, named)
    assert best is not None
    return best


class ScoreSheet(NamedTuple):
    total: int
    lines: list[tuple[str, int]]  # ordered (label, points), adding up to total
    notes: list[str]  # how the scoring abilities were resolved
    counts: tuple[int, ...]  # cards counted per Shard in play


def _tally(area: list[int], shards: list[int]) -> tuple[list[int], int, int, int]:
    idx = [-1] * 8
    for i, sh in enumerate(shards):
        idx[sh] = i
    counts = [0] * len(shards)
    wild = claims = penalties = 0
    for c in area:
        a = ABILITY[c]
        if a == DEVOTION_WILDCARD:
            wild += 1
            continue
        counts[idx[SHARD_OF[c]]] += 1
        if a == RUIN_PENALTY:
            penalties += 1
        elif a == DOMINION_CLAIM:
            claims += 1
    return counts, wild, claims, penalties


def score(area: list[int], shards: list[int], players: int) -> int:
    """The final score of one scoring area, scoring abilities resolved at best."""
    counts, wild, claims, penalties = _tally(area, shards)
    if not wild and not claims:
        sets = SET_POINTS
        return sum([sets[x] for x in counts]) + RESONANCE[players][min(counts)] + PENALTY_POINTS * penalties
    dev = shards.index(DEVOTION) if DEVOTION in shards else -1
    dom = shards.index(DOMINION) if DOMINION in shards else -1
    return best_counts(tuple(counts), wild, claims, dev, dom, players)[0] + PENALTY_POINTS * penalties


def score_sheet(area: list[int], shards: list[int], players: int) -> ScoreSheet:
    """The score of one scoring area with its explained breakdown."""
    counts, wild, claims, penalties = _tally(area, shards)
    dev = shards.index(DEVOTION) if DEVOTION in shards else -1
    dom = shards.index(DOMINION) if DOMINION in shards else -1
    pts, final, wv, conv, named = best_counts(tuple(counts), wild, claims, dev, dom, players)
    lines: list[tuple[str, int]] = []
    notes: list[str] = []
    # 1. scoring abilities
    if penalties:
        lines.append(("Scoring abilities", PENALTY_POINTS * penalties))
        notes.append(f"{penalties} × Ruin −1: {PENALTY_POINTS} each")
    wildcards = [c for c in area if ABILITY[c] == DEVOTION_WILDCARD]
    claim_cards = [c for c in area if ABILITY[c] == DOMINION_CLAIM]
    wi = 0
    for _ in range(named):
        notes.append(f"{card_name(claim_cards[wi])} makes {card_name(wildcards[wi])} count as Dominion")
        wi += 1
    ci = named
    for i, n in enumerate(wv):
        for _ in range(n):
            notes.append(f"{card_name(wildcards[wi])} counts as {SHARD_NAMES[shards[i]]}")
            wi += 1
    for i, n in enumerate(conv):
        if not n:
            continue
        pool = [c for c in area if SHARD_OF[c] == shards[i] and ABILITY[c] != DEVOTION_WILDCARD]
        for j in range(n):
            notes.append(f"{card_name(claim_cards[ci])} makes {card_name(pool[j])} count as Dominion")
            ci += 1
    # 2. Shard sets
    for i, n in enumerate(final):
        if n:
            lines.append((f"{SHARD_NAMES[shards[i]]} ×{n}", SET_POINTS[n]))
    # 3. Resonance
    sets = min(final)
    if sets:
        lines.append((f"Resonance ×{sets}", RESONANCE[players][sets]))
    total = pts + PENALTY_POINTS * penalties
    assert sum(p for _, p in lines) == total
    return ScoreSheet(total, lines, notes, final)


# ---------------------------------------------------------------- the final result


def result(s: State) -> Result:
    """seed: "the player with the highest total wins. If tied for highest total, the player
    with the least amount of cards in their Scoring Area wins the tie. If there is still a
    tie, they share the victory." """
    n = s.players
    sheets = [score_sheet(a, s.shards, n) for a in s.areas]
    scores = [sh.total for sh in sheets]
    sizes = [len(a) for a in s.areas]
    order = sorted(range(n), key=lambda i: (-scores[i], sizes[i], i))
    ranking: list[list[int]] = []
    for i in order:
        if ranking and scores[ranking[-1][0]] == scores[i] and sizes[ranking[-1][0]] == sizes[i]:
            ranking[-1].append(i)
        else:
            ranking.append([i])
    notes: list[str] = []
    names = s.names
    for total in sorted(set(scores), reverse=True):
        tied = [i for i in order if scores[i] == total]
        if len(tied) < 2:
            continue
        who = " and ".join(names[i] for i in tied)
        if len({sizes[i] for i in tied}) == 1:
            share = "share the victory" if order[0] in tied else "share their place"
            notes.append(f"{who} tie on {total} points with {sizes[tied[0]]} scoring cards each: they {share}")
        else:
            parts = ", ".join(f"{names[i]} {sizes[i]}" for i in tied)
            notes.append(f"{who} tie on {total} points: fewer cards in the scoring area ranks higher ({parts})")
    by_round = [[r[i] for r in s.round_scores] for i in range(n)]
    return Result(
        scores=scores,
        ranking=ranking,
        breakdown=[sh.lines for sh in sheets],
        tiebreak="; ".join(notes) or "No ties: every player has a different total",
        details={
            "by_round": by_round,
            "scoring_abilities": [sh.notes for sh in sheets],
            "cards": sizes,
            "counts": [dict(zip((SHARD_NAMES[x] for x in s.shards), sheets[i].counts, strict=True))
                       for i in range(n)],
            "trumps": [SHARD_NAMES[t] for t in s.trumps],
        },
    )


def estimate(s: State) -> list[float]:
    """Each seat's expected final score: its score now plus the cards still to come, each
    worth about what one more card of an average Shard would add."""
    n = s.players
    if s.step == OVER:
        return [float(score(a, s.shards, n)) for a in s.areas]
    tricks_left = max(0, s.tricks - s.trick_no + 1) + (ROUNDS - s.round) * TRICKS
    last_cards = (ROUNDS - s.round) + (0 if s.trump == DEVOTION else 1)
    to_come = tricks_left / n + last_cards
    k = len(s.shards)
    out = []
    for a in s.areas:
        counts = [0] * 8
        for c in a:
            counts[SHARD_OF[c]] += 1
        marginal = sum(counts[sh] + 1 for sh in s.shards) / k
        out.append(score(a, s.shards, n) + to_come * (marginal + 0.5 * to_come / k))
    return out

