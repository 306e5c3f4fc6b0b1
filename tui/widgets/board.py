"""The board frame every game's board widget builds on.

A board gets a ``Scene`` (the shown seat's view, the table, the legal choices)
and draws it as lines of text. Things a legal move involves (a card, a seat, an
island) have *keys*; the game adapter says which keys each move involves. The
cursor walks the keys that some legal move involves; Enter or a click posts
``Board.Chosen(key)`` and the table narrows its decision panel to those moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message

from engine.hub import protocol as P
from tui.widgets.blocks import Line, Rect, key_positions, key_rects, toward
from tui.widgets.canvas import Canvas
from tui.widgets.palette import seg


@dataclass(frozen=True)
class Choice:
    """One legal move as the frame shows it."""

    index: int  # position in the Update's legal list
    hotkey: str
    move: Any  # the game's typed move
    group: str
    text: str
    targets: tuple[str, ...] = ()  # board keys this move involves
    label: Text | None = None  # the text drawn with the game's symbols


RECENT_EVENTS = 40  # how many of the latest log events a Scene carries


@dataclass
class Scene:
    """Everything a board draws from."""

    view: Any
    seat: int | None  # the seat whose view this is (None: the public view or everything)
    info: P.TableInfo | None
    choices: list[Choice] = field(default_factory=list)
    narrowed: str | None = None  # the key the decision panel is narrowed to
    compact: bool = False
    everything: bool = False  # a finished game shown with every secret
    all_views: list[Any] = field(default_factory=list)  # with ``everything``: every seat's view
    live: bool = True  # a table in play (False: a replay, where nothing new is announced)
    always_ask: bool = False  # the seat's player asked to be asked even when their only move is a pass
    recent: list[Any] = field(default_factory=list)  # the last events of the seat's log, oldest first (what just
    # happened, for a board that draws it: a die rolled, a card drawn)

    def name(self, seat: int) -> str:
        if self.info and 0 <= seat < len(self.info.seats):
            return self.info.seats[seat].name
        return f"Seat {seat + 1}"

    def colour(self, seat: int) -> str:
        if self.info and 0 <= seat < len(self.info.seats):
            return self.info.seats[seat].colour
        return ""

    def targets(self) -> set[str]:
        return {k for c in self.choices for k in c.targets}

    def whose(self, seat: int | None) -> str:
        """"Your" at the table; in a replay, the seat's name ("Red's"): nobody there is "you"."""
        if self.live or seat is None:
            return "Your"
        return f"{self.name(seat)}'s"


