"""Fractured Sky's options, state, moves and views: plain data (ints and lists of ints) for speed.

Numbering used throughout: sides 0..n-1 (the automa sides are the last ones); regions
0..9 and sites 0..17 as in ``content``; an airship is ``side * 3 + k`` (k = 0, 1, 2 in
the order it was placed this round).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Annotated

import msgspec

from engine.core.rng import Rng


class Options(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """``automa``: how many of the table's sides the automa plays (the last ones).

    It is filled in from the player count (1 player: 2 automa, 2 players: 1 automa), so
    it is normally never set by hand; a save records it, so a loaded game knows.
    """

    automa: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0


# phases
MAIN, REWARDS, OVER = 0, 1, 2
PHASE_NAMES = ("Main phase", "End of round: rewards", "Game over")


class Step(IntEnum):
    """What a side can be asked (``View.asking`` is its lower-case name)."""

    ACT = 0  # place an airship, build, scout or forage
    CHIP = 1  # the chip for the airship just placed
    ORDER = 2  # a space on the next round's turn-order track
    REWARD = 3  # a reward in a region, in troop-power rank order
    AUTOMA = 4  # the automa's forced turn


ASKING = ("act", "chip", "order", "reward", "automa")

# reward codes in a region's list: the printed tiers are 0, 1, 2; starfalls come first
STAR_PUBLIC, STAR_HIDDEN = 10, 11
STAR = STAR_PUBLIC  # Reward(STAR): take a starfall (the first one left on the list)

# starfalls by source (per side)
SRC_PUBLIC, SRC_HIDDEN, SRC_OBJECTIVE = 0, 1, 2
SOURCES = ("public starfalls", "hidden starfalls", "objectives")
N_SRC = len(SOURCES)

# what a side did first in the game (for the lab)
FIRST_PLACE, FIRST_EXPLORE, FIRST_MARKET, FIRST_FORTRESS, FIRST_SKIMMER, FIRST_SCOUT, FIRST_FORAGE = range(7)
FIRST_ACTIONS = ("place", "explore", "market", "fortress", "skimmer", "scout", "forage")

# per side tallies kept for the lab and the results (index into State.tally: side * N_TALLY + k)
(T_LAST_PICKS, T_LAST_FORCED, T_EXPLORES, T_SCOUTS, T_FORAGES, T_ZERO_CONTESTED, T_ZERO_ALONE,
 T_GAINED, T_SPENT, T_BLUFF_WINS) = range(10)
N_TALLY = 10
# chip values by region rank: CHIP_RANKS pairs of (sum, count) for ranks 1..5 and "no reward"
CHIP_RANKS = 6

# scout targets
SCOUT_TOP, SCOUT_SHIP, SCOUT_CARD = 0, 1, 2


class State(msgspec.Struct):
    n: int  # sides at the table (people and automa)
    automa: int  # how many of them the automa plays (the last ones)
    names: list[str]
    rng: Rng
    objectives: list[int]  # the objective tray: one card per round, face up
    # per side
    res: list[int]  # 3 per side: gold, wood, iron
    stars: list[int]
    src: list[int]  # N_SRC per side: starfalls by source
    chips: list[int]  # bitmask of the 12 chips still free this round (bit 0, 1: the two 0s; bit v+1: v)
    budget: list[int]  # printed power still allowed this round
    ships_left: list[int]
    scouts: list[int]  # scouts and forages this round
    looked: list[int]  # scouts without taking a resource, this game
    built: list[int]  # 3 per side: markets, fortresses, skimmers built
    explored: list[int]  # hidden starfalls drawn this round
    tally: list[int]  # N_TALLY per side (lab figures)
    first_action: list[int]  # per side, FIRST_* of its first action of the game (-1: none yet)
    # the board
    site_owner: list[int]  # per site: side, -1 free
    site_kind: list[int]  # per site: MARKET or FORTRESS, -1 free
    skimmers: list[int]  # per region and side: region * n + side
    ship_region: list[int]  # per airship: region, -1 not placed this round
    ship_chip: list[int]  # per airship: printed value; -1 none yet (the automa's dial until the reveal)
    ship_known: list[int]  # per airship: bitmask of the sides that know its chip
    explore: list[int]  # per region: the airship in its explore slot, -1 free
    starfalls: list[int]  # per region: public starfalls that dropped there this round
    public: int  # this round's public starfall (a region)
    pub_deck: list[int]  # top last
    hid_deck: list[int]  # top last
    top_known: int  # bitmask of the sides that know the hidden deck's top card
    hid_cards: list[int]  # regions of the hidden starfalls drawn this round
    hid_ship: list[int]  # the airship whose explore drew each (its side holds the card)
    hid_known: list[int]  # per card: bitmask of the sides that know it
    # turn order
    order: list[int]  # this round's turn order (sides)
    next_order: list[int]  # the track for next round: per space, the side that took it or -1
    start_order: list[int]  # round 1's order (for the lab)
    # the automa
    ai_deck: list[int]  # top last
    ai_card: list[int]  # per side: its market card this round, -1 for a person
    ai_step: list[int]  # per side: the next step of its card's plan
    # the reveal and rewards (kept until the next reveal, so the screen can show the last one)
    power: list[int]  # region * n + side: troop power after the reveal
    ranks: list[list[int]]  # per region: sides with troop power, in rank order
    rewards: list[list[int]]  # per region: reward codes still to take (starfalls first, then tiers)
    taken: list[list[int]]  # [region, side, code, rank] in the order taken
    income: list[list[int]]  # [region, side, resource, amount] market income paid
    rv_round: int = 0  # the round those figures belong to (0: none yet)
    rv_chips: list[int] = []  # per airship at the last reveal: region * 16 + chip, -1 none
    rv_hidden: list[int] = []  # regions of the hidden starfalls revealed then
    objective_log: list[list[int]] = []  # per scored round: [leader or -1, *sides that took the consolation]
    chip_ranks: list[int] = []  # 2 * CHIP_RANKS: (sum of chip values, count) by region rank
    by_round: list[list[int]] = []  # starfalls per side at the end of each round
    round: int = 1
    phase: int = MAIN
    step: int = Step.ACT
    turn: int = 0  # index into order
    pending: int = -1  # the region of the airship just placed, waiting for its chip
    pending_explore: int = 0
    rw_region: int = 0  # rewards: the region being resolved
    rw_pos: int = 0  # rewards: the rank being served


def acting(s: State) -> tuple[int, ...]:
    """The side asked now: the one whose turn it is, or the one to take a reward; none at the end."""
    if s.phase == MAIN:
        return (s.order[s.turn],)
    if s.phase == REWARDS:
        return (s.ranks[s.rw_region][s.rw_pos],)
    return ()


# ---------------------------------------------------------------- moves


class Place(msgspec.Struct, array_like=True, frozen=True, tag=1):
    """Send an airship to a region (``explore``: into its explore slot, drawing a hidden starfall)."""

    region: int
    explore: bool = False


class Chip(msgspec.Struct, array_like=True, frozen=True, tag=2):
    """The face-down troop-power chip for the airship just placed."""

    value: int


class Build(msgspec.Struct, array_like=True, frozen=True, tag=3):
    """Build a market or fortress on a site, or a skimmer in a region (``where``)."""

    kind: int
    where: int


class Scout(msgspec.Struct, array_like=True, frozen=True, tag=4):
    """Look at one hidden thing: the hidden deck's top card, an airship's chip or a hidden starfall."""

    target: int  # SCOUT_TOP, SCOUT_SHIP or SCOUT_CARD
    index: int = 0  # the airship or the hidden starfall card


class Forage(msgspec.Struct, array_like=True, frozen=True, tag=5):
    """Scout for supplies instead: take 1 resource, look at nothing."""

    resource: int


class Order(msgspec.Struct, array_like=True, frozen=True, tag=6):
    """Take a space on the next round's turn-order track (0 = first)."""

    space: int


