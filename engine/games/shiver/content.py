"""Every component of Shiver Me Timbers as data: islands, sea routes, life goals, origins,
talents, merchants, wind cards, treasures, missions, crew, rituals, dice and pests.

The seed document says how each component is used and how many there are; the faces were
designed here (docs/rules/shiver-me-timbers.md, "Designed here", gives the reason for
every number). Rules code reads these tables and never hard-codes a card.

A ``needs`` field names a part of the game that a later stage builds: ``"combat"``
(boarding, gunfights, fortress raids — issue 16), ``"monsters"`` (issue 16), ``"titles"``
(issue 17, built: the title quests below) and ``"family"`` (issue 17). The world plays without them;
see ``BUILT``.
"""

from __future__ import annotations

from typing import NamedTuple

# The parts of the game this engine implements; content that needs another part waits for it.
BUILT = frozenset({"world", "combat", "monsters"})

# ---------------------------------------------------------------- goods and dice

COCOA, RUM, SUGAR = 0, 1, 2
RESOURCES = ("Cocoa", "Rum", "Sugar")

# White bonus die: 1 extra action / 200 Gold / 1 upgrade (seed); faces designed here. (WD_, not W_: the wish
# conditions below are W_*, and a shared name made the 200 Gold face pay an upgrade.)
WD_ACTION, WD_GOLD, WD_UPGRADE = 0, 1, 2
WHITE_DIE = (WD_ACTION, WD_ACTION, WD_GOLD, WD_GOLD, WD_GOLD, WD_UPGRADE)
WHITE_FACES = ("1 extra action", "200 Gold", "1 upgrade")
WHITE_GOLD = 200

# Green bonus die: resources. A face is a resource, "any resource" (your choice) or empty.
G_COCOA, G_RUM, G_SUGAR, G_CHOICE, G_EMPTY = 0, 1, 2, 3, 4
GREEN_DIE = (G_COCOA, G_RUM, G_SUGAR, G_CHOICE, G_EMPTY, G_EMPTY)
GREEN_FACES = ("Cocoa", "Rum", "Sugar", "a resource of your choice", "empty")

# Red damage die: strength / speed / hull / empty.
R_STRENGTH, R_SPEED, R_HULL, R_EMPTY = 0, 1, 2, 3
RED_DIE = (R_STRENGTH, R_SPEED, R_HULL, R_EMPTY, R_EMPTY, R_EMPTY)
RED_FACES = ("strength", "speed", "hull", "empty")

# Blue die: only rolled during a monster hunt (the hunt itself comes with issue 16).
B_ADVANCE1, B_ADVANCE2, B_ADVANCE3, B_BITE, B_EMPTY = 0, 1, 2, 3, 4
BLUE_DIE = (B_ADVANCE1, B_ADVANCE2, B_ADVANCE2, B_ADVANCE3, B_BITE, B_EMPTY)
BLUE_FACES = ("advance 1", "advance 2", "advance 3", "the monster bites: lose 1 upgrade of your choice", "empty")

# ---------------------------------------------------------------- ship

SPEED, STRENGTH, HULL = 0, 1, 2
ATTRS = ("speed", "strength", "hull")
START_SHIP = 3  # seed: "Strength 3, Speed 3, Hull 3"
MAX_ATTR = 7  # seed: "each attribute to a maximum of 7"
START_GOLD = 300  # seed: "as well as 300 Gold"
ACTIONS_PER_TURN = 3


def upgrade_cost(new_value: int) -> int:
    """seed: the table New Value 2..7 -> Cost 200..700."""
    return new_value * 100


# ---------------------------------------------------------------- islands

PORT_ROYAL, ST_DAVID, SAO_TOME, LA_JUANITA, THE_BAY, ISLA_OSCURA = range(6)

# Standee actions (what an island offers besides Travel, Upgrade and Scout, which every island has).
ACT_TRAVEL, ACT_UPGRADE, ACT_BUY, ACT_SELL, ACT_HIRE, ACT_LEARN, ACT_SCOUT, ACT_DIG, ACT_MISSION, \
    ACT_GUNFIGHT, ACT_BOARD, ACT_RAID, ACT_HUNT = range(13)
ACTION_NAMES = ("Travel", "Upgrade", "Trade: buy", "Trade: sell", "Hire crew", "Learn a ritual", "Scout the taverns",
                "Go on a treasure hunt", "Acquire a mission", "Gunfight", "Board a ship", "Raid the fortress",
                "Fight the monster")


class Island(NamedTuple):
    name: str
    short: str  # 2 letters for a compact map
    produces: int  # the resource bought here for 100 G, or -1
    sells: tuple[int, int, int]  # price per unit of Cocoa, Rum, Sugar sold here (0: not sold here)
    actions: tuple[int, ...]  # the standee's actions (Travel is everywhere)
    blurb: str


ISLANDS = (
    Island("Port Royal", "PR", -1, (300, 300, 300), (ACT_MISSION, ACT_SELL, ACT_SCOUT, ACT_UPGRADE),
           "the seat of the governor: missions, goods sold at 300 G, treasures"),
    Island("St. David", "SD", RUM, (200, 0, 400), (ACT_BUY, ACT_SELL, ACT_SCOUT, ACT_UPGRADE),
           "trade post: Rum for 100 G; buys Sugar at 400, Cocoa at 200"),
    Island("São Tomé", "ST", COCOA, (0, 400, 200), (ACT_BUY, ACT_SELL, ACT_SCOUT, ACT_UPGRADE),
           "trade post: Cocoa for 100 G; buys Rum at 400, Sugar at 200"),
    Island("La Juanita", "LJ", SUGAR, (400, 200, 0), (ACT_BUY, ACT_SELL, ACT_SCOUT, ACT_UPGRADE),
           "trade post: Sugar for 100 G; buys Cocoa at 400, Rum at 200"),
    Island("The Bay", "TB", -1, (0, 0, 0), (ACT_HIRE, ACT_SELL, ACT_SCOUT, ACT_UPGRADE),
           "a pirates' nest: crew for hire; treasures sold"),
    Island("Isla Oscura", "IO", -1, (0, 0, 0), (ACT_LEARN, ACT_SELL, ACT_SCOUT, ACT_UPGRADE),
           "the shaman's island: rituals; treasures sold"),
)
BUY_PRICE = 100  # seed: "This will cost 100 Gold per unit."

# ---------------------------------------------------------------- sea routes

SHORT, LONG = 1, 2  # a route's length in lattice steps
SPOT_NONE, SPOT_SHIPYARD, SPOT_MANGROVES, SPOT_MARKET, SPOT_FOG = range(5)
SPOT_NAMES = ("", "Ancient Shipyard", "Mangroves", "Floating Market", "Fogbank")
MARKET_GOLD = 100  # seed: "take 100 Gold"
FOG_ATTACK_BONUS = 1  # seed: "+1 strength for the attack" (used by combat, issue 16)


class Route(NamedTuple):
    name: str
    length: int  # SHORT (3 spaces, anchor in the middle) or LONG (7 spaces)
    spot: int  # the special spot in the centre of a long route
    spaces: int


# Six identical short routes, four unique long ones (seed: "Box Content").
ROUTES = (
    *(Route("Short sea route", SHORT, SPOT_NONE, 3) for _ in range(6)),
    Route("Ancient Shipyard route", LONG, SPOT_SHIPYARD, 7),
    Route("Mangroves route", LONG, SPOT_MANGROVES, 7),
    Route("Floating Market route", LONG, SPOT_MARKET, 7),
    Route("Fogbank", LONG, SPOT_FOG, 7),
)
SHORT_TILES = (0, 1, 2, 3, 4, 5)
LONG_TILES = (6, 7, 8, 9)
SHIPYARD_TILE, MANGROVES_TILE, MARKET_TILE, FOG_TILE = LONG_TILES
# Positions along a route, from its first end: short [sea, ANCHOR, sea];
# long [sea, ANCHOR, sea, SPECIAL, sea, ANCHOR, sea].
SHORT_ANCHORS = (1,)
LONG_ANCHORS = (1, 5)
LONG_SPOT = 3

# ---------------------------------------------------------------- life goals

# Goal conditions (the kind, with a threshold).
G_ISLANDS, G_SOLD, G_SHIP, G_MISSIONS, G_DEFEAT, G_RAISED, G_RITUALS, G_FORTRESS, G_MONSTER, G_CHEST = range(10)


class LifeGoal(NamedTuple):
    number: int  # the numbered marker (1..10) hidden in the chest
    name: str
    kind: int
    target: int
    text: str
    needs: str = "world"


