"""The sea chart: where islands and routes lie, the five rules of map building, and the
travel graph a finished map gives.

Geometry. Islands and special spots sit on the sites of a square lattice; from every site
eight *arrows* (ports) point to its neighbours: E, NE, N, NW, W, SW, S, SE. A short route
spans one lattice step from a port to the next site, a long route two steps in a straight
line, its special spot on the site in the middle. Two diagonal routes through the same
lattice square cross each other; straight routes only meet at sites. So:

- a route is *connected* when one of its ends lies on an island or a special spot whose
  port in that direction is free;
- it *crosses* another when they use the two diagonals of one square, or share a step;
- it *leads to nothing* when its other end lies on an empty site (an island may later be
  placed there, which connects it);
- *rotating* a route one arrow turns it about one of its connected ends by 45°; the island
  at its other end turns with it (only an island that no other route touches, and a long
  route whose special spot no other route touches, can turn: turning them must not tear
  the rest of the map).

The map in the state is plain data: ``isl_site`` (a site per island, -1 not placed) and
``routes`` (a flat list of ``tile, site, dir`` triples in placement order). Everything
derived from it — occupancy, legal placements, the travel graph, all-pairs distances and
the destinations within reach — is computed once per layout and cached.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Any, NamedTuple

from engine.games.shiver import content as C

R = 12  # the lattice runs from -R to R on both axes: room for any map the draft can build
W = 2 * R + 1
SITES = W * W
ORIGIN = R * W + R
DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
DIR_NAMES = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


def site(x: int, y: int) -> int:
    return (y + R) * W + (x + R)


def xy(s: int) -> tuple[int, int]:
    return s % W - R, s // W - R


def _step_table() -> tuple[int, ...]:
    out = []
    for s in range(SITES):
        x, y = xy(s)
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            out.append(site(nx, ny) if -R <= nx <= R and -R <= ny <= R else -1)
    return tuple(out)


STEP = _step_table()  # STEP[s * 8 + d]: the neighbouring site, or -1 off the lattice


def step(s: int, d: int, n: int = 1) -> int:
    for _ in range(n):
        if s < 0:
            return -1
        s = STEP[s * 8 + d]
    return s


def edge_id(s: int, d: int) -> int:
    """The canonical id of the lattice step from ``s`` in direction ``d`` (either way round)."""
    if d >= 4:
        return STEP[s * 8 + d] * 4 + d - 4
    return s * 4 + d


def crossing_edge(e: int) -> int:
    """The other diagonal of the same square (-1 for straight steps or off the lattice)."""
    s, d = divmod(e, 4)
    if d == 1:  # NE from (x, y) crosses NW from (x+1, y)
        t = STEP[s * 8 + 0]
        return t * 4 + 3 if t >= 0 else -1
    if d == 3:  # NW from (x, y) crosses NE from (x-1, y)
        t = STEP[s * 8 + 4]
        return t * 4 + 1 if t >= 0 else -1
    return -1


def route_length(tile: int) -> int:
    return C.ROUTES[tile].length


class Segment(NamedTuple):
    """A route of ``n`` steps from a site towards an arrow: where it ends, its centre, the lattice
    steps it uses and the diagonals those would cross."""

    b: int
    c: int
    edges: tuple[int, ...]
    crosses: tuple[int, ...]


_SEGS: dict[int, Segment | None] = {}


def segment(a: int, d: int, n: int) -> Segment | None:
    key = (a * 8 + d) * 4 + n
    seg = _SEGS.get(key, False)
    if seg is not False:
        return seg  # type: ignore[return-value]
    out: Segment | None = None
    s = a
    edges = []
    crosses = []
    for _ in range(n):
        if s < 0:
            break
        e = edge_id(s, d) if STEP[s * 8 + d] >= 0 else -1
        if e < 0:
            s = -1
            break
        edges.append(e)
        x = crossing_edge(e)
        if x >= 0:
            crosses.append(x)
        s = STEP[s * 8 + d]
    if s >= 0:
        out = Segment(s, STEP[a * 8 + d] if n == 2 else -1, tuple(edges), tuple(crosses))
    _SEGS[key] = out
    return out


# ---------------------------------------------------------------- occupancy of a layout


class Layout(NamedTuple):
    """What a layout occupies, for the placement rules."""

    isl_at: dict[int, int]  # site -> island
    spot_at: dict[int, int]  # site -> index of the long route whose special spot it is
    ports: frozenset[tuple[int, int]]  # (site, dir) used at island and spot sites
    edges: frozenset[int]  # lattice steps used by routes
    ends: dict[int, list[tuple[int, int]]]  # site -> [(route index, dir leaving the site)] for every route end
    dangling: tuple[int, ...]  # empty sites where some route ends (an island may go there)


def route_ends(tile: int, a: int, d: int) -> tuple[int, int, int]:
    """(first end, other end, centre or -1) sites of a route placed from ``a`` towards ``d``."""
    n = route_length(tile)
    b = step(a, d, n)
    c = step(a, d) if n == C.LONG else -1
    return a, b, c


@lru_cache(maxsize=4096)
def layout(isl_site: tuple[int, ...], routes: tuple[int, ...]) -> Layout:
    isl_at = {sv: i for i, sv in enumerate(isl_site) if sv >= 0}
    spot_at: dict[int, int] = {}
    ports: set[tuple[int, int]] = set()
    edges: set[int] = set()
    ends: dict[int, list[tuple[int, int]]] = {}
    for k in range(len(routes) // 3):
        tile, a, d = routes[3 * k], routes[3 * k + 1], routes[3 * k + 2]
        n = route_length(tile)
        _, b, c = route_ends(tile, a, d)
        s = a
        for _ in range(n):
            edges.add(edge_id(s, d))
            s = STEP[s * 8 + d]
        if c >= 0:
            spot_at[c] = k
            ports.add((c, d))
            ports.add((c, (d + 4) % 8))
        ends.setdefault(a, []).append((k, d))
        ends.setdefault(b, []).append((k, (d + 4) % 8))
    for sv, lst in ends.items():
        if sv in isl_at or sv in spot_at:
            for _, dd in lst:
                ports.add((sv, dd))
    dangling = tuple(sorted(sv for sv in ends if sv not in isl_at and sv not in spot_at))
    return Layout(isl_at, spot_at, frozenset(ports), frozenset(edges), ends, dangling)


def attached(lay: Layout, s: int) -> bool:
    return s in lay.isl_at or s in lay.spot_at


def route_fits(lay: Layout, tile: int, a: int, d: int) -> bool:
    """The five rules for one route from ``a`` towards ``d``: on the lattice, connected, no crossing."""
    seg = segment(a, d, route_length(tile))
    if seg is None:
        return False
    edges = lay.edges
    for e in seg.edges:
        if e in edges:
            return False
    for x in seg.crosses:
        if x in edges:
            return False
    c = seg.c
    # the special spot needs an empty site: no island, no other spot, no route end
    if c >= 0 and (c in lay.isl_at or c in lay.spot_at or c in lay.ends):
        return False
    b = seg.b
    a_att = a in lay.isl_at or a in lay.spot_at
    b_att = b in lay.isl_at or b in lay.spot_at
    if not (a_att or b_att):
        return False  # seed: "Sea routes always have to be connected to an island or to a special spot"
    if a_att and (a, d) in lay.ports:
        return False
    return not (b_att and (b, (d + 4) % 8) in lay.ports)


# Why a route cannot go where it is aimed (``route_check``): bits, so a preview can name every rule it breaks.
OFF_TABLE, LOOSE, PORT_TAKEN, SHARES_STEP, CROSSES, SPOT_CROWDED, NO_OPEN_END = 1, 2, 4, 8, 16, 32, 64


def _edge_route(routes: tuple[int, ...], edge: int) -> int:
    """The index of the route that uses lattice step ``edge`` (-1: none)."""
    for k in range(len(routes) // 3):
        tile, a, d = routes[3 * k], routes[3 * k + 1], routes[3 * k + 2]
        seg = segment(a, d, route_length(tile))
        if seg is not None and edge in seg.edges:
            return k
    return -1


def route_check(isl_site: tuple[int, ...], routes: tuple[int, ...], tile: int, a: int, d: int) -> tuple[int, int]:
    """The rules of map building one route from ``a`` towards ``d`` breaks, as ``OFF_TABLE | ...`` bits
    (0: it fits, exactly when ``route_fits`` says so), and the route it runs into (-1: none).

    For the table's preview of a placement before it is made: the same rules as ``route_fits``,
    every one checked, so the screen can say which are broken and by what."""
    lay = layout(isl_site, routes)
    seg = segment(a, d, route_length(tile))
    if seg is None:
        return OFF_TABLE, -1
    fails, other = 0, -1
    for e in seg.edges:
        if e in lay.edges:
            fails |= SHARES_STEP
            other = _edge_route(routes, e)
    for x in seg.crosses:
        if x in lay.edges:
            fails |= CROSSES
            other = _edge_route(routes, x) if other < 0 else other
    c = seg.c
    if c >= 0 and (c in lay.isl_at or c in lay.spot_at or c in lay.ends):
        fails |= SPOT_CROWDED
    b = seg.b
    a_att = a in lay.isl_at or a in lay.spot_at
    b_att = b in lay.isl_at or b in lay.spot_at
    if not (a_att or b_att):
        fails |= LOOSE
    for end, dd in ((a, d), (b, (d + 4) % 8)):
        if (end in lay.isl_at or end in lay.spot_at) and (end, dd) in lay.ports:
            fails |= PORT_TAKEN
            if other < 0:
                other = next((k for k, kd in lay.ends.get(end, ()) if kd == dd), lay.spot_at.get(end, -1))
    return fails, other


def island_sites(lay: Layout) -> tuple[int, ...]:
    """Where an island may go: an empty site where a route leads to nothing."""
    return lay.dangling


# Where a new route may start: every port of every island and special spot, and (for a
# route leading *into* an island or spot from open sea) the sites a route's length away.
@lru_cache(maxsize=4096)
def placements(isl_site: tuple[int, ...], routes: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Every legal (tile, site, dir) for the route tiles in ``kinds`` (one tile per kind given).

    A route is written from its first end towards an arrow; the same route written from its
    other end is the same placement and is listed once."""
    lay = layout(isl_site, routes)
    anchors = sorted(set(lay.isl_at) | set(lay.spot_at))
    out: list[tuple[int, int, int]] = []
    for tile in kinds:
        n = route_length(tile)
        seen: set[tuple[int, int]] = set()
        for s in anchors:
            for d in range(8):
                # the route leaves s towards d, or arrives at s from open sea (written from its far end)
                back = segment(s, (d + 4) % 8, n)
                starts = ((s, d),) if back is None else ((s, d), (back.b, d))
                for a0, d0 in starts:
                    if (a0, d0) in seen:
                        continue
                    seg = segment(a0, d0, n)
                    if seg is None:
                        continue
                    seen.add((a0, d0))
                    seen.add((seg.b, (d0 + 4) % 8))
                    if route_fits(lay, tile, a0, d0):
                        out.append((tile, a0, d0))
    return tuple(out)


