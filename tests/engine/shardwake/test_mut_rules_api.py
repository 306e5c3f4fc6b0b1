"""``Shardwake.apply`` hands each move to its step with the event list, and a quiet apply changes
the same state and returns no events. Each move kind is applied both ways and compared with the
step called directly. Written to kill the mutants of rules/__init__.py that survived (an Idle
never applied; the events of a trade, a Target or a Skiff choice dropped) (docs/mutation.md)."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from engine.core.options import OptionError
from engine.core.rules import Config, Event
from engine.games.shardwake import RULES
from engine.games.shardwake.rules import trading as T
from engine.games.shardwake.rules.order import order_phase, skiff_choice
from engine.games.shardwake.rules.placement import idle, resolve_target
from engine.games.shardwake.state import (
    ORDER,
    Answer,
    Cancel,
    Idle,
    Offer,
    Options,
    Place,
    Send,
    SkiffChoice,
    Target,
    Trade,
)

from .helpers import current, harbor, to_placement


def _both_ways(s, seat: int, move, step: Callable[[object, list[Event]], None]) -> list[Event]:
    loud, quiet, direct = copy.deepcopy(s), copy.deepcopy(s), copy.deepcopy(s)
    ev = RULES.apply(loud, seat, move)
    assert RULES.apply(quiet, seat, move, quiet=True) == []
    want: list[Event] = []
    step(direct, want)
    assert ev == want and want, move
    assert loud == quiet == direct
    return ev


def _trading():
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = (seat + 1) % 4
    s.res[seat] = [2, 1, 0]
    s.res[partner] = [0, 0, 2]
    return s, seat, partner


def test_an_idle_ship_through_apply():
    s = to_placement(4, seed=2)
    seat = current(s)
    _both_ways(s, seat, Idle(), lambda x, ev: idle(x, seat, ev))


def test_a_trade_step_by_step_through_apply():
    s, seat, partner = _trading()
    _both_ways(s, seat, Trade(partner), lambda x, ev: T.start_trade(x, seat, partner, ev))
    RULES.apply(s, seat, Trade(partner))
    _both_ways(s, seat, Offer(0, 0), lambda x, ev: T.offer(x, seat, 0, 0, ev))
    _both_ways(s, seat, Cancel(), lambda x, ev: T.cancel_trade(x, seat, ev))
    RULES.apply(s, seat, Offer(0, 0))
    RULES.apply(s, seat, Offer(1, 2))
    _both_ways(s, seat, Send(), lambda x, ev: T.send_trade(x, seat, ev))
    RULES.apply(s, seat, Send())
    for accept in (True, False):
        _both_ways(s, partner, Answer(accept), lambda x, ev, a=accept: T.answer_trade(x, partner, a, ev))


def test_a_target_through_apply():
    s = to_placement(4, seed=2)
    seat = current(s)
    RULES.apply(s, seat, Place(harbor("shipwright")))
    island = RULES.legal(s, seat)[0]
    assert isinstance(island, Target)
    _both_ways(s, seat, island, lambda x, ev: resolve_target(x, seat, island.island, ev))


def test_a_skiff_choice_through_apply():
    s = to_placement(4, seed=3, skiff="choose")
    s.round = 2
    s.order = [0, 1, 2, 3]
    s.renown = [7, 2, 9, 3]
    s.skiff = -1
    order_phase(s, None)
    assert s.phase == ORDER
    for take in (True, False):
        _both_ways(s, 1, SkiffChoice(take), lambda x, ev, t=take: skiff_choice(x, 1, t, ev))


def test_twin_charters_with_four_players_is_refused_in_words():
    with pytest.raises(OptionError) as err:
        RULES.setup(Config(4, 1, RULES.options_from({"variant": "twin-charters"})))
    assert str(err.value) == ("Shardwake's Twin Charters deals 2 of the 6 Agenda cards to each player, "
                              "so it needs exactly 3 players")


def test_setup_without_options_plays_the_default_options():
    assert RULES.setup(Config(4, 5, None)) == RULES.setup(Config(4, 5, Options()))
