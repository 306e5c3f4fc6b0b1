"""Legal moves at the edges of a Shard's run of cards and with identical cards (issue 10 item 9:
the mutants of rules/legal.py that survived the rule tests moved a bound by one card — the next
Shard's lowest card — or listed identical cards twice)."""

from __future__ import annotations

from engine.games.shards import RULES
from engine.games.shards.content import CULTIVATION, KIND, shard_cards
from engine.games.shards.state import PLAY_MOVES, TAKE_DISCARD_MOVES, TAKE_MOVES
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2
SHARDS = ("Autonomy", "Cultivation", "Honor", "Ruin")


def test_following_autonomy_never_offers_the_lowest_cultivation_card():
    k = Cards()
    c2 = k("Cultivation 2")
    assert c2 == shard_cards(CULTIVATION)[0]  # the first card after Autonomy's run
    a12, a13 = k("Autonomy 12"), k("Autonomy 13")
    s = table(k, [[a12], [a13, c2], [k("Honor 11")]], trump="Honor", shards=SHARDS)
    act(s, A, PLAY_MOVES[a12])
    assert RULES.legal(s, H) == [PLAY_MOVES[a13]]


def test_leading_under_the_autonomy_trump_offers_the_lowest_cultivation_card():
    k = Cards()
    c2, a12, h11 = k("Cultivation 2"), k("Autonomy 12"), k("Honor 11")
    s = table(k, [[a12, c2, h11], [k("Honor 12")], [k("Honor 13")]], trump="Autonomy", shards=SHARDS)
    assert RULES.legal(s, A) == [PLAY_MOVES[c2], PLAY_MOVES[h11]]


def test_identical_preservation_cards_in_the_discard_pile_are_one_choice():
    k = Cards()
    p1, p2 = k("Preservation 8 renewal"), k("Preservation 8 renewal")
    assert KIND[p1] == KIND[p2]
    h14, h15, h16 = k("Honor 14"), k("Honor 15"), k("Honor 16")
    s = table(k, [[h14, k("Honor 11")], [h15, k("Honor 12")], [h16, k("Honor 13")]], trump="Preservation",
              discard=[p1, p2])
    for seat, c in ((A, h14), (H, h15), (K, h16)):
        act(s, seat, PLAY_MOVES[c])
    assert RULES.legal(s, K) == [TAKE_MOVES[h14], TAKE_MOVES[h15], TAKE_MOVES[h16], TAKE_DISCARD_MOVES[p1]]
