"""The shape of the code: no import cycles, and nothing outside a game's folders names the game.

Adding a game means two folders (``engine/games/<game>/`` and ``tui/games/<game>/``), its
``docs/rules/`` page and its example saves: shared code finds games by name at run time
(``engine.games.get``, ``tui.games.adapter_for``), never by importing them. The layer
contracts themselves are import-linter's (``pyproject.toml``, run by ``make test``).
"""

from __future__ import annotations

import sys
from functools import cache

import grimp
import pytest


@cache
def graph() -> grimp.ImportGraph:
    # no cache: a cached graph can be older than the files (import-linter keeps one in .grimp_cache)
    return grimp.build_graph("engine", "tui", include_external_packages=False,
                             exclude_type_checking_imports=True, cache_dir=None)


def cycles(modules: set[str]) -> list[list[str]]:
    """Groups of modules (of ``modules``) that import each other round in a circle (Tarjan)."""
    g = graph()
    adj = {m: [x for x in g.find_modules_directly_imported_by(m) if x in modules] for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in adj[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for m in sorted(modules):
        if m not in index:
            visit(m)
    return out


def game_packages(side: str) -> list[str]:
    g = graph()
    prefix = f"{side}.games."
    return sorted({m[len(prefix):].split(".")[0] for m in g.modules if m.startswith(prefix)})


@pytest.mark.parametrize("side", ["engine", "tui"])
def test_no_import_cycles(side):
    found = cycles({m for m in graph().modules if m.split(".")[0] == side})
    assert not found, f"modules that import each other round in a circle: {found}"


@pytest.mark.parametrize("game", game_packages("engine"))
def test_shared_code_never_imports_a_game_by_name(game):
    """Only the game's own two folders (and its tests) import its code."""
    g = graph()
    own = (f"engine.games.{game}", f"tui.games.{game}")
    offenders = []
    for m in g.modules:
        if m.startswith(own):
            continue
        for imported in g.find_modules_directly_imported_by(m):
            if imported.startswith(own):
                offenders.append(f"{m} imports {imported}")
    assert not offenders, "\n".join(offenders)
