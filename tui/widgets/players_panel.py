"""The players panel: each seat's public facts, who is to act and who is thinking."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from engine.hub import protocol as P
from tui.widgets.palette import Painted, seg


@dataclass(frozen=True)
class Column:
    """A column of the players panel."""

    title: str
    width: int
    compact: bool = True  # also shown in the compact (80×24) layout


class SeatFacts(Protocol):
    """What the panel asks a game for (its adapter): the columns and each seat's public facts."""

    columns: tuple[Column, ...]
    kind_column: bool

    def cells(self, view: Any, seat: int) -> list[str]: ...


def kind_text(st: P.SeatStatus, held: bool) -> str:
    """"you", "heuristic bot", "away" ..."""
    if st.kind.startswith("bot:"):
        return f"{st.kind[4:]} bot"
    if st.covered_by:
        return "away (bot)"
    if st.kind == "open":
        return "open seat"
    if st.kind.startswith("reserved:"):
        return f"for {st.kind[9:]}"
    return "here" if held else "person"


class PlayersPanel(Painted, Widget):
    """A small table, one row per seat, columns from the game's adapter."""

    DEFAULT_CLASSES = "painted panel"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Players"
        self._args: tuple[Any, ...] | None = None
        self._key: tuple[Any, ...] | None = None

    def show(self, info: P.TableInfo, view: Any, adapter: SeatFacts, shown: int | None,
             to_act: list[int], held: list[int], compact: bool = False) -> None:
        cells = [tuple(map(str, adapter.cells(view, i))) for i in range(len(info.seats))]
        faces = tuple((s.name, s.colour, s.kind, s.thinking, s.covered_by) for s in info.seats)
        key = (faces, tuple(cells), shown, tuple(to_act), tuple(held), compact)
        if key == self._key:
            return  # nothing this panel shows has changed: no repaint
        rows_changed = self._args is None or len(self._args[0].seats) != len(info.seats) or self._args[6] != compact
        self._key = key
        self._args = (info, view, adapter, shown, to_act, held, compact)
        self.refresh(layout=rows_changed)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._key = None
        self.refresh()

    def render(self) -> Table | Text:
        if self._args is None:
            return Text("")
        info, view, adapter, shown, to_act, held, compact = self._args
        cols = [c for c in adapter.columns if c.compact or not compact]
        kinds = not compact and adapter.kind_column  # "here", "heuristic bot" (a busy game needs the room)
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(width=1, no_wrap=True)  # ▸ to act
        grid.add_column(no_wrap=True, ratio=1, overflow="ellipsis")  # badge + name
        if kinds:
            grid.add_column(no_wrap=True, style=self.paint("muted"), overflow="ellipsis")
        for c in cols:
            grid.add_column(justify="right", no_wrap=True, min_width=c.width)
        head = [Text(""), seg("Seat", self.paint("heading"))]
        if kinds:
            head.append(seg("", self.paint("heading")))
        head += [seg(c.title, self.paint("heading")) for c in cols]
        grid.add_row(*head)
        all_cells = [adapter.cells(view, i) for i in range(len(info.seats))]
        for i, st in enumerate(info.seats):
            mark = seg("▸", self.paint("accent")) if i in to_act else Text(" ")
            name = self.seat_tag(st.colour, st.name, i)
            if i == shown and len(held) > 1:
                name.append(" ◂", style=self.paint("accent"))
            row: list[Text] = [mark, name]
            if st.thinking:
                state = seg("thinking…", self.paint("accent"))
            else:
                state = Text(kind_text(st, i in held))
            if kinds:
                row.append(state)
            elif st.thinking:
                name.append(" …", style=self.paint("accent"))
            cells = all_cells[i]
            all_cols = list(adapter.columns)
            for c in cols:
                k = all_cols.index(c)
                row.append(Text(cells[k] if k < len(cells) else ""))
            grid.add_row(*row)
        return grid
