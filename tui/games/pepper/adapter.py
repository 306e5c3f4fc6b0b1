"""Pepper at the table: the kernel's small test game, and the template for a game's TUI folder."""

from __future__ import annotations

from typing import Any

from engine.games.pepper import Bid, Draw, Play, View
from tui.games.base import Column, GameAdapter, Status
from tui.games.pepper.board import PepperBoard
from tui.widgets.board import Board


class PepperAdapter(GameAdapter[View]):
    columns = (Column("Score", 5), Column("Hand", 4), Column("Bid", 3))

    def make_board(self) -> Board:
        return PepperBoard(id="board")

    def status(self, view: View) -> Status:
        return Status(f"Round {view.round}", "secret bids" if view.phase == "bid" else "turns", view.phase)

    def cells(self, view: View, seat: int) -> list[str]:
        bid = ""
        if view.phase == "bid":
            bid = "✓" if view.bid_made[seat] else "…"
        return [str(view.scores[seat]), str(view.hand_sizes[seat]), bid]

    def targets(self, view: View, move: Any) -> tuple[str, ...]:
        match move:
            case Play(card=card):
                return (f"card:{card}",)
            case Draw():
                return ("deck",)
            case Bid(amount=amount):
                return (f"bid:{amount}",)
        return ()
