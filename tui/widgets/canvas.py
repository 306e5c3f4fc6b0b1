"""A line-API widget that shows Rich ``Text`` lines (Toolong's model).

Two ways to feed it:

- ``set_lines(lines)``: the owner builds every line once per change; only the lines that
  differ from the ones on screen are repainted, and strips are kept in an LRU cache by
  content, so a cursor step redraws two islands, not the board;
- ``set_source(height, width, key_of, build)``: for a board too large to build whole, a
  line is built only when the screen asks for it (``render_line``), and kept in an LRU
  cache keyed by ``key_of(y)`` — the data that line shows — so an unchanged line is never
  built twice, however often it scrolls past.

Spans may carry ``meta={"key": ...}``: a click reports the key under the mouse.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from rich.style import Style
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
        self._drawn_keys: list[tuple[Any, ...]] | None = None
        self._source: tuple[Callable[[int], Hashable], Callable[[int], Text]] | None = None
        self._built: LRUCache[Hashable, Text] = LRUCache(1024)
        self._base: Style | None = None  # the widget's own style, looked up once per style change

    @property
    def lines(self) -> list[Text]:
        return self._lines

    def set_lines(self, lines: list[Text]) -> None:
        """Show ``lines``, repainting only the ones that changed."""
        self._source = None
        keys = [(line.plain, line.style, tuple(line.spans)) for line in lines]
        old, self._drawn_keys = self._drawn_keys, keys
        width = max((line.cell_len for line in lines), default=0)
        # A virtual size that stays put (at least the viewport) spares the screen a layout pass.
        view = self.scrollable_content_region.size
        size = Size(max(width, view.width), max(len(lines), view.height))
        self._lines = lines
        if old is None or len(old) != len(keys) or size != self.virtual_size:
            self._strips.clear()
            self.virtual_size = size
            self.refresh()
            return
        start = None
        for i, (was, now) in enumerate([*zip(old, keys, strict=True), (None, None)]):
            if was != now and i < len(keys):
                self._strips.discard(i)
                start = i if start is None else start
            elif start is not None:
                self.refresh_lines(start, i - start)
                start = None

    def set_source(self, height: int, width: int, key_of: Callable[[int], Hashable],
                   build: Callable[[int], Text]) -> None:
        """Show ``height`` lines built on demand: line ``y`` is ``build(y)``, cached by ``key_of(y)``."""
        self._source = (key_of, build)
        self._drawn_keys = None
        self._lines = []
        self._strips.clear()
        view = self.scrollable_content_region.size
        self.virtual_size = Size(max(width, view.width), max(height, view.height))
        self.refresh()

    def line_at(self, y: int) -> Text | None:
        """Line ``y`` as Text (built now if it comes from a source)."""
        if self._source is not None:
            key_of, build = self._source
            if y >= self.virtual_size.height:
                return None
            key = key_of(y)
            line = self._built.get(key)
            if line is None:
                line = self._built[key] = build(y)
            return line
        return self._lines[y] if 0 <= y < len(self._lines) else None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None
        self._strips.clear()
        self._by_content.clear()
        self._built.clear()
        self._drawn_keys = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        return self.strip_at(y + scroll_y, scroll_x)

    def strip_at(self, index: int, scroll_x: int = 0) -> Strip:
        """Line ``index`` as a strip, cropped to the view."""
        width = self.scrollable_content_region.width
        base = self._base
        if base is None:
            base = self._base = self.rich_style  # (walking the DOM for it on every line cost a third of a redraw)
        if self._source is None and index >= len(self._lines):
            return Strip.blank(width, base)
        strip = self._strips.get(index) if self._source is None else None
        if strip is None:
            line = self.line_at(index)
            if line is None:
                return Strip.blank(width, base)
            key = (line.plain, line.style, tuple(line.spans), base)
            strip = self._by_content.get(key)
            if strip is None:
                strip = Strip(line.render(self.app.console), line.cell_len).apply_style(base)
                self._by_content[key] = strip
            if self._source is None:
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
