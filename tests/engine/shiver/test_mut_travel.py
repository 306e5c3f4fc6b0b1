"""Travel step by step, with the exact events (issue 10 item 9: the mutants of rules/travel.py that
survived the rule tests were the words and facts of sailing, the plague, the special spots, peeking
at a merchant, the Tramp's peek range and the Travel menu past a revealed pirate hunter)."""

from __future__ import annotations

import copy

from engine.core.rules import Event
from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.rules import travel
from engine.games.shiver.rules.combat import DUEL_HUNTER
from engine.games.shiver.rules.common import K_OVERBOARD, K_PEEK, S_NONE, SAIL, the_graph
from engine.games.shiver.state import SRC_SEA, Peek, State
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1
ST_DAVID, ISLA_OSCURA = 1, 5
MARKET, MANGROVES, FOGBANK = 9, 16, 23  # the special spots of this map (checked below; no Shipyard with 2)
ANCHOR = 7  # the anchor spot two spaces from St. David on the Floating Market route
SMALL_GOLD, SMALL_GOODS, SMALL_BOTH, LARGE_TREASURE, HUNTER_FATHER, HUNTER_GOLD_TREASURE = 0, 1, 2, 17, 22, 26



def game() -> State:
    s = quick_game(2, seed=10)
    s.stack = []
    return s


def card_of(name: str) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.name == name)


def title_quest(title: int) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE and m.a == title)


def pushed(op: int, seat: int, arg: int) -> int:
    return op | seat << 5 | arg << 8


def test_the_map_of_these_tests():
    s = game()
    g = the_graph(s)
    assert s.pos == [ST_DAVID, ST_DAVID]
    assert [g.spot[n] for n in g.spots] == [C.SPOT_MARKET, C.SPOT_MANGROVES, C.SPOT_FOG]
    assert list(g.spots) == [MARKET, MANGROVES, FOGBANK]
    assert g.kind[ANCHOR] == chart.ANCHOR and g.dist[ST_DAVID][ANCHOR] == 2
    assert [a for a in g.anchors if g.dist[ST_DAVID][a] <= C.TRAMP_PEEK_RANGE] == [7, 21, 34]
    assert C.TITLES[C.T_TIDES].tasks[0].kind == C.Q_SPOT and C.TITLES[C.T_TIDES].tasks[2].a == ISLA_OSCURA


# ---------------------------------------------------------------- sailing


def test_sailing_to_an_island_marks_it_visited_and_offers_a_peek():
    s = game()
    s.missions[A], s.m_prog[A] = [title_quest(C.T_TIDES)], [0]
    visited = s.visited[A]
    ev: list[Event] = []
    travel.sail(s, A, ISLA_OSCURA, ev)
    dist = the_graph(s).dist[ST_DAVID][ISLA_OSCURA]
    assert ev == [
        E("sail", f"Red sails from St. David to Isla Oscura ({dist} spaces)", A, start=ST_DAVID, node=ISLA_OSCURA),
        E("quest-task", 'Red marks "Drop anchor at Isla Oscura" on Lord of the Tides (1 of 3)', A,
          card=title_quest(C.T_TIDES), task=2),
    ]
    assert s.pos[A] == ISLA_OSCURA and s.step == S_NONE
    assert s.visited[A] == visited | 1 << ISLA_OSCURA and visited == 1 << ST_DAVID
    assert s.stack == [pushed(K_PEEK, A, ISLA_OSCURA)]


def test_the_plague_on_arrival_throws_one_unit_overboard_when_the_hold_is_not_empty():
    s = game()
    s.pest[ISLA_OSCURA] = C.PEST_ACTIVE
    s.cargo[B] = [0, 1, 0]
    ev: list[Event] = []
    travel.sail(s, B, ISLA_OSCURA, ev)
    assert ev[1:] == [E("plague", "The plague rages on Isla Oscura: Blue must throw 1 unit of goods overboard", B)]
    assert s.stack == [pushed(K_PEEK, B, ISLA_OSCURA), pushed(K_OVERBOARD, B, 1)]
    s = game()
    s.pest[ISLA_OSCURA] = C.PEST_ACTIVE
    s.cargo[B] = [0, 0, 0]
    ev = []
    travel.sail(s, B, ISLA_OSCURA, ev)
    assert [e.kind for e in ev] == ["sail"] and s.stack == [pushed(K_PEEK, B, ISLA_OSCURA)]


