"""Secrets: a view does not change when only what that seat cannot see changes, and
determinization re-draws the hidden things consistently with what the seat saw."""

from __future__ import annotations

import pytest

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.fractured_sky import RULES
from engine.games.fractured_sky.state import SCOUT_SHIP, SCOUT_TOP, Chip, Place, Scout
from tests.engine.fractured_sky.helpers import act, fresh, send, set_order

RED, BLUE, GREEN = 0, 1, 2


def mid_round():
    s = fresh(3, 4)
    set_order(s, [RED, BLUE, GREEN])
    act(s, Place(2, True))  # Red explores
    act(s, Chip(6))
    send(s, 2, 3)  # Blue
    act(s, Place(5, True))  # Green explores
    act(s, Chip(4))
    return s


def test_views_do_not_change_when_only_hidden_chips_change():
    s = mid_round()
    other = clone(s)
    other.ship_chip[BLUE * 3] = 7  # Blue's face-down chip, something else ...
    other.chips[BLUE] = (other.chips[BLUE] | (1 << 4)) & ~(1 << 8)  # the 3 back, the 7 used
    other.budget[BLUE] = 3
    for seat in (RED, GREEN, None):
        assert RULES.view(other, seat) == RULES.view(s, seat)
    assert RULES.view(other, BLUE) != RULES.view(s, BLUE)


def test_views_do_not_change_when_only_the_decks_or_others_hidden_starfalls_change():
    s = mid_round()
    other = clone(s)
    other.hid_deck.reverse()
    other.pub_deck.reverse()
    other.ai_deck.reverse()
    green_card = other.hid_cards[1]
    other.hid_cards[1] = other.hid_deck[0]
    other.hid_deck[0] = green_card
    for seat in (RED, BLUE, None):
        assert RULES.view(other, seat) == RULES.view(s, seat)
        assert RULES.legal(other, RULES.to_act(s)[0]) == RULES.legal(s, RULES.to_act(s)[0])
    assert RULES.view(other, GREEN) != RULES.view(s, GREEN)


def test_a_spectator_sees_no_chip_before_the_reveal():
    s = mid_round()
    v = RULES.view(s, None)
    assert all(ship.chip == -1 for reg in v.regions for ship in reg.ships)
    assert all(h.region == -1 for h in v.hidden)
    assert v.asking == "" and v.deck_top == -1


@pytest.mark.parametrize("seed", range(6))
def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest(seed):
    s = mid_round()
    act(s, Scout(SCOUT_SHIP, BLUE * 3))  # Red scouts Blue's chip
    send(s, 6, 2)  # Blue
    act(s, Scout(SCOUT_TOP, 0))  # Green scouts the deck's top
    d = RULES.determinize(s, RED, Rng.seeded(seed))
    assert RULES.view(d, RED) == RULES.view(s, RED)
    assert d.ship_chip[BLUE * 3] == 3  # scouted: kept
    assert d.ship_chip[RED * 3] == 6  # its own: kept
    assert d.hid_cards[0] == s.hid_cards[0]  # its own hidden starfall: kept
    # Blue's unknown second chip fits Blue's budget with the scouted 3 (at most 10 in all)
    assert d.ship_chip[BLUE * 3 + 1] + 3 <= 10 and d.ship_chip[BLUE * 3 + 1] != 3
    assert d.budget[BLUE] == 10 - 3 - d.ship_chip[BLUE * 3 + 1]
    g = RULES.determinize(s, GREEN, Rng.seeded(seed))
    assert g.hid_deck[-1] == s.hid_deck[-1]  # Green saw the top card: kept
    assert RULES.view(g, GREEN) == RULES.view(s, GREEN)


def test_determinize_never_peeks_over_many_draws():
    s = mid_round()
    seen_blue, seen_green_card = set(), set()
    for seed in range(60):
        d = RULES.determinize(s, RED, Rng.seeded(seed))
        seen_blue.add(d.ship_chip[BLUE * 3])
        seen_green_card.add(d.hid_cards[1])
        assert sorted(d.hid_cards + d.hid_deck) == sorted(s.hid_cards + s.hid_deck)
    assert len(seen_blue) > 3  # Blue's chip really is unknown to Red
    assert s.hid_cards[0] not in seen_green_card and len(seen_green_card) > 3
