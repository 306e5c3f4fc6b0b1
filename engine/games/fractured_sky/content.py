"""Fractured Sky's components as data: the sky board (regions, explore slots, reward tiers,
building sites), troop-power chips, buildings, the starfall decks, the turn-order track,
objective cards and the automa's market deck.

The base game is not in the seed (the seed is the rulebook of the *Awakening* expansions);
everything here is designed in the spirit of that document and of the published outline
(see docs/rules/fractured-sky.md, "Designed here", for the reason behind each number).
Rule code reads these tables; it never spells out a region, a site or a card itself.
"""

from __future__ import annotations

from typing import NamedTuple

# ---------------------------------------------------------------- resources

GOLD, WOOD, IRON = 0, 1, 2
RESOURCES = ("gold", "wood", "iron")
START_RESOURCES = (2, 1, 1)  # every side starts with 2 gold, 1 wood, 1 iron
START_GOLD_PER_PLACE = 1  # and 1 more gold for each side ahead of it in round 1's turn order

# ---------------------------------------------------------------- the game's length

ROUNDS = 5  # published outline: "5 rounds"
MIN_SIDES = 3  # the board is made for 3–5 sides; 1 or 2 people are joined by the automa

# ---------------------------------------------------------------- airships and chips

SHIPS = 3  # published outline: "3 airships per player"
# published outline: "12 chips valued 0–10 with two 0s"
CHIPS = (0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
POWER_LIMIT = 10  # "the printed values a player commits in a round total at most 10"
MIN_POWER_FOR_REWARD = 1  # seed (Mythtusk): "You must have at least 1 troop power to be eligible for a reward tier."

# ---------------------------------------------------------------- the board


class Region(NamedTuple):
    name: str
    short: str  # up to 9 letters, for narrow screens
    produces: tuple[int, int]  # the two resources it produces; the first is what its markets collect
    tiers: tuple[tuple[int, int, int], ...]  # printed reward tiers, best first: (gold, wood, iron)
    row: int  # where it sits on the board: rows 0–2
    col: int  # columns in half-region steps (rows of 3 are offset by one)
    why: str


# Ten sky islands in rows of 3, 4 and 3. The printed tiers follow the starfalls that drop
# in a region: rank 1 takes the first reward on the list, rank 2 the next, and so on.
REGIONS: tuple[Region, ...] = (
    Region("Dreadful Desert", "Desert", (IRON, GOLD), ((1, 0, 1), (0, 0, 2), (1, 0, 0)), 0, 1,
           "the seed's own region (Thornspine's example): iron for fortresses, a little gold"),
    Region("Gilded Shoals", "Shoals", (GOLD, WOOD), ((1, 1, 0), (0, 2, 0), (1, 0, 0)), 0, 3,
           "the seed's payload example made real: after the starfall, 1 gold and 1 wood"),
    Region("Frostfall Ridge", "Frostfall", (IRON, WOOD), ((0, 1, 2), (0, 2, 0), (0, 0, 1)), 0, 5,
           "no gold at all, so three resources on the first tier"),
    Region("Whispering Woods", "Woods", (WOOD, GOLD), ((1, 2, 0), (1, 0, 0), (0, 1, 0)), 1, 0,
           "the wood region: a rich first tier, a lone gold second"),
    Region("Crystal Cascades", "Cascades", (GOLD, IRON), ((2, 0, 0), (1, 0, 1), (0, 0, 1)), 1, 2,
           "a central gold mine touched by the most sites: the crowded middle of the sky"),
    Region("Thunder Steppe", "Steppe", (WOOD, IRON), ((0, 2, 1), (0, 1, 1), (0, 1, 0)), 1, 4,
           "central, no gold: builders' timber and iron"),
    Region("Emberpeak", "Emberpeak", (IRON, GOLD), ((1, 0, 2), (0, 0, 2), (1, 0, 0)), 1, 6,
           "the forge at the eastern edge: the most iron in the sky"),
    Region("Verdant Vale", "Vale", (WOOD, IRON), ((0, 1, 1), (0, 2, 0), (0, 0, 1)), 2, 1,
           "a quiet corner with modest tiers: easy to hold alone"),
    Region("Mirewood Fen", "Fen", (GOLD, WOOD), ((2, 0, 0), (1, 1, 0), (0, 1, 0)), 2, 3,
           "gold in the south, contested from both central regions"),
    Region("Stormcrest Isles", "Stormcrest", (WOOD, GOLD), ((1, 1, 0), (0, 2, 0), (1, 0, 0)), 2, 5,
           "the south-eastern isles: wood and gold like the Shoals across the sky"),
)
N_REGIONS = len(REGIONS)


class Site(NamedTuple):
    """A building site on the border between 2 regions, or where 3 regions meet."""

    regions: tuple[int, ...]


# 12 sites on a border between two regions, 6 where three regions meet (a site holds one building).
SITES: tuple[Site, ...] = (
    Site((0, 1)), Site((1, 2)), Site((0, 3)), Site((2, 6)), Site((3, 4)), Site((4, 5)),
    Site((5, 6)), Site((3, 7)), Site((6, 9)), Site((7, 8)), Site((8, 9)), Site((4, 8)),
    Site((0, 1, 4)), Site((1, 2, 5)), Site((3, 4, 7)), Site((2, 5, 6)), Site((4, 7, 8)), Site((5, 8, 9)),
)
N_SITES = len(SITES)
SITE_REGIONS: tuple[tuple[int, ...], ...] = tuple(site.regions for site in SITES)
# per region: the sites that touch it
REGION_SITES: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, site in enumerate(SITES) if r in site.regions) for r in range(N_REGIONS)
)

