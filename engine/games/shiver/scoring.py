"""Endgame scoring, tie-breaks, the public running score and the search estimate.

seed: "You score the points for any life goals you achieved: 10 points if you were the first
player to reach the goal, 5 points otherwise. You score 5 bonus points for every secret chosen
goal you managed to achieve. You score all points on the wax seals you collected. ... And
finally, you score 1 point for every 1,000 Gold in your chest or on your ship."
"""

from __future__ import annotations

from typing import Any

from engine.core.rules import Result
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import goal_progress, who
from engine.games.shiver.state import SOURCES, TRIG_GOALS, TRIG_WIND, State

LINES = ("Life goals", "Secret goals", "Treasures", "Missions", "Ships defeated", "Fortresses and monsters", "Gold",
         "Family and soulmate")


def goal_points(s: State, seat: int) -> int:
    pts = 0
    for claims in s.claims:
        if seat in claims:
            pts += C.GOAL_FIRST if claims[0] == seat else C.GOAL_LATER
    return pts


def claimed_goals(s: State, seat: int) -> list[int]:
    return [g for g, claims in zip(s.goals, s.claims, strict=True) if seat in claims]


def secret_points(s: State, seat: int) -> int:
    claimed = claimed_goals(s, seat)
    return C.GOAL_SECRET_BONUS * sum(1 for g in s.secret[seat] if g in claimed)


def seals(s: State, seat: int) -> tuple[int, int, int, int]:
    """Wax seals: treasures (on the ship and in the chest), completed missions, defeated ships (merchant
    markers and the ship markers of captains this seat defeated first), fortresses and monsters."""
    t = sum(C.TREASURES[c].vp for c in s.t_ship[seat]) + sum(C.TREASURES[c].vp for c in s.t_chest[seat])
    m = sum(C.MISSIONS[c].vp for c in s.m_done[seat])
    d = sum(C.MERCHANTS[x].vp for x in s.defeated[seat]) + C.SHIP_MARKER_VP * sum(1 for w in s.ship_marker if w == seat)
    f = sum(C.FORTRESSES_DATA[x].vp for x in s.forts_won[seat]) + sum(
        C.MONSTER_MARKERS[k].vp for k in s.monsters_won[seat] if k >= 0)
    return t, m, d, f


def family_points(s: State, seat: int) -> int:
    """seed: "points on rescued family members and soulmates" — the seals on their markers (issue 17)."""
    if not s.soulmate:
        return 0
    pts = sum(C.FAMILY[f].vp for f in s.family[seat])
    k = s.soulmate[seat]
    return pts + (C.SOULMATES[k].vp if k >= 0 else 0)


def gold_points(s: State, seat: int) -> int:
    """One point per full 1,000 Gold, counting the chest and the ship together."""
    return (s.gold[seat] + s.chest[seat]) // 1000


def breakdown(s: State, seat: int) -> list[tuple[str, int]]:
    t, m, d, f = seals(s, seat)
    return list(zip(LINES, (goal_points(s, seat), secret_points(s, seat), t, m, d, f, gold_points(s, seat),
                            family_points(s, seat)), strict=True))


_TREASURE_VP = tuple(t.vp for t in C.TREASURES)
_MISSION_VP = tuple(m.vp for m in C.MISSIONS)
_MERCHANT_VP = tuple(m.vp for m in C.MERCHANTS)
_FORTRESS_VP = tuple(f.vp for f in C.FORTRESSES_DATA)
_MONSTER_VP = tuple(k.vp for k in C.MONSTER_MARKERS)


def public_scores(s: State) -> list[int]:
    """What the table can count during play (the secret goals' bonus is hidden until the end): the life goals,
    the seals and the Gold of ``breakdown`` — summed straight (every round's end records it)."""
    out = []
    for seat in range(s.players):
        v = (s.gold[seat] + s.chest[seat]) // 1000
        for claims in s.claims:
            if seat in claims:
                v += C.GOAL_FIRST if claims[0] == seat else C.GOAL_LATER
        for c in s.t_ship[seat]:
            v += _TREASURE_VP[c]
        for c in s.t_chest[seat]:
            v += _TREASURE_VP[c]
        for c in s.m_done[seat]:
            v += _MISSION_VP[c]
        for x in s.defeated[seat]:
            v += _MERCHANT_VP[x]
        for w in s.ship_marker:
            if w == seat:
                v += C.SHIP_MARKER_VP
        for x in s.forts_won[seat]:
            v += _FORTRESS_VP[x]
        for k in s.monsters_won[seat]:
            if k >= 0:
                v += _MONSTER_VP[k]
        out.append(v + family_points(s, seat))
    return out


def _ranking(s: State) -> tuple[list[int], list[list[int]]]:
    """seed: "If two or more players are tied for top points, the player who completed the fewest missions
    for the governor wins. If the scores are still tied, the player with the most Gold wins." """
    p = s.players
    scores = [sum(v for _, v in breakdown(s, seat)) for seat in range(p)]

    def key(seat: int) -> tuple[int, int, int]:
        return (-scores[seat], len(s.m_done[seat]), -(s.gold[seat] + s.chest[seat]))

    order = sorted(range(p), key=key)
    ranking: list[list[int]] = []
    for seat in order:
        if ranking and key(ranking[-1][0]) == key(seat):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return scores, ranking


