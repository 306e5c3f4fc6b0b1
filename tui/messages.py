"""Messages that cross the app. Widget-specific messages are nested in their widgets."""

from __future__ import annotations

from typing import Any

from textual.message import Message


class HubMessage(Message):
    """Something the hub sent (an Update, a Notice, a ChatLine ...), posted to the app.

    Hub messages arrive on the app's event loop through ``Connection.on_message``;
    the app posts them as Textual messages so every screen handles them in order.
    """

    def __init__(self, msg: Any) -> None:
        super().__init__()
        self.msg = msg


class SettingsChanged(Message):
    """The user's preferences changed (theme, bot delay)."""
