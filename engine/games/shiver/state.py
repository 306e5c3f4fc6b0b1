"""Shiver Me Timbers: options, state and moves — plain ints and lists, so a random move costs
a few microseconds and a state hashes in one msgpack pass.

Indices: seats 0..P-1; islands 0..5 (``content.ISLANDS``); map nodes (spaces) as numbered
by ``chart.graph`` (0-5 are the islands, then each route's spaces in placement order);
cards by their index in ``content`` (crew and ritual cards by type: the copies are alike).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal

import msgspec

from engine.core.rng import Rng
from engine.core.rules import ASKING_PASS


class Options(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """``map``: the Quick Start map, or the custom map-building draft."""

    map: Literal["quick-start", "draft"] = "quick-start"
    resilient: Literal["no", "yes"] = "no"  # the Expert rule Resilient Ships
    defender: Literal["right", "neutral"] = "right"  # who plays a merchant or a fortress: the attacker's right-hand
    # neighbour (the golden rule), or a neutral bot built into the rules (two players, or by preference)
    events: Literal["no", "yes"] = "no"  # the optional events module (the backs of the wind cards)
    epic: Literal["no", "yes"] = "no"  # the epic game mode: all life goals, three secret ones, ships 2/2/2 + 3 upgrades


MAP_QUICK, MAP_DRAFT = 0, 1


class Step(IntEnum):
    """What the acting seat is asked now (``asking`` in the view is its lower-case name)."""

    NONE = 0
    GOALS = 1  # choose two secret life goals (all seats at once)
    PLACE = 2  # map building: place an island or a route, or rotate one
    START = 3  # choose an origin and a talent (all seats at once, secretly)
    DECK = 4  # Port Royal origin: look at the mission or the treasure deck
    PICK = 5  # choose one of the cards shown to you
    DROP = 6  # over a card limit: discard one
    TURN = 7  # an action, a free action, or end the turn
    REACT = 8  # the reaction window: play a crew or ritual card, or pass
    TRAVEL = 9  # where to sail
    UPGRADE = 10  # which attribute to buy
    BUY = 11  # how many units
    SELL = 12  # what to sell
    HIRE = 13  # which crew card
    LEARN = 14  # which ritual
    PEEK = 15  # peek at a merchant, or not
    GAIN = 16  # the green die's "resource of your choice"
    DUMP = 17  # a full hold: throw a unit overboard for the new one, or leave the new one
    REFIT = 18  # a free upgrade: which attribute
    ROUTE = 19  # the Reckless Smuggler's route: where it goes
    OVERBOARD = 20  # throw one unit of goods overboard (plague, a lost hull upgrade)
    OVER = 21
    TARGET = 22  # a gunfight or a boarding: which ship
    LEAD = 23  # the duel: the faster captain chooses who attacks first
    SWAP = 24  # Resilient Ships: the bigger ship's captain discards duel cards to draw as many
    STRIKE = 25  # the duel: attack with a red card or special, or pass and retreat
    PARRY = 26  # the duel: take the wounds, block with a guard, or Throw sand / Insult
    PLUNDER = 27  # a defeated captain: the winner's reward
    LOSE = 28  # lose 1 upgrade of your choice
    HUNT = 29  # a monster hunt card: which option
    STACK = 30  # a hunt card let you see the top card: keep it on top or put it at the bottom
    MARKER = 31  # a monster defeated: which monster marker


ASKING = tuple(st.name.lower() if st not in (Step.NONE, Step.OVER) else "" for st in Step)
# A seat in the reaction window whose hand holds nothing it could play and pay for now: its only move is
# Pass, and a table passes for it without a prompt unless its player chose "always ask me" (to bluff).
PASS_ONLY = ASKING_PASS

# What a PICK step is for
P_SCOUT, P_MISSION, P_ORIGIN_M, P_ORIGIN_T, P_EYE, P_REWARD = range(6)
P_WISH, P_SOULMATE = 16, 17  # the soulmate quest: keep one of two wishes; choose a soulmate marker (issue 17)
# What a DROP step discards
D_TREASURE, D_MISSION, D_CREW, D_RITUAL = range(4)
D_WISH = 8  # the right-hand neighbour discards one of the three wishes (issue 17)
# Reaction windows
WIN_NONE, WIN_ANNOUNCE, WIN_END, WIN_PRELUDE = 0, 1, 2, 3
# Duels: what is fought
DUEL_NONE, DUEL_BOARD, DUEL_MERCHANT, DUEL_FORT, DUEL_HUNTER, DUEL_FINAL = range(6)
DUEL_KINDS = ("", "boarding", "merchant", "fortress", "pirate hunter", "duel for victory")
# Endgame triggers
TRIG_NONE, TRIG_GOALS, TRIG_WIND = 0, 1, 2
# Gold flow by source (for the lab): trade, missions, treasures sold, market & dice, treasure bonuses, cards
SRC_TRADE, SRC_MISSIONS, SRC_TREASURES, SRC_SEA, SRC_BONUS, SRC_CARDS, SRC_COMBAT = range(7)
SOURCES = ("trade", "missions", "treasures sold", "sea (market, dice)", "treasure bonuses", "cards", "combat")
# Gold spent on
SPENT_GOODS, SPENT_UPGRADES, SPENT_CREW = range(3)


class State(msgspec.Struct):
    players: int
    names: list[str]
    map_mode: int
    rng: Rng
    # ---- life goals
    goals: list[int]  # the life goals dealt face up
    secret: list[list[int]]  # per seat: its two secret goals ([] until chosen) — hidden
    claims: list[list[int]]  # per dealt goal: the seats that claimed it, in order (10 for the first, 5 after)
    # ---- the map
    isl_site: list[int]  # per island: its lattice site (-1 not yet placed)
    routes: list[int]  # tile, site, dir for every route, in placement order
    box: list[int]  # route tiles still in the box
    draft: int = -1  # index into the draft script; -1 when no map is being built
    draft_need: int = 0  # bit 1: an island still to place this turn, bit 2: a route
    rotated: bool = False  # a route was rotated this placement turn
    chart_key: int = 0  # identifies the map's layout (a cache key for its travel graph)
    # ---- the sea: per node of the chart
    merchant: list[int] = []  # merchant id on an anchor, -1
    m_up: list[int] = []  # 1: face up (a revealed pirate hunter)
    m_known: list[int] = []  # bitmask of seats that peeked at it (the peeker knows)
    m_safe: list[int] = []  # 1: peeked on its own spot and turned face down again — so all know it is honorable
    m_damage: list[int] = []  # damage markers from gunfights (combat, issue 16)
    m_stack: list[int] = []  # the large-merchant stack, leftover small ones on top (top last)
    fortress: list[int] = []  # per island: its face-down fortress
    fortress_up: list[int] = []  # per island: 0 face down, 1 revealed (a raid was fought), 2 defeated (the marker taken)
    pest: list[int] = []  # per island: PEST_NONE / ACTIVE / IMMUNE
    monster_at: list[int] = []  # per monster (Sea Serpent, Kraken): the node it waits on, -1 (issue 16)
    # ---- decks (top of a deck = its last element)
    wind_deck: list[int] = []
    wind: int = -1  # the wind card of this round
    wind_set: int = -1  # Power of Ik: the wind until the end of the round (-1: the card's)
    t_deck: list[int] = []
    t_mask: list[int] = []  # per treasure-deck position: the seats that know that card (scouts)
    t_disc: list[int] = []
    m_deck: list[int] = []
    m_mask: list[int] = []
    m_disc: list[int] = []
    crew_deck: list[int] = []  # copies left per crew type (chosen, never shuffled)
    rit_deck: list[int] = []
    crew_out: list[int] = []  # played this turn (back to the deck at the end of the active player's turn)
    rit_out: list[int] = []
    # ---- the captains
    origin: list[int] = []  # -1 until chosen (hidden until all have chosen)
    talent: list[int] = []
    revealed: bool = False  # origins and talents are face up
    pos: list[int] = []  # the node each ship is on
    spd: list[int] = []
    stg: list[int] = []
    hul: list[int] = []
    t_spd: list[int] = []  # until the end of the turn (cards): not upgrades
    t_stg: list[int] = []
    cargo: list[list[int]] = []  # per seat: units of Cocoa, Rum, Sugar
    gold: list[int] = []  # on the ship
    chest: list[int] = []  # hidden in the chest (announced, safe, locked until scoring)
    crew: list[list[int]] = []  # crew types in hand — hidden
    rits: list[list[int]] = []  # ritual types in hand — hidden
    t_hand: list[list[int]] = []  # treasure cards in hand (scouted, not yet hunted) — hidden
    track: list[int] = []  # the treasure card on the treasure track (face up), -1
    track_pos: list[int] = []
    t_ship: list[list[int]] = []  # raised treasures on the ship
    t_chest: list[list[int]] = []  # treasures hidden in the chest
    missions: list[list[int]] = []  # missions held (official and title face up, secret hidden)
    m_prog: list[list[int]] = []  # per held mission: progress of an event-driven task — hidden with the card
    m_done: list[list[int]] = []  # completed missions (in the chest)
    defeated: list[list[int]] = []  # merchant markers won (combat, issue 16)
    ship_marker: list[int] = []  # who holds each captain's ship marker, -1 (combat, issue 16)
    origin_looks: list[int] = []  # Port Royal origin: looks left
    # ---- achievements (for life goals)
    visited: list[int] = []  # bitmask of islands where the ship ended an action
    sold: list[int] = []  # units of goods sold
    raised: list[int] = []  # treasures raised from the track
    rituals_played: list[int] = []
    rit_turn: list[int] = []  # rituals played this turn
    # ---- the turn
    round: int = 0
    start: int = 0  # the starting player (stays the same all game)
    turn: int = 0  # the active player
    actions: int = 0  # actions left this turn
    step: int = Step.GOALS
    actor: int = -1
    act: int = -1  # the action announced and being resolved
    stack: list[int] = []  # what comes next once the current step is decided (top last)
    shown: list[int] = []  # cards shown to the actor in a PICK step — hidden from the others
    pick_kind: int = 0
    drop_kind: int = 0
    sell_pick: list[int] = []  # chosen for this sale: resources 0-2, 100 + treasure
    gain_res: int = -1  # a unit waiting for room in the hold
    win: int = WIN_NONE
    win_seat: int = -1
    win_passed: int = 0  # bitmask: seats that passed since the last card was played
    last_roll: list[int] = []  # the last dice rolled: die kind * 10 + face index, for the table
    ending: bool = False
    trigger: int = TRIG_NONE
    over: bool = False
    # ---- public statistics (for the results and the lab)
    income: list[list[int]] = []  # per seat: gold by SOURCES
    spent: list[list[int]] = []  # per seat: gold spent on goods, upgrades, crew
    taken: list[int] = []  # crew 0-8, rituals 9-17: cards taken
    played: list[int] = []  # crew 0-8, rituals 9-17: cards played
    goal_rounds: list[list[int]] = []  # [goal, seat, round] per claim
    by_round: list[list[int]] = []  # score estimate per seat at the end of each round
    # ---- combat (issue 16)
    turn_done: bool = False  # a lost or tied fight ended the active player's turn
    duel: int = DUEL_NONE
    duel_seats: list[int] = []  # who decides for side 0 (the attacker) and side 1: a seat, or -1 (the neutral bot)
    duel_ship: list[int] = []  # the captain whose ship fights on each side, -1 (a merchant, a fortress)
    duel_foe: int = -1  # the merchant's node or the fortress's island
    duel_stg: list[int] = []  # each side's strength in the prelude
    duel_push: int = 0  # the prelude's push (side 0's strength minus side 1's)
    duel_pos: int = 0  # the miniature: > 0 in side 1's half, < 0 in side 0's; past PLANK a captain falls
    duel_hands: list[list[int]] = []  # duel cards in each side's hand — hidden from all but who decides for it
    duel_deck: list[int] = []  # hidden
    duel_aside: list[int] = []  # Resilient Ships: set aside face down before drawing — hidden
    duel_disc: list[int] = []  # played, face up
    duel_turn: int = 0  # the side that attacks now
    duel_card: int = -1  # the attack waiting for an answer
    duel_passes: int = 0  # passes in a row
    duel_feint: bool = False  # the next attack cannot be blocked with a guard
    duel_last: list[int] = []  # [side, card, 0 red / 1 blue / 2 took the wounds / 3 passed, spaces moved]
    duel_swaps: int = 0  # Resilient Ships: cards the bigger ship may still set aside
    duel_queue: list[int] = []  # the duel for victory: tied captains still to fight
    final_winner: int = -2  # the duel for victory: -2 none fought, -1 a tie, else the winner
    forts_won: list[list[int]] = []  # fortress markers per seat
    hunt_deck: list[int] = []  # hidden order
    hunt_disc: list[int] = []
    hunt_pos: list[list[int]] = []  # per seat, per monster: the progress marker (0: not on the track)
    hunt_card: int = -1  # the hunt card being resolved (face up)
    hunt_seen: int = -1  # the top hunt card shown to the hunter — hidden from the others
    monster_markers: list[int] = []  # still to be won
    monsters_won: list[list[int]] = []  # monster markers per seat (in the chest)
    plunder_from: int = -1  # the captain being plundered
    resilient: bool = False  # option: the Expert rule Resilient Ships
    neutral: bool = False  # option: a neutral bot plays merchants and fortresses
    beaten: list[int] = []  # per seat: captains it defeated in a boarding (the Brigand counts them)
    # ---- titles (issue 17 part B; rules/titles.py)
    title_of: list[int] = []  # per title card (content.TITLES): the seat holding it, -1 (empty: none held yet)
    # ---- lost family and soulmates (issue 17)
    family: list[list[int]] = []  # per seat: the relatives rescued (content.FAMILY), on the tableau's bow: safe
    rings_used: list[int] = []  # rings that began a quest (a treasure card, or FAMILY_RING + relative)
    wish_deck: list[int] = []  # hidden order
    wish_kept: list[int] = []  # per seat: the wish it keeps (-1) — hidden from the others until revealed
    wish_pair: list[list[int]] = []  # per seat: the two wishes the kept one is one of (everybody saw them)
    wish_base: list[list[int]] = []  # per seat: its counters when it kept the wish (family.COUNTERS)
    wish_ring: list[int] = []  # per seat: the ring that began its quest (-1)
    wish_done: list[int] = []  # per seat: the wish it fulfilled and revealed (-1)
    soulmate: list[int] = []  # per seat: its soulmate marker (-1)
    soul_left: list[int] = []  # soulmate markers still to be won
    wish_for: int = -1  # the captain whose quest is opening (the three wishes are on the table)
    wish_out: int = -1  # the wish the right-hand neighbour discarded (public)
    # ---- the events module and the epic mode (issue 17, part C)
    events: bool = False  # option: the events module
    epic: bool = False  # option: the epic game mode
    event: int = -1  # the wind card whose event side is face up this round (-1: no event)
    wind_disc: list[int] = []  # wind cards done with (the epic mode reshuffles them when the deck runs out)
    event_used: bool = False  # the active player took this round's event option in this turn
    reshuffles: int = 0  # times the wind deck was reshuffled (epic)


# ---------------------------------------------------------------- views
#
# What one seat may know (``view.build``): msgspec Structs, they cross the network to the table.


class GoalView(msgspec.Struct):
    goal: int
    number: int
    name: str
    text: str
    claims: list[int]  # seats in claim order: the first scored 10, the others 5
    target: int = 0  # what the condition asks for (6 islands, 12 units, 1,500 Gold ...)
    progress: list[int] = []  # per seat: how far it has come, in the goal's own unit (public facts only)


class IslandView(msgspec.Struct):
    island: int  # also its node on the map
    name: str
    short: str
    placed: bool
    x: int
    y: int
    produces: int  # -1: none
    sells: list[int]  # price per unit of Cocoa, Rum, Sugar (0: not bought here)
    actions: list[str]
    pest: str  # "", "plague" (active) or "immune"
    fortress: str  # "face down" or "raided"
    ships: list[int]


class RouteView(msgspec.Struct):
    index: int
    tile: int
    name: str
    length: int  # 1 short, 2 long (lattice steps)
    ax: int
    ay: int
    bx: int
    by: int
    dir: int
    nodes: list[int]  # its spaces from the first end (empty while the map is being built)
    ends: list[str]  # what each end touches: an island's name, a special spot, or "open sea"


class MerchantView(msgspec.Struct):
    node: int
    size: str  # "small" or "large"
    face: str  # "down" or "up"
    known: bool  # you peeked at it
    honorable: str  # "yes", "no" or "" (unknown to you)
    known_by: list[int]  # the seats that peeked at it
    nation: str = ""
    speed: int = -1
    strength: int = -1
    hull: int = -1
    reward: str = ""
    vp: int = -1
    damage: int = 0


class NodeView(msgspec.Struct):
    node: int
    kind: str  # "island", "sea", "anchor", "spot"
    x4: int  # position in quarter lattice steps
    y4: int
    tile: int  # the route it belongs to (-1 for islands)
    spot: str  # a special spot's name
    fog: bool
    merchant: int  # index into View.merchants, -1
    ships: list[int]
    monster: str


class SeatView(msgspec.Struct):
    seat: int
    name: str
    origin: int  # -1 while face down
    talent: int
    chosen: bool  # made its secret choice (goals, or origin and talent) in the current setup step
    node: int
    speed: int  # upgrades (what the miniature shows)
    strength: int
    hull: int
    speed_now: int  # with cards and lasting treasures
    strength_now: int
    movement: int
    cargo: list[int]
    gold: int
    chest_gold: int
    chest_treasures: list[int]
    ship_treasures: list[int]
    track: int
    track_pos: int
    crew_cards: int
    ritual_cards: int
    treasure_cards: int  # in hand (not counting the track)
    missions_open: list[int]  # official missions and title quests (face up)
    secret_missions: int
    missions_done: list[int]
    goals_claimed: list[int]
    islands_visited: list[int]
    sold: int
    raised: int
    rituals_played: int
    knows_treasures: int  # cards of the treasure deck this seat saw
    knows_missions: int
    in_window: bool
    passed: bool
    score: int  # what the table can count (the secret goals' bonus stays hidden)
    upgrade_prices: list[int] = []  # Gold for the next speed, strength, hull upgrade (0: at 7), talent and treasures counted
    titles: list[int] = []  # title cards held (content.TITLES)
    quest_tasks: list[int] = []  # per entry of missions_open: the tasks done on a title quest (bit i: task i), 0 else
    free_markers: int = 5  # progress markers not on a treasure track, a monster's track or a title quest


class PortView(msgspec.Struct, array_like=True):
    """A route aimed from an island or special spot at (x, y) towards arrow ``dir`` (map building, or the
    Reckless Smuggler): which rules it would break, so the table can show them before anyone commits."""

    x: int
    y: int
    dir: int
    tile: int  # one route tile of each kind still in the box
    fails: int  # chart.OFF_TABLE | LOOSE | PORT_TAKEN | SHARES_STEP | CROSSES | SPOT_CROWDED | NO_OPEN_END; 0: it fits
    other: int  # the placed route it runs into (-1: none)
    site: int  # when it fits: the PlaceRoute move it is (the same route may be written from its other end)
    move_dir: int


class RotationView(msgspec.Struct, array_like=True):
    """A legal rotation and where it leaves the route: from (x, y) towards ``dir``, and the island that
    turns with it (-1: none) landing at (ix, iy)."""

    route: int
    pivot: int
    turn: int
    x: int
    y: int
    dir: int
    island: int
    ix: int
    iy: int


class DuelView(msgspec.Struct):
    """The duel plank: what everybody sees, and the hand of the side you decide for."""

    kind: str  # "boarding", "merchant", "fortress", "pirate hunter", "duel for victory"
    names: list[str]  # each side's captain in words
    seats: list[int]  # who decides for each side (-1: the neutral bot)
    ships: list[int]  # whose ship fights on each side (-1: a merchant or fortress)
    strength: list[int]
    speed: list[int]
    push: int  # the prelude's push: side 0's strength minus side 1's
    pos: int  # the miniature: > 0 in side 1's half
    plank: int  # spaces on each side of the centre
    phase: str  # "prelude", "lead", "swap", "attack", "answer", "over"
    turn: int  # the side attacking now
    attack: int  # the attack waiting for an answer (-1)
    feint: bool
    passes: int
    hand_sizes: list[int]
    deck: int
    discard: list[int]
    last: list[int]  # [side, card, 0 red / 1 blue / 2 took the wounds / 3 passed, spaces moved]
    last_words: str
    my_side: int  # the side you decide for (-1: none)
    hand: list[int]  # that side's cards (yours to see)
    swaps: int = 0
    foe: str = ""  # the merchant or fortress in words


class HuntView(msgspec.Struct):
    monster: int
    name: str
    node: int
    track: list[int]  # per seat: its progress marker (0: not on the track)
    length: int
    marks: list[list[int]]  # [space, 0 blue / 1 red]
    card: int  # the hunt card being resolved (-1)
    options: list[str]


class KnownCard(msgspec.Struct):
    from_top: int  # 0: the top card
    card: int


class View(msgspec.Struct):
    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
    asking: str
    players: int
    names: list[str]
    start: int
    turn: int
    actions_left: int
    action: str  # the action being resolved
    wind: int
    wind_name: str
    wind_left: int
    wind_set: int  # Power of Ik: -1 or the wind until the end of the round
    goals: list[GoalView]
    islands: list[IslandView]
    routes: list[RouteView]
    nodes: list[NodeView]
    merchants: list[MerchantView]
    box: list[int]  # route tiles not on the map
    seats: list[SeatView]
    treasure_deck: int
    treasure_discard: list[int]
    mission_deck: int
    mission_discard: list[int]
    crew_deck: int
    ritual_deck: int
    played_crew: list[int]  # played this turn, by type
    played_rituals: list[int]
    merchant_stack: int
    window: str  # "", "announce", "end" or "prelude" (before a duel)
    window_seat: int
    window_passed: list[int]
    last_roll: list[str]
    ending: bool
    trigger: str
    over: bool
    draft_placing: str  # "", "island", "route", "island and route"
    draft_rotated: bool
    # ---- yours only
    my_goals: list[int]
    crew: list[int]
    rituals: list[int]
    treasure_hand: list[int]
    secret_missions: list[int]
    mission_progress: list[int]  # per card of your missions (all of them, in hand order)
    missions: list[int]  # every mission you hold, in hand order
    known_treasures: list[KnownCard]
    known_missions: list[KnownCard]
    shown: list[int]  # the cards you are choosing from
    shown_deck: str  # "treasure" or "mission"
    shown_count: int  # how many cards the acting seat is choosing from
    dropping: str  # over a limit: "treasure", "mission", "crew" or "ritual" cards to discard from
    sell_pick: list[int]
    deck_types: list[int]  # while you choose a crew or ritual card: copies left per type
    destinations: list[list[int]]  # Travel: [node, movement it costs]
    can_play: bool  # you hold a crew or ritual card you could play and afford now
    secrets: list[list[int]]  # every captain's secret goals, once the game is over
    # ---- your voyages (your turn, the map built): per node, Travel actions it takes (-1: out of reach),
    # the movement to it, and the node before it on a cheapest way there (-1: none)
    voyage_actions: list[int] = []
    voyage_spaces: list[int] = []
    voyage_via: list[int] = []
    # ---- placing a route (the draft, the Reckless Smuggler) and rotating one (the draft)
    ports: list[PortView] = []
    rotations: list[RotationView] = []
    ritual_costs: list[list[int]] = []  # per ritual type: the goods it costs you (a Mystic pays one less)
    # ---- combat
    duel: DuelView | None = None
    hunts: list[HuntView] = []  # the monsters on the map
    hunt_seen: int = -1  # the top hunt card a card let you see
    fortresses: list[int] = []  # per island: the fortress once revealed, -1 face down, -2 defeated
    forts_won: list[list[int]] = []
    monsters_won: list[list[int]] = []
    monster_markers: list[int] = []
    ship_markers: list[int] = []  # who holds each captain's ship marker (-1: its owner)
    turn_done: bool = False
    final_winner: int = -2
    # ---- lost family and soulmates (issue 17)
    family: list[list[int]] = []  # per seat: relatives rescued (content.FAMILY)
    quests: list[QuestView] = []  # per seat: its soulmate quest
    soulmate_markers: list[int] = []  # still to be won
    wishes_shown: list[int] = []  # a quest opening: the wishes on the table (everybody sees them)
    wish_for: int = -1  # whose quest is opening
    wish_discarded: int = -1  # the wish the right-hand neighbour discarded
    wish_chooser: int = -1  # who discards now: the right-hand neighbour of ``wish_for``
    wish_deck: int = 0
    # ---- the events module and the epic mode
    events: bool = False  # the events module is played
    epic: bool = False  # the epic game mode
    event: int = -1  # this round's event (content.EVENTS), -1: none
    event_name: str = ""
    event_text: str = ""
    event_used: bool = False  # the active player already took the event's option this turn
    secret_count: int = 2  # secret goals each captain hides
    goal_markers: list[int] = []  # per seat: markers left to mark life goals with


class QuestView(msgspec.Struct):
    """A captain's soulmate quest: what the table knows, and the kept wish for its holder only."""

    ring: str  # the ring that began it ("" none)
    pair: list[int]  # the two wishes the kept one is one of (public once kept)
    kept: int  # the kept wish: -1 unless it is yours, or revealed
    done: int  # the wish fulfilled and revealed (-1)
    soulmate: int  # the soulmate marker won (-1)
    met: bool = False  # (yours only) the kept wish's condition is met: you may reveal it
    progress: int = 0  # (yours only) how far you have come, in the wish's own unit
    target: int = 0


