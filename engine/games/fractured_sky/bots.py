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

from engine.bots.base import Budget, Decision
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
SPREAD = 2.6  # how uncertain a face-down chip is
EXPLORE_VALUE = 0.30  # knowing where one more starfall drops, with airships left to send there


def resource_value(rnd: int) -> float:
    """A resource in starfalls: worth less as the game runs out of rounds to spend it."""
    return 0.10 + 0.055 * (C.ROUNDS - rnd)


def _beats(diff: float, spread: float) -> float:
    """The chance that a side expected to be ``diff`` stronger really is."""
    if spread <= 0.01:
        return 1.0 if diff > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-1.7 * diff / spread))


class Sky:
    """What the bot reads off its view once per decision."""

    def __init__(self, v: Any, me: int) -> None:
        self.v = v
        self.me = me
        n = v.players
        self.n = n
        self.rnd = v.round
        self.rv = resource_value(v.round)
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
                    self.power[r][x] += UNKNOWN_CHIP
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

    def reward_values(self, r: int) -> list[float]:
        """What rank 1, 2, 3, … would take here, in starfalls (expected hidden ones included)."""
        reg = self.v.regions[r]
        vals = [1.0] * (reg.public_starfalls + self.known_hidden[r])
        chance = self.hidden_chance[r]
        tiers = [self.tier_value(t) for t in C.REGIONS[r].tiers]
        if chance > 0.02:
            # an unknown starfall may sit on top of the tiers
            vals.append(chance + (1 - chance) * tiers[0])
            tiers = [chance * tiers[k] + (1 - chance) * tiers[k + 1] if k + 1 < len(tiers) else chance * tiers[k]
                     for k in range(len(tiers))]
        return vals + tiers

    def tier_value(self, tier: tuple[int, int, int]) -> float:
        return self.rv * (1.2 * tier[0] + tier[1] + tier[2])

    def expected(self, r: int, mine: float) -> float:
        """My expected reward in a region with ``mine`` troop power."""
        if mine < C.MIN_POWER_FOR_REWARD:
            return 0.0
        me = self.me
        beats = []
        for x in range(self.n):
            if x == me:
                continue
            p = self.power[r][x]
            if p < 0.5 and self.spread[r][x] < 0.3:
                continue
            tie = 0.5 if self.pos[x] < self.pos[me] else -0.5
            beats.append(_beats(p - mine + tie * 0.4, self.spread[r][x]))
        # the chance of each rank: a Poisson binomial over the sides that may beat me
        dist = [1.0]
        for b in beats:
            nxt = [0.0] * (len(dist) + 1)
            for k, pk in enumerate(dist):
                nxt[k] += pk * (1 - b)
                nxt[k + 1] += pk * b
            dist = nxt
        vals = self.reward_values(r)
        return sum(pk * vals[k] for k, pk in enumerate(dist) if k < len(vals))

    def contested(self, r: int) -> bool:
        return any(self.power[r][x] >= 0.5 for x in range(self.n) if x != self.me)


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rules: Any = None, seed: int = 0) -> None:
        self.rng = Rng.seeded(seed)
        # a little character of its own
        self.bluff = 0.15 + self.rng.below(12) / 100
        self.builder = 0.85 + self.rng.below(30) / 100
        self.plan: tuple[int, int] | None = None  # (round, chip) it meant for the airship just placed

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

    # ------------------------------------------------------------------ a turn

    def act(self, v: Any, me: int, legal: list[Any]) -> Any:
        sky = Sky(v, me)
        side = v.sides[me]
        ships_left = side.ships_left
        budget = side.budget
        chips = side.chips
        lam = 0.05 * (ships_left - 1)
        best: tuple[float, Any] = (-1e9, legal[0])
        others_to_come = any(x.ships_left for x in v.sides if x.side != me)
        wait = 0.06 if others_to_come and ships_left else 0.0
        objective = v.objectives[v.round - 1].name if v.round <= len(v.objectives) else ""
        for mv in legal:
            if isinstance(mv, Place):
                r = mv.region
                base = sky.expected(r, sky.mine[r])
                gain = -1e9
                for c in set(chips):
                    if c > budget:
                        continue
                    g = sky.expected(r, sky.mine[r] + c) - base - lam * c
                    gain = max(gain, g)
                if mv.explore:
                    gain += (EXPLORE_VALUE if ships_left >= 2 else 0.05) - sky.rv * 1.2
                    if objective == "Pathfinder":
                        gain += 0.25
                score = gain
            elif isinstance(mv, Build):
                score = self.build_value(v, sky, me, mv) * self.builder + wait
            elif isinstance(mv, Scout):
                score = self.scout_value(v, sky, me, mv) + wait
                if objective == "Spymaster":
                    score += 0.1
            elif isinstance(mv, Forage):
                score = sky.rv * (1.2 if mv.resource == C.GOLD else 1.0) + self.need(v, me, mv.resource) + wait * 0.5
            else:
                score = 0.0
            score += self.rng.below(100) / 4000  # a little noise to break ties
            if score > best[0]:
                best = (score, mv)
        return best[1]

    def need(self, v: Any, me: int, resource: int) -> float:
        """A small bonus for the resource that would complete a building it cannot afford yet."""
        have = v.sides[me].resources
        for kind in (C.FORTRESS, C.MARKET, C.SKIMMER):
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
        return min(0.9, 0.28 + 0.12 * mine + 0.1 * (reg.public_starfalls > 0))

    def build_value(self, v: Any, sky: Sky, me: int, mv: Build) -> float:
        rounds = C.ROUNDS - v.round + 1  # this round counts too
        if mv.kind == C.SKIMMER:
            r = mv.where
            reg = v.regions[r]
            cost = C.COSTS[C.SKIMMER]
            value = 0.0
            # a permanent troop power here, worth most where it decides a rank
            now = sky.expected(r, sky.mine[r] + 1) - sky.expected(r, sky.mine[r])
            value += now + (rounds - 1) * 0.10
            if not reg.skimmers[me]:
                # presence for the markets and fortresses it has touching the region
                for k in reg.sites:
                    site = v.sites[k]
                    if site.owner == me:
                        value += (rounds - 1) * (0.6 * sky.rv if site.kind == "market" else 0.06)
            if reg.skimmers[me] >= 1:
                value -= 0.12 * reg.skimmers[me]
        else:
            site = v.sites[mv.where]
            cost = C.site_cost(mv.kind, mv.where)
            value = 0.0
            for r in site.regions:
                p = 1.0 if v.regions[r].present[me] else 0.0
                later = self.presence(v, sky, me, r)
                if mv.kind == C.MARKET:
                    value += (p + (rounds - 1) * later) * sky.rv * (1.1 if C.REGIONS[r].produces[0] == C.GOLD else 1)
                else:
                    now = sky.expected(r, sky.mine[r] + 1) - sky.expected(r, sky.mine[r]) if p else 0.0
                    value += now + (rounds - 1) * later * 0.11
        spent = sky.rv * (1.2 * cost[0] + cost[1] + cost[2])
        value -= spent
        objective = v.objectives[v.round - 1].name if v.round <= len(v.objectives) else ""
        if (objective == "Trade Baron" and mv.kind == C.MARKET) or (objective == "Stone Walls" and mv.kind == C.FORTRESS) \
                or (objective == "Skimmer Fleet" and mv.kind == C.SKIMMER) \
                or (objective == "Border Keeper" and mv.kind != C.SKIMMER and len(v.sites[mv.where].regions) == 2):
            value += 0.25
        return value

    def scout_value(self, v: Any, sky: Sky, me: int, mv: Scout) -> float:
        if mv.target == 0:  # the hidden deck's top card: worth it before exploring
            side = v.sides[me]
            return 0.05 if side.ships_left >= 2 and side.resources[C.GOLD] >= 1 else -0.1
        if mv.target == 1:
            ship = next(sh for reg in v.regions for sh in reg.ships if sh.ship == mv.index)
            r = ship.region
            stakes = sum(sky.reward_values(r)[:2])
            involved = v.regions[r].present[me] or sky.mine[r] > 0
            return (0.12 * stakes if involved else 0.04 * stakes) - 0.02
        return 0.10  # someone's hidden starfall: one more starfall placed for sure

    # ------------------------------------------------------------------ the chip

    def chip(self, v: Any, me: int, legal: list[Any]) -> Any:
        sky = Sky(v, me)
        r = v.pending_region
        side = v.sides[me]
        lam = 0.05 * side.ships_left  # the airships still to place after this one
        base = sky.mine[r]
        scored = []
        for mv in legal:
            c = mv.value
            scored.append((sky.expected(r, base + c) - lam * c, c, mv))
        scored.sort(key=lambda t: (-t[0], t[1]))
        pick = scored[0][2]
        contested = sky.contested(r)
        if contested and len(scored) > 1 and self.chance(self.bluff):
            # a bluff: not always the chip its sums prefer (the next best, often weaker)
            pick = scored[1][2]
        elif not contested and self.chance(self.bluff * 2):
            # a decoy: a 0 where nobody else is (still wins with a building's 1 troop power)
            zero = next((mv for mv in legal if mv.value == 0), None)
            if zero is not None and (base >= 1 or self.chance(0.4)):
                pick = zero
        return pick

    # ------------------------------------------------------------------ the track

    def order(self, v: Any, me: int, legal: list[Any]) -> Any:
        rv = resource_value(min(v.round + 1, C.ROUNDS))
        last = v.players - 1
        best = (-1e9, legal[0])
        for mv in legal:
            k = mv.space
            if k == last:
                score = C.LAST_PICK_GOLD * rv * 1.2 + 0.05
            else:
                score = 0.22 - 0.06 * k  # ties go to the earlier side, and first pick of slots
            score += self.rng.below(100) / 800
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
