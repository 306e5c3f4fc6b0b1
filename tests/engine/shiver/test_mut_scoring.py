"""The score sheet line by line, the tie-break words, the Result's details and the bots' estimate
(issue 10 item 9: the mutants of scoring.py that survived the rule tests were the seals of each kind
read for the right seat, soulmate and family points, the table's running count, the tie-break words
and every key of the Result's details, and the estimate's terms)."""

from __future__ import annotations

import pytest

from engine.games.shiver import content as C
from engine.games.shiver import scoring
from engine.games.shiver.state import SOURCES, TRIG_GOALS, TRIG_WIND, State
from tests.engine.shiver.helpers import quick_game

A, B, D = 0, 1, 2  # three seats (D: the third)
T = {t.name: i for i, t in enumerate(C.TREASURES)}
M = {m.name: i for i, m in enumerate(C.MISSIONS)}
F = {r.name: i for i, r in enumerate(C.FAMILY)}
NAVIGATOR, NIECE = 0, 3  # soulmates: The Navigator is soulmate 0 (2 seals), The Governor's Niece 4
BIG_MERCHANT = 14  # a merchant marker of 2 seals or more (the first ones give 1)


def table() -> State:
    """Three captains at the end with points of every kind; A and B differ in every line."""
    s = quick_game(3, seed=1)
    g0, g1, g2, g3 = s.goals
    s.secret = [[g0, g2], [g1, g3], [g3, g0]]
    s.claims = [[A, B], [B], [B, A], []]  # A: 10 + 5, B: 5 + 10 + 10; A's two secret goals and B's g1 claimed
    s.t_ship[A] = [T["Drake's Rapier"], T["Royal Signet"]]  # 3 + 2
    s.t_chest[A] = [T["Crown Jewels"]]  # 4
    s.t_ship[B] = [T["Buried Payroll"]]  # 1
    s.m_done[A] = [M["Tidings: St. David"], M["Rum for the Garrison"]]  # 1 + 2
    s.m_done[B] = [M["Rum for the Garrison"]]  # 2
    s.defeated[A] = [0, BIG_MERCHANT]
    s.defeated[B] = [1]
    s.ship_marker = [-1, A, A]  # A holds B's and D's ship markers
    s.forts_won[B] = [0, 3]
    s.monsters_won[A] = [0, -1]  # a -1: no marker (the marker's place kept)
    s.monsters_won[B] = [4]
    s.gold = [1700, 999, 50]
    s.chest = [1400, 1, 0]
    s.soulmate = [NAVIGATOR, -1, NIECE]
    s.family = [[F["father"], F["uncle"]], [F["aunt"]], []]
    s.over = True
    return s


def test_the_content_these_tests_count():
    v = C.TREASURES
    assert [v[T[n]].vp for n in ("Drake's Rapier", "Royal Signet", "Crown Jewels", "Buried Payroll")] == [3, 2, 4, 1]
    assert C.MISSIONS[M["Tidings: St. David"]].vp == 1 and C.MISSIONS[M["Rum for the Garrison"]].vp == 2
    assert [C.MERCHANTS[x].vp for x in (0, 1, BIG_MERCHANT)] == [1, 1, 2]
    assert C.SHIP_MARKER_VP == 2 and [C.FORTRESSES_DATA[x].vp for x in (0, 3)] == [3, 3]
    assert [C.MONSTER_MARKERS[k].vp for k in (0, 4)] == [5, 4]
    assert [C.SOULMATES[k].vp for k in (NAVIGATOR, NIECE)] == [2, 4]
    assert [C.FAMILY[F[n]].vp for n in ("father", "uncle", "aunt")] == [3, 2, 2]
    assert (C.GOAL_FIRST, C.GOAL_LATER, C.GOAL_SECRET_BONUS) == (10, 5, 5)


EXPECTED = {
    A: [("Life goals", 15), ("Secret goals", 10), ("Treasures", 9), ("Missions", 3), ("Ships defeated", 1 + 2 + 4),
        ("Fortresses and monsters", 5), ("Gold", 3), ("Family and soulmate", 3 + 2 + 2)],
    B: [("Life goals", 25), ("Secret goals", 5), ("Treasures", 1), ("Missions", 2), ("Ships defeated", 1),
        ("Fortresses and monsters", 6 + 4), ("Gold", 1), ("Family and soulmate", 2)],
    D: [("Life goals", 0), ("Secret goals", 0), ("Treasures", 0), ("Missions", 0), ("Ships defeated", 0),
        ("Fortresses and monsters", 0), ("Gold", 0), ("Family and soulmate", 4)],
}


