"""Small modal dialogs: a message, a question, a file name."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from engine.hub.names import save_name


class MessageDialog(ModalScreen[None]):
    """A message the user acknowledges (a damaged save file, a refused request)."""
    BINDINGS = [Binding("escape,enter", "close", "Close")]

    def __init__(self, title: str, text: str, *, error: bool = False) -> None:
        super().__init__(classes="error" if error else "")
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.text, classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", variant="primary", id="ok")

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    @on(Button.Pressed, "#ok")
    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question."""
    BINDINGS = [Binding("escape", "answer(False)", "No"), Binding("y", "answer(True)", "Yes")]

    def __init__(self, title: str, text: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.text, classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes, variant="primary", id="yes")
                yield Button(self.no, id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SaveAsDialog(ModalScreen[str | None]):
    """Asks for a save's name (never a path); returns it (or None)."""
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, folder: str, default: str, title: str = "Save as…", button: str = "Save") -> None:
        super().__init__()
        self.folder = folder
        self.default = default
        self.title_text = title
        self.button = button

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(f"In {self.folder}", classes="dialog-text")
            yield Static("A name ending in .plank; the game keeps its autosave too." if self.button == "Save"
                         else "A name, not a path; a save already called so is never replaced.",
                         classes="dialog-text muted")
            yield Input(self.default, id="filename", select_on_focus=True)
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.button, variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        field = self.query_one(Input)
        field.cursor_blink = False
        field.focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        try:
            name = save_name(self.query_one(Input).value)
        except ValueError as e:  # a name, never a path: the hub checks it again
            self.notify(str(e).capitalize(), severity="warning")
            return
        self.dismiss(name)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
