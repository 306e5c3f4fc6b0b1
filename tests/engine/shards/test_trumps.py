"""Winning a trick, every trump ability, and the round's start and end."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shards import RULES
from engine.games.shards.content import CULTIVATION, DEVOTION
from engine.games.shards.state import (
    ADD_REVEALED,
    AREA_MOVES,
    CULTIVATION_DISCARD,
    DECLINE,
    DEVOTION_PLACE,
    ODIUM_AREA,
    ODIUM_SEIZE,
    PLAY,
    PLAY_MOVES,
    TAKE,
    Discard,
    Options,
    Place,
    SubtractRevealed,
    Take,
    TakeFromDiscard,
    TakeScored,
)
from tests.engine.shards.helpers import Cards, act, table, texts

A, H, K = 0, 1, 2


def _trick(s, *cards):
    for c in cards:
        seat = RULES.to_act(s)[0]
        act(s, seat, PLAY_MOVES[c])


# ------------------------------------------------------------------ the strongest card


def test_a_low_trump_beats_a_high_lead_card():
    k = Cards()
    h16, a9, h15 = k("Honor 16"), k("Autonomy 9"), k("Honor 15")
    s = table(k, [[h16], [a9], [h15]], trump="Autonomy")
    _trick(s, h16, a9, h15)
    assert s.step == TAKE and RULES.to_act(s) == (H,)


def test_an_off_suit_card_never_wins():
    k = Cards()
    h5, r16, h6 = k("Honor 5"), k("Ruin 16"), k("Honor 6")
    s = table(k, [[h5], [r16], [h6]], trump="Autonomy")
    _trick(s, h5, r16, h6)
    assert RULES.to_act(s) == (K,)


def test_the_last_of_tied_trump_cards_wins():
    k = Cards()
    a9, h9 = k("Autonomy 9"), k("Honor 8")
    s = table(k, [[h9], [a9], [k("Autonomy 10")]], trump="Autonomy")
    act(s, A, PLAY_MOVES[h9])
    act(s, H, PLAY_MOVES[a9])
    s.trick_ranks[1] = 10  # as if an ability had raised it
    act(s, K, PLAY_MOVES[s.hands[K][0]])
    assert RULES.to_act(s) == (K,)


def test_following_the_lead_is_required_when_able():
    k = Cards()
    h5 = k("Honor 5")
    hoid = k.many("Honor 2", "Ruin 16", "Autonomy 16")
    s = table(k, [[h5], hoid, [k("Honor 7")]], trump="Autonomy")
    act(s, A, PLAY_MOVES[h5])
    assert RULES.legal(s, H) == [PLAY_MOVES[hoid[0]]]
    assert RULES.view(s, H).legal_cards == [hoid[0]]


# ------------------------------------------------------------------ Autonomy trump


def test_autonomy_trump_forbids_leading_autonomy_while_other_shards_are_in_hand():
    k = Cards()
    azure = k.many("Autonomy 16", "Autonomy 3", "Honor 2")
    s = table(k, [azure, [k("Honor 3")], [k("Honor 4")]], trump="Autonomy")
    assert [m.card for m in RULES.legal(s, A)] == [azure[2]]


def test_autonomy_trump_allows_leading_autonomy_from_an_all_autonomy_hand():
    k = Cards()
    azure = k.many("Autonomy 16", "Autonomy 3")
    s = table(k, [azure, [k("Honor 3")], [k("Honor 4")]], trump="Autonomy")
    assert sorted(m.card for m in RULES.legal(s, A)) == sorted(azure)


def test_without_autonomy_trump_autonomy_may_lead():
    k = Cards()
    azure = k.many("Autonomy 16", "Honor 2")
    s = table(k, [azure, [k("Honor 3")], [k("Honor 4")]], trump="Ruin")
    assert len(RULES.legal(s, A)) == 2


# ------------------------------------------------------------------ what the winner takes


def test_ruin_trump_winner_must_take_the_lowest_rank_card():
    k = Cards()
    h12, h3, h7 = k("Honor 12"), k("Honor 3"), k("Honor 7")
    s = table(k, [[h12], [h3], [h7]], trump="Ruin")
    _trick(s, h12, h3, h7)
    # one lowest card: no choice, it is taken at once
    assert s.areas[A] == [h3] and s.step == PLAY and RULES.to_act(s) == (A,)


def test_ruin_trump_tie_for_lowest_lets_the_winner_choose():
    k = Cards()
    h12, a3, h3 = k("Honor 12"), k("Autonomy 3"), k("Honor 3")
    s = table(k, [[h12], [a3], [h3]], trump="Ruin")
    _trick(s, h12, a3)
    act(s, H, DECLINE) if s.step != PLAY else None
    act(s, K, PLAY_MOVES[h3])
    assert s.step == TAKE and set(RULES.legal(s, A)) == {Take(a3), Take(h3)}


def test_ruin_trump_takes_the_lowest_current_rank_not_the_printed_one():
    """A Decay lowered Azure's Honor 12 to 2: it is now the lowest-rank card of the trick."""
    k = Cards()
    h12, r7, h5, top = k("Honor 12"), k("Ruin 7"), k("Honor 5"), k("Honor 10")
    s = table(k, [[h12], [r7], [h5]], trump="Ruin", deck=[top])
    _trick(s, h12, r7)
    act(s, H, SubtractRevealed(h12))
    assert s.trick_ranks == [2, 7]
    act(s, K, PLAY_MOVES[h5])
    # Hoid's Ruin 7 (trump) wins; the lowest current rank is the Honor 12, now 2 (printed: Honor 5)
    assert s.areas[H] == [h12]