def test_ending_on_the_floating_market_collects_its_gold_and_counts_the_spot():
    s = game()
    day, omen, quest = card_of("Market Day"), card_of("Wrecker's Omen"), title_quest(C.T_TIDES)
    s.missions[A], s.m_prog[A] = [day, omen, quest], [0, 0, 0]
    gold, income = s.gold[A], list(s.income[A])
    ev: list[Event] = []
    travel.sail(s, A, MARKET, ev)
    dist = the_graph(s).dist[ST_DAVID][MARKET]
    assert ev == [
        E("sail", f"Red sails from St. David to Floating Market ({dist} spaces)", A, start=ST_DAVID, node=MARKET),
        E("quest-task", 'Red marks "End a Travel action on a special spot" on Lord of the Tides (1 of 3)', A,
          card=quest, task=0),
        E("market", f"Red collects {C.MARKET_GOLD} Gold at the Floating Market", A),
    ]
    income[SRC_SEA] += C.MARKET_GOLD
    assert s.gold[A] == gold + C.MARKET_GOLD and s.income[A] == income
    assert s.m_prog[A] == [1, 0, 1]  # Market Day counts the spot, Wrecker's Omen (the Shipyard) does not
    assert s.stack == [pushed(K_PEEK, A, MARKET)]


def test_a_monster_on_the_spot_keeps_its_reward_but_the_spot_still_counts():
    s = game()
    s.pos[A] = FOGBANK
    s.missions[A], s.m_prog[A] = [card_of("Market Day")], [0]
    s.monster_at[0] = MARKET
    gold = s.gold[A]
    ev: list[Event] = []
    travel.end_on_spot(s, A, MARKET, ev)
    assert ev == [E("monster", "A monster lurks on the Floating Market: its reward cannot be collected", A)]
    assert s.gold[A] == gold and s.m_prog[A] == [1] and s.stack == []


def _white_gold(s: State) -> None:
    """Draw from the state's generator until its next white die shows 200 Gold."""
    while True:
        t = copy.deepcopy(s.rng)
        if C.WHITE_DIE[t.below(len(C.WHITE_DIE))] == C.WD_GOLD:
            return
        s.rng.below(len(C.WHITE_DIE))


def test_the_ancient_shipyard_rolls_the_white_die_and_its_gold_is_sea_income():
    s = quick_game(3, seed=5)  # the Shipyard route is laid with 3 players or more
    s.stack = []
    g = the_graph(s)
    shipyard = next(n for n in g.spots if g.spot[n] == C.SPOT_SHIPYARD)
    _white_gold(s)
    gold, income = s.gold[A], list(s.income[A])
    ev: list[Event] = []
    travel.end_on_spot(s, A, shipyard, ev)
    assert ev == [E("roll", "Red rolls the white die at the Ancient Shipyard: 200 Gold", A, reveal=True,
                    die="white", face="200 Gold")]
    income[SRC_SEA] += C.WHITE_GOLD
    assert s.gold[A] == gold + C.WHITE_GOLD and s.income[A] == income


def test_the_mangroves_roll_the_green_die():
    s = game()
    t = copy.deepcopy(s.rng)
    face = C.GREEN_FACES[C.GREEN_DIE[t.below(len(C.GREEN_DIE))]]
    ev: list[Event] = []
    travel.end_on_spot(s, A, MANGROVES, ev)
    assert ev[0] == E("roll", f"Red rolls the green die in the Mangroves: {face}", A, reveal=True,
                      die="green", face=face)


# ---------------------------------------------------------------- the Travel menu


