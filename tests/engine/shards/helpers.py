"""Hand-built Shards of Creation positions for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Config, Event
from engine.games.shards import RULES
from engine.games.shards.content import (
    ABILITIES,
    ABILITY,
    DEVOTION,
    RANK,
    SHARD_BY_NAME,
    SHARD_NAMES,
    SHARD_OF,
    shard_cards,
)
from engine.games.shards.state import PLAY, Options, State

NAMES = ["Azure", "Hoid", "Khriss", "Vasher"]
DEFAULT_SHARDS = ("Autonomy", "Honor", "Preservation", "Ruin")


class Cards:
    """Hands out distinct card ids by name: ``cards("Ruin 10")``, ``cards("Preservation 8 rise")``."""

    def __init__(self) -> None:
        self.used: list[int] = []

    def __call__(self, text: str) -> int:
        parts = text.split()
        shard = SHARD_BY_NAME[parts[0].lower()]
        rank = int(parts[1])
        ability = " ".join(parts[2:]).lower()
        for c in shard_cards(shard):
            if c in self.used or RANK[c] != rank:
                continue
            if ability and ability not in ABILITIES[ABILITY[c]].name.lower():
                continue
            self.used.append(c)
            return c
        raise LookupError(f"no unused card {text!r}")

    def many(self, *texts: str) -> list[int]:
        return [self(t) for t in texts]


def table(
    cards: Cards,
    hands: list[list[int]],
    trump: str,
    shards: tuple[str, ...] = DEFAULT_SHARDS,
    deck: list[int] | None = None,
    discard: list[int] | None = None,
    areas: list[list[int]] | None = None,
    leader: int = 0,
    round: int = 1,
    trick_no: int = 1,
    fill_deck: bool = True,
) -> State:
    """A position at the start of a trick. ``deck`` lists the draw deck from the top down;
    every card of the chosen Shards not placed anywhere goes under it (unless ``fill_deck``
    is False)."""
    players = len(hands)
    s = RULES.setup(Config(players, 1, Options(shards=list(shards))))
    deck = list(deck or [])
    discard = list(discard or [])
    areas = [list(a) for a in (areas or [[] for _ in range(players)])]
    placed = [c for h in hands for c in h] + deck + discard + [c for a in areas for c in a]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    rest = [c for sh in s.shards for c in shard_cards(sh) if c not in placed] if fill_deck else []
    t = SHARD_BY_NAME[trump.lower()]
    s.names = NAMES[:players]
    s.hands = [sorted(h) for h in hands]
    s.deck = rest + deck[::-1]
    s.discard = discard
    s.areas = areas
    s.trump = t
    s.trumps = [*([0] * (round - 1)), t]
    s.trump_deck = [sh for sh in s.shards if sh != t][: 3 - round]
    s.round = round
    s.first = leader
    s.turn = leader
    s.trick_no = trick_no
    s.tricks = 11 if t == DEVOTION else 10
    s.trick, s.trick_seats, s.trick_ranks = [], [], []
    s.step = PLAY
    s.acting = (leader,)
    s.known, s.top_known, s.picks, s.owed = [], 0, [], []
    return s


def act(s: State, seat: int, move: Any) -> list[Event]:
    """Apply a move the way the Match does: only if it is legal for a seat that must act."""
    assert seat in RULES.to_act(s), f"seat {seat} is not to act ({RULES.to_act(s)})"
    legal = RULES.legal(s, seat)
    assert move in legal, f"{move!r} is not legal: {legal!r}"
    return RULES.apply(s, seat, move)


def texts(events: list[Event], seat: int | None = None) -> list[str]:
    return [e.text for e in events if e.visible_to(seat)]


def names(cards: list[int]) -> list[str]:
    return [f"{SHARD_NAMES[SHARD_OF[c]]} {RANK[c]}" for c in cards]


def all_cards(s: State) -> list[int]:
    """Every card somewhere on the table (each must be there exactly once)."""
    out = list(s.deck) + list(s.discard) + list(s.trick)
    for h in s.hands:
        out += h
    for a in s.areas:
        out += a
    for p in s.picks:
        out += p
    return out
