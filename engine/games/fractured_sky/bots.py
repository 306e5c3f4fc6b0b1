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
    PAYLOAD,
    STAR,
    AutomaTurn,
    Build,
    Chip,
    Draft,
    Forage,
    Guide,
    Load,
    Order,
    Place,
    Redeploy,
    Refill,
    Reward,
    Scout,
)

UNKNOWN_CHIP = 10 / 3  # what a face-down chip is worth on average
HOT_CHIP = 5.0  # ... read as big where a starfall shows
COLD_CHIP = 2.5  # ... and small elsewhere
SPREAD = 2.6  # how uncertain a face-down chip is
EXPLORE_VALUE = 0.30  # knowing where one more starfall drops, with airships left to send there
PAYLOAD_MEAN = sum(C.PAYLOADS) / len(C.PAYLOADS)  # what a face-down payload adds on average
# what a flagship's power is worth to it in a round, before what its board and buildings add
FLAGSHIP_WORTH = {C.P_REDEPLOY: 0.30, C.P_MERCENARIES: 0.08, C.P_SMOKE: 0.12, C.P_VEILED: 0.30,
                  C.P_SALVAGE: 0.10, C.P_HULLS: 0.04, C.P_PINCER: 0.28, C.P_DREAD: 0.16, C.P_FLEET: 0.04,
                  C.P_STRONGHOLD: 0.08}


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
                if sh.payload_values:
                    self.power[r][x] += sum(sh.payload_values)
                elif sh.payloads:
                    self.power[r][x] += sh.payloads * PAYLOAD_MEAN
                    self.spread[r][x] += sh.payloads * 1.5
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
            held = v.sides[x].payloads * PAYLOAD_MEAN * 0.5  # payloads it may still load
            for r in range(C.N_REGIONS):
                extra = self.attract[r] * (left * UNKNOWN_CHIP + held)
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

    def __init__(self, rows: list[dict[int, float]], chips: list[int], budget: int,
                 base: list[int] | None = None) -> None:
        self.rows = rows
        self.chips = chips
        self.base = base or [0] * len(rows)  # the troop power it already has (or will have) in each region
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
        if isinstance(first, Draft):
            return self.draft(v, me, legal)
        if isinstance(first, Load):
            return self.load(v, me, legal)
        if isinstance(first, Guide):
            return self.guide(v, me, legal)
        if isinstance(first, Redeploy):
            return self.redeploy(v, me, legal)
        if isinstance(first, Refill):
            return self.refill(v, me, legal)
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
        bases = []
        for reg in v.regions:
            r = reg.index
            base = sky.mine[r]
            bonus = 0.0
            if not reg.present[me]:
                base += reg.fortress_bonus[me]  # my fortresses count once I am there
                markets = sum(1 for k in reg.sites if v.sites[k].owner == me and v.sites[k].kind == "market")
                bonus = markets * sky.rv * C.MARKET_INCOME
            bases.append(base)
            table.append({c: sky.expected(r, base + c) + bonus for c in chips})
        return Plan(table, chips, side.budget, bases)

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
        hoard = 0.1 if objective == "Spymaster" or self.bounty_open(v, me, "Heedless Hoarder") else 0.0
        looks = [(self.scout_value(v, sky, me, mv) * self.curious + hoard, mv)
                 for mv in legal if isinstance(mv, Scout)]
        forages = [mv for mv in legal if isinstance(mv, Forage)]
        if looks or forages:
            look = max(looks, key=lambda t: t[0]) if looks else (-1.0, None)
            if look[0] > 0.3:
                return look[1]
            if forages and (side.ships_left == 1 or any(self.need(v, me, f.resource) for f in forages)):
                return max(forages, key=lambda f: (self.need(v, me, f.resource), f.resource == C.GOLD))
        table = self.table_for(v, sky, me)
        _, region, chip = self.plan(v, sky, me, table)
        places = [mv for mv in legal if isinstance(mv, Place) and mv.region == region]
        standard = [mv for mv in places if not mv.flagship]
        flag = [mv for mv in places if mv.flagship]
        if flag and (not standard or self.flagship_here(v, sky, me, region, chip) > 0):
            places = flag
        else:
            places = standard
        explore = next((mv for mv in places if mv.explore), None)
        if explore is not None:
            gain = (EXPLORE_VALUE if side.ships_left >= 2 else 0.04) - sky.rv * 1.2 * C.EXPLORE_COST[0]
            if objective == "Pathfinder":
                gain += 0.25
            if self.bounty_open(v, me, "Stellar Seeker") and side.hidden_cards < 2:
                gain += 0.1
            if gain > 0:
                return explore
        return next(mv for mv in places if not mv.explore)

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
                # only beside an airship of mine (or it is wasted as often as not), unless a bounty wants it
                wanted = self.bounty_build(v, sky, me, mv) if v.bounties else 0.0
                return wanted - sky.rv * (cost[0] * 1.2 + cost[1] + cost[2]) if wanted > 0 else -1.0
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
        if v.bounties:
            value += self.bounty_build(v, sky, me, mv)
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
        flagship = any(sh.side == me and sh.flagship >= 0 and sh.chip < 0 for sh in v.regions[r].ships)
        free_limit = side.budget < max(mv.value for mv in legal)  # Thornspine: this chip is outside the limit
        scored = []
        for mv in legal:
            c = mv.value
            if flagship:
                val = sky.expected(r, table.base[r] + c + self.flagship_bonus(v, me, r, c))
            else:
                val = table.rows[r][c] if c in table.rows[r] else sky.expected(r, table.base[r] + c)
            spend = 0 if free_limit else c
            val += table.rest(side.budget - spend, side.ships_left, -1)
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
        r = v.reward_region
        best = (-1e9, legal[0])
        for mv in legal:
            if mv.code == STAR:
                score = 10.0
            elif mv.code == PAYLOAD:
                score = self.payload_worth(v) * 10
            else:
                tier = C.REGIONS[r].tiers[mv.code]
                score = 1.2 * tier[0] + tier[1] + tier[2] + sum(self.need(v, me, k) * tier[k] * 5 for k in range(3))
                score *= resource_value(v.round, sum(v.sides[me].resources)) * 10
                score += self.bounty_resources(v, me, tier) * 10
            if score > best[0]:
                best = (score, mv)
        return best[1]

    # ------------------------------------------------------------------ the Awakening expansions

    @staticmethod
    def payload_worth(v: Any) -> float:
        """A payload in front of it, in starfalls: a few troop power beyond the limit in a later round."""
        left = C.ROUNDS - v.round
        return 0.0 if left <= 0 else (0.20 if left == 1 else 0.35)

    def flagship_code(self, v: Any, me: int) -> int:
        board = v.sides[me].flagship
        if board < 0:
            return -1
        return board * 2 + (0 if v.flagships[board].face == "A" else 1)

    def flagship_bonus(self, v: Any, me: int, r: int, chip: int) -> int:
        """Troop power its flagship's power adds to it (or its other airships) in a region."""
        code = self.flagship_code(v, me)
        reg = v.regions[r]
        if code == C.P_VEILED:
            return C.VEILED_BONUS if chip == C.VEILED_CHIP else 0
        if code == C.P_PINCER:
            return C.PINCER_BONUS * sum(1 for sh in reg.ships if sh.side == me and sh.flagship < 0)
        if code in (C.P_MERCENARIES, C.P_STRONGHOLD):
            kind = "market" if code == C.P_MERCENARIES else "fortress"
            double = C.CRAGJAW_FACTOR if reg.guardian == C.CRAGJAW and reg.guardian_active else 1
            return double * sum(1 for k in reg.sites if v.sites[k].owner == me and v.sites[k].kind == kind)
        if code == C.P_FLEET:
            return reg.skimmers[me] * C.FLEET_BONUS
        return 0

    def flagship_here(self, v: Any, sky: Sky, me: int, r: int, chip: int) -> float:
        """Whether this airship should be the flagship (> 0): where its power does something."""
        code = self.flagship_code(v, me)
        reg = v.regions[r]
        rivals = sum(1 for sh in reg.ships if sh.side != me)
        if code == C.P_VEILED:
            return 1.0 if C.VEILED_CHIP in v.sides[me].chips and v.sides[me].budget >= C.VEILED_CHIP else 0.0
        if code in (C.P_PINCER, C.P_MERCENARIES, C.P_STRONGHOLD, C.P_FLEET):
            return float(self.flagship_bonus(v, me, r, chip))
        if code in (C.P_SMOKE, C.P_DREAD):
            return float(rivals)
        if code == C.P_SALVAGE:
            return float(any(v.sites[k].owner < 0 for k in reg.sites) and sum(v.sides[me].resources) >= 3)
        if code == C.P_HULLS:
            return float(v.sides[me].resources[C.WOOD] >= 1 and v.sides[me].buildings_left[C.SKIMMER] > 0)
        if code == C.P_REDEPLOY:
            return 1.0  # it may move later, with everything placed: send it first
        return 0.0

    def draft(self, v: Any, me: int, legal: list[Any]) -> Any:
        side = v.sides[me]
        rv = resource_value(v.round, sum(side.resources))
        best = (-1e9, legal[0])
        for mv in legal:
            fl = v.flagships[mv.board]
            code = mv.board * 2 + (0 if fl.face == "A" else 1)
            score = FLAGSHIP_WORTH[code] + fl.gold * rv * 1.2
            if code == C.P_MERCENARIES:
                score += 0.1 * side.markets
            elif code == C.P_STRONGHOLD:
                score += 0.1 * side.fortresses
            elif code == C.P_SALVAGE:
                score += 0.08 * (sum(side.resources) >= 3)
            elif code == C.P_FLEET:
                score += 0.04 * min(side.resources[C.WOOD], side.resources[C.IRON])
            score += self.rng.below(100) / 2000
            if score > best[0]:
                best = (score, mv)
        return best[1]

    def load(self, v: Any, me: int, legal: list[Any]) -> Any:
        """A payload under this airship when it buys more here than keeping it for later does."""
        sky = Sky(v, me)
        table = self.table_for(v, sky, me)
        r = v.pending_region
        _, _, chip = self.plan(v, sky, me, table, region=r)
        base = table.base[r] + chip
        left = C.ROUNDS - v.round
        keep = 0.0 if left <= 0 else 0.05 + 0.03 * min(left, 3)
        best = (0.02, legal[-1])  # Load(-1): no more
        now = sky.expected(r, base)
        for mv in legal:
            if mv.value < 0:
                continue
            gain = sky.expected(r, base + mv.value) - now - keep
            if gain > best[0]:
                best = (gain, mv)
        return best[1]

    def guide(self, v: Any, me: int, legal: list[Any]) -> Any:
        """Where the guardian it displaced does it the most good (or its rivals the most harm)."""
        sky = Sky(v, me)
        g = v.pending_guardian
        best = (-1e9, legal[0])
        for mv in legal:
            r = mv.region
            reg = v.regions[r]
            stakes = sum(sky.reward_values(r)[:2])
            mine = sky.power[r][me]
            others = max((sky.power[r][x] for x in range(sky.n) if x != me), default=0.0)
            edge = mine - others
            stars = reg.public_starfalls + sky.known_hidden[r]
            if g == C.CINDERWING:
                score = stars * (1.0 if edge < 0 else -1.0)
            elif g == C.CRAGJAW:
                score = sum(1 for k in reg.sites if v.sites[k].owner == me) - \
                    0.5 * sum(1 for k in reg.sites if v.sites[k].owner not in (-1, me))
                score *= 1.0 if reg.present[me] else 0.5
            elif g == C.MYTHTUSK:
                score = stakes * (1.0 if reg.present[me] and edge < 0 else -0.5 if edge > 0 else 0.0)
            elif g == C.THORNSPINE:
                score = sum(sh.chip for sh in reg.ships if sh.side == me and sh.chip > 0) / 3 \
                    + stars * (v.sides[me].ships_left > 0)
            elif g == C.CLOUDSEER:
                score = (edge if reg.present[me] else -1.0) + stakes * 0.2
            else:  # Reefhorn: my 0-chip airships there
                score = 3.0 * sum(1 for sh in reg.ships if sh.side == me and sh.chip == 0) * max(stakes, 0.2)
            score += self.rng.below(100) / 1000
            if score > best[0]:
                best = (score, mv)
        return best[1]

    def redeploy(self, v: Any, me: int, legal: list[Any]) -> Any:
        """Grimroot's Strategic Redeployment: move it where its power buys the most, everything
        placed (and only its own chip and payloads known for sure)."""
        sky = Sky(v, me)
        ship = next(sh for reg in v.regions for sh in reg.ships if sh.ship == v.redeploy_ship)
        mine = ship.chip + sum(ship.payload_values)
        here = ship.region
        loss = sky.expected(here, sky.mine[here]) - sky.expected(here, sky.mine[here] - mine)
        best = (0.05, legal[0])  # Redeploy(-1): stay
        for mv in legal:
            r = mv.region
            if r < 0:
                continue
            reg = v.regions[r]
            base = sky.mine[r] + (0 if reg.present[me] else reg.fortress_bonus[me])
            gain = sky.expected(r, base + mine) - sky.expected(r, base) - loss
            if gain > best[0]:
                best = (gain, mv)
        return best[1]

    def refill(self, v: Any, me: int, legal: list[Any]) -> Any:
        """Where it puts the last payloads: where its buildings will bring it back next round."""
        def pull(r: int) -> float:
            reg = v.regions[r]
            return sum(1 for k in reg.sites if v.sites[k].owner == me) + self.rng.below(100) / 1000
        return max(legal, key=lambda mv: pull(mv.region))

    @staticmethod
    def bounty_open(v: Any, me: int, name: str) -> bool:
        """A bounty on the table it has not claimed yet."""
        return any(b.name == name and me not in b.claims for b in v.bounties)

    @staticmethod
    def bounty_prize(v: Any, b: Any) -> float:
        """What claiming a bounty is worth now: a starfall if nobody has, else its resources."""
        if not b.claims:
            return float(b.rift or 1)
        return sum(b.resources) * resource_value(v.round) * 1.1

    def bounty_build(self, v: Any, sky: Sky, me: int, mv: Build) -> float:
        """Building toward a bounty: the prize if this building completes it, a little for progress."""
        side = v.sides[me]
        out = 0.0
        for b in v.bounties:
            if me in b.claims:
                continue
            now = -1
            card = next(c for c in C.BOUNTIES if c.name == b.name)
            m = card.measure
            if mv.kind == C.SKIMMER:
                if m == C.B_SKIMMERS:
                    now = side.skimmers
                elif m == C.B_PRESENCE and not v.regions[mv.where].present[me]:
                    now = sum(1 for reg in v.regions if reg.present[me])
            else:
                regions = len(v.sites[mv.where].regions)
                if m == C.B_BUILDINGS:
                    now = side.markets + side.fortresses
                elif m == C.B_MARKETS and mv.kind == C.MARKET:
                    now = side.markets
                elif m == C.B_FORTRESSES and mv.kind == C.FORTRESS:
                    now = side.fortresses
                elif m == C.B_BORDER and regions == 2:
                    now = sum(1 for st in v.sites if st.owner == me and len(st.regions) == 2)
                elif m == C.B_TRIPLE and regions == 3:
                    now = sum(1 for st in v.sites if st.owner == me and len(st.regions) == 3)
            if now < 0:
                continue
            prize = self.bounty_prize(v, b)
            if now + 1 >= card.minimum:
                out += prize * (0.9 if mv.kind != C.SKIMMER or m != C.B_SKIMMERS else 0.6)
            else:
                out += prize * 0.12 * (now + 1) / card.minimum
        return out

    def bounty_resources(self, v: Any, me: int, got: tuple[int, int, int]) -> float:
        """Resources that complete a resource bounty (Lumber Lord, Manic Miner, Gilded Glutton, …)."""
        have = v.sides[me].resources
        after = [have[k] + got[k] for k in range(3)]
        out = 0.0
        for b in v.bounties:
            if me in b.claims:
                continue
            card = next(c for c in C.BOUNTIES if c.name == b.name)
            m = card.measure
            before_v = after_v = -1
            if m in (C.B_WOOD, C.B_IRON, C.B_GOLD):
                k = {C.B_WOOD: C.WOOD, C.B_IRON: C.IRON, C.B_GOLD: C.GOLD}[m]
                before_v, after_v = have[k], after[k]
            elif m == C.B_TWO_RES:
                before_v, after_v = sorted(have)[1], sorted(after)[1]
            elif m == C.B_EACH_RES:
                before_v, after_v = min(have), min(after)
            if before_v < card.minimum <= after_v:
                out += self.bounty_prize(v, b)
        return out


LEVELS = {"heuristic": HeuristicBot}
