"""Random games: the kernel's property checks, plus Shards' own invariants."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shards import RULES
from engine.games.shards.content import DEVOTION, shard_cards
from engine.games.shards.state import PLAY, Options
from tests.engine.harness import check_random_game
from tests.engine.shards.helpers import all_cards


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(20))
def test_random_game(players, seed, tmp_path):
    check_random_game("shards", players, seed, tmp=tmp_path if seed % 5 == 0 else None, views_every=3)


FIXED = [
    (3, "Cultivation,Devotion,Dominion,Odium"),
    (2, "Autonomy,Preservation,Ruin,Honor"),
    (4, "Cultivation,Devotion,Dominion,Odium,Ruin"),
    (4, "Autonomy,Preservation,Ruin,Honor,Devotion"),
]


@pytest.mark.parametrize("players,shards", FIXED)
@pytest.mark.parametrize("seed", range(4))
def test_random_game_with_chosen_shards(players, shards, seed, tmp_path):
    m = check_random_game("shards", players, 100 + seed, options={"shards": shards}, tmp=tmp_path)
    assert sorted(m.view(None).shards) == sorted(shards.split(","))


def _expected_hand(s, seat: int) -> int:
    left = s.tricks - s.trick_no + (0 if s.trump == DEVOTION else 1)
    return left + (0 if seat in s.trick_seats else 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cards_are_conserved_and_hands_keep_their_size(players):
    """Every card is in exactly one place at every step, and no ability changes a hand's
    size ("the ability will also force them to discard cards so their hand size doesn't grow")."""
    rng = Rng.seeded(players)
    for seed in range(40):
        s = RULES.setup(Config(players, seed, Options()))
        every = sorted(c for sh in s.shards for c in shard_cards(sh))
        while acting := RULES.to_act(s):
            seat = acting[rng.below(len(acting))]
            moves = RULES.legal(s, seat)
            RULES.apply(s, seat, moves[rng.below(len(moves))], True)
            assert sorted(all_cards(s)) == every
            if s.step == PLAY and not s.picks:
                for i in range(players):
                    assert len(s.hands[i]) == _expected_hand(s, i), (seed, i, s.trick_no)
        assert all(h == [] for h in s.hands)
        assert s.round == 3 and len(s.trumps) == 3 and len(set(s.trumps)) == 3
        res = RULES.result(s)
        assert res is not None and len(res.details["by_round"][0]) == 3
