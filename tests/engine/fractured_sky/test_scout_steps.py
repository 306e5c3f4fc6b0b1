"""A scout and a forage step by step: what the side learns (only it), what the table is told, the
counts (scouts, looked, tallies), the first action recorded once, each kind of target. Written to
kill the mutants of rules/main_phase.py's ``scout`` and ``forage`` that survived
test_main_phase.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import main_phase as M
from engine.games.fractured_sky.state import (
    FIRST_FORAGE,
    FIRST_PLACE,
    FIRST_SCOUT,
    N_TALLY,
    SCOUT_CARD,
    SCOUT_SHIP,
    SCOUT_TOP,
    T_FORAGES,
    T_GAINED,
    T_SCOUTS,
)
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.helpers import fresh

SIDE = 1


def _scouting():
    s = fresh(3, 4)
    s.scouts = [0, 2, 0]
    s.looked = [0, 3, 0]
    s.tally[SIDE * N_TALLY + T_SCOUTS] = 4
    s.first_action = [-1, -1, -1]
    return s


def _counted(s, looked: bool = True) -> None:
    assert s.scouts == [0, 3, 0] and s.looked == [0, 4 if looked else 3, 0]


def test_scouting_the_deck_top():
    s = _scouting()
    s.top_known = 0b001
    seen = s.hid_deck[-1]
    ev: list[Event] = []
    M.scout(s, SIDE, SCOUT_TOP, 0, ev)
    _counted(s)
    assert s.top_known == 0b011 and s.tally[SIDE * N_TALLY + T_SCOUTS] == 5 and s.first_action[SIDE] == FIRST_SCOUT
    assert ev[:2] == [
        Event(f"{who(s, SIDE)} scouts the top card of the hidden starfall deck.", SIDE, kind="scout",
              data={"side": SIDE, "target": SCOUT_TOP, "index": 0}),
        Event(f"{who(s, SIDE)} sees: the hidden deck's top card: {region_name(seen)}.", SIDE, to=(SIDE,),
              reveal=True, kind="scouted", data={"side": SIDE, "target": SCOUT_TOP, "index": 0, "value": seen}),
    ]


def test_scouting_an_airship():
    s = _scouting()
    ship = 2 * C.SHIPS + 1
    s.ship_region[ship], s.ship_chip[ship] = 7, 6
    s.ship_known[ship] = 0b100
    ev: list[Event] = []
    M.scout(s, SIDE, SCOUT_SHIP, ship, ev)
    _counted(s)
    assert s.ship_known[ship] == 0b110
    where = region_name(7)
    assert ev[:2] == [
        Event(f"{who(s, SIDE)} scouts {who(s, 2)}'s airship in {where}.", SIDE, kind="scout",
              data={"side": SIDE, "target": SCOUT_SHIP, "index": ship}),
        Event(f"{who(s, SIDE)} sees: {who(s, 2)}'s airship in {where} carries chip 6.", SIDE, to=(SIDE,),
              reveal=True, kind="scouted", data={"side": SIDE, "target": SCOUT_SHIP, "index": ship, "value": 6}),
    ]


def test_scouting_a_hidden_starfall_card():
    s = _scouting()
    s.hid_cards, s.hid_ship, s.hid_known = [3, 8], [0, 2 * C.SHIPS], [0, 0b001]
    s.first_action[SIDE] = FIRST_PLACE
    ev: list[Event] = []
    M.scout(s, SIDE, SCOUT_CARD, 1, ev)
    _counted(s)
    assert s.hid_known == [0, 0b011] and s.first_action[SIDE] == FIRST_PLACE
    assert ev[:2] == [
        Event(f"{who(s, SIDE)} scouts {who(s, 2)}'s hidden starfall.", SIDE, kind="scout",
              data={"side": SIDE, "target": SCOUT_CARD, "index": 1}),
        Event(f"{who(s, SIDE)} sees: {who(s, 2)}'s hidden starfall will drop in {region_name(8)}.", SIDE,
              to=(SIDE,), reveal=True, kind="scouted",
              data={"side": SIDE, "target": SCOUT_CARD, "index": 1, "value": 8}),
    ]


def test_foraging_takes_a_resource_and_looks_at_nothing():
    for resource in range(3):
        s = _scouting()
        s.res[SIDE * 3: SIDE * 3 + 3] = [1, 1, 1]
        s.tally[SIDE * N_TALLY + T_FORAGES] = 2
        s.tally[SIDE * N_TALLY + T_GAINED] = 7
        ev: list[Event] = []
        M.forage(s, SIDE, resource, ev)
        _counted(s, looked=False)
        want = [1, 1, 1]
        want[resource] += C.FORAGE
        assert s.res[SIDE * 3: SIDE * 3 + 3] == want and s.first_action[SIDE] == FIRST_FORAGE
        assert s.tally[SIDE * N_TALLY + T_FORAGES] == 3 and s.tally[SIDE * N_TALLY + T_GAINED] == 7 + C.FORAGE
        assert ev[0] == Event(f"{who(s, SIDE)} forages: +{C.FORAGE} {C.RESOURCES[resource]}.", SIDE, kind="forage",
                              data={"side": SIDE, "resource": resource})
    s = _scouting()
    s.first_action[SIDE] = FIRST_PLACE  # 0: an earlier first action stays
    M.forage(s, SIDE, 0, None)
    assert s.first_action[SIDE] == FIRST_PLACE
