"""Shardwake's components as data: Relics, island tiles, the Harbor board, the Storm deck, Agendas.

Everything the seed document leaves out is designed here (see docs/rules/shardwake.md,
"Designed here", for the reasons). Rule code reads these tables; it never spells out
a tile, a space or a card itself.
"""

from __future__ import annotations

from typing import NamedTuple

# ---------------------------------------------------------------- resources

AETHER, BALLAST, BRASS = 0, 1, 2
RESOURCES = ("Aether", "Ballast", "Brass")
CUBES = (30, 30, 20)  # seed: "30 Aether (blue cubes)", "30 Ballast (grey cubes)", "20 Brass (yellow cubes)"

# ---------------------------------------------------------------- relics

# seed: "32 Relic cards in 4 types (Sunglass, Tidebone, Clockheart, Starchart)"
RELIC_TYPES = ("Sunglass", "Tidebone", "Clockheart", "Starchart")


def relic(kind: int, value: int) -> int:
    """A Relic as a small int: type * 4 + (value - 1). Cards of one type and value are alike."""
    return kind * 4 + value - 1


def relic_type(code: int) -> int:
    return code >> 2


def relic_value(code: int) -> int:
    return (code & 3) + 1


def relic_name(code: int) -> str:
    return f"{RELIC_TYPES[code >> 2]} {(code & 3) + 1}"


# seed: "20 Outer, marked I on the back: each type has 3 × value 1 and 2 × value 2"
OUTER_RELICS = tuple(relic(k, v) for k in range(4) for v in (1, 1, 1, 2, 2))
# seed: "12 Deep, marked II on the back: each type has 2 × value 3 and 1 × value 4"
DEEP_RELICS = tuple(relic(k, v) for k in range(4) for v in (3, 3, 4))

# ---------------------------------------------------------------- islands


class IslandTile(NamedTuple):
    name: str
    deep: bool
    moor: tuple[int, int, int]  # Aether, Ballast, Brass printed on the Moor dock
    first: int  # majority value for the player with the most Claims
    second: int  # majority value for the runner-up
    why: str


# seed: "5 Outer Islands: 4 Crack slots, 2 docks" / "3 Deep Islands: 3 Crack slots, 2 docks"
ISLANDS: tuple[IslandTile, ...] = (
    IslandTile("Emberfall", False, (2, 0, 0), 5, 2,
               "the Aether island: fuels Salvage for whoever holds it"),
    IslandTile("Gullwing Reach", False, (0, 2, 0), 5, 2,
               "the Ballast island: storm money, so Covenant and Syndicate both watch it"),
    IslandTile("Copperhold", False, (1, 0, 1), 4, 2,
               "Brass is the scarce cube, so its majority is worth a little less"),
    IslandTile("Lantern Isle", False, (1, 1, 0), 5, 2,
               "a balanced Moor that nobody refuses"),
    IslandTile("Saltmarsh Spire", False, (0, 1, 1), 4, 2,
               "Ballast and Brass: the Charter and storm island"),
    IslandTile("The Hollow Crown", True, (1, 0, 2), 8, 4,
               "Deep: three cubes on the Moor and a rich majority, if it is still standing"),
    IslandTile("Starwell Abyss", True, (2, 1, 0), 7, 3,
               "Deep: Aether to salvage the very Relics that will sink it"),
    IslandTile("Mournspire", True, (0, 2, 1), 7, 3,
               "Deep: the Ballast that could save the sky sits on the island most likely to fall"),
)
OUTER_TILES = tuple(i for i, t in enumerate(ISLANDS) if not t.deep)
DEEP_TILES = tuple(i for i, t in enumerate(ISLANDS) if t.deep)
OUTER_SLOTS = 4

# seed: "3 players: 3 Outer + 2 Deep" / "4 players: 4 Outer + 2 Deep" / "5 players: 5 Outer + 3 Deep"
ISLANDS_BY_PLAYERS = {3: (3, 2), 4: (4, 2), 5: (5, 3)}
CACHE_SIZE = 3  # seed: "Deal 3 face-down Relics onto each island's Cache"

# ---------------------------------------------------------------- the Harbor board

GAIN, BRACE, CHARTER, FORECAST_PEEK = 0, 1, 2, 3


class HarborSpace(NamedTuple):
    key: str
    name: str
    min_players: int  # seed: "Spaces marked 4+ or 5 open only at that player count."
    calm: bool  # False: removed in Calm Skies
    kind: int  # GAIN, BRACE, CHARTER or FORECAST_PEEK
    cost: tuple[int, int, int]
    gain: tuple[int, int, int]
    text: str
    many: bool = False  # holds any number of ships (the Open Moorings); every other space holds one


