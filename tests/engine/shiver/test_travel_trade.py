"""Travel (movement, passing, special spots, peeking at merchants, the plague on arrival), Upgrade
and Trade (buying, selling at the printed prices, treasures anywhere, the plague closing a market)."""

from __future__ import annotations

import pytest

from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import (
    S_OVERBOARD,
    S_PEEK,
    S_REFIT,
    S_TURN,
    movement,
    the_graph,
)
from engine.games.shiver.rules.travel import destinations
from engine.games.shiver.state import (
    Act,
    Buy,
    Dump,
    Improve,
    Peek,
    Sail,
    SellDone,
    SellPick,
)
from tests.engine.shiver.helpers import play, quick_game, set_wind, to_turn

# ---------------------------------------------------------------- travel


def test_movement_is_speed_plus_wind_and_never_less_than_one():
    s = quick_game(2, seed=1, talents=[C.HAGGLER, C.TRAMP])
    set_wind(s, 3)
    assert movement(s, 0) == 6
    assert movement(s, 1) == 7  # the Tramp: one more on every Travel action
    s.wind_set = 0  # Power of Ik
    assert movement(s, 0) == 3
    s.spd[0] = 1
    assert movement(s, 0) == 1


def test_ships_and_merchants_are_passed_freely_and_left_over_movement_is_lost():
    s = quick_game(2, seed=2, talents=[C.HAGGLER, C.HAGGLER])
    set_wind(s, 2)
    s.pos[0] = C.PORT_ROYAL
    s.pos[1] = C.PORT_ROYAL
    g = the_graph(s)
    mid = next(n for n in g.adj[C.PORT_ROYAL] if g.dist[n][C.ST_DAVID] == 3)
    s.pos[1] = g.adj[mid][0] if g.adj[mid][0] != C.PORT_ROYAL else g.adj[mid][1]  # a ship in the way
    play(s, 0, Act(C.ACT_TRAVEL))
    assert C.ST_DAVID in {m.node for m in RULES.legal(s, 0)}
    play(s, 0, Sail(C.ST_DAVID))
    to_turn(s)
    assert s.pos[0] == C.ST_DAVID and s.actions == 2


def test_passing_a_revealed_pirate_hunter_costs_two_more():
    s = quick_game(2, seed=3, talents=[C.HAGGLER, C.HAGGLER])
    set_wind(s, 2)  # movement 5
    s.pos[0] = C.PORT_ROYAL
    g = the_graph(s)
    # the anchor between Port Royal and St. David holds a face-up pirate hunter
    anchor = next(a for a in g.anchors if g.dist[C.PORT_ROYAL][a] == 2 and g.dist[a][C.ST_DAVID] == 2)
    hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter)
    s.merchant[anchor] = hunter
    s.m_up[anchor] = 1
    reach = dict(destinations(s, 0))
    assert reach[anchor] == 2
    assert C.ST_DAVID not in reach  # 4 spaces + 2 to pass him: 6 > 5
    set_wind(s, 3)
    assert dict(destinations(s, 0))[C.ST_DAVID] == 6


def test_the_floating_market_pays_when_you_stop_not_when_you_pass():
    s = quick_game(2, seed=4, talents=[C.HAGGLER, C.HAGGLER])
    set_wind(s, 3)
    s.spd[0] = 5  # movement 8: St. David to The Bay in one action, straight through the market
    s.pos[0] = C.ST_DAVID
    gold = s.gold[0]
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(C.THE_BAY))
    to_turn(s)
    assert s.gold[0] == gold and s.pos[0] == C.THE_BAY


@pytest.mark.parametrize("spot", [C.SPOT_SHIPYARD, C.SPOT_MANGROVES])
def test_the_shipyard_rolls_the_white_die_and_the_mangroves_the_green(spot):
    s = quick_game(3, seed=5, talents=[C.HAGGLER] * 3)
    set_wind(s, 3)
    g = the_graph(s)
    node = next(n for n in g.spots if g.spot[n] == spot)
    s.pos[0] = next(i for i in range(6) if g.dist[i][node] == 4)
    s.cargo[0] = [0, 0, 0]
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(node))
    assert len(s.last_roll) == 1
    die = s.last_roll[0] // 10
    assert die == (0 if spot == C.SPOT_SHIPYARD else 1)


