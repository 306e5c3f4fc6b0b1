"""Fractured Sky's scoring function by function: presence, every objective and bounty measure
(each side a different figure, so a measure read for the wrong side or the wrong field is
caught), Audacious Attempt and Bold Bluff, an objective scored with its exact event, the final
result's ranking, tie-break words, breakdown and details, and the bots' estimate. Written to kill
the mutants of scoring.py that survived test_objectives.py, test_bounties.py and test_end.py
(docs/mutation.md)."""

from __future__ import annotations

import pytest

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import scoring as S
from engine.games.fractured_sky.state import MAIN, N_SRC, REWARDS, SOURCES, STAR_HIDDEN, STAR_PUBLIC
from engine.games.fractured_sky.text import who
from tests.engine.fractured_sky.helpers import fresh

NR = C.N_REGIONS


def _board(players: int = 3, seed: int = 2, **opts):
    s = fresh(players, seed, **opts)
    n = s.n
    s.ship_region = [-1] * (n * C.SHIPS)
    s.ship_chip = [-1] * (n * C.SHIPS)
    s.skimmers = [0] * (NR * n)
    s.power = [0] * (NR * n)
    s.ranks = [[] for _ in range(NR)]
    s.rw_ranks = [[] for _ in range(NR)]
    s.rewards = [[] for _ in range(NR)]
    s.site_owner = [-1] * C.N_SITES
    s.built = [0] * (3 * n)
    s.res = [0] * (3 * n)
    s.explored = [0] * n
    s.looked = [0] * n
    s.haul = [0] * (NR * n)
    return s


def test_present_by_any_of_three_airships_or_a_skimmer():
    s = _board()
    assert not any(S.present(s, 1, r) for r in range(NR))
    for k, r in enumerate((2, 4, 6)):
        s.ship_region[1 * C.SHIPS + k] = r
    s.skimmers[7 * s.n + 1] = 1
    assert [r for r in range(NR) if S.present(s, 1, r)] == [2, 4, 6, 7]
    assert not any(S.present(s, 0, r) or S.present(s, 2, r) for r in range(NR))


def test_uncontested_regions_exclude_shared_ones():
    s = _board()
    s.ship_region[0] = 1  # side 0 in 1, 2, 3
    s.ship_region[1] = 2
    s.skimmers[3 * s.n + 0] = 1
    s.ship_region[2 * C.SHIPS] = 2  # side 2 shares region 2
    assert S.uncontested(s, 0) == 2 and S.uncontested(s, 2) == 0 and S.uncontested(s, 1) == 0


def _measures(s):
    """Side k gets figure 10 * (k + 1) + field so no two sides or fields agree."""
    n = s.n
    s.ranks = [[1], [1, 0], [2], [1], [], [0]] + [[] for _ in range(NR - 6)]
    for x in range(n):
        s.power[3 * n + x] = 5 + x
        s.power[5 * n + x] = 1 + 3 * x
        s.built[x * 3 + C.MARKET] = 1 + x
        s.built[x * 3 + C.FORTRESS] = 4 + 2 * x
        s.res[x * 3 + C.GOLD] = 7 + x
        s.res[x * 3 + C.WOOD] = 2 + 3 * x
        s.res[x * 3 + C.IRON] = 11 - x
        s.explored[x] = x + 2
        s.looked[x] = 6 - x
        s.skimmers[(x + 1) * n + x] = 1
        s.skimmers[(x + 4) * n + x] = 1 if x else 0
    s.site_owner = [-1] * C.N_SITES
    border = [k for k, regs in enumerate(C.SITE_REGIONS) if len(regs) == 2]
    triple = [k for k, regs in enumerate(C.SITE_REGIONS) if len(regs) == 3]
    s.site_owner[border[0]] = s.site_owner[border[1]] = 1
    s.site_owner[border[2]] = 0
    s.site_owner[triple[0]] = 2
    s.site_owner[triple[1]] = 1