HARBOR: tuple[HarborSpace, ...] = (
    HarborSpace("aether_well", "Aether Well", 3, True, GAIN, (0, 0, 0), (2, 0, 0), "gain 2 Aether"),
    HarborSpace("ballast_yard", "Ballast Yard", 3, True, GAIN, (0, 0, 0), (0, 2, 0), "gain 2 Ballast"),
    HarborSpace("foundry", "Foundry", 3, True, GAIN, (0, 0, 0), (1, 0, 1), "gain 1 Aether and 1 Brass"),
    HarborSpace("shipwright", "Shipwright", 3, True, BRACE, (0, 0, 0), (0, 1, 0),
                "Brace a standing island (it ignores the next storm Crack) and gain 1 Ballast"),
    HarborSpace("charter_office", "Charter Office", 3, False, CHARTER, (0, 0, 1), (0, 0, 0),
                "pay 1 Brass: place 1 Claim on any standing island"),
    HarborSpace("weather_station", "Weather Station", 3, False, FORECAST_PEEK, (0, 0, 0), (0, 1, 0),
                "gain 1 Ballast and secretly look at the next Storm card"),
    HarborSpace("guild_hall", "Guild Hall", 4, True, GAIN, (0, 0, 0), (0, 1, 1),
                "4+: gain 1 Ballast and 1 Brass"),
    HarborSpace("drydock", "Drydock", 5, True, BRACE, (0, 0, 0), (1, 0, 0),
                "5: Brace a standing island and gain 1 Aether"),
    # seed: "Keep going around until every ship is placed": a space that is never full, so every
    # ship always has a place, however many islands have Fallen or Caches run dry
    HarborSpace("open_moorings", "Open Moorings", 3, True, GAIN, (0, 0, 0), (0, 1, 0),
                "any number of ships: gain 1 Ballast", True),
)

# ---------------------------------------------------------------- the Storm deck

# Fail effects
SHEARWIND, UNDERTOW, MAELSTROM, ASHFALL, LIGHTNING, DEAD_CALM = range(6)


class Storm(NamedTuple):
    name: str
    fail: int
    thresholds: tuple[tuple[int, int, int], tuple[int, int, int]]  # per copy: 3, 4, 5 players
    fail_text: str


# seed: "Storm deck (2 copies of each)" — the two copies differ in Threshold (a lighter and a
# heavier front), which is what makes the Twin Charters "name only" forecast a real secret.
STORMS: tuple[Storm, ...] = (
    Storm("Shearwind", SHEARWIND, ((4, 5, 7), (5, 7, 8)),
          "1 Crack on every standing Outer island"),
    Storm("Undertow", UNDERTOW, ((4, 5, 7), (5, 7, 8)),
          "1 Crack on every standing Deep island"),
    Storm("Maelstrom", MAELSTROM, ((4, 5, 7), (5, 7, 8)),
          "2 Cracks on the standing island with the most Claims (every tied island)"),
    Storm("Ashfall", ASHFALL, ((4, 5, 7), (5, 7, 8)),
          "every player loses half their Aether (rounded down); 1 Crack on the most-Cracked island"),
    Storm("Lightning Gale", LIGHTNING, ((4, 5, 7), (5, 7, 8)),
          "1 Crack on every standing island with a ship at its Salvage dock"),
    Storm("Dead Calm", DEAD_CALM, ((6, 7, 8), (8, 8, 10)),
          "every player loses 2 Renown (not below 0)"),
)
STORM_CARDS = tuple(range(2 * len(STORMS)))  # card = storm * 2 + copy


def storm_of(card: int) -> Storm:
    return STORMS[card >> 1]


def threshold(card: int, players: int) -> int:
    return STORMS[card >> 1].thresholds[card & 1][players - 3]


# ---------------------------------------------------------------- storm rewards

STORM_TOP_REWARD = 3  # seed: "The highest contributor gains +3 Renown."
STORM_OTHER_REWARD = 1  # seed: "Every other player who contributed at least 1 Ballast gains +1 Renown."

# ---------------------------------------------------------------- Guild Agendas

