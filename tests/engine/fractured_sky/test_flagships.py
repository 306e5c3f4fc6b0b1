"""Flagships: the boards and their sides, the new turn order track, the draft, gold on the
undrafted boards, placing 2 standard airships and the flagship, every one of the ten powers,
the 10-limit, and the solo / 2-player special cases."""

from __future__ import annotations

from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    DRAFT,
    MAIN,
    REDEPLOY,
    REWARDS,
    Build,
    Chip,
    Draft,
    Place,
    Redeploy,
    Step,
)
from tests.engine.fractured_sky.awakening import (
    BLUE,
    CASCADES,
    DESERT,
    FEN,
    GREEN,
    RED,
    SHOALS,
    STORMCREST,
    VALE,
    WOODS,
    YELLOW,
    build,
    draft,
    play,
    site,
    table,
)
from tests.engine.fractured_sky.helpers import act, fresh, res, resolve_rewards

GRIMROOT, VOIDMAW, LEVIATHAN, NAUTILORN, SKYBORNE = range(5)
A, B = 0, 1
QUIET = [(STORMCREST, 0), (STORMCREST, 4)]  # two standard airships out of the way
# the other sides: out of the way too, their flagships included
BLUE_OFF = [(VALE, 0), (STORMCREST, 2), (FEN, 1, "flag")]
GREEN_OFF = [(VALE, 0), (STORMCREST, 3), (FEN, 2, "flag")]


def test_five_boards_ten_powers_sides_randomised_at_setup():
    # seed: "randomize which side (A or B) each board shows (mix and match for variety)"
    assert [b.name for b in C.FLAGSHIPS] == ["Grimroot", "Voidmaw", "Leviathan", "Nautilorn", "Skyborne"]
    names = [p.name for b in C.FLAGSHIPS for p in b.sides]
    assert names == ["Strategic Redeployment", "Secret Mercenaries", "Smoke Screen", "Veiled Armaments",
                     "Salvaged Materials", "Scavenged Hulls", "Pincer Strike", "Dread Aura", "Fleet Support",
                     "Fortified Stronghold"]
    faces = {tuple(fresh(4, seed, flagships=True).fl_face) for seed in range(12)}
    assert len(faces) > 6 and all(set(f) <= {0, 1} for f in faces)
    v = RULES.view(fresh(4, 1, flagships=True), RED)
    assert len(v.flagships) == 5 and all(f.face in "AB" and f.text for f in v.flagships)


def test_the_draft_is_in_reverse_turn_order_after_the_public_starfall():
    # seed: "1. The last player on the turn order track chooses first. 2. Continue up the turn
    # order until each player has selected 1 flagship." / "after the public starfall is revealed"
    m_events = RULES.setup_events(s := fresh(4, 2, flagships=True))
    assert s.phase == DRAFT and s.public >= 0
    kinds = [e.kind for e in m_events]
    assert kinds.index("public_starfall") < kinds.index("flagship_setup") or "public_starfall" in kinds
    assert s.draft == list(reversed(s.order))
    last = s.order[-1]
    assert RULES.to_act(s) == (last,) and RULES.view(s, last).asking == "draft"
    assert RULES.view(s, last).draft_order == list(reversed(s.order))
    assert RULES.legal(s, last) == [Draft(b) for b in range(5)]
    act(s, Draft(VOIDMAW))
    assert Draft(VOIDMAW) not in RULES.legal(s, s.order[-2])
    for k in range(2, 5):
        act(s, RULES.legal(s, s.order[-k])[0])
    assert s.phase == MAIN and RULES.to_act(s) == (s.order[0],)


def test_undrafted_boards_gather_gold_and_the_drafter_takes_it():
    # seed: "Place 1 gold token on each remaining flagship board. These gold tokens can accumulate
    # over multiple rounds, and any player who drafts that flagship in a later round immediately
    # receives all accumulated gold tokens as bonus resources."
    s = table(4, order=[RED, BLUE, GREEN, YELLOW], flagships=True)
    draft(s, {YELLOW: (GRIMROOT, A), GREEN: (VOIDMAW, A), BLUE: (LEVIATHAN, A), RED: (NAUTILORN, A)})
    assert s.fl_gold == [0, 0, 0, 0, 1]  # Skyborne, undrafted
    # "If there are fewer than 5 players, some flagships remain undrafted."
    s.fl_gold[SKYBORNE] = 2  # as after two rounds
    s.fl_of = [-1] * 4
    s.phase, s.draft, s.draft_pos = DRAFT, [YELLOW, GREEN, BLUE, RED], 0
    s.step = Step.DRAFT
    gold = res(s, YELLOW)[0]
    ev = act(s, Draft(SKYBORNE))
    assert res(s, YELLOW)[0] == gold + 2 and s.fl_gold[SKYBORNE] == 0
    assert any(e.kind == "draft" and e.data["gold"] == 2 for e in ev)


