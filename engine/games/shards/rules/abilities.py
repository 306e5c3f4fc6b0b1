"""The card abilities, as the reference table reads: what each does the moment its card is played.

seed: "After playing a card, immediately resolve its non-scoring ability (if any)."
Each ability either acts at once (the rises) or asks its player a question (``ask``) and
returns True; the answers are applied in ``rules/moves.py``. Scoring abilities act only
at End Game Scoring (``scoring.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.rules import say
from engine.games.shards.content import AUTONOMY, PRESERVATION, SHARD_OF, card_name
from engine.games.shards.rules.drawing import draw, reveal_top
from engine.games.shards.rules.turns import Events, ask
from engine.games.shards.state import (
    CULL,
    DECAY,
    GROWTH,
    PRESERVE,
    RELEASE,
    RENEWAL,
    SWAP,
    THEFT,
    State,
)


def autonomy_release(s: State, seat: int, pos: int, ev: Events) -> bool:
    """You may discard an Autonomy card from your hand. If you do, draw a card.

    Asked whenever the hand holds a card, Autonomy or not: whether the player is asked must
    not tell the table what the hand holds ("I decline" and "I can't" look the same)."""
    if s.hands[seat]:
        return ask(s, seat, RELEASE, pos)
    return False


def autonomy_rise(s: State, seat: int, pos: int, ev: Events) -> bool:
    """+2 rank for each Autonomy card in other players' scoring areas."""
    n = 0
    for i, area in enumerate(s.areas):
        if i != seat:
            for c in area:
                if SHARD_OF[c] == AUTONOMY:
                    n += 1
    rise(s, seat, pos, 2 * n, ev)
    return False


def cultivation_growth(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Reveal the top card: either discard it and add its rank to this card, or put it back."""
    if reveal_top(s, seat, ev):
        return ask(s, seat, GROWTH, pos)
    return False


def cultivation_renewal(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Discard up to 2 cards, then draw as many."""
    if s.hands[seat]:
        s.count = 0
        return ask(s, seat, RENEWAL, pos)
    return False


def swappable(s: State, seat: int) -> list[int]:
    """Scoring-area cards a Swap may bring into the trick: not one this chain put there."""
    return [c for c in s.areas[seat] if c not in s.swapped]


def devotion_swap(s: State, seat: int, pos: int, ev: Events) -> bool:
    """You may swap this card with a card in your scoring area; that card's ability triggers."""
    if swappable(s, seat):
        return ask(s, seat, SWAP, pos)
    return False


def dominion_cull(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Draw a card, then discard your lowest-rank card."""
    if draw(s, seat, ev):
        return ask(s, seat, CULL, pos)
    return False  # nothing drawn, so nothing to discard: the hand size stays


def odium_theft(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Discard a card, then take a random card from another player's hand. They draw a card."""
    if s.hands[seat]:
        return ask(s, seat, THEFT, pos)
    return False


def odium_rise(s: State, seat: int, pos: int, ev: Events) -> bool:
    """+2 rank for each different Shard in your scoring area."""
    mask = 0
    for c in s.areas[seat]:
        mask |= 1 << SHARD_OF[c]
    rise(s, seat, pos, 2 * mask.bit_count(), ev)
    return False


def preservation_renewal(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Draw a card, then discard a card."""
    if draw(s, seat, ev):
        return ask(s, seat, PRESERVE, pos)
    return False


def preservation_rise(s: State, seat: int, pos: int, ev: Events) -> bool:
    """+1 rank for each Preservation card in your scoring area."""
    n = 0
    for c in s.areas[seat]:
        if SHARD_OF[c] == PRESERVATION:
            n += 1
    rise(s, seat, pos, n, ev)
    return False


def ruin_decay(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Reveal the top card: either discard it and subtract its rank from another player's
    played card, or put it back."""
    # the cards before this one are the other players' played cards
    if pos > 0 and reveal_top(s, seat, ev):
        return ask(s, seat, DECAY, pos)
    return False  # seed: "If an ability does not have a valid target, ignore that aspect"


def rise(s: State, seat: int, pos: int, n: int, ev: Events) -> None:
    """A played card's rank goes up by ``n`` ("maintains its new rank until ... scored or discarded")."""
    s.trick_ranks[pos] += n
    if ev is not None and n:
        c = card_name(s.trick[pos])
        say(ev, "rise", f"{s.names[seat]}'s {c} rises by {n} to {s.trick_ranks[pos]}", seat,
            card=c, by=n, rank=s.trick_ranks[pos])


Ability = Callable[[State, int, int, Events], bool]

# by ability number (content.py): what acts when the card is played; None for none or scoring
ABILITY_START: tuple[Ability | None, ...] = (
    None,
    autonomy_release,
    autonomy_rise,
    cultivation_growth,
    cultivation_renewal,
    None,  # Devotion wildcard: scoring
    devotion_swap,
    None,  # Dominion claim: scoring
    dominion_cull,
    odium_theft,
    odium_rise,
    preservation_renewal,
    preservation_rise,
    None,  # Ruin penalty: scoring
    ruin_decay,
)
