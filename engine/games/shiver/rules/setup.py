"""Game Set-up: the scoring board (life goals), the player area (two secret goals), the map
(the Quick Start map or the custom map-building draft), merchants and fortresses, the decks,
and the captains (secret origin and talent, revealed; the starting ship and equipment)."""

from __future__ import annotations

from functools import lru_cache

from engine.core.rng import Rng
from engine.core.rules import Config, Event
from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.rules import family
from engine.games.shiver.rules.common import (
    CHOOSE_DECK,
    K_BEGIN,
    K_ORIGIN,
    K_REFIT,
    NAMES,
    S_DECK,
    S_NONE,
    S_PICK,
    S_PLACE,
    S_START,
    TAKE,
    ask,
    draw_mission,
    draw_treasure,
    map_changed,
    op,
    push,
    say,
    the_graph,
    to_bottom,
    who,
)
from engine.games.shiver.rules.missions import take_mission
from engine.games.shiver.state import (
    MAP_QUICK,
    P_ORIGIN_M,
    P_ORIGIN_T,
    SOURCES,
    ChooseDeck,
    PickGoals,
    PickStart,
    PlaceIsland,
    PlaceRoute,
    PortView,
    Rotate,
    RotationView,
    State,
    Step,
    Take,
)

# ---------------------------------------------------------------- the map-building draft
#
# Each entry: (player, counted clockwise from the starting player; what to place: 1 an island,
# 2 a route, 3 both in either order). seed: "Building a map for 2 / 3 / 4 players".
ISLAND, ROUTE = 1, 2
DRAFT_SCRIPT = {
    2: ((0, 3), (1, 3), (0, 3), (1, 3), (0, ROUTE), (1, ROUTE)),
    3: ((0, 3), (1, 3), (2, 3), (0, 3), (1, 3), (2, 3), (0, ROUTE), (1, ROUTE), (2, ROUTE)),
    4: ((0, 3), (1, 3), (2, 3), (3, 3), (3, ROUTE), (2, ROUTE), (1, ROUTE), (0, ROUTE)),
}
# seed: "Draw two islands and one long sea route at random. Place them on the table and connect them."
RANDOM_START = {2: True, 3: False, 4: True}

PICK_GOALS: dict[tuple[int, int, int], PickGoals] = {}
PICK_START = tuple(tuple(PickStart(o, t) for t in range(6)) for o in range(6))
_ISLAND_MOVES: dict[tuple[int, int], PlaceIsland] = {}
_ROUTE_MOVES: dict[tuple[int, int, int], PlaceRoute] = {}
_ROTATE_MOVES: dict[tuple[int, int, int], Rotate] = {}


def pick_goals_move(a: int, b: int, c: int = -1) -> PickGoals:
    mv = PICK_GOALS.get((a, b, c))
    if mv is None:
        mv = PICK_GOALS[(a, b, c)] = PickGoals(a, b, c)
    return mv


def island_move(i: int, site: int) -> PlaceIsland:
    mv = _ISLAND_MOVES.get((i, site))
    if mv is None:
        mv = _ISLAND_MOVES[(i, site)] = PlaceIsland(i, site)
    return mv


def route_move(tile: int, site: int, d: int) -> PlaceRoute:
    mv = _ROUTE_MOVES.get((tile, site, d))
    if mv is None:
        mv = _ROUTE_MOVES[(tile, site, d)] = PlaceRoute(tile, site, d)
    return mv


def rotate_move(k: int, pivot: int, turn: int) -> Rotate:
    mv = _ROTATE_MOVES.get((k, pivot, turn))
    if mv is None:
        mv = _ROTATE_MOVES[(k, pivot, turn)] = Rotate(k, pivot, turn)
    return mv


# ---------------------------------------------------------------- the scoring board and the decks


