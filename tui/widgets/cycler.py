"""A one-line choice among a few values: ‹ Bot · heuristic ›. Left/Right (or a click) cycle it.

Lighter than a Select (one widget, no overlay), which keeps the New game form quick to open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Cycler(Widget, can_focus=True):
    """Shows the current choice between arrows; posts ``Cycler.Changed`` when it changes."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space,enter", "step(1)", "Next", show=False),
    ]

    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, cycler: Cycler, value: Any) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(self, choices: Sequence[tuple[str, Any]], value: Any = None, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.choices: list[tuple[str, Any]] = list(choices)
        self.set_reactive(Cycler.index, self._index_of(value))

    def _index_of(self, value: Any) -> int:
        return next((i for i, (_, v) in enumerate(self.choices) if v == value), 0)

    @property
    def value(self) -> Any:
        return self.choices[self.index][1] if self.choices else None

    @value.setter
    def value(self, value: Any) -> None:
        self.index = self._index_of(value)

    def set_choices(self, choices: Sequence[tuple[str, Any]], value: Any = None) -> None:
        old = self.value
        self.choices = list(choices)
        self.index = self._index_of(value if value is not None else old)
        self.refresh(layout=True)

    def watch_index(self, old: int, new: int) -> None:
        if old != new:
            self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        if self.choices:
            self.index = (self.index + step) % len(self.choices)

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < 2 else 1)

    def render(self) -> Text:
        label = self.choices[self.index][0] if self.choices else ""
        out = Text("‹ ")
        out.append(label, style="bold")
        out.append(" ›")
        return out

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((len(label) for label, _ in self.choices), default=0) + 4
