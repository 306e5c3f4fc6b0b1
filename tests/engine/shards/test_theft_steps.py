"""Odium theft step by step: who keeps track of which card after a random card changes hands,
and the two halves of the event (issue 10 item 9: the mutants of rules/moves.py ``steal`` that
survived the rule tests were this bookkeeping — a secrecy rule — and the event's audience)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shards.content import RANK, card_name
from engine.games.shards.rules.moves import steal
from tests.engine.shards.helpers import Cards, table

A, H, K = 0, 1, 2
BIT = {A: 1, H: 2, K: 4}


def test_a_theft_leaves_only_thief_and_victim_knowing_the_victims_cards():
    k = Cards()
    victim = k.many("Honor 11", "Honor 12", "Honor 13")
    kept = k("Ruin 11")
    played = k("Odium 1")
    s = table(k, [[k("Honor 14")], victim, [kept]], trump="Ruin", shards=("Autonomy", "Honor", "Odium", "Ruin"))
    s.trick, s.trick_seats, s.trick_ranks = [played], [A], [RANK[played]]
    s.known = [victim[0] << 4 | BIT[K],  # only Khriss knew where this one was
               victim[1] << 4 | BIT[A] | BIT[H] | BIT[K],
               victim[2] << 4 | BIT[H] | BIT[K],
               kept << 4 | BIT[A] | BIT[H]]  # a card in Khriss's hand: the theft changes nothing
    ev: list[Event] = []
    steal(s, A, H, ev)
    stolen = next(c for c in victim if c in s.hands[A])
    # Hoid's cards: only Azure and Hoid still know where they are (the one only Khriss knew is
    # forgotten); Khriss's card is untouched; the stolen card is known to thief and victim
    after = {victim[0]: 0, victim[1]: BIT[A] | BIT[H], victim[2]: BIT[H], kept: BIT[A] | BIT[H]}
    assert s.known == [c << 4 | m for c, m in after.items() if m and c != stolen] + [stolen << 4 | BIT[H] | BIT[A]]
    name = card_name(stolen)
    assert ev[:2] == [
        Event("Azure takes a random card from Hoid's hand", A, (K,), False, "steal", {"seat": A, "victim": H}),
        Event(f"Azure takes {name} from Hoid's hand", A, (A, H), True, "steal",
              {"seat": A, "victim": H, "card": name})]
    assert [(e.kind, e.seat, e.to) for e in ev[2:]] == [("draw", H, (H,)), ("draw", H, (A, K))]
    assert len(s.hands[H]) == 3 and s.turn == H
