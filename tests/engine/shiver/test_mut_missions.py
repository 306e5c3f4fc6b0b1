"""A mission completed, with its exact event (issue 10 item 9: the mutants of rules/missions.py that
survived the rule tests were the words, kind, reveal flag and data of the completion — what it
pays, or only its seal)."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import missions
from engine.games.shiver.state import SRC_MISSIONS
from tests.engine.shiver.helpers import quick_game

A = 0


def E(kind: str, text: str, seat: int = -1, to: tuple[int, ...] | None = None, reveal: bool = False,
      **data: Any) -> Event:
    return Event(text, seat, to, reveal, kind, {"seat": seat, **data} if seat >= 0 else dict(data))


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