def test_peeking_at_a_merchant_the_peeker_knows_and_a_pirate_hunter_is_revealed():
    s = quick_game(2, seed=6, talents=[C.HAGGLER, C.HAGGLER])
    set_wind(s, 2)
    s.pos[0] = C.PORT_ROYAL
    g = the_graph(s)
    anchor = next(a for a in g.anchors if g.dist[C.PORT_ROYAL][a] == 2)
    honest = s.merchant[anchor]
    assert not C.MERCHANTS[honest].hunter
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(anchor))
    assert s.step == S_PEEK
    play(s, 0, Peek(anchor))
    assert s.m_known[anchor] == 1 and not s.m_up[anchor] and s.m_safe[anchor]
    mine = RULES.view(s, 0).merchants
    theirs = RULES.view(s, 1).merchants
    mv = next(m for m in mine if m.node == anchor)
    tv = next(m for m in theirs if m.node == anchor)
    assert mv.known and mv.nation and tv.nation == "" and tv.known_by == [0]
    # now a pirate hunter on the next anchor
    to_turn(s)
    other = next(a for a in g.anchors if g.dist[anchor][a] <= 5 and a != anchor)
    hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter)
    s.merchant[other] = hunter
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(other))
    play(s, 0, Peek(other))
    assert s.m_up[other] == 1  # revealed to all (its attack comes with combat)
    assert next(m for m in RULES.view(s, 1).merchants if m.node == other).honorable == "no"


def test_the_tramp_may_peek_from_afar_and_is_never_met():
    s = quick_game(2, seed=7, talents=[C.TRAMP, C.HAGGLER])
    set_wind(s, 2)
    s.pos[0] = C.PORT_ROYAL
    g = the_graph(s)
    target = next(n for n in g.adj[C.PORT_ROYAL] if g.kind[n] == chart.SEA)
    near = next(a for a in g.anchors if g.dist[target][a] == 1)
    hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter)
    s.merchant[near] = hunter
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(target))
    assert s.step == S_PEEK and Peek(near) in RULES.legal(s, 0)
    play(s, 0, Peek(near))
    assert s.m_known[near] == 1 and s.m_up[near] == 0  # seen, not met