def test_dominion_trump_takes_the_highest_current_rank_not_the_printed_one():
    """A Growth raised Azure's Cultivation 2 to 2 + 16: it is now the highest-rank card."""
    k = Cards()
    c2, top = k("Cultivation 2"), k("Odium 16")
    o12, d14 = k("Odium 12"), k("Dominion 14")
    s = table(k, [[c2], [o12], [d14]], trump="Dominion",
              shards=("Cultivation", "Devotion", "Dominion", "Odium"), deck=[top])
    _trick(s, c2)
    act(s, A, ADD_REVEALED)
    assert s.trick_ranks == [18]
    _trick(s, o12, d14)
    # Khriss's Dominion 14 wins; the highest current rank is the Cultivation, now 18 (printed 2)
    assert s.areas[K] == [c2]


def test_dominion_trump_winner_must_take_the_highest_rank_card():
    k = Cards()
    o12, o3, c16 = k("Odium 12"), k("Odium 11"), k("Cultivation 16")
    s = table(k, [[o12], [o3], [c16]], trump="Dominion",
              shards=("Cultivation", "Devotion", "Dominion", "Odium"))
    _trick(s, o12, o3, c16)
    assert s.areas[A] == [c16]


def test_preservation_trump_winner_may_take_a_preservation_card_from_the_discard_pile():
    k = Cards()
    h12, h3, h7 = k("Honor 12"), k("Honor 3"), k("Honor 7")
    p16, p8 = k("Preservation 16"), k("Preservation 8 rise")
    s = table(k, [[h12], [h3], [h7]], trump="Preservation", discard=[p16, k("Ruin 9"), p8])
    _trick(s, h12, h3, h7)
    legal = RULES.legal(s, A)
    assert set(legal) == {Take(h12), Take(h3), Take(h7), TakeFromDiscard(p16), TakeFromDiscard(p8)}
    ev = act(s, A, TakeFromDiscard(p16))
    assert s.areas[A] == [p16] and p16 not in s.discard
    assert {h12, h3, h7} <= set(s.discard)
    assert "Azure takes Preservation 16 from the discard pile into their scoring area" in texts(ev)


def test_honor_trump_has_no_trump_ability():
    k = Cards()
    h12, h3, h7 = k("Honor 12"), k("Honor 3"), k("Honor 7")
    s = table(k, [[h12], [h3], [h7]], trump="Honor", discard=[k("Preservation 16")])
    _trick(s, h12, h3, h7)
    assert set(RULES.legal(s, A)) == {Take(h12), Take(h3), Take(h7)}


# ------------------------------------------------------------------ round start


def _setup_with_first_trump(players: int, shards: str, trump: int):
    for seed in range(500):
        s = RULES.setup(Config(players, seed, RULES.options_from({"shards": shards})))
        if s.trump == trump:
            return s
    raise AssertionError("no seed gives that trump")