def test_every_objective_measure_reads_its_own_figure_for_the_side():
    s = _board()
    _measures(s)
    want = {
        C.M_FIRSTS: [1, 3, 1],
        C.M_BIG_REGION: [5, 6, 7],
        C.M_MARKETS: [1, 2, 3],
        C.M_FORTRESSES: [4, 6, 8],
        C.M_SKIMMERS: [1, 2, 2],
        C.M_BORDER: [1, 2, 0],
        C.M_GOLD: [7, 8, 9],
        C.M_IRON: [11, 10, 9],
        C.M_WOOD: [2, 5, 8],
        C.M_EXPLORED: [2, 3, 4],
        C.M_SCOUTED: [6, 5, 4],
    }
    for what, values in want.items():
        assert [S.measure(s, x, what) for x in range(3)] == values, what
    assert [S.measure(s, x, C.M_UNCONTESTED) for x in range(3)] == [S.uncontested(s, x) for x in range(3)]
    with pytest.raises(ValueError, match="unknown objective measure 99"):
        S.measure(s, 0, 99)


def test_every_bounty_measure_reads_its_own_figure_for_the_side():
    s = _board()
    _measures(s)
    for x in range(3):
        s.haul[2 * s.n + x] = 3 + x
        s.haul[6 * s.n + x] = 9 - 4 * x
    s.haul[8 * s.n + 2] = 20  # side 2's best, read for side 2 only
    want = {
        C.B_BUILDINGS: [5, 8, 11],
        C.B_BORDER: [1, 2, 0],
        C.B_TRIPLE: [0, 1, 1],
        C.B_FORTRESSES: [4, 6, 8],
        C.B_MARKETS: [1, 2, 3],
        C.B_TWO_RES: [7, 8, 9],
        C.B_EACH_RES: [2, 5, 8],
        C.B_LOOKED: [6, 5, 4],
        C.B_HAUL: [9, 5, 20],
        C.B_BIG_REGION: [5, 6, 7],
        C.B_WOOD: [2, 5, 8],
        C.B_IRON: [11, 10, 9],
        C.B_GOLD: [7, 8, 9],
        C.B_EXPLORED: [2, 3, 4],
        C.B_SKIMMERS: [1, 2, 2],
        C.B_PRESENCE: [1, 2, 2],
        C.B_FIRSTS: [1, 3, 1],
    }
    for what, values in want.items():
        assert [S.bounty_measure(s, x, what) for x in range(3)] == values, what
    assert [S.bounty_measure(s, x, C.B_UNCONTESTED) for x in range(3)] == [S.uncontested(s, x) for x in range(3)]
    with pytest.raises(ValueError, match="unknown bounty measure 99"):
        S.bounty_measure(s, 0, 99)


def test_the_gambit_needs_all_three_airships_in_one_region():
    s = _board()
    s.ship_region[3:6] = [4, 4, 4]
    s.ship_region[0:3] = [4, 4, -1]
    s.ship_region[6:9] = [2, 2, 5]
    assert [S.bounty_measure(s, x, C.B_GAMBIT) for x in range(3)] == [0, C.SHIPS, 0]
    s.ship_region[0:3] = [-1, -1, -1]
    assert S.bounty_measure(s, 0, C.B_GAMBIT) == 0


def test_each_resource_bounty_reads_the_sides_three_stocks_only():
    s = _board()
    s.res[0:3] = [4, 5, 6]
    s.res[3] = 1  # the next side's gold
    assert S.bounty_measure(s, 0, C.B_EACH_RES) == 4


def test_the_two_resource_bounty_reads_the_second_largest_stock():
    s = _board()
    s.res[0:3] = [1, 9, 4]
    s.res[3:6] = [6, 6, 0]
    assert S.bounty_measure(s, 0, C.B_TWO_RES) == 4 and S.bounty_measure(s, 1, C.B_TWO_RES) == 6