# ---------------------------------------------------------------- buildings

MARKET, FORTRESS, SKIMMER = 0, 1, 2
BUILDINGS = ("market", "fortress", "skimmer")
# costs as (gold, wood, iron)
COSTS: tuple[tuple[int, int, int], ...] = (
    (1, 2, 0),  # market
    (1, 0, 2),  # fortress
    (0, 1, 1),  # skimmer
)
TRIPLE_SITE_EXTRA = (1, 0, 0)  # a site where three regions meet costs 1 gold more
# markets, fortresses, skimmers per side (skimmers come back every round). Five markets and five
# fortresses: the seed's bounty tie-break example ("a player with 5 Markets beats a player with 4
# Markets") must be possible, and its "4+" bounties ask for more than the least.
SUPPLY = (5, 5, 4)
PERMANENT = (MARKET, FORTRESS)  # "buildings" on sites; a skimmer fights one round and returns
SKIMMER_POWER = 1  # seed: skimmers "receive +1 troop power in addition to their base 1 troop power"
FORTRESS_POWER = 1  # seed: fortresses "in addition to their base +1 troop power"
MARKET_INCOME = 1  # per connected region where the owner is present


def site_cost(kind: int, site: int) -> tuple[int, int, int]:
    g, w, i = COSTS[kind]
    if len(SITES[site].regions) == 3:
        g += TRIPLE_SITE_EXTRA[0]
    return (g, w, i)


# ---------------------------------------------------------------- exploring and scouting

EXPLORE_COST = (1, 0, 0)  # a hidden starfall costs 1 gold to draw
SCOUTS_PER_ROUND = 1  # one scout (or forage) a round
FORAGE = 1  # a forage takes 1 resource of your choice

# ---------------------------------------------------------------- starfall decks

# One card per region; the public deck and the hidden deck are identical.
STARFALL_DECK: tuple[int, ...] = tuple(range(N_REGIONS))

# ---------------------------------------------------------------- the turn-order track

LAST_PICK_GOLD = 2  # published outline: "a turn-order track with a gold reward for picking last"

# ---------------------------------------------------------------- objective cards

# measures (scoring.measure computes them after the reveal)
(M_FIRSTS, M_BIG_REGION, M_MARKETS, M_FORTRESSES, M_SKIMMERS, M_BORDER, M_GOLD, M_IRON, M_WOOD,
 M_UNCONTESTED, M_EXPLORED, M_SCOUTED) = range(12)


class Objective(NamedTuple):
    name: str
    text: str
    measure: int
    minimum: int
    consolation: tuple[int, int, int]  # what every other side that reaches the minimum takes


