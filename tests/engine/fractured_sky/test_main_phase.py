"""The main phase: airships and chips (the 10-limit), exploring, building, scouting, the track."""

from __future__ import annotations

from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    SCOUT_CARD,
    SCOUT_SHIP,
    SCOUT_TOP,
    Build,
    Chip,
    Forage,
    Order,
    Place,
    Scout,
    Step,
)
from tests.engine.fractured_sky.helpers import (
    act,
    current,
    finish_round,
    fresh,
    give,
    res,
    resolve_rewards,
    send,
    set_order,
)

TWO = next(k for k, s in enumerate(C.SITES) if len(s.regions) == 2)
THREE = next(k for k, s in enumerate(C.SITES) if len(s.regions) == 3)


def chips(s, side):
    return [m.value for m in RULES.legal(s, side)]


# ---------------------------------------------------------------- airships and chips


def test_placing_an_airship_then_asks_for_its_face_down_chip():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    act(s, Place(4))
    assert s.step == Step.CHIP and RULES.to_act(s) == (0,)
    assert RULES.view(s, 0).asking == "chip" and RULES.view(s, 0).pending_region == 4
    act(s, Chip(7))
    assert s.ship_region[0] == 4 and s.ship_chip[0] == 7
    assert RULES.to_act(s) == (1,)  # one action per turn, then the next side


def test_printed_chips_total_at_most_ten_a_round():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    act(s, Place(1))
    assert chips(s, 0) == list(range(11))  # 0–10: one 0 offered (two in hand)
    act(s, Chip(10))
    for _side in (1, 2):
        send(s, 5, 1)
    act(s, Place(2))
    assert chips(s, 0) == [0]  # the 10 used the whole budget: only the 0s are left
    act(s, Chip(0))
    for _side in (1, 2):
        send(s, 5, 2)
    act(s, Place(3))
    assert chips(s, 0) == [0]  # the second 0
    view = RULES.view(s, 0)
    assert view.asking == "chip"  # asked even with one chip left: nobody learns the budget from a skip
    act(s, Chip(0))


def test_a_chip_is_used_once_a_round():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    send(s, 0, 3)
    send(s, 1, 3)
    send(s, 2, 3)
    act(s, Place(4))
    assert 3 not in chips(s, 0) and chips(s, 0) == [0, 1, 2, 4, 5, 6, 7]  # budget 7, 3 used
    assert RULES.view(s, 0).sides[0].chips == [0, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10]


# ---------------------------------------------------------------- exploring


def test_exploring_costs_a_gold_and_draws_the_hidden_deck_top():
    s = fresh(3, seed=2)
    set_order(s, [0, 1, 2])
    top = s.hid_deck[-1]
    gold = res(s, 0)[0]
    act(s, Place(6, True))
    assert res(s, 0)[0] == gold - 1
    assert s.explore[6] == 0 and s.hid_cards == [top] and s.hid_ship == [0]
    assert RULES.view(s, 0).hidden[0].region == top  # the explorer looks at it
    assert RULES.view(s, 1).hidden[0].region == -1  # the others only see that it was drawn
    act(s, Chip(2))
    assert Place(6, True) not in RULES.legal(s, 1)  # one explore slot per region a round
    assert Place(6, False) in RULES.legal(s, 1)


def test_no_gold_no_exploring():
    s = fresh(3, seed=2)
    set_order(s, [0, 1, 2])
    s.res[0] = 0
    assert not any(isinstance(m, Place) and m.explore for m in RULES.legal(s, 0))


# ---------------------------------------------------------------- building


def test_building_a_market_on_a_two_region_site_and_a_fortress_on_a_three_region_site():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    s.res[0:3] = [3, 2, 2]
    act(s, Build(C.MARKET, TWO))
    assert res(s, 0) == [2, 0, 2] and s.site_owner[TWO] == 0 and s.site_kind[TWO] == C.MARKET
    assert Build(C.MARKET, TWO) not in RULES.legal(s, 1)  # a site holds one building
    send(s, 0, 0)
    send(s, 0, 0)
    act(s, Build(C.FORTRESS, THREE))  # 1 gold more where three regions meet
    assert res(s, 0) == [0, 0, 0] and s.built[0:2] == [1, 1]


def test_a_three_region_site_is_not_offered_without_the_extra_gold():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    s.res[0:3] = [1, 2, 0]
    legal = RULES.legal(s, 0)
    assert Build(C.MARKET, TWO) in legal and Build(C.MARKET, THREE) not in legal
    s.res[0:3] = [1, 1, 0]
    assert not any(isinstance(m, Build) and m.kind == C.MARKET for m in RULES.legal(s, 0))


def test_four_of_each_building():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    s.built[0] = 4
    give(s, 0, 10, 10, 10)
    assert not any(isinstance(m, Build) and m.kind == C.MARKET for m in RULES.legal(s, 0))
    assert any(isinstance(m, Build) and m.kind == C.FORTRESS for m in RULES.legal(s, 0))


def test_a_skimmer_fights_one_round_then_returns():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    give(s, 0, 0, 5, 5)
    before = res(s, 0)
    act(s, Build(C.SKIMMER, 8))
    assert res(s, 0) == [before[0], before[1] - 1, before[2] - 1]
    assert s.skimmers[8 * s.n + 0] == 1
    assert RULES.view(s, 2).sides[0].skimmers == 1
    finish_round(s, {0: [(8, 2), (0, 1), (0, 0)], 1: [(8, 2), (3, 1), (3, 0)], 2: [(5, 1), (5, 2), (5, 3)]})
    # at the reveal Red had 2 + its skimmer's 1 in Mirewood Fen, Blue 2: Red ranks first (so far Red
    # also acts first, but 3 beats 2 outright)
    assert s.rv_round == 1 and s.power[8 * s.n + 0] == 3 and s.power[8 * s.n + 1] == 2
    resolve_rewards(s)
    assert s.round == 2 and s.skimmers[8 * s.n + 0] == 0  # back with its owner


