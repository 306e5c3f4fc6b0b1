"""The heuristic bot pursues the soulmate's wish, the family and the fighting titles when they serve it
(issue 17): each pursuit is checked against the same position without the reason for it, and bot games
show the results (soulmates won, relatives freed from pirate hunters and by combat missions)."""

from __future__ import annotations

from engine import Match
from engine.bots import make
from engine.bots.base import Decision
from engine.core.rng import derive_seed
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.bots import Ctx, HeuristicBot
from engine.games.shiver.rules.common import the_graph
from engine.games.shiver.rules.family import counters
from tests.engine.shiver.helpers import quick_game

SHAMANS_CHARM = next(w for w, x in enumerate(C.WISHES) if x.cond == C.W_RITUAL)
ROYAL_SIGNET = next(i for i, t in enumerate(C.TREASURES) if t.name == "Royal Signet")
STORM_THE_FORTRESS = next(i for i, m in enumerate(C.MISSIONS) if m.name == "Storm the Fortress")
ADMIRAL = next(i for i, m in enumerate(C.MISSIONS) if m.name == "Admiral of the Crown")


def tasks(s, me: int) -> list[tuple[int, int]]:
    return HeuristicBot(RULES, 1).tasks(Ctx(RULES.view(s, me), me))


def rank(found: list[tuple[int, int]], task: tuple[int, int]) -> int:
    return found.index(task) if task in found else len(found)


def _wish_offers(s, me: int) -> list[tuple[float, int, int, float]]:
    offers: list[tuple[float, int, int, float]] = []
    HeuristicBot(RULES, 1)._wish_tasks(Ctx(RULES.view(s, me), me), lambda *a: offers.append(a))
    return offers


def test_a_captain_on_a_soulmate_quest_goes_for_its_wish():
    s = quick_game(2, seed=11)
    me = s.turn
    s.cargo[me] = [0, 0, 0]
    s.pos[me] = C.ISLA_OSCURA
    assert not s.rits[me] and _wish_offers(s, me) == []
    plain = tasks(s, me)
    s.wish_ring[me] = ROYAL_SIGNET
    s.wish_kept[me] = SHAMANS_CHARM  # "Play a ritual card."
    s.wish_pair[me] = sorted([SHAMANS_CHARM, 0])
    s.wish_base[me] = counters(s, me)
    offers = _wish_offers(s, me)
    assert [(isl, act) for _, isl, act, _ in offers] == [(C.ISLA_OSCURA, C.ACT_LEARN)]
    assert offers[0][0] >= max(x.vp for x in C.SOULMATES) * 350  # worth a soulmate, not a stray card
    quest = tasks(s, me)
    assert quest.count((C.ISLA_OSCURA, C.ACT_LEARN)) == plain.count((C.ISLA_OSCURA, C.ACT_LEARN)) + 1
    s.wish_done[me], s.wish_kept[me] = SHAMANS_CHARM, -1  # revealed: nothing more to pursue
    assert _wish_offers(s, me) == []


def test_a_captain_holding_a_combat_mission_raids_for_the_uncle():
    s = quick_game(2, seed=12)
    me = s.turn
    s.stg[me] = 7
    assert not any(a == C.ACT_RAID for _, a in tasks(s, me))  # no Conqueror: a fortress is not its road
    s.missions[me] = [STORM_THE_FORTRESS]  # "Raid a fortress." frees the uncle
    s.m_prog[me] = [0]
    raids = [t for t in tasks(s, me) if t[1] == C.ACT_RAID]
    assert raids


def _hunter_nearby(s, me: int, merchant: int) -> int:
    g = the_graph(s)
    node = min((n for n in g.anchors if n not in s.pos), key=lambda n: g.dist[s.pos[me]][n])
    s.merchant[node] = merchant
    s.m_up[node] = 1  # face up: everybody sees the hunter and who it holds
    return node


def test_a_relative_aboard_a_pirate_hunter_is_worth_a_closer_fight():
    aunt_hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.family == "aunt")
    plain_hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter and not m.family
                        and m.strength == C.MERCHANTS[aunt_hunter].strength)
    for merchant, wanted in ((plain_hunter, False), (aunt_hunter, True)):
        s = quick_game(2, seed=13)
        me = s.turn
        s.stg[me] = C.MERCHANTS[merchant].strength + 1  # one more: too close for a plain merchant
        node = _hunter_nearby(s, me, merchant)
        assert ((node, C.ACT_BOARD) in tasks(s, me)) == wanted


def test_a_strong_ship_takes_a_fighting_title_quest_it_would_have_left():
    s = quick_game(3, seed=14)
    me = s.turn
    bot = HeuristicBot(RULES, 1)
    s.stg[me] = 4  # Admiral needs 5: still left
    assert bot._quest_score(Ctx(RULES.view(s, me), me), C.T_ADMIRAL) < 0
    s.stg[me] = 6
    assert bot._quest_score(Ctx(RULES.view(s, me), me), C.T_ADMIRAL) > 0


def test_a_fighting_quest_sends_it_to_fire_on_a_slower_merchant():
    s = quick_game(2, seed=15)
    me = s.turn
    s.spd[me] = 6
    slow = next(i for i, m in enumerate(C.MERCHANTS) if m.speed == 1)
    node = _hunter_nearby(s, me, slow)
    assert (node, C.ACT_GUNFIGHT) not in tasks(s, me)
    s.missions[me] = [ADMIRAL]  # "hit a merchant in a gunfight" is one of its tasks
    s.m_prog[me] = [0]
    assert (node, C.ACT_GUNFIGHT) in tasks(s, me)


