"""Shardwake's options, state and moves: plain data (ints and lists of ints) for speed."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from engine.core.rng import Rng

VARIANTS = ("standard", "calm-skies", "twin-charters")
STANDARD, CALM, TWIN = 0, 1, 2


class Options(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Variants and the designer's "first adjustment" knobs."""

    variant: Literal["standard", "calm-skies", "twin-charters"] = "standard"
    fall_value: Literal[3, 2] = 3  # seed: "reduce Fall tokens to +2 each"
    deep_slots: Literal[3, 4] = 3  # seed: "or raise Deep Islands to 4 Crack slots"
    skiff: Literal["both", "choose"] = "both"  # seed: "choose either first position or the Skiff"
    handshake_cap: Annotated[int, msgspec.Meta(ge=0, le=25)] = 6  # seed: "the cap of 6 may be too high"; 25 tokens


# phases
CLAIMS_PHASE, SKIFF_PHASE, PLACEMENT, BIDDING, DISCARD, ACCUSE, OVER = range(7)
PHASE_NAMES = (
    "Setup: starting Claims",
    "Order phase",
    "Placement phase",
    "Storm phase: secret Ballast bids",
    "End of Round 3: keep one Agenda",
    "Final scoring: secret Accusations",
    "Game over",
)

# island states
STANDING, FALLEN, VOID = 0, 1, 2

# what a placed ship still waits for
NO_PENDING, PENDING_TARGET, PENDING_CLAIM = 0, 1, 2

# trade stages
NO_TRADE, DRAFTING, ANSWERING = 0, 1, 2

# score sources tracked during play (Renown on the track)
SRC_RELICS, SRC_STORMS, SRC_LOSSES = 0, 1, 2


class State(msgspec.Struct):
    players: int
    names: list[str]  # the players' names, for events and log lines
    variant: int
    fall_value: int
    deep_slots: int
    skiff_choose: bool
    handshake_cap: int
    rng: Rng
    # islands, in ring order (index i); tile = index into content.ISLANDS
    tiles: list[int]
    slots: list[int]
    cracks: list[int]
    braced: list[int]
    fallen: list[int]  # STANDING, FALLEN (ships stay until Cleanup), VOID
    caches: list[list[int]]  # relic codes, top of the stack last
    claims: list[list[int]]  # claims[island][seat]
    docks: list[int]  # 2*i: Salvage, 2*i+1: Moor; -1 empty, seat, or seat + 8 for the Skiff
    harbor: list[int]  # per content.HARBOR space: -2 closed, -1 empty, seat or seat + 8
    # players
    res: list[list[int]]  # Aether, Ballast, Brass
    supply: list[int]  # cubes left in the general supply (seed: 30 Aether, 30 Ballast, 20 Brass)
    relics: list[list[int]]
    traded_relics: list[int]  # per seat: how many of its Relics came by trade
    falls: list[int]
    handshakes: list[int]
    renown: list[int]
    sources: list[list[int]]  # per seat: Relics, storms, losses (Renown on the track)
    claims_left: list[int]
    ships_left: list[int]
    agendas: list[list[int]]  # guild per card held (2 in Twin Charters until the discard)
    discarded: list[int]  # Twin Charters: guild discarded, -1 none yet
    # turn order
    order: list[int]
    start_order: list[int]  # Round 1's random order (for the lab's "win rate by position")
    round: int = 1
    phase: int = CLAIMS_PHASE
    turn: int = 0  # index into order
    skiff: int = -1  # seat holding the Hired Skiff this round
    skiff_left: int = 0
    traded: bool = False  # the acting seat has used its trade this turn
    # a placed ship's follow-up choice
    pending: int = NO_PENDING
    pending_space: int = -1  # the space the ship went to (dock number or 100 + Harbor space)
    pending_target: int = -1  # Charter Office: the island chosen
    # a trade being drafted or answered
    trade_stage: int = NO_TRADE
    trade_partner: int = -1
    trade_give: list[int] = []  # item codes: 0-2 resources, 10 + relic code
    trade_get: list[int] = []
    # the Storm deck and Forecast
    storm_deck: list[int] = []  # top card last
    forecast: list[int] = []  # calm skies: the three revealed cards; else [card] or []
    knows_top: list[int] = []  # per seat: looked at the top Storm card (Weather Station)
    knows_forecast: list[int] = []  # per seat: knows the face-down Forecast's copy (Twin Charters)
    bids: list[int] = []  # -1: not yet bid (secret until all are in)
    accusations: list[int] = []  # -1 none yet, else target * 3 + guild
    # public history
    storm_log: list[list[int]] = []  # [round, card, threshold, passed, total, *bids, *ballast_before]
    trade_log: list[list[int]] = []  # [round, proposer, partner, accepted, n_give, *give, *get]
    brace_log: list[list[int]] = []  # [round, seat, island]
    fall_log: list[list[int]] = []  # [round, island, cause_seat, *holders]
    salvage_log: list[list[int]] = []  # [round, seat, island, relic, last]
    skiff_log: list[list[int]] = []  # [round, seat, took] the catch-up check's Skiff offers
    by_round: list[list[int]] = []  # renown per seat at the end of each round
    ending: bool = False  # the game ends once the Twin Charters discard is done
    over: bool = False


