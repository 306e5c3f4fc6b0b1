"""A line-API widget that shows a list of Rich ``Text`` lines (Toolong's model).

Lines are built once per change by the owner; strips are made on demand and kept
in an LRU cache until the lines change, so scrolling and repaints cost nothing.
Spans may carry ``meta={"key": ...}``: a click reports the key under the mouse.
"""

from __future__ import annotations

from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.widgets.palette import Painted


class Canvas(Painted, ScrollView):
    """Shows ``lines``; subclasses rebuild them in ``set_lines``."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._lines: list[Text] = []
        self._strips: LRUCache[int, Strip] = LRUCache(256)
        # Most lines survive a change unchanged (a new card in the trick leaves the hand as it
        # was): strips are also kept by content, so only the lines that changed are rendered.
        self._by_content: LRUCache[tuple[object, ...], Strip] = LRUCache(1024)

    @property
    def lines(self) -> list[Text]:
        return self._lines

    def set_lines(self, lines: list[Text]) -> None:
        self._lines = lines
        self._strips.clear()
        width = max((line.cell_len for line in lines), default=0)
        # A virtual size that stays put (at least the viewport) spares the screen a layout pass.
        view = self.scrollable_content_region.size
        self.virtual_size = Size(max(width, view.width), max(len(lines), view.height))
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()
        self._by_content.clear()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        return self.strip_at(y + scroll_y, scroll_x)

    def strip_at(self, index: int, scroll_x: int = 0) -> Strip:
        """Line ``index`` as a strip, cropped to the view."""
        width = self.scrollable_content_region.width
        base = self.rich_style
        if index >= len(self._lines):
            return Strip.blank(width, base)
        strip = self._strips.get(index)
        if strip is None:
            line = self._lines[index]
            key = (line.plain, line.style, tuple(line.spans), base)
            strip = self._by_content.get(key)
            if strip is None:
                strip = Strip(line.render(self.app.console), line.cell_len).apply_style(base)
                self._by_content[key] = strip
            self._strips[index] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, base)

    def wrap(self, text: Text, width: int, indent: int = 0, first: int = 0) -> list[Text]:
        """``text`` wrapped to ``width`` cells; continuation lines are indented by ``indent``."""
        lines = text.wrap(self.app.console, max(10, width - indent))
        out = []
        for i, line in enumerate(lines):
            if i:
                line = Text(" " * indent) + line
            out.append(line)
        if out and first and out[0].cell_len > width:
            out[0].truncate(width, overflow="ellipsis")
        return out

    def meta_key(self, meta: dict) -> str | None:
        """The board key a span carries (not named ``key_*``: Textual calls those on key presses)."""
        key = meta.get("key")
        return key if isinstance(key, str) else None
