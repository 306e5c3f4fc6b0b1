"""Random-game property checks (legality, replay, undo, saves, no leaks, every game ends) for 2–4
players, on the Quick Start map and with the map-building draft."""

from __future__ import annotations

import pytest

from engine.core.bench import random_playout
from engine.games.shiver import RULES
from tests.engine.harness import check_random_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_quick_start(players, seed, tmp_path):
    check_random_game("shiver", players, seed, tmp=tmp_path, views_every=1 if seed == 1 else 3)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [4, 5])
def test_random_games_draft(players, seed, tmp_path):
    check_random_game("shiver", players, seed, options={"map": "draft"}, tmp=tmp_path, views_every=2)


def test_many_quick_playouts_end_with_a_result():
    for seed in range(30):
        players = 2 + seed % 3
        opts = RULES.options_from({"map": "draft" if seed % 2 else "quick-start"})
        assert random_playout(RULES, players, seed, opts) > 20
