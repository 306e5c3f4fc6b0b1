"""The end of a round: the reveal, troop power, ranks and ties, rewards drafted in rank order
(the shift down), market income, fading starfalls — and the events that tell it step by step."""

from __future__ import annotations

from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import end_of_round
from engine.games.fractured_sky.state import (
    REWARDS,
    STAR,
    STAR_HIDDEN,
    STAR_PUBLIC,
    Chip,
    Place,
    Reward,
)
from tests.engine.fractured_sky.helpers import (
    act,
    current,
    finish_round,
    fresh,
    res,
    resolve_rewards,
    set_order,
)

SHOALS, DESERT, WOODS, CASCADES, VALE = 1, 0, 3, 4, 7
RED, BLUE, GREEN = 0, 1, 2


def table(order=(RED, BLUE, GREEN), starfall=SHOALS, seed=1):
    """A 3-player round with the public starfall where we want it and no objective in the way."""
    s = fresh(3, seed)
    set_order(s, list(order))
    s.starfalls = [0] * 10
    s.starfalls[starfall] = 1
    s.public = starfall
    s.objectives[0] = 7  # Iron Stockpile (at least 4 iron): nobody reaches it here
    for x in range(3):
        s.res[x * 3 + C.IRON] = 0
    return s


def power(s, region, side):
    return s.power[region * s.n + side]


def test_the_shift_down_blue_takes_a_lower_reward_red_the_starfall_green_1_gold_and_1_wood():
    s = table()
    finish_round(s, {RED: [(SHOALS, 4), (9, 0), (9, 0)],
                     BLUE: [(SHOALS, 6), (9, 0), (9, 0)],
                     GREEN: [(SHOALS, 2), (9, 0), (9, 0)]})
    assert s.phase == REWARDS and s.ranks[SHOALS] == [BLUE, RED, GREEN]
    assert s.rewards[SHOALS] == [STAR_PUBLIC, 0, 1, 2]  # the starfall first, then the printed tiers
    assert current(s) == BLUE and RULES.view(s, BLUE).asking == "reward"
    assert RULES.legal(s, BLUE) == [Reward(STAR), Reward(0), Reward(1), Reward(2)]
    wood = res(s, BLUE)[1]
    act(s, Reward(1))  # 1st, Blue takes 2 wood instead of the starfall ...
    assert res(s, BLUE)[1] == wood + 2
    assert current(s) == RED and RULES.legal(s, RED) == [Reward(STAR), Reward(0), Reward(2)]
    act(s, Reward(STAR))  # ... 2nd, Red takes the starfall (the highest available) ...
    assert s.stars[RED] == 1 and s.stars[BLUE] == 0
    gold, wood = res(s, GREEN)[0], res(s, GREEN)[1]
    act(s, Reward(0))  # ... 3rd, Green receives 1 gold and 1 wood
    assert (res(s, GREEN)[0], res(s, GREEN)[1]) == (gold + 1, wood + 1)
    assert s.round == 2


def test_taking_the_highest_leaves_the_rest_in_order():
    s = table()
    finish_round(s, {RED: [(SHOALS, 4), (9, 0), (9, 0)],
                     BLUE: [(SHOALS, 6), (9, 0), (9, 0)],
                     GREEN: [(SHOALS, 2), (9, 0), (9, 0)]})
    resolve_rewards(s)  # everyone takes the highest left
    assert s.stars == [0, 1, 0]
    assert s.taken[:3] == [[SHOALS, BLUE, STAR_PUBLIC, 0], [SHOALS, RED, 0, 1], [SHOALS, GREEN, 1, 2]]


def test_ties_go_to_the_side_earlier_in_turn_order():
    s = table(order=(BLUE, RED, GREEN))
    finish_round(s, {RED: [(SHOALS, 5), (9, 0), (9, 0)],
                     BLUE: [(SHOALS, 5), (9, 0), (9, 0)],
                     GREEN: [(SHOALS, 1), (9, 0), (9, 0)]})
    assert s.ranks[SHOALS] == [BLUE, RED, GREEN]
    s2 = table(order=(RED, BLUE, GREEN))
    finish_round(s2, {RED: [(SHOALS, 5), (9, 0), (9, 0)],
                      BLUE: [(SHOALS, 5), (9, 0), (9, 0)],
                      GREEN: [(SHOALS, 1), (9, 0), (9, 0)]})
    assert s2.ranks[SHOALS] == [RED, BLUE, GREEN]


def test_a_side_needs_one_troop_power_to_rank():
    s = table()
    finish_round(s, {RED: [(VALE, 0), (9, 0), (9, 3)],
                     BLUE: [(9, 1), (9, 2), (9, 3)],
                     GREEN: [(9, 4), (9, 5), (8, 0)]})
    assert power(s, VALE, RED) == 0 and s.ranks[VALE] == []  # a 0-chip alone takes nothing


def test_troop_power_adds_skimmers_and_fortresses_where_their_owner_is_present():
    s = table()
    # Red owns a fortress between Woods and Cascades, and one between Woods and Vale
    woods_cascades = C.SITE_REGIONS.index((3, 4))
    woods_vale = C.SITE_REGIONS.index((3, 7))
    for site in (woods_cascades, woods_vale):
        s.site_owner[site], s.site_kind[site] = RED, C.FORTRESS
    s.built[RED * 3 + C.FORTRESS] = 2
    s.skimmers[WOODS * s.n + RED] = 2
    finish_round(s, {RED: [(WOODS, 3), (VALE, 0), (9, 0)],
                     BLUE: [(9, 1), (9, 2), (9, 3)],
                     GREEN: [(9, 4), (9, 5), (8, 0)]})
    assert power(s, WOODS, RED) == 3 + 2 + 2  # chip, two skimmers, two fortresses touching Woods
    assert power(s, VALE, RED) == 0 + 1  # a 0-chip beside a fortress: 1 troop power
    assert s.ranks[VALE] == [RED]
    assert power(s, CASCADES, RED) == 0  # not present in Cascades: its fortress gives nothing there