def test_solo_skips_the_undrafted_flagship_gold():
    # seed: "When playing solo, skip the undrafted flagship step." / "Do not add gold resources to
    # unused flagships while playing solo."
    s = fresh(1, 3, flagships=True)
    assert s.draft == [0]  # the automa drafts nothing ("AIs will not use flagships")
    act(s, Draft(GRIMROOT))
    assert s.fl_gold == [0] * 5 and s.phase == MAIN


def test_two_players_draft_and_three_boards_gather_gold():
    s = fresh(2, 3, flagships=True)
    assert sorted(s.draft) == [0, 1]
    act(s, Draft(GRIMROOT))
    act(s, Draft(VOIDMAW))
    assert s.fl_gold == [0, 0, 1, 1, 1]


def test_two_standard_airships_plus_the_flagship_in_any_order():
    # seed: "you place 2 of your standard airships plus 1 flagship (3 airships total) in any order."
    s = table(3, order=[RED, BLUE, GREEN], flagships=True)
    draft(s, {GREEN: (VOIDMAW, A), BLUE: (LEVIATHAN, A), RED: (NAUTILORN, A)})
    legal = RULES.legal(s, RED)
    assert Place(CASCADES, False, True) in legal and Place(CASCADES) in legal
    act(s, Place(CASCADES))
    act(s, Chip(1))
    for side in (BLUE, GREEN):  # they send their flagships first
        act(s, Place(VALE, False, True), side)
        act(s, Chip(0), side)
    act(s, Place(CASCADES))  # Red's second standard airship
    act(s, Chip(2))
    for side in (BLUE, GREEN):
        legal = RULES.legal(s, side)
        assert all(not m.flagship for m in legal if isinstance(m, Place))  # their flagships are out
        act(s, Place(VALE), side)
        act(s, Chip(1), side)
    places = [m for m in RULES.legal(s, RED) if isinstance(m, Place)]
    assert places and all(m.flagship for m in places)  # its third must be the flagship
    act(s, Place(CASCADES, False, True))
    assert s.fl_ship[RED] == RED * 3 + 2
    # "When using your flagship, place a troop power token under it as you do with standard airships."
    assert RULES.view(s, RED).asking == "chip"
    act(s, Chip(3))
    v = RULES.view(s, GREEN)
    flag = next(sh for sh in v.regions[CASCADES].ships if sh.ship == RED * 3 + 2)
    assert flag.flagship == NAUTILORN and flag.chip == -1
    assert v.flagships[NAUTILORN].side == RED and v.flagships[NAUTILORN].region == CASCADES


def test_no_gold_for_the_last_space_on_the_new_track():
    # seed: "It removes the gold reward for picking last in turn order."
    s = table(3, order=[RED, BLUE, GREEN], flagships=True)
    draft(s, {GREEN: (VOIDMAW, A), BLUE: (LEVIATHAN, A), RED: (NAUTILORN, A)})
    assert RULES.view(s, RED).track_rewards == ["", "", ""]
    from engine.games.fractured_sky.rules import main_phase

    gold = res(s, GREEN)[0]
    ev = []
    main_phase.pay_last_space(s, GREEN, False, ev)
    assert res(s, GREEN)[0] == gold and ev == []
    plain = table(3, order=[RED, BLUE, GREEN])
    gold = res(plain, GREEN)[0]
    main_phase.pay_last_space(plain, GREEN, False, None)
    assert res(plain, GREEN)[0] == gold + 2  # the base track pays


