"""Travel: movement points, destinations, passing revealed pirate hunters, special spots, the
plague on arrival, and peeking at merchants (a red one is revealed and attacks at once)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.rules import titles
from engine.games.shiver.rules.combat import hunter_attacks
from engine.games.shiver.rules.common import (
    K_OVERBOARD,
    K_PEEK,
    PEEK,
    S_NONE,
    S_PEEK,
    S_TRAVEL,
    SAIL,
    ask,
    earn,
    movement,
    node_name,
    op,
    progress,
    push,
    roll_green,
    roll_white,
    say,
    the_graph,
    who,
)
from engine.games.shiver.state import SRC_SEA, Peek, Sail, State


def revealed_hunters(s: State) -> tuple[int, ...]:
    """Nodes with a face-up pirate hunter: passing one costs 2 more movement."""
    if not any(s.m_up):
        return ()
    return tuple(n for n, up in enumerate(s.m_up) if up and s.merchant[n] >= 0 and C.MERCHANTS[s.merchant[n]].hunter)


def destinations(s: State, seat: int) -> list[tuple[int, int]]:
    """[(node, movement it costs)] the ship can reach with one Travel action now."""
    return chart.destinations(the_graph(s), s.pos[seat], movement(s, seat), revealed_hunters(s))


def travel_legal(s: State, seat: int) -> list[Sail] | tuple[Sail, ...]:
    g = the_graph(s)
    pos, mp = s.pos[seat], movement(s, seat)
    hunters = revealed_hunters(s)
    if hunters:
        return [SAIL[n] for n, _ in chart.destinations(g, pos, mp, hunters)]
    key = pos * 64 + mp
    moves = g.memo.get(key)
    if moves is None:
        moves = g.memo[key] = tuple(SAIL[n] for n in g.reach[pos][: g.reach_count[pos][min(mp, chart.MAX_MOVE)]])
    return moves


def begin(s: State, seat: int, ev: list[Event] | None) -> None:
    ask(s, S_TRAVEL, seat)


def sail(s: State, seat: int, node: int, ev: list[Event] | None) -> None:
    # seed: "You can end your journey at any time, as soon as you reach your destination ... In this
    # case, the action ends and any left-over movement is lost."
    g = the_graph(s)
    start = s.pos[seat]
    s.pos[seat] = node
    s.step = S_NONE
    cost = g.dist[start][node]
    if ev is not None:
        say(ev, "sail", f"{who(s, seat)} sails from {node_name(s, start)} to {node_name(s, node)} ({cost} spaces)", seat, start=start, node=node)
    kind = g.kind[node]
    if kind == chart.ISLAND_NODE:
        s.visited[seat] |= 1 << node
        titles.task(s, seat, C.Q_ANCHOR, node, ev)
    # seed: "If you end your Travel action on an anchor spot with a merchant, you may peek at its marker."
    push(s, K_PEEK, seat, node)
    if kind == chart.ISLAND_NODE and s.pest[node] == C.PEST_ACTIVE and sum(s.cargo[seat]) > 0:
        if ev is not None:
            say(ev, "plague", f"The plague rages on {C.ISLANDS[node].name}: {who(s, seat)} must throw 1 unit of goods overboard", seat)
        push(s, K_OVERBOARD, seat, 1)
    if kind == chart.SPOT:
        end_on_spot(s, seat, node, ev)


def end_on_spot(s: State, seat: int, node: int, ev: list[Event] | None) -> None:
    """seed: "If you end your Travel action on a special spot ... collect the reward"; a living
    monster on the spot switches its ability off (monsters: issue 16)."""
    g = the_graph(s)
    spot = g.spot[node]
    progress(s, seat, C.M_SPOT, 1, spot)
    titles.task(s, seat, C.Q_SPOT, spot, ev)
    if node in s.monster_at:
        if ev is not None:
            say(ev, "monster", f"A monster lurks on the {C.SPOT_NAMES[spot]}: its reward cannot be collected", seat)
        return
    if spot == C.SPOT_MARKET:
        earn(s, seat, C.MARKET_GOLD, SRC_SEA)
        if ev is not None:
            say(ev, "market", f"{who(s, seat)} collects {C.MARKET_GOLD} Gold at the Floating Market", seat)
    elif spot == C.SPOT_SHIPYARD:
        roll_white(s, seat, ev, "at the Ancient Shipyard", SRC_SEA)
    elif spot == C.SPOT_MANGROVES:
        roll_green(s, seat, ev, "in the Mangroves")


# ---------------------------------------------------------------- peeking at merchants


def peek_targets(s: State, seat: int, node: int) -> list[int]:
    """The merchants this captain may peek at after ending a Travel action on ``node``."""
    bit = 1 << seat
    out = []
    if node < len(s.merchant) and s.merchant[node] >= 0 and not s.m_up[node] and not s.m_known[node] & bit:
        out.append(node)
    if s.talent[seat] == C.TRAMP:
        g = the_graph(s)
        row = g.dist[node]
        for a in g.anchors:
            if (a != node and row[a] <= C.TRAMP_PEEK_RANGE and s.merchant[a] >= 0 and not s.m_up[a]
                    and not s.m_known[a] & bit):
                out.append(a)
    return out


@op(K_PEEK)
def _offer_peek(s: State, seat: int, node: int, ev: list[Event] | None) -> None:
    if peek_targets(s, seat, node):
        ask(s, S_PEEK, seat)


def peek_legal(s: State, seat: int) -> list[Peek]:
    return [PEEK[-1], *(PEEK[n] for n in peek_targets(s, seat, s.pos[seat]))]


def peek(s: State, seat: int, node: int, ev: list[Event] | None, remote: bool = False) -> None:
    """Look at a merchant's underside: the peeker knows it. A pirate hunter met on its own spot is
    revealed to everyone and attacks at once; an honorable trader goes back face
    down — which tells the table it is honorable."""
    s.step = S_NONE
    if node < 0:
        if ev is not None:
            say(ev, "no-peek", f"{who(s, seat)} leaves the merchant be", seat)
        return
    mid = s.merchant[node]
    m = C.MERCHANTS[mid]
    s.m_known[node] |= 1 << seat
    progress(s, seat, C.M_PEEKS)
    on_spot = not remote and node == s.pos[seat]
    if ev is not None:
        say(ev, "peek", f"{who(s, seat)} peeks at the merchant on the {node_name(s, node)}", seat, node=node)
    if ev is not None:
        say(ev, "see-merchant", f"{who(s, seat)} sees {merchant_words(mid)}", seat, to=(seat,), reveal=True, node=node, merchant=mid)
    if m.hunter and on_spot:
        s.m_up[node] = 1
        if ev is not None:
            say(ev, "hunter", f"A pirate hunter! The merchant on the {node_name(s, node)} is {merchant_words(mid)}", seat, reveal=True, node=node, merchant=mid)
        # seed: "If the merchant turns out to be a pirate hunter, he will attack you at once. This is NOT an action."
        hunter_attacks(s, seat, node, ev)
    elif on_spot:
        s.m_safe[node] = 1
        if ev is not None:
            say(ev, "honorable", f"{who(s, seat)} turns the marker face down again: an honorable trader", seat, node=node)


def merchant_words(mid: int) -> str:
    m = C.MERCHANTS[mid]
    size = "small" if m.size == C.SMALL else "large"
    what = "pirate hunter" if m.hunter else "honorable trader"
    reward = []
    if m.gold:
        reward.append(f"{m.gold} G")
    if m.goods[1]:
        reward.append(f"{m.goods[1]} {C.RESOURCES[m.goods[0]]}")
    if m.treasure:
        reward.append("a treasure")
    if m.family:
        reward.append(f"your {m.family}")
    return (f"a {size} {C.NATIONS[m.nation]} {what} (speed {m.speed}, strength {m.strength}, hull {m.hull}; "
            f"reward {', '.join(reward) or 'none'}; {m.vp} VP)")