def test_the_travel_menu_is_every_destination_within_movement_even_from_an_empty_cache():
    s = game()
    g = the_graph(s)
    g.memo.clear()  # a cache: the rules fill it again
    menu = travel.travel_legal(s, A)
    assert sorted(m.node for m in menu) == sorted(n for n, _ in travel.destinations(s, A))
    assert len(menu) == 17 and travel.travel_legal(s, A) == menu


def test_revealed_hunters_are_the_face_up_pirate_hunters_only():
    s = game()
    s.merchant[ANCHOR] = HUNTER_FATHER
    assert travel.revealed_hunters(s) == ()
    s.m_up[ANCHOR] = 1
    assert travel.revealed_hunters(s) == (ANCHOR,)
    s.merchant[21] = HUNTER_GOLD_TREASURE  # face down: nobody knows it is a hunter
    s.merchant[34], s.m_up[34] = -1, 1  # no merchant left there
    assert travel.revealed_hunters(s) == (ANCHOR,)


def test_passing_a_revealed_pirate_hunter_costs_more_in_the_travel_menu():
    s = game()
    g = the_graph(s)
    s.merchant[ANCHOR], s.m_up[ANCHOR] = HUNTER_FATHER, 1
    mp = 5
    assert travel.destinations(s, A) == chart.destinations(g, ST_DAVID, mp, (ANCHOR,))
    menu = travel.travel_legal(s, A)
    assert menu == [SAIL[n] for n, _ in chart.destinations(g, ST_DAVID, mp, (ANCHOR,))]
    assert SAIL[MARKET] not in menu  # 4 spaces through the hunter: 4 + 2 > 5
    assert SAIL[MARKET] in [SAIL[n] for n, _ in chart.destinations(g, ST_DAVID, mp)]


# ---------------------------------------------------------------- peeking


def test_the_merchant_on_the_spot_can_be_peeked_at_once_per_captain():
    s = game()
    s.merchant[ANCHOR] = SMALL_GOLD  # merchant 0 is a merchant too
    assert travel.peek_targets(s, B, ANCHOR) == [ANCHOR]
    s.pos[B] = ANCHOR
    assert travel.peek_legal(s, B) == [Peek(-1), Peek(ANCHOR)]
    s.m_known[ANCHOR] = 1 << A
    assert travel.peek_targets(s, B, ANCHOR) == [ANCHOR]
    s.m_known[ANCHOR] |= 1 << B
    assert travel.peek_targets(s, B, ANCHOR) == [] and travel.peek_legal(s, B) == [Peek(-1)]


def test_the_tramp_peeks_within_two_spaces():
    s = game()
    s.talent[B] = C.TRAMP
    for a in the_graph(s).anchors:
        s.merchant[a] = SMALL_BOTH
    s.merchant[7], s.merchant[21], s.merchant[34] = SMALL_GOLD, -1, SMALL_GOODS
    assert travel.peek_targets(s, B, ST_DAVID) == [7, 34]
    s.m_up[34] = 1
    assert travel.peek_targets(s, B, ST_DAVID) == [7]
    s.m_known[7] = 1 << A
    assert travel.peek_targets(s, B, ST_DAVID) == [7]
    s.m_known[7] = 1 << B
    assert travel.peek_targets(s, B, ST_DAVID) == []
    s.talent[B] = C.HAGGLER
    s.m_known[7], s.m_up[34] = 0, 0
    assert travel.peek_targets(s, B, ST_DAVID) == []


def test_leaving_the_merchant_be():
    s = game()
    s.step = 99
    ev: list[Event] = []
    travel.peek(s, A, -1, ev)
    assert ev == [E("no-peek", "Red leaves the merchant be", A)] and s.step == S_NONE


