"""Guardians: setup and starting regions, moving a guardian (the explore slot, no hidden
starfall, once a round, no effect unmoved), each of the six powers with the seed's pictures,
the round cleanup's rotation, and the automa's special cases."""

from __future__ import annotations

from engine.core.rules import Config
from engine.games.fractured_sky import RULES, automa
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules.common import EXPLORE_GUARDIAN
from engine.games.fractured_sky.state import (
    REWARDS,
    STAR,
    STAR_PUBLIC,
    AutomaTurn,
    Chip,
    Guide,
    Place,
    Reward,
)
from engine.selfplay import play_bot_game
from tests.engine.fractured_sky.awakening import (
    BLUE,
    CASCADES,
    DESERT,
    EMBERPEAK,
    FEN,
    GREEN,
    RED,
    SHOALS,
    STEPPE,
    STORMCREST,
    VALE,
    WOODS,
    YELLOW,
    build,
    play,
    put_guardian,
    site,
    table,
)
from tests.engine.fractured_sky.helpers import act, current, fresh, res, resolve_rewards

OFF = {BLUE: [(VALE, 0), (STORMCREST, 2), (FEN, 1)], GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 2)]}


def test_setup_two_guardians_in_a_row_four_face_down_and_starting_regions_from_the_public_deck():
    # seed: "1. Shuffle all 6 guardian cards. 2. Reveal the top 2 guardian cards and place them in a
    # row next to the main board. 3. Keep the remaining 4 cards in a face down deck next to them.
    # 4. Shuffle the public starfall deck as normal. 5. Flip the top 2 cards of the public starfall
    # deck and place 1 next to each revealed guardian card. … 6. Place each revealed guardian
    # miniature in the explore slot of its matching region. … 7. Then reveal the public starfall as
    # normal."
    assert [g.name for g in C.GUARDIANS] == ["Cinderwing", "Cragjaw", "Mythtusk", "Thornspine", "Cloudseer",
                                             "Reefhorn"]
    s = fresh(4, 5, guardians=True)
    assert len(s.gd_card) == 2 and len(s.gd_deck) == 4
    assert sorted(s.gd_card + s.gd_deck) == list(range(6))
    starts = s.gd_start
    assert len({*starts, s.public}) == 3  # three different cards of the one public deck
    assert len(s.pub_deck) == 10 - 3
    for k in range(2):
        assert s.explore[starts[k]] == EXPLORE_GUARDIAN and s.gd_moved[k] == -1
    v = RULES.view(s, RED)
    assert [g.slot for g in v.guardians] == ["left", "right"] and v.guardian_deck == 4
    assert all(v.regions[g.start].guardian == g.index and not g.moved for g in v.guardians)
    kinds = [e.kind for e in RULES.setup_events(s)]
    assert kinds.index("guardian_start") < kinds.index("public_starfall")


def _displace_position(guardian=C.REEFHORN, region=CASCADES, other=(C.CRAGJAW, EMBERPEAK)):
    s = table(3, order=[RED, BLUE, GREEN], guardians=True)
    put_guardian(s, 0, guardian, region)
    put_guardian(s, 1, other[0], other[1])
    return s


def test_the_first_airship_takes_the_explore_slot_moves_the_guardian_and_draws_nothing():
    # seed: "1. Place your airship in the explore slot (displacing the guardian). 2. The guardian
    # miniature must move to any other region on the board that does not contain another guardian.
    # Place it anywhere in that region except the explore slot. 3. Do not draw a hidden starfall card
    # (you moved the guardian instead)."
    s = _displace_position()
    legal = RULES.legal(s, RED)
    assert Place(CASCADES) in legal and Place(CASCADES, True) not in legal  # the guardian holds the slot
    gold, deck = res(s, RED)[0], len(s.hid_deck)
    act(s, Place(CASCADES))
    assert s.explore[CASCADES] == RED * 3 and s.hid_cards == [] and len(s.hid_deck) == deck
    assert res(s, RED)[0] == gold
    v = RULES.view(s, RED)
    assert v.asking == "guardian" and v.pending_guardian == C.REEFHORN
    assert RULES.legal(s, RED) == [Guide(r) for r in range(10) if r not in (CASCADES, EMBERPEAK)]
    act(s, Guide(WOODS))
    assert s.gd_region[0] == WOODS and s.gd_moved[0] == RED
    assert s.explore[WOODS] == -1  # "anywhere in that region except the explore slot"
    assert RULES.view(s, RED).asking == "chip"
    act(s, Chip(2))
    assert Place(WOODS, True) in RULES.legal(s, BLUE)  # Woods' explore slot is still free


