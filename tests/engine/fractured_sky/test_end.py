"""The end: five rounds, most starfalls wins, the tie-breaks, and an explained result."""

from __future__ import annotations

from engine.core.bench import random_playout
from engine.games.fractured_sky import RULES, scoring
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import OVER
from tests.engine.fractured_sky.helpers import fresh


def ended(players=3, seed=1):
    from engine.core.rng import Rng

    s = fresh(players, seed)
    rng = Rng.seeded(seed)
    while acting := RULES.to_act(s):
        moves = RULES.legal(s, acting[0])
        RULES.apply(s, acting[0], moves[rng.below(len(moves))], True)
    return s


def test_the_game_ends_after_five_rounds():
    s = ended()
    assert s.phase == OVER and s.round == C.ROUNDS and len(s.by_round) == 5
    assert RULES.to_act(s) == ()
    assert RULES.result(fresh(3)) is None


def test_most_starfalls_wins_and_the_breakdown_adds_up():
    for seed in range(5):
        s = ended(4, seed)
        r = RULES.result(s)
        assert r.scores == s.stars
        assert max(s.stars) == s.stars[r.ranking[0][0]]
        for x in range(4):
            assert sum(p for _, p in r.breakdown[x]) == r.scores[x]
            assert [label for label, _ in r.breakdown[x]] == ["public starfalls", "hidden starfalls", "objectives"]


def test_tie_breaks_resources_then_buildings_then_the_track():
    s = ended(3, 2)
    s.stars = [5, 5, 5]
    s.src = [0, 0, 5] * 3
    s.res[0:9] = [1, 1, 1, 2, 1, 1, 1, 1, 1]  # Blue has the most left
    r = RULES.result(s)
    assert r.ranking[0] == [1]
    assert "resources left" in r.tiebreak
    s.res[0:9] = [1, 1, 1] * 3
    s.built[0:9] = [0, 0, 0, 1, 1, 0, 2, 0, 0]  # Blue and Green 2 buildings each, Red none
    s.next_order = [2, 0, 1]
    r = RULES.result(s)
    assert [p[0] for p in r.ranking] == [2, 1, 0]  # Green before Blue on the track; Red last
    assert "turn-order track" in r.tiebreak and "buildings" in r.tiebreak


def test_skimmers_are_not_buildings_for_the_tie_break():
    s = fresh(3)
    s.built[0:3] = [1, 0, 4]
    assert scoring.buildings(s, 0) == 1


def test_every_count_plays_to_the_end():
    for players in range(1, 6):
        for seed in range(6):
            assert random_playout(RULES, players, seed) > 30
