import pytest

from tests.engine.harness import check_random_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_pepper_random_games(players, seed, tmp_path):
    check_random_game("pepper", players, seed, tmp=tmp_path)
