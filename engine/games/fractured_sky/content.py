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
SUPPLY = (4, 4, 4)  # markets, fortresses, skimmers per side (skimmers come back every round)
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
