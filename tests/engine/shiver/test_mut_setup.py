"""The words of the map: places, routes and the draft's placements, with their exact events (issue
10 item 9: the mutants of rules/setup.py and rules/common.py that survived the rule tests were the
names the log gives to a site, a route and a node, and the events of the map-building draft)."""

from __future__ import annotations

from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules import crew, setup
from engine.games.shiver.rules.common import S_PLACE, node_name, the_graph
from engine.games.shiver.state import PlaceIsland, PlaceRoute, Rotate
from tests.engine.shiver.helpers import E, quick_game
from tests.engine.shiver.test_draft import drafting


def test_where_names_an_island_a_special_spot_or_the_open_sea():
    s = quick_game(2, seed=10)
    for i, site in enumerate(s.isl_site):
        assert setup.where(s, site) == C.ISLANDS[i].name
    lay = chart.layout(tuple(s.isl_site), tuple(s.routes))
    assert 0 in lay.spot_at.values()  # the first route's spot too
    for site, k in lay.spot_at.items():
        assert setup.where(s, site) == "the " + C.SPOT_NAMES[C.ROUTES[s.routes[3 * k]].spot]
    taken = set(s.isl_site) | set(lay.spot_at)
    site = next(x for x in range(400) if x not in taken)
    x, y = chart.xy(site)
    assert setup.where(s, site) == f"open sea ({x},{y})"


def test_route_words_name_a_short_or_a_long_route_and_its_ends():
    s = quick_game(2, seed=10)
    for k in range(len(s.routes) // 3):
        tile, a, d = s.routes[3 * k: 3 * k + 3]
        _, b, _ = chart.route_ends(tile, a, d)
        r = C.ROUTES[tile]
        name = "a short sea route" if r.length == C.SHORT else f"the {r.name}"
        assert setup.route_words(s, tile, a, d) == f"{name} from {setup.where(s, a)} to {setup.where(s, b)}"
    kinds = {C.ROUTES[t].length for t in s.routes[::3]}
    assert kinds == {C.SHORT, C.LONG}


def test_node_names():
    s = quick_game(2, seed=10)
    low = min(t for t in s.box if t in C.LONG_TILES)  # the long route numbered next to the short ones
    tile, site, d = next(p for p in crew.smuggler_places(s) if p[0] == low)
    crew.smuggle(s, 0, tile, site, d, None)
    g = the_graph(s)
    kinds = set()
    for n in range(g.n):
        name = node_name(s, n)
        if n < 6:
            assert name == C.ISLANDS[n].name
            continue
        if g.kind[n] == chart.SPOT:
            assert name == C.SPOT_NAMES[g.spot[n]]
            continue
        t = g.tile[n]
        route = C.ROUTES[t].name
        route = route.lower() if C.ROUTES[t].length == C.SHORT else route
        what = "anchor spot" if g.kind[n] == chart.ANCHOR else "sea space"
        assert name == f"{what} on the {route}", n
        kinds.add((what, C.ROUTES[t].length == C.SHORT, t))
    assert {(w, short) for w, short, _ in kinds} == {(w, sh) for w in ("anchor spot", "sea space") for sh in (True, False)}
    assert tile in {t for _, _, t in kinds}


# ---------------------------------------------------------------- the draft's events


def test_placing_an_island_a_route_and_turning_one_are_logged():
    s = drafting(3, seed=2)
    seat = s.actor
    mv = next(m for m in RULES.legal(s, seat) if isinstance(m, PlaceIsland))
    x, y = chart.xy(mv.site)
    ev = RULES.apply(s, seat, mv)
    assert ev[0] == E("place-island", f"{s.names[seat]} places {C.ISLANDS[mv.island].name} at ({x},{y})", seat,
                      island=mv.island, site=mv.site)
    assert s.isl_site[mv.island] == mv.site
    seat = s.actor
    legal = RULES.legal(s, seat)
    rot = next((m for m in legal if isinstance(m, Rotate)), None)
    if rot is not None:
        tile = s.routes[3 * rot.route]
        ev = RULES.apply(s, seat, rot)
        words = setup.route_words(s, tile, s.routes[3 * rot.route + 1], s.routes[3 * rot.route + 2])
        side = "left" if rot.turn > 0 else "right"
        assert ev[0] == E("rotate", f"{s.names[seat]} turns {words} one arrow to the {side}", seat, route=rot.route,
                          pivot=rot.pivot, turn=rot.turn)
        assert s.rotated
        legal = RULES.legal(s, seat)
    mv = next(m for m in legal if isinstance(m, PlaceRoute))
    words = setup.route_words(s, mv.tile, mv.site, mv.dir)
    box = [t for t in s.box if t != mv.tile]
    routes = list(s.routes)
    ev = RULES.apply(s, seat, mv)
    assert ev[0] == E("place-route", f"{s.names[seat]} places {words}", seat, tile=mv.tile, site=mv.site, dir=mv.dir)
    assert s.routes == [*routes, mv.tile, mv.site, mv.dir] and s.box == box


def test_turning_a_route_is_logged_with_its_side():
    sides = set()
    for seed in (1, 2, 3, 4):
        s = drafting(3, seed)
        while s.step == S_PLACE:
            seat = s.actor
            legal = RULES.legal(s, seat)
            for rot in (m for m in legal if isinstance(m, Rotate)):
                if rot.turn > 0 and "left" in sides or rot.turn < 0 and "right" in sides:
                    continue
                tile = s.routes[3 * rot.route]
                before = list(s.routes)
                ev = RULES.apply(s, seat, rot)
                words = setup.route_words(s, tile, s.routes[3 * rot.route + 1], s.routes[3 * rot.route + 2])
                side = "left" if rot.turn > 0 else "right"
                assert ev[0] == E("rotate", f"{s.names[seat]} turns {words} one arrow to the {side}", seat,
                                  route=rot.route, pivot=rot.pivot, turn=rot.turn)
                assert s.rotated and s.routes != before
                sides.add(side)
                break
            else:
                RULES.apply(s, seat, legal[0])
                continue
            break
    assert sides == {"left", "right"}
