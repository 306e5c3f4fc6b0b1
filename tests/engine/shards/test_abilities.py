"""One test (or a few) per card ability, with the "no valid target" and "may" cases."""

from __future__ import annotations

from engine.games.shards import RULES
from engine.games.shards.content import card_name
from engine.games.shards.state import (
    ADD_REVEALED,
    CULL,
    DECAY,
    DECLINE,
    GROWTH,
    PLAY,
    PLAY_MOVES,
    PRESERVE,
    PUT_BACK,
    RELEASE,
    RENEWAL,
    SWAP,
    TAKE,
    THEFT,
    THEFT_VICTIM,
    Discard,
    Steal,
    SubtractRevealed,
    Swap,
)
from tests.engine.shards.helpers import Cards, act, table, texts

A, H, K = 0, 1, 2
ALL8 = ("Cultivation", "Devotion", "Dominion", "Odium")


# ------------------------------------------------------------------ Autonomy


def test_autonomy_release_discards_an_autonomy_card_and_draws():
    k = Cards()
    a1, a9, top = k("Autonomy 1"), k("Autonomy 9"), k("Honor 6")
    s = table(k, [[a1, a9, k("Honor 2")], [k("Honor 3")], [k("Honor 4")]], trump="Honor", deck=[top])
    act(s, A, PLAY_MOVES[a1])
    assert s.step == RELEASE
    assert RULES.legal(s, A) == [Discard(a9), DECLINE]  # only Autonomy cards may go
    ev = act(s, A, Discard(a9))
    assert a9 in s.discard and top in s.hands[A] and len(s.hands[A]) == 2
    assert "Azure draws Honor 6" in texts(ev, A) and "Azure draws Honor 6" not in texts(ev, H)
    assert "Azure draws a card" in texts(ev, H) and "Azure draws a card" not in texts(ev, A)
    assert "Azure draws a card" in texts(ev, H)
    assert RULES.to_act(s) == (H,)


def test_autonomy_release_is_optional():
    k = Cards()
    a1, a9 = k("Autonomy 1"), k("Autonomy 9")
    s = table(k, [[a1, a9], [k("Honor 3")], [k("Honor 4")]], trump="Honor")
    act(s, A, PLAY_MOVES[a1])
    act(s, A, DECLINE)
    assert s.hands[A] == [a9] and s.step == PLAY and RULES.to_act(s) == (H,)


def test_autonomy_release_is_asked_even_without_an_autonomy_card_in_hand():
    """At a real table "I decline" and "I can't" look the same: the player is asked whenever
    the hand holds a card, and the public line is the same either way (issue 10, item 2)."""
    lines = []
    for other in ("Honor 2", "Autonomy 9"):
        k = Cards()
        a1 = k("Autonomy 1")
        s = table(k, [[a1, k(other)], [k("Honor 3")], [k("Honor 4")]], trump="Honor")
        act(s, A, PLAY_MOVES[a1])
        assert s.step == RELEASE and RULES.to_act(s) == (A,)
        assert RULES.legal(s, A)[-1] == DECLINE
        public = RULES.view(s, H)
        ev = act(s, A, DECLINE)
        lines.append((public.prompt, public.stage, texts(ev, H), texts(ev, None)))
        assert s.step == PLAY and RULES.to_act(s) == (H,)
    assert lines[0] == lines[1]
    assert lines[0][2] == ["Azure discards no Autonomy card (Autonomy 1: Release)"]


def test_autonomy_release_without_a_card_left_in_hand_is_ignored():
    k = Cards()
    a1 = k("Autonomy 1")
    s = table(k, [[a1], [k("Honor 3")], [k("Honor 4")]], trump="Honor")
    act(s, A, PLAY_MOVES[a1])
    assert s.step == PLAY and RULES.to_act(s) == (H,)


def test_autonomy_rise_counts_autonomy_in_other_scoring_areas_only():
    k = Cards()
    a5 = k("Autonomy 5")
    areas = [k.many("Autonomy 10"), k.many("Autonomy 11", "Autonomy 12"), k.many("Autonomy 13", "Honor 1")]
    s = table(k, [[k("Honor 2")], [a5], [k("Honor 4")]], trump="Honor", areas=areas)
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[a5])
    assert s.trick_ranks[1] == 5 + 2 * 2  # Azure's and Khriss's Autonomy, not Hoid's own


