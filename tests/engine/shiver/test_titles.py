"""Rise to nobility: the title quests and title cards (issue 17, part B), every rule as a test — and the
rulebook's King's Privateer example verbatim."""

from __future__ import annotations

from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules import titles
from engine.games.shiver.rules.common import S_TURN, movement, speed, strength, the_graph
from engine.games.shiver.state import (
    MERCHANT_TARGET,
    RITUAL_CODE,
    Act,
    DiscardCard,
    EndTurn,
    HideGold,
    Pass,
    StartHunt,
    Take,
    Target,
)
from tests.engine.shiver.helpers import play, quick_game

M = {m.name: i for i, m in enumerate(C.MISSIONS)}
QUEST = {t: M[C.TITLES[t].name] for t in range(len(C.TITLES))}


def settle(s) -> None:
    """Answer whatever the rules ask (windows passed, the first choice otherwise) until the active player is
    back at their turn's menu."""
    for _ in range(200):
        if s.step == S_TURN and s.actor == s.turn:
            return
        seat = RULES.to_act(s)[0]
        moves = RULES.legal(s, seat)
        move = Pass() if Pass() in moves else next((m for m in moves if not isinstance(m, EndTurn)), moves[0])
        play(s, seat, move)
    raise AssertionError("the rules kept asking")


def acquire(s, seat: int, card: int) -> list:
    """Acquire this mission at Port Royal (put on top of the deck first)."""
    s.pos[seat] = C.PORT_ROYAL
    s.m_deck.remove(card)
    s.m_deck.append(card)
    s.m_mask = [0] * len(s.m_deck)
    s.actions = 3
    ev = play(s, seat, Act(C.ACT_MISSION))
    ev += play(s, seat, Take(card))
    settle(s)
    return ev


def fresh(players: int = 2, seed: int = 3):
    s = quick_game(players, seed=seed)
    for i in range(players):
        s.crew[i] = []
        s.rits[i] = []
    return s


def defeat_merchant(s, seat: int, mid: int) -> list:
    """Board this merchant with strength 7: a difference above 3 pushes it off at once."""
    node = the_graph(s).anchors[0]
    s.merchant[node] = mid
    s.m_up[node] = s.m_damage[node] = 0
    s.pos[seat] = node
    s.stg[seat] = 7
    s.actions = 3
    ev = play(s, seat, Act(C.ACT_BOARD))
    ev += play(s, seat, Target(MERCHANT_TARGET + node))
    settle(s)
    assert mid in s.defeated[seat]
    return ev


def defeat_captain(s, winner: int, loser: int) -> list:
    g = the_graph(s)
    node = next(n for n in range(6, g.n) if g.kind[n] == chart.SEA)
    s.pos[winner] = s.pos[loser] = node
    s.stg[winner], s.stg[loser] = 7, 1
    s.actions = 3
    ev = play(s, winner, Act(C.ACT_BOARD))
    ev += play(s, winner, Target(loser))
    settle(s)
    return ev


SMALL = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.SMALL and not m.hunter)
LARGE = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.LARGE and not m.hunter and m.strength <= 3)
HUNTER = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter and not m.family)


def texts(ev) -> list[str]:
    return [e.text for e in ev]


# ---------------------------------------------------------------- the content


def test_six_title_quests_of_three_tasks_in_the_mission_deck_keep_their_names():
    quests = [m for m in C.MISSIONS if m.kind == C.TITLE]
    assert len(quests) == 6 and len(C.TITLES) == 6  # "There are six Title Quests total in the mission deck."
    assert [m.name for m in quests] == ["King's Privateer", "The Governor's Buccaneer", "Admiral of the Crown",
                                        "Baron of the Isles", "Lord of the Tides", "Keeper of the King's Seal"]
    for m in quests:
        assert len(C.TITLES[m.a].tasks) == 3 and m.vp > 0 and m.needs in C.BUILT
    privateer = C.TITLES[C.T_PRIVATEER]
    assert [t.kind for t in privateer.tasks] == [C.Q_SMALL, C.Q_LARGE, C.Q_CAPTAIN]
    assert C.Q_MONSTER in [t.kind for t in C.TITLES[C.T_BUCCANEER].tasks]


# ---------------------------------------------------------------- the King's Privateer example, verbatim


