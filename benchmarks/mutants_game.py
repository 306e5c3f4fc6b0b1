"""Mutation testing of one game's rules and scoring, against that game's own rule tests.

    python -m benchmarks.mutants_game GAME [MODULE ...] [--jobs N]

GAME is a package under engine/games (shards, shardwake, fractured_sky, shiver). MODULE narrows
the run to some of its modules (``rules/payloads.py``, ``scoring.py``); by default every
``rules/*.py`` and ``scoring.py``. mutmut reads one ``[tool.mutmut]`` table, so this copies the
tree into ``.mutants-GAME/`` (git-ignored) with a table of its own: the game's modules, and the
game's tests without the random-game, bot and resampling-leak files (they reach every function
and are too slow to run once per mutant on a shared machine). Then it runs mutmut there under
``nice -n 10`` and prints the scores (benchmarks/mutation_scores.py). A second run in the same
folder re-tests only what changed; ``mutmut show NAME`` and ``mutmut results`` work inside it.
Results and the equivalent mutants found so far: docs/mutation.md.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW = ("random", "bots", "leaks", "no_leaks", "docs")  # test files left out (see the docstring)


def table(game: str, modules: list[str]) -> str:
    mutate = modules or [f"engine/games/{game}/rules/*", f"engine/games/{game}/scoring.py"]
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests/engine" / game).glob("test_*.py")
                   if not any(w in p.stem for w in SLOW))
    lines = ["[tool.mutmut]", 'source_paths = ["engine"]', "only_mutate = ["]
    lines += [f'    "{m if m.startswith("engine/") else f"engine/games/{game}/{m}"}",' for m in mutate]
    lines += ["]", 'also_copy = ["saves", "docs"]', "pytest_add_cli_args_test_selection = ["]
    lines += [f'    "{t}",' for t in tests]
    if game == "fractured_sky":
        lines += ['    "-k",', '    "not random",']  # test_awakening's random games
    if game == "shiver":  # whole bot games in test_family_games, test_titles, test_lab_holdings
        lines += ['    "-k",', '    "not bot_games and not epic_games",']
    lines += ["]", 'pytest_add_cli_args = ["-p", "no:xdist", "-p", "no:cacheprovider"]', ""]
    return "\n".join(lines)


def take_jobs(argv: list[str]) -> tuple[str, list[str]]:
    """``--jobs N`` (the mutmut worker count, 1 when not given) and the arguments without it."""
    if "--jobs" not in argv:
        return "1", argv
    k = argv.index("--jobs")
    return argv[k + 1], argv[:k] + argv[k + 2:]


def main(argv: list[str]) -> int:
    jobs, argv = take_jobs(argv)
    if not argv or not (ROOT / "engine/games" / argv[0]).is_dir():
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    game, modules = argv[0], argv[1:]
    work = ROOT / f".mutants-{game}"
    work.mkdir(exist_ok=True)
    for d in ("engine", "tests", "saves", "docs"):
        shutil.rmtree(work / d, ignore_errors=True)
        shutil.copytree(ROOT / d, work / d, ignore=shutil.ignore_patterns("__pycache__"))
    text = (ROOT / "pyproject.toml").read_text()
    start = text.index("[tool.mutmut]")
    end = text.find("\n[", start + 1)
    (work / "pyproject.toml").write_text(text[:start] + table(game, modules) + (text[end:] if end != -1 else ""))
    mutmut = Path(sys.executable).parent / "mutmut"
    run = subprocess.run(["nice", "-n", "10", str(mutmut), "run", "--max-children", jobs], cwd=work)
    subprocess.run([sys.executable, str(ROOT / "benchmarks/mutation_scores.py"), str(work / "mutants")])
    return run.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
