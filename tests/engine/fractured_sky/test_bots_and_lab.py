"""Bots (heuristic, ISMCTS) play whole games at every count; the heuristic bluffs and builds;
the lab's records and figures come out."""

from __future__ import annotations

import json

import pytest

from engine import Match
from engine.bots import make
from engine.bots.base import Decision
from engine.cli import main
from engine.core.rng import Rng
from engine.games.fractured_sky import RULES, lab
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.bots import HeuristicBot
from engine.games.fractured_sky.state import N_TALLY, T_ZERO_ALONE, Chip, Place
from engine.selfplay import play_bot_game
from tests.engine.fractured_sky.helpers import act, fresh, set_order


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_bots_play_whole_games_reproducibly(players):
    a = play_bot_game(RULES, players, ["heuristic"] * players, seed=11)
    b = play_bot_game(RULES, players, ["heuristic"] * players, seed=11)
    assert a.is_over() and a.state_hash() == b.state_hash()
    assert a.result().scores == b.result().scores


def test_heuristic_bots_build_explore_and_send_decoys():
    built = explored = decoys = 0
    for seed in range(6):
        m = play_bot_game(RULES, 4, ["heuristic"] * 4, seed=seed)
        s = m.state
        built += sum(s.built[x * 3] + s.built[x * 3 + 1] for x in range(4))
        explored += sum(s.tally[x * N_TALLY + 2] for x in range(4))
        decoys += sum(s.tally[x * N_TALLY + T_ZERO_ALONE] for x in range(4))
    assert built >= 6 * 4  # a market or fortress a side a game, at least
    assert explored > 0 and decoys > 0


def _contested_chip_position():
    s = fresh(3, 5)
    set_order(s, [1, 2, 0])
    s.starfalls = [0] * 10
    s.starfalls[4] = 1
    act(s, Place(4))
    act(s, Chip(5))
    act(s, Place(4))
    act(s, Chip(4))
    act(s, Place(4))  # Red goes to the contested Cascades: which chip?
    return s


def test_the_heuristic_bluffs_with_its_chips_where_contested():
    s = _contested_chip_position()
    d = Decision(RULES, 0, RULES.view(s, 0), RULES.legal(s, 0), None)
    honest = HeuristicBot(RULES, 1)
    honest.bluff = 0.0
    bluffer = HeuristicBot(RULES, 1)
    bluffer.bluff = 1.0
    straight = honest.choose(d)
    assert isinstance(straight, Chip)
    assert bluffer.choose(d) != straight  # not always the chip its sums prefer


def test_the_heuristic_sends_a_decoy_0_where_a_building_already_gives_it_power():
    s = fresh(3, 5)
    set_order(s, [0, 1, 2])
    site = C.SITE_REGIONS.index((7, 8))
    s.site_owner[site], s.site_kind[site] = 0, C.FORTRESS
    act(s, Place(7))  # Verdant Vale, nobody else there; its fortress will give it 1 troop power
    d = Decision(RULES, 0, RULES.view(s, 0), RULES.legal(s, 0), None)
    picks = set()
    for seed in range(40):
        bot = HeuristicBot(RULES, seed)
        bot.bluff = 0.5
        picks.add(bot.choose(d).value)
    assert 0 in picks and len(picks) > 1


def test_ismcts_plays_a_legal_move_with_the_estimate():
    m = Match.new("fractured-sky", players=4, seed=3, undo="free")
    rng = Rng.seeded(3)
    while m.cursor < 30:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
    seat = m.to_act()[0]
    est = RULES.estimate(m.state)
    assert len(est) == 4 and all(isinstance(x, float) for x in est)
    bot = make("ismcts:60", RULES, 7)
    sample = RULES.determinize(m.state, seat, Rng.seeded(1))
    move = bot.choose(Decision(RULES, seat, RULES.view(sample, seat), RULES.legal(sample, seat), sample))
    assert move in m.legal(seat)


def test_lab_records_and_figures():
    m = play_bot_game(RULES, 4, ["heuristic"] * 4, seed=2)
    rec = lab.record(m.state, m.result(), 2, m.cursor)
    rec.update({"seed": 2, "players": 4, "levels": ["heuristic"] * 4, "winners": m.result().ranking[0],
                "scores": m.result().scores, "moves": m.cursor})
    for metric in lab.metrics(4):
        num, den = metric.per_game(rec)
        assert den >= 0 and num >= 0
    keys = {metric.key for metric in lab.metrics(4)}
    for want in ("win_rate_by_first_action.place", "starfalls_by_source.hidden", "unspent.gold",
                 "chip_by_rank.1st", "last_space_by_choice", "built.market"):
        assert want in keys
    assert "people_win" in {metric.key for metric in lab.metrics(1)}


def test_gangplank_lab_runs(capsys):
    code = main(["lab", "fractured-sky", "--games", "3", "--players", "3", "--jobs", "1", "--json",
                 "--no-progress"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and "starfalls_by_source" in out and "chip_by_rank" in out
