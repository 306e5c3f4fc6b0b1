"""Legal moves: the menu of each step, one function per step in ``LEGAL``.

Identical cards (same Shard, rank and ability) are one choice: a menu offers one move
per kind of card. Moves are built once (state.py); a menu never allocates a move.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable

from engine.games.shards.content import AUTONOMY, DOMINION, KIND, PRESERVATION, RANK, RUIN, SHARD_OF
from engine.games.shards.rules.abilities import swappable
from engine.games.shards.rules.turns import OTHERS
from engine.games.shards.state import (
    ADD_REVEALED,
    AREA_MOVES,
    CULTIVATION_DISCARD,
    DECLINE,
    DISCARD_MOVES,
    OVER,
    PLACE_MOVES,
    PLAY_MOVES,
    PUT_BACK,
    STEAL_MOVES,
    SUBTRACT_MOVES,
    SWAP_MOVES,
    TAKE_DISCARD_MOVES,
    TAKE_MOVES,
    TAKE_SCORED_MOVES,
    THEFT_VICTIM,
    Move,
    State,
)


def kinds(cards: list[int], moves: tuple[Move, ...]) -> list[Move]:
    """One move per kind of card (identical cards are one choice)."""
    out = []
    seen: list[int] = []
    for c in cards:
        k = KIND[c]
        if k not in seen:
            seen.append(k)
            out.append(moves[c])
    return out


def sorted_kinds(hand: list[int], moves: tuple[Move, ...]) -> list[Move]:
    """``kinds`` for a sorted hand: identical cards (same Shard, rank and ability) have
    neighbouring numbers, so in a sorted hand they sit side by side and one move stands for all."""
    kind = KIND
    out = []
    prev = -1
    for c in hand:
        k = kind[c]
        if k != prev:
            out.append(moves[c])
            prev = k
    return out


def legal_play(s: State, seat: int) -> list[Move]:
    hand = s.hands[seat]
    trick = s.trick
    if trick:
        # seed: "All other players must follow the lead by playing a card matching the lead
        # Shard if able." (A hand is sorted, so a Shard's cards form one run.)
        lead = SHARD_OF[trick[0]] << 4
        lo = bisect_left(hand, lead)
        hi = bisect_left(hand, lead + 16, lo)
        if lo < hi:
            return sorted_kinds(hand[lo:hi], PLAY_MOVES)
    elif s.trump == AUTONOMY and SHARD_OF[hand[-1]] != AUTONOMY:
        # Autonomy trump: "You may not lead with Autonomy unless you have no other Shard in
        # your hand." (Autonomy sorts first, so the last card tells.)
        return sorted_kinds(hand[bisect_left(hand, 16):], PLAY_MOVES)
    return sorted_kinds(hand, PLAY_MOVES)


def take_choices(s: State) -> list[int]:
    """The played cards the trick winner may take (before the Preservation trump's extra)."""
    trick = s.trick
    trump = s.trump
    if trump == RUIN or trump == DOMINION:
        ranks = s.trick_ranks
        # Ruin trump: "must take the lowest-rank card"; Dominion: "the highest-rank card"
        r = min(ranks) if trump == RUIN else max(ranks)
        return [trick[i] for i in range(len(trick)) if ranks[i] == r]
    return trick


def legal_take(s: State, seat: int) -> list[Move]:
    cands = take_choices(s)
    k = KIND[cands[0]]
    out: list[Move]
    for c in cands:
        if KIND[c] != k:
            out = [TAKE_MOVES[c] for c in cands]  # each played card, so "his own" can be named
            break
    else:
        out = [TAKE_MOVES[cands[0]]]  # identical cards: no choice
    if s.trump == PRESERVATION:
        # Preservation trump: "may take a Preservation card from the discard pile instead"
        out.extend(kinds([c for c in s.discard if SHARD_OF[c] == PRESERVATION], TAKE_DISCARD_MOVES))
    return out


def legal_release(s: State, seat: int) -> list[Move]:
    out = sorted_kinds([c for c in s.hands[seat] if SHARD_OF[c] == AUTONOMY], DISCARD_MOVES)
    out.append(DECLINE)
    return out


def legal_growth(s: State, seat: int) -> list[Move]:
    return [ADD_REVEALED, PUT_BACK]


def legal_renewal(s: State, seat: int) -> list[Move]:
    out = sorted_kinds(s.hands[seat], DISCARD_MOVES)
    out.append(DECLINE)
    return out


def legal_swap(s: State, seat: int) -> list[Move]:
    cards = swappable(s, seat)
    if s.pos == 0 and s.trump == AUTONOMY:
        # The swapped-in card becomes the lead, and "Trump effects always take precedence over
        # card abilities": under the Autonomy trump ("You may not lead with Autonomy unless you
        # have no other Shard in your hand") an Autonomy card may come in only when the cards
        # left in the leader's hand are all Autonomy (or none are left).
        hand = s.hands[seat]
        if hand and SHARD_OF[hand[-1]] != AUTONOMY:  # Autonomy sorts first
            cards = [c for c in cards if SHARD_OF[c] != AUTONOMY]
    out = kinds(cards, SWAP_MOVES)
    out.append(DECLINE)
    return out


def lowest_cards(hand: list[int]) -> list[int]:
    low = min(RANK[c] for c in hand)
    return [c for c in hand if RANK[c] == low]


def legal_cull(s: State, seat: int) -> list[Move]:
    # several cards may share the lowest rank: the player chooses which of them goes
    return sorted_kinds(lowest_cards(s.hands[seat]), DISCARD_MOVES)


def legal_discard_any(s: State, seat: int) -> list[Move]:
    return sorted_kinds(s.hands[seat], DISCARD_MOVES)


def theft_victims(s: State, seat: int) -> list[int]:
    return [i for i in OTHERS[s.players][seat] if s.hands[i]]


def legal_theft_victim(s: State, seat: int) -> list[Move]:
    return [STEAL_MOVES[i] for i in theft_victims(s, seat)]


def legal_decay(s: State, seat: int) -> list[Move]:
    out: list[Move] = [PUT_BACK]
    trick = s.trick
    for q in range(s.pos):
        out.append(SUBTRACT_MOVES[trick[q]])
    return out


def legal_simultaneous(s: State, seat: int) -> list[Move]:
    moves: tuple[Move, ...] = DISCARD_MOVES if s.step == CULTIVATION_DISCARD else PLACE_MOVES
    return sorted_kinds(s.hands[seat], moves)


def odium_largest(s: State) -> list[int]:
    sizes = [len(a) for a in s.areas]
    high = max(sizes)
    return [i for i in range(s.players) if sizes[i] == high and i != s.turn]


def legal_odium_area(s: State, seat: int) -> list[Move]:
    out: list[Move] = [AREA_MOVES[i] for i in odium_largest(s)]
    out.append(DECLINE)
    return out


def legal_odium_seize(s: State, seat: int) -> list[Move]:
    out = kinds(s.areas[s.target], TAKE_SCORED_MOVES)
    out.append(DECLINE)
    return out


def legal_over(s: State, seat: int) -> list[Move]:
    return []


# by step (state.Step)
LEGAL: tuple[Callable[[State, int], list[Move]], ...] = (
    legal_play,  # PLAY
    legal_take,  # TAKE
    legal_release,  # RELEASE
    legal_growth,  # GROWTH
    legal_renewal,  # RENEWAL
    legal_swap,  # SWAP
    legal_cull,  # CULL
    legal_discard_any,  # THEFT
    legal_theft_victim,  # THEFT_VICTIM
    legal_discard_any,  # PRESERVE
    legal_decay,  # DECAY
    legal_simultaneous,  # CULTIVATION_DISCARD
    legal_simultaneous,  # DEVOTION_PLACE
    legal_odium_area,  # ODIUM_AREA
    legal_odium_seize,  # ODIUM_SEIZE
    legal_over,  # OVER
)

# Steps whose menu can hold a single option: it then resolves itself (no real choice).
# Only steps whose menu everyone can see: a discard from a hidden hand (Cull, Theft, Preservation
# Renewal) is always asked, even with one option, or the table would learn that the hand held
# one kind of card. (A trick whose winner has one kind of card to take is settled in
# ``trick_won`` already: the trick is public.)
AUTO = tuple(step == THEFT_VICTIM for step in range(OVER + 1))
