"""Pepper's options, state, moves and view: plain data."""

from __future__ import annotations

from enum import IntEnum
from typing import Annotated

import msgspec

from engine.core.rng import Rng


class Options(msgspec.Struct, forbid_unknown_fields=True):
    rounds: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 4


class Step(IntEnum):
    """What the game waits for."""

    TURN = 0  # the seat in turn draws or plays
    BID = 1  # everyone bids 0–2 at once, in secret


ASKING = {Step.TURN: "turn", Step.BID: "bid"}


class State(msgspec.Struct):
    players: int
    rounds: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    scores: list[int]
    turn: int = 0
    round: int = 1
    phase: str = "turn"  # "turn" or "bid" (a Step's word: kept as it is, saves hash it)
    bids: list[int] = []  # -1: not yet bid (secret until everyone has)
    over: bool = False


class Draw(msgspec.Struct, tag=1, array_like=True, frozen=True):
    pass


class Play(msgspec.Struct, tag=2, array_like=True, frozen=True):
    card: int


class Bid(msgspec.Struct, tag=3, array_like=True, frozen=True):
    amount: int


Move = Draw | Play | Bid


class View(msgspec.Struct):
    """What one seat sees. ``asking``: "turn" (draw or play), "bid", or "" (nothing asked)."""

    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
    asking: str
    hand: list[int]
    hand_sizes: list[int]
    deck: int
    scores: list[int]
    bid_made: list[bool]
    my_bid: int
