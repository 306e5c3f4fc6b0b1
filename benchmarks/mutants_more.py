"""Continue a game's mutation run module by module, and re-test its survivors against new tests.

    python -m benchmarks.mutants_more pending GAME MODULE ...   [--jobs N]
    python -m benchmarks.mutants_more after GAME TEST_FILE ...  [--jobs N]

Both work on the folder ``benchmarks/mutants_game.py`` made (``.mutants-GAME/``).

``pending`` runs, in that folder, only the mutants of the given modules (``rules/family.py``,
``scoring.py``) that have no result yet — a run stopped at a deadline goes on module by module,
the quickest modules first, without re-testing what already ran.

``after`` is the "after" run of the new tests: it copies the folder (its results: the "before") to
``.mutants-GAME-after/``, puts the current tests in, and re-tests every survivor and every mutant no
test reached against the given test files only. The tests are deterministic, so a survivor of the
old tests survives them again: only a new test can kill it, and running the old ones once more
would only cost time. A survivor the new tests do not reach stays a survivor. Then it prints the
scores of both folders (benchmarks/mutation_scores.py). See docs/mutation.md.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks.mutants_game import take_jobs

ROOT = Path(__file__).resolve().parent.parent
NO_TESTS = 33


def _metas(work: Path) -> list[Path]:
    return sorted((work / "mutants").rglob("*.py.meta"))


def _codes(meta: Path) -> dict[str, int | None]:
    codes: dict[str, int | None] = json.loads(meta.read_text()).get("exit_code_by_key", {})
    return codes


def _mutmut(work: Path, names: list[str], jobs: str) -> int:
    if not names:
        print("nothing to run")
        return 0
    mutmut = Path(sys.executable).parent / "mutmut"
    print(f"{len(names)} mutants in {work.name}/")
    return subprocess.run(["nice", "-n", "10", str(mutmut), "run", "--max-children", jobs, *names], cwd=work).returncode


def pending(game: str, modules: list[str], jobs: str) -> int:
    work = ROOT / f".mutants-{game}"
    rc = 0
    for module in modules:
        meta = work / "mutants/engine/games" / game / f"{module}.meta"
        if not meta.exists():
            print(f"{meta} is missing: run `make mutants-game GAME={game}` first")
            return 2
        names = [k for k, c in _codes(meta).items() if c is None]
        print(f"{module}: ", end="")
        rc = _mutmut(work, names, jobs) or rc
    return rc


def after(game: str, tests: list[str], jobs: str) -> int:
    before = ROOT / f".mutants-{game}"
    work = ROOT / f".mutants-{game}-after"
    if not (before / "mutants").is_dir():
        print(f"{before}/ has no results: run `make mutants-game GAME={game}` first")
        return 2
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(before, work, ignore=shutil.ignore_patterns("__pycache__", "tests", "mutmut-stats.json"))
    for dest in (work / "tests", work / "mutants/tests"):
        shutil.copytree(ROOT / "tests", dest, ignore=shutil.ignore_patterns("__pycache__"))
    conf = work / "pyproject.toml"
    selection = "pytest_add_cli_args_test_selection = [\n" + "".join(f'    "{t}",\n' for t in tests) + "]\n"
    conf.write_text(re.sub(r"pytest_add_cli_args_test_selection = \[.*?\]\n", selection, conf.read_text(), flags=re.S))
    names = [k for meta in _metas(work) for k, c in _codes(meta).items() if c in (0, NO_TESTS)]
    rc = _mutmut(work, names, jobs)
    for meta in _metas(work):  # a survivor the new tests do not reach is still a survivor
        old = _codes(before / meta.relative_to(work))
        data = json.loads(meta.read_text())
        codes = data["exit_code_by_key"]
        for k, c in codes.items():
            if c == NO_TESTS and old.get(k) == 0:
                codes[k] = 0
        meta.write_text(json.dumps(data))
    for folder in (before, work):
        print(f"\n{folder.name}:")
        subprocess.run([sys.executable, str(ROOT / "benchmarks/mutation_scores.py"), str(folder / "mutants")])
    return rc


def main(argv: list[str]) -> int:
    jobs, argv = take_jobs(argv)
    if len(argv) < 3 or argv[0] not in ("pending", "after") or not (ROOT / "engine/games" / argv[1]).is_dir():
        print("\n".join(__doc__.strip().splitlines()[2:4]))
        return 2
    return (pending if argv[0] == "pending" else after)(argv[1], argv[2:], jobs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
