"""Setup, the table of sides (people and automa), and the board's content."""

from __future__ import annotations

import pytest

from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import Step
from tests.engine.fractured_sky.helpers import fresh


@pytest.mark.parametrize("players,sides,automa", [(1, 3, 2), (2, 3, 1), (3, 3, 0), (4, 4, 0), (5, 5, 0)])
def test_the_automa_brings_every_table_to_three_sides(players, sides, automa):
    s = fresh(players)
    assert (s.n, s.automa) == (sides, automa)
    assert RULES.automa_seats(players, RULES.Options()) == tuple(range(sides - automa, sides))


def test_every_side_starts_with_its_airships_chips_and_resources_plus_gold_by_position():
    s = fresh(4, seed=3)
    for k, side in enumerate(s.order):
        # 2 gold, 1 wood, 1 iron, and 1 more gold for every side ahead of it in round 1
        assert s.res[side * 3:side * 3 + 3] == [2 + k, 1, 1]
        assert s.ships_left[side] == C.SHIPS == 3
        assert s.budget[side] == C.POWER_LIMIT == 10
        assert s.chips[side] == (1 << 12) - 1  # all twelve chips
    assert C.CHIPS == (0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def test_five_objectives_face_up_one_per_round():
    for seed in range(10):
        s = fresh(3, seed)
        assert len(s.objectives) == C.ROUNDS == 5
        assert len(set(s.objectives)) == 5


def test_round_one_reveals_the_public_starfall_from_whole_decks():
    s = fresh(4, seed=5)
    assert s.starfalls[s.public] == 1 and sum(s.starfalls) == 1
    assert sorted(s.pub_deck + [s.public]) == list(range(10))  # one card per region
    assert sorted(s.hid_deck) == list(range(10))  # the identical hidden deck, whole
    assert s.hid_cards == []


def test_only_automa_sides_reveal_a_market_card():
    s = fresh(1, seed=2)
    assert s.ai_card[0] == -1
    assert s.ai_card[1] >= 0 and s.ai_card[2] >= 0 and s.ai_card[1] != s.ai_card[2]
    assert fresh(4).ai_card == [-1] * 4


def test_first_side_is_asked_to_act_or_the_automa_plays():
    for seed in range(6):
        s = fresh(1, seed)
        first = s.order[0]
        assert RULES.to_act(s) == (first,)
        assert s.step == (Step.AUTOMA if first >= 1 else Step.ACT)


def test_the_board():
    assert len(C.REGIONS) == 10
    assert C.REGIONS[0].name == "Dreadful Desert"  # the seed's own region
    # the seed's payload example: after the starfall, "1 gold and 1 wood"
    assert C.REGIONS[1].tiers[0] == (1, 1, 0)
    for r, reg in enumerate(C.REGIONS):
        assert len(reg.tiers) == 3
        assert len(set(reg.produces)) == 2
        assert len(C.REGION_SITES[r]) >= 3
        for tier in reg.tiers:
            assert all(tier[k] == 0 or k in reg.produces for k in range(3)), reg.name
    twos = [s for s in C.SITES if len(s.regions) == 2]
    threes = [s for s in C.SITES if len(s.regions) == 3]
    assert (len(twos), len(threes)) == (12, 6)
    assert len({tuple(sorted(s.regions)) for s in C.SITES}) == 18


def test_costs_on_two_and_three_region_sites():
    two = next(k for k, s in enumerate(C.SITES) if len(s.regions) == 2)
    three = next(k for k, s in enumerate(C.SITES) if len(s.regions) == 3)
    assert C.site_cost(C.MARKET, two) == (1, 2, 0)
    assert C.site_cost(C.MARKET, three) == (2, 2, 0)
    assert C.site_cost(C.FORTRESS, two) == (1, 0, 2)
    assert C.site_cost(C.FORTRESS, three) == (2, 0, 2)


def test_automa_cards_follow_the_power_limit_and_place_three_airships():
    for card in C.AUTOMA_DECK:
        assert sum(card.values) <= C.POWER_LIMIT
        assert list(card.values) == sorted(card.values, reverse=True)
        assert card.plan.count(C.A_SHIP) == 3 and len(card.plan) <= 4
        assert card.plan[-1] == C.A_SHIP
