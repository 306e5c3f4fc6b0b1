"""Shardwake's heuristic bot: plays its own Agenda, bluffs a little, trades, accuses from the view.

It decides from ``Decision.view`` and ``Decision.legal`` only (never the state), with
a seeded ``Rng`` for its small random habits, so a bot game replays exactly.

Character by Guild (what a person would do, and the tells that come with it):
- Chasm Syndicate keeps Claims on islands about to Fall, takes the last Relic of a
  Deep island, under-bids storms (but now and then chips in 1 for cover), rarely braces.
- Keel Covenant salvages for Relic sets, asks for missing Relic types in trades,
  bids generously and braces islands where it has Claims.
- Gilded Ledger trades every turn it can (fair little swaps), accepts most offers,
  and bids a fair share.
Every Guild bluffs: it sometimes does what another Guild would.
"""

from __future__ import annotations

from engine.core.bot import Budget, Decision
from engine.core.rng import Rng
from engine.core.rules import Rules
from engine.games.shardwake import content as C
from engine.games.shardwake.scoring import relic_sets
from engine.games.shardwake.state import (
    HARBOR_BASE,
    RELIC_ITEM,
    Accuse,
    Answer,
    Bid,
    Cancel,
    Idle,
    Move,
    MoveClaim,
    Offer,
    Place,
    Send,
    StartClaim,
    Target,
    Trade,
    TradeView,
    View,
)

BASE_VALUE = (0.75, 0.6, 0.9)  # Aether, Ballast, Brass in Renown-equivalents, mid game
OUTER_RELIC_MEAN = 1.4
DEEP_RELIC_MEAN = 10 / 3


def majority_points(claims: list[int], me: int, first: int, second: int) -> int:
    mine = claims[me]
    if mine <= 0:
        return 0
    counts = sorted({c for c in claims if c > 0}, reverse=True)
    top = [p for p, c in enumerate(claims) if c == counts[0]]
    if mine == counts[0]:
        return second if len(top) > 1 else first
    if len(top) == 1 and len(counts) > 1 and mine == counts[1]:
        return second
    return 0