# ---------------------------------------------------------------- moves
#
# Small frozen tagged Structs; the rules build each one once and hand out the same objects.


class PickGoals(msgspec.Struct, array_like=True, frozen=True, tag=1, omit_defaults=True):
    """Hide these two life goals' markers in your chest (secret); the epic mode hides a third (``c``)."""

    a: int
    b: int
    c: int = -1


class PlaceIsland(msgspec.Struct, array_like=True, frozen=True, tag=2):
    island: int
    site: int


class PlaceRoute(msgspec.Struct, array_like=True, frozen=True, tag=3):
    """A route tile from the box, from lattice site ``site`` towards arrow ``dir``."""

    tile: int
    site: int
    dir: int


class Rotate(msgspec.Struct, array_like=True, frozen=True, tag=4):
    """Turn a placed route one arrow (turn +1 left, -1 right) about its end ``pivot`` (0 or 1)."""

    route: int
    pivot: int
    turn: int


class PickStart(msgspec.Struct, array_like=True, frozen=True, tag=5):
    """Your origin marker and talent marker (secret until everyone has chosen)."""

    origin: int
    talent: int


class ChooseDeck(msgspec.Struct, array_like=True, frozen=True, tag=6):
    """Port Royal origin: look at the top two of the mission (0) or the treasure (1) deck."""

    deck: int