def test_audacious_attempt_counts_skimmer_only_regions_in_line_for_a_starfall():
    s = _board()
    n = s.n
    for r in (1, 2, 3, 4):
        s.skimmers[r * n + 0] = 1
    s.rw_ranks[1] = [2, 0]
    s.rewards[1] = [STAR_PUBLIC, STAR_HIDDEN, 1]  # 2nd in line of two starfalls: a win
    s.rw_ranks[2] = [2, 0]
    s.rewards[2] = [STAR_PUBLIC, 1]  # 2nd of one starfall: no
    s.rw_ranks[3] = [0]
    s.rewards[3] = [STAR_PUBLIC]
    s.ship_region[0] = 3  # an airship there too: not skimmers only
    s.rw_ranks[4] = [1]  # side 0 not in line
    s.rewards[4] = [STAR_PUBLIC]
    assert S.skimmer_wins(s, 0) == 1
    s.rw_ranks[0] = [0]
    s.rewards[0] = [STAR_PUBLIC]  # in line, but no skimmer of its there
    assert S.skimmer_wins(s, 0) == 1 and S.bounty_measure(s, 0, C.B_SKIMMER_WIN) == 1
    s.rw_ranks[6], s.rewards[6] = [0], [STAR_PUBLIC]
    s.skimmers[6 * n + 0] = 1  # a second win after the region side 0 is not in line in
    assert S.skimmer_wins(s, 0) == 2


def test_audacious_attempt_of_a_later_side_looks_at_its_own_airships():
    s = _board()
    n = s.n
    s.skimmers[2 * n + 1] = 1
    s.rw_ranks[2], s.rewards[2] = [1], [STAR_PUBLIC]
    assert S.skimmer_wins(s, 1) == 1
    s.ship_region[C.SHIPS + 2] = 2  # side 1's third airship is there too
    assert S.skimmer_wins(s, 1) == 0


def test_audacious_attempt_counts_the_first_rank_where_cloudseers_starfall_is():
    s = _board(guardians=True)
    n = s.n
    s.skimmers[5 * n + 1] = 1
    s.rw_ranks[5] = [1]
    s.rewards[5] = [0]  # no starfall on the list
    s.ranks[5] = [1]
    s.gd_card = [C.CLOUDSEER, C.CRAGJAW]
    s.gd_region = [5, 2]
    s.gd_moved = [0, -1]
    s.cloud_star = 1
    assert S.skimmer_wins(s, 1) == 1
    s.cloud_star = 0
    assert S.skimmer_wins(s, 1) == 0
    s.cloud_star = 1
    s.gd_moved = [-1, -1]
    assert S.skimmer_wins(s, 1) == 0
    s.gd_moved = [0, -1]
    s.ranks[5] = [2, 1]
    assert S.skimmer_wins(s, 1) == 0


def test_bold_bluff_counts_first_places_with_only_zero_tokens():
    s = _board()
    s.ranks[2] = [1, 0]
    s.ship_region[3:6] = [2, 2, 7]
    s.ship_chip[3:6] = [0, 0, 5]
    s.ranks[7] = [1]  # a 5 there
    s.ranks[4] = [1]  # first with no airship there (skimmers)
    s.ranks[6] = [0]
    s.ship_region[0] = 6
    s.ship_chip[0] = 0
    assert S.bluff_wins(s, 1) == 1 and S.bluff_wins(s, 0) == 1 and S.bluff_wins(s, 2) == 0
    s.ship_chip[4] = 1
    assert S.bluff_wins(s, 1) == 0 and S.bounty_measure(s, 0, C.B_BLUFF) == 1


def test_bold_bluff_counts_each_region_and_only_the_sides_own_airships():
    s = _board()
    s.ranks[1], s.ranks[3] = [1], [1]
    s.ship_region[3:6] = [1, 3, -1]
    s.ship_chip[3:6] = [0, 0, -1]
    s.ship_region[0], s.ship_chip[0] = 1, 7  # side 0's 7 in region 1 is not side 1's
    assert S.bluff_wins(s, 1) == 2


