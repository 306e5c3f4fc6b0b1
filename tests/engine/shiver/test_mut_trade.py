"""Upgrade and Trade step by step, with the exact events (issue 10 item 9: the mutants of
rules/trade.py that survived the rule tests were the prices and their bonuses at their edges — the
Shipwright, the Shipwright's Tools, the uncle, the Baron, a craze, the Haggler —, where a market is
open, the menus of buying and selling, the bookkeeping of a sale and the words of every step)."""

from __future__ import annotations

import pytest

from engine.core.rules import Event
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import trade, turn
from engine.games.shiver.rules.common import (
    BUY,
    IMPROVE,
    S_BUY,
    S_NONE,
    S_SELL,
    S_TURN,
    S_UPGRADE,
    SELL_DONE,
    SELL_RES,
)
from engine.games.shiver.state import (
    SPENT_GOODS,
    SPENT_UPGRADES,
    SRC_TRADE,
    SRC_TREASURES,
    TREASURE_ITEM,
    Act,
    SellPick,
    State,
)
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1
ANCHOR = 7  # a node of the sea, not an island (nodes 0-5 are the islands)
SIGNET, SEAL, RAPIER, TOOLS, JOLLY_ROGER = 0, 1, 6, 22, 28  # Royal Signet is treasure 0



def game(talents: list[int] | None = None) -> State:
    s = quick_game(2, seed=3, talents=talents or [C.TRAMP, C.TRAMP])
    s.stack = []
    return s


def relative(name: str) -> int:
    return next(i for i, r in enumerate(C.FAMILY) if r.name == name)


def title_quest(title: int) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE and m.a == title)


def card_of(name: str) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.name == name)


def with_family(s: State) -> None:
    """The Lost Family in play (``s.soulmate`` set): the relatives' lasting abilities count."""
    s.soulmate = [-1] * s.players
    s.family = [[] for _ in range(s.players)]


def test_the_treasures_and_relatives_of_these_tests():
    t = C.TREASURES
    assert (t[SIGNET].name, t[SIGNET].price) == ("Royal Signet", 800)
    assert (t[SEAL].name, t[SEAL].bonus, t[SEAL].value) == ("Governor's Seal", C.L_SELL, 100)
    assert (t[RAPIER].name, t[RAPIER].price) == ("Drake's Rapier", 1200)
    assert (t[TOOLS].name, t[TOOLS].bonus, t[TOOLS].value) == ("Shipwright's Tools", C.L_DISCOUNT, 100)
    assert (t[JOLLY_ROGER].name, t[JOLLY_ROGER].price) == ("Calico Jack's Jolly Roger", 0)
    uncle, aunt = C.FAMILY[relative("uncle")], C.FAMILY[relative("aunt")]
    assert (uncle.bonus, uncle.value, aunt.bonus, aunt.value) == (C.L_DISCOUNT, 100, C.L_SELL, 100)
    assert [i for i in range(len(C.ISLANDS)) if C.ISLANDS[i].produces >= 0] == [C.ST_DAVID, C.SAO_TOME, C.LA_JUANITA]
    assert (C.SPEED, C.STRENGTH, C.HULL) == (0, 1, 2)


# ---------------------------------------------------------------- upgrade


def test_upgrade_options_in_order_each_below_seven_and_paid_exactly():
    s = game()
    s.spd[A], s.stg[A], s.hul[A] = 3, 4, 6
    s.gold[A] = 500  # speed 4 for 400, strength 5 for 500, hull 7 for 700
    assert trade.upgrade_options(s, A) == [C.SPEED, C.STRENGTH]
    assert trade.upgrade_legal(s, A) == [IMPROVE[C.SPEED], IMPROVE[C.STRENGTH]]
    s.gold[A] = 700
    assert trade.upgrade_options(s, A) == [C.SPEED, C.STRENGTH, C.HULL]
    s.spd[A], s.stg[A], s.hul[A] = C.MAX_ATTR, C.MAX_ATTR - 1, C.MAX_ATTR
    assert trade.upgrade_options(s, A) == [C.STRENGTH]
    s.gold[A] = 699
    assert trade.upgrade_options(s, A) == [] and trade.upgrade_legal(s, A) == []
    s.spd[A], s.stg[A], s.hul[A] = C.MAX_ATTR, C.MAX_ATTR, C.MAX_ATTR - 1
    s.gold[A] = 10_000
    assert trade.upgrade_options(s, A) == [C.HULL]


