"""Shards of Creation's options, state, moves and view: plain data, built for speed.

Cards are small ints (see content.py). The state holds only ints, lists of ints and
tuples; it is mutated in place by the rules and copied with a msgpack round trip.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal

import msgspec

from engine.core.rng import Rng
from engine.games.shards.content import (
    ABILITIES,
    ABILITY,
    CARD_COUNT,
    RANK,
    SHARD_NAMES,
    SHARD_OF,
)


class Options(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Setup step 1: "randomly selecting or choosing which Shards to include".

    ``shards`` names the Shards to play with (4 for 2–3 players, 5 for 4); an empty
    list chooses them at random, and a shorter list is completed at random.
    """

    shards: list[ShardName] = []


ShardName = Literal["Autonomy", "Cultivation", "Devotion", "Dominion", "Honor", "Odium", "Preservation", "Ruin"]
assert ShardName.__args__ == SHARD_NAMES  # type: ignore[attr-defined]  # the same eight, in order


# ---------------------------------------------------------------- steps (what the game waits for)


class Step(IntEnum):
    """What the game waits for (the state's ``step``); ``View.asking`` names it (``ASKING``)."""

    PLAY = 0  # the seat in turn plays a card to the trick
    TAKE = 1  # the trick winner chooses the card for their scoring area
    RELEASE = 2  # Autonomy 1–4: may discard an Autonomy card, then draw
    GROWTH = 3  # Cultivation 2–5: the top card is revealed: add it or put it back
    RENEWAL = 4  # Cultivation 6–9: discard up to 2 cards (one at a time), then draw as many
    SWAP = 5  # Devotion 4–7: may swap with a scoring-area card
    CULL = 6  # Dominion 6–9: drew a card; several lowest-rank cards tie: which to discard
    THEFT = 7  # Odium 1–4: discard a card ...
    THEFT_VICTIM = 8  # ... then choose whose hand to take a random card from
    PRESERVE = 9  # Preservation renewal: drew a card, now discard a card
    DECAY = 10  # Ruin 5–8: the top card is revealed: subtract it from a card or put it back
    CULTIVATION_DISCARD = 11  # Cultivation trump: everyone discards the extra cards at once
    DEVOTION_PLACE = 12  # Devotion trump: everyone places a card in their scoring area at once
    ODIUM_AREA = 13  # Odium trump: choose which largest scoring area to take from
    ODIUM_SEIZE = 14  # Odium trump: choose the card to take (or not)
    OVER = 15


# The steps as plain ints, by bare name: what the state holds (plain data, whose copies
# decode to ints anyway) and what the rules compare on the hot path (a global int, not an
# attribute of the enum class, which costs five times as much).
(PLAY, TAKE, RELEASE, GROWTH, RENEWAL, SWAP, CULL, THEFT, THEFT_VICTIM, PRESERVE, DECAY,
 CULTIVATION_DISCARD, DEVOTION_PLACE, ODIUM_AREA, ODIUM_SEIZE, OVER) = (int(st) for st in Step)

# ``View.asking`` for each step: the member's name in lower case ("theft-victim"); "" when over
STEP_NAMES: tuple[str, ...] = tuple("" if st is Step.OVER else st.name.lower().replace("_", "-") for st in Step)
ASKING: frozenset[str] = frozenset(STEP_NAMES) - {""}  # every step a seat can be asked about


