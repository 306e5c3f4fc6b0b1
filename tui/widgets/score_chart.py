"""A column chart of each seat's score at the end of every round, drawn with block characters."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from engine.hub import protocol as P
from tui.widgets.palette import Painted, seat_letter, seg

BLOCKS = " ▁▂▃▄▅▆▇█"


class ScoreChart(Painted, Widget):
    """Rounds left to right; in each, one bar per seat with its letter and score."""

    DEFAULT_CLASSES = "painted panel"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Scores by round"
        self.rounds: list[list[int]] = []
        self.seats: list[P.SeatStatus] = []

    def show(self, rounds: list[list[int]], seats: list[P.SeatStatus]) -> None:
        self.rounds = rounds
        self.seats = seats
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 11 if self.rounds else 1

    def natural_width(self, bar_w: int = 3) -> int:
        """Cells the chart takes with bars ``bar_w`` wide."""
        seats = max((len(r) for r in self.rounds), default=0)
        return len(self.rounds) * (2 + seats * (bar_w + 1))

    def _bar_width(self) -> int:
        """Bars as wide as fit: 3 cells, else 2, else 1 (six rounds of five seats at 80 columns)."""
        width = self.size.width or self.natural_width()
        return next((w for w in (3, 2) if self.natural_width(w) <= width), 1)

    def render(self) -> Text:
        if not self.rounds:
            return seg("No per-round scores for this game.", self.paint("muted"))
        height = 8
        top = max(1, max(max(r) for r in self.rounds))
        low = min(0, min(min(r) for r in self.rounds))
        span = top - low
        bar_w = self._bar_width()
        lines = [Text() for _ in range(height + 3)]
        for r, scores in enumerate(self.rounds):
            for line in lines:
                line.append("  ")
            for seat, score in enumerate(scores):
                st = self.seats[seat] if seat < len(self.seats) else None
                colour = st.colour if st else ""
                style = self.seat_style(colour)
                eighths = round((score - low) / span * height * 8) if span else 0
                label = str(score) if bar_w >= 2 else ""  # one-cell bars: no room for numbers
                lines[0].append(label.center(bar_w + 1)[: bar_w + 1], style=style)
                for row in range(height):
                    level = height - 1 - row
                    fill = max(0, min(8, eighths - level * 8))
                    lines[1 + row].append(BLOCKS[fill] * bar_w + " ", style=style)
                lines[height + 1].append(seat_letter(colour, seat).center(bar_w + 1), style=style)
            caption = f"Round {r + 1}"
            width = len(scores) * (bar_w + 1)
            lines[height + 2].append(caption.center(width)[:width], style=self.paint("muted"))
        out = Text("\n").join(lines)
        return out
