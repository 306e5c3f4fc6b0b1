"""Cultivation growth's two answers and a Ruin decay, with their exact events and the turn
passing on (issue 10 item 9: the mutants of rules/moves.py ``on_add_revealed``, ``on_put_back``
and ``on_subtract`` that survived the rule tests were these events and the event list passed on
to the next player)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shards import RULES
from engine.games.shards.state import ADD_REVEALED, PLAY, PLAY_MOVES, PUT_BACK, SubtractRevealed
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2
SHARDS = ("Cultivation", "Devotion", "Dominion", "Odium")


def _growth():
    k = Cards()
    c3, top = k("Cultivation 3"), k("Odium 12")
    s = table(k, [[c3], [k("Odium 3")], [k("Odium 4")]], trump="Dominion", shards=SHARDS, deck=[top])
    act(s, A, PLAY_MOVES[c3])
    return s, top


def test_adding_the_revealed_card_is_told_and_the_next_player_plays():
    s, top = _growth()
    assert act(s, A, ADD_REVEALED) == [
        Event("Azure discards Odium 12 and raises Cultivation 3 to 15", A, None, False, "growth",
              {"seat": A, "discarded": "Odium 12", "card": "Cultivation 3", "rank": 15})]
    assert s.discard[-1] == top and s.top_known == 0
    assert s.step == PLAY and RULES.to_act(s) == (H,)


def test_putting_the_revealed_card_back_is_told_and_the_next_player_plays():
    s, top = _growth()
    assert act(s, A, PUT_BACK) == [
        Event("Azure puts Odium 12 back on the draw deck", A, None, False, "put-back",
              {"seat": A, "card": "Odium 12"})]
    assert s.deck[-1] == top and s.top_known == 1
    assert s.step == PLAY and RULES.to_act(s) == (H,)


def test_a_ruin_decay_is_told_with_whose_card_it_lowers():
    k = Cards()
    r9, r5, top = k("Ruin 9"), k("Ruin 5"), k("Honor 16")
    s = table(k, [[r9], [r5], [k("Ruin 6")]], trump="Honor", deck=[top])
    act(s, A, PLAY_MOVES[r9])
    act(s, H, PLAY_MOVES[r5])
    assert act(s, H, SubtractRevealed(r9)) == [
        Event("Hoid discards Honor 16 and lowers Azure's Ruin 9 to -7", H, None, False, "decay",
              {"seat": H, "discarded": "Honor 16", "owner": A, "card": "Ruin 9", "rank": -7})]
    assert s.trick_ranks == [-7, 5] and s.discard[-1] == top and s.top_known == 0
    assert s.step == PLAY and RULES.to_act(s) == (K,)