def _objective(card: int):
    s = _board(3)
    assert s.objectives  # the base game's objectives (no bounties)
    s.round = 2
    s.objectives[1] = card
    s.order = [2, 0, 1]
    s.stars = [4, 1, 2]
    s.src = [0] * (N_SRC * 3)
    s.objective_log = []
    return s


def test_an_objective_goes_to_the_first_in_turn_order_of_the_tied_leaders_with_consolations():
    card = [o.measure for o in C.OBJECTIVES].index(C.M_GOLD)
    s = _objective(card)
    obj = C.OBJECTIVES[card]
    s.res[0:3] = [obj.minimum + 1, 0, 0]
    s.res[3:6] = [obj.minimum + 1, 1, 1]
    s.res[6:9] = [obj.minimum, 0, 0]
    ev: list[Event] = []
    S.score_objective(s, ev)
    assert s.stars == [5, 1, 2] and s.src[0 * N_SRC + 2] == 1 and sum(s.src) == 1
    c = obj.consolation
    assert s.res[3:6] == [obj.minimum + 1 + c[0], 1 + c[1], 1 + c[2]]
    assert s.res[6:9] == [obj.minimum + c[0], c[1], c[2]]
    assert s.objective_log == [[0, 2, 1]]
    values = [obj.minimum + 1, obj.minimum + 1, obj.minimum]
    assert ev == [Event(f"Objective {obj.name}: {who(s, 0)} leads with {obj.minimum + 1} and gains a starfall; "
                        f"{who(s, 2)}, {who(s, 1)} take {C.resources_text(c)}.", 0, kind="objective",
                        data={"round": 2, "card": card, "values": values, "leader": 0, "consolation": [2, 1]})]


def test_an_objective_nobody_reaches():
    card = [o.measure for o in C.OBJECTIVES].index(C.M_GOLD)
    s = _objective(card)
    obj = C.OBJECTIVES[card]
    s.res[0:3] = [obj.minimum - 1, 0, 0]
    ev: list[Event] = []
    S.score_objective(s, ev)
    assert s.stars == [4, 1, 2] and s.objective_log == [[-1]]
    assert ev == [Event(f"Objective {obj.name}: nobody reaches {obj.minimum}.", kind="objective",
                        data={"round": 2, "card": card, "values": [obj.minimum - 1, 0, 0], "leader": -1,
                              "consolation": []})]


def test_an_objective_reached_exactly_by_one_side_alone():
    card = [o.measure for o in C.OBJECTIVES].index(C.M_GOLD)
    s = _objective(card)
    obj = C.OBJECTIVES[card]
    s.res[6:9] = [obj.minimum, 0, 0]
    ev: list[Event] = []
    S.score_objective(s, ev)
    assert s.stars == [4, 1, 3] and s.objective_log == [[2]] and s.res[0:6] == [0] * 6
    assert ev[0].text == f"Objective {obj.name}: {who(s, 2)} leads with {obj.minimum} and gains a starfall."


def _final(players: int = 4, **opts):
    s = _board(players, **opts)
    s.next_order = list(reversed(range(s.n)))
    s.src = [0] * (N_SRC * s.n)
    s.by_round = [[1] * s.n, [2] * s.n]
    return s


