"""The heuristic bot (legal, reproducible, decides from its view, in character) and the lab."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Match
from engine.bots import levels, make
from engine.bots.base import Decision
from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.bots import HeuristicBot
from engine.games.shardwake.lab import SOURCES
from engine.games.shardwake.rules.end import game_end
from engine.games.shardwake.rules.storm import storm_phase
from engine.games.shardwake.state import ACCUSE, Accuse, Bid
from engine.lab import main as lab_main
from engine.lab import paired_diff

from .helpers import to_placement


def run_lab(argv: list[str]) -> int:
    return lab_main("shardwake", argv)

SAVES = Path(__file__).resolve().parents[3] / "saves"


def _bot_game(players, seed, options=None):
    s = RULES.setup(Config(players, seed, RULES.options_from(options or {})))
    bots = [HeuristicBot(RULES, seed * 10 + x) for x in range(players)]
    moves = []
    while acting := RULES.to_act(s):
        seat = acting[0]
        legal = RULES.legal(s, seat)
        m = bots[seat].choose(Decision(RULES, seat, RULES.view(s, seat), legal, None))
        assert m in legal
        moves.append(m)
        RULES.apply(s, seat, m, True)
    return s, moves


@pytest.mark.parametrize(("players", "options"), [(3, None), (4, None), (5, None), (4, {"variant": "calm-skies"}),
                                                  (3, {"variant": "twin-charters"}), (4, {"skiff": "choose"})])
def test_heuristic_bot_plays_only_legal_moves_to_the_end(players, options):
    s, _ = _bot_game(players, 21, options)
    assert RULES.result(s) is not None


def test_heuristic_bot_games_are_reproducible():
    assert _bot_game(4, 5)[1] == _bot_game(4, 5)[1]


def test_a_bot_made_afresh_for_every_move_finishes_its_trades():
    """The hub asks a new bot for each move (engine.bots.decide): drafts still get sent, not dropped."""
    from engine.bots import decide

    sent = dropped = 0
    for seed in (1, 2, 3):
        s = RULES.setup(Config(4, seed, RULES.options_from({})))
        while acting := RULES.to_act(s):
            seat = acting[0]
            m = decide(RULES, s, seat, "heuristic", seed * 1000 + len(s.trade_log) * 7 + seat)
            assert m in RULES.legal(s, seat)
            sent += type(m).__name__ == "Send"
            dropped += type(m).__name__ == "Cancel"
            RULES.apply(s, seat, m, True)
    assert sent > 0 and sent > dropped


def test_heuristic_bot_is_a_registered_level():
    assert "heuristic" in levels(RULES)
    assert make("heuristic", RULES, 1).level == "heuristic"


def test_heuristic_bot_decides_from_what_it_has_seen():
    """A state that looks the same to the seat gets the same move (the bot never reads hidden state)."""
    s = RULES.setup(Config(4, 8, RULES.options_from({})))
    rng = Rng.seeded(3)
    bots = [HeuristicBot(RULES, x) for x in range(4)]
    checked = 0
    while acting := RULES.to_act(s):
        seat = acting[0]
        legal = RULES.legal(s, seat)
        twin = RULES.determinize(s, seat, rng)
        a = HeuristicBot(RULES, 99).choose(Decision(RULES, seat, RULES.view(s, seat), legal, None))
        b = HeuristicBot(RULES, 99).choose(Decision(RULES, seat, RULES.view(twin, seat), RULES.legal(twin, seat), None))
        assert a == b
        checked += 1
        RULES.apply(s, seat, bots[seat].choose(Decision(RULES, seat, RULES.view(s, seat), legal, None)), True)
    assert checked > 100


def test_syndicate_underbids_and_covenant_overbids_on_average():
    totals = {C.SYNDICATE: 0, C.COVENANT: 0}
    for k in range(60):
        s = to_placement(4, seed=k)
        s.round = 2
        s.forecast = [0]  # Shearwind: a Crack storm
        for x in range(4):
            s.res[x][C.BALLAST] = 4
        storm_phase(s, None)
        for g in totals:
            s.agendas[0] = [g]
            bot = HeuristicBot(RULES, k)
            totals[g] += bot.choose(Decision(RULES, 0, RULES.view(s, 0), RULES.legal(s, 0), None)).ballast
    assert totals[C.SYNDICATE] < totals[C.COVENANT]
    assert totals[C.SYNDICATE] > 0  # it bluffs now and then


def test_bot_accuses_from_the_history_it_saw():
    s = to_placement(4, seed=3)
    s.agendas = [[C.SYNDICATE], [C.LEDGER], [C.COVENANT], [C.SYNDICATE]]
    for r in (1, 2, 3, 4, 5):
        s.brace_log.append([r, 2, 0])
    for r in (2, 4, 6):
        s.storm_log.append([r, 0, 5, 1, 6, 0, 1, 4, 1, 3, 3, 4, 3])  # seat 2 bid all it had, every time
    game_end(s, None)
    assert s.phase == ACCUSE
    move = HeuristicBot(RULES, 1).choose(Decision(RULES, 0, RULES.view(s, 0), RULES.legal(s, 0), None))
    assert move == Accuse(2, C.COVENANT)


def test_bids_are_in_range():
    s = to_placement(4, seed=3)
    s.round = 2
    s.forecast = [3]
    storm_phase(s, None)
    for seat in range(4):
        m = HeuristicBot(RULES, seat).choose(Decision(RULES, seat, RULES.view(s, seat), RULES.legal(s, seat), None))
        assert isinstance(m, Bid) and 0 <= m.ballast <= s.res[seat][C.BALLAST]


# ---------------------------------------------------------------- the lab


def test_lab_json_gives_every_figure_under_a_plain_key(capsys):
    assert run_lab(["--games", "6", "--players", "4", "--json", "--jobs", "1", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("storm_pass_rate", "falls_per_game", "games_with_3plus_falls", "win_rate_by_guild",
                "skiff_last_to_first", "handshakes_per_game", "trades_per_game", "same_guild_trade_share",
                "win_rate_by_seat", "score_by_source", "rounds_per_game", "storm_pass_rate_by_card"):
        assert key in out, key
    assert 0.0 <= out["storm_pass_rate"] <= 1.0
    assert set(out["score_by_source"]) == set(SOURCES)


def test_lab_vs_option_runs_the_same_seeds_side_by_side(capsys):
    argv = ["--games", "6", "--players", "3", "--json", "--jobs", "2", "--no-progress",
            "--vs-option", "fall-value=2"]
    assert run_lab(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["b"]["options"] == {"fall_value": "2"}
    d = out["diff"]["falls_per_game"]
    assert d is None or (d["ci95"][0] <= d["diff"] <= d["ci95"][1])


def test_lab_paired_difference_of_identical_runs_is_zero():
    pairs = [(1.0, 1.0), (0.0, 1.0), (1.0, 2.0)]
    diff, lo, hi = paired_diff(pairs, pairs)
    assert diff == 0 and lo == 0 and hi == 0


def test_lab_table_and_csv(tmp_path, capsys):
    path = tmp_path / "games.csv"
    assert run_lab(["--games", "4", "--players", "5", "--jobs", "1", "--no-progress", "--csv", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Storm pass rate" in text and "Dead Calm" in text
    rows = path.read_text().splitlines()
    assert rows[0].startswith("setting,seed") and len(rows) == 5


@pytest.mark.parametrize("argv", [
    ["--games", "2", "--option", "variant=stormy"],
    ["--games", "2", "--players", "7"],
    ["--games", "2", "--option", "variant=twin-charters", "--players", "4"],
    ["--games", "2", "--bots", "wizard"],
    ["--games", "x"],
    ["--games", "2", "--option", "oops"],
])
def test_lab_errors_are_one_line_and_nonzero(argv, capsys):
    assert run_lab([*argv, "--no-progress", "--jobs", "1"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "error" in err and "Traceback" not in err


# ---------------------------------------------------------------- example games


@pytest.mark.parametrize("path", sorted(SAVES.glob("shardwake-*.plank")), ids=lambda p: p.stem)
def test_example_games_replay_to_their_recorded_hashes(path):
    m = Match.load(path)  # strict: every recorded hash must match
    assert m.is_over() and m.result() is not None
    assert m.header.rules_version == RULES.version


def test_there_are_example_games_for_each_variant():
    names = {p.stem for p in SAVES.glob("shardwake-*.plank")}
    assert {"shardwake-4p-standard", "shardwake-4p-calm-skies", "shardwake-3p-twin-charters"} <= names
