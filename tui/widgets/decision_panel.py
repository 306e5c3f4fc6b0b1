"""The decision panel: the shown seat's legal moves, grouped, each with a hotkey.

Choosing a thing on the board narrows the list to the moves that involve it;
Escape widens it again. Enter (or a click, or the move's hotkey) chooses.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.board import Choice
from tui.widgets.palette import Painted, seg

# Hotkeys for moves: digits, then every letter but the table's own keys (d delay, f scores,
# r redo, s save, u undo); a game's own keys (t, p) are taken out at its table.
HOTKEYS = "1234567890abceghijklmnopqtvwxyz"


class MoveList(Painted, OptionList):
    """The OptionList of moves (styled in tcss as ``MoveList``)."""


class DecisionPanel(Painted, Vertical):
    """Title, prompt, the (possibly narrowed) moves and a one-line hint."""

    DEFAULT_CLASSES = "painted panel"

    class Chosen(Message):
        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Your move"
        self.choices: list[Choice] = []
        self.shown: list[Choice] = []
        self.narrowed: str | None = None
        self.narrow_label = ""
        self._filled_width = 0
        self._heights: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        yield MoveList(id="moves")
        yield Static(id="hint")

    @property
    def moves(self) -> MoveList:
        return self.query_one(MoveList)

    def show(self, title: str, prompt: Text | str, choices: list[Choice], hint: Text | str = "",
             narrowed: str | None = None, narrow_label: str = "") -> None:
        self.border_title = title
        self._say("#prompt", prompt)
        self.choices = choices
        self.narrowed = narrowed
        self.narrow_label = narrow_label
        self._say("#hint", hint)
        self._fill()

    def _say(self, selector: str, text: Text | str) -> None:
        """Update a Static; a layout pass (costly: every widget is measured) only if its height changes."""
        static = self.query_one(selector, Static)
        text = Text(text) if isinstance(text, str) else text
        width = max(10, static.size.width or self.size.width - 4)
        height = len(text.wrap(self.app.console, width)) if text.plain else 0
        old = self._heights.get(selector)
        self._heights[selector] = height
        static.update(text, layout=old != height or not static.size.width)

    def narrow(self, key: str | None, label: str = "") -> int:
        """Show only the moves involving ``key``; returns how many there are."""
        self.narrowed = key
        self.narrow_label = label
        self._fill()
        return len(self.shown)

    def _fill(self) -> None:
        key = self.narrowed
        shown = [c for c in self.choices if key is None or key in c.targets]
        if not shown:
            shown, self.narrowed = self.choices, None
        self.shown = shown
        options: list[Option] = []
        if self.narrowed is not None and self.narrow_label:
            options.append(Option(seg(f"{self.narrow_label} — Esc shows every move", self.paint("muted")),
                                  disabled=True))
        moves = self.moves
        region = moves.scrollable_content_region
        width = max(16, region.width or self.size.width - 4 or 40)
        self._filled_width = width
        heading = len(options)
        options += self._move_options(shown, width)
        rows = sum(len(o.prompt.plain.split("\n")) for o in options if isinstance(o.prompt, Text))
        if region.height and rows > region.height and not moves.show_vertical_scrollbar:
            # a scrollbar is about to take its cells: wrap for the width that is left
            options[heading:] = self._move_options(shown, width - moves.styles.scrollbar_size_vertical)
        moves.set_options(options)
        first = next((i for i, o in enumerate(options) if not o.disabled), None)
        moves.highlighted = first

    def _move_options(self, shown: list[Choice], width: int) -> list[Option]:
        """The group headings and moves, each move's words wrapped under its hotkey."""
        options: list[Option] = []
        group = None
        key_style = self.paint("key")
        for c in shown:
            if c.group != group and c.group:
                group = c.group
                options.append(Option(seg(group, self.paint("heading")), disabled=True))
            label = Text()
            label.append(f" {c.hotkey} " if c.hotkey else "   ", style=key_style)
            label.append(" ")
            body = c.label if c.label is not None else Text(c.text)
            lines = body.wrap(self.app.console, width - 4)
            for i, line in enumerate(lines):
                if i:
                    label.append("\n    ")
                label.append_text(line)
            options.append(Option(label, id=f"m{c.index}"))
        return options

    def on_resize(self) -> None:
        if self.choices and self.moves.scrollable_content_region.width != self._filled_width:
            self._fill()

    def point_at(self, key: str | None) -> None:
        """Highlight the first move involving ``key`` (the board cursor is on it)."""
        if key is None:
            return
        for c in self.shown:
            if key in c.targets:
                self.moves.highlighted = self.moves.get_option_index(f"m{c.index}")
                return

    def highlighted_choice(self) -> Choice | None:
        opt = self.moves.highlighted_option
        if opt is None or opt.id is None:
            return None
        index = int(opt.id[1:])
        return next((c for c in self.choices if c.index == index), None)

    @on(OptionList.OptionSelected, "#moves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        index = int(event.option.id[1:])
        choice = next((c for c in self.choices if c.index == index), None)
        if choice is not None:
            self.post_message(self.Chosen(choice))
