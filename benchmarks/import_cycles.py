"""Count import cycles in engine/ and tui/: groups of modules that import each other round in a circle.

    .venv/bin/python benchmarks/import_cycles.py

Every import counts, those inside functions too (grimp reads them all); imports made only for
the type checker do not. tests/test_architecture.py fails on any cycle; this prints them.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_architecture import cycles, graph  # noqa: E402 - after the path is set


def main() -> int:
    g = graph()
    modules = {m for m in g.modules if m.split(".")[0] in ("engine", "tui")}
    found = cycles(modules)
    mutual = sum(1 for a in modules for b in g.find_modules_directly_imported_by(a)
                 if b in modules and a < b and a in g.find_modules_directly_imported_by(b))
    print(f"{len(modules)} modules; {len(found)} groups in a cycle ({sum(map(len, found))} modules); "
          f"{mutual} pairs importing each other")
    for group in found:
        print("  " + " ↔ ".join(group))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
