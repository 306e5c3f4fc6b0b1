"""The sea chart: the lattice, the five rules of map building on it, rotation, the Quick Start map,
the travel graph and its destinations."""

from __future__ import annotations

import pytest

from engine.games.shiver import chart
from engine.games.shiver import content as C

S = chart.site
E, NE, N, NW, W, SW, SOUTH, SE = range(8)
SHORT_TILE = 0


def lay(isl, routes=()):
    return chart.layout(tuple(isl), tuple(routes))


def isles(**at):
    """Island sites by name: isles(PR=(0, 0), SD=(1, 0))."""
    names = {"PR": C.PORT_ROYAL, "SD": C.ST_DAVID, "ST": C.SAO_TOME, "LJ": C.LA_JUANITA, "TB": C.THE_BAY,
             "IO": C.ISLA_OSCURA}
    out = [-1] * 6
    for k, (x, y) in at.items():
        out[names[k]] = S(x, y)
    return out


def valid(isl, routes) -> list[str]:
    """Everything the rules of map building promise about a finished layout (for property checks)."""
    problems = []
    used: set[int] = set()
    diag: set[int] = set()
    L = lay(isl, routes)
    spots = set()
    for k in range(len(routes) // 3):
        tile, a, d = routes[3 * k: 3 * k + 3]
        seg = chart.segment(a, d, chart.route_length(tile))
        if seg is None:
            problems.append(f"route {k} leaves the lattice")
            continue
        for e in seg.edges:
            if e in used:
                problems.append(f"route {k} shares a lattice step")
            used.add(e)
            if chart.crossing_edge(e) >= 0:
                diag.add(e)
        if seg.c >= 0:
            spots.add(seg.c)
        if not any(x in L.isl_at or x in L.spot_at for x in (a, seg.b)):
            problems.append(f"route {k} touches neither an island nor a special spot")
    for e in diag:
        if chart.crossing_edge(e) in used:
            problems.append("two routes cross")
    for sv in spots:
        if sv in L.isl_at:
            problems.append("a special spot lies on an island")
    placed = [sv for sv in isl if sv >= 0]
    if len(set(placed)) != len(placed):
        problems.append("two islands on one site")
    return problems


# ---------------------------------------------------------------- the lattice


def test_steps_edges_and_the_edge_of_the_lattice():
    assert chart.step(S(0, 0), E) == S(1, 0)
    assert chart.step(S(0, 0), NE, 2) == S(2, 2)
    assert chart.edge_id(S(0, 0), E) == chart.edge_id(S(1, 0), W)
    assert chart.edge_id(S(0, 0), NE) == chart.edge_id(S(1, 1), SW)
    assert chart.step(S(chart.R, 0), E) == -1
    assert chart.segment(S(chart.R, 0), E, 1) is None


def test_the_two_diagonals_of_one_square_cross_and_straight_steps_never_do():
    ne = chart.edge_id(S(0, 0), NE)
    nw = chart.edge_id(S(1, 0), NW)
    assert chart.crossing_edge(ne) == nw
    assert chart.crossing_edge(nw) == ne
    assert chart.crossing_edge(chart.edge_id(S(0, 0), E)) == -1
    assert chart.crossing_edge(chart.edge_id(S(0, 0), N)) == -1


# ---------------------------------------------------------------- the five rules


def test_a_route_must_be_connected_to_an_island_or_a_special_spot():
    L = lay(isles(PR=(0, 0)))
    assert chart.route_fits(L, SHORT_TILE, S(0, 0), E)  # leaving the island
    assert chart.route_fits(L, SHORT_TILE, S(-1, 0), E)  # arriving at the island from open sea
    assert not chart.route_fits(L, SHORT_TILE, S(3, 3), E)  # touching nothing


def test_a_route_may_lead_to_nothing_and_an_island_may_then_be_placed_at_its_end():
    isl = isles(PR=(0, 0))
    routes = (SHORT_TILE, S(0, 0), E)
    L = lay(isl, routes)
    assert chart.island_sites(L) == (S(1, 0),)
    g = chart.graph(tuple(isl), routes)
    # the route's last space is a dead end until an island arrives
    last = g.route_nodes[0][-1]
    assert len(g.adj[last]) == 1


def test_routes_never_share_a_lattice_step_or_cross():
    isl = isles(PR=(0, 0), SD=(1, 0))
    L = lay(isl, (SHORT_TILE, S(0, 0), NE))  # Port Royal -> (1, 1)
    assert not chart.route_fits(L, SHORT_TILE, S(1, 1), SW)  # the same step the other way round
    assert not chart.route_fits(L, SHORT_TILE, S(1, 0), NW)  # the other diagonal of that square
    assert chart.route_fits(L, SHORT_TILE, S(1, 0), N)  # a straight step beside it
    # a long diagonal crossing either square of a long route is refused too
    L2 = lay(isl, (C.MARKET_TILE, S(0, 0), NE))  # (0,0) -> (2,2) through (1,1)
    assert not chart.route_fits(L2, C.FOG_TILE, S(2, 0), NW)  # (2,0) -> (0,2) crosses at (1,1)... through the spot
    assert not chart.route_fits(L2, SHORT_TILE, S(1, 0), NW)


def test_a_special_spot_needs_open_sea():
    isl = isles(PR=(0, 0), SD=(1, 0))
    L = lay(isl)
    # a long route from Port Royal eastward would put its spot on St. David
    assert not chart.route_fits(L, C.MARKET_TILE, S(0, 0), E)
    assert chart.route_fits(L, C.MARKET_TILE, S(0, 0), N)


def test_routes_connect_to_special_spots_at_their_free_ports():
    isl = isles(PR=(-1, 0), SD=(1, 0))
    routes = (C.MANGROVES_TILE, S(-1, 0), E)  # spot at (0, 0)
    L = lay(isl, routes)
    assert S(0, 0) in L.spot_at
    assert chart.route_fits(L, SHORT_TILE, S(0, 0), N)  # from the spot into open sea
    assert chart.route_fits(L, SHORT_TILE, S(0, -1), N)  # from open sea into the spot
    assert not chart.route_fits(L, SHORT_TILE, S(0, 0), E)  # the spot's own route
    g = chart.graph(tuple(isl), routes + (SHORT_TILE, S(0, 0), N))
    spot = g.route_nodes[0][C.LONG_SPOT]
    assert g.kind[spot] == chart.SPOT and g.spot[spot] == C.SPOT_MANGROVES
    assert g.route_nodes[1][0] in g.adj[spot]


def test_legal_placements_list_each_route_once_and_all_fit():
    isl = isles(PR=(0, 0))
    places = chart.placements(tuple(isl), (), (SHORT_TILE, C.MARKET_TILE))
    keys = set()
    for tile, a, d in places:
        seg = chart.segment(a, d, chart.route_length(tile))
        same = (tile, seg.b, (d + 4) % 8)
        assert same not in keys
        keys.add((tile, a, d))
    # 8 directions from the island, each as a short and a long route, leaving or arriving
    assert sum(1 for p in places if p[0] == SHORT_TILE) == 8
    assert sum(1 for p in places if p[0] == C.MARKET_TILE) == 8


# ---------------------------------------------------------------- rotation


def test_rotating_a_route_turns_it_one_arrow_about_its_connected_end():
    isl = isles(PR=(0, 0))
    routes = (SHORT_TILE, S(0, 0), E)
    left = chart.rotated(tuple(isl), routes, 0, 0, +1)
    right = chart.rotated(tuple(isl), routes, 0, 0, -1)
    assert left == (tuple(isl), (SHORT_TILE, S(0, 0), NE))
    assert right == (tuple(isl), (SHORT_TILE, S(0, 0), SE))
    assert chart.rotated(tuple(isl), routes, 0, 1, +1) is None  # its other end touches nothing


def test_the_island_at_the_far_end_turns_with_the_route():
    isl = isles(PR=(0, 0), SD=(1, 0))
    routes = (SHORT_TILE, S(0, 0), E)
    res = chart.rotated(tuple(isl), routes, 0, 0, +1)
    assert res is not None
    new_isl, new_routes = res
    assert new_isl[C.ST_DAVID] == S(1, 1) and new_isl[C.PORT_ROYAL] == S(0, 0)
    assert new_routes == (SHORT_TILE, S(0, 0), NE)
    assert valid(new_isl, new_routes) == []


def test_an_island_tied_to_other_routes_or_a_busy_special_spot_cannot_turn():
    isl = isles(PR=(0, 0), SD=(1, 0))
    routes = (SHORT_TILE, S(0, 0), E, SHORT_TILE + 1, S(1, 0), E)  # St. David has a second route
    assert chart.rotated(tuple(isl), routes, 0, 0, +1) is None
    # a long route whose special spot another route touches cannot turn
    isl2 = isles(PR=(-1, 0))
    routes2 = (C.MARKET_TILE, S(-1, 0), E, SHORT_TILE, S(0, 0), N)
    assert chart.rotated(tuple(isl2), routes2, 0, 0, +1) is None


def test_a_rotation_may_not_cross_another_route():
    isl = isles(PR=(0, 0), SD=(1, 0))
    routes = (SHORT_TILE, S(1, 0), NW, SHORT_TILE + 1, S(0, 0), E)  # St. David -> (0, 1); PR -> SD
    # turning the second route about Port Royal to the left points it NE: across the first one
    assert chart.rotated(tuple(isl), routes, 1, 0, +1) is None


def test_a_route_leading_to_nothing_may_turn_onto_an_island():
    isl = isles(PR=(0, 0), SD=(1, 1))
    routes = (SHORT_TILE, S(0, 0), E)  # to open sea at (1, 0)
    res = chart.rotated(tuple(isl), routes, 0, 0, +1)
    assert res is not None
    g = chart.graph(res[0], res[1])
    assert g.dist[C.PORT_ROYAL][C.ST_DAVID] == 4


# ---------------------------------------------------------------- the Quick Start map


@pytest.mark.parametrize("players, routes", [(2, 7), (3, 9), (4, 9)])
def test_quick_start_map(players, routes):
    isl, rts = chart.quick_start(players)
    assert all(sv >= 0 for sv in isl)
    assert len(rts) // 3 == routes
    assert valid(isl, rts) == []
    g = chart.graph(isl, rts)
    market = next(n for n in g.spots if g.spot[n] == C.SPOT_MARKET)
    assert g.dist[C.ST_DAVID][market] == 4 and g.dist[market][C.THE_BAY] == 4
    assert all(g.dist[C.PORT_ROYAL][i] < chart.FAR for i in range(6))
    fog = next(n for n in g.spots if g.spot[n] == C.SPOT_FOG)
    assert all(g.fog[x] for x in g.route_nodes[2])  # the Fogbank: seven fog spaces
    assert g.dist[fog][C.ISLA_OSCURA] == 4
    if players >= 3:
        assert {g.spot[n] for n in g.spots} == {C.SPOT_SHIPYARD, C.SPOT_MANGROVES, C.SPOT_MARKET, C.SPOT_FOG}


# ---------------------------------------------------------------- the travel graph


def test_short_and_long_routes_have_their_spaces_anchors_and_spot():
    isl, rts = chart.quick_start(4)
    g = chart.graph(isl, rts)
    for k in range(len(rts) // 3):
        nodes = g.route_nodes[k]
        tile = rts[3 * k]
        kinds = [g.kind[n] for n in nodes]
        if C.ROUTES[tile].length == C.SHORT:
            assert kinds == [chart.SEA, chart.ANCHOR, chart.SEA]
        else:
            assert kinds == [chart.SEA, chart.ANCHOR, chart.SEA, chart.SPOT, chart.SEA, chart.ANCHOR, chart.SEA]
    assert len(g.anchors) == 5 + 8


def test_adding_a_route_never_renumbers_a_space():
    isl, rts = chart.quick_start(2)
    g1 = chart.graph(isl, rts)
    more = rts + (5, S(0, 0), SE)
    g2 = chart.graph(isl, more)
    assert g2.route_nodes[: len(g1.route_nodes)] == g1.route_nodes
    assert g2.n == g1.n + 3


def test_destinations_and_passing_a_revealed_pirate_hunter():
    isl, rts = chart.quick_start(2)
    g = chart.graph(isl, rts)
    reach = dict(chart.destinations(g, C.ST_DAVID, 7))
    assert all(g.dist[C.ST_DAVID][n] == c <= 7 for n, c in reach.items())
    assert C.PORT_ROYAL in reach and C.THE_BAY not in reach
    # a revealed pirate hunter on the short route between St. David and Port Royal
    sd_pr = next(k for k in range(len(rts) // 3) if rts[3 * k] < 6 and rts[3 * k + 2] == SW)
    hunter = g.route_nodes[sd_pr][1]
    with_hunter = dict(chart.destinations(g, C.ST_DAVID, 7, (hunter,)))
    assert with_hunter[hunter] == reach[hunter]  # stopping on it costs nothing more
    assert with_hunter[C.PORT_ROYAL] == reach[C.PORT_ROYAL] + C.HUNTER_PASS_COST
    assert C.PORT_ROYAL not in dict(chart.destinations(g, C.ST_DAVID, 5, (hunter,)))
    assert C.PORT_ROYAL in dict(chart.destinations(g, C.ST_DAVID, 6, (hunter,)))