def test_the_kings_privateer_example():
    s = fresh()
    me, rival = 0, 1
    # "Reveal the Title Quest "King's Privateer" as soon as you acquire it."
    ev = acquire(s, me, QUEST[C.T_PRIVATEER])
    taken = next(e for e in ev if e.kind == "mission")
    assert taken.reveal and "King's Privateer" in taken.text
    assert RULES.view(s, rival).seats[me].missions_open == [QUEST[C.T_PRIVATEER]]
    # "To complete it, you will have to defeat a small merchant ship, a large merchant ship, and a pirate in
    # any order you choose." — here the pirate first, then the large merchant, then the small one
    defeat_captain(s, me, rival)
    assert s.m_prog[me] == [0b100] and RULES.view(s, rival).seats[me].quest_tasks == [0b100]
    defeat_merchant(s, me, LARGE)
    assert s.m_prog[me] == [0b110] and s.title_of[C.T_PRIVATEER] == -1
    base = strength(s, me)
    ev = defeat_merchant(s, me, SMALL)
    # "Once you complete the quest, collect the title card."
    assert s.title_of[C.T_PRIVATEER] == me and s.missions[me] == [] and QUEST[C.T_PRIVATEER] in s.m_done[me]
    assert any("takes the title card" in t for t in texts(ev))
    assert RULES.view(s, rival).seats[me].titles == [C.T_PRIVATEER]
    # "It grants +1 strength ..."
    assert strength(s, me) == base + 1
    # "... and turns you into a pirate hunter."
    s.missions[rival] = [M["Hunt the Hunter"]]
    s.m_prog[rival] = [0]
    s.turn = s.actor = rival
    defeat_captain(s, rival, me)
    assert s.m_prog[rival] == [1]  # the rival has defeated a pirate hunter


# ---------------------------------------------------------------- the rules


def test_only_tasks_done_after_the_reveal_count():
    # seed: "You have to defeat a monster after you revealed the mission to place a marker on the "The Governor's
    # Buccaneer" quest" — a deed done before the quest was taken marks nothing
    s = fresh()
    defeat_merchant(s, 0, HUNTER)
    acquire(s, 0, QUEST[C.T_BUCCANEER])
    assert s.m_prog[0] == [0]
    s.merchant[the_graph(s).anchors[0]] = -1
    defeat_merchant(s, 0, next(i for i, m in enumerate(C.MERCHANTS) if m.hunter and not m.family and i != HUNTER))
    assert s.m_prog[0] == [0b010]


def test_the_governors_buccaneer_marks_a_monster_defeated():
    s = fresh()
    acquire(s, 0, QUEST[C.T_BUCCANEER])
    s.monster_at[0] = 99
    s.hunt_pos[0][0] = 3
    from engine.games.shiver.rules import monsters

    ev: list = []
    monsters.defeat(s, 0, 0, ev)
    assert s.m_prog[0] == [0b001] and any("Defeat a monster" in e.text for e in ev)


def test_the_tasks_may_be_done_in_any_order_and_the_third_gains_the_title():
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        s = fresh()
        acquire(s, 0, QUEST[C.T_BARON])
        islands = [C.TITLES[C.T_BARON].tasks[i].a for i in order]
        for k, isl in enumerate(islands):
            titles.task(s, 0, C.Q_SELL_AT, isl, [])
            if k < 2:
                assert bin(s.m_prog[0][0]).count("1") == k + 1
        assert s.title_of[C.T_BARON] == 0 and QUEST[C.T_BARON] in s.m_done[0]


def test_one_deed_marks_one_task_of_a_quest_and_may_serve_several_quests():
    s = fresh()
    acquire(s, 0, QUEST[C.T_PRIVATEER])
    s.pos[0] = C.PORT_ROYAL
    s.m_deck.remove(QUEST[C.T_ADMIRAL])
    s.m_deck.append(QUEST[C.T_ADMIRAL])
    acquire(s, 0, QUEST[C.T_ADMIRAL])
    defeat_merchant(s, 0, SMALL)
    assert s.m_prog[0] == [0b001, 0b100]  # the small merchant on one, "a merchant in a boarding" on the other
    defeat_merchant(s, 0, next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.SMALL and i != SMALL))
    assert s.m_prog[0] == [0b001, 0b100]  # done tasks stay done; nothing else matched


