"""Lost Family and Find a Soulmate, step by step with the exact events (issue 10 item 9: the mutants
of rules/family.py that survived the rule tests were the words, kinds and reveal flags of a relative
rescued, a wish fulfilled and a soulmate won, and the Gold of the one soulmate that pays it)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import family
from engine.games.shiver.rules.common import S_NONE, S_PICK
from engine.games.shiver.state import P_SOULMATE, P_WISH, SRC_BONUS
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1



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


# ---------------------------------------------------------------- the wishes


def asking_for(s, seat: int, shown: list[int], out: int = -1) -> None:
    s.wish_deck = [w for w in s.wish_deck if w not in shown and w != out]
    s.shown, s.wish_for, s.wish_out = list(shown), seat, out


def test_the_right_hand_neighbour_discards_one_of_three_wishes():
    s = quick_game(3, seed=3)
    asking_for(s, A, [5, 1, 3])
    right = family.right_of(s, A)
    ev: list[Event] = []
    family.discard(s, right, 1, ev)
    assert ev == [E("wish-discard", f"{s.names[right]} discards the wish {C.WISHES[1].name} for Red", right,
                    reveal=True, wish=1)]
    assert s.shown == [5, 3] and s.wish_out == 1 and s.pick_kind == P_WISH and s.step == S_PICK and s.actor == A


def test_keeping_a_wish_is_secret_and_the_rest_go_back_shuffled():
    s = quick_game(3, seed=3)
    asking_for(s, A, [5, 3], out=1)
    deck = list(s.wish_deck)
    s.sold[A], s.raised[A], s.beaten[A], s.rituals_played[A] = 2, 1, 1, 3
    s.defeated[A] = [4]
    s.m_done[A] = [0, 1]
    s.step = S_PICK
    ev: list[Event] = []
    family.keep(s, A, 3, ev)
    assert ev == [
        E("wish-keep", "Red keeps one of the wishes in secret; the other goes back into the wish deck, shuffled", A),
        E("wish-keep", f"Red keeps the wish {C.WISHES[3].name}: {C.WISHES[3].text}", A, to=(A,), wish=3),
    ]
    assert s.wish_kept[A] == 3 and s.wish_pair[A] == [3, 5] and s.step == S_NONE
    assert s.shown == [] and s.wish_for == -1 and s.wish_out == -1
    assert sorted(s.wish_deck) == sorted([*deck, 5, 1])
    base = [2, 1, 1 + 1, 2, s.spd[A] + s.stg[A] + s.hul[A], 3]
    assert s.wish_base[A] == base == family.counters(s, A)


def test_with_two_wishes_shown_the_discard_leaves_the_last_one_kept():
    s = quick_game(3, seed=3)
    asking_for(s, A, [6, 2])
    right = family.right_of(s, A)
    ev: list[Event] = []
    family.discard(s, right, 6, ev)
    assert [e.kind for e in ev] == ["wish-discard", "wish-keep", "wish-keep"]
    assert s.wish_kept[A] == 2 and s.wish_pair[A] == [2] and 6 in s.wish_deck and s.wish_out == -1
    assert s.step == S_NONE


def test_with_one_wish_shown_the_discard_leaves_none_and_the_ring_is_free_again():
    s = quick_game(3, seed=3)
    asking_for(s, A, [4])
    s.wish_ring[A] = 7
    family.discard(s, family.right_of(s, A), 4, [])
    assert s.wish_kept[A] == -1 and s.wish_ring[A] == -1 and 4 in s.wish_deck and s.shown == []


def test_a_wish_counts_from_the_moment_it_is_kept():
    s = quick_game(2, seed=3)
    sell = next(i for i, w in enumerate(C.WISHES) if w.cond == C.W_SELL)
    gold = next(i for i, w in enumerate(C.WISHES) if w.cond == C.W_GOLD)
    upgrade = next(i for i, w in enumerate(C.WISHES) if w.cond == C.W_UPGRADE)
    s.sold[A] = 3
    assert family.wish_progress(s, A, sell) == 3  # nothing kept yet: no base
    s.wish_base[A] = family.counters(s, A)
    s.sold[A] = 5
    assert family.wish_progress(s, A, sell) == 2
    s.sold[A] = 2  # never below nothing
    assert family.wish_progress(s, A, sell) == 0
    s.spd[A] += 1
    s.hul[A] += 1
    assert family.wish_progress(s, A, upgrade) == 2
    s.gold[A] = 1234
    assert family.wish_progress(s, A, gold) == 1234


def test_a_captain_with_any_soulmate_or_ring_has_no_quest_left():
    s = quick_game(2, seed=3)
    assert family.can_quest(s, A)
    s.soulmate[A] = 0
    assert not family.can_quest(s, A)
    s.soulmate[A] = -1
    s.wish_ring[A] = 0
    assert not family.can_quest(s, A)


def test_a_new_game_has_no_wish_kept_or_done_and_no_soulmate():
    for players in (2, 3, 4):
        s = quick_game(players, seed=3)
        assert s.wish_kept == s.wish_done == s.soulmate == s.wish_ring == [-1] * players
        assert s.soul_left == list(range(len(C.SOULMATES))) and sorted(s.wish_deck) == list(range(len(C.WISHES)))
        assert all(family.claim_legal(s, seat) == [] for seat in range(players))


def test_ring_names():
    rings = [i for i, t in enumerate(C.TREASURES) if t.ring]
    assert rings
    for r in rings:
        assert family.ring_name(r) == C.TREASURES[r].name
    assert family.ring_name(0) == C.TREASURES[0].name
    for f, rel in enumerate(C.FAMILY):
        if rel.ring:
            assert family.ring_name(C.FAMILY_RING + f) == rel.ring
    assert family.ring_name(C.FAMILY_RING) == C.FAMILY[0].ring
    assert family.ring_name(-1) == ""


def test_the_first_wish_discarded_goes_back_into_the_deck_too():
    s = quick_game(3, seed=3)
    asking_for(s, A, [5, 3], out=0)
    family.keep(s, A, 3, [])
    assert 0 in s.wish_deck and 5 in s.wish_deck and s.wish_out == -1
