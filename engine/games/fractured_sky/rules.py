"""Fractured Sky's rules, in the rulebook's order: the table and setup, the round start (the
public starfall), the main phase (place an airship with a face-down chip, explore, build,
scout), the turn-order track, the end of the round (reveal, objective, regional rewards by
troop-power rank with the shift down, market income), cleanup and the end of the game.

The seed is the rulebook of the *Awakening* expansions; the base game it expands is designed
here (docs/rules/fractured-sky.md). ``# seed:`` quotes mark the sentences of the seed that a
base rule exists for; ``# designed:`` marks a decision of ours.
Objectives and the final result are in ``scoring.py``; the automa's decisions in ``automa.py``;
views and determinization in ``view.py``; words in ``text.py``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.fractured_sky import automa, scoring
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky import view as st_view
from engine.games.fractured_sky.state import (
    FIRST_EXPLORE,
    FIRST_FORAGE,
    FIRST_PLACE,
    FIRST_SCOUT,
    MAIN,
    N_SRC,
    N_TALLY,
    OVER,
    REWARDS,
    SCOUT_SHIP,
    SCOUT_TOP,
    SRC_HIDDEN,
    SRC_PUBLIC,
    STAR,
    STAR_HIDDEN,
    STAR_PUBLIC,
    T_BLUFF_WINS,
    T_EXPLORES,
    T_FORAGES,
    T_GAINED,
    T_LAST_FORCED,
    T_LAST_PICKS,
    T_SCOUTS,
    T_SPENT,
    T_ZERO_ALONE,
    T_ZERO_CONTESTED,
    AutomaTurn,
    Build,
    Chip,
    Forage,
    Move,
    Options,
    Order,
    Place,
    Reward,
    Scout,
    State,
    Step,
)
from engine.games.fractured_sky.text import (
    building_text,
    cost_text,
    ordinal,
    region_name,
    reward_text,
    seat_name,
    who,
)
from engine.games.fractured_sky.view import View

NR = C.N_REGIONS
SHIPS = C.SHIPS
ALL_CHIPS = (1 << len(C.CHIPS)) - 1
TRIPLE = tuple(len(r) == 3 for r in C.SITE_REGIONS)

# Moves are immutable: build each once.
_PLACE = tuple((Place(r, False), Place(r, True)) for r in range(NR))
_PLACE_ONLY = tuple((pair[0],) for pair in _PLACE)  # a region whose explore slot is taken
_PLACE_PLAIN = tuple(pair[0] for pair in _PLACE)
_PRODUCE_MASK = tuple((1 << reg.produces[0]) | (1 << reg.produces[1]) for reg in C.REGIONS)
_MASK_RESOURCES = tuple(tuple(k for k in range(3) if m >> k & 1) for m in range(8))
_CHIP = tuple(Chip(v) for v in range(C.POWER_LIMIT + 1))
_BUILD_SITE = tuple(tuple(Build(k, site) for site in range(C.N_SITES)) for k in (C.MARKET, C.FORTRESS))
_BUILD_SKIMMER = tuple(Build(C.SKIMMER, r) for r in range(NR))
_SCOUT_TOP = Scout(SCOUT_TOP, 0)
_SCOUT_SHIP = tuple(Scout(SCOUT_SHIP, i) for i in range(5 * SHIPS))
_SCOUT_CARD = tuple(Scout(2, i) for i in range(NR))
_FORAGE = tuple(Forage(r) for r in range(3))
_ORDER = tuple(Order(k) for k in range(5))
_REWARD = {c: Reward(c) for c in (0, 1, 2, STAR)}
_AUTOMA = AutomaTurn()
_AUTOMA_ONLY = [_AUTOMA]

_chip_menus: dict[int, list[Chip]] = {}


def chip_menu(mask: int, budget: int) -> list[Chip]:
    """The chips a side may put on an airship: the free ones whose value fits the budget."""
    key = mask * 16 + budget
    menu = _chip_menus.get(key)
    if menu is None:
        menu = []
        if mask & 3:
            menu.append(_CHIP[0])
        for v in range(1, min(budget, C.POWER_LIMIT) + 1):
            if mask >> (v + 1) & 1:
                menu.append(_CHIP[v])
        _chip_menus[key] = menu
    return menu


def chip_values(mask: int) -> list[int]:
    """The values of the free chips in a mask (a 0 twice if both are free)."""
    out = [0] * ((mask & 1) + (mask >> 1 & 1))
    out.extend(v for v in range(1, C.POWER_LIMIT + 1) if mask >> (v + 1) & 1)
    return out


def one_choice(left: list[int]) -> bool:
    """Whether a region's rewards left offer one choice only (all starfalls, or one tier)."""
    first = left[0]
    if first >= STAR_PUBLIC:
        return all(c >= STAR_PUBLIC for c in left)
    return all(c == first for c in left)


