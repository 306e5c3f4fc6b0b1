"""The facts the table draws from, in the view: routes aimed from every island and spot with the rules
they break, the legal rotations, your voyages, life-goal progress, upgrade and ritual prices, and the
seals behind every score."""

from __future__ import annotations

import pytest

from engine import Match
from engine.core.rng import Rng
from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_PLACE, goal_progress, upgrade_price
from engine.games.shiver.state import Improve, PlaceRoute, Rotate
from tests.engine.shiver.helpers import play, purposeful, quick_game, set_wind, to_turn
from tests.engine.shiver.test_draft import drafting


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_aimed_route_says_which_rules_it_breaks_and_the_fitting_ones_are_the_legal_placements(players, seed):
    s = drafting(players, seed)
    rng = Rng.seeded(seed)
    checked = 0
    while s.step == S_PLACE:
        seat = s.actor
        v = RULES.view(s, seat)
        legal = RULES.legal(s, seat)
        if s.draft_need & 2:
            fits = {(p.tile, p.site, p.move_dir) for p in v.ports if not p.fails}
            assert fits == {(m.tile, m.site, m.dir) for m in legal if isinstance(m, PlaceRoute)}
            isl, routes = tuple(s.isl_site), tuple(s.routes)
            lay = chart.layout(isl, routes)
            for p in v.ports:
                fails, other = chart.route_check(isl, routes, p.tile, chart.site(p.x, p.y), p.dir)
                # the rules of map building as route_fits says them; the open end the draft asks for beside
                assert (fails == 0) == chart.route_fits(lay, p.tile, chart.site(p.x, p.y), p.dir)
                assert p.fails == fails or (fails == 0 and p.fails == chart.NO_OPEN_END)
                if fails & (chart.CROSSES | chart.SHARES_STEP):
                    assert 0 <= other < len(routes) // 3  # the route it runs into is named
                checked += 1
            rots = {(r.route, r.pivot, r.turn) for r in v.rotations}
            assert rots == {(m.route, m.pivot, m.turn) for m in legal if isinstance(m, Rotate)}
            for r in v.rotations:
                new_isl, new_routes = chart.rotated(isl, routes, r.route, r.pivot, r.turn)
                assert new_routes[3 * r.route + 1:3 * r.route + 3] == (chart.site(r.x, r.y), r.dir)
                if r.island >= 0:
                    assert new_isl[r.island] == chart.site(r.ix, r.iy) != isl[r.island]
        else:
            assert v.ports == [] and v.rotations == []
        play(s, seat, legal[rng.below(len(legal))])
    assert checked > 100


def test_a_crossing_is_named_before_anyone_commits():
    """The Quick Start map's diagonals: a route from São Tomé to St. David's corner square crosses none,
    one across Port Royal's diagonal does."""
    isl, routes = chart.quick_start(3)
    # from the Fogbank's heart (-1, 0) towards SE runs across the diagonal Port Royal – St. David
    fails, other = chart.route_check(isl, routes, 0, chart.site(-1, 0), 7)
    assert fails & chart.CROSSES and routes[3 * other: 3 * other + 3] == (2, chart.site(0, 0), 5)
    # Port Royal's port towards La Juanita is taken
    fails, other = chart.route_check(isl, routes, 0, chart.site(0, 0), 1)
    assert fails & chart.SHARES_STEP and fails & chart.PORT_TAKEN
    # Isla Oscura towards the west: open sea, nothing broken
    assert chart.route_check(isl, routes, 0, chart.site(-2, 0), 4) == (0, -1)


def test_voyages_count_travel_actions_and_trace_a_cheapest_way():
    s = quick_game(3, seed=5)
    set_wind(s, 1)
    seat = s.turn
    v = RULES.view(s, seat)
    mp = v.seats[seat].movement
    assert v.voyage_actions[v.seats[seat].node] == 0
    for node, cost in ((n, c) for n, c in enumerate(v.voyage_spaces) if c > 0):
        actions = v.voyage_actions[node]
        assert actions >= -(-cost // mp)  # never fewer actions than the movement allows
        assert actions == 1 or cost > mp
        # the way there: back from the node to the ship, one step at a time
        way, n = [node], node
        while v.voyage_via[n] >= 0:
            n = v.voyage_via[n]
            way.append(n)
        assert way[-1] == v.seats[seat].node and len(way) - 1 == cost
    # on the island farthest away, the rules agree: its first reachable step is a destination now
    play(s, seat, RULES.legal(s, seat)[0])  # Travel
    to_turn(s)
    dests = {n for n, _ in RULES.view(s, seat).destinations}
    assert dests == {n for n, a in enumerate(v.voyage_actions) if a == 1}
    assert RULES.view(s, (seat + 1) % 3).voyage_actions == []  # only the seat whose turn it is


def test_goal_progress_upgrade_prices_and_ritual_costs_are_what_the_rules_charge():
    s = quick_game(2, seed=3, talents=[C.SHIPWRIGHT, C.MYSTIC])
    v = RULES.view(s, 0)
    for g in v.goals:
        assert g.target == C.LIFE_GOALS[g.goal].target
        assert g.progress == [goal_progress(s, k, g.goal) for k in range(2)]
    for k in range(2):
        sv = v.seats[k]
        assert sv.upgrade_prices == [upgrade_price(s, k, a + 1) for a in (sv.speed, sv.strength, sv.hull)]
    assert v.seats[0].upgrade_prices[0] == 400 - C.SHIPWRIGHT_DISCOUNT  # the Shipwright's discount
    mystic = RULES.view(s, 1)
    cat = mystic.ritual_costs[next(i for i, r in enumerate(C.RITUALS) if r.name == "Jaguar Spirit")]
    assert sum(cat) == 1  # 2 Cocoa, one less for a Mystic
    assert RULES.view(s, 0).ritual_costs[C.RITUALS.index(next(r for r in C.RITUALS if r.name == "Jaguar Spirit"))] \
        == list(next(r for r in C.RITUALS if r.name == "Jaguar Spirit").cost)
    # the label says the upgrade's price
    seat = s.turn
    s.pos[seat] = C.PORT_ROYAL
    play(s, seat, next(m for m in RULES.legal(s, seat) if getattr(m, "action", None) == C.ACT_UPGRADE))
    to_turn(s)
    v = RULES.view(s, seat)
    if v.asking == "upgrade":
        group, words = RULES.label(v, Improve(0))
        assert group == "Upgrade" and f"({v.seats[seat].upgrade_prices[0]} G)" in words


@pytest.mark.parametrize("seed", [3, 8])
def test_the_results_name_every_seal_and_the_gold_behind_the_scores(seed):
    m = Match.new("shiver", 3, seed=seed)
    while not m.is_over():
        seat, move = purposeful(m.state, Rng.seeded(m.cursor))
        m.play(seat, move)
    r = m.result()
    d = r.details
    for seat, lines in enumerate(r.breakdown):
        got = dict(lines)
        treasures = sum(vp for _, vp in d["ship_treasures"][seat]) + sum(vp for _, vp in d["chest_treasures"][seat])
        assert got["Treasures"] == treasures
        assert got["Missions"] == sum(vp for _, vp in d["missions_done"][seat])
        assert got["Gold"] == (d["ship_gold"][seat] + d["chest_gold"][seat]) // 1000
    assert len(d["by_round"]) == m.state.round and all(len(row) == 3 for row in d["by_round"])
