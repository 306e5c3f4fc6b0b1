"""Table chat: what people at the table say to each other (negotiation is part of Shardwake).

Shown at tables played over the network; a person at the shared keyboard needs no chat.
``/`` focuses the line, Enter sends, Escape goes back to the board.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, RichLog

from engine.hub import protocol as P

MAX_LINE = P.MAX_CHAT


class ChatPanel(Vertical):
    """Chat lines and a line to type in."""

    class Said(Message):
        """The user pressed Enter on a line of chat."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Done(Message):
        """The user left the chat line (Escape or after sending)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Chat  / to talk"
        self._seen = 0

    def compose(self) -> ComposeResult:
        yield RichLog(id="chat-lines", wrap=True, markup=False, highlight=False, auto_scroll=True)
        yield Input(placeholder="say something to the table…", max_length=MAX_LINE, id="chat-input")

    def show(self, lines: list[P.ChatLine], me: str) -> None:
        """Add the lines not shown yet (the model keeps the last 200)."""
        log = self.query_one(RichLog)
        if len(lines) < self._seen:
            self._seen = 0
            log.clear()
        for line in lines[self._seen :]:
            when = time.strftime("%H:%M", time.localtime(line.t))
            who = "you" if line.user == me else line.user
            text = Text(f"{when} ", style="dim")
            text.append(f"{who}: ", style="bold" if line.user != "table" else "italic")
            text.append(line.text)
            log.write(text)
        self._seen = len(lines)

    def start(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.post_message(self.Said(text))
        self.post_message(self.Done())

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.query_one(Input).has_focus:
            event.stop()
            self.post_message(self.Done())
