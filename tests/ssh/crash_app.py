"""The real app with a bug planted in a screen: F12 there raises (the crash tests)."""

from __future__ import annotations

from typing import Any

PLANTED = "a bug planted in a screen by the test"
F12 = "\x1b[24~"


def plant_bug(screen_cls: Any) -> None:
    """F12 on ``screen_cls`` raises RuntimeError(PLANTED); every other key does what it did."""
    original = getattr(screen_cls, "on_key", None)

    def on_key(self: Any, event: Any) -> Any:
        if event.key == "f12":
            raise RuntimeError(PLANTED)
        return original(self, event) if original is not None else None

    screen_cls.on_key = on_key


def run(request: dict[str, Any]) -> int:
    """An SSH session (``gangplank serve --runner tests.ssh.crash_app:run``) whose table screen has the bug."""
    from tui.remote import run_session
    from tui.screens.table import TableScreen

    plant_bug(TableScreen)
    return run_session(request)


def run_menu() -> int:
    """``gangplank`` with the bug in its main menu."""
    from tui.app import run_menu as menu
    from tui.screens.menu import MenuScreen

    plant_bug(MenuScreen)
    return menu()