def new_state(config: Config, map_mode: int, epic: bool = False) -> State:
    p = config.players
    rng = Rng.seeded(config.seed)
    names = list(config.names) if config.names else list(NAMES[:p])
    names = [n or NAMES[i] for i, n in enumerate(names[:p])] + list(NAMES[len(names):p])
    # seed: "Shuffle the life goals and randomly place three (for 2 players), four (for 3 players)
    # or five (for 4 players) face-up on the scoring board."
    pool = list(C.goals_in_play())
    rng.shuffle(pool)
    # seed (epic): "turn the scoring board around ... the alternative epic game mode with all life goals"
    goals = sorted(pool if epic else pool[: C.GOALS_DEALT[p]])
    # seed: "Shuffle the treasure and mission decks."
    t_deck = [c for c, t in enumerate(C.TREASURES) if t.family < 0]  # the family cards: family.init
    rng.shuffle(t_deck)
    m_deck = list(range(len(C.MISSIONS)))
    rng.shuffle(m_deck)
    # seed: "Shuffle the wind and event deck and give it to the starting player."
    wind = list(range(len(C.WIND_CARDS)))
    rng.shuffle(wind)
    s = State(
        players=p,
        names=names,
        map_mode=map_mode,
        rng=rng,
        goals=goals,
        secret=[[] for _ in range(p)],
        claims=[[] for _ in goals],
        isl_site=[-1] * 6,
        routes=[],
        box=list(range(len(C.ROUTES))),
        wind_deck=wind,
        t_deck=t_deck,
        t_mask=[0] * len(t_deck),
        m_deck=m_deck,
        m_mask=[0] * len(m_deck),
        # seed: "Place the crew and ritual decks nearby. Don't shuffle them – the cards are chosen."
        crew_deck=[c.copies for c in C.CREW],
        rit_deck=[c.copies for c in C.RITUALS],
        crew_out=[0] * len(C.CREW),
        rit_out=[0] * len(C.RITUALS),
        pest=[C.PEST_NONE] * 6,
        fortress_up=[0] * 6,
        monster_at=[-1, -1],
        origin=[-1] * p,
        talent=[-1] * p,
        pos=[-1] * p,
        # seed (epic): "start with all attributes set to 2, but with 3 free upgrades"
        spd=[C.EPIC_START_SHIP if epic else C.START_SHIP] * p,
        stg=[C.EPIC_START_SHIP if epic else C.START_SHIP] * p,
        hul=[C.EPIC_START_SHIP if epic else C.START_SHIP] * p,
        t_spd=[0] * p,
        t_stg=[0] * p,
        cargo=[[0, 0, 0] for _ in range(p)],
        gold=[0] * p,
        chest=[0] * p,
        crew=[[] for _ in range(p)],
        rits=[[] for _ in range(p)],
        t_hand=[[] for _ in range(p)],
        track=[-1] * p,
        track_pos=[0] * p,
        t_ship=[[] for _ in range(p)],
        t_chest=[[] for _ in range(p)],
        missions=[[] for _ in range(p)],
        m_prog=[[] for _ in range(p)],
        m_done=[[] for _ in range(p)],
        defeated=[[] for _ in range(p)],
        ship_marker=[-1] * p,
        forts_won=[[] for _ in range(p)],
        beaten=[0] * p,
        title_of=[-1] * len(C.TITLES),
        monsters_won=[[] for _ in range(p)],
        hunt_pos=[[0, 0] for _ in range(p)],
        monster_markers=list(range(len(C.MONSTER_MARKERS))),
        origin_looks=[0] * p,
        visited=[0] * p,
        sold=[0] * p,
        raised=[0] * p,
        rituals_played=[0] * p,
        rit_turn=[0] * p,
        income=[[0] * len(SOURCES) for _ in range(p)],
        spent=[[0] * 3 for _ in range(p)],
        taken=[0] * 18,
        played=[0] * 18,
        step=int(Step.GOALS),
        epic=epic,
    )
    return s


def secret_count(s: State) -> int:
    """seed: "each player will secretly select two of these"; epic: "Select 3 instead of 2 goals"."""
    return C.EPIC_SECRET_GOALS if s.epic else C.SECRET_GOALS


# ---------------------------------------------------------------- secret life goals


def goals_legal(s: State, seat: int) -> list[PickGoals]:
    g = s.goals
    n = len(g)
    if s.epic:
        return [pick_goals_move(g[i], g[j], g[k]) for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n)]
    return [pick_goals_move(g[i], g[j]) for i in range(n) for j in range(i + 1, n)]


