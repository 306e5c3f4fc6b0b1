"""A selection list whose ticks read without colour: ✓ for chosen, a blank box for not."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets.option_list import OptionDoesNotExist

TICK = "✓"
NO_TICK = " "


class TickList(SelectionList):
    """Textual's SelectionList draws the same X in every box and tells chosen from not by colour alone."""

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        segments = list(line)
        if len(segments) < 3 or segments[1].text != Checkbox.BUTTON_INNER:
            return line  # a line past the last option: nothing to mark
        try:
            value = self.get_option_at_index(self.scroll_offset.y + y).value
        except OptionDoesNotExist:
            return line
        mark = TICK if value in self._selected else NO_TICK
        segments[1] = Segment(mark, segments[1].style, segments[1].control)
        return Strip(segments, line.cell_length)
