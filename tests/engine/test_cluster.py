"""Ray as the backend (the ``cluster`` extra): the same figures as one core, a dead worker's
batch retried, Ctrl+C cancelling the tasks. One local Ray (``num_cpus=2``) for the module,
shut down after; ``make test`` installs the extra, so CI runs these."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from engine import runs
from engine.cli import main
from tests.engine.test_runs import PEPPER, SHARDWAKE, figures, strip_timings

pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                       reason="Ray is not installed: pip install -e '.[cluster]' (make test installs it)"),
    pytest.mark.ray,
    pytest.mark.xdist_group("ray"),  # one local Ray for the module, in one xdist worker
]


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    import logging

    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("argv", [SHARDWAKE, PEPPER], ids=["shardwake", "pepper"])
def test_ray_gives_the_same_figures_as_one_core(capsys, argv):
    # processes == one core is test_runs.py's (no fork here: this process holds a Ray driver)
    one = figures(capsys, [*argv, "--jobs", "1"])
    assert figures(capsys, [*argv, "--cluster", "--batch", "3"]) == one


def test_a_worker_that_dies_has_its_batch_retried_and_the_figures_do_not_change(capsys, monkeypatch):
    one = figures(capsys, [*PEPPER, "--jobs", "1"])
    monkeypatch.setenv(runs.DRILL, "2")  # the third batch's first attempt kills its worker process
    assert main([*PEPPER, "--cluster", "--batch", "5"]) == 0
    captured = capsys.readouterr()
    assert strip_timings(captured.out) == one
    assert "1 batch retried after a worker died" in captured.err


def test_ctrl_c_cancels_the_tasks_keeps_what_finished_and_resume_completes(tmp_path, capsys, monkeypatch):
    one = figures(capsys, [*PEPPER, "--jobs", "1"])
    spec_argv = [*PEPPER, "--cluster", "--batch", "2", "--out", str(tmp_path / "run")]
    calls = []

    real = runs.execute

    def interrupting(plan, backend, out=None, resume=None, on_batch=None, drill=None, on_records=None):
        def follow(done, total):
            calls.append(done)
            if len(calls) == 4:  # three batches in: the user presses Ctrl+C
                raise KeyboardInterrupt
        return real(plan, backend, out, resume, follow, drill, on_records)

    monkeypatch.setattr(runs, "execute", interrupting)
    assert main(spec_argv) == 130
    monkeypatch.undo()
    captured = capsys.readouterr()
    assert "interrupted — " in captured.err and "Traceback" not in captured.err
    path = Path(tmp_path / "run" / "records.msgpack")
    finished = sum(b.count for b in runs.read_records(path)[1])
    assert 0 < finished < 40 and json.loads(captured.out)["games"] <= finished
    assert figures(capsys, [*PEPPER, "--cluster", "--resume", str(path)]) == one


def test_tournament_on_ray_is_the_tournament_on_one_core(capsys):
    argv = ["tournament", "pepper", "--bots", "random,ismcts:20", "--games", "6", "--players", "3",
            "--json", "--no-progress"]
    assert figures(capsys, [*argv, "--cluster"]) == figures(capsys, [*argv, "--jobs", "1"])


def test_selfplay_on_ray_is_selfplay_on_one_core(capsys):
    argv = ["selfplay", "pepper", "--games", "6", "--bots", "random,ismcts:20", "--json", "--no-progress"]
    assert figures(capsys, [*argv, "--cluster", "--batch", "2"]) == figures(capsys, [*argv, "--jobs", "1"])

