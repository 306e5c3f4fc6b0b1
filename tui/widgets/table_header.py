"""The table's header: the game, where the game stands, and whose turn it is.

Driven by reactives (Textual's five_by_five model): set an attribute, the line repaints.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.palette import Painted, seg


class TableHeader(Painted, Widget):
    """One line: ``⚓ Shards of Creation   Round 2 of 3 · Trick 4 of 10   R Red to play``."""

    # (each may change how many lines the header takes, so each lays the screen out again)
    game_title: reactive[str] = reactive("", layout=True)
    where: reactive[str] = reactive("", layout=True)
    turn: reactive[Text] = reactive(Text, always_update=True, layout=True)
    compact: reactive[bool] = reactive(False, layout=True)  # one line at most (a small screen); else it may take two

    def render(self) -> Table:
        # the title and whose turn take what they need; where the game stands gets the rest
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(justify="left", no_wrap=True)
        grid.add_column(justify="center", no_wrap=self.compact, ratio=1)
        grid.add_column(justify="right", no_wrap=True)
        title = seg("⚓ ", self.paint("accent"))
        title.append(self.game_title, style=self.paint("strong"))
        grid.add_row(title, Text(self.where, overflow="ellipsis" if self.compact else "fold"), self.turn)
        return grid