@pytest.mark.parametrize("seat", [A, B, D])
def test_every_line_of_the_score_sheet(seat):
    s = table()
    assert scoring.breakdown(s, seat) == EXPECTED[seat]
    lines = dict(EXPECTED[seat])
    assert scoring.goal_points(s, seat) == lines["Life goals"]
    assert scoring.secret_points(s, seat) == lines["Secret goals"]
    assert scoring.gold_points(s, seat) == lines["Gold"]
    assert scoring.family_points(s, seat) == lines["Family and soulmate"]
    assert list(scoring.seals(s, seat)) == [lines["Treasures"], lines["Missions"], lines["Ships defeated"],
                                             lines["Fortresses and monsters"]]


def test_the_claimed_goals_in_the_goals_order():
    s = table()
    g0, g1, g2, _ = s.goals
    assert scoring.claimed_goals(s, A) == [g0, g2]
    assert scoring.claimed_goals(s, B) == [g0, g1, g2]
    assert scoring.claimed_goals(s, D) == []


def test_family_points_only_with_the_lost_family_in_play():
    s = table()
    s.soulmate = []
    assert [scoring.family_points(s, i) for i in (A, B, D)] == [0, 0, 0]
    s.soulmate = [-1, -1, NAVIGATOR]
    assert [scoring.family_points(s, i) for i in (A, B, D)] == [5, 2, 2]


def test_the_public_count_is_the_sheet_without_the_secret_goals():
    s = table()
    expected = [sum(v for _, v in EXPECTED[i]) - dict(EXPECTED[i])["Secret goals"] for i in (A, B, D)]
    assert expected == [49, 42, 4]
    assert scoring.public_scores(s) == expected
    s.soulmate = []
    assert scoring.public_scores(s) == [42, 40, 0]


def test_the_ranking_and_the_result_of_a_game_with_a_clear_winner():
    s = table()
    assert scoring.result(s) is not None
    r = scoring.result(s)
    assert r.scores == [59, 47, 4] and r.ranking == [[A], [B], [D]] and r.tiebreak == ""
    assert r.breakdown == [EXPECTED[A], EXPECTED[B], EXPECTED[D]]
    assert scoring.tied_for_victory(s) == []
    s.final_winner = A  # a duel's winner who is not tied changes nothing
    assert scoring.result(s).ranking == [[A], [B], [D]]
    s.over = False
    assert scoring.result(s) is None


def test_every_detail_of_the_result():
    s = table()
    s.round, s.trigger = 9, TRIG_GOALS
    s.income[A][2] = 800
    s.income[B][0] = 1200
    s.by_round = [[1, 2, 3], [4, 5, 6]]
    s.title_of = [-1] * len(C.TITLES)
    s.title_of[C.T_BARON], s.title_of[C.T_KEEPER], s.title_of[C.T_ADMIRAL] = B, A, B
    s.final_winner = -1
    d = scoring.result(s).details
    assert d == {
        "secret_goals": [list(x) for x in s.secret],
        "origins": list(s.origin),
        "talents": list(s.talent),
        "claims": [[A, B], [B], [B, A], []],
        "goals": list(s.goals),
        "rounds": 9,
        "trigger": "goals",
        "missions": [2, 1, 0],
        "gold": [3100, 1000, 50],
        "ship_gold": [1700, 999, 50],
        "chest_gold": [1400, 1, 0],
        "ship_treasures": [[[T["Drake's Rapier"], 3], [T["Royal Signet"], 2]], [[T["Buried Payroll"], 1]], []],
        "chest_treasures": [[[T["Crown Jewels"], 4]], [], []],
        "missions_done": [[[M["Tidings: St. David"], 1], [M["Rum for the Garrison"], 2]],
                          [[M["Rum for the Garrison"], 2]], []],
        "defeated": [[[0, 1], [BIG_MERCHANT, 2]], [[1, 1]], []],
        "ship_markers": [-1, A, A],
        "fortresses": [[], [[0, 3], [3, 3]], []],
        "monsters": [[[0, 5], [-1, 0]], [[4, 4]], []],
        "final_duel": -1,
        "titles": [[C.T_KEEPER], sorted([C.T_ADMIRAL, C.T_BARON]), []],
        "family": [[[F["father"], 3], [F["uncle"], 2]], [[F["aunt"], 2]], []],
        "soulmates": [[NAVIGATOR, 2], [-1, 0], [NIECE, 4]],
        "income": {src: [s.income[i][k] for i in range(3)] for k, src in enumerate(SOURCES)},
        "by_round": [[1, 2, 3], [4, 5, 6]],
    }
    assert d["income"]["trade"] == [0, 1200, 0] and d["income"]["treasures sold"] == [800, 0, 0]
    s.trigger = TRIG_WIND
    assert scoring.result(s).details["trigger"] == "wind"
    s.trigger = 0
    assert scoring.result(s).details["trigger"] == ""
    s.soulmate = []
    d = scoring.result(s).details
    assert d["family"] == [] and d["soulmates"] == []