class State(msgspec.Struct, array_like=True):
    players: int
    names: list[str]
    shards: list[int]  # the Shards in play, sorted
    rng: Rng
    deck: list[int]  # the draw deck; the top card is the last one
    trump_deck: list[int]  # unrevealed trump cards (Shard numbers); top is last
    hands: list[list[int]]  # each kept sorted, so identical cards sit together
    areas: list[list[int]]  # scoring areas, in the order the cards arrived
    discard: list[int] = []
    trumps: list[int] = []  # trump Shard of each round so far (the last is this round's)
    trump: int = -1
    round: int = 0
    first: int = 0  # the round's first player
    turn: int = 0  # the seat that owes the current single-seat decision
    trick_no: int = 0
    tricks: int = 10  # tricks this round (11 with Devotion trump)
    trick: list[int] = []  # cards of the current trick, in play order
    trick_seats: list[int] = []
    trick_ranks: list[int] = []  # current ranks ("maintains its new rank until ... scored or discarded")
    step: int = PLAY
    acting: tuple[int, ...] = ()
    pos: int = -1  # trick position of the card whose ability is resolving
    count: int = 0  # Cultivation renewal: cards discarded so far
    target: int = -1  # Odium trump: the scoring area chosen
    top_known: int = 0  # 1: the top card of the draw deck was revealed and put back
    known: list[int] = []  # card << 4 | seats-bitmask: who knows that card is in its holder's hand
    owed: list[int] = []  # simultaneous choices: picks each seat still owes
    picks: list[list[int]] = []  # simultaneous choices made so far (secret until all are made)
    prev_cards: list[int] = []  # the previous trick, for the table
    prev_seats: list[int] = []
    prev_ranks: list[int] = []
    prev_winner: int = -1
    prev_taken: int = -1
    prev_from_discard: bool = False
    round_scores: list[list[int]] = []  # each seat's score at the end of each round
    swapped: list[int] = []  # cards the current Devotion Swap chain put into the scoring area


# ---------------------------------------------------------------- moves


class Play(msgspec.Struct, tag=1, array_like=True, frozen=True):
    """Play a card from hand to the trick."""

    card: int


class Discard(msgspec.Struct, tag=2, array_like=True, frozen=True):
    """Discard a card from hand (an ability's discard, or the Cultivation trump's)."""

    card: int


class Decline(msgspec.Struct, tag=3, array_like=True, frozen=True):
    """Do not use a "may" ability / stop discarding / take nothing."""


class AddRevealed(msgspec.Struct, tag=4, array_like=True, frozen=True):
    """Cultivation growth: discard the revealed card and add its rank to this card."""


class PutBack(msgspec.Struct, tag=5, array_like=True, frozen=True):
    """Put the revealed card back on top of the draw deck."""


class SubtractRevealed(msgspec.Struct, tag=6, array_like=True, frozen=True):
    """Ruin decay: discard the revealed card and subtract its rank from this played card."""

    card: int


class Swap(msgspec.Struct, tag=7, array_like=True, frozen=True):
    """Devotion swap: exchange the played Devotion card with this scoring-area card."""

    card: int


class Steal(msgspec.Struct, tag=8, array_like=True, frozen=True):
    """Odium theft: take a random card from this seat's hand."""

    seat: int


class Take(msgspec.Struct, tag=9, array_like=True, frozen=True):
    """The trick winner takes this played card into their scoring area."""

    card: int


class TakeFromDiscard(msgspec.Struct, tag=10, array_like=True, frozen=True):
    """Preservation trump: take this Preservation card from the discard pile instead."""

    card: int


class Place(msgspec.Struct, tag=11, array_like=True, frozen=True):
    """Devotion trump: place this card from hand in your scoring area."""

    card: int


class ChooseArea(msgspec.Struct, tag=12, array_like=True, frozen=True):
    """Odium trump: take from this seat's scoring area."""

    seat: int


class TakeScored(msgspec.Struct, tag=13, array_like=True, frozen=True):
    """Odium trump: take this card from the chosen scoring area."""

    card: int


Move = (
    Play | Discard | Decline | AddRevealed | PutBack | SubtractRevealed | Swap | Steal | Take
    | TakeFromDiscard | Place | ChooseArea | TakeScored
)

# Moves are built once and reused: the hot path never allocates one.
PLAY_MOVES = tuple(Play(c) for c in range(CARD_COUNT))
DISCARD_MOVES = tuple(Discard(c) for c in range(CARD_COUNT))
SUBTRACT_MOVES = tuple(SubtractRevealed(c) for c in range(CARD_COUNT))
SWAP_MOVES = tuple(Swap(c) for c in range(CARD_COUNT))
TAKE_MOVES = tuple(Take(c) for c in range(CARD_COUNT))
TAKE_DISCARD_MOVES = tuple(TakeFromDiscard(c) for c in range(CARD_COUNT))
PLACE_MOVES = tuple(Place(c) for c in range(CARD_COUNT))
TAKE_SCORED_MOVES = tuple(TakeScored(c) for c in range(CARD_COUNT))
STEAL_MOVES = tuple(Steal(i) for i in range(8))
AREA_MOVES = tuple(ChooseArea(i) for i in range(8))
DECLINE = Decline()
ADD_REVEALED = AddRevealed()
PUT_BACK = PutBack()