SYNDICATE, COVENANT, LEDGER = 0, 1, 2
GUILDS = ("Chasm Syndicate", "Keel Covenant", "Gilded Ledger")
GUILD_SHORT = ("Syndicate", "Covenant", "Ledger")
AGENDA_DECK = (SYNDICATE, SYNDICATE, COVENANT, COVENANT, LEDGER, LEDGER)  # seed: "2 each"
GUILD_SCORES = (
    "Fall tokens: +2 Renown each (+3 in Twin Charters; the fall_value option makes it +3, +4 in Twin Charters)",
    "Relic sets: +9 for each set of all 4 types, then +4 for each set of 3 different types",
    "Handshakes: +2 Renown each for the first 4 (2 in Calm Skies, 3 in Twin Charters), +1 each after, counting at most 6 "
    "(the handshake_cap option)",
)
TWIN_FALL_BONUS = 1  # Twin Charters: a kept Syndicate Agenda scores 1 more per Fall token (lab-tuned)
HANDSHAKE_VALUE = 2  # for each of the first HANDSHAKE_FULL Handshakes
HANDSHAKE_FULL = 4
HANDSHAKE_FULL_CALM = 2  # Calm Skies: no Accusations expose a busy trader, so the taper comes sooner
HANDSHAKE_FULL_TWIN = 3  # Twin Charters: everyone trades more while holding two Agendas


def handshake_full(variant: str) -> int:
    """How many Handshakes score the full +2 in a variant (lab-tuned, docs/rules/shardwake.md)."""
    return {"calm-skies": HANDSHAKE_FULL_CALM, "twin-charters": HANDSHAKE_FULL_TWIN}.get(variant, HANDSHAKE_FULL)
HANDSHAKE_LATER = 1  # for each Handshake after those, up to the cap


def handshake_points(n: int, cap: int, full_count: int = HANDSHAKE_FULL) -> int:
    counted = min(n, cap)
    full = min(counted, full_count)
    return full * HANDSHAKE_VALUE + (counted - full) * HANDSHAKE_LATER


SET4_VALUE = 9
SET3_VALUE = 4
# Calm Skies with 3 players (rules v4, lab-tuned): no Accusations cost the Syndicate the most, and
# the Covenant completed its sets most easily there (docs/rules/shardwake.md, "Designed here")
CALM3_SET4_VALUE = 8
CALM3_FIRST_FALL_BONUS = 1  # the Syndicate's first Fall token scores 1 more


def calm3(variant: str, players: int) -> bool:
    """Calm Skies at 3 players: the one table with its own Agenda values."""
    return variant == "calm-skies" and players == 3


def set_values(variant: str, players: int) -> tuple[int, int]:
    """(a full set of all 4 types, a set of 3 types) in a variant and player count."""
    return (CALM3_SET4_VALUE if calm3(variant, players) else SET4_VALUE), SET3_VALUE


def fall_points(n: int, fall_value: int, variant: str, players: int) -> int:
    """A Syndicate's Renown for ``n`` Fall tokens (``fall_value`` each; in Calm Skies at 3 players
    the first scores 1 more)."""
    bonus = CALM3_FIRST_FALL_BONUS if calm3(variant, players) and n > 0 else 0
    return n * fall_value + bonus


def guild_score_text(guild: int, variant: str, players: int, fall_value: int, handshake_cap: int) -> str:
    """What a Guild scores at this table, for the player's own Agenda panel: the values the
    scoring uses here (``fall_value`` per token, Twin Charters' included; the Handshake cap), not
    the list of every variant's (``GUILD_SCORES``)."""
    if guild == SYNDICATE:
        first = f", the first +{fall_value + CALM3_FIRST_FALL_BONUS}" if calm3(variant, players) else ""
        return f"Fall tokens: +{fall_value} Renown each{first}"
    if guild == COVENANT:
        full, three = set_values(variant, players)
        return f"Relic sets: +{full} per set of all 4 types, +{three} per set of 3 types"
    full_count = handshake_full(variant)
    return f"Handshakes: +{HANDSHAKE_VALUE} Renown each for the first {full_count}, +{HANDSHAKE_LATER} each up to {handshake_cap}"


# ---------------------------------------------------------------- players' pieces

SHIPS = 3  # seed: "15 Airships: 3 per color"
CLAIMS = 15  # seed: "75 Claim discs: 15 per color"
START_SUPPLY = (2, 2, 1)  # seed: "2 Aether, 2 Ballast, and 1 Brass"
ROUNDS = 6
SKIFF_GAP = 5  # seed: "if the first player trails the Renown leader by 5 or more"
ACCUSE_REWARD = 3
TWIN_ACCUSE_REWARD = 4
SECRET_KEPT = 2
LEFTOVER_EVERY = 3
TRADE_MAX_ITEMS = 3  # designed: a proposal holds at most 3 items each way