def test_bot_games_win_soulmates_and_free_relatives_from_hunters_and_missions():
    soulmates = freed = 0
    hard = {f for f, r in enumerate(C.FAMILY) if r.where in (C.HELD, C.PRISON) and r.name != "sister"}
    for seed in range(8):
        m = Match.new("shiver", players=3, seed=900 + seed)
        bots = [make("heuristic", RULES, derive_seed(900 + seed, x)) for x in range(3)]
        while not m.is_over():
            seat = m.to_act()[0]
            legal = m.legal(seat)
            mv = legal[0] if len(legal) == 1 else bots[seat].choose(Decision(RULES, seat, m.view(seat), legal, None))
            m.play(seat, mv)
        s = m.state
        soulmates += sum(1 for x in s.soulmate if x >= 0)
        freed += sum(1 for fam in s.family for f in fam if f in hard)
    assert soulmates >= 2 and freed >= 1, (soulmates, freed)


def test_the_lab_counts_soulmate_quests_and_the_wishes_fulfilled():
    from engine.games.shiver import lab
    from engine.lab import Job, play_one

    games = [play_one(Job("shiver", 900 + seed, 3, {}, ["heuristic"], False)) for seed in range(8)]
    by_key = {m.key: m for m in lab.metrics(3)}
    quests = sum(g["quests"] for g in games)
    wishes = sum(g["wishes"] for g in games)
    assert 0 < wishes <= quests
    assert sum(by_key["soulmate_quests"].per_game(g)[0] for g in games) == quests
    num, den = zip(*(by_key["wishes_fulfilled"].per_game(g) for g in games), strict=True)
    assert (sum(num), sum(den)) == (wishes, quests)
    assert sum(sum(1 for k in g["holds"]["soulmate"] if k) for g in games) == wishes  # one soulmate a wish


def test_a_keepers_quest_sells_the_treasure_it_came_to_sell():
    """Keeper of the King's Seal: "sell a treasure". A treasure with a lasting bonus is kept early in a game —
    unless the quest wants one sold (an epic game's clock never runs late, and the captain came back to
    sell it again and again)."""
    from engine.games.shiver.state import TREASURE_ITEM, Act, SellDone, SellPick

    keeper = next(i for i, m in enumerate(C.MISSIONS) if m.name == "Keeper of the King's Seal")
    spyglass = next(i for i, t in enumerate(C.TREASURES) if t.name == "Admiral's Spyglass")
    for quest in (False, True):
        s = quick_game(2, seed=16)
        me = s.turn
        s.cargo[me] = [0, 0, 0]
        s.t_ship[me] = [spyglass]
        if quest:
            s.missions[me] = [keeper]
            s.m_prog[me] = [0]
        RULES.apply(s, me, Act(C.ACT_SELL))
        while RULES.view(s, me).asking != "sell":
            seat = RULES.to_act(s)[0]
            RULES.apply(s, seat, RULES.legal(s, seat)[0])
        legal = RULES.legal(s, me)
        assert SellPick(TREASURE_ITEM + spyglass) in legal
        mv = HeuristicBot(RULES, 1).choose(Decision(RULES, me, RULES.view(s, me), legal, None))
        assert mv == (SellPick(TREASURE_ITEM + spyglass) if quest else SellDone())


def test_a_long_epic_game_drops_a_combat_mission_with_nothing_on_the_map_to_fight():
    galleon = next(i for i, m in enumerate(C.MISSIONS) if m.name == "Sink the Spanish Galleon")
    small = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.SMALL)
    large = next(i for i, m in enumerate(C.MERCHANTS) if m.size != C.SMALL and not m.hunter)
    s = quick_game(2, seed=17)
    s.epic = True
    me = s.turn
    s.missions[me] = [galleon]
    s.m_prog[me] = [0]
    bot = HeuristicBot(RULES, 1)

    def feasible() -> bool:
        return bot._mission_feasible(Ctx(RULES.view(s, me), me), galleon)

    s.merchant = [small if m >= 0 else m for m in s.merchant]  # only small merchants on the map
    s.round = 10
    assert feasible()  # early on a large merchant may still come
    s.round = 30
    assert not feasible()  # a long epic game: it only blocks the governor's next mission
    node = next(n for n, m in enumerate(s.merchant) if m >= 0)
    s.merchant[node] = large  # face down: it may be Spanish
    assert feasible()


def test_a_long_epic_game_drops_a_barely_begun_title_quest_that_fills_the_hand():
    titles = [i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE][:3]
    s = quick_game(2, seed=18)
    s.epic = True
    me = s.turn
    s.missions[me] = list(titles)
    s.m_prog[me] = [0, 0b011, 0]  # the second quest has two tasks done
    bot = HeuristicBot(RULES, 1)

    def feasible(card: int) -> bool:
        return bot._mission_feasible(Ctx(RULES.view(s, me), me), card)

    s.round = 10
    assert all(feasible(c) for c in titles)  # early on there is time for every quest
    s.round = 30
    assert [feasible(c) for c in titles] == [False, True, False]  # the hand is full: keep the one nearly done
    s.missions[me], s.m_prog[me] = titles[:1], [0]
    assert feasible(titles[0])  # room in the hand and markers free: nothing blocked
