"""Shards of Creation at the table: status words, seat facts, board keys, results notes.

Symbols, letters and board keys are listed in ``tui/games/shards/words.py``.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from engine.core.rules import Event, Result
from engine.games.shards.state import (
    AddRevealed,
    ChooseArea,
    Discard,
    Place,
    Play,
    PutBack,
    Steal,
    SubtractRevealed,
    Swap,
    Take,
    TakeFromDiscard,
    TakeScored,
    View,
)
from engine.hub import protocol as P
from tui.games.base import Column, GameAdapter, Status
from tui.games.shards.trick_area import TrickArea
from tui.games.shards.words import GLYPHS, card_views, glyph, kind, shard_class
from tui.widgets.board import Board
from tui.widgets.palette import seat_letter


class ShardsAdapter(GameAdapter[View]):
    has_secrets = True
    columns = (Column("Score", 5), Column("Hand", 4), Column("Kept", 4))
    heading_kinds = ("trump",)
    summary_kinds = ("trick-won", "last-card", "odium", "odium-area", "seize")
    option_choices = {"shards": [(f"{glyph(name)} {name}", name) for name in GLYPHS]}
    option_help = {"shards": "Tick 4 Shards (5 with 4 players), or none to draw them at random."}

    def make_board(self) -> Board:
        return TrickArea(self, id="board")

    def status(self, view: View) -> Status:
        if view.stage == "over":
            return Status(f"Round {view.round} of 3", "game over")
        if view.stage in ("cultivation-discard", "devotion-place"):
            return Status(f"Round {view.round} of 3", f"setup · {view.trump} trump")
        if view.stage in ("odium-area", "odium-seize"):
            return Status(f"Round {view.round} of 3", "round end · Odium trump")
        return Status(f"Round {view.round} of 3", f"Trick {view.trick_no} of {view.tricks}",
                      view.stage)

    def cells(self, view: View, seat: int) -> list[str]:
        return [str(view.scores[seat]), str(view.hand_sizes[seat]), str(len(view.areas[seat]))]

    # ---------------------------------------------------------------- keys

    def targets(self, view: View, move: Any) -> tuple[str, ...]:
        cards = card_views()
        match move:
            case Play(card=c) | Discard(card=c) | Place(card=c):
                return (f"h:{kind(cards[c])}",)
            case Take(card=c) | SubtractRevealed(card=c):
                return (f"t:{c}",)
            case Swap(card=c):
                return (f"a:{view.seat}:{kind(cards[c])}",)
            case TakeScored(card=c):
                area = view.pending.area if view.pending is not None else -1
                return (f"a:{area}:{kind(cards[c])}",)
            case TakeFromDiscard(card=c):
                return (f"d:{kind(cards[c])}",)
            case Steal(seat=seat) | ChooseArea(seat=seat):
                return (f"s:{seat}",)
            case AddRevealed() | PutBack():
                return ("rev",)
        return ()

    def key_label(self, view: View, key: str) -> str:
        """Words for a board key (the decision panel says what it is narrowed to)."""
        kind_of, _, rest = key.partition(":")
        if kind_of == "s":
            return view.names[int(rest)]
        if kind_of == "rev":
            return "The revealed card"
        if kind_of == "t":
            cv = card_views()[int(rest)]
            return f"{cv.shard} {cv.rank} in the trick"
        where = {"h": "in your hand", "a": "in a scoring area", "d": "in the discard pile"}.get(kind_of, "")
        for cv in card_views():
            if key.endswith(kind(cv)):
                return f"{cv.shard} {cv.rank} {where}".strip()
        return "Narrowed"

    def choice_text(self, view: View, move: Any, text: str, paint: Any) -> Text:
        """The decision panel line, led by the card's Shard symbol in its colour."""
        card = getattr(move, "card", None)
        out = Text()
        if isinstance(card, int):
            cv = card_views()[card]
            out.append(glyph(cv.shard), style=paint(shard_class(cv.shard)))
            out.append(" ")
        out.append(text)
        return out

    def round_summary(self, events: list[Event], info: P.TableInfo) -> list[str]:
        """Who won how many tricks, then what the round's end did (the last card, the Odium trump)."""
        won: dict[int, int] = {}
        for e in events:
            if e.kind == "trick-won":
                seat = (e.data or {}).get("seat", e.seat)
                won[seat] = won.get(seat, 0) + 1
        out = []
        if won:
            names = [st.name for st in info.seats]
            parts = [f"{names[s] if 0 <= s < len(names) else s} {n}" for s, n in
                     sorted(won.items(), key=lambda kv: (-kv[1], kv[0]))]
            out.append("Tricks won: " + ", ".join(parts))
        out += [e.text for e in events if e.kind in self.summary_kinds and e.kind != "trick-won"]
        return out

    # ------------------------------------------------------------- results

    def score_by_round(self, result: Result, view: Any) -> list[list[int]]:
        rounds = getattr(view, "round_scores", None)
        if rounds:
            return [list(r) for r in rounds]
        by_seat = result.details.get("by_round") if result.details else None
        if by_seat:
            return [list(r) for r in zip(*by_seat, strict=False)]
        return []

    def result_panels(self, result: Result, info: P.TableInfo, view: Any) -> list[tuple[str, Any]]:
        """Every scoring area card by card: the ranks behind the counts, and the cards the
        scoring abilities below name (``*``: a card with a scoring ability)."""
        areas = getattr(view, "areas", None)
        if not areas or not any(areas):
            return []
        shards = list(view.shards)
        others = sorted({c.shard for a in areas for c in a if c.shard not in shards})
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        table.add_column("", no_wrap=True)
        for shard in (*shards, *others):
            table.add_column(f"{glyph(shard)} {shard}", no_wrap=True)
        for seat, area in enumerate(areas):
            st = info.seats[seat] if seat < len(info.seats) else None
            name = f"{seat_letter(st.colour, seat)}  {st.name}" if st else f"Seat {seat + 1}"
            cells = []
            for shard in (*shards, *others):
                ranks = sorted((c.rank, c.scoring) for c in area if c.shard == shard)
                cells.append(" ".join(f"{r}{'*' if sc else ''}" for r, sc in ranks) or "·")
            table.add_row(name, *cells)
        return [("Scoring areas, card by card", table)]

    def result_notes(self, result: Result, info: P.TableInfo) -> str:
        notes = (result.details or {}).get("scoring_abilities") or []
        lines = []
        for seat, seat_notes in enumerate(notes):
            if seat_notes:
                lines.append(f"{info.seats[seat].name}: " + "; ".join(seat_notes))
        trumps = (result.details or {}).get("trumps")
        if trumps:
            lines.append("Trumps: " + ", ".join(f"round {i + 1} {t}" for i, t in enumerate(trumps)))
        return "\n".join(lines)


