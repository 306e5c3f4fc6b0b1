"""The bots (heuristic, heuristic-any, ISMCTS) play Shiver Me Timbers to the end, and the lab
records and summarises games."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.bots import Budget, decide, make, sample_for
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.lab import metrics, record
from engine.games.shiver.rules.common import S_TURN
from engine.lab import Job, summarize
from engine.lab import play_one as run_one


def play_one(job):
    seed, players, options, levels = job
    return run_one(Job("shiver", seed, players, options, levels, False))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", ["quick-start", "draft"])
def test_heuristic_bots_finish_games_and_reach_goals(players, board):
    recs = [play_one((seed, players, {"map": board}, ["heuristic"])) for seed in (1, 2)]
    for r in recs:
        assert r["rounds"] <= 20 and r["trigger"] in ("goals", "wind")
        assert len(r["scores"]) == players
    assert sum(len(c) for r in recs for c in r["claims"]) >= 2
    assert max(max(r["scores"]) for r in recs) >= 15


def test_heuristic_beats_random():
    wins = 0
    for seed in range(4):
        r = play_one((seed, 2, {}, ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]))
        heur = 0 if seed % 2 == 0 else 1
        wins += heur in r["winners"]
    assert wins >= 3


def test_the_open_heuristic_plays_every_origin_and_talent():
    origins, talents = set(), set()
    for seed in range(8):
        r = play_one((seed, 4, {}, ["heuristic-any"]))
        origins.update(r["origins"])
        talents.update(r["talents"])
    assert len(origins) >= 5 and len(talents) >= 5


def test_ismcts_decides_from_a_determinized_sample():
    from engine.core.rng import Rng
    from engine.core.rules import Config

    s = RULES.setup(Config(3, 5, RULES.options_from({})))
    rng = Rng.seeded(2)
    while s.step != S_TURN or s.round < 2:
        seat = RULES.to_act(s)[0]
        legal = RULES.legal(s, seat)
        RULES.apply(s, seat, legal[rng.below(len(legal))], True)
    seat = RULES.to_act(s)[0]
    sample, bot_seed = sample_for(RULES, s, seat, 5, 100)
    move = decide(RULES, sample, seat, "ismcts", bot_seed, Budget(iterations=60))
    assert move in RULES.legal(s, seat)
    bot = make("ismcts:30", RULES, 1)
    assert bot.level == "ismcts"


def test_the_lab_records_and_every_metric_is_a_finite_ratio():
    recs = [play_one((seed, 3, {}, ["heuristic"])) for seed in (3, 4)]
    for r in recs:
        assert json.loads(json.dumps(r)) == r  # plain data
    for m in metrics(3):
        for r in recs:
            num, den = m.per_game(r)
            assert den >= 0 and num == num  # not NaN
    out = summarize(metrics(3), recs)
    assert 0 <= out["ended_by_goals"] <= 1 and out["rounds"] > 0
    assert set(out["goal_claimed"]) <= {str(g) for g in C.goals_in_play()}


def test_record_reads_a_finished_state():
    from engine.core.rules import Config

    s = RULES.setup(Config(2, 1, RULES.options_from({})))
    from engine.core.bench import random_playout

    assert random_playout(RULES, 2, 1) > 0
    s.over = True
    r = record(s, RULES.result(s), 1, 0)
    assert r["players"] == 2 and r["winners"]


def test_lab_command_line():
    run = [sys.executable, "-m", "engine.cli", "lab", "shiver"]
    ok = subprocess.run(run + ["--games", "2", "--players", "2", "--jobs", "1", "--no-progress", "--json"],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
    data = json.loads(ok.stdout)
    assert data["games"] == 2 and "win_by_origin" in data
    bad = subprocess.run(run + ["--games", "2", "--option", "map=huge"], capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and "map" in bad.stderr and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------- combat


def _duel_at_parry(attack: int, defender_hand: list[int], players: int = 3):
    """Seat 0 boards the merchant; its right-hand neighbour plays the merchant and must answer ``attack``."""
    from engine.games.shiver.rules.common import S_PARRY, the_graph
    from engine.games.shiver.state import MERCHANT_TARGET, Act, Lead, Strike, Target
    from tests.engine.shiver.helpers import play, quick_game

    s = quick_game(players, seed=3)
    node = the_graph(s).anchors[0]
    s.merchant[node] = 0
    s.pos[0] = node
    for i in range(players):
        s.crew[i], s.rits[i] = [], []
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(MERCHANT_TARGET + node))
    rest = [c for c in range(len(C.DUEL_CARDS)) if c != attack and c not in defender_hand]
    s.duel_hands = [[attack], list(defender_hand)]
    s.duel_deck = rest
    play(s, s.actor, Lead(0))
    play(s, 0, Strike(attack))
    assert s.step == S_PARRY
    return s


def test_the_heuristic_defends_the_merchant_with_the_matching_guard():
    from engine.games.shiver.state import Parry

    # a High Attack 3 (card 0); the merchant holds a High Guard (12: L2 / High Guard) and Throw sand (24)
    s = _duel_at_parry(0, [12, 24])
    seat = RULES.to_act(s)[0]
    assert seat == 2  # the attacker's right-hand neighbour decides for the merchant
    sample, bot_seed = sample_for(RULES, s, seat, 5, 10)
    assert decide(RULES, sample, seat, "heuristic", bot_seed) == Parry(12)  # keeps the sand for later


def test_the_heuristic_throws_sand_at_a_heavy_blow_and_takes_a_light_one():
    from engine.games.shiver.state import Parry

    s = _duel_at_parry(0, [24, 7])  # High Attack 3; sand and a Middle Attack / Low Guard
    seat = RULES.to_act(s)[0]
    sample, bot_seed = sample_for(RULES, s, seat, 5, 10)
    assert decide(RULES, sample, seat, "heuristic", bot_seed) == Parry(24)
    s = _duel_at_parry(16, [24, 0])  # Low Attack 1 far from the edge, no Low Guard (0: H3 / Middle Guard): take it
    sample, bot_seed = sample_for(RULES, s, RULES.to_act(s)[0], 5, 10)
    assert decide(RULES, sample, RULES.to_act(s)[0], "heuristic", bot_seed) == Parry(-1)


def test_ismcts_plays_a_duel_from_determinized_hands():
    s = _duel_at_parry(0, [12, 24])
    seat = RULES.to_act(s)[0]
    for ply in range(3):
        sample, bot_seed = sample_for(RULES, s, seat, 7, ply)
        # the sample holds the merchant's true hand (the seat decides for it) and re-drawn others
        assert sorted(sample.duel_hands[1]) == sorted(s.duel_hands[1])
        move = decide(RULES, sample, seat, "ismcts", bot_seed, Budget(iterations=80))
        assert move in RULES.legal(s, seat)
