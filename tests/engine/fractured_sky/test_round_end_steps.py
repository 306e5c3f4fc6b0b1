"""The end of a round step by step: each airship's troop power at the edges of the powers
(Reefhorn in region 0, a side without a flagship before one with it, Pincer Strike on the side's
own airships, Secret Mercenaries counting the side's own markets), each region's troop power
(skimmers with and without Fleet Support, fortresses without Cragjaw), the reveal's record of the
chips and Mythtusk's and Cinderwing's regions, the lab's chip-by-rank figures, the rewards taken
by the automa and by people with one choice, Cloudseer's starfall, market income, fading and kept
starfalls, and the game's final line — each with its exact state change and events. Written to
kill the mutants of rules/end_of_round.py that survived the other tests (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import scoring
from engine.games.fractured_sky.rules import end_of_round as E
from engine.games.fractured_sky.state import (
    N_SRC,
    N_TALLY,
    PAYLOAD,
    SRC_GUARDIAN,
    STAR_HIDDEN,
    STAR_PUBLIC,
    T_BLUFF_WINS,
    T_ZERO_ALONE,
    T_ZERO_CONTESTED,
    State,
)
from engine.games.fractured_sky.text import ordinal, region_name, reward_text, who
from tests.engine.fractured_sky.awakening import (
    CASCADES,
    DESERT,
    FROSTFALL,
    SHOALS,
    STORMCREST,
    build,
    put_guardian,
    site,
    table,
)

NR = C.N_REGIONS
SH = C.SHIPS


def _sky(players: int = 3, **options) -> State:
    """A table with no airship in the sky yet (chips -1, as a new round leaves them)."""
    s = table(players, **options)
    ships = s.n * SH
    s.ship_region = [-1] * ships
    s.ship_chip = [-1] * ships
    if s.payloads:
        s.pl_ship = [[] for _ in range(ships)]
    return s


def _ship(s: State, ship: int, region: int, chip: int) -> None:
    s.ship_region[ship] = region
    s.ship_chip[ship] = chip


def _flagship(s: State, side: int, code: int, ship: int) -> None:
    """The side drafted the board of a power code (content.P_*) and made an airship its flagship."""
    board, face = divmod(code, 2)
    s.fl_of[side] = board
    s.fl_face[board] = face
    s.fl_ship[side] = ship


# ---------------------------------------------------------------- airship_powers


def test_an_airship_not_in_the_sky_has_no_troop_power():
    s = _sky()
    _ship(s, 4, SHOALS, 6)
    assert E.airship_powers(s) == [0, 0, 0, 0, 6, 0, 0, 0, 0]


def test_reefhorn_in_the_first_region_gives_its_zero_chips_three():
    s = _sky(guardians=True)
    put_guardian(s, 0, C.REEFHORN, DESERT, moved_by=0)
    _ship(s, 0, DESERT, 0)
    _ship(s, 3, DESERT, 2)
    _ship(s, 6, SHOALS, 0)
    sp = E.airship_powers(s)
    assert sp[0] == C.REEFHORN_BONUS and sp[3] == 2 and sp[6] == 0


def test_secret_mercenaries_count_the_sides_own_markets_after_a_side_without_a_flagship():
    s = _sky(flagships=True)  # no guardians: no Cragjaw anywhere
    _flagship(s, 1, C.P_MERCENARIES, 3)
    s.fl_ship[0] = -1  # side 0 has no flagship in the sky
    _ship(s, 3, SHOALS, 4)
    _ship(s, 0, SHOALS, 5)
    build(s, 1, C.MARKET, site(DESERT, SHOALS))
    build(s, 1, C.MARKET, site(SHOALS, FROSTFALL))
    build(s, 0, C.MARKET, site(DESERT, SHOALS, CASCADES))  # another side's market
    build(s, 1, C.FORTRESS, site(SHOALS, FROSTFALL, 5))  # the side's own fortress
    sp = E.airship_powers(s)
    assert sp[3] == 4 + 2 * C.MERCENARY_BONUS and sp[0] == 5


def test_pincer_strike_helps_only_the_sides_own_other_airships():
    s = _sky(flagships=True)
    _flagship(s, 1, C.P_PINCER, 3)
    _ship(s, 3, FROSTFALL, 1)
    _ship(s, 4, FROSTFALL, 2)
    _ship(s, 0, FROSTFALL, 3)  # side 0's airship, a lower number than the flagship's side
    _ship(s, 5, SHOALS, 4)  # the side's own, elsewhere
    sp = E.airship_powers(s)
    assert (sp[3], sp[4], sp[0], sp[5]) == (1, 2 + C.PINCER_BONUS, 3, 4)


# ---------------------------------------------------------------- troop_power


def test_skimmers_and_fortresses_count_once_without_fleet_support_or_cragjaw():
    s = _sky(flagships=True)  # nobody has Fleet Support; no guardians
    n = s.n
    s.fl_ship = [-1] * n
    _ship(s, 8, STORMCREST, 3)  # the last airship: where a flagship number -1 would point
    s.skimmers[SHOALS * n + 0] = 1
    s.skimmers[STORMCREST * n + 0] = 1
    _ship(s, 3, SHOALS, 2)
    build(s, 1, C.FORTRESS, site(DESERT, SHOALS))
    sp = E.airship_powers(s)
    power, present = E.troop_power(s, sp)
    assert power[SHOALS * n + 0] == C.SKIMMER_POWER and present[SHOALS * n + 0]
    assert power[STORMCREST * n + 0] == C.SKIMMER_POWER
    assert power[SHOALS * n + 1] == 2 + C.FORTRESS_POWER
    assert power[DESERT * n + 1] == 0 and not present[DESERT * n + 1]  # a fortress counts where its side is


def test_fleet_support_adds_to_the_skimmers_of_a_later_side():
    s = _sky(flagships=True)
    n = s.n
    _flagship(s, 1, C.P_FLEET, 3)
    _ship(s, 3, FROSTFALL, 2)
    s.skimmers[FROSTFALL * n + 1] = 2
    s.skimmers[SHOALS * n + 1] = 1  # not the flagship's region
    power, _ = E.troop_power(s, E.airship_powers(s))
    assert power[FROSTFALL * n + 1] == 2 + 2 * (C.SKIMMER_POWER + C.FLEET_BONUS)
    assert power[SHOALS * n + 1] == C.SKIMMER_POWER


# ---------------------------------------------------------------- reveal


def test_the_reveal_records_each_chip_with_its_region_and_mythtusks_and_cinderwings_regions():
    s = _sky(guardians=True)
    put_guardian(s, 0, C.MYTHTUSK, FROSTFALL, moved_by=0)
    put_guardian(s, 1, C.CINDERWING, CASCADES, moved_by=1)
    s.starfalls = [0] * NR
    s.starfalls[CASCADES] = 1
    s.hid_cards, s.hid_ship, s.hid_known = [CASCADES], [1], [1]
    _ship(s, 0, DESERT, 3)  # region 0
    _ship(s, 1, CASCADES, 1)
    _ship(s, 2, FROSTFALL, 5)
    _ship(s, 3, FROSTFALL, 4)
    _ship(s, 6, FROSTFALL, 2)
    E.reveal(s, None)
    expected = [-1] * (s.n * SH)
    for sh, (r, c) in {0: (DESERT, 3), 1: (CASCADES, 1), 2: (FROSTFALL, 5), 3: (FROSTFALL, 4),
                       6: (FROSTFALL, 2)}.items():
        expected[sh] = r * 16 + c
    assert s.rv_chips == expected
    assert s.ranks[FROSTFALL] == [0, 1, 2] and s.rw_ranks[FROSTFALL] == [1, 0, 2]
    # Cinderwing keeps the public and the hidden starfall that dropped in its region, and offers only tiers
    assert s.carry[CASCADES] == 2 and s.rewards[CASCADES] == [0, 1, 2]


def test_the_reveal_line_shows_two_payloads_and_no_power_when_it_is_their_sum():
    s = _sky(payloads=True)
    n = s.n
    _ship(s, 0, SHOALS, 3)
    s.pl_ship[0] = [0, 1]
    total = 3 + C.PAYLOADS[0] + C.PAYLOADS[1]
    s.ship_power = [-1] * (n * SH)
    s.ship_power[0] = total
    s.power = [0] * (NR * n)
    s.power[SHOALS * n] = total
    s.ranks = [[] for _ in range(NR)]
    s.ranks[SHOALS] = [0]
    s.rw_ranks = [list(r) for r in s.ranks]
    s.rewards = [[] for _ in range(NR)]
    s.starfalls = [0] * NR
    s.carry = [0] * NR
    s.hid_cards, s.hid_ship = [], []
    ev: list[Event] = []
    E.reveal_events(s, [0] * NR, ev)
    a = who(s, 0)
    assert ev[0].text == (f"{region_name(SHOALS)}: chips {a} 3+{C.PAYLOADS[0]}+{C.PAYLOADS[1]}; "
                          f"troop power {a} {total}; ranks: {a}.")


# ---------------------------------------------------------------- tally_chips


def _tally(s: State, ranks: dict[int, list[int]]) -> None:
    n = s.n
    present = [False] * (NR * n)
    for sh, r in enumerate(s.ship_region):
        if r >= 0:
            present[r * n + sh // SH] = True
    s.ranks = [ranks.get(r, []) for r in range(NR)]
    s.chip_ranks = [0] * len(s.chip_ranks)
    s.tally = [0] * len(s.tally)
    E.tally_chips(s, present)


def _figures(s: State, side: int) -> tuple[int, int, int]:
    t = s.tally[side * N_TALLY:(side + 1) * N_TALLY]
    return t[T_ZERO_ALONE], t[T_ZERO_CONTESTED], t[T_BLUFF_WINS]


def test_the_chip_figures_count_zeros_alone_only_for_people_and_fights_of_two_sides():
    s = _sky(2)  # side 2 is the automa
    assert s.automa == 1
    _ship(s, 0, DESERT, 0)  # alone, region 0
    _ship(s, 1, CASCADES, 0)  # alone
    _ship(s, 3, 7, 4)  # alone, not a 0
    _ship(s, 6, 5, 0)  # the automa alone with a 0: not a person's bluff
    _ship(s, 4, FROSTFALL, 5)  # a fight of two sides: side 1 and the automa's 0
    _ship(s, 7, FROSTFALL, 0)
    _tally(s, {DESERT: [0], CASCADES: [0], 7: [1], FROSTFALL: [1]})
    assert _figures(s, 0) == (2, 0, 0)
    assert _figures(s, 1) == (0, 0, 0)
    assert _figures(s, 2) == (0, 0, 0)
    assert sum(s.tally) == 2
    cr = [0] * len(s.chip_ranks)
    cr[0], cr[1] = 5, 1  # side 1's 5, first
    cr[2 * E.CHIP_NO_RANK], cr[2 * E.CHIP_NO_RANK + 1] = 0, 1  # the automa's 0, unranked
    assert s.chip_ranks == cr


def test_the_chip_figures_sum_each_rank_and_count_contested_zeros_and_bluffs():
    s = _sky(3)
    _ship(s, 0, DESERT, 0)  # region 0: side 0's 0 beats side 1's 2
    _ship(s, 3, DESERT, 2)
    _ship(s, 1, 6, 0)  # region 6: side 0's 0 first, side 2's 1 second, side 1's 0 third
    _ship(s, 6, 6, 1)
    _ship(s, 4, 6, 0)
    _ship(s, 5, 8, 3)  # region 8: side 1's 3 first, side 2's 0 unranked
    _ship(s, 7, 8, 0)
    _tally(s, {DESERT: [0, 1], 6: [0, 2, 1], 8: [1]})
    assert _figures(s, 0) == (0, 2, 2)
    assert _figures(s, 1) == (0, 1, 0)
    assert _figures(s, 2) == (0, 1, 0)
    assert sum(s.tally) == 6
    cr = [0] * len(s.chip_ranks)
    cr[0:6] = [0 + 0 + 3, 3, 2 + 1, 2, 0, 1]
    cr[2 * E.CHIP_NO_RANK], cr[2 * E.CHIP_NO_RANK + 1] = 0, 1
    assert s.chip_ranks == cr


# ---------------------------------------------------------------- run_rewards, take_reward


def _rewards(s: State, region: int, ranks: list[int], left: list[int]) -> None:
    """The reveal is over and only this region (the last ones before it are done) has rewards."""
    s.ranks = [[] for _ in range(NR)]
    s.ranks[region] = list(ranks)
    s.rw_ranks = [list(r) for r in s.ranks]
    s.rewards = [[] for _ in range(NR)]
    s.rewards[region] = list(left)
    s.carry = [0] * NR
    s.taken, s.income = [], []
    s.site_owner = [-1] * C.N_SITES
    s.rw_region, s.rw_pos = region, 0


def _reward_event(s: State, r: int, side: int, code: int, rank: int) -> Event:
    return Event(f"{region_name(r)}: {who(s, side)} ({ordinal(rank)}) takes {reward_text(code, r)}.", side,
                 kind="reward", data={"region": r, "side": side, "reward": code, "rank": rank})


def test_people_with_one_choice_and_the_automa_take_the_starfalls_in_rank_order():
    s = _sky(2)  # side 2 is the automa
    r = STORMCREST
    _rewards(s, r, [0, 2, 1], [STAR_PUBLIC, STAR_PUBLIC, STAR_HIDDEN])  # Cinderwing kept one
    stars = list(s.stars)
    ev: list[Event] = []
    E.run_rewards(s, ev)
    assert s.stars == [stars[0] + 1, stars[1] + 1, stars[2] + 1]
    assert s.taken == [[r, 0, STAR_PUBLIC, 0], [r, 2, STAR_PUBLIC, 1], [r, 1, STAR_HIDDEN, 2]]
    rewards = [e for e in ev if e.kind == "reward"]
    assert rewards == [_reward_event(s, r, 0, STAR_PUBLIC, 0), _reward_event(s, r, 2, STAR_PUBLIC, 1),
                       _reward_event(s, r, 1, STAR_HIDDEN, 2)]
    assert not [e for e in ev if e.kind == "fade"]


def test_the_automa_passes_over_a_payload_to_the_next_side():
    s = _sky(2, payloads=True)  # side 2 is the automa
    r = STORMCREST
    _rewards(s, r, [0, 2, 1], [])
    s.rw_pos = 1  # side 0 took the last tier
    token = s.pl_region[r]
    assert token >= 0 and s.pl_held[1] == []
    ev: list[Event] = []
    E.run_rewards(s, ev)
    assert s.pl_held[1] == [token] and s.pl_held[0] == [] and s.pl_held[2] == []
    taken = [e for e in ev if e.kind in ("reward", "payload_taken")]
    assert [(e.kind, e.seat) for e in taken] == [("payload_taken", 1)]
    assert s.taken[0] == [r, 1, PAYLOAD, 2]


def test_the_automa_takes_the_first_tier_left():
    s = _sky(1)
    r = STORMCREST
    _rewards(s, r, [2], [0, 1])
    ev: list[Event] = []
    E.run_rewards(s, ev)
    assert [e for e in ev if e.kind == "reward"] == [_reward_event(s, r, 2, 0, 0)]


def test_taking_a_reward_moves_on_one_rank_and_counts_the_regions_haul():
    s = _sky(3, payloads=True, bounties=True)
    r = CASCADES
    _rewards(s, r, [0, 1, 2], [1, 2])
    s.rw_pos = 1
    s.haul = [0] * (NR * s.n)
    got = C.REGIONS[r].tiers[1]
    ev: list[Event] = []
    E.take_reward(s, 1, 1, ev)
    assert s.rw_pos == 2 and s.taken == [[r, 1, 1, 1]] and s.rewards[r] == [2]
    assert s.haul[r * s.n + 1] == sum(got)
    assert ev == [_reward_event(s, r, 1, 1, 1)]
    s.rw_pos = 2
    E.take_reward(s, 2, PAYLOAD, ev)
    assert s.rw_pos == 3 and s.taken[-1] == [r, 2, PAYLOAD, 2]


# ---------------------------------------------------------------- finish_region


def test_cloudseers_starfall_market_income_and_the_starfalls_that_fade_or_stay():
    for rift in (False, True):
        s = _sky(3, guardians=True, bounties=True, rift=rift)
        n = s.n
        put_guardian(s, 0, C.CLOUDSEER, DESERT, moved_by=0)
        put_guardian(s, 1, C.CRAGJAW, CASCADES, moved_by=1)
        s.cloud_star = 2 if rift else 1
        worth = s.cloud_star
        s.haul = [0] * (NR * n)
        _rewards(s, DESERT, [1, 0], [STAR_PUBLIC])
        s.rewards[CASCADES] = [STAR_PUBLIC, STAR_HIDDEN, 0]
        s.carry[DESERT], s.carry[CASCADES] = 1, 2
        s.src[1 * N_SRC + SRC_GUARDIAN] = 3
        stars = list(s.stars)
        # region 0 (iron): a fortress first, then side 2's market (side 2 is not there), then side 1's
        sites = C.REGION_SITES[DESERT]
        build(s, 0, C.FORTRESS, sites[0])
        build(s, 2, C.MARKET, sites[1])
        build(s, 1, C.MARKET, sites[2])
        _ship(s, 3, DESERT, 4)
        _ship(s, 0, DESERT, 2)
        # region 4 (gold): side 0's market, doubled by Cragjaw
        market = next(k for k in C.REGION_SITES[CASCADES] if s.site_owner[k] < 0)
        build(s, 0, C.MARKET, market)
        _ship(s, 1, CASCADES, 1)
        res = list(s.res)
        ev: list[Event] = []
        E.finish_region(s, DESERT, ev)
        assert s.cloud_star == 0 and s.stars[1] == stars[1] + worth
        assert s.src[1 * N_SRC + SRC_GUARDIAN] == 3 + worth and s.cloud_log[-1] == [s.round, DESERT, 1, worth]
        iron = [0, 0, C.MARKET_INCOME]
        assert s.res[3:6] == [res[3], res[4], res[5] + C.MARKET_INCOME] and s.res[6:9] == res[6:9]
        assert s.haul[DESERT * n + 1] == C.MARKET_INCOME
        assert s.income == [[DESERT, 1, C.IRON, C.MARKET_INCOME]]
        b = who(s, 1)
        won = "starfall." if not rift else f"Rift starfall (worth {worth})."
        assert ev == [
            Event(f"{region_name(DESERT)}: {b} has the most troop power and wins Cloudseer's {won}", 1,
                  kind="cloudseer", data={"region": DESERT, "seat": 1, "worth": worth}),
            Event(f"{region_name(DESERT)}: {b}'s market collects {C.resources_text(iron)}.", 1,
                  kind="income", data={"region": DESERT, "side": 1, "site": sites[2], "resources": iron}),
            Event(f"{region_name(DESERT)}: nobody takes the starfall; it fades.", kind="fade",
                  data={"region": DESERT, "starfalls": 1}),
            Event(f"{region_name(DESERT)}: Cinderwing keeps 1 starfall here until next round.", kind="kept",
                  data={"region": DESERT, "starfalls": 1}),
        ]
        assert s.rewards[DESERT] == []
        ev = []
        E.finish_region(s, CASCADES, ev)
        gold = [2 * C.MARKET_INCOME, 0, 0]
        assert s.res[0:3] == [res[0] + 2 * C.MARKET_INCOME, res[1], res[2]]
        assert s.haul[CASCADES * n + 0] == 2 * C.MARKET_INCOME
        a = who(s, 0)
        assert ev == [
            Event(f"{region_name(CASCADES)}: {a}'s market collects {C.resources_text(gold)} (Cragjaw doubles it).", 0,
                  kind="income", data={"region": CASCADES, "side": 0, "site": market, "resources": gold}),
            Event(f"{region_name(CASCADES)}: nobody takes 2 starfalls; they fade.", kind="fade",
                  data={"region": CASCADES, "starfalls": 2}),
            Event(f"{region_name(CASCADES)}: Cinderwing keeps 2 starfalls here until next round.", kind="kept",
                  data={"region": CASCADES, "starfalls": 2}),
        ]


def test_no_kept_line_where_nothing_is_kept_and_none_for_a_quiet_finish():
    s = _sky(3)
    _rewards(s, SHOALS, [], [])
    ev: list[Event] = []
    E.finish_region(s, SHOALS, ev)
    assert ev == []
    s.carry[SHOALS] = 1
    E.finish_region(s, SHOALS, None)
    assert s.rewards[SHOALS] == []


# ---------------------------------------------------------------- end_round


def test_the_final_line_names_the_scores_and_the_winner():
    s = _sky(3)
    s.round = C.ROUNDS
    s.stars = [5, 2, 1]
    res = scoring.result(s)
    assert not res.tiebreak
    ev: list[Event] = []
    E.end_round(s, ev)
    a, b, c = (who(s, x) for x in range(3))
    assert ev[-1] == Event(f"Final starfalls: {a} {res.scores[0]}, {b} {res.scores[1]}, {c} {res.scores[2]}. "
                           f"{who(s, res.ranking[0][0])} wins.", kind="final",
                           data={"scores": list(res.scores), "ranking": res.ranking})
