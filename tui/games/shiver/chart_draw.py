"""The sea chart as cells: where islands, routes and their spaces fall on the screen, drawn once per
layout and size (``static``), then the things that move painted over a copy by the board.

Geometry comes from the view: islands and routes on the lattice of the rules (``x``, ``y`` in
lattice steps), a route's spaces at quarter steps along it (a short route's 3 spaces, a long
route's 7). A scale says how many cells a quarter step takes across and down; the board picks the
largest that fits. Nothing here knows a rule: it draws what the view says is where.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from engine.games.shiver import content as C
from engine.games.shiver.chart import DIRS
from tui.games.shiver import words as W
from tui.games.shiver.raster import BLANK, Raster

# cells per quarter step across and down, largest first: (6, 3) and (4, 2) keep the lattice square
# on a terminal's tall cells; (3, 1) and (2, 1) fold it for small screens
SCALES = ((6, 3), (4, 2), (3, 1), (2, 1))
CONNECTORS = frozenset("─│╱╲")


class Space(NamedTuple):
    node: int  # -1 while the map is being built (no travel graph yet)
    qx: int
    qy: int
    kind: str  # "sea", "anchor", "spot"
    fog: bool
    spot: str


class Route(NamedTuple):
    k: int  # the route's place in the view's list (-1: one being aimed)
    tile: int
    a: tuple[int, int]  # its ends, in quarter steps
    b: tuple[int, int]
    spaces: tuple[Space, ...]


class Geo(NamedTuple):
    """The chart's geometry in quarter steps (hashable: it keys the drawing cache)."""

    islands: tuple[tuple[int, int, int], ...]  # (island, qx, qy) for the islands placed
    routes: tuple[Route, ...]


def route_spaces(tile: int, ax: int, ay: int, d: int, nodes: tuple[int, ...] = ()) -> tuple[Space, ...]:
    """The spaces of a route placed from (ax, ay) towards arrow ``d``, at quarter steps from its
    first end (as the travel graph numbers them)."""
    r = C.ROUTES[tile]
    dx, dy = DIRS[d]
    anchors = C.SHORT_ANCHORS if r.length == C.SHORT else C.LONG_ANCHORS
    out = []
    for j in range(r.spaces):
        if r.length == C.LONG and j == C.LONG_SPOT:
            kind, spot = "spot", C.SPOT_NAMES[r.spot]
        else:
            kind, spot = ("anchor" if j in anchors else "sea"), ""
        node = nodes[j] if j < len(nodes) else -1
        out.append(Space(node, ax * 4 + dx * (j + 1), ay * 4 + dy * (j + 1), kind, tile == C.FOG_TILE, spot))
    return tuple(out)


def route_geo(index: int, tile: int, ax: int, ay: int, d: int, nodes: tuple[int, ...] = ()) -> Route:
    n = C.ROUTES[tile].length
    dx, dy = DIRS[d]
    return Route(index, tile, (ax * 4, ay * 4), ((ax + dx * n) * 4, (ay + dy * n) * 4),
                 route_spaces(tile, ax, ay, d, nodes))


def geo_of(view: Any) -> Geo:
    islands = tuple((i.island, i.x * 4, i.y * 4) for i in view.islands if i.placed)
    routes = tuple(route_geo(r.index, r.tile, r.ax, r.ay, r.dir, tuple(r.nodes)) for r in view.routes)
    return Geo(islands, routes)


def points_of(geo: Geo) -> list[tuple[int, int]]:
    pts = [(qx, qy) for _, qx, qy in geo.islands]
    for r in geo.routes:
        pts += [r.a, r.b]
        pts += [(sp.qx, sp.qy) for sp in r.spaces]
    return pts


@dataclass(frozen=True)
class Frame:
    """Quarter steps → cells: a scale, the quarter-step box shown and the margins around it."""

    sx: int
    sy: int
    qx0: int
    qy0: int
    qx1: int
    qy1: int
    mx: int
    my: int

    @property
    def w(self) -> int:
        return (self.qx1 - self.qx0) * self.sx + 2 * self.mx + 2

    @property
    def h(self) -> int:
        return (self.qy1 - self.qy0) * self.sy + 1 + 2 * self.my

    def cell(self, qx: int, qy: int) -> tuple[int, int]:
        return (qx - self.qx0) * self.sx + self.mx, (self.qy1 - qy) * self.sy + self.my