class Take(msgspec.Struct, array_like=True, frozen=True, tag=7):
    """Take this card (a shown card; a crew or ritual type from its deck); -1: none."""

    card: int


class Drop(msgspec.Struct, array_like=True, frozen=True, tag=8):
    """Over a limit: discard this card (treasure, mission, crew or ritual by the step)."""

    card: int


class Act(msgspec.Struct, array_like=True, frozen=True, tag=9):
    """Announce one of your actions (content.ACT_*)."""

    action: int


class Sail(msgspec.Struct, array_like=True, frozen=True, tag=10):
    node: int


class Improve(msgspec.Struct, array_like=True, frozen=True, tag=11):
    """Raise this attribute by one (speed 0, strength 1, hull 2)."""

    attr: int


class Buy(msgspec.Struct, array_like=True, frozen=True, tag=12):
    units: int


class SellPick(msgspec.Struct, array_like=True, frozen=True, tag=13):
    """Add to the sale: one unit of a resource (0-2) or a raised treasure (100 + card)."""

    item: int


class SellDone(msgspec.Struct, array_like=True, frozen=True, tag=14):
    pass


class Peek(msgspec.Struct, array_like=True, frozen=True, tag=15):
    """Peek at the merchant on this node (-1: leave it face down unseen)."""

    node: int


