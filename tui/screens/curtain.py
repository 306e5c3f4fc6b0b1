"""Pass-and-play's curtain: hides the table while the keyboard changes hands."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.footer import KeysFooter
from tui.widgets.palette import seat_letter


class CurtainScreen(ModalScreen[str]):
    """"Pass to Red — press Enter when only Red can see." Dismisses with "go" or "undo"."""

    BINDINGS = [
        Binding("enter", "go", "Show my view", priority=True),
        Binding("u", "undo", "Take back the last move"),
    ]

    def __init__(self, seat: int, name: str, colour: str, undo_from: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.seat_name = name
        self.colour = colour
        self.undo_from = undo_from  # the name of the seat that may take its move back, if any

    def compose(self) -> ComposeResult:
        letter = seat_letter(self.colour, self.seat)
        with Middle():
            with Center():
                with Vertical(id="curtain-card", classes=f"seat-{self.colour}"):
                    yield Static(f" {letter} ", id="curtain-badge", classes=f"badge-{self.colour}")
                    yield Static(f"Pass the keyboard to {self.seat_name}", id="curtain-title")
                    yield Static(f"Press Enter when only {self.seat_name} can see the screen.",
                                 id="curtain-text")
                    if self.undo_from:
                        yield Static(f"{self.undo_from} changed their mind? Press U to take the move back.",
                                     id="curtain-undo")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return bool(self.undo_from)
        return True

    def action_go(self) -> None:
        self.dismiss("go")

    def action_undo(self) -> None:
        self.dismiss("undo")