# ---------------------------------------------------------------- the view


class CardView(msgspec.Struct, frozen=True):
    """A card as the screen shows it."""

    id: int
    shard: str
    rank: int  # printed rank
    ability: str = ""  # the ability's name ("" for none)
    text: str = ""  # the card's text
    scoring: bool = False  # a scoring ability (dark background)


CARD_VIEWS: tuple[CardView, ...] = tuple(
    CardView(
        c,
        SHARD_NAMES[SHARD_OF[c]],
        RANK[c],
        ABILITIES[ABILITY[c]].name,
        ABILITIES[ABILITY[c]].text if ABILITY[c] else "",
        ABILITIES[ABILITY[c]].scoring,
    )
    for c in range(CARD_COUNT)
)


class TrickPlay(msgspec.Struct):
    seat: int
    card: CardView
    rank: int  # current rank (differs from card.rank when an ability changed it)


class TrickOutcome(msgspec.Struct):
    plays: list[TrickPlay]
    winner: int
    taken: CardView | None
    from_discard: bool = False


class Pending(msgspec.Struct):
    """The ability (or trump effect) being resolved and what it has shown."""

    seat: int
    what: str  # "Ruin 7 — Decay", "Cultivation trump", ...
    card: CardView | None = None  # the card whose ability resolves
    revealed: CardView | None = None  # the revealed top card being decided on
    discarded: int = 0  # Cultivation renewal: cards discarded so far
    area: int = -1  # Odium trump: the scoring area chosen
    rank: int = 0  # the current rank of the card whose ability resolves


class SheetView(msgspec.Struct):
    """A scoring area's End Game Scoring as it stands now."""

    total: int
    lines: list[tuple[str, int]]  # (label, points), in the rulebook's order, adding up to total
    notes: list[str]  # how the scoring abilities were resolved


class View(msgspec.Struct):
    """What one seat may know. ``asking`` is the step the seat is asked about now, one of
    ``ASKING`` (``Step``'s names in lower case: "play", "take", "release", "growth", "renewal", "swap",
    "cull", "theft", "theft-victim", "preserve", "decay", "cultivation-discard",
    "devotion-place", "odium-area", "odium-seize"), or "" when the seat is asked nothing
    (not in ``to_act``). ``stage`` is the same name for the step the game is at, whoever is
    asked ("over" once the game is over): a board draws the trick or the trump's choice from it.
    """

    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
    asking: str  # the step this seat is asked about, or "" (see the docstring)
    stage: str  # the step the game is at, whoever is asked: ``asking``'s names, or "over"
    players: int
    names: list[str]
    shards: list[str]  # the Shards in play
    trump: str
    trump_text: str
    past_trumps: list[str]  # trumps of earlier rounds
    lead: str  # "" before the first card of a trick
    trick_no: int
    tricks: int
    trick: list[TrickPlay]
    winning: int  # the position in ``trick`` of the card winning it now; -1 for no card
    hand: list[CardView]  # the viewer's hand ([] for a spectator)
    legal_cards: list[int]  # ids of the viewer's hand cards the open menu offers (play/discard/place)
    hand_sizes: list[int]
    areas: list[list[CardView]]
    discard: list[CardView]
    deck_size: int
    trump_deck_size: int
    first_player: int
    leader: int
    pending: Pending | None
    deck_top: CardView | None  # the top card of the draw deck, when everyone has seen it
    known: list[list[CardView]]  # cards the viewer knows are in other seats' hands
    my_picks: list[CardView]  # the viewer's secret simultaneous choices so far
    picks_made: list[int]  # how many each seat has chosen in a simultaneous step
    picks_owed: list[int]  # how many each seat still has to choose
    last_trick: TrickOutcome | None
    scores: list[int]  # each seat's score if the game ended now (public scoring areas)
    sheets: list[SheetView]  # each seat's score sheet as it stands (scoring areas are public)
    round_scores: list[list[int]]  # scores at the end of each finished round
