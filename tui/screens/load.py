"""Load or replay: the example games in ``saves/`` and the user's own saves and autosaves.

Over SSH (``remote=True``) the list is the user's own saves on the server, sent by the hub
(``ListSaves`` / ``Saves``): names only, never a path; Enter continues one (or replays it
when that is all it may do), ``p`` replays, ``x`` deletes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Static

from engine import Match, SaveError
from engine.hub import protocol as P
from tui.paths import examples_dir, saves_dir, tables_dir
from tui.screens.dialogs import ConfirmDialog, MessageDialog
from tui.widgets.footer import KeysFooter


@dataclass(frozen=True)
class SaveSummary:
    path: str
    source: str  # example | saved | autosave
    game: str = ""
    title: str = ""
    players: str = ""
    date: str = ""
    moves: int = 0
    finished: bool = False
    problem: str = ""  # a damaged file: why it cannot be opened

    @property
    def state(self) -> str:
        if self.problem:
            return "damaged"
        return "finished" if self.finished else "in play"


_cache: dict[tuple[str, float, int], SaveSummary] = {}
SOURCES = {"example": "Example", "saved": "Your save", "autosave": "Autosave"}


def summarize(path: Path, source: str) -> SaveSummary:
    """What the list shows about one save (cached by path, time and size)."""
    try:
        st = path.stat()
    except OSError as e:
        return SaveSummary(str(path), source, problem=str(e))
    key = (str(path), st.st_mtime, st.st_size)
    if key in _cache:
        return _cache[key]
    try:
        m = Match.load(path)
    except SaveError as e:
        summary = SaveSummary(str(path), source, problem=str(e))
    except Exception as e:  # noqa: BLE001 - one odd file must not break the list
        summary = SaveSummary(str(path), source, problem=f"{type(e).__name__}: {e}")
    else:
        h = m.header
        created = h.created.replace("T", " ").rstrip("Z")[:16]
        summary = SaveSummary(str(path), source, h.game, m.rules.title, ", ".join(s.name for s in h.seats),
                              created, m.cursor, m.is_over())
    _cache[key] = summary
    return summary


def find_saves() -> list[tuple[Path, str]]:
    """Every save to list: the user's (newest first), then the examples."""
    mine: list[tuple[float, Path, str]] = []
    for folder, source in ((saves_dir(), "saved"), (tables_dir(), "autosave")):
        if folder.is_dir():
            for p in folder.glob("*.plank"):
                try:
                    mine.append((p.stat().st_mtime, p, source))
                except OSError:
                    continue
    mine.sort(key=lambda x: (-x[0], x[1].name))
    folder = examples_dir()
    examples = sorted(folder.glob("*.plank")) if folder.is_dir() else []
    return [(p, s) for _, p, s in mine] + [(p, "example") for p in examples]


