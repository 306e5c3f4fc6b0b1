"""Shiver Me Timbers' heuristic bot: a captain with a plan.

It decides from its seat's view and the legal moves only, with a seeded generator for its small
habits. It keeps no memory between decisions (a bot is built afresh for every move at a table),
so every choice is derived from what the view shows:

- **Life goals**: the pair it can reach best — goals that share a path (trade feeds the Merchant
  Prince, the Man-o'-War and the Miser; missions send you to the islands an Explorer needs) score
  together; a little taste of its own breaks ties.
- **The map**: in the draft it places the islands its goals need close together (short routes
  between them, special spots beside them) and leaves open ends where its next island can go.
- **Origin and talent**: the island and the talent that serve its goals on the map it got.
- **Each action**: it weighs every task it could do — a trade run (buy where a good is made,
  sell where it pays 400), selling what it carries, an upgrade, a treasure (scout, sail, dig),
  a mission (take it at Port Royal, fulfil it), rituals and crew, visiting islands, hiding Gold —
  by value per action including the sailing, and works on the best; it sails toward that
  task's island, collecting special-spot rewards on the way when that costs nothing.
- **Free actions** come first: claims, starting and spending on a hunt, hiding Gold for the Miser
  or at the very end, dropping cards it cannot use.
- **Cards**: it plays a card when it helps now (speed for a voyage it announced, strength for a
  dig or a duel, the wind, upgrades, Gold), rituals eagerly when it chases the Mystic goal, a
  Saboteur or a curse on the leader now and then — or on the captain it duels.
- **Title quests**: it takes one when the quest's tasks lie on the roads its goals take (a trader the
  Baron of the Isles, a fighter the King's Privateer ...), valued at the quest's seals and its title's
  bonus for the rounds left; it works on the open tasks (selling at the right island, sailing to a
  special spot or an island, a ritual, a raid, a gunfight, boarding a captain or a merchant of the
  size wanted, hiding a coin, selling a treasure) and counts the bonus of a title it holds.
- **Family and soulmates** (issue 17), when they serve its score: a ring is worth more to a captain
  with no quest yet (the treasure it scouts for and digs up); the kept wish is a task worth a soulmate
  (about 1,500 Gold: its seals and bonus) — selling the units, learning and playing the ritual,
  upgrading twice, boarding a ship, a mission, a treasure; the governor's combat missions it holds (the
  brother's large Spanish merchant, the uncle's fortress, the grandmother's rival captain) are tasks
  like the others; and a pirate hunter seen holding a relative is worth a closer fight (one point of
  strength ahead instead of two) and a strength upgrade or two to get there.
- **Fighting titles**: a ship strong enough for a fighting quest takes it whatever its goals; the open
  tasks send it to fire on a slower merchant, board a weaker captain or merchant (one point ahead) and
  raid a fortress, and it upgrades strength while such a quest is open.
- **Combat**: it boards a ship or raids a fortress when its strength beats the other's by 2 or more
  (an unseen merchant counted at its size's average, an unseen fortress at the strongest), sails to
  such a merchant when one is near, hunts a monster when its ship can take a few bites (every
  attribute 3 or more) — and, chasing the Monster Slayer with such a ship, lures the Sea Serpent
  with a First Mate or calls the Kraken to a spot near it and sails there to hunt — and takes the
  richest reward. In a duel it attacks with its heaviest card, spends the guards of the zones the
  other side has no attacks left for and keeps those it fears (by the cards not yet played),
  pushes a captain at the edge off (a Feint first, when it holds one), and spends Throw sand or an
  Insult only on a heavy blow or near the edge; playing a merchant or a fortress for the captain to
  its left, it defends as hard as for itself.
"""

from __future__ import annotations

from typing import Any

from engine.core.bot import Budget, Decision
from engine.core.rng import Rng
from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.state import (
    LURE_CODE,
    MISSION_CODE,
    RITUAL_CODE,
    TREASURE_ITEM,
    Act,
    Buy,
    ChooseDeck,
    ClaimGoal,
    ClaimMission,
    DigGoods,
    DiscardCard,
    Dump,
    Gain,
    HideGold,
    Improve,
    Peek,
    PickGoals,
    PickStart,
    PlaceIsland,
    PlaceRoute,
    Play,
    ReturnCard,
    Rotate,
    Sail,
    SellDone,
    SellPick,
    StartHunt,
    Take,
    UseEvent,
)

VP_GOLD = 350  # what one victory point is worth in Gold to a captain mid-game
FAMILY_ABILITY = 400  # what a relative's lasting ability is worth besides its seals (issue 17)
PROD = {C.COCOA: C.SAO_TOME, C.RUM: C.ST_DAVID, C.SUGAR: C.LA_JUANITA}
BEST_BUYER = {C.COCOA: C.LA_JUANITA, C.RUM: C.SAO_TOME, C.SUGAR: C.ST_DAVID}

# how well two goals share a path (symmetric; 0 neutral)
SYNERGY = {
    frozenset({C.G_SOLD, C.G_CHEST}): 0.5,
    frozenset({C.G_SOLD, C.G_SHIP}): 0.4,
    frozenset({C.G_SHIP, C.G_CHEST}): -0.3,
    frozenset({C.G_MISSIONS, C.G_ISLANDS}): 0.4,
    frozenset({C.G_SOLD, C.G_ISLANDS}): 0.2,
    frozenset({C.G_RAISED, C.G_SHIP}): 0.2,
    frozenset({C.G_RITUALS, C.G_SOLD}): 0.3,
    frozenset({C.G_RAISED, C.G_ISLANDS}): 0.2,
    frozenset({C.G_MISSIONS, C.G_SOLD}): 0.2,
}
# how reachable a goal is on its own (a captain's taste is added)
EASE = {C.G_ISLANDS: 1.0, C.G_SOLD: 1.0, C.G_SHIP: 0.8, C.G_MISSIONS: 0.8, C.G_RAISED: 0.7, C.G_RITUALS: 0.8,
        C.G_CHEST: 0.8}
# which islands matter to a goal (for the map and the origin)
GOAL_ISLANDS = {
    C.G_SOLD: (C.SAO_TOME, C.ST_DAVID, C.LA_JUANITA),
    C.G_CHEST: (C.SAO_TOME, C.ST_DAVID, C.LA_JUANITA),
    C.G_SHIP: (C.SAO_TOME, C.ST_DAVID, C.LA_JUANITA, C.PORT_ROYAL),
    C.G_MISSIONS: (C.PORT_ROYAL, C.ST_DAVID, C.THE_BAY),
    C.G_RAISED: (C.PORT_ROYAL, C.ST_DAVID, C.THE_BAY),
    C.G_RITUALS: (C.ISLA_OSCURA, C.SAO_TOME, C.ST_DAVID),
    C.G_ISLANDS: (C.PORT_ROYAL, C.THE_BAY, C.ISLA_OSCURA),
}
GOAL_TALENT = {C.G_SOLD: C.HAGGLER, C.G_CHEST: C.HAGGLER, C.G_SHIP: C.SHIPWRIGHT, C.G_MISSIONS: C.SILVER_TONGUE,
               C.G_RAISED: C.TREASURE_HUNTER, C.G_RITUALS: C.MYSTIC, C.G_ISLANDS: C.TRAMP}
GOAL_ORIGIN = {C.G_SOLD: (C.SAO_TOME, C.ST_DAVID, C.LA_JUANITA), C.G_CHEST: (C.SAO_TOME, C.ST_DAVID, C.LA_JUANITA),
               C.G_SHIP: (C.SAO_TOME, C.ST_DAVID, C.LA_JUANITA), C.G_MISSIONS: (C.PORT_ROYAL,),
               C.G_RAISED: (C.PORT_ROYAL, C.THE_BAY), C.G_RITUALS: (C.ISLA_OSCURA,),
               C.G_ISLANDS: (C.PORT_ROYAL, C.THE_BAY)}


