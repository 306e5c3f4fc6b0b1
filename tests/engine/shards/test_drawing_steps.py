"""Drawing, discarding, revealing and reshuffling, with their exact events (issue 10 item 9: the
mutants of rules/drawing.py that survived the rule tests were these events — words, kind, data,
audience, the reveal flag — and what the table remembers of a revealed top card)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shards.content import card_name
from engine.games.shards.rules.drawing import discard_from_hand, draw, refill_deck, reveal_top
from tests.engine.shards.helpers import Cards, table

A, H, K = 0, 1, 2
RESHUFFLE = "The draw deck is empty: the discard pile is shuffled into a new draw deck"


def _table():
    k = Cards()
    hands = [k.many("Honor 11", "Ruin 11"), k.many("Honor 12"), k.many("Honor 13")]
    return k, table(k, hands, trump="Autonomy", fill_deck=False, deck=k.many("Autonomy 11", "Autonomy 12"),
                    discard=k.many("Ruin 12", "Ruin 13", "Ruin 14"))


def test_an_empty_deck_is_refilled_from_the_discard_pile_and_said_once():
    _, s = _table()
    pile = list(s.discard)
    s.deck, s.top_known = [], 1
    ev: list[Event] = []
    assert refill_deck(s, ev)
    assert sorted(s.deck) == sorted(pile) and s.discard == [] and s.top_known == 0
    assert ev == [Event(RESHUFFLE, -1, None, False, "reshuffle", {"cards": 3})]
    s.deck = []
    assert not refill_deck(s, ev) and len(ev) == 1


def test_a_draw_is_told_with_the_card_to_the_drawer_only():
    _, s = _table()
    top = s.deck[-1]
    ev: list[Event] = []
    assert draw(s, H, ev)
    assert top in s.hands[H] and s.known == []
    name = card_name(top)
    assert ev == [Event(f"Hoid draws {name}", H, (H,), True, "draw", {"seat": H, "card": name}),
                  Event("Hoid draws a card", H, (A, K), False, "draw", {"seat": H})]


def test_drawing_the_revealed_card_is_told_to_everyone_and_remembered():
    _, s = _table()
    top = s.deck[-1]
    s.top_known = 1
    ev: list[Event] = []
    assert draw(s, K, ev)
    assert top in s.hands[K] and s.top_known == 0
    assert s.known == [top << 4 | 0b111]
    name = card_name(top)
    assert ev == [Event(f"Khriss draws {name} (the revealed card)", K, None, True, "draw",
                        {"seat": K, "card": name})]


def test_drawing_from_an_empty_deck_reshuffles_first():
    _, s = _table()
    s.deck = []
    ev: list[Event] = []
    assert draw(s, A, ev)
    assert [e.kind for e in ev] == ["reshuffle", "draw", "draw"] and ev[0].text == RESHUFFLE


def test_a_discard_from_hand_is_told_and_forgotten():
    k, s = _table()
    r11 = s.hands[A][-1]
    s.known = [r11 << 4 | 0b011]
    ev: list[Event] = []
    discard_from_hand(s, A, r11, ev)
    assert r11 not in s.hands[A] and s.discard[-1] == r11 and s.known == []
    name = card_name(r11)
    assert ev == [Event(f"Azure discards {name}", A, None, False, "discard", {"seat": A, "card": name})]


def test_revealing_the_top_card_is_told_to_everyone():
    _, s = _table()
    ev: list[Event] = []
    assert reveal_top(s, H, ev)
    name = card_name(s.deck[-1])
    assert s.top_known == 1
    assert ev == [Event(f"Hoid reveals {name} from the top of the draw deck", H, None, True, "reveal",
                        {"seat": H, "card": name})]


def test_revealing_from_an_empty_deck_reshuffles_first_and_says_so():
    _, s = _table()
    s.deck = []
    ev: list[Event] = []
    assert reveal_top(s, H, ev)
    assert [e.kind for e in ev] == ["reshuffle", "reveal"] and s.top_known == 1
    s.deck, s.discard, ev = [], [], []
    assert not reveal_top(s, H, ev) and ev == []