def test_a_moved_guardian_is_not_moved_again_this_round():
    # seed: "Once moved, a guardian cannot be moved again for the rest of the round."
    s = _displace_position()
    act(s, Place(CASCADES))
    act(s, Guide(WOODS))
    act(s, Chip(2))
    act(s, Place(WOODS), BLUE)
    assert RULES.view(s, BLUE).asking == "chip"  # no guardian question
    act(s, Chip(1), BLUE)
    act(s, Place(CASCADES), GREEN)
    assert RULES.view(s, GREEN).asking == "chip"
    assert s.gd_region[0] == WOODS


def test_a_guardian_nobody_displaced_has_no_effect():
    # seed: "If no one places an airship in a guardian's region it is not moved. It will have no
    # effect this round."
    s = table(3, order=[RED, BLUE, GREEN], guardians=True)
    put_guardian(s, 0, C.CRAGJAW, CASCADES)
    build(s, RED, C.FORTRESS, site(CASCADES, FEN))
    s.skimmers[CASCADES * 3 + RED] = 1  # present without an airship: the guardian stays put
    play(s, {RED: [(VALE, 1), (STORMCREST, 0), (FEN, 2)], **OFF})
    assert s.gd_moved[0] == -1
    assert s.power[CASCADES * 3 + RED] == 1 + 1  # skimmer 1, fortress 1: not doubled


def test_cinderwing_awards_no_starfall_and_keeps_them_until_next_round():
    # seed: "In this guardian's region, do not award starfall rewards. Starfalls that drop here will
    # stay here until next round." (the picture: "Do Not Award Starfalls")
    s = table(3, order=[RED, BLUE, GREEN], starfall=SHOALS, guardians=True)
    put_guardian(s, 0, C.CINDERWING, SHOALS, moved_by=GREEN)
    play(s, {RED: [(SHOALS, 6), (STORMCREST, 0), (FEN, 1)], BLUE: [(SHOALS, 3), (STORMCREST, 2), (FEN, 1)],
             GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 4)]})
    assert s.phase == REWARDS and STAR_PUBLIC not in s.rewards[SHOALS]
    assert s.carry[SHOALS] == 1
    stars = list(s.stars)
    resolve_rewards(s)
    assert s.stars[RED] == stars[RED] and s.stars[BLUE] == stars[BLUE]  # tiers only in the Shoals
    assert s.round == 2 and s.starfalls[SHOALS] >= 1  # it stayed for next round
    v = RULES.view(s, RED)
    assert v.regions[SHOALS].public_starfalls == s.starfalls[SHOALS]


def test_cragjaw_doubles_fortresses_and_markets_yellow_gains_4_troop_power():
    # seed: "In this guardian's region, building effects are doubled. This includes all markets and
    # fortresses that are connected to this region." (the picture: "Yellow Gains 4 Troop Power")
    s = table(4, order=[RED, BLUE, GREEN, YELLOW], guardians=True)
    put_guardian(s, 0, C.CRAGJAW, CASCADES, moved_by=RED)
    build(s, YELLOW, C.FORTRESS, site(CASCADES, FEN))
    build(s, YELLOW, C.FORTRESS, site(WOODS, CASCADES))
    build(s, YELLOW, C.MARKET, site(CASCADES, STEPPE))
    play(s, {RED: [(VALE, 0), (STORMCREST, 1), (FEN, 2)], BLUE: [(VALE, 0), (STORMCREST, 2), (FEN, 1)],
             GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 4)], YELLOW: [(CASCADES, 1), (STORMCREST, 4), (FEN, 5)]})
    assert s.power[CASCADES * 4 + YELLOW] == 1 + 4  # two fortresses, +2 each
    resolve_rewards(s)
    assert [CASCADES, YELLOW, C.GOLD, 2] in s.income  # its market: 2 gold instead of 1


