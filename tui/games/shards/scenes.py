"""Shards of Creation's own screenshot and snapshot scenes (the frame's are in tui/screenshots.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from types import ModuleType

    from tui.screenshots import Scene


def scenes(kit: ModuleType) -> list[Scene]:
    """The scenes: a won trick to keep a card from, an ability narrowing the choices."""

    def first_game(step: str, seeds: range = range(kit.SEED, kit.SEED + 40)) -> Any:
        """The first bot game (by seed) in which seat 0 is asked for ``step``."""
        for seed in seeds:
            m = kit.bot_game("shards", seed=seed, stop=kit.asking(step), names=["Ann", "Bo", "Cy"])
            if not m.is_over():
                return m
        raise LookupError(f"no game in {seeds} asks seat 0 for {step!r}")

    def take(data: Path) -> Any:
        path = kit.saved_game(data, "take.plank", first_game("take"))
        return kit.make_app(data, "load", path=str(path))

    def growth(data: Path) -> Any:
        path = kit.saved_game(data, "growth.plank", first_game("growth"))
        return kit.make_app(data, "load", path=str(path))

    async def narrowed(pilot: Any) -> None:
        """Enter on the revealed card: the decision panel narrows to what can be done with it."""
        await kit.until(pilot, lambda: kit.table_ready(pilot))
        board = pilot.app.screen.query_one("#board")
        board.focus()
        board.cursor = "rev"
        await pilot.press("enter")
        await pilot.pause()

    return [
        kit.Scene("table-take", take, kit.to_table, "A won trick: choose the card to keep"),
        kit.Scene("table-growth", growth, narrowed, "An ability: the revealed card narrows the choices"),
    ]
