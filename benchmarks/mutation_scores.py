"""The mutation score of each mutated module, from the last `make mutants` run.

    python benchmarks/mutation_scores.py [MUTANTS_DIR]

Reads mutmut's result files (``mutants/**/*.py.meta``: each mutant's test exit code) and
prints, per module: mutants, killed (a test failed, timed out or the type check caught it),
survived, not run; the score is killed / (killed + survived). With ``--survivors`` it also
lists every surviving mutant's name, for `mutmut show NAME`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

KILLED = {1, 3, 36, 37, 24, -24, 152, 255, -9, -11}  # a failing test, a timeout, the type check
SURVIVED = {0}


def scores(root: Path) -> list[tuple[str, int, int, int, list[str]]]:
    rows = []
    for meta in sorted(root.rglob("*.py.meta")):
        codes: dict[str, int | None] = json.loads(meta.read_text()).get("exit_code_by_key", {})
        module = str(meta.relative_to(root))[: -len(".py.meta")].replace("/", ".")
        killed = sum(1 for c in codes.values() if c in KILLED)
        survivors = sorted(k for k, c in codes.items() if c in SURVIVED)
        rows.append((module, len(codes), killed, len(survivors), survivors))
    return rows


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    root = Path(args[0] if args else "mutants")
    rows = scores(root)
    if not rows:
        print(f"no mutmut results under {root}/ (run `make mutants` first)")
        return 1
    print(f"{'module':55} {'mutants':>8} {'killed':>7} {'survived':>9} {'not run':>8} {'score':>6}")
    for module, n, killed, survived, _ in rows:
        done = killed + survived
        score = f"{100 * killed / done:5.1f}%" if done else "    —"
        print(f"{module:55} {n:8} {killed:7} {survived:9} {n - done:8} {score:>6}")
    if "--survivors" in argv:
        for _, _, _, _, names in rows:
            for name in names:
                print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
