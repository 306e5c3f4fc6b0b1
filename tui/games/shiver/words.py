"""Shiver Me Timbers' symbols and words at the table.

Every symbol reads without colour: a seat is its letter (``R``), a good is its letter
(``C`` Cocoa, ``R`` Rum, ``S`` Sugar — in the hold, never beside a seat letter), a merchant
its kind (``m`` small, ``M`` large, face down; ``¤`` known honorable; ``h`` a pirate hunter
only you know of; ``H`` a revealed pirate hunter), a space its shape (``·`` sea, ``≈`` fog,
``○`` an empty anchor, ``◈`` a special spot, ``Ψ`` a monster on it).

Board keys (what the cursor walks and moves target):
``n:<node>`` a space of the finished map (islands are nodes 0-5) · ``site:<x>:<y>`` where an
island may go · ``port:<x>:<y>:<dir>`` a route aimed from an island or spot · ``rot:<route>``
a route that may turn · ``act:<k>`` an action · ``attr:<a>`` speed, strength, hull ·
``cargo:<r>`` a good in the hold · ``crew:<t>`` / ``rit:<t>`` a card in hand · ``tcard:<c>`` a
treasure card · ``tre:<c>`` a raised treasure · ``mis:<c>`` a mission · ``quest:<c>:<i>`` task i of
a title quest you hold · ``goal:<g>`` a life
goal · ``take:<c>`` a card shown to you · ``wish:<w>`` a wish · ``soul:<k>`` a soulmate marker · ``deck:<t>`` a card type in the crew or ritual deck ·
``seat:<k>`` a captain · ``pass``, ``end``, ``peek:none``, ``buy:<n>``, ``sell``, ``gain:<r>``,
``dump:<r>``, ``deck-m`` / ``deck-t`` (Port Royal's look), ``chest:<amount>``.
"""

from __future__ import annotations

from typing import Any

from engine.games.shiver import content as C
from engine.games.shiver.text import DIR_WORDS as DIR_WORDS

GOODS = "CRS"  # Cocoa, Rum, Sugar
GOOD_CLASSES = ("sea--cocoa", "sea--rum", "sea--sugar")
EMPTY_DISC = "○"
SAIL = "▲"
CANNON = "■"
SLOT = "·"
SEA = "·"
FOG = "≈"
ANCHOR = "○"
SPOT = "◈"
MONSTER = "Ψ"  # the Sea Serpent or the Kraken on a special spot
ISLAND_PORT = "◉"
PATH = "•"
FORTRESS = "▲"
FORTRESS_RAIDED = "△"
PLAGUE = "✚"
STAR = "★"  # your secret goal (only you see it)
DICE = {C.D_GREEN: "G", C.D_WHITE: "W", C.D_BOTH: "B", C.D_RED: "R"}
ARROWS = "→↗↑↖←↙↓↘"  # chart.DIRS order: E NE N NW W SW S SE
ACTION_SHORT = ("Travel", "Upgrade", "Buy", "Sell", "Hire crew", "Learn ritual", "Scout", "Dig", "Mission",
                "Gunfight", "Board", "Raid", "Hunt")
ACTION_WORDS = {
    C.ACT_MISSION: "missions", C.ACT_SELL: "sell", C.ACT_SCOUT: "scout", C.ACT_UPGRADE: "upgrade",
    C.ACT_BUY: "buy", C.ACT_HIRE: "crew", C.ACT_LEARN: "rituals",
}
SPOT_SHORT = {"Ancient Shipyard": "Shipyard", "Mangroves": "Mangroves", "Floating Market": "Market",
              "Fogbank": "Fogbank"}
SPOT_DOES = {
    "Ancient Shipyard": "ending a voyage here rolls the white die (an action, 200 Gold or an upgrade)",
    "Mangroves": "ending a voyage here rolls the green die (a good)",
    "Floating Market": "ending a voyage here pays 100 Gold",
    "Fogbank": "its seven spaces are fog: an attack here gets +1 strength",
}
FAILS = (  # the rules of map building a route aimed somewhere keeps (✓) or breaks (✗), as chart.route_check says
    (1, "", "off the table"),
    (2, "", "touches no island or spot"),
    (4, "port free", "port taken by"),
    (8, "no shared sea", "shares sea with"),
    (16, "no crossing", "crosses"),
    (32, "spot on open sea", "its spot would not lie on open sea"),
    (64, "", "leaves no open end for your island"),
)


def name_of(view: Any, seat: int) -> str:
    if 0 <= seat < len(view.names):
        return view.names[seat]
    return f"Seat {seat + 1}"


def goods_text(units: list[int] | tuple[int, ...], empty: str = "no goods") -> str:
    parts = [f"{n} {C.RESOURCES[r]}" for r, n in enumerate(units) if n]
    return ", ".join(parts) or empty


