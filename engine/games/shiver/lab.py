"""The Shiver Me Timbers playtest lab: the figures a designer looks at, over many bot games.

    gangplank lab shiver --games N --players P [--bots LEVEL[,LEVEL...]] [--option map=draft]
        [--vs-option K=V ...] [--json | --csv FILE]

The generic runner (``engine/lab.py``) plays the games and prints the figures; this module says
what a finished game contributes (``record``) and which figures matter (``metrics``), each a
ratio summed over games so that two settings compare with a paired confidence interval:
life-goal completion (claimed when dealt, achieved when chosen in secret), the win share of each
goal and of each secret pair, game length in rounds and which trigger ended the game, Gold by
source and spending, win share by origin, talent and seat, and how often every crew and ritual
card is taken and played. ``charts`` prints the spread of the win shares (1.0 is fair); the
``heuristic-any`` bot level draws goals, origin and talent at random, so every one is played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.core.rules import Result
from engine.core.stats import Metric, rate
from engine.games.shiver import content as C
from engine.games.shiver.scoring import LINES
from engine.games.shiver.state import SOURCES, State

TITLE = "Shiver Me Timbers lab"


# ---------------------------------------------------------------- what a captain ends the game with
#
# The report "which of these correlate with winning" is generic over what the final score breakdown
# (``Result.details``) carries per seat: one line per kind of holding (life goals, titles, relatives,
# soulmates); another kind is one more line.


class Holding(NamedTuple):
    key: str
    label: str
    items: Callable[[dict[str, Any], int], list[int]]  # (result details, seat) -> what that seat holds at the end
    name: Callable[[int], str]
    size: int  # the items there are (0, 1, ... size - 1)


HOLDINGS: tuple[Holding, ...] = (
    Holding("goal", "Life goal claimed",
            lambda d, x: [g for g, c in zip(d["goals"], d["claims"], strict=True) if x in c],
            lambda k: C.LIFE_GOALS[k].name, len(C.LIFE_GOALS)),
    Holding("first", "Life goal claimed first",
            lambda d, x: [g for g, c in zip(d["goals"], d["claims"], strict=True) if c and c[0] == x],
            lambda k: C.LIFE_GOALS[k].name, len(C.LIFE_GOALS)),
    Holding("secret", "Secret goal (chosen)", lambda d, x: list(d["secret_goals"][x]),
            lambda k: C.LIFE_GOALS[k].name, len(C.LIFE_GOALS)),
    Holding("title", "Title held", lambda d, x: list(d["titles"][x]), lambda k: C.TITLES[k].name, len(C.TITLES)),
    Holding("family", "Relative rescued", lambda d, x: [f for f, _ in d["family"][x]],
            lambda k: C.FAMILY[k].name, len(C.FAMILY)),
    Holding("soulmate", "Soulmate won", lambda d, x: [d["soulmates"][x][0]] if d["soulmates"][x][0] >= 0 else [],
            lambda k: C.SOULMATES[k].name, len(C.SOULMATES)),
)


def holdings(details: dict[str, Any], players: int) -> dict[str, list[list[int]]]:
    """Per kind of holding, per seat: what it ends the game with (a kind the details do not carry is left out)."""
    out: dict[str, list[list[int]]] = {}
    for h in HOLDINGS:
        try:
            out[h.key] = [sorted(set(h.items(details, x))) for x in range(players)]
        except (KeyError, IndexError, TypeError):
            continue
    return out


# ---------------------------------------------------------------- one game


def record(s: State, r: Result, seed: int, moves: int) -> dict[str, Any]:
    """The figures one finished game contributes (plain data)."""
    p = s.players
    winners = list(r.ranking[0])
    return {
        "seed": seed,
        "players": p,
        "map": "draft" if s.map_mode else "quick-start",
        "goals": list(s.goals),
        "secrets": [sorted(x) for x in s.secret],
        "claims": [list(c) for c in s.claims],
        "winners": winners,
        "scores": list(r.scores),
        "lines": [[v for _, v in ln] for ln in r.breakdown],
        "origins": list(s.origin),
        "talents": list(s.talent),
        "rounds": s.round,
        "trigger": {1: "goals", 2: "wind"}.get(s.trigger, ""),
        "income": [list(x) for x in s.income],
        "spent": [list(x) for x in s.spent],
        "taken": list(s.taken),
        "played": list(s.played),
        "missions": [len(x) for x in s.m_done],
        "raised": list(s.raised),
        "sold": list(s.sold),
        "moves": moves,
        "epic": s.epic,
        "events": s.events,
        "holds": holdings(r.details or {}, p),
        # combat: merchant markers won, captains beaten in a boarding, fortress markers, monsters slain
        "defeated": [len(x) for x in s.defeated],
        "beaten": list(s.beaten),
        "forts": [len(x) for x in s.forts_won],
        "monsters": [len(x) for x in s.monsters_won],
        # the soulmate quest: rings that began one, and wishes fulfilled (issue 17)
        "quests": len(s.rings_used),
        "wishes": sum(1 for w in s.wish_done if w >= 0),
    }


def _share(g: dict[str, Any], seat: int) -> float:
    return 1.0 / len(g["winners"]) if seat in g["winners"] else 0.0


def _holders(g: dict[str, Any], key: str, k: int) -> int:
    held = g.get("holds", {}).get(key)
    return sum(1 for items in held if k in items) if held else 0


def _with(g: dict[str, Any], key: str, k: int) -> tuple[float, int]:
    held = g.get("holds", {}).get(key)
    if not held:
        return (0.0, 0)
    seats = [x for x, items in enumerate(held) if k in items]
    return (sum(_share(g, x) for x in seats) * g["players"], len(seats))


def metrics(players: int, options: Any = None) -> list[Metric]:
    ms: list[Metric] = []
    pool = C.goals_in_play()
    for gid in pool:
        name = C.LIFE_GOALS[gid].name
        ms.append(Metric(f"goal_claimed.{gid}", f"{name}: claimed by someone (when dealt)",
                         lambda g, gid=gid: (sum(1 for gl, c in zip(g["goals"], g["claims"], strict=True)
                                                 if gl == gid and c), g["goals"].count(gid)), True))
    for gid in pool:
        name = C.LIFE_GOALS[gid].name
        ms.append(Metric(f"secret_done.{gid}", f"{name}: achieved when chosen in secret",
                         lambda g, gid=gid: (sum(1 for x in range(g["players"]) if gid in g["secrets"][x]
                                                 and x in g["claims"][g["goals"].index(gid)]),
                                             sum(1 for x in range(g["players"]) if gid in g["secrets"][x])), True))
    for gid in pool:
        name = C.LIFE_GOALS[gid].name
        # a goal's win rate when chosen: wins (ties shared) per player who chose it, times the player count
        ms.append(Metric(f"win_by_goal.{gid}", f"{name}: win share when chosen (1.0 = fair)",
                         lambda g, gid=gid: (sum(_share(g, x) for x in range(g["players"]) if gid in g["secrets"][x])
                                             * g["players"],
                                             sum(1 for x in range(g["players"]) if gid in g["secrets"][x]))))
    pairs = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1:]]
    for a, b in pairs:
        label = f"Pair {C.LIFE_GOALS[a].name} + {C.LIFE_GOALS[b].name}: win share"
        ms.append(Metric(f"win_by_pair.{a}-{b}", label,
                         lambda g, a=a, b=b: (sum(_share(g, x) for x in range(g["players"])
                                                  if g["secrets"][x] == [a, b]) * g["players"],
                                              sum(1 for x in range(g["players"]) if g["secrets"][x] == [a, b]))))
    ms += [
        Metric("rounds", "Game length (rounds)", lambda g: (g["rounds"], 1)),
        Metric("ended_by_goals", "Ended by the second-to-last life goal", lambda g: (g["trigger"] == "goals", 1), True),
        Metric("ended_by_wind", "Ended by the last wind card", lambda g: (g["trigger"] == "wind", 1), True),
        Metric("claims_per_player", "Life goals claimed per player",
               lambda g: (sum(len(c) for c in g["claims"]), g["players"])),
    ]
    # which holdings go with winning: the win share of the captains who end the game with it (1.0 = fair)
    for h in HOLDINGS:
        for k in range(h.size):
            ms.append(Metric(f"win_with.{h.key}.{k}", f"{h.label}: {h.name(k)} — win share (1.0 = fair)",
                             lambda g, h=h, k=k: _with(g, h.key, k)))
            ms.append(Metric(f"held.{h.key}.{k}", f"{h.label}: {h.name(k)} — held per player",
                             lambda g, h=h, k=k: (_holders(g, h.key, k), g["players"]), True))
    for k, line in enumerate(LINES):
        ms.append(Metric(f"points.{k}", f"Points from {line.lower()} (per player)",
                         lambda g, k=k: (sum(ln[k] for ln in g["lines"] if k < len(ln)), g["players"])))
    for k, src in enumerate(SOURCES):
        ms.append(Metric(f"gold_by_source.{k}", f"Gold from {src} (per player)",
                         lambda g, k=k: (sum(x[k] for x in g["income"]), g["players"])))
    for k, what in enumerate(("goods", "upgrades", "crew")):
        ms.append(Metric(f"gold_spent.{k}", f"Gold spent on {what} (per player)",
                         lambda g, k=k: (sum(x[k] for x in g["spent"]), g["players"])))
    ms += [
        Metric("missions_done", "Missions completed per player", lambda g: (sum(g["missions"]), g["players"])),
        Metric("treasures_raised", "Treasures raised per player", lambda g: (sum(g["raised"]), g["players"])),
        Metric("goods_sold", "Goods sold per player", lambda g: (sum(g["sold"]), g["players"])),
        Metric("merchants_defeated", "Merchants defeated per player",
               lambda g: (sum(g.get("defeated", [])), g["players"])),
        Metric("captains_beaten", "Captains beaten in a boarding per player",
               lambda g: (sum(g.get("beaten", [])), g["players"])),
        Metric("fortresses_taken", "Fortresses taken per game", lambda g: (sum(g.get("forts", [])), 1)),
        Metric("monsters_slain", "Monsters slain per game", lambda g: (sum(g.get("monsters", [])), 1)),
        Metric("soulmate_quests", "Soulmate quests begun per game", lambda g: (g.get("quests", 0), 1)),
        Metric("wishes_fulfilled", "Soulmate quests begun: the wish fulfilled",
               lambda g: (g.get("wishes", 0), g.get("quests", 0)), True),
    ]
    for o in range(6):
        ms.append(Metric(f"win_by_origin.{o}", f"Origin {C.ISLANDS[o].name}: win share (1.0 = fair)",
                         lambda g, o=o: (sum(_share(g, x) for x in range(g["players"]) if g["origins"][x] == o)
                                         * g["players"], sum(1 for x in g["origins"] if x == o))))
        ms.append(Metric(f"origin_chosen.{o}", f"Origin {C.ISLANDS[o].name}: chosen",
                         lambda g, o=o: (sum(1 for x in g["origins"] if x == o), g["players"]), True))
    for t in range(6):
        ms.append(Metric(f"win_by_talent.{t}", f"Talent {C.TALENTS[t].name}: win share (1.0 = fair)",
                         lambda g, t=t: (sum(_share(g, x) for x in range(g["players"]) if g["talents"][x] == t)
                                         * g["players"], sum(1 for x in g["talents"] if x == t))))
        ms.append(Metric(f"talent_chosen.{t}", f"Talent {C.TALENTS[t].name}: chosen",
                         lambda g, t=t: (sum(1 for x in g["talents"] if x == t), g["players"]), True))
    for k in range(18):
        card = C.CREW[k] if k < 9 else C.RITUALS[k - 9]
        kind = "crew" if k < 9 else "ritual"
        ms.append(Metric(f"card_taken.{k}", f"{card.name} ({kind}): taken per game", lambda g, k=k: (g["taken"][k], 1)))
        ms.append(Metric(f"card_played.{k}", f"{card.name} ({kind}): played per game",
                         lambda g, k=k: (g["played"][k], 1)))
    return ms


def spread(games: list[dict[str, Any]], players: int, prefix: str, min_n: int = 1) -> tuple[float, float] | None:
    """(lowest, highest) win share over the figures ``prefix.*`` with at least ``min_n`` players behind them."""
    vals = []
    for m in metrics(players):
        if m.key.startswith(prefix + "."):
            pairs = m.pairs(games)
            if sum(d for _, d in pairs) >= min_n:
                v = rate(pairs)
                if v is not None:
                    vals.append(v)
    return (min(vals), max(vals)) if vals else None


def correlates(games: list[dict[str, Any]], min_n: int = 20) -> list[tuple[str, float, int]]:
    """Every holding with at least ``min_n`` captains behind it: (words, win share, captains), best first."""
    out = []
    for h in HOLDINGS:
        for k in range(h.size):
            pairs = [_with(g, h.key, k) for g in games]
            n = sum(d for _, d in pairs)
            if n >= min_n:
                out.append((f"{h.label}: {h.name(k)}", sum(v for v, _ in pairs) / n, n))
    return sorted(out, key=lambda t: -t[1])


def charts(console: Any, a: list[dict[str, Any]], b: list[dict[str, Any]] | None) -> None:
    """Under the figures: how far apart the win shares of origins, talents, goals and pairs lie, and which
    holdings at the end go with winning."""
    players = a[0]["players"] if a else 2
    for games, name in ((a, "A"), (b, "B")):
        if not games:
            continue
        tag = f"{name}: " if b is not None else ""
        console.print(f"{tag}What the winners end the game with (win share of the captains holding it; 1.0 = fair):")
        for words, share, n in correlates(games):
            console.print(f"  {share:5.2f}  {words} ({n} captains)")
    for games, name in ((a, "A"), (b, "B")):
        if not games:
            continue
        for prefix, what in (("win_by_origin", "origins"), ("win_by_talent", "talents"),
                             ("win_by_goal", "secret goals"), ("win_by_pair", "secret goal pairs (10+ players)")):
            sp = spread(games, players, prefix, min_n=10 if prefix == "win_by_pair" else 1)
            if sp:
                tag = f"{name}: " if b is not None else ""
                console.print(f"{tag}Win share spread over {what}: {sp[0]:.2f} – {sp[1]:.2f} (1.0 = fair)")


csv_columns = [
    ("map", lambda g: g["map"]),
    ("rounds", lambda g: g["rounds"]),
    ("trigger", lambda g: g["trigger"]),
    ("goals", lambda g: " ".join(C.LIFE_GOALS[x].name for x in g["goals"])),
    ("secrets", lambda g: " | ".join("+".join(C.LIFE_GOALS[x].name for x in sc) for sc in g["secrets"])),
    ("origins", lambda g: " ".join(C.ISLANDS[x].short for x in g["origins"])),
    ("talents", lambda g: " ".join(C.TALENTS[x].name for x in g["talents"])),
    ("missions", lambda g: " ".join(map(str, g["missions"]))),
    ("raised", lambda g: " ".join(map(str, g["raised"]))),
    ("sold", lambda g: " ".join(map(str, g["sold"]))),
]
