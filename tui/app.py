"""The Gangplank app: its screens, its connection to a hub, and the ``run_*`` entry points.

Start-up is kept short: screens and games are imported when first shown, and the
local hub (with its bot worker process) is started after the menu is on screen.

The app talks to tables only through a ``Connection``: its own in-process hub
for local play, or one handed in (``GangplankApp(connection=..., start="lobby")``)
for play over SSH.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.theme import Theme

from engine.hub import protocol as P
from tui.crash import run_guarded
from tui.messages import HubMessage
from tui.paths import data_dir
from tui.play import PlaySpec, table_spec
from tui.settings import Settings, load_settings, save_settings

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterable

    from engine.hub.hub import Hub
    from engine.hub.transport import Connection
    from tui.screens.table import TableScreen

LOCAL_USER = "local"
GAME_STYLES = sorted(str(p.relative_to(Path(__file__).parent)) for p in Path(__file__).parent.glob("games/*/*.tcss"))

_DARK_VARS = {
    "seat-red": "#ff6b6b", "seat-blue": "#5aa9ff", "seat-green": "#5fd38d", "seat-yellow": "#f5d547",
    "seat-purple": "#c08cff", "seat-orange": "#ffa040", "seat-cyan": "#4fd6d6", "seat-white": "#e8e8e8",
    "badge-text": "#101418", "card-face": "#1d2630", "legal-mark": "#f5d547",
    # painted text is styled without a background to blend with: no alpha colours here
    "gp-muted": "#97a4b3", "gp-heading": "#a9b6c4", "gp-faint": "#8692a1",
}
_LIGHT_VARS = {
    "seat-red": "#af251d", "seat-blue": "#1d58b2", "seat-green": "#19683a", "seat-yellow": "#705900",
    "seat-purple": "#6e3aa8", "seat-orange": "#95440b", "seat-cyan": "#0e6666", "seat-white": "#555555",
    "badge-text": "#ffffff", "card-face": "#f4f1ea", "legal-mark": "#785500",
    "gp-muted": "#544e42", "gp-heading": "#3f3a31", "gp-faint": "#605a4d",
}

THEMES = (
    Theme(
        name="gangplank-dark", primary="#4796d9", secondary="#1d4f7a", accent="#f0b429", warning="#f0b429",
        error="#e46b75", success="#4ebf71", foreground="#dfe6ee", background="#10161d", surface="#16202a",
        panel="#1e2a36", dark=True, variables=dict(_DARK_VARS),
    ),
    Theme(
        name="gangplank-light", primary="#1d5c99", secondary="#3a8fd6", accent="#834e00", warning="#834e00",
        error="#af251d", success="#19683a", foreground="#1b232c", background="#f3efe6", surface="#e9e3d6",
        panel="#ddd5c4", dark=False, variables={**_LIGHT_VARS, "footer-key-foreground": "#1d5c99"},
    ),
)


@dataclass(frozen=True)
class Notice:
    """A notice the app showed."""

    message: str
    title: str = ""
    severity: str = "information"


class GangplankApp(App[int]):
    """The whole app. ``start`` is ``menu``, ``play``, ``load``, ``replay`` or ``lobby``."""

    TITLE = "Gangplank"
    # the shared styles, then each game's own (found in its folder, not named here)
    CSS_PATH = [*(f"styles/{name}.tcss" for name in ("app", "menu", "table", "screens")), *GAME_STYLES]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+t", "toggle_theme", "Light/dark", show=False),
        Binding("question_mark", "keys", "Keys", key_display="?", show=False),
    ]

    def __init__(
        self,
        start: str = "menu",
        *,
        connection: Connection | None = None,
        connect: Callable[[], Awaitable[Connection]] | None = None,
        hub: Hub | None = None,
        user: str = LOCAL_USER,
        play: PlaySpec | None = None,
        path: str | None = None,
        settings: Settings | None = None,
        fixed_seed: int | None = None,
        restore: bool = True,
    ) -> None:
        super().__init__()
        for theme in THEMES:
            self.register_theme(theme)
        # a session at a server starts from the defaults and keeps nothing: the settings file is
        # the server's, shared by every user (one player's typed names are not another's defaults)
        external = connection is not None or connect is not None
        self.settings = settings if settings is not None else (Settings() if external else load_settings())
        self.theme = self.settings.theme if self.settings.theme in ("gangplank-dark", "gangplank-light") \
            else "gangplank-dark"
        self.start = start
        self.connection: Connection | None = connection
        self.connect = connect  # opens a connection to a remote hub (SSH sessions)
        self._external = connection is not None or connect is not None
        self.hub: Hub | None = hub
        self.user = connection.user if connection is not None and connection.user else user
        self.play_spec = play
        self.start_path = path
        self.fixed_seed = fixed_seed  # tests and screenshots pin the New game seed
        self._restore = restore and connection is None and connect is None
        self._restored: asyncio.Future[list[str]] | None = None
        self._own_hub = False
        self._warm = False
        self._pending: dict[str, str] = {}  # request ref -> what it was for
        self._refs = 0
        self.tables: dict[str, TableScreen] = {}
        self.names_verified = True  # False at a server where anyone may come in under any name
        self.notices: list[Notice] = []  # the latest notices shown (newest last)
        if connection is not None:
            connection.on_message = self._hub_message

    # -------------------------------------------------------------- notices

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Show a notice, and keep it in ``notices`` (what the player was told, for tests and logs)."""
        self.notices.append(Notice(message, title, str(severity)))
        del self.notices[:-50]
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # -------------------------------------------------------------- theming

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **_DARK_VARS}

    def action_toggle_theme(self) -> None:
        self.theme = "gangplank-light" if self.theme == "gangplank-dark" else "gangplank-dark"
        self.settings.theme = self.theme
        self.keep_settings()

    def action_keys(self) -> None:
        """``?``: the keys that apply on this screen now (again: close them)."""
        # start-up: a screen is imported when first shown
        from tui.screens.keys import KeysScreen

        if isinstance(self.screen, KeysScreen):
            self.pop_screen()
            return
        self.push_screen(KeysScreen(self.screen))

    def keep_settings(self) -> None:
        """Write the settings for next time (only at this user's own keyboard)."""
        if self.is_local:
            save_settings(self.settings)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette lists the keys that apply now (and a table's legal moves)."""
        for command in super().get_system_commands(screen):
            if command.title != "Keys":  # Textual's keys panel lists a key once per binding: ours, once
                yield command
        yield SystemCommand("Keys", "The keys that apply here, each once (?)", self.action_keys)
        yield SystemCommand("Light or dark", "Switch between the light and the dark theme",
                            self.action_toggle_theme)
        seen = {"quit", "toggle_theme", "command_palette", "keys"}
        for active in screen.active_bindings.values():
            binding = active.binding
            action = binding.action
            if not active.enabled or not binding.description or action in seen or action.startswith("hotkey"):
                continue
            seen.add(action)
            namespace = active.node

            async def run(action: str = action, namespace: Any = namespace) -> None:
                await self.run_action(action, namespace)

            yield SystemCommand(binding.description, f"Key: {self.get_key_display(binding)}", run)
        moves = getattr(screen, "palette_moves", None)
        if callable(moves):
            yield from moves()

    # ----------------------------------------------------------- start-up

    @property
    def is_local(self) -> bool:
        """True when this app runs its own hub (saves, autosaves and Continue are local things)."""
        return not self._external

    async def on_mount(self) -> None:
        if self.connect is not None and self.connection is None:
            self.connection = await self.connect()
            self.connection.on_message = self._hub_message
            self.user = self.connection.user or self.user
        if self.start in ("play", "load"):
            self.warm_up()  # before the first bot move
        if self.start in ("play", "load", "replay"):
            self.show_menu()  # under the table: leaving it comes back here
        if self.start == "play" and self.play_spec is not None:
            self.call_later(self.open_new_table, self.play_spec)
        elif self.start == "load" and self.start_path:
            self.call_later(self.open_save, self.start_path)
        elif self.start == "replay" and self.start_path:
            self.open_replay_file(self.start_path)
        elif self.start == "lobby":
            # start-up: a screen is imported when first shown
            from tui.screens.lobby import LobbyScreen

            self.push_screen(LobbyScreen())
        else:
            self.show_menu()
        self.call_after_refresh(self._warm_games)

    def _warm_games(self) -> None:
        """Once the first screen is drawn, import every game in a thread: the first F1 (whose
        screen lists every game's rules) or New game then finds them loaded (cold, ~0.2 s)."""
        self.run_worker(_import_games, thread=True, group="warm-games", exit_on_error=False)

    def show_menu(self) -> None:
        # start-up: a screen is imported when first shown
        from tui.screens.menu import MenuScreen

        self.push_screen(MenuScreen())

    def action_menu(self) -> None:
        """Back to the main menu, leaving every screen above it (tables are left, not lost)."""
        # start-up: a screen is imported when first shown
        from tui.screens.menu import MenuScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            screen = self.screen
            leave = getattr(screen, "leave", None)  # a table screen says goodbye to the hub
            self.pop_screen()
            if callable(leave):
                self.call_later(leave)

    def warm_up(self) -> None:
        """Start the local hub and its bot worker (after the first screen is up)."""
        if self.connection is None:
            self.ensure_connection()
        if self._own_hub and self.hub is not None and not self._warm:
            self._warm = True
            self.hub.pool.warm_up()

    def ensure_connection(self) -> Connection:
        """The connection to the hub (the local one is created on first use)."""
        if self.connection is None:
            # start-up: the hub comes after the menu
            from engine.hub.transport import LocalConnection

            if self.hub is None:
                # start-up: the hub and its bot worker come after the menu is on screen
                from engine.hub.botpool import BotPool
                from engine.hub.hub import Hub
                from tui.paths import data_dir

                self.hub = Hub(data_dir(), BotPool(workers=1))
                self._own_hub = True
            self.hub.start()
            if self._restore and self._restored is None:
                self._restored = asyncio.get_running_loop().run_in_executor(None, self.hub.restore)
            self.connection = LocalConnection(self.hub, self.user, on_message=self._hub_message)
        return self.connection

    async def tables_restored(self) -> None:
        """Wait until the saved tables are back in the local hub (they load in a thread)."""
        self.ensure_connection()
        if self._restored is not None:
            problems = await self._restored
            for p in problems:
                self.log.warning(f"table not restored: {p}")

    async def on_unmount(self) -> None:
        for screen in list(self.tables.values()):
            await screen.leave()
        if self._own_hub and self.hub is not None:
            if self._restored is not None:
                await self._restored
            await self.hub.close()

    # ------------------------------------------------------------- hub traffic

    def _hub_message(self, msg: Any) -> None:
        self.post_message(HubMessage(msg))

    def request_ref(self, what: str) -> str:
        """A reference for a request whose answer (a Notice) comes back to this app, not to a screen."""
        self._refs += 1
        ref = f"r{self._refs}"
        self._pending[ref] = what
        return ref

    async def send(self, msg: Any) -> None:
        await self.ensure_connection().send(msg)

    def on_hub_message(self, message: HubMessage) -> None:
        msg = message.msg
        if isinstance(msg, P.Joined):
            self._pending.pop(msg.ref, None)
            if msg.table not in self.tables:
                self._open_table_screen(msg.table, msg.seats, msg.watching, msg.game)
            return
        if isinstance(msg, P.Welcome):
            self.names_verified = msg.names_verified
        if isinstance(msg, P.Notice) and msg.ref and msg.ref in self._pending:
            self._pending.pop(msg.ref, None)
            if msg.level != "error":
                self.notify(msg.text, timeout=5)
                return
            # start-up: a screen is imported when first shown
            from tui.screens.dialogs import MessageDialog

            self.push_screen(MessageDialog("That did not work", msg.text, error=True))
            return
        table = getattr(msg, "table", None)
        tid = table.id if isinstance(table, P.TableInfo) else table
        if isinstance(tid, str) and tid in self.tables:
            self.tables[tid].receive(msg)
            return
        if isinstance(msg, P.Notice):
            self.notify(msg.text, severity="error" if msg.level == "error" else "information")
            return
        for screen in self.screen_stack:
            receive = getattr(screen, "receive_hub", None)
            if callable(receive):
                receive(msg)

    def _open_table_screen(self, table_id: str, seats: list[int], watching: bool, game: str) -> None:
        # start-up: the table (and a game) load with a table
        from tui.screens.table import table_screen_for

        assert self.connection is not None
        screen = table_screen_for(game)(self.connection, table_id, seats, watching, game)
        self.tables[table_id] = screen
        self.push_screen(screen)

    def forget_table(self, table_id: str) -> None:
        self.tables.pop(table_id, None)

    # ---------------------------------------------------------------- tables

    async def open_new_table(self, spec: PlaySpec) -> None:
        table = table_spec(spec, self.settings)
        await self.send(P.CreateTable(table, ref=self.request_ref("create")))

    async def open_save(self, path: str) -> None:
        """Continue a saved game: its own table if the hub has it, else a new table from the file."""
        await self.tables_restored()
        target = Path(path).resolve()
        if self.hub is not None:
            for t in self.hub.tables.values():
                saved = t.match.autosave_path if t.match is not None else None
                if saved and Path(saved).resolve() == target:
                    await self.sit_all(t.id)
                    return
        ref = self.request_ref("open")
        await self.send(P.OpenSave(str(target), ref=ref))

    async def sit_all(self, table_id: str) -> None:
        """Take every person seat of a local table back (pass-and-play holds them all)."""
        if table_id in self.tables:
            if self.tables[table_id] not in self.screen_stack:
                self.push_screen(self.tables[table_id])
            return
        assert self.hub is not None
        t = self.hub.tables[table_id]
        seats = [i for i, st in enumerate(t.seats) if st.kind == "person" and st.owner == self.user]
        if not seats:
            await self.send(P.Watch(table_id))
            return
        for seat in seats:
            await self.send(P.Sit(table_id, seat))

    async def continue_last(self) -> bool:
        """Open the most recently played unfinished local game; False if there is none."""
        last = await self.last_unfinished()
        if last is None:
            return False
        await self.sit_all(last)
        return True

    async def last_unfinished(self) -> str | None:
        await self.tables_restored()
        if self.hub is None:
            return None
        best: tuple[float, str] | None = None
        for t in self.hub.tables.values():
            if t.match is None or t.match.is_over() or not t.match.autosave_path:
                continue
            if not any(st.kind == "person" and st.owner == self.user for st in t.seats):
                continue
            try:
                when = os.path.getmtime(t.match.autosave_path)
            except OSError:
                continue
            if best is None or (when, t.id) > best:
                best = (when, t.id)
        return best[1] if best else None

    def open_replay_file(self, path: str) -> bool:
        # start-up: screens (and a save's game) load when first needed
        from engine import Match, SaveError
        from tui.screens.dialogs import MessageDialog
        from tui.screens.replay import ReplayScreen

        try:
            m = Match.load(path)
        except (SaveError, OSError) as e:
            self.push_screen(MessageDialog("This save cannot be opened", str(e), error=True))
            return False
        self.push_screen(ReplayScreen(m))
        return True


# ------------------------------------------------------------------ entry points


def run_remote(connect: Callable[[], Awaitable[Connection]], user: str, crashes: Path | None = None,
               crash_id: str | None = None) -> int:
    """An SSH session: the app on a hub in another process (the lobby, once it exists). A crash
    is logged in ``crashes`` (the server's ``<data>/crashes``) and the person told in three lines."""
    app = GangplankApp("lobby", connect=connect, user=user)
    return run_guarded(app, crashes or local_crashes_dir(), remote=True, crash_id=crash_id, about=f"user: {user}")


def local_crashes_dir() -> Path:
    """Where a crash of the local app is logged: ``<data>/crashes``."""
    return data_dir() / "crashes"


def _run_local(app: GangplankApp) -> int:
    return run_guarded(app, local_crashes_dir())


def run_menu() -> int:
    """``gangplank``: the main menu."""
    return _run_local(GangplankApp())


def run_play(game: str, players: int, seats: list[str] | None = None, names: list[str] | None = None,
             seed: int | None = None, options: Any = None, undo: str | None = None,
             bot_delay: float | None = None) -> int:
    """``gangplank play GAME ...``: straight to a table."""
    opts = msgspec.to_builtins(options) if isinstance(options, msgspec.Struct) else dict(options or {})
    spec = PlaySpec(game, players, list(seats or []), list(names or []), seed, opts, undo, bot_delay)
    return _run_local(GangplankApp("play", play=spec))


def run_load(path: str) -> int:
    """``gangplank load FILE``: continue a saved game."""
    return _run_local(GangplankApp("load", path=path))


def run_replay(path: str) -> int:
    """``gangplank replay FILE``: step through a saved game."""
    return _run_local(GangplankApp("replay", path=path))


def _import_games() -> None:
    from engine import games

    games.ids()