LIFE_GOALS = (
    LifeGoal(1, "Explorer", G_ISLANDS, 6, "Drop anchor at all six islands (your island of origin counts)."),
    LifeGoal(2, "Merchant Prince", G_SOLD, 12, "Sell 12 units of goods."),
    LifeGoal(3, "Man-o'-War", G_SHIP, 14, "Own a ship whose speed, strength and hull add up to 14 or more."),
    LifeGoal(4, "Governor's Favourite", G_MISSIONS, 3, "Complete 3 missions for the governor."),
    LifeGoal(5, "Brigand", G_DEFEAT, 3, "Defeat 3 ships (merchants or players).", "combat"),
    LifeGoal(6, "Tomb Raider", G_RAISED, 3, "Raise 3 treasures (family members found by a search do not count)."),
    LifeGoal(7, "Mystic", G_RITUALS, 4, "Play 4 ritual cards."),
    LifeGoal(8, "Conqueror", G_FORTRESS, 2, "Raid 2 fortresses.", "combat"),
    LifeGoal(9, "Monster Slayer", G_MONSTER, 1, "Defeat a monster.", "monsters"),
    LifeGoal(10, "Miser", G_CHEST, 1500, "Have 1,500 Gold hidden in your chest."),
)
GOALS_DEALT = {2: 3, 3: 4, 4: 5}  # seed: "three (for 2 players), four (for 3 players) or five (for 4 players)"
SECRET_GOALS = 2
GOAL_FIRST, GOAL_LATER, GOAL_SECRET_BONUS = 10, 5, 5


def goals_in_play() -> tuple[int, ...]:
    """The life goals the deal draws from: those whose part of the game is built."""
    return tuple(i for i, g in enumerate(LIFE_GOALS) if g.needs in BUILT)


# ---------------------------------------------------------------- origins and talents

ORIGIN_GOODS = 2  # seed: "you'll start with two units of the resource produced there"
ORIGIN_LOOKS = 2  # Port Royal: "look at the top two cards ... Do this twice."

TRAMP, HAGGLER, TREASURE_HUNTER, SHIPWRIGHT, SILVER_TONGUE, MYSTIC = range(6)


class Talent(NamedTuple):
    name: str
    text: str


TALENTS = (
    Talent("Tramp", "+1 movement on every Travel action. When you end a Travel action you may peek at one face-down "
                    "merchant within 2 spaces instead of the one you stand on; one seen from afar never attacks you."),
    Talent("Haggler", "+100 Gold for every Trade action in which you sell goods."),
    Talent("Treasure Hunter", "+1 space on every treasure-hunt action; scouting shows you 4 cards instead of 3."),
    Talent("Shipwright", "Every upgrade costs 200 Gold less (never less than 100)."),
    Talent("Silver Tongue", "Acquiring a mission shows you 4 cards instead of 3, you may hold two official missions "
                            "at once, and every mission you complete pays 200 Gold more."),
    Talent("Mystic", "You may take the Learn a ritual action on any island and hold 4 ritual cards, and every "
                     "ritual costs you one resource less (the first one printed; never less than one in all)."),
)
TRAMP_MOVE = 1
HAGGLE_BONUS = 100  # per Trade action that sells goods
HUNTER_DIG = 1
HUNTER_SCOUT = 1
SHIPWRIGHT_DISCOUNT = 200
SILVER_LOOK = 1
SILVER_GOLD = 200
SILVER_OFFICIAL = 2  # official missions a Silver Tongue may hold at once
MYSTIC_RITUALS = 4
HAND_LIMIT = 3  # seed: "a maximum of 3 crew and 3 ritual cards"
TRAMP_PEEK_RANGE = 2

# ---------------------------------------------------------------- wind


class Wind(NamedTuple):
    name: str
    value: int


WIND_CARDS = (
    *(Wind("Becalmed", 0) for _ in range(3)),
    *(Wind("Light breeze", 1) for _ in range(6)),
    *(Wind("Fresh breeze", 2) for _ in range(7)),
    *(Wind("Gale", 3) for _ in range(4)),
)
IK_WINDS = (0, 4)  # Power of Ik sets the wind to one of these until the end of the round

# ---------------------------------------------------------------- events (the backs of the wind cards)
#
# seed: "use the event deck on the back of the wind cards ... Each revealed event lasts for 1 round and offers
# new decisions and options for the turn." Wind card k carries EVENTS[k] on its back (designed here: the
# document, "Designed here", gives the reason for each). An *option* (``choice`` True) is a free action any
# captain may take once in each of their turns while the event is face up; the others change what an action
# offers for the round.
EV_RATIONS, EV_COVE, EV_FLOTSAM, EV_PLAGUE_SHIP, EV_OUTBREAK, EV_PRESS_GANG, EV_SHAMAN, EV_PROGRESS, EV_RUMOURS, \
    EV_FEVER, EV_FAIR, EV_COCOA, EV_RUM, EV_SUGAR, EV_HARVEST, EV_FLEET, EV_MIST, EV_MOON, EV_PARDON, EV_LIPS = range(20)


class EventCard(NamedTuple):
    name: str
    text: str
    choice: bool = False  # a free action once per turn (UseEvent)
    value: int = 0  # its number: Gold paid or earned, cards, spaces


EVENTS = (
    EventCard("Extra rations", "Once in your turn, as a free action, pay 300 Gold for 1 extra action.", True, 300),
    EventCard("Smugglers' cove", "Once in your turn, as a free action, sell 1 unit of goods for 200 Gold wherever "
                                 "you are.", True, 200),
    EventCard("Flotsam", "Once in your turn, as a free action on a sea space (not an island), fish 1 unit of goods "
                         "of your choice out of the water.", True),
    EventCard("Plague ship", "Pests: once in your turn, as a free action, pay 200 Gold to steer the plague ship to "
                             "an island that has no pest marker: the plague rages there until the end of the round.",
              True, 200),
    EventCard("Outbreak", "Pests: when this event is revealed, the plague breaks out on an island that has no pest "
                          "marker (drawn at random): its markets are closed this round."),
    EventCard("Press gang", "You may take the Hire crew action on any island this round."),
    EventCard("Wandering shaman", "You may take the Learn a ritual action on any island this round."),
    EventCard("The governor's progress", "You may take the Acquire a mission action on any island this round."),
    EventCard("Tavern rumours", "Once in your turn, as a free action on an island, scout the taverns without spending "
                                "an action.", True),
    EventCard("Gold fever", "Every treasure-hunt action advances 2 more spaces this round.", False, 2),
    EventCard("Shipwrights' fair", "Once in your turn, as a free action on an island, buy an upgrade at its price "
                                   "without spending an action.", True),
    EventCard("Cocoa craze", "Cocoa sells for 200 Gold more wherever it is bought this round.", False, 200),
    EventCard("Rum shortage", "Rum sells for 200 Gold more wherever it is bought this round.", False, 200),
    EventCard("Sugar rush", "Sugar sells for 200 Gold more wherever it is bought this round.", False, 200),
    EventCard("Bumper harvest", "Once in your turn, as a free action on an island that makes a good, load 1 unit of "
                                "it for free (if your hold has room and its market is open).", True, 1),
    EventCard("Treasure fleet", "Every merchant defeated this round pays 300 Gold more.", False, 300),
    EventCard("Sea mist", "The whole sea is fog this round: every attack on a ship at sea gets +1 strength, as on "
                          "the Fogbank (never twice).", False, 1),
    EventCard("Blood moon", "Every ritual costs one resource less this round (never less than one in all).", False, 1),
    EventCard("Royal pardon", "Once in your turn, as a free action, hand in a mission card you hold (it is "
                              "discarded face up) for 300 Gold.", True, 300),
    EventCard("Loose lips", "Once in your turn, as a free action, pay 100 Gold to peek in secret at a face-down "
                            "merchant anywhere on the map (a pirate hunter seen this way does not attack).", True, 100),
)
# Wind card k (WIND_CARDS order: 3 Becalmed, 6 Light breeze, 7 Fresh breeze, 4 Gale) carries this event.
WIND_EVENT = (
    EV_RATIONS, EV_FLOTSAM, EV_COVE,  # Becalmed: stuck at sea — something to do where you lie
    EV_PRESS_GANG, EV_SHAMAN, EV_PROGRESS, EV_RUMOURS, EV_HARVEST, EV_PARDON,  # Light breeze: harbour days
    EV_COCOA, EV_RUM, EV_SUGAR, EV_FAIR, EV_FEVER, EV_FLEET, EV_LIPS,  # Fresh breeze: trade and the hunt
    EV_MIST, EV_MOON, EV_PLAGUE_SHIP, EV_OUTBREAK,  # Gale: foul weather and foul air
)
EVENT_CRAZE = {EV_COCOA: COCOA, EV_RUM: RUM, EV_SUGAR: SUGAR}