def tied_for_victory(s: State) -> list[int]:
    """The captains still tied for first place after the missions and the Gold (in seat order)."""
    _, ranking = _ranking(s)
    return sorted(ranking[0]) if len(ranking[0]) > 1 else []


def result(s: State) -> Result | None:
    if not s.over:
        return None
    p = s.players
    lines = [breakdown(s, seat) for seat in range(p)]
    scores, ranking = _ranking(s)
    # seed: "If scores are still tied, duel for the victory." The winner of the duel (or of the last of several)
    # leads; a duel that ends in a tie leaves the place shared.
    w = s.final_winner
    if w >= 0 and len(ranking[0]) > 1 and w in ranking[0]:
        rest = [x for x in ranking[0] if x != w]
        ranking = [[w], rest, *ranking[1:]]
    tiebreak = _tiebreak_words(s, scores, ranking)
    details: dict[str, Any] = {
        "secret_goals": [list(x) for x in s.secret],
        "origins": list(s.origin),
        "talents": list(s.talent),
        "claims": [list(c) for c in s.claims],
        "goals": list(s.goals),
        "rounds": s.round,
        "trigger": {TRIG_GOALS: "goals", TRIG_WIND: "wind"}.get(s.trigger, ""),
        "missions": [len(x) for x in s.m_done],
        "gold": [s.gold[i] + s.chest[i] for i in range(p)],
        "ship_gold": list(s.gold),
        "chest_gold": list(s.chest),
        # every seal by where it came from: [card, seals] per treasure on the ship, in the chest, per mission
        "ship_treasures": [[[c, C.TREASURES[c].vp] for c in s.t_ship[i]] for i in range(p)],
        "chest_treasures": [[[c, C.TREASURES[c].vp] for c in s.t_chest[i]] for i in range(p)],
        "missions_done": [[[c, C.MISSIONS[c].vp] for c in s.m_done[i]] for i in range(p)],
        "defeated": [[[x, C.MERCHANTS[x].vp] for x in s.defeated[i]] for i in range(p)],
        "ship_markers": list(s.ship_marker),
        "fortresses": [[[x, C.FORTRESSES_DATA[x].vp] for x in s.forts_won[i]] for i in range(p)],
        "monsters": [[[k, C.MONSTER_MARKERS[k].vp if k >= 0 else 0] for k in s.monsters_won[i]] for i in range(p)],
        "final_duel": s.final_winner,
        "titles": [[t for t, k in enumerate(s.title_of) if k == i] for i in range(p)],
        "family": [[[x, C.FAMILY[x].vp] for x in s.family[i]] for i in range(p)] if s.soulmate else [],
        "soulmates": [[s.soulmate[i], C.SOULMATES[s.soulmate[i]].vp if s.soulmate[i] >= 0 else 0]
                      for i in range(p)] if s.soulmate else [],
        "income": {src: [s.income[i][k] for i in range(p)] for k, src in enumerate(SOURCES)},
        "by_round": [list(r) for r in s.by_round],  # the table's count at the end of each round
    }
    return Result(scores, ranking, lines, tiebreak, details)


def _tiebreak_words(s: State, scores: list[int], ranking: list[list[int]]) -> str:
    top = max(scores)
    tied = [i for i in range(s.players) if scores[i] == top]
    if len(tied) < 2:
        return ""
    if len(ranking[0]) > 1:
        names = " and ".join(who(s, i) for i in ranking[0])
        return f"{names} tie on points, completed missions and Gold, and their duel for victory too: they share it"
    w = ranking[0][0]
    if s.final_winner == w:
        return f"{who(s, w)} wins the tie on {top} points by winning the duel for victory"
    fewest = min(len(s.m_done[i]) for i in tied)
    if sum(1 for i in tied if len(s.m_done[i]) == fewest) == 1:
        return f"{who(s, w)} wins the tie on {top} points by completing the fewest missions"
    return f"{who(s, w)} wins the tie on {top} points and missions with the most Gold"


# ---------------------------------------------------------------- for search


def estimate(s: State) -> list[float]:
    """Expected final scores (ISMCTS cuts rollouts short with this): the score so far, the secret
    goals' bonus, and a share of every goal still in reach by how far each captain has come."""
    out = []
    for seat in range(s.players):
        v = float(sum(x for _, x in breakdown(s, seat)))
        for gi, g in enumerate(s.goals):
            if seat in s.claims[gi]:
                continue
            frac = min(1.0, goal_progress(s, seat, g) / C.LIFE_GOALS[g].target)
            worth = (C.GOAL_LATER if s.claims[gi] else C.GOAL_FIRST)
            if g in s.secret[seat]:
                worth += C.GOAL_SECRET_BONUS
            v += 0.6 * frac * frac * worth
        v += (s.gold[seat] + s.chest[seat]) % 1000 / 1000 + 0.2 * sum(s.cargo[seat])
        tr = s.track[seat]
        if tr >= 0:
            t = C.TREASURES[tr]
            v += t.vp * s.track_pos[seat] / t.length
        out.append(v)
    return out