def test_the_plague_throws_goods_overboard_on_arrival_and_closes_the_market():
    s = quick_game(2, seed=8, talents=[C.HAGGLER, C.HAGGLER])
    set_wind(s, 2)
    s.pos[0] = C.PORT_ROYAL
    s.cargo[0] = [1, 2, 0]
    s.pest[C.ST_DAVID] = C.PEST_ACTIVE
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(C.ST_DAVID))
    assert s.step == S_OVERBOARD
    play(s, 0, Dump(C.RUM))
    to_turn(s)
    assert s.cargo[0] == [1, 1, 0]
    acts = {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    assert C.ACT_BUY not in acts and C.ACT_SELL not in acts


# ---------------------------------------------------------------- upgrade


def test_upgrades_cost_the_new_value_and_stop_at_seven():
    s = quick_game(2, seed=9, talents=[C.HAGGLER, C.SHIPWRIGHT])
    s.gold[0] = 5000
    s.pos[0] = C.THE_BAY
    play(s, 0, Act(C.ACT_UPGRADE))
    play(s, 0, Improve(C.SPEED))
    to_turn(s)
    assert s.spd[0] == 4 and s.gold[0] == 5000 - 400  # "replace ... and pay 400 Gold"
    s.stg[0] = 7
    play(s, 0, Act(C.ACT_UPGRADE))
    assert Improve(C.STRENGTH) not in RULES.legal(s, 0)
    play(s, 0, Improve(C.HULL))
    to_turn(s)
    assert s.hul[0] == 4 and s.gold[0] == 5000 - 800
    # the Shipwright pays less
    play(s, 0, EndTurn_(s))
    s.gold[1] = 1000
    s.pos[1] = C.PORT_ROYAL
    play(s, 1, Act(C.ACT_UPGRADE))
    play(s, 1, Improve(C.HULL))
    assert s.gold[1] == 1000 - (400 - C.SHIPWRIGHT_DISCOUNT)


def EndTurn_(s):
    from engine.games.shiver.state import EndTurn

    return EndTurn()


def test_upgrades_only_on_islands_and_never_resold():
    s = quick_game(2, seed=10)
    g = the_graph(s)
    s.pos[0] = g.anchors[0]
    acts = {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    assert C.ACT_UPGRADE not in acts and acts <= {C.ACT_TRAVEL, C.ACT_GUNFIGHT, C.ACT_BOARD}


# ---------------------------------------------------------------- trade


@pytest.mark.parametrize("island, prices", [
    (C.SAO_TOME, (0, 400, 200)),
    (C.ST_DAVID, (200, 0, 400)),
    (C.LA_JUANITA, (400, 200, 0)),
    (C.PORT_ROYAL, (300, 300, 300)),
])
def test_the_printed_price_table(island, prices):
    assert C.ISLANDS[island].sells == prices
    s = quick_game(2, seed=11, talents=[C.TRAMP, C.TRAMP])
    s.pos[0] = island
    s.cargo[0] = [1, 1, 1]
    s.gold[0] = 0
    play(s, 0, Act(C.ACT_SELL))
    for r in range(3):
        if prices[r]:
            play(s, 0, SellPick(r))
        else:
            assert SellPick(r) not in RULES.legal(s, 0)
    play(s, 0, SellDone())
    assert s.gold[0] == sum(prices)


def test_buying_as_many_as_you_like_for_100_each_only_where_it_is_made():
    s = quick_game(2, seed=12, talents=[C.TRAMP, C.TRAMP])
    s.pos[0] = C.LA_JUANITA
    s.cargo[0] = [0, 0, 0]
    s.hul[0] = 5
    s.gold[0] = 450
    play(s, 0, Act(C.ACT_BUY))
    assert [m.units for m in RULES.legal(s, 0)] == [1, 2, 3, 4]  # Gold for 4, room for 5
    play(s, 0, Buy(4))
    assert s.cargo[0] == [0, 0, 4] and s.gold[0] == 50
    to_turn(s)
    s.pos[0] = C.PORT_ROYAL
    assert C.ACT_BUY not in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}


def test_treasures_sell_on_any_island_and_the_haggler_earns_more_for_goods():
    s = quick_game(2, seed=13, talents=[C.HAGGLER, C.TRAMP])
    rapier = next(i for i, t in enumerate(C.TREASURES) if t.name == "Drake's Rapier")
    s.t_ship[0] = [rapier]
    s.pos[0] = C.ISLA_OSCURA
    s.gold[0] = 0
    play(s, 0, Act(C.ACT_SELL))
    play(s, 0, SellPick(100 + rapier))
    play(s, 0, SellDone())
    assert s.gold[0] == C.TREASURES[rapier].price and s.t_ship[0] == [] and rapier in s.t_disc
    to_turn(s)
    s.pos[0] = C.SAO_TOME
    s.cargo[0] = [0, 2, 0]
    play(s, 0, Act(C.ACT_SELL))
    play(s, 0, SellPick(C.RUM))
    play(s, 0, SellPick(C.RUM))
    play(s, 0, SellDone())
    assert s.gold[0] == C.TREASURES[rapier].price + 2 * 400 + C.HAGGLE_BONUS  # a Haggler's sale earns more
    assert s.sold[0] == 2


def test_a_free_upgrade_from_the_white_die():
    s = quick_game(2, seed=14)
    from engine.games.shiver.rules.common import K_REFIT, push, run

    push(s, K_REFIT, 0)
    s.step = 0
    run(s, None)
    assert s.step == S_REFIT
    play(s, 0, Improve(C.HULL))
    assert s.hul[0] == 4 and s.gold[0] == 300 and s.step == S_TURN




def test_a_treasure_without_a_price_tag_cannot_be_sold():
    s = quick_game(2, seed=15, talents=[C.TRAMP, C.TRAMP])
    skull = next(i for i, t in enumerate(C.TREASURES) if t.name == "Jade Skull")
    assert C.TREASURES[skull].price == 0
    s.t_ship[0] = [skull]
    s.pos[0] = C.THE_BAY
    assert C.ACT_SELL not in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
