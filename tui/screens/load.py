"""Load or replay: the example games in ``saves/`` and the user's own saves and autosaves.

Over SSH (``remote=True``) the list is the user's own saves on the server, sent by the hub
(``ListSaves`` / ``Saves``): names only, never a path; Enter continues one (or replays it
when that is all it may do), ``p`` replays, ``x`` deletes, ``n`` renames (``RenameSave``).
"""

from __future__ import annotations

import os
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
from engine.hub.names import move_without_replacing
from tui.paths import examples_dir, saves_dir, tables_dir
from tui.screens.dialogs import ConfirmDialog, MessageDialog, SaveAsDialog
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
    name: str = ""  # what the list calls it: a save's own name (as typed), else the game's
    options: str = ""  # the variant and options, in short (``calm-skies``)

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
        name = path.stem if source in ("saved", "example") else h.name
        summary = SaveSummary(str(path), source, h.game, m.rules.title, ", ".join(s.name for s in h.seats),
                              created, m.cursor, m.is_over(), name=name, options=short_options(h.options))
    _cache[key] = summary
    return summary


def short_options(options: dict[str, object]) -> str:
    """A game's options in a few words: a variant by its name, an option that is on by its own
    (``calm-skies``, ``events, epic``, ``automa 2``, ``Ruin/Honor``); an option that is off says nothing."""
    words = []
    for key, value in options.items():
        name = key.replace("_", " ")
        if isinstance(value, list):
            if value:
                words.append("/".join(map(str, value)))
        elif value is True or value == "yes":
            words.append(name)
        elif value in (None, "", False, "no"):
            continue
        elif key == "variant":
            words.append(str(value))
        else:
            words.append(f"{name} {value}")
    return ", ".join(words)


def listed(summary: SaveSummary) -> bool:
    """An autosave of a game nobody has moved in yet is not worth a row."""
    return not (summary.source == "autosave" and not summary.problem and summary.moves == 0)


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
        Binding("n", "rename", "Rename"),
        Binding("home", "first", "First", show=False, priority=True),  # (the table's own only scroll)
        Binding("end", "last", "Last", show=False, priority=True),
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
        if action in ("delete", "rename"):
            r = self._current() if self.is_mounted else None
            # at a server every save is the user's own; here, the copies saved under a name
            return self.remote or (r is not None and r.source == "saved")
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
        compact = self.compact
        self.widths = {"name": 13 if compact else 20, "game": 16 if compact else 24,  # 80 or 120 columns
                       "players": 13 if compact else 22, "date": 10 if compact else 16}
        table.add_column("Name", key="name", width=self.widths["name"])
        table.add_column("Game", key="game", width=self.widths["game"])
        table.add_column("Players", key="players", width=self.widths["players"])
        table.add_column("Moves", key="moves", width=5)
        table.add_column("State", key="state", width=8)
        table.add_column("Date", key="date", width=self.widths["date"])
        if not compact:
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
        rows = [r for r in (summarize(p, s) for p, s in find_saves()) if listed(r)]
        self.app.call_from_thread(self._show, rows)

    def receive_hub(self, msg: object) -> None:
        if self.remote and isinstance(msg, P.Saves):
            self.entries = {e.name: e for e in msg.saves}
            self._show([SaveSummary(e.name, "saved", "", e.title, e.players, e.created, e.moves, e.finished,
                                    e.problem, name=e.name) for e in msg.saves])

    def _show(self, rows: list[SaveSummary]) -> None:
        self.rows = rows
        table = self.query_one(DataTable)
        table.clear()
        w = self.widths
        for i, r in enumerate(rows):
            name = r.name or (Path(r.path).stem if r.problem else "")
            game = f"{r.title} · {r.options}" if r.options else r.title
            cells = [_clip(name, w["name"]), _clip(game or "damaged file", w["game"]), _clip(r.players, w["players"]),
                     str(r.moves) if not r.problem else "", r.state, r.date[: w["date"]]]
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
        self.refresh_bindings()  # Delete and Rename apply to some rows only

    def action_first(self) -> None:
        self.query_one(DataTable).move_cursor(row=0)

    def action_last(self) -> None:
        self.query_one(DataTable).move_cursor(row=max(0, len(self.rows) - 1))

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
            game = f"{r.title} ({r.options})" if r.options else r.title
            text += f"\n{game}, {r.players}; {r.moves} move{'' if r.moves == 1 else 's'}, {r.state}"
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
        if r is None or not (self.remote or r.source == "saved"):
            return
        label = r.name or Path(r.path).name

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            if self.remote:
                self.app.call_later(self.app.send, P.DeleteSave(r.path))  # type: ignore[attr-defined]
                return
            try:
                Path(r.path).unlink()
            except OSError as e:
                self.notify(f"Could not delete {label}: {e.strerror or e}", severity="error")
                return
            self.notify(f"Deleted “{label}”", timeout=4)
            self.scan()

        self.app.push_screen(ConfirmDialog(f"Delete “{label}”?", "The save is gone for good.", yes="Delete"), answer)

    def action_rename(self) -> None:
        r = self._current()
        if r is None or not (self.remote or r.source == "saved"):
            return
        if self.remote:  # the hub renames it (a name, never a path) and sends the list again
            def renamed_there(name: str | None) -> None:
                if name and name != r.path:
                    self.app.call_later(self.app.send, P.RenameSave(r.path, name))  # type: ignore[attr-defined]

            self.app.push_screen(SaveAsDialog("your saves on this server", r.path, title="Rename…",
                                              button="Rename"), renamed_there)
            return
        old = Path(r.path)

        def renamed(name: str | None) -> None:
            if not name or name == old.stem:
                return
            new = old.with_name(name + ".plank")
            same = new.exists() and os.path.samefile(old, new)  # only its case changes, on a case-blind disk
            try:
                move_without_replacing(old, new, same)
            except FileExistsError:
                self.notify(f"There is a save called “{name}” already: choose another name", severity="warning")
                return
            except OSError as e:
                self.notify(f"Could not rename {old.stem}: {e.strerror or e}", severity="error")
                return
            self.notify(f"Renamed “{old.stem}” to “{name}”", timeout=4)
            self.scan()

        self.app.push_screen(SaveAsDialog("your saves folder", old.stem, title="Rename…", button="Rename"), renamed)

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