class Ctx:
    """What the bot derives from a view once per decision."""

    def __init__(self, v: Any, me: int) -> None:
        self.v = v
        self.me = me
        self.st = v.seats[me]
        self.g = graph_of(v)
        self.goal_w = goal_weights(v, me)

    def dist(self, a: int, b: int) -> int:
        if self.g is None or a < 0 or b < 0:
            return 99
        return self.g.dist[a][b]

    def trips(self, a: int, b: int) -> int:
        """Travel actions from ``a`` to ``b``."""
        d = self.dist(a, b)
        if d == 0:
            return 0
        mp = max(1, self.st.movement)
        return -(-d // mp)

    def want(self, kind: int) -> float:
        return sum(w for g, w in self.goal_w.items() if C.LIFE_GOALS[g].kind == kind)


def graph_of(v: Any) -> chart.Graph | None:
    if not v.nodes:
        return None
    isl = tuple(chart.site(i.x, i.y) if i.placed else -1 for i in v.islands)
    routes: list[int] = []
    for r in v.routes:
        routes.extend((r.tile, chart.site(r.ax, r.ay), r.dir))
    return chart.graph(isl, tuple(routes))


def layout_of(v: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    isl = tuple(chart.site(i.x, i.y) if i.placed else -1 for i in v.islands)
    routes: list[int] = []
    for r in v.routes:
        routes.extend((r.tile, chart.site(r.ax, r.ay), r.dir))
    return isl, tuple(routes)


def goal_weights(v: Any, me: int) -> dict[int, float]:
    """What each dealt goal is worth to this captain, in points still to win."""
    out = {}
    for gv in v.goals:
        if me in gv.claims:
            continue
        pts = C.GOAL_LATER if gv.claims else C.GOAL_FIRST
        if gv.goal in v.my_goals:
            pts += C.GOAL_SECRET_BONUS
        out[gv.goal] = float(pts)
    return out


def clock(v: Any) -> int:
    """The round as the bot's plans count it: an epic game has no last wind card, so its clock stops at 10
    (there is always time for another trade run, mission or treasure)."""
    return min(v.round, 10) if getattr(v, "epic", False) else v.round


def goal_progress(v: Any, me: int, g: int) -> float:
    st = v.seats[me]
    goal = C.LIFE_GOALS[g]
    k = goal.kind
    have = {
        C.G_ISLANDS: len(st.islands_visited),
        C.G_SOLD: st.sold,
        C.G_SHIP: st.speed + st.strength + st.hull,
        C.G_MISSIONS: len(st.missions_done),
        C.G_RAISED: st.raised,
        C.G_RITUALS: st.rituals_played,
        C.G_CHEST: st.chest_gold,
    }.get(k, 0)
    return have


# ---- title quests: the life goals each quest's tasks serve, and its title's bonus in Gold per round held
TITLE_FIT = {
    C.T_PRIVATEER: (C.G_DEFEAT,),
    C.T_BUCCANEER: (C.G_MONSTER, C.G_MISSIONS),
    C.T_ADMIRAL: (C.G_FORTRESS, C.G_DEFEAT),
    C.T_BARON: (C.G_SOLD, C.G_SHIP, C.G_CHEST),
    C.T_TIDES: (C.G_RITUALS, C.G_ISLANDS),
    C.T_KEEPER: (C.G_RAISED, C.G_CHEST),
}
TITLE_STRENGTH = {C.T_PRIVATEER: 4, C.T_ADMIRAL: 5, C.T_BUCCANEER: 5}  # a fighting quest wants a ship that fights
FIGHTING = frozenset(C.TITLES[t].name for t in TITLE_STRENGTH)
TITLE_ROUND_GOLD = {C.T_PRIVATEER: 70, C.T_BUCCANEER: 50, C.T_ADMIRAL: 60, C.T_BARON: 90, C.T_TIDES: 60,
                    C.T_KEEPER: 50}


def open_quest_tasks(v: Any, me: int) -> list[tuple[int, int, int]]:
    """(title, task kind, its island) for every task still open on this captain's title quests."""
    st = v.seats[me]
    out = []
    done_list = st.quest_tasks or [0] * len(st.missions_open)
    for c, done in zip(st.missions_open, done_list, strict=False):
        m = C.MISSIONS[c]
        if m.kind != C.TITLE:
            continue
        for i, t in enumerate(C.TITLES[m.a].tasks):
            if not done >> i & 1:
                out.append((m.a, t.kind, t.a))
    return out


def quest_value(v: Any, title: int, rounds_left: int) -> float:
    """The quest's seals and its title's bonus for the rounds after it is done, in Gold."""
    return C.TITLES[title].vp * VP_GOLD + TITLE_ROUND_GOLD[title] * max(0, rounds_left - 3)


# ---- the soulmate quest, the lost family (issue 17): what the bot pursues when it serves its score
SOULMATE_GOLD = 1500  # a soulmate's seals and its bonus, about (the Governor's Niece 4 seals; the Heir 2 and 800 G)
RING_GOLD = 600  # a ring found while the captain has no quest yet: the quest's start (a wish still to fulfil)
HUNTER_FAMILY_GOLD = 2 * VP_GOLD + 600  # a relative aboard a pirate hunter: its seals and ability, beyond the ship's


def kept_wish(v: Any, me: int) -> int:
    """The wish this captain keeps on its soulmate quest and has not fulfilled yet (-1: none)."""
    quests = getattr(v, "quests", None)
    if not quests or me >= len(quests):
        return -1
    q = quests[me]
    return q.kept if q.kept >= 0 and q.done < 0 and q.soulmate < 0 else -1


def wish_left(v: Any, me: int) -> int:
    """How much of the kept wish is still to do, in its own unit (at least 1)."""
    q = v.quests[me]
    return max(1, q.target - q.progress) if q.target else 1


def seeks_soulmate(v: Any, me: int) -> bool:
    """No quest and no soulmate yet: a ring would begin one."""
    quests = getattr(v, "quests", None)
    if not quests or me >= len(quests) or not getattr(v, "soulmate_markers", None):
        return False
    q = quests[me]
    return not q.ring and q.soulmate < 0


def relative_aboard(mv: Any, v: Any) -> bool:
    """A revealed pirate hunter holding one of the family nobody has rescued yet."""
    return "your " in mv.reward


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rules: Any = None, seed: int = 0) -> None:
        self.rng = Rng.seeded(seed)
        self.taste = [self.rng.below(100) / 150 for _ in range(len(C.LIFE_GOALS))]

    # ------------------------------------------------------------------ entry

    def choose(self, d: Decision, budget: Budget | None = None) -> Any:
        legal = d.legal
        if len(legal) == 1:
            return legal[0]
        v, me = d.view, d.seat
        first = legal[0]
        try:
            if isinstance(first, PickGoals):
                return self.pick_goals(v, me, legal)
            if isinstance(first, (PlaceIsland, PlaceRoute, Rotate)):
                return self.place(v, me, legal)
            if isinstance(first, PickStart):
                return self.pick_start(v, me, legal)
            if isinstance(first, ChooseDeck):
                return legal[0] if self._goal_wanted(v, me, C.G_MISSIONS) else legal[1]
            cx = Ctx(v, me)
            asking = v.asking
            if asking == "turn":
                return self.turn(cx, legal)
            if asking == "react":
                return self.react(cx, legal)
            if asking == "travel":
                return self.sail(cx, legal)
            if asking in ("upgrade", "refit"):
                return self.improve(cx, legal)
            if asking == "buy":
                return self.buy(cx, legal)
            if asking == "sell":
                return self.sell(cx, legal)
            if asking == "pick":
                return self.pick(cx, legal)
            if asking in ("hire", "learn"):
                return self.hire(cx, legal, asking)
            if asking == "drop":
                return self.drop(cx, legal)
            if asking == "peek":
                return next((m for m in legal if isinstance(m, Peek) and m.node >= 0), legal[0])
            if asking == "gain":
                return self.gain(cx, legal)
            if asking in ("dump", "overboard"):
                return self.dump(cx, legal)
            if asking == "route":
                return self.route(cx, legal)
            if asking in ("lead", "swap", "strike", "parry"):
                return self.duel(v, asking, legal)
            if asking == "target":
                return self.target(cx, legal)
            if asking == "plunder":
                return self.plunder(cx, legal)
            if asking == "lose":
                return self.lose(cx, legal)
            if asking == "hunt":
                return self.hunt(cx, legal)
            if asking == "stack":
                return self.stack(cx, legal)
            if asking == "marker":
                return self.marker(cx, legal)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass
        return legal[self.rng.below(len(legal))]

    def _goal_wanted(self, v: Any, me: int, kind: int) -> bool:
        return any(C.LIFE_GOALS[g].kind == kind for g in v.my_goals)

    # ------------------------------------------------------------------ setup

    def pick_goals(self, v: Any, me: int, legal: list[Any]) -> Any:
        def score(m: PickGoals) -> float:
            ka, kb = C.LIFE_GOALS[m.a].kind, C.LIFE_GOALS[m.b].kind
            two = (EASE.get(ka, 0.3) + EASE.get(kb, 0.3) + SYNERGY.get(frozenset({ka, kb}), 0.0)
                   + self.taste[m.a] + self.taste[m.b])
            if m.c < 0:
                return two
            kc = C.LIFE_GOALS[m.c].kind  # the epic mode hides a third
            return (two + EASE.get(kc, 0.3) + self.taste[m.c] + SYNERGY.get(frozenset({ka, kc}), 0.0)
                    + SYNERGY.get(frozenset({kb, kc}), 0.0))
        return max(legal, key=score)

    def _island_weight(self, v: Any, me: int) -> list[float]:
        w = [0.3] * 6
        w[C.PORT_ROYAL] = 0.6
        for g in v.my_goals:
            for i in GOAL_ISLANDS.get(C.LIFE_GOALS[g].kind, ()):
                w[i] += 1.0
        for gv in v.goals:
            for i in GOAL_ISLANDS.get(C.LIFE_GOALS[gv.goal].kind, ()):
                w[i] += 0.2
        return w

    def place(self, v: Any, me: int, legal: list[Any]) -> Any:
        w = self._island_weight(v, me)
        isl, routes = layout_of(v)
        lay = chart.layout(isl, routes)
        placed = {lay.isl_at[sv]: sv for sv in lay.isl_at}

        def near(site: int, island_w: float) -> float:
            x, y = chart.xy(site)
            total = 0.0
            for i, sv in placed.items():
                px, py = chart.xy(sv)
                dd = max(abs(px - x), abs(py - y))
                total += w[i] * island_w / (1 + dd)
            return total

        best, best_v = legal[0], -1e9
        for m in legal:
            if isinstance(m, PlaceIsland):
                val = w[m.island] * 1.5 + near(m.site, w[m.island])
            elif isinstance(m, PlaceRoute):
                a, b, c = chart.route_ends(m.tile, m.site, m.dir)
                ia, ib = lay.isl_at.get(a, -1), lay.isl_at.get(b, -1)
                short = C.ROUTES[m.tile].length == C.SHORT
                if ia >= 0 and ib >= 0:
                    val = w[ia] * w[ib] * (2.0 if short else 1.2)
                else:
                    end = ia if ia >= 0 else ib
                    val = 0.6 * (w[end] if end >= 0 else 0.3)
                    if v.draft_placing == "island and route":
                        val += 0.8  # an open end for the island still to come
                spot = C.ROUTES[m.tile].spot
                if spot in (C.SPOT_MARKET, C.SPOT_SHIPYARD, C.SPOT_MANGROVES):
                    val += 0.3
            else:
                val = -0.5
            val += self.rng.below(100) / 500
            if val > best_v:
                best, best_v = m, val
        return best

    def pick_start(self, v: Any, me: int, legal: list[Any]) -> Any:
        kinds = [C.LIFE_GOALS[g].kind for g in v.my_goals]
        origin_score = [0.0] * 6
        for k in kinds:
            for i in GOAL_ORIGIN.get(k, ()):
                origin_score[i] += 1.0
        # a central island is worth a little for everyone
        g = graph_of(v)
        if g is not None:
            for i in range(6):
                origin_score[i] -= 0.02 * sum(g.dist[i][j] for j in range(6) if g.dist[i][j] < chart.FAR)
        talent_score = [0.0] * 6
        for k in kinds:
            t = GOAL_TALENT.get(k)
            if t is not None:
                talent_score[t] += 1.0
        talent_score[C.HAGGLER] += 0.3
        o = max(range(6), key=lambda i: (origin_score[i] + self.rng.below(100) / 1000, -i))
        t = max(range(6), key=lambda i: (talent_score[i] + self.rng.below(100) / 1000, -i))
        return next((m for m in legal if m.origin == o and m.talent == t), legal[0])

    # ------------------------------------------------------------------ the turn

    def turn(self, cx: Ctx, legal: list[Any]) -> Any:
        v, st = cx.v, cx.st
        final = v.ending
        # claims first (a goal that would end the game is held back while others lead)
        for m in legal:
            if isinstance(m, ClaimMission):
                return m
        for m in legal:
            if isinstance(m, ClaimGoal) and self._claim_ok(cx, m.goal):
                return m
        for m in legal:
            if isinstance(m, StartHunt):
                return m
        use = self._event_option(cx, [m for m in legal if isinstance(m, UseEvent)])
        if use is not None:
            return use
        if any(isinstance(m, DigGoods) for m in legal) and self._dig_goods_ok(cx):
            return DigGoods()
        # cards it cannot use
        for m in legal:
            if isinstance(m, DiscardCard) and m.card >= MISSION_CODE and not self._mission_feasible(cx, m.card - MISSION_CODE):
                return m
            if isinstance(m, ReturnCard) and m.card == RITUAL_CODE + C.KRAKEN and not self._hunts_monsters(cx):
                return m
        hide = self._hide(cx, legal, final)
        if hide is not None:
            return hide
        acts = {m.action: m for m in legal if isinstance(m, Act)}
        if not acts:
            return legal[-1]
        fight = self._fight(cx, acts)
        if fight is not None:
            return fight
        for island, action in self.tasks(cx):
            if st.node == island:
                if action in acts:
                    return acts[action]
                continue  # not possible here now: the next best task
            if C.ACT_TRAVEL in acts:
                return acts[C.ACT_TRAVEL]
        # nothing worth doing here: sail somewhere useful, else end the turn
        if C.ACT_SELL in acts and self._sell_value(cx, st.node) > 0:
            return acts[C.ACT_SELL]
        if C.ACT_TRAVEL in acts and not final:
            return acts[C.ACT_TRAVEL]
        return legal[-1]

    @staticmethod
    def _slayer(cx: Ctx) -> bool:
        """Epic mode: the Monster Slayer is still open to this captain and its ship can take a few bites."""
        st = cx.st
        return (getattr(cx.v, "epic", False) and cx.want(C.G_MONSTER) > 0 and cx.v.round >= 6
                and min(st.speed, st.strength, st.hull) >= 3)

    @staticmethod
    def _margin(cx: Ctx) -> int:
        """How much stronger it wants to be to board: epic games need the Brigand too, so it dares more there."""
        return 1 if getattr(cx.v, "epic", False) and cx.want(C.G_DEFEAT) and cx.v.round >= 20 else 2

    @staticmethod
    def _marker_ok(v: Any, me: int, goal: int) -> bool:
        """Epic mode: seven markers for ten goals. A goal someone claimed already (5 points) gets one only when
        enough are left for the goals still worth more: its own secret ones, and those nobody claimed yet."""
        if not getattr(v, "epic", False):
            return True  # five origin markers always suffice in a regular game
        markers = v.goal_markers[me] if getattr(v, "goal_markers", None) else 99
        gv = next(g for g in v.goals if g.goal == goal)
        if goal in v.my_goals or markers >= 99:
            return True
        mine_open = sum(1 for g in v.goals if g.goal in v.my_goals and me not in g.claims)
        if not gv.claims:  # first to it: 10 points, unless the marker is one its own secret goals need
            return markers - 1 >= mine_open
        keep = sum(1 for g in v.goals if me not in g.claims and g.goal != goal and (g.goal in v.my_goals or not g.claims))
        return markers - 1 >= keep

    def _event_option(self, cx: Ctx, uses: list[Any]) -> Any:
        """The round's event option, when it pays (the events module)."""
        if not uses:
            return None
        v, st, me = cx.v, cx.st, cx.me
        k = v.event
        if k == C.EV_RATIONS:  # an extra action is worth about 300 Gold to a trader with a plan
            return uses[0] if v.actions_left == 0 and st.gold >= 700 and not v.ending else None
        if k == C.EV_COVE:  # sell the unit worth least at the markets
            return min(uses, key=lambda m: max(isl.sells[m.arg] for isl in v.islands)) if st.node >= 6 else None
        if k == C.EV_FLOTSAM:  # the good that sells best from here
            return max(uses, key=lambda m: max(isl.sells[m.arg] for isl in v.islands) + self.rng.below(50))
        if k == C.EV_PLAGUE_SHIP:  # close the market of the leader's island, now and then
            scores = [x.score for x in v.seats]
            lead = max((i for i in range(v.players) if i != me), key=lambda i: scores[i])
            node = v.seats[lead].node
            hit = [m for m in uses if m.arg == node and node != st.node]
            return hit[0] if hit and scores[lead] > scores[me] and st.gold >= 800 and self.rng.below(3) == 0 else None
        if k == C.EV_PARDON:  # a mission it cannot finish
            for m in uses:
                if not self._mission_feasible(cx, m.arg):
                    return m
            return None
        if k == C.EV_HARVEST:  # a free unit
            return uses[0]
        if k == C.EV_RUMOURS:  # a free scouting, when a treasure card would be welcome
            cards = len(v.treasure_hand) + (1 if st.track >= 0 else 0)
            return uses[0] if cards < C.TREASURE_LIMIT and not v.ending else None
        if k == C.EV_FAIR:  # an upgrade without the action, when the Gold is there to spare
            if self._upgrade_value(cx) <= 0 or st.gold < 900:
                return None
            improves = {m.arg: m for m in uses}
            best = self.improve(cx, [Improve(a) for a in improves])
            return improves[best.attr]
        if k == C.EV_LIPS:  # a merchant near enough to matter
            if st.gold < 600:
                return None
            near = [m for m in uses if cx.trips(st.node, m.arg) <= 2]
            return near[0] if near else None
        return None

    def _claim_ok(self, cx: Ctx, goal: int) -> bool:
        v, me = cx.v, cx.me
        if not self._marker_ok(v, me, goal):
            return False
        claimed = sum(1 for gv in v.goals if gv.claims)
        mine_new = not any(gv.claims for gv in v.goals if gv.goal == goal)
        triggers = not v.ending and mine_new and claimed + 1 >= len(v.goals) - 1
        if not triggers:
            return True
        scores = [s.score for s in v.seats]
        mine = scores[me] + 10 + 5 * sum(1 for gl in v.my_goals if any(me in gv.claims for gv in v.goals
                                                                        if gv.goal == gl))
        return mine >= max(s for i, s in enumerate(scores) if i != me) + 3 or v.round >= 16

    def _dig_goods_ok(self, cx: Ctx) -> bool:
        st = cx.st
        if st.track < 0:
            return False
        t = C.TREASURES[st.track]
        # spend the goods when they are not bound for a sale worth more than the spaces
        return st.cargo[t.res] > 0 and (cx.v.ending or t.advance >= 3 or st.track_pos + t.advance >= t.length)

    def _hide(self, cx: Ctx, legal: list[Any], final: bool) -> Any:
        v, st = cx.v, cx.st
        miser = (any(C.LIFE_GOALS[g].kind == C.G_CHEST for g in v.my_goals if g in cx.goal_w)
                 or any(C.MISSIONS[c].cond == C.M_CHEST for c in v.missions))
        target = next((C.LIFE_GOALS[g].target for g in cx.goal_w if C.LIFE_GOALS[g].kind == C.G_CHEST), 0)
        if target and st.chest_gold + st.gold >= target:
            miser = True  # the goal is in reach: lock it in
        last_turn = final and v.actions_left == 0
        if last_turn:
            return None
        if st.gold >= 400 and HideGold(100) in legal and self._quest_wants(cx, C.Q_HIDE):
            return HideGold(100)
        reserve = 700 if not miser else 300
        quest = v.quests[cx.me] if v.quests else None
        if quest is not None and quest.kept >= 0 and C.WISHES[quest.kept].cond == C.W_GOLD:
            reserve = max(reserve, C.WISHES[quest.kept].amount)  # the dowry stays on the ship
        if miser and st.gold >= reserve + 500:
            for amount in (1000, 500):
                if st.gold - amount >= reserve and HideGold(amount) in legal:
                    return HideGold(amount)
        return None

    # ---- tasks

    def best_task(self, cx: Ctx) -> tuple[int, int] | None:
        tasks = self.tasks(cx)
        return tasks[0] if tasks else None

    def tasks(self, cx: Ctx) -> list[tuple[int, int]]:
        """The islands to work at and the actions to take there, best value per action first."""
        v, st, me = cx.v, cx.st, cx.me
        pos = st.node
        rounds_left = max(1, 20 - clock(v)) if not v.ending else 0
        cands: list[tuple[float, int, int]] = []

        # epic: only the goals end the game, so a rich captain's Gold buys less than the goals still open
        rich = 0.25 if getattr(v, "epic", False) and st.gold + st.chest_gold >= 5000 else 1.0

        def add(value: float, island: int, action: int, actions: float) -> None:
            if value <= 0 or island < 0:
                return
            if action in (C.ACT_BUY, C.ACT_SELL):
                value *= rich
            cost = cx.trips(pos, island) + actions
            if v.ending and cost > v.actions_left + (0 if v.turn == me else 0):
                return
            cands.append((value / max(1.0, cost), island, action))

        merchant_w = cx.want(C.G_SOLD)
        sold_goal = next((C.LIFE_GOALS[g].target for g in cx.goal_w if C.LIFE_GOALS[g].kind == C.G_SOLD), 12)
        unit_goal = merchant_w / sold_goal * VP_GOLD if merchant_w else 0.0
        held = sum(st.cargo)
        # 1. sell what we carry
        for isl in range(6):
            val = self._sell_value(cx, isl)
            if val > 0:
                units = sum(st.cargo[r] for r in range(3) if v.islands[isl].sells[r])
                add(val + units * unit_goal, isl, C.ACT_SELL, 1)
        # 2. a trade run: buy where a good is made, sell where it pays best
        room = st.hull - held
        if room > 0 and st.gold >= 100 and rounds_left:
            for res, prod in PROD.items():
                if v.islands[prod].pest == "plague":
                    continue
                n = min(room, st.gold // 100)
                buyer = BEST_BUYER[res]
                margin = v.islands[buyer].sells[res] - 100 + (C.HAGGLE_BONUS // max(1, n) if st.talent == C.HAGGLER else 0)
                run = cx.trips(prod, buyer) + 2
                add((n * (margin + unit_goal) - 50 * run) * (run / (run + cx.trips(pos, prod))), prod, C.ACT_BUY,
                    run - 1)
        # 3. upgrades
        up = self._upgrade_value(cx)
        cheapest = min(C.upgrade_cost(x + 1) - (C.SHIPWRIGHT_DISCOUNT if st.talent == C.SHIPWRIGHT else 0)
                       for x in (st.speed, st.strength, st.hull) if x < C.MAX_ATTR) if min(
                           st.speed, st.strength, st.hull) < C.MAX_ATTR else 10**6
        if up > 0 and st.gold >= cheapest:
            island = pos if pos < 6 else self._nearest_island(cx)
            add(up, island, C.ACT_UPGRADE, 1)
        # 4. treasure
        tv = self._treasure_task(cx)
        if tv is not None:
            cands.append(tv)
        # 5. missions
        mv = self._mission_task(cx)
        if mv is not None:
            cands.append(mv)
        # 6. rituals for the Mystic, and crew
        mystic = cx.want(C.G_RITUALS)
        limit = C.MYSTIC_RITUALS if st.talent == C.MYSTIC else C.HAND_LIMIT
        if st.ritual_cards < limit and v.ritual_deck and (mystic or st.ritual_cards == 0):
            val = 120 + (mystic / 4 * VP_GOLD * 1.6 if mystic else 0)
            where = st.node if st.talent == C.MYSTIC and st.node < 6 else C.ISLA_OSCURA
            add(val, where, C.ACT_LEARN, 1)
        # goods a held ritual still lacks
        for rt in v.rituals:
            cost = C.RITUALS[rt].cost
            for r in range(3):
                if cost[r] > st.cargo[r] and st.gold >= 100 and held < st.hull:
                    add(150 + (mystic / 4 * VP_GOLD * 1.6 if mystic else 0), PROD[r], C.ACT_BUY, 1)
        if st.crew_cards < 2 and v.crew_deck and st.gold >= 500 and not v.ending:
            add(240 + (150 if cx.want(C.G_SHIP) or cx.want(C.G_RAISED) else 0), C.THE_BAY, C.ACT_HIRE, 1)
        # 7. the Explorer: an island not yet visited
        ex = cx.want(C.G_ISLANDS)
        if ex:
            for isl in range(6):
                if isl not in st.islands_visited:
                    add(ex / 6 * VP_GOLD * 1.5, isl, C.ACT_SCOUT if isl != pos else C.ACT_UPGRADE, 0.3)
        # 8. a merchant it can beat, near enough
        if not v.ending and cx.g is not None:
            mine = st.strength_now
            for mv in v.merchants:
                if cx.trips(pos, mv.node) <= 2 and mine - self._merchant_strength(mv) >= self._margin(cx):
                    brigand = cx.want(C.G_DEFEAT) / 3 * VP_GOLD * 2 if getattr(v, "epic", False) else 0.0
                    add(self._merchant_value(mv) + brigand, mv.node, C.ACT_BOARD, 1.5)
        # 9. the open tasks of a title quest
        self._quest_tasks(cx, add, rounds_left)
        # 10. a fortress it can take, for the Conqueror
        conqueror = cx.want(C.G_FORTRESS)
        if conqueror and not v.ending and v.fortresses:
            for isl in range(6):
                if v.fortresses[isl] != -2 and st.strength_now - self._fortress_strength(v, isl) >= 1:
                    add(C.FORTRESS_GOLD + 3 * VP_GOLD + conqueror / 2 * VP_GOLD, isl, C.ACT_RAID, 1.5)
        # 11. a monster on the map, for a ship that can take its bites
        if not v.ending and self._can_hunt(cx):
            slayer = cx.want(C.G_MONSTER)
            for h in v.hunts:
                here = h.track[me] if me < len(h.track) else 0
                hunts_left = max(1.0, (h.length - max(1, here)) / 2.2)
                val = 3.0 * VP_GOLD + 400 + slayer * VP_GOLD
                add(val * (1.0 if slayer or here else 0.5), h.node, C.ACT_HUNT, hunts_left)
        if self._slayer(cx) and not v.ending and not v.hunts and st.crew_cards < C.HAND_LIMIT and v.crew_deck \
                and st.gold >= 500:  # epic: a First Mate to hire, to lure a monster for the Monster Slayer
            add(900 + cx.want(C.G_MONSTER) / 2 * VP_GOLD, C.THE_BAY, C.ACT_HIRE, 1)
        # 12. the soulmate's wish, the combat missions (the brother's and the uncle's among them), the relatives
        # aboard pirate hunters (issue 17)
        self._wish_tasks(cx, add)
        self._combat_mission_tasks(cx, add)
        self._hunter_family_tasks(cx, add)
        if st.gold < C.BUY_PRICE:  # a plundered captain cannot buy: no task may send it to a market to buy
            cands = [c for c in cands if c[2] != C.ACT_BUY]
        cands.sort(reverse=True)
        return [(island, action) for _, island, action in cands]

    def _quest_tasks(self, cx: Ctx, add: Any, rounds_left: int) -> None:
        v, st, me = cx.v, cx.st, cx.me
        tasks = open_quest_tasks(v, me)
        if not tasks or v.ending or st.free_markers < 1:
            return
        left = {t: sum(1 for x in tasks if x[0] == t) for t, _, _ in tasks}
        pos = st.node
        for title, kind, a in tasks:
            # a task is worth a third of the quest, more as the quest nears its end
            qv = quest_value(v, title, rounds_left) / 3 * (1.6 if left[title] == 1 else 1.0)
            if kind == C.Q_SELL_AT:
                prices = v.islands[a].sells
                if any(st.cargo[r] and prices[r] for r in range(3)):
                    add(qv + self._sell_value(cx, a), a, C.ACT_SELL, 1)
                elif st.gold >= C.BUY_PRICE and st.hull > sum(st.cargo):
                    for r in range(3):
                        if prices[r] and PROD.get(r, -1) >= 0:
                            add(qv * 0.7, PROD[r], C.ACT_BUY, 1 + cx.trips(PROD[r], a))
            elif kind == C.Q_ANCHOR:
                add(qv, a, C.ACT_SCOUT if a != pos else C.ACT_UPGRADE, 0.3)
            elif kind == C.Q_SPOT and cx.g is not None and cx.g.spots:
                n = min(cx.g.spots, key=lambda x: cx.dist(pos, x))
                add(qv, n, C.ACT_TRAVEL, 0.2)
            elif kind == C.Q_RITUAL and st.ritual_cards == 0 and v.ritual_deck:
                where = pos if st.talent == C.MYSTIC and pos < 6 else C.ISLA_OSCURA
                add(qv * 0.6, where, C.ACT_LEARN, 1)
            elif kind == C.Q_SELL_TREASURE:
                priced = [C.TREASURES[c].price for c in st.ship_treasures if C.TREASURES[c].price]
                if priced:
                    island = pos if pos < 6 else self._nearest_island(cx)
                    add(qv + min(priced), island, C.ACT_SELL, 1)
            elif kind == C.Q_MONSTER and min(st.speed, st.strength, st.hull) >= 3:
                for hv in v.hunts:
                    if hv.node >= 0:
                        add(qv, hv.node, C.ACT_HUNT, 4)
            elif kind == C.Q_RAID and v.fortresses:
                for isl in range(6):
                    fid = v.fortresses[isl]
                    if fid == -2:
                        continue
                    fs = C.FORTRESSES_DATA[fid].strength if fid >= 0 else self._fortress_strength(v, isl)
                    if st.strength_now - fs >= (1 if left[title] == 1 else 2):
                        add(qv + C.FORTRESS_GOLD * 0.5, isl, C.ACT_RAID, 1)
            elif kind == C.Q_CAPTAIN and cx.g is not None:
                for i, other in enumerate(v.seats):
                    if i != me and other.node >= 6 and cx.trips(pos, other.node) <= 2 \
                            and st.strength_now - other.strength_now >= 2:
                        add(qv, other.node, C.ACT_BOARD, 1.5)
            elif kind == C.Q_GUNFIGHT and cx.g is not None:
                for mv in v.merchants:
                    if cx.trips(pos, mv.node) <= 3 and (mv.speed < 0 and st.speed_now >= 4 or 0 <= mv.speed < st.speed_now):
                        add(qv, mv.node, C.ACT_GUNFIGHT, 1.2)
            elif kind in (C.Q_SMALL, C.Q_LARGE, C.Q_MERCHANT, C.Q_HUNTER) and cx.g is not None:
                for mv in v.merchants:
                    if kind == C.Q_SMALL and mv.size != "small" or kind == C.Q_LARGE and mv.size == "small":
                        continue
                    if kind == C.Q_HUNTER and not (mv.strength >= 0 and mv.vp >= 3):
                        continue
                    margin = 1 if left[title] == 1 or title in TITLE_STRENGTH else 2  # a fighting quest dares more
                    if cx.trips(pos, mv.node) <= 3 and st.strength_now - self._merchant_strength(mv) >= margin:
                        add(qv + self._merchant_value(mv), mv.node, C.ACT_BOARD, 1.5)

    def _wish_tasks(self, cx: Ctx, add: Any) -> None:
        """The kept wish of the soulmate quest: a soulmate is worth about two life goals' spots in seals and
        bonus, and most wishes are one or two actions away (issue 17)."""
        v, st, me = cx.v, cx.st, cx.me
        w = kept_wish(v, me)
        if w < 0 or v.ending:
            return
        wish = C.WISHES[w]
        left = wish_left(v, me)
        pos = st.node
        worth = SOULMATE_GOLD / (left if wish.cond in (C.W_SELL, C.W_UPGRADE) else 1)
        if wish.cond == C.W_SELL:
            for isl in range(6):
                units = sum(st.cargo[r] for r in range(3) if v.islands[isl].sells[r] and v.islands[isl].pest != "plague")
                if units:
                    add(self._sell_value(cx, isl) + worth * min(units, left), isl, C.ACT_SELL, 1)
            if st.gold >= C.BUY_PRICE and st.hull > sum(st.cargo):
                for res, prod in PROD.items():
                    if v.islands[prod].pest != "plague":
                        add(worth * min(left, st.hull - sum(st.cargo), st.gold // C.BUY_PRICE) * 0.8, prod, C.ACT_BUY,
                            1 + cx.trips(prod, BEST_BUYER[res]))
        elif wish.cond == C.W_UPGRADE:
            if min(st.speed, st.strength, st.hull) < C.MAX_ATTR and st.gold >= C.upgrade_cost(
                    min(st.speed, st.strength, st.hull) + 1):
                add(worth + self._upgrade_value(cx), pos if pos < 6 else self._nearest_island(cx), C.ACT_UPGRADE, 1)
        elif wish.cond == C.W_RITUAL:
            if st.ritual_cards == 0 and v.ritual_deck:
                where = pos if st.talent == C.MYSTIC and pos < 6 else C.ISLA_OSCURA
                add(worth, where, C.ACT_LEARN, 2)  # the card, the goods it costs, the play
        elif wish.cond == C.W_DEFEAT and cx.g is not None:
            for mv in v.merchants:
                if cx.trips(pos, mv.node) <= 3 and st.strength_now - self._merchant_strength(mv) >= 1:
                    add(worth + self._merchant_value(mv), mv.node, C.ACT_BOARD, 1.5)
        elif wish.cond == C.W_MISSION:
            mt = self._mission_task(cx)
            if mt is not None:
                val, island, action = mt
                add(val * 3 + worth * 0.7, island, action, 2)
        elif wish.cond == C.W_RAISE:
            tt = self._treasure_task(cx)
            if tt is not None:
                val, island, action = tt
                add(val * 3 + worth * 0.7, island, action, 3)

    def _combat_mission_tasks(self, cx: Ctx, add: Any) -> None:
        """The governor's combat missions it holds (an English merchant, a large Spanish one, a fortress, a rival
        captain): the brother, the uncle and the others in the governor's prison are freed by them (issue 17)."""
        v, st, me = cx.v, cx.st, cx.me
        if v.ending or cx.g is None:
            return
        pos = st.node
        mine = st.strength_now
        for c in v.missions:
            m = C.MISSIONS[c]
            if m.cond != C.M_COMBAT:
                continue
            val = m.reward.gold + m.vp * VP_GOLD + cx.want(C.G_MISSIONS) / 3 * VP_GOLD
            if m.family >= 0 and all(m.family not in f for f in v.family):
                val += C.FAMILY[m.family].vp * VP_GOLD + FAMILY_ABILITY
            if m.b == 2 and v.fortresses:  # raid a fortress
                for isl in range(6):
                    if v.fortresses[isl] != -2 and mine - self._fortress_strength(v, isl) >= 1:
                        add(val + C.FORTRESS_GOLD, isl, C.ACT_RAID, 1.5)
            elif m.b in (0, 1):  # a merchant of a nation (a large one for b == 1)
                nation = C.NATIONS[m.a] if m.a >= 0 else ""
                for mv in v.merchants:
                    if nation and mv.nation and mv.nation != nation or m.b == 1 and mv.size == "small":
                        continue
                    if cx.trips(pos, mv.node) <= 3 and mine - self._merchant_strength(mv) >= 1:
                        add((val if mv.nation else val * 0.4) + self._merchant_value(mv), mv.node, C.ACT_BOARD, 1.5)
            elif m.b == 4:  # a rival captain in a boarding
                for i, other in enumerate(v.seats):
                    if i != me and other.node >= 6 and cx.trips(pos, other.node) <= 2 \
                            and mine - other.strength_now >= 2:
                        add(val, other.node, C.ACT_BOARD, 1.5)

    def _hunter_family_tasks(self, cx: Ctx, add: Any) -> None:
        """A pirate hunter seen holding one of the family: the relative's seals and ability, for a ship strong
        enough to come close (one more than the hunter, a point less than for a plain merchant)."""
        v, st = cx.v, cx.st
        if v.ending or cx.g is None:
            return
        for mv in v.merchants:
            if relative_aboard(mv, v) and cx.trips(st.node, mv.node) <= 4 \
                    and st.strength_now - self._merchant_strength(mv) >= 1:
                add(self._merchant_value(mv) + HUNTER_FAMILY_GOLD, mv.node, C.ACT_BOARD, 1.5)

    def _family_hunter_strength(self, cx: Ctx) -> int:
        """The strength a relative's pirate hunter on the map needs (0: none seen)."""
        need = [self._merchant_strength(mv) + 1 for mv in cx.v.merchants if relative_aboard(mv, cx.v)]
        return min(need) if need else 0

    def _quest_wants(self, cx: Ctx, kind: int) -> bool:
        return cx.st.free_markers > 0 and any(k == kind for _, k, _ in open_quest_tasks(cx.v, cx.me))

    # ------------------------------------------------------------------ combat

    @staticmethod
    def _merchant_strength(mv: Any) -> int:
        base = mv.strength if mv.strength >= 0 else (2 if mv.size == "small" else 5)
        return max(1, base - mv.damage)

    @staticmethod
    def _merchant_value(mv: Any) -> float:
        if mv.vp >= 0:
            return mv.vp * VP_GOLD + 400
        return (1 if mv.size == "small" else 2) * VP_GOLD + (300 if mv.size == "small" else 800)

    @staticmethod
    def _can_hunt(cx: Ctx) -> bool:
        """A ship that can take a monster's bites: every attribute 3 or more (a bite, a red die, a failed test each
        cost an upgrade)."""
        st = cx.st
        return min(st.speed, st.strength, st.hull) >= 3

    def _hunts_monsters(self, cx: Ctx) -> bool:
        """Worth luring or summoning a monster: the Monster Slayer is still to win, the ship can take it, and there
        are rounds enough left for the hunt."""
        return cx.want(C.G_MONSTER) > 0 and self._can_hunt(cx) and not cx.v.ending and cx.v.round <= 15

    def _fight(self, cx: Ctx, acts: dict[int, Any]) -> Any:
        v, st, me = cx.v, cx.st, cx.me
        mine = st.strength_now
        node = st.node
        fog = cx.g is not None and node >= 0 and cx.g.fog[node]
        if C.ACT_HUNT in acts and self._can_hunt(cx):
            return acts[C.ACT_HUNT]
        if C.ACT_BOARD in acts:
            best = -99
            for mv in v.merchants:
                if mv.node == node:
                    edge = mine + fog - self._merchant_strength(mv)
                    if "your " in mv.reward:
                        edge += 1  # a lost relative aboard (issue 17): worth a closer fight
                    best = max(best, edge)
            captain = self._quest_wants(cx, C.Q_CAPTAIN)
            for i, other in enumerate(v.seats):
                if i != me and other.node == node and (other.gold >= 400 or sum(other.cargo) >= 2 or other.ship_treasures
                                                       or captain):
                    best = max(best, mine + fog - other.strength_now)
            if best >= self._margin(cx):
                return acts[C.ACT_BOARD]
        if C.ACT_GUNFIGHT in acts and self._quest_wants(cx, C.Q_GUNFIGHT) and any(
                mv.node == node and (mv.speed < 0 or mv.speed < st.speed_now) for mv in v.merchants):
            return acts[C.ACT_GUNFIGHT]
        if C.ACT_RAID in acts and not (v.ending and v.actions_left == 0):
            if mine - self._fortress_strength(v, node) >= (1 if cx.want(C.G_FORTRESS) else 2):
                return acts[C.ACT_RAID]
        return None

    @staticmethod
    def _fortress_strength(v: Any, island: int) -> float:
        """The strength of the fortress on ``island``: printed once it is revealed; face down, the average of
        the fortresses nobody has seen yet (Fort Nassau counted with the fortresses already taken)."""
        forts = v.fortresses or [-1] * 6
        taken = sum(1 for f in forts if f == -2)

        def of(f: int) -> int:
            d = C.FORTRESSES_DATA[f]
            return d.strength + (taken if d.rule == C.F_REINFORCED else 0)

        fid = forts[island]
        if fid >= 0:
            return float(of(fid))
        known = {f for f in forts if f >= 0} | {f for won in v.forts_won for f in won}
        unseen = [f for f in range(len(C.FORTRESSES_DATA)) if f not in known]
        return sum(of(f) for f in unseen) / len(unseen) if unseen else 6.0

    def target(self, cx: Ctx, legal: list[Any]) -> Any:
        v, st = cx.v, cx.st

        gun = v.action == "Gunfight" and self._quest_wants(cx, C.Q_GUNFIGHT)
        rival = self._quest_wants(cx, C.Q_CAPTAIN) or any(
            C.MISSIONS[c].cond == C.M_COMBAT and C.MISSIONS[c].b == 4 for c in v.missions)

        def score(m: Any) -> float:
            if m.code >= 10:
                mv = next((x for x in v.merchants if x.node == m.code - 10), None)
                if mv is None:
                    return 0.0
                family = 2.0 if relative_aboard(mv, v) else 0.0
                return st.strength_now - self._merchant_strength(mv) + 0.5 + (10 if gun else 0) + family
            o = v.seats[m.code]
            return st.strength_now - o.strength_now + (o.gold + 300 * sum(o.cargo)) / 1000 + (2.0 if rival else 0.0)
        return max(legal, key=score)

    def plunder(self, cx: Ctx, legal: list[Any]) -> Any:
        v = cx.v
        # the plundered captain is the one whose ship lost: judge by the values on offer
        def value(m: Any) -> float:
            if m.kind == 0:
                lo = next((i for i, x in enumerate(v.seats) if i != cx.me and x.node == cx.st.node), -1)
                return v.seats[lo].gold / 2 if lo >= 0 else 100
            if m.kind == 1:
                units = (m.item // 16, m.item // 4 % 4, m.item % 4)
                return sum(units) * 300 - 10 * abs(units[0] - units[2])
            t = C.TREASURES[m.item]
            return t.vp * VP_GOLD + t.price / 2 + (400 if t.bonus in C.LASTING else 0)
        return max(legal, key=value)

    def lose(self, cx: Ctx, legal: list[Any]) -> Any:
        st = cx.st
        vals = {C.SPEED: st.speed, C.STRENGTH: st.strength, C.HULL: st.hull}
        held = sum(st.cargo)

        def keep(m: Any) -> float:
            a = m.attr
            cost = vals[a] * 1.0
            if a == C.HULL and held >= st.hull:
                cost += 2
            if a == C.STRENGTH:
                cost += 0.5
            return -cost
        return max(legal, key=keep)

    def hunt(self, cx: Ctx, legal: list[Any]) -> Any:
        v, st = cx.v, cx.st
        h = next((x for x in v.hunts if x.card >= 0), None)
        if h is None:
            return legal[0]
        opts = C.HUNT_CARDS[h.card].options
        vals = {C.SPEED: st.speed_now, C.STRENGTH: st.strength_now, C.HULL: st.hull}

        def score(m: Any) -> float:
            o = opts[m.option]
            k = o.kind
            gain = o.advance * 1.0
            if k == C.O_BACK:
                return -o.advance
            if k == C.O_GOODS:
                return gain - 0.8 * o.b
            if k in (C.O_LOSE, C.O_LOSE_ATTR):
                return gain - 3.5
            if k == C.O_RED:
                return gain - 1.5
            if k == C.O_BLUE:
                return 1.2
            if k == C.O_TEST:
                return gain if vals[o.a] >= o.b else -3
            if k == C.O_PAY:
                return gain - o.a / 250
            if k == C.O_GOLD:
                return o.a / 250
            if k == C.O_REFIT:
                return 2.5
            return gain + 0.5
        return max(legal, key=score)

    def stack(self, cx: Ctx, legal: list[Any]) -> Any:
        seen = cx.v.hunt_seen
        if seen < 0:
            return legal[0]
        best = max(o.advance for o in C.HUNT_CARDS[seen].options if o.kind in (C.O_ADVANCE, C.O_BLUE, C.O_GOLD))\
            if any(o.kind in (C.O_ADVANCE, C.O_BLUE, C.O_GOLD) for o in C.HUNT_CARDS[seen].options) else 0
        return legal[0] if best >= 2 else legal[1]

    def marker(self, cx: Ctx, legal: list[Any]) -> Any:
        def value(m: Any) -> float:
            mk = C.MONSTER_MARKERS[m.marker]
            return mk.vp * VP_GOLD + mk.gold + mk.upgrades * 450 + mk.treasure * 700 + (mk.crew + mk.ritual) * 250
        return max(legal, key=value)

    def duel(self, v: Any, asking: str, legal: list[Any]) -> Any:
        return duel_choice(v, asking, legal, self.rng)

    def _nearest_island(self, cx: Ctx) -> int:
        return min(range(6), key=lambda i: cx.dist(cx.st.node, i))

    def _sell_value(self, cx: Ctx, isl: int) -> float:
        v, st = cx.v, cx.st
        if isl < 0 or isl >= 6 or v.islands[isl].pest == "plague":
            return 0.0
        prices = v.islands[isl].sells
        val = 0.0
        baron = C.BARON_GOLD if C.T_BARON in st.titles else 0  # the title's bonus is counted in the price
        for r in range(3):
            if st.cargo[r] and prices[r] >= 300 and self._spare(cx, r) > 0:
                val += min(st.cargo[r], self._spare(cx, r)) * (prices[r] + baron)
        if val and st.talent == C.HAGGLER:
            val += C.HAGGLE_BONUS
        for c in st.ship_treasures:
            t = C.TREASURES[c]
            if self._sell_treasure(cx, c):
                val += t.price
        return val

    def _spare(self, cx: Ctx, res: int) -> int:
        """Units of ``res`` not bound for a mission delivery."""
        need = 0
        for c in cx.v.missions:
            m = C.MISSIONS[c]
            if m.cond == C.M_DELIVER and m.b == res:
                need += m.c
        return cx.st.cargo[res] - need

    def _sell_treasure(self, cx: Ctx, card: int) -> bool:
        t = C.TREASURES[card]
        if not t.price:
            return False
        late = clock(cx.v) >= 14 or cx.v.ending
        if t.bonus in C.LASTING and not late:
            return False
        if cx.want(C.G_CHEST) or cx.want(C.G_SHIP):
            return t.price >= t.vp * 450
        return t.price >= t.vp * (1000 if late else 550)

    def _upgrade_value(self, cx: Ctx) -> float:
        st = cx.st
        ship = cx.want(C.G_SHIP)
        target = next((C.LIFE_GOALS[g].target for g in cx.goal_w if C.LIFE_GOALS[g].kind == C.G_SHIP), 15)
        total = st.speed + st.strength + st.hull
        val = 0.0
        if ship and total < target:
            val += ship / max(1, target - 9) * VP_GOLD * 1.4
        if st.hull < 6:
            val += 300 * max(0, 14 - clock(cx.v)) / 6
        if st.speed < 5:
            val += 90
        if cx.want(C.G_RAISED) and st.strength < 6:
            val += 120
        need = self._family_hunter_strength(cx)
        if need and st.strength < C.MAX_ATTR and st.strength_now < need and need - st.strength_now <= 2:
            val += 350  # a relative aboard a pirate hunter, one or two upgrades away (issue 17)
        if any(C.TITLES[q].name in FIGHTING for q, _, _ in open_quest_tasks(cx.v, cx.me)) and st.strength < 6:
            val += 200  # a fighting title quest wants a ship that wins its fights
        if getattr(cx.v, "epic", False):  # a long game: the fortresses want strength, and riches buy anything
            if cx.want(C.G_FORTRESS) and st.strength < C.MAX_ATTR:
                val += 250
            if st.gold >= 3000:
                val += 300
        return val

    def _treasure_task(self, cx: Ctx) -> tuple[float, int, int] | None:
        v, st = cx.v, cx.st
        raider = cx.want(C.G_RAISED)
        dig = max(1, st.strength_now + (C.HUNTER_DIG if st.talent == C.TREASURE_HUNTER else 0))
        best = None
        cards = list(v.treasure_hand) + ([st.track] if st.track >= 0 else [])
        for c in cards:
            t = C.TREASURES[c]
            left = t.length - (st.track_pos if c == st.track else 0)
            digs = -(-left // dig)
            value = t.vp * VP_GOLD + t.price * 0.4 + raider / 3 * VP_GOLD + 150
            if t.family >= 0:  # a relative: its ability instead, and no Tomb Raider (issue 17)
                value += FAMILY_ABILITY - raider / 3 * VP_GOLD
            if t.ring and seeks_soulmate(v, cx.me):
                value += RING_GOLD  # a ring begins the soulmate quest
            cost = cx.trips(st.node, t.island) + digs
            if v.ending and cost > v.actions_left:
                continue
            cand = (value / max(1, cost), t.island, C.ACT_DIG)
            if best is None or cand > best:
                best = cand
        if best is None and len(cards) < C.TREASURE_LIMIT and not v.ending and clock(v) <= 16:
            value = (raider / 3 * VP_GOLD * 1.2 + 2.0 * VP_GOLD + 300)
            cost = 1 + 5 + 1.5
            island = st.node if st.node < 6 else self._nearest_island(cx)
            best = (value / (cost + cx.trips(st.node, island)), island, C.ACT_SCOUT)
        return best

    def _mission_task(self, cx: Ctx) -> tuple[float, int, int] | None:
        v, st = cx.v, cx.st
        gov = cx.want(C.G_MISSIONS)
        best: tuple[float, int, int] | None = None
        cand: tuple[float, int, int]
        for c in v.missions:
            m = C.MISSIONS[c]
            val = m.reward.gold + m.vp * VP_GOLD + gov / 3 * VP_GOLD + 200 * (m.reward.crew + m.reward.ritual)
            if m.cond == C.M_AT:
                cand = (val / max(1, cx.trips(st.node, m.a)), m.a, C.ACT_SCOUT)
            elif m.cond == C.M_SPOT and getattr(v, "epic", False) and cx.g is not None:
                spot = next((n for n in cx.g.spots if cx.g.spot[n] == m.a), -1)
                if spot < 0:
                    continue
                cand = (val / max(1, cx.trips(st.node, spot)), spot, C.ACT_SCOUT)  # sail there; the claim follows
            elif m.cond == C.M_DELIVER:
                if st.cargo[m.b] >= m.c:
                    cand = (val / max(1, cx.trips(st.node, m.a)), m.a, C.ACT_SELL)
                elif st.hull - sum(st.cargo) + st.cargo[m.b] >= m.c:
                    prod = PROD[m.b]
                    cost = cx.trips(st.node, prod) + 1 + cx.trips(prod, m.a)
                    cand = (val / max(1, cost), prod, C.ACT_BUY)
                else:
                    continue
            else:
                continue
            if best is None or cand > best:
                best = cand
        officials = sum(1 for c in v.missions if C.MISSIONS[c].kind == C.OFFICIAL)
        holds_official = officials >= (C.SILVER_OFFICIAL if st.talent == C.SILVER_TONGUE else 1)
        feasible = sum(1 for c in v.missions if self._mission_feasible(cx, c))
        more = getattr(v, "epic", False) and gov > 0  # epic: the governor's goal is one of ten, and it waits
        if not holds_official and (feasible < 2 or more) and v.mission_deck and not v.ending and clock(v) <= 17:
            val = 700 + 1.4 * VP_GOLD + gov / 3 * VP_GOLD * 1.3
            trip = 1 + cx.trips(st.node, C.PORT_ROYAL) + 2.5
            cand = (val / trip, C.PORT_ROYAL, C.ACT_MISSION)
            if best is None or cand > best:
                best = cand
        return best

    def _mission_feasible(self, cx: Ctx, card: int) -> bool:
        m = C.MISSIONS[card]
        if m.needs not in C.BUILT:
            return False
        if m.cond == C.M_SPOT:
            return cx.g is not None and any(cx.g.spot[n] == m.a for n in cx.g.spots)
        if m.cond == C.M_SMUGGLE:
            return bool(cx.v.box)
        if m.kind == C.TITLE and getattr(cx.v, "epic", False) and cx.v.round > 20:
            # a long epic game: a title quest barely begun, while the mission hand is full or no progress marker
            # is free, blocks the governor's missions, the treasure hunts and the monster hunts
            st = cx.st
            if len(cx.v.missions) >= C.MISSION_LIMIT or st.free_markers == 0:
                done = dict(zip(st.missions_open, st.quest_tasks or [0] * len(st.missions_open), strict=False))
                return bin(done.get(card, 0)).count("1") >= 2
        if m.cond == C.M_COMBAT and getattr(cx.v, "epic", False) and cx.v.round > 20:
            # a long epic game: a combat mission with nothing on the map to fight for it blocks new missions
            v = cx.v
            if m.b == 2:
                return any(f != -2 for f in (v.fortresses or []))
            if m.b in (0, 1):
                nation = C.NATIONS[m.a] if m.a >= 0 else ""
                return any(not (nation and mv.nation and mv.nation != nation) and not (m.b == 1 and mv.size == "small")
                           for mv in v.merchants)
        return True

    # ------------------------------------------------------------------ sub-steps

    def sail(self, cx: Ctx, legal: list[Any]) -> Any:
        v, st = cx.v, cx.st
        # the first task somewhere else (the one the turn chose to sail for: those here were not possible now)
        target = next((isl for isl, _ in self.tasks(cx) if isl != st.node), -1)
        if target < 0:
            target = self._nearest_island_other(cx)
        g = cx.g

        def score(m: Sail) -> tuple[float, float]:
            n = m.node
            d = cx.dist(n, target)
            bonus = 0.0
            if g is not None and g.kind[n] == chart.SPOT:
                if g.spot[n] == C.SPOT_MARKET:
                    bonus = 0.6
                elif g.spot[n] in (C.SPOT_SHIPYARD, C.SPOT_MANGROVES):
                    bonus = 0.5
            if n < 6 and n not in st.islands_visited and cx.want(C.G_ISLANDS):
                bonus += 0.5
            if n < 6 and v.islands[n].pest == "plague":
                bonus -= 2
            return (-d + bonus, self.rng.below(100) / 1000)

        return max(legal, key=score)

    def _nearest_island_other(self, cx: Ctx) -> int:
        return min((i for i in range(6) if i != cx.st.node), key=lambda i: cx.dist(cx.st.node, i))

    def improve(self, cx: Ctx, legal: list[Any]) -> Any:
        st = cx.st

        def score(m: Improve) -> float:
            a = m.attr
            if a == C.HULL:
                return 3.0 - 0.4 * st.hull + (0.5 if cx.want(C.G_SOLD) else 0)
            if a == C.SPEED:
                return 2.6 - 0.4 * st.speed
            fighter = cx.want(C.G_FORTRESS) or cx.want(C.G_DEFEAT) or cx.want(C.G_MONSTER) or any(
                C.TITLES[q].name in FIGHTING for q, _, _ in open_quest_tasks(cx.v, cx.me))
            need = self._family_hunter_strength(cx)
            family = 0.9 if need and st.strength_now < need and need - st.strength_now <= 2 else 0.0
            return 2.2 - 0.4 * st.strength + (1.0 if cx.want(C.G_RAISED) else 0) + (0.8 if fighter else 0) + family

        return max(legal, key=score)

    def buy(self, cx: Ctx, legal: list[Any]) -> Any:
        return max(legal, key=lambda m: m.units if isinstance(m, Buy) else -1)

    def sell(self, cx: Ctx, legal: list[Any]) -> Any:
        v, st = cx.v, cx.st
        isl = st.node
        picked = list(v.sell_pick)
        for m in legal:
            if isinstance(m, SellPick):
                if m.item < TREASURE_ITEM:
                    r = m.item
                    price = v.islands[isl].sells[r]
                    spare = self._spare(cx, r) - picked.count(r)
                    best_elsewhere = max(v.islands[i].sells[r] for i in range(6))
                    if spare > 0 and (price >= best_elsewhere or price >= 300 or v.ending):
                        return m
                elif self._sell_treasure(cx, m.item - TREASURE_ITEM):
                    return m
        if self._quest_wants(cx, C.Q_SELL_TREASURE) and not picked:
            # the title quest's task: the treasure worth least besides its price (it came here to sell one)
            offers = [m for m in legal if isinstance(m, SellPick) and m.item >= TREASURE_ITEM]
            if offers:
                return min(offers, key=lambda m: C.TREASURES[m.item - TREASURE_ITEM].vp * VP_GOLD
                           + (400 if C.TREASURES[m.item - TREASURE_ITEM].bonus in C.LASTING else 0))
        return next(m for m in legal if isinstance(m, SellDone))

    # ---- the soulmate quest (issue 17)

    @staticmethod
    def wish_effort(v: Any, seat: int, w: int) -> float:
        """About how many actions the wish would cost this captain (public facts only: the neighbour judges
        the asker by them too)."""
        sv = v.seats[seat]
        wish = C.WISHES[w]
        if wish.cond == C.W_GOLD:
            return max(0, wish.amount - sv.gold) / 300 + 0.5
        if wish.cond == C.W_SELL:
            return 3.0 * wish.amount / max(1, sv.hull)
        if wish.cond == C.W_RAISE:
            return 6.0 if sv.track < 0 else 3.0
        if wish.cond == C.W_DEFEAT:
            return 3.0 if sv.strength_now >= 5 else 5.0 if sv.strength_now >= 4 else 8.0
        if wish.cond == C.W_MISSION:
            return 2.5 if sv.missions_open or sv.secret_missions else 5.0
        if wish.cond == C.W_UPGRADE:
            return 2.0 + max(0, 900 - sv.gold) / 300
        return 3.0 if sv.ritual_cards else 6.0  # W_RITUAL

    @staticmethod
    def soulmate_value(k: int) -> float:
        sm = C.SOULMATES[k]
        worth = {C.L_SPEED: 500, C.L_STRENGTH: 600, C.B_GOLD: sm.value}.get(sm.bonus, 0)
        return sm.vp * VP_GOLD + worth

    def pick(self, cx: Ctx, legal: list[Any]) -> Any:
        v, st = cx.v, cx.st
        if v.shown_deck == "wish":
            return min(legal, key=lambda m: self.wish_effort(v, cx.me, m.card))
        if v.shown_deck == "soulmate":
            return max(legal, key=lambda m: self.soulmate_value(m.card))
        if v.shown_deck == "mission":
            def mscore(m: Take) -> float:
                if m.card < 0:
                    return -1e9
                mc = C.MISSIONS[m.card]
                if not self._mission_feasible(cx, m.card):
                    return -1000
                if mc.kind == C.TITLE:
                    return self._quest_score(cx, mc.a)
                val = mc.reward.gold + mc.vp * VP_GOLD
                if mc.family >= 0 and all(mc.family not in f for f in v.family):
                    val += C.FAMILY[mc.family].vp * VP_GOLD + 300  # a relative freed (issue 17)
                if mc.cond == C.M_AT:
                    val -= 120 * cx.trips(st.node, mc.a)
                elif mc.cond == C.M_DELIVER:
                    val -= 120 * (cx.trips(st.node, PROD[mc.b]) + cx.trips(PROD[mc.b], mc.a))
                elif mc.cond == C.M_STAT:
                    have = (st.speed, st.strength, st.hull)[mc.a]
                    val -= 400 * max(0, mc.b - have)
                elif mc.cond == C.M_CHEST:
                    val -= 0 if cx.want(C.G_CHEST) else 500
                elif mc.cond in (C.M_RITUALS_TURN,):
                    val -= 0 if cx.want(C.G_RITUALS) else 600
                elif mc.cond in (C.M_SABOTAGE, C.M_SMUGGLE, C.M_PLAGUE):
                    val -= 500
                elif mc.cond == C.M_RAISE_AT:
                    val -= 200 if cx.want(C.G_RAISED) else 600
                return val
            return max(legal, key=mscore)

        dig = max(1, st.strength_now + (C.HUNTER_DIG if st.talent == C.TREASURE_HUNTER else 0))

        def tscore(m: Take) -> float:
            t = C.TREASURES[m.card]
            cost = cx.trips(st.node, t.island) + t.length / dig
            extra = FAMILY_ABILITY if t.family >= 0 else 0  # a relative's ability (issue 17)
            if t.ring and seeks_soulmate(v, cx.me):
                extra += RING_GOLD  # a ring begins the soulmate quest
            return (t.vp * VP_GOLD + t.price * 0.4 + 150 + extra) / max(1.0, cost)

        return max(legal, key=tscore)

    def _quest_score(self, cx: Ctx, title: int) -> float:
        """A title quest is worth its seals and its title's bonus, as likely to be done as its tasks lie on the
        roads this captain's goals take (and as many rounds are left to do them)."""
        v = cx.v
        rounds_left = max(1, 20 - v.round) if not v.ending else 0
        if rounds_left < 5 or cx.st.free_markers < 2:
            return -500
        fit = sum(cx.want(k) for k in TITLE_FIT[title]) / (C.GOAL_FIRST + C.GOAL_SECRET_BONUS)
        if cx.st.strength_now < TITLE_STRENGTH.get(title, 0):
            return -500  # a fighting quest for a ship that cannot fight yet (a fortress, a large merchant)
        if title in TITLE_STRENGTH:  # a ship that beats merchants takes a fighting quest in passing
            fit += 0.35 * min(2, cx.st.strength_now - TITLE_STRENGTH[title] + 1)
            if title == C.T_ADMIRAL and cx.st.speed_now >= 4:
                fit += 0.3  # fast enough to fire on most merchants: the gunfight is the Admiral's hard task
        ease = min(0.9, 0.25 + 0.45 * fit)
        return quest_value(v, title, rounds_left) * ease - 300

    def hire(self, cx: Ctx, legal: list[Any], asking: str) -> Any:
        if asking == "hire":
            pref = [C.FIRST_MATE, C.CARPENTER, C.SELLSWORD, C.CABIN_BOY, C.FENCE, C.SABOTEUR, C.DIGGER, C.SPY,
                    C.SMUGGLER]
            if cx.want(C.G_SHIP):
                pref.insert(0, C.CARPENTER)
            if cx.want(C.G_RAISED):
                pref[:0] = [C.DIGGER, C.SELLSWORD]
            if any(C.MISSIONS[c].cond == C.M_SABOTAGE for c in cx.v.missions):
                pref.insert(0, C.SABOTEUR)
            if any(C.MISSIONS[c].cond == C.M_SMUGGLE for c in cx.v.missions):
                pref.insert(0, C.SMUGGLER)
            if any(C.MISSIONS[c].cond == C.M_PEEKS for c in cx.v.missions):
                pref.insert(0, C.SPY)
            if self._slayer(cx):
                pref.insert(0, C.FIRST_MATE)  # epic: a First Mate lures the Sea Serpent
        else:
            st = cx.st
            pref = [C.TOTEM, C.IK, C.JAGUAR, C.PLAGUE, C.EYE, C.CURSE, C.BLESSING, C.BARGAIN, C.KRAKEN]

            def afford(t: int) -> int:
                return sum(max(0, need - st.cargo[r]) for r, need in enumerate(C.RITUALS[t].cost))

            rank = {t: i + 3 * afford(t) for i, t in enumerate(pref)}
            if not cx.want(C.G_RITUALS):
                rank[C.BLESSING] -= 4
                rank[C.BARGAIN] -= 3
            rank[C.KRAKEN] = 99
            return min(legal, key=lambda m: rank.get(m.card, 99))
        first: dict[int, int] = {}
        for i, t in enumerate(pref):
            first.setdefault(t, i)
        return min(legal, key=lambda m: first.get(m.card, 99))

    def drop(self, cx: Ctx, legal: list[Any]) -> Any:
        v = cx.v
        if v.dropping == "wish" and v.wish_for >= 0:
            # seed: "Your right hand neighbor chooses and discards one – usually the easiest one."
            return min(legal, key=lambda m: self.wish_effort(v, v.wish_for, m.card))
        if v.dropping == "mission":
            return min(legal, key=lambda m: (self._mission_feasible(cx, m.card), C.MISSIONS[m.card].vp))
        if v.dropping == "treasure":
            return min(legal, key=lambda m: C.TREASURES[m.card].vp * 1000 + C.TREASURES[m.card].price
                       - 100 * cx.dist(cx.st.node, C.TREASURES[m.card].island))
        return legal[-1]

    def gain(self, cx: Ctx, legal: list[Any]) -> Any:
        st = cx.st
        here = cx.v.islands[st.node].sells if st.node < 6 else [0, 0, 0]
        return max(legal, key=lambda m: (here[m.res], -st.cargo[m.res]) if isinstance(m, Gain) else (-1, 0))

    def dump(self, cx: Ctx, legal: list[Any]) -> Any:
        st = cx.st
        opts = [m for m in legal if isinstance(m, Dump) and m.res >= 0]
        if not opts:
            return legal[0]
        return max(opts, key=lambda m: st.cargo[m.res])

    def route(self, cx: Ctx, legal: list[Any]) -> Any:
        isl, routes = layout_of(cx.v)
        lay = chart.layout(isl, routes)
        w = self._island_weight(cx.v, cx.me)

        def score(m: PlaceRoute) -> float:
            a, b, _ = chart.route_ends(m.tile, m.site, m.dir)
            ia, ib = lay.isl_at.get(a, -1), lay.isl_at.get(b, -1)
            if ia >= 0 and ib >= 0 and cx.dist(ia, ib) > 4:
                return w[ia] * w[ib] * cx.dist(ia, ib)
            return 0.0

        return max(legal, key=score)

    # ------------------------------------------------------------------ the reaction window

    def react(self, cx: Ctx, legal: list[Any]) -> Any:
        v, st, me = cx.v, cx.st, cx.me
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            return legal[0]
        active = v.turn == me
        mystic = cx.want(C.G_RITUALS) > 0
        announce = v.window == "announce"
        scores = [s.score for s in v.seats]
        leader = max((i for i in range(v.players) if i != me), key=lambda i: scores[i])
        best, best_v = None, 0.0
        for m in plays:
            code, arg = m.card, m.arg
            card = C.CREW[code] if code < RITUAL_CODE else C.RITUALS[code - RITUAL_CODE]
            e = card.effect
            val = 0.0
            if code >= RITUAL_CODE and mystic:
                val += 2.0
            if code >= RITUAL_CODE and active and self._quest_wants(cx, C.Q_RITUAL):
                val += 1.2
            if e == C.E_SPEED and active and announce and v.action == "Travel":
                val += 1.5
            elif e == C.E_STRENGTH and active and announce and v.action == "Go on a treasure hunt":
                val += 1.5
            elif e == C.E_STRENGTH and v.window == "prelude" and v.duel is not None and me in v.duel.ships:
                mine = v.duel.ships.index(me)
                edge = v.duel.push if mine == 0 else -v.duel.push
                val += 1.6 if edge <= C.PRELUDE_OFF else 0.0
            elif e == C.E_ACTION and arg >= LURE_CODE:
                # the First Mate lures the Sea Serpent to a free spot instead: near the ship, for a monster hunter
                if self._hunts_monsters(cx) and not any(h.monster == C.MON_SERPENT for h in v.hunts):
                    val += 2.6 - 0.3 * cx.trips(st.node, arg - LURE_CODE)
            elif e == C.E_ACTION and active and v.window == "end" and v.actions_left == 0 and not v.ending:
                val += 2.0
            elif e == C.E_KRAKEN:
                if self._hunts_monsters(cx):
                    val += 2.4 - 0.3 * cx.trips(st.node, arg)
            elif e == C.E_UPGRADE:
                val += 1.2 if clock(v) <= 15 else 0.2
                if arg != C.HULL and st.hull < 5:
                    val -= 0.3
            elif e == C.E_GOLD:
                val += 1.8
            elif e == C.E_WIND and active and announce and v.action == "Travel":
                val += 1.0 if arg == 4 else -1
            elif e == C.E_SABOTAGE and v.window == "prelude" and v.duel is not None and me in v.duel.ships \
                    and arg in v.duel.ships and arg != me:
                val += 1.7
            elif e in (C.E_SABOTAGE, C.E_CURSE) and arg == leader and self.rng.below(3) == 0:
                val += 0.8 + (1.0 if any(C.MISSIONS[c].cond == C.M_SABOTAGE for c in v.missions) else 0)
            elif e == C.E_DIG:
                val += 1.4
            elif e == C.E_SCOUT and len(v.treasure_hand) + (st.track >= 0) < C.TREASURE_LIMIT:
                val += 1.0
            elif e == C.E_FENCE and not active:
                val += 0.2
            elif e == C.E_PLAGUE and any(C.MISSIONS[c].cond == C.M_PLAGUE for c in v.missions):
                val += 1.5
            elif e == C.E_ROUTE and any(C.MISSIONS[c].cond == C.M_SMUGGLE for c in v.missions):
                val += 1.5
            elif e == C.E_SPY and any(C.MISSIONS[c].cond == C.M_PEEKS for c in v.missions):
                val += 1.0
            if v.ending and v.turn == me and v.actions_left == 0 and v.window == "end":
                val += 0.5  # the last chance to use it
            if val > best_v:
                best, best_v = m, val
        return best if best is not None else legal[0]


def feared_zones(d: Any) -> list[float]:
    """Each zone's share of the wounds the other side may still attack with: the attacks neither played (the
    discard pile) nor in our own hand."""
    seen = set(d.discard) | set(d.hand)
    threat = [0.0, 0.0, 0.0]
    for c, card in enumerate(C.DUEL_CARDS):
        if card.red == C.RED_ATTACK and c not in seen:
            threat[card.zone] += card.wounds
    total = sum(threat) or 1.0
    return [x / total for x in threat]


def duel_choice(v: Any, asking: str, legal: list[Any], rng: Rng) -> Any:
    """A sensible duel card from the view alone: the side this seat decides for, its hand and the plank."""
    d = v.duel
    if d is None:
        return legal[0]
    side = d.my_side
    hand = list(d.hand)
    cards = C.DUEL_CARDS
    # how far each side is from falling: my room and the other's
    my_room = C.PLANK + 1 - (d.pos if side == 1 else -d.pos)
    their_room = 2 * C.PLANK + 2 - my_room
    if asking == "lead":
        return next((m for m in legal if m.side == side), legal[0])
    if asking == "swap":
        # set aside the plain low-wound cards whose guard is a zone we already cover twice
        for m in legal:
            if m.card >= 0 and cards[m.card].red == C.RED_ATTACK and cards[m.card].wounds == 1 \
                    and cards[m.card].blue == C.BLUE_GUARD:
                return m
        return next(m for m in legal if m.card < 0)
    if asking == "strike":
        plays = [m for m in legal if m.card >= 0]
        if not plays:
            return legal[0]
        attacks = [m for m in plays if cards[m.card].red == C.RED_ATTACK]
        # a finishing blow: the smallest attack that pushes the other captain off
        finishers = [m for m in attacks if cards[m.card].wounds >= their_room]
        if finishers:
            feint = next((m for m in plays if cards[m.card].red == C.RED_FEINT), None)
            if feint is not None and len(attacks) >= 1 and not d.feint:
                return feint
            return min(finishers, key=lambda m: (cards[m.card].blue != C.BLUE_GUARD, cards[m.card].wounds))
        # ahead on the plank with little left in hand: passing keeps the lead only if the other passes too
        rigg = next((m for m in plays if cards[m.card].red == C.RED_RIGG), None)
        if rigg is not None and len(hand) <= 2:
            return rigg
        if not attacks:
            return plays[0] if rigg is None else rigg

        fear = feared_zones(d)

        def keep_value(m: Any) -> float:
            # spend heavy attacks; keep the blue sides we will need: Throw sand and Insults, and the guards of the
            # zones the other side can still attack with (a second guard of a zone is worth less)
            c = cards[m.card]
            v0 = c.wounds * 2.0
            if c.blue == C.BLUE_SAND:
                v0 -= 2.5
            elif c.blue == C.BLUE_INSULT:
                v0 -= 1.8
            else:
                twin = any(x != m.card and cards[x].blue == C.BLUE_GUARD and cards[x].guard == c.guard for x in hand)
                v0 -= 3.0 * fear[c.guard] * (0.4 if twin else 1.0)
            return v0 + rng.below(10) / 100
        return max(attacks, key=keep_value)
    # parry
    atk = cards[d.attack]
    wounds = atk.wounds
    guards = [m for m in legal if m.card >= 0 and cards[m.card].blue == C.BLUE_GUARD]
    if guards:
        # the guard whose red side is the weakest attack
        return min(guards, key=lambda m: cards[m.card].wounds)
    specials = [m for m in legal if m.card >= 0]
    if specials and (wounds >= 2 or wounds >= my_room):
        sand = [m for m in specials if cards[m.card].blue == C.BLUE_SAND]
        insult = [m for m in specials if cards[m.card].blue == C.BLUE_INSULT]
        if wounds >= my_room and C.insulted(wounds) >= my_room:
            insult = []
        pick = (insult or sand) if wounds < 3 else (sand or insult)
        if pick:
            return pick[0]
    return next(m for m in legal if m.card < 0)


class OpenHeuristicBot(HeuristicBot):
    """The heuristic captain with its life goals, origin and talent drawn at random: in the lab
    every origin, talent and goal pair gets played, so their strength shows apart from taste."""

    level = "heuristic-any"

    def pick_goals(self, v: Any, me: int, legal: list[Any]) -> Any:
        return legal[self.rng.below(len(legal))]

    def pick_start(self, v: Any, me: int, legal: list[Any]) -> Any:
        return legal[self.rng.below(len(legal))]


LEVELS = {"heuristic": HeuristicBot, "heuristic-any": OpenHeuristicBot}