# ---------------------------------------------------------------- epic game mode
# seed: "Select 3 instead of 2 goals"; "start with all attributes set to 2, but with 3 free upgrades"
EPIC_SECRET_GOALS = 3
EPIC_START_SHIP = 2
EPIC_FREE_UPGRADES = 3
GOAL_MARKERS = 10  # seed: "10 Life goal markers" per player
ORIGIN_MARKERS = 6  # seed: "6 Origin markers" per player, one of them on the tableau

# ---------------------------------------------------------------- merchants

ENGLISH, SPANISH, FRENCH, DUTCH = range(4)
NATIONS = ("English", "Spanish", "French", "Dutch")
SMALL, LARGE = 0, 1


class Merchant(NamedTuple):
    size: int
    nation: int
    hunter: bool  # red underside: a pirate hunter; yellow: an honorable trader
    speed: int
    strength: int
    hull: int
    gold: int
    goods: tuple[int, int]  # (resource, units) or (-1, 0)
    treasure: bool  # a treasure reward (look at the top 2, keep one on your ship)
    family: str  # the relative a pirate hunter holds (issue 17), or ""
    vp: int


def _m(size: int, nation: int, speed: int, strength: int, hull: int, gold: int = 0, goods: tuple[int, int] = (-1, 0),
       treasure: bool = False, vp: int = 1, hunter: bool = False, family: str = "") -> Merchant:
    return Merchant(size, nation, hunter, speed, strength, hull, gold, goods, treasure, family, vp)


MERCHANTS = (
    # 14 small merchants: harmless honorable traders (seed: "harmless small ships")
    _m(SMALL, ENGLISH, 2, 2, 2, gold=300),
    _m(SMALL, ENGLISH, 1, 3, 2, goods=(COCOA, 2)),
    _m(SMALL, ENGLISH, 3, 1, 2, gold=200, goods=(RUM, 1)),
    _m(SMALL, ENGLISH, 2, 2, 3, gold=400),
    _m(SMALL, SPANISH, 2, 3, 1, gold=300),
    _m(SMALL, SPANISH, 1, 2, 3, goods=(SUGAR, 3)),
    _m(SMALL, SPANISH, 3, 2, 2, gold=400),
    _m(SMALL, SPANISH, 2, 1, 3, goods=(RUM, 2)),
    _m(SMALL, FRENCH, 2, 2, 2, gold=300),
    _m(SMALL, FRENCH, 3, 3, 1, gold=400),
    _m(SMALL, FRENCH, 1, 2, 2, goods=(COCOA, 2)),
    _m(SMALL, DUTCH, 2, 2, 2, gold=300),
    _m(SMALL, DUTCH, 1, 3, 3, gold=200, goods=(SUGAR, 2)),
    _m(SMALL, DUTCH, 3, 2, 1, gold=400),
    # 8 large honorable merchants
    _m(LARGE, ENGLISH, 3, 5, 5, gold=800, vp=2),
    _m(LARGE, ENGLISH, 4, 4, 6, gold=400, goods=(RUM, 3), vp=2),
    _m(LARGE, SPANISH, 2, 6, 6, gold=1000, vp=2),
    _m(LARGE, SPANISH, 3, 5, 4, treasure=True, vp=2),
    _m(LARGE, FRENCH, 4, 4, 4, gold=700, vp=2),
    _m(LARGE, FRENCH, 3, 5, 5, gold=900, vp=2),
    _m(LARGE, DUTCH, 4, 3, 6, gold=200, goods=(SUGAR, 4), vp=2),
    _m(LARGE, DUTCH, 3, 4, 5, gold=800, vp=2),
    # 6 pirate hunters (red): four hold a lost relative (issue 17), two a treasure
    _m(LARGE, ENGLISH, 5, 6, 4, vp=3, hunter=True, family="father"),
    _m(LARGE, SPANISH, 4, 7, 5, vp=3, hunter=True, family="grandfather"),
    _m(LARGE, FRENCH, 5, 5, 4, vp=3, hunter=True, family="aunt"),
    _m(LARGE, DUTCH, 4, 6, 5, vp=3, hunter=True, family="mother"),
    _m(LARGE, ENGLISH, 6, 5, 3, gold=300, treasure=True, vp=3, hunter=True),
    _m(LARGE, SPANISH, 5, 6, 4, gold=300, treasure=True, vp=3, hunter=True),
)
SMALL_MERCHANTS = tuple(i for i, m in enumerate(MERCHANTS) if m.size == SMALL)
LARGE_MERCHANTS = tuple(i for i, m in enumerate(MERCHANTS) if m.size == LARGE)
HUNTER_PASS_COST = 2  # seed: "Passing a revealed pirate hunter costs two additional movement points."


# ---------------------------------------------------------------- pests and the plague

PEST_NONE, PEST_ACTIVE, PEST_IMMUNE = 0, 1, 2
PEST_MARKERS = 6  # one per island
PLAGUE_TEXT = ("While an island has an active (red) pest marker, the plague rages there: nobody may take a "
               "Trade action on it (no goods bought or sold, no treasures sold), and a ship that ends a Travel "
               "action there throws 1 unit of goods overboard (its captain chooses which). At the end of the "
               "round the marker turns to its inactive side: the island is immune for the rest of the game.")

# ---------------------------------------------------------------- treasures

# Track dice spaces
D_GREEN, D_WHITE, D_BOTH, D_RED = 0, 1, 2, 3
DICE_SPACE_NAMES = ("green die", "white die", "green and white dice", "red die")

# Treasure bonuses
B_NONE, B_GOLD, B_GOODS, B_UPGRADE, B_ACTION, B_CREW, B_RITUAL, B_TREASURE = range(8)  # one-time
L_STRENGTH, L_SPEED, L_DIG, L_SELL, L_DISCOUNT, L_SCOUT = range(10, 16)  # lasting (while on your ship)
LASTING = frozenset({L_STRENGTH, L_SPEED, L_DIG, L_SELL, L_DISCOUNT, L_SCOUT})


class Treasure(NamedTuple):
    name: str
    island: int
    length: int  # the final space of the hunt
    dice: tuple[tuple[int, int], ...]  # (space, D_*) dice spaces on the track
    res: int  # the resource you may discard to advance
    advance: int  # spaces advanced per unit discarded
    bonus: int
    value: int  # the bonus's amount (gold, units, upgrades) or its resource for B_GOODS as value*10+res
    price: int  # Gold when sold with a Trade action (0: no price tag, it cannot be sold)
    vp: int
    ring: bool = False  # a ring starts the soulmate quest (issue 17)
    family: int = -1  # a family card (the son, the daughter, the best friend): the relative found (FAMILY index)


def _dice(spec: str) -> tuple[tuple[int, int], ...]:
    kinds = {"G": D_GREEN, "W": D_WHITE, "GW": D_BOTH, "R": D_RED}
    out = []
    for tok in spec.split():
        k = tok.rstrip("0123456789")
        out.append((int(tok[len(k):]), kinds[k]))
    return tuple(out)


def _t(name: str, island: int, length: int, dice: str, res: int, advance: int, bonus: int = B_NONE, value: int = 0,
       price: int = 0, vp: int = 1, ring: bool = False, family: int = -1) -> Treasure:
    return Treasure(name, island, length, _dice(dice), res, advance, bonus, value, price, vp, ring, family)


