"""A tiny app run in SSH sessions by the transport tests: it shows the user, the size and the keys."""

from __future__ import annotations

import os
from typing import Any


def run(request: dict[str, Any]) -> int:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Echo(App):
        def compose(self) -> ComposeResult:
            yield Static(f"hello {request['user']} term={os.environ.get('TERM')}", id="who")
            yield Static("", id="size")
            yield Static("keys:", id="keys")

        def on_mount(self) -> None:
            self.query_one("#size", Static).update(f"size={self.size.width}x{self.size.height}")

        def on_resize(self, event: Any) -> None:
            self.query_one("#size", Static).update(f"size={event.size.width}x{event.size.height}")

        def on_key(self, event: Any) -> None:
            keys = self.query_one("#keys", Static)
            text = str(keys.render())
            ch = event.character if event.character and event.character.isprintable() else "?"
            keys.update((text + ch)[-60:])

    Echo().run()
    return 0
