"""Crew cards step by step, with their exact events (issue 10 item 9: the mutants of rules/crew.py
that survived the rule tests were the Shady Fence — its codes, one unit sold alone, the bonuses —
the Masterful Spy's two uses and the Reckless Smuggler's route, and the words of their events)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import crew, setup
from engine.games.shiver.rules.common import K_RESUME, S_NONE, the_graph
from engine.games.shiver.state import SRC_TRADE, State
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1
FENCE = next(i for i, c in enumerate(C.CREW) if c.effect == C.E_FENCE)
SPY = next(i for i, c in enumerate(C.CREW) if c.effect == C.E_SPY)
SMUGGLER = next(i for i, c in enumerate(C.CREW) if c.effect == C.E_ROUTE)
COCOA, RUM, SUGAR = range(3)



def holding(card: int) -> State:
    s = quick_game(2, seed=10)
    s.crew[A] = [card]
    s.gold[A] = 1000
    s.stack = []
    return s


def played(s: State, card: int, arg: int) -> list[Event]:
    ev: list[Event] = []
    crew.play(s, A, card, arg, ev)
    return ev


def test_fence_codes_are_one_unit_or_two():
    assert crew.fence_codes([0, 0, 0]) == []
    assert crew.fence_codes([1, 0, 0]) == [COCOA * 4 + 3]
    assert crew.fence_codes([2, 0, 0]) == [COCOA * 4 + 3, COCOA * 4 + COCOA]
    assert crew.fence_codes([1, 1, 1]) == [3, COCOA * 4 + RUM, COCOA * 4 + SUGAR, RUM * 4 + 3, RUM * 4 + SUGAR,
                                           SUGAR * 4 + 3]
    assert crew.fence_codes([0, 2, 1]) == [RUM * 4 + 3, RUM * 4 + RUM, RUM * 4 + SUGAR, SUGAR * 4 + 3]


def test_the_fence_buys_one_unit_alone():
    s = holding(FENCE)
    s.cargo[A] = [0, 1, 1]
    gold, income = s.gold[A], list(s.income[A])
    price = C.CREW[FENCE].value
    ev = played(s, FENCE, RUM * 4 + 3)
    assert ev[0].kind == "play" and ev[1:] == [
        E("fence", f"Red sells Rum to the fence for {price} Gold", A, gold=price)]
    assert s.cargo[A] == [0, 0, 1] and s.sold[A] == 1
    income[SRC_TRADE] += price
    assert s.gold[A] == gold - C.CREW[FENCE].gold + price and s.income[A] == income
    assert s.step == S_NONE and s.stack == [K_RESUME]


def test_the_fence_buys_two_units_and_adds_the_seal_and_the_baron_to_each():
    s = holding(FENCE)
    s.cargo[A] = [1, 0, 1]
    s.sold[A] = 2
    seal = next(i for i, t in enumerate(C.TREASURES) if t.bonus == C.L_SELL)
    s.t_ship[A] = [seal]
    s.title_of[C.T_BARON] = A
    each = C.CREW[FENCE].value + C.TREASURES[seal].value + C.BARON_GOLD
    gold = s.gold[A]
    ev = played(s, FENCE, COCOA * 4 + SUGAR)
    assert ev[-1] == E("fence", f"Red sells Cocoa, Sugar to the fence for {2 * each} Gold", A, gold=2 * each)
    assert s.cargo[A] == [0, 0, 0] and s.sold[A] == 4
    assert s.gold[A] == gold - C.CREW[FENCE].gold + 2 * each
    s = holding(FENCE)
    s.cargo[A] = [2, 0, 0]
    s.title_of[C.T_BARON] = B  # another seat's title adds nothing
    ev = played(s, FENCE, COCOA * 4 + COCOA)
    assert ev[-1].data == {"seat": A, "gold": 2 * C.CREW[FENCE].value} and s.cargo[A] == [0, 0, 0]


def test_the_spy_reads_the_top_three_treasure_cards_alone():
    s = holding(SPY)
    s.t_mask[-4:] = [0, 0, B + 1, 0]  # another seat knows one of them already
    top = [s.t_deck[-1], s.t_deck[-2], s.t_deck[-3]]
    deck = list(s.t_deck)
    ev = played(s, SPY, -1)
    assert ev[1:] == [
        E("spy-deck", "Red's spy looks at the top 3 treasure cards", A),
        E("see", f"Red learns the top of the treasure deck: {', '.join(C.TREASURES[c].name for c in top)}", A,
          to=(A,), reveal=True, cards=top),
    ]
    assert s.t_mask[-4:] == [0, 1, (B + 1) | 1, 1] and s.t_deck == deck


def test_the_spy_reads_what_is_left_of_a_short_deck():
    s = holding(SPY)
    s.t_deck, s.t_mask = s.t_deck[:2], [0, 0]
    top = [s.t_deck[1], s.t_deck[0]]
    ev = played(s, SPY, -1)
    assert ev[1].text == "Red's spy looks at the top 2 treasure cards" and ev[2].data["cards"] == top
    assert s.t_mask == [1, 1]


def test_the_spy_peeks_from_afar_at_a_merchant_even_on_the_first_node():
    s = holding(SPY)
    honest = next(i for i, m in enumerate(C.MERCHANTS) if not m.hunter)
    s.merchant[0] = honest
    s.pos[A] = 0  # on its spot, yet a spy's look is from afar: the marker is not turned back
    ev = played(s, SPY, 0)
    assert [e.kind for e in ev] == ["play", "peek", "see-merchant"]
    assert ev[2].to == (A,) and ev[2].data == {"seat": A, "node": 0, "merchant": honest}
    assert s.m_known[0] == 1 << A and s.m_safe[0] == 0 and s.m_up[0] == 0 and s.step == S_NONE


def test_the_smuggler_opens_a_route_and_the_new_anchors_have_no_merchant():
    s = holding(SMUGGLER)
    tile, site, d = crew.smuggler_places(s)[0]
    mission = next(i for i, m in enumerate(C.MISSIONS) if m.cond == C.M_SMUGGLE)
    s.missions[A], s.m_prog[A] = [mission], [0]
    words = setup.route_words(s, tile, site, d)
    n0 = len(s.merchant)
    routes, box = list(s.routes), [t for t in s.box if t != tile]
    s.step = 99
    ev: list[Event] = []
    crew.smuggle(s, A, tile, site, d, ev)
    assert ev == [E("smuggle", f"Red's smuggler opens {words}", A, tile=tile, site=site, dir=d)]
    assert s.routes == [*routes, tile, site, d] and s.box == box and s.step == S_NONE
    n = the_graph(s).n
    assert n > n0 and len(s.merchant) == n and s.merchant[n0:] == [-1] * (n - n0)
    for lst in (s.m_up, s.m_known, s.m_safe, s.m_damage):
        assert len(lst) == n and lst[n0:] == [0] * (n - n0)
    assert s.m_prog[A] == [1]


def test_the_second_seat_s_spy_marks_its_own_knowledge():
    s = quick_game(2, seed=10)
    s.crew[B] = [SPY]
    s.gold[B] = 1000
    s.t_mask[-3:] = [0, 0, 0]
    ev: list[Event] = []
    crew.play(s, B, SPY, -1, ev)
    assert s.t_mask[-3:] == [1 << B] * 3 and ev[-1].to == (B,)
