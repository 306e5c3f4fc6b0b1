"""The log: every event the shown seat may see, in plain words, coloured by seat.

A line-API widget (Toolong's model): events are wrapped into lines once, strips
are cached. The hub replaces a seat's log from ``log_start`` on (after an undo),
so ``show`` re-wraps only from the first event that changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.strip import Strip

from engine.core.rules import Event
from engine.hub import protocol as P
from tui.widgets.canvas import Canvas
from tui.widgets.palette import seat_letter, seg

INDENT = 4


class LogPanel(Canvas, can_focus=True):
    """Scrollable; sticks to the bottom unless the reader scrolled up."""

    DEFAULT_CLASSES = "painted panel"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Log"
        self._events: list[Event] = []
        self._seats: list[P.SeatStatus] = []
        self._wrapped: list[list[Text]] = []  # lines per event
        self._width = 0
        self.viewer: int | None = None
        self.headings: tuple[str, ...] = ("round",)
        self._stick = True  # follow the newest line

    def show(self, events_: Sequence[Event], seats: Sequence[P.SeatStatus], viewer: int | None = None,
             headings: Sequence[str] = ("round",), follow: bool = False) -> None:
        """Show ``events_``; ``follow`` scrolls to the last line even if the reader scrolled up."""
        self.headings = tuple(headings)
        seats = list(seats)
        same_frame = _faces(seats) == _faces(self._seats) and viewer == self.viewer
        start = 0
        if same_frame:
            n = min(len(events_), len(self._events))
            while start < n and events_[start] is self._events[start]:
                start += 1
            if start == len(events_) == len(self._events):
                return
        at_end = follow or self._stick
        self._seats = seats
        self.viewer = viewer
        self._events = list(events_)
        del self._wrapped[start:]
        width = self._content_width()
        self._width = width
        self._wrapped.extend(self._wrap(e, width) for e in self._events[start:])
        self._publish(scroll=at_end)

    def _content_width(self) -> int:
        return max(20, self.scrollable_content_region.width or self.size.width or 60)

    def _publish(self, scroll: bool) -> None:
        lines = [line for block in self._wrapped for line in block]
        if not lines:
            lines = [seg("  Nothing has happened yet.", self.paint("muted"))]
        self.set_lines(lines)
        if scroll:
            self._stick = True
            self._to_end()

    def render_line(self, y: int) -> Strip:
        if not self._stick:
            return super().render_line(y)
        # following the newest line: paint the end whatever the scroll offset says right now
        # (it catches up after layout), so what is shown never depends on timing
        end = max(0, len(self.lines) - self.scrollable_content_region.height)
        if round(self.scroll_y) != end:
            self.call_after_refresh(self._to_end)
        return self.strip_at(end + y, round(self.scroll_x))

    @property
    def settled(self) -> bool:
        """The scroll offset (and so the scrollbar) has caught up with what is painted: a
        log following its newest line is scrolled to its end."""
        return not self._stick or round(self.scroll_y) == round(self.max_scroll_y)

    def _to_end(self) -> None:
        """Show the last line (now, and again once the new size is laid out)."""
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)
        self.call_after_refresh(lambda: self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True))

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        # the reader scrolled up: stop following until they come back to the end
        self._stick = new >= self.max_scroll_y - 1

    def on_resize(self, event: events.Resize) -> None:
        width = self._content_width()
        if width != self._width:
            self._width = width
            self._wrapped = [self._wrap(e, width) for e in self._events]
            self._publish(scroll=self._stick)
        elif self._stick:
            self._to_end()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._events:
            self._wrapped = [self._wrap(e, self._width or 60) for e in self._events]
            self._publish(scroll=False)

    def _wrap(self, e: Event, width: int) -> list[Text]:
        if e.kind in self.headings:
            head = seg(f"── {e.text} ", self.paint("heading"))
            lines = list(head.wrap(self.app.console, max(10, width - 1)))
            if lines and lines[-1].cell_len < width - 2:
                lines[-1].append("─" * (width - 2 - lines[-1].cell_len), style=self.paint("heading"))
            return lines
        seat = e.seat
        if 0 <= seat < len(self._seats):
            st = self._seats[seat]
            head = self.seat_badge(st.colour, seat)
            head.append(" ")
            style = self.seat_style(st.colour)
        else:
            head = seg(" · ", self.paint("muted"))
            head.append(" ")
            style = None
        body = Text(e.text)
        if style is not None:
            body.stylize(style, 0, _name_end(e.text, self._seats[seat].name))
        if e.to is not None and e.reveal:
            if self.viewer is not None and self.viewer in e.to:
                note = "  (secret)"
            else:  # a replay showing everything: say whose secret it was
                note = "  (secret: " + ", ".join(self._seats[s].name for s in e.to if s < len(self._seats)) + ")"
            body.append(note, style=self.paint("muted"))
        wrapped = body.wrap(self.app.console, max(10, width - INDENT))
        out = []
        for i, part in enumerate(wrapped):
            line = head.copy() if i == 0 else Text(" " * INDENT)
            line.append_text(part)
            out.append(line)
        return out or [head]


def _faces(seats: Sequence[P.SeatStatus]) -> list[tuple[str, str]]:
    """What the log shows of the seats (not who is online or thinking)."""
    return [(s.name, s.colour) for s in seats]


def _name_end(text: str, name: str) -> int:
    """Colour the acting seat's name when the line starts with it."""
    return len(name) if text.startswith(name) else 0


__all__ = ["LogPanel", "seat_letter"]