def test_four_skimmers_a_round():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    give(s, 0, 0, 9, 9)
    for k in range(4):
        act(s, Build(C.SKIMMER, k))
        if k < 3:
            send(s, 5, k + 1)
            send(s, 5, k + 1)
    assert sum(s.skimmers[0::s.n]) == 4 and current(s) == 0
    assert not any(isinstance(m, Build) and m.kind == C.SKIMMER for m in RULES.legal(s, 0))


# ---------------------------------------------------------------- scouting


def test_scouting_needs_an_airship_in_the_sky_and_happens_once_a_round():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    assert not any(isinstance(m, Scout | Forage) for m in RULES.legal(s, 0))
    send(s, 1, 2)  # Red
    send(s, 4, 5)  # Blue
    send(s, 4, 3)  # Green
    legal = RULES.legal(s, 0)
    assert Scout(SCOUT_SHIP, 3) in legal and Scout(SCOUT_SHIP, 6) in legal  # the others' airships
    assert Scout(SCOUT_SHIP, 0) not in legal  # not its own
    assert Scout(SCOUT_TOP, 0) in legal
    act(s, Scout(SCOUT_SHIP, 3))
    assert RULES.view(s, 0).regions[4].ships[0].chip == 5  # Red now sees Blue's chip
    assert RULES.view(s, 2).regions[4].ships[0].chip == -1  # Green still does not
    assert s.looked[0] == 1 and s.scouts[0] == 1
    send(s, 4, 1)
    send(s, 4, 1)
    assert not any(isinstance(m, Scout | Forage) for m in RULES.legal(s, 0))  # once a round


def test_foraging_takes_what_your_regions_produce_and_is_not_a_look():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    send(s, 0, 2)  # Dreadful Desert: iron, gold
    send(s, 4, 5)
    send(s, 4, 3)
    forages = [m.resource for m in RULES.legal(s, 0) if isinstance(m, Forage)]
    assert forages == [C.GOLD, C.IRON]
    before = res(s, 0)
    act(s, Forage(C.IRON))
    assert res(s, 0) == [before[0], before[1], before[2] + 1]
    assert s.looked[0] == 0 and s.scouts[0] == 1  # a scout that took a resource


def test_scouting_the_deck_top_shows_the_next_explorer_card():
    s = fresh(3, seed=3)
    set_order(s, [0, 1, 2])
    send(s, 0, 2)
    send(s, 4, 5)
    send(s, 4, 3)
    top = s.hid_deck[-1]
    act(s, Scout(SCOUT_TOP, 0))
    assert RULES.view(s, 0).deck_top == top and RULES.view(s, 1).deck_top == -1
    act(s, Place(7, True))  # Blue explores and draws that very card
    act(s, Chip(1))
    assert RULES.view(s, 0).hidden[0].region == top  # Red knows it
    assert RULES.view(s, 2).hidden[0].region == -1
    assert RULES.view(s, 0).deck_top == -1  # the new top is unknown again


def test_scouting_a_hidden_starfall():
    s = fresh(3, seed=3)
    set_order(s, [0, 1, 2])
    act(s, Place(2, True))
    act(s, Chip(4))
    send(s, 4, 5)
    send(s, 4, 3)
    assert Scout(SCOUT_CARD, 0) not in RULES.legal(s, 0)  # Red holds it: nothing to scout
    send(s, 5, 1)
    act(s, Scout(SCOUT_CARD, 0))  # Blue scouts Red's hidden starfall
    assert RULES.view(s, 1).hidden[0].region == s.hid_cards[0]
    assert s.looked[1] == 1


# ---------------------------------------------------------------- the turn-order track


def test_sides_take_next_rounds_spaces_as_they_finish_and_the_last_space_pays():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    for k in range(2):
        for _side in (0, 1, 2):
            send(s, 9, k)
    act(s, Place(9))
    act(s, Chip(2))
    assert s.step == Step.ORDER and RULES.to_act(s) == (0,)
    assert RULES.view(s, 0).asking == "order"
    gold = res(s, 0)[0]
    act(s, Order(2))  # Red finishes first and takes the last space: 2 gold at once
    assert res(s, 0)[0] == gold + C.LAST_PICK_GOLD
    assert s.tally[0 * 10 + 0] == 1  # taken by choice
    act(s, Place(9))
    act(s, Chip(2))
    act(s, Order(0))  # Blue takes the first
    act(s, Place(9))
    act(s, Chip(2))  # Green gets the space left, without being asked
    resolve_rewards(s)
    assert s.round == 2 and s.order == [1, 2, 0]


def test_the_last_side_left_with_the_last_space_is_paid_too():
    s = fresh(3, seed=1)
    set_order(s, [0, 1, 2])
    for k in range(2):
        for _side in (0, 1, 2):
            send(s, 9, k)
    act(s, Place(9))
    act(s, Chip(2))
    act(s, Order(0))
    act(s, Place(9))
    act(s, Chip(2))
    act(s, Order(1))
    gold = res(s, 2)[0]
    act(s, Place(9))
    act(s, Chip(2))  # the reveal follows at once; Green's 2 gold were paid before it
    assert s.tally[2 * 10 + 1] == 1  # Green's left-over last space, paid
    assert s.next_order == [0, 1, 2] or s.order == [0, 1, 2]
    assert res(s, 2)[0] >= gold + C.LAST_PICK_GOLD
