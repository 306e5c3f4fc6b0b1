"""The players panel: each seat's public facts, who is to act and who is thinking."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from rich.table import Table
from rich.text import Text
from textual.timer import Timer
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
    if st.kind == "automa":  # a seat the rules play themselves
        return "automa"
    return "here" if held else "person"


IDLE_WARNING = 60  # seconds: an idle (but connected) player sees the countdown only at the end


def presence_text(st: P.SeatStatus, now: float) -> str:
    """A person who is away or idle: "away · 2:41", the time left before a bot stands in for them."""
    if st.kind != "person" or st.covered_by or not st.owner:  # (a replay's seats have no owner)
        return ""
    left = st.cover_at - now if st.cover_at else None
    if st.online and (left is None or left > IDLE_WARNING):
        return ""
    word = "idle" if st.online else "away"
    if left is None:
        return word
    if left <= 0:
        return f"{word} · bot next"
    secs = int(left + 0.999)
    return f"{word} · {secs // 60}:{secs % 60:02d}"


class PlayersPanel(Painted, Widget):
    """A small table, one row per seat, columns from the game's adapter."""

    DEFAULT_CLASSES = "painted panel"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Players"
        self._args: tuple[Any, ...] | None = None
        self._key: tuple[Any, ...] | None = None
        self._ticker: Timer | None = None
        self._presence: list[str] = []

    def show(self, info: P.TableInfo, view: Any, adapter: SeatFacts, shown: int | None,
             to_act: list[int], held: list[int], compact: bool = False) -> None:
        cells = [tuple(map(str, adapter.cells(view, i))) for i in range(len(info.seats))]
        faces = tuple((s.name, s.colour, s.kind, s.thinking, s.covered_by) for s in info.seats)
        now = time.time()
        self._presence = [presence_text(st, now) for st in info.seats]
        counting = any(st.cover_at and st.kind == "person" and not st.covered_by for st in info.seats)
        if counting and self._ticker is None:  # the countdowns tick down between the hub's updates
            self._ticker = self.set_interval(1.0, self._tick)
        elif not counting and self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        key = (faces, tuple(cells), shown, tuple(to_act), tuple(held), compact, tuple(self._presence))
        if key == self._key:
            return  # nothing this panel shows has changed: no repaint
        rows_changed = self._args is None or len(self._args[0].seats) != len(info.seats) or self._args[6] != compact
        self._key = key
        self._args = (info, view, adapter, shown, to_act, held, compact)
        self.refresh(layout=rows_changed)

    def _tick(self) -> None:
        if self._args is not None:
            self.show(*self._args)

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
            away = self._presence[i] if i < len(self._presence) else ""
            if st.thinking:
                state = seg("thinking…", self.paint("accent"))
            elif away:
                state = seg(away, self.paint("bad"))
            else:
                state = Text(kind_text(st, i in held))
            if kinds:
                row.append(state)
            elif st.thinking:
                name.append(" …", style=self.paint("accent"))
            elif away:  # no column for it: after the name
                name.append(" " + away.replace(" · ", " "), style=self.paint("bad"))
            cells = all_cells[i]
            all_cols = list(adapter.columns)
            for c in cols:
                k = all_cols.index(c)
                row.append(Text(cells[k] if k < len(cells) else ""))
            grid.add_row(*row)
        return grid
