"""A build, a hidden starfall drawn, and the round's end step by step: what each changes (the
site or the skimmer, the cost paid, counts, who learns the card) and their exact events; the last
round's final line and the next round's turn order. Written to kill the mutants of
rules/main_phase.py's ``build`` and ``draw_hidden`` and rules/end_of_round.py's ``end_round``
that survived (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import scoring
from engine.games.fractured_sky.rules import end_of_round as E
from engine.games.fractured_sky.rules import main_phase as M
from engine.games.fractured_sky.state import (
    FIRST_MARKET,
    FIRST_PLACE,
    FIRST_SKIMMER,
    N_TALLY,
    OVER,
    T_EXPLORES,
    T_SPENT,
)
from engine.games.fractured_sky.text import building_text, cost_text, region_name, who
from tests.engine.fractured_sky.helpers import fresh

SIDE = 1


def test_building_a_market_takes_the_site_pays_and_says_so():
    s = fresh(3, 4)
    site = 3
    s.res[SIDE * 3: SIDE * 3 + 3] = [5, 5, 5]
    s.built[SIDE * 3 + C.MARKET] = 1
    s.first_action[SIDE] = -1
    spent = s.tally[SIDE * N_TALLY + T_SPENT]
    cost = C.site_cost(C.MARKET, site)
    ev: list[Event] = []
    M.build(s, SIDE, C.MARKET, site, ev)
    assert s.site_owner[site] == SIDE and s.site_kind[site] == C.MARKET and s.built[SIDE * 3 + C.MARKET] == 2
    assert s.res[SIDE * 3: SIDE * 3 + 3] == [5 - cost[0], 5 - cost[1], 5 - cost[2]]
    assert s.tally[SIDE * N_TALLY + T_SPENT] == spent + sum(cost) and s.first_action[SIDE] == FIRST_MARKET
    assert ev[0] == Event(f"{who(s, SIDE)} builds {building_text(C.MARKET, site)} ({cost_text(cost)}).", SIDE,
                          kind="build", data={"side": SIDE, "building": "market", "where": site, "cost": list(cost)})


def test_building_a_skimmer_adds_to_the_region_and_leaves_the_sites():
    s = fresh(3, 4)
    s.res[SIDE * 3: SIDE * 3 + 3] = [5, 5, 5]
    s.skimmers[4 * s.n + SIDE] = 1
    owners = list(s.site_owner)
    s.first_action[SIDE] = FIRST_PLACE
    ev: list[Event] = []
    M.build(s, SIDE, C.SKIMMER, 4, ev)
    assert s.skimmers[4 * s.n + SIDE] == 2 and s.site_owner == owners and s.first_action[SIDE] == FIRST_PLACE
    assert s.built[SIDE * 3 + C.SKIMMER] == 1
    assert ev[0].text == f"{who(s, SIDE)} builds a skimmer in {region_name(4)} (1 wood and 1 iron)."
    t = fresh(3, 4)
    t.res[SIDE * 3: SIDE * 3 + 3] = [5, 5, 5]
    t.first_action[SIDE] = -1
    M.build(t, SIDE, C.SKIMMER, 4, None)
    assert t.first_action[SIDE] == FIRST_SKIMMER


def test_a_hidden_starfall_is_told_to_its_drawer_and_whoever_scouted_the_deck():
    s = fresh(3, 4)
    s.top_known = 0b100  # side 2 scouted the deck's top card
    s.hid_cards, s.hid_ship, s.hid_known = [5], [0], [1]
    s.explored[SIDE] = 1
    s.tally[SIDE * N_TALLY + T_EXPLORES] = 2
    card = s.hid_deck[-1]
    ship = SIDE * C.SHIPS + 2
    ev: list[Event] = []
    M.draw_hidden(s, SIDE, ship, ev)
    assert s.hid_cards == [5, card] and s.hid_ship == [0, ship] and s.hid_known == [1, 0b110]
    assert s.top_known == 0 and s.explored[SIDE] == 2 and s.tally[SIDE * N_TALLY + T_EXPLORES] == 3
    assert ev == [
        Event(f"{who(s, SIDE)} draws a hidden starfall.", SIDE, kind="explore", data={"side": SIDE, "card": 1}),
        Event(f"{who(s, SIDE)}'s hidden starfall will drop in {region_name(card)}.", SIDE, to=(1, 2), reveal=True,
              kind="hidden_starfall", data={"side": SIDE, "card": 1, "region": card}),
    ]


def test_the_last_round_ends_the_game_with_the_final_line():
    s = fresh(3, 4)
    s.round = C.ROUNDS
    s.stars = [4, 6, 4]
    rounds = len(s.by_round)
    ev: list[Event] = []
    E.end_round(s, ev)
    assert s.phase == OVER and len(s.by_round) == rounds + 1 and s.by_round[-1] == [4, 6, 4]
    r = scoring.result(s)
    line = "Final starfalls: " + ", ".join(f"{who(s, x)} {r.scores[x]}" for x in range(3)) + f". {who(s, 1)} wins."
    line += f" {r.tiebreak}" if r.tiebreak else ""
    assert r.tiebreak  # sides 0 and 2 tie on 4
    assert ev == [Event(line, kind="final", data={"scores": [4, 6, 4], "ranking": r.ranking})]


def test_a_round_ends_into_the_next_with_the_track_as_its_order():
    s = fresh(3, 4)
    s.round = 2
    s.next_order = [2, 0, 1]
    ev: list[Event] = []
    E.end_round(s, ev)
    assert s.round == 3 and s.order == [2, 0, 1] and s.next_order == [-1, -1, -1]
    kinds = [e.kind for e in ev]
    assert kinds[:2] == ["sequence", "order"]
    assert ev[1] == Event(f"Turn order for round 3: {who(s, 2)}, {who(s, 0)}, {who(s, 1)}.", kind="order",
                          data={"order": [2, 0, 1]})
    assert "public_starfall" in kinds  # the new round starts and says so
