"""The main phase at its edges: an airship sent (its first action, its event, the explore slot's and
a displaced guardian's events), a chip put down (which of the two 0 chips it uses, who knows it,
the public and the private line), the placement menus built afresh (the cache is cleared: mutmut
forks each mutant from a process that already filled it), the action menu (exact costs, Leviathan's
discounts, the supply, a site of seat 0, what may be scouted), the forage menu, and the track's last
space for people (what it pays and counts). Written to kill the mutants of rules/main_phase.py that
survived the other tests (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import main_phase as M
from engine.games.fractured_sky.rules.common import (
    ALL_CHIPS,
    BUILD_SITE_MOVES,
    BUILD_SKIMMER_MOVES,
    EXPLORE_FREE,
    FORAGE_MOVES,
    SCOUT_CARD_MOVES,
    SCOUT_SHIP_MOVES,
    SCOUT_TOP_MOVE,
)
from engine.games.fractured_sky.state import (
    FIRST_EXPLORE,
    FIRST_PLACE,
    N_TALLY,
    T_LAST_FORCED,
    T_LAST_PICKS,
    Place,
    State,
)
from engine.games.fractured_sky.text import ordinal, region_name, who
from tests.engine.fractured_sky.awakening import (
    CASCADES,
    DESERT,
    FROSTFALL,
    GREEN,
    RED,
    SHOALS,
    WOODS,
    build,
    put_guardian,
    site,
    table,
)

SH = C.SHIPS
NR = C.N_REGIONS


def _res(s: State, side: int, gold: int, wood: int, iron: int) -> None:
    s.res[side * 3:side * 3 + 3] = [gold, wood, iron]


# ---------------------------------------------------------------- place


def test_sending_an_airship_records_the_first_action_once_and_says_so():
    for explore in (False, True):
        s = table(3, order=[RED, 1, 2])
        s.first_action[RED] = -1
        ev: list[Event] = []
        M.place(s, RED, WOODS, explore, False, ev)
        assert s.first_action[RED] == (FIRST_EXPLORE if explore else FIRST_PLACE)
        tail = " and takes its explore slot." if explore else "."
        assert ev[0] == Event(f"{who(s, RED)} sends an airship to {region_name(WOODS)}{tail}", RED, kind="place",
                              data={"side": RED, "ship": 0, "region": WOODS, "explore": explore, "flagship": False})
        if explore:
            card = s.hid_cards[0]
            assert [e.kind for e in ev[1:]] == ["explore", "hidden_starfall"]
            assert ev[2].text == f"{who(s, RED)}'s hidden starfall will drop in {region_name(card)}."
        else:
            assert ev[1:] == []
    s = table(3, order=[RED, 1, 2])
    s.first_action[RED] = FIRST_PLACE  # 0: its first action was a placement
    M.place(s, RED, WOODS, True, False, [])
    assert s.first_action[RED] == FIRST_PLACE


def test_sending_a_flagship_names_it_and_a_displaced_guardian_says_so():
    s = table(3, order=[RED, 1, 2], flagships=True, guardians=True)
    s.fl_of[RED] = 3
    put_guardian(s, 0, C.REEFHORN, SHOALS)
    ev: list[Event] = []
    M.place(s, RED, SHOALS, False, True, ev)
    assert s.fl_ship[RED] == 0
    assert ev[0] == Event(f"{who(s, RED)} sends its flagship {C.FLAGSHIPS[3].name} to {region_name(SHOALS)}.", RED,
                          kind="place", data={"side": RED, "ship": 0, "region": SHOALS, "explore": False,
                                              "flagship": True})
    assert [e.kind for e in ev[1:]] == ["guardian_displaced"]


# ---------------------------------------------------------------- put_chip


def test_a_chip_goes_down_with_a_public_and_a_private_line():
    s = table(3, order=[1, 0, 2])
    ev: list[Event] = []
    M.place(s, 1, WOODS, False, False, None)
    M.put_chip(s, 1, 7, ev)
    ship = 1 * SH
    assert s.ship_chip[ship] == 7 and s.ship_known[ship] == 1 << 1 and s.pending == -1
    assert s.chips[1] == ALL_CHIPS & ~(1 << 8) and s.budget[1] == C.POWER_LIMIT - 7
    b, w = who(s, 1), region_name(WOODS)
    assert ev == [
        Event(f"{b}'s airship in {w} carries a face-down chip.", 1, to=(0, 2), kind="chip",
              data={"side": 1, "ship": ship}),
        Event(f"{b} puts chip {7} on the airship in {w}.", 1, to=(1,), kind="chip",
              data={"side": 1, "ship": ship, "value": 7}),
    ]


def test_the_two_zero_chips_are_used_one_after_the_other():
    s = table(3, order=[0, 1, 2])
    s.pending = 0
    s.ship_region[0] = WOODS
    M.put_chip(s, 0, 0, None)
    assert s.chips[0] == ALL_CHIPS & ~1
    s.pending = 1
    s.ship_region[1] = SHOALS
    M.put_chip(s, 0, 0, None)
    assert s.chips[0] == ALL_CHIPS & ~3 and s.budget[0] == C.POWER_LIMIT
    s = table(3, order=[0, 1, 2])
    s.chips[0] = ALL_CHIPS & ~1  # the first 0 is gone
    s.pending, s.ship_region[0] = 0, WOODS
    M.put_chip(s, 0, 0, None)
    assert s.chips[0] == ALL_CHIPS & ~3


# ---------------------------------------------------------------- place_menu


def test_the_placement_menus_built_afresh():
    M._PLACE_MENUS.clear()
    explore = [0] * NR  # every slot taken …
    explore[FROSTFALL] = explore[CASCADES] = EXPLORE_FREE  # … but these two
    plain = [Place(r, False) for r in range(NR)]
    flag = [Place(r, False, True) for r in range(NR)]

    def with_slots(moves: list[Place], flagship: bool) -> list[Place]:
        out: list[Place] = []
        for r, m in enumerate(moves):
            out.append(m)
            if r in (FROSTFALL, CASCADES):
                out.append(Place(r, True, flagship))
        return out

    assert list(M.place_menu(explore, True, True, False)) == with_slots(plain, False)
    assert list(M.place_menu(explore, False, True, False)) == plain
    assert list(M.place_menu(explore, True, False, True)) == with_slots(flag, True)
    assert list(M.place_menu(explore, True, True, True)) == with_slots(plain, False) + with_slots(flag, True)
    assert list(M.place_menu(explore, False, True, True)) == plain + flag
    assert list(M.place_menu(explore, True, True, False)) == with_slots(plain, False)  # from the cache


# ---------------------------------------------------------------- actions


def _acting(side: int = 1, **options) -> State:
    s = table(3, order=[side] + [x for x in range(3) if x != side], **options)
    s.explore = [0] * NR
    return s


def test_a_skimmer_at_exactly_its_cost():
    s = _acting()
    _res(s, 1, *C.COSTS[C.SKIMMER])
    assert BUILD_SKIMMER_MOVES[DESERT] in M.actions(s, 1)
    for short in (C.WOOD, C.IRON):
        cost = list(C.COSTS[C.SKIMMER])
        cost[short] -= 1
        _res(s, 1, *cost)
        assert not set(BUILD_SKIMMER_MOVES) & set(M.actions(s, 1))


def test_scavenged_hulls_make_a_skimmer_in_region_0_affordable_there_only():
    s = _acting(flagships=True)
    s.fl_of[1], s.fl_face[2] = 2, 1  # Leviathan B: Scavenged Hulls
    s.fl_ship[1] = 3
    s.ship_region[3], s.ships_left[1] = DESERT, 2
    cost = list(C.COSTS[C.SKIMMER])
    cost[C.DISCOUNT_RESOURCE[C.SKIMMER]] -= C.FLAGSHIP_DISCOUNT
    _res(s, 1, *cost)
    skimmers = [m for m in M.actions(s, 1) if m in BUILD_SKIMMER_MOVES]
    assert skimmers == [BUILD_SKIMMER_MOVES[DESERT]]
    _res(s, 1, 0, 0, 5)  # no wood: not even there
    assert not [m for m in M.actions(s, 1) if m in BUILD_SKIMMER_MOVES]


def test_salvaged_materials_offer_a_fortress_next_to_the_flagship_at_exactly_its_cost():
    s = _acting(flagships=True)
    s.fl_of[1], s.fl_face[2] = 2, 0  # Leviathan A: Salvaged Materials
    s.fl_ship[1] = 3
    s.ship_region[3], s.ships_left[1] = WOODS, 2
    near = site(DESERT, WOODS)
    cost = list(C.site_cost(C.FORTRESS, near))
    cost[C.DISCOUNT_RESOURCE[C.FORTRESS]] -= C.FLAGSHIP_DISCOUNT
    _res(s, 1, *cost)
    moves = M.actions(s, 1)
    assert BUILD_SITE_MOVES[C.FORTRESS][near] in moves
    assert not [m for m in moves if m in BUILD_SITE_MOVES[C.MARKET]]
    far = site(SHOALS, FROSTFALL)
    assert BUILD_SITE_MOVES[C.FORTRESS][far] not in moves


def test_no_fortress_past_the_supply_and_none_on_a_site_of_seat_0():
    s = _acting()
    _res(s, 1, 9, 9, 9)
    build(s, 0, C.MARKET, site(DESERT, SHOALS))
    moves = M.actions(s, 1)
    assert BUILD_SITE_MOVES[C.MARKET][site(DESERT, SHOALS)] not in moves
    assert BUILD_SITE_MOVES[C.FORTRESS][site(DESERT, SHOALS)] not in moves
    assert BUILD_SITE_MOVES[C.FORTRESS][site(SHOALS, FROSTFALL)] in moves
    s.built[1 * 3 + C.FORTRESS] = C.SUPPLY[C.FORTRESS]
    s.built[0 * 3 + C.SKIMMER] = 0  # what `b - kind` would read
    assert not [m for m in M.actions(s, 1) if m in BUILD_SITE_MOVES[C.FORTRESS]]


def test_what_a_side_may_scout():
    s = _acting()
    s.ships_left[1] = 1
    for ship, chip in ((3, 4), (4, 5), (0, 0), (6, 2)):
        s.ship_region[ship], s.ship_chip[ship] = WOODS, chip
    s.ship_known[0] = 1 << 0
    s.hid_cards, s.hid_ship, s.hid_known = [SHOALS], [4], [1 << 1]  # side 1 drew it
    _res(s, 1, 0, 0, 0)
    moves = M.actions(s, 1)
    assert SCOUT_TOP_MOVE in moves
    assert SCOUT_SHIP_MOVES[0] in moves and SCOUT_SHIP_MOVES[6] in moves  # a 0 chip may be scouted
    assert SCOUT_SHIP_MOVES[3] not in moves and SCOUT_SHIP_MOVES[4] not in moves  # its own
    assert SCOUT_CARD_MOVES[0] not in moves  # its own hidden starfall
    s.hid_deck = []
    assert SCOUT_TOP_MOVE not in M.actions(s, 1)


def test_a_forage_takes_what_any_of_the_sides_airships_produce():
    s = _acting(side=GREEN)
    s.ship_region[GREEN * SH] = DESERT  # iron, gold
    s.ship_region[GREEN * SH + 1] = WOODS  # wood, gold
    assert M.forage_options(s, GREEN) == (C.GOLD, C.WOOD, C.IRON)
    s.ships_left[GREEN] = 1
    moves = M.actions(s, GREEN)
    assert [m for m in moves if m in FORAGE_MOVES] == list(FORAGE_MOVES)


# ---------------------------------------------------------------- the track's last space


def test_the_last_space_for_people_pays_gold_only_where_the_track_pays_and_counts_each_pick():
    for flagships in (False, True):
        s = table(3, flagships=flagships)
        side = 1
        s.tally[side * N_TALLY + T_LAST_PICKS] = 2
        s.tally[side * N_TALLY + T_LAST_FORCED] = 2
        before = s.res[3:6]
        ev: list[Event] = []
        M.pay_last_space(s, side, False, ev)
        assert s.tally[side * N_TALLY + T_LAST_PICKS] == 3 and s.tally[side * N_TALLY + T_LAST_FORCED] == 2
        M.pay_last_space(s, side, True, ev)
        assert s.tally[side * N_TALLY + T_LAST_PICKS] == 3 and s.tally[side * N_TALLY + T_LAST_FORCED] == 3
        if flagships:  # the new track pays nothing
            assert s.res[3:6] == before and ev == []
        else:
            got = [C.LAST_PICK_GOLD, 0, 0]
            assert s.res[3:6] == [before[0] + 2 * C.LAST_PICK_GOLD, before[1], before[2]]
            line = Event(f"{who(s, side)} is last on the track and takes {C.resources_text(got)}.", side,
                         kind="last_space", data={"side": side, "resources": got})
            assert ev == [line, line]


def test_taking_the_last_space_says_so_and_what_it_pays():
    s = table(3)
    ev: list[Event] = []
    M.take_space(s, 1, s.n - 1, ev)
    got = [C.LAST_PICK_GOLD, 0, 0]
    assert ev[:2] == [
        Event(f"{who(s, 1)} takes the {ordinal(s.n - 1)} space for next round.", 1, kind="track",
              data={"side": 1, "space": s.n - 1}),
        Event(f"{who(s, 1)} is last on the track and takes {C.resources_text(got)}.", 1, kind="last_space",
              data={"side": 1, "resources": got}),
    ]