def test_mythtusk_swaps_1st_and_2nd_red_gains_the_starfall():
    # seed: "swap the reward tier for 1st and 2nd most troop power." (the picture: "Red Gains The
    # Starfall")
    s = table(3, order=[BLUE, RED, GREEN], starfall=SHOALS, guardians=True)
    put_guardian(s, 0, C.MYTHTUSK, SHOALS, moved_by=GREEN)
    play(s, {BLUE: [(SHOALS, 7), (STORMCREST, 0), (FEN, 1)], RED: [(SHOALS, 4), (STORMCREST, 2), (FEN, 1)],
             GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 4)]})
    assert s.ranks[SHOALS] == [BLUE, RED] and s.rw_ranks[SHOALS] == [RED, BLUE]
    assert current(s) == RED
    act(s, Reward(STAR))
    assert s.stars[RED] == 1 and current(s) == BLUE


def test_mythtusk_needs_1_troop_power_and_the_only_one_gains_any_tier():
    # seed: "You must have at least 1 troop power to be eligible for a reward tier. If you are the
    # only player with troop power in the region, gain any 1 reward tier."
    s = table(3, order=[BLUE, RED, GREEN], starfall=SHOALS, guardians=True)
    put_guardian(s, 0, C.MYTHTUSK, SHOALS, moved_by=GREEN)
    play(s, {BLUE: [(SHOALS, 7), (STORMCREST, 0), (FEN, 1)], RED: [(SHOALS, 0), (STORMCREST, 2), (FEN, 1)],
             GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 4)]})
    assert s.rw_ranks[SHOALS] == [BLUE]  # Red's 0 makes it no 2nd to swap with
    assert current(s) == BLUE and RULES.legal(s, BLUE) == [Reward(STAR), Reward(0), Reward(1), Reward(2)]
    act(s, Reward(2))
    assert s.taken[-1][:3] == [SHOALS, BLUE, 2]


def test_thornspine_10_in_its_region_leaves_10_for_the_other_two_airships():
    # seed: "In this guardian's region, troop power limits are ignored. For example: if you place a
    # 10 airship in the region Thornspine ends in, you still have 10 troop power left to place
    # amongst your other 2 airships." (the picture: "Green's troop power limit in Dreadful Desert is
    # ignored")
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.THORNSPINE, DESERT, moved_by=RED)
    act(s, Place(DESERT), GREEN)
    v = RULES.view(s, GREEN)
    assert "ignored" in v.prompt
    act(s, Chip(10), GREEN)
    assert s.budget[GREEN] == 10
    act(s, Place(VALE), RED)
    act(s, Chip(0), RED)
    act(s, Place(VALE), BLUE)
    act(s, Chip(0), BLUE)
    act(s, Place(FEN), GREEN)
    assert Chip(9) in RULES.legal(s, GREEN)
    act(s, Chip(9), GREEN)
    assert s.budget[GREEN] == 1


def test_thornspine_arriving_where_your_10_already_is_frees_it_from_the_limit():
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.THORNSPINE, CASCADES)
    act(s, Place(DESERT), GREEN)
    act(s, Chip(10), GREEN)
    assert s.budget[GREEN] == 0
    act(s, Place(CASCADES), RED)  # Red displaces Thornspine and sends it to the Desert
    act(s, Guide(DESERT), RED)
    assert s.budget[GREEN] == 10  # "the region Thornspine ends in"
    act(s, Chip(1), RED)
    act(s, Place(VALE), BLUE)
    act(s, Chip(0), BLUE)
    act(s, Place(FEN), GREEN)
    assert max(m.value for m in RULES.legal(s, GREEN)) == 9  # the 10 is used; any other fits


def test_cloudseer_adds_a_starfall_highest_troop_power_wins_it_blue_gains_2_starfalls():
    # seed: "When Cloudseer is in play, add a starfall (or Rift starfall) to its card. In this
    # guardian's region, highest troop power wins that starfall, in addition to any other reward. A
    # player must be present in the region to win the starfall." (the picture: "Blue Gains 2 Starfalls")
    s = fresh(3, 9, guardians=True)
    while C.CLOUDSEER not in s.gd_card:
        s = fresh(3, s.rng.below(10_000), guardians=True)
    assert s.cloud_star == 1
    s = table(3, order=[BLUE, RED, GREEN], starfall=SHOALS, guardians=True)
    put_guardian(s, 0, C.CLOUDSEER, SHOALS, moved_by=GREEN)
    assert RULES.view(s, RED).regions[SHOALS].cloud_starfall == 1
    play(s, {BLUE: [(SHOALS, 7), (STORMCREST, 0), (FEN, 1)], RED: [(SHOALS, 4), (STORMCREST, 2), (FEN, 1)],
             GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 4)]})
    act(s, Reward(STAR))  # Blue: the region's starfall
    resolve_rewards(s)
    assert s.stars[BLUE] >= 2 and s.cloud_log[0] == [1, SHOALS, BLUE, 1]
    assert s.src[BLUE * 5 + 4] == 1  # by source: Cloudseer
    # Cloudseer moved to the right and is still in play: a new starfall on its card
    assert s.round == 2 and s.gd_card[1] == C.CLOUDSEER and s.cloud_star == 1


