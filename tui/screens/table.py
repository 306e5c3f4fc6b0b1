"""The table: one frame for every game, driven purely by hub messages.

The screen holds a ``Connection`` and a table id. It sends ``Play``, ``Undo``,
``Redo`` and ``Settings`` requests and renders the ``Update`` the hub pushes for
the seat it shows, so the same screen serves local play and, later, SSH play.

Pass-and-play: the local client holds every person seat and receives an Update
per seat. The screen shows the view of the seat to act; between two different
persons at a game with secrets, a curtain hides the table until the next player
is ready.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from engine import Match
from engine.hub import protocol as P
from engine.hub.transport import Connection
from tui.games import adapter_for
from tui.games.base import GameAdapter
from tui.screens.curtain import CurtainScreen
from tui.screens.dialogs import SaveAsDialog
from tui.screens.replay import ReplayScreen
from tui.screens.results import ResultsScreen
from tui.screens.rules import RulesScreen
from tui.table_model import TableModel
from tui.widgets.board import RECENT_EVENTS, Board, Choice, Scene
from tui.widgets.chat_panel import ChatPanel
from tui.widgets.decision_panel import HOTKEYS, DecisionPanel
from tui.widgets.footer import KeysFooter
from tui.widgets.log_panel import LogPanel
from tui.widgets.players_panel import PlayersPanel
from tui.widgets.round_summary import RoundSummary
from tui.widgets.table_header import TableHeader
from tui.words import UNDO_WORDS, options_words, seat_words

BOT_DELAYS = (0.0, 0.3, 0.6, 1.0, 2.0)
COMPACT_WIDTH = 100
COMPACT_HEIGHT = 30
CHAT_LINES = 7  # the chat's height at a normal size (5 lines of talk, the input and the frame)
CHAT_FEWEST = 4  # ... and the least it shrinks to (a line of talk), for a board that needs the room
WIDE_WIDTH = 160  # from here the side column grows with the terminal (36% of it, up to 78)


def _hotkey_bindings() -> list[Binding]:
    out = []
    for i, key in enumerate(HOTKEYS):
        out.append(Binding(key, f"hotkey('{key}')", "Choose", show=i == 0, key_display="1…9"))
    return out


def assign_hotkeys(pool: str, natural: list[str | None]) -> list[str]:
    """One hotkey per move: a move's natural key (its amount) if it has one, else the next free key.

    A natural key is kept only when it is in ``pool`` and no other move claims it, so that
    every key stands for one move.
    """
    claims: dict[str, int] = {}
    for k in natural:
        if k:
            claims[k] = claims.get(k, 0) + 1
    own = {k for k, n in claims.items() if n == 1 and k in pool}
    free = iter(k for k in pool if k not in own)
    return [k if k in own else next(free, "") for k in natural]


class TableScreen(Screen[None]):
    """Header, board, players, decisions and log; keys for every action."""
    BINDINGS = [
        Binding("u", "undo", "Undo", tooltip="Take back your last move (the table's undo policy permitting)"),
        Binding("r", "redo", "Redo", tooltip="Play the move you took back again"),
        Binding("s", "save", "Save", tooltip="Save a copy of this game under a name of your choice"),
        Binding("f1", "rules", "Rules", key_display="F1", priority=True),  # (keys typed next go to the rules)
        Binding("d", "delay", "Delay", tooltip="How long bots wait before each move, so you can follow"),
        Binding("f", "results", "Scores", tooltip="The final scores"),
        Binding("escape", "back('menu')", "Menu"),
        Binding("escape", "back('lobby')", "Lobby"),  # over the network Esc goes back to the lobby
        Binding("slash", "chat", "Chat", key_display="/", tooltip="Say something to the table"),
        *_hotkey_bindings(),
    ]

    def __init__(self, connection: Connection, table_id: str, seats: list[int], watching: bool = False,
                 game: str = "") -> None:
        super().__init__()
        self.connection = connection
        self.model = TableModel(table_id, list(seats), watching)
        self.adapter: GameAdapter | None = adapter_for(game) if game else None
        self.board: Board | None = None
        self.choices: list[Choice] = []
        self.view_obj: Any = None
        self._view_key: tuple[int, int | None] | None = None
        self._curtain_up = False
        self._results_shown = False
        self._waiting_said = False  # a "waiting for …" toast is on screen
        self._left = False
        self._ready = False
        self._settled = False
        self._drawn: tuple[Any, ...] | None = None
        self._keys: tuple[Any, ...] | None = None
        self._waiting: P.TableInfo | None = None
        self._round_seen: tuple[int | None, int] | None = None  # (shown seat, round) last drawn
        self._summary_after_curtain = False  # a round's summary to show again once the curtain lifts
        self._round_start: dict[int, int] = {}  # where each round's events begin in the shown log
        self._board_wants = 0  # the most lines the board has drawn at this size (with its frame)
        self._wants_at = -1  # the board's width when it drew them
        self._log_h: int | None = None  # the log's height as set (None: the stylesheet's)
        self._chat_h: int | None = None  # the chat's, likewise

    @property
    def table_id(self) -> str:
        return self.model.table_id

    @property
    def curtain_up(self) -> bool:
        """A pass-and-play curtain hides this table now."""
        return self._curtain_up

    @property
    def waiting(self) -> P.TableInfo | None:
        """The table waiting for players (before the deal), if it is."""
        return self._waiting

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TableHeader(id="table-header")
        with Horizontal(id="table-body"):
            with Vertical(id="table-main"):
                with Vertical(id="board-slot"):
                    yield RoundSummary(id="round-summary")
                yield LogPanel(id="log")
                yield ChatPanel(id="chat")
            with Vertical(id="table-side"):
                yield PlayersPanel(id="players")
                yield DecisionPanel(id="decisions")
        yield KeysFooter()

    @property
    def chatty(self) -> bool:
        """Chat is for tables played over the network (not the kitchen table)."""
        return not getattr(self.app, "is_local", True)

    def on_mount(self) -> None:
        self.query_one(ChatPanel).display = self.chatty
        self._ready = True  # (Textual's is_mounted turns true only after on_mount)
        self._apply_size()
        if self.adapter is not None and self.model.latest is not None:
            self._mount_board()
        if self.model.latest is not None:  # Updates that came before the screen was up
            self._settle()
        elif self._waiting is not None:
            self._show_waiting(self._waiting)

    def _mount_board(self) -> None:
        assert self.adapter is not None
        self.query("#waiting-board").remove()
        self.query_one(PlayersPanel).display = True
        self.board = self.adapter.make_board()
        self.add_class(f"game-{self.adapter.game}")  # a game's .tcss may size the frame for its board
        self.query_one("#board-slot").mount(self.board)
        self.board.focus()

    def on_resize(self, event: events.Resize) -> None:
        self._board_wants = 0
        if self._apply_size():
            self.render_table()
        self._fit()

    def _apply_size(self) -> bool:
        w, h = self.app.size
        compact = w < COMPACT_WIDTH or h < COMPACT_HEIGHT
        wide = w >= WIDE_WIDTH and not compact
        changed = compact != self.has_class("compact") or wide != self.has_class("wide")
        self.set_class(compact, "compact")
        self.set_class(wide, "wide")
        self.query_one(TableHeader).compact = compact
        footer = self.query_one(Footer)
        footer.compact = compact
        footer.show_command_palette = not compact
        return changed

    @property
    def compact(self) -> bool:
        return self.has_class("compact")

    def _fit(self) -> None:
        """Share the height between the board and the log: the board gets what it draws (the
        most it has drawn at this size, so the log does not jump with every move), the log the
        rest, between a few lines and half the screen."""
        if not self._ready:
            return
        h = self.app.size.height
        compact = self.compact
        board = self.board
        log = self.query_one(LogPanel)
        if board is None or not board.natural_height:
            if self._log_h is not None:
                self._log_h = log.styles.height = None  # the stylesheet's
            return
        width = board.scrollable_content_region.width
        if width != self._wants_at:  # drawn at another width (the first drawing, before layout)
            self._wants_at, self._board_wants = width, 0
        self._board_wants = max(self._board_wants, len(board.lines) + 2)  # and its frame
        chat = self.query_one(ChatPanel)
        low = 4 if chat.display else 5 if compact else 6  # (with the chat under it, the log can be short)
        chat_h = 0
        if chat.display and not compact:
            # the chat gives up lines (down to one of talk) before the board has to scroll
            short = self._board_wants + low + CHAT_LINES + 2 - h
            chat_h = CHAT_LINES - max(0, min(CHAT_LINES - CHAT_FEWEST, short))
            if chat_h != self._chat_h:
                self._chat_h = chat.styles.height = chat_h
        elif chat.display:
            if self._chat_h is not None:
                self._chat_h = chat.styles.height = None  # the stylesheet's (compact)
            chat_h = chat.outer_size.height or 5
        room = h - 2 - chat_h - self._board_wants  # less the header and the footer
        height = max(low, min(max(low, h // 2), room))
        if height != self._log_h:  # (a layout pass only when it changes)
            self._log_h = log.styles.height = height

    # ------------------------------------------------------------ hub messages

    def receive(self, msg: Any) -> None:
        """A hub message for this table (the app routes them here)."""
        if isinstance(msg, P.Update):
            self._take_update(msg)
        elif isinstance(msg, P.Waiting):
            self._show_waiting(msg.table)
        elif isinstance(msg, P.ChatLine):
            self.model.add_chat(msg)
            if self.chatty and self._ready:
                self.query_one(ChatPanel).show(self.model.chat, getattr(self.app, "user", ""))
            elif not self.chatty:
                self.notify(f"{msg.user}: {msg.text}", title="Table", timeout=6)
        elif isinstance(msg, P.Notice):
            self.notify(msg.text, severity="error" if msg.level == "error" else "information")
        elif isinstance(msg, P.ReplayData):
            self._open_replay(msg.data)

    def _show_waiting(self, info: P.TableInfo) -> None:
        """The table waits for players: who sits where, and who is still awaited."""
        self._waiting = info
        if not self._ready or self.model.latest is not None:
            return
        me = getattr(self.app, "user", "")
        header = self.query_one(TableHeader)
        header.game_title = info.title
        header.where = "waiting for players"
        header.turn = Text("")
        lines = Text("The cards are dealt when every seat is taken.\n\n")
        for st in info.seats:
            lines.append(seat_words(st, me) + "\n")
        awaited = [st for st in info.seats if st.kind == "open" or st.kind.startswith("reserved:")]
        hint = f"Waiting for {len(awaited)} more player{'s' if len(awaited) != 1 else ''}. " \
            "Esc leaves the table (your seat opens again)."
        self.query_one(DecisionPanel).show("Waiting for players", lines, [], hint)
        self.query_one(PlayersPanel).display = False  # the seats are listed beside, the board has none yet
        self._waiting_board(info)
        self.refresh_bindings()

    def _waiting_board(self, info: P.TableInfo) -> None:
        """Where the board will be: what kind of table this is, and what to do meanwhile."""
        text = Text()
        text.append(f"{info.title}", style="bold")
        text.append(f" · {info.players} players" + (f" · {info.name}" if info.name else "") + "\n\n")
        text.append(f"Takebacks: {UNDO_WORDS.get(info.undo, info.undo)}\n")
        if info.idle_timeout > 0:
            text.append(f"A bot plays for a seat left idle for {info.idle_timeout / 60:g} min, until its player is back\n")
        if options_words(info.options):
            text.append("Options: " + options_words(info.options) + "\n")
        text.append("\nWhile you wait: F1 shows the rules", style="dim")
        text.append(", / talks to the table." if self.chatty else ".", style="dim")
        slot = self.query_one("#board-slot")
        found = slot.query("#waiting-board")
        if found:
            found.first(Static).update(text)
        else:
            slot.mount(Static(text, id="waiting-board"))

    def _take_update(self, up: P.Update) -> None:
        self.model.apply(up)
        if self.adapter is None:
            self.adapter = adapter_for(up.table.game)
        if self.board is None and self._ready:  # the board comes with the first position (not while waiting)
            self._mount_board()
        if self._ready:
            self._settle()

    def _settle(self) -> None:
        """Whose view to show (behind a curtain if the keyboard changes hands), then draw it."""
        target = self.model.next_shown()
        if target != self.model.shown or not self._settled:
            self.model.shown = target
            self._maybe_curtain(target)
        self._settled = True
        current = self.model.current()
        if current is None or not self.model.is_current(current):
            return  # the shown seat's Update for this change is still on its way
        if not self._curtain_up:
            self.render_table()
            if self._waiting_said and self.choices:
                # "No move on 1 — waiting for Bo" is untrue once Bo has moved. (Textual clears
                # notifications all at once: any other toast of those 4 seconds goes with it.)
                self._waiting_said = False
                self.app.clear_notifications()
        if self.model.over and not self._results_shown:
            self._results_shown = True
            self.call_after_refresh(self.action_results)

    def _maybe_curtain(self, seat: int | None) -> None:
        if seat is None or self.model.over or self._curtain_up:
            return
        if len(self.model.persons()) < 2 or self.adapter is None or not self.adapter.has_secrets:
            return
        if seat not in self.model.mine_to_act():
            return
        self._curtain_up = True
        # a round's summary the curtain hides is the next person's to read once it lifts (it holds
        # only what everyone saw)
        self._summary_after_curtain = self.query_one(RoundSummary).close() or self._summary_after_curtain
        # the other seats' Updates of this change are already queued: read them before asking
        self.app.call_later(self._raise_curtain, seat)

    def _raise_curtain(self, seat: int) -> None:
        info = self.model.info
        st = info.seats[seat] if info else None
        undo_from = ""
        if self.model.latest is not None and self.model.latest.cursor > 0:
            for s in self.model.seats:
                other = self.model.updates.get(s)
                if s != seat and other is not None and other.can_undo:
                    undo_from = self.model.seat_name(s)
                    self._undo_seat = s
                    break
        self.app.push_screen(
            CurtainScreen(seat, st.name if st else f"Seat {seat + 1}", st.colour if st else "", undo_from),
            self._curtain_closed,
        )

    async def _curtain_closed(self, answer: str | None) -> None:
        self._curtain_up = False
        if answer == "undo":
            seat = getattr(self, "_undo_seat", None)
            up = self.model.updates.get(seat) if seat is not None else None
            if up is not None and seat is not None:
                self.model.shown = seat
                await self.connection.send(P.Undo(self.table_id, seat, up.state_id))
                return
        self.render_table(force=True)
        if self.board is not None:
            self.board.focus()

    # ---------------------------------------------------------------- drawing

    def _typed_view(self, up: P.Update) -> Any:
        key = (up.state_id, up.seat)
        if key != self._view_key:
            assert self.adapter is not None
            self.view_obj = self.adapter.view(up.view)
            self._view_key = key
            self.choices = self._choices(up, self.view_obj)
        return self.view_obj

    def _choices(self, up: P.Update, view: Any) -> list[Choice]:
        assert self.adapter is not None
        out: list[Choice] = []
        if up.auto_pass:
            return out  # the table passes for this seat: nothing to choose
        # the game's own colours (a Shard's, say) are its board's component classes
        paint = self.board.paint if self.board is not None else self.query_one(DecisionPanel).paint
        seen: set[tuple[str, str]] = set()
        picked: list[tuple[int, Any, P.MoveChoice]] = []
        for i, mc in enumerate(up.legal):
            if (mc.group, mc.text) in seen:
                continue  # two identical cards offered twice: one line is enough
            seen.add((mc.group, mc.text))
            picked.append((i, self.adapter.move(mc.move), mc))
        keys = assign_hotkeys(self._hotkeys(), [self.adapter.natural_key(view, move) for _, move, _ in picked])
        for (i, move, mc), hotkey in zip(picked, keys, strict=True):
            label = self.adapter.choice_text(view, move, mc.text, paint)
            out.append(Choice(i, hotkey, move, mc.group, mc.text, self.adapter.targets(view, move), label))
        return out

    def render_table(self, force: bool = False) -> None:
        up = self.model.current()
        if up is None or self.adapter is None or not self._ready or not self.is_attached:
            return  # (not attached: the screen is closing while an Update was on its way)
        view = self._typed_view(up)
        info = up.table
        adapter = self.adapter
        to_act = list(up.to_act)
        compact = self.compact
        self._note_round(up, view)

        header = self.query_one(TableHeader)
        header.game_title = info.title + (" · practice" if info.undo == "practice" else "")
        status = adapter.status(view)
        header.where = " · ".join(x for x in (status.round, status.detail) if x)
        header.turn = self._turn_text(info, to_act, up)
        players = self.query_one(PlayersPanel)
        players.show(info, view, adapter, self.model.shown, to_act, self.model.seats, compact)
        decisions = self.query_one(DecisionPanel)
        drawn = (up.state_id, up.seat, compact, id(self.choices), decisions.narrowed)
        if drawn == self._drawn and not force:
            return  # the same position (a bot started thinking): the header and players say so
        self._drawn = drawn

        narrowed = decisions.narrowed if decisions.narrowed in {k for c in self.choices for k in c.targets} else None
        if self.board is not None:
            self.board.show(Scene(view, up.seat, info, self.choices, narrowed, compact, always_ask=up.always_ask,
                                  recent=self.model.log()[-RECENT_EVENTS:]))
        self._fit()
        title, prompt = self._decision_words(up, view)
        decisions.show(title, prompt, self.choices, self._hint(up), narrowed, decisions.narrow_label)
        log = self.model.log()
        if adapter.folded_kinds:
            log = [e for e in log if e.kind not in adapter.folded_kinds]
        self.query_one(LogPanel).show(log, info.seats, up.seat, adapter.heading_kinds)
        keys = (up.can_undo, up.can_redo, up.result is not None, bool(self.choices), info.saved)
        if keys != self._keys:  # the footer is rebuilt on every refresh: only when its keys change,
            self._keys = keys  # and after this frame is on screen
            self.call_after_refresh(self.refresh_bindings)

    def _note_round(self, up: P.Update, view: Any) -> None:
        """A round ended since the last drawing: tell what happened in it (public events only)."""
        assert self.adapter is not None
        rnd = self.adapter.round_of(view)
        log = self.model.log()
        seen, self._round_seen = self._round_seen, (up.seat, rnd)
        if seen is None or seen[0] != up.seat:  # (a new seat shown: its own log, read afresh)
            self._round_start = {rnd: _round_begins(log, rnd)}
            if self._summary_after_curtain:
                self._summary_after_curtain = False
                self.query_one(RoundSummary).again()
            if seen is None or rnd <= seen[1]:
                return
            # Pass-and-play: the round ended and the keyboard changed hands (behind the curtain).
            # The summary is of public events only, so the next person reads it after the curtain.
            ended = seen[1]
            start = _round_begins(log, ended)
        elif rnd <= seen[1]:
            if rnd < seen[1]:  # taken back across a round's end
                self._round_start = {r: i for r, i in self._round_start.items() if r <= rnd}
                self.query_one(RoundSummary).close()
                self._summary_after_curtain = False
            return
        else:
            ended = seen[1]
            start = self._round_start.get(ended, _round_begins(log, ended))
            self._round_start[rnd] = len(log)
        if up.result is not None or not self.adapter.summary_kinds:
            return  # the results tell the last round
        events = [e for e in log[start:] if e.to is None]  # what everyone saw: no secret in it
        lines = self.adapter.round_summary(events, up.table)
        if lines:
            self.query_one(RoundSummary).tell(f"Round {ended} is over", lines)

    def _turn_text(self, info: P.TableInfo, to_act: list[int], up: P.Update) -> Text:
        if up.result is not None:
            winners = up.result.winners
            names = " and ".join(info.seats[w].name for w in winners)
            return Text(f"Game over — {names} {'win' if len(winners) > 1 else 'wins'}")
        out = Text()
        for n, seat in enumerate(to_act):
            st = info.seats[seat]
            if n:
                out.append("  ")
            out.append_text(self.query_one(TableHeader).seat_tag(st.colour, st.name, seat))
            out.append(" thinking…" if st.thinking else " to act")
        return out

    def _decision_words(self, up: P.Update, view: Any) -> tuple[str, Text]:
        assert self.adapter is not None
        info = up.table
        prompt = self.adapter.prompt(view)
        if up.result is not None:
            return "Game over", Text("The game is over. F shows the final scores; Esc returns to the menu.")
        if up.seat is None:
            return "Watching", Text(prompt)
        name = info.seats[up.seat].name
        if up.auto_pass:
            return f"{name} — passing", Text(
                "Nothing you hold can be played now: the table passes for you. "
                "(A: always ask me, so nobody can tell your passes apart.)")
        if up.legal:
            return f"{name} — your move", Text(prompt)
        waiting = [info.seats[s] for s in up.to_act]
        text = Text("Waiting for ")
        for n, st in enumerate(waiting):
            if n:
                text.append(", ")
            text.append(st.name, style="bold")
            if st.thinking:
                text.append(" (thinking…)")
        return f"{name} — waiting", text

    def _hint(self, up: P.Update) -> Text:
        out = Text()
        if up.seat is None:
            return out
        if not up.can_undo and up.undo_why and up.cursor > 0 and up.result is None:
            out.append(f"Undo: {up.undo_why}", style="dim")
        return out

    # ----------------------------------------------------------------- choosing

    async def _play(self, choice: Choice) -> None:
        up = self.model.current()
        if up is None or up.seat is None or self._curtain_up:
            return
        legal = up.legal
        if choice.index >= len(legal):
            return
        decisions = self.query_one(DecisionPanel)
        if decisions.narrowed is not None and self.board is not None:
            self.board.focus()  # a choice begun on the board (then narrowed here) goes back to the board
        decisions.narrowed = None
        self.query_one(RoundSummary).close()
        await self.connection.send(P.Play(self.table_id, up.seat, legal[choice.index].move, up.state_id))

    @on(DecisionPanel.Chosen)
    async def _decision_chosen(self, event: DecisionPanel.Chosen) -> None:
        await self._play(event.choice)

    @on(Board.Chosen)
    async def _board_chosen(self, event: Board.Chosen) -> None:
        matching = [c for c in self.choices if event.key in c.targets]
        if not matching:
            self._say_why_not(f"{self._key_label(event.key)}: not a choice now")  # (the reason below)
        elif len(matching) == 1:
            await self._play(matching[0])
        elif matching:
            decisions = self.query_one(DecisionPanel)
            decisions.narrow(event.key, self._key_label(event.key))
            decisions.moves.focus()
            if self.board is not None:
                up = self.model.current()
                self.board.show(Scene(self.view_obj, self.model.shown, self.model.info, self.choices,
                                      event.key, self.compact, always_ask=bool(up and up.always_ask)))

    @on(Board.Grew)
    def _board_grew(self, event: Board.Grew) -> None:
        self._fit()

    @on(Board.Pointed)
    def _board_pointed(self, event: Board.Pointed) -> None:
        self.query_one(DecisionPanel).point_at(event.key)

    def _say_why_not(self, what: str) -> None:
        """A key or a click that chose nothing: say why, briefly (the engine's own prompt)."""
        up = self.model.current()
        if up is None:
            return
        if up.result is not None:
            why = "the game is over"
        elif not self.choices:
            info = up.table
            waiting = ", ".join(info.seats[s].name for s in up.to_act if 0 <= s < len(info.seats))
            why = f"waiting for {waiting}" if waiting else "nothing to choose"
            self._waiting_said = True  # put away once there is something to choose (it would be stale)
        else:
            why = self.adapter.prompt(self.view_obj) if self.adapter is not None else ""
        self.notify(why or what, title=what if why else "", severity="warning", timeout=4)

    def palette_moves(self) -> list[Any]:
        """The legal moves, for the command palette ("Play Ruin 7 — ...")."""
        up = self.model.current()
        if up is None or not up.legal or self._curtain_up:
            return []
        out = []
        for c in self.choices:
            async def play(choice: Choice = c) -> None:
                await self._play(choice)

            key = f"Key: {c.hotkey}" if c.hotkey else "From the decision panel"
            out.append(SystemCommand(c.text, f"{c.group} · {key}", play))
        return out

    def _key_label(self, key: str) -> str:
        return self.adapter.key_label(self.view_obj, key) if self.adapter is not None else "Narrowed"

    def _hotkeys(self) -> str:
        """Move hotkeys, less the letters the game's own keys use."""
        taken = {b.key for b in self.adapter.keys} if self.adapter is not None else set()
        return "".join(k for k in HOTKEYS if k not in taken)

    async def action_game(self, name: str) -> None:
        if self.adapter is not None and not self._curtain_up:
            await self.adapter.game_action(self, name)

    async def play_moves(self, moves: list[Any]) -> None:
        """Several moves of the shown seat at once, all or none (a decision built in a dialog)."""
        up = self.model.current()
        if up is None or up.seat is None or self._curtain_up or not moves:
            return
        self.query_one(DecisionPanel).narrowed = None
        await self.connection.send(P.PlayMany(self.table_id, up.seat, list(moves), up.state_id))

    async def toggle_always_ask(self) -> None:
        """The shown seat's "always ask me": be asked even when the only move is a pass."""
        up = self.model.current()
        if up is None or up.seat is None:
            return
        on = not up.always_ask
        await self.connection.send(P.SeatSettings(self.table_id, up.seat, always_ask=on))
        name = self.model.seat_name(up.seat)
        self.notify(f"{name}: asked every time, even when you can only pass" if on else
                    f"{name}: the table passes for you when you cannot play", timeout=4)

    async def action_hotkey(self, key: str) -> None:
        for c in self.choices:
            if c.hotkey == key:
                await self._play(c)
                return

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        up = self.model.current()
        if action == "hotkey":
            return bool(up and up.legal) and any(c.hotkey == parameters[0] for c in self.choices)
        if action == "back":
            return (parameters[:1] == ("lobby",)) == self.chatty  # one of the two Esc keys applies
        if action == "game":
            if self.adapter is None or self._curtain_up:
                return False
            return self.adapter.game_action_state(self, str(parameters[0]))
        if action in ("undo", "redo"):
            if up is None:
                return False  # no game yet (a table waiting for players): nothing to take back
            return True if (up.can_undo if action == "undo" else up.can_redo) else None
        if action == "results":
            return self.model.over
        if action == "delay":
            info = self.model.info
            return bool(info and any(s.kind.startswith("bot:") for s in info.seats)) and not self.model.over
        if action == "save":
            info = self.model.info
            return bool(info and info.saved)
        if action == "chat":
            return self.chatty  # False hides the key at the kitchen table
        return True

    def on_key(self, event: events.Key) -> None:
        # any key puts the round's summary away, and does what it does as well (it blocks nothing)
        self.query_one(RoundSummary).close()
        # a greyed-out undo or redo says why it is not allowed now
        up = self.model.current()
        if up is None:
            return
        if (event.character and event.character in self._hotkeys() and not self._typing()
                and not any(c.hotkey == event.character for c in self.choices)):
            n = len(self.choices)
            self._say_why_not(f"No move on {event.character}" + (
                f" (the moves are {self.choices[0].hotkey}–{self.choices[-1].hotkey})" if n > 1 else ""))
            event.stop()
            return
        if event.key == "u" and not up.can_undo:
            self.notify(f"Cannot undo: {up.undo_why or 'not now'}", severity="warning")
            event.stop()
        elif event.key == "r" and not up.can_redo:
            self.notify(f"Cannot redo: {up.redo_why or 'not now'}", severity="warning")
            event.stop()

    def _typing(self) -> bool:
        """A text field has the keyboard (chat): letters are words there, not moves."""
        return isinstance(self.focused, Input)

    async def action_undo(self) -> None:
        up = self.model.current()
        if up is None or up.seat is None:
            return
        await self.connection.send(P.Undo(self.table_id, up.seat, up.state_id))

    async def action_redo(self) -> None:
        up = self.model.current()
        if up is None or up.seat is None:
            return
        await self.connection.send(P.Redo(self.table_id, up.seat, up.state_id))

    async def action_delay(self) -> None:
        info = self.model.info
        if info is None:
            return
        now = info.bot_delay
        nxt = next((d for d in BOT_DELAYS if d > now + 1e-9), BOT_DELAYS[0])
        await self.connection.send(P.Settings(self.table_id, bot_delay=nxt))
        self.notify(f"Bots now wait {nxt:g} s before each move", timeout=3)

    def action_save(self) -> None:
        """Keep a copy under a name: the hub writes it among this user's saves (never to a path)."""
        info = self.model.info
        if info is None or not info.saved:
            return
        names = "-".join("".join(ch for ch in s.name.lower() if ch.isalnum()) for s in info.seats)
        default = f"{info.game}-{names}-move{info.moves}.plank"
        where = "your saves on this server (l in the lobby lists them)" if self.chatty \
            else "your saves folder (Load lists it)"

        async def done(name: str | None) -> None:
            if name:
                request_ref = getattr(self.app, "request_ref", None)
                ref = request_ref("save") if callable(request_ref) else ""
                await self.connection.send(P.SaveCopy(self.table_id, name, ref=ref))

        self.app.push_screen(SaveAsDialog(where, default), done)

    def action_rules(self) -> None:
        game = self.model.info.game if self.model.info else ""
        self.app.push_screen(RulesScreen(game))

    def action_results(self) -> None:
        up = self.model.current() or self.model.latest
        if up is None or up.result is None or self.adapter is None:
            return
        view = self._typed_view(up) if up is self.model.current() else self.adapter.view(up.view)
        self.app.push_screen(ResultsScreen(self.adapter, up.table, up.result, view, self.request_replay))

    async def request_replay(self) -> None:
        await self.connection.send(P.GetReplay(self.table_id))

    def _open_replay(self, data: bytes) -> None:
        self.app.push_screen(ReplayScreen(Match.from_bytes(data, source="this game")))

    def action_chat(self) -> None:
        if self.chatty:
            self.query_one(ChatPanel).start()

    async def on_chat_panel_said(self, message: ChatPanel.Said) -> None:
        await self.connection.send(P.Chat(self.table_id, message.text))

    def on_chat_panel_done(self, message: ChatPanel.Done) -> None:
        if self.board is not None:
            self.board.focus()

    async def action_back(self, where: str = "menu") -> None:
        decisions = self.query_one(DecisionPanel)
        if decisions.narrowed is not None:
            decisions.narrow(None)
            self.render_table(force=True)
            if self.board is not None:
                self.board.focus()
            return
        await self.leave()
        self.app.pop_screen()
        if self.model.over or self.model.latest is None:
            return
        if self.chatty and self.model.seats:
            self.app.notify("Your seat stays yours: join the table again from the lobby (j).", timeout=4)
        else:
            self.app.notify("The game is saved: Continue last game picks it up again.", timeout=4)

    async def leave(self) -> None:
        if not self._left:
            self._left = True
            leave = getattr(self.app, "forget_table", None)
            if callable(leave):
                leave(self.table_id)
            await self.connection.send(P.Leave(self.table_id))



def _round_begins(log: list[Any], rnd: int) -> int:
    """Where round ``rnd``'s events begin in a log read mid-round: its first event that names it."""
    for i, e in enumerate(log):
        if isinstance(e.data, dict) and e.data.get("round") == rnd:
            return i
    return len(log)


def table_screen_for(game: str) -> type[TableScreen]:
    """The table screen for a game: the frame's keys, and the game's own (a trade dialog, say).

    Bindings are declared on a class, so a game with keys of its own gets a subclass
    carrying them (Textual merges a subclass's BINDINGS with its base's).
    """
    keys = adapter_for(game).keys if game else ()
    if not keys:
        return TableScreen
    cls = _screens.get(game)
    if cls is None:
        cls = _screens[game] = type(f"TableScreen_{game.replace('-', '_')}", (TableScreen,), {"BINDINGS": list(keys)})
    return cls


_screens: dict[str, type[TableScreen]] = {}
