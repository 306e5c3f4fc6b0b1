"""Pepper's board: the deck, your hand and the secret bids; cards, the deck and bids are choosable."""

from __future__ import annotations

from rich.text import Text

from tui.widgets.blocks import Line
from tui.widgets.board import Board, Scene


class PepperBoard(Board):
    """Three rows of chips: the deck, your hand, the bids."""

    def draw(self, scene: Scene, width: int) -> list[Text]:
        view = scene.view
        targets = scene.targets()
        lines = [Text("")]

        deck = Line("  Deck      ")
        self.chip(deck, "deck", f"▒ {view.deck} cards", targets)
        lines += [deck.text, Text("")]

        hand = Line("  Hand      ")
        keys = []
        if not view.hand:
            hand.add("—", self.paint("muted"))
        for card in view.hand:
            key = f"card:{card}"
            self.chip(hand, key, f"{card}", targets)
            hand.add(" ")
            if key in targets and key not in keys:
                keys.append(key)
        lines += [hand.text, Text("")]

        if view.phase == "bid":
            bids = Line("  Bid       ")
            for amount in range(3):
                self.chip(bids, f"bid:{amount}", f"{amount}", targets)
                bids.add(" ")
            lines.append(bids.text)
            made = Line("  Bids made ")
            for seat, done in enumerate(view.bid_made):
                made.add(self.seat_badge(scene.colour(seat), seat))
                made.add(" ✓  " if done else " …  ", self.paint("muted"))
            lines.append(made.text)
        self.rows = [[k for k in ("deck",) if k in targets], keys,
                     [f"bid:{a}" for a in range(3) if f"bid:{a}" in targets]]
        return lines