def test_peeking_at_an_honorable_trader_on_its_spot_turns_it_face_down_known_safe():
    s = game()
    s.merchant[ANCHOR], s.pos[B], s.m_known[ANCHOR] = SMALL_GOLD, ANCHOR, 1 << A
    s.missions[B], s.m_prog[B] = [card_of("Spymaster")], [0]
    ev: list[Event] = []
    travel.peek(s, B, ANCHOR, ev)
    words = "a small English honorable trader (speed 2, strength 2, hull 2; reward 300 G; 1 VP)"
    assert ev == [
        E("peek", "Blue peeks at the merchant on the anchor spot on the Floating Market route", B, node=ANCHOR),
        E("see-merchant", f"Blue sees {words}", B, to=(B,), reveal=True, node=ANCHOR, merchant=SMALL_GOLD),
        E("honorable", "Blue turns the marker face down again: an honorable trader", B, node=ANCHOR),
    ]
    assert s.m_known[ANCHOR] == 1 << A | 1 << B and s.m_safe[ANCHOR] == 1 and s.m_up[ANCHOR] == 0
    assert s.m_prog[B] == [1] and s.step == S_NONE


def test_a_pirate_hunter_met_on_its_spot_is_revealed_and_attacks_at_once():
    s = game()
    s.merchant[ANCHOR], s.pos[A] = HUNTER_FATHER, ANCHOR
    ev: list[Event] = []
    travel.peek(s, A, ANCHOR, ev)
    words = "a large English pirate hunter (speed 5, strength 6, hull 4; reward your father; 3 VP)"
    assert ev[:4] == [
        E("peek", "Red peeks at the merchant on the anchor spot on the Floating Market route", A, node=ANCHOR),
        E("see-merchant", f"Red sees {words}", A, to=(A,), reveal=True, node=ANCHOR, merchant=HUNTER_FATHER),
        E("hunter", f"A pirate hunter! The merchant on the anchor spot on the Floating Market route is {words}", A,
          reveal=True, node=ANCHOR, merchant=HUNTER_FATHER),
        E("hunter-attack", "The pirate hunter attacks Red at once", A, node=ANCHOR),
    ]
    assert s.m_up[ANCHOR] == 1 and s.m_safe[ANCHOR] == 0 and s.duel == DUEL_HUNTER and s.m_known[ANCHOR] == 1


def test_a_remote_peek_at_a_hunter_only_tells_the_peeker():
    s = game()
    s.merchant[ANCHOR] = HUNTER_FATHER
    ev: list[Event] = []
    travel.peek(s, A, ANCHOR, ev, remote=True)
    assert [e.kind for e in ev] == ["peek", "see-merchant"]
    assert s.m_up[ANCHOR] == 0 and s.m_safe[ANCHOR] == 0 and s.m_known[ANCHOR] == 1 << A


def test_the_words_for_a_merchant():
    assert [travel.merchant_words(m) for m in (SMALL_GOLD, SMALL_GOODS, SMALL_BOTH, LARGE_TREASURE,
                                               HUNTER_FATHER, HUNTER_GOLD_TREASURE)] == [
        "a small English honorable trader (speed 2, strength 2, hull 2; reward 300 G; 1 VP)",
        "a small English honorable trader (speed 1, strength 3, hull 2; reward 2 Cocoa; 1 VP)",
        "a small English honorable trader (speed 3, strength 1, hull 2; reward 200 G, 1 Rum; 1 VP)",
        "a large Spanish honorable trader (speed 3, strength 5, hull 4; reward a treasure; 2 VP)",
        "a large English pirate hunter (speed 5, strength 6, hull 4; reward your father; 3 VP)",
        "a large English pirate hunter (speed 6, strength 5, hull 3; reward 300 G, a treasure; 3 VP)",
    ]
    # no merchant rewards nothing, so the words' "none" is never said
    assert all(m.gold or m.goods[1] or m.treasure or m.family for m in C.MERCHANTS)


def test_the_facts_that_make_some_travel_mutants_equivalent():
    """docs/mutation.md lists these survivors as equivalent; each rests on one of these facts."""
    assert all(t.a < 0 for x in C.TITLES for t in x.tasks if t.kind == C.Q_SPOT)  # no task names a spot
    assert not C.MERCHANTS[0].hunter  # merchant 0 is never a revealed hunter
    assert len(C.ISLANDS) + sum(r.spaces for r in C.ROUTES) < 64  # a node fits below the menu key's 64
    s = game()
    assert len(s.merchant) == len(the_graph(s).kind)  # every node has a merchant slot