# The states can_upgrade must agree with upgrade_options on: (talent, treasures, relatives, gold, attribute).
CASES = [
    (C.TRAMP, [], [], 400, 3, True),
    (C.TRAMP, [], [], 399, 3, False),
    (C.TRAMP, [], [], 10_000, 7, False),
    (C.TRAMP, [], [], 700, 6, True),
    (C.SHIPWRIGHT, [], [], 200, 3, True),  # 400 - 200
    (C.SHIPWRIGHT, [], [], 199, 3, False),
    (C.SHIPWRIGHT, [], [], 100, 1, True),  # 200 - 200, but never below 100
    (C.SHIPWRIGHT, [], [], 99, 1, False),
    (C.TRAMP, [TOOLS], [], 300, 3, True),  # 400 - 100
    (C.TRAMP, [TOOLS], [], 299, 3, False),
    (C.TRAMP, [RAPIER], [], 300, 3, False),  # a treasure without the discount
    (C.SHIPWRIGHT, [TOOLS], [], 100, 3, True),  # 400 - 200 - 100
    (C.SHIPWRIGHT, [TOOLS], [], 99, 3, False),
    (C.TRAMP, [], ["uncle"], 300, 3, True),  # the uncle's discount with no treasure on the ship
    (C.TRAMP, [], ["uncle"], 299, 3, False),
    (C.TRAMP, [TOOLS], ["uncle"], 200, 3, True),
    (C.TRAMP, [], ["aunt"], 300, 3, False),
]


@pytest.mark.parametrize("talent, treasures, relatives, gold, value, expected", CASES)
def test_the_upgrade_action_is_offered_exactly_when_an_upgrade_can_be_paid(talent, treasures, relatives, gold,
                                                                            value, expected):
    s = game([talent, C.TRAMP])
    with_family(s)
    s.t_ship[A] = list(treasures)
    s.family[A] = [relative(r) for r in relatives]
    s.gold[A] = gold
    s.spd[A] = s.stg[A] = s.hul[A] = value
    assert bool(trade.upgrade_options(s, A)) is expected
    assert trade.can_upgrade(s, A) is expected
    s.pos[A] = C.ST_DAVID
    assert turn.action_available(s, A, C.ACT_UPGRADE) is expected
    assert (Act(C.ACT_UPGRADE) in RULES.legal(s, A)) is expected  # the turn's menu


def test_can_upgrade_reads_each_attribute():
    s = game()
    s.gold[A] = 500
    for attr in (C.SPEED, C.STRENGTH, C.HULL):
        s.spd[A] = s.stg[A] = s.hul[A] = C.MAX_ATTR
        [s.spd, s.stg, s.hul][attr][A] = 4
        assert trade.can_upgrade(s, A) and trade.upgrade_options(s, A) == [attr]
        [s.spd, s.stg, s.hul][attr][A] = 5
        assert not trade.can_upgrade(s, A)  # 600 for the 6


def test_beginning_an_upgrade_asks_the_captain_or_says_the_action_is_spent():
    s = game()
    s.step = S_NONE
    s.actor = B
    s.gold[A] = 400
    ev: list[Event] = []
    trade.upgrade_begin(s, A, ev)
    assert ev == [] and s.step == S_UPGRADE and s.actor == A
    s = game()
    s.step, s.actor = S_NONE, A
    s.gold[B] = 399
    trade.upgrade_begin(s, B, ev)
    assert ev == [E("action-spent", "Blue can no longer pay for an upgrade: the action is spent", B)]
    assert s.step == S_NONE and s.actor == A
    trade.upgrade_begin(s, B, None)
    assert s.step == S_NONE


def test_an_upgrade_pays_the_new_value_and_counts_the_gold_spent():
    s = game([C.TRAMP, C.SHIPWRIGHT])
    with_family(s)
    s.family[B] = [relative("uncle")]
    s.t_ship[B] = [TOOLS]
    s.gold[B] = 1000
    s.spent[B][SPENT_UPGRADES] = 250
    s.stg[B] = 5
    s.step = S_UPGRADE
    spent = list(s.spent[B])
    ev: list[Event] = []
    trade.upgrade(s, B, C.STRENGTH, ev)
    price = 600 - C.SHIPWRIGHT_DISCOUNT - 100 - 100
    assert ev == [E("upgrade", f"Blue upgrades strength to 6 for {price} Gold", B, attr=C.STRENGTH, value=6,
                    price=price)]
    spent[SPENT_UPGRADES] += price
    assert s.gold[B] == 1000 - price and s.spent[B] == spent and s.stg[B] == 6 and s.step == S_NONE
    assert (s.spd[B], s.hul[B]) == (3, 3)
    for attr, name in ((C.SPEED, "speed"), (C.HULL, "hull")):
        ev = []
        trade.upgrade(s, A, attr, ev)
        assert ev == [E("upgrade", f"Red upgrades {name} to 4 for 400 Gold", A, attr=attr, value=4, price=400)]
    assert (s.spd[A], s.stg[A], s.hul[A]) == (4, 3, 4) and s.gold[A] == 300 - 800