def rotated(isl_site: tuple[int, ...], routes: tuple[int, ...], k: int, pivot: int, turn: int
            ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The layout after turning route ``k`` one arrow (``turn`` = +1 left, -1 right) about its end
    ``pivot`` (0: its first end, 1: its other end); None if the rules forbid it."""
    lay = layout(isl_site, routes)
    tile, a, d = routes[3 * k], routes[3 * k + 1], routes[3 * k + 2]
    n = route_length(tile)
    old = segment(a, d, n)
    assert old is not None
    b, c = old.b, old.c
    p, q, e = (a, b, d) if pivot == 0 else (b, a, (d + 4) % 8)
    if not (p in lay.isl_at or p in lay.spot_at):
        return None  # a route turns about a connected end
    if q in lay.spot_at:
        return None  # its other end holds another route's special spot: it cannot move
    moving_island = lay.isl_at.get(q, -1)
    q_ends = lay.ends.get(q, ())
    if moving_island >= 0 and len(q_ends) > 1:
        return None  # that island is tied to other routes too
    if c >= 0:
        if len(lay.ends.get(c, ())) > 0:
            return None  # another route touches this route's special spot
    e2 = (e + turn) % 8
    seg = segment(p, e2, n)
    if seg is None:
        return None
    q2, c2 = seg.b, seg.c
    own_edges = set(old.edges)
    for x in seg.edges:
        if x in lay.edges and x not in own_edges:
            return None
    for x in seg.crosses:
        if x in lay.edges and x not in own_edges:
            return None
    if (p, e2) in lay.ports:
        return None
    other_ends = {sv for sv, lst in lay.ends.items() if any(r != k for r, _ in lst)}

    def occupied(sv: int) -> bool:
        """An island (other than the one turning), another route's spot, or another route's end."""
        if sv in lay.isl_at and sv != q:
            return True
        if sv in lay.spot_at and sv != c:
            return True
        return sv in other_ends

    if c2 >= 0 and occupied(c2):
        return None
    if moving_island >= 0:
        if occupied(q2):
            return None  # the island must land on open sea
        new_isl = tuple(q2 if i == moving_island else sv for i, sv in enumerate(isl_site))
    else:
        new_isl = isl_site
        if (q2 in lay.isl_at and q2 != q) or (q2 in lay.spot_at and q2 != c):
            if (q2, (e2 + 4) % 8) in lay.ports:
                return None
    new_routes = routes[: 3 * k] + (tile, p, e2) + routes[3 * k + 3:]
    return new_isl, new_routes


@lru_cache(maxsize=4096)
def rotations(isl_site: tuple[int, ...], routes: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Every legal rotation (route index, pivot end, turn)."""
    out = []
    for k in range(len(routes) // 3):
        for pivot in (0, 1):
            for turn in (1, -1):
                if rotated(isl_site, routes, k, pivot, turn) is not None:
                    out.append((k, pivot, turn))
    return tuple(out)


# ---------------------------------------------------------------- the quick-start map

def quick_start(players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The predefined map: Port Royal in the middle, four islands on the corners of a square
    joined by the four long routes, Isla Oscura secluded behind the Fogbank."""
    isl = [-1] * 6
    isl[C.PORT_ROYAL] = site(0, 0)
    isl[C.ST_DAVID] = site(-1, -1)
    isl[C.THE_BAY] = site(1, -1)
    isl[C.SAO_TOME] = site(-1, 1)
    isl[C.LA_JUANITA] = site(1, 1)
    isl[C.ISLA_OSCURA] = site(-2, 0)
    routes = [
        C.MARKET_TILE, site(-1, -1), 0,  # St. David -> The Bay, the Floating Market in between
        C.MANGROVES_TILE, site(-1, 1), 0,  # São Tomé -> La Juanita
        C.FOG_TILE, site(-1, -1), 2,  # St. David -> São Tomé through the Fogbank
        0, site(0, 0), 1,  # Port Royal -> La Juanita
        1, site(0, 0), 3,  # Port Royal -> São Tomé
        2, site(0, 0), 5,  # Port Royal -> St. David
        3, site(-1, 0), 4,  # the Fogbank's heart -> Isla Oscura
    ]
    if players >= 3:
        routes += [
            C.SHIPYARD_TILE, site(1, -1), 2,  # The Bay -> La Juanita
            4, site(0, 0), 7,  # Port Royal -> The Bay
        ]
    return tuple(isl), tuple(routes)


# ---------------------------------------------------------------- the travel graph

ISLAND_NODE, SEA, ANCHOR, SPOT = 0, 1, 2, 3


class Graph(NamedTuple):
    """The spaces of a finished map. Nodes 0-5 are the islands; then each route's spaces in
    placement order (so adding a route never renumbers a space)."""

    n: int
    kind: tuple[int, ...]  # ISLAND_NODE, SEA, ANCHOR, SPOT
    tile: tuple[int, ...]  # the route tile a space belongs to (-1 for islands)
    spot: tuple[int, ...]  # C.SPOT_* of a special spot, else 0
    adj: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]  # unweighted shortest distances (a big number: unreachable)
    reach: tuple[tuple[int, ...], ...]  # per node: the other reachable nodes by distance
    reach_count: tuple[tuple[int, ...], ...]  # per node, per movement 0..MAX_MOVE: how many of reach
    anchors: tuple[int, ...]
    spots: tuple[int, ...]
    route_nodes: tuple[tuple[int, ...], ...]
    xy4: tuple[tuple[int, int], ...]  # position in quarter lattice steps (for drawing)
    fog: tuple[bool, ...]
    memo: dict[int, tuple[Any, ...]]  # the rules' cache of ready-made Travel menus per (node, movement)


FAR = 999
MAX_MOVE = 24


@lru_cache(maxsize=1024)
def graph(isl_site: tuple[int, ...], routes: tuple[int, ...]) -> Graph:
    kind = [ISLAND_NODE] * 6
    tile_of = [-1] * 6
    spot = [0] * 6
    xy4 = [(xy(sv)[0] * 4, xy(sv)[1] * 4) if sv >= 0 else (0, 0) for sv in isl_site]
    adj: list[list[int]] = [[] for _ in range(6)]
    attach = {sv: i for i, sv in enumerate(isl_site) if sv >= 0}
    route_nodes = []
    for k in range(len(routes) // 3):
        tile, a, d = routes[3 * k], routes[3 * k + 1], routes[3 * k + 2]
        r = C.ROUTES[tile]
        ax, ay = xy(a)
        dx, dy = DIRS[d]
        first = len(kind)
        nodes = tuple(range(first, first + r.spaces))
        anchors = C.SHORT_ANCHORS if r.length == C.SHORT else C.LONG_ANCHORS
        for j, nd in enumerate(nodes):
            if r.length == C.LONG and j == C.LONG_SPOT:
                kind.append(SPOT)
                spot.append(r.spot)
                attach[step(a, d)] = nd
            else:
                kind.append(ANCHOR if j in anchors else SEA)
                spot.append(0)
            tile_of.append(tile)
            xy4.append((ax * 4 + dx * (j + 1), ay * 4 + dy * (j + 1)))
            adj.append([])
            if j:
                adj[nd - 1].append(nd)
                adj[nd].append(nd - 1)
        route_nodes.append(nodes)
    # connect route ends to the islands and spots they touch (spots exist once their route is read)
    for k in range(len(routes) // 3):
        tile, a, d = routes[3 * k], routes[3 * k + 1], routes[3 * k + 2]
        n = route_length(tile)
        b = step(a, d, n)
        nodes = route_nodes[k]
        for end_site, nd in ((a, nodes[0]), (b, nodes[-1])):
            at = attach.get(end_site, -1)
            if at >= 0 and at != nd:
                adj[at].append(nd)
                adj[nd].append(at)
    n = len(kind)
    adj_t = tuple(tuple(sorted(x)) for x in adj)
    dist = []
    for src in range(n):
        row = [FAR] * n
        row[src] = 0
        frontier = [src]
        dd = 0
        while frontier:
            dd += 1
            nxt = []
            for u in frontier:
                for v in adj_t[u]:
                    if row[v] == FAR:
                        row[v] = dd
                        nxt.append(v)
            frontier = nxt
        dist.append(tuple(row))
    reach = []
    reach_count = []
    for src in range(n):
        drow = dist[src]
        order = sorted((v for v in range(n) if v != src and drow[v] < FAR), key=lambda v: (drow[v], v))
        reach.append(tuple(order))
        ds = [drow[v] for v in order]
        reach_count.append(tuple(bisect_right(ds, m) for m in range(MAX_MOVE + 1)))
    anchors_all = tuple(i for i in range(n) if kind[i] == ANCHOR)
    spots = tuple(i for i in range(n) if kind[i] == SPOT)
    fog = tuple(t == C.FOG_TILE for t in tile_of)
    return Graph(n, tuple(kind), tuple(tile_of), tuple(spot), adj_t, tuple(dist), tuple(reach), tuple(reach_count),
                 anchors_all, spots, tuple(route_nodes), tuple(xy4), fog, {})


def destinations(g: Graph, start: int, move: int, hunters: tuple[int, ...] = ()) -> list[tuple[int, int]]:
    """[(node, movement it costs)] for every space within ``move`` of ``start``.

    Passing a revealed pirate hunter (entering its space and leaving it again) costs
    ``HUNTER_PASS_COST`` more; stopping on it does not. Without revealed hunters the
    precomputed distances answer at once.
    """
    if not hunters:
        reach = g.reach[start]
        k = g.reach_count[start][min(move, MAX_MOVE)]
        row = g.dist[start]
        return [(v, row[v]) for v in reach[:k]]
    extra = C.HUNTER_PASS_COST
    hset = set(hunters)
    best = [FAR] * g.n
    best[start] = 0
    # Dijkstra on small integer weights: a bucket queue
    buckets: list[list[int]] = [[] for _ in range(move + extra + 2)]
    buckets[0].append(start)
    for cost in range(len(buckets)):
        for u in buckets[cost]:
            if best[u] != cost:
                continue
            out_cost = cost + 1 + (extra if (u in hset and u != start) else 0)
            if out_cost > move:
                continue
            for v in g.adj[u]:
                if out_cost < best[v]:
                    best[v] = out_cost
                    buckets[out_cost].append(v)
    return [(v, best[v]) for v in range(g.n) if v != start and best[v] <= move]


def paths(g: Graph, start: int, hunters: tuple[int, ...] = ()) -> tuple[list[int], list[int]]:
    """Movement to every space from ``start`` (``FAR``: unreachable) and the space before it on a
    cheapest way there (-1 for ``start`` and the unreachable): passing a revealed pirate hunter
    costs ``HUNTER_PASS_COST`` more, as in ``destinations``."""
    extra = C.HUNTER_PASS_COST
    hset = set(hunters)
    best = [FAR] * g.n
    via = [-1] * g.n
    best[start] = 0
    buckets: dict[int, list[int]] = {0: [start]}
    cost = 0
    top = 0
    while cost <= top:
        for u in buckets.pop(cost, ()):
            if best[u] != cost:
                continue
            out_cost = cost + 1 + (extra if (u in hset and u != start) else 0)
            for v in g.adj[u]:
                if out_cost < best[v]:
                    best[v] = out_cost
                    via[v] = u
                    buckets.setdefault(out_cost, []).append(v)
                    top = max(top, out_cost)
        cost += 1
    return best, via


def voyages(g: Graph, start: int, move: int, hunters: tuple[int, ...] = (), most: int = 9) -> list[int]:
    """How many Travel actions of ``move`` movement each space takes from ``start`` (0 for ``start``,
    -1 beyond ``most`` actions or unreachable): every action ends on a space and starts afresh."""
    actions = [-1] * g.n
    actions[start] = 0
    frontier = [start]
    k = 0
    while frontier and k < most:
        k += 1
        nxt = []
        for u in frontier:
            for v, _ in destinations(g, u, move, hunters):
                if actions[v] < 0:
                    actions[v] = k
                    nxt.append(v)
        frontier = nxt
    return actions
