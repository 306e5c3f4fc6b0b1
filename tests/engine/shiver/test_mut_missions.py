"""A mission completed, with its exact event (issue 10 item 9: the mutants of rules/missions.py that
survived the rule tests were the words, kind, reveal flag and data of the completion — what it
pays, or only its seal)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import missions
from engine.games.shiver.rules.common import K_CREW, K_REFIT, K_REWARD, K_RITUAL, S_DROP, S_PICK
from engine.games.shiver.state import D_MISSION, P_MISSION, SRC_MISSIONS
from tests.engine.shiver.helpers import E, quick_game

A = 0



def test_a_mission_paying_gold_says_how_much_with_the_silver_tongue_s_share():
    card = next(i for i, m in enumerate(C.MISSIONS) if m.cond == C.M_AT and m.reward.gold)
    m = C.MISSIONS[card]
    for talent, extra in ((C.HAGGLER, 0), (C.SILVER_TONGUE, C.SILVER_GOLD)):
        s = quick_game(2, seed=8)
        s.talent[A] = talent
        s.missions[A], s.m_prog[A] = [card], [0]
        s.stack = []
        gold, income = s.gold[A], list(s.income[A])
        ev: list[Event] = []
        missions.claim(s, A, card, ev)
        paid = m.reward.gold + extra
        assert ev[0] == E("complete", f"Red completes {m.name} ({m.text}) and takes {paid} Gold", A, reveal=True,
                          card=card, gold=paid)
        income[SRC_MISSIONS] += paid
        assert s.gold[A] == gold + paid and s.income[A] == income
        assert s.missions[A] == [] and s.m_done[A] == [card]


def test_a_mission_paying_nothing_but_its_seal_says_so():
    card = next(i for i, m in enumerate(C.MISSIONS) if m.kind != C.TITLE and not m.reward.gold
                and not (m.reward.treasure or m.reward.upgrade or m.reward.crew or m.reward.ritual))
    m = C.MISSIONS[card]
    s = quick_game(2, seed=8)
    s.missions[A], s.m_prog[A] = [card], [0]
    gold = s.gold[A]
    ev: list[Event] = []
    missions.claim(s, A, card, ev)
    assert ev == [E("complete", f"Red completes {m.name} ({m.text}) and takes the seal", A, reveal=True, card=card,
                    gold=0)]
    assert s.gold[A] == gold and s.m_done[A] == [card]


def first(cond: int, **fields: int) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.cond == cond and all(getattr(m, k) == v
                                                                              for k, v in fields.items()))


def holding(card: int, prog: int = 0):
    s = quick_game(2, seed=8)
    s.missions[A], s.m_prog[A] = [card], [prog]
    s.stack = []
    return s


def test_the_completion_thresholds_are_reached_at_their_value():
    for attr, vals in ((C.SPEED, "spd"), (C.STRENGTH, "stg"), (C.HULL, "hul")):
        card = next((i for i, m in enumerate(C.MISSIONS) if m.cond == C.M_STAT and m.a == attr), -1)
        if card < 0:
            continue
        m = C.MISSIONS[card]
        s = holding(card)
        for other in ("spd", "stg", "hul"):
            getattr(s, other)[A] = 1
        getattr(s, vals)[A] = m.b
        assert missions.mission_complete(s, A, 0), m.name
        getattr(s, vals)[A] = m.b - 1
        for other in ("spd", "stg", "hul"):
            if other != vals:
                getattr(s, other)[A] = 7
        assert not missions.mission_complete(s, A, 0), m.name
    card = first(C.M_CHEST)
    s = holding(card)
    s.chest[A] = C.MISSIONS[card].a
    assert missions.mission_complete(s, A, 0)
    s.chest[A] -= 1
    assert not missions.mission_complete(s, A, 0)
    card = first(C.M_SHIP_TREASURES)
    s = holding(card)
    s.t_ship[A] = list(range(C.MISSIONS[card].a))
    assert missions.mission_complete(s, A, 0)
    s.t_ship[A].pop()
    assert not missions.mission_complete(s, A, 0)
    card = first(C.M_PEEKS)
    s = holding(card, C.MISSIONS[card].a)
    assert missions.mission_complete(s, A, 0)
    s.m_prog[A] = [C.MISSIONS[card].a - 1]
    assert not missions.mission_complete(s, A, 0)
    card = first(C.M_SPOT)
    s = holding(card, C.MISSIONS[card].b)
    assert missions.mission_complete(s, A, 0)
    s.m_prog[A] = [C.MISSIONS[card].b - 1]
    assert not missions.mission_complete(s, A, 0)


def test_a_secret_task_is_accepted_in_secret_and_an_official_one_in_the_open():
    secret = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.SECRET)
    official = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.OFFICIAL)
    s = quick_game(2, seed=8)
    ev: list[Event] = []
    missions.take_mission(s, A, secret, ev)
    assert ev == [E("mission", "Red accepts a secret task", A, secret=True),
                  E("mission", f"Red accepts the secret task {C.MISSIONS[secret].name}", A, to=(A,), card=secret)]
    ev = []
    missions.take_mission(s, A, official, ev)
    m = C.MISSIONS[official]
    assert ev == [E("mission", f"Red takes the official {m.name}: {m.text}", A, reveal=True, card=official)]
    assert s.missions[A] == [secret, official] and s.m_prog[A] == [0, 0]


def test_a_discarded_secret_mission_is_revealed_an_official_one_was_known():
    secret = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.SECRET)
    official = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.OFFICIAL)
    s = quick_game(2, seed=8)
    s.missions[A], s.m_prog[A] = [official, secret], [0, 1]
    ev: list[Event] = []
    missions.discard_mission(s, A, secret, ev)
    missions.discard_mission(s, A, official, ev)
    assert ev == [
        E("discard-mission", f"Red discards the secret {C.MISSIONS[secret].name}", A, reveal=True, card=secret),
        E("discard-mission", f"Red discards the official {C.MISSIONS[official].name}", A, card=official),
    ]
    assert s.missions[A] == [] and s.m_prog[A] == [] and s.m_disc[-2:] == [secret, official]


def test_a_fourth_mission_asks_to_discard_one_a_third_does_not():
    s = quick_game(2, seed=8)
    held = [i for i, m in enumerate(C.MISSIONS) if m.kind == C.SECRET][:3]
    s.missions[A], s.m_prog[A] = held[:2], [0, 0]
    s.shown, s.step = [held[2]], 99
    missions.mission_take(s, A, held[2], [])
    assert s.step == 0 and len(s.missions[A]) == C.MISSION_LIMIT
    extra = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.SECRET and i not in held)
    s.shown = [extra]
    missions.mission_take(s, A, extra, [])
    assert s.step == S_DROP and s.actor == A and s.drop_kind == D_MISSION


def test_an_empty_mission_deck_and_a_reshuffle_are_logged():
    s = quick_game(2, seed=8)
    s.m_deck, s.m_mask, s.m_disc = [], [], []
    ev: list[Event] = []
    missions.acquire_begin(s, A, ev)
    assert ev == [E("deck-empty", "The mission deck is empty", A)] and s.shown == []
    s.m_disc = [3, 4]
    ev = []
    missions.acquire_begin(s, A, ev)
    assert ev[0] == E("reshuffle", "The mission deck ran out: the discard pile is shuffled into a new deck",
                      reveal=True)
    assert sorted(s.shown) == [3, 4] and s.m_disc == [] and s.step == S_PICK


def test_a_completed_mission_pushes_its_rewards_for_its_seat_and_marks_the_buccaneer_s_task():
    for card, m in enumerate(C.MISSIONS):
        r = m.reward
        if m.kind == C.TITLE or not (r.treasure or r.upgrade or r.ritual or r.crew):
            continue
        s = holding(card)
        s.missions[1], s.m_prog[1] = [card], [0]
        ev: list[Event] = []
        missions.claim(s, 1, card, ev)
        want = [K_REWARD] * r.treasure + [K_REFIT] * r.upgrade + [K_RITUAL] * r.ritual + [K_CREW] * r.crew
        assert s.stack == [x | 1 << 5 for x in want], m.name
    card = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.OFFICIAL)
    buc = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE and m.a == C.T_BUCCANEER)
    task = next(i for i, k in enumerate(C.TITLES[C.T_BUCCANEER].tasks) if k.kind == C.Q_MISSION)
    s = quick_game(2, seed=8)
    s.missions[A], s.m_prog[A] = [card, buc], [0, 0]
    ev = []
    missions.claim(s, A, card, ev)
    assert s.m_prog[A] == [1 << task] and "quest-task" in [e.kind for e in ev]
    secret = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.SECRET and m.family < 0)
    s = quick_game(2, seed=8)
    s.missions[A], s.m_prog[A] = [secret, buc], [0, 0]
    missions.claim(s, A, secret, [])
    assert s.m_prog[A] == [0]  # a secret mission is no official one


def test_the_governor_frees_the_relative_of_a_mission_with_an_event():
    card = next(i for i, m in enumerate(C.MISSIONS) if m.family >= 0)
    m = C.MISSIONS[card]
    s = holding(card)
    ev: list[Event] = []
    missions.claim(s, A, card, ev)
    r = C.FAMILY[m.family]
    assert E("rescue", f"Red has done the governor's dirty work ({m.name}) and rescues the {r.name} ({r.blurb}; "
             f"{r.vp} seals)", A, reveal=True, relative=m.family) in ev
    assert s.family[A] == [m.family]


def test_one_official_mission_at_a_time_two_for_the_silver_tongue():
    officials = [i for i, m in enumerate(C.MISSIONS) if m.kind == C.OFFICIAL][:2]
    s = quick_game(2, seed=8)
    s.missions[A], s.m_prog[A] = officials[:1], [0]
    s.talent[A] = C.HAGGLER
    assert not missions.can_acquire(s, A)
    s.talent[A] = C.SILVER_TONGUE
    assert C.SILVER_OFFICIAL == 2 and missions.can_acquire(s, A)
    s.missions[A], s.m_prog[A] = officials, [0, 0]
    assert not missions.can_acquire(s, A)


def test_acquiring_shows_the_top_missions_to_the_captain_alone():
    for talent, n in ((C.HAGGLER, C.MISSION_LOOK), (C.SILVER_TONGUE, C.MISSION_LOOK + C.SILVER_LOOK)):
        s = quick_game(2, seed=8)
        s.talent[1] = talent
        top = [s.m_deck[-k] for k in range(1, n + 1)]
        ev: list[Event] = []
        missions.acquire_begin(s, 1, ev)
        assert ev == [
            E("look", f"Blue looks at the top {n} mission cards", 1, deck="mission", n=n),
            E("see", f"Blue sees {', '.join(C.MISSIONS[c].name for c in top)}", 1, to=(1,), reveal=True, cards=top),
        ]
        assert s.shown == top and s.pick_kind == P_MISSION and s.step == S_PICK and s.actor == 1