class Reward(msgspec.Struct, array_like=True, frozen=True, tag=7):
    """Take a reward in the region being resolved: a starfall (10) or a printed tier (0–2)."""

    code: int


class AutomaTurn(msgspec.Struct, array_like=True, frozen=True, tag=8):
    """The automa's turn: its market card and the advantage rule decide it."""


Move = Place | Chip | Build | Scout | Forage | Order | Reward | AutomaTurn


# ---------------------------------------------------------------- views


class ShipView(msgspec.Struct):
    side: int
    ship: int  # the airship's number (side * 3 + k)
    region: int
    explore: bool  # in the region's explore slot
    chip: int  # printed value if this seat may see it, else -1 (face down)
    power: int  # its troop power once revealed (chip), -1 before


class RewardView(msgspec.Struct, frozen=True):
    code: int  # STAR_PUBLIC, STAR_HIDDEN or a tier 0–2
    text: str
    resources: list[int]  # gold, wood, iron ([0, 0, 0] for a starfall)
    starfall: bool


class RegionView(msgspec.Struct):
    index: int
    name: str
    short: str
    produces: list[int]
    good: int  # what its markets collect
    row: int
    col: int
    sites: list[int]  # the sites that touch it
    explore: int  # side in the explore slot, -1 free
    public_starfalls: int  # public starfalls showing here
    hidden_starfalls: int  # hidden starfalls revealed here (after the reveal), else 0
    ships: list[ShipView]
    skimmers: list[int]  # per side
    fortress_bonus: list[int]  # per side: +power its fortresses would give here (if present)
    present: list[bool]  # per side: an airship or a skimmer here
    rewards: list[RewardView]  # what rank 1, 2, 3, … would get, in order (if each takes the highest)
    left: list[RewardView]  # rewards phase: what is still on the list here
    power: list[int]  # per side: troop power once this round's reveal is done, -1 before
    ranks: list[int]  # sides in rank order once revealed
    taken: list[list[int]]  # [side, code, rank] taken here this round


