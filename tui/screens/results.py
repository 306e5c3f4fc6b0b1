"""Final scores: the ranking with ties explained, each seat's breakdown, scores by round."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from engine.core.rules import Result
from engine.hub import protocol as P
from tui.games.base import GameAdapter
from tui.widgets.footer import KeysFooter
from tui.widgets.palette import Painted, seg
from tui.widgets.score_chart import ScoreChart

PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


class Standings(Painted, Widget):
    """The ranking: places, names, totals, and how ties were settled."""

    DEFAULT_CLASSES = "painted panel"

    def __init__(self, result: Result, seats: list[P.SeatStatus], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Ranking"
        self.result = result
        self.seats = seats

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.render().wrap(self.app.console, max(10, width)))

    def render(self) -> Text:
        out = Text()
        first = True
        for place, seats in enumerate(self.result.ranking):
            for seat in seats:
                if not first:
                    out.append("\n")
                first = False
                st = self.seats[seat]
                style = self.paint("accent") if place == 0 else self.paint("muted")
                mark = "★" if place == 0 else " "
                out.append(f"{mark} {PLACES[place] if place < len(PLACES) else place + 1:>3}  ", style=style)
                out.append_text(self.seat_tag(st.colour, st.name, seat))
                if st.covered_moves:  # the person is not credited with a stand-in bot's play
                    out.append(f" (bot covered {st.covered_moves} move{'s' if st.covered_moves != 1 else ''})",
                               style=self.paint("muted"))
                out.append(f"  {self.result.scores[seat]} points")
                if len(seats) > 1:
                    out.append("  (shared)", style=self.paint("muted"))
        if self.result.tiebreak:
            out.append("\n\n")
            out.append(self.result.tiebreak, style=self.paint("muted"))
        return out


class Breakdown(Painted, Widget):
    """A table: one row per scoring line, one column per seat, the total at the bottom."""

    DEFAULT_CLASSES = "painted panel"

    def __init__(self, result: Result, seats: list[P.SeatStatus], *, id: str | None = None,
                 lines: list[list[tuple[str, int]]] | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Score breakdown"
        self.result = result
        self.seats = seats
        self.lines = result.breakdown if lines is None else lines

    def rows(self) -> list[tuple[str, list[tuple[int, str] | None]]]:
        """One row per scoring line, "Ruin ×3" and "Ruin ×8" sharing the row "Ruin" (count in the cell)."""
        order: list[str] = []
        cells: dict[str, list[tuple[int, str] | None]] = {}
        n = len(self.lines)
        for seat, lines in enumerate(self.lines):
            for label, pts in lines:
                name, times, count = label.rpartition(" ×")
                if not times or not count.isdigit():
                    name, count = label, ""
                if name not in cells:
                    order.append(name)
                    cells[name] = [None] * n
                old = cells[name][seat]
                cells[name][seat] = (pts + (old[0] if old else 0), f"×{count}" if count else "")
        return [(name, cells[name]) for name in order]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows()) + 3

    def render(self) -> Table:
        table = Table(box=None, padding=(0, 1), expand=False, show_edge=False,
                      header_style=self.paint("heading"))
        table.add_column("", no_wrap=True)
        narrow = self.size.width < 60
        for i, st in enumerate(self.seats):
            head = self.seat_badge(st.colour, i) if narrow else self.seat_tag(st.colour, st.name[:8], i)
            table.add_column(head, justify="right", no_wrap=True)
        for label, cells in self.rows():
            row: list[Text | str] = [label]
            for cell in cells:
                if cell is None:
                    row.append(seg("·", self.paint("muted")))
                    continue
                pts, count = cell
                text = Text()
                if count:
                    text.append(f"{count} ", style=self.paint("muted"))
                text.append(str(pts), style=self.paint("bad") if pts < 0 else "")
                row.append(text)
            table.add_row(*row)
        table.add_section()
        table.add_row(seg("Total", self.paint("strong")),
                      *(seg(str(s), self.paint("strong")) for s in self.result.scores))
        return table


class ResultsScreen(Screen[None]):
    """Reached when a game ends (or with F at a finished table)."""

    BINDINGS = [
        Binding("escape", "back", "Back to the table"),
        Binding("p", "replay", "Replay"),
        Binding("m", "menu", "Menu"),
    ]

    def __init__(self, adapter: GameAdapter[Any], info: P.TableInfo, result: Result, view: Any,
                 replay: Callable[[], Awaitable[None]] | None = None) -> None:
        super().__init__()
        self.adapter = adapter
        self.info = info
        self.result = result
        self.view = view
        self.replay = replay  # asks the table for its replay (None: not from a table)

    def compose(self) -> ComposeResult:
        winners = self.result.winners
        names = " and ".join(self.info.seats[w].name for w in winners)
        verb = "share the victory" if len(winners) > 1 else "wins"
        with VerticalScroll(id="results"):
            yield Static(f"{self.info.title} — {names} {verb}", classes="screen-title")
            with Horizontal(id="results-top"):
                with Vertical(id="results-left"):
                    yield Standings(self.result, self.info.seats, id="standings")
                    yield Breakdown(self.result, self.info.seats, id="breakdown",
                                    lines=self.adapter.breakdown(self.result))
                yield ScoreChart(id="chart")
            for title, body in self.adapter.result_panels(self.result, self.info, self.view):
                panel = Static(body, classes="panel results-panel")
                panel.border_title = title
                yield panel
            notes = self.adapter_notes()
            if notes:
                yield Static(notes, id="results-notes", classes="panel")
        yield KeysFooter()

    def adapter_notes(self) -> str:
        return self.adapter.result_notes(self.result, self.info)

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < 100, "compact")
        for notes in self.query("#results-notes"):
            notes.border_title = "How the scoring abilities were used"
        for chart in self.query(ScoreChart):
            chart.show(self.adapter.score_by_round(self.result, self.view), self.info.seats)
            if chart.natural_width() > self.app.size.width // 2:  # six rounds of bars: below, full width
                self.add_class("compact")

    def action_back(self) -> None:
        self.app.pop_screen()

    async def action_replay(self) -> None:
        if self.replay is None:
            self.notify("This game's replay is in the Replay list of the menu.")
            return
        self.app.pop_screen()
        await self.replay()

    async def action_menu(self) -> None:
        await self.app.run_action("menu")  # back to the app's menu, leaving the tables on the way