def test_the_five_progress_markers_are_shared_with_the_hunts():
    s = fresh()
    acquire(s, 0, QUEST[C.T_BARON])
    assert titles.free_markers(s, 0) == 5
    tr = next(i for i, t in enumerate(C.TREASURES) if t.island == C.PORT_ROYAL)
    s.track[0] = tr  # a treasure hunt holds two markers
    s.hunt_pos[0] = [4, 2]  # two monster hunts one each
    assert titles.free_markers(s, 0) == 1
    titles.task(s, 0, C.Q_SELL_AT, C.SAO_TOME, [])
    assert s.m_prog[0] == [0b001] and titles.free_markers(s, 0) == 0
    # all five in use: a task done now is not marked
    ev: list = []
    titles.task(s, 0, C.Q_SELL_AT, C.ST_DAVID, ev)
    assert s.m_prog[0] == [0b001] and ev[0].kind == "quest-no-marker"
    # and no new hunt can begin without free markers
    s.hunt_pos[0] = [4, 0]
    s.track[0] = -1
    s.t_hand[0] = [tr]
    s.pos[0] = C.PORT_ROYAL
    s.m_prog[0] = [0b011]
    s.actions = 3
    assert titles.free_markers(s, 0) == 2 and StartHunt(tr) in RULES.legal(s, 0)
    s.m_prog[0] = [0b011]
    s.hunt_pos[0] = [4, 5]
    assert titles.free_markers(s, 0) == 1 and StartHunt(tr) not in RULES.legal(s, 0)
    s.track[0] = tr
    s.hunt_pos[0] = [4, 0]
    assert titles.free_markers(s, 0) == 0
    assert titles.can_start_monster_hunt(s, 0, 0) and not titles.can_start_monster_hunt(s, 0, 1)


def test_a_discarded_quest_takes_its_markers_and_progress_with_it():
    s = fresh()
    acquire(s, 0, QUEST[C.T_KEEPER])
    play(s, 0, HideGold(100))
    assert s.m_prog[0] == [0b100] and titles.free_markers(s, 0) == 4
    play(s, 0, DiscardCard(100 + QUEST[C.T_KEEPER]))
    assert s.missions[0] == [] and QUEST[C.T_KEEPER] in s.m_disc and titles.free_markers(s, 0) == 5


def test_a_title_quest_takes_a_mission_slot_and_is_not_an_official_mission():
    s = fresh()
    acquire(s, 0, QUEST[C.T_TIDES])
    assert Act(C.ACT_MISSION) in RULES.legal(s, 0)  # an official mission may still be acquired
    assert RULES.view(s, 1).seats[0].secret_missions == 0


def test_a_completed_quest_counts_as_a_completed_mission_with_its_seals():
    from engine.games.shiver.scoring import public_scores

    s = fresh()
    acquire(s, 0, QUEST[C.T_TIDES])
    before = public_scores(s)[0]
    for kind, a in ((C.Q_SPOT, C.SPOT_MARKET), (C.Q_RITUAL, -1), (C.Q_ANCHOR, C.ISLA_OSCURA)):
        titles.task(s, 0, kind, a, [])
    assert s.m_done[0] == [QUEST[C.T_TIDES]]
    assert public_scores(s)[0] == before + C.TITLES[C.T_TIDES].vp


def test_the_title_bonuses():
    s = fresh()
    spd, stg, mv = speed(s, 0), strength(s, 0), movement(s, 0)
    s.title_of[C.T_ADMIRAL] = 0
    assert speed(s, 0) == spd + 1
    s.title_of[C.T_ADMIRAL] = -1
    s.title_of[C.T_PRIVATEER] = 0
    assert strength(s, 0) == stg + 1
    s.title_of[C.T_TIDES] = 0
    assert movement(s, 0) == mv + 2
    from engine.games.shiver.rules import trade, treasure

    price = trade.unit_price(s, 0, C.PORT_ROYAL, C.RUM)
    s.title_of[C.T_BARON] = 0
    assert trade.unit_price(s, 0, C.PORT_ROYAL, C.RUM) == price + 100
    dig, look = treasure.dig_power(s, 0), treasure.scout_look(s, 0)
    s.title_of[C.T_KEEPER] = 0
    assert treasure.dig_power(s, 0) == dig + 1 and treasure.scout_look(s, 0) == look + 1
    # the Governor's Buccaneer: missions anywhere, 300 Gold more for each
    s.pos[0] = C.ST_DAVID
    s.actions = 3
    assert Act(C.ACT_MISSION) not in RULES.legal(s, 0)
    s.title_of[C.T_BUCCANEER] = 0
    assert Act(C.ACT_MISSION) in RULES.legal(s, 0)
    assert titles.mission_bonus(s, 0) == 300


