"""Fractured Sky's own screenshot and snapshot scenes (the frame's are in tui/screenshots.py).

Three players (Ann at the keyboard, heuristic bots for Bo and Cy) with the document's
recommended expansions in the middle of round 2; Ann alone against the automa (with
guardians and flagships) taking a reward in the round-end reveal; and a finished game of
the base game for the results.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import Match, SeatInfo
from engine.bots import decide, sample_for

if TYPE_CHECKING:
    from types import ModuleType

    from tui.screenshots import Scene

NAMES = ["Ann", "Bo", "Cy"]
SEED_OFFSET = 11
RECOMMENDED = {"payloads": True, "bounties": True, "flagships": True}
SOLO = {"guardians": True, "flagships": True}


def midgame(m: Any, seat: int) -> bool:
    """Ann's turn in round 2 with an airship placed by every side."""
    s = m.state
    if seat != 0 or m.view(0).asking != "act" or s.round < 2:
        return False
    return sum(1 for r in s.ship_region if r >= 0) >= 3


def rewarding(m: Any, seat: int) -> bool:
    """Ann takes a reward in the round-end reveal, in a region with a ranking of two or more."""
    if seat != 0 or m.view(0).asking != "reward":
        return False
    s = m.state
    return len(s.ranks[s.rw_region]) >= 2


def game(stop: Callable[[Any, int], bool] | None, players: int = 3, options: dict[str, bool] | None = None,
         seed: int = 0, created: str = "") -> Any:
    """A game of Ann and heuristic bots (the automa beside 1 or 2 people) up to ``stop``."""
    kinds = ["person"] + ["bot:heuristic"] * (players - 1)
    infos = [SeatInfo(name=n, kind=k) for n, k in zip(NAMES, kinds, strict=False)]
    m = Match.new("fractured-sky", players, seed=seed, seats=infos, undo="turn", options=options or {})
    if created:
        m.header.created = created
    while not m.is_over():
        seat = m.to_act()[0]
        if stop is not None and stop(m, seat):
            break
        sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
        m.play(seat, decide(m.rules, sample, seat, "heuristic", bot_seed))
    return m


def scenes(kit: ModuleType) -> list[Scene]:
    seed = kit.SEED + SEED_OFFSET

    def loaded(name: str, stop: Callable[[Any, int], bool] | None, players: int = 3,
               options: dict[str, bool] | None = None) -> Callable[[Path], Any]:
        def setup(data: Path) -> Any:
            path = kit.saved_game(data, name, game(stop, players, options, seed, kit.CREATED))
            return kit.make_app(data, "load", path=str(path))

        return setup

    async def on_region(pilot: Any) -> None:
        """The cursor on the region with the most airships: its words under the map."""
        await kit.to_table(pilot)
        board = pilot.app.screen.query_one("#board")
        view = board.scene.view
        regions = [k for k in board.choosable() if k.startswith("r:")]
        if regions:
            best = max(regions, key=lambda k: len(view.regions[int(k[2:])].ships))
            board.focus()
            board._set_cursor(best)
        await pilot.pause()

    return [
        kit.Scene("fractured-sky-table", loaded("fractured-sky.plank", midgame, 3, RECOMMENDED), on_region,
                  "Fractured Sky: the sky map, airships face down, bounties, payloads and flagships"),
        kit.Scene("fractured-sky-reveal", loaded("fractured-sky-solo.plank", rewarding, 1, SOLO), kit.to_table,
                  "Fractured Sky: the round-end reveal, a region resolved rank by rank (solo, the automa)"),
        kit.Scene("fractured-sky-results", loaded("fractured-sky-over.plank", None), kit.results_up,
                  "Fractured Sky: the starfalls explained"),
    ]