PR, SD, ST, LJ, TB, IO = PORT_ROYAL, ST_DAVID, SAO_TOME, LA_JUANITA, THE_BAY, ISLA_OSCURA
TREASURES = (
    # Port Royal
    _t("Royal Signet", PR, 14, "G4 W9 R12", SUGAR, 3, price=800, vp=2, ring=True),
    _t("Governor's Seal", PR, 18, "G5 W10 GW14", RUM, 3, L_SELL, 100, price=900, vp=1),
    _t("Admiral's Spyglass", PR, 16, "W4 G8 R11 G13", COCOA, 2, L_SPEED, 1, price=700, vp=1),
    _t("Buried Payroll", PR, 11, "G3 R7 W9", SUGAR, 2, B_GOLD, 800, price=300, vp=1),
    _t("Letter of Marque", PR, 13, "G4 W8 R11", RUM, 2, B_UPGRADE, 1, price=500, vp=1),
    _t("Crown Jewels", PR, 24, "G5 W9 R13 GW17 R21", COCOA, 4, price=1500, vp=4),
    # St. David
    _t("Drake's Rapier", SD, 22, "G5 GW13 R18", COCOA, 3, L_STRENGTH, 1, price=1200, vp=3),
    _t("Cask of Old Barbados", SD, 10, "G3 R6 W8", SUGAR, 2, B_GOODS, 3 * 10 + RUM, price=400, vp=1),
    _t("Pieces of Eight", SD, 15, "W4 G9 R12", SUGAR, 3, price=1000, vp=1),
    _t("Sea Chart of the Ancients", SD, 13, "G4 W7 R10", COCOA, 2, L_SCOUT, 1, price=500, vp=1),
    _t("Silver Ship's Bell", SD, 12, "G3 W6 R9", SUGAR, 2, B_ACTION, 1, price=500, vp=1),
    _t("Morgan's Gold", SD, 19, "G4 R8 W12 R15", COCOA, 3, B_GOLD, 1000, price=600, vp=2),
    # São Tomé
    _t("Cocoa Baron's Strongbox", ST, 13, "G3 W7 R10", RUM, 2, B_GOLD, 700, price=400, vp=1),
    _t("Golden Cacao Idol", ST, 21, "G4 W8 R12 GW16 R19", SUGAR, 3, price=1300, vp=3),
    _t("Navigator's Astrolabe", ST, 17, "G5 R9 W12", RUM, 3, L_SPEED, 1, price=800, vp=2),
    _t("Ruby Ring of Isabella", ST, 16, "G5 W10 R13", SUGAR, 3, price=900, vp=2, ring=True),
    _t("Portuguese Bronze Cannon", ST, 18, "R4 G7 W11 R15", RUM, 3, L_STRENGTH, 1, price=900, vp=2),
    _t("Missionary's Letters", ST, 11, "G3 W6 R8", SUGAR, 2, B_RITUAL, 1, price=300, vp=1),
    # La Juanita
    _t("Mermaid's Pearl Ring", LJ, 15, "G4 W9 R12", RUM, 3, price=800, vp=2, ring=True),
    _t("Sugar King's Ledger", LJ, 14, "G4 W8 R11", COCOA, 3, B_TREASURE, 1, price=500, vp=1),
    _t("Conquistador's Helm", LJ, 19, "G5 R9 W13 R16", COCOA, 3, L_STRENGTH, 1, price=1000, vp=2),
    _t("Golden Hourglass", LJ, 12, "G3 W7 R10", RUM, 2, B_ACTION, 1, price=500, vp=1),
    _t("Shipwright's Tools", LJ, 14, "G4 W8 R11", COCOA, 2, L_DISCOUNT, 100, price=600, vp=1),
    _t("Aztec Sun Mask", LJ, 23, "G4 W8 R12 GW16 R20", RUM, 4, price=1400, vp=4),
    # The Bay
    _t("Blackbeard's Cutlass", TB, 20, "G4 R8 W12 R16", RUM, 3, L_STRENGTH, 1, price=1100, vp=3),
    _t("Captain Kidd's Chest", TB, 21, "G5 R9 W13 R17", COCOA, 3, B_GOLD, 1200, price=500, vp=2),
    _t("Cursed Doubloons", TB, 10, "R3 G5 R8", SUGAR, 2, price=1000, vp=0),
    _t("Bosun's Silver Whistle", TB, 11, "G3 W6 R9", RUM, 2, B_CREW, 1, price=300, vp=1),
    _t("Calico Jack's Jolly Roger", TB, 16, "G4 W9 R13", COCOA, 3, price=0, vp=3),  # no buyer: a trophy
    _t("Lucky Parrot", TB, 13, "G3 W7 R10", SUGAR, 2, L_DIG, 2, price=500, vp=1),
    # Isla Oscura
    _t("Shaman's Bone Ring", IO, 16, "G4 W9 R13", COCOA, 3, price=700, vp=2, ring=True),
    _t("Jade Skull", IO, 24, "R4 G8 W12 R16 GW20", SUGAR, 4, price=0, vp=5),  # cursed: no buyer
    _t("Shaman's Drum", IO, 11, "G3 W6 R9", RUM, 2, B_RITUAL, 1, price=300, vp=1),
    _t("Feathered Serpent Idol", IO, 18, "G5 W9 R13 G15", SUGAR, 3, L_SPEED, 1, price=900, vp=2),
    _t("Obsidian Dagger", IO, 17, "G4 R8 W11 R14", COCOA, 3, L_STRENGTH, 1, price=900, vp=2),
    _t("Baron Samedi's Mask", IO, 20, "G4 W8 R12 GW16", RUM, 3, B_UPGRADE, 2, price=700, vp=2),
    # The three family cards shuffled in with the treasures (issue 17): the son, the daughter and the best
    # friend, searched for like a treasure. No price, and their seals are the relative's (FAMILY below): the
    # card itself never lies on a ship.
    _t("Rumour of your Son", TB, 15, "G4 R8 W11", RUM, 3, price=0, vp=2, family=8),
    _t("Rumour of your Daughter", LJ, 14, "G3 W7 R10", SUGAR, 3, price=0, vp=2, family=9),
    _t("Rumour of your Best Friend", SD, 13, "W4 G7 R10", COCOA, 3, price=0, vp=2, family=10),
)
FAMILY_CARDS = tuple(i for i, t in enumerate(TREASURES) if t.family >= 0)
TREASURE_LIMIT = 3  # seed: "a maximum of 3 treasure cards total (i.e. in your hand and on the treasure track)"
SCOUT_LOOK = 3  # seed: "look at the top 3 cards of the treasure deck"
REWARD_LOOK = 2  # seed: "look at the top 2 treasure cards, choose one, and place the treasure on your ship"

# ---------------------------------------------------------------- missions

OFFICIAL, SECRET, TITLE = 0, 1, 2
MISSION_KINDS = ("official", "secret", "title quest")

# Mission conditions
M_AT, M_DELIVER, M_STAT, M_CHEST, M_SELL_ONE, M_RAISE_AT, M_SABOTAGE, M_SMUGGLE, M_RITUALS_TURN, M_SPOT, \
    M_PEEKS, M_SHIP_TREASURES, M_PLAGUE, M_COMBAT, M_TITLE = range(15)
# Event-driven conditions count only what happens after you took the card.
EVENT_CONDITIONS = frozenset({M_SELL_ONE, M_RAISE_AT, M_SABOTAGE, M_SMUGGLE, M_RITUALS_TURN, M_SPOT, M_PEEKS,
                              M_PLAGUE, M_COMBAT})


class Reward(NamedTuple):
    gold: int = 0
    crew: int = 0  # crew cards chosen from the crew deck
    ritual: int = 0  # ritual cards chosen from the ritual deck
    goods: tuple[int, int] = (-1, 0)  # (resource, units)
    upgrade: int = 0  # upgrades of your choice
    treasure: int = 0  # treasure rewards (top 2, keep one on your ship)


class Mission(NamedTuple):
    name: str
    kind: int  # OFFICIAL (open eye), SECRET (closed eye), TITLE (title quest)
    cond: int
    a: int  # the condition's parameters (island, resource, attribute, amount, spot …)
    b: int
    c: int
    text: str
    reward: Reward
    vp: int
    needs: str = "world"
    family: int = -1  # the relative the governor sets free when this mission is completed (FAMILY index)


def _o(name: str, cond: int, a: int, b: int, c: int, text: str, reward: Reward, vp: int, needs: str = "world",
       kind: int = OFFICIAL) -> Mission:
    return Mission(name, kind, cond, a, b, c, text, reward, vp, needs)


def _s(name: str, cond: int, a: int, b: int, c: int, text: str, reward: Reward, vp: int,
       needs: str = "world") -> Mission:
    return Mission(name, SECRET, cond, a, b, c, text, reward, vp, needs)


# ---------------------------------------------------------------- title quests and title cards
#
# seed: "There are six Title Quests total in the mission deck. Each title quest consists of three separate
# tasks." The tasks and the six title cards were designed here (docs/rules/shiver-me-timbers.md, "Designed
# here", "Titles"): every task is an event of this game the rules see happen.

# Task kinds (``Task.a`` is the island for Q_SELL_AT and Q_ANCHOR)
Q_SMALL, Q_LARGE, Q_CAPTAIN, Q_HUNTER, Q_MONSTER, Q_RAID, Q_GUNFIGHT, Q_MERCHANT, Q_MISSION, Q_SELL_AT, Q_SPOT, \
    Q_RITUAL, Q_ANCHOR, Q_RAISE, Q_SELL_TREASURE, Q_HIDE = range(16)


