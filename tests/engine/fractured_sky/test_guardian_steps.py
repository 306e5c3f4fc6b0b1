"""Guardians, function by function: what displacing, moving and the cleanup rotation change and the
words and data they log. Written to kill the mutants that survived the seed-sentence tests in
test_guardians.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import guardians as G
from engine.games.fractured_sky.rules.common import EXPLORE_GUARDIAN
from engine.games.fractured_sky.state import N_TALLY, T_GUARDIANS_MOVED
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.awakening import (
    BLUE,
    CASCADES,
    DESERT,
    EMBERPEAK,
    GREEN,
    RED,
    SHOALS,
    VALE,
    WOODS,
    put_guardian,
    table,
)


def test_a_person_displacing_takes_the_explore_slot_and_is_asked_where_it_goes():
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.REEFHORN, SHOALS)
    put_guardian(s, 1, C.CRAGJAW, EMBERPEAK)
    ship = RED * 3 + 1
    ev: list[Event] = []
    assert G.displace(s, RED, ship, SHOALS, ev) is True
    assert s.explore[SHOALS] == ship and s.pending_guard == 0
    assert s.gd_region[0] == SHOALS and s.gd_moved[0] == -1  # not moved yet: its side chooses
    assert ev == [Event(f"{who(s, RED)}'s airship takes {region_name(SHOALS)}'s explore slot, displacing "
                        f"{C.GUARDIANS[C.REEFHORN].name} (no hidden starfall is drawn).", RED,
                        kind="guardian_displaced",
                        data={"seat": RED, "ship": ship, "region": SHOALS, "guardian": C.REEFHORN})]
    assert G.slot_in(s, EMBERPEAK) == 1 and G.slot_in(s, SHOALS) == 0 and G.slot_in(s, VALE) == -1
    assert SHOALS not in G.destinations(s, 0) and EMBERPEAK not in G.destinations(s, 0)
    assert len(G.destinations(s, 0)) == 8


def test_moving_a_guardian_marks_who_moved_it_counts_it_and_says_what_it_does():
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.REEFHORN, SHOALS)
    s.pending_guard = 0
    s.tally[RED * N_TALLY + T_GUARDIANS_MOVED] = 2
    ev: list[Event] = []
    G.move(s, RED, WOODS, ev)
    assert s.pending_guard == -1 and s.gd_region[0] == WOODS and s.gd_moved[0] == RED
    assert s.tally[RED * N_TALLY + T_GUARDIANS_MOVED] == 3 and s.tally[GREEN * N_TALLY + T_GUARDIANS_MOVED] == 0
    g = C.GUARDIANS[C.REEFHORN]
    assert ev == [Event(f"{who(s, RED)} moves {g.name} to {region_name(WOODS)}: {g.text}", RED,
                        kind="guardian_moved",
                        data={"seat": RED, "guardian": C.REEFHORN, "slot": 0, "region": WOODS})]
    assert G.slot_in(s, WOODS) == -1  # a moved guardian is nobody's to displace


def test_thornspine_frees_only_the_chips_already_placed_in_its_new_region_and_adds_them_to_the_budget():
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.THORNSPINE, SHOALS)
    green, red, blue = GREEN * 3, RED * 3, BLUE * 3
    s.ship_region[green], s.ship_chip[green] = DESERT, 7
    s.ship_region[red], s.ship_chip[red] = DESERT, -1  # no chip yet
    s.ship_region[blue], s.ship_chip[blue] = CASCADES, 5  # elsewhere
    budget = list(s.budget)
    s.pending_guard = 0
    G.move(s, RED, DESERT, None)
    assert s.chip_free[green] == 1 and s.chip_free[red] == 0 and s.chip_free[blue] == 0
    assert s.budget[GREEN] == budget[GREEN] + 7 and s.budget[RED] == budget[RED] and s.budget[BLUE] == budget[BLUE]
    s.pending_guard = 0
    G.move(s, RED, DESERT, None)  # a chip already free is not added twice
    assert s.budget[GREEN] == budget[GREEN] + 7


def test_the_rotation_discards_right_moves_left_right_reveals_a_new_left():
    s = table(3, guardians=True)
    s.gd_card = [C.REEFHORN, C.CLOUDSEER]
    s.gd_deck = [C.CRAGJAW, C.MYTHTUSK]
    s.gd_moved = [RED, BLUE]
    s.cloud_star = 2
    ev: list[Event] = []
    G.rotate(s, ev)
    assert s.gd_card == [C.MYTHTUSK, C.REEFHORN] and s.gd_deck == [C.CRAGJAW]
    assert s.gd_moved == [-1, -1] and s.cloud_star == 0  # the starfall on Cloudseer leaves with it
    names = C.GUARDIANS
    assert ev == [Event(f"Guardians: {names[C.CLOUDSEER].name} leaves; {names[C.REEFHORN].name} moves right; "
                        f"{names[C.MYTHTUSK].name} is revealed on the left.", reveal=True, kind="guardian_rotate",
                        data={"discarded": C.CLOUDSEER, "left": C.MYTHTUSK, "right": C.REEFHORN})]
    s.cloud_star = 1
    s.gd_deck = []
    ev = []
    G.rotate(s, ev)  # Reefhorn leaves (Cloudseer's starfall is not touched); the deck is empty
    assert s.gd_card == [-1, C.MYTHTUSK] and s.cloud_star == 1
    assert ev[0].text == (f"Guardians: {names[C.REEFHORN].name} leaves; {names[C.MYTHTUSK].name} moves right.")
    assert ev[0].data == {"discarded": C.REEFHORN, "left": -1, "right": C.MYTHTUSK}
    ev = []
    G.rotate(s, ev)
    assert s.gd_card == [-1, -1] and ev[0].text == f"Guardians: {names[C.MYTHTUSK].name} leaves."
    assert ev[0].data == {"discarded": C.MYTHTUSK, "left": -1, "right": -1}


def test_place_starts_puts_each_guardian_on_the_next_public_card_and_skips_an_empty_slot():
    s = table(3, guardians=True)
    s.gd_card = [C.REEFHORN, -1]
    s.gd_moved = [RED, RED]
    s.gd_region = [SHOALS, SHOALS]
    s.pub_deck = [WOODS, VALE]
    s.pending_guard = 0
    G.place_starts(s, None)
    assert s.gd_start == [VALE, -1] and s.gd_region == [VALE, -1] and s.gd_moved[0] == -1
    assert s.pub_deck == [WOODS] and s.pending_guard == -1
    assert s.explore[VALE] == EXPLORE_GUARDIAN


def test_cloudseer_holds_one_starfall_at_a_time_a_rift_one_from_the_pile():
    s = table(3, guardians=True)
    s.gd_card = [C.REEFHORN, C.CRAGJAW]
    s.cloud_star = 0
    G.cloudseer_starfall(s)
    assert s.cloud_star == 0  # not in play
    s.gd_card = [C.REEFHORN, C.CLOUDSEER]
    G.cloudseer_starfall(s)
    assert s.cloud_star == 1
    s.cloud_star = 0
    s.rift = True
    s.rift_pile = [2, 3]
    G.cloudseer_starfall(s)
    assert s.cloud_star == 3 and s.rift_pile == [2]
    G.cloudseer_starfall(s)
    assert s.cloud_star == 3 and s.rift_pile == [2]  # one at a time


def test_cinderwing_the_first_card_is_named_and_counted_like_any_other():
    # guardian 0 (Cinderwing) leaves, moves right and is revealed like the rest; another guardian's
    # region is closed to the one moving even when that other is card 0
    names = C.GUARDIANS
    for cards, deck, words in (
        ([C.REEFHORN, C.CINDERWING], [C.CRAGJAW], f"{names[C.CINDERWING].name} leaves; "
                                                  f"{names[C.REEFHORN].name} moves right; "
                                                  f"{names[C.CRAGJAW].name} is revealed on the left."),
        ([C.CINDERWING, C.REEFHORN], [C.CRAGJAW], f"{names[C.REEFHORN].name} leaves; "
                                                  f"{names[C.CINDERWING].name} moves right; "
                                                  f"{names[C.CRAGJAW].name} is revealed on the left."),
        ([C.CRAGJAW, C.REEFHORN], [C.CINDERWING], f"{names[C.REEFHORN].name} leaves; "
                                                  f"{names[C.CRAGJAW].name} moves right; "
                                                  f"{names[C.CINDERWING].name} is revealed on the left."),
    ):
        s = table(3, guardians=True)
        s.gd_card, s.gd_deck = list(cards), list(deck)
        ev: list[Event] = []
        G.rotate(s, ev)
        assert ev[0].text == f"Guardians: {words}"
    s = table(3, guardians=True)
    put_guardian(s, 0, C.REEFHORN, SHOALS)
    put_guardian(s, 1, C.CINDERWING, EMBERPEAK)
    assert EMBERPEAK not in G.destinations(s, 0) and SHOALS not in G.destinations(s, 1)


def test_thornspine_frees_a_0_chip_too():
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.THORNSPINE, SHOALS)
    green = GREEN * 3
    s.ship_region[green], s.ship_chip[green] = DESERT, 0
    s.pending_guard = 0
    G.move(s, RED, DESERT, None)
    assert s.chip_free[green] == 1


def test_the_automas_flip_is_told_to_everyone_and_it_moves_the_guardian_at_once():
    s = table(2, order=[2, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.REEFHORN, SHOALS)
    put_guardian(s, 1, C.CRAGJAW, EMBERPEAK)
    s.pub_deck[-3:] = [WOODS, EMBERPEAK, SHOALS]
    ev: list[Event] = []
    assert G.displace(s, 2, 6, SHOALS, ev) is False
    assert s.gd_region[0] == WOODS and s.gd_moved[0] == 2 and s.pending_guard == -1
    flips = ", ".join(region_name(r) for r in (SHOALS, EMBERPEAK, WOODS))
    assert ev[1] == Event(f"{who(s, 2)} (automa) flips the public starfall deck: {flips}.", 2, reveal=True,
                          kind="guardian_flip", data={"seat": 2, "cards": [SHOALS, EMBERPEAK, WOODS]})
    assert ev[2].kind == "guardian_moved" and ev[2].data["region"] == WOODS


def test_guardian_0_unmoved_in_its_slot_is_found_there():
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    assert C.CINDERWING == 0
    put_guardian(s, 1, C.CINDERWING, VALE)
    assert G.slot_in(s, VALE) == 1 and G.slot_in(s, SHOALS) == -1
    ship = RED * 3
    assert G.displace(s, RED, ship, VALE, []) is True and s.pending_guard == 1
