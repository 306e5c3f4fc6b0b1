"""Shardwake's own screenshot and snapshot scenes (the frame's are in tui/screenshots.py).

Four players, Ann at the keyboard, heuristic bots playing the rest of the game from a seed
chosen so that Round 3 has a Fall, a Brace and trades.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.games.shardwake.trade import TradeDialog

if TYPE_CHECKING:
    from types import ModuleType

    from tui.screenshots import Scene

NAMES = ["Ann", "Bo", "Cy", "Di"]
SEED_OFFSET = 2  # kit.SEED + 2: a Fall this round, a Brace, trades made


def placing(m: Any, seat: int) -> bool:
    """Ann places her second ship of Round 3."""
    s = m.state
    return seat == 0 and s.round == 3 and s.phase == 2 and s.ships_left[0] == 2 and not s.trade_stage


def bidding(m: Any, seat: int) -> bool:
    return seat == 0 and m.state.phase == 3  # the Storm phase: secret bids


def accusing(m: Any, seat: int) -> bool:
    return seat == 0 and m.state.phase == 5  # final scoring: secret Accusations


def scenes(kit: ModuleType) -> list[Scene]:
    def game(stop: Callable[[Any, int], bool] | None) -> Any:
        return kit.bot_game("shardwake", 4, seed=kit.SEED + SEED_OFFSET, stop=stop, names=NAMES)

    def loaded(name: str, stop: Callable[[Any, int], bool] | None) -> Callable[[Path], Any]:
        def setup(data: Path) -> Any:
            path = kit.saved_game(data, name, game(stop))
            return kit.make_app(data, "load", path=str(path))

        return setup

    async def trade(pilot: Any) -> None:
        """The trade dialog with an offer built by keys: 1 of your first good for 1 of Bo's second."""
        await kit.to_table(pilot)
        await pilot.press("t")
        await kit.until(pilot, lambda: isinstance(pilot.app.screen, TradeDialog))
        for key in ("down", "1", "right", "down", "1"):
            await pilot.press(key)
        await pilot.pause()

    async def bids_closed(pilot: Any) -> None:
        """Ann's bid is asked with the bots': the picture waits for every bot's fist to close."""
        await kit.to_table(pilot)
        await kit.until(pilot, lambda: list(pilot.app.screen.model.current().to_act) == [0])
        await pilot.pause()

    table = loaded("shardwake.plank", placing)
    return [
        kit.Scene("shardwake-table", table, kit.to_table, "Shardwake: the island ring around the Harbor", wide=True),
        kit.Scene("shardwake-bid", loaded("shardwake-storm.plank", bidding), bids_closed,
                  "Shardwake: a storm strikes, a secret Ballast bid"),
        kit.Scene("shardwake-trade", table, trade, "Shardwake: building a trade offer"),
        kit.Scene("shardwake-accuse", loaded("shardwake-accuse.plank", accusing), kit.to_table,
                  "Shardwake: secret Accusations"),
        kit.Scene("shardwake-results", loaded("shardwake-over.plank", None), kit.results_up,
                  "Shardwake: the hidden scores explained"),
    ]