class Task(NamedTuple):
    kind: int
    a: int
    text: str


# Title cards (index = the quest's ``Mission.a``)
T_PRIVATEER, T_BUCCANEER, T_ADMIRAL, T_BARON, T_TIDES, T_KEEPER = range(6)


class Title(NamedTuple):
    name: str  # the quest and its title card share the name
    tasks: tuple[Task, Task, Task]
    bonus: str  # the title card's text: its bonus for the rest of the game
    vp: int  # seals on the completed quest (in the chest, like any completed mission)


TITLES = (
    Title("King's Privateer",
          (Task(Q_SMALL, -1, "Defeat a small merchant"), Task(Q_LARGE, -1, "Defeat a large merchant"),
           Task(Q_CAPTAIN, -1, "Defeat a pirate (another captain) in a boarding")),
          "+1 strength. You are a pirate hunter: the crown pays you 500 Gold for every captain you defeat in a "
          "boarding, and a captain who defeats you has defeated a pirate hunter.", 3),
    Title("The Governor's Buccaneer",
          (Task(Q_MONSTER, -1, "Defeat a monster"), Task(Q_HUNTER, -1, "Defeat a pirate hunter"),
           Task(Q_MISSION, -1, "Complete an official mission")),
          "You may acquire missions on any island, and every mission you complete pays 300 Gold more.", 3),
    Title("Admiral of the Crown",
          (Task(Q_GUNFIGHT, -1, "Hit a merchant in a gunfight"), Task(Q_RAID, -1, "Raid a fortress"),
           Task(Q_MERCHANT, -1, "Defeat a merchant in a boarding")),
          "+1 speed, and you may fire on a ship as fast as yours.", 3),
    Title("Baron of the Isles",
          (Task(Q_SELL_AT, ST, "Sell goods on São Tomé"), Task(Q_SELL_AT, SD, "Sell goods on St. David"),
           Task(Q_SELL_AT, LJ, "Sell goods on La Juanita")),
          "+100 Gold for every unit of goods you sell.", 3),
    Title("Lord of the Tides",
          (Task(Q_SPOT, -1, "End a Travel action on a special spot"), Task(Q_RITUAL, -1, "Play a ritual card"),
           Task(Q_ANCHOR, IO, "Drop anchor at Isla Oscura")),
          "+2 movement on every Travel action.", 3),
    Title("Keeper of the King's Seal",
          (Task(Q_RAISE, -1, "Raise a treasure"), Task(Q_SELL_TREASURE, -1, "Sell a treasure"),
           Task(Q_HIDE, -1, "Hide Gold or a treasure in your chest")),
          "+1 space on every treasure-hunt action, and scouting shows you 1 more card.", 3),
)
PROGRESS_MARKERS = 5  # seed: "Use the 5 wooden markers to track progress during treasure hunts, monster hunts and title quests."
PRIVATEER_STRENGTH = 1
PRIVATEER_BOUNTY = 500
BUCCANEER_GOLD = 300
ADMIRAL_SPEED = 1
BARON_GOLD = 100
TIDES_MOVE = 2
KEEPER_DIG = 1
KEEPER_SCOUT = 1


def quest_text(t: int) -> str:
    tasks = TITLES[t].tasks
    return (f"Three tasks, in any order: {tasks[0].text[0].lower() + tasks[0].text[1:]}; "
            f"{tasks[1].text[0].lower() + tasks[1].text[1:]}; {tasks[2].text[0].lower() + tasks[2].text[1:]}. "
            f"Title: {TITLES[t].bonus}")


MISSIONS = (
    # ---- official missions (open eye): 14 of the world, 3 of combat
    _o("Tidings: St. David", M_AT, SD, 0, 0, "Bring the governor's tidings to St. David.", Reward(500, crew=1), 1),
    _o("Tidings: São Tomé", M_AT, ST, 0, 0, "Bring the governor's tidings to São Tomé.", Reward(500, ritual=1), 1),
    _o("Tidings: La Juanita", M_AT, LJ, 0, 0, "Bring the governor's tidings to La Juanita.", Reward(700), 1),
    _o("Tidings: The Bay", M_AT, TB, 0, 0, "Carry a pardon to The Bay.", Reward(400, ritual=1), 1),
    _o("Tidings: Isla Oscura", M_AT, IO, 0, 0, "Carry a letter to the shaman of Isla Oscura.", Reward(500, crew=1), 1),
    _o("Rum for the Garrison", M_DELIVER, PR, RUM, 3, "Deliver 3 Rum to Port Royal.", Reward(900), 2),
    _o("The Governor's Chocolate", M_DELIVER, PR, COCOA, 3, "Deliver 3 Cocoa to Port Royal.", Reward(900), 2),
    _o("Sugar for the Fort", M_DELIVER, PR, SUGAR, 3, "Deliver 3 Sugar to Port Royal.", Reward(900), 2),
    _o("Grog for the Brotherhood", M_DELIVER, TB, RUM, 2, "Deliver 2 Rum to The Bay.", Reward(500, crew=1), 1),
    _o("Offerings for the Shaman", M_DELIVER, IO, COCOA, 2, "Deliver 2 Cocoa to Isla Oscura.",
       Reward(400, ritual=1), 1),
    _o("Medicine for La Juanita", M_DELIVER, LJ, RUM, 2, "Deliver 2 Rum to La Juanita.", Reward(700), 1),
    _o("Refit the Escort", M_STAT, SPEED, 5, 0, "Have a ship with speed 5 or more.", Reward(600), 1),
    _o("Arm the Privateer", M_STAT, STRENGTH, 5, 0, "Have a ship with strength 5 or more.", Reward(600), 1),
    _o("Chart the Fogbank", M_SPOT, SPOT_FOG, 1, 0, "End an action in the heart of the Fogbank.",
       Reward(400, treasure=1), 1),
    _o("The English Convoy", M_COMBAT, ENGLISH, 0, 0, "Defeat an English merchant.", Reward(500), 2,
       "combat")._replace(family=4),
    _o("Sink the Spanish Galleon", M_COMBAT, SPANISH, 1, 0, "Defeat a large Spanish merchant.", Reward(900), 2,
       "combat")._replace(family=5),
    _o("Storm the Fortress", M_COMBAT, -1, 2, 0, "Raid a fortress.", Reward(300), 2, "combat")._replace(family=6),
    # ---- secret tasks (closed eye): 13 of the world, 3 of combat
    _s("Hidden Hoard", M_CHEST, 2000, 0, 0, "Have 2,000 Gold hidden in your chest.", Reward(), 2),
    _s("Smuggler's Run", M_SELL_ONE, 5, 0, 0, "Sell 5 units of goods with one Trade action.", Reward(600), 2),
    _s("Grave Robber", M_RAISE_AT, IO, 0, 0, "Raise a treasure on Isla Oscura.", Reward(500), 2),
    _s("Saboteur's Pay", M_SABOTAGE, 0, 0, 0, "Make another captain lose an upgrade with a crew or ritual card.",
       Reward(400), 2),
    _s("The Secret Passage", M_SMUGGLE, 0, 0, 0, "Add a sea route to the map with the Reckless Smuggler.",
       Reward(300), 2),
    _s("Dark Arts", M_RITUALS_TURN, 2, 0, 0, "Play 2 ritual cards in one turn.", Reward(300), 2),
    _s("Ironclad", M_STAT, HULL, 6, 0, "Have a ship with hull 6 or more.", Reward(), 2),
    _s("Swift as the Wind", M_STAT, SPEED, 6, 0, "Have a ship with speed 6 or more.", Reward(), 2),
    _s("Collector", M_SHIP_TREASURES, 2, 0, 0, "Have 2 raised treasures on your ship at once.", Reward(300), 2),
    _s("Market Day", M_SPOT, SPOT_MARKET, 1, 0, "End an action on the Floating Market.", Reward(300), 1),
    _s("Wrecker's Omen", M_SPOT, SPOT_SHIPYARD, 1, 0, "End an action on the Ancient Shipyard.", Reward(upgrade=1), 1),
    _s("Spymaster", M_PEEKS, 3, 0, 0, "Peek at 3 merchants.", Reward(300), 2),
    _s("Harbour of Pestilence", M_PLAGUE, 0, 0, 0, "Bring the plague to an island with the Plague of Ah Puch.",
       Reward(300), 2),
    _s("Hunt the Hunter", M_COMBAT, -1, 3, 0, "Defeat a pirate hunter.", Reward(), 3, "combat"),
    _s("Rival Captain", M_COMBAT, -1, 4, 0, "Defeat another player in a boarding.", Reward(300), 2,
       "combat")._replace(family=7),
    _s("Warning Shot", M_COMBAT, DUTCH, 5, 0, "Win a gunfight against a Dutch merchant.", Reward(400), 1, "combat"),
    # ---- the six title quests (``a``: the title card, content.TITLES)
    *(Mission(t.name, TITLE, M_TITLE, i, 0, 0, quest_text(i), Reward(), t.vp, "titles")
      for i, t in enumerate(TITLES)),
)
BUILT = BUILT | {"titles"}
FAMILY_MISSIONS = tuple(i for i, m in enumerate(MISSIONS) if m.family >= 0)
MISSION_LIMIT = 3  # seed: "a maximum of 3 (revealed or hidden) missions"
MISSION_LOOK = 3  # seed: "Look at the top three cards of the mission deck."