def test_the_result_ranks_by_stars_then_resources_then_buildings_then_the_track():
    s = _final(4)
    s.next_order = [3, 1, 0, 2]
    s.stars = [5, 5, 5, 7]
    s.res = [2, 1, 0, 1, 1, 1, 3, 0, 0, 0, 0, 0]  # sides 0, 1, 2 have 3 each
    s.built = [1, 1, 0, 2, 0, 1, 1, 1, 0, 0, 0, 0]  # side 0 and 2: 2 buildings, side 1: 2 (a skimmer not counted)
    r = S.result(s)
    # the track: side 3 first, then 1, 0, 2
    assert r.ranking == [[3], [1], [0], [2]] and r.scores == [5, 5, 5, 7]
    assert r.tiebreak == (f"{who(s, 1)} ranks above {who(s, 0)} on the turn-order track; "
                          f"{who(s, 0)} ranks above {who(s, 2)} on the turn-order track.")
    assert r.details == {
        "resources": [[2, 1, 0], [1, 1, 1], [3, 0, 0], [0, 0, 0]],
        "buildings": [[1, 1, 0], [2, 0, 1], [1, 1, 0], [0, 0, 0]],
        "track": [2, 1, 3, 0],
        "automa": [],
        "by_round": [[1] * 4, [2] * 4],
    }


def test_the_tie_break_words_for_resources_and_buildings():
    s = _final(3)
    s.next_order = [0, 1, 2]
    s.stars = [3, 3, 3]
    s.res = [0, 0, 1, 2, 0, 0, 0, 1, 1]  # 1, 2, 2
    s.built = [0, 0, 0, 1, 1, 0, 2, 1, 0]  # 0, 2, 3
    r = S.result(s)
    assert r.ranking == [[2], [1], [0]]
    assert r.tiebreak == (f"{who(s, 2)} ranks above {who(s, 1)} on buildings (3 to 2); "
                          f"{who(s, 1)} ranks above {who(s, 0)} on resources left (2 to 1).")


def test_no_tie_no_words_and_the_track_of_a_side_with_no_space():
    s = _final(3)
    s.next_order = [2, 0, -1]
    s.stars = [1, 2, 3]
    r = S.result(s)
    assert r.ranking == [[2], [1], [0]] and r.tiebreak == ""
    assert r.details["track"] == [1, NR, 0]


def test_the_breakdown_lists_the_sources_this_game_uses():
    s = _final(3)  # objectives, no bounty, no guardian
    s.src = list(range(N_SRC * 3))
    assert S.result(s).breakdown[1] == [(SOURCES[0], 5), (SOURCES[1], 6), (SOURCES[2], 7)]
    s = _final(3, bounties=True, guardians=True)
    s.src = list(range(N_SRC * 3))
    assert S.result(s).breakdown[2] == [(SOURCES[0], 10), (SOURCES[1], 11), (SOURCES[3], 13), (SOURCES[4], 14)]
    s = _final(3, bounties=True)
    s.src = list(range(N_SRC * 3))
    assert S.result(s).breakdown[0] == [(SOURCES[0], 0), (SOURCES[1], 1), (SOURCES[3], 3)]
    s = _final(3, guardians=True)
    s.src = list(range(N_SRC * 3))
    assert S.result(s).breakdown[0] == [(SOURCES[k], k) for k in (0, 1, 2, 4)]


def test_the_automa_sides_are_named_in_the_details():
    s = _final(2)
    assert s.n == 3 and S.result(s).details["automa"] == [2]


def test_buildings_and_resources_of_a_side():
    s = _board()
    s.built = [1, 2, 3, 4, 5, 6, 0, 0, 0]
    s.res = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert [S.buildings(s, x) for x in range(3)] == [3, 9, 0]
    assert [S.resources(s, x) for x in range(3)] == [6, 15, 24]


def test_the_estimate_adds_a_little_for_stock_and_buildings_still_to_earn():
    s = _board()
    s.stars = [2, 0, 1]
    s.res = [1, 2, 3, 0, 0, 0, 5, 0, 0]
    s.built = [1, 1, 4, 0, 0, 0, 2, 0, 0]
    s.round = 3
    for phase, left in ((MAIN, C.ROUNDS - 2), (REWARDS, C.ROUNDS - 3)):
        s.phase = phase  # in the main phase this round's rewards are still to come
        got = S.estimate(s)
        assert got == pytest.approx([2 + 0.08 * 6 + left * 0.06 * 2, 0.0, 1 + 0.08 * 5 + left * 0.06 * 2])