def pick_goals(s: State, seat: int, a: int, b: int, ev: list[Event] | None, c: int = -1) -> None:
    # seed: "Each player decides which two life goals they will be striving for, and places the
    # markers with the corresponding numbers in their chest." (epic: "Select 3 instead of 2 goals")
    chosen = [a, b] if c < 0 else [a, b, c]
    s.secret[seat] = chosen
    n = "three" if c >= 0 else "two"
    if ev is not None:
        say(ev, "goals", f"{who(s, seat)} hides {n} life goal markers in the chest", seat, to=_others(s, seat))
    if ev is not None:
        names = " and ".join(f"{C.LIFE_GOALS[g].number} {C.LIFE_GOALS[g].name}" for g in chosen)
        say(ev, "goals", f"{who(s, seat)} hides life goals {names} in the chest", seat, to=(seat,), goals=chosen)
    if all(s.secret):
        begin_map(s, ev)


def _others(s: State, seat: int) -> tuple[int, ...]:
    return tuple(i for i in range(s.players) if i != seat)


# ---------------------------------------------------------------- the map


def begin_map(s: State, ev: list[Event] | None) -> None:
    if s.map_mode == MAP_QUICK:
        isl, routes = chart.quick_start(s.players)
        s.isl_site = list(isl)
        s.routes = list(routes)
        used = set(routes[0::3])
        s.box = [t for t in range(len(C.ROUTES)) if t not in used]
        if ev is not None:
            say(ev, "map", "The map is the Quick Start map", map="quick-start")
        finish_map(s, ev)
        return
    if RANDOM_START[s.players]:
        isles = list(range(6))
        s.rng.shuffle(isles)
        tile = C.LONG_TILES[s.rng.below(len(C.LONG_TILES))]
        a, b = isles[0], isles[1]
        s.isl_site[a] = chart.site(-1, 0)
        s.isl_site[b] = chart.site(1, 0)
        s.routes = [tile, chart.site(-1, 0), 0]
        s.box.remove(tile)
        if ev is not None:
            say(ev, "draft-start", f"Map building begins with {C.ISLANDS[a].name} and {C.ISLANDS[b].name} drawn at random, joined by "
                    f"the {C.ROUTES[tile].name}", reveal=True, islands=[a, b], tile=tile)
    s.draft = 0
    begin_draft_turn(s, ev)


def begin_draft_turn(s: State, ev: list[Event] | None) -> None:
    off, need = DRAFT_SCRIPT[s.players][s.draft]
    s.draft_need = need
    s.rotated = False
    ask(s, S_PLACE, (s.start + off) % s.players)


def place_legal(s: State, seat: int) -> list[PlaceIsland | PlaceRoute | Rotate]:
    isl, routes = tuple(s.isl_site), tuple(s.routes)
    lay = chart.layout(isl, routes)
    out: list[PlaceIsland | PlaceRoute | Rotate] = []
    need = s.draft_need
    if need & ISLAND:
        sites = chart.island_sites(lay) if lay.isl_at else (chart.ORIGIN,)
        for i in range(6):
            if s.isl_site[i] < 0:
                out.extend(island_move(i, sv) for sv in sites)
    if need & ROUTE:
        kinds = route_kinds(s.box)
        places = chart.placements(isl, routes, kinds)
        if need & ISLAND and lay.isl_at and not chart.island_sites(lay):
            # the island still to come needs a route leading to nothing
            places = tuple(p for p in places if not (chart.attached(lay, p[1])
                                                     and chart.attached(lay, chart.route_ends(*p)[1])))
        out.extend(route_move(*p) for p in places)
        if not s.rotated and routes:
            out.extend(rotate_move(*r) for r in chart.rotations(isl, routes))
    return out


def port_views(s: State) -> list[PortView]:
    """Every route tile in the box aimed from every island and special spot towards every arrow,
    with the rules each would break (the table shows them before a placement is made)."""
    isl, routes = tuple(s.isl_site), tuple(s.routes)
    lay = chart.layout(isl, routes)
    open_end = (s.step == S_PLACE and bool(s.draft_need & ISLAND) and bool(lay.isl_at)
                and not chart.island_sites(lay))
    return list(_ports(isl, routes, route_kinds(s.box), open_end))


