"""The main menu: New game, Continue last game, Load, Replay, Rules, Quit."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.footer import KeysFooter

BANNER = r"""
   ___                       _            _
  / __|__ _ _ _  __ _ _ __  | |__ _ _ _  | |__
 | (_ / _` | ' \/ _` | '_ \ | / _` | ' \ | / /
  \___\__,_|_||_\__, | .__/ |_\__,_|_||_||_\_\
                |___/|_|
""".strip("\n")

ITEMS = (
    ("new", "n", "New game"),
    ("continue", "c", "Continue last game"),
    ("load", "l", "Load a saved game"),
    ("replay", "p", "Replay a game"),
    ("rules", "r", "Rules"),
    ("quit", "q", "Quit"),
)


class MenuScreen(Screen[None]):
    """The first screen. Every item has a key."""

    # Priority, every one: the screen it opens is on top before the next key is read, so keys
    # typed at once (n then →) reach that screen. Without it the next key had already gone to
    # the menu's list (the focus) while the first was still on its way up to these bindings.
    BINDINGS = [
        Binding("n", "pick('new')", "New game", priority=True),
        Binding("c", "pick('continue')", "Continue", priority=True),
        Binding("l", "pick('load')", "Load", priority=True),
        Binding("p", "pick('replay')", "Replay", priority=True),
        Binding("r,f1", "pick('rules')", "Rules", key_display="F1", priority=True),
        Binding("q", "pick('quit')", "Quit", show=False, priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                with Vertical(id="menu-card"):
                    yield Static(BANNER, id="banner")
                    yield Static("a terminal game table", id="tagline")
                    yield OptionList(*(Option(self._label(key, text), id=item) for item, key, text in ITEMS),
                                     id="menu")
        yield KeysFooter()

    @staticmethod
    def _label(key: str, text: str) -> str:
        return f" {key}  {text}"

    def on_screen_suspend(self) -> None:
        self.app.clear_notifications()  # a word about the menu is not one about the next screen

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        if not getattr(self.app, "is_local", True):
            for item in ("continue", "load", "replay"):  # saves live on the server's side
                menu.disable_option(item)
        menu.focus()
        # the local hub and its bot worker start once the menu is on screen
        self.set_timer(0.2, self.app.warm_up)  # type: ignore[attr-defined]

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.action_pick(event.option.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters and parameters[0] in ("continue", "load", "replay"):
            return True if getattr(self.app, "is_local", True) else None
        return True

    def action_pick(self, item: str) -> None:
        app = self.app
        if item == "new":
            from tui.screens.new_game import NewGameScreen  # start-up: the menu comes first, alone

            app.push_screen(NewGameScreen())
        elif item == "continue":
            self._continue()
        elif item in ("load", "replay"):
            from tui.screens.load import LoadScreen  # start-up: the menu comes first, alone

            app.push_screen(LoadScreen(mode=item))
        elif item == "rules":
            from tui.screens.rules import RulesScreen  # start-up: the menu comes first, alone

            app.push_screen(RulesScreen(""))
        elif item == "quit":
            app.exit(0)

    @work(exclusive=True, group="continue")
    async def _continue(self) -> None:
        if not await self.app.continue_last():  # type: ignore[attr-defined]
            self.notify("There is no unfinished game to continue. Start a new one with N.", timeout=5)