class Gain(msgspec.Struct, array_like=True, frozen=True, tag=16):
    res: int


class Dump(msgspec.Struct, array_like=True, frozen=True, tag=17):
    """Throw a unit of this resource overboard (-1: leave the new unit behind)."""

    res: int


class Play(msgspec.Struct, array_like=True, frozen=True, tag=18):
    """Play a crew card (0-8) or a ritual (10 + type) with its target or choice ``arg``."""

    card: int
    arg: int


class Pass(msgspec.Struct, array_like=True, frozen=True, tag=19):
    pass


class DiscardGoods(msgspec.Struct, array_like=True, frozen=True, tag=20):
    res: int


class DiscardCard(msgspec.Struct, array_like=True, frozen=True, tag=21):
    """Free action: discard a treasure card (card) or a mission card (100 + card)."""

    card: int


class ReturnCard(msgspec.Struct, array_like=True, frozen=True, tag=22):
    """Free action: return a crew card (type) or a ritual (10 + type) to its deck."""

    card: int


class HideGold(msgspec.Struct, array_like=True, frozen=True, tag=23):
    """Free action: hide this much gold in your chest (0: all of it)."""

    amount: int


class HideTreasure(msgspec.Struct, array_like=True, frozen=True, tag=24):
    card: int


class ClaimMission(msgspec.Struct, array_like=True, frozen=True, tag=25):
    card: int


