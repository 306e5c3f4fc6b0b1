"""Replay: step through a saved game, from any seat's view, the public view, or everything.

Replay is local: a loaded ``Match``, ``state_at(n)`` for any position and the
game's own ``view``. Everything (every hand, every secret) is offered only once
the game is over.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.cache import LRUCache
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from engine.hub import protocol as P
from tui.games import adapter_for
from tui.screens.rules import RulesScreen
from tui.widgets.board import RECENT_EVENTS, Scene
from tui.widgets.footer import KeysFooter
from tui.widgets.log_panel import LogPanel
from tui.widgets.palette import Painted, seg
from tui.widgets.players_panel import PlayersPanel
from tui.widgets.table_header import TableHeader

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # moves per second
PUBLIC = "public"
EVERYTHING = "all"


class Scrubber(Painted, Widget, can_focus=True):
    """A slider over the moves of the game: click or arrow keys to seek."""
    position: reactive[int] = reactive(0)
    total: reactive[int] = reactive(0)

    class Seek(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def render(self) -> Text:
        width = max(4, self.size.width)
        filled = 0 if self.total == 0 else round(self.position / self.total * (width - 1))
        out = Text()
        out.append("━" * filled, style=self.paint("accent"))
        out.append("●", style=self.paint("strong"))
        out.append("─" * max(0, width - filled - 1), style=self.paint("muted"))
        return out

    def on_click(self, event: events.Click) -> None:
        width = max(2, self.size.width)
        self.post_message(self.Seek(round(event.x / (width - 1) * self.total)))


class ReplayScreen(Screen[None]):
    """Board, players and log at any move; a panel with the position, speed and viewpoint."""
    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="←→", priority=True),
        Binding("right", "step(1)", "Forward", show=False, priority=True),
        Binding("left_square_bracket,pageup", "round(-1)", "Round", key_display="[ ]", priority=True),
        Binding("right_square_bracket,pagedown", "round(1)", "Next round", show=False, priority=True),
        Binding("home", "seek(0)", "Start", show=False, priority=True),
        Binding("end", "seek(-1)", "End", show=False, priority=True),
        Binding("space", "play", "Play"),
        Binding("plus,equals_sign", "speed(1)", "Speed", key_display="+ -"),
        Binding("minus", "speed(-1)", "Slower", show=False),
        Binding("v", "viewpoint", "View"),
        Binding("g", "goto", "Go to"),
        Binding("f1", "rules", "Rules", show=False, priority=True),  # (keys typed next go to the rules)
        Binding("escape", "back", "Back"),
    ]

    position: reactive[int] = reactive(0, init=False)

    def __init__(self, match: Any, start: int | None = None) -> None:
        super().__init__()
        self.match = match
        self.rules = match.rules
        self.adapter = adapter_for(match.rules.id)
        self.total = len(match.line)
        self.start_at = 0 if start is None else start  # from the deal (End: the last move)
        self.over = self._over_at_end()
        seats = match.header.seats
        self.viewpoints: list[int | str] = [*range(len(seats)), PUBLIC]
        if self.over:
            self.viewpoints.append(EVERYTHING)
        self.viewpoint: int | str = EVERYTHING if self.over else PUBLIC
        self.speed = 1
        self._ready = False
        self.playing = False
        self._timer: Any = None
        self._views: LRUCache[tuple[int, Any], Any] = LRUCache(64)
        self._states: LRUCache[int, Any] = LRUCache(8)
        self.rounds = self._round_index()
        self.info = P.TableInfo(
            id="replay", game=self.rules.id, title=self.rules.title, players=match.header.players,
            seats=[P.SeatStatus(i, s.name, s.colour, s.kind) for i, s in enumerate(seats)],
            status="finished" if self.over else "playing", undo=match.header.undo,
        )

    def _over_at_end(self) -> bool:
        return not self.rules.to_act(self.match.state_at(self.total))

    def _round_index(self) -> list[int]:
        """The round at every position (one pass over the game)."""
        rules = self.rules
        s = self.match.state_at(0)
        out = [self.adapter.round_of(rules.view(s, None))]
        for p in self.match.line:
            rules.apply(s, p.seat, p.move, True)
            out.append(self.adapter.round_of(rules.view(s, None)))
        return out

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TableHeader(id="table-header")
        with Horizontal(id="table-body"):
            with Vertical(id="table-main"):
                board = self.adapter.make_board()
                board.can_focus = False
                yield Vertical(board, id="board-slot")
                yield LogPanel(id="log")
            with Vertical(id="table-side"):
                yield PlayersPanel(id="players")
                with Vertical(id="replay-panel", classes="panel"):
                    yield Static(id="replay-where")
                    yield Scrubber(id="scrubber")
                    yield Static(id="replay-status")
                    yield Static(id="replay-move")
                    yield Input(placeholder="move number, Enter to go", type="integer", id="goto")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._ready = True  # (Textual's is_mounted turns true only after on_mount)
        self.query_one("#replay-panel").border_title = "Replay"
        goto = self.query_one("#goto", Input)
        goto.display = False
        goto.cursor_blink = False
        self._compact(self.app.size.width < 100 or self.app.size.height < 30)
        self.position = self.start_at
        self.show_position()

    def on_resize(self) -> None:
        compact = self.app.size.width < 100 or self.app.size.height < 30
        if compact != self.has_class("compact"):
            self._compact(compact)
            self.show_position()

    def _compact(self, compact: bool) -> None:
        self.set_class(compact, "compact")
        footer = self.query_one(Footer)
        footer.compact = compact
        footer.show_command_palette = not compact

    # ---------------------------------------------------------------- drawing

    def _state(self, n: int) -> Any:
        s = self._states.get(n)
        if s is None:
            s = self.match.state_at(n)
            self._states[n] = s
        return s

    def _view(self, n: int, seat: int | None) -> Any:
        key = (n, seat)
        v = self._views.get(key)
        if v is None:
            v = self.rules.view(self._state(n), seat)
            self._views[key] = v
        return v

    def watch_position(self) -> None:
        self.show_position()

    def show_position(self) -> None:
        if not self._ready:
            return
        n = self.position
        vp = self.viewpoint
        seat = vp if isinstance(vp, int) else None
        view = self._view(n, seat)
        everything = vp == EVERYTHING
        all_views = [self._view(n, s) for s in range(len(self.info.seats))] if everything else []
        events_ = self.match.events(seat, upto=n, everything=everything)
        scene = Scene(view, seat, self.info, [], None, self.has_class("compact"), everything, all_views, live=False,
                      recent=events_[-RECENT_EVENTS:])
        board = self.query_one("#board")
        board.show(scene)  # type: ignore[attr-defined]
        header = self.query_one(TableHeader)
        header.game_title = self.rules.title
        status = self.adapter.status(view)
        header.where = " · ".join(x for x in ("Replay", status.round, status.detail) if x)
        header.turn = Text(self._viewpoint_name(vp))
        to_act = list(self.rules.to_act(self._state(n)))
        self.query_one(PlayersPanel).show(self.info, view, self.adapter, seat, to_act,
                                          [seat] if seat is not None else [], self.has_class("compact"))
        folded = self.adapter.folded_kinds
        shown = [e for e in events_ if e.kind not in folded] if folded else events_
        self.query_one(LogPanel).show(shown, self.info.seats, seat, self.adapter.heading_kinds, follow=True)
        self._panel()

    def _viewpoint_name(self, vp: int | str) -> str:
        if vp == PUBLIC:
            return "Public view"
        if vp == EVERYTHING:
            return "Everything shown"
        return f"{self.info.seats[int(vp)].name}'s view"

    def _panel(self) -> None:
        n = self.position
        rnd = self.rounds[n] if n < len(self.rounds) else 0
        where = Text()
        where.append(f"Move {n} of {self.total}", style="bold")
        if rnd:
            where.append(f"   Round {rnd}")
        self.query_one("#replay-where", Static).update(where)
        scrub = self.query_one(Scrubber)
        scrub.total = self.total
        scrub.position = n
        state = "▸ Playing" if self.playing else "‖ Paused"
        self.query_one("#replay-status", Static).update(
            f"{state} · {SPEEDS[self.speed]:g} move{'' if SPEEDS[self.speed] == 1 else 's'}/s\nViewpoint: {self._viewpoint_name(self.viewpoint)}")
        self.query_one("#replay-move", Static).update(self._move_words(n))

    def _move_words(self, n: int) -> Text:
        if n == 0:
            return seg("The start of the game.", "dim")
        p = self.match.line[n - 1]
        seat = self.viewpoint if isinstance(self.viewpoint, int) else None
        shown = [e for e in p.events if self.viewpoint == EVERYTHING or e.visible_to(seat)]
        name = self.info.seats[p.seat].name
        text = shown[0].text if shown else f"{name} made a hidden choice"
        return Text(f"{n}. {text}")

    # ---------------------------------------------------------------- moving

    def action_step(self, step: int) -> None:
        self.position = max(0, min(self.total, self.position + step))

    def action_seek(self, n: int) -> None:
        self.position = self.total if n < 0 else max(0, min(self.total, n))

    def action_round(self, step: int) -> None:
        n = self.position
        rounds = self.rounds
        here = rounds[n]
        if step > 0:
            nxt = next((i for i in range(n + 1, len(rounds)) if rounds[i] > here), self.total)
        else:
            start = next((i for i in range(n, -1, -1) if i == 0 or rounds[i - 1] < here), 0)
            if start < n:
                nxt = start
            else:
                prev = rounds[max(0, n - 1)]
                nxt = next((i for i in range(n - 1, -1, -1) if i == 0 or rounds[i - 1] < prev), 0)
        self.position = nxt

    def action_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.position >= self.total:
            self.position = 0
        self._retime()
        self._panel()

    def action_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        self._retime()
        self._panel()

    def _retime(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.playing:
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)

    def _tick(self) -> None:
        if self.position >= self.total:
            self.playing = False
            self._retime()
            self._panel()
            return
        self.position += 1

    def action_viewpoint(self) -> None:
        i = self.viewpoints.index(self.viewpoint) if self.viewpoint in self.viewpoints else -1
        self.viewpoint = self.viewpoints[(i + 1) % len(self.viewpoints)]
        self.show_position()

    def action_goto(self) -> None:
        goto = self.query_one("#goto", Input)
        goto.display = True
        goto.value = ""
        goto.focus()

    @on(Input.Submitted, "#goto")
    def _goto(self, event: Input.Submitted) -> None:
        event.input.display = False
        try:
            n = int(event.value)
        except ValueError:
            return
        self.action_seek(n)

    @on(Scrubber.Seek)
    def _scrubbed(self, event: Scrubber.Seek) -> None:
        self.action_seek(event.position)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.rules.id))

    def action_back(self) -> None:
        goto = self.query_one("#goto", Input)
        if goto.display:
            goto.display = False
            return
        if self._timer is not None:
            self._timer.stop()
        self.app.pop_screen()
