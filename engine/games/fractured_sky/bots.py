"""Fractured Sky's heuristic bot: weighs each region's stakes against what it can see of the
other sides' power, bluffs with its chips, builds where it will be present, scouts the chips
it is up against, and takes the last space of the track when the gold is worth it.

It decides from ``Decision.view`` and ``Decision.legal`` only (never the state), with a
seeded ``Rng`` for its small random habits, so a bot game replays exactly.

Its bluffs: where it is contested it does not always put down the chip its sums prefer
(now and then one a little weaker, so its chips cannot be read from where it goes), and
where nobody else is it sometimes sends an airship with a 0 chip — a decoy that still wins
the region if a skimmer or a fortress gives it the 1 troop power a reward needs.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core.bot import Budget, Decision
from engine.core.rng import Rng
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    STAR,
    AutomaTurn,
    Build,
    Chip,
    Forage,
    Order,
    Place,
    Reward,
    Scout,
)

UNKNOWN_CHIP = 10 / 3  # what a face-down chip is worth on average
HOT_CHIP = 5.0  # ... read as big where a starfall shows
COLD_CHIP = 2.5  # ... and small elsewhere
SPREAD = 2.6  # how uncertain a face-down chip is
EXPLORE_VALUE = 0.30  # knowing where one more starfall drops, with airships left to send there


def resource_value(rnd: int, stock: int = 0) -> float:
    """A resource in starfalls: worth less as the game runs out of rounds to spend it, and
    less again the more of them it already holds."""
    base = 0.06 + 0.05 * (C.ROUNDS - rnd)
    return base if stock <= 5 else base * 5 / stock


class Sky:
    """What the bot reads off its view once per decision."""

    def __init__(self, v: Any, me: int) -> None:
        self.v = v
        self.me = me
        n = v.players
        self.n = n
        self.rnd = v.round
        self.rv = resource_value(v.round, sum(v.sides[me].resources))
        pos = [0] * n
        for k, x in enumerate(v.order):
            pos[x] = k
        self.pos = pos
        # hidden starfalls: the ones it knows, and the chance an unknown one is in each region
        known_cards = [h.region for h in v.hidden if h.region >= 0]
        unknown = len(v.hidden) - len(known_cards)
        free = C.N_REGIONS - len(known_cards)
        self.known_hidden = [0] * C.N_REGIONS
        for r in known_cards:
            self.known_hidden[r] += 1
        self.hidden_chance = [0.0 if self.known_hidden[r] else (unknown / free if free else 0.0)
                              for r in range(C.N_REGIONS)]
        # how much the sides still to place might add where
        attract = [1.0 + 3.0 * (reg.public_starfalls + self.known_hidden[reg.index]) for reg in v.regions]
        total = sum(attract)
        self.attract = [a / total for a in attract]
        self.power = [[0.0] * n for _ in range(C.N_REGIONS)]  # expected troop power
        self.spread = [[0.0] * n for _ in range(C.N_REGIONS)]
        self.mine = [0] * C.N_REGIONS  # my known power (chips placed, buildings if present)
        self.my_ships = [0] * C.N_REGIONS
        for reg in v.regions:
            r = reg.index
            for sh in reg.ships:
                x = sh.side
                if x == me:
                    self.my_ships[r] += 1
                if sh.chip >= 0:
                    self.power[r][x] += sh.chip
                elif v.kinds[x] == "automa":
                    card = next(c for c in v.automa_cards if c.side == x)
                    guess = card.values[0] if reg.public_starfalls else sum(card.values[1:]) / 2
                    self.power[r][x] += guess
                    self.spread[r][x] += 1.5
                else:
                    # a reading: a chip sent where a starfall shows (or to an explore slot, whose
                    # owner may know where its starfall drops) is probably a big one
                    hot = reg.public_starfalls + self.known_hidden[r] > 0 or sh.explore
                    self.power[r][x] += HOT_CHIP if hot else COLD_CHIP
                    self.spread[r][x] += SPREAD
            for x in range(n):
                self.power[r][x] += reg.skimmers[x]
                if reg.present[x]:
                    self.power[r][x] += reg.fortress_bonus[x]
            self.mine[r] = int(self.power[r][me])
        # the airships still to come from the other sides
        for x in range(n):
            if x == me:
                continue
            left = v.sides[x].ships_left
            if not left:
                continue
            for r in range(C.N_REGIONS):
                extra = left * self.attract[r] * UNKNOWN_CHIP
                self.power[r][x] += extra
                self.spread[r][x] += left * self.attract[r] * 3.0

        # per region: the other sides that may beat me, as (expected power, spread, tie shift)
        self.rivals: list[list[tuple[float, float]]] = []
        for r in range(C.N_REGIONS):
            row = []
            for x in range(n):
                if x == me:
                    continue
                p = self.power[r][x]
                if p < 0.5 and self.spread[r][x] < 0.3:
                    continue
                tie = 0.2 if pos[x] < pos[me] else -0.2
                row.append((p + tie, self.spread[r][x]))
            self.rivals.append(row)
        self._values: dict[int, list[float]] = {}
        self._expected: dict[int, float] = {}

    def reward_values(self, r: int) -> list[float]:
        """What rank 1, 2, 3, … would take here, in starfalls (expected hidden ones included)."""
        vals = self._values.get(r)
        if vals is not None:
            return vals
        reg = self.v.regions[r]
        vals = [1.0] * (reg.public_starfalls + self.known_hidden[r])
        chance = self.hidden_chance[r]
        tiers = [self.tier_value(t) for t in C.REGIONS[r].tiers]
        if chance > 0.02:
            # an unknown starfall may sit on top of the tiers
            vals.append(chance + (1 - chance) * tiers[0])
            tiers = [chance * tiers[k] + (1 - chance) * tiers[k + 1] if k + 1 < len(tiers) else chance * tiers[k]
                     for k in range(len(tiers))]
        vals = vals + tiers
        self._values[r] = vals
        return vals

    def tier_value(self, tier: tuple[int, int, int]) -> float:
        return self.rv * (1.2 * tier[0] + tier[1] + tier[2])

    def expected(self, r: int, mine: int) -> float:
        """My expected reward in a region with ``mine`` troop power."""
        if mine < C.MIN_POWER_FOR_REWARD:
            return 0.0
        key = r * 64 + mine
        got = self._expected.get(key)
        if got is not None:
            return got
        vals = self.reward_values(r)
        rivals = self.rivals[r]
        if not rivals:
            got = vals[0]
        else:
            # the chance of each rank: a Poisson binomial over the sides that may beat me
            dist = [1.0]
            for p, spread in rivals:
                d = p - mine
                if spread <= 0.01:
                    b = 1.0 if d > 0 else 0.0
                else:
                    b = 1.0 / (1.0 + math.exp(-1.7 * d / spread))
                nb = 1.0 - b
                nxt = [dist[0] * nb]
                for k in range(1, len(dist)):
                    nxt.append(dist[k] * nb + dist[k - 1] * b)
                nxt.append(dist[-1] * b)
                dist = nxt
            got = 0.0
            for k in range(min(len(vals), len(dist))):
                got += dist[k] * vals[k]
        self._expected[key] = got
        return got

    def contested(self, r: int) -> bool:
        return any(self.power[r][x] >= 0.5 for x in range(self.n) if x != self.me)


class Plan:
    """A bot's table of airship values: ``rows[r][c]`` for each chip c it still has, and the
    best the airships after this one can do with what budget is left."""

    def __init__(self, rows: list[dict[int, float]], chips: list[int], budget: int) -> None:
        self.rows = rows
        self.chips = chips
        # the best three regions for an airship with each chip
        self.tops = {c: sorted(((row[c], r) for r, row in enumerate(rows)), reverse=True)[:3] for c in chips}
        self.crowded = {r for top in self.tops.values() for _, r in top}
        # the biggest chip it has that fits a budget
        self.fit = [max((c for c in chips if c <= b), default=0) for b in range(budget + 1)]

    def best(self, chip: int, skip: int, skip2: int = -1) -> tuple[float, int]:
        top = self.tops.get(chip)
        if top is None:
            return (0.0, -1)
        for val, r in top:
            if r != skip and r != skip2:
                return (val, r)
        return (0.0, -1)

    def rest(self, budget: int, ships: int, skip: int) -> float:
        """Roughly the best the remaining airships can do with the budget left (elsewhere than ``skip``)."""
        if ships <= 0 or budget < 0:
            return 0.0
        fit = self.fit
        if ships == 1:
            return self.best(fit[budget], skip)[0]
        out = 0.0
        for c1 in self.chips:
            if c1 > budget:
                break
            v1, r1 = self.best(c1, skip)
            v2 = self.best(fit[budget - c1], skip, r1)[0]
            if v1 + v2 > out:
                out = v1 + v2
        return out


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rules: Any = None, seed: int = 0) -> None:
        self.rng = Rng.seeded(seed)
        # a little character of its own
        self.bluff = 0.12 + self.rng.below(12) / 100
        self.builder = 0.85 + self.rng.below(30) / 100
        self.curious = 0.8 + self.rng.below(40) / 100
        self._table: tuple[tuple[Any, ...], Plan] | None = None

    def chance(self, p: float) -> bool:
        return self.rng.below(10_000) < p * 10_000

    # ------------------------------------------------------------------ entry

    def choose(self, d: Decision, budget: Budget | None = None) -> Any:
        legal = d.legal
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, AutomaTurn):
            return first
        v, me = d.view, d.seat
        if isinstance(first, Chip):
            return self.chip(v, me, legal)
        if isinstance(first, Order):
            return self.order(v, me, legal)
        if isinstance(first, Reward):
            return self.reward(v, me, legal)
        return self.act(v, me, legal)

    # ------------------------------------------------------------------ planning the airships

    @staticmethod
    def signature(v: Any, me: int) -> tuple[Any, ...]:
        """What its table depends on (its own airship waiting for a chip left out)."""
        ships = tuple((sh.ship, sh.region, sh.chip) for reg in v.regions for sh in reg.ships
                      if sh.side != me or sh.chip >= 0)
        return (v.round, ships, tuple(h.region for h in v.hidden), tuple(x.ships_left for x in v.sides if x.side != me),
                tuple(v.sides[me].resources), v.sides[me].budget)

    def table_for(self, v: Any, sky: Sky, me: int) -> Plan:
        """The table, reused between placing an airship and choosing its chip (nothing else changed)."""
        sig = self.signature(v, me)
        if self._table is not None and self._table[0] == sig:
            return self._table[1]
        table = self.ev_table(v, sky, me)
        self._table = (sig, table)
        return table

    def ev_table(self, v: Any, sky: Sky, me: int) -> Plan:
        """What an airship with each chip it still has is worth in each region (rewards, and
        market income where it is not present yet)."""
        side = v.sides[me]
        chips = sorted({c for c in side.chips if c <= side.budget})
        table = []
        for reg in v.regions:
            r = reg.index
            base = sky.mine[r]
            bonus = 0.0
            if not reg.present[me]:
                base += reg.fortress_bonus[me]  # my fortresses count once I am there
                markets = sum(1 for k in reg.sites if v.sites[k].owner == me and v.sites[k].kind == "market")
                bonus = markets * sky.rv * C.MARKET_INCOME
            table.append({c: sky.expected(r, base + c) + bonus for c in chips})
        return Plan(table, chips, side.budget)

    def plan(self, v: Any, sky: Sky, me: int, table: Plan, region: int = -1) -> tuple[float, int, int]:
        """(value, region, chip) of the best airship now, counting what it leaves the others."""
        side = v.sides[me]
        after = side.ships_left - (0 if region >= 0 else 1)
        best = (-1e9, 0, 0)
        regions = [region] if region >= 0 else range(C.N_REGIONS)
        rest: dict[tuple[int, int], float] = {}
        for r in regions:
            row = table.rows[r]
            skip = r if r in table.crowded else -1
            for c in table.chips:
                key = (c, skip)
                if key not in rest:
                    rest[key] = table.rest(side.budget - c, after, skip)
                val = row[c] + rest[key]
                if val > best[0]:
                    best = (val, r, c)
        return best

    # ------------------------------------------------------------------ a turn

    def act(self, v: Any, me: int, legal: list[Any]) -> Any:
        sky = Sky(v, me)
        side = v.sides[me]
        objective = v.objectives[v.round - 1].name if v.round <= len(v.objectives) else ""
        # building never costs an airship: build first whatever pays (and learn more meanwhile)
        builds = [(self.build_value(v, sky, me, mv) * self.builder, mv) for mv in legal if isinstance(mv, Build)]
        if builds:
            val, mv = max(builds, key=lambda t: t[0])
            if val > 0.04:
                return mv
        looks = [(self.scout_value(v, sky, me, mv) * self.curious + (0.1 if objective == "Spymaster" else 0), mv)
                 for mv in legal if isinstance(mv, Scout)]
        forages = [mv for mv in legal if isinstance(mv, Forage)]
        if looks or forages:
            look = max(looks, key=lambda t: t[0]) if looks else (-1.0, None)
            if look[0] > 0.3:
                return look[1]
            if forages and (side.ships_left == 1 or any(self.need(v, me, f.resource) for f in forages)):
                return max(forages, key=lambda f: (self.need(v, me, f.resource), f.resource == C.GOLD))
        table = self.table_for(v, sky, me)
        _, region, _ = self.plan(v, sky, me, table)
        explore = next((mv for mv in legal if isinstance(mv, Place) and mv.region == region and mv.explore), None)
        if explore is not None:
            gain = (EXPLORE_VALUE if side.ships_left >= 2 else 0.04) - sky.rv * 1.2 * C.EXPLORE_COST[0]
            if objective == "Pathfinder":
                gain += 0.25
            if gain > 0:
                return explore
        return next(mv for mv in legal if isinstance(mv, Place) and mv.region == region and not mv.explore)

    def need(self, v: Any, me: int, resource: int) -> float:
        """A small bonus for the resource that would complete a building it cannot afford yet."""
        have = v.sides[me].resources
        for kind in (C.FORTRESS, C.MARKET, C.SKIMMER):
            if v.sides[me].buildings_left[kind] <= 0:
                continue
            cost = C.COSTS[kind]
            short = [max(0, cost[k] - have[k]) for k in range(3)]
            if sum(short) == 1 and short[resource]:
                return 0.08
        return 0.0

    def presence(self, v: Any, sky: Sky, me: int, r: int) -> float:
        """How likely it is to be present in a region in a later round."""
        reg = v.regions[r]
        if reg.skimmers[me]:
            return 1.0
        mine = sum(1 for k in reg.sites if v.sites[k].owner == me)
        return min(0.9, 0.3 + 0.15 * mine + 0.1 * (reg.public_starfalls > 0))

    def build_value(self, v: Any, sky: Sky, me: int, mv: Build) -> float:
        rounds = C.ROUNDS - v.round + 1  # this round counts too
        if mv.kind == C.SKIMMER:
            # a skimmer fights this round only: +1 troop power, and presence for my buildings
            r = mv.where
            reg = v.regions[r]
            cost = C.COSTS[C.SKIMMER]
            if not reg.present[me]:
                return -1.0  # only beside an airship of mine (or it is wasted as often as not)
            value = sky.expected(r, sky.mine[r] + 1) - sky.expected(r, sky.mine[r])
        else:
            site = v.sites[mv.where]
            cost = C.site_cost(mv.kind, mv.where)
            value = 0.0
            for r in site.regions:
                here = 1.0 if v.regions[r].present[me] else 0.0
                later = self.presence(v, sky, me, r)
                if mv.kind == C.MARKET:
                    good = 1.15 if C.REGIONS[r].produces[0] == C.GOLD else 1.0
                    value += (here + (rounds - 1) * later) * sky.rv * good * C.MARKET_INCOME
                else:
                    now = sky.expected(r, sky.mine[r] + 1) - sky.expected(r, sky.mine[r]) if here else 0.0
                    value += now + (rounds - 1) * later * 0.12
        value -= sky.rv * (1.2 * cost[0] + cost[1] + cost[2])
        objective = v.objectives[v.round - 1].name if v.round <= len(v.objectives) else ""
        if (objective == "Trade Baron" and mv.kind == C.MARKET) or (objective == "Stone Walls" and mv.kind == C.FORTRESS) \
                or (objective == "Skimmer Fleet" and mv.kind == C.SKIMMER) \
                or (objective == "Border Keeper" and mv.kind != C.SKIMMER and len(v.sites[mv.where].regions) == 2):
            value += 0.2
        return value

    def scout_value(self, v: Any, sky: Sky, me: int, mv: Scout) -> float:
        side = v.sides[me]
        if mv.target == 0:  # the hidden deck's top card: worth it just before exploring
            return 0.13 if side.ships_left >= 2 and side.resources[C.GOLD] >= C.EXPLORE_COST[0] + 1 else -0.1
        if mv.target == 1:
            ship = next(sh for reg in v.regions for sh in reg.ships if sh.ship == mv.index)
            r = ship.region
            stakes = sum(sky.reward_values(r)[:2])
            involved = v.regions[r].present[me] or sky.expected(r, sky.mine[r] + 5) > 0.4
            return 0.16 * stakes if involved else 0.03 * stakes
        return 0.12 if side.ships_left >= 2 else 0.04  # where one more starfall drops

    # ------------------------------------------------------------------ the chip

    def chip(self, v: Any, me: int, legal: list[Any]) -> Any:
        sky = Sky(v, me)
        r = v.pending_region
        side = v.sides[me]
        table = self.table_for(v, sky, me)
        scored = []
        for mv in legal:
            c = mv.value
            val = table.rows[r][c] + table.rest(side.budget - c, side.ships_left, -1)
            scored.append((val, c, mv))
        scored.sort(key=lambda t: (-t[0], t[1]))
        pick = scored[0][2]
        contested = sky.contested(r)
        if contested and len(scored) > 1 and self.chance(self.bluff):
            # a bluff: not always the chip its sums prefer (the next best, often weaker)
            pick = scored[1][2]
        elif not contested and sky.mine[r] + v.regions[r].fortress_bonus[me] >= 1 and self.chance(self.bluff * 2):
            # a decoy: a 0 where nobody else is; a building's troop power still takes the reward
            pick = next((mv for mv in legal if mv.value == 0), pick)
        return pick

    # ------------------------------------------------------------------ the track

    def order(self, v: Any, me: int, legal: list[Any]) -> Any:
        rv = resource_value(min(v.round + 1, C.ROUNDS), sum(v.sides[me].resources))
        last = v.players - 1
        best = (-1e9, legal[0])
        for mv in legal:
            k = mv.space
            if k == last:
                score = C.LAST_PICK_GOLD * rv * 1.2 + 0.05
            else:
                # ties go to the earlier side, and it picks explore slots and sites first
                # (head to head, always-first and always-last bots win about as often)
                score = 0.5 - 0.1 * k
            score += self.rng.below(100) / 400
            if score > best[0]:
                best = (score, mv)
        return best[1]

    # ------------------------------------------------------------------ rewards

    def reward(self, v: Any, me: int, legal: list[Any]) -> Any:
        for mv in legal:
            if mv.code == STAR:
                return mv
        r = v.reward_region
        best = (-1e9, legal[0])
        for mv in legal:
            tier = C.REGIONS[r].tiers[mv.code]
            score = 1.2 * tier[0] + tier[1] + tier[2] + sum(self.need(v, me, k) * tier[k] * 5 for k in range(3))
            if score > best[0]:
                best = (score, mv)
        return best[1]


LEVELS = {"heuristic": HeuristicBot}