def frame_for(points: list[tuple[int, int]], width: int, height: int | None, smallest: bool = False) -> Frame:
    """The largest scale whose chart fits ``width`` × ``height`` cells (height None: any), else the smallest."""
    if not points:
        points = [(0, 0)]
    qx0 = min(p[0] for p in points)
    qx1 = max(p[0] for p in points)
    qy0 = min(p[1] for p in points)
    qy1 = max(p[1] for p in points)
    scales = SCALES[-1:] if smallest else SCALES
    frame = None
    for sx, sy in scales:
        mx = 14 if sx >= 4 else (10 if sx == 3 else 5)
        my = 1
        frame = Frame(sx, sy, qx0, qy0, qx1, qy1, mx, my)
        if frame.w <= width and (height is None or frame.h <= height):
            return frame
    assert frame is not None
    return frame


def link(r: Raster, a: tuple[int, int], b: tuple[int, int], style: str, cells: list[tuple[int, int]] | None = None
         ) -> list[tuple[int, int]]:
    """Connector characters between two cells of a route (nothing where they touch)."""
    (x0, y0), (x1, y1) = a, b
    out = cells if cells is not None else []
    dx, dy = x1 - x0, y1 - y0
    if dy == 0:
        step = 1 if dx > 0 else -1
        for x in range(x0 + step, x1, step):
            if r.get(x, y0) in (BLANK, *CONNECTORS):
                r.put(x, y0, "─", style)
                out.append((x, y0))
    elif dx == 0:
        step = 1 if dy > 0 else -1
        for y in range(y0 + step, y1, step):
            if r.get(x0, y) in (BLANK, *CONNECTORS):
                r.put(x0, y, "│", style)
                out.append((x0, y))
    else:
        ch = "╲" if (dx > 0) == (dy > 0) else "╱"
        step = 1 if dy > 0 else -1
        for y in range(y0 + step, y1, step):
            x = x0 + round(dx * (y - y0) / dy)
            if r.get(x, y) in (BLANK, *CONNECTORS):
                r.put(x, y, ch, style)
                out.append((x, y))
    return out


def space_glyph(sp: Space) -> tuple[str, str]:
    if sp.kind == "spot":
        return W.SPOT, "sea--spot"
    if sp.kind == "anchor":
        return W.ANCHOR, "sea--anchor"
    if sp.fog:
        return W.FOG, "sea--fog"
    return W.SEA, "sea--sea"


@dataclass
class Static:
    """The chart drawn once for a layout and a frame, with what the overlays need to find things."""

    frame: Frame
    raster: Raster
    links: dict[frozenset[tuple[int, int]], list[tuple[int, int]]] = field(default_factory=dict)
    route_cells: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # every cell of route k
    labels: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # island -> (x, y, room)
    node_at: dict[int, tuple[int, int]] = field(default_factory=dict)  # node -> its cell
    island_at: dict[int, tuple[int, int]] = field(default_factory=dict)  # island -> its code's first cell


def label_room(name: str, players: int) -> int:
    """Cells an island's label may take: its name, a fortress and a plague mark, and every ship."""
    return len(name) + 4 + players


