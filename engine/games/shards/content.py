"""Shards of Creation's components as data: the 8 Shards, every card's rank and ability,
the trump abilities, and the scoring aids.

Rule code reads these tables; it never spells out a card itself. Where the rulebook
and the reference table leave a point open (which exact ranks carry which ability,
how Preservation's fifteen 8s split), the choice is made here and explained in
docs/rules/shards-of-creation.md, "Designed here".

A card is a small int: ``shard * 16 + index``. Within a Shard the cards are ordered
by (rank, ability), so identical cards have neighbouring numbers.
"""

from __future__ import annotations

from typing import NamedTuple

# ---------------------------------------------------------------- the Shards

SHARD_NAMES = (
    "Autonomy",
    "Cultivation",
    "Devotion",
    "Dominion",
    "Honor",
    "Odium",
    "Preservation",
    "Ruin",
)
AUTONOMY, CULTIVATION, DEVOTION, DOMINION, HONOR, ODIUM, PRESERVATION, RUIN = range(8)
SHARD_BY_NAME = {name.lower(): i for i, name in enumerate(SHARD_NAMES)}
CARDS_PER_SHARD = 16

# ---------------------------------------------------------------- abilities

NONE = 0
AUTONOMY_RELEASE = 1  # ranks 1–4
AUTONOMY_RISE = 2  # ranks 5–8
CULTIVATION_GROWTH = 3  # ranks 2–5
CULTIVATION_RENEWAL = 4  # ranks 6–9
DEVOTION_WILDCARD = 5  # ranks 0–3, scoring
DEVOTION_SWAP = 6  # ranks 4–7
DOMINION_CLAIM = 7  # ranks 2–5, scoring
DOMINION_CULL = 8  # ranks 6–9
ODIUM_THEFT = 9  # ranks 1–4
ODIUM_RISE = 10  # ranks 5–8
PRESERVATION_RENEWAL = 11  # eight of the 8s
PRESERVATION_RISE = 12  # seven of the 8s
RUIN_PENALTY = 13  # the four −1s, scoring
RUIN_DECAY = 14  # ranks 5–8


class Ability(NamedTuple):
    name: str
    scoring: bool  # "Scoring abilities have no effect when played"
    short: str  # for the decision panel
    text: str  # the card's text


ABILITIES: tuple[Ability, ...] = (
    Ability("", False, "", "No ability."),
    Ability("Release", False, "may discard an Autonomy card from hand and draw",
            "You may discard an Autonomy card from your hand. If you do, draw a card."),
    Ability("Autonomy rise", False, "+2 rank per Autonomy card in other scoring areas",
            "+2 rank for each Autonomy card in other players' scoring areas."),
    Ability("Growth", False, "reveal the top card, may add its rank to this card",
            "Reveal the top card of the draw deck. Either discard it and add its rank "
            "to this card, or put it back."),
    Ability("Renewal", False, "discard up to 2 cards, then draw as many",
            "Discard up to 2 cards, then draw as many."),
    Ability("Wildcard", True, "scoring: counts as any Shard except Devotion",
            "Scoring: this card counts as any Shard except Devotion."),
    Ability("Swap", False, "may swap with a card in your scoring area, which then acts",
            "You may swap this card with a card in your scoring area. "
            "If you do, that card's ability triggers."),
    Ability("Claim", True, "scoring: one non-Dominion scoring card counts as Dominion",
            "Scoring: one of your non-Dominion scoring cards counts as Dominion."),
    Ability("Cull", False, "draw a card, then discard your lowest-rank card",
            "Draw a card, then discard your lowest-rank card."),
    Ability("Theft", False, "discard a card, take a random card from another hand",
            "Discard a card, then take a random card from another player's hand. "
            "They draw a card."),
    Ability("Odium rise", False, "+2 rank per different Shard in your scoring area",
            "+2 rank for each different Shard in your scoring area."),
    Ability("Preservation renewal", False, "draw a card, then discard a card",
            "Draw a card, then discard a card."),
    Ability("Preservation rise", False, "+1 rank per Preservation card in your scoring area",
            "+1 rank for each Preservation card in your scoring area."),
    Ability("Penalty", True, "scoring: −2 points",
            "Scoring: −2 points."),
    Ability("Decay", False, "reveal the top card, may subtract it from another card",
            "Reveal the top card of the draw deck. Either discard it and subtract its "
            "rank from another player's played card, or put it back."),
)


class Shard(NamedTuple):
    name: str
    cards: tuple[tuple[int, int], ...]  # (printed rank, ability) of its 16 play cards
    trump: str  # the trump ability, in words ("" for Honor)


