"""Layout blocks for boards drawn as text: lines that remember their keys, rectangles, frames.

A board draws itself as ``Block``s (rectangles of ``Text`` lines) laid ``beside`` and
``stack``ed, like a page set by hand. Things a player can choose carry a *key* in their
style's meta (``key_style``); a ``Line`` and a ``Block`` remember where each key sits,
so the board's cursor can move by geometry and a click finds what is under the mouse.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

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
