"""The rules of a game, from ``docs/rules/<game>.md``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Static

from engine import games
from tui.paths import rules_doc
from tui.widgets.footer import KeysFooter


def rules_text(game: str) -> str:
    """The document's Markdown, or a friendly note if it is missing."""
    try:
        rules = games.get(game)
        title, doc = rules.title, rules.doc
    except KeyError:
        title = doc = game
    path = rules_doc(doc)
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return (f"# {title}\n\nThe rules document for {title} is not written yet.\n\n"
                f"It will live in `docs/rules/{path.name}`.")


class RulesScreen(Screen[None]):
    """A Markdown viewer with a table of contents; G switches to another game's rules."""
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("g", "next_game", "Other game"),
        Binding("t", "toc", "Contents"),
    ]

    def __init__(self, game: str = "") -> None:
        super().__init__()

        self.games = games.ids()
        self.game = game if game else (self.games[0] if self.games else "")

    def compose(self) -> ComposeResult:
        yield Static(id="rules-title", classes="screen-title")
        yield MarkdownViewer(rules_text(self.game), show_table_of_contents=False, id="rules")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._title()
        self.query_one(MarkdownViewer).document.focus()

    def _title(self) -> None:
        try:
            title = games.get(self.game).title
        except KeyError:
            title = self.game
        self.query_one("#rules-title", Static).update(f"Rules — {title}")

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    async def action_next_game(self) -> None:
        if not self.games:
            return
        i = self.games.index(self.game) if self.game in self.games else -1
        self.game = self.games[(i + 1) % len(self.games)]
        self._title()
        await self.query_one(MarkdownViewer).document.update(rules_text(self.game))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            return len(self.games) > 1
        return True
