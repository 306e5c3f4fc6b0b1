"""The Order phase step by step: the turn order and the Hired Skiff, with the words and data each
step logs and what it records for the lab (``skiff_log``). Written to kill the mutants that survived
the rule tests in test_turns.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.order import (
    give_skiff,
    order_phase,
    skiff_choice,
    start_placement,
)
from engine.games.shardwake.state import ORDER, PLACEMENT
from engine.games.shardwake.text import who

from .helpers import to_placement


def _round_2(skiff: str = "both"):
    s = to_placement(4, seed=3, skiff=skiff)
    s.round = 2
    s.order = [0, 1, 2, 3]
    s.renown = [7, 2, 9, 3]  # seat 1 is lowest and trails seat 2 by 7
    s.skiff = -1
    s.skiff_log = []
    return s


def test_order_phase_sorts_by_renown_lowest_first_and_gives_the_skiff_with_its_words():
    s = _round_2()
    ev: list[Event] = []
    order_phase(s, ev)
    assert s.order == [1, 3, 0, 2] and s.skiff == 1 and s.skiff_log == [[2, 1, 1]]
    assert s.phase == PLACEMENT and s.ships_left == [3, 4, 3, 3] and s.turn == 0 and not s.traded
    names = ", ".join(who(s, x) for x in [1, 3, 0, 2])
    assert ev[:2] == [
        Event(f"Round 2. Turn order: {names}", kind="order", data={"round": 2, "order": [1, 3, 0, 2]}),
        Event(f"{who(s, 1)} trails the leader by 5 or more and takes the Hired Skiff.", 1, kind="skiff",
              data={"seat": 1, "took": True}),
    ]


def test_skiff_choose_waits_for_the_first_player():
    s = _round_2("choose")
    order_phase(s, [])
    assert s.phase == ORDER and s.skiff == -1 and s.skiff_log == []


def test_taking_the_skiff_swaps_with_the_second_player_and_says_so():
    s = _round_2("choose")
    order_phase(s, [])
    ev: list[Event] = []
    skiff_choice(s, 1, True, ev)
    assert s.order == [3, 1, 0, 2] and s.skiff == 1 and s.skiff_log == [[2, 1, 1]]
    assert s.phase == PLACEMENT and s.ships_left == [3, 4, 3, 3]
    assert ev[:2] == [
        Event(f"{who(s, 1)} trails the leader by 5 or more and takes the Hired Skiff.", 1, kind="skiff",
              data={"seat": 1, "took": True}),
        Event(f"{who(s, 1)} gives up first position for the Skiff.", 1, kind="order",
              data={"seat": 1, "round": 2, "order": [3, 1, 0, 2]}),
    ]


def test_keeping_first_position_leaves_the_skiff_and_records_the_refusal():
    s = _round_2("choose")
    order_phase(s, [])
    ev: list[Event] = []
    skiff_choice(s, 1, False, ev)
    assert s.order == [1, 3, 0, 2] and s.skiff == -1 and s.skiff_log == [[2, 1, 0]]
    assert s.phase == PLACEMENT and s.ships_left == [C.SHIPS] * 4
    assert ev[0] == Event(f"{who(s, 1)} keeps first position and leaves the Skiff.", 1, kind="skiff",
                          data={"seat": 1, "took": False})


def test_without_a_log_the_steps_change_the_same_state():
    a, b = _round_2("choose"), _round_2("choose")
    order_phase(a, [])
    order_phase(b, None)
    skiff_choice(a, 1, True, [])
    skiff_choice(b, 1, True, None)
    assert a.order == b.order and a.skiff == b.skiff and a.skiff_log == b.skiff_log
    c = _round_2()
    give_skiff(c, 2, None)
    assert c.skiff == 2 and c.skiff_log == [[2, 2, 1]]
    start_placement(c, None)
    assert c.ships_left == [3, 3, 4, 3]