def test_autonomy_rise_never_counts_its_own_players_autonomy():
    """Own and others' counts differ here (a mutant counting the player's own area survived)."""
    k = Cards()
    a5 = k("Autonomy 5")
    areas = [k.many("Autonomy 10"), k.many("Autonomy 11", "Autonomy 12", "Autonomy 13"), k.many("Honor 1")]
    s = table(k, [[k("Honor 2")], [a5], [k("Honor 4")]], trump="Honor", areas=areas)
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[a5])
    assert s.trick_ranks[1] == 5 + 2 * 1


# ------------------------------------------------------------------ Cultivation


def test_cultivation_growth_adds_the_revealed_rank():
    k = Cards()
    c3, top = k("Cultivation 3"), k("Odium 12")
    s = table(k, [[c3], [k("Odium 3")], [k("Odium 4")]], trump="Dominion", shards=ALL8, deck=[top])
    ev = act(s, A, PLAY_MOVES[c3])
    assert s.step == GROWTH and any(e.reveal for e in ev)
    assert RULES.legal(s, A) == [ADD_REVEALED, PUT_BACK]
    act(s, A, ADD_REVEALED)
    assert s.trick_ranks == [15] and top in s.discard and s.top_known == 0


def test_cultivation_growth_put_back_leaves_a_card_everyone_knows():
    k = Cards()
    c3, top = k("Cultivation 3"), k("Odium 12")
    p8 = k("Dominion 8")  # Cull: draws the known top card
    low = k("Odium 1")
    s = table(k, [[c3], [p8, low, k("Dominion 16")], [k("Odium 4")]], trump="Honor", shards=ALL8,
              deck=[top])
    act(s, A, PLAY_MOVES[c3])
    act(s, A, PUT_BACK)
    assert s.deck[-1] == top and s.trick_ranks == [3]
    for seat in (A, H, K, None):
        assert RULES.view(s, seat).deck_top.id == top
    # Hoid draws it: everyone now knows Hoid holds it (until he plays or discards it)
    act(s, H, PLAY_MOVES[p8])
    act(s, H, Discard(low))  # the Cull's discard (always asked)
    assert top in s.hands[H] and low in s.discard
    for seat in (A, K, None):
        assert [c.id for c in RULES.view(s, seat).known[H]] == [top]
        assert RULES.view(s, seat).deck_top is None


def test_cultivation_renewal_discards_up_to_two_then_draws_as_many():
    k = Cards()
    c6 = k("Cultivation 6")
    hand = [c6, *k.many("Odium 1", "Odium 2", "Odium 3")]
    d1, d2 = k("Honor 10"), k("Honor 11")
    s = table(k, [hand, [k("Odium 5")], [k("Odium 6")]], trump="Honor", shards=ALL8, deck=[d1, d2])
    act(s, A, PLAY_MOVES[c6])
    assert s.step == RENEWAL and DECLINE in RULES.legal(s, A)
    act(s, A, Discard(hand[1]))
    assert s.step == RENEWAL  # may discard one more
    act(s, A, Discard(hand[2]))
    assert sorted(s.hands[A]) == sorted([hand[3], d1, d2])
    assert s.step == PLAY and RULES.to_act(s) == (H,)


def test_cultivation_renewal_may_stop_after_one_or_none():
    k = Cards()
    c6, c7 = k("Cultivation 6"), k("Cultivation 7")
    s = table(k, [[c6, k("Odium 1")], [c7, k("Odium 2")], [k("Odium 6")]], trump="Honor", shards=ALL8)
    act(s, A, PLAY_MOVES[c6])
    act(s, A, DECLINE)
    assert len(s.hands[A]) == 1 and not s.discard
    act(s, H, PLAY_MOVES[c7])
    odium2 = s.hands[H][0]
    act(s, H, Discard(odium2))  # the hand is now empty: the discarding stops, one card is drawn
    assert odium2 in s.discard and len(s.hands[H]) == 1


# ------------------------------------------------------------------ Devotion


