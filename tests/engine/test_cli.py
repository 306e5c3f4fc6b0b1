"""The command line: one clear line and a non-zero exit on errors; selfplay, verify and log work."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Match
from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True, text=True, cwd=ROOT)


def test_selfplay_json_is_one_object_per_game_and_a_summary(tmp_path, capsys):
    code = main(["selfplay", "pepper", "--games", "4", "--players", "3", "--bots", "random,ismcts:40",
                 "--seed", "9", "--json", "--jobs", "1", "--save-dir", str(tmp_path)])
    assert code == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [g["seed"] for g in games] == [9, 10, 11, 12]
    for g in games:
        assert set(g) >= {"seed", "players", "bots", "scores", "winners", "moves"}
        assert len(g["scores"]) == 3 and g["winners"]
        assert Match.load(g["save"]).result().scores == g["scores"]
    assert summary["games"] == 4 and set(summary["levels"]) == {"random", "ismcts:40"}
    seats = sum(v["seats_played"] for v in summary["levels"].values())
    assert seats == 12


def test_selfplay_is_reproducible_and_independent_of_jobs(capsys):
    main(["selfplay", "pepper", "--games", "3", "--bots", "ismcts:30", "--json", "--jobs", "1"])
    one = [json.loads(x) for x in capsys.readouterr().out.splitlines()][:-1]
    main(["selfplay", "pepper", "--games", "3", "--bots", "ismcts:30", "--json", "--jobs", "2"])
    two = [json.loads(x) for x in capsys.readouterr().out.splitlines()][:-1]
    strip = [{k: v for k, v in g.items() if k != "seconds"} for g in one]
    assert strip == [{k: v for k, v in g.items() if k != "seconds"} for g in two]


@pytest.mark.parametrize(
    "args, message",
    [
        (["selfplay", "chess"], "unknown game 'chess'"),
        (["selfplay", "pepper", "--bots", "genius"], "no bot level 'genius'"),
        (["selfplay", "pepper", "--players", "9"], "2–4 players"),
        (["selfplay", "pepper", "--option", "colour=red"], "has no option 'colour'"),
        (["selfplay", "pepper", "--option", "rounds=many"], "option rounds must be a whole number from 1 to 1000, not 'many'"),
        (["selfplay", "pepper", "--option", "rounds"], "KEY=VALUE"),
        (["verify", "/nonexistent.plank"], "no such file"),
        (["log", "/nonexistent.plank"], "no such file"),
        (["load", "/nonexistent.plank"], "no such file"),
        (["bench", "chess"], "unknown game"),
        (["play", "shards", "--seat", "bot:foo"], "no bot level 'foo' for Shards of Creation"),
        (["play", "shards", "--option", "shards=Foo"], "option shards must be"),
        (["lab"], "name a game first"),
    ],
)
def test_errors_are_one_line_and_non_zero(args, message, capsys):
    code = main(args)
    err = capsys.readouterr().err
    assert code != 0
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_damaged_file_gives_one_line(tmp_path):
    bad = tmp_path / "bad.plank"
    bad.write_bytes(b"GPLANK\x01\x05hello")
    out = run("verify", str(bad))
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1


def _finished_and_unfinished(tmp_path):
    m = Match.new("pepper", players=2, seed=3, undo="practice")
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0])
    done = tmp_path / "done.plank"
    m.save(done)
    m.seek(5)
    half = tmp_path / "half.plank"
    m.save(half)
    return done, half


def test_verify_checks_every_hash(tmp_path, capsys):
    done, _ = _finished_and_unfinished(tmp_path)
    assert main(["verify", str(done)]) == 0
    assert "every hash matches" in capsys.readouterr().out
    from engine.core import savefile

    loaded = savefile.read(done)
    loaded.records[2].hash32 ^= 0xFF
    m = Match.from_loaded(loaded, "x", strict=False)
    assert len(m.problems) == 1


def test_log_hides_secrets_until_the_game_is_over(tmp_path, capsys):
    done, half = _finished_and_unfinished(tmp_path)
    assert main(["log", str(half), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert not doc["finished"] and all("move" not in mv for mv in doc["moves"])
    text = json.dumps(doc)
    assert "you draw" not in text
    assert main(["log", str(done), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["finished"] and all("move" in mv for mv in doc["moves"]) and doc["result"]
    assert main(["log", str(done)]) == 0
    out = capsys.readouterr().out
    assert '[Game "Pepper"]' in out and "1. Red" in out


def test_help_and_engine_commands_do_not_import_textual():
    code = (
        "import sys; from tui import cli; sys.argv=['gangplank','--help'];\n"
        "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
        "assert not any(m.startswith('textual') for m in sys.modules), 'textual imported'"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "selfplay" in out.stdout


def test_lab_help_works_without_a_game_and_lists_the_games(capsys):
    assert main(["lab", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--games" in out and "shardwake" in out and "GAME" in out


def test_play_help_lists_the_games_and_their_bot_levels(capsys):
    with pytest.raises(SystemExit) as e:
        main(["play", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "shards" in out and "shiver" in out and "heuristic-any" in out and "practice" in out


def test_every_option_of_every_command_says_what_it_is_for():
    import argparse

    from engine.cli import _parser
    from engine.lab import parser as lab_parser

    parsers = [lab_parser(None)]
    for action in _parser()._actions:  # argparse has no public way to walk its subparsers
        if isinstance(action, argparse._SubParsersAction):
            parsers += list(action.choices.values())
    for p in parsers:
        for a in p._actions:
            if not isinstance(a, argparse._HelpAction):
                assert a.help, f"{p.prog}: {a.dest} has no help text"