def tie(s: State) -> None:
    """A and B level on points (47 each: A without two treasures and with one secret goal met), D far behind;
    A has completed two missions, B one."""
    s.t_chest[A] = []
    s.t_ship[A] = [T["Royal Signet"]]
    s.secret[A] = [s.goals[0], s.goals[3]]
    assert [sum(v for _, v in scoring.breakdown(s, i)) for i in (A, B)] == [47, 47]


def test_a_tie_on_points_goes_to_the_fewest_missions():
    s = table()
    tie(s)
    r = scoring.result(s)
    assert len(s.m_done[A]) == 2 and len(s.m_done[B]) == 1
    assert r.ranking == [[B], [A], [D]]
    assert r.tiebreak == "Blue wins the tie on 47 points by completing the fewest missions"
    assert scoring.tied_for_victory(s) == []


def gold_tie(s: State) -> None:
    tie(s)
    s.m_done[B].append(M["Tidings: St. David"])  # B: one seal more and two missions; one Gold point less
    s.gold[B], s.chest[B] = 0, 0
    assert [sum(v for _, v in scoring.breakdown(s, i)) for i in (A, B)] == [47, 47]


def test_a_tie_on_points_and_missions_goes_to_the_most_gold():
    s = table()
    gold_tie(s)
    r = scoring.result(s)
    assert r.ranking == [[A], [B], [D]]
    assert r.tiebreak == "Red wins the tie on 47 points and missions with the most Gold"
    s.chest[B] = 3101  # now B has more Gold, and 3 points more: no tie
    assert scoring.result(s).tiebreak == ""


def test_the_gold_of_the_tie_break_is_the_ship_and_the_chest_together():
    s = table()
    gold_tie(s)
    s.gold[A], s.chest[A] = 100, 2900  # 3,000 Gold, most of it in the chest: 3 points, as before
    s.gold[B], s.chest[B] = 2500, 0  # 2 points more for B, taken off in seals
    s.t_ship[B], s.defeated[B] = [], []
    assert [sum(v for _, v in scoring.breakdown(s, i)) for i in (A, B)] == [47, 47]
    assert len(s.m_done[A]) == len(s.m_done[B]) == 2
    r = scoring.result(s)
    assert r.ranking[0] == [A] and r.tiebreak == "Red wins the tie on 47 points and missions with the most Gold"


def test_a_full_tie_is_shared_unless_the_duel_for_victory_decides_it():
    s = table()
    gold_tie(s)
    s.gold[A], s.chest[A] = 0, 0  # A: three Gold points less, given back in seals
    s.t_ship[A].append(T["Drake's Rapier"])
    assert [sum(v for _, v in scoring.breakdown(s, i)) for i in (A, B)] == [47, 47]
    r = scoring.result(s)
    assert r.ranking == [[A, B], [D]]
    assert r.tiebreak == ("Red and Blue tie on points, completed missions and Gold, and their duel for victory too: "
                          "they share it")
    assert scoring.tied_for_victory(s) == [A, B]
    s.final_winner = -1  # the duel tied
    assert scoring.result(s).ranking == [[A, B], [D]]
    s.final_winner = D  # not one of the tied: nothing changes
    assert scoring.result(s).ranking == [[A, B], [D]]
    s.final_winner = B
    r = scoring.result(s)
    assert r.ranking == [[B], [A], [D]] and r.scores == [47, 47, 4]
    assert r.tiebreak == "Blue wins the tie on 47 points by winning the duel for victory"
    s.final_winner = A
    r = scoring.result(s)
    assert r.ranking == [[A], [B], [D]]
    assert r.tiebreak == "Red wins the tie on 47 points by winning the duel for victory"