# ---------------------------------------------------------------- crew and rituals

# Card effects
E_SPEED, E_STRENGTH, E_ROUTE, E_SABOTAGE, E_ACTION, E_SPY, E_UPGRADE, E_FENCE, E_DIG, E_WIND, E_KRAKEN, E_SCOUT, \
    E_CURSE, E_PLAGUE, E_GOLD = range(15)


class Card(NamedTuple):
    name: str
    copies: int
    gold: int  # a crew card's cost
    cost: tuple[int, int, int]  # a ritual's cost in Cocoa, Rum, Sugar
    effect: int
    value: int
    active_only: bool  # only the active player may play it (its effect is for the turn's own actions)
    text: str
    needs: str = "world"


CREW = (
    Card("Daring Cabin Boy", 4, 100, (0, 0, 0), E_SPEED, 3, False, "+3 speed until the end of the turn."),
    Card("Veteran Sellsword", 4, 100, (0, 0, 0), E_STRENGTH, 1, False, "+1 strength until the end of the turn."),
    Card("Reckless Smuggler", 2, 300, (0, 0, 0), E_ROUTE, 1, False,
         "Add a sea route from the box to the map, following the rules of map building."),
    Card("Scurvy Saboteur", 3, 200, (0, 0, 0), E_SABOTAGE, 1, False,
         "Another captain loses 1 strength upgrade (never below 1)."),
    Card("First Mate", 3, 400, (0, 0, 0), E_ACTION, 1, True,
         "Take 1 extra action this turn, or lure the Sea Serpent onto a free special spot."),
    Card("Masterful Spy", 3, 100, (0, 0, 0), E_SPY, 1, False,
         "Secretly look at one face-down merchant on the map, or at the top 3 cards of the treasure deck "
         "(they stay in order). A pirate hunter seen this way does not attack."),
    Card("Ship's Carpenter", 3, 300, (0, 0, 0), E_UPGRADE, 1, False, "+1 upgrade of your choice (never above 7)."),
    Card("Shady Fence", 3, 100, (0, 0, 0), E_FENCE, 300, False,
         "Sell up to 2 units of goods for 300 Gold each, wherever you are."),
    Card("Grizzled Digger", 2, 200, (0, 0, 0), E_DIG, 4, False,
         "Advance 4 spaces on your treasure track (you must be on its island)."),
)
RITUALS = (
    Card("Hummingbird Totem", 4, 0, (0, 0, 1), E_SPEED, 3, False, "+3 speed until the end of the turn."),
    Card("Power of Ik", 4, 0, (0, 1, 0), E_WIND, 0, False, "The wind blows 0 or 4 (your choice) until the end of the round."),
    Card("Call of the Kraken", 2, 0, (1, 2, 1), E_KRAKEN, 0, False,
         "Summon the Kraken onto a free special spot.", "monsters"),
    Card("Eye of Itzamna", 3, 0, (1, 0, 1), E_SCOUT, 3, False,
         "Look at the top 3 treasure cards, take 1 into your hand and put the others at the bottom."),
    Card("Jaguar Spirit", 3, 0, (2, 0, 0), E_STRENGTH, 3, False, "+3 strength until the end of the turn."),
    Card("Curse of Xibalba", 3, 0, (1, 1, 0), E_CURSE, 1, False, "Another captain loses 1 speed upgrade (never below 1)."),
    Card("Plague of Ah Puch", 3, 0, (0, 2, 0), E_PLAGUE, 0, False,
         "Put an active pest marker on an island that has none: the plague rages there until the end of the round."),
    Card("Ek Chuah's Bargain", 3, 0, (1, 1, 1), E_GOLD, 1000, False, "Take 1,000 Gold."),
    Card("Ix Chel's Blessing", 2, 0, (0, 1, 2), E_UPGRADE, 1, False, "+1 upgrade of your choice (never above 7)."),
)
CABIN_BOY, SELLSWORD, SMUGGLER, SABOTEUR, FIRST_MATE, SPY, CARPENTER, FENCE, DIGGER = range(9)
TOTEM, IK, KRAKEN, EYE, JAGUAR, CURSE, PLAGUE, BARGAIN, BLESSING = range(9)
MIN_CREW_COST = min(c.gold for c in CREW)


# ================================================================ combat (issue 16)

# ---------------------------------------------------------------- the duel plank
PLANK = 3  # spaces on each side of the centre; a captain pushed past the last one falls off the plank
PRELUDE_OFF = 3  # seed: "If the difference is higher than 3, the weaker captain is pushed off the plank right away."
DUEL_HAND = 4  # seed: "Deal 4 cards to each player."
SHIP_MARKER_VP = 2  # a captain's ship marker: seals for the first pirate who defeats them

# ---------------------------------------------------------------- the 30 duel cards
HIGH, MIDDLE, LOW = 0, 1, 2
ZONES = ("High", "Middle", "Low")
# the red side: an attack (a zone and its wounds in the corner) or a red special action
RED_ATTACK, RED_FEINT, RED_RIGG = 0, 1, 2
# the blue side: a guard (a zone) or a blue special action
BLUE_GUARD, BLUE_SAND, BLUE_INSULT = 0, 1, 2
RED_NAMES = ("Attack", "Feint", "Rigg")
BLUE_NAMES = ("Guard", "Throw sand", "Insult")
FEINT_TEXT = ("Resolve at once: you attack again straight away, and the other captain cannot block that attack "
              "with a guard (Throw sand and Insult still work).")
RIGG_TEXT = "Resolve at once: swing through the rigging — draw 2 duel cards. Then the roles swap."
SAND_TEXT = "Prevents all the wounds of any attack, whatever its zone."
INSULT_TEXT = ("Prevents some of the wounds of any attack, whatever its zone: half, rounded up — a 1-wound attack "
               "does nothing, a 2- or 3-wound attack 1.")


class DuelCard(NamedTuple):
    red: int  # RED_ATTACK, RED_FEINT or RED_RIGG
    zone: int  # the attack's zone (red attacks)
    wounds: int  # the wounds in the corner (red attacks)
    blue: int  # BLUE_GUARD, BLUE_SAND or BLUE_INSULT
    guard: int  # the guard's zone (blue guards)


def _dc(red: str, blue: str) -> DuelCard:
    """``"H3"`` a High Attack of 3 wounds, ``"F"`` Feint, ``"R"`` Rigg; ``"gM"`` a Middle Guard, ``"S"`` Throw
    sand, ``"I"`` Insult."""
    z = {"H": HIGH, "M": MIDDLE, "L": LOW}
    if red == "F":
        r = (RED_FEINT, -1, 0)
    elif red == "R":
        r = (RED_RIGG, -1, 0)
    else:
        r = (RED_ATTACK, z[red[0]], int(red[1:]))
    if blue == "S":
        b = (BLUE_SAND, -1)
    elif blue == "I":
        b = (BLUE_INSULT, -1)
    else:
        b = (BLUE_GUARD, z[blue[1]])
    return DuelCard(r[0], r[1], r[2], b[0], b[1])


DUEL_CARDS = tuple(_dc(r, b) for r, b in (
    # 18 plain cards: an attack on the red side, a guard of another zone on the blue
    ("H3", "gM"), ("H3", "gL"), ("H2", "gM"), ("H2", "gL"), ("H2", "gM"), ("H1", "gL"),
    ("M3", "gH"), ("M2", "gL"), ("M2", "gH"), ("M2", "gL"), ("M1", "gH"), ("M1", "gL"),
    ("L2", "gH"), ("L2", "gM"), ("L2", "gH"), ("L1", "gM"), ("L1", "gH"), ("L1", "gM"),
    # the red specials, with a guard on the blue side
    ("F", "gH"), ("F", "gM"), ("F", "gL"),
    ("R", "gH"), ("R", "gM"), ("R", "gL"),
    # the blue specials, with an attack on the red side
    ("H2", "S"), ("M1", "S"), ("L1", "S"),
    ("H1", "I"), ("M2", "I"), ("L2", "I"),
))
RIGG_DRAW = 2


