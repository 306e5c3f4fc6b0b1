"""Shardwake's options, state, moves and views: plain data (ints and lists of ints) for speed.

The views are what a seat may know, as msgspec Structs (they cross the network to the TUI);
``view.py`` builds them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Annotated, Literal

import msgspec

from engine.core.rng import Rng

VARIANTS = ("standard", "calm-skies", "twin-charters")
STANDARD, CALM, TWIN = 0, 1, 2


class Options(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Variants and the designer's "first adjustment" knobs."""

    variant: Literal["standard", "calm-skies", "twin-charters"] = "standard"
    fall_value: Literal[3, 2] = 2  # seed: "First adjustment: reduce Fall tokens to +2 each" (the lab: applied)
    deep_slots: Literal[3, 4] = 3  # seed: "or raise Deep Islands to 4 Crack slots"
    skiff: Literal["both", "choose"] = "both"  # seed: "choose either first position or the Skiff"
    handshake_cap: Annotated[int, msgspec.Meta(ge=0, le=25)] = 6  # seed: "the cap of 6 may be too high"; 25 tokens


class Step(IntEnum):
    """The game's phase (the state's ``phase``); ``View.stage`` names it (``STAGES``).

    Within a phase, ``View.asking`` says which decision a seat owes (``ASKING``).
    """

    CLAIMS = 0  # setup: starting Claims, in reverse turn order
    ORDER = 1  # the Order phase's catch-up check waits for the Skiff choice (skiff=choose)
    PLACEMENT = 2  # turns: trade, place a ship, resolve its action
    BIDDING = 3  # a storm strikes: secret Ballast bids
    DISCARD = 4  # Twin Charters, end of Round 3: keep one Agenda
    ACCUSE = 5  # final scoring: secret Accusations
    OVER = 6


# The phases as plain ints, by bare name: what the state holds (plain data) and what the
# rules compare on the hot path (a global int, not an attribute of the enum class).
CLAIMS, ORDER, PLACEMENT, BIDDING, DISCARD, ACCUSE, OVER = (int(st) for st in Step)

STAGES: tuple[str, ...] = tuple(st.name.lower() for st in Step)  # View.stage, by phase
# View.asking: every decision a seat can owe (and "" for none) — see View's docstring
ASKING: frozenset[str] = frozenset(
    {"claim", "skiff", "place", "target", "move-claim", "draft", "answer", "bid", "keep", "accuse"})

SKIFF_MARK = 8  # an occupant code seat + 8 is that seat's Hired Skiff

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
    docks: list[int]  # 2*i: Salvage, 2*i+1: Moor; -1 empty, seat, or seat + SKIFF_MARK for the Skiff
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
    phase: int = CLAIMS
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
    short: int = 0  # how many gains the general supply could not pay in full (for the lab)
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


# ---------------------------------------------------------------- views


class IslandView(msgspec.Struct):
    index: int
    name: str
    deep: bool  # Deep (True) or Outer
    slots: int
    cracks: int
    cache: int  # Relics left (face down)
    claims: list[int]  # per seat
    salvage: int  # seat docked at the Salvage dock, -1 empty
    moor: int  # seat docked at the Moor dock, -1 empty
    salvage_skiff: bool
    moor_skiff: bool
    braced: bool
    state: str  # "standing", "fallen" (ships stay until Cleanup) or "void"
    moor_gives: list[int]  # Aether, Ballast, Brass
    majority: list[int]  # [1st, 2nd]
    salvage_cost: list[int]


class SpaceView(msgspec.Struct):
    index: int  # Place(100 + index)
    key: str
    name: str
    text: str
    open: bool  # open at this player count and variant
    occupant: int  # -1 empty
    skiff: bool


class SeatView(msgspec.Struct):
    seat: int
    resources: list[int]  # Aether, Ballast, Brass
    relics: list[int]  # relic codes, face up
    relic_names: list[str]
    traded_relics: int
    falls: int
    handshakes: int
    renown: int
    claims_left: int
    ships_left: int
    has_bid: bool  # during a strike: whether this seat's fist is closed (not how much)
    has_accused: bool
    has_kept: bool


