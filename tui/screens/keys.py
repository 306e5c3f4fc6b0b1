"""``?``: the keys that apply on the screen beneath, now (lazygit's keybindings panel).

Built from the screen's active bindings (the focused widget's, the screen's and the
app's), each action once with all its keys; keys that exist but do not apply now are
listed dimmed. F1 stays the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


@dataclass
class KeyLine:
    keys: list[str]
    description: str
    tooltip: str
    enabled: bool
    rank: int = 0  # the screen's own keys first, then the focused widget's, then the app's


# Textual's own keys that do nothing a player would look for here: the lists never scroll
# sideways, and copying a selection is the terminal's (and Ctrl+P lists them all anyway)
UNSAID = frozenset({"command_palette", "keys", "screen.copy_text", "scroll_left", "scroll_right",
                    "page_left", "page_right"})
FOCUS = frozenset({"app.focus_next", "app.focus_previous"})


def keys_of(screen: Screen, display: Callable[[Binding], str]) -> list[KeyLine]:
    """The keys on ``screen`` now, one line per action (``display(binding)``: its key as shown)."""
    out: dict[str, KeyLine] = {}
    one_place = len(screen.focus_chain) < 2  # Tab has nowhere else to go
    for active in screen.active_bindings.values():
        b = active.binding
        if not b.description or b.action in UNSAID or (one_place and b.action in FOCUS):
            continue
        what = "hotkey" if b.action.startswith("hotkey") else b.action  # the move hotkeys: one line
        shown = b.key if what == "hotkey" else display(b)
        line = out.get(what)
        if line is None:
            description = "Choose the move with that key" if what == "hotkey" else b.description
            rank = 0 if active.node is screen else 2 if active.node is screen.app else 1
            out[what] = KeyLine([shown], description, active.tooltip or b.tooltip or "", active.enabled, rank)
        elif shown not in line.keys:
            line.keys.append(shown)
            line.enabled = line.enabled or active.enabled
    for line in out.values():
        if len(line.keys) > 6:  # the move hotkeys: 1 2 3 … z
            line.keys = [*line.keys[:3], "…", line.keys[-1]]
    return sorted(out.values(), key=lambda k: (not k.enabled, k.rank))


WHERE = {  # a screen's name in the panel's title
    "MenuScreen": "the main menu", "NewGameScreen": "New game", "LoadScreen": "saved games",
    "ReplayScreen": "replay", "RulesScreen": "the rules", "ResultsScreen": "the final scores",
    "LobbyScreen": "the lobby", "CurtainScreen": "the curtain",
}


def where_of(screen: Screen) -> str:
    name = type(screen).__name__
    return "at the table" if name.startswith("TableScreen") else WHERE.get(name, "this screen")


class KeysScreen(ModalScreen[None]):
    """The keys of the screen beneath; any of ``?``, Esc or Enter closes it."""

    BINDINGS = [Binding("escape,enter,question_mark,q", "close", "Close")]

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self.lines = keys_of(under, under.app.get_key_display)
        self.where = where_of(under)

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column()
        for line in self.lines:
            style = "" if line.enabled else "dim"
            words = Text(line.description, style=style)
            if line.tooltip:
                words.append(f" — {line.tooltip}", style="dim")
            if not line.enabled:
                words.append(" (not now)", style="dim italic")
            table.add_row(Text(" ".join(line.keys), style="bold" if line.enabled else "dim"), words)
        with Vertical(classes="dialog keys-dialog"):
            yield Static(f"Keys — {self.where}", classes="dialog-title")
            with VerticalScroll(id="keys-list"):
                yield Static(table, id="keys-table")
            yield Static("F1 the rules · Ctrl+P every command · ? or Esc closes", classes="dialog-text muted")

    def action_close(self) -> None:
        self.dismiss(None)
