"""An automa turn step by step: the airship it sends (its number, region, explore slot and its
event), its first action recorded once, its last airship taking a track space, and a building it
cannot pay for. Written to kill the mutants of rules/main_phase.py's ``automa_turn`` that survived
test_automa.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import automa as A
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import main_phase as M
from engine.games.fractured_sky.rules.common import EXPLORE_FREE
from engine.games.fractured_sky.state import FIRST_EXPLORE, FIRST_PLACE
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.helpers import fresh

SIDE = 2  # with 2 players, side 2 is the automa


def _automa(first_step: int, seed: int = 3):
    s = fresh(2, seed)
    assert s.automa == 1
    s.ai_card[SIDE] = next(k for k, c in enumerate(C.AUTOMA_DECK) if c.plan[0] == first_step)
    s.ai_step[SIDE] = 0
    return s


def test_the_automas_airship_goes_out_with_its_event_and_first_action():
    for gold, free in ((0, True), (5, True), (5, False)):
        s = _automa(C.A_SHIP)
        region = A.ship_region(s, SIDE)
        s.explore[region] = EXPLORE_FREE if free else 0
        s.res[SIDE * 3 + C.GOLD] = gold
        s.ships_left[SIDE] = 3
        s.first_action[SIDE] = -1
        explore = free and gold >= C.EXPLORE_COST[0]
        ev: list[Event] = []
        M.automa_turn(s, SIDE, ev)
        ship = SIDE * C.SHIPS
        assert s.ship_region[ship] == region and s.ships_left[SIDE] == 2 and s.ai_step[SIDE] == 1
        assert s.first_action[SIDE] == FIRST_PLACE
        tail = " and takes its explore slot." if explore else "."
        assert ev[0] == Event(f"{who(s, SIDE)} (automa) sends an airship to {region_name(region)}{tail}", SIDE,
                              kind="place", data={"side": SIDE, "ship": ship, "region": region, "explore": explore,
                                                  "flagship": False})
        assert (s.explore[region] == ship) is explore
        if explore:
            assert len(ev) > 1  # the explore slot's own events follow


def test_an_earlier_first_action_is_kept():
    s = _automa(C.A_SHIP)
    s.first_action[SIDE] = FIRST_PLACE  # 0: already recorded
    s.explore = [0] * C.N_REGIONS  # no slot free: it will not explore
    M.automa_turn(s, SIDE, [])
    assert s.first_action[SIDE] == FIRST_PLACE
    s = _automa(C.A_SHIP)
    s.first_action[SIDE] = FIRST_EXPLORE
    M.automa_turn(s, SIDE, [])
    assert s.first_action[SIDE] == FIRST_EXPLORE


def test_the_automas_third_airship_takes_its_track_space():
    s = _automa(C.A_SHIP)
    s.ships_left[SIDE] = 1
    ev: list[Event] = []
    M.automa_turn(s, SIDE, ev)
    assert s.ships_left[SIDE] == 0 and SIDE in s.next_order
    s = _automa(C.A_SHIP)
    s.ships_left[SIDE] = 2
    M.automa_turn(s, SIDE, [])
    assert SIDE not in s.next_order


def test_an_automa_that_cannot_build_takes_a_gold_and_says_so():
    for step, kind in ((C.A_MARKET, C.MARKET), (C.A_FORTRESS, C.FORTRESS)):
        if not any(c.plan[0] == step for c in C.AUTOMA_DECK):
            s = fresh(2, 3)
            card = next(k for k, c in enumerate(C.AUTOMA_DECK) if step in c.plan)
            s.ai_card[SIDE], s.ai_step[SIDE] = card, C.AUTOMA_DECK[card].plan.index(step)
        else:
            s = _automa(step)
        s.res[SIDE * 3: SIDE * 3 + 3] = [0, 0, 0]
        ev: list[Event] = []
        M.automa_turn(s, SIDE, ev)
        assert s.res[SIDE * 3: SIDE * 3 + 3] == list(C.AUTOMA_BROKE)
        assert ev[0] == Event(f"{who(s, SIDE)} (automa) cannot build its {C.BUILDINGS[kind]} and takes "
                              f"{C.resources_text(C.AUTOMA_BROKE)} instead.", SIDE, kind="automa_broke",
                              data={"side": SIDE, "building": C.BUILDINGS[kind]})


def test_an_automa_that_has_built_its_whole_supply_builds_no_more():
    s = fresh(2, 3)
    card = next(k for k, c in enumerate(C.AUTOMA_DECK) if C.A_FORTRESS in c.plan)
    s.ai_card[SIDE], s.ai_step[SIDE] = card, C.AUTOMA_DECK[card].plan.index(C.A_FORTRESS)
    s.res[SIDE * 3: SIDE * 3 + 3] = [9, 9, 9]
    s.built[SIDE * 3 + C.FORTRESS] = C.SUPPLY[C.FORTRESS]
    s.ship_region[SIDE * C.SHIPS] = 0  # an airship out, so a site is near
    ev: list[Event] = []
    M.automa_turn(s, SIDE, ev)
    assert s.built[SIDE * 3 + C.FORTRESS] == C.SUPPLY[C.FORTRESS] and ev[0].kind == "automa_broke"