def test_the_admiral_fires_on_a_ship_as_fast_as_his():
    from engine.games.shiver.rules import combat

    s = fresh()
    g = the_graph(s)
    node = next(n for n in range(6, g.n) if g.kind[n] == chart.SEA)
    s.pos[0] = s.pos[1] = node
    s.title_of[C.T_ADMIRAL] = 0
    s.spd[0] = 3
    s.spd[1] = 4  # the Admiral's +1: 4 against 4
    assert combat.gunfight_targets(s, 0) == [1]
    s.title_of[C.T_ADMIRAL] = -1
    assert combat.gunfight_targets(s, 0) == []


def test_the_kings_privateer_is_paid_a_bounty_for_a_captain():
    s = fresh()
    s.title_of[C.T_PRIVATEER] = 0
    gold = s.gold[0]
    ev = defeat_captain(s, 0, 1)
    assert any("bounty" in t for t in texts(ev))
    assert s.gold[0] >= gold + C.PRIVATEER_BOUNTY


def test_titles_and_quest_progress_are_public_and_replay():
    s = fresh()
    acquire(s, 0, QUEST[C.T_KEEPER])
    play(s, 0, HideGold(100))
    for seat in (0, 1, None):
        v = RULES.view(s, seat)
        assert v.seats[0].missions_open == [QUEST[C.T_KEEPER]] and v.seats[0].quest_tasks == [0b100]
        assert v.seats[0].free_markers == 4


# ---------------------------------------------------------------- games where titles are won


def test_bot_games_complete_title_quests_and_replay_undo_and_views_hold(tmp_path):
    """Heuristic captains take and complete title quests (asserted: the sample holds titles); every move is
    legal, views survive determinization, undo and redo restore the position, and the saved game replays."""
    from engine import Match
    from engine.bots import make
    from engine.core.bot import Decision
    from engine.core.rng import Rng, derive_seed
    from tests.engine.harness import _check_views

    gained = []
    for players, seed in ((3, 2), (4, 3)):
        m = Match.new("shiver", players=players, seed=seed, undo="practice")
        bots = [make("heuristic", m.rules, derive_seed(seed, x)) for x in range(players)]
        rng = Rng.seeded(seed)
        steps = 0
        while not m.is_over():
            steps += 1
            seat = m.to_act()[0]
            legal = m.legal(seat)
            move = legal[0] if len(legal) == 1 else bots[seat].choose(
                Decision(m.rules, seat, m.view(seat), legal, None))
            before = m.state_hash()
            m.play(seat, move)
            if any(C.MISSIONS[c].kind == C.TITLE for k in range(players) for c in m.state.missions[k]) \
                    and steps % 5 == 0:
                _check_views(m, rng)
            if steps % 11 == 0:
                h = m.state_hash()
                m.undo()
                assert m.state_hash() == before
                m.redo()
                assert m.state_hash() == h
        s = m.state
        titles_won = [(t, k) for t, k in enumerate(s.title_of) if k >= 0]
        for t, k in titles_won:
            assert M[C.TITLES[t].name] in s.m_done[k]  # the quest went into the chest
        gained += titles_won
        path = tmp_path / f"titles-{players}-{seed}.plank"
        m.save(path)
        assert Match.load(path).state_hash() == m.state_hash()
    assert gained, "no title was won in the sample"


def test_a_quest_in_progress_is_public_and_redrawing_secrets_keeps_it():
    from engine.core.rng import Rng

    s = fresh(3)
    acquire(s, 0, QUEST[C.T_KEEPER])
    play(s, 0, HideGold(100))
    s.missions[0].append(M["Spymaster"])  # a secret task beside it
    s.m_prog[0].append(2)
    s.m_deck.remove(M["Spymaster"])
    s.m_mask = [0] * len(s.m_deck)
    for observer in (1, 2):
        for k in range(4):
            d = RULES.determinize(s, observer, Rng.seeded(k))
            assert d.missions[0][0] == QUEST[C.T_KEEPER] and d.m_prog[0][0] == 0b100
            assert RULES.view(d, observer) == RULES.view(s, observer)
    # the quest's progress is the same for everybody; the secret task's progress only for its holder
    assert RULES.view(s, 1).seats[0].quest_tasks == [0b100] and RULES.view(s, 1).mission_progress == []
    assert RULES.view(s, 0).mission_progress == [0b100, 2]


# ---------------------------------------------------------------- every task is seen where its deed happens


def _holding(title: int):
    s = fresh()
    acquire(s, 0, QUEST[title])
    s.actions = 3
    return s