def test_a_refit_is_free_and_says_so():
    s = game()
    s.step = S_UPGRADE
    gold = list(s.gold)
    ev: list[Event] = []
    trade.refit(s, B, C.HULL, ev)
    assert ev == [E("refit", "Blue gains a free upgrade: hull 4", B, attr=C.HULL, value=4)]
    assert s.hul == [3, 4] and s.gold == gold and s.step == S_NONE
    trade.refit(s, B, C.SPEED, None)
    assert s.spd == [3, 4] and s.stg == [3, 3]


# ---------------------------------------------------------------- buying


def test_buying_is_open_on_the_three_trade_posts_only_and_never_under_the_plague():
    s = game()
    s.gold[A] = 1000
    for island in range(len(C.ISLANDS)):
        s.pos[A] = island
        assert (trade.buy_max(s, A) > 0) is (island in (C.ST_DAVID, C.SAO_TOME, C.LA_JUANITA))
    s.pos[A] = 6  # the first node of the sea
    assert trade.buy_max(s, A) == 0
    s.pos[A] = ANCHOR
    assert trade.buy_max(s, A) == 0
    s.pos[A] = C.ST_DAVID
    assert trade.market_open(s, C.ST_DAVID)
    s.pest[C.ST_DAVID] = C.PEST_ACTIVE
    assert not trade.market_open(s, C.ST_DAVID) and trade.buy_max(s, A) == 0
    s.pest[C.ST_DAVID] = C.PEST_ACTIVE + 1
    assert trade.market_open(s, C.ST_DAVID)


def test_buy_max_is_the_room_or_the_gold_whichever_is_less():
    s = game()
    s.pos[A] = C.SAO_TOME
    s.hul[A], s.cargo[A] = 5, [1, 0, 1]
    s.gold[A] = 1000
    assert trade.buy_max(s, A) == 3
    assert trade.buy_legal(s, A) == [BUY[1], BUY[2], BUY[3]]
    s.gold[A] = 299
    assert trade.buy_max(s, A) == 2 and trade.buy_legal(s, A) == [BUY[1], BUY[2]]
    s.gold[A] = 99
    assert trade.buy_max(s, A) == 0 and trade.buy_legal(s, A) == []


def test_beginning_a_purchase_asks_or_says_the_action_is_spent():
    s = game()
    s.pos[A] = C.LA_JUANITA
    s.step, s.actor = S_NONE, B
    ev: list[Event] = []
    trade.buy_begin(s, A, ev)
    assert ev == [] and s.step == S_BUY and s.actor == A
    s = game()
    s.step, s.actor = S_NONE, A
    s.pos[B] = C.PORT_ROYAL
    trade.buy_begin(s, B, ev)
    assert ev == [E("action-spent", "Blue cannot buy anything now: the action is spent", B)]
    assert s.step == S_NONE and s.actor == A
    trade.buy_begin(s, B, None)
    assert s.step == S_NONE


def test_buying_loads_the_island_good_and_counts_the_gold_spent():
    s = game()
    s.pos[B] = C.LA_JUANITA
    s.hul[B], s.gold[B] = 6, 700
    s.cargo[B] = [1, 0, 1]
    s.spent[B][SPENT_GOODS] = 150
    s.step = S_BUY
    ev: list[Event] = []
    trade.buy(s, B, 3, ev)
    assert ev == [E("buy", "Blue buys 3 Sugar for 300 Gold", B, res=C.SUGAR, units=3, gold=300)]
    assert s.cargo[B] == [1, 0, 4] and s.gold[B] == 400 and s.step == S_NONE
    assert s.spent[B][SPENT_GOODS] == 450 and s.spent[B][SPENT_UPGRADES] == 0
    s.pos[A] = C.SAO_TOME
    s.cargo[A] = [0, 0, 0]
    trade.buy(s, A, 1, None)
    assert s.cargo[A] == [1, 0, 0] and s.gold[A] == 200


