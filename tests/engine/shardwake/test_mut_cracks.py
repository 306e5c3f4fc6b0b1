"""A Fall's event when nobody holds a Claim there, and the seat a Salvage's Fall is about. Written
to kill the mutants of rules/cracks.py that survived test_cracks.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake.rules.cracks import crack, fall
from engine.games.shardwake.state import FALLEN
from engine.games.shardwake.text import island, who

from .helpers import deep, to_placement


def test_a_fall_with_no_claim_there_gives_tokens_to_nobody():
    s = to_placement(4, seed=2)
    i = deep(s)[0]
    s.claims[i] = [0, 0, 0, 0]
    falls = list(s.falls)
    ev: list[Event] = []
    fall(s, i, -1, ev)
    assert s.fallen[i] == FALLEN and s.falls == falls and s.fall_log[-1] == [s.round, i, -1]
    assert ev == [Event(f"{island(s, i)} FALLS! Fall tokens to: nobody.", kind="fall",
                        data={"island": i, "cause": -1, "holders": []})]


def test_a_salvage_fall_is_about_the_salvager():
    s = to_placement(4, seed=2)
    i = deep(s)[0]
    s.claims[i] = [0, 0, 1, 0]
    s.cracks[i] = s.slots[i] - 1
    ev: list[Event] = []
    crack(s, i, 1, 2, ev)
    assert ev[-1] == Event(f"{island(s, i)} FALLS! Fall tokens to: {who(s, 2)}.", 2, kind="fall",
                           data={"seat": 2, "island": i, "cause": 2, "holders": [2]})
    assert ev[0].data == {"island": i, "cracks": s.slots[i], "slots": s.slots[i], "cause": 2}


def test_a_holding_brace_says_which_island():
    s = to_placement(4, seed=2)
    i = deep(s)[1]
    s.braced[i] = 1
    ev: list[Event] = []
    crack(s, i, 1, -1, ev)
    assert s.cracks[i] == 0 and s.braced[i] == 0
    assert ev == [Event(f"The Brace on {island(s, i)} holds: the Crack is ignored.", kind="brace-holds",
                        data={"island": i})]