def set_points(relics: list[int], variant: str = "standard", players: int = 4) -> int:
    fours, threes = relic_sets(relics)
    set4, set3 = C.set_values(variant, players)
    return fours * set4 + threes * set3


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rules: Rules | None = None, seed: int = 0) -> None:
        self.rng = Rng.seeded(seed)
        self.plan: tuple[int, list[int], list[int]] | None = None  # a trade being drafted
        # a little character of its own: how often it bluffs and how keen it is to trade
        self.bluff = 0.12 + self.rng.below(10) / 100
        self.chatty = 0.22 + self.rng.below(15) / 100
        self.mask = 0.18 + self.rng.below(12) / 100  # how often it plays its cover Guild's part
        self.cover = -1  # the Guild it pretends to be, chosen once it knows its own

    # ------------------------------------------------------------------ entry

    def choose(self, d: Decision, budget: Budget | None = None) -> Move:
        legal: list[Move] = d.legal
        if len(legal) == 1:
            return legal[0]
        v: View = d.view
        me = d.seat
        match v.asking:
            case "place":
                return self.turn(v, me, legal)
            case "draft":
                return self.draft(v, me, legal)
            case "answer":
                return self.answer(v, me)
            case "bid":
                return self.bid(v, me, [m for m in legal if isinstance(m, Bid)])
            case "target":
                return self.target(v, me, [m for m in legal if isinstance(m, Target)])
            case "move-claim":
                return self.move_claim(v, me, [m for m in legal if isinstance(m, MoveClaim)])
            case "claim":
                return self.start_claim(v, me, [m for m in legal if isinstance(m, StartClaim)])
            case "accuse":
                return self.accuse(v, me, [m for m in legal if isinstance(m, Accuse)])
            case "keep":
                return self.keep(v, me, legal)
            case "skiff":
                return legal[0] if self.rng.below(100) < 75 else legal[1]
        return legal[self.rng.below(len(legal))]

    # ------------------------------------------------------------------ who am I

    def guild(self, v: View) -> int:
        if v.kept >= 0:
            return v.kept
        if len(v.agendas) == 2 and v.seat is not None:
            return self._better_agenda(v, v.seat)
        return v.agendas[0] if v.agendas else C.LEDGER

    def act_as(self, v: View) -> int:
        """The Guild whose part it plays in a visible choice: its own, or now and then its cover."""
        g = self.guild(v)
        if self.cover < 0 or self.cover == g:
            self.cover = (g + 1 + self.rng.below(2)) % 3
        return self.cover if self.rng.below(1000) < self.mask * 1000 else g

    def _agenda_now(self, v: View, me: int, g: int) -> float:
        st = v.seats[me]
        if g == C.SYNDICATE:
            return (C.fall_points(st.falls, v.fall_value, v.variant, v.players)
                    + 0.8 * v.fall_value * (6 - v.round) / 3)
        if g == C.LEDGER:
            full = C.handshake_full(v.variant)
            return C.handshake_points(int(st.handshakes + (6 - v.round) * 0.8), v.handshake_cap, full)
        return set_points(st.relics, v.variant, v.players) + 0.6 * (6 - v.round)

    def _better_agenda(self, v: View, me: int) -> int:
        a = v.agendas
        return a[0] if self._agenda_now(v, me, a[0]) >= self._agenda_now(v, me, a[1]) else a[1]

    # ------------------------------------------------------------------ values

    def res_value(self, v: View, me: int, r: int, g: int) -> float:
        late = 1.0 if v.round <= 4 else 0.7 if v.round == 5 else 0.4
        have = v.seats[me].resources[r]
        val = BASE_VALUE[r]
        if r == C.BALLAST:
            val = 0.9 if g == C.COVENANT else 0.45 if g == C.SYNDICATE else 0.65
            if v.round == 6 and len(v.history.storms) < 3:
                late = 1.0  # the last storm is still to come: Ballast is worth its full price
        if have == 0 and r != C.BALLAST:
            val += 0.4
        elif have >= 4:
            val -= 0.25
        return max(0.34, val * late)

    def risk(self, v: View, i: int) -> float:
        """A rough chance that island ``i`` Falls before the end."""
        isl = v.islands[i]
        if isl.state != "standing":
            return 1.0
        room = isl.slots - isl.cracks + (1 if isl.braced else 0)
        strikes_left = sum(1 for r in (2, 4, 6) if r >= v.round) - (1 if v.stage == "bidding" else 0)
        pressure = 0.75 * isl.cache + 0.45 * strikes_left
        return min(1.0, max(0.0, (pressure - room + 1.2) / 2.5))

    def claim_value(self, v: View, me: int, i: int, g: int) -> float:
        isl = v.islands[i]
        first, second = isl.majority
        before = majority_points(isl.claims, me, first, second)
        after_claims = list(isl.claims)
        after_claims[me] += 1
        after = majority_points(after_claims, me, first, second)
        risk = self.risk(v, i)
        val = (after - before) * (1.0 - risk) * (0.6 + 0.08 * v.round)
        if isl.claims[me] == 0:
            if g == C.SYNDICATE:
                val += v.fall_value * risk
            elif g == C.COVENANT:
                val -= 0.3 * risk
        if v.seats[me].claims_left == 0:
            val -= 0.5
        return val

    # ------------------------------------------------------------------ placement turn

    def turn(self, v: View, me: int, legal: list[Move]) -> Move:
        g = self.guild(v)
        self.plan = None
        trades = [m for m in legal if isinstance(m, Trade)]
        if trades:
            plan = self.trade_idea(v, me, g, [m.partner for m in trades])
            if plan is not None:
                self.plan = plan
                return Trade(plan[0])
        best: Move | None = None
        best_v = -1e9
        rng = self.rng
        for m in legal:
            if isinstance(m, Place):
                val = self.place_value(v, me, m.space, g)
            elif isinstance(m, Idle):
                val = -5.0
            else:
                continue
            val += rng.below(1000) / 2500.0  # a little noise: people are not machines
            if val > best_v:
                best, best_v = m, val
        return best if best is not None else legal[0]

    def place_value(self, v: View, me: int, space: int, g: int) -> float:
        rv = self.res_value
        if space >= HARBOR_BASE:
            sp = C.HARBOR[space - HARBOR_BASE]
            val = sum(rv(v, me, r, g) * min(n, v.supply[r]) for r, n in enumerate(sp.gain))
            val -= sum(rv(v, me, r, g) * n for r, n in enumerate(sp.cost))
            if sp.kind == C.BRACE:
                val += self.brace_value(v, me, self.act_as(v))
            elif sp.kind == C.CHARTER:
                stand = [i for i, isl in enumerate(v.islands) if isl.state == "standing"]
                val += max((self.claim_value(v, me, i, g) for i in stand), default=0.0) + 0.2
            elif sp.kind == C.FORECAST_PEEK:
                val += 0.3 if v.variant == "twin-charters" else 0.15
            return val
        i = space >> 1
        isl = v.islands[i]
        if space & 1:  # Moor
            gain = sum(rv(v, me, r, g) * min(n, v.supply[r]) for r, n in enumerate(isl.moor_gives))
            return gain + self.claim_value(v, me, i, g)
        # Salvage
        val = DEEP_RELIC_MEAN if isl.deep else OUTER_RELIC_MEAN
        val -= sum(rv(v, me, r, g) * n for r, n in enumerate(isl.salvage_cost))
        val += 1.3 if g == C.COVENANT else 0.2
        falls = isl.cracks + 1 >= isl.slots  # a Brace stops storm Cracks only
        if falls:
            holders = sum(1 for c in isl.claims if c > 0) + (0 if isl.claims[me] else 1)
            mine_lost = majority_points(isl.claims, me, *isl.majority) * 0.8
            if g == C.SYNDICATE:
                val += v.fall_value - mine_lost + 0.3 * (holders - 1)
            else:
                val -= mine_lost + (2.0 if g == C.COVENANT else 0.8)
                if self.rng.below(100) < self.bluff * 40:  # cover: anyone may grab a last Relic
                    val += 1.5
        else:
            val += self.claim_value(v, me, i, g)
            if g == C.COVENANT and isl.claims[me]:
                val -= 0.4 * self.risk(v, i)
        return val

    def brace_value(self, v: View, me: int, g: int) -> float:
        best = 0.0
        for i, isl in enumerate(v.islands):
            if isl.state != "standing" or isl.braced:
                continue
            stake = majority_points(isl.claims, me, *isl.majority)
            val = stake * self.risk(v, i) * 0.7
            if g == C.COVENANT:
                val += 0.7 * self.risk(v, i) + 0.25
            elif g == C.SYNDICATE:
                val = val * 0.3 - 0.5
                if self.rng.below(100) < self.bluff * 100:
                    val += 1.2  # a Syndicate brace now and then hides the Guild
            best = max(best, val)
        return best

    def target(self, v: View, me: int, legal: list[Target]) -> Target:
        g = self.guild(v)
        sp = C.HARBOR[v.pending_space - HARBOR_BASE]
        if sp.kind == C.BRACE:
            def score(m: Target) -> float:
                isl = v.islands[m.island]
                stake = majority_points(isl.claims, me, *isl.majority) + isl.claims[me]
                return stake + 2 * self.risk(v, m.island)
        else:
            def score(m: Target) -> float:
                return self.claim_value(v, me, m.island, g)
        return max(legal, key=score)

    def move_claim(self, v: View, me: int, legal: list[MoveClaim]) -> MoveClaim:
        g = self.guild(v)
        best, best_v = legal[-1], 0.0  # MoveClaim(-1): place none
        for m in legal:
            if m.island < 0:
                continue
            isl = v.islands[m.island]
            loss = -self.claim_value(v, me, m.island, g) * 0.5 + majority_points(isl.claims, me, *isl.majority) * 0.3
            if -loss > best_v:
                best, best_v = m, -loss
        return best

    def start_claim(self, v: View, me: int, legal: list[StartClaim]) -> StartClaim:
        def score(m: StartClaim) -> float:
            isl = v.islands[m.island]
            return isl.majority[0] - 2 * sum(isl.claims) + self.rng.below(100) / 60
        return max(legal, key=score)

    # ------------------------------------------------------------------ trading

    def item_value(self, v: View, me: int, item: int, g: int, gaining: bool) -> float:
        if item < RELIC_ITEM:
            return self.res_value(v, me, item, g)
        code = item - RELIC_ITEM
        if g != C.COVENANT:
            return 0.4
        mine = list(v.seats[me].relics)
        base = set_points(mine, v.variant, v.players)
        if gaining:
            return set_points([*mine, code], v.variant, v.players) - base + 0.4
        rest = list(mine)
        rest.remove(code)
        return base - set_points(rest, v.variant, v.players) + 0.4

    def trade_idea(self, v: View, me: int, g: int, partners: list[int]) -> tuple[int, list[int], list[int]] | None:
        rng = self.rng
        keen = self.chatty + (0.04 if self.act_as(v) == C.LEDGER else 0.0)
        if g == C.LEDGER and v.seats[me].handshakes >= v.handshake_cap:
            keen = self.chatty
        if rng.below(1000) >= keen * 1000:
            return None
        mine = v.seats[me].resources
        # what I want most
        wants: list[int] = []
        if mine[C.AETHER] == 0:
            wants.append(C.AETHER)
        if mine[C.BRASS] == 0 and any(isl.deep and isl.state == "standing" and isl.cache for isl in v.islands):
            wants.append(C.BRASS)
        if g == C.COVENANT or (rng.below(100) < 15):
            have_types = {c >> 2 for c in v.seats[me].relics}
            for p in partners:
                for code in v.seats[p].relics:
                    if (code >> 2) not in have_types:
                        wants.append(RELIC_ITEM + code)
                        break
        if not wants:
            wants = [rng.below(3)]
        want = wants[rng.below(len(wants))]
        # who has it
        holders = []
        for p in partners:
            st = v.seats[p]
            if want < RELIC_ITEM:
                if st.resources[want] >= 2:
                    holders.append(p)
            elif (want - RELIC_ITEM) in st.relics:
                holders.append(p)
        if not holders:
            return None
        partner = holders[rng.below(len(holders))]
        # what I give: my most plentiful other resource (2 of them for a Relic)
        order = sorted((r for r in range(3) if r != want), key=lambda r: -mine[r])
        give: list[int] = []
        n = 2 if want >= RELIC_ITEM else 1
        for r in order:
            while mine[r] - give.count(r) > 1 and len(give) < n:
                give.append(r)
        if not give:
            return None
        return (partner, give, [want])

    def finish_idea(self, v: View, me: int, g: int, tr: TradeView) -> tuple[int, list[int], list[int]] | None:
        """The trade to make of a draft the bot finds without a plan of its own.

        The hub asks a bot made afresh for every move (``engine.bots.decide``), so the plan
        made when it chose ``Trade`` is gone by the first ``Offer``. Without a random choice
        in it, every fresh bot finishes the draft the same way, one item at a time.
        """
        mine, theirs = v.seats[me].resources, v.seats[tr.partner].resources
        partner_relics = v.seats[tr.partner].relics
        get = list(tr.get)
        if not get:
            wants: list[int] = []
            if mine[C.AETHER] == 0:
                wants.append(C.AETHER)
            if mine[C.BRASS] == 0 and any(isl.deep and isl.state == "standing" and isl.cache for isl in v.islands):
                wants.append(C.BRASS)
            if g == C.COVENANT:
                have_types = {c >> 2 for c in v.seats[me].relics}
                wants += [RELIC_ITEM + c for c in sorted(partner_relics) if (c >> 2) not in have_types]
            wants += sorted(range(3), key=lambda r: (-theirs[r], r))
            want = next((w for w in wants if (theirs[w] > 0 if w < RELIC_ITEM else w - RELIC_ITEM in partner_relics)),
                        None)
            if want is None:
                return None
            get = [want]
        give = list(tr.give)
        if not give:
            order = sorted((r for r in range(3) if r not in get), key=lambda r: (-mine[r], r))
            n = 2 if get[0] >= RELIC_ITEM else 1
            for r in order:
                while mine[r] - give.count(r) > 1 and len(give) < n:
                    give.append(r)
            if not give:
                return None
        return (tr.partner, give, get)

    def draft(self, v: View, me: int, legal: list[Move]) -> Move:
        plan = self.plan
        tr = v.trade
        if plan is None and tr is not None:
            plan = self.plan = self.finish_idea(v, me, self.guild(v), tr)
        if plan is None or tr is None or tr.partner != plan[0]:
            return Cancel()
        give, get = list(tr.give), list(tr.get)
        for it in plan[1]:
            if give.count(it) < plan[1].count(it):
                m = Offer(0, it)
                return m if m in legal else Cancel()
        for it in plan[2]:
            if get.count(it) < plan[2].count(it):
                m = Offer(1, it)
                return m if m in legal else Cancel()
        self.plan = None
        return Send() if Send() in legal else Cancel()

    def answer(self, v: View, me: int) -> Answer:
        tr = v.trade
        assert tr is not None  # asked to answer: a proposal is on the table
        g = self.guild(v)
        gain = sum(self.item_value(v, me, it, g, True) for it in tr.give)
        loss = sum(self.item_value(v, me, it, g, False) for it in tr.get)
        margin = gain - loss
        if g == C.LEDGER and v.seats[me].handshakes < v.handshake_cap:
            full = C.handshake_full(v.variant)
            margin += (C.HANDSHAKE_VALUE if v.seats[me].handshakes < full else C.HANDSHAKE_LATER) * 0.5
        else:
            # a Handshake may be feeding a Ledger: the likelier the proposer is one, the less I like it
            margin -= 0.3 + 2.5 * self.ledger_odds(v, me, tr.proposer)
        margin += (self.rng.below(100) - 50) / 100
        return Answer(margin >= 0)

    # ------------------------------------------------------------------ storms

    def bid(self, v: View, me: int, legal: list[Bid]) -> Bid:
        g = self.act_as(v)
        rng = self.rng
        have = len(legal) - 1
        card = v.forecast[0] if v.forecast else None
        p = v.players
        if v.storm_peek:
            need = v.storm_peek[1]
        elif card is not None and card.threshold >= 0:
            need = card.threshold
        else:
            need = 5 + (p - 3)  # hidden (Twin Charters): the middle of the two copies
        others = sum(s.resources[C.BALLAST] for s in v.seats if s.seat != me)
        share = -(-need // p)  # fair share, rounded up
        harmless = card is not None and card.name == "Dead Calm"
        roll = rng.below(100)
        if g == C.COVENANT:
            want = share + (1 if roll < 35 else 0)
            if others < need - want:
                want = min(have, need - others // 2)
        elif g == C.SYNDICATE and not harmless:
            if roll < self.bluff * 150:
                want = share - 1  # cover: look like a cautious Ledger
            elif roll < self.bluff * 350:
                want = 1  # cover: a closed fist with one cube in it
            else:
                want = 0
        else:
            want = share - (1 if roll < 40 else 0)
        return legal[max(0, min(have, want))]

    # ------------------------------------------------------------------ Twin Charters discard

    def keep(self, v: View, me: int, legal: list[Move]) -> Move:
        g = self._better_agenda(v, me)
        return legal[0] if v.agendas[0] == g else legal[1]

    # ------------------------------------------------------------------ accusations

    def suspicion(self, v: View, me: int) -> list[list[float]]:
        """Per seat, a score per Guild from what the table has seen (higher: more likely)."""
        p = v.players
        score = [[0.0, 0.0, 0.0] for _ in range(p)]
        h = v.history
        # the deck holds two of each Guild: my own card(s) make that Guild rarer among the others
        for gg in v.agendas if v.kept < 0 else [v.kept]:
            for x in range(p):
                score[x][gg] -= 0.6
        for st in h.storms:
            for x in range(p):
                have = st.ballast_before[x]
                if have <= 0:
                    continue
                r = st.bids[x] / have
                score[x][C.SYNDICATE] += 1.6 * (0.25 - r)
                score[x][C.COVENANT] += 1.6 * (r - 0.45)
        for b in h.braces:
            score[b.seat][C.COVENANT] += 1.0
            score[b.seat][C.SYNDICATE] -= 0.7
        for t in h.trades:
            score[t.proposer][C.LEDGER] += 0.55
            if t.accepted:
                score[t.partner][C.LEDGER] += 0.3
            if any(n.startswith("Relic") for n in t.get):
                score[t.proposer][C.COVENANT] += 0.6
        for f in h.falls:
            if f.cause >= 0:
                score[f.cause][C.SYNDICATE] += 0.9
                score[f.cause][C.COVENANT] -= 0.5
        for x in range(p):
            falls = v.seats[x].falls
            score[x][C.SYNDICATE] += 0.25 * falls
            kinds = len({c >> 2 for c in v.seats[x].relics})
            score[x][C.COVENANT] += 0.2 * max(0, kinds - 2)
            score[x][C.LEDGER] += 0.1 * v.seats[x].handshakes
        return score

    def ledger_odds(self, v: View, me: int, x: int) -> float:
        row = self.suspicion(v, me)[x]
        top = max(row)
        w: list[float] = [pow(2.718, r - top) for r in row]
        return w[C.LEDGER] / sum(w)

    def accuse(self, v: View, me: int, legal: list[Accuse]) -> Accuse:
        score = self.suspicion(v, me)
        best, best_v = legal[0], -1e9
        for m in legal:
            row = score[m.target]
            # confidence: how far this Guild stands out from the other two for that seat
            others = [row[gg] for gg in range(3) if gg != m.guild]
            val = row[m.guild] - max(others) + self.rng.below(100) / 400
            if val > best_v:
                best, best_v = m, val
        return best


LEVELS = {"heuristic": HeuristicBot}
