"""Payloads, function by function: what each step changes and the words and data it logs (who
sees them, what they reveal). Written to kill the mutants that survived the seed-sentence tests in
test_payloads.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import automa
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import payloads as P
from engine.games.fractured_sky.state import (
    CLEANUP,
    N_TALLY,
    T_PAYLOADS_LOADED,
    T_PAYLOADS_TAKEN,
    Step,
)
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.awakening import (
    BLUE,
    DESERT,
    GREEN,
    RED,
    SHOALS,
    VALE,
    YELLOW,
    give_payload,
    table,
)


def test_take_moves_the_regions_payload_in_front_of_the_side_and_tells_only_it_the_value():
    s = table(4, payloads=True)
    first, second = s.pl_region[SHOALS], s.pl_region[VALE]
    ev: list[Event] = []
    P.take(s, BLUE, SHOALS, ev)
    assert s.pl_region[SHOALS] == -1 and s.pl_held[BLUE] == [first]
    assert s.tally[BLUE * N_TALLY + T_PAYLOADS_TAKEN] == 1
    assert ev == [
        Event(f"{region_name(SHOALS)}: {who(s, BLUE)} takes the payload (1 in front of it).", BLUE,
              kind="payload_taken", data={"seat": BLUE, "region": SHOALS, "held": 1}),
        Event(f"{who(s, BLUE)} looks at the payload: +{C.PAYLOADS[first]}.", BLUE, to=(BLUE,), reveal=True,
              kind="payload_seen", data={"seat": BLUE, "region": SHOALS, "value": C.PAYLOADS[first]}),
    ]
    ev = []
    P.take(s, BLUE, VALE, ev)
    assert s.pl_held[BLUE] == [first, second] and s.tally[BLUE * N_TALLY + T_PAYLOADS_TAKEN] == 2
    assert ev[0].text == f"{region_name(VALE)}: {who(s, BLUE)} takes the payload (2 in front of them)."
    assert ev[0].data == {"seat": BLUE, "region": VALE, "held": 2}
    P.take(s, RED, DESERT, None)  # no log: the state still changes
    assert s.pl_region[DESERT] == -1 and len(s.pl_held[RED]) == 1


def test_load_puts_the_payload_of_that_value_under_the_airship_face_down_to_the_others():
    s = table(4, payloads=True)
    s.pl_held[BLUE] = []
    four = give_payload(s, BLUE, 4)
    give_payload(s, BLUE, 3)
    ship = BLUE * 3 + 1
    s.pending = ship
    s.ship_region[ship] = SHOALS
    ev: list[Event] = []
    P.load(s, BLUE, 4, ev)
    assert s.pl_ship[ship] == [four] and four not in s.pl_held[BLUE] and len(s.pl_held[BLUE]) == 1
    assert s.tally[BLUE * N_TALLY + T_PAYLOADS_LOADED] == 1
    assert s.step == Step.LOAD  # one left: it may load that too
    where = region_name(SHOALS)
    assert ev == [
        Event(f"{who(s, BLUE)} puts a face-down payload under the airship in {where}.", BLUE,
              to=(RED, GREEN, YELLOW), kind="payload_loaded", data={"seat": BLUE, "ship": ship}),
        Event(f"{who(s, BLUE)} puts the +4 payload under the airship in {where}.", BLUE, to=(BLUE,),
              kind="payload_loaded", data={"seat": BLUE, "ship": ship, "value": 4}),
    ]
    P.load(s, BLUE, 3, None)
    assert len(s.pl_ship[ship]) == 2 and s.pl_held[BLUE] == [] and s.step == Step.CHIP  # none left: the chip
    assert s.tally[BLUE * N_TALLY + T_PAYLOADS_LOADED] == 2


def test_load_with_no_more_goes_to_the_chip_and_changes_nothing():
    s = table(4, payloads=True)
    give_payload(s, BLUE, 4)
    held = list(s.pl_held[BLUE])
    s.pending = BLUE * 3
    s.step = Step.LOAD
    ev: list[Event] = []
    P.load(s, BLUE, -1, ev)
    assert s.step == Step.CHIP and ev == [] and s.pl_held[BLUE] == held and s.pl_ship[BLUE * 3] == []


def test_after_place_asks_for_payloads_only_when_the_side_holds_some():
    s = table(4, payloads=True)
    P.after_place(s, BLUE)
    assert s.step == Step.CHIP
    give_payload(s, BLUE, 2)
    P.after_place(s, BLUE)
    assert s.step == Step.LOAD
    s.payloads = False
    P.after_place(s, BLUE)
    assert s.step == Step.CHIP


def test_refill_fills_every_empty_region_from_the_top_of_the_supply():
    s = table(4, payloads=True)
    s.pl_region[DESERT] = s.pl_region[VALE] = -1
    supply = list(s.pl_supply)
    ev: list[Event] = []
    assert P.refill(s, ev) is False
    assert s.pl_region[DESERT] == supply[-1] and s.pl_region[VALE] == supply[-2]
    assert s.pl_supply == supply[:-2]
    left = len(supply) - 2
    assert ev == [Event(f"Payloads: a new face-down payload in {region_name(DESERT)}, {region_name(VALE)}; "
                        f"{left} left beside the board.", kind="payload_refill",
                        data={"regions": [DESERT, VALE], "supply": left})]
    ev = []
    assert P.refill(s, ev) is False and ev == []  # nothing empty: nothing said


def test_an_empty_supply_says_so_only_when_a_region_is_empty():
    s = table(4, payloads=True)
    s.pl_supply = []
    ev: list[Event] = []
    assert P.refill(s, ev) is False and ev == []
    s.pl_region[SHOALS] = -1
    assert P.refill(s, ev) is False
    assert ev == [Event("Payloads: the supply is empty; no region is refilled.", kind="payload_refill",
                        data={"regions": [], "supply": 0})]
    assert s.pl_region[SHOALS] == -1


def test_too_few_the_first_on_the_track_is_asked_and_places_them_one_by_one():
    s = table(4, order=[GREEN, BLUE, RED, YELLOW], payloads=True)
    s.pl_region[DESERT] = s.pl_region[SHOALS] = s.pl_region[VALE] = -1
    s.pl_supply = s.pl_supply[:2]
    top = s.pl_supply[-1]
    ev: list[Event] = []
    assert P.refill(s, ev) is True
    assert s.phase == CLEANUP and s.step == Step.REFILL and s.refill_left == 2
    assert ev == [Event(f"Payloads: 2 left for 3 empty regions; {who(s, GREEN)}, first on the turn-order track, "
                        "chooses where they go.", GREEN, kind="payload_refill_choice",
                        data={"seat": GREEN, "supply": 2, "empty": [DESERT, SHOALS, VALE]})]
    ev = []
    P.place(s, GREEN, VALE, ev)
    assert s.pl_region[VALE] == top and s.refill_left == 1 and len(s.pl_supply) == 1
    assert ev == [Event(f"{who(s, GREEN)} puts a face-down payload in {region_name(VALE)}.", GREEN,
                        kind="payload_refill", data={"seat": GREEN, "regions": [VALE], "supply": 1})]
    P.place(s, GREEN, DESERT, None)
    assert s.refill_left == 0 and s.pl_supply == [] and s.pl_region[SHOALS] == -1


def test_an_automa_first_on_the_track_places_them_from_its_heading_without_asking():
    s = table(2, order=[2, RED, BLUE], payloads=True)
    assert s.automa == 1 and s.order[0] == 2
    s.pl_region[DESERT] = s.pl_region[SHOALS] = s.pl_region[VALE] = -1
    s.pl_supply = s.pl_supply[:2]
    supply = list(s.pl_supply)
    firsts = []
    empty = [DESERT, SHOALS, VALE]
    for _ in range(2):
        r = automa.refill_region(s, 2, empty)
        firsts.append(r)
        empty.remove(r)
    phase, step = s.phase, s.step
    ev: list[Event] = []
    assert P.refill(s, ev) is False  # nobody waits
    assert s.phase == phase and s.step == step and s.refill_left == 0 and s.pl_supply == []
    assert [s.pl_region[r] for r in firsts] == [supply[-1], supply[-2]] and s.pl_region[empty[0]] == -1
    assert [e.text for e in ev] == [f"{who(s, 2)} puts a face-down payload in {region_name(r)}." for r in firsts]
    assert [e.data for e in ev] == [{"seat": 2, "regions": [firsts[0]], "supply": 1},
                                    {"seat": 2, "regions": [firsts[1]], "supply": 0}]


def test_spend_retires_every_loaded_payload_once():
    s = table(4, payloads=True)
    s.pl_ship[BLUE * 3] = [5, 6]
    s.pl_ship[RED * 3 + 2] = [7]
    s.pl_used = [1]
    P.spend(s)
    assert s.pl_used == [1, 7, 5, 6]  # ship by ship (Red's third airship comes before Blue's first)
    assert s.pl_ship[BLUE * 3] == [5, 6]  # they stay under their airships until the cleanup


def test_held_values_are_the_distinct_values_smallest_first():
    s = table(4, payloads=True)
    s.pl_held[BLUE] = []
    for v in (4, 2, 4):
        give_payload(s, BLUE, v)
    assert P.held_values(s, BLUE) == [2, 4]
