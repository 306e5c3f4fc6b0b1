"""What one seat may know, as msgspec Structs (they cross the network to the TUI)."""

from __future__ import annotations

import msgspec


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
    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
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