def test_a_starfall_nobody_takes_fades():
    s = table(starfall=CASCADES)
    ev = finish_round(s, {RED: [(9, 1), (9, 2), (9, 3)],
                          BLUE: [(9, 4), (9, 5), (9, 0)],
                          GREEN: [(8, 1), (8, 2), (8, 3)]})
    resolve_rewards(s)
    assert sum(s.stars) == 0
    fades = [e for e in ev if e.kind == "fade"]
    assert fades and fades[0].data == {"region": CASCADES, "starfalls": 1}
    assert s.round == 2 and s.starfalls[CASCADES] == 0


def test_hidden_starfalls_drop_at_the_reveal_after_the_public_one():
    s = table(starfall=SHOALS)
    s.hid_deck[-1] = SHOALS  # the explorer will find a second starfall for the Shoals
    act(s, Place(DESERT, True))  # Red explores the Desert and draws the hidden starfall
    act(s, Chip(0))
    assert s.hid_cards == [SHOALS] and s.rewards[SHOALS] == []  # nothing drops before the reveal
    finish_round(s, {RED: [None, (9, 1), (9, 2)], BLUE: [(SHOALS, 6), (9, 3), (9, 0)],
                     GREEN: [(SHOALS, 2), (9, 4), (9, 3)]})
    assert s.rewards[SHOALS][:2] == [STAR_PUBLIC, STAR_HIDDEN]
    resolve_rewards(s)
    shoals = [t for t in s.taken if t[0] == SHOALS]
    # 1st takes the public starfall, 2nd the hidden one (a starfall for each)
    assert shoals[0][1:3] == [BLUE, STAR_PUBLIC] and shoals[1][1:3] == [GREEN, STAR_HIDDEN]
    assert s.src[BLUE * 3 + 0] == 1 and s.src[GREEN * 3 + 1] == 1  # by source: public, hidden


def test_markets_pay_where_their_owner_is_present():
    s = table()
    desert_shoals = C.SITE_REGIONS.index((0, 1))
    s.site_owner[desert_shoals], s.site_kind[desert_shoals] = RED, C.MARKET
    s.built[RED * 3 + C.MARKET] = 1
    ev = finish_round(s, {RED: [(SHOALS, 1), (9, 0), (9, 2)], BLUE: [(9, 1), (8, 2), (9, 3)],
                          GREEN: [(8, 4), (8, 5), (8, 0)]})
    resolve_rewards(s)
    # Red is in the Shoals (gold first): 1 gold; it is not in the Desert: nothing from there
    assert [SHOALS, RED, C.GOLD, 1] in s.income
    assert not any(x[0] == DESERT for x in s.income)
    assert any(e.kind == "income" and e.data["region"] == SHOALS for e in ev) or s.income


def test_the_automa_always_takes_the_highest_reward_and_is_never_asked():
    s = fresh(1, seed=3)
    # a rewards phase set up by hand: the Shoals with a starfall, the automa (side 1) first
    s.phase = REWARDS
    s.ranks = [[] for _ in range(10)]
    s.rewards = [[] for _ in range(10)]
    s.ranks[SHOALS] = [1, 0, 2]
    s.rewards[SHOALS] = [STAR_PUBLIC, 0, 1, 2]
    s.rw_region, s.rw_pos = 0, 0
    end_of_round.run_rewards(s, [])
    assert s.taken[0] == [SHOALS, 1, STAR_PUBLIC, 0] and s.stars[1] == 1
    assert RULES.to_act(s) == (0,)  # the person is asked next, with what is left
    assert RULES.legal(s, 0) == [Reward(0), Reward(1), Reward(2)]


def test_a_side_with_one_reward_left_is_not_asked():
    s = table()
    finish_round(s, {RED: [(SHOALS, 4), (9, 0), (9, 0)],
                     BLUE: [(SHOALS, 6), (9, 0), (9, 0)],
                     GREEN: [(SHOALS, 2), (9, 0), (9, 0)]})
    act(s, Reward(STAR))
    act(s, Reward(0))
    act(s, Reward(1))  # Green and Red chose; nothing else ranks anywhere
    assert s.round == 2


def test_the_reveal_is_a_sequence_of_machine_readable_events():
    s = table()
    ev = finish_round(s, {RED: [(SHOALS, 4), (9, 0), (9, 0)],
                          BLUE: [(SHOALS, 6), (9, 0), (9, 0)],
                          GREEN: [(SHOALS, 2), (9, 1), (9, 0)]})
    kinds = [e.kind for e in ev]
    assert kinds.index("reveal_region") < kinds.index("objective")
    shoals = next(e for e in ev if e.kind == "reveal_region" and e.data["region"] == SHOALS)
    assert shoals.reveal and shoals.to is None
    assert sorted(shoals.data["ships"]) == [[RED, 0, 4], [BLUE, 3, 6], [GREEN, 6, 2]]
    assert shoals.data["power"] == [4, 6, 2] and shoals.data["ranks"] == [BLUE, RED, GREEN]
    assert shoals.data["rewards"] == [STAR_PUBLIC, 0, 1, 2]
    ev += act(s, Reward(STAR))
    taken = [e for e in ev if e.kind == "reward"]
    assert taken[-1].data == {"region": SHOALS, "side": BLUE, "reward": STAR_PUBLIC, "rank": 0}
    assert "Blue" in taken[-1].text and "You" not in taken[-1].text