@lru_cache(maxsize=256)
def _ports(isl: tuple[int, ...], routes: tuple[int, ...], kinds: tuple[int, ...], open_end: bool
           ) -> tuple[PortView, ...]:
    lay = chart.layout(isl, routes)
    legal = set(chart.placements(isl, routes, kinds))
    out = []
    for a in sorted(set(lay.isl_at) | set(lay.spot_at)):
        x, y = chart.xy(a)
        for d in range(8):
            for tile in kinds:
                fails, other = chart.route_check(isl, routes, tile, a, d)
                site = move_dir = -1
                if not fails:
                    b = chart.route_ends(tile, a, d)[1]
                    if open_end and chart.attached(lay, b):
                        # the island still to come needs a route leading to nothing
                        fails = chart.NO_OPEN_END
                    elif (tile, a, d) in legal:
                        site, move_dir = a, d
                    elif (tile, b, (d + 4) % 8) in legal:
                        site, move_dir = b, (d + 4) % 8
                out.append(PortView(x, y, d, tile, fails, other, site, move_dir))
    return tuple(out)


def rotation_views(s: State) -> list[RotationView]:
    """Every legal rotation, and where it leaves the route and the island turning with it."""
    return list(_rotations(tuple(s.isl_site), tuple(s.routes)))


@lru_cache(maxsize=256)
def _rotations(isl: tuple[int, ...], routes: tuple[int, ...]) -> tuple[RotationView, ...]:
    out = []
    for k, pivot, turn in chart.rotations(isl, routes):
        turned = chart.rotated(isl, routes, k, pivot, turn)
        assert turned is not None
        new_isl, new_routes = turned
        _, a, d = new_routes[3 * k: 3 * k + 3]
        x, y = chart.xy(a)
        moved = next((i for i in range(6) if new_isl[i] != isl[i]), -1)
        ix, iy = chart.xy(new_isl[moved]) if moved >= 0 else (0, 0)
        out.append(RotationView(k, pivot, turn, x, y, d, moved, ix, iy))
    return tuple(out)


def route_kinds(box: list[int]) -> tuple[int, ...]:
    """One tile per kind still in the box: the first short one, and each long one."""
    shorts = [t for t in box if t in C.SHORT_TILES]
    return tuple(([shorts[0]] if shorts else []) + [t for t in box if t in C.LONG_TILES])


def where(s: State, site: int) -> str:
    for i, sv in enumerate(s.isl_site):
        if sv == site:
            return C.ISLANDS[i].name
    lay = chart.layout(tuple(s.isl_site), tuple(s.routes))
    k = lay.spot_at.get(site, -1)
    if k >= 0:
        return "the " + C.SPOT_NAMES[C.ROUTES[s.routes[3 * k]].spot]
    x, y = chart.xy(site)
    return f"open sea ({x},{y})"


def route_words(s: State, tile: int, a: int, d: int) -> str:
    _, b, _ = chart.route_ends(tile, a, d)
    name = "a short sea route" if C.ROUTES[tile].length == C.SHORT else f"the {C.ROUTES[tile].name}"
    return f"{name} from {where(s, a)} to {where(s, b)}"


def place_island(s: State, seat: int, island: int, site: int, ev: list[Event] | None) -> None:
    s.isl_site[island] = site
    x, y = chart.xy(site)
    if ev is not None:
        say(ev, "place-island", f"{who(s, seat)} places {C.ISLANDS[island].name} at ({x},{y})", seat, island=island, site=site)
    s.draft_need &= ~ISLAND
    _draft_next(s, ev)


def place_route(s: State, seat: int, tile: int, site: int, d: int, ev: list[Event] | None) -> None:
    if ev is not None:
        say(ev, "place-route", f"{who(s, seat)} places {route_words(s, tile, site, d)}", seat, tile=tile, site=site, dir=d)
    s.routes.extend((tile, site, d))
    s.box.remove(tile)
    s.draft_need &= ~ROUTE
    _draft_next(s, ev)


def rotate(s: State, seat: int, k: int, pivot: int, turn: int, ev: list[Event] | None) -> None:
    res = chart.rotated(tuple(s.isl_site), tuple(s.routes), k, pivot, turn)
    assert res is not None
    tile = s.routes[3 * k]
    s.isl_site = list(res[0])
    s.routes = list(res[1])
    s.rotated = True
    side = "left" if turn > 0 else "right"
    if ev is not None:
        say(ev, "rotate", f"{who(s, seat)} turns {route_words(s, tile, s.routes[3 * k + 1], s.routes[3 * k + 2])} one arrow to the "
                f"{side}", seat, route=k, pivot=pivot, turn=turn)


