"""What the rules' chapters share, function by function: chip menus and values, a region's reward
menu, paying and gaining (with the tallies and the bounty haul), automa sides, where a guardian's
power and a flagship are, and the end-of-round step's event. Written to kill the mutants of
rules/common.py that survived the rule tests (docs/mutation.md)."""

from __future__ import annotations

import pytest

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import common as K
from engine.games.fractured_sky.state import (
    N_TALLY,
    PAYLOAD,
    STAR,
    STAR_HIDDEN,
    STAR_PUBLIC,
    T_GAINED,
    T_SPENT,
    Chip,
    Reward,
)
from engine.games.fractured_sky.text import sequence
from tests.engine.fractured_sky.helpers import fresh


@pytest.fixture(autouse=True)
def _fresh_chip_menus():
    """chip_menu keeps the menus it built; a menu built before a test (or, under mutmut, before a
    mutant) would answer for the code under test."""
    K._chip_menus.clear()
    yield
    K._chip_menus.clear()


def _mask(*values: int, zeros: int = 0) -> int:
    m = (1 << zeros) - 1 if zeros else 0
    for v in values:
        m |= 1 << (v + 1)
    return m


def test_the_chip_menu_offers_a_zero_and_each_free_value_within_the_budget():
    assert K.chip_menu(K.ALL_CHIPS, 10) == [Chip(v) for v in range(11)]
    assert K.chip_menu(K.ALL_CHIPS, 3) == [Chip(0), Chip(1), Chip(2), Chip(3)]
    assert K.chip_menu(_mask(1, 5, 10), 10) == [Chip(1), Chip(5), Chip(10)]
    assert K.chip_menu(_mask(1, 5, 10), 4) == [Chip(1)]
    assert K.chip_menu(_mask(2, zeros=1), 0) == [Chip(0)]
    assert K.chip_menu(0b10, 0) == [Chip(0)]  # the second zero alone
    assert K.chip_menu(_mask(10), 9) == []
    assert K.chip_menu(_mask(10), 12) == [Chip(10)]  # the budget never reaches past the limit
    assert K.chip_menu(0, 10) == []


def test_chip_menus_of_different_masks_and_budgets_never_share_a_cache_entry():
    full_but_3 = K.ALL_CHIPS & ~(1 << 4)
    assert K.chip_menu(K.ALL_CHIPS, 8) == [Chip(v) for v in range(9)]
    assert K.chip_menu(full_but_3, 9) == [Chip(v) for v in range(10) if v != 3]
    seen = {}
    for mask in (K.ALL_CHIPS, full_but_3, _mask(1, 2), _mask(3), _mask(2, 3, zeros=2)):
        for budget in range(11):
            seen[(mask, budget)] = K.chip_menu(mask, budget)
    for (mask, budget), menu in seen.items():
        assert menu == [c for c in (Chip(0), *(Chip(v) for v in range(1, 11)))
                        if (c.value == 0 and mask & 3) or (0 < c.value <= budget and mask >> (c.value + 1) & 1)]


def test_the_chip_menu_is_the_same_when_asked_again():
    first = K.chip_menu(_mask(3, 4), 4)
    assert K.chip_menu(_mask(3, 4), 4) is first and first == [Chip(3), Chip(4)]
    assert K.chip_menu(_mask(3, 4), 3) == [Chip(3)]  # another budget, another menu