class ForecastCard(msgspec.Struct):
    round: int  # the round it strikes
    name: str
    threshold: int  # -1 while hidden (Twin Charters)
    fail: str
    face_down: bool


class StormRecord(msgspec.Struct):
    round: int
    name: str
    threshold: int
    bids: list[int]
    ballast_before: list[int]
    total: int
    passed: bool


class TradeRecord(msgspec.Struct):
    round: int
    proposer: int
    partner: int
    accepted: bool
    give: list[str]  # what the proposer offered
    get: list[str]  # what the proposer asked for


class BraceRecord(msgspec.Struct):
    round: int
    seat: int
    island: int


class FallRecord(msgspec.Struct):
    round: int
    island: int
    name: str
    cause: int  # seat whose action made it Fall, -1 for a storm
    holders: list[int]  # seats that held Claims there (each took a Fall token)


class SalvageRecord(msgspec.Struct):
    round: int
    seat: int
    island: int
    relic: str
    last: bool  # took the last Relic of the Cache


class SkiffRecord(msgspec.Struct):
    round: int
    seat: int
    took: bool  # False: stayed first instead (the "choose" fallback)


class History(msgspec.Struct):
    storms: list[StormRecord]
    trades: list[TradeRecord]
    braces: list[BraceRecord]
    falls: list[FallRecord]
    salvages: list[SalvageRecord]
    skiffs: list[SkiffRecord]
    by_round: list[list[int]]


class TradeView(msgspec.Struct):
    stage: str  # "drafting" or "answering"
    proposer: int
    partner: int
    give: list[int]  # item codes the proposer gives
    get: list[int]  # item codes the proposer asks for
    give_names: list[str]
    get_names: list[str]


class View(msgspec.Struct):
    """What one seat may know (``None``: a spectator).

    ``asking`` is the decision this seat owes now, "" when it owes none (not in ``to_act``):
    "claim" (setup: a starting Claim, ``StartClaim``), "skiff" (take the Hired Skiff or stay
    first, ``SkiffChoice``), "place" (a placement turn: ``Place``, ``Idle``, or first
    ``Trade``), "target" (the island for a Brace or a Charter, ``Target``), "move-claim" (out
    of Claims: move one or place none, ``MoveClaim``), "draft" (drafting a trade: ``Offer``,
    ``Send``, ``Cancel``), "answer" (accept or decline a trade, ``Answer``), "bid" (a secret
    storm bid, ``Bid``), "keep" (Twin Charters: keep one Agenda, ``Keep``), "accuse" (a secret
    Accusation, ``Accuse``). ``ASKING`` holds them all.

    ``stage`` is the game's phase, whoever is asked: "claims", "order", "placement",
    "bidding", "discard", "accuse" or "over" (a board draws the bids, say, for a seat that
    has already bid).
    """

    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
    asking: str  # the decision this seat owes now, or "" (see the docstring)
    stage: str  # the game's phase, whoever is asked (see the docstring)
    players: int
    names: list[str]  # the players' names, by seat
    variant: str
    islands: list[IslandView]
    harbor: list[SpaceView]
    forecast: list[ForecastCard]
    storm_deck: int
    supply: list[int]  # Aether, Ballast, Brass left in the general supply
    seats: list[SeatView]
    order: list[int]
    current: int  # whose placement turn it is, -1 outside placement
    skiff: int
    trade: TradeView | None
    traded_this_turn: bool
    pending: str  # "", "target" or "claim"
    pending_space: int
    agendas: list[int]  # your own Agenda card(s), by guild; empty for a spectator
    kept: int  # Twin Charters: guild kept, -1 before the discard
    my_bid: int  # your own secret bid, -1 none
    my_accusation: list[int]  # [target, guild] or []
    storm_peek: list[int]  # Weather Station: [card, threshold] you saw, [] nothing
    history: History
    revealed_agendas: list[list[int]]  # at game end: each seat's kept Agenda(s)
    revealed_accusations: list[list[int]]  # at game end: [target, guild] per seat
    fall_value: int
    deep_slots: int
    handshake_cap: int
    skiff_rule: str
