"""The notice a round leaves behind: what happened in it, until a key is pressed or a move made.

It sits at the foot of the board and blocks nothing: bots play on beneath it, and any key
(or the shown seat's next move) puts it away. It shows only what everyone saw happen.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class RoundSummary(Static):
    """"Round 2 is over": who won which tricks, the storms, the Falls — the game says which."""

    DEFAULT_CLASSES = "panel"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.display = False
        self.lines: list[str] = []

    def tell(self, title: str, lines: list[str]) -> None:
        self.lines = list(lines)
        self.border_title = title
        self.border_subtitle = "any key closes this"
        text = Text()
        for i, line in enumerate(lines):
            if i:
                text.append("\n")
            text.append(line)
        self.update(text)
        self.display = True

    def again(self) -> None:
        """Show the last round's notice once more (to the next person, after a curtain)."""
        if self.lines:
            self.tell(str(self.border_title or ""), self.lines)

    def close(self) -> bool:
        """Put the notice away; whether it was up."""
        was = bool(self.display)
        self.display = False
        return was