def _draft_next(s: State, ev: list[Event] | None) -> None:
    if s.draft_need:
        return
    s.draft += 1
    if s.draft < len(DRAFT_SCRIPT[s.players]):
        begin_draft_turn(s, ev)
        return
    s.draft = -1
    s.step = S_NONE
    if ev is not None:
        say(ev, "map", "The map is built", map="draft")
    finish_map(s, ev)


# ---------------------------------------------------------------- merchants and fortresses


def finish_map(s: State, ev: list[Event] | None) -> None:
    map_changed(s)
    g = the_graph(s)
    n = g.n
    s.merchant = [-1] * n
    s.m_up = [0] * n
    s.m_known = [0] * n
    s.m_safe = [0] * n
    s.m_damage = [0] * n
    # seed: "Shuffle the fortresses. Place a fortress face-down on each island."
    s.fortress = list(range(C.FORTRESSES))
    s.rng.shuffle(s.fortress)
    # seed: "Shuffle the small merchant ships and place one face-down on each anchor spot ...
    # Shuffle the large merchant ships and place the stack face-down next to the scoring board.
    # Place any remaining small ships on top of this stack."
    small = list(C.SMALL_MERCHANTS)
    s.rng.shuffle(small)
    large = list(C.LARGE_MERCHANTS)
    s.rng.shuffle(large)
    for node in g.anchors:
        if small:
            s.merchant[node] = small.pop()
    s.m_stack = large + small
    # seed: "24 Monster hunt cards": shuffled once, face down; drawn one per hunt action
    s.hunt_deck = list(range(len(C.HUNT_CARDS)))
    s.rng.shuffle(s.hunt_deck)
    if ev is not None:
        say(ev, "merchants", f"Fortresses face down on every island; {len(g.anchors)} small merchants face down on the anchor spots", reveal=True)
    # seed: "Each player secretly selects an origin and a talent and places the markers face-down"
    ask(s, S_START, -1)


# ---------------------------------------------------------------- origins and talents


def start_legal(s: State, seat: int) -> list[PickStart]:
    return [PICK_START[o][t] for o in range(6) for t in range(6)]


def pick_start(s: State, seat: int, origin: int, talent: int, ev: list[Event] | None) -> None:
    s.origin[seat] = origin
    s.talent[seat] = talent
    if ev is not None:
        say(ev, "start", f"{who(s, seat)} lays an origin and a talent marker face down", seat, to=_others(s, seat))
    if ev is not None:
        say(ev, "start", f"{who(s, seat)} chooses {C.ISLANDS[origin].name} and {C.TALENTS[talent].name}", seat, to=(seat,), origin=origin, talent=talent)
    if min(s.origin) >= 0:
        reveal_start(s, ev)


def reveal_start(s: State, ev: list[Event] | None) -> None:
    # seed: "Reveal your origin and talent markers. Equip your ship ... and place it on your island of
    # origin. Each player takes the starting equipment indicated on their origin marker as well as 300 Gold."
    s.revealed = True
    s.step = S_NONE
    family.deal(s)  # the family cards into the treasure deck, the wish deck shuffled (issue 17)
    push(s, K_BEGIN)
    order = [(s.start + k) % s.players for k in range(s.players)]
    for seat in order:
        o = s.origin[seat]
        s.pos[seat] = o
        s.visited[seat] |= 1 << o
        s.gold[seat] = C.START_GOLD
        isl = C.ISLANDS[o]
        gear = ""
        if isl.produces >= 0:
            s.cargo[seat][isl.produces] = C.ORIGIN_GOODS
            gear = f"{C.ORIGIN_GOODS} {C.RESOURCES[isl.produces]}"
        elif o == C.THE_BAY:
            _starting_card(s, seat, s.crew_deck, s.crew[seat], C.CABIN_BOY, 0)
            _starting_card(s, seat, s.crew_deck, s.crew[seat], C.SELLSWORD, 0)
            gear = "a Daring Cabin Boy and a Veteran Sellsword"
        elif o == C.ISLA_OSCURA:
            _starting_card(s, seat, s.rit_deck, s.rits[seat], C.TOTEM, 9)
            _starting_card(s, seat, s.rit_deck, s.rits[seat], C.IK, 9)
            gear = "a Hummingbird Totem and the Power of Ik"
        else:
            s.origin_looks[seat] = C.ORIGIN_LOOKS
            gear = "two looks at the mission or treasure deck"
        if ev is not None:
            say(ev, "reveal-start", f"{who(s, seat)} sets sail from {isl.name} as a {C.TALENTS[s.talent[seat]].name}, with {gear} and "
                    f"{C.START_GOLD} Gold", seat, reveal=True, origin=o, talent=s.talent[seat])
    for seat in reversed(order):
        if s.origin_looks[seat]:
            push(s, K_ORIGIN, seat)
    if s.epic:
        # seed (epic): "start with all attributes set to 2, but with 3 free upgrades, so you can specialize right
        # from the start" — chosen openly, once the origins are revealed, in turn order (the ships are equipped
        # after the reveal)
        for seat in reversed(order):
            for _ in range(C.EPIC_FREE_UPGRADES):
                push(s, K_REFIT, seat)


