"""The footer: the keys that apply now. Rebuilt only when they change.

Textual's Footer rebuilds all of its keys (new widgets, their styles worked out again)
every time any binding might have changed: each focus change, screen resume and
``refresh_bindings``, several times in one refresh. This one gathers those into a
single check after the refresh and rebuilds only when the keys it would show differ
from the keys it shows.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """A Footer that rebuilds at most once per refresh, and only when its keys changed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rebuild_pending = False
        self._shown: tuple[Any, ...] | None = None

    def keys_signature(self) -> tuple[Any, ...]:
        """Everything ``compose`` reads: the shown bindings, whether each is enabled, the palette key."""
        active = self.screen.active_bindings
        keys = tuple((b.key, b.action, b.description, b.key_display, id(b.group), enabled, tooltip)
                     for (_node, b, enabled, tooltip) in active.values() if b.show)
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette else None
        return keys, palette[2] if palette else None, self.show_command_palette

    def compose(self) -> ComposeResult:
        # A FooterKey starts compact and is then bound to the footer's setting (all but the
        # palette key, which stays compact): two style passes per key on every rebuild.
        # Starting each key with the classes it will end up with costs none.
        for widget in super().compose():
            if isinstance(widget, FooterKey) and self.compact and widget.action.startswith("hotkey("):
                continue  # small screens: the decision panel shows each move's key beside it; Quit stays
            if isinstance(widget, FooterKey):
                compact = True if widget.has_class("-command-palette") else self.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        if not self.is_attached:
            return
        shown = self.keys_signature()
        if shown != self._shown:
            self._shown = shown
            await self.recompose()
