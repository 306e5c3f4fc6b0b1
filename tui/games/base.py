"""What the table frame needs to know about one game, and sensible defaults.

The frame (header, players panel, log, decision panel, replay, results) is the
same for every game; an adapter supplies the game's board widget, the words for
its round and phase, the public facts per seat, and which board things a move
involves. A game without an adapter of its own gets ``GameAdapter`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.binding import Binding

from engine.core.rules import Result
from engine.hub import protocol as P
from tui.widgets.board import Board, PromptBoard


@dataclass(frozen=True)
class Status:
    """The header's words: "Round 2 of 3", "Trick 4 of 10", "play a card"."""

    round: str
    detail: str = ""
    phase: str = ""


@dataclass(frozen=True)
class Column:
    """A column of the players panel."""

    title: str
    width: int
    compact: bool = True  # also shown in the compact (80×24) layout


class GameAdapter:
    """Defaults that work for any game that follows the Rules protocol."""

    has_secrets = True  # pass-and-play draws a curtain between persons
    heading_kinds: tuple[str, ...] = ("round",)  # log events shown as section headings
    option_choices: dict[str, list[tuple[str, str]]] = {}  # list options offered as ticks (label, value)
    option_help: dict[str, str] = {}  # a line under an option on the New game screen
    columns: tuple[Column, ...] = (Column("Score", 5),)
    keys: tuple[Binding, ...] = ()  # the game's own table keys, each with the action "game('<name>')"
    kind_column = True  # the players panel says "here", "heuristic bot" (when there is room)

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.game = rules.id
        self.title = rules.title

    # -------------------------------------------------------------- plumbing

    def view(self, data: Any) -> Any:
        return P.typed_view(self.rules, data)

    def move(self, data: Any) -> Any:
        return P.typed_move(self.rules, data)

    def make_board(self) -> Board:
        return PromptBoard(id="board")

    # ---------------------------------------------------------------- words

    def status(self, view: Any) -> Status:
        rnd = getattr(view, "round", 0)
        return Status(f"Round {rnd}" if rnd else "", "", getattr(view, "phase", ""))

    def prompt(self, view: Any) -> str:
        return getattr(view, "prompt", "") or ""

    def cells(self, view: Any, seat: int) -> list[str]:
        """The public facts about ``seat`` for the players panel, one per column."""
        scores = getattr(view, "scores", None)
        return [str(scores[seat]) if scores and seat < len(scores) else ""]

    def choice_text(self, view: Any, move: Any, text: str, paint: Any) -> Text:
        """The decision panel's line for a move (``paint(name)`` gives a component style)."""
        return Text(text)

    def targets(self, view: Any, move: Any) -> tuple[str, ...]:
        """The board keys a move involves (for narrowing the decision panel)."""
        return ()

    # ------------------------------------------------------------ game keys

    def game_action_state(self, screen: Any, name: str) -> bool | None:
        """Whether the game key ``name`` applies now at the table ``screen`` (None: greyed out)."""
        return False

    async def game_action(self, screen: Any, name: str) -> None:
        """The game key ``name`` was pressed at the table ``screen`` (a dialog, say)."""

    # --------------------------------------------------------------- results

    def score_by_round(self, result: Result, view: Any) -> list[list[int]]:
        """Per round, each seat's score so far (for the results chart)."""
        rounds = result.details.get("by_round") if result.details else None
        if rounds:
            return [list(r) for r in rounds]
        return []

    def round_of(self, view: Any) -> int:
        return int(getattr(view, "round", 0) or 0)

    def breakdown(self, result: Result) -> list[list[tuple[str, int]]]:
        """Each seat's scoring lines for the results table (lines with one label share a row)."""
        return result.breakdown

    def result_panels(self, result: Result, info: P.TableInfo, view: Any) -> list[tuple[str, Any]]:
        """Titled panels under the results that explain how the scores came about."""
        return []
