"""The four phases: Order (with the catch-up check and the Hired Skiff), Placement, Storm, Cleanup."""

from __future__ import annotations

import pytest

from engine.games.shardwake import RULES
from engine.games.shardwake.rules.order import order_phase
from engine.games.shardwake.state import (
    BIDDING,
    ORDER,
    PLACEMENT,
    Idle,
    Place,
    SkiffChoice,
    Trade,
)

from .helpers import act, current, fresh, harbor, outer, to_placement


def _finish_placement(s):
    """Place every ship on the first legal space (no trades) until the Placement phase ends."""
    r = s.round
    while s.phase == PLACEMENT and s.round == r:
        seat = current(s)
        moves = [m for m in RULES.legal(s, seat) if not isinstance(m, Trade)]
        act(s, moves[0], seat)


def test_round_1_skips_the_order_phase():
    s = to_placement(4, seed=3)
    order = list(s.order)
    assert s.round == 1 and s.skiff == -1
    assert RULES.to_act(s) == (order[0],)


def test_order_phase_lowest_renown_first_ties_keep_relative_order():
    # seed: "Rearrange turn order by Renown, lowest first. Tied players keep their previous relative order."
    s = to_placement(4, seed=3)
    s.order = [2, 0, 3, 1]
    s.renown = [4, 1, 4, 2]
    s.round = 2
    order_phase(s, None)
    assert s.order == [1, 3, 2, 0]


def test_catch_up_check_gives_the_hired_skiff_at_5_behind():
    # seed: "if the first player trails the Renown leader by 5 or more, they take the Hired Skiff this round."
    s = to_placement(4, seed=3)
    s.renown = [0, 5, 3, 2]
    s.round = 2
    order_phase(s, None)
    assert s.order[0] == 0 and s.skiff == 0
    assert s.ships_left[0] == 4 and s.ships_left[1] == 3


def test_no_skiff_at_4_behind():
    s = to_placement(4, seed=3)
    s.renown = [1, 5, 3, 2]
    s.round = 2
    order_phase(s, None)
    assert s.skiff == -1 and s.ships_left == [3, 3, 3, 3]


def test_skiff_is_marked_on_the_board_and_returned_at_cleanup():
    s = to_placement(4, seed=3)
    s.renown = [0, 6, 3, 2]
    s.round = 2
    s.forecast = [s.storm_deck.pop()]
    order_phase(s, None)
    placed = 0
    while s.phase == PLACEMENT:
        seat = current(s)
        moves = [m for m in RULES.legal(s, seat) if not isinstance(m, Trade)]
        act(s, moves[0], seat)
        if seat == 0:
            placed += 1
    assert placed == 4
    assert s.phase == BIDDING
    skiff_marks = [c for c in [*s.docks, *s.harbor] if c == 8]
    assert len(skiff_marks) == 1
    for seat in range(4):
        act(s, RULES.legal(s, seat)[0], seat)
    assert s.skiff == -1 and all(c < 0 for c in s.docks)


def test_skiff_fallback_choose_first_position_or_the_skiff():
    # seed: "The fallback is to let that player choose either first position or the Skiff, not both."
    s = to_placement(4, seed=3, skiff="choose")
    s.renown = [0, 6, 3, 2]
    s.round = 2
    order_phase(s, None)
    assert s.phase == ORDER and RULES.to_act(s) == (0,)
    act(s, SkiffChoice(True), 0)
    assert s.skiff == 0 and s.order[0] != 0 and s.order[1] == 0
    s2 = to_placement(4, seed=3, skiff="choose")
    s2.renown = [0, 6, 3, 2]
    s2.round = 2
    order_phase(s2, None)
    act(s2, SkiffChoice(False), 0)
    assert s2.skiff == -1 and s2.order[0] == 0


def test_turns_go_around_in_turn_order_one_ship_each():
    s = to_placement(4, seed=4)
    seen = []
    for _ in range(4):
        seat = current(s)
        seen.append(seat)
        act(s, [m for m in RULES.legal(s, seat) if isinstance(m, Place)][0], seat)
    assert seen == s.order


