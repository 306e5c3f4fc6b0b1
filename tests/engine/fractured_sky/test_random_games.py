"""Random-game property checks (legality, replay, undo, saves, no leaks) for 1–5 players."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from tests.engine.harness import check_random_game


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games(players, seed, tmp_path):
    check_random_game("fractured-sky", players, seed, tmp=tmp_path, views_every=1 if seed == 1 else 3)


def test_invariants_hold_through_random_games():
    for seed in range(12):
        players = 1 + seed % 5
        s = RULES.setup(Config(players, seed, RULES.Options()))
        rng = Rng.seeded(seed)
        while acting := RULES.to_act(s):
            seat = acting[0]
            moves = RULES.legal(s, seat)
            RULES.apply(s, seat, moves[rng.below(len(moves))], True)
            for x in range(s.n):
                assert min(s.res[x * 3:x * 3 + 3]) >= 0
                assert 0 <= s.budget[x] <= C.POWER_LIMIT
                placed = [s.ship_chip[x * 3 + k] for k in range(3) if s.ship_chip[x * 3 + k] >= 0]
                if x < s.n - s.automa and s.phase == 0:
                    assert sum(placed) == C.POWER_LIMIT - s.budget[x]  # the 10-limit, printed values
                assert s.built[x * 3] <= 4 and s.built[x * 3 + 1] <= 4
                assert sum(s.skimmers[x::s.n]) <= 4
            assert len(set(s.hid_cards)) == len(s.hid_cards)  # one card per region in the deck
            assert sum(1 for o in s.site_owner if o >= 0) == sum(s.built[k] for k in range(len(s.built)) if k % 3 < 2)