OBJECTIVES: tuple[Objective, ...] = (
    Objective("Sky Sovereign", "Rank first in the most regions (at least 2).", M_FIRSTS, 2, (1, 0, 0)),
    Objective("Iron Fist", "Most troop power in a single region (at least 8).", M_BIG_REGION, 8, (0, 0, 1)),
    Objective("Trade Baron", "Most markets built (at least 2).", M_MARKETS, 2, (0, 1, 0)),
    Objective("Stone Walls", "Most fortresses built (at least 2).", M_FORTRESSES, 2, (0, 0, 1)),
    Objective("Skimmer Fleet", "Most skimmers in the sky this round (at least 2).", M_SKIMMERS, 2, (0, 1, 0)),
    Objective("Border Keeper", "Most buildings on sites that connect only 2 regions (at least 2).",
              M_BORDER, 2, (1, 0, 0)),
    Objective("Gold Hoard", "Most gold in your supply (at least 4).", M_GOLD, 4, (0, 1, 0)),
    Objective("Iron Stockpile", "Most iron in your supply (at least 4).", M_IRON, 4, (1, 0, 0)),
    Objective("Timber Reserve", "Most wood in your supply (at least 4).", M_WOOD, 4, (0, 0, 1)),
    Objective("Lone Outposts", "Uncontested in the most regions (at least 2).", M_UNCONTESTED, 2, (1, 0, 0)),
    Objective("Pathfinder", "Drew the most hidden starfalls this round (at least 1).", M_EXPLORED, 1, (1, 0, 0)),
    Objective("Spymaster", "Scouted the most times without taking a resource, this game (at least 2).",
              M_SCOUTED, 2, (1, 0, 0)),
)
OBJECTIVE_STARFALLS = 1  # the side that leads an objective gains 1 starfall

# ---------------------------------------------------------------- the automa's market deck

# what an automa step does
A_SHIP, A_MARKET, A_FORTRESS = 0, 1, 2
# where it goes on the turn-order track when its round is over
TAKE_FIRST, TAKE_LAST = 0, 1


class AutomaCard(NamedTuple):
    name: str
    values: tuple[int, int, int]  # the power its 3 airships reveal, highest first (total 9 or 10)
    plan: tuple[int, ...]  # its turns in order: A_SHIP ×3 and at most one building
    heading: int  # the region its ties start from (then upward, round the board)
    track: int  # TAKE_FIRST or TAKE_LAST
    last: int  # the resource it takes for the last space of the track (instead of gold)
    income: int  # the resource its markets collect this round


AUTOMA_DECK: tuple[AutomaCard, ...] = (
    AutomaCard("Iron Convoy", (6, 3, 1), (A_SHIP, A_FORTRESS, A_SHIP, A_SHIP), 0, TAKE_FIRST, IRON, IRON),
    AutomaCard("Gilded Caravan", (5, 4, 1), (A_MARKET, A_SHIP, A_SHIP, A_SHIP), 3, TAKE_LAST, GOLD, GOLD),
    AutomaCard("Timber Fleet", (7, 2, 1), (A_SHIP, A_SHIP, A_MARKET, A_SHIP), 6, TAKE_FIRST, WOOD, WOOD),
    AutomaCard("War Drums", (8, 2, 0), (A_SHIP, A_SHIP, A_SHIP), 9, TAKE_LAST, IRON, IRON),
    AutomaCard("Quiet Trade", (5, 3, 2), (A_SHIP, A_MARKET, A_SHIP, A_SHIP), 2, TAKE_LAST, WOOD, GOLD),
    AutomaCard("Bastion", (6, 4, 0), (A_FORTRESS, A_SHIP, A_SHIP, A_SHIP), 5, TAKE_FIRST, GOLD, IRON),
    AutomaCard("Long Watch", (4, 3, 2), (A_SHIP, A_SHIP, A_FORTRESS, A_SHIP), 8, TAKE_LAST, GOLD, WOOD),
    AutomaCard("Spearhead", (9, 1, 0), (A_SHIP, A_SHIP, A_SHIP), 1, TAKE_FIRST, WOOD, GOLD),
    AutomaCard("Open Market", (6, 2, 1), (A_SHIP, A_SHIP, A_MARKET, A_SHIP), 4, TAKE_LAST, IRON, WOOD),
    AutomaCard("Stormwall", (7, 3, 0), (A_SHIP, A_FORTRESS, A_SHIP, A_SHIP), 7, TAKE_FIRST, IRON, IRON),
)
AUTOMA_BROKE = (1, 0, 0)  # an automa that cannot pay for its building takes 1 gold instead


