"""Shards of Creation at the table: Shard symbols, card names, board keys, score lines.

Every Shard has a symbol, a letter and a colour, so a card reads without colour
(``✗R7`` is Ruin 7). Board keys name the things a move involves:

- ``h:<kind>``   a card in the viewer's hand (identical cards share a kind)
- ``t:<id>``     a card in the current trick
- ``a:<seat>:<kind>``  a card in a scoring area
- ``d:<kind>``   a card in the discard pile (Preservation trump)
- ``s:<seat>``   a seat (Odium's theft, the Odium trump's choice of area)
- ``rev``        the revealed top card of the draw deck
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.rules import Result
from engine.hub import protocol as P
from tui.games.base import Column, GameAdapter, Status
from tui.widgets.board import Board

# Shard -> (symbol, letter). Devotion is V and Dominion D, so every letter is unique.
GLYPHS: dict[str, tuple[str, str]] = {
    "Autonomy": ("✦", "A"),
    "Cultivation": ("♣", "C"),
    "Devotion": ("♥", "V"),
    "Dominion": ("♛", "D"),
    "Honor": ("◆", "H"),
    "Odium": ("▼", "O"),
    "Preservation": ("◉", "P"),
    "Ruin": ("✗", "R"),
}


def glyph(shard: str) -> str:
    """``✗R`` for Ruin."""
    sym, letter = GLYPHS.get(shard, ("?", shard[:1]))
    return sym + letter


def shard_class(shard: str) -> str:
    return f"shard--{shard.lower()}"


def kind(card: Any) -> str:
    """Identical cards (same Shard, rank and ability) share a kind; menus offer one of each."""
    return f"{card.shard}{card.rank}{card.ability}"


def chip(card: Any, rank: int | None = None) -> str:
    """``✗R7`` (``✗R10→2`` when an ability changed the rank)."""
    text = f"{glyph(card.shard)}{card.rank}"
    if rank is not None and rank != card.rank:
        text += f"→{rank}"
    return text


def _card_views() -> Any:
    from engine.games.shards.state import CARD_VIEWS

    return CARD_VIEWS


def trick_leader(view: Any) -> int:
    """The position in the trick of the card winning it now (seed: trump, then lead, last tie wins)."""
    best = -1
    best_key: tuple[int, int] | None = None
    for i, play in enumerate(view.trick):
        shard = play.card.shard
        tier = 2 if shard == view.trump else 1 if shard == view.lead else 0
        if tier == 0:
            continue
        key = (tier, play.rank)
        if best_key is None or key >= best_key:
            best, best_key = i, key
    return best


class ShardsAdapter(GameAdapter):
    has_secrets = True
    columns = (Column("Score", 5), Column("Hand", 4), Column("Kept", 4))
    heading_kinds = ("trump",)
    option_choices = {"shards": [(f"{glyph(name)} {name}", name) for name in GLYPHS]}
    option_help = {"shards": "Tick 4 Shards (5 with 4 players), or none to draw them at random."}

    def make_board(self) -> Board:
        from tui.widgets.trick_area import TrickArea

        return TrickArea(self, id="board")

    def status(self, view: Any) -> Status:
        if view.stage == "over":
            return Status(f"Round {view.round} of 3", "game over")
        if view.stage in ("cultivation-discard", "devotion-place"):
            return Status(f"Round {view.round} of 3", f"setup · {view.trump} trump")
        if view.stage in ("odium-area", "odium-seize"):
            return Status(f"Round {view.round} of 3", "round end · Odium trump")
        return Status(f"Round {view.round} of 3", f"Trick {view.trick_no} of {view.tricks}",
                      view.stage)

    def cells(self, view: Any, seat: int) -> list[str]:
        return [str(view.scores[seat]), str(view.hand_sizes[seat]), str(len(view.areas[seat]))]

    # ---------------------------------------------------------------- keys

    def targets(self, view: Any, move: Any) -> tuple[str, ...]:
        name = type(move).__name__
        cards = _card_views()
        if name in ("Play", "Discard", "Place"):
            return (f"h:{kind(cards[move.card])}",)
        if name in ("Take", "SubtractRevealed"):
            return (f"t:{move.card}",)
        if name == "Swap":
            return (f"a:{view.seat}:{kind(cards[move.card])}",)
        if name == "TakeScored":
            area = view.pending.area if view.pending is not None else -1
            return (f"a:{area}:{kind(cards[move.card])}",)
        if name == "TakeFromDiscard":
            return (f"d:{kind(cards[move.card])}",)
        if name in ("Steal", "ChooseArea"):
            return (f"s:{move.seat}",)
        if name in ("AddRevealed", "PutBack"):
            return ("rev",)
        return ()

    def key_label(self, view: Any, key: str) -> str:
        """Words for a board key (the decision panel says what it is narrowed to)."""
        kind_of, _, rest = key.partition(":")
        if kind_of == "s":
            return view.names[int(rest)]
        if kind_of == "rev":
            return "The revealed card"
        if kind_of == "t":
            cv = _card_views()[int(rest)]
            return f"{cv.shard} {cv.rank} in the trick"
        where = {"h": "in your hand", "a": "in a scoring area", "d": "in the discard pile"}.get(kind_of, "")
        for cv in _card_views():
            if key.endswith(kind(cv)):
                return f"{cv.shard} {cv.rank} {where}".strip()
        return "Narrowed"

    def choice_text(self, view: Any, move: Any, text: str, paint: Any) -> Text:
        """The decision panel line, led by the card's Shard symbol in its colour."""
        card = getattr(move, "card", None)
        out = Text()
        if isinstance(card, int):
            cv = _card_views()[card]
            out.append(glyph(cv.shard), style=paint(shard_class(cv.shard)))
            out.append(" ")
        out.append(text)
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


def score_lines(view: Any, seat: int) -> list[tuple[str, int]]:
    """The scoring sheet of a seat's area as it stands (for the owner's live estimate)."""
    from engine.games.shards.content import SHARD_NAMES
    from engine.games.shards.scoring import score_sheet

    shards = sorted(SHARD_NAMES.index(s) for s in view.shards)
    sheet = score_sheet([c.id for c in view.areas[seat]], shards, view.players)
    return sheet.lines
