"""Pepper, the kernel's small test game: hidden hands, draws and a secret bid."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from tui.games.base import Column, GameAdapter, Status
from tui.widgets.board import Board, Scene


class PepperBoard(Board):
    """The deck, your hand and the secret bids; cards, the deck and bids are choosable."""

    def draw(self, scene: Scene, width: int) -> list[Text]:
        view = scene.view
        targets = scene.targets()
        lines = [Text("")]

        deck = Text("  Deck      ")
        self._chip(deck, "deck", f"▒ {view.deck} cards", targets)
        lines.append(deck)
        lines.append(Text(""))

        hand = Text("  Hand      ")
        keys = []
        if not view.hand:
            hand.append("—", style=self.paint("muted"))
        for card in view.hand:
            key = f"card:{card}"
            self._chip(hand, key, f" {card} ", targets)
            hand.append(" ")
            if key in targets and key not in keys:
                keys.append(key)
        lines.append(hand)
        lines.append(Text(""))

        if view.phase == "bid":
            bids = Text("  Bid       ")
            for amount in range(3):
                self._chip(bids, f"bid:{amount}", f" {amount} ", targets)
                bids.append(" ")
            lines.append(bids)
            made = Text("  Bids made ")
            for seat, done in enumerate(view.bid_made):
                made.append_text(self.seat_badge(scene.colour(seat), seat))
                made.append(" ✓  " if done else " …  ", style=self.paint("muted"))
            lines.append(made)
        self.rows = [[k for k in ("deck",) if k in targets], keys,
                     [f"bid:{a}" for a in range(3) if f"bid:{a}" in targets]]
        return lines

    def _chip(self, line: Text, key: str, label: str, targets: set[str]) -> None:
        style = self.paint("legal") if key in targets else self.paint("muted")
        if self.is_cursor(key):
            style = self.paint("cursor")
        line.append(f"[{label}]", style=style + _meta(key))


def _meta(key: str) -> Style:
    return Style(meta={"key": key})


class PepperAdapter(GameAdapter):
    columns = (Column("Score", 5), Column("Hand", 4), Column("Bid", 3))

    def make_board(self) -> Board:
        return PepperBoard(id="board")

    def status(self, view: Any) -> Status:
        return Status(f"Round {view.round}", "secret bids" if view.phase == "bid" else "turns", view.phase)

    def cells(self, view: Any, seat: int) -> list[str]:
        bid = ""
        if view.phase == "bid":
            bid = "✓" if view.bid_made[seat] else "…"
        return [str(view.scores[seat]), str(view.hand_sizes[seat]), bid]

    def targets(self, view: Any, move: Any) -> tuple[str, ...]:
        name = type(move).__name__
        if name == "Play":
            return (f"card:{move.card}",)
        if name == "Draw":
            return ("deck",)
        if name == "Bid":
            return (f"bid:{move.amount}",)
        return ()
