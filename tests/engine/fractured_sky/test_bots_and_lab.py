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
from engine.games.fractured_sky.state import (
    N_TALLY,
    T_GUARDIANS_MOVED,
    T_PAYLOADS_LOADED,
    T_PAYLOADS_TAKEN,
    T_ZERO_ALONE,
    Chip,
    Place,
)
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
    m = Match.new("fractured-sky", players=4, seed=3, undo="practice")
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


# ---------------------------------------------------------------- the Awakening expansions

AWAKENING = {"payloads": True, "flagships": True, "guardians": True, "bounties": True}


@pytest.mark.parametrize("players", [1, 2, 4, 5])
def test_heuristic_bots_play_the_expansions_reproducibly(players):
    opts = dict(AWAKENING) if players > 1 else {"flagships": True, "guardians": True}
    options = RULES.options_from(opts)
    a = play_bot_game(RULES, players, ["heuristic"] * players, seed=21, options=options)
    b = play_bot_game(RULES, players, ["heuristic"] * players, seed=21, options=options)
    assert a.is_over() and a.state_hash() == b.state_hash()


def test_heuristic_bots_use_every_expansion():
    options = RULES.options_from(AWAKENING)
    taken = loaded = claims = moved = flagships_out = 0
    for seed in range(4):
        s = play_bot_game(RULES, 4, ["heuristic"] * 4, seed=seed, options=options).state
        taken += sum(s.tally[x * N_TALLY + T_PAYLOADS_TAKEN] for x in range(4))
        loaded += sum(s.tally[x * N_TALLY + T_PAYLOADS_LOADED] for x in range(4))
        claims += sum(len(c) for c in s.claims)
        moved += sum(s.tally[x * N_TALLY + T_GUARDIANS_MOVED] for x in range(4))
        flagships_out += sum(len(r) // 2 for r in s.fl_log)
    assert taken > 0 and loaded > 0 and claims > 0 and moved > 0
    assert flagships_out == 4 * 5 * 4  # every side drafts every round


def _reward_position(round_: int):
    from tests.engine.fractured_sky.awakening import BLUE, RED, SHOALS, STORMCREST, VALE, table
    from tests.engine.fractured_sky.awakening import play as play_round

    s = table(3, order=[RED, BLUE, 2], starfall=SHOALS, payloads=True)
    s.round = round_
    play_round(s, {RED: [(SHOALS, 6), (STORMCREST, 0), (VALE, 0)], BLUE: [(SHOALS, 2), (STORMCREST, 1), (VALE, 3)],
                   2: [(VALE, 0), (STORMCREST, 2), (VALE, 4)]})
    assert RULES.to_act(s) == (RED,) and s.rw_region == SHOALS
    return s


def test_the_heuristic_takes_a_payload_when_it_is_worth_it():
    from engine.games.fractured_sky.state import PAYLOAD, STAR, Reward

    bot = HeuristicBot(RULES, 1)
    s = _reward_position(1)
    assert Reward(PAYLOAD) in RULES.legal(s, 0)
    # with the starfall on the list, the starfall
    assert bot.choose(Decision(RULES, 0, RULES.view(s, 0), RULES.legal(s, 0), None)) == Reward(STAR)
    s = _reward_position(1)
    s.rewards[s.rw_region] = [2]  # only the last tier is left: 1 gold
    legal = RULES.legal(s, 0)
    assert legal == [Reward(2), Reward(PAYLOAD)]
    # round 1: 1 gold, or a payload to carry in the four rounds to come: the payload
    assert bot.choose(Decision(RULES, 0, RULES.view(s, 0), legal, None)) == Reward(PAYLOAD)
    s = _reward_position(5)
    s.rewards[s.rw_region] = [2]
    # the last round: a payload is worth nothing any more
    assert bot.choose(Decision(RULES, 0, RULES.view(s, 0), RULES.legal(s, 0), None)) == Reward(2)


def test_the_heuristic_drafts_a_board_with_a_pile_of_gold():
    from engine.games.fractured_sky.state import Draft

    s = fresh(4, 5, flagships=True)
    s.fl_gold = [0, 0, 0, 6, 0]
    seat = RULES.to_act(s)[0]
    bot = HeuristicBot(RULES, 3)
    assert bot.choose(Decision(RULES, seat, RULES.view(s, seat), RULES.legal(s, seat), None)) == Draft(3)


def test_the_heuristic_builds_to_claim_a_bounty_first():
    from engine.games.fractured_sky.state import Build
    from tests.engine.fractured_sky.awakening import build, put_bounties, table

    s = table(3, order=[0, 1, 2], bounties=True)
    put_bounties(s, ["Master Merchant", "Lumber Lord", "Manic Miner", "Fortress Ferver", "Gilded Glutton"])
    for site in (0, 1, 2):
        build(s, 0, C.MARKET, site)
    s.res[0:3] = [3, 4, 0]
    bot = HeuristicBot(RULES, 2)
    move = bot.choose(Decision(RULES, 0, RULES.view(s, 0), RULES.legal(s, 0), None))
    assert isinstance(move, Build) and move.kind == C.MARKET  # its fourth market: Master Merchant


def test_ismcts_plays_the_expansions():
    m = Match.new("fractured-sky", players=4, seed=8, options=AWAKENING, undo="practice")
    rng = Rng.seeded(8)
    while m.cursor < 60:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
    seat = m.to_act()[0]
    bot = make("ismcts:40", RULES, 5)
    sample = RULES.determinize(m.state, seat, Rng.seeded(2))
    move = bot.choose(Decision(RULES, seat, RULES.view(sample, seat), RULES.legal(sample, seat), sample))
    assert move in m.legal(seat)


def test_lab_reports_each_expansions_figures():
    options = RULES.options_from(AWAKENING)
    m = play_bot_game(RULES, 4, ["heuristic"] * 4, seed=4, options=options)
    rec = lab.record(m.state, m.result(), 4, m.cursor)
    rec.update({"seed": 4, "players": 4, "levels": ["heuristic"] * 4, "winners": m.result().ranking[0],
                "scores": m.result().scores, "moves": m.cursor})
    metrics = lab.metrics(4, options)
    keys = {metric.key for metric in metrics}
    for want in ("payloads.taken", "payloads.power", "flagship_first_pick.veiled_armaments",
                 "flagship_round_starfalls.pincer_strike", "guardian_moved.cloudseer", "bounties.firsts",
                 "bounty_done.bold_bluff", "starfalls_by_source.bounty", "starfalls_by_source.cloudseer"):
        assert want in keys
    assert "payloads.taken" not in {metric.key for metric in lab.metrics(4, RULES.options_from({}))}
    for metric in metrics:
        num, den = metric.per_game(rec)
        assert den >= 0 and num >= 0
    draws = next(mt for mt in metrics if mt.key == "flagship_first_pick.veiled_armaments")
    assert sum(next(mt for mt in metrics if mt.key == f"flagship_first_pick.{C.power_name(c).lower().replace(' ', '_')}")
               .per_game(rec)[0] for c in range(10)) == draws.per_game(rec)[1] == 5
