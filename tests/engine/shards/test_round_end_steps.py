"""The end of a round step by step, with its exact events (issue 10 item 9: the mutants of
rules/round_end.py that survived the rule tests were the last-card and Odium events, what the
new round forgets of the old one — the last trick, the known top card — and quiet playouts)."""

from __future__ import annotations

import copy

import msgspec

from engine.core.rules import Event
from engine.games.shards import RULES
from engine.games.shards.content import card_name
from engine.games.shards.scoring import score
from engine.games.shards.state import (
    AREA_MOVES,
    DECLINE,
    ODIUM_AREA,
    ODIUM_SEIZE,
    PLAY,
    PLAY_MOVES,
    State,
    Take,
    TakeScored,
)
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2


def _last_trick(trump: str, areas=lambda k: [[], [], []]):
    k = Cards()
    hands = [k.many("Honor 10", "Ruin 5"), k.many("Honor 11", "Ruin 6"), k.many("Honor 12", "Ruin 9")]
    s = table(k, hands, trump=trump, areas=areas(k), trick_no=10, shards=("Autonomy", "Honor", "Odium", "Ruin"))
    for c in (hands[0][0], hands[1][0], hands[2][0]):
        act(s, RULES.to_act(s)[0], PLAY_MOVES[c])
    return s, hands  # Khriss has won with Honor 12 and takes it


def _last_card(s, seat, card) -> Event:
    name = card_name(card)
    return Event(f"{s.names[seat]} places their last card, {name}, in their scoring area", seat, None, True,
                 "last-card", {"seat": seat, "cards": [name]})


def test_the_last_cards_are_logged_and_the_next_round_starts_fresh():
    s, hands = _last_trick("Honor")
    s.top_known = 1  # the top card of the deck was revealed this round
    events = act(s, K, Take(hands[2][0]))
    assert events[1:4] == [_last_card(s, i, hands[i][1]) for i in (A, H, K)]
    # then the next round is set up and told: its trump, each hand, the first player
    assert [e.kind for e in events[4:]] == ["trump", "deal", "deal", "deal", "first"]
    assert s.round_scores == [[score(a, s.shards, 3) for a in s.areas]] == [[1, 1, 2]]
    assert s.round == 2 and s.first == K and s.step == PLAY and s.target == -1
    # nothing of the last trick is carried over, and the new deck's top card is unknown
    assert (s.prev_cards, s.prev_seats, s.prev_ranks) == ([], [], [])
    assert (s.prev_winner, s.prev_taken, s.prev_from_discard) == (-1, -1, False)
    assert s.top_known == 0
    view = RULES.view(s, A)
    assert view.last_trick is None and view.deck_top is None


def test_a_quiet_round_end_reaches_the_same_state():
    s, hands = _last_trick("Honor")
    quiet = copy.deepcopy(s)
    act(s, K, Take(hands[2][0]))
    assert RULES.apply(quiet, K, Take(hands[2][0]), quiet=True) == []
    assert quiet == s


def test_a_quiet_odium_round_end_reaches_the_same_state():
    s, hands = _last_trick("Odium", lambda k: [k.many("Honor 1", "Honor 2", "Ruin 16", "Autonomy 16"), k.many("Honor 3", "Honor 4"), []])
    quiet = copy.deepcopy(s)
    act(s, K, Take(hands[2][0]))
    assert RULES.apply(quiet, K, Take(hands[2][0]), quiet=True) == []
    assert quiet == s and s.step == ODIUM_SEIZE


def _odium(s, seat, largest) -> Event:
    return Event(f"Odium trump: {s.names[seat]} has the fewest scoring cards and may take one from a largest "
                 "scoring area", seat, None, False, "odium", {"seat": seat, "largest": largest})


def test_the_odium_trump_is_logged_with_the_one_largest_area():
    s, hands = _last_trick("Odium", lambda k: [k.many("Honor 1", "Honor 2", "Ruin 16", "Autonomy 16"), k.many("Honor 3", "Honor 4"), []])
    events = act(s, K, Take(hands[2][0]))
    # Azure 5 cards, Hoid 3, Khriss 2 (the taken and the last card): Khriss alone has the fewest
    assert events[-1] == _odium(s, K, [A])
    assert s.step == ODIUM_SEIZE and s.target == A and RULES.to_act(s) == (K,)


def test_the_odium_trump_is_logged_with_several_largest_areas():
    s, hands = _last_trick("Odium", lambda k: [k.many("Honor 1", "Honor 2"), k.many("Honor 3", "Honor 4"), []])
    events = act(s, K, Take(hands[2][0]))
    assert events[-1] == _odium(s, K, [A, H])
    assert s.step == ODIUM_AREA and s.target == -1 and RULES.to_act(s) == (K,)


def test_a_state_waiting_for_the_odium_trump_survives_a_save():
    for areas in (lambda k: [k.many("Honor 1", "Honor 2", "Ruin 16", "Autonomy 16"), k.many("Honor 3", "Honor 4"), []],
                  lambda k: [k.many("Honor 1", "Honor 2"), k.many("Honor 3", "Honor 4"), []]):
        s, hands = _last_trick("Odium", areas)
        act(s, K, Take(hands[2][0]))
        assert s.step in (ODIUM_SEIZE, ODIUM_AREA)
        assert msgspec.json.decode(msgspec.json.encode(s), type=State) == s


def test_the_odium_trump_choices_are_logged():
    two = lambda k: [k.many("Honor 1", "Honor 2"), k.many("Honor 3", "Honor 4"), []]  # noqa: E731
    s, hands = _last_trick("Odium", two)
    act(s, K, Take(hands[2][0]))
    assert act(s, K, AREA_MOVES[H]) == [Event("Khriss chooses Hoid's scoring area", K, None, False, "odium-area",
                                              {"seat": K, "owner": H})]
    assert s.step == ODIUM_SEIZE and s.target == H
    seized = s.areas[H][0]
    ev = act(s, K, TakeScored(seized))
    name = card_name(seized)
    assert ev[0] == Event(f"Khriss takes {name} from Hoid's scoring area", K, None, False, "seize",
                          {"seat": K, "card": name, "owner": H})
    assert seized in s.areas[K] and seized not in s.areas[H]
    assert ev[1].kind == "trump" and s.round == 2 and s.target == -1
    s, hands = _last_trick("Odium", two)
    act(s, K, Take(hands[2][0]))
    ev = act(s, K, DECLINE)
    assert ev[0] == Event("Khriss takes nothing", K, None, False, "decline", {"seat": K})
    assert ev[1].kind == "trump" and s.round == 2