def _ranks(ranks: list[int], abilities: dict[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((r, abilities.get(r, NONE)) for r in ranks))


SHARDS: tuple[Shard, ...] = (
    Shard(
        "Autonomy",
        _ranks(list(range(1, 17)), {**dict.fromkeys(range(1, 5), AUTONOMY_RELEASE),
                                    **dict.fromkeys(range(5, 9), AUTONOMY_RISE)}),
        "You may not lead with Autonomy unless you have no other Shard in your hand.",
    ),
    Shard(
        "Cultivation",
        _ranks(list(range(2, 18)), {**dict.fromkeys(range(2, 6), CULTIVATION_GROWTH),
                                    **dict.fromkeys(range(6, 10), CULTIVATION_RENEWAL)}),
        "At the start of the round every player draws 3 extra cards (2 in round 2, "
        "1 in round 3), then everyone discards that many at once.",
    ),
    Shard(
        "Devotion",
        _ranks([*range(0, 15), 16], {**dict.fromkeys(range(0, 4), DEVOTION_WILDCARD),
                                     **dict.fromkeys(range(4, 8), DEVOTION_SWAP)}),
        "At the start of the round every player places a card from hand in their scoring "
        "area (everyone at once) and draws a card. Every card is played: 11 tricks.",
    ),
    Shard(
        "Dominion",
        _ranks([*range(2, 17), 20], {**dict.fromkeys(range(2, 6), DOMINION_CLAIM),
                                     **dict.fromkeys(range(6, 10), DOMINION_CULL)}),
        "The winner of a trick must take the highest-rank card.",
    ),
    Shard(
        "Honor",
        _ranks([*range(0, 9), *range(10, 17)], {}),
        "",
    ),
    Shard(
        "Odium",
        _ranks([*range(1, 10), 9, *range(11, 17)], {**dict.fromkeys(range(1, 5), ODIUM_THEFT),
                                                    **dict.fromkeys(range(5, 9), ODIUM_RISE)}),
        "At the end of the round, if exactly one player has the fewest cards in their "
        "scoring area, they may take one card from a largest scoring area.",
    ),
    Shard(
        "Preservation",
        tuple(sorted([(8, PRESERVATION_RENEWAL)] * 8 + [(8, PRESERVATION_RISE)] * 7 + [(16, NONE)])),
        "The winner of a trick may take a Preservation card from the discard pile "
        "instead of a played card.",
    ),
    Shard(
        "Ruin",
        _ranks([-1, -1, -1, -1, *range(5, 17)], {-1: RUIN_PENALTY,
                                                 **dict.fromkeys(range(5, 9), RUIN_DECAY)}),
        "The winner of a trick must take the lowest-rank card.",
    ),
)

# ---------------------------------------------------------------- card tables (index = card)

CARD_COUNT = len(SHARDS) * CARDS_PER_SHARD
SHARD_OF: tuple[int, ...] = tuple(c // CARDS_PER_SHARD for c in range(CARD_COUNT))
RANK: tuple[int, ...] = tuple(SHARDS[c // 16].cards[c % 16][0] for c in range(CARD_COUNT))
ABILITY: tuple[int, ...] = tuple(SHARDS[c // 16].cards[c % 16][1] for c in range(CARD_COUNT))
# the ability that acts when the card is played (scoring abilities do not)
PLAY_ABILITY: tuple[int, ...] = tuple(0 if ABILITIES[a].scoring else a for a in ABILITY)
# identical cards (same Shard, rank and ability) share a kind; menus offer one of each
KIND: tuple[int, ...] = tuple(SHARD_OF[c] * 1000 + (RANK[c] + 10) * 20 + ABILITY[c] for c in range(CARD_COUNT))


def card_name(card: int) -> str:
    """"Ruin 7"."""
    return f"{SHARD_NAMES[SHARD_OF[card]]} {RANK[card]}"


def shard_cards(shard: int) -> range:
    return range(shard * CARDS_PER_SHARD, (shard + 1) * CARDS_PER_SHARD)


# ---------------------------------------------------------------- the game's numbers

ROUNDS = 3
HAND_SIZE = 11  # seed: "Deal each player a hand of 11 cards"
TRICKS = 10  # seed: "The round ends after 10 tricks"
# seed: "4 Shards for a 2- or 3-player game. 5 Shards for a 4-player game."
SHARDS_IN_PLAY = {2: 4, 3: 4, 4: 5}
# Cultivation trump: extra cards drawn (and then discarded) in rounds 1, 2, 3
CULTIVATION_EXTRA = (3, 2, 1)
# Ruin's scoring ability
PENALTY_POINTS = -2

# ---------------------------------------------------------------- the scoring aid

# Shard sets are triangular: n cards of one Shard score n(n+1)/2
SET_POINTS: tuple[int, ...] = tuple(n * (n + 1) // 2 for n in range(100))


def _resonance(printed: tuple[int, ...], length: int = 40) -> tuple[int, ...]:
    # beyond the aid's last line every further full set doubles the total again
    out = list(printed)
    while len(out) < length:
        out.append(out[-1] * 2)
    return tuple(out)


# Resonance: cumulative totals for 0, 1, 2, ... full sets (one card of every Shard in play)
RESONANCE = {
    2: _resonance((0, 5, 10, 20, 40, 80)),
    3: _resonance((0, 5, 10, 20, 40, 80)),
    4: _resonance((0, 8, 16, 32, 64)),
}