def test_with_the_automa_the_old_track_stays_and_pays():
    # seed: "Do not use the new turn order tile. The resource for taking last place still applies to
    # the AI's market card."
    s = fresh(2, 5, flagships=True)
    v = RULES.view(s, 0)
    assert v.track_rewards[-1] == "2 gold"
    from engine.games.fractured_sky.rules import main_phase

    gold = res(s, 0)[0]
    main_phase.pay_last_space(s, 0, False, None)
    assert res(s, 0)[0] == gold + 2
    card = C.AUTOMA_DECK[s.ai_card[2]]
    before = res(s, 2)[card.last]
    main_phase.pay_last_space(s, 2, False, None)
    assert res(s, 2)[card.last] == before + 2


def test_flagships_return_at_the_end_of_the_round_and_are_drafted_again():
    # seed: "At the end of the round, return all flagship boards and miniatures to the center of the
    # table. Starting the next round, repeat the drafting process in the new reverse turn order"
    s = table(3, order=[RED, BLUE, GREEN], flagships=True)
    draft(s, {GREEN: (VOIDMAW, A), BLUE: (LEVIATHAN, A), RED: (NAUTILORN, A)})
    play(s, {x: [(STORMCREST, 0), (STORMCREST, 1), (VALE, 2, "flag")] for x in range(3)})
    resolve_rewards(s)
    assert s.round == 2 and s.phase == DRAFT
    assert s.fl_of == [-1, -1, -1] and s.fl_ship == [-1, -1, -1]
    assert s.draft == list(reversed(s.order))
    v = RULES.view(s, s.draft[0])
    assert v.sequence[-1] == "Draft flagships" and v.sequence_step == 4
    # "You may draft the same or a different flagship each round"
    assert Draft(VOIDMAW) in RULES.legal(s, s.draft[0])


def _fight(faces: dict, plan: dict, order=(RED, BLUE, GREEN), setup=None):
    s = table(3, order=list(order), flagships=True)
    if setup:
        setup(s)
    draft(s, faces)
    play(s, plan)
    return s


def _power(s, region, side):
    return s.power[region * s.n + side]


PICKS = {GREEN: (LEVIATHAN, A), BLUE: (SKYBORNE, A)}


def test_voidmaw_a_smoke_screen_other_airships_carrying_a_10_get_minus_3():
    # seed: "All other airships in this region carrying a 10 troop power token receive -3 troop power."
    s = _fight({**PICKS, RED: (VOIDMAW, A)},
               {RED: [(CASCADES, 1, "flag"), *QUIET], BLUE: [(CASCADES, 10), (STORMCREST, 0), (FEN, 0, "flag")],
                GREEN: [(CASCADES, 9, "flag"), (STORMCREST, 0), (VALE, 0)]})
    assert _power(s, CASCADES, BLUE) == 7 and _power(s, CASCADES, GREEN) == 9 and _power(s, CASCADES, RED) == 1


def test_voidmaw_b_veiled_armaments_a_2_token_gets_plus_3():
    # seed: "If this airship is carrying a 2 troop power token, it receives +3 troop power."
    s = _fight({**PICKS, RED: (VOIDMAW, B)},
               {RED: [(CASCADES, 2, "flag"), (WOODS, 3), (STORMCREST, 0)], BLUE: BLUE_OFF, GREEN: GREEN_OFF})
    assert _power(s, CASCADES, RED) == 5
    # the 10-limit counts printed values only: 2 + 3 + 0, the +3 aside
    assert s.budget[RED] == 10 - 2 - 3 - 0
    # "When checking a player's 10-power limit, ignore any bonus power from flagships"
    assert s.ship_power[RED * 3] == 5 and s.ship_chip[RED * 3] == 2


def test_nautilorn_a_pincer_strike_your_other_airships_get_plus_3():
    # seed: "Your other airships in this region receive +3 troop power."
    s = _fight({**PICKS, RED: (NAUTILORN, A)},
               {RED: [(CASCADES, 1, "flag"), (CASCADES, 2), (CASCADES, 3)],
                BLUE: [(CASCADES, 4), (STORMCREST, 0), (FEN, 1, "flag")], GREEN: GREEN_OFF})
    assert _power(s, CASCADES, RED) == 1 + (2 + 3) + (3 + 3)
    assert _power(s, CASCADES, BLUE) == 4  # other sides' airships: nothing