def test_three_tied_are_listed_in_seat_order():
    s = quick_game(3, seed=1)
    s.gold = [0, 0, 0]
    s.over = True
    assert scoring.tied_for_victory(s) == [A, B, D]
    r = scoring.result(s)
    assert r.scores == [0, 0, 0] and r.ranking == [[A, B, D]]
    assert r.tiebreak == ("Red and Blue and Green tie on points, completed missions and Gold, and their duel for "
                          "victory too: they share it")
    s.gold[D] = 100  # D ahead on Gold only
    assert scoring.result(s).ranking == [[D], [A, B]] and scoring.tied_for_victory(s) == []


def test_the_estimate_adds_the_goals_in_reach_the_gold_the_goods_and_the_hunt():
    s = table()
    s.over = False
    g3 = s.goals[3]
    s.track[A], s.track_pos[A] = T["Drake's Rapier"], 11  # half of its 22 spaces: 1.5 of its 3 seals
    s.cargo[A] = [1, 2, 0]
    s.track[B] = -1
    est = scoring.estimate(s)
    prog = {seat: {g: scoring.goal_progress(s, seat, g) for g in s.goals} for seat in (A, B, D)}

    def share(seat: int, gi: int, worth: int) -> float:
        g = s.goals[gi]
        frac = min(1.0, prog[seat][g] / C.LIFE_GOALS[g].target)
        return 0.6 * frac * frac * worth

    a = 59 + share(A, 1, 5) + share(A, 3, 10) + 100 / 1000 + 0.2 * 3 + 3 * 11 / 22
    b = 47 + share(B, 3, 10 + 5) + 0 / 1000 + 0.2 * sum(s.cargo[B])  # g3 is B's secret goal
    d = 4 + share(D, 0, 5 + 5) + share(D, 1, 5) + share(D, 2, 5) + share(D, 3, 15) + 50 / 1000 + 0.2 * sum(s.cargo[D])
    assert est == pytest.approx([a, b, d], abs=1e-9)
    assert g3 in s.secret[B] and g3 in s.secret[D]


def test_the_estimate_caps_a_goal_at_its_target_and_reads_the_first_treasure_on_the_track():
    prince, miser, favourite = 1, 9, 3  # Merchant Prince (12 sold), Miser (1,500 in the chest), 3 missions
    assert [C.LIFE_GOALS[g].target for g in (prince, miser, favourite)] == [12, 1500, 3]
    s = quick_game(2, seed=1)
    s.goals = [prince, miser, favourite]
    s.claims = [[], [B], []]
    s.secret = [[miser, favourite], [prince, miser]]
    s.sold[A], s.chest[A], s.gold[A] = 20, 2500, 300
    s.m_done[A] = [M["Tidings: St. David"]]
    s.cargo[A] = [0, 0, 0]
    s.track[A], s.track_pos[A] = T["Royal Signet"], 7  # treasure 0: 14 spaces, 2 seals
    assert T["Royal Signet"] == 0 and C.TREASURES[0].length == 14 and C.TREASURES[0].vp == 2
    assert [scoring.goal_progress(s, A, g) for g in s.goals] == [20, 2500, 1]
    base = sum(v for _, v in scoring.breakdown(s, A))
    assert base == 1 + 2  # the mission's seal, 2,800 Gold
    extra = 0.6 * 1 * 10 + 0.6 * 1 * (5 + 5) + 0.6 * (1 / 3) ** 2 * (10 + 5) + 800 / 1000 + 2 * 7 / 14
    assert scoring.estimate(s)[A] == pytest.approx(base + extra, abs=1e-9)


def test_the_facts_the_equivalent_mutants_of_scoring_rest_on():
    """docs/mutation.md: the ``strict=True`` of two zips (→ False, None, left out) pairs lists of equal lengths."""
    s = table()
    assert len(scoring.LINES) == len(scoring.breakdown(s, A)) == 8
    assert len(s.goals) == len(s.claims)