def red_words(c: int) -> str:
    d = DUEL_CARDS[c]
    if d.red == RED_ATTACK:
        return f"{ZONES[d.zone]} Attack {d.wounds}"
    return RED_NAMES[d.red]


def blue_words(c: int) -> str:
    d = DUEL_CARDS[c]
    if d.blue == BLUE_GUARD:
        return f"{ZONES[d.guard]} Guard"
    return BLUE_NAMES[d.blue]


def insulted(wounds: int) -> int:
    """The wounds left after an Insult."""
    return wounds // 2


# ---------------------------------------------------------------- the 6 fortresses
F_DRILL, F_RAMPARTS, F_BATTERY, F_WALLS, F_GATE, F_REINFORCED = range(6)


class Fortress(NamedTuple):
    name: str
    strength: int
    rule: int
    text: str
    vp: int


FORTRESSES_DATA = (
    Fortress("Fort Charles", 6, F_DRILL, "Garrison drill: the captain of the guard is dealt 5 duel cards.", 3),
    Fortress("Castillo San Felipe", 5, F_RAMPARTS,
             "Ramparts: the captain of the guard chooses who attacks first, whatever the speeds.", 3),
    Fortress("Fort Zeelandia", 5, F_BATTERY, "Shore battery: the raider rolls the red die before the strengths "
             "are compared.", 3),
    Fortress("Fort Royal", 6, F_WALLS, "Stone walls: a duel that ends in the centre is lost by the raider.", 3),
    Fortress("Fort Saint-Louis", 7, F_GATE, "Narrow gate: the raider is dealt only 3 duel cards.", 3),
    Fortress("Fort Nassau", 4, F_REINFORCED, "Reinforcements: +1 strength for every fortress already raided "
             "in this game.", 3),
)
FORTRESSES = len(FORTRESSES_DATA)  # one face down on each island
FORTRESS_GOLD = 2000  # seed: "the 2,000 G indicated on it"
FORT_DRILL_HAND = 5
FORT_GATE_HAND = 3

# ---------------------------------------------------------------- the monsters and their hunt
MON_SERPENT, MON_KRAKEN = 0, 1
HUNT_LENGTH = 15  # seed: "As soon as you reach the 15th and final space on the track, the monster is defeated."
MK_BLUE, MK_RED = 0, 1  # a mark on a hunt track: landing on it rolls that die


class Monster(NamedTuple):
    name: str
    marks: tuple[tuple[int, int], ...]  # (space, MK_*)
    text: str


MONSTERS = (
    Monster("Sea Serpent", ((5, MK_BLUE), (10, MK_BLUE)), "Lured by a First Mate. Its coils (spaces 5 and 10) "
            "make you roll the blue die."),
    Monster("Kraken", ((4, MK_RED), (8, MK_BLUE), (12, MK_RED)), "Summoned by the Call of the Kraken. Its "
            "tentacles (spaces 4 and 12) make you roll the red die, its eye (space 8) the blue die."),
)

# hunt card options: what you do, and how far it takes you
O_ADVANCE, O_GOODS, O_LOSE, O_LOSE_ATTR, O_RED, O_BLUE, O_TEST, O_PAY, O_BACK, O_STACK, O_GOLD, O_REFIT = range(12)


class HuntOption(NamedTuple):
    kind: int
    a: int  # O_GOODS: the resource (-1 any); O_LOSE_ATTR, O_TEST: the attribute; O_PAY, O_GOLD: Gold
    b: int  # O_GOODS: units; O_TEST: the value to reach
    advance: int  # spaces forward (O_BACK: back)


class HuntCard(NamedTuple):
    name: str
    options: tuple[HuntOption, ...]


def _ho(kind: int, advance: int = 0, a: int = -1, b: int = 0) -> HuntOption:
    return HuntOption(kind, a, b, advance)


HUNT_CARDS = (
    HuntCard("The beast rises", (_ho(O_RED, 3), _ho(O_ADVANCE, 1))),
    HuntCard("Tentacles on deck", (_ho(O_LOSE, 4), _ho(O_RED, 2))),
    HuntCard("Bait the beast", (_ho(O_GOODS, 3, COCOA, 1), _ho(O_GOODS, 3, RUM, 1), _ho(O_ADVANCE, 1))),
    HuntCard("Chum in the water", (_ho(O_GOODS, 5, -1, 2), _ho(O_ADVANCE, 1))),
    HuntCard("Harpoons!", (_ho(O_TEST, 4, STRENGTH, 5), _ho(O_ADVANCE, 1))),
    HuntCard("Outrun the coils", (_ho(O_TEST, 3, SPEED, 5), _ho(O_BLUE))),
    HuntCard("Ram it", (_ho(O_TEST, 3, HULL, 5), _ho(O_ADVANCE, 1))),
    HuntCard("Brief respite", (_ho(O_GOLD, 0, 300), _ho(O_ADVANCE, 2))),
    HuntCard("Brief respite", (_ho(O_REFIT), _ho(O_ADVANCE, 1))),
    HuntCard("Too heavy", (_ho(O_GOODS, 0, -1, 2), _ho(O_BACK, 2))),
    HuntCard("Too heavy", (_ho(O_LOSE_ATTR, 0, HULL), _ho(O_BACK, 3))),
    HuntCard("Read the currents", (_ho(O_STACK, 1), _ho(O_ADVANCE, 1))),
    HuntCard("Old sailor's lore", (_ho(O_STACK, 0), _ho(O_ADVANCE, 2))),
    HuntCard("Fire the cannons", (_ho(O_BLUE), _ho(O_PAY, 3, 300))),
    HuntCard("Into the maelstrom", (_ho(O_BLUE), _ho(O_ADVANCE, 1))),
    HuntCard("Gold for the gunners", (_ho(O_PAY, 4, 500), _ho(O_RED, 2))),
    HuntCard("Sacrifice the cargo", (_ho(O_GOODS, 3, SUGAR, 1), _ho(O_GOODS, 3, RUM, 1), _ho(O_ADVANCE, 1))),
    HuntCard("Crew overboard", (_ho(O_LOSE_ATTR, 4, STRENGTH), _ho(O_RED, 2))),
    HuntCard("The beast dives", (_ho(O_BACK, 1), _ho(O_PAY, 1, 200))),
    HuntCard("Rigging snaps", (_ho(O_LOSE_ATTR, 3, SPEED), _ho(O_ADVANCE, 1))),
    HuntCard("Venom", (_ho(O_TEST, 2, HULL, 4), _ho(O_BLUE))),
    HuntCard("A clear shot", (_ho(O_ADVANCE, 3),)),
    HuntCard("Wounded beast", (_ho(O_ADVANCE, 2), _ho(O_BLUE))),
    HuntCard("Fury of the deep", (_ho(O_RED, 4), _ho(O_LOSE, 3))),
)


def hunt_option_words(o: HuntOption) -> str:
    adv = f"advance {o.advance}" if o.advance else ""
    k = o.kind
    if k == O_ADVANCE:
        return f"advance {o.advance}"
    if k == O_GOODS:
        what = f"{o.b} unit{'s' if o.b != 1 else ''} of goods" if o.a < 0 else f"{o.b} {RESOURCES[o.a]}"
        return f"discard {what}" + (f": {adv}" if adv else "")
    if k == O_LOSE:
        return f"lose 1 upgrade of your choice: {adv}"
    if k == O_LOSE_ATTR:
        return f"lose 1 {ATTRS[o.a]} upgrade" + (f": {adv}" if adv else "")
    if k == O_RED:
        return f"roll the red die (lose what it shows): {adv}"
    if k == O_BLUE:
        return "roll the blue die"
    if k == O_TEST:
        return f"test: {ATTRS[o.a]} {o.b} or more — {adv}; else lose 1 {ATTRS[o.a]} upgrade"
    if k == O_PAY:
        return f"pay {o.a} Gold: {adv}"
    if k == O_BACK:
        return f"go back {o.advance} space{'s' if o.advance != 1 else ''}"
    if k == O_STACK:
        return "look at the top hunt card, keep it on top or put it at the bottom" + (f"; {adv}" if adv else "")
    if k == O_GOLD:
        return f"take {o.a} Gold"
    return "take 1 upgrade of your choice"


def hunt_card_text(c: int) -> str:
    return " — or — ".join(hunt_option_words(o) for o in HUNT_CARDS[c].options)


