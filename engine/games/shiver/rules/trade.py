"""Upgrade and Trade: upgrades by the new value's price; buying the island's own resource for
100 G a unit, as many as you like; selling goods at the printed prices and treasures
anywhere, as many as you like with one action."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import titles
from engine.games.shiver.rules.common import (
    BUY,
    IMPROVE,
    S_BUY,
    S_NONE,
    S_SELL,
    S_UPGRADE,
    SELL_DONE,
    SELL_RES,
    active_event,
    ask,
    attr_list,
    earn,
    event_value,
    goods_text,
    lasting,
    room,
    say,
    upgrade_price,
    who,
)
from engine.games.shiver.state import (
    SPENT_GOODS,
    SPENT_UPGRADES,
    SRC_TRADE,
    SRC_TREASURES,
    TREASURE_ITEM,
    SellPick,
    State,
)

SELL_TREASURE = tuple(SellPick(TREASURE_ITEM + c) for c in range(len(C.TREASURES)))

# ---------------------------------------------------------------- upgrade


def upgrade_options(s: State, seat: int) -> list[int]:
    # seed: "You can upgrade your speed, strength, and hull on any island, each attribute to a maximum of 7."
    out = []
    gold = s.gold[seat]
    for a, vals in ((C.SPEED, s.spd), (C.STRENGTH, s.stg), (C.HULL, s.hul)):
        v = vals[seat]
        if v < C.MAX_ATTR and upgrade_price(s, seat, v + 1) <= gold:
            out.append(a)
    return out


def can_upgrade(s: State, seat: int) -> bool:
    """``upgrade_options`` is not empty (the turn's menu asks this often): the discounts of the Shipwright,
    the Shipwright's Tools and the uncle (a relative's lasting ability counts with no treasure aboard)."""
    disc = (C.SHIPWRIGHT_DISCOUNT if s.talent[seat] == C.SHIPWRIGHT else 0) + lasting(s, seat, C.L_DISCOUNT)
    gold = s.gold[seat]
    for v in (s.spd[seat], s.stg[seat], s.hul[seat]):
        if v < C.MAX_ATTR and max(100, (v + 1) * 100 - disc) <= gold:
            return True
    return False


def upgrade_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    if upgrade_options(s, seat):
        ask(s, S_UPGRADE, seat)
    else:
        if ev is not None:
            say(ev, "action-spent", f"{who(s, seat)} can no longer pay for an upgrade: the action is spent", seat)


def upgrade_legal(s: State, seat: int) -> list[object]:
    return [IMPROVE[a] for a in upgrade_options(s, seat)]


def upgrade(s: State, seat: int, attr: int, ev: list[Event] | None) -> None:
    # seed: "Each upgrade will cost 1 action and a fixed fee" (the new value's price)
    vals = attr_list(s, attr)
    price = upgrade_price(s, seat, vals[seat] + 1)
    s.gold[seat] -= price
    s.spent[seat][SPENT_UPGRADES] += price
    vals[seat] += 1
    s.step = S_NONE
    if ev is not None:
        say(ev, "upgrade", f"{who(s, seat)} upgrades {C.ATTRS[attr]} to {vals[seat]} for {price} Gold", seat, attr=attr, value=vals[seat], price=price)


def refit(s: State, seat: int, attr: int, ev: list[Event] | None) -> None:
    """A free upgrade (a die, a card, a treasure, a reward)."""
    vals = attr_list(s, attr)
    vals[seat] += 1
    s.step = S_NONE
    if ev is not None:
        say(ev, "refit", f"{who(s, seat)} gains a free upgrade: {C.ATTRS[attr]} {vals[seat]}", seat, attr=attr, value=vals[seat])




# ---------------------------------------------------------------- buying


def market_open(s: State, island: int) -> bool:
    """The plague closes an island's markets (see content.PLAGUE_TEXT)."""
    return s.pest[island] != C.PEST_ACTIVE


