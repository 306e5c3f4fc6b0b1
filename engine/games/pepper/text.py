"""Pepper in words: log lines and the decision panel's labels."""

from __future__ import annotations

from typing import Any

from engine.games.pepper.state import Bid, Draw, Play, State, View


def describe(s: State, seat: int, move: Any) -> str:
    match move:
        case Draw():
            return f"seat {seat} draws a card"
        case Play(card=card):
            return f"seat {seat} plays {card}"
        case Bid():
            return f"seat {seat} bids"
    return f"seat {seat}: {move!r}"


def label(view: View, move: Any) -> tuple[str, str]:
    match move:
        case Bid(amount=amount):
            return ("Bid", f"Bid {amount}")
        case Draw():
            return ("Turn", "Draw a card")
        case Play(card=card):
            return ("Turn", f"Play {card}")
    return ("Moves", repr(move))