def _marked(s, title: int) -> int:
    j = s.missions[0].index(QUEST[title]) if QUEST[title] in s.missions[0] else -1
    return s.m_prog[0][j] if j >= 0 else 0b111


def test_selling_goods_on_an_island_marks_the_baron_and_a_treasure_sold_the_keeper():
    from engine.games.shiver.state import SellDone, SellPick

    s = _holding(C.T_BARON)
    acquire(s, 0, QUEST[C.T_KEEPER])
    s.pos[0] = C.SAO_TOME
    s.cargo[0] = [0, 1, 0]
    tr = next(i for i, t in enumerate(C.TREASURES) if t.price and t.bonus not in C.LASTING)
    s.t_ship[0] = [tr]
    s.actions = 3
    play(s, 0, Act(C.ACT_SELL))
    settle_sell = [m for m in RULES.legal(s, 0) if isinstance(m, SellPick)]
    for m in settle_sell:
        play(s, 0, m)
    play(s, 0, SellDone())
    settle(s)
    assert _marked(s, C.T_BARON) == 0b001 and _marked(s, C.T_KEEPER) == 0b010


def test_dropping_anchor_and_a_special_spot_mark_the_lord_of_the_tides():
    from engine.games.shiver.rules import travel

    s = _holding(C.T_TIDES)
    g = the_graph(s)
    travel.sail(s, 0, C.ISLA_OSCURA, [])
    assert _marked(s, C.T_TIDES) == 0b100
    spot = g.spots[0]
    travel.sail(s, 0, spot, [])
    assert _marked(s, C.T_TIDES) == 0b101
    # another island is not Isla Oscura; nothing more is marked
    travel.sail(s, 0, C.PORT_ROYAL, [])
    assert _marked(s, C.T_TIDES) == 0b101


def test_playing_a_ritual_marks_the_lord_of_the_tides():
    from engine.games.shiver.rules import crew

    s = _holding(C.T_TIDES)
    jaguar = next(i for i, r in enumerate(C.RITUALS) if r.name == "Jaguar Spirit")
    s.rits[0] = [jaguar]
    s.cargo[0] = [2, 0, 0]
    crew.play(s, 0, RITUAL_CODE + jaguar, -1, [])
    assert _marked(s, C.T_TIDES) == 0b010


def test_raising_and_hiding_mark_the_keeper_of_the_kings_seal():
    from engine.games.shiver.rules import treasure
    from engine.games.shiver.state import HideTreasure

    s = _holding(C.T_KEEPER)
    tr = next(i for i, t in enumerate(C.TREASURES) if t.bonus == C.B_NONE and not t.ring)
    s.track[0] = tr
    treasure.raise_treasure(s, 0, [])
    settle(s)
    assert _marked(s, C.T_KEEPER) == 0b001
    play(s, 0, HideTreasure(tr))
    assert _marked(s, C.T_KEEPER) == 0b101


def test_a_gunfight_a_raid_and_a_boarding_mark_the_admiral_of_the_crown():
    from engine.games.shiver.rules import combat

    s = _holding(C.T_ADMIRAL)
    node = the_graph(s).anchors[0]
    s.merchant[node] = SMALL
    s.pos[0] = node
    s.spd[0] = 7
    combat.gunfight(s, 0, MERCHANT_TARGET + node, [])
    assert _marked(s, C.T_ADMIRAL) == 0b001
    s.actions = 3
    defeat_merchant(s, 0, SMALL)
    assert _marked(s, C.T_ADMIRAL) == 0b101
    ev: list = []
    combat.combat_event(s, 0, 2, ev=ev)  # what a won raid reports (tests/engine/shiver/test_combat.py plays one)
    assert s.title_of[C.T_ADMIRAL] == 0 and any(e.kind == "title" for e in ev)
    assert speed(s, 0) == 8  # 7 and the Admiral's +1 (a lasting bonus, not an upgrade)


def test_a_pirate_defeated_counts_whoever_started_the_boarding():
    s = fresh()
    acquire(s, 0, QUEST[C.T_PRIVATEER])
    s.turn = s.actor = 1  # the rival boards the quest's holder, and loses at once
    g = the_graph(s)
    node = next(n for n in range(6, g.n) if g.kind[n] == chart.SEA)
    s.pos[0] = s.pos[1] = node
    s.stg[0], s.stg[1] = 7, 1
    s.actions = 3
    play(s, 1, Act(C.ACT_BOARD))
    play(s, 1, Target(0))
    settle(s)
    assert s.beaten[0] == 1 and s.m_prog[0] == [0b100]