def test_devotion_swap_puts_the_scoring_card_into_the_trick_and_triggers_it():
    k = Cards()
    d5 = k("Devotion 5")
    ruin7 = k("Ruin 7")
    top = k("Honor 8")
    s = table(k, [[k("Devotion 12")], [d5], [k("Devotion 13")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"), areas=[[], [ruin7], []], deck=[top])
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[d5])
    assert s.step == SWAP and RULES.legal(s, H) == [Swap(ruin7), DECLINE]
    ev = act(s, H, Swap(ruin7))
    assert s.areas[H] == [d5] and s.trick[1] == ruin7 and s.trick_ranks[1] == 7
    assert "Hoid swaps Devotion 5 with Ruin 7 from their scoring area" in texts(ev)
    # "then that card's ability triggers": Ruin 7 reveals the top card
    assert s.step == DECAY
    act(s, H, SubtractRevealed(s.trick[0]))
    assert s.trick_ranks[0] == 12 - 8


def test_devotion_swap_on_the_lead_card_changes_the_lead():
    k = Cards()
    d4, o9, o3 = k("Devotion 4"), k("Odium 9"), k("Odium 3")
    s = table(k, [[d4], [o3, k("Devotion 12")], [k("Devotion 13")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"), areas=[[o9], [], []])
    act(s, A, PLAY_MOVES[d4])
    act(s, A, Swap(o9))
    assert RULES.view(s, H).lead == "Odium"
    assert RULES.legal(s, H) == [PLAY_MOVES[o3]]  # Hoid must follow Odium now, not Devotion


def test_under_autonomy_trump_a_lead_swap_cannot_bring_in_autonomy_while_other_shards_are_in_hand():
    """"Trump effects always take precedence over card abilities": the swapped-in card becomes
    the lead, so it may be Autonomy only when the leader's hand holds no other Shard (issue 10,
    item 1; seen in selfplay shards, seed 7097, round 3)."""
    k = Cards()
    d4, a9, h9 = k("Devotion 4"), k("Autonomy 9"), k("Honor 10")
    s = table(k, [[d4, k("Honor 2")], [k("Honor 3")], [k("Honor 4")]], trump="Autonomy",
              shards=("Autonomy", "Devotion", "Honor", "Ruin"), areas=[[a9, h9], [], []])
    act(s, A, PLAY_MOVES[d4])
    assert s.step == SWAP and RULES.legal(s, A) == [Swap(h9), DECLINE]
    # only Autonomy in the scoring area: still asked (the scoring area is public, the hand is not)
    k = Cards()
    d4, a9 = k("Devotion 4"), k("Autonomy 9")
    s = table(k, [[d4, k("Honor 2")], [k("Honor 3")], [k("Honor 4")]], trump="Autonomy",
              shards=("Autonomy", "Devotion", "Honor", "Ruin"), areas=[[a9], [], []])
    act(s, A, PLAY_MOVES[d4])
    assert s.step == SWAP and RULES.legal(s, A) == [DECLINE]


def test_under_autonomy_trump_a_lead_swap_may_bring_in_autonomy_from_an_all_autonomy_hand():
    k = Cards()
    d4, a9, a12 = k("Devotion 4"), k("Autonomy 9"), k("Autonomy 12")
    s = table(k, [[d4, a12], [k("Honor 3")], [k("Honor 4")]], trump="Autonomy",
              shards=("Autonomy", "Devotion", "Honor", "Ruin"), areas=[[a9], [], []])
    act(s, A, PLAY_MOVES[d4])
    assert RULES.legal(s, A) == [Swap(a9), DECLINE]
    act(s, A, Swap(a9))
    assert RULES.view(s, H).lead == "Autonomy"


def test_under_autonomy_trump_a_swap_that_does_not_lead_may_bring_in_autonomy():
    k = Cards()
    d4, a9 = k("Devotion 4"), k("Autonomy 9")
    s = table(k, [[k("Honor 12")], [d4, k("Ruin 10")], [k("Honor 4")]], trump="Autonomy",
              shards=("Autonomy", "Devotion", "Honor", "Ruin"), areas=[[], [a9], []])
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[d4])  # no Honor to follow with: any card, and the lead stays Honor
    assert s.step == SWAP and RULES.legal(s, H) == [Swap(a9), DECLINE]


def test_a_devotion_swap_chain_cannot_bring_back_a_card_it_placed():
    """A swapped-in Devotion 4–7 swaps again, but never for a card this chain put in the scoring area.

    (Without this a player could swap two Devotion cards back and forth for ever.)
    """
    k = Cards()
    d4, d5, d6 = k("Devotion 4"), k("Devotion 5"), k("Devotion 6")
    s = table(k, [[d4], [k("Devotion 12")], [k("Devotion 13")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"), areas=[[d5, d6], [], []])
    act(s, A, PLAY_MOVES[d4])
    assert RULES.legal(s, A) == [Swap(d5), Swap(d6), DECLINE]
    act(s, A, Swap(d5))  # Devotion 5 comes in and acts: it may swap too, but not for Devotion 4
    assert s.step == SWAP and RULES.legal(s, A) == [Swap(d6), DECLINE]
    act(s, A, Swap(d6))  # Devotion 6 comes in: Devotion 4 and 5 were both placed by this chain
    assert s.step == PLAY and s.turn == H  # nothing left to swap: the chain ends, play moves on
    assert s.trick == [d6] and sorted(s.areas[A]) == sorted([d4, d5])
    assert s.swapped == []  # a later Devotion may swap with those cards again


def test_devotion_swap_is_optional_and_needs_a_scoring_card():
    k = Cards()
    d4, d5 = k("Devotion 4"), k("Devotion 5")
    s = table(k, [[d4], [d5], [k("Devotion 13")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"), areas=[[], [k("Odium 9")], []])
    act(s, A, PLAY_MOVES[d4])  # Azure's scoring area is empty: no valid target
    assert s.step == PLAY and RULES.to_act(s) == (H,)
    act(s, H, PLAY_MOVES[d5])
    act(s, H, DECLINE)
    assert s.trick == [d4, d5] and RULES.to_act(s) == (K,)


# ------------------------------------------------------------------ Dominion


def test_dominion_cull_draws_then_discards_the_lowest_rank_card():
    k = Cards()
    dom7, top = k("Dominion 7"), k("Odium 1")
    s = table(k, [[dom7, k("Odium 5"), k("Odium 16")], [k("Dominion 12")], [k("Dominion 13")]],
              trump="Honor", shards=ALL8, deck=[top])
    act(s, A, PLAY_MOVES[dom7])
    # a single lowest card is still asked: whether the lowest ranks tie is the hand's secret
    assert s.step == CULL and RULES.to_act(s) == (A,) and RULES.legal(s, A) == [Discard(top)]
    assert "tie" not in RULES.view(s, H).prompt
    act(s, A, Discard(top))
    assert top in s.discard and len(s.hands[A]) == 2 and s.step == PLAY


def test_dominion_cull_lets_the_player_choose_among_tied_lowest_cards():
    k = Cards()
    dom7, top = k("Dominion 7"), k("Cultivation 5")
    o5 = k("Odium 5")
    s = table(k, [[dom7, o5, k("Odium 16")], [k("Dominion 12")], [k("Dominion 13")]],
              trump="Honor", shards=ALL8, deck=[top])
    act(s, A, PLAY_MOVES[dom7])
    assert s.step == CULL and RULES.legal(s, A) == [Discard(top), Discard(o5)]
    act(s, A, Discard(o5))
    assert o5 in s.discard and top in s.hands[A]


def test_dominion_cull_with_nothing_to_draw_discards_nothing():
    k = Cards()
    dom7 = k("Dominion 7")
    s = table(k, [[dom7, k("Odium 5")], [k("Dominion 12")], [k("Dominion 13")]], trump="Honor",
              shards=ALL8, fill_deck=False)
    act(s, A, PLAY_MOVES[dom7])
    assert len(s.hands[A]) == 1 and s.step == PLAY


# ------------------------------------------------------------------ Odium


def test_odium_theft_discards_steals_at_random_and_the_victim_draws():
    k = Cards()
    o2 = k("Odium 2")
    junk = k("Honor 1")
    khriss = k.many("Honor 12", "Honor 13")
    top = k("Honor 14")
    s = table(k, [[o2, junk, k("Honor 3")], [k("Odium 9"), k("Honor 2")], khriss], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"), deck=[top])
    act(s, A, PLAY_MOVES[o2])
    assert s.step == THEFT
    act(s, A, Discard(junk))
    assert s.step == THEFT_VICTIM and RULES.legal(s, A) == [Steal(H), Steal(K)]
    ev = act(s, A, Steal(K))
    stolen = next(c for c in khriss if c in s.hands[A])
    assert len(s.hands[A]) == 2 and top in s.hands[K] and len(s.hands[K]) == 2
    # the thief and the victim are told which card went; the third player only that one did
    told = [e for e in ev if e.kind == "steal" and e.reveal]
    assert [e.to for e in told] == [(A, K)] and told[0].data == {"seat": A, "victim": K, "card": card_name(stolen)}
    assert f"Azure takes {card_name(stolen)} from Khriss's hand" in texts(ev, K)
    assert not any(card_name(stolen) in t for t in texts(ev, H))
    # the victim knows where its card went; the third player does not
    assert [c.id for c in RULES.view(s, K).known[A]] == [stolen]
    assert RULES.view(s, H).known[A] == []
    assert RULES.view(s, None).known[A] == []
    assert "Azure takes a random card from Khriss's hand" in texts(ev, H)


def test_odium_theft_in_two_players_needs_no_victim_choice():
    k = Cards()
    o2, junk = k("Odium 2"), k("Honor 1")
    s = table(k, [[o2, junk, k("Honor 2")], [k("Honor 12"), k("Odium 12")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"))
    act(s, A, PLAY_MOVES[o2])
    act(s, A, Discard(junk))
    assert s.step == PLAY and RULES.to_act(s) == (H,)
    assert len(s.hands[A]) == 2 and len(s.hands[H]) == 2


def test_odium_theft_with_one_kind_of_card_left_still_asks_for_the_discard():
    """A discard that resolves by itself would tell the table the hand held one kind of card."""
    k = Cards()
    o2, junk = k("Odium 2"), k("Honor 1")
    s = table(k, [[o2, junk], [k("Honor 12"), k("Odium 12")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"))
    act(s, A, PLAY_MOVES[o2])
    assert s.step == THEFT and RULES.legal(s, A) == [Discard(junk)]
    act(s, A, Discard(junk))  # the only victim is chosen by itself: everyone sees who holds cards
    assert junk in s.discard and len(s.hands[A]) == 1 and s.step == PLAY


def test_odium_rise_ignores_other_scoring_areas():
    k = Cards()
    o6 = k("Odium 6")
    s = table(k, [[k("Odium 12")], [o6], [k("Odium 13")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"),
              areas=[k.many("Ruin 9", "Devotion 9"), k.many("Honor 1"), k.many("Odium 14", "Ruin 10")])
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[o6])
    assert s.trick_ranks[1] == 6 + 2 * 1  # Hoid's Honor only


def test_odium_rise_counts_different_shards_in_own_area():
    k = Cards()
    o6 = k("Odium 6")
    area = k.many("Honor 1", "Honor 2", "Ruin 9", "Devotion 9")
    s = table(k, [[o6], [k("Odium 12")], [k("Odium 13")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"), areas=[area, [], []])
    act(s, A, PLAY_MOVES[o6])
    assert s.trick_ranks == [6 + 2 * 3]


# ------------------------------------------------------------------ Preservation


def test_preservation_renewal_draws_then_discards():
    k = Cards()
    p8, top = k("Preservation 8 renewal"), k("Honor 16")
    s = table(k, [[p8, k("Honor 1")], [k("Preservation 16")], [k("Honor 4")]], trump="Honor", deck=[top])
    act(s, A, PLAY_MOVES[p8])
    assert s.step == PRESERVE and top in s.hands[A]
    act(s, A, Discard(top))
    assert top in s.discard and len(s.hands[A]) == 1


def test_preservation_rise_counts_preservation_in_own_area():
    k = Cards()
    p8 = k("Preservation 8 rise")
    s = table(k, [[p8], [k("Preservation 16")], [k("Honor 4")]], trump="Honor",
              areas=[k.many("Preservation 8", "Preservation 8", "Honor 1"), [], []])
    act(s, A, PLAY_MOVES[p8])
    assert s.trick_ranks == [10]


def test_preservation_rise_ignores_other_scoring_areas():
    k = Cards()
    p8 = k("Preservation 8 rise")
    s = table(k, [[k("Honor 4")], [p8], [k("Honor 5")]], trump="Honor",
              areas=[k.many("Preservation 8", "Preservation 8"), k.many("Preservation 8", "Honor 1"),
                     k.many("Preservation 8")])
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[p8])
    assert s.trick_ranks == [4, 8 + 1]  # Hoid's one Preservation, not the others' three


def test_preservation_renewal_with_one_kind_of_card_in_hand_still_asks_for_the_discard():
    k = Cards()
    p8, top = k("Preservation 8 renewal"), k("Honor 16")
    s = table(k, [[p8], [k("Preservation 16")], [k("Honor 4")]], trump="Honor", deck=[top])
    act(s, A, PLAY_MOVES[p8])
    assert s.step == PRESERVE and RULES.legal(s, A) == [Discard(top)] and RULES.to_act(s) == (A,)


def test_an_empty_draw_deck_is_refilled_from_the_discard_pile():
    k = Cards()
    p8 = k("Preservation 8 renewal")
    pile = k.many("Honor 5", "Honor 6", "Honor 7")
    s = table(k, [[p8, k("Honor 1")], [k("Preservation 16")], [k("Honor 4")]], trump="Honor",
              discard=pile, fill_deck=False)
    ev = act(s, A, PLAY_MOVES[p8])
    assert any("shuffled into a new draw deck" in t for t in texts(ev))
    assert s.discard == [] and len(s.deck) == 2
    assert len(set(s.hands[A]) & set(pile)) == 1


def test_preservation_renewal_with_no_card_anywhere_is_ignored():
    k = Cards()
    p8 = k("Preservation 8 renewal")
    s = table(k, [[p8, k("Honor 1")], [k("Preservation 16")], [k("Honor 4")]], trump="Honor",
              fill_deck=False)
    act(s, A, PLAY_MOVES[p8])
    assert s.step == PLAY and len(s.hands[A]) == 1 and RULES.to_act(s) == (H,)


# ------------------------------------------------------------------ Ruin


def test_ruin_decay_put_back():
    k = Cards()
    r7, top = k("Ruin 7"), k("Honor 8")
    s = table(k, [[k("Ruin 10")], [r7], [k("Honor 4")]], trump="Honor", deck=[top])
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[r7])
    assert s.step == DECAY
    assert RULES.legal(s, H) == [PUT_BACK, SubtractRevealed(s.trick[0])]  # not its own card
    act(s, H, PUT_BACK)
    assert s.trick_ranks == [10, 7] and s.deck[-1] == top and s.top_known == 1


def test_ruin_decay_when_leading_has_no_valid_target():
    k = Cards()
    r7 = k("Ruin 7")
    s = table(k, [[r7], [k("Ruin 10")], [k("Honor 4")]], trump="Honor")
    deck = list(s.deck)
    ev = act(s, A, PLAY_MOVES[r7])
    assert s.step == PLAY and s.deck == deck and not any(e.reveal for e in ev)


def test_ruin_decay_can_push_a_rank_below_zero_and_lose_the_trick():
    k = Cards()
    r5, top = k("Ruin 5"), k("Honor 16")
    s = table(k, [[k("Ruin 9")], [r5], [k("Ruin 6")]], trump="Honor", deck=[top])
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[r5])
    act(s, H, SubtractRevealed(s.trick[0]))
    assert s.trick_ranks[0] == -7
    act(s, K, PLAY_MOVES[s.hands[K][0]])
    act(s, K, PUT_BACK) if s.step == DECAY else None
    assert s.step == TAKE and RULES.to_act(s) == (K,)  # Ruin 6 beats Ruin 5 and a −7


def test_scoring_abilities_do_nothing_when_played():
    k = Cards()
    r = k("Ruin -1")
    s = table(k, [[r], [k("Ruin 10")], [k("Honor 4")]], trump="Honor")
    act(s, A, PLAY_MOVES[r])
    assert s.step == PLAY and s.trick_ranks == [-1]


# ------------------------------------------------------------------ mutants that survived (make mutants)


def test_an_ability_with_nothing_to_do_passes_the_turn_on():
    """Growth with no card anywhere, Renewal and Theft with an empty hand, a Cull with nothing to
    draw: the ability is ignored and the next player plays (an ability that wrongly claimed to
    wait for an answer survived the tests)."""
    cases = [("Cultivation 3", ("Cultivation", "Devotion", "Honor", "Odium")),
             ("Cultivation 7", ("Cultivation", "Devotion", "Honor", "Odium")),
             ("Odium 2", ("Cultivation", "Devotion", "Honor", "Odium")),
             ("Dominion 7", ("Cultivation", "Devotion", "Dominion", "Odium"))]
    for card, shards in cases:
        k = Cards()
        c = k(card)
        s = table(k, [[c], [k("Honor 3") if "Honor" in shards else k("Odium 3")], [k("Odium 4")]],
                  trump="Odium", shards=shards, fill_deck=False)
        act(s, A, PLAY_MOVES[c])
        assert s.step == PLAY and RULES.to_act(s) == (H,), card


def test_the_view_names_the_card_whose_ability_asks():
    """Cull, Renewal and Preservation Renewal remember which trick card asks (a mutant that lost
    the position survived; the view reads it)."""
    for card, shards, step in (("Dominion 7", ALL8, CULL), ("Cultivation 6", ALL8, RENEWAL),
                               ("Preservation 8 renewal", ("Autonomy", "Honor", "Preservation", "Ruin"), PRESERVE)):
        k = Cards()
        c = k(card)
        other = "Odium" if shards == ALL8 else "Honor"
        s = table(k, [[k(f"{other} 12")], [c, k(f"{other} 5"), k(f"{other} 16")], [k(f"{other} 13")]],
                  trump="Honor" if shards != ALL8 else "Odium", shards=shards, leader=H)
        ev = act(s, H, PLAY_MOVES[c])
        assert s.step == step and s.pos == 0, card
        for seat in (A, H, None):
            p = RULES.view(s, seat).pending
            assert p is not None and p.card is not None and p.card.id == c and p.seat == H
        if step != RENEWAL:  # the draw is told: the card to Hoid, "a card" to the others
            assert "Hoid draws a card" in texts(ev, A) and any(t.startswith("Hoid draws ") for t in texts(ev, H))


def test_a_rise_is_told_with_its_card_and_new_rank():
    k = Cards()
    p8 = k("Preservation 8 rise")
    s = table(k, [[p8], [k("Preservation 16")], [k("Honor 4")]], trump="Honor",
              areas=[k.many("Preservation 8", "Honor 1"), [], []])
    ev = act(s, A, PLAY_MOVES[p8])
    rises = [e for e in ev if e.kind == "rise"]
    assert [e.text for e in rises] == ["Azure's Preservation 8 rises by 1 to 9"]
    assert rises[0].seat == A and rises[0].data == {"seat": A, "card": "Preservation 8", "by": 1, "rank": 9}


def test_autonomy_and_odium_rises_are_told_with_their_card_and_new_rank():
    """issue 10 item 9: the rise of these two abilities was computed right but never checked in the log."""
    k = Cards()
    a5 = k("Autonomy 5")
    areas = [k.many("Autonomy 10"), k.many("Autonomy 11"), k.many("Autonomy 13", "Honor 1")]
    s = table(k, [[k("Honor 2")], [a5], [k("Honor 4")]], trump="Honor", areas=areas)
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    rises = [e for e in act(s, H, PLAY_MOVES[a5]) if e.kind == "rise"]
    assert [(e.text, e.seat, e.data) for e in rises] == [
        ("Hoid's Autonomy 5 rises by 4 to 9", H, {"seat": H, "card": "Autonomy 5", "by": 4, "rank": 9})]
    k = Cards()
    o6 = k("Odium 6")
    s = table(k, [[o6], [k("Odium 12")], [k("Odium 13")]], trump="Honor",
              shards=("Devotion", "Honor", "Odium", "Ruin"), areas=[k.many("Honor 1", "Ruin 9"), [], []])
    rises = [e for e in act(s, A, PLAY_MOVES[o6]) if e.kind == "rise"]
    assert [(e.text, e.seat, e.data) for e in rises] == [
        ("Azure's Odium 6 rises by 4 to 10", A, {"seat": A, "card": "Odium 6", "by": 4, "rank": 10})]