class ClaimGoal(msgspec.Struct, array_like=True, frozen=True, tag=26):
    goal: int


class StartHunt(msgspec.Struct, array_like=True, frozen=True, tag=27):
    """Put this treasure card face up on your treasure track (not an action)."""

    card: int


class DigGoods(msgspec.Struct, array_like=True, frozen=True, tag=28):
    """Free action: discard one unit of the resource the treasure shows to advance."""


class EndTurn(msgspec.Struct, array_like=True, frozen=True, tag=29):
    pass


class Target(msgspec.Struct, array_like=True, frozen=True, tag=30):
    """A gunfight or a boarding against this captain (seat), or the merchant on node ``code - 10``."""

    code: int


class Lead(msgspec.Struct, array_like=True, frozen=True, tag=31):
    """The duel: this side (0 the attacker, 1 the defender) attacks first."""

    side: int


class Swap(msgspec.Struct, array_like=True, frozen=True, tag=32):
    """Resilient Ships: set this duel card aside (-1: done, draw as many)."""

    card: int


class Strike(msgspec.Struct, array_like=True, frozen=True, tag=33):
    """The duel: play this card's red side (an attack, Feint or Rigg); -1: pass and retreat 1."""

    card: int


class Parry(msgspec.Struct, array_like=True, frozen=True, tag=34):
    """The duel: answer the attack with this card's blue side (a matching guard, Throw sand, Insult); -1: take it."""

    card: int