class Board(Canvas, can_focus=True):
    """Base of the game boards: a cursor over the choosable keys, Enter/click to choose.

    ``rows`` (filled while drawing) lists the choosable keys in reading order. The cursor moves
    by geometry: each arrow goes to the nearest choosable thing in its direction, then wraps
    (``blocks.toward``, over the rectangle each key covers in the drawn lines: ``rects``).
    Drawing the cursor never moves anything: a thing under it takes the room it takes without.
    """

    spatial = True
    natural_height = True  # the lines drawn are the height wanted (False: it fills what it is given)

    BINDINGS = [
        Binding("left", "move(-1)", "Previous", show=False),
        Binding("right", "move(1)", "Next", show=False),
        Binding("up", "row(-1)", "Row up", show=False),
        Binding("down", "row(1)", "Row down", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
    ]

    class Chosen(Message):
        """The player chose a thing on the board (by Enter or a click)."""

        def __init__(self, board: Board, key: str) -> None:
            super().__init__()
            self.board = board
            self.key = key

    class Grew(Message):
        """The board drew a different number of lines (the table may share the height anew)."""

        def __init__(self, board: Board) -> None:
            super().__init__()
            self.board = board

    class Pointed(Message):
        """The board cursor moved onto a thing (the decision panel previews its move)."""

        def __init__(self, board: Board, key: str | None) -> None:
            super().__init__()
            self.board = board
            self.key = key

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.scene: Scene | None = None
        self.rows: list[list[str]] = []  # choosable keys, row by row, in reading order
        self.cursor: str | None = None
        self.positions: dict[str, tuple[int, int]] = {}  # where each key is drawn: (column, line)
        self.rects: dict[str, Rect] = {}  # the rectangle each key covers: (x0, y0, x1, y1)
        self._drawn_width = 0

    # ---------------------------------------------------------------- drawing

    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.redraw()

    def redraw(self) -> None:
        if self.scene is None:
            return
        width = self.scrollable_content_region.width or self.size.width or 80
        self._drawn_width = width
        self.rows, self.positions = [], {}
        lines = self.draw(self.scene, width)
        keys = self.choosable()
        if self.cursor not in keys:
            old = self.cursor
            targets = self.scene.targets()  # a thing to choose now before one only to read
            self.cursor = next((k for k in keys if k in targets), keys[0] if keys else None)
            if self.cursor is not None and old != self.cursor:
                self.rows, self.positions = [], {}
                lines = self.draw(self.scene, width)  # the cursor is drawn: draw again with it
        self.rects = key_rects(lines)
        if not self.positions:  # a board that laid out Blocks knows its positions
            self.positions = key_positions(lines)  # (where each key first appears: a click there finds it)
        grew = len(lines) != len(self.lines)
        self.set_lines(lines)
        if grew:
            self.post_message(self.Grew(self))

    def draw(self, scene: Scene, width: int) -> list[Text]:
        """Lines for the scene; call ``self.rows.append([...keys])`` for choosable rows (and may
        set ``self.positions`` from its Blocks)."""
        raise NotImplementedError

    def choosable(self) -> list[str]:
        return [k for row in self.rows for k in row]

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self._drawn_width:
            self.redraw()

    def is_cursor(self, key: str) -> bool:
        """The cursor shows whether or not the board has focus (it is the card the panel points at)."""
        return key == self.cursor

    def mode(self, key: str, targets: set[str], choosing: bool) -> str:
        """How to draw a choosable thing: ``cursor``, ``legal`` (a target now), ``idle`` (not one
        while a choice is open) or ``plain`` (no choice open)."""
        if self.is_cursor(key):
            return "cursor"
        if key in targets:
            return "legal"
        return "idle" if choosing else "plain"

    def chip(self, line: Line, key: str, label: str, targets: set[str]) -> None:
        """A choosable word: ``‹label›`` when it can be chosen, ``[label]`` under the cursor,
        plain and muted otherwise (brackets, not colour, carry the meaning)."""
        if self.is_cursor(key):
            line.add(f"[{label}]", self.paint("cursor"), key)
        elif key in targets:
            line.add(f"‹{label}›", self.paint("legal"), key)
        else:
            line.add(f" {label} ", self.paint("muted"))

    @staticmethod
    def amount_label(scene: Scene, key: str, amount: int) -> str:
        """A numeric chip's words: an amount up to 9 is its own key; past 9 the chip names the
        letter the decision panel gives its move (``a=10``)."""
        if amount <= 9:
            return str(amount)
        hotkey = next((c.hotkey for c in scene.choices if key in c.targets), None)
        return f"{hotkey}={amount}" if hotkey else str(amount)

    def letter(self, scene: Scene, seat: int) -> Text:
        """A seat's letter in its colour (``R``)."""
        return self.seat_mark(scene.colour(seat), seat)

    # ---------------------------------------------------------------- cursor

    def _set_cursor(self, key: str | None) -> None:
        if key != self.cursor:
            self.cursor = key
            self.redraw()
            self.post_message(self.Pointed(self, key))

    def nearest(self, dx: int, dy: int) -> str | None:
        """The choosable key an arrow leads to from the cursor (``toward``: nearest in its
        direction by the rectangles the keys are drawn in, then wrapping)."""
        keys = set(self.choosable())
        rects = {k: r for k, r in self.rects.items() if k in keys}
        return toward(rects, self.cursor, dx, dy) if rects else None

    def _step(self, step: int) -> None:
        keys = self.choosable()
        if not keys:
            return
        i = keys.index(self.cursor) if self.cursor in keys else -step
        self._set_cursor(keys[(i + step) % len(keys)])

    def action_move(self, step: int) -> None:
        self._arrow(step, 0)

    def action_row(self, step: int) -> None:
        self._arrow(0, step)

    def _arrow(self, dx: int, dy: int) -> None:
        key = self.nearest(dx, dy) if self.spatial else None
        if key is None:
            self._step(dx or dy)  # a board without geometry: on through the reading order
        else:
            self._set_cursor(key)

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Chosen(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        key = self.meta_key(event.style.meta)
        if key is not None and key in self.choosable():
            self.focus()
            self._set_cursor(key)
            self.post_message(self.Chosen(self, key))


class PromptBoard(Board):
    """The board of a game whose own board widget is not built yet: its prompt, in words."""

    def draw(self, scene: Scene, width: int) -> list[Text]:
        view = scene.view
        lines = [Text("")]
        prompt = getattr(view, "prompt", "") or ""
        if prompt:
            lines += self.wrap(seg(f"  {prompt}", self.paint("strong")), width - 1, 2)
            lines.append(Text(""))
        lines += self.wrap(seg("  This game's board is not drawn yet; the decision panel lists every move.",
                               self.paint("muted")), width - 1, 2)
        return lines
