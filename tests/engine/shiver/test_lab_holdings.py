"""The lab's report of what goes with winning: generic over what the final score breakdown carries (one line
per kind of holding), and the epic vs regular length figures it compares."""

from __future__ import annotations

from engine.core.rules import Config
from engine.games.shiver import RULES, lab
from engine.games.shiver import content as C
from engine.lab import Job, common_metrics, play_one


def _game(seed: int, options: dict[str, str]) -> dict:
    return play_one(Job("shiver", seed, 3, options, ["heuristic"], False))


def test_a_record_carries_every_holding_per_seat():
    g = _game(3, {})
    holds = g["holds"]
    assert set(holds) == {"goal", "first", "secret", "title", "family", "soulmate"}
    for x in range(3):
        assert holds["secret"][x] == sorted(g["secrets"][x])
        assert holds["goal"][x] == sorted(gl for gl, c in zip(g["goals"], g["claims"], strict=True) if x in c)
        assert set(holds["first"][x]) <= set(holds["goal"][x])
    assert g["epic"] is False and g["events"] is False


def test_titles_relatives_and_soulmates_are_read_from_the_score_details():
    details = {"titles": [[2], [], [5, 0]], "family": [[[3, 2], [9, 4]], [], [[0, 3]]],
               "soulmates": [[1, 3], [-1, 0], [-1, 0]]}
    holds = lab.holdings(details, 3)
    assert holds["title"] == [[2], [], [0, 5]]
    assert holds["family"] == [[3, 9], [], [0]]
    assert holds["soulmate"] == [[1], [], []]
    keys = {m.key for m in lab.metrics(3)}
    assert {f"win_with.title.{len(C.TITLES) - 1}", f"win_with.family.{len(C.FAMILY) - 1}", "win_with.soulmate.0"} <= keys


def test_win_share_by_holding_counts_the_holders_and_their_wins():
    games = [_game(s, {}) for s in range(4)]
    by_key = {m.key: m for m in lab.metrics(3)}
    for k in range(len(C.LIFE_GOALS)):
        pairs = by_key[f"win_with.secret.{k}"].pairs(games)
        holders = sum(d for _, d in pairs)
        assert holders == sum(1 for g in games for x in range(3) if k in g["secrets"][x])
        wins = sum(v for v, _ in pairs) / 3
        assert abs(wins - sum(lab._share(g, x) for g in games for x in range(3) if k in g["secrets"][x])) < 1e-9
    rows = lab.correlates(games, min_n=1)
    assert rows and all(n >= 1 for _, _, n in rows) and rows == sorted(rows, key=lambda t: -t[1])


def test_a_new_kind_of_holding_is_one_line(monkeypatch):
    extra = lab.Holding("origin", "Origin", lambda d, x: [d["origins"][x]], lambda k: C.ISLANDS[k].name, 6)
    monkeypatch.setattr(lab, "HOLDINGS", (*lab.HOLDINGS, extra))
    s = RULES.setup(Config(2, 1, RULES.options_from({})))
    details = {"goals": s.goals, "claims": s.claims, "secret_goals": [[0, 1], [1, 2]], "origins": [3, 4]}
    assert lab.holdings(details, 2)["origin"] == [[3], [4]]
    assert any(m.key == "win_with.origin.3" for m in lab.metrics(2))
    del details["origins"]  # a breakdown that does not carry it: left out, not an error
    assert "origin" not in lab.holdings(details, 2)


def test_epic_games_are_longer_and_the_lab_compares_their_length():
    keys = {m.key for m in common_metrics(4, ["heuristic"])} | {m.key for m in lab.metrics(4)}
    assert {"rounds", "moves_per_game"} <= keys
    regular = [_game(s, {}) for s in (1, 2)]
    epic = [_game(s, {"epic": "yes"}) for s in (1, 2)]
    assert all(g["epic"] for g in epic)
    assert sum(g["moves"] for g in epic) > sum(g["moves"] for g in regular)
    assert all(g["trigger"] == "goals" for g in epic)
