"""The lobby of an SSH server: who is online, the tables, and a way to each of them.

Create a table (game, options, seats: open, a bot level, or reserved for someone),
join an open seat, come back to your own seat, watch, replay a finished game, and
— for a table's owner — hand an idle seat to a bot.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from engine import Match, SaveError
from engine.hub import protocol as P
from tui.screens.dialogs import ConfirmDialog, MessageDialog
from tui.screens.load import LoadScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen
from tui.widgets.footer import KeysFooter
from tui.words import UNDO_WORDS, options_words, seat_words

STATUS_WORDS = {"waiting": "○ waiting", "playing": "● playing", "finished": "✓ finished"}


def my_seats(t: P.TableInfo, me: str) -> list[int]:
    return [s.seat for s in t.seats if s.kind == "person" and s.owner == me]


def joinable(t: P.TableInfo, me: str) -> list[int]:
    """Seats ``me`` may sit in: open ones, ones reserved for me, and my own (to come back)."""
    if t.status == "finished":
        return []
    return [s.seat for s in t.seats
            if s.kind == "open" or s.kind == f"reserved:{me}" or (s.kind == "person" and s.owner == me)]


class SeatPicker(ModalScreen[int | None]):
    """Choose one of several seats."""
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, table: P.TableInfo, seats: list[int], me: str) -> None:
        super().__init__()
        self.title_text = title
        self.table = table
        self.seats = seats
        self.me = me

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield OptionList(*(Option(Text(seat_words(self.table.seats[i], self.me)), id=str(i)) for i in self.seats),
                             id="seat-list")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(Screen[None]):
    """Tables on this server. Every action has a key."""
    CSS_PATH = "../styles/lobby.tcss"
    BINDINGS = [
        Binding("n", "create", "New table"),
        Binding("j,enter", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("r", "replay", "Replay"),
        Binding("k", "kick", "Seat to bot"),
        Binding("l", "saves", "Your saves"),
        Binding("f1", "rules", "Rules", key_display="F1", priority=True),  # (keys typed next go to the rules)
        Binding("q", "app.quit", "Quit", show=False),  # ctrl+q shows in every footer
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[P.TableInfo] = []
        self._shown: list[P.TableInfo] | None = None
        self.online: list[str] = []
        self._keys: tuple[bool | None, ...] = ()

    @property
    def me(self) -> str:
        return getattr(self.app, "user", "")

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            with Horizontal(id="lobby-top"):
                yield Static("Gangplank", id="lobby-title")
                yield Static("", id="lobby-online")
            yield DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
            yield Static("", id="lobby-detail")
            yield Static("No tables yet: press n to set one up, and your friends can join it from here.",
                         id="lobby-empty")
            yield Static("Anyone can connect to this server under any name: a name here is a claim, "
                         "not proof of who someone is.", id="lobby-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#lobby-tables", DataTable)
        table.add_column("Game", key="game")
        table.add_column("Table", key="name")
        table.add_column("Seats", key="seats")
        table.add_column("Round", key="round")
        table.add_column("Status", key="status")
        table.focus()
        self.query_one("#lobby-note", Static).display = not getattr(self.app, "names_verified", True)
        self.app.call_later(self._subscribe)

    async def _subscribe(self) -> None:
        await self.app.send(P.WatchLobby(True))  # type: ignore[attr-defined]

    # -------------------------------------------------------------- hub traffic

    def receive_hub(self, msg: Any) -> None:
        if isinstance(msg, P.Welcome):
            self.query_one("#lobby-note", Static).display = not msg.names_verified
        if isinstance(msg, P.Lobby):
            self.tables = sorted(msg.tables, key=lambda t: (t.status == "finished", t.created, t.id))
            self.online = msg.online
            self._refresh()
        elif isinstance(msg, P.ReplayData):
            try:
                m = Match.from_bytes(msg.data, "the table's game")
            except SaveError as e:
                self.app.push_screen(MessageDialog("This game cannot be replayed", str(e), error=True))
                return
            self.app.push_screen(ReplayScreen(m))

    def _refresh(self) -> None:
        online = ", ".join(f"{u} (you)" if u == self.me else u for u in self.online)
        self.query_one("#lobby-online", Static).update(f"online: {online}")
        if self.tables == self._shown:
            return  # only who is online changed: the table list stays as it is
        self._shown = list(self.tables)
        dt = self.query_one("#lobby-tables", DataTable)
        keep = self.selected.id if self.selected else None
        dt.clear()
        for t in self.tables:
            taken = sum(1 for s in t.seats if s.kind not in ("open",) and not s.kind.startswith("reserved:"))
            seats = f"{taken}/{t.players}"
            mine = my_seats(t, self.me)
            if mine:
                seats += " · you"
            elif any(st.kind == f"reserved:{self.me}" for st in t.seats):
                seats += " · one for you"
            if t.watchers:
                seats += f" · {len(t.watchers)} watching"
            status = STATUS_WORDS.get(t.status, t.status)
            if t.open_seed:
                status += " · open seed"
            if t.undo == "practice":
                status += " · practice"
            name = t.name or f"{t.owner}'s table"
            dt.add_row(t.title, name, seats, str(t.round or "–"), status, key=t.id)
        self.query_one("#lobby-empty", Static).display = not self.tables
        self.query_one("#lobby-detail", Static).display = bool(self.tables)
        dt.display = bool(self.tables)
        if keep is not None:
            for i, t in enumerate(self.tables):
                if t.id == keep:
                    dt.move_cursor(row=i)
        self._show_detail()

    @property
    def selected(self) -> P.TableInfo | None:
        dt = self.query_one("#lobby-tables", DataTable)
        if not self.tables or dt.cursor_row is None or not 0 <= dt.cursor_row < len(self.tables):
            return None
        return self.tables[dt.cursor_row]

    @on(DataTable.RowHighlighted)
    def _show_detail(self) -> None:
        t = self.selected
        detail = self.query_one("#lobby-detail", Static)
        if t is None:
            detail.update("")
            return
        lines = [Text(f"{t.title} — {t.name or t.owner + chr(39) + 's table'} (owner {t.owner})", style="bold")]
        for st in t.seats:
            lines.append(Text("  " + seat_words(st, self.me)))
        extra = []
        if t.watchers:
            extra.append("watching: " + ", ".join(t.watchers))
        if options_words(t.options):
            extra.append("options: " + options_words(t.options))
        extra.append(f"takebacks: {UNDO_WORDS.get(t.undo, t.undo)}")
        lines.append(Text("  " + " · ".join(extra), style="dim"))
        if t.open_seed:
            lines.append(Text(f"  open seed {t.seed}: {t.owner} chose it and everyone may know it, so it tells "
                              "every hidden card — each player accepts that on sitting down", style="bold"))
        detail.update(Text("\n").join(lines))
        keys = tuple(self.check_action(a, ()) for a in ("join", "watch", "replay", "kick"))
        if keys != self._keys:  # the footer is rebuilt only when what applies has changed
            self._keys = keys
            self.refresh_bindings()

    @on(DataTable.RowSelected)
    def _row_chosen(self) -> None:
        self.action_join()

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows what applies to the chosen table: Join greyed when it is full, the rest only when they apply."""
        t = self.selected
        if action == "join":
            if t is None:
                return False  # no tables: nothing to join
            return bool(joinable(t, self.me)) or None
        if action == "watch":
            return bool(t and t.status != "finished")
        if action == "replay":
            return bool(t and t.status == "finished")
        if action == "kick":
            return bool(t and t.owner == self.me and self._kickable(t))
        return True

    def _kickable(self, t: P.TableInfo) -> list[int]:
        return [s.seat for s in t.seats if s.kind == "person" and s.owner != self.me and not s.covered_by]

    def action_create(self) -> None:
        self.app.push_screen(NewGameScreen(remote=True))

    def action_join(self) -> None:
        t = self.selected
        if t is None:
            return
        seats = joinable(t, self.me)
        if not seats:
            self.notify("No seat for you at this table: watch it instead (w).")
            return
        mine = my_seats(t, self.me)
        if mine:  # come back to every seat of mine
            for seat in mine:
                self.app.call_later(self.app.send, P.Sit(t.id, seat))  # type: ignore[attr-defined]
            return

        def sit(seat: int | None, accept: bool = False, practice: bool = False) -> None:
            if seat is None:
                return
            if t.open_seed and not accept:

                self.app.push_screen(ConfirmDialog(
                    "This table's seed is open",
                    f"{t.owner} chose the seed ({t.seed}) and anyone may know it. The seed decides every "
                    "card dealt and drawn, so whoever knows it can work out every hidden hand. Sit down anyway?",
                    yes="Sit down", no="Cancel"), lambda yes: sit(seat, True, practice) if yes else None)
                return
            if t.undo == "practice" and not practice:
                self.app.push_screen(ConfirmDialog(
                    "This is a practice table",
                    f"{t.owner} chose practice takebacks: anyone may take back any move, even after a card "
                    "was drawn or the bids were shown. Sit down anyway?",
                    yes="Sit down", no="Cancel"), lambda yes: sit(seat, accept, True) if yes else None)
                return
            self.app.call_later(self.app.send,  # type: ignore[attr-defined]
                                P.Sit(t.id, seat, accept_open_seed=accept, accept_practice=practice))

        if len(seats) == 1:
            sit(seats[0])
            return
        self.app.push_screen(SeatPicker("Which seat?", t, seats, self.me), sit)

    def action_watch(self) -> None:
        t = self.selected
        if t is not None:
            self.app.call_later(self.app.send, P.Watch(t.id))  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        t = self.selected
        if t is not None:
            self.app.call_later(self.app.send, P.GetReplay(t.id))  # type: ignore[attr-defined]

    def action_kick(self) -> None:
        t = self.selected
        if t is None:
            return
        seats = self._kickable(t)

        def kick(seat: int | None) -> None:
            if seat is not None:
                self.app.call_later(self.app.send, P.Kick(t.id, seat))  # type: ignore[attr-defined]

        self.app.push_screen(SeatPicker("Hand which seat to a bot until its owner returns?", t, seats, self.me),
                             kick)

    def action_saves(self) -> None:
        self.app.push_screen(LoadScreen("load", remote=True))

    def action_rules(self) -> None:
        t = self.selected
        self.app.push_screen(RulesScreen(t.game if t else ""))