def resources_text(res: tuple[int, int, int] | list[int]) -> str:
    """``1 gold and 2 iron`` (``nothing`` for none)."""
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(res) if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# ================================================================ the Awakening expansions
# The seed is the rulebook of these four expansions. What it leaves open is designed here
# (docs/rules/fractured-sky.md, "Designed here"): the payload values, the eight bounties the
# box holds beyond the fourteen the document lists, the bounties' resource rewards, the Rift
# micro-expansion, and every number a power needs that the document does not print.

EXPANSIONS = ("payloads", "flagships", "guardians", "bounties")
# seed: "We recommend always playing with bounties and payload tokens, and then adding in either
# flagships or guardians." The New game screen pre-ticks this set (flagships for the either-or).
RECOMMENDED = ("bounties", "payloads", "flagships")
RECOMMENDED_EITHER = ("flagships", "guardians")
# seed: "Players: 2-5" (payloads, bounties), "Players: 1-5" (flagships, guardians)
MIN_PEOPLE = {"payloads": 2, "flagships": 1, "guardians": 1, "bounties": 2, "rift": 1}


def recommended(people: int) -> tuple[str, ...]:
    """The document's recommendation for a table of ``people`` (what their count allows)."""
    return tuple(x for x in RECOMMENDED if people >= MIN_PEOPLE[x])


# ---------------------------------------------------------------- payloads

# seed: "14 Payload Tokens". Designed: their values (troop power added on the reveal, outside
# the 10-limit). Mean 3.2: about a third of a round's chip budget, so one payload turns a
# middling airship into a winning one and two can beat a 10. None is worth 0 (you gave up a
# reward for it); the seed's example values, +4 and +3, sit in the middle.
PAYLOADS: tuple[int, ...] = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6)
N_PAYLOADS = len(PAYLOADS)

# ---------------------------------------------------------------- flagships


class Power(NamedTuple):
    name: str
    text: str  # the seed's words


class FlagshipBoard(NamedTuple):
    name: str
    sides: tuple[Power, Power]  # side A, side B


# power codes: board * 2 + side (0 = A, 1 = B)
(P_REDEPLOY, P_MERCENARIES, P_SMOKE, P_VEILED, P_SALVAGE, P_HULLS, P_PINCER, P_DREAD, P_FLEET,
 P_STRONGHOLD) = range(10)
FLAGSHIPS: tuple[FlagshipBoard, ...] = (
    FlagshipBoard("Grimroot", (
        Power("Strategic Redeployment", "Immediately before revealing troop power and hidden starfalls, you may "
                                        "move this airship to another region."),
        Power("Secret Mercenaries", "Your markets connected to this region give +1 troop power to this airship. "
                                    "This is in addition to their normal market ability."))),
    FlagshipBoard("Voidmaw", (
        Power("Smoke Screen", "All other airships in this region carrying a 10 troop power token receive "
                              "-3 troop power."),
        Power("Veiled Armaments", "If this airship is carrying a 2 troop power token, it receives +3 troop power."))),
    FlagshipBoard("Leviathan", (
        Power("Salvaged Materials", "Your buildings placed next to this region cost 1 fewer resource."),
        Power("Scavenged Hulls", "Your skimmers placed in this region cost 1 fewer resource."))),
    FlagshipBoard("Nautilorn", (
        Power("Pincer Strike", "Your other airships in this region receive +3 troop power."),
        Power("Dread Aura", "Other airships in this region have -1 troop power. This would include any of your "
                            "additional airships placed here."))),
    FlagshipBoard("Skyborne", (
        Power("Fleet Support", "Your skimmers in this region receive +1 troop power in addition to their base 1 "
                               "troop power."),
        Power("Fortified Stronghold", "Your fortresses connected to this region give +1 troop power to this airship "
                                      "in addition to their base +1 troop power."))),
)
N_FLAGSHIPS = len(FLAGSHIPS)
SMOKE_CHIP, SMOKE_MALUS = 10, 3  # Smoke Screen: airships carrying a 10 token receive -3
VEILED_CHIP, VEILED_BONUS = 2, 3  # Veiled Armaments: carrying a 2 token, +3
PINCER_BONUS = 3
DREAD_MALUS = 1
FLEET_BONUS = 1  # per skimmer
STRONGHOLD_BONUS = 1  # per fortress
MERCENARY_BONUS = 1  # per market
FLAGSHIP_DISCOUNT = 1  # Salvaged Materials, Scavenged Hulls: "1 fewer resource"
# designed: which resource the discount takes off — the one the building needs two of (a
# market's wood, a fortress's iron); a skimmer's iron (it needs one wood and one iron; iron is
# also what fortresses need, so the hull saves the scarcer one)
DISCOUNT_RESOURCE = (WOOD, IRON, IRON)  # market, fortress, skimmer
UNDRAFTED_GOLD = 1  # seed: "Place 1 gold token on each remaining flagship board."
FLAGSHIP_STANDARD_SHIPS = 2  # seed: "leaving them with only 2 of their standard airships"