class LoadScreen(Screen[None]):
    """A table of saves. Enter opens one: to continue it (Load) or to step through it (Replay)."""
    BINDINGS = [
        Binding("enter", "open", "Open", priority=False),
        Binding("p", "replay", "Replay"),
        Binding("x", "delete", "Delete"),
        Binding("escape", "back", "Back"),
        Binding("f5", "rescan", "Refresh"),
    ]

    def __init__(self, mode: str = "load", remote: bool = False) -> None:
        super().__init__()
        self.mode = mode
        self.remote = remote  # the user's saves at a server, through the hub
        self.rows: list[SaveSummary] = []
        self.entries: dict[str, P.SaveEntry] = {}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete":
            return self.remote  # at a server the saves are the user's own, kept by the hub
        return True

    def compose(self) -> ComposeResult:
        title = "Your saves on this server" if self.remote else \
            "Load a saved game" if self.mode == "load" else "Replay a game"
        yield Static(title, classes="screen-title")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static(id="save-detail")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.compact = self.app.size.width < 100
        table = self.query_one(DataTable)
        # fixed widths: the table looks the same however the rows arrive
        table.add_column("Game", key="game", width=18)
        table.add_column("Players", key="players", width=16 if self.compact else 30)
        table.add_column("Moves", key="moves", width=5)
        table.add_column("State", key="state", width=8)
        table.add_column("Date", key="date", width=16)
        if not self.compact:
            table.add_column("From", key="source", width=9)
        table.focus()
        self.scan()

    def scan(self) -> None:
        if self.remote:
            self.app.call_later(self.app.send, P.ListSaves())  # type: ignore[attr-defined]
        else:
            self._scan_files()

    @work(thread=True, exclusive=True)
    def _scan_files(self) -> None:
        rows = [summarize(p, s) for p, s in find_saves()]
        self.app.call_from_thread(self._show, rows)

    def receive_hub(self, msg: object) -> None:
        if self.remote and isinstance(msg, P.Saves):
            self.entries = {e.name: e for e in msg.saves}
            self._show([SaveSummary(e.name, "saved", "", e.title, e.players, e.created, e.moves, e.finished,
                                    e.problem) for e in msg.saves])

    def _show(self, rows: list[SaveSummary]) -> None:
        self.rows = rows
        table = self.query_one(DataTable)
        table.clear()
        for i, r in enumerate(rows):
            players = Path(r.path).name if r.problem else r.players
            cells = [r.title or "damaged file", _clip(players, 16 if self.compact else 30),
                     str(r.moves) if not r.problem else "", r.state, r.date]
            if not self.compact:
                cells.append(SOURCES.get(r.source, r.source))
            table.add_row(*cells, key=str(i))
        if not rows:
            self.query_one("#save-detail", Static).update(
                "No saves yet: at a table, s keeps a copy of its game here." if self.remote
                else "No saves yet. Games you play are saved as you go.")
        else:
            self._detail(0)

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value is not None:
            self._detail(int(event.row_key.value))

    def _detail(self, i: int) -> None:
        if not 0 <= i < len(self.rows):
            return
        r = self.rows[i]
        text = f"{SOURCES.get(r.source, r.source)}: {Path(r.path).name}"
        entry = self.entries.get(r.path) if self.remote else None
        if entry is not None and entry.why:
            text += f"\n{r.title}, {r.players}; {r.moves} moves — {entry.why}"
        elif r.problem:
            text += f"\nDamaged — {r.problem.replace(r.path, Path(r.path).name)}"
        elif r.players:
            text += f"\n{r.title}, {r.players}; {r.moves} moves, {r.state}"
        self.query_one("#save-detail", Static).update(text)

    def _current(self) -> SaveSummary | None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row is None or not 0 <= table.cursor_row < len(self.rows):
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return self.rows[int(key)] if key is not None else None

    @on(DataTable.RowSelected)
    def _selected(self) -> None:
        self.action_open()

    def action_open(self) -> None:
        r = self._current()
        if r is None:
            return
        if self.remote:
            self._open_remote(r, replay=False)
            return
        if self.mode == "replay" or r.finished:
            self.action_replay()
            return
        if self._refuse_damaged(r):
            return
        self.app.pop_screen()
        self.app.call_later(self.app.open_save, r.path)  # type: ignore[attr-defined]

    def _open_remote(self, r: SaveSummary, replay: bool) -> None:
        """Ask the hub: it continues the save as a new table, or sends its replay, or says why not."""
        if self._refuse_damaged(r):
            return
        entry = self.entries.get(r.path)
        if entry is not None and entry.why:
            self.notify(f"{r.path}: {entry.why}", severity="warning", timeout=6)
            return
        if entry is not None and entry.can_continue and not replay:
            self.app.pop_screen()
        request_ref = getattr(self.app, "request_ref", None)
        ref = request_ref("open") if callable(request_ref) else ""
        self.app.call_later(self.app.send, P.OpenSave(name=r.path, replay=replay, ref=ref))  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        r = self._current()
        if r is None or not self.remote:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.call_later(self.app.send, P.DeleteSave(r.path))  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmDialog(f"Delete {r.path}?", "The save is gone for good.", yes="Delete"), answer)

    def action_replay(self) -> None:
        r = self._current()
        if r is None:
            return
        if self.remote:
            self._open_remote(r, replay=True)
            return
        if self._refuse_damaged(r):
            return
        if self.mode == "load" and r.finished:
            self.notify("That game is over: here is its replay.", timeout=4)
        self.app.open_replay_file(r.path)  # type: ignore[attr-defined]

    def _refuse_damaged(self, r: SaveSummary) -> bool:
        if not r.problem:
            return False

        problem = r.problem.replace(r.path, Path(r.path).name)
        self.app.push_screen(MessageDialog(f"{Path(r.path).name} cannot be opened", problem, error=True))
        return True

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rescan(self) -> None:
        self.scan()


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