def buy_max(s: State, seat: int) -> int:
    pos = s.pos[seat]
    if pos >= 6 or C.ISLANDS[pos].produces < 0 or not market_open(s, pos):
        return 0
    return min(room(s, seat), s.gold[seat] // C.BUY_PRICE)


def buy_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    if buy_max(s, seat) > 0:
        ask(s, S_BUY, seat)
    else:
        if ev is not None:
            say(ev, "action-spent", f"{who(s, seat)} cannot buy anything now: the action is spent", seat)


def buy_legal(s: State, seat: int) -> list[object]:
    return list(BUY[1: buy_max(s, seat) + 1])


def buy(s: State, seat: int, units: int, ev: list[Event] | None) -> None:
    # seed: "You can buy as many units as you wish with 1 action."
    res = C.ISLANDS[s.pos[seat]].produces
    cost = units * C.BUY_PRICE
    s.gold[seat] -= cost
    s.spent[seat][SPENT_GOODS] += cost
    s.cargo[seat][res] += units
    s.step = S_NONE
    if ev is not None:
        say(ev, "buy", f"{who(s, seat)} buys {units} {C.RESOURCES[res]} for {cost} Gold", seat, res=res, units=units, gold=cost)


# ---------------------------------------------------------------- selling


def unit_price(s: State, seat: int, island: int, res: int) -> int:
    base = C.ISLANDS[island].sells[res]
    if not base:
        return 0
    craze = event_value(s, active_event(s)) if C.EVENT_CRAZE.get(active_event(s), -1) == res else 0
    baron = C.BARON_GOLD if titles.holds(s, seat, C.T_BARON) else 0
    return base + lasting(s, seat, C.L_SELL) + craze + baron  # a craze (an event): 200 more for its good


def can_sell(s: State, seat: int) -> bool:
    pos = s.pos[seat]
    if pos >= 6 or not market_open(s, pos):
        return False
    for c in s.t_ship[seat]:
        if C.TREASURES[c].price:
            return True  # seed: "use a trade action on any island to sell treasures"
    prices = C.ISLANDS[pos].sells
    cargo = s.cargo[seat]
    return bool((cargo[0] and prices[0]) or (cargo[1] and prices[1]) or (cargo[2] and prices[2]))


def sell_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    s.sell_pick = []
    if can_sell(s, seat):
        ask(s, S_SELL, seat)
    else:
        if ev is not None:
            say(ev, "action-spent", f"{who(s, seat)} has nothing to sell here now: the action is spent", seat)


def sell_legal(s: State, seat: int) -> list[object]:
    pos = s.pos[seat]
    prices = C.ISLANDS[pos].sells
    cargo = s.cargo[seat]
    picked = s.sell_pick
    out: list[object] = []
    for r in range(3):
        if prices[r] and cargo[r] > picked.count(r):
            out.append(SELL_RES[r])
    for c in s.t_ship[seat]:
        if TREASURE_ITEM + c not in picked and C.TREASURES[c].price:  # seed: "Most treasure cards contain a price tag"
            out.append(SELL_TREASURE[c])
    out.append(SELL_DONE)
    return out


def sell_pick(s: State, seat: int, item: int, ev: list[Event] | None) -> None:
    s.sell_pick.append(item)


def sell_done(s: State, seat: int, ev: list[Event] | None) -> None:
    # seed: "You can sell as many units of resources and any number of treasures with the same selling action."
    pos = s.pos[seat]
    goods = [0, 0, 0]
    goods_gold = treasure_gold = 0
    sold_treasures = []
    for item in s.sell_pick:
        if item < TREASURE_ITEM:
            goods[item] += 1
            goods_gold += unit_price(s, seat, pos, item)
        else:
            card = item - TREASURE_ITEM
            sold_treasures.append(card)
            treasure_gold += C.TREASURES[card].price
    for r in range(3):
        s.cargo[seat][r] -= goods[r]
    for card in sold_treasures:
        s.t_ship[seat].remove(card)
        s.t_disc.append(card)
    units = sum(goods)
    if units and s.talent[seat] == C.HAGGLER:
        goods_gold += C.HAGGLE_BONUS
    s.sold[seat] += units
    earn(s, seat, goods_gold, SRC_TRADE)
    earn(s, seat, treasure_gold, SRC_TREASURES)
    for j, card in enumerate(s.missions[seat]):
        m = C.MISSIONS[card]
        if m.cond == C.M_SELL_ONE and units >= m.a:
            s.m_prog[seat][j] += 1
    s.sell_pick = []
    s.step = S_NONE
    if units:
        titles.task(s, seat, C.Q_SELL_AT, pos, ev)
    if sold_treasures:
        titles.task(s, seat, C.Q_SELL_TREASURE, ev=ev)
    what = []
    if units:
        what.append(goods_text(goods))
    what.extend(C.TREASURES[c].name for c in sold_treasures)
    if ev is not None:
        say(ev, "sell", f"{who(s, seat)} sells {', '.join(what) or 'nothing'} for {goods_gold + treasure_gold} Gold", seat, goods=goods, treasures=sold_treasures, gold=goods_gold + treasure_gold)
