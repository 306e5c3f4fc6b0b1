"""Runs of many games on one shape for every backend: seeded batches, msgpack records, the
figures computed in one place — so one core and processes give the same output byte for
byte; --out keeps the records, --resume continues them, Ctrl+C stops cleanly, and --cluster
without Ray says how to install it. (Ray itself: tests/engine/test_cluster.py.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import runs
from engine.cli import main
from engine.tournament import seat_patterns

ROOT = Path(__file__).resolve().parents[2]


def figures(capsys, argv: list[str]) -> str:
    """The ``--json`` output of a command, without its timings."""
    code = main(argv)
    out = capsys.readouterr().out
    assert code == 0, out
    return strip_timings(out)


def strip_timings(out: str) -> str:
    """JSON (one document, or one per line) without its ``seconds``, as canonical text."""
    def drop(x):
        if isinstance(x, dict):
            return {k: drop(v) for k, v in x.items() if k != "seconds"}
        return [drop(v) for v in x] if isinstance(x, list) else x
    try:
        docs = [json.loads(out)]
    except json.JSONDecodeError:
        docs = [json.loads(line) for line in out.splitlines()]
    return "\n".join(json.dumps(drop(d)) for d in docs)


SHARDWAKE = ["lab", "shardwake", "--games", "8", "--players", "4", "--bots", "heuristic", "--json", "--no-progress"]
PEPPER = ["lab", "pepper", "--games", "40", "--players", "3", "--bots", "random,ismcts:20", "--rotate",
          "--json", "--no-progress"]


# ---------------------------------------------------------------- one shape


def test_batches_are_contiguous_ranges_of_what_is_left():
    cut = runs.batches("m:f", b"", [0, 1, 2, 3, 4, 7, 8, 10], 3)
    assert [(b.first, b.count) for b in cut] == [(0, 3), (3, 2), (7, 2), (10, 1)]
    assert not any(b.drill for b in cut)
    assert [b.drill for b in runs.batches("m:f", b"", list(range(6)), 2, drill=1)] == [False, True, False]


def test_records_travel_as_keys_once_and_rows():
    recs = [{"seed": 1, "scores": [3, 4]}, {"seed": 2, "scores": [5, 1]}, {"seed": 3, "other": None}]
    packed = runs.pack(10, recs)
    assert packed.keys == ["seed", "scores"] and packed.rows[0] == [1, [3, 4]]
    back = runs.unpack(runs.decode_records(runs.encode_records(packed)))
    assert back == recs


@pytest.mark.parametrize("argv", [SHARDWAKE, PEPPER], ids=["shardwake", "pepper"])
def test_the_same_command_gives_the_same_figures_on_one_core_and_on_processes(capsys, argv):
    one = figures(capsys, [*argv, "--jobs", "1"])
    two = figures(capsys, [*argv, "--jobs", "2", "--batch", "3"])
    assert one == two
    assert json.loads(one)["games"] == int(argv[3])


def test_selfplay_gives_the_same_games_whatever_the_batches(capsys):
    argv = ["selfplay", "pepper", "--games", "7", "--bots", "random,ismcts:20", "--json"]
    assert figures(capsys, [*argv, "--jobs", "1"]) == figures(capsys, [*argv, "--jobs", "2", "--batch", "2"])


# ---------------------------------------------------------------- --out and --resume


def test_out_keeps_the_records_and_the_summary(tmp_path, capsys):
    out = tmp_path / "run"
    shown = figures(capsys, [*PEPPER, "--jobs", "2", "--batch", "7", "--out", str(out)])
    header, body, _ = runs.read_records(out / "records.msgpack")
    assert header.games == 40 and header.run["game"] == "pepper"
    assert sorted(b.first for b in body) == [0, 7, 14, 21, 28, 35]  # appended per batch
    records = [r for b in sorted(body, key=lambda b: b.first) for r in runs.unpack(b)]
    assert [r["seed"] for r in records] == list(range(1, 41))
    assert strip_timings((out / "summary.json").read_text()) == shown
    assert len((out / "games.csv").read_text().splitlines()) == 41
    assert main([*PEPPER, "--out", str(out)]) == 2  # never over a run's records
    assert "--resume" in capsys.readouterr().err


def test_resume_continues_a_cut_run_to_the_same_figures(tmp_path, capsys):
    whole = figures(capsys, [*SHARDWAKE, "--jobs", "1"])
    out = tmp_path / "run"
    figures(capsys, [*SHARDWAKE, "--jobs", "1", "--batch", "3", "--out", str(out)])
    path = out / "records.msgpack"
    data = path.read_bytes()
    _, body, _ = runs.read_records(path)
    cut = len(data) - sum(len(runs.encode_records(b)) + 8 for b in body[1:])  # the header and one batch
    path.write_bytes(data[:cut] + data[cut:cut + 20])  # ... and a torn frame, as a kill leaves it
    assert [b.first for b in runs.read_records(path)[1]] == [0]
    resumed = figures(capsys, [*SHARDWAKE, "--jobs", "2", "--resume", str(path)])
    assert resumed == whole
    assert sum(b.count for b in runs.read_records(path)[1]) == 8  # the rest appended, nothing twice


@pytest.mark.parametrize("change", [["--games", "9"], ["--seed", "2"], ["--bots", "random"]])
def test_resume_refuses_the_records_of_another_run(tmp_path, capsys, change):
    out = tmp_path / "run"
    figures(capsys, [*PEPPER, "--jobs", "1", "--out", str(out)])
    argv = [*PEPPER, "--resume", str(out / "records.msgpack")]
    if change[0] in argv:
        argv[argv.index(change[0]) + 1] = change[1]
    else:
        argv += change
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "another run" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["lab", "pepper", "--bots", "random", "--resume", "nowhere.msgpack"],
    ["lab", "pepper", "--bots", "random", "--resume", "README.md"],
    ["lab", "pepper", "--bots", "random", "--batch", "-1"],
    ["lab", "pepper", "--bots", "random", "--out", "README.md"],
    ["selfplay", "pepper", "--resume", "README.md"],
    ["tournament", "pepper", "--bots", "random"],
    ["tournament", "pepper", "--bots", "random,wizard"],
])
def test_bad_run_switches_are_one_line(argv, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main([*argv, "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert err and err.count("\n") == 0 and "Traceback" not in err


# ---------------------------------------------------------------- Ctrl+C


def test_ctrl_c_stops_the_workers_says_what_finished_and_resume_completes(tmp_path):
    out = tmp_path / "run"
    argv = ["lab", "pepper", "--games", "4000", "--bots", "random", "--players", "2", "--json",
            "--jobs", "2", "--batch", "20", "--out", str(out), "--no-progress"]
    # Ctrl+C as a terminal sends it (a shell's background job inherits SIGINT ignored: undo that)
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    path = out / "records.msgpack"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and len(runs.read_records(path)[1]) >= 2:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    finished = int(stderr.split("interrupted — ")[1].split(" of 4000")[0])
    assert 40 <= finished < 4000 and f"--resume {path}" in stderr
    assert json.loads(stdout)["games"] == finished  # the figures of what was finished
    done = sum(b.count for b in runs.read_records(path)[1])
    assert done == finished
    resumed = subprocess.run([sys.executable, "-m", "tui.cli", *argv[:-3], "--resume", str(path), "--no-progress"],
                             cwd=ROOT, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{finished} of 4000 games read back" in resumed.stderr
    whole = subprocess.run([sys.executable, "-m", "tui.cli", *argv[:-3], "--no-progress"],
                           cwd=ROOT, capture_output=True, text=True)
    assert strip_timings(resumed.stdout) == strip_timings(whole.stdout)


# ---------------------------------------------------------------- without the extra


def test_the_base_install_never_imports_ray():
    code = (
        "import sys, engine.cli, engine.lab, engine.runs, engine.selfplay, engine.tournament;"
        "from engine.cli import main;"
        "rc = main(['lab', 'shardwake', '--help']);"
        "rc2 = main(['lab', 'pepper', '--games', '3', '--bots', 'random', '--jobs', '2', '--no-progress', '--json']);"
        "sys.exit(3 if 'ray' in sys.modules else rc or rc2)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, f"ray imported, or: {out.stderr}"


@pytest.mark.parametrize("command", [
    ["lab", "pepper", "--bots", "random"],
    ["selfplay", "pepper"],
    ["tournament", "pepper", "--bots", "random,ismcts:10"],
])
def test_cluster_without_the_extra_says_how_to_install_it(command):
    code = ("import sys; sys.modules['ray'] = None;"  # as if Ray were not installed
            "from engine.cli import main;"
            f"sys.exit(main({[*command, '--games', '2', '--cluster']!r}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "GANGPLANK_DEBUG": ""})
    assert out.returncode == 2
    err = out.stderr.strip()
    assert err.count("\n") == 0 and "pip install 'gangplank[cluster]'" in err and "Traceback" not in err


# ---------------------------------------------------------------- tournament


def test_every_level_sits_in_every_seat_as_often_as_the_other():
    for players in (2, 3, 4, 5):
        patterns = seat_patterns("a", "b", players)
        for seat in range(players):
            assert sum(p[seat] == "a" for p in patterns) * 2 == len(patterns)
        assert sum(p.count("a") for p in patterns) * 2 == players * len(patterns)


def test_tournament_scores_with_intervals_the_same_on_every_backend(capsys):
    argv = ["tournament", "pepper", "--bots", "random,ismcts:40", "--games", "12", "--players", "2",
            "--json", "--no-progress"]
    one = figures(capsys, [*argv, "--jobs", "1"])
    assert one == figures(capsys, [*argv, "--jobs", "2", "--batch", "5"])
    out = json.loads(one)
    assert out["games"] == 12 * 2  # two seat patterns per deal
    for d in [*out["levels"].values(), *out["pairs"].values()]:
        assert d["ci95"][0] <= d["score"] <= d["ci95"][1]
    pair = out["pairs"]["random vs ismcts:40"]
    assert pair["score"] + out["levels"]["ismcts:40"]["score"] == pytest.approx(1)
    assert out["levels"]["ismcts:40"]["elo"] > out["levels"]["random"]["elo"]  # search beats chance
    assert pair["elo_ci95"][0] <= pair["elo_diff"] <= pair["elo_ci95"][1] < 0
