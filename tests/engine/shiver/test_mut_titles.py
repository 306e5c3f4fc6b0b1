"""Title quests step by step, with the exact events (issue 10 item 9: the mutants of rules/titles.py
that survived the rule tests were a quest's completion — its event, the Gold a completed mission
brings with the Silver Tongue and the Governor's Buccaneer together — the open tasks of a quest and
the King's Privateer's bounty)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import titles
from engine.games.shiver.state import SRC_COMBAT, SRC_MISSIONS, State
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1



def quest_of(title: int) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE and m.a == title)


def holding(title: int, done: int) -> tuple[State, int]:
    s = quick_game(2, seed=5)
    card = quest_of(title)
    s.missions[A], s.m_prog[A] = [card], [done]
    return s, card


def test_the_open_tasks_are_those_not_marked():
    s, _ = holding(0, 0b010)
    assert titles.open_tasks(s, A, 0) == [0, 2]
    s.m_prog[A] = [0b101]
    assert titles.open_tasks(s, A, 0) == [1]
    s.m_prog[A] = [0]
    assert titles.open_tasks(s, A, 0) == [0, 1, 2]


def test_the_third_task_completes_the_quest_and_its_gold_is_both_bonuses():
    t = next(i for i, x in enumerate(C.TITLES) if i != C.T_BUCCANEER)
    title = C.TITLES[t]
    s, card = holding(t, 0b011)
    s.talent[A] = C.SILVER_TONGUE
    s.title_of[C.T_BUCCANEER] = A
    gold, income = s.gold[A], list(s.income[A])
    bonus = C.SILVER_GOLD + C.BUCCANEER_GOLD
    assert titles.mission_bonus(s, A) == bonus
    task = title.tasks[2]
    ev: list[Event] = []
    titles.task(s, A, task.kind, task.a, ev)
    assert ev == [
        E("quest-task", f'Red marks "{task.text}" on {title.name} (3 of 3)', A, card=card, task=2),
        E("title", f"Red completes the title quest {title.name} ({title.vp} seals) and takes the title card: "
          f"{title.bonus}", A, reveal=True, card=card, title=t),
        E("title-gold", f"Red takes {bonus} Gold for the completed mission", A, gold=bonus),
    ]
    income[SRC_MISSIONS] += bonus
    assert s.gold[A] == gold + bonus and s.income[A] == income
    assert s.missions[A] == [] and s.m_prog[A] == [] and s.m_done[A] == [card] and s.title_of[t] == A


def test_a_quest_completed_without_a_bonus_brings_no_gold():
    t = 0
    s, card = holding(t, 0b110)
    gold = s.gold[A]
    task = C.TITLES[t].tasks[0]
    ev: list[Event] = []
    titles.task(s, A, task.kind, task.a, ev)
    assert [e.kind for e in ev] == ["quest-task", "title"] and s.gold[A] == gold and s.title_of[t] == A


def test_each_bonus_alone():
    s = quick_game(2, seed=5)
    s.talent[A] = C.SILVER_TONGUE
    assert titles.mission_bonus(s, A) == C.SILVER_GOLD
    s.talent[A] = C.HAGGLER
    s.title_of[C.T_BUCCANEER] = A
    assert titles.mission_bonus(s, A) == C.BUCCANEER_GOLD
    s.title_of[C.T_BUCCANEER] = B
    assert titles.mission_bonus(s, A) == 0


def test_the_kings_privateer_is_paid_a_bounty():
    s = quick_game(2, seed=5)
    s.title_of[C.T_PRIVATEER] = B
    gold, income = s.gold[B], list(s.income[B])
    ev: list[Event] = []
    titles.privateer_bounty(s, B, ev)
    assert ev == [E("bounty", f"The crown pays Blue, the King's Privateer, a bounty of {C.PRIVATEER_BOUNTY} Gold", B,
                    gold=C.PRIVATEER_BOUNTY)]
    income[SRC_COMBAT] += C.PRIVATEER_BOUNTY
    assert s.gold[B] == gold + C.PRIVATEER_BOUNTY and s.income[B] == income
    ev = []
    titles.privateer_bounty(s, A, ev)
    assert ev == [] and s.gold[A] == quick_game(2, seed=5).gold[A]


def test_each_combat_deed_marks_its_task_with_an_event():
    for sub, kind in ((0, C.Q_MERCHANT), (3, C.Q_HUNTER), (4, C.Q_CAPTAIN), (5, C.Q_GUNFIGHT), (2, C.Q_RAID)):
        t, i = next((t, i) for t, x in enumerate(C.TITLES) for i, k in enumerate(x.tasks) if k.kind == kind)
        s, card = holding(t, 0)
        ev: list[Event] = []
        titles.combat(s, A, sub, False, ev)
        assert E("quest-task", f'Red marks "{C.TITLES[t].tasks[i].text}" on {C.TITLES[t].name} (1 of 3)', A,
                 card=card, task=i) in ev, kind
        assert s.m_prog[A][0] >> i & 1


def test_nobody_marks_a_task_for_no_seat():
    s = quick_game(2, seed=5)
    task = C.TITLES[0].tasks[0]
    s.missions[B], s.m_prog[B] = [quest_of(0)], [0]  # the last seat, which index -1 would name
    ev: list[Event] = []
    titles.task(s, -1, task.kind, task.a, ev)
    assert ev == [] and s.m_prog[B] == [0]


def test_a_deed_on_an_island_marks_the_task_naming_it_past_other_missions():
    s = quick_game(2, seed=5)
    plain = [i for i, m in enumerate(C.MISSIONS) if m.kind != C.TITLE][:2]
    baron = quest_of(C.T_BARON)
    other = next(t for t in range(len(C.TITLES)) if t != C.T_BARON)
    s.missions[A] = [plain[0], quest_of(other), baron, plain[1]]
    s.m_prog[A] = [0] * 4
    sells = [(i, k) for i, k in enumerate(C.TITLES[C.T_BARON].tasks) if k.kind == C.Q_SELL_AT]
    i, k = sells[1]
    ev: list[Event] = []
    titles.task(s, A, C.Q_SELL_AT, k.a, ev)
    assert ev == [E("quest-task", f'Red marks "{k.text}" on {C.TITLES[C.T_BARON].name} (1 of 3)', A, card=baron,
                    task=i)]
    assert s.m_prog[A] == [0, 0, 1 << i, 0]
    # an island no task names marks nothing
    titles.task(s, A, C.Q_SELL_AT, next(x for x in range(6) if all(t.a != x for _, t in sells)), ev)
    assert len(ev) == 1 and s.m_prog[A] == [0, 0, 1 << i, 0]


def test_two_quests_with_the_same_task_are_both_marked():
    s = quick_game(2, seed=5)
    t = next(t for t, x in enumerate(C.TITLES) if any(k.kind == C.Q_RITUAL for k in x.tasks))
    s.missions[A] = [quest_of(t), quest_of(C.T_BARON), quest_of(t)]  # the same quest held twice: as two cards
    s.m_prog[A] = [0, 0, 0]
    ev: list[Event] = []
    titles.task(s, A, C.Q_RITUAL, -1, ev)
    i = next(i for i, k in enumerate(C.TITLES[t].tasks) if k.kind == C.Q_RITUAL)
    assert [e.kind for e in ev] == ["quest-task", "quest-task"] and s.m_prog[A] == [1 << i, 0, 1 << i]


def test_a_task_with_no_marker_free_is_not_marked_and_says_so():
    t = next(t for t, x in enumerate(C.TITLES) if any(k.kind == C.Q_RITUAL for k in x.tasks))
    i = next(i for i, k in enumerate(C.TITLES[t].tasks) if k.kind == C.Q_RITUAL)
    s, card = holding(t, 0)
    s.track[A] = 0  # two markers
    s.hunt_pos[A] = [1, 1]  # two more
    s.missions[A].append(quest_of(C.T_BARON))
    s.m_prog[A].append(0b001)  # the fifth
    assert titles.free_markers(s, A) == 0
    ev: list[Event] = []
    titles.task(s, A, C.Q_RITUAL, -1, ev)
    text = C.TITLES[t].tasks[i].text
    assert ev == [E("quest-no-marker", f'Red has no progress marker free: "{text}" is not marked on '
                    f"{C.TITLES[t].name}", A, card=card, task=i)]
    assert s.m_prog[A] == [0, 0b001]


def test_a_quest_completed_leaves_the_next_quest_to_be_marked_too():
    t = next(t for t, x in enumerate(C.TITLES) if any(k.kind == C.Q_RITUAL for k in x.tasks))
    i = next(i for i, k in enumerate(C.TITLES[t].tasks) if k.kind == C.Q_RITUAL)
    s = quick_game(2, seed=5)
    s.missions[A] = [quest_of(t), quest_of(t)]  # two cards of the same quest: the first one completes
    s.m_prog[A] = [0b111 & ~(1 << i), 0]
    ev: list[Event] = []
    titles.task(s, A, C.Q_RITUAL, -1, ev)
    assert s.title_of[t] == A and s.missions[A] == [quest_of(t)] and s.m_prog[A] == [1 << i]
    assert [e.kind for e in ev] == ["quest-task", "title", "quest-task"]