# ---------------------------------------------------------------- selling


def test_the_unit_price_with_each_bonus_and_none_where_the_good_is_not_bought():
    s = game()
    with_family(s)
    assert trade.unit_price(s, A, C.SAO_TOME, C.RUM) == 400
    assert trade.unit_price(s, A, C.SAO_TOME, C.COCOA) == 0
    s.t_ship[A] = [SEAL]
    assert trade.unit_price(s, A, C.SAO_TOME, C.RUM) == 500
    s.family[A] = [relative("aunt")]
    assert trade.unit_price(s, A, C.SAO_TOME, C.RUM) == 600
    s.title_of = [-1] * len(C.TITLES)
    s.title_of[C.T_BARON] = A
    assert trade.unit_price(s, A, C.SAO_TOME, C.RUM) == 600 + C.BARON_GOLD
    assert trade.unit_price(s, B, C.SAO_TOME, C.RUM) == 400
    s.event = C.WIND_EVENT.index(C.EV_RUM)
    value = C.EVENTS[C.EV_RUM].value
    assert value == 200
    assert trade.unit_price(s, A, C.SAO_TOME, C.RUM) == 700 + value
    assert trade.unit_price(s, B, C.SAO_TOME, C.RUM) == 400 + value
    assert trade.unit_price(s, B, C.SAO_TOME, C.SUGAR) == 200  # the craze is Rum's alone
    assert trade.unit_price(s, A, C.SAO_TOME, C.COCOA) == 0  # bonuses add nothing where it is not bought
    s.event = C.WIND_EVENT.index(C.EV_COCOA)
    assert trade.unit_price(s, B, C.ST_DAVID, C.COCOA) == 200 + C.EVENTS[C.EV_COCOA].value
    assert trade.unit_price(s, B, C.ST_DAVID, C.SUGAR) == 400
    s.event = C.WIND_EVENT.index(C.EV_FAIR)
    assert trade.unit_price(s, B, C.ST_DAVID, C.COCOA) == 200


def test_can_sell_where_the_goods_are_bought_or_a_treasure_has_a_price():
    s = game()
    s.cargo[A] = [0, 0, 0]
    s.pos[A] = C.ST_DAVID
    assert not trade.can_sell(s, A)
    for r, ok in ((C.COCOA, True), (C.RUM, False), (C.SUGAR, True)):
        s.cargo[A] = [0, 0, 0]
        s.cargo[A][r] = 1
        assert trade.can_sell(s, A) is ok
    s.pos[A] = C.SAO_TOME
    for r, ok in ((C.COCOA, False), (C.RUM, True), (C.SUGAR, True)):
        s.cargo[A] = [0, 0, 0]
        s.cargo[A][r] = 2
        assert trade.can_sell(s, A) is ok
    s.pos[A] = C.THE_BAY
    s.cargo[A] = [1, 1, 1]
    assert not trade.can_sell(s, A)
    s.t_ship[A] = [JOLLY_ROGER]
    assert not trade.can_sell(s, A)  # no price tag
    s.t_ship[A] = [JOLLY_ROGER, SIGNET]
    assert trade.can_sell(s, A)
    s.pest[C.THE_BAY] = C.PEST_ACTIVE
    assert not trade.can_sell(s, A)
    s.pos[A] = 6
    assert not trade.can_sell(s, A)
    s.pos[A] = ANCHOR
    assert not trade.can_sell(s, A)


def test_beginning_a_sale_clears_the_picks_and_asks_or_says_the_action_is_spent():
    s = game()
    s.pos[A] = C.PORT_ROYAL
    s.cargo[A] = [0, 1, 0]
    s.sell_pick = [1, 1]
    s.step, s.actor = S_NONE, B
    ev: list[Event] = []
    trade.sell_begin(s, A, ev)
    assert ev == [] and s.step == S_SELL and s.actor == A and s.sell_pick == []
    s = game()
    s.step, s.actor = S_NONE, A
    s.pos[B], s.cargo[B] = C.ST_DAVID, [0, 2, 0]
    s.sell_pick = [1]
    trade.sell_begin(s, B, ev)
    assert ev == [E("action-spent", "Blue has nothing to sell here now: the action is spent", B)]
    assert s.step == S_NONE and s.actor == A and s.sell_pick == []
    trade.sell_begin(s, B, None)
    assert s.step == S_NONE


