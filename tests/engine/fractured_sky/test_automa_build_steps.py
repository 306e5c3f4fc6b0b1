"""The automa's building step at the edge of what it can pay (each resource exactly, one short, the
site number 0), its last airship's track space and what the track's last space pays it (its card's
resource). Written to kill the mutants of rules/main_phase.py's ``automa_turn`` and
``pay_last_space`` that survived test_automa.py and test_automa_steps.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import automa as A
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import main_phase as M
from engine.games.fractured_sky.text import building_text, cost_text, ordinal, who
from tests.engine.fractured_sky.helpers import fresh

SIDE = 2  # with 2 players, side 2 is the automa


def _building_step(kind: int):
    """The automa's next step is its building, and only site 0 is free."""
    s = fresh(2, 3)
    step = C.A_MARKET if kind == C.MARKET else C.A_FORTRESS
    card = next(k for k, c in enumerate(C.AUTOMA_DECK) if step in c.plan)
    s.ai_card[SIDE], s.ai_step[SIDE] = card, C.AUTOMA_DECK[card].plan.index(step)
    s.site_owner = [0] * C.N_SITES
    s.site_owner[0] = -1
    s.site_kind = [C.MARKET] * C.N_SITES
    s.site_kind[0] = -1
    s.built[SIDE * 3:SIDE * 3 + 3] = [0, 0, 0]
    assert A.building_site(s, SIDE) == 0 and len(C.SITE_REGIONS[0]) == 2
    return s


def test_the_automa_builds_on_site_0_with_exactly_the_cost():
    for kind in (C.MARKET, C.FORTRESS):
        s = _building_step(kind)
        cost = C.site_cost(kind, 0)
        s.res[SIDE * 3:SIDE * 3 + 3] = list(cost)
        s.res[(SIDE - 1) * 3:SIDE * 3] = [0, 0, 0]  # the side before it has nothing
        ev: list[Event] = []
        M.automa_turn(s, SIDE, ev)
        assert s.site_owner[0] == SIDE and s.site_kind[0] == kind, C.BUILDINGS[kind]
        assert s.res[SIDE * 3:SIDE * 3 + 3] == [0, 0, 0] and s.built[SIDE * 3 + kind] == 1
        assert ev[0] == Event(f"{who(s, SIDE)} builds {building_text(kind, 0)} ({cost_text(cost)}).", SIDE,
                              kind="build", data={"side": SIDE, "building": C.BUILDINGS[kind], "where": 0,
                                                  "cost": list(cost)})


def test_the_automa_one_resource_short_takes_its_gold_instead():
    for kind in (C.MARKET, C.FORTRESS):
        cost = C.site_cost(kind, 0)
        for short in range(3):
            if not cost[short]:
                continue
            s = _building_step(kind)
            have = [c + 5 for c in cost]
            have[short] = cost[short] - 1
            s.res[SIDE * 3:SIDE * 3 + 3] = list(have)
            ev: list[Event] = []
            M.automa_turn(s, SIDE, ev)
            assert s.site_owner[0] == -1, (kind, short)
            have[C.GOLD] += C.AUTOMA_BROKE[0]
            assert s.res[SIDE * 3:SIDE * 3 + 3] == have and ev[0].kind == "automa_broke"


def test_the_automas_third_airship_says_which_track_space_it_takes():
    s = fresh(2, 3)
    s.ai_card[SIDE] = next(k for k, c in enumerate(C.AUTOMA_DECK) if c.plan[0] == C.A_SHIP)
    s.ai_step[SIDE] = 0
    s.ships_left[SIDE] = 1
    space = A.track_space(s, SIDE)
    ev: list[Event] = []
    M.automa_turn(s, SIDE, ev)
    assert s.next_order[space] == SIDE
    assert Event(f"{who(s, SIDE)} takes the {ordinal(space)} space for next round.", SIDE,
                 kind="track", data={"side": SIDE, "space": space}) in ev


def test_the_last_space_pays_the_automa_its_cards_resource_alone():
    for resource in (C.IRON, C.WOOD, C.GOLD):
        s = fresh(2, 3)
        s.ai_card[SIDE] = next(k for k, c in enumerate(C.AUTOMA_DECK) if c.last == resource)
        before = s.res[SIDE * 3:SIDE * 3 + 3]
        got = [0, 0, 0]
        got[resource] = C.LAST_PICK_GOLD
        ev: list[Event] = []
        M.pay_last_space(s, SIDE, False, ev)
        assert s.res[SIDE * 3:SIDE * 3 + 3] == [b + g for b, g in zip(before, got, strict=True)]
        assert ev == [Event(f"{who(s, SIDE)} is last on the track and takes {C.resources_text(got)}.", SIDE,
                            kind="last_space", data={"side": SIDE, "resources": got})]