def test_nautilorn_b_dread_aura_other_airships_minus_1_your_own_too():
    # seed: "Other airships in this region have -1 troop power. This would include any of your
    # additional airships placed here."
    s = _fight({**PICKS, RED: (NAUTILORN, B)},
               {RED: [(CASCADES, 5, "flag"), (CASCADES, 2), (STORMCREST, 0)],
                BLUE: [(CASCADES, 4), (STORMCREST, 0), (FEN, 1, "flag")],
                GREEN: [(CASCADES, 0), (STORMCREST, 1), (FEN, 2, "flag")]})
    assert _power(s, CASCADES, RED) == 5 + 1
    assert _power(s, CASCADES, BLUE) == 3
    assert _power(s, CASCADES, GREEN) == 0  # designed: never below 0


def test_grimroot_b_secret_mercenaries_markets_connected_give_plus_1_and_still_pay():
    # seed: "Your markets connected to this region give +1 troop power to this airship. This is in
    # addition to their normal market ability."
    def markets(s):
        build(s, RED, C.MARKET, site(CASCADES, FEN))
        build(s, RED, C.MARKET, site(WOODS, CASCADES))
    s = _fight({**PICKS, RED: (GRIMROOT, B)},
               {RED: [(CASCADES, 3, "flag"), *QUIET], BLUE: BLUE_OFF, GREEN: GREEN_OFF}, setup=markets)
    assert _power(s, CASCADES, RED) == 3 + 2
    gold = res(s, RED)[C.GOLD]
    resolve_rewards(s)
    assert [CASCADES, RED, C.GOLD, 1] in s.income  # their normal market ability
    assert res(s, RED)[C.GOLD] >= gold + 2


def test_skyborne_b_fortified_stronghold_fortresses_give_plus_1_more_to_the_flagship():
    # seed: "Your fortresses connected to this region give +1 troop power to this airship in addition
    # to their base +1 troop power."
    def forts(s):
        build(s, RED, C.FORTRESS, site(CASCADES, FEN))
        build(s, RED, C.FORTRESS, site(WOODS, CASCADES))
    s = _fight({GREEN: (LEVIATHAN, A), BLUE: (NAUTILORN, A), RED: (SKYBORNE, B)},
               {RED: [(CASCADES, 3, "flag"), *QUIET], BLUE: BLUE_OFF, GREEN: GREEN_OFF}, setup=forts)
    assert _power(s, CASCADES, RED) == 3 + 2 + 2  # chip, stronghold +1 each, base +1 each


def skimmers(s):
    s.skimmers[CASCADES * 3 + RED] = 2
    s.skimmers[STORMCREST * 3 + RED] = 1


def test_skyborne_a_fleet_support_skimmers_get_plus_1():
    # seed: "Your skimmers in this region receive +1 troop power in addition to their base 1 troop power."
    s = _fight({GREEN: (LEVIATHAN, A), BLUE: (NAUTILORN, A), RED: (SKYBORNE, A)},
               {RED: [(CASCADES, 3, "flag"), *QUIET], BLUE: BLUE_OFF, GREEN: GREEN_OFF},
               setup=skimmers)
    assert _power(s, CASCADES, RED) == 3 + 2 * 2
    assert _power(s, STORMCREST, RED) == 4 + 1  # elsewhere a skimmer is worth its base 1


def test_leviathan_a_salvaged_materials_buildings_next_to_it_cost_1_fewer():
    # seed: "Your buildings placed next to this region cost 1 fewer resource."
    s = table(3, order=[RED, BLUE, GREEN], flagships=True)
    draft(s, {GREEN: (VOIDMAW, A), BLUE: (NAUTILORN, A), RED: (LEVIATHAN, A)})
    s.res[RED * 3:RED * 3 + 3] = [1, 1, 1]
    near, far = site(CASCADES, FEN), site(DESERT, SHOALS)
    assert Build(C.MARKET, near) not in RULES.legal(s, RED)  # 1 gold 2 wood: too dear yet
    act(s, Place(CASCADES, False, True))
    act(s, Chip(1))
    for side in (BLUE, GREEN):
        act(s, Place(VALE), side)
        act(s, Chip(0), side)
    legal = RULES.legal(s, RED)
    assert Build(C.MARKET, near) in legal and Build(C.MARKET, far) not in legal
    act(s, Build(C.MARKET, near))
    assert res(s, RED) == [0, 0, 1]  # 1 gold and 1 wood (designed: the wood it needs two of)