def test_the_sale_menu_offers_each_unit_and_priced_treasure_not_yet_picked():
    s = game()
    s.pos[A] = C.PORT_ROYAL
    s.cargo[A] = [2, 0, 1]
    s.t_ship[A] = [RAPIER, JOLLY_ROGER, SIGNET]
    signet, rapier = SellPick(TREASURE_ITEM + SIGNET), SellPick(TREASURE_ITEM + RAPIER)
    assert trade.SELL_TREASURE[SIGNET] == signet
    assert trade.sell_legal(s, A) == [SELL_RES[0], SELL_RES[2], rapier, signet, SELL_DONE]
    trade.sell_pick(s, A, C.COCOA, None)
    assert s.sell_pick == [C.COCOA]
    assert trade.sell_legal(s, A) == [SELL_RES[0], SELL_RES[2], rapier, signet, SELL_DONE]
    trade.sell_pick(s, A, TREASURE_ITEM + SIGNET, None)
    trade.sell_pick(s, A, C.COCOA, None)
    assert s.sell_pick == [C.COCOA, TREASURE_ITEM + SIGNET, C.COCOA]
    assert trade.sell_legal(s, A) == [SELL_RES[2], rapier, SELL_DONE]
    s.pos[A] = C.ST_DAVID
    s.sell_pick = []
    s.cargo[A] = [1, 3, 1]
    assert trade.sell_legal(s, A) == [SELL_RES[0], SELL_RES[2], rapier, signet, SELL_DONE]


def test_a_sale_of_goods_and_treasures_together():
    s = game([C.TRAMP, C.HAGGLER])
    s.pos[B] = C.PORT_ROYAL
    s.cargo[B] = [2, 1, 1]
    s.t_ship[B] = [RAPIER, SIGNET, JOLLY_ROGER]
    s.t_disc = [5]
    s.gold[B] = 50
    s.sold[B] = 4
    s.step = S_SELL
    s.sell_pick = [C.COCOA, TREASURE_ITEM + SIGNET, C.RUM, C.COCOA, TREASURE_ITEM + RAPIER]
    income = list(s.income[B])
    ev: list[Event] = []
    trade.sell_done(s, B, ev)
    goods_gold = 3 * 300 + C.HAGGLE_BONUS
    treasure_gold = 800 + 1200
    total = goods_gold + treasure_gold
    assert ev == [E("sell", f"Blue sells 2 Cocoa, 1 Rum, Royal Signet, Drake's Rapier for {total} Gold", B,
                    goods=[2, 1, 0], treasures=[SIGNET, RAPIER], gold=total)]
    income[SRC_TRADE] += goods_gold
    income[SRC_TREASURES] += treasure_gold
    assert s.income[B] == income and s.gold[B] == 50 + total
    assert s.cargo[B] == [0, 0, 1] and s.t_ship[B] == [JOLLY_ROGER] and s.t_disc == [5, SIGNET, RAPIER]
    assert s.sold[B] == 7 and s.sell_pick == [] and s.step == S_NONE


def test_a_haggler_earns_the_bonus_only_when_goods_are_sold():
    s = game([C.HAGGLER, C.TRAMP])
    s.pos[A] = C.THE_BAY
    s.t_ship[A] = [SIGNET]
    s.sell_pick = [TREASURE_ITEM + SIGNET]
    gold, income = s.gold[A], list(s.income[A])
    ev: list[Event] = []
    trade.sell_done(s, A, ev)
    assert ev == [E("sell", "Red sells Royal Signet for 800 Gold", A, goods=[0, 0, 0], treasures=[SIGNET], gold=800)]
    income[SRC_TREASURES] += 800
    assert s.gold[A] == gold + 800 and s.income[A] == income and s.sold[A] == 0
    s.pos[A] = C.LA_JUANITA
    s.cargo[A] = [0, 1, 0]
    s.sell_pick = [C.RUM]
    ev = []
    trade.sell_done(s, A, ev)
    assert ev[0].text == f"Red sells 1 Rum for {200 + C.HAGGLE_BONUS} Gold"
    s.sell_pick = []
    ev = []
    trade.sell_done(s, A, ev)
    assert ev == [E("sell", "Red sells nothing for 0 Gold", A, goods=[0, 0, 0], treasures=[], gold=0)]


