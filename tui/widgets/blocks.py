"""Layout blocks for boards drawn as text: lines that remember their keys, rectangles, frames.

A board draws itself as ``Block``s (rectangles of ``Text`` lines) laid ``beside`` and
``stack``ed, like a page set by hand. Things a player can choose carry a *key* in their
style's meta (``key_style``); a ``Line`` and a ``Block`` remember where each key sits,
so the board's cursor can move by geometry and a click finds what is under the mouse.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 in cells and lines, the ends exclusive

# Corner and edge characters of a framed thing by how it is drawn: ``legal`` (can be chosen),
# ``plain`` (nothing to choose now), ``idle`` (not choosable while a choice is open: dashed),
# ``cursor`` (under the cursor: doubled). Frames read without colour.
FRAMES: dict[str, tuple[str, str, str, str, str, str]] = {
    "legal": ("╭", "╮", "╰", "╯", "─", "│"),
    "plain": ("╭", "╮", "╰", "╯", "─", "│"),
    "idle": ("┌", "┐", "└", "┘", "╌", "╎"),
    "cursor": ("╔", "╗", "╚", "╝", "═", "║"),
}


def key_style(key: str | None) -> Style:
    """The style that marks text as the thing ``key`` (a click on it reports the key)."""
    return Style(meta={"key": key}) if key else Style()


def keyed(text: str, style: Style | str, key: str | None) -> Text:
    """``text`` in ``style``, marked as ``key``."""
    out = Text()
    base = Style.parse(style) if isinstance(style, str) else style
    out.append(text, style=base + key_style(key) if key else base)
    return out


class Line:
    """A line under construction that remembers where its keys start."""

    def __init__(self, text: str = "", style: Style | str = "", key: str | None = None) -> None:
        self.text = Text()
        self.keys: dict[str, int] = {}
        if text:
            self.add(text, style, key)

    @property
    def width(self) -> int:
        return self.text.cell_len

    def add(self, text: str | Text, style: Style | str = "", key: str | None = None) -> Line:
        if key is not None:
            self.keys.setdefault(key, self.text.cell_len)
        if isinstance(text, Text):
            if key is not None:
                text = text.copy()
                text.stylize(key_style(key))
            self.text.append_text(text)
        elif key is not None:
            base = Style.parse(style) if isinstance(style, str) else style
            self.text.append(text, style=base + key_style(key))
        else:
            self.text.append(text, style=style)
        return self

    def pad_to(self, width: int) -> Line:
        if self.text.cell_len < width:
            self.text.append(" " * (width - self.text.cell_len))
        return self


@dataclass
class Block:
    """A rectangle of lines, each ``width`` cells, and the keys drawn in it by position."""

    width: int
    lines: list[Text] = field(default_factory=list)
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)

    def add(self, line: Line | Text) -> None:
        if isinstance(line, Text):
            line = Line().add(line)
        text = line.text
        text.truncate(self.width, overflow="ellipsis", pad=True)
        for k, x in line.keys.items():
            if x < self.width:
                self.keys.setdefault(k, (x, len(self.lines)))
        self.lines.append(text)

    @property
    def height(self) -> int:
        return len(self.lines)


def beside(blocks: list[Block], gap: int = 1) -> Block:
    """Blocks side by side, tops aligned."""
    height = max((b.height for b in blocks), default=0)
    out = Block(sum(b.width for b in blocks) + gap * max(0, len(blocks) - 1))
    x = 0
    for b in blocks:
        for k, (kx, ky) in b.keys.items():
            out.keys.setdefault(k, (x + kx, ky))
        x += b.width + gap
    for y in range(height):
        line = Text()
        for i, b in enumerate(blocks):
            if i:
                line.append(" " * gap)
            line.append_text(b.lines[y] if y < b.height else Text(" " * b.width))
        out.lines.append(line)
    return out


def stack(blocks: list[Block]) -> Block:
    """Blocks one under the other."""
    out = Block(max((b.width for b in blocks), default=0))
    for b in blocks:
        y0 = out.height
        for k, (x, y) in b.keys.items():
            out.keys.setdefault(k, (x, y0 + y))
        out.lines.extend(b.lines)
    return out


def key_positions(lines: list[Text]) -> dict[str, tuple[int, int]]:
    """Where each key first appears in ``lines``: (cell column, line)."""
    out: dict[str, tuple[int, int]] = {}
    for y, line in enumerate(lines):
        plain = line.plain
        for span in line.spans:
            style = span.style
            if not isinstance(style, Style) or not style.meta:
                continue
            key = style.meta.get("key")
            if isinstance(key, str) and key not in out:
                out[key] = (Text(plain[: span.start]).cell_len, y)
    return out


def key_rects(lines: list[Text]) -> dict[str, Rect]:
    """The rectangle each key covers in ``lines``: every cell carrying it, in the first run of
    consecutive lines where it appears (a key shown again further down, in a list, is not
    the thing the cursor stands on)."""
    out: dict[str, Rect] = {}
    closed: set[str] = set()
    last: dict[str, int] = {}
    for y, line in enumerate(lines):
        plain = line.plain
        for span in line.spans:
            style = span.style
            if not isinstance(style, Style) or not style.meta:
                continue
            key = style.meta.get("key")
            if not isinstance(key, str) or key in closed or span.end <= span.start:
                continue
            if key in last and last[key] < y - 1:
                closed.add(key)
                continue
            x0 = cell_len(plain[: span.start])
            x1 = x0 + cell_len(plain[span.start: span.end])
            r = out.get(key)
            out[key] = (x0, y, x1, y + 1) if r is None else (min(r[0], x0), r[1], max(r[2], x1), y + 1)
            last[key] = y
    return out


# A line is about twice as tall as a column is wide: distances across lines count double.
LINE = 2


def toward(rects: dict[str, Rect], here: str | None, dx: int, dy: int) -> str | None:
    """The key an arrow (``dx``, ``dy``: one of them ±1) leads to from ``here``, by geometry.

    The nearest rectangle wholly past the cursor's edge in the arrow's direction: first
    among those sharing lines (columns, for ↑↓) with it, the closest edge to edge, then the
    one most in line; else the least distance, the cross-axis gap counted twice. Past the
    last one it wraps: to the farthest one on the other side sharing lines (columns) with
    it, or else, for a thing alone in its line, on through the reading order.
    """
    keys = list(rects)
    if not keys:
        return None
    if here not in rects:
        return min(keys, key=lambda k: (rects[k][1], rects[k][0]))
    h = rects[here]
    horizontal = dx != 0
    sign = dx if horizontal else dy
    scale_major, scale_cross = (1, LINE) if horizontal else (LINE, 1)

    def parts(r: Rect) -> tuple[int, int, int, int]:
        """(major start, major end, cross start, cross end)."""
        return (r[0], r[2], r[1], r[3]) if horizontal else (r[1], r[3], r[0], r[2])

    hm0, hm1, hc0, hc1 = parts(h)
    best: tuple[tuple[float, ...], str] | None = None
    beam: list[str] = []
    for k in keys:
        if k == here:
            continue
        m0, m1, c0, c1 = parts(rects[k])
        cross_gap = max(0, c0 - hc1, hc0 - c1)
        if cross_gap == 0:
            beam.append(k)
        gap = m0 - hm1 if sign > 0 else hm0 - m1
        if gap < 0:
            continue
        offset = abs((c0 + c1) - (hc0 + hc1)) / 2
        if cross_gap == 0:
            score: tuple[float, ...] = (0, gap * scale_major, offset)
        else:
            score = (1, gap * scale_major + 2 * cross_gap * scale_cross, offset)
        score += (rects[k][1], rects[k][0])
        if best is None or score < best[0]:
            best = (score, k)
    if best is not None:
        return best[1]
    if beam:  # wrap within the line (column)
        if sign > 0:
            return min(beam, key=lambda k: (parts(rects[k])[0], rects[k][1], rects[k][0]))
        return max(beam, key=lambda k: (parts(rects[k])[1], -rects[k][1], -rects[k][0]))
    order = sorted(keys, key=lambda k: (rects[k][1], rects[k][0]))
    if len(order) < 2:
        return None
    return order[(order.index(here) + sign) % len(order)]