def test_leviathan_b_scavenged_hulls_skimmers_in_its_region_cost_1_fewer():
    # seed: "Your skimmers placed in this region cost 1 fewer resource."
    s = table(3, order=[RED, BLUE, GREEN], flagships=True)
    draft(s, {GREEN: (VOIDMAW, A), BLUE: (NAUTILORN, A), RED: (LEVIATHAN, B)})
    s.res[RED * 3:RED * 3 + 3] = [0, 1, 0]
    act(s, Place(CASCADES, False, True))
    act(s, Chip(1))
    for side in (BLUE, GREEN):
        act(s, Place(VALE), side)
        act(s, Chip(0), side)
    legal = RULES.legal(s, RED)
    assert Build(C.SKIMMER, CASCADES) in legal and Build(C.SKIMMER, VALE) not in legal
    act(s, Build(C.SKIMMER, CASCADES))
    assert res(s, RED) == [0, 0, 0]


def test_grimroot_a_strategic_redeployment_just_before_the_reveal():
    # seed: "Immediately before revealing troop power and hidden starfalls, you may move this
    # airship to another region."
    s = _fight({**PICKS, RED: (GRIMROOT, A)},
               {RED: [(VALE, 6, "flag"), *QUIET], BLUE: [(SHOALS, 4), (STORMCREST, 2), (FEN, 1, "flag")],
                GREEN: GREEN_OFF})
    assert s.phase == REDEPLOY and RULES.to_act(s) == (RED,)
    v = RULES.view(s, RED)
    assert v.asking == "redeploy" and v.redeploy_ship == RED * 3 and v.sequence_step == 0
    assert all(sh.chip == -1 for sh in RULES.view(s, GREEN).regions[SHOALS].ships)  # not revealed yet
    legal = RULES.legal(s, RED)
    assert Redeploy(-1) in legal and Redeploy(SHOALS) in legal and Redeploy(VALE) not in legal
    act(s, Redeploy(SHOALS))
    assert s.phase == REWARDS and s.ship_region[RED * 3] == SHOALS
    assert s.ranks[SHOALS][0] == RED  # 6 beats Blue's 4 where the starfall is


def test_grimroot_a_may_stay():
    s = _fight({**PICKS, RED: (GRIMROOT, A)},
               {RED: [(VALE, 6, "flag"), *QUIET], BLUE: [(SHOALS, 4), (STORMCREST, 2), (FEN, 1, "flag")],
                GREEN: GREEN_OFF})
    act(s, Redeploy(-1))
    assert s.ship_region[RED * 3] == VALE and s.phase == REWARDS


def test_the_automa_uses_no_flagship_but_feels_them():
    # seed: "AIs will not use flagships, but they can be affected by players' flagships placed in the
    # same region as their airships, like Voidmaw's Smoke Screen or Nautilorn's Dread Aura."
    s = table(2, order=[RED, BLUE, 2], flagships=True)
    assert s.draft == [BLUE, RED]
    draft(s, {BLUE: (VOIDMAW, A), RED: (NAUTILORN, B)})
    s.ai_card[2] = next(k for k, c in enumerate(C.AUTOMA_DECK) if c.name == "War Drums")  # 8/2/0
    s.ai_step[2] = 0
    # the automa heads for the starfall (the Shoals): Red's Dread Aura waits there
    play(s, {RED: [(SHOALS, 1, "flag"), (STORMCREST, 0), (VALE, 2)],
             BLUE: [(FEN, 0), (STORMCREST, 2), (FEN, 1, "flag")]})
    ai_ship = next(sh for sh in range(6, 9) if s.ship_region[sh] == SHOALS)
    assert s.ship_chip[ai_ship] == 8 and s.ship_power[ai_ship] == 7
    assert s.fl_of[2] == -1


def test_flagship_powers_apply_where_it_is_placed_only():
    # seed: "The flagship's special power (shown on its board) affects the region where you place it."
    s = _fight({**PICKS, RED: (NAUTILORN, A)},
               {RED: [(CASCADES, 1, "flag"), (FEN, 2), (FEN, 3)],
                BLUE: [(VALE, 0), (STORMCREST, 2), (WOODS, 1, "flag")],
                GREEN: [(VALE, 0), (STORMCREST, 3), (WOODS, 2, "flag")]})
    assert _power(s, FEN, RED) == 5  # no +3 for the airships in the Fen: Pincer Strike is in the Cascades
    assert s.phase in (REWARDS, MAIN) or s.round == 2
