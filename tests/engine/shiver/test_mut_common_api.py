"""Shared helpers of rules/common.py and the move table of rules/__init__.py, with their exact results
and events (issue 10 item 9: the mutants that survived on rules v5 were the Play-move cache — filled
before mutmut's fork —, the others of a seat, the words of no goods, a unit from a die into a hold with
exactly one space or a full one, a goal met at its target, and moves whose step was handed ``None``
for the events by the move table)."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.rules import Event
from engine.games.shiver import RULES, text
from engine.games.shiver import content as C
from engine.games.shiver.rules import common, crew, family, missions, setup, treasure, turn
from engine.games.shiver.rules.common import K_DUMP, S_ROUTE, S_TURN, run
from engine.games.shiver.state import (
    Act,
    ClaimMission,
    DigGoods,
    DiscardCard,
    DiscardGoods,
    Play,
    ReturnCard,
    State,
)
from tests.engine.shiver.helpers import quick_game

A, B, D = 0, 1, 2
COCOA, RUM, SUGAR = range(3)


def E(kind: str, text: str, seat: int = -1, to: tuple[int, ...] | None = None, reveal: bool = False,
      **data: Any) -> Event:
    return Event(text, seat, to, reveal, kind, {"seat": seat, **data} if seat >= 0 else dict(data))


def game(players: int = 2) -> State:
    s = quick_game(players, seed=10)
    s.stack = []
    return s


# ---------------------------------------------------------------- common


def test_play_moves_are_made_once_and_kept():
    common._PLAY.clear()  # filled before mutmut forks a mutant: cleared so the code under test runs
    mv = common.play_move(3, 7)
    assert mv == Play(3, 7) and (mv.card, mv.arg) == (3, 7)
    assert common.play_move(3, 7) is mv and common._PLAY[(3, 7)] is mv
    assert common.play_move(7, 3) == Play(7, 3) and common.play_move(7, 3) is not mv


def test_the_others_of_a_seat_and_who_is_at_a_node():
    s = game(3)
    assert common.others(s, B) == (A, D) and common.others(s, A) == (B, D)
    s.pos = [1, 7, 7]
    assert common.ships_at(s, 7) and common.ships_at(s, 1) and not common.ships_at(s, 2)


def test_goods_in_words():
    assert common.goods_text([0, 0, 0]) == "nothing"
    assert common.goods_text([1, 0, 2]) == "1 Cocoa, 2 Sugar"
    assert common.goods_text((0, 3, 0)) == "3 Rum"


def test_a_unit_from_a_die_fills_the_last_space():
    s = game()
    s.hul[A], s.cargo[A] = 3, [1, 1, 0]
    ev: list[Event] = []
    common.gain_one(s, A, RUM, ev, "green die")
    assert ev == [E("gain", "Red takes 1 Rum (green die)", A)] and s.cargo[A] == [1, 2, 0] and s.stack == []


def test_a_unit_from_a_die_into_a_full_hold():
    s = game()
    s.hul[B], s.cargo[B] = 3, [0, 3, 0]
    ev: list[Event] = []
    common.gain_one(s, B, RUM, ev, "green die")  # full of Rum: nothing to throw out for Rum
    assert ev == [E("no-room", "Blue's hold is full of Rum: the unit stays behind", B)]
    assert s.cargo[B] == [0, 3, 0] and s.stack == []
    common.gain_one(s, B, SUGAR, ev, "green die")  # Rum may go overboard for it
    assert s.gain_res == SUGAR and s.stack == [K_DUMP | B << 5] and len(ev) == 1
    s.stack = []
    s.cargo[B] = [0, 0, 3]
    common.gain_one(s, B, COCOA, None, "green die")
    assert s.stack == [K_DUMP | B << 5] and s.gain_res == COCOA


def test_a_goal_is_met_at_its_target():
    s = game()
    merchant = 1  # Merchant Prince: 12 units sold
    assert C.LIFE_GOALS[merchant].target == 12
    s.sold[A] = 11
    assert not common.goal_met(s, A, merchant)
    s.sold[A] = 12
    assert common.goal_met(s, A, merchant)


# ---------------------------------------------------------------- the move table passes the events on


def through_apply(s: State, seat: int, move: Any, step: Any, *args: Any) -> list[Event]:
    """The events of ``move`` applied, checked against its step called straight with an event list."""
    t = copy.deepcopy(s)
    ev = RULES.apply(s, seat, move)
    expected: list[Event] = []
    t.step = 0
    step(t, seat, *args, expected)
    run(t, expected)
    assert ev == expected and ev
    return ev


def test_free_actions_through_the_apply_are_logged():
    s = game()
    s.step, s.actor = S_TURN, A
    s.cargo[A] = [1, 0, 0]
    ev = through_apply(s, A, DiscardGoods(COCOA), turn.discard_goods, COCOA)
    assert ev[0].kind == "discard-goods"
    tr = next(i for i, t in enumerate(C.TREASURES) if t.family < 0)
    s.t_hand[A] = [tr]
    assert through_apply(s, A, DiscardCard(tr), turn.discard_card, tr)[0].kind == "discard"
    s.crew[A] = [0]
    assert through_apply(s, A, ReturnCard(0), crew.return_card, 0)[0].kind == "return"


def test_claiming_a_mission_or_the_first_wish_through_the_apply_is_logged():
    s = game()
    s.step, s.actor = S_TURN, A
    tidings = next(i for i, m in enumerate(C.MISSIONS) if m.name == "Tidings: St. David")
    s.missions[A], s.m_prog[A] = [tidings], [0]
    ev = through_apply(s, A, ClaimMission(tidings), missions.claim, tidings)
    assert ev[0].kind == "complete"
    s.step, s.actor = S_TURN, A
    s.wish_kept[A] = 0  # A Merchant's Promise: wish 0, ClaimMission(WISH_CODE + 0)
    ev = through_apply(s, A, ClaimMission(C.WISH_CODE), family.claim, 0)
    assert ev[0] == E("wish-done", f"Red reveals the wish {C.WISHES[0].name} ({C.WISHES[0].text}): fulfilled", A,
                      reveal=True, wish=0)


def test_digging_goods_through_the_apply_is_logged():
    s = game()
    s.step, s.actor = S_TURN, A
    tr = next(i for i, t in enumerate(C.TREASURES) if t.family < 0 and t.length > 8)
    t = C.TREASURES[tr]
    s.track[A], s.track_pos[A], s.pos[A] = tr, 1, t.island
    s.cargo[A] = [0, 0, 0]
    s.cargo[A][t.res] = 1
    ev = through_apply(s, A, DigGoods(), treasure.dig_goods)
    assert ev[0].kind == "advance"


def test_the_smuggler_s_route_through_the_apply_is_logged():
    s = game()
    places = crew.smuggler_places(s)
    assert places
    tile, site, d = places[0]
    s.step, s.actor = S_ROUTE, A
    move = setup.route_move(tile, site, d)
    ev = through_apply(s, A, move, crew.smuggle, tile, site, d)
    assert ev[0].kind == "smuggle"


def test_the_rules_describe_a_move_as_the_text_module_does():
    s = game()
    for seat, move in ((A, Act(C.ACT_TRAVEL)), (B, Act(C.ACT_SELL)), (A, DiscardGoods(RUM))):
        assert RULES.describe(s, seat, move) == text.describe(s, seat, move)
    assert RULES.describe(s, B, Act(C.ACT_SELL)) != RULES.describe(s, A, Act(C.ACT_SELL))
