"""The main phase: one action a turn — place an airship (and its face-down chip, the
10-limit), explore, build, scout or forage — the turn-order track, and the automa's turn."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Event
from engine.games.fractured_sky import automa
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules.common import (
    BUILD_SITE_MOVES,
    BUILD_SKIMMER_MOVES,
    FORAGE_MOVES,
    MASK_RESOURCES,
    NR,
    PLACE_MOVES,
    PLACE_ONLY_MOVES,
    PLACE_PLAIN_MOVES,
    PRODUCE_MASK,
    SCOUT_CARD_MOVES,
    SCOUT_SHIP_MOVES,
    SCOUT_TOP_MOVE,
    SHIPS,
    TRIPLE,
    gain,
    is_automa,
    pay,
)
from engine.games.fractured_sky.rules.end_of_round import reveal
from engine.games.fractured_sky.state import (
    FIRST_EXPLORE,
    FIRST_FORAGE,
    FIRST_PLACE,
    FIRST_SCOUT,
    N_TALLY,
    SCOUT_SHIP,
    SCOUT_TOP,
    T_EXPLORES,
    T_FORAGES,
    T_GAINED,
    T_LAST_FORCED,
    T_LAST_PICKS,
    T_SCOUTS,
    Step,
)
from engine.games.fractured_sky.text import building_text, cost_text, ordinal, region_name, who


def actions(s: st.State, side: int) -> list[Any]:
    """One action a turn: place an airship, build, or scout (published outline)."""
    b = side * 3
    res = s.res
    g, w, i = res[b], res[b + 1], res[b + 2]
    if g >= C.EXPLORE_COST[0]:
        explore = s.explore
        out: list[Any] = [m for r in range(NR) for m in (PLACE_MOVES[r] if explore[r] < 0 else PLACE_ONLY_MOVES[r])]
    else:
        out = list(PLACE_PLAIN_MOVES)
    built = s.built
    free: list[int] | None = None
    for kind in (C.MARKET, C.FORTRESS):
        if built[b + kind] >= C.SUPPLY[kind]:
            continue
        cg, cw, ci = C.COSTS[kind]
        if g < cg or w < cw or i < ci:
            continue
        if free is None:
            free = [k for k, o in enumerate(s.site_owner) if o < 0]
        menu = BUILD_SITE_MOVES[kind]
        if g >= cg + C.TRIPLE_SITE_EXTRA[0]:
            out.extend([menu[k] for k in free])
        else:
            out.extend([menu[k] for k in free if not TRIPLE[k]])
    if sum(s.skimmers[side::s.n]) < C.SUPPLY[C.SKIMMER]:
        cg, cw, ci = C.COSTS[C.SKIMMER]
        if g >= cg and w >= cw and i >= ci:
            out.extend(BUILD_SKIMMER_MOVES)
    # designed: your airships do the scouting: one of them must be in the sky already
    if s.scouts[side] < C.SCOUTS_PER_ROUND and s.ships_left[side] < SHIPS:
        bit = 1 << side
        if s.hid_deck and not s.top_known & bit:
            out.append(SCOUT_TOP_MOVE)
        people = s.n - s.automa
        chips, known = s.ship_chip, s.ship_known
        for ship in range(people * SHIPS):
            # an automa's dial is set only at the reveal: nothing to scout there
            if ship // SHIPS != side and chips[ship] >= 0 and not known[ship] & bit:
                out.append(SCOUT_SHIP_MOVES[ship])
        hk = s.hid_known
        for k in range(len(hk)):
            if not hk[k] & bit:
                out.append(SCOUT_CARD_MOVES[k])
        out.extend(FORAGE_MOVES[k] for k in forage_options(s, side))
    return out


def forage_options(s: st.State, side: int) -> tuple[int, ...]:
    """The resources produced where the side has an airship: what a forage may take."""
    mask = 0
    base = side * SHIPS
    for r in s.ship_region[base:base + SHIPS]:
        if r >= 0:
            mask |= PRODUCE_MASK[r]
    return MASK_RESOURCES[mask]


def place(s: st.State, side: int, region: int, explore: bool, ev: list[Event] | None) -> None:
    """Send an airship to a region; its face-down chip comes next (``put_chip``)."""
    ship = side * SHIPS + SHIPS - s.ships_left[side]
    s.ships_left[side] -= 1
    s.ship_region[ship] = region
    s.pending = ship
    s.step = Step.CHIP
    if s.first_action[side] < 0:
        s.first_action[side] = FIRST_EXPLORE if explore else FIRST_PLACE
    if ev is not None:
        ev.append(Event(f"{who(s, side)} sends an airship to {region_name(region)}"
                        + (" and takes its explore slot." if explore else "."), side,
                        kind="place", data={"side": side, "ship": ship, "region": region, "explore": explore}))
    if explore:
        explore_slot(s, side, ship, region, ev)


def explore_slot(s: st.State, side: int, ship: int, region: int, ev: list[Event] | None) -> None:
    """seed: regions have an explore slot; the airship placed there draws a hidden starfall."""
    s.explore[region] = ship
    pay(s, side, C.EXPLORE_COST)
    draw_hidden(s, side, ship, ev)


def draw_hidden(s: st.State, side: int, ship: int, ev: list[Event] | None) -> None:
    card = s.hid_deck.pop()
    s.hid_cards.append(card)
    s.hid_ship.append(ship)
    # whoever scouted the deck's top card knows this one too
    s.hid_known.append(s.top_known | (1 << side))
    s.top_known = 0
    s.explored[side] += 1
    s.tally[side * N_TALLY + T_EXPLORES] += 1
    if ev is not None:
        k = len(s.hid_cards) - 1
        ev.append(Event(f"{who(s, side)} draws a hidden starfall.", side, kind="explore",
                        data={"side": side, "card": k}))
        knows = tuple(x for x in range(s.n) if s.hid_known[k] >> x & 1)
        ev.append(Event(f"{who(s, side)}'s hidden starfall will drop in {region_name(card)}.", side,
                        to=knows, reveal=True, kind="hidden_starfall",
                        data={"side": side, "card": k, "region": card}))


def put_chip(s: st.State, side: int, value: int, ev: list[Event] | None) -> None:
    """The chip goes face down; the printed values of a round total at most 10."""
    ship = s.pending
    mask = s.chips[side]
    slot = (0 if mask & 1 else 1) if value == 0 else value + 1
    s.chips[side] = mask & ~(1 << slot)
    s.budget[side] -= value
    s.ship_chip[ship] = value
    s.ship_known[ship] = 1 << side
    s.pending = -1
    s.step = Step.ACT
    if ev is not None:
        region = region_name(s.ship_region[ship])
        others = tuple(x for x in range(s.n) if x != side)
        ev.append(Event(f"{who(s, side)}'s airship in {region} carries a face-down chip.", side, to=others,
                        kind="chip", data={"side": side, "ship": ship}))
        ev.append(Event(f"{who(s, side)} puts chip {value} on the airship in {region}.", side, to=(side,),
                        kind="chip", data={"side": side, "ship": ship, "value": value}))
    if s.ships_left[side] == 0:
        finish(s, side, ev)
    else:
        advance(s, ev)


def build(s: st.State, side: int, kind: int, where: int, ev: list[Event] | None) -> None:
    if kind == C.SKIMMER:
        cost = C.COSTS[C.SKIMMER]
        s.skimmers[where * s.n + side] += 1
    else:
        cost = C.site_cost(kind, where)
        s.site_owner[where] = side
        s.site_kind[where] = kind
    pay(s, side, cost)
    s.built[side * 3 + kind] += 1
    if s.first_action[side] < 0:
        s.first_action[side] = 2 + kind  # FIRST_MARKET, FIRST_FORTRESS, FIRST_SKIMMER
    if ev is not None:
        ev.append(Event(f"{who(s, side)} builds {building_text(kind, where)} ({cost_text(cost)}).", side,
                        kind="build", data={"side": side, "building": C.BUILDINGS[kind], "where": where,
                                            "cost": list(cost)}))
    advance(s, ev)


def scout(s: st.State, side: int, target: int, index: int, ev: list[Event] | None) -> None:
    """Look at one hidden thing. It counts as a scout without taking a resource."""
    bit = 1 << side
    s.scouts[side] += 1
    s.looked[side] += 1
    s.tally[side * N_TALLY + T_SCOUTS] += 1
    if s.first_action[side] < 0:
        s.first_action[side] = FIRST_SCOUT
    if target == SCOUT_TOP:
        s.top_known |= bit
        seen = s.hid_deck[-1]
        what = f"the hidden deck's top card: {region_name(seen)}"
        public = f"{who(s, side)} scouts the top card of the hidden starfall deck."
    elif target == SCOUT_SHIP:
        s.ship_known[index] |= bit
        owner = index // SHIPS
        seen = s.ship_chip[index]
        where = region_name(s.ship_region[index])
        what = f"{who(s, owner)}'s airship in {where} carries chip {seen}"
        public = f"{who(s, side)} scouts {who(s, owner)}'s airship in {where}."
    else:
        s.hid_known[index] |= bit
        owner = s.hid_ship[index] // SHIPS
        seen = s.hid_cards[index]
        what = f"{who(s, owner)}'s hidden starfall will drop in {region_name(seen)}"
        public = f"{who(s, side)} scouts {who(s, owner)}'s hidden starfall."
    if ev is not None:
        ev.append(Event(public, side, kind="scout", data={"side": side, "target": target, "index": index}))
        ev.append(Event(f"{who(s, side)} sees: {what}.", side, to=(side,), reveal=True, kind="scouted",
                        data={"side": side, "target": target, "index": index, "value": seen}))
    advance(s, ev)


def forage(s: st.State, side: int, resource: int, ev: list[Event] | None) -> None:
    """A scout that takes a resource instead of looking at anything."""
    s.scouts[side] += 1
    s.res[side * 3 + resource] += C.FORAGE
    s.tally[side * N_TALLY + T_FORAGES] += 1
    s.tally[side * N_TALLY + T_GAINED] += C.FORAGE
    if s.first_action[side] < 0:
        s.first_action[side] = FIRST_FORAGE
    if ev is not None:
        ev.append(Event(f"{who(s, side)} forages: +{C.FORAGE} {C.RESOURCES[resource]}.", side, kind="forage",
                        data={"side": side, "resource": resource}))
    advance(s, ev)


def advance(s: st.State, ev: list[Event] | None) -> None:
    """The next side in turn order with airships left acts; when none has any, the reveal."""
    n = s.n
    order, left = s.order, s.ships_left
    t = s.turn
    for k in range(1, n + 1):
        nxt = (t + k) % n
        side = order[nxt]
        if left[side] > 0:
            s.turn = nxt
            s.step = Step.AUTOMA if side >= n - s.automa else Step.ACT
            return
    reveal(s, ev)


def finish(s: st.State, side: int, ev: list[Event] | None) -> None:
    """A side's third airship is placed: its round is over and it takes a space on the track.

    designed: sides take next round's spaces in the order they finish; the last space pays.
    """
    free = [k for k, x in enumerate(s.next_order) if x < 0]
    if is_automa(s, side):
        take_space(s, side, automa.track_space(s, side), ev)
    elif len(free) == 1:
        take_space(s, side, free[0], ev, forced=True)
    else:
        s.step = Step.ORDER


def take_space(s: st.State, side: int, space: int, ev: list[Event] | None, forced: bool = False) -> None:
    s.next_order[space] = side
    if ev is not None:
        ev.append(Event(f"{who(s, side)} takes the {ordinal(space)} space for next round.", side,
                        kind="track", data={"side": side, "space": space}))
    if space == s.n - 1:
        pay_last_space(s, side, forced, ev)
    advance(s, ev)


def pay_last_space(s: st.State, side: int, forced: bool, ev: list[Event] | None) -> None:
    """Published outline: "a turn-order track with a gold reward for picking last".

    seed: "The resource for taking last place still applies to the AI's market card."
    """
    if is_automa(s, side):
        card = C.AUTOMA_DECK[s.ai_card[side]]
        got = [0, 0, 0]
        got[card.last] = C.LAST_PICK_GOLD
    else:
        got = [C.LAST_PICK_GOLD, 0, 0]
    gain(s, side, got)
    s.tally[side * N_TALLY + (T_LAST_FORCED if forced else T_LAST_PICKS)] += 1
    if ev is not None:
        ev.append(Event(f"{who(s, side)} is last on the track and takes {C.resources_text(got)}.", side,
                        kind="last_space", data={"side": side, "resources": got}))


def automa_turn(s: st.State, side: int, ev: list[Event] | None) -> None:
    """seed: "AI market cards" drive the AI; the "AI advantage rule" says where."""
    card = C.AUTOMA_DECK[s.ai_card[side]]
    step = card.plan[s.ai_step[side]]
    s.ai_step[side] += 1
    if step == C.A_SHIP:
        region = automa.ship_region(s, side)
        ship = side * SHIPS + SHIPS - s.ships_left[side]
        s.ships_left[side] -= 1
        s.ship_region[ship] = region
        if s.first_action[side] < 0:
            s.first_action[side] = FIRST_PLACE
        # designed: the automa takes a free explore slot whenever it can pay for it
        explore = s.explore[region] < 0 and s.res[side * 3] >= C.EXPLORE_COST[0]
        if ev is not None:
            ev.append(Event(f"{who(s, side)} (automa) sends an airship to {region_name(region)}"
                            + (" and takes its explore slot." if explore else "."), side,
                            kind="place", data={"side": side, "ship": ship, "region": region, "explore": explore}))
        if explore:
            explore_slot(s, side, ship, region, ev)
        if s.ships_left[side] == 0:
            finish(s, side, ev)
        else:
            advance(s, ev)
        return
    kind = C.MARKET if step == C.A_MARKET else C.FORTRESS
    site = automa.building_site(s, side)
    if site >= 0 and s.built[side * 3 + kind] < C.SUPPLY[kind]:
        cost = C.site_cost(kind, site)
        b = side * 3
        if s.res[b] >= cost[0] and s.res[b + 1] >= cost[1] and s.res[b + 2] >= cost[2]:
            build(s, side, kind, site, ev)
            return
    gain(s, side, C.AUTOMA_BROKE)
    if ev is not None:
        ev.append(Event(f"{who(s, side)} (automa) cannot build its {C.BUILDINGS[kind]} and takes "
                        f"{C.resources_text(C.AUTOMA_BROKE)} instead.", side, kind="automa_broke",
                        data={"side": side, "building": C.BUILDINGS[kind]}))
    advance(s, ev)