def test_cloudseer_unmoved_or_nobody_present_keeps_its_starfall():
    s = table(3, order=[BLUE, RED, GREEN], guardians=True)
    put_guardian(s, 0, C.CLOUDSEER, SHOALS)
    play(s, {BLUE: [(VALE, 7), (STORMCREST, 0), (FEN, 1)], RED: [(VALE, 1), (STORMCREST, 2), (FEN, 3)],
             GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 4)]})
    resolve_rewards(s)
    assert s.cloud_log == [] and s.cloud_star == 1


def test_reefhorn_a_0_token_gains_3_yellows_airship_gains_3():
    # seed: "In this guardian's region, airships with a 0 troop power token (ignoring payloads) gain
    # +3 troop power." (the picture: "Yellow's Airship Gains +3 Troop Power")
    s = table(4, order=[RED, BLUE, GREEN, YELLOW], guardians=True)
    put_guardian(s, 0, C.REEFHORN, CASCADES, moved_by=RED)
    play(s, {RED: [(CASCADES, 2), (STORMCREST, 1), (FEN, 3)], BLUE: [(VALE, 0), (STORMCREST, 2), (FEN, 1)],
             GREEN: [(VALE, 0), (STORMCREST, 3), (FEN, 2)], YELLOW: [(CASCADES, 0), (STORMCREST, 4), (FEN, 5)]})
    assert s.power[CASCADES * 4 + YELLOW] == 3 and s.power[CASCADES * 4 + RED] == 2
    assert s.ranks[CASCADES] == [YELLOW, RED]
    # seed: "When checking a player's 10-power limit, ignore any bonus power from guardians and only
    # count the printed values of troop power tokens."
    assert s.budget[YELLOW] == 10 - (0 + 4 + 5)


def test_the_cleanup_rotation_two_consecutive_rounds_except_the_first_and_last():
    # seed: "1. Discard the rightmost guardian card (and its matching miniature). 2. Move the
    # remaining guardian card to the right position. 3. Reveal a new guardian card and place it in the
    # left position." / "Each guardian (except the first and last one) remains in play for 2
    # consecutive rounds before being discarded." / "Reveal 2 public starfall cards, 1 for each
    # guardian."
    m = play_bot_game(RULES, 3, ["heuristic"] * 3, seed=4, options=RULES.options_from({"guardians": True}))
    log = m.state.gd_log
    assert len(log) == 5
    rounds: dict[int, list[int]] = {}
    for k, row in enumerate(log):
        left, right = row[0], row[4]
        rounds.setdefault(left, []).append(k)
        rounds.setdefault(right, []).append(k)
        if k:
            assert right == log[k - 1][0]  # the left one moved right
        assert row[1] != row[5]  # two different starting regions
    assert sorted(len(v) for v in rounds.values()) == [1, 1, 2, 2, 2, 2]
    first_right = log[0][4]
    assert rounds[first_right] == [0]


def test_the_automa_displaces_a_guardian_to_the_top_public_card_and_draws_nothing():
    # seed: "When the AI must displace a guardian from a region, flip over the top card of the public
    # starfall deck and move the guardian to that region."
    s = table(2, order=[2, RED, BLUE], starfall=SHOALS, guardians=True)
    put_guardian(s, 0, C.REEFHORN, SHOALS)
    put_guardian(s, 1, C.CRAGJAW, EMBERPEAK)
    s.ai_step[2] = 0
    # the deck's top: its own region, then the other guardian's (both put aside), then the Woods
    s.pub_deck[-3:] = [WOODS, EMBERPEAK, SHOALS]
    plan = C.AUTOMA_DECK[s.ai_card[2]].plan
    while plan[s.ai_step[2]] != C.A_SHIP:
        s.ai_step[2] += 1
    # seed: "AI do not factor in the presence of a guardian into the AI advantage rule"
    assert automa.ship_region(s, 2) == SHOALS
    ev = act(s, AutomaTurn())
    assert s.gd_region[0] == WOODS and s.gd_moved[0] == 2
    assert s.explore[SHOALS] == 2 * 3 and s.hid_cards == []
    flips = [e for e in ev if e.kind == "guardian_flip"]
    assert flips and flips[0].data["cards"] == [SHOALS, EMBERPEAK, WOODS]