def test_chip_values_list_each_free_chip_and_both_zeros():
    assert K.chip_values(K.ALL_CHIPS) == [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert K.chip_values(0b01) == [0] and K.chip_values(0b10) == [0]
    assert K.chip_values(_mask(1, 10)) == [1, 10]
    assert K.chip_values(0) == []


def test_one_choice_when_all_left_are_starfalls_or_one_tier():
    assert K.one_choice([STAR_PUBLIC, STAR_HIDDEN]) is True
    assert K.one_choice([STAR_HIDDEN, STAR_PUBLIC, 1]) is False
    assert K.one_choice([1, 1]) is True and K.one_choice([0]) is True
    assert K.one_choice([1, 2]) is False and K.one_choice([0, STAR_PUBLIC]) is False


def test_the_reward_menu_names_one_starfall_and_each_tier_once():
    assert K.reward_menu([STAR_PUBLIC, STAR_HIDDEN, 0, 0, 2]) == [Reward(STAR), Reward(0), Reward(2)]
    assert K.reward_menu([1, STAR_HIDDEN, 1], payload=True) == [Reward(1), Reward(STAR), Reward(PAYLOAD)]
    assert K.reward_menu([], payload=True) == [Reward(PAYLOAD)]
    assert K.reward_menu([2]) == [Reward(2)]


def test_automa_sides_are_the_last_ones():
    s = fresh(2, 3)
    assert s.automa == 1 and s.n == 3
    assert [K.is_automa(s, x) for x in range(3)] == [False, False, True] and K.people(s) == 2
    s = fresh(4, 3)
    assert not any(K.is_automa(s, x) for x in range(4)) and K.people(s) == 4


def test_paying_and_gaining_move_resources_and_count_them():
    s = fresh(3, 2)
    s.res = [3, 3, 3] * 3
    tally = list(s.tally)
    K.pay(s, 1, (1, 2, 0))
    assert s.res == [3, 3, 3, 2, 1, 3, 3, 3, 3]
    assert s.tally[N_TALLY + T_SPENT] == tally[N_TALLY + T_SPENT] + 3
    K.pay(s, 1, (0, 0, 2))
    assert s.res[3:6] == [2, 1, 1] and s.tally[N_TALLY + T_SPENT] == tally[N_TALLY + T_SPENT] + 5
    s.res[3:6] = [2, 1, 3]
    K.gain(s, 2, (0, 1, 2))
    K.gain(s, 2, [1, 0, 0])
    assert s.res == [3, 3, 3, 2, 1, 3, 4, 4, 5]
    assert s.tally[2 * N_TALLY + T_GAINED] == tally[2 * N_TALLY + T_GAINED] + 4
    assert s.tally[T_GAINED] == tally[T_GAINED] and s.tally[T_SPENT] == tally[T_SPENT]


def test_a_gain_from_a_region_is_hauled_only_with_bounties():
    s = fresh(3, 2, bounties=True)
    assert s.bounties
    s.haul = [0] * (C.N_REGIONS * s.n)
    K.gain(s, 1, (2, 0, 1), region=0)
    K.gain(s, 1, (1, 0, 0), region=4)
    K.gain(s, 1, (5, 0, 0))  # not from a region
    K.gain(s, 1, (0, 2, 0), region=0)  # adds to the haul already there
    want = [0] * (C.N_REGIONS * s.n)
    want[0 * 3 + 1] = 5
    want[4 * 3 + 1] = 1
    assert s.haul == want
    t = fresh(3, 2)
    t.haul = [0] * (C.N_REGIONS * t.n)
    K.gain(t, 1, (2, 0, 1), region=0)
    assert t.haul == [0] * (C.N_REGIONS * t.n)


def test_a_guardian_has_a_region_once_an_airship_moved_it():
    s = fresh(3, 2)
    assert K.guardian_region(s, 0) == -1  # no guardians in this game
    s = fresh(3, 2, guardians=True)
    s.gd_card = [0, 3]
    s.gd_region = [5, 2]
    s.gd_moved = [-1, 0]
    assert K.guardian_region(s, 0) == -1  # unmoved: no effect this round
    assert K.guardian_region(s, 3) == 2  # moved by side 0
    assert K.guardian_region(s, 4) == -1
    s.gd_moved = [1, -1]
    assert K.guardian_region(s, 0) == 5 and K.guardian_region(s, 3) == -1


def test_a_sides_flagship_power_and_region():
    s = fresh(3, 2)
    assert K.flagship_power(s, 0) == -1 and K.flagship_region(s, 0) == -1
    s = fresh(3, 2, flagships=True)
    s.fl_face = [1, 0, 1, 0, 1]
    s.fl_of = [0, 2, -1]
    s.fl_ship = [1, -1, -1]
    s.ship_region[1] = 6
    s.ship_region[-1] = 3  # the last airship is somewhere: a side without a flagship there is not
    assert [K.flagship_power(s, x) for x in range(3)] == [1, 5, -1]
    assert [K.flagship_region(s, x) for x in range(3)] == [6, -1, -1]
    s.fl_of = [4, 2, -1]
    assert K.flagship_power(s, 0) == 9


def test_the_end_of_round_step_event_names_the_step_and_the_round():
    s = fresh(3, 2, flagships=True)
    s.round = 2
    steps = sequence(s)
    ev: list[Event] = []
    for step in range(5):
        K.say_step(s, step, ev)
    assert ev == [Event(f"End of round {2 if k < 3 else 1}, step {k + 1}: {steps[k]}.", kind="sequence",
                        data={"step": k, "name": steps[k]}) for k in range(5)]
    K.say_step(s, 0, None)  # without a log: nothing to say, no failure