class MonsterMarker(NamedTuple):
    name: str
    vp: int
    gold: int = 0
    upgrades: int = 0
    treasure: int = 0
    crew: int = 0
    ritual: int = 0


MONSTER_MARKERS = (
    MonsterMarker("Trophy head", 5),
    MonsterMarker("Ambergris", 3, gold=1500),
    MonsterMarker("Scales for armour", 3, upgrades=2),
    MonsterMarker("Sunken hoard", 3, treasure=1),
    MonsterMarker("Sailors' tales", 4, crew=1),
    MonsterMarker("Shaman's due", 4, ritual=1),
)


def marker_words(k: int) -> str:
    mk = MONSTER_MARKERS[k]
    parts = [f"{mk.vp} seals"]
    if mk.gold:
        parts.append(f"{mk.gold} Gold")
    if mk.upgrades:
        parts.append(f"{mk.upgrades} upgrades of your choice")
    if mk.treasure:
        parts.append("a treasure reward")
    if mk.crew:
        parts.append("a crew card")
    if mk.ritual:
        parts.append("a ritual")
    return ", ".join(parts)

# ---------------------------------------------------------------- lost family, rings, wishes, soulmates (issue 17)

# Where a relative waits: held by a pirate hunter, in the governor's prison, or found by a search.
HELD, PRISON, FOUND = 0, 1, 2
WHERE_NAMES = ("held by a pirate hunter", "in the governor's prison", "found by scouting and a search")
F_RING = 20  # the relative brings a ring (the soulmate quest)


class Relative(NamedTuple):
    name: str
    where: int
    vp: int
    bonus: int  # a lasting kind (L_*) that works from the rescue on, or F_RING
    value: int
    ring: str  # the ring the relative brings, or ""
    blurb: str


FAMILY = (
    Relative("father", HELD, 3, L_STRENGTH, 1, "", "an old gunner: +1 strength"),
    Relative("grandfather", HELD, 3, L_SPEED, 1, "", "a navigator of the old school: +1 speed"),
    Relative("aunt", HELD, 2, L_SELL, 100, "", "a shrewd trader: +100 Gold per unit of goods sold"),
    Relative("mother", HELD, 3, F_RING, 0, "Mother's Wedding Ring", "brings her wedding ring"),
    Relative("sister", PRISON, 2, L_SCOUT, 1, "", "knows every tavern: scouting shows 1 more card"),
    Relative("brother", PRISON, 2, L_STRENGTH, 1, "", "a swordsman: +1 strength"),
    Relative("uncle", PRISON, 2, L_DISCOUNT, 100, "", "a ship's carpenter: upgrades 100 Gold cheaper"),
    Relative("grandmother", PRISON, 3, F_RING, 0, "Grandmother's Ring", "brings the family ring"),
    Relative("son", FOUND, 2, L_DIG, 2, "", "a keen digger: +2 spaces per treasure-hunt action"),
    Relative("daughter", FOUND, 2, L_SPEED, 1, "", "a born sailor: +1 speed"),
    Relative("best friend", FOUND, 2, L_STRENGTH, 1, "", "a sworn brother-in-arms: +1 strength"),
)
FAMILY_RING = 100  # a ring brought by a relative is ring 100 + the relative (a treasure ring is its card)

# Wish conditions: counted from the moment the wish was kept (the quest's start), or a state of the ship.
W_SELL, W_RAISE, W_DEFEAT, W_MISSION, W_UPGRADE, W_GOLD, W_RITUAL = range(7)


class Wish(NamedTuple):
    name: str
    cond: int
    amount: int
    text: str


WISHES = (
    Wish("A Merchant's Promise", W_SELL, 4, "Sell 4 units of goods."),
    Wish("Pearls from the Deep", W_RAISE, 1, "Raise a treasure."),
    Wish("A Brave Heart", W_DEFEAT, 1, "Defeat a ship (a merchant, or a captain in a boarding)."),
    Wish("The Governor's Blessing", W_MISSION, 1, "Complete a mission for the governor."),
    Wish("A Worthy Ship", W_UPGRADE, 2, "Upgrade your ship twice."),
    Wish("A Dowry", W_GOLD, 1500, "Have 1,500 Gold on your ship."),
    Wish("The Shaman's Charm", W_RITUAL, 1, "Play a ritual card."),
)
WISH_LOOK = 3  # seed: "Reveal the top 3 cards from the wish deck."
WISH_CODE = 200  # ClaimMission(200 + wish): reveal the kept wish, its condition met


class Soulmate(NamedTuple):
    name: str
    vp: int
    bonus: int  # a lasting kind (L_*), B_GOLD (at once) or B_NONE
    value: int
    blurb: str


SOULMATES = (
    Soulmate("The Navigator", 2, L_SPEED, 1, "+1 speed"),
    Soulmate("The Fencing Master", 2, L_STRENGTH, 1, "+1 strength"),
    Soulmate("The Merchant's Heir", 2, B_GOLD, 800, "800 Gold at once"),
    Soulmate("The Governor's Niece", 4, B_NONE, 0, "no ability: the most seals"),
)


def family_where(f: int) -> str:
    """How relative ``f`` is rescued, in words (which hunter, mission or card)."""
    r = FAMILY[f]
    if r.where == HELD:
        m = next(m for m in MERCHANTS if m.family == r.name)
        return f"held by the {NATIONS[m.nation]} pirate hunter (strength {m.strength})"
    if r.where == PRISON:
        return f"freed by the mission {next(m.name for m in MISSIONS if m.family == f)}"
    t = next(t for t in TREASURES if t.family == f)
    return f"the card {t.name}: a search on {ISLANDS[t.island].name} ({t.length} spaces)"


# ---------------------------------------------------------------- sanity of the counts the seed gives

def _check() -> None:
    assert len(LIFE_GOALS) == 10 and LIFE_GOALS[4].name == "Brigand" and LIFE_GOALS[4].number == 5
    assert len(TALENTS) == 6 and TALENTS[TRAMP].name == "Tramp"
    assert len(ISLANDS) == 6
    assert len(ROUTES) == 10 and sum(r.length == SHORT for r in ROUTES) == 6
    assert len(MERCHANTS) == 28
    assert len(WIND_CARDS) == 20
    assert len(TREASURES) - len(FAMILY_CARDS) == 36 and sum(t.ring for t in TREASURES) == 4
    assert len(FAMILY) == 11 and len(WISHES) == 7 and len(SOULMATES) == 4
    assert sorted(m.family for m in MERCHANTS if m.family) == sorted(f.name for f in FAMILY if f.where == HELD)
    assert sorted(TREASURES[c].family for c in FAMILY_CARDS) == [i for i, f in enumerate(FAMILY) if f.where == FOUND]
    assert sorted(MISSIONS[c].family for c in FAMILY_MISSIONS) == [i for i, f in enumerate(FAMILY) if f.where == PRISON]
    assert sum(1 for f in FAMILY if f.ring) == 2
    assert len(EVENTS) == 20 and sorted(WIND_EVENT) == list(range(20))
    rapier = TREASURES[6]
    assert rapier.name == "Drake's Rapier" and rapier.island == ST_DAVID and rapier.length == 22
    assert len(MISSIONS) == 39 and sum(m.kind == TITLE for m in MISSIONS) == 6
    assert [m.a for m in MISSIONS if m.kind == TITLE] == list(range(len(TITLES)))
    assert ISLANDS[SAO_TOME].name == "São Tomé" and ISLANDS[ST_DAVID].name == "St. David"
    assert ISLANDS[LA_JUANITA].name == "La Juanita" and ISLANDS[ISLA_OSCURA].name == "Isla Oscura"
    assert TITLES[T_PRIVATEER].name == "King's Privateer" and TITLES[T_BUCCANEER].name == "The Governor's Buccaneer"
    assert MISSIONS[0].name == "Tidings: St. David" and MISSIONS[0].reward.gold == 500 and MISSIONS[0].reward.crew == 1
    assert sum(c.copies for c in CREW) == 27 and sum(c.copies for c in RITUALS) == 27
    for t in TREASURES:
        assert all(0 < sp < t.length for sp, _ in t.dice), t.name
    assert len(DUEL_CARDS) == 30 and len(FORTRESSES_DATA) == 6 and len(HUNT_CARDS) == 24
    assert len(MONSTER_MARKERS) == 6 and sum(m.hunter for m in MERCHANTS) == 6
    for z in range(3):  # as many guards as attacks in every zone
        assert sum(d.red == RED_ATTACK and d.zone == z for d in DUEL_CARDS) == 8
        assert sum(d.blue == BLUE_GUARD and d.guard == z for d in DUEL_CARDS) == 8


_check()
