"""What the table frame needs to know about one game, and sensible defaults.

The frame (header, players panel, log, decision panel, replay, results) is the
same for every game; an adapter supplies the game's board widget, the words for
its round and phase, the public facts per seat, and which board things a move
involves. A game without an adapter of its own gets ``GameAdapter`` itself.

Everything an adapter says comes from the shown seat's *view*: the engine puts every
fact a screen needs there (``asking``, the card winning the trick, ...), so an adapter
words and draws, and never re-derives a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from engine.core.rules import Event, Result, Rules
from engine.core.rules import View as ViewLike
from engine.hub import protocol as P
from tui.widgets.board import Board, Choice, PromptBoard
from tui.widgets.players_panel import Column

if TYPE_CHECKING:
    from textual.app import App

__all__ = ["Column", "GameAdapter", "Status", "TableControls"]

V = TypeVar("V", bound=ViewLike)
Paint = Callable[[str], Style]  # a component class name -> its style (a board's or a panel's)


@dataclass(frozen=True)
class Status:
    """The header's words: "Round 2 of 3", "Trick 4 of 10", "play a card"."""

    round: str
    detail: str = ""
    phase: str = ""


class TableModelLike(Protocol):
    def current(self) -> P.Update | None: ...


class TableControls(Protocol):
    """What a game key may use of the table screen it was pressed on."""

    @property
    def model(self) -> TableModelLike: ...

    @property
    def choices(self) -> list[Choice]: ...

    @property
    def view_obj(self) -> Any: ...

    @property
    def app(self) -> App[Any]: ...

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...

    async def play_moves(self, moves: list[Any]) -> None: ...

    async def toggle_always_ask(self) -> None: ...


class GameAdapter(Generic[V]):
    """Defaults that work for any game that follows the Rules protocol."""

    has_secrets = True  # pass-and-play draws a curtain between persons
    heading_kinds: tuple[str, ...] = ("round",)  # log events shown as section headings
    summary_kinds: tuple[str, ...] = ()  # the public events a round's summary lists (none: no summary)
    folded_kinds: tuple[str, ...] = ()  # log events the log panel leaves out: a later line says it all
    option_choices: dict[str, list[tuple[str, str]]] = {}  # list options offered as ticks (label, value)
    option_help: dict[str, str] = {}  # a line under an option on the New game screen
    option_hidden: tuple[str, ...] = ()  # options the rules fill in themselves (not on the New game screen)
    columns: tuple[Column, ...] = (Column("Score", 5),)
    keys: tuple[Binding, ...] = ()  # the game's own table keys, each with the action "game('<name>')"
    kind_column = True  # the players panel says "here", "heuristic bot" (when there is room)

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game = rules.id
        self.title = rules.title

    # -------------------------------------------------------------- plumbing

    def view(self, data: Any) -> V:
        """The game's typed view from what crossed the hub."""
        view: V = P.typed_view(self.rules, data)
        return view

    def move(self, data: Any) -> Any:
        return P.typed_move(self.rules, data)

    def make_board(self) -> Board:
        return PromptBoard(id="board")

    def option_defaults(self, players: int) -> dict[str, Any]:
        """Options the New game screen sets for ``players`` until the player changes one (a
        document's recommended set, say)."""
        return {}

    # ---------------------------------------------------------------- words

    def status(self, view: V) -> Status:
        return Status(f"Round {view.round}" if view.round else "", "", view.phase)

    def prompt(self, view: V) -> str:
        return view.prompt or ""

    def cells(self, view: V, seat: int) -> list[str]:
        """The public facts about ``seat`` for the players panel, one per column."""
        scores = getattr(view, "scores", None)  # the generic frame shows a score if the view has one
        return [str(scores[seat]) if scores and seat < len(scores) else ""]

    def choice_text(self, view: V, move: Any, text: str, paint: Paint) -> Text:
        """The decision panel's line for a move (``paint(name)``: the board's component styles)."""
        return Text(text)

    def natural_key(self, view: V, move: Any) -> str | None:
        """The hotkey a move is known by, if it has one (a bid of 3 Ballast: ``3``).

        The board shows amounts, so the decision panel gives such a move the same key;
        the other moves take the hotkeys left over, in order.
        """
        return None

    def targets(self, view: V, move: Any) -> tuple[str, ...]:
        """The board keys a move involves (for narrowing the decision panel)."""
        return ()

    def key_label(self, view: V, key: str) -> str:
        """Words for a board key (the decision panel says what it is narrowed to)."""
        return "Narrowed"

    # ------------------------------------------------------------ game keys

    def game_action_state(self, screen: TableControls, name: str) -> bool | None:
        """Whether the game key ``name`` applies now at the table ``screen`` (None: greyed out)."""
        return False

    async def game_action(self, screen: TableControls, name: str) -> None:
        """The game key ``name`` was pressed at the table ``screen`` (a dialog, say)."""

    # --------------------------------------------------------------- results

    def score_by_round(self, result: Result, view: V) -> list[list[int]]:
        """Per round, each seat's score so far (for the results chart)."""
        rounds = result.details.get("by_round") if result.details else None
        if rounds:
            return [list(r) for r in rounds]
        return []

    def round_of(self, view: V) -> int:
        return view.round or 0

    def round_summary(self, events: list[Event], info: P.TableInfo) -> list[str]:
        """What the round just ended comes to, in a few lines, from its public events."""
        return [e.text for e in events if e.kind in self.summary_kinds]

    def breakdown(self, result: Result) -> list[list[tuple[str, int]]]:
        """Each seat's scoring lines for the results table (lines with one label share a row)."""
        return result.breakdown

    def result_panels(self, result: Result, info: P.TableInfo, view: V) -> list[tuple[str, Any]]:
        """Titled panels under the results that explain how the scores came about."""
        return []

    def result_notes(self, result: Result, info: P.TableInfo) -> str:
        """A few lines under the results (how scoring abilities were used, say)."""
        return ""
