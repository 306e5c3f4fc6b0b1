"""Random-game property checks (legality, replay, undo, saves, no leaks) for every count and variant."""

from __future__ import annotations

import pytest

from engine.core.bench import random_playout
from engine.games.shardwake import RULES
from tests.engine.harness import check_random_game


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_games_standard(players, seed, tmp_path):
    check_random_game("shardwake", players, seed, tmp=tmp_path, views_every=1 if seed == 1 else 3)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [7, 8])
def test_random_games_calm_skies(players, seed, tmp_path):
    check_random_game("shardwake", players, seed, options={"variant": "calm-skies"}, tmp=tmp_path, views_every=2)


@pytest.mark.parametrize("seed", [3, 4, 5, 6, 7])
def test_random_games_twin_charters(seed, tmp_path):
    check_random_game("shardwake", 3, seed, options={"variant": "twin-charters"}, tmp=tmp_path, views_every=2)


def test_random_games_designer_knobs(tmp_path):
    opts = {"fall_value": "2", "deep_slots": "4", "skiff": "choose", "handshake_cap": "3"}
    check_random_game("shardwake", 4, 11, options=opts, tmp=tmp_path, views_every=3)


def test_many_quick_playouts_end_with_a_result():
    for seed in range(40):
        assert random_playout(RULES, 3 + seed % 3, seed) > 50


def test_cubes_are_conserved_in_random_games():
    from engine.core.rng import Rng
    from engine.core.rules import Config
    from engine.games.shardwake import content as C

    for seed in range(6):
        s = RULES.setup(Config(3 + seed % 3, seed, RULES.Options()))
        rng = Rng.seeded(seed)
        while acting := RULES.to_act(s):
            seat = acting[0]
            moves = RULES.legal(s, seat)
            RULES.apply(s, seat, moves[rng.below(len(moves))], True)
            for r in range(3):
                assert s.supply[r] >= 0
                assert s.supply[r] + sum(x[r] for x in s.res) == C.CUBES[r]