def place_label(r: Raster, cx: int, cy: int, width: int, size: int, near: int = 2) -> tuple[int, int] | None:
    """Where a label of ``size`` cells fits beside the thing at (cx, cy) that is ``width`` cells
    wide: right, left, above, below, then the corners; a free cell on each side when possible."""
    spots = [
        (cx + width + 1, cy), (cx - size - 1, cy),
        (cx + width // 2 - size // 2, cy - 1), (cx + width // 2 - size // 2, cy + 1),
        (cx + width, cy - 1), (cx - size, cy - 1), (cx + width, cy + 1), (cx - size, cy + 1),
    ]
    for dy in range(2, near + 1):
        spots += [(cx + width // 2 - size // 2, cy - dy), (cx + width // 2 - size // 2, cy + dy)]
    for margin in (1, 0):
        for x, y in spots:
            if r.blank(x - margin, y, size + 2 * margin):
                return x, y
    return None


@lru_cache(maxsize=32)
def static(geo: Geo, frame: Frame, players: int, draft: bool = False) -> Static:
    """Routes, their spaces, islands, special spots and where island labels go (while the map is
    being built, away from the arrows a route may be aimed along)."""
    r = Raster(frame.w, frame.h)
    out = Static(frame, r)
    cell = frame.cell
    for isl, qx, qy in geo.islands:
        x, y = cell(qx, qy)
        out.island_at[isl] = (x, y)
        r.put(x, y, C.ISLANDS[isl].short, "sea--island")
    for rt in geo.routes:
        cells: list[tuple[int, int]] = []
        pts = [rt.a, *((sp.qx, sp.qy) for sp in rt.spaces), rt.b]
        for sp in rt.spaces:
            x, y = cell(sp.qx, sp.qy)
            glyph, style = space_glyph(sp)
            r.put(x, y, glyph, style)
            cells.append((x, y))
            if sp.node >= 0:
                out.node_at[sp.node] = (x, y)
        for p, q in zip(pts, pts[1:], strict=False):
            a, b = cell(*p), cell(*q)
            if p == pts[0] and p in {(qx, qy) for _, qx, qy in geo.islands}:
                a = (a[0] + 1, a[1]) if b[0] > a[0] else a  # leave an island's two-letter code from its side
            if q == pts[-1] and q in {(qx, qy) for _, qx, qy in geo.islands}:
                b = (b[0] + 1, b[1]) if a[0] > b[0] else b
            key = frozenset((p, q))
            got = link(r, a, b, "sea--route")
            out.links[key] = got
            cells += got
        out.route_cells[rt.k] = cells
    for isl, (x, y) in out.island_at.items():
        out.node_at[isl] = (x, y)
    # island labels first (they matter most): found now, written by the board (ships move; the places stay)
    probe = r.copy()
    if draft:
        anchors = [(qx, qy) for _, qx, qy in geo.islands]
        anchors += [(sp.qx, sp.qy) for rt in geo.routes for sp in rt.spaces if sp.kind == "spot"]
        for qx, qy in anchors:
            ax, _ = cell(qx, qy)
            for dx, dy in DIRS:
                x, y = cell(qx + dx, qy + dy)
                if dx > 0 and (qx, qy) in {(a, b) for _, a, b in geo.islands}:
                    x = max(x, ax + 2)
                if probe.get(x, y) == BLANK:
                    probe.put(x, y, "#")
    for isl, _, _ in geo.islands:
        x, y = out.island_at[isl]
        for name in (C.ISLANDS[isl].name, ""):
            size = label_room(name, players) if name else players + 1
            at = place_label(probe, x, y, 2, size, frame.sy + frame.my)
            if at is not None:
                out.labels[isl] = (at[0], at[1], size)
                probe.put(at[0], at[1], "#" * size)
                break
    # special spots: a short name beside the glyph, where the islands' labels leave room
    for rt in geo.routes:
        for sp in rt.spaces:
            if sp.kind == "spot":
                x, y = cell(sp.qx, sp.qy)
                name = W.SPOT_SHORT.get(sp.spot, sp.spot)
                at = place_label(probe, x, y, 1, len(name), frame.sy + frame.my)
                if at is not None:
                    r.put(at[0], at[1], name, "sea--spotname")
                    probe.put(at[0], at[1], "#" * len(name))
    return out


def path_to(view: Any, node: int) -> list[int]:
    """The spaces of a cheapest way from the seat's ship to ``node`` (the view's ``voyage_via``)."""
    via = view.voyage_via
    if not via or not 0 <= node < len(via):
        return []
    out = [node]
    seen = {node}
    while 0 <= out[-1] < len(via) and via[out[-1]] >= 0:
        nxt = via[out[-1]]
        if nxt in seen:
            break
        seen.add(nxt)
        out.append(nxt)
    out.reverse()
    return out


def node_point(view: Any, node: int) -> tuple[int, int] | None:
    """A node's position in quarter steps."""
    if node < 6:
        isl = view.islands[node]
        return (isl.x * 4, isl.y * 4) if isl.placed else None
    if node < len(view.nodes):
        nv = view.nodes[node]
        return nv.x4, nv.y4
    return None