def power_name(code: int) -> str:
    return FLAGSHIPS[code // 2].sides[code % 2].name


def flagship_side(code: int) -> str:
    return "AB"[code % 2]


# ---------------------------------------------------------------- guardians


class Guardian(NamedTuple):
    name: str
    text: str  # the seed's words
    example: str  # the seed's picture caption for it


CINDERWING, CRAGJAW, MYTHTUSK, THORNSPINE, CLOUDSEER, REEFHORN = range(6)
GUARDIANS: tuple[Guardian, ...] = (
    Guardian("Cinderwing", "In this guardian's region, do not award starfall rewards. Starfalls that drop here "
                           "will stay here until next round.", "Do Not Award Starfalls"),
    Guardian("Cragjaw", "In this guardian's region, building effects are doubled. This includes all markets and "
                        "fortresses that are connected to this region.", "Yellow Gains 4 Troop Power"),
    Guardian("Mythtusk", "In this guardian's region, swap the reward tier for 1st and 2nd most troop power. You must "
                         "have at least 1 troop power to be eligible for a reward tier. If you are the only player "
                         "with troop power in the region, gain any 1 reward tier.", "Red Gains The Starfall"),
    Guardian("Thornspine", "In this guardian's region, troop power limits are ignored.",
             "Green's troop power limit in Dreadful Desert is ignored"),
    Guardian("Cloudseer", "When Cloudseer is in play, add a starfall (or Rift starfall) to its card. In this "
                          "guardian's region, highest troop power wins that starfall, in addition to any other "
                          "reward. A player must be present in the region to win the starfall.",
             "Blue Gains 2 Starfalls"),
    Guardian("Reefhorn", "In this guardian's region, airships with a 0 troop power token (ignoring payloads) gain "
                         "+3 troop power.", "Yellow's Airship Gains +3 Troop Power"),
)
N_GUARDIANS = len(GUARDIANS)
GUARDIANS_IN_PLAY = 2  # seed: "Reveal the top 2 guardian cards"
CRAGJAW_FACTOR = 2  # "building effects are doubled"
REEFHORN_BONUS = 3

# ---------------------------------------------------------------- bounties

# what a bounty measures (scoring.bounty_measure computes it after the reveal)
(B_BUILDINGS, B_SKIMMER_WIN, B_BORDER, B_FORTRESSES, B_GAMBIT, B_TWO_RES, B_LOOKED, B_UNCONTESTED, B_HAUL,
 B_BIG_REGION, B_WOOD, B_IRON, B_MARKETS, B_GOLD, B_EXPLORED, B_SKIMMERS, B_PRESENCE, B_FIRSTS, B_TRIPLE,
 B_EACH_RES, B_BLUFF) = range(21)


class Bounty(NamedTuple):
    name: str
    text: str
    measure: int
    minimum: int
    reward: tuple[int, int, int]  # what every later claimant takes (gold, wood, iron)
    designed: bool  # one of the eight the document does not list (ours)


# seed: the 14 bounty cards it lists, in its order, then the 8 more the box holds (22), ours.
# The resource rewards are ours too except Lone Legion's and Manic Miner's (the seed's).
BOUNTIES: tuple[Bounty, ...] = (
    Bounty("Ardent Architect", "Have 7+ buildings built.", B_BUILDINGS, 7, (1, 1, 1), False),
    Bounty("Audacious Attempt", "Win a starfall in a region using only your skimmers.", B_SKIMMER_WIN, 1,
           (2, 0, 1), False),
    Bounty("Distinct Dominion", "Have 4+ buildings that only connect to 2 regions.", B_BORDER, 4, (2, 1, 0), False),
    Bounty("Fortified Frontier", "Have 4+ buildings that only connect to 2 regions.", B_BORDER, 4, (1, 0, 2), False),
    Bounty("Fortress Ferver", "Have 4+ fortresses built.", B_FORTRESSES, 4, (1, 2, 0), False),
    Bounty("Grand Gambit", "Have all of your airships in the same region.", B_GAMBIT, 1, (3, 0, 0), False),
    Bounty("Greedy Gatherer", "Have 6+ of any 2 resources.", B_TWO_RES, 6, (1, 1, 1), False),
    Bounty("Heedless Hoarder", "Scout 3+ times without taking a resource.", B_LOOKED, 3, (2, 0, 1), False),
    Bounty("Hidden Hermit", "Be uncontested in 3+ regions.", B_UNCONTESTED, 3, (1, 1, 1), False),
    Bounty("Lofty Loader", "Gain 6+ resources from one region.", B_HAUL, 6, (2, 1, 0), False),
    Bounty("Lone Legion", "Have 14+ total troop power in a single region.", B_BIG_REGION, 14, (2, 1, 0), False),
    Bounty("Lumber Lord", "Have 8+ wood in your supply.", B_WOOD, 8, (2, 0, 1), False),
    Bounty("Manic Miner", "Have 8+ iron in your supply.", B_IRON, 8, (3, 0, 0), False),
    Bounty("Master Merchant", "Have 4+ markets built.", B_MARKETS, 4, (1, 0, 2), False),
    # designed here: the eight the document does not list, in the same spirit (a race to a
    # visible goal, alliterative names), each measuring a part of the game the fourteen leave out
    Bounty("Gilded Glutton", "Have 8+ gold in your supply.", B_GOLD, 8, (0, 2, 1), True),
    Bounty("Stellar Seeker", "Draw 2+ hidden starfalls in one round.", B_EXPLORED, 2, (2, 1, 0), True),
    Bounty("Swift Squadron", "Have 3+ skimmers in the sky.", B_SKIMMERS, 3, (1, 1, 1), True),
    Bounty("Wide Wanderer", "Be present in 4+ regions.", B_PRESENCE, 4, (2, 0, 1), True),
    Bounty("Sovereign Skies", "Rank first in 3+ regions.", B_FIRSTS, 3, (2, 1, 0), True),
    Bounty("Triple Threat", "Have 3+ buildings that connect to 3 regions.", B_TRIPLE, 3, (1, 1, 1), True),
    Bounty("Balanced Barterer", "Have 3+ of each resource.", B_EACH_RES, 3, (2, 0, 1), True),
    Bounty("Bold Bluff", "Rank first in a region with only 0 troop power tokens on your airships there.",
           B_BLUFF, 1, (2, 1, 0), True),
)
N_BOUNTIES = len(BOUNTIES)
BOUNTY_SLOTS = 5  # seed: "Place 1 bounty card face up on each of the 5 slots on the objective tray."
BOUNTY_STARFALLS = 1  # seed: "The first player to complete a bounty gains a starfall."

# ---------------------------------------------------------------- the Rift (a micro-expansion)

# seed: "If playing with the Rift micro-expansion, place one Rift starfall below each bounty
# card on top of the star icon." / Cloudseer: "add a starfall (or Rift starfall) to its card".
# Designed: a Rift starfall is a starfall torn from the Rift, worth 1, 2 or 3 starfalls, face
# up (its worth is public: the race shows its prize). Ten tokens; they come out at random.
RIFT_STARFALLS: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 2, 2, 3, 3)
