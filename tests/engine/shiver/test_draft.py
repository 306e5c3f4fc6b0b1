"""The custom map-building draft for 2, 3 and 4 players: who places what and in which order, the
random start, the five rules (mandatory placement, connected routes, no crossings, routes to
nothing, one rotation before placing your own route), and the finished map."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_PLACE, S_START
from engine.games.shiver.state import PickGoals, PlaceIsland, PlaceRoute, Rotate
from tests.engine.shiver.helpers import new, play
from tests.engine.shiver.test_chart import valid

# seed: "Building a map for 2 / 3 / 4 players" — (seat, what) per placement turn; 3 = an island and a route
SCRIPT = {
    2: [(0, 3), (1, 3), (0, 3), (1, 3), (0, 2), (1, 2)],
    3: [(0, 3), (1, 3), (2, 3), (0, 3), (1, 3), (2, 3), (0, 2), (1, 2), (2, 2)],
    4: [(0, 3), (1, 3), (2, 3), (3, 3), (3, 2), (2, 2), (1, 2), (0, 2)],
}


def drafting(players: int, seed: int = 1):
    s = new(players, seed, {"map": "draft"})
    for seat in range(players):
        play(s, seat, PickGoals(s.goals[0], s.goals[1]))
    assert s.step == S_PLACE
    return s


def draft_through(s, rng: Rng, rotate_often: bool = False):
    """Play the draft with random placements; returns [(seat, need, [moves])] turn by turn."""
    turns = []
    while s.step == S_PLACE:
        seat, need = s.actor, s.draft_need
        moves = []
        start = s.draft
        while s.step == S_PLACE and s.draft == start:
            legal = RULES.legal(s, seat)
            assert legal, "placing is mandatory: there must always be a legal placement"
            assert not any(type(m).__name__ in ("Pass", "EndTurn") for m in legal)
            rot = [m for m in legal if isinstance(m, Rotate)]
            mv = rot[0] if rotate_often and rot else legal[rng.below(len(legal))]
            play(s, seat, mv)
            moves.append(mv)
            assert valid(s.isl_site, s.routes) == [], "the map broke a rule of map building"
        turns.append((seat, need, moves))
    return turns


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_draft_follows_the_order_for_each_player_count(players, seed):
    s = drafting(players, seed)
    random_start = players in (2, 4)
    if random_start:
        # seed: "Draw two islands and one long sea route at random. Place them on the table and connect them."
        assert sum(1 for sv in s.isl_site if sv >= 0) == 2
        assert len(s.routes) == 3 and s.routes[0] in C.LONG_TILES
    else:
        assert all(sv < 0 for sv in s.isl_site) and not s.routes
    turns = draft_through(s, Rng.seeded(seed))
    assert [(seat, need) for seat, need, _ in turns] == SCRIPT[players]
    for _seat, need, moves in turns:
        placed = [m for m in moves if not isinstance(m, Rotate)]
        assert sum(isinstance(m, PlaceIsland) for m in placed) == (1 if need & 1 else 0)
        assert sum(isinstance(m, PlaceRoute) for m in placed) == (1 if need & 2 else 0)
        assert sum(isinstance(m, Rotate) for m in moves) <= 1
    # seed: "The Shiver Me Timbers map always consists of 6 islands ... and ... 7-9 sea routes"
    assert all(sv >= 0 for sv in s.isl_site)
    assert len(s.routes) // 3 == {2: 7, 3: 9, 4: 9}[players]
    assert s.step == S_START
    g = chart.graph(tuple(s.isl_site), tuple(s.routes))
    assert all(g.dist[0][i] < chart.FAR for i in range(6)), "every island is reachable"
    assert len(s.merchant) == g.n and all(s.merchant[a] >= 0 for a in g.anchors)


def test_three_players_start_with_an_island_then_a_route_connected_to_it():
    s = drafting(3)
    legal = RULES.legal(s, 0)
    # "The starting player chooses one island and one sea route and places them connected on the table."
    assert legal and all(isinstance(m, PlaceIsland) and m.site == chart.ORIGIN for m in legal)
    assert {m.island for m in legal} == set(range(6))
    play(s, 0, PlaceIsland(C.PORT_ROYAL, chart.ORIGIN))
    legal = RULES.legal(s, 0)
    assert legal and all(isinstance(m, PlaceRoute) for m in legal)
    for m in legal:
        a, b, _ = chart.route_ends(m.tile, m.site, m.dir)
        assert chart.ORIGIN in (a, b)
    # "Player 2 (clockwise) adds another island and another sea route in whichever order he chooses."
    play(s, 0, PlaceRoute(0, chart.ORIGIN, 0))
    assert s.actor == 1
    kinds = {type(m) for m in RULES.legal(s, 1)}
    assert kinds == {PlaceIsland, PlaceRoute, Rotate}
    islands = [m for m in RULES.legal(s, 1) if isinstance(m, PlaceIsland)]
    assert {m.site for m in islands} == {chart.site(1, 0)}  # only where a route leads to nothing


def test_one_rotation_before_placing_your_own_route():
    s = drafting(2)
    seat = s.actor
    rots = [m for m in RULES.legal(s, seat) if isinstance(m, Rotate)]
    assert rots
    before = list(s.routes)
    play(s, seat, rots[0])
    assert s.routes != before and s.rotated
    assert not any(isinstance(m, Rotate) for m in RULES.legal(s, seat)), "only one rotation per turn"
    route = next(m for m in RULES.legal(s, seat) if isinstance(m, PlaceRoute))
    play(s, seat, route)
    # the island is still to come; no rotation after the route is placed
    assert s.actor == seat and s.draft_need == 1
    assert not any(isinstance(m, Rotate) for m in RULES.legal(s, seat))
    island = next(m for m in RULES.legal(s, seat) if isinstance(m, PlaceIsland))
    play(s, seat, island)
    assert s.actor != seat and not s.rotated
    assert any(isinstance(m, Rotate) for m in RULES.legal(s, s.actor))


def test_the_island_placed_first_goes_where_a_route_leads_to_nothing():
    s = drafting(2)
    seat = s.actor
    lay = chart.layout(tuple(s.isl_site), tuple(s.routes))
    islands = [m for m in RULES.legal(s, seat) if isinstance(m, PlaceIsland)]
    assert not chart.island_sites(lay) and not islands  # the random start joins two islands: no open end
    # so the route comes first, and it must leave an open end for the island
    for m in RULES.legal(s, seat):
        if isinstance(m, PlaceRoute):
            a, b, _ = chart.route_ends(m.tile, m.site, m.dir)
            assert not (chart.attached(lay, a) and chart.attached(lay, b))


def test_no_legal_placement_crosses_or_floats():
    for players in (2, 3, 4):
        s = drafting(players, seed=9)
        rng = Rng.seeded(5)
        while s.step == S_PLACE:
            lay = chart.layout(tuple(s.isl_site), tuple(s.routes))
            legal = RULES.legal(s, s.actor)
            for m in legal:
                if isinstance(m, PlaceRoute):
                    assert chart.route_fits(lay, m.tile, m.site, m.dir)
                    a, b, _ = chart.route_ends(m.tile, m.site, m.dir)
                    assert chart.attached(lay, a) or chart.attached(lay, b)
            play(s, s.actor, legal[rng.below(len(legal))])


def test_rotations_keep_the_map_lawful():
    for seed in range(6):
        s = drafting(2 + seed % 3, seed)
        draft_through(s, Rng.seeded(seed), rotate_often=True)
        assert valid(s.isl_site, s.routes) == []