class SiteView(msgspec.Struct):
    index: int
    regions: list[int]  # the 2 or 3 regions it connects
    owner: int  # -1 free
    kind: str  # "", "market" or "fortress"
    extra: list[int]  # the extra cost of building here (a 3-region site: 1 gold)


class SideView(msgspec.Struct):
    side: int
    name: str
    kind: str  # "person" or "automa"
    resources: list[int]
    starfalls: list[int]  # by source: public, hidden, objectives
    total: int
    ships_left: int
    chips: list[int]  # the chip values still free (own side; others: [])
    budget: int  # printed power still allowed (own side; others -1)
    markets: int
    fortresses: int
    skimmers: int  # in the sky this round (they come back at cleanup)
    buildings_left: list[int]  # markets, fortresses, skimmers still in supply
    scouts: int  # scouts and forages this round
    looked: int  # scouts without taking a resource, this game
    hidden_cards: int  # hidden starfalls it holds this round
    next_space: int  # its space on next round's track, -1 none yet
    card: str  # the automa's market card this round ("" for a person)


class HiddenCardView(msgspec.Struct):
    index: int
    holder: int
    region: int  # -1 if this seat does not know it


class ObjectiveView(msgspec.Struct):
    round: int
    name: str
    text: str
    leader: int  # -1 not scored yet or nobody
    consolation: list[int]  # sides that took the consolation resource
    consolation_text: str


class AutomaCardView(msgspec.Struct):
    side: int
    name: str
    values: list[int]
    plan: list[str]
    done: int  # steps done
    heading: int
    track: str  # "first" or "last"
    last: str
    income: str


class View(msgspec.Struct):
    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
    asking: str  # "act", "chip", "order", "reward", "automa" or "" (this seat is asked nothing)
    players: int  # sides at the table
    names: list[str]
    kinds: list[str]
    rounds: int
    regions: list[RegionView]
    sites: list[SiteView]
    sides: list[SideView]
    order: list[int]  # this round's turn order
    current: int  # the side acting in the main phase, -1 otherwise
    track: list[int]  # next round's track: side per space, -1 free
    track_rewards: list[str]  # per space: what taking it gives ("" or "2 gold")
    public_starfall: int
    hidden_deck: int  # cards left in the hidden deck
    deck_top: int  # the hidden deck's top card if this seat scouted it, else -1
    hidden: list[HiddenCardView]  # the hidden starfalls drawn this round
    objectives: list[ObjectiveView]
    automa_cards: list[AutomaCardView]
    pending_region: int  # the region of the airship waiting for its chip, -1 none
    reward_region: int  # the region being resolved in the rewards phase, -1 otherwise
    reveal_round: int  # the round of the last reveal (0: none yet)
    costs: list[list[int]]  # market, fortress, skimmer
    explore_cost: list[int]
    scouts_per_round: int
    power_limit: int
    by_round: list[list[int]]
