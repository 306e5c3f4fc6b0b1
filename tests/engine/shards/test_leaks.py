"""Secrets are sacred: what a hand holds never shows in another seat's view (issue 10, item 3).

At every decision, the deciding seat's hidden cards are re-drawn (consistent with what the other
seats know) and the other seats' views must not change, before the move or after it: not
through whether the seat is asked, a prompt's words, or a choice that resolves itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.shards.state import ODIUM_AREA, ODIUM_SEIZE, State
from tests.engine.leaks import check_private_decisions

KEEP_ON_TOP = 8  # cards an ability may draw or reveal next: they stay where they are


def resample_hand(s: State, x: int, move: Any, rng: Rng) -> State:
    """Seat x's hand, re-drawn from its own unknown cards and the cards deep in the draw deck.

    Cards another seat knows x holds stay (a stolen card, a drawn revealed card), and so does the
    card the move shows. The top of the deck stays, so the same cards are drawn and revealed; at
    the last trick nothing moves (the round end shows every hand and deals from the whole deck)."""
    d: State = clone(s)
    if move is not None and (s.trick_no >= s.tricks or s.step in (ODIUM_AREA, ODIUM_SEIZE)):
        return d  # the round may end: every last card is shown and the next round is dealt
    others = 15 & ~(1 << x)
    keep = {e >> 4 for e in d.known if e & others}
    card = getattr(move, "card", -1)
    if card in d.hands[x]:
        keep.add(card)
    hand = d.hands[x]
    free = [c for c in hand if c not in keep]
    deep = len(d.deck) - KEEP_ON_TOP
    pool = free + (d.deck[:deep] if deep > 0 else [])
    rng.shuffle(pool)
    d.hands[x] = sorted([c for c in hand if c in keep] + pool[: len(free)])
    if deep > 0:
        d.deck[:deep] = pool[len(free):]
    return d


CASES = [
    (2, ""),
    (3, ""),
    (4, ""),
    (3, "Autonomy,Dominion,Odium,Preservation"),  # Release, Cull, Theft, Renewal: the leaks of issue 10
    (4, "Autonomy,Devotion,Dominion,Odium,Preservation"),
    (3, "Cultivation,Devotion,Dominion,Ruin"),
]


@pytest.mark.parametrize(("players", "shards"), CASES)
@pytest.mark.parametrize("seed", range(3))
def test_no_decision_tells_the_table_what_a_hand_holds(players, shards, seed):
    options = {"shards": shards} if shards else None
    assert check_private_decisions("shards", players, seed, options, resample_hand) > 100