def _starting_card(s: State, seat: int, deck: list[int], hand: list[int], kind: int, offset: int) -> None:
    if deck[kind] > 0:  # four copies of each: every player may choose that origin
        deck[kind] -= 1
        hand.append(kind)
        s.taken[offset + kind] += 1


@op(K_ORIGIN)
def _origin_look(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    if s.origin_looks[seat] > 0:
        ask(s, S_DECK, seat)


def deck_legal(s: State, seat: int) -> list[ChooseDeck]:
    return list(CHOOSE_DECK)


def choose_deck(s: State, seat: int, deck: int, ev: list[Event] | None) -> None:
    # seed: "look at the top two cards from the mission or the treasure deck, select one and return
    # the other to the bottom of the deck. Do this twice."
    s.origin_looks[seat] -= 1
    draw = draw_mission if deck == 0 else draw_treasure
    shown = [c for c in (draw(s, ev) for _ in range(C.ORIGIN_LOOKS)) if c >= 0]
    s.shown = shown
    s.pick_kind = P_ORIGIN_M if deck == 0 else P_ORIGIN_T
    name = "mission" if deck == 0 else "treasure"
    if ev is not None:
        say(ev, "look", f"{who(s, seat)} looks at the top two cards of the {name} deck", seat, deck=name)
    names = ", ".join((C.MISSIONS if deck == 0 else C.TREASURES)[c].name for c in shown)
    if ev is not None:
        say(ev, "see", f"{who(s, seat)} sees {names}", seat, to=(seat,), reveal=True, cards=list(shown))
    ask(s, S_PICK, seat)


def origin_pick_legal(s: State, seat: int) -> list[Take]:
    if s.pick_kind == P_ORIGIN_T:
        return [TAKE[c] for c in s.shown]
    # seed: "Note that you can't take two official missions!"
    has_official = any(C.MISSIONS[m].kind == C.OFFICIAL for m in s.missions[seat])
    out = [TAKE[c] for c in s.shown if not (has_official and C.MISSIONS[c].kind == C.OFFICIAL)]
    return out or [TAKE[-1]]


def origin_take(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    rest = [c for c in s.shown if c != card]
    if s.pick_kind == P_ORIGIN_T:
        s.t_hand[seat].append(card)
        to_bottom(s.t_deck, s.t_mask, rest, seat)
        if ev is not None:
            say(ev, "keep", f"{who(s, seat)} keeps a treasure card and returns the other to the bottom", seat)
        if ev is not None:
            say(ev, "keep", f"{who(s, seat)} keeps {C.TREASURES[card].name}", seat, to=(seat,), card=card)
    else:
        to_bottom(s.m_deck, s.m_mask, rest, seat)
        if card >= 0:
            take_mission(s, seat, card, ev)
        else:
            if ev is not None:
                say(ev, "keep", f"{who(s, seat)} may not take a second official mission: both return to the bottom", seat)
    s.shown = []
    s.step = S_NONE
    if s.origin_looks[seat] > 0:
        push(s, K_ORIGIN, seat)


@op(K_BEGIN)
def _begin(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    # seed: "The top card indicates the wind for the first round."
    s.round = 1
    s.wind = s.wind_deck.pop()
    s.turn = s.start
    s.actions = C.ACTIONS_PER_TURN
    w = C.WIND_CARDS[s.wind]
    if ev is not None:
        say(ev, "round", f"Round 1 begins. The wind: {w.name} ({w.value})", reveal=True, round=1, wind=w.value)

