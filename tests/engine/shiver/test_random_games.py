"""Random-game property checks (legality, replay, undo, saves, no leaks, every game ends) for 2–4
players, on the Quick Start map and with the map-building draft."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.bench import random_playout
from engine.games.shiver import RULES
from tests.engine.harness import check_random_game
from tests.engine.shiver.helpers import fighter

FIGHTER_SAMPLE = ((3, 10), (4, 8))  # the first seeds tried for the fighter (lures, hunts, meets a hunter)


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


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", [6, 7])
def test_random_games_with_resilient_ships_and_the_neutral_defender(players, seed, tmp_path):
    check_random_game("shiver", players, seed, options={"resilient": "yes", "defender": "neutral"}, tmp=tmp_path,
                      views_every=2)


def test_random_games_fight():
    """Random play now boards, fires, raids and duels: combat is reachable from the opening."""
    from engine import Match
    from engine.core.rng import Rng
    from engine.games.shiver.state import Parry, Strike, Target

    seen: set[str] = set()
    for seed in range(3):
        m = Match.new("shiver", players=2, seed=seed)
        rng = Rng.seeded(seed)
        while not m.is_over():
            seat = m.to_act()[0]
            legal = m.legal(seat)
            mv = legal[rng.below(len(legal))]
            if isinstance(mv, (Strike, Parry, Target)):
                seen.add(type(mv).__name__)
            m.play(seat, mv)
    assert seen == {"Strike", "Parry", "Target"}


COMBAT = ("board", "raid", "gunfight", "defeat-merchant", "plunder", "summon", "hunt-card", "hunter-attack")


def _combat_seen(m) -> Counter:
    seen: Counter = Counter()
    for p in m.line:
        for e in p.events:
            if e.kind in COMBAT:
                kind = e.kind + (":merchant" if e.kind == "board" and "merchant" in (e.data or {}) else
                                 ":captain" if e.kind == "board" else "")
                seen[kind] += 1
    return seen


def test_random_games_fight_every_kind_of_fight(tmp_path):
    """The property checks above, over games where combat is sure to happen: uniformly random games board
    merchants and captains, raid and fire; a random player spoiling for a fight (``fighter``) also lures and
    summons monsters and hunts them. Counted over the sample, every kind of fight happens."""
    seen: Counter = Counter()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        seen += _combat_seen(check_random_game("shiver", players, seed, tmp=tmp_path, views_every=4))
    kinds = ("board:merchant", "board:captain", "raid", "gunfight", "defeat-merchant", "plunder", "summon",
             "hunt-card", "hunter-attack")
    # the fighter's games, on until every kind has been seen (which seeds meet a hunter moves with the rules'
    # other parts): the sample is bounded, so a kind of fight that can no longer happen fails the test
    for players, seed in [*FIGHTER_SAMPLE, *((3 + k % 2, 20 + k) for k in range(12))]:
        if all(seen[kind] for kind in kinds):
            break
        seen += _combat_seen(check_random_game("shiver", players, seed, tmp=tmp_path, views_every=4, choose=fighter))
    for kind in kinds:
        assert seen[kind] > 0, (kind, dict(seen))
