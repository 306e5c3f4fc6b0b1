"""Flagships step by step: the draft's order and words, a board taken with its gold, the last
board taken without asking, the gold on the undrafted boards, the standard airships left, the
Leviathan's discounts, and Grimroot's redeployment — with the exact state change and the exact
events. Written to kill the mutants of rules/flagships.py that survived test_flagships.py
(docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import flagships as F
from engine.games.fractured_sky.state import (
    DRAFT,
    MAIN,
    N_TALLY,
    REDEPLOY,
    T_FLAGSHIP_GOLD,
    T_GAINED,
    T_REDEPLOYS,
    Step,
)
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.awakening import BLUE, GREEN, RED, YELLOW, table
from tests.engine.fractured_sky.helpers import fresh

GRIMROOT, VOIDMAW, LEVIATHAN, NAUTILORN, SKYBORNE = range(5)


def _drafting(players: int = 4, order=(RED, BLUE, GREEN, YELLOW)):
    s = table(players, order=list(order), flagships=True)
    s.fl_face = [0, 1, 0, 1, 0]
    s.fl_gold = [0, 0, 0, 0, 0]
    s.fl_of = [-1] * players
    s.fl_ship = [-1] * players
    s.fl_log = []
    return s


def _draft_event(s, side: int, board: int, gold: int) -> Event:
    code = board * 2 + s.fl_face[board]
    tail = f" and takes the {gold} gold on it." if gold else "."
    return Event(f"{who(s, side)} drafts {C.FLAGSHIPS[board].name} ({'AB'[code % 2]}: {C.power_name(code)})" + tail,
                 side, kind="draft", data={"seat": side, "board": board, "power": code, "gold": gold})


def test_the_draft_starts_in_reverse_turn_order_and_says_so():
    s = _drafting()
    s.round = 1
    ev: list[Event] = []
    F.start_draft(s, ev)
    order = [YELLOW, GREEN, BLUE, RED]
    assert s.draft == order and s.draft_pos == 0 and s.fl_log == [[]]
    assert s.phase == DRAFT and s.step == Step.DRAFT
    assert ev == [Event("Flagship draft, in reverse turn order: " + ", ".join(who(s, x) for x in order) + ".",
                        kind="draft_order", data={"order": order})]


def test_a_later_draft_names_its_end_of_round_step_first():
    s = _drafting()
    s.round = 3
    ev: list[Event] = []
    F.start_draft(s, ev)
    assert [e.kind for e in ev] == ["sequence", "draft_order"]
    assert ev[0].data == {"step": 4, "name": ev[0].data["name"]} and ev[0].text.startswith("End of round 2, step 5: ")


def test_taking_a_board_with_gold_gives_the_gold_and_counts_it():
    s = _drafting()
    F.start_draft(s, None)
    s.fl_gold[VOIDMAW] = 2
    gold = s.res[YELLOW * 3]
    tally = list(s.tally)
    ev: list[Event] = []
    F.take(s, YELLOW, VOIDMAW, ev)
    assert s.fl_of[YELLOW] == VOIDMAW and s.fl_gold[VOIDMAW] == 0 and s.res[YELLOW * 3] == gold + 2
    assert s.tally[YELLOW * N_TALLY + T_FLAGSHIP_GOLD] == tally[YELLOW * N_TALLY + T_FLAGSHIP_GOLD] + 2
    assert s.tally[YELLOW * N_TALLY + T_GAINED] == tally[YELLOW * N_TALLY + T_GAINED] + 2
    assert s.fl_log == [[YELLOW, VOIDMAW * 2 + 1]] and s.draft_pos == 1 and s.phase == DRAFT
    assert ev == [_draft_event(s, YELLOW, VOIDMAW, 2)]


def test_taking_a_board_without_gold_says_nothing_of_gold():
    s = _drafting()
    F.start_draft(s, None)
    tally = list(s.tally)
    ev: list[Event] = []
    F.take(s, YELLOW, GRIMROOT, ev)
    assert ev == [_draft_event(s, YELLOW, GRIMROOT, 0)] and s.tally == tally


def test_the_last_drafter_of_five_takes_the_last_board_unasked_and_no_gold_is_left():
    s = _drafting(5, order=(0, 1, 2, 3, 4))
    F.start_draft(s, None)
    for side, board in zip([4, 3, 2], [GRIMROOT, VOIDMAW, LEVIATHAN], strict=True):
        F.take(s, side, board, None)
    ev: list[Event] = []
    F.take(s, 1, SKYBORNE, ev)
    assert s.fl_of == [NAUTILORN, SKYBORNE, LEVIATHAN, VOIDMAW, GRIMROOT]
    assert s.phase == MAIN and s.fl_gold == [0] * 5
    assert ev == [_draft_event(s, 1, SKYBORNE, 0), _draft_event(s, 0, NAUTILORN, 0)]
    assert s.fl_log == [[4, 0, 3, 3, 2, 4, 1, 8, 0, 7]]


def test_the_undrafted_boards_take_a_gold_each_and_the_main_phase_starts():
    s = _drafting()
    F.start_draft(s, None)
    s.fl_gold[SKYBORNE] = 1
    for side, board in zip([YELLOW, GREEN, BLUE], [GRIMROOT, VOIDMAW, LEVIATHAN], strict=True):
        F.take(s, side, board, None)
    ev: list[Event] = []
    F.take(s, RED, NAUTILORN, ev)
    assert s.fl_gold == [0, 0, 0, 0, 2] and s.phase == MAIN and s.step == Step.ACT
    assert ev[1:] == [Event("Undrafted flagships take 1 gold each: Skyborne (2).", kind="flagship_gold",
                            data={"boards": [SKYBORNE], "gold": [2]})]


def test_with_two_players_three_boards_take_gold_named_in_order():
    s = _drafting(2, order=(RED, BLUE))
    F.start_draft(s, None)
    F.take(s, BLUE, VOIDMAW, None)
    ev: list[Event] = []
    F.take(s, RED, SKYBORNE, ev)
    assert s.fl_gold == [1, 0, 1, 1, 0]
    assert ev[1] == Event("Undrafted flagships take 1 gold each: Grimroot (1), Leviathan (1), Nautilorn (1).",
                          kind="flagship_gold", data={"boards": [0, 2, 3], "gold": [1, 1, 1]})


def test_solo_gives_no_gold_and_the_automa_may_start_the_main_phase():
    s = fresh(1, 3, flagships=True)
    assert s.phase == DRAFT and s.draft == [0]
    gold = list(s.fl_gold)
    F.take(s, 0, GRIMROOT, [])
    assert s.fl_gold == gold and s.phase == MAIN
    assert s.step == (Step.AUTOMA if s.order[0] >= s.n - s.automa else Step.ACT)


def test_standard_airships_left_count_the_flagship_out_until_it_is_placed():
    s = _drafting()
    s.ships_left = [3, 3, 2, 1]
    s.fl_of = [GRIMROOT, -1, VOIDMAW, LEVIATHAN]
    s.fl_ship = [-1, -1, 7, -1]
    assert [F.standard_left(s, x) for x in range(4)] == [2, 3, 2, 0]
    s.flagships = False
    assert F.standard_left(s, 0) == 3


def _leviathan(face: int, region: int):
    s = _drafting()
    s.fl_face[LEVIATHAN] = face
    s.fl_of = [LEVIATHAN, -1, -1, -1]
    ship = 0
    s.fl_ship[0] = ship
    s.ship_region[ship] = region
    return s


def test_salvaged_materials_takes_one_off_a_building_next_to_its_region_only():
    s = _leviathan(0, 0)
    near = next(k for k, regs in enumerate(C.SITE_REGIONS) if 0 in regs)
    far = next(k for k, regs in enumerate(C.SITE_REGIONS) if 0 not in regs)
    m, f = C.site_cost(C.MARKET, near), C.site_cost(C.FORTRESS, near)
    assert F.cost(s, 0, C.MARKET, near) == (m[0], m[1] - 1, m[2])
    assert F.cost(s, 0, C.FORTRESS, near) == (f[0], f[1], f[2] - 1)
    assert F.cost(s, 0, C.MARKET, far) == C.site_cost(C.MARKET, far)
    assert F.cost(s, 0, C.SKIMMER, 0) == C.COSTS[C.SKIMMER]
    assert F.cost(s, 1, C.MARKET, near) == m  # another side's flagship


def test_scavenged_hulls_takes_the_iron_off_a_skimmer_in_its_region_only():
    s = _leviathan(1, 2)
    assert F.cost(s, 0, C.SKIMMER, 2) == (0, 1, 0)
    assert F.cost(s, 0, C.SKIMMER, 3) == C.COSTS[C.SKIMMER]
    near = next(k for k, regs in enumerate(C.SITE_REGIONS) if 2 in regs)
    assert F.cost(s, 0, C.MARKET, near) == C.site_cost(C.MARKET, near)
    s.fl_ship[0] = -1  # not in the sky yet
    assert F.cost(s, 0, C.SKIMMER, 2) == C.COSTS[C.SKIMMER]


def test_the_grimroot_a_in_the_sky_asks_its_side_to_redeploy():
    s = _drafting()
    s.fl_face[GRIMROOT] = 0
    s.fl_of = [-1, -1, -1, -1]
    assert F.redeployer(s) == -1 and F.ask_redeploy(s) is False
    s.fl_of = [VOIDMAW, -1, GRIMROOT, -1]
    assert F.redeployer(s) == -1  # drafted, not placed
    s.fl_ship[2] = 6
    assert F.redeployer(s) == 2
    assert F.ask_redeploy(s) is True and s.phase == REDEPLOY and s.step == Step.REDEPLOY and s.rd_side == 2
    s.fl_face[GRIMROOT] = 1  # Secret Mercenaries
    assert F.redeployer(s) == -1


def test_a_redeployment_moves_the_ship_frees_its_explore_slot_and_says_so():
    s = _drafting()
    ship = 2 * C.SHIPS  # the first airship of side 2
    s.fl_of[2], s.fl_ship[2] = GRIMROOT, ship
    s.ship_region[ship] = 1
    s.explore[1] = ship
    s.rd_side, s.phase = 2, REDEPLOY
    tally = s.tally[2 * N_TALLY + T_REDEPLOYS]
    ev: list[Event] = []
    F.redeploy(s, 2, 4, ev)
    assert s.ship_region[ship] == 4 and s.explore[1] == -1 and s.rd_side == -1 and s.phase == MAIN
    assert s.tally[2 * N_TALLY + T_REDEPLOYS] == tally + 1
    assert ev == [Event(f"{who(s, 2)}'s Grimroot redeploys from {region_name(1)} to {region_name(4)}.", 2,
                        kind="redeploy", data={"seat": 2, "ship": ship, "from": 1, "to": 4})]


def test_a_redeployment_leaves_another_ships_explore_slot():
    s = _drafting()
    ship = 0
    s.fl_of[0], s.fl_ship[0] = GRIMROOT, ship
    s.ship_region[ship] = 3
    s.explore[3] = 5
    F.redeploy(s, 0, 0, [])
    assert s.explore[3] == 5 and s.ship_region[ship] == 0


def test_staying_or_naming_its_own_region_moves_nothing():
    for to in (-1, 3):
        s = _drafting()
        s.fl_of[1], s.fl_ship[1] = GRIMROOT, C.SHIPS
        s.ship_region[C.SHIPS] = 3
        s.explore[3] = C.SHIPS
        s.rd_side, s.phase = 1, REDEPLOY
        tally = list(s.tally)
        ev: list[Event] = []
        F.redeploy(s, 1, to, ev)
        assert s.ship_region[C.SHIPS] == 3 and s.explore[3] == C.SHIPS and s.tally == tally
        assert s.rd_side == -1 and s.phase == MAIN
        assert ev == [Event(f"{who(s, 1)}'s Grimroot stays in {region_name(3)}.", 1, kind="redeploy",
                            data={"seat": 1, "ship": C.SHIPS, "from": 3, "to": 3})]


def test_returning_the_flagships_and_the_boards_left():
    s = _drafting()
    s.fl_of, s.fl_ship = [0, 3, -1, 1], [0, 4, -1, 9]
    assert F.free_boards(s) == [2, 4]
    F.return_all(s)
    assert s.fl_of == [-1] * 4 and s.fl_ship == [-1] * 4 and F.free_boards(s) == [0, 1, 2, 3, 4]


def test_setup_turns_flagships_on_with_faces_from_the_rng_and_empty_boards():
    # (not named "random": mutants_game.py leaves out Fractured Sky tests whose name says so)
    s = fresh(3, 5)
    F.setup(s)
    assert s.flagships and len(s.fl_face) == 5 and set(s.fl_face) <= {0, 1}
    assert s.fl_gold == [0] * 5 and s.fl_of == [-1] * 3 and s.fl_ship == [-1] * 3
    assert s.draft == [] and s.fl_log == []
    faces = set()
    for k in range(12):
        x = fresh(3, k)
        F.setup(x)
        faces.add(tuple(x.fl_face))
    assert len(faces) > 1  # the faces come from the game's RNG


def test_gold_and_redeployments_add_up_over_rounds():
    s = _drafting()
    F.start_draft(s, None)
    s.tally[YELLOW * N_TALLY + T_FLAGSHIP_GOLD] = 3
    s.fl_gold[VOIDMAW] = 2
    F.take(s, YELLOW, VOIDMAW, None)
    assert s.tally[YELLOW * N_TALLY + T_FLAGSHIP_GOLD] == 5
    ship = 2 * C.SHIPS
    s.fl_of[2], s.fl_ship[2] = GRIMROOT, ship
    s.ship_region[ship] = 1
    s.tally[2 * N_TALLY + T_REDEPLOYS] = 4
    F.redeploy(s, 2, 3, None)
    assert s.tally[2 * N_TALLY + T_REDEPLOYS] == 5


def test_a_flagship_on_airship_0_is_placed():
    s = _drafting()
    s.ships_left = [2, 3, 3, 3]
    s.fl_of = [GRIMROOT, -1, -1, -1]
    s.fl_ship = [0, -1, -1, -1]  # side 0's first airship is its flagship, in the sky
    assert F.standard_left(s, 0) == 2


def test_a_skimmer_costs_its_printed_price_in_every_region():
    for flagships in (False, True):
        s = _drafting() if flagships else fresh(4, 2)
        for r in range(C.N_REGIONS):
            assert F.cost(s, 0, C.SKIMMER, r) == C.COSTS[C.SKIMMER], (flagships, r)