def test_cultivation_trump_draws_three_then_everyone_discards_three_at_once():
    s = _setup_with_first_trump(3, "Cultivation,Honor,Odium,Ruin", CULTIVATION)
    assert [len(h) for h in s.hands] == [14, 14, 14]
    assert s.step == CULTIVATION_DISCARD and RULES.to_act(s) == (0, 1, 2)
    first = s.hands[1][0]
    ev = act(s, 1, Discard(first))
    assert not any(e.reveal for e in ev)
    assert RULES.to_act(s) == (0, 1, 2)  # Hoid owes two more; nothing is public yet
    v0 = RULES.view(s, 0)
    assert v0.picks_made == [0, 1, 0] and s.discard == []
    assert all(first != c.id for c in v0.discard) and v0.hand_sizes[1] == 13
    assert [c.id for c in RULES.view(s, 1).my_picks] == [first]
    rng = Rng.seeded(3)
    for _ in range(8):
        seat = RULES.to_act(s)[0]
        act(s, seat, RULES.legal(s, seat)[rng.below(len(RULES.legal(s, seat)))])
        if s.step == CULTIVATION_DISCARD:
            assert s.discard == []
    # the last choice reveals all nine discards together
    assert len(s.discard) == 9 and first in s.discard
    assert [len(h) for h in s.hands] == [11, 11, 11]
    assert s.step == PLAY and RULES.to_act(s) == (s.first,)


def test_cultivation_trump_extra_cards_fall_by_round():
    s = _setup_with_first_trump(2, "Cultivation,Honor,Odium,Ruin", CULTIVATION)
    assert s.owed == [3, 3]
    k = Cards()
    s2 = table(k, [[], []], trump="Honor", shards=("Cultivation", "Honor", "Odium", "Ruin"))
    s2.trump_deck = [CULTIVATION]
    s2.round = 2
    from engine.games.shards.rules.setup import round_setup

    s2.deck = [c for c in range(16, 32)] + [c for c in range(64, 96)] + [c for c in range(112, 128)]
    round_setup(s2, None)
    assert s2.round == 3 and s2.owed == [1, 1]


def test_devotion_trump_places_a_card_at_once_then_plays_eleven_tricks():
    s = _setup_with_first_trump(3, "Devotion,Honor,Odium,Ruin", DEVOTION)
    assert s.step == DEVOTION_PLACE and RULES.to_act(s) == (0, 1, 2) and s.tricks == 11
    placed = []
    for seat in (2, 0, 1):
        c = s.hands[seat][0]
        placed.append(c)
        assert Place(c) in RULES.legal(s, seat)
        ev = act(s, seat, Place(c))
        if seat != 1:
            assert s.areas == [[], [], []]  # secret until everyone has placed
    assert any(e.reveal for e in ev)
    assert sorted(c for a in s.areas for c in a) == sorted(placed)
    assert [len(h) for h in s.hands] == [11, 11, 11]  # placed one, drew one
    rng = Rng.seeded(9)
    tricks = 0
    while s.round == 1:
        seat = RULES.to_act(s)[0]
        moves = RULES.legal(s, seat)
        if s.step == PLAY and not s.trick:
            tricks += 1
        RULES.apply(s, seat, moves[rng.below(len(moves))], True)
    assert tricks == 11
    # no last card is placed: 3 placed + 11 taken
    scored = sum(len(a) for a in s.areas)
    assert scored == 3 + 11


# ------------------------------------------------------------------ round end


def _last_trick(k: Cards, trump: str, areas, shards=("Autonomy", "Honor", "Odium", "Ruin")):
    hands = [k.many("Honor 10", "Ruin 5"), k.many("Honor 11", "Ruin 6"), k.many("Honor 12", "Ruin 9")]
    s = table(k, hands, trump=trump, areas=areas, leader=A, trick_no=10, shards=shards)
    return s, hands


def test_round_end_places_the_last_card_and_the_last_winner_starts_next_round():
    k = Cards()
    s, hands = _last_trick(k, "Honor", [[], [], []])
    _trick(s, hands[0][0], hands[1][0], hands[2][0])  # Khriss wins with Honor 12
    act(s, K, Take(hands[2][0]))
    assert s.round == 2 and s.first == K and s.step == PLAY and RULES.to_act(s) == (K,)
    assert hands[0][1] in s.areas[A] and hands[1][1] in s.areas[H] and hands[2][1] in s.areas[K]
    assert [len(h) for h in s.hands] == [11, 11, 11] and s.discard == []
    assert s.trick_no == 1 and len(s.round_scores) == 1