def is_automa(s: State, side: int) -> bool:
    return side >= s.n - s.automa


class FracturedSky(RulesBase):
    id = "fractured-sky"
    title = "Fractured Sky"
    version = 1
    players = range(1, 6)
    Options = Options
    State = State
    Move = Move
    View = View
    aliases = ("fractured", "fractured-sky-awakening")
    doc = "fractured-sky"
    bench_players = 4

    # ------------------------------------------------------------------ the table

    def check(self, players: int, options: Any) -> None:
        """Refuse a player count or an automa option that do not go together (one line)."""
        super().check(players, options)
        self.table(players, options)

    def table(self, players: int, options: st.Options | None) -> tuple[int, st.Options]:
        """The sides a game for ``players`` needs, and the options that record the automa.

        designed: the board is made for 3–5 sides. With 1 player the automa plays 2 more
        sides, with 2 players 1 more, so there are always at least 3 ranks to fight over.
        From 3 players up, ``players`` counts every side at the table (automa included), so
        a saved solo game (3 sides, ``automa=2``) sets up the same again.
        """
        opts = options if options is not None else Options()
        if isinstance(opts, dict):
            opts = self.options_from(opts)
        if players not in self.players:
            raise OptionError(f"Fractured Sky is for 1–5 players, not {players}")
        if players < C.MIN_SIDES:
            need = C.MIN_SIDES - players
            if opts.automa not in (0, need):
                raise OptionError(
                    f"Fractured Sky option automa: with {players} player{'s' if players > 1 else ''} the automa plays "
                    f"{need} side{'s' if need > 1 else ''} (automa={need}), not {opts.automa}")
            return C.MIN_SIDES, msgspec.structs.replace(opts, automa=need)
        if opts.automa and players != C.MIN_SIDES:
            raise OptionError(
                f"Fractured Sky option automa: the automa only joins 1 or 2 players at a table of 3 sides, not {players}")
        return players, opts

    def automa_seats(self, players: int, options: st.Options | None) -> tuple[int, ...]:
        """The seats the rules play (kind ``automa``): the last ``automa`` sides."""
        n, opts = self.table(players, options)
        return tuple(range(n - opts.automa, n))

    # ------------------------------------------------------------------ setup

    def setup(self, config: Config) -> st.State:
        n, opts = self.table(config.players, config.options)
        rng = Rng.seeded(config.seed)
        # designed: five objective cards face up on the tray, one for each round
        objectives = list(range(len(C.OBJECTIVES)))
        rng.shuffle(objectives)
        objectives = objectives[: C.ROUNDS]
        # designed: round 1's turn order is random; the track decides every later round
        order = list(range(n))
        rng.shuffle(order)
        ai_deck = list(range(len(C.AUTOMA_DECK)))
        rng.shuffle(ai_deck)
        given = [str(x) for x in (getattr(config, "names", None) or [])][:n]
        names = given + [seat_name(x) for x in range(len(given), n)]
        ships = n * SHIPS
        s = State(
            n=n,
            automa=opts.automa,
            names=names,
            rng=rng,
            objectives=objectives,
            res=[r for _ in range(n) for r in C.START_RESOURCES],
            stars=[0] * n,
            src=[0] * (n * N_SRC),
            chips=[ALL_CHIPS] * n,
            budget=[C.POWER_LIMIT] * n,
            ships_left=[SHIPS] * n,
            scouts=[0] * n,
            looked=[0] * n,
            built=[0] * (n * 3),
            explored=[0] * n,
            tally=[0] * (n * N_TALLY),
            first_action=[-1] * n,
            site_owner=[-1] * C.N_SITES,
            site_kind=[-1] * C.N_SITES,
            skimmers=[0] * (NR * n),
            ship_region=[-1] * ships,
            ship_chip=[-1] * ships,
            ship_known=[0] * ships,
            explore=[-1] * NR,
            starfalls=[0] * NR,
            public=-1,
            pub_deck=[],
            hid_deck=[],
            top_known=0,
            hid_cards=[],
            hid_ship=[],
            hid_known=[],
            order=order,
            next_order=[-1] * n,
            start_order=list(order),
            ai_deck=ai_deck,
            ai_card=[-1] * n,
            ai_step=[0] * n,
            power=[0] * (NR * n),
            ranks=[[] for _ in range(NR)],
            rewards=[[] for _ in range(NR)],
            taken=[],
            income=[],
            chip_ranks=[0] * 12,
        )
        self.start_round(s, None)
        # designed: round 1's last side is paid as if it had picked the last space
        # designed: round 1's later sides start with 1 more gold for each side ahead of them
        for k, x in enumerate(order):
            s.res[x * 3 + C.GOLD] += k * C.START_GOLD_PER_PLACE
        return s

    def setup_events(self, s: st.State) -> list[Event]:
        ev = [
            Event("Objectives: " + "; ".join(
                f"round {k + 1}: {C.OBJECTIVES[c].name}" for k, c in enumerate(s.objectives)),
                kind="objectives", data={"cards": list(s.objectives)}),
            Event("Turn order: " + ", ".join(who(s, x) for x in s.order)
                  + "; each side starts with 1 more gold for every side ahead of it.",
                  kind="order", data={"order": list(s.order)}),
        ]
        ev.extend(self.round_start_events(s))
        return ev

    # ------------------------------------------------------------------ round start

    def start_round(self, s: st.State, ev: list[Event] | None) -> None:
        n = s.n
        rng = s.rng
        # designed: both starfall decks are whole again and shuffled every round
        s.pub_deck = list(C.STARFALL_DECK)
        rng.shuffle(s.pub_deck)
        s.hid_deck = list(C.STARFALL_DECK)
        rng.shuffle(s.hid_deck)
        s.top_known = 0
        s.hid_cards = []
        s.hid_ship = []
        s.hid_known = []
        s.starfalls = [0] * NR
        s.explore = [-1] * NR
        ships = n * SHIPS
        s.ship_region = [-1] * ships
        s.ship_chip = [-1] * ships
        s.ship_known = [0] * ships
        s.chips = [ALL_CHIPS] * n
        s.budget = [C.POWER_LIMIT] * n
        s.ships_left = [SHIPS] * n
        s.scouts = [0] * n
        s.explored = [0] * n
        # designed: skimmers fight for one round, then return to their owners
        s.skimmers = [0] * (NR * n)
        # published outline: "one public starfall revealed per round"
        s.public = s.pub_deck.pop()
        s.starfalls[s.public] += 1
        # designed: each automa side reveals a card of the AI market deck
        for side in range(n - s.automa, n):
            if not s.ai_deck:
                in_use = set(s.ai_card)
                s.ai_deck = [c for c in range(len(C.AUTOMA_DECK)) if c not in in_use]
                rng.shuffle(s.ai_deck)
            s.ai_card[side] = s.ai_deck.pop()
            s.ai_step[side] = 0
        s.phase = MAIN
        s.turn = 0
        s.pending = -1
        s.pending_explore = 0
        s.step = Step.AUTOMA if is_automa(s, s.order[0]) else Step.ACT
        if ev is not None:
            ev.extend(self.round_start_events(s))

    def round_start_events(self, s: st.State) -> list[Event]:
        ev = [Event(f"Round {s.round}: the public starfall drops in {region_name(s.public)}.", reveal=True,
                    kind="public_starfall", data={"round": s.round, "region": s.public})]
        obj = C.OBJECTIVES[s.objectives[s.round - 1]]
        ev.append(Event(f"This round's objective: {obj.name} — {obj.text}", kind="objective_card",
                        data={"round": s.round, "card": s.objectives[s.round - 1]}))
        for side in range(s.n - s.automa, s.n):
            card = C.AUTOMA_DECK[s.ai_card[side]]
            ev.append(Event(
                f"{who(s, side)} (automa) reveals {card.name}: power {'/'.join(map(str, card.values))}.",
                side, reveal=True, kind="automa_card", data={"side": side, "card": s.ai_card[side]}))
        return ev

    # ------------------------------------------------------------------ who acts

    def to_act(self, s: st.State) -> tuple[int, ...]:
        if s.phase == MAIN:
            return (s.order[s.turn],)
        if s.phase == REWARDS:
            return (s.ranks[s.rw_region][s.rw_pos],)
        return ()

    # ------------------------------------------------------------------ legal moves

    def legal(self, s: st.State, seat: int) -> list[Any]:
        step = s.step
        if step == Step.ACT:
            return self.actions(s, seat)
        if step == Step.CHIP:
            return list(chip_menu(s.chips[seat], s.budget[seat]))
        if step == Step.AUTOMA:
            return list(_AUTOMA_ONLY)
        if step == Step.ORDER:
            return [_ORDER[k] for k, x in enumerate(s.next_order) if x < 0]
        if step == Step.REWARD:
            return self.reward_menu(s.rewards[s.rw_region])
        return []

    def actions(self, s: st.State, side: int) -> list[Any]:
        """One action a turn: place an airship, build, or scout (published outline)."""
        b = side * 3
        res = s.res
        g, w, i = res[b], res[b + 1], res[b + 2]
        if g >= C.EXPLORE_COST[0]:
            explore = s.explore
            out: list[Any] = [m for r in range(NR) for m in (_PLACE[r] if explore[r] < 0 else _PLACE_ONLY[r])]
        else:
            out = list(_PLACE_PLAIN)
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
            menu = _BUILD_SITE[kind]
            if g >= cg + C.TRIPLE_SITE_EXTRA[0]:
                out.extend([menu[k] for k in free])
            else:
                out.extend([menu[k] for k in free if not TRIPLE[k]])
        if sum(s.skimmers[side::s.n]) < C.SUPPLY[C.SKIMMER]:
            cg, cw, ci = C.COSTS[C.SKIMMER]
            if g >= cg and w >= cw and i >= ci:
                out.extend(_BUILD_SKIMMER)
        # designed: your airships do the scouting: one of them must be in the sky already
        if s.scouts[side] < C.SCOUTS_PER_ROUND and s.ships_left[side] < SHIPS:
            bit = 1 << side
            if s.hid_deck and not s.top_known & bit:
                out.append(_SCOUT_TOP)
            people = s.n - s.automa
            chips, known = s.ship_chip, s.ship_known
            for ship in range(people * SHIPS):
                # an automa's dial is set only at the reveal: nothing to scout there
                if ship // SHIPS != side and chips[ship] >= 0 and not known[ship] & bit:
                    out.append(_SCOUT_SHIP[ship])
            hk = s.hid_known
            for k in range(len(hk)):
                if not hk[k] & bit:
                    out.append(_SCOUT_CARD[k])
            out.extend(_FORAGE[k] for k in self.forage_options(s, side))
        return out

    @staticmethod
    def forage_options(s: st.State, side: int) -> tuple[int, ...]:
        """The resources produced where the side has an airship: what a forage may take."""
        mask = 0
        base = side * SHIPS
        for r in s.ship_region[base:base + SHIPS]:
            if r >= 0:
                mask |= _PRODUCE_MASK[r]
        return _MASK_RESOURCES[mask]

    @staticmethod
    def skimmers_out(s: st.State, side: int) -> int:
        """Skimmers a side has in the sky this round (they come back at cleanup)."""
        n = s.n
        return sum(s.skimmers[side::n])

    @staticmethod
    def reward_menu(left: list[int]) -> list[Any]:
        """The distinct rewards still on a region's list: a starfall and each tier left."""
        out = []
        star = False
        for code in left:
            if code >= STAR_PUBLIC:
                if not star:
                    star = True
                    out.append(_REWARD[STAR])
            elif _REWARD[code] not in out:
                out.append(_REWARD[code])
        return out

    # ------------------------------------------------------------------ apply

    def apply(self, s: st.State, seat: int, move: Any, quiet: bool = False) -> list[Event]:
        ev: list[Event] | None = None if quiet else []
        match move:
            case Place(region=r, explore=ex):
                self.place(s, seat, r, ex, ev)
            case Chip(value=v):
                self.put_chip(s, seat, v, ev)
            case Build(kind=k, where=w):
                self.build(s, seat, k, w, ev)
            case Scout(target=t, index=i):
                self.scout(s, seat, t, i, ev)
            case Forage(resource=res):
                self.forage(s, seat, res, ev)
            case Order(space=k):
                self.take_space(s, seat, k, ev)
            case Reward(code=c):
                self.take_reward(s, seat, c, ev)
                self.run_rewards(s, ev)
            case AutomaTurn():
                self.automa_turn(s, seat, ev)
            case _:  # pragma: no cover - the Match checks moves against legal()
                raise ValueError(f"not a Fractured Sky move: {move!r}")
        return ev if ev is not None else []

    # ------------------------------------------------------------------ main phase: airships

    def place(self, s: st.State, side: int, region: int, explore: bool, ev: list[Event] | None) -> None:
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
            self.explore(s, side, ship, region, ev)

    def explore(self, s: st.State, side: int, ship: int, region: int, ev: list[Event] | None) -> None:
        """seed: regions have an explore slot; the airship placed there draws a hidden starfall."""
        s.explore[region] = ship
        self.pay(s, side, C.EXPLORE_COST)
        self.draw_hidden(s, side, ship, ev)

    def draw_hidden(self, s: st.State, side: int, ship: int, ev: list[Event] | None) -> None:
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

    def put_chip(self, s: st.State, side: int, value: int, ev: list[Event] | None) -> None:
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
            self.finish(s, side, ev)
        else:
            self.advance(s, ev)

    # ------------------------------------------------------------------ main phase: building

    def build(self, s: st.State, side: int, kind: int, where: int, ev: list[Event] | None) -> None:
        if kind == C.SKIMMER:
            cost = C.COSTS[C.SKIMMER]
            s.skimmers[where * s.n + side] += 1
        else:
            cost = C.site_cost(kind, where)
            s.site_owner[where] = side
            s.site_kind[where] = kind
        self.pay(s, side, cost)
        s.built[side * 3 + kind] += 1
        if s.first_action[side] < 0:
            s.first_action[side] = 2 + kind  # FIRST_MARKET, FIRST_FORTRESS, FIRST_SKIMMER
        if ev is not None:
            ev.append(Event(f"{who(s, side)} builds {building_text(kind, where)} ({cost_text(cost)}).", side,
                            kind="build", data={"side": side, "building": C.BUILDINGS[kind], "where": where,
                                                "cost": list(cost)}))
        self.advance(s, ev)

    # ------------------------------------------------------------------ main phase: scouting

    def scout(self, s: st.State, side: int, target: int, index: int, ev: list[Event] | None) -> None:
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
        self.advance(s, ev)

    def forage(self, s: st.State, side: int, resource: int, ev: list[Event] | None) -> None:
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
        self.advance(s, ev)

    # ------------------------------------------------------------------ resources

    def pay(self, s: st.State, side: int, cost: tuple[int, int, int]) -> None:
        b = side * 3
        res = s.res
        res[b] -= cost[0]
        res[b + 1] -= cost[1]
        res[b + 2] -= cost[2]
        s.tally[side * N_TALLY + T_SPENT] += cost[0] + cost[1] + cost[2]

    def gain(self, s: st.State, side: int, what: tuple[int, int, int] | list[int]) -> None:
        b = side * 3
        res = s.res
        res[b] += what[0]
        res[b + 1] += what[1]
        res[b + 2] += what[2]
        s.tally[side * N_TALLY + T_GAINED] += what[0] + what[1] + what[2]

    # ------------------------------------------------------------------ turns and the track

    def advance(self, s: st.State, ev: list[Event] | None) -> None:
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
        self.reveal(s, ev)

    def finish(self, s: st.State, side: int, ev: list[Event] | None) -> None:
        """A side's third airship is placed: its round is over and it takes a space on the track.

        designed: sides take next round's spaces in the order they finish; the last space pays.
        """
        free = [k for k, x in enumerate(s.next_order) if x < 0]
        if is_automa(s, side):
            self.take_space(s, side, automa.track_space(s, side), ev)
        elif len(free) == 1:
            self.take_space(s, side, free[0], ev, forced=True)
        else:
            s.step = Step.ORDER

    def take_space(self, s: st.State, side: int, space: int, ev: list[Event] | None, forced: bool = False) -> None:
        s.next_order[space] = side
        if ev is not None:
            ev.append(Event(f"{who(s, side)} takes the {ordinal(space)} space for next round.", side,
                            kind="track", data={"side": side, "space": space}))
        if space == s.n - 1:
            self.pay_last_space(s, side, forced, ev)
        self.advance(s, ev)

    def pay_last_space(self, s: st.State, side: int, forced: bool, ev: list[Event] | None) -> None:
        """Published outline: "a turn-order track with a gold reward for picking last".

        seed: "The resource for taking last place still applies to the AI's market card."
        """
        if is_automa(s, side):
            card = C.AUTOMA_DECK[s.ai_card[side]]
            got = [0, 0, 0]
            got[card.last] = C.LAST_PICK_GOLD
        else:
            got = [C.LAST_PICK_GOLD, 0, 0]
        self.gain(s, side, got)
        s.tally[side * N_TALLY + (T_LAST_FORCED if forced else T_LAST_PICKS)] += 1
        if ev is not None:
            ev.append(Event(f"{who(s, side)} is last on the track and takes {C.resources_text(got)}.", side,
                            kind="last_space", data={"side": side, "resources": got}))

    def last_space_text(self, s: st.State, side: int) -> str:
        if is_automa(s, side):
            got = [0, 0, 0]
            got[C.AUTOMA_DECK[s.ai_card[side]].last] = C.LAST_PICK_GOLD
            return C.resources_text(got)
        return C.resources_text((C.LAST_PICK_GOLD, 0, 0))

    # ------------------------------------------------------------------ the automa

    def automa_turn(self, s: st.State, side: int, ev: list[Event] | None) -> None:
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
                self.explore(s, side, ship, region, ev)
            if s.ships_left[side] == 0:
                self.finish(s, side, ev)
            else:
                self.advance(s, ev)
            return
        kind = C.MARKET if step == C.A_MARKET else C.FORTRESS
        site = automa.building_site(s, side)
        if site >= 0 and s.built[side * 3 + kind] < C.SUPPLY[kind]:
            cost = C.site_cost(kind, site)
            b = side * 3
            if s.res[b] >= cost[0] and s.res[b + 1] >= cost[1] and s.res[b + 2] >= cost[2]:
                self.build(s, side, kind, site, ev)
                return
        self.gain(s, side, C.AUTOMA_BROKE)
        if ev is not None:
            ev.append(Event(f"{who(s, side)} (automa) cannot build its {C.BUILDINGS[kind]} and takes "
                            f"{C.resources_text(C.AUTOMA_BROKE)} instead.", side, kind="automa_broke",
                            data={"side": side, "building": C.BUILDINGS[kind]}))
        self.advance(s, ev)

    # ------------------------------------------------------------------ end of round: the reveal

    def reveal(self, s: st.State, ev: list[Event] | None) -> None:
        """Every airship's chip and every hidden starfall are revealed together."""
        n = s.n
        hidden_here = [0] * NR
        for card in s.hid_cards:
            hidden_here[card] += 1
        # seed: "AI airships revealed at a chosen value"
        for side in range(n - s.automa, n):
            for ship, value in automa.reveal_values(s, side, hidden_here):
                s.ship_chip[ship] = value
        # troop power: chips, skimmers, and fortresses touching a region where their owner is present
        power = [0] * (NR * n)
        present = [False] * (NR * n)
        regions, chips = s.ship_region, s.ship_chip
        for ship in range(n * SHIPS):
            r = regions[ship]
            if r >= 0:
                k = r * n + ship // SHIPS
                power[k] += chips[ship]
                present[k] = True
        skim = s.skimmers
        for k in range(NR * n):
            if skim[k]:
                power[k] += skim[k] * C.SKIMMER_POWER
                present[k] = True
        kinds, owners = s.site_kind, s.site_owner
        for site in range(C.N_SITES):
            if kinds[site] == C.FORTRESS:
                o = owners[site]
                for r in C.SITE_REGIONS[site]:
                    if present[r * n + o]:
                        power[r * n + o] += C.FORTRESS_POWER
        s.power = power
        # rank: most troop power first (at least 1), ties to the side earlier in turn order
        pos = [0] * n
        for k, x in enumerate(s.order):
            pos[x] = k
        ranks = []
        rewards = []
        for r in range(NR):
            row = power[r * n:r * n + n]
            rk = [x for x in s.order if row[x] >= C.MIN_POWER_FOR_REWARD]
            rk.sort(key=lambda x: -row[x])  # stable: ties keep turn order
            ranks.append(rk)
            rewards.append([STAR_PUBLIC] * s.starfalls[r] + [STAR_HIDDEN] * hidden_here[r]
                           + list(range(len(C.REGIONS[r].tiers))))
        s.ranks = ranks
        s.rewards = rewards
        s.taken = []
        s.income = []
        s.rv_round = s.round
        s.rv_chips = [(regions[sh] * 16 + chips[sh]) if regions[sh] >= 0 else -1 for sh in range(n * SHIPS)]
        s.rv_hidden = list(s.hid_cards)
        self.tally_chips(s, present)
        if ev is not None:
            self.reveal_events(s, hidden_here, ev)
        # designed: the round's objective is scored after the reveal, before the regional rewards
        # (where the seed scores bounties, which replace objectives)
        scoring.score_objective(s, ev)
        s.phase = REWARDS
        s.rw_region = 0
        s.rw_pos = 0
        self.run_rewards(s, ev)

    def tally_chips(self, s: st.State, present: list[bool]) -> None:
        """The lab's figures: chip values by region rank, and 0-chips where contested or alone."""
        n = s.n
        cr = s.chip_ranks
        tally = s.tally
        sides_here = [sum(present[r * n:r * n + n]) for r in range(NR)]
        people = n - s.automa
        regions, chips, ranks = s.ship_region, s.ship_chip, s.ranks
        for ship in range(n * SHIPS):
            r = regions[ship]
            if r < 0 or sides_here[r] < 2:
                if r >= 0 and chips[ship] == 0 and ship < people * SHIPS:
                    tally[(ship // SHIPS) * N_TALLY + T_ZERO_ALONE] += 1
                continue
            # where it came to a fight: does the bigger chip win?
            side = ship // SHIPS
            chip = chips[ship]
            rk = ranks[r]
            rank = rk.index(side) if side in rk else CHIP_NO_RANK
            if rank > CHIP_NO_RANK:
                rank = CHIP_NO_RANK
            cr[2 * rank] += chip
            cr[2 * rank + 1] += 1
            if chip == 0 and side < people:
                tally[side * N_TALLY + T_ZERO_CONTESTED] += 1
                if rank == 0:
                    tally[side * N_TALLY + T_BLUFF_WINS] += 1

    def reveal_events(self, s: st.State, hidden_here: list[int], ev: list[Event]) -> None:
        n = s.n
        for k, card in enumerate(s.hid_cards):
            holder = s.hid_ship[k] // SHIPS
            ev.append(Event(f"{who(s, holder)}'s hidden starfall drops in {region_name(card)}.", holder,
                            reveal=True, kind="reveal_hidden",
                            data={"side": holder, "card": k, "region": card}))
        for r in range(NR):
            ships = [sh for sh in range(n * SHIPS) if s.ship_region[sh] == r]
            sides = [x for x in range(n) if s.power[r * n + x] or any(sh // SHIPS == x for sh in ships)]
            if not sides:
                continue
            chips = ", ".join(f"{who(s, sh // SHIPS)} {s.ship_chip[sh]}" for sh in ships)
            totals = ", ".join(f"{who(s, x)} {s.power[r * n + x]}" for x in sides)
            ranks = " > ".join(who(s, x) for x in s.ranks[r]) or "nobody"
            ev.append(Event(
                f"{region_name(r)}: chips {chips or 'none'}; troop power {totals}; ranks: {ranks}.",
                reveal=True, kind="reveal_region",
                data={"region": r,
                      "ships": [[sh // SHIPS, sh, s.ship_chip[sh]] for sh in ships],
                      "power": [s.power[r * n + x] for x in range(n)],
                      "ranks": list(s.ranks[r]),
                      "rewards": list(s.rewards[r]),
                      "public_starfalls": s.starfalls[r], "hidden_starfalls": hidden_here[r]}))

    # ------------------------------------------------------------------ end of round: rewards

    def run_rewards(self, s: st.State, ev: list[Event] | None) -> None:
        """Region by region, in rank order, each side takes one reward off the region's list.

        A side may take a lower reward than the highest left: the ones it passes over shift
        down to the next side (seed: "This shifts your reward down to the next player").
        A side is asked only when it has a real choice.
        """
        n = s.n
        auto_from = n - s.automa
        while s.rw_region < NR:
            r = s.rw_region
            rk = s.ranks[r]
            left = s.rewards[r]
            while s.rw_pos < len(rk) and left:
                side = rk[s.rw_pos]
                if side >= auto_from or one_choice(left):
                    # the automa always takes the highest reward left
                    self.take_reward(s, side, STAR if left[0] >= STAR_PUBLIC else left[0], ev)
                    continue
                s.step = Step.REWARD
                return
            self.finish_region(s, r, ev)
            s.rw_region += 1
            s.rw_pos = 0
        self.end_round(s, ev)

    def take_reward(self, s: st.State, side: int, code: int, ev: list[Event] | None) -> None:
        r = s.rw_region
        left = s.rewards[r]
        if code == STAR:
            k = next(k for k, c in enumerate(left) if c >= STAR_PUBLIC)
            code = left.pop(k)
            s.stars[side] += 1
            s.src[side * N_SRC + (SRC_PUBLIC if code == STAR_PUBLIC else SRC_HIDDEN)] += 1
        else:
            left.remove(code)
            self.gain(s, side, C.REGIONS[r].tiers[code])
        rank = s.rw_pos
        s.taken.append([r, side, code, rank])
        s.rw_pos += 1
        if ev is not None:
            ev.append(Event(f"{region_name(r)}: {who(s, side)} ({ordinal(rank)}) takes {reward_text(code, r)}.",
                            side, kind="reward", data={"region": r, "side": side, "reward": code, "rank": rank}))

    def finish_region(self, s: st.State, r: int, ev: list[Event] | None) -> None:
        """Market income, then the starfalls nobody took fade."""
        n = s.n
        good = C.REGIONS[r].produces[0]
        for site in C.REGION_SITES[r]:
            if s.site_kind[site] != C.MARKET:
                continue
            o = s.site_owner[site]
            if not scoring.present(s, o, r):
                continue
            what = C.AUTOMA_DECK[s.ai_card[o]].income if is_automa(s, o) else good
            got = [0, 0, 0]
            got[what] = C.MARKET_INCOME
            self.gain(s, o, got)
            s.income.append([r, o, what, C.MARKET_INCOME])
            if ev is not None:
                ev.append(Event(f"{region_name(r)}: {who(s, o)}'s market collects {C.resources_text(got)}.", o,
                                kind="income", data={"region": r, "side": o, "site": site, "resources": got}))
        left = s.rewards[r]
        faded = sum(1 for c in left if c >= STAR_PUBLIC)
        if faded and ev is not None:
            ev.append(Event(f"{region_name(r)}: nobody takes {'the starfall' if faded == 1 else f'{faded} starfalls'}; "
                            f"{'it fades' if faded == 1 else 'they fade'}.", kind="fade",
                            data={"region": r, "starfalls": faded}))
        s.rewards[r] = []
        _ = n

    # ------------------------------------------------------------------ cleanup and the end

    def end_round(self, s: st.State, ev: list[Event] | None) -> None:
        s.by_round.append(list(s.stars))
        if s.round >= C.ROUNDS:
            # published outline: "5 rounds", "most starfalls wins"
            s.phase = OVER
            if ev is not None:
                res = scoring.result(s)
                ev.append(Event("Final starfalls: " + ", ".join(
                    f"{who(s, x)} {res.scores[x]}" for x in range(s.n))
                    + f". {who(s, res.ranking[0][0])} wins." + (f" {res.tiebreak}" if res.tiebreak else ""),
                    kind="final", data={"scores": list(res.scores), "ranking": res.ranking}))
            return
        # designed: next round's turn order is the track the sides took as they finished
        s.order = list(s.next_order)
        s.next_order = [-1] * s.n
        s.round += 1
        if ev is not None:
            ev.append(Event(f"Turn order for round {s.round}: " + ", ".join(who(s, x) for x in s.order) + ".",
                            kind="order", data={"order": list(s.order)}))
        self.start_round(s, ev)

    def result(self, s: st.State) -> Result | None:
        if s.phase != OVER:
            return None
        return scoring.result(s)

    def estimate(self, s: st.State) -> list[float]:
        return scoring.estimate(s)

    # ------------------------------------------------------------------ views and words

    def view(self, s: st.State, seat: int | None) -> st_view.View:
        from engine.games.fractured_sky.view import view

        return view(s, seat)

    def determinize(self, s: st.State, seat: int, rng: Rng) -> st.State:
        from engine.games.fractured_sky.view import determinize

        return determinize(s, seat, rng)

    def describe(self, s: st.State, seat: int, move: Any) -> str:
        from engine.games.fractured_sky.text import describe

        return describe(s, seat, move)

    def label(self, view: st_view.View, move: Any) -> tuple[str, str]:
        from engine.games.fractured_sky.text import label

        return label(view, move)


CHIP_NO_RANK = 5  # chips of sides that took no reward (or ranked below 5th)

RULES = FracturedSky()
