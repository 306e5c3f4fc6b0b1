"""A trick step by step, with the exact events of each step (issue 10 item 9: the mutants of
rules/tricks.py that survived the rule tests were the trump-led trick, the words, kinds and
data of the play / trick-won / take events, and the steps that pass the event list on)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shards import RULES
from engine.games.shards.content import card_name
from engine.games.shards.state import OVER, PLAY, PLAY_MOVES, TAKE, TAKE_DISCARD_MOVES, TAKE_MOVES
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2


def _play(s, seat, card) -> list[Event]:
    return act(s, seat, PLAY_MOVES[card])


def _played(s, seat, card) -> Event:
    name = card_name(card)
    return Event(f"{s.names[seat]} plays {name}", seat, None, False, "play", {"seat": seat, "card": name})


def _won(s, seat, card, trick, rank, now="") -> Event:
    name = card_name(card)
    return Event(f"{s.names[seat]} wins trick {trick} with {name}{now}", seat, None, False, "trick-won",
                 {"seat": seat, "trick": trick, "card": name, "rank": rank})


def _took(s, seat, card, from_discard=False) -> Event:
    name = card_name(card)
    where = " from the discard pile" if from_discard else ""
    return Event(f"{s.names[seat]} takes {name}{where} into their scoring area", seat, None, False, "take",
                 {"seat": seat, "card": name, "from_discard": from_discard})


def test_a_trump_lead_is_beaten_only_by_a_higher_trump():
    k = Cards()
    a14, a12, h16 = k("Autonomy 14"), k("Autonomy 12"), k("Honor 16")
    s = table(k, [[a14], [a12], [h16]], trump="Autonomy")
    assert _play(s, A, a14) == [_played(s, A, a14)]
    assert s.step == PLAY and RULES.to_act(s) == (H,)
    assert _play(s, H, a12) == [_played(s, H, a12)]
    assert _play(s, K, h16) == [_played(s, K, h16), _won(s, A, a14, 1, 14)]
    assert s.step == TAKE and RULES.to_act(s) == (A,)


def test_taking_a_card_logs_it_and_the_winner_leads_next():
    k = Cards()
    a11, a14, a13 = k("Autonomy 11"), k("Autonomy 14"), k("Autonomy 13")
    s = table(k, [[a11, k("Autonomy 15")], [a14, k("Honor 12")], [a13, k("Honor 13")]], trump="Autonomy")
    _play(s, A, a11)
    s.trick_ranks[0] = 20  # as if an ability had raised it
    _play(s, H, a14)
    assert _play(s, K, a13)[-1] == _won(s, A, a11, 1, 20, " (now 20)")
    assert act(s, A, TAKE_MOVES[a14]) == [_took(s, A, a14)]
    assert s.areas[A] == [a14] and sorted(s.discard) == sorted([a11, a13])
    assert (s.prev_cards, s.prev_seats, s.prev_ranks) == ([a11, a14, a13], [A, H, K], [20, 14, 13])
    assert (s.prev_winner, s.prev_taken, s.prev_from_discard) == (A, a14, False)
    assert s.trick_no == 2 and s.step == PLAY and RULES.to_act(s) == (A,)
    last = RULES.view(s, H).last_trick
    assert last is not None and last.from_discard is False


def test_identical_cards_are_taken_without_a_choice_in_the_same_step():
    k = Cards()
    r1, r2, r3 = k("Ruin -1"), k("Ruin -1"), k("Ruin -1")
    s = table(k, [[r1, k("Honor 11")], [r2, k("Honor 12")], [r3, k("Honor 13")]], trump="Autonomy")
    _play(s, A, r1)
    _play(s, H, r2)
    # the last of the tied cards wins; the only kind of card is taken at once
    assert _play(s, K, r3) == [_played(s, K, r3), _won(s, K, r3, 1, -1), _took(s, K, r3)]
    assert len(s.areas[K]) == 1 and sorted(s.areas[K] + s.discard) == sorted([r1, r2, r3])
    assert s.prev_from_discard is False
    assert s.step == PLAY and RULES.to_act(s) == (K,)


def test_a_card_taken_from_the_discard_pile_is_logged_and_shown_as_such():
    k = Cards()
    p12 = k("Preservation 16")
    h14, h15, h16 = k("Honor 14"), k("Honor 15"), k("Honor 16")
    s = table(k, [[h14, k("Honor 11")], [h15, k("Honor 12")], [h16, k("Honor 13")]], trump="Preservation",
              discard=[p12])
    _play(s, A, h14)
    _play(s, H, h15)
    _play(s, K, h16)
    assert act(s, K, TAKE_DISCARD_MOVES[p12]) == [_took(s, K, p12, from_discard=True)]
    assert s.areas[K] == [p12] and sorted(s.discard) == sorted([h14, h15, h16])
    assert s.prev_from_discard is True
    last = RULES.view(s, A).last_trick
    assert last is not None and last.from_discard is True


def test_a_played_card_is_forgotten_by_whoever_knew_where_it_was():
    k = Cards()
    a14, a12, h16 = k("Autonomy 14"), k("Autonomy 12"), k("Honor 16")
    s = table(k, [[a14, k("Honor 11")], [a12, k("Honor 12")], [h16, k("Honor 13")]], trump="Ruin")
    s.known = [a14 << 4 | 0b011, a12 << 4 | 0b110]
    _play(s, A, a14)
    assert s.known == [a12 << 4 | 0b110]


def test_the_last_trick_of_the_game_logs_the_end_in_the_same_step():
    k = Cards()
    a14, a12, h16 = k("Autonomy 14"), k("Autonomy 12"), k("Honor 16")
    s = table(k, [[a14], [a12], [h16]], trump="Autonomy", round=3, trick_no=10)
    s.round_scores = [[0, 0, 0], [0, 0, 0]]
    _play(s, A, a14)
    _play(s, H, a12)
    _play(s, K, h16)
    events = act(s, A, TAKE_MOVES[a14])
    assert events == [_took(s, A, a14), Event("The third round is over: final scoring", -1, None, False, "end",
                                              {"round": 3})]
    assert s.step == OVER and s.first == A and RULES.to_act(s) == ()