# ---------------------------------------------------------------- moves
#
# Small frozen tagged Structs. Island and space numbers index the state's lists.


class StartClaim(msgspec.Struct, array_like=True, frozen=True, tag=1):
    """Setup: place your first Claim on an Outer island."""

    island: int


class Place(msgspec.Struct, array_like=True, frozen=True, tag=2):
    """Put a ship on an empty action space: dock 2*i (Salvage) / 2*i+1 (Moor), or Harbor 100+k."""

    space: int


class Target(msgspec.Struct, array_like=True, frozen=True, tag=3):
    """Choose the island a Brace or a Charter goes to."""

    island: int


class MoveClaim(msgspec.Struct, array_like=True, frozen=True, tag=4):
    """Out of Claims: move one from this standing island (-1: place no Claim)."""

    island: int


class Trade(msgspec.Struct, array_like=True, frozen=True, tag=5):
    """Start drafting a trade proposal to one player."""

    partner: int


class Offer(msgspec.Struct, array_like=True, frozen=True, tag=6):
    """Add one item to the draft: side 0 you give, side 1 you get."""

    side: int
    item: int


class Send(msgspec.Struct, array_like=True, frozen=True, tag=7):
    """Send the drafted proposal."""


class Cancel(msgspec.Struct, array_like=True, frozen=True, tag=8):
    """Drop the draft (your trade for this turn is spent)."""


class Answer(msgspec.Struct, array_like=True, frozen=True, tag=9):
    accept: bool


class Bid(msgspec.Struct, array_like=True, frozen=True, tag=10):
    """Secret storm bid: Ballast in a closed fist."""

    ballast: int


class Keep(msgspec.Struct, array_like=True, frozen=True, tag=11):
    """Twin Charters: keep this Agenda card (index in your hand), discard the other."""

    card: int


class Accuse(msgspec.Struct, array_like=True, frozen=True, tag=12):
    target: int
    guild: int


class SkiffChoice(msgspec.Struct, array_like=True, frozen=True, tag=13):
    """The Skiff fallback: take the Skiff (and give up first position) or stay first."""

    take: bool


class Idle(msgspec.Struct, array_like=True, frozen=True, tag=14):
    """No empty action space you can use: this ship sits out the round."""


Move = StartClaim | Place | Target | MoveClaim | Trade | Offer | Send | Cancel | Answer | Bid | Keep | Accuse | SkiffChoice | Idle

HARBOR_BASE = 100
RELIC_ITEM = 10  # trade item code for a Relic: 10 + relic code