def test_a_sale_of_goods_at_a_bonus_price_per_unit():
    s = game()
    with_family(s)
    s.family[A] = [relative("aunt")]
    s.pos[A] = C.LA_JUANITA
    s.cargo[A] = [2, 2, 0]
    s.sell_pick = [C.RUM, C.COCOA, C.COCOA]
    gold = s.gold[A]
    ev: list[Event] = []
    trade.sell_done(s, A, ev)
    total = 2 * (400 + 100) + (200 + 100)
    assert ev == [E("sell", f"Red sells 2 Cocoa, 1 Rum for {total} Gold", A, goods=[2, 1, 0], treasures=[], gold=total)]
    assert s.gold[A] == gold + total and s.cargo[A] == [0, 1, 0] and s.income[A][SRC_TRADE] == total


def test_smugglers_run_counts_a_sale_of_five_units_or_more():
    run = card_of("Smuggler's Run")
    assert C.MISSIONS[run].cond == C.M_SELL_ONE and C.MISSIONS[run].a == 5
    other = card_of("Market Day")
    for units, marks in ((4, 0), (5, 1), (6, 1)):
        s = game()
        s.missions[A], s.m_prog[A] = [other, run], [0, 0]
        s.pos[A] = C.PORT_ROYAL
        s.hul[A] = 7
        s.cargo[A] = [units, 0, 0]
        s.sell_pick = [C.COCOA] * units
        trade.sell_done(s, A, None)
        assert s.m_prog[A] == [0, marks]
    s.m_prog[A] = [0, 3]
    s.cargo[A] = [5, 0, 0]
    s.sell_pick = [C.COCOA] * 5
    trade.sell_done(s, A, None)
    assert s.m_prog[A] == [0, 4]


def test_a_sale_marks_the_barons_island_task_and_the_keepers_treasure_task():
    s = game()
    baron, keeper = title_quest(C.T_BARON), title_quest(C.T_KEEPER)
    s.missions[A], s.m_prog[A] = [baron, keeper], [0, 0]
    s.pos[A] = C.SAO_TOME
    s.cargo[A] = [0, 1, 0]
    s.t_ship[A] = [SIGNET]
    s.sell_pick = [C.RUM, TREASURE_ITEM + SIGNET]
    ev: list[Event] = []
    trade.sell_done(s, A, ev)
    assert ev == [
        E("quest-task", 'Red marks "Sell goods on São Tomé" on Baron of the Isles (1 of 3)', A, card=baron, task=0),
        E("quest-task", 'Red marks "Sell a treasure" on Keeper of the King\'s Seal (1 of 3)', A, card=keeper, task=1),
        E("sell", "Red sells 1 Rum, Royal Signet for 1200 Gold", A, goods=[0, 1, 0], treasures=[SIGNET], gold=1200),
    ]
    assert s.m_prog[A] == [1, 2]
    s.pos[A] = C.ST_DAVID
    s.cargo[A] = [1, 0, 0]
    s.sell_pick = [C.COCOA]
    ev = []
    trade.sell_done(s, A, ev)
    assert ev[0] == E("quest-task", 'Red marks "Sell goods on St. David" on Baron of the Isles (2 of 3)', A,
                      card=baron, task=1)
    assert [e.kind for e in ev] == ["quest-task", "sell"] and s.m_prog[A] == [3, 2]
    s.t_ship[A] = [RAPIER]
    s.sell_pick = [TREASURE_ITEM + RAPIER]
    ev = []
    trade.sell_done(s, A, ev)  # no goods: the Baron's St. David task is not marked again, La Juanita's not at all
    assert [e.kind for e in ev] == ["sell"] and s.m_prog[A] == [3, 2]


def test_the_upgrade_buy_and_sell_steps_through_the_turn():
    s = game()
    s.pos[A] = C.ST_DAVID
    s.gold[A] = 500
    s.cargo[A] = [0, 0, 1]
    assert s.step == S_TURN
    for act in (C.ACT_UPGRADE, C.ACT_BUY, C.ACT_SELL):
        assert turn.action_available(s, A, act)
    s.gold[A] = 99
    s.cargo[A] = [0, 1, 0]
    for act in (C.ACT_UPGRADE, C.ACT_BUY, C.ACT_SELL):
        assert not turn.action_available(s, A, act)


def test_the_fact_the_equivalent_mutants_of_trade_rest_on():
    """docs/mutation.md: ``EVENT_CRAZE.get(event, -1)``'s default (→ None, -2, left out) is compared with a good,
    0-2, so no default is ever equal to it."""
    assert sorted(C.EVENT_CRAZE.values()) == [C.COCOA, C.RUM, C.SUGAR] == [0, 1, 2]
