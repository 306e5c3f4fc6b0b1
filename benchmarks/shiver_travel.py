"""How long finding the legal Travel destinations takes on a full Shiver Me Timbers map.

    python -m benchmarks.shiver_travel [--runs 5]

A full map: the 4-player Quick Start map plus the last short route from the box (all 10 routes,
6 islands, 52 spaces). For every space of the map and every movement 1–10 it times

- ``cold``: the travel graph built from nothing and the destinations listed (what the first
  Travel on a new map costs: a new layout, e.g. after the Reckless Smuggler);
- ``menu``: the legal Sail moves from the rules (the common case: the graph and its menus are
  cached per layout);
- ``hunters``: the destinations with three revealed pirate hunters on the map (a Dijkstra on
  the spot, no cache) — the slowest case.

Each figure is the median over the runs of the per-call median, in milliseconds (target: ≤ 1 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.core.rules import Config
from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules import travel
from engine.games.shiver.rules.common import map_changed, the_graph


def full_map_state():
    s = RULES.setup(Config(4, 1, RULES.options_from({})))
    for seat in range(4):
        RULES.apply(s, seat, RULES.legal(s, seat)[0], True)
    isl, routes = chart.quick_start(4)
    extra = chart.placements(isl, routes, (C.SHORT_TILES[-1],))[0]
    s.routes = list(routes) + list(extra)
    s.box = []
    map_changed(s)
    g = the_graph(s)
    grow = g.n - len(s.merchant)
    s.merchant += [-1] * grow
    for lst in (s.m_up, s.m_known, s.m_safe, s.m_damage):
        lst += [0] * grow
    for seat in range(4):
        RULES.apply(s, seat, RULES.legal(s, seat)[0], True)
    return s


def _median_ms(fn, calls: list) -> float:
    times = []
    for args in calls:
        t0 = time.perf_counter()
        fn(*args)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def run(runs: int) -> dict[str, float]:
    s = full_map_state()
    g = the_graph(s)
    isl, routes = tuple(s.isl_site), tuple(s.routes)
    seat = 0
    hunters = tuple(g.anchors[:3])
    cases = [(node, mp) for node in range(g.n) for mp in range(1, 11)]
    out: dict[str, list[float]] = {"cold": [], "menu": [], "hunters": []}
    for _ in range(runs):
        def cold(node: int, mp: int) -> None:
            chart.graph.cache_clear()
            chart.destinations(chart.graph(isl, routes), node, mp)

        def menu(node: int, mp: int) -> None:
            s.pos[seat] = node
            s.wind_set = max(0, mp - s.spd[seat])
            travel.travel_legal(s, seat)

        def with_hunters(node: int, mp: int) -> None:
            chart.destinations(g, node, mp, hunters)

        out["cold"].append(_median_ms(cold, cases[::7]))
        out["menu"].append(_median_ms(menu, cases))
        out["hunters"].append(_median_ms(with_hunters, cases))
    return {k: statistics.median(v) for k, v in out.items()} | {"spaces": g.n, "routes": len(routes) // 3}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    res = run(args.runs)
    print(f"full map: {res['routes']} routes, {res['spaces']} spaces; medians of {args.runs} runs")
    print(f"  legal Travel menu (cached layout)     {res['menu']:.4f} ms")
    print(f"  destinations with 3 revealed hunters  {res['hunters']:.4f} ms")
    print(f"  graph built from nothing + destinations {res['cold']:.4f} ms")


if __name__ == "__main__":
    main()