def test_the_automa_advantage_rule_ignores_guardians():
    s = table(2, order=[2, RED, BLUE], guardians=True)
    plain = table(2, order=[2, RED, BLUE])
    plain.ai_card = list(s.ai_card)
    put_guardian(s, 0, C.CINDERWING, SHOALS, moved_by=RED)
    put_guardian(s, 1, C.CRAGJAW, CASCADES)
    assert automa.ship_region(s, 2) == automa.ship_region(plain, 2)
    assert automa.building_site(s, 2) == automa.building_site(plain, 2)


def test_cragjaw_doubles_the_automa_market_income_where_it_has_an_airship():
    # seed: "AI Market cards are affected by the Cragjaw guardian, gaining an additional resource for
    # each market connected to that region if they have an airship present there."
    s = table(2, order=[RED, BLUE, 2], starfall=CASCADES, guardians=True)
    put_guardian(s, 0, C.CRAGJAW, CASCADES, moved_by=RED)
    build(s, 2, C.MARKET, site(CASCADES, FEN))
    s.ai_step[2] = 0
    s.ai_card[2] = next(k for k, c in enumerate(C.AUTOMA_DECK) if c.name == "War Drums")  # 3 airships
    card = C.AUTOMA_DECK[s.ai_card[2]]
    play(s, {RED: [(VALE, 0), (STORMCREST, 1), (FEN, 2)], BLUE: [(VALE, 0), (STORMCREST, 2), (FEN, 1)]})
    assert CASCADES in s.ship_region[6:9]
    resolve_rewards(s)
    assert [CASCADES, 2, card.income, 2] in s.income


def test_the_automa_uses_its_highest_value_with_thornspine_and_a_second_in_a_starfall_region():
    # seed: "The AI player will always use their highest value number on troop reveal if they are in
    # the region with the guardian Thornspine. If another AI airship of the same color is also in a
    # region with a starfall, it will also be rotated to its highest value in addition to the one in
    # the Thornspine region."
    s = table(2, order=[RED, BLUE, 2], guardians=True)
    put_guardian(s, 0, C.THORNSPINE, VALE, moved_by=RED)
    s.ai_card[2] = next(k for k, c in enumerate(C.AUTOMA_DECK) if c.name == "War Drums")  # 8/2/0
    s.starfalls = [0] * 10
    s.starfalls[SHOALS] = 1
    s.ship_region[6:9] = [VALE, SHOALS, FEN]
    values = dict(automa.reveal_values(s, 2, [0] * 10))
    assert values[6] == 8 and values[7] == 8 and values[8] == 2
    s.starfalls[SHOALS] = 0
    values = dict(automa.reveal_values(s, 2, [0] * 10))
    assert values[6] == 8 and sorted((values[7], values[8])) == [0, 2]


def test_cloudseer_starfall_is_a_target_for_the_automa_once_moved():
    # seed: "Once Cloudseer has been moved, place a starfall in its region so the AI will treat it as
    # a viable target in addition to other rewards."
    s = table(2, order=[2, RED, BLUE], starfall=SHOALS, guardians=True)
    s.starfalls = [0] * 10
    s.ai_step[2] = 0
    put_guardian(s, 0, C.CLOUDSEER, STEPPE)
    before = automa.showing(s)[STEPPE]
    s.gd_moved[0] = RED
    assert automa.showing(s)[STEPPE] == before + 1
    plan = C.AUTOMA_DECK[s.ai_card[2]].plan
    while plan[s.ai_step[2]] != C.A_SHIP:
        s.ai_step[2] += 1
    assert automa.ship_region(s, 2) == STEPPE


def test_rift_starfall_on_cloudseer():
    s = RULES.setup(Config(3, 1, RULES.options_from({"guardians": True, "rift": True})))
    seed = 1
    while C.CLOUDSEER not in s.gd_card:
        seed += 1
        s = RULES.setup(Config(3, seed, RULES.options_from({"guardians": True, "rift": True})))
    assert s.cloud_star in C.RIFT_STARFALLS and len(s.rift_pile) == len(C.RIFT_STARFALLS) - 1
    assert next(g for g in RULES.view(s, 0).guardians if g.name == "Cloudseer").starfall == s.cloud_star
