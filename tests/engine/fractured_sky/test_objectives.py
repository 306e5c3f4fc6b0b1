"""Objective cards: one a round, scored after the reveal and before the regional rewards."""

from __future__ import annotations

import pytest

from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import scoring
from engine.games.fractured_sky.state import SRC_OBJECTIVE
from tests.engine.fractured_sky.helpers import finish_round, fresh, set_order

RED, BLUE, GREEN = 0, 1, 2


def card(name):
    return next(k for k, o in enumerate(C.OBJECTIVES) if o.name == name)


def measured(s, name):
    return [scoring.measure(s, x, C.OBJECTIVES[card(name)].measure) for x in range(s.n)]


def revealed(plan, order=(RED, BLUE, GREEN), objective="Iron Stockpile", setup=None):
    s = fresh(3, 1)
    set_order(s, list(order))
    s.starfalls = [0] * 10
    s.objectives[0] = card(objective)
    if setup:
        setup(s)
    finish_round(s, plan)
    return s


QUIET = {RED: [(9, 0), (9, 1), (9, 2)], BLUE: [(8, 0), (8, 1), (8, 2)], GREEN: [(7, 0), (7, 1), (7, 2)]}


def test_the_leader_gains_a_starfall_others_reaching_the_minimum_a_resource():
    def setup(s):
        s.res[RED * 3 + C.IRON] = 6
        s.res[BLUE * 3 + C.IRON] = 4
        s.res[GREEN * 3 + C.IRON] = 3
    s = revealed(QUIET, objective="Iron Stockpile", setup=setup)
    assert s.objective_log[0] == [RED, BLUE]
    assert s.stars[RED] == 1 and s.src[RED * 3 + SRC_OBJECTIVE] == 1
    assert s.res[BLUE * 3 + C.GOLD] >= 1  # the consolation: 1 gold


def test_an_objective_tie_goes_to_the_side_earlier_in_turn_order():
    def setup(s):
        s.res[RED * 3 + C.IRON] = 5
        s.res[BLUE * 3 + C.IRON] = 5
    s = revealed(QUIET, order=(BLUE, GREEN, RED), setup=setup)
    assert s.objective_log[0][0] == BLUE


def test_nobody_reaching_the_minimum_scores_nothing():
    s = revealed(QUIET, objective="Gold Hoard", setup=lambda s: s.res.__setitem__(slice(0, 9), [1, 0, 0] * 3))
    # (the last side to finish takes 2 gold for the last space: 3, still short of 4)
    assert s.objective_log[0] == [-1] and sum(s.stars) == 0


def test_sky_sovereign_counts_regions_ranked_first():
    s = revealed({RED: [(9, 1), (8, 2), (7, 0)], BLUE: [(5, 2), (5, 0), (5, 0)], GREEN: [(6, 2), (6, 0), (6, 0)]},
                 objective="Sky Sovereign")
    assert measured(s, "Sky Sovereign") == [2, 1, 1]
    assert s.objective_log[0][0] == RED


def test_iron_fist_measures_the_most_troop_power_in_one_region():
    s = revealed({RED: [(9, 9), (8, 1), (7, 0)], BLUE: [(5, 5), (5, 3), (5, 0)], GREEN: [(6, 2), (6, 0), (6, 0)]},
                 objective="Iron Fist")
    assert measured(s, "Iron Fist") == [9, 8, 2]
    assert s.objective_log[0] == [RED, BLUE]


def test_lone_outposts_counts_uncontested_regions():
    s = revealed({RED: [(9, 1), (8, 2), (7, 0)], BLUE: [(9, 2), (5, 0), (5, 0)], GREEN: [(6, 2), (6, 0), (6, 0)]},
                 objective="Lone Outposts")
    # Red is alone in Fen and Vale (a 0-chip airship is there too); Stormcrest is shared with Blue
    assert measured(s, "Lone Outposts") == [2, 1, 1]
    assert scoring.uncontested(s, RED) == 2


@pytest.mark.parametrize("name,setup,expected", [
    ("Trade Baron", lambda s: s.built.__setitem__(slice(0, 9), [2, 0, 0, 3, 0, 0, 0, 0, 0]), [2, 3, 0]),
    ("Stone Walls", lambda s: s.built.__setitem__(slice(0, 9), [0, 2, 0, 0, 1, 0, 0, 4, 0]), [2, 1, 4]),
    ("Gold Hoard", lambda s: s.res.__setitem__(slice(0, 9), [5, 0, 0, 1, 0, 0, 7, 0, 0]), [5, 1, 7]),
    ("Timber Reserve", lambda s: s.res.__setitem__(slice(0, 9), [0, 4, 0, 0, 9, 0, 0, 0, 0]), [4, 9, 0]),
])
def test_counting_measures(name, setup, expected):
    s = fresh(3, 1)
    setup(s)
    assert measured(s, name) == expected


def test_border_keeper_counts_only_buildings_on_two_region_sites():
    s = fresh(3, 1)
    two = [k for k, r in enumerate(C.SITE_REGIONS) if len(r) == 2]
    three = [k for k, r in enumerate(C.SITE_REGIONS) if len(r) == 3]
    for k in two[:2] + three[:2]:
        s.site_owner[k], s.site_kind[k] = RED, C.MARKET
    s.site_owner[two[3]], s.site_kind[two[3]] = BLUE, C.FORTRESS
    assert measured(s, "Border Keeper") == [2, 1, 0]


def test_spymaster_counts_scouts_without_a_resource_and_pathfinder_hidden_starfalls():
    s = fresh(3, 1)
    s.looked = [3, 1, 0]
    s.explored = [0, 2, 1]
    assert measured(s, "Spymaster") == [3, 1, 0]
    assert measured(s, "Pathfinder") == [0, 2, 1]


def test_skimmer_fleet_counts_skimmers_in_the_sky_this_round():
    s = fresh(3, 1)
    s.skimmers[2 * 3 + RED] = 2
    s.skimmers[5 * 3 + RED] = 1
    s.skimmers[5 * 3 + GREEN] = 2
    assert measured(s, "Skimmer Fleet") == [3, 0, 2]
