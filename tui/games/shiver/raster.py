"""A grid of cells for drawing the sea chart: a character, a style name and a board key per cell.

Styles are names (a component class, ``seat--red``, …) resolved when a row becomes ``Text``, so a
raster built once serves both themes. Rows turn into ``Text`` with one span per run of equal
style and key; a key rides in the span's meta, so a click reports it and the board's cursor
finds where it is drawn.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

BLANK = " "


class Raster:
    """``w`` × ``h`` cells; writing outside is ignored (a preview may reach past the map's edge)."""

    __slots__ = ("ch", "h", "key", "st", "w")

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.ch = [[BLANK] * w for _ in range(h)]
        self.st: list[list[str]] = [[""] * w for _ in range(h)]
        self.key: list[list[str | None]] = [[None] * w for _ in range(h)]

    def copy(self) -> Raster:
        out = Raster.__new__(Raster)
        out.w, out.h = self.w, self.h
        out.ch = [row[:] for row in self.ch]
        out.st = [row[:] for row in self.st]
        out.key = [row[:] for row in self.key]
        return out

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.w and 0 <= y < self.h

    def get(self, x: int, y: int) -> str:
        return self.ch[y][x] if self.inside(x, y) else ""

    def put(self, x: int, y: int, text: str, style: str = "", key: str | None = None) -> None:
        if not 0 <= y < self.h:
            return
        row, srow, krow = self.ch[y], self.st[y], self.key[y]
        for i, c in enumerate(text):
            xi = x + i
            if 0 <= xi < self.w:
                row[xi] = c
                srow[xi] = style
                krow[xi] = key

    def restyle(self, x: int, y: int, style: str, key: str | None = None) -> None:
        if self.inside(x, y):
            self.st[y][x] = style
            if key is not None:
                self.key[y][x] = key

    def blank(self, x: int, y: int, n: int = 1) -> bool:
        """The ``n`` cells from (x, y) are inside and empty."""
        if not (0 <= y < self.h and 0 <= x and x + n <= self.w):
            return False
        row = self.ch[y]
        return all(row[x + i] == BLANK for i in range(n))

    def row_key(self, y: int) -> tuple[object, ...]:
        """What row ``y`` shows, as a hashable value (a cache key for its ``Text``)."""
        return (tuple(self.ch[y]), tuple(self.st[y]), tuple(self.key[y]))

    def text(self, y: int, paint: Callable[[str], Style]) -> Text:
        """Row ``y`` as ``Text``: one span per run of equal style and key."""
        out = Text(no_wrap=True, end="")
        row, srow, krow = self.ch[y], self.st[y], self.key[y]
        start = 0
        w = self.w
        styles: dict[tuple[str, str | None], Style] = {}
        for x in range(1, w + 1):
            if x < w and srow[x] == srow[start] and krow[x] == krow[start]:
                continue
            name, key = srow[start], krow[start]
            st = styles.get((name, key))
            if st is None:
                st = paint(name) if name else Style()
                if key:
                    st = st + Style(meta={"key": key})
                styles[(name, key)] = st
            out.append("".join(row[start:x]), style=st)
            start = x
        return out