def gold(n: int) -> str:
    return f"{n:,} G"


def card_name(code: int) -> str:
    """A crew card (0-8) or a ritual (10 + type)."""
    return C.CREW[code].name if code < 10 else C.RITUALS[code - 10].name


def ritual_cost(r: Any) -> str:
    return " + ".join(f"{n} {C.RESOURCES[k]}" for k, n in enumerate(r.cost) if n)


def route_name(view: Any, k: int) -> str:
    """A placed route in words: "the Mangroves route (São Tomé – La Juanita)"."""
    if not 0 <= k < len(view.routes):
        return "a route"
    r = view.routes[k]
    ends = " – ".join(r.ends)
    kind = "a short route" if r.length == 1 else f"the {r.name}"
    return f"{kind} ({ends})"


def node_words(view: Any, node: int) -> str:
    """A space of the map in words."""
    if node < 6:
        return C.ISLANDS[node].name
    if 0 <= node < len(view.nodes):
        nv = view.nodes[node]
        if nv.spot:
            return nv.spot
        route = C.ROUTES[nv.tile].name if nv.tile >= 0 else "sea"
        what = "anchor" if nv.kind == "anchor" else ("fog" if nv.fog else "sea space")
        return f"{what} on the {route.lower() if nv.tile < 6 else route}"
    return f"space {node}"


def merchant_token(mv: Any) -> str:
    """One cell for a merchant: what this seat knows of it."""
    if mv.face == "up":
        return "H" if mv.honorable == "no" else "M"
    if mv.known and mv.honorable == "no":
        return "h"
    if mv.honorable == "yes" and (mv.known or mv.size == "large"):
        return "¤"
    return "m" if mv.size == "small" else "M"


def merchant_words(mv: Any) -> str:
    size = "small" if mv.size == "small" else "large"
    if mv.nation:
        kind = "pirate hunter" if mv.honorable == "no" else "honorable trader"
        face = "face up" if mv.face == "up" else "face down — you peeked"
        return (f"a {size} {mv.nation} {kind} ({face}): speed {mv.speed}, strength {mv.strength}, "
                f"hull {mv.hull}; reward {mv.reward}; {mv.vp} seal{'s' if mv.vp != 1 else ''}")
    if mv.honorable == "yes":
        why = "small merchants are all honorable" if size == "small" else "a captain peeked on its spot"
        return f"a {size} merchant, face down: an honorable trader ({why})"
    return f"a {size} merchant, face down: honorable or a pirate hunter? Peek to know"


def treasure_line(c: int) -> str:
    t = C.TREASURES[c]
    return f"{t.name} ({C.ISLANDS[t.island].short}, {t.length})"


def island_offers(i: int) -> str:
    isl = C.ISLANDS[i]
    parts = []
    if isl.produces >= 0:
        parts.append(f"buy {C.RESOURCES[isl.produces]} 100")
    sells = [f"{GOODS[r]} {p}" for r, p in enumerate(isl.sells) if p]
    if sells:
        parts.append("sell " + " ".join(sells))
    for a in isl.actions:
        if a in (C.ACT_HIRE, C.ACT_LEARN, C.ACT_MISSION):
            parts.append(ACTION_WORDS[a])
    return " · ".join(parts)


# ---- titles (issue 17 part B): the title cards' bonuses in a few words, and a quest's marks
TASK_DONE = "✓"  # a task done: a progress marker on it
TASK_OPEN = "○"
TITLE_SHORT = (
    "+1 strength, pirate hunter",
    "missions anywhere, +300 G each",
    "+1 speed, fires at equal speed",
    "+100 G a unit sold",
    "+2 movement",
    "+1 dig, scouting +1 card",
)


def quest_marks(done: int) -> str:
    """A quest's three tasks as marks: ✓ done, ○ still open."""
    return "".join(TASK_DONE if done >> i & 1 else TASK_OPEN for i in range(3))


def quest_done(sv: Any, card: int) -> int:
    """The tasks done on a title quest a captain holds (bit i: task i), from its seat's view."""
    done = dict(zip(sv.missions_open, sv.quest_tasks or [0] * len(sv.missions_open), strict=False))
    return done.get(card, 0)


def quest_words(title: int, done: int) -> str:
    """A title quest in one sentence: its tasks, which are done, and the title it wins."""
    t = C.TITLES[title]
    tasks = " · ".join(f"{TASK_DONE if done >> i & 1 else TASK_OPEN} {task.text}" for i, task in enumerate(t.tasks))
    return (f"{t.name} (title quest, {bin(done).count('1')} of 3 done, in any order): {tasks}. "
            f"Title: {t.bonus}")
