"""The view's machine-readable facts: ``asking`` (the decision this seat owes) and ``stage``
(the game's phase, whoever is asked) — the TUI and the bots read them, never the words."""

from __future__ import annotations

from engine.games.shardwake import RULES
from engine.games.shardwake.rules.end import game_end
from engine.games.shardwake.rules.order import order_phase
from engine.games.shardwake.rules.storm import storm_phase
from engine.games.shardwake.state import (
    Answer,
    Bid,
    MoveClaim,
    Offer,
    Place,
    Send,
    SkiffChoice,
    Trade,
)

from .helpers import act, current, fresh, harbor, to_placement


def asked(s) -> list[str]:
    """Each seat's ``asking``, and the spectator's."""
    return [RULES.view(s, seat).asking for seat in [*range(s.players), None]]


def stages(s) -> set[str]:
    return {RULES.view(s, seat).stage for seat in [*range(s.players), None]}


def only(s, seat: int, what: str) -> list[str]:
    return [what if x == seat else "" for x in [*range(s.players), None]]


def test_setup_claims_then_a_placement_turn():
    s = fresh(4)
    assert asked(s) == only(s, current(s), "claim") and stages(s) == {"claims"}
    s = to_placement(4)
    seat = current(s)
    assert asked(s) == only(s, seat, "place") and stages(s) == {"placement"}


def test_a_trade_is_drafted_then_answered_by_the_partner():
    s = to_placement(4)
    seat = current(s)
    partner = next(m.partner for m in RULES.legal(s, seat) if isinstance(m, Trade))
    act(s, Trade(partner), seat)
    assert asked(s) == only(s, seat, "draft")
    give = next(m for m in RULES.legal(s, seat) if isinstance(m, Offer) and m.side == 0)
    act(s, give, seat)
    act(s, next(m for m in RULES.legal(s, seat) if isinstance(m, Offer) and m.side == 1 and m.item != give.item),
        seat)
    act(s, Send(), seat)
    assert asked(s) == only(s, partner, "answer") and stages(s) == {"placement"}
    act(s, Answer(False), partner)
    assert asked(s) == only(s, seat, "place")


def test_a_brace_asks_for_its_island():
    s = to_placement(4)
    seat = current(s)
    act(s, Place(harbor("shipwright")), seat)
    assert asked(s) == only(s, seat, "target")


def test_out_of_claims_asks_where_to_move_one_from():
    s = to_placement(4)
    seat = current(s)
    s.claims_left[seat] = 0
    moor = next(m for m in RULES.legal(s, seat) if isinstance(m, Place) and m.space < 100 and m.space & 1
                and s.claims[m.space >> 1][seat] == 0)
    act(s, moor, seat)
    assert asked(s) == only(s, seat, "move-claim")
    act(s, MoveClaim(-1), seat)


def test_bids_are_asked_of_every_seat_until_it_has_bid_and_the_stage_stays():
    s = to_placement(4)
    s.round = 2
    s.forecast = [s.storm_deck.pop()]
    storm_phase(s, None)
    assert asked(s) == ["bid"] * 4 + [""] and stages(s) == {"bidding"}
    act(s, Bid(0), 2)
    assert asked(s) == ["bid", "bid", "", "bid", ""] and stages(s) == {"bidding"}


def test_the_skiff_choice_is_asked_in_the_order_phase():
    s = to_placement(4, skiff="choose")
    s.renown = [0, 5, 3, 2]
    s.round = 2
    order_phase(s, None)
    assert asked(s) == only(s, 0, "skiff") and stages(s) == {"order"}
    act(s, SkiffChoice(True), 0)
    assert stages(s) == {"placement"}


def test_twin_charters_keep_then_accusations_then_over():
    s = to_placement(3, variant="twin-charters")
    game_end(s, None)  # a game that ends before Round 3 still keeps one Agenda each
    assert asked(s) == ["keep"] * 3 + [""] and stages(s) == {"discard"}
    for seat in range(3):
        act(s, RULES.legal(s, seat)[0], seat)
    assert asked(s) == ["accuse"] * 3 + [""] and stages(s) == {"accuse"}
    for seat in range(3):
        act(s, RULES.legal(s, seat)[0], seat)
    assert asked(s) == [""] * 4 and stages(s) == {"over"}
