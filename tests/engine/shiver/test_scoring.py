"""Endgame scoring and the tie-breaks, and the chest."""

from __future__ import annotations

from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.scoring import breakdown, result
from engine.games.shiver.state import Act, Buy, HideGold
from tests.engine.shiver.helpers import play, quick_game

T = {t.name: i for i, t in enumerate(C.TREASURES)}
M = {m.name: i for i, m in enumerate(C.MISSIONS)}


def finished(players=2, seed=1):
    s = quick_game(players, seed)
    s.over = True
    return s


def test_every_source_of_points():
    s = finished()
    g0, g1, g2 = s.goals
    s.secret[0] = [g0, g1]
    s.claims = [[0], [1, 0], []]  # first on g0 (10), second on g1 (5)
    s.t_ship[0] = [T["Drake's Rapier"]]  # 3 seals
    s.t_chest[0] = [T["Crown Jewels"]]  # 4 seals, hidden but still counted
    s.m_done[0] = [M["Tidings: St. David"], M["Rum for the Garrison"]]  # 1 + 2 seals
    s.gold[0] = 1700
    s.chest[0] = 1400  # 3,100 Gold in all: 3 points
    lines = dict(breakdown(s, 0))
    assert lines == {"Life goals": 15, "Secret goals": 10, "Treasures": 7, "Missions": 3, "Ships defeated": 0,
                     "Fortresses and monsters": 0,
                     "Gold": 3, "Family and soulmate": 0}
    r = result(s)
    assert r.scores[0] == 38 and r.ranking[0] == [0]
    assert sum(v for _, v in r.breakdown[0]) == r.scores[0]


def test_a_secret_goal_not_claimed_scores_no_bonus():
    s = finished()
    s.secret[0] = [s.goals[0], s.goals[1]]
    s.claims = [[1], [], []]
    assert dict(breakdown(s, 0))["Secret goals"] == 0
    assert dict(breakdown(s, 1))["Life goals"] == 10


def test_ties_go_to_fewer_missions_then_more_gold_then_are_shared():
    s = finished(3)
    s.secret = [[s.goals[3]]] * 3  # nobody claims its secret goal here
    s.claims = [[0], [1], [2], []]  # 10 points each
    s.m_done = [[M["Tidings: St. David"]], [], []]  # seat 0 earns 1 seal: 11
    s.gold = [0, 0, 0]
    s.chest = [0, 0, 0]
    r = result(s)
    assert r.scores == [11, 10, 10]
    s.claims = [[0], [1], [2], []]
    s.m_done = [[M["Tidings: St. David"]], [], []]
    s.t_ship[1] = [T["Buried Payroll"]]  # seat 1: 11 too, without a mission
    r = result(s)
    assert r.scores[:2] == [11, 11] and r.ranking[0] == [1]
    assert "fewest missions" in r.tiebreak
    s.t_ship[2] = [T["Lucky Parrot"]]  # seat 2: 11, no missions; more Gold decides
    s.gold[2] = 900
    r = result(s)
    assert r.ranking[0] == [2] and r.ranking[1] == [1] and "Gold" in r.tiebreak
    s.gold[1] = 900
    r = result(s)
    assert r.ranking[0] == [1, 2] and "share" in r.tiebreak


def test_hidden_gold_is_announced_safe_and_cannot_be_spent():
    s = quick_game(2, seed=3)
    s.pos[0] = C.LA_JUANITA
    s.cargo[0] = [0, 0, 0]
    ev = play(s, 0, HideGold(0))
    assert s.gold[0] == 0 and s.chest[0] == 300
    assert any("hides 300 Gold" in e.text and e.to is None for e in ev)  # announced to everyone
    assert C.ACT_BUY not in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    assert RULES.view(s, 1).seats[0].chest_gold == 300
    s.gold[0] = 200
    play(s, 0, Act(C.ACT_BUY))
    assert [m.units for m in RULES.legal(s, 0)] == [1, 2]
    play(s, 0, Buy(2))
    assert s.chest[0] == 300


def test_the_game_over_view_reveals_the_secret_goals():
    s = finished()
    s.step = 21
    v = RULES.view(s, 1)
    assert v.secrets == [list(x) for x in s.secret]
    assert v.over and v.to_act == ()