def test_if_you_have_ships_left_and_others_dont_keep_placing():
    # seed: "If you have ships left and others don't, keep placing."
    s = to_placement(4, seed=4)
    first = current(s)
    for p in range(4):
        if p != first:
            s.ships_left[p] = 0
    s.ships_left[first] = 3
    for _ in range(3):
        assert current(s) == first
        act(s, [m for m in RULES.legal(s, first) if isinstance(m, Place)][0], first)
    assert s.phase != PLACEMENT or s.round == 2


def test_each_dock_holds_one_ship_per_round():
    # seed: "Each dock holds one ship per round."
    s = to_placement(4, seed=4)
    i = outer(s)[0]
    act(s, Place(2 * i + 1))
    assert Place(2 * i + 1) not in RULES.legal(s, current(s))


def test_a_harbor_space_holds_one_ship():
    s = to_placement(4, seed=4)
    act(s, Place(harbor("aether_well")))
    assert Place(harbor("aether_well")) not in RULES.legal(s, current(s))


def test_spaces_marked_4_plus_and_5_open_only_at_that_player_count():
    # seed: "Spaces marked 4+ or 5 open only at that player count."
    for players, hall, dock in [(3, False, False), (4, True, False), (5, True, True)]:
        s = to_placement(players)
        legal = RULES.legal(s, current(s))
        assert (Place(harbor("guild_hall")) in legal) == hall
        assert (Place(harbor("drydock")) in legal) == dock


def test_forecast_in_odd_rounds_strike_in_even_rounds():
    # seed: "Rounds 1, 3, 5 (Forecast)" / "Rounds 2, 4, 6 (Strike)"
    s = to_placement(4, seed=6)
    top = s.storm_deck[-1]
    _finish_placement(s)
    assert s.round == 2 and s.forecast == [top] and s.phase != BIDDING
    _finish_placement(s)
    assert s.round == 2 and s.phase == BIDDING


def test_cleanup_returns_ships_and_advances_the_round():
    # seed: "Return all Airships and the Hired Skiff to their owners." / "Advance the Round marker."
    s = to_placement(4, seed=6)
    _finish_placement(s)
    assert s.round == 2
    assert all(c == -1 for c in s.docks)
    assert all(h in (-1, -2) for h in s.harbor)
    assert s.ships_left == [3, 3, 3, 3]


@pytest.mark.parametrize("variant", ["standard", "calm-skies"])
def test_when_every_other_space_is_taken_the_open_moorings_still_takes_a_ship(variant):
    # seed: "Keep going around until every ship is placed."
    s = to_placement(3, seed=6, variant=variant)
    moorings = harbor("open_moorings")
    s.docks = [9 if c == -1 else c for c in s.docks]
    s.harbor = [(9 if h == -1 and k != moorings - 100 else h) for k, h in enumerate(s.harbor)]
    for _ in range(3):
        seat = current(s)
        legal = RULES.legal(s, seat)
        assert Idle() not in legal
        assert [m for m in legal if isinstance(m, Place)] == [Place(moorings)]
        before = s.res[seat][1]
        act(s, Place(moorings), seat)
        assert s.res[seat][1] == before + 1


def test_no_ship_sits_out_in_any_game():
    """In heuristic games, every ship finds a space: the Open Moorings is never full."""
    from engine.bots.base import decision_for
    from engine.core.rng import Rng
    from engine.games.shardwake.bots import HeuristicBot
    for players, variant in ((5, "standard"), (4, "calm-skies"), (3, "calm-skies")):
        for seed in range(3):
            s = fresh(players, seed, variant=variant)
            bots = [HeuristicBot(RULES, seed * 10 + i) for i in range(players)]
            rng = Rng.seeded(seed)
            while acting := RULES.to_act(s):
                seat = acting[0]
                legal = RULES.legal(s, seat)
                assert Idle() not in legal
                move = legal[0] if len(legal) == 1 else bots[seat].choose(decision_for(RULES, s, seat, rng))
                RULES.apply(s, seat, move, True)