def test_odium_trump_lets_the_single_smallest_area_take_from_the_largest():
    k = Cards()
    big = k.many("Honor 1", "Honor 2", "Ruin 16", "Autonomy 16")
    s, hands = _last_trick(k, "Odium", [big, k.many("Honor 3", "Honor 4"), []])
    _trick(s, hands[0][0], hands[1][0], hands[2][0])
    act(s, K, Take(hands[2][1 - 1]))
    # Khriss: 2 cards (taken + last), Azure 5, Hoid 3: Khriss is alone with the fewest
    assert s.step == ODIUM_SEIZE and RULES.to_act(s) == (K,)
    assert DECLINE in RULES.legal(s, K) and TakeScored(big[2]) in RULES.legal(s, K)
    act(s, K, TakeScored(big[2]))
    assert big[2] in s.areas[K] and big[2] not in s.areas[A]
    assert s.round == 2


def test_odium_trump_with_several_largest_areas_asks_which():
    k = Cards()
    s, hands = _last_trick(k, "Odium", [k.many("Honor 1", "Honor 2"), k.many("Honor 3", "Honor 4"), []])
    _trick(s, hands[0][0], hands[1][0], hands[2][0])
    act(s, K, Take(hands[2][0]))
    assert s.step == ODIUM_AREA and set(RULES.legal(s, K)) == {AREA_MOVES[A], AREA_MOVES[H], DECLINE}
    act(s, K, AREA_MOVES[H])
    assert s.step == ODIUM_SEIZE
    act(s, K, DECLINE)
    assert s.round == 2 and [len(a) for a in s.areas] == [3, 3, 2]


def test_odium_trump_does_nothing_when_the_fewest_is_shared():
    k = Cards()
    s, hands = _last_trick(k, "Odium", [[], [], k.many("Honor 1")])
    _trick(s, hands[0][0], hands[1][0], hands[2][0])
    act(s, K, Take(hands[2][0]))
    # Azure 1, Hoid 1, Khriss 3: the fewest is shared, so the trump does nothing
    assert s.round == 2 and s.step not in (ODIUM_AREA, ODIUM_SEIZE)
    assert [len(a) for a in s.areas] == [1, 1, 3]


def test_the_first_player_of_round_one_is_chosen_at_random():
    """seed: "For the first round, the first player is chosen randomly." Every seat leads some game."""
    for players in (2, 3, 4):
        firsts = {RULES.setup(Config(players, seed, Options())).first for seed in range(60)}
        assert firsts == set(range(players)), (players, firsts)
        for seed in range(5):
            s = RULES.setup(Config(players, seed, Options()))
            assert s.turn == s.first and (s.acting == (s.first,) or s.step != PLAY)


def test_options_choose_and_complete_the_shards():
    o = RULES.options_from({"shards": "Ruin, honor"})
    assert o == Options(shards=["Ruin", "Honor"])  # a Shard's name in any case
    s = RULES.setup(Config(4, 3, o))
    assert len(s.shards) == 5 and {7, 4} <= set(s.shards)
    s = RULES.setup(Config(3, 3, Options()))
    assert len(s.shards) == 4 and len(set(s.shards)) == 4


def test_options_refuse_unknown_or_too_many_shards():
    import pytest

    with pytest.raises(ValueError, match="each one of Autonomy, Cultivation"):
        RULES.options_from({"shards": "Ruin,Stormlight"})
    with pytest.raises(ValueError, match="uses 4 Shards"):
        RULES.setup(Config(3, 1, RULES.options_from({"shards": "Ruin,Honor,Odium,Autonomy,Devotion"})))
    with pytest.raises(ValueError, match="twice"):
        RULES.setup(Config(3, 1, RULES.options_from({"shards": "Ruin,ruin"})))


def test_odium_trump_offers_only_the_largest_scoring_areas():
    """With four players, a scoring area neither largest nor the taker's is never offered."""
    k = Cards()
    areas = [k.many("Honor 1", "Honor 2", "Honor 3"), k.many("Honor 4", "Honor 5", "Honor 6"),
             k.many("Honor 7", "Honor 8"), k.many("Honor 10")]
    s = table(k, [[], [], [], []], trump="Odium", shards=("Autonomy", "Honor", "Odium", "Preservation", "Ruin"),
              areas=areas)
    s.step, s.turn, s.acting, s.target = ODIUM_AREA, 3, (3,), -1
    assert set(RULES.legal(s, 3)) == {AREA_MOVES[0], AREA_MOVES[1], DECLINE}
