"""Lost Family and Find a Soulmate, step by step with the exact events (issue 10 item 9: the mutants
of rules/family.py that survived the rule tests were the words, kinds and reveal flags of a relative
rescued, a wish fulfilled and a soulmate won, and the Gold of the one soulmate that pays it)."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import family
from engine.games.shiver.rules.common import S_NONE, S_PICK
from engine.games.shiver.state import P_SOULMATE, SRC_BONUS
from tests.engine.shiver.helpers import quick_game

A, B = 0, 1


def E(kind: str, text: str, seat: int = -1, to: tuple[int, ...] | None = None, reveal: bool = False,
      **data: Any) -> Event:
    return Event(text, seat, to, reveal, kind, {"seat": seat, **data} if seat >= 0 else dict(data))


def test_a_relative_rescued_is_announced_and_joins_the_tableau_once():
    s = quick_game(2, seed=3)
    f = next(i for i, r in enumerate(C.FAMILY) if not r.ring)
    r = C.FAMILY[f]
    assert family.rescued_by(s, f) == -1
    ev: list[Event] = []
    family.rescue(s, A, f, ev, "finds them")
    assert ev == [E("rescue", f"Red finds them and rescues the {r.name} ({r.blurb}; {r.vp} seals)", A, reveal=True,
                    relative=f)]
    assert s.family[A] == [f] and family.rescued_by(s, f) == A
    ev = []
    family.rescue(s, B, f, ev, "finds them")  # already rescued
    assert ev == [] and s.family[B] == []


def test_fulfilling_the_wish_reveals_it_and_offers_the_soulmates_left():
    s = quick_game(2, seed=3)
    w = 2
    s.wish_kept[A] = w
    s.soul_left = [0, 3]
    ev: list[Event] = []
    family.claim(s, A, w, ev)
    assert ev == [E("wish-done", f"Red reveals the wish {C.WISHES[w].name} ({C.WISHES[w].text}): fulfilled", A,
                    reveal=True, wish=w)]
    assert s.wish_kept[A] == -1 and s.wish_done[A] == w and s.shown == [0, 3]
    assert s.pick_kind == P_SOULMATE and s.step == S_PICK and s.actor == A
    assert not family.wish_met(s, A) and family.claim_legal(s, A) == []


def test_each_soulmate_is_announced_and_only_the_heir_pays_gold():
    for k, sm in enumerate(C.SOULMATES):
        s = quick_game(2, seed=3)
        s.shown, s.step = list(s.soul_left), S_PICK
        gold, income = s.gold[B], list(s.income[B])
        ev: list[Event] = []
        family.take_soulmate(s, B, k, ev)
        assert ev == [E("soulmate", f"Blue wins the heart of {sm.name} ({sm.blurb}; {sm.vp} seals)", B, reveal=True,
                        soulmate=k)]
        assert s.soulmate[B] == k and k not in s.soul_left and s.shown == [] and s.step == S_NONE
        paid = sm.value if sm.bonus == C.B_GOLD else 0
        income[SRC_BONUS] += paid
        assert s.gold[B] == gold + paid and s.income[B] == income, sm.name
    assert any(sm.bonus == C.B_GOLD for sm in C.SOULMATES) and any(sm.bonus != C.B_GOLD for sm in C.SOULMATES)
