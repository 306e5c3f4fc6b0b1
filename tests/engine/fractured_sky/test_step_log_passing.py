"""Steps that hand their event list on: a refill choice (its payload, then the round's end), a
guardian guided to its region, and the rules' option check. Written to kill the mutants of
rules/end_of_round.py, rules/main_phase.py and rules/__init__.py that dropped the list
(``f(s, …, None)``) or the options (docs/mutation.md)."""

from __future__ import annotations

import copy

import pytest

from engine.core.options import OptionError
from engine.core.rules import Event
from engine.games.fractured_sky import RULES
from engine.games.fractured_sky.rules import end_of_round as E
from engine.games.fractured_sky.rules import guardians as G
from engine.games.fractured_sky.rules import main_phase as M
from engine.games.fractured_sky.rules import payloads as P
from engine.games.fractured_sky.state import Options
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.awakening import BLUE, DESERT, VALE, put_guardian, table


def test_a_refill_choice_says_where_and_the_last_one_ends_the_round_with_its_events():
    s = table(4, payloads=True)
    s.pl_region[DESERT] = s.pl_region[VALE] = -1
    s.pl_supply = s.pl_supply[:2]
    s.refill_left = 2
    ev: list[Event] = []
    E.refill_choice(s, BLUE, DESERT, ev)
    assert ev == [Event(f"{who(s, BLUE)} puts a face-down payload in {region_name(DESERT)}.", BLUE,
                        kind="payload_refill", data={"seat": BLUE, "regions": [DESERT], "supply": 1})]
    direct = copy.deepcopy(s)
    ev = []
    E.refill_choice(s, BLUE, VALE, ev)
    want: list[Event] = []
    P.place(direct, BLUE, VALE, want)
    E.finish_cleanup(direct, want)
    assert ev == want and len(want) > 1 and s == direct


def test_a_guided_guardian_says_where_it_went():
    s = table(3, guardians=True)
    put_guardian(s, 0, 3, DESERT)
    s.pending_guard = 0
    direct = copy.deepcopy(s)
    ev: list[Event] = []
    M.guide(s, BLUE, VALE, ev)
    want: list[Event] = []
    G.move(direct, BLUE, VALE, want)
    P.after_place(direct, BLUE)
    assert ev == want and [e.kind for e in ev] == ["guardian_moved"] and s == direct


def test_the_rules_check_the_options_values_too():
    with pytest.raises(OptionError) as err:
        RULES.check(3, Options(automa=7))
    assert str(err.value) == "Fractured Sky option automa must be a whole number from 0 to 2, not 7"