class Plunder(msgspec.Struct, array_like=True, frozen=True, tag=35):
    """The winner's reward: half the Gold (0), half the cargo (1, ``item`` = cocoa*16 + rum*4 + sugar), or one
    treasure on the ship (2, ``item`` = the card)."""

    kind: int
    item: int


class Hunt(msgspec.Struct, array_like=True, frozen=True, tag=36):
    """A monster hunt card: take this option (the STACK step: 0 keep the top card, 1 put it at the bottom)."""

    option: int


class Marker(msgspec.Struct, array_like=True, frozen=True, tag=37):
    """A monster defeated: take this monster marker."""

    marker: int


class UseEvent(msgspec.Struct, array_like=True, frozen=True, tag=60):
    """Free action: take the option of this round's event (its argument: a resource, an island, a mission card,
    a merchant's node; 0 when it needs none)."""

    arg: int


Move = (
    PickGoals | PlaceIsland | PlaceRoute | Rotate | PickStart | ChooseDeck | Take | Drop | Act | Sail | Improve | Buy
    | SellPick | SellDone | Peek | Gain | Dump | Play | Pass | DiscardGoods | DiscardCard | ReturnCard | HideGold
    | HideTreasure | ClaimMission | ClaimGoal | StartHunt | DigGoods | EndTurn | Target | Lead | Swap | Strike | Parry
    | Plunder | Hunt | Marker | UseEvent
)
MERCHANT_TARGET = 10  # Target: 10 + node
LURE_CODE = 100  # Play(First Mate, 100 + node): lure the Sea Serpent instead of the extra action

RITUAL_CODE = 10  # Play/ReturnCard: 10 + ritual type
MISSION_CODE = 100  # DiscardCard: 100 + mission card
TREASURE_ITEM = 100  # SellPick: 100 + treasure card
HIDE_AMOUNTS = (100, 500, 1000)  # and 0 = all
