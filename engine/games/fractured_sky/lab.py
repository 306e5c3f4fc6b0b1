"""The Fractured Sky playtest lab: the figures a designer of this base game looks at.

    gangplank lab fractured-sky --games N --players P [--bots LEVEL[,LEVEL...]] [--option K=V ...]
        [--vs-option K=V ...] [--json | --csv FILE]

The generic runner (``engine/lab.py``) plays the games and prints the figures; this module
says what a finished game contributes (``record``) and which figures to show (``metrics``):
win rate by turn position in round 1 and by first action (no dominant opening), starfalls
by source, resources left unspent, chips' average value by region rank (do chips decide
regions, do bluffs pay), the track's last space (taken by choice or left over), buildings
and what they are worth, scouting, and the automa's results in 1- and 2-player games.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table

from engine.core.stats import Metric, Record, bar, ordinal, rate
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    CHIP_RANKS,
    FIRST_ACTIONS,
    N_SRC,
    N_TALLY,
    SOURCES,
    T_BLUFF_WINS,
    T_EXPLORES,
    T_FORAGES,
    T_GAINED,
    T_LAST_FORCED,
    T_LAST_PICKS,
    T_SCOUTS,
    T_SPENT,
    T_ZERO_ALONE,
    T_ZERO_CONTESTED,
)

TITLE = "Fractured Sky lab"
SOURCE_KEYS = ("public", "hidden", "objective")
RANK_LABELS = ("1st", "2nd", "3rd", "4th", "5th", "no reward")


def record(s: Any, r: Any, seed: int, moves: int) -> Record:
    """What one finished game contributes (beside the runner's seed, levels, winners, scores, moves)."""
    n = s.n
    tally = [s.tally[x * N_TALLY:(x + 1) * N_TALLY] for x in range(n)]
    people = n - s.automa
    return {
        "sides": n,
        "people": people,
        "ranking": [place[0] for place in r.ranking],
        "stars": list(s.stars),
        "start_order": list(s.start_order),
        "first_action": list(s.first_action),
        "src": [s.src[x * N_SRC:(x + 1) * N_SRC] for x in range(n)],
        "res_end": [s.res[x * 3:x * 3 + 3] for x in range(n)],
        "built": [s.built[x * 3:x * 3 + 3] for x in range(n)],
        "tally": tally,
        "chip_ranks": list(s.chip_ranks),
        "objectives": [log[0] for log in s.objective_log],
        "tied_top": 1 if n > 1 and sorted(s.stars)[-1] == sorted(s.stars)[-2] else 0,
        "margin": (sorted(s.stars)[-1] - sorted(s.stars)[-2]) if n > 1 else 0,
    }


def _share(g: Record, side: int) -> float:
    return 1.0 if side == g["ranking"][0] else 0.0


def _people(g: Record) -> range:
    return range(g["people"])


def metrics(players: int, options: Any = None) -> list[Metric]:
    ms: list[Metric] = []
    sides = max(players, C.MIN_SIDES)
    # --- is there a dominant opening?
    for k in range(sides):
        ms.append(Metric(f"win_rate_by_start_position.{k + 1}", f"Win rate: {ordinal(k + 1)} in round 1",
                         lambda g, k=k: (_share(g, g["start_order"][k]), 1), True))
    for code, name in enumerate(FIRST_ACTIONS):
        ms.append(Metric(f"first_action_share.{name}", f"First action: {name} (share)",
                         lambda g, code=code: (sum(1 for x in _people(g) if g["first_action"][x] == code),
                                               g["people"]), True))
        ms.append(Metric(f"win_rate_by_first_action.{name}", f"  win rate after {name} first",
                         lambda g, code=code: (sum(_share(g, x) for x in _people(g) if g["first_action"][x] == code),
                                               sum(1 for x in _people(g) if g["first_action"][x] == code)), True))
    # --- where the starfalls come from
    for k, key in enumerate(SOURCE_KEYS):
        ms.append(Metric(f"starfalls_by_source.{key}", f"Starfalls per side: {SOURCES[k]}",
                         lambda g, k=k: (sum(src[k] for src in g["src"]), g["sides"])))
    ms += [
        Metric("starfalls_per_side", "Starfalls per side (total)", lambda g: (sum(g["stars"]), g["sides"])),
        Metric("winning_margin", "Winner's margin (starfalls)", lambda g: (g["margin"], 1)),
        Metric("tie_break_decides", "Games decided by a tie-break", lambda g: (g["tied_top"], 1), True),
        Metric("objective_scored", "Objectives someone leads", lambda g: (sum(1 for o in g["objectives"] if o >= 0),
                                                                          len(g["objectives"])), True),
    ]
    # --- the economy
    for k, res in enumerate(C.RESOURCES):
        ms.append(Metric(f"unspent.{res}", f"Unspent at the end: {res}",
                         lambda g, k=k: (sum(r[k] for r in g["res_end"][:g["people"]]), g["people"])))
    ms += [
        Metric("resources_gained", "Resources gained per side",
               lambda g: (sum(t[T_GAINED] for t in g["tally"][:g["people"]]), g["people"])),
        Metric("resources_spent", "Resources spent per side",
               lambda g: (sum(t[T_SPENT] for t in g["tally"][:g["people"]]), g["people"])),
    ]
    for k, b in enumerate(C.BUILDINGS):
        ms.append(Metric(f"built.{b}", f"{b.capitalize()}s built per side",
                         lambda g, k=k: (sum(x[k] for x in g["built"][:g["people"]]), g["people"])))
    ms += [
        Metric("win_rate_builders", "Win rate: sides with 5+ buildings",
               lambda g: (sum(_share(g, x) for x in _people(g) if sum(g["built"][x]) >= 5),
                          sum(1 for x in _people(g) if sum(g["built"][x]) >= 5)), True),
        Metric("win_rate_non_builders", "Win rate: sides with 0–2 buildings",
               lambda g: (sum(_share(g, x) for x in _people(g) if sum(g["built"][x]) <= 2),
                          sum(1 for x in _people(g) if sum(g["built"][x]) <= 2)), True),
        Metric("winner_builds", "Buildings of the winner", lambda g: (sum(g["built"][g["ranking"][0]]), 1)),
        Metric("all_builds", "Buildings per side", lambda g: (sum(sum(b) for b in g["built"]), g["sides"])),
    ]
    # --- the track
    ms += [
        Metric("last_space_by_choice", "Last space taken by choice (not left over)",
               lambda g: (sum(t[T_LAST_PICKS] for t in g["tally"][:g["people"]]),
                          sum(t[T_LAST_PICKS] + t[T_LAST_FORCED] for t in g["tally"][:g["people"]])), True),
        Metric("last_space_per_side", "Last spaces per side (choice + left over)",
               lambda g: (sum(t[T_LAST_PICKS] + t[T_LAST_FORCED] for t in g["tally"][:g["people"]]), g["people"])),
        Metric("win_rate_gold_takers", "Win rate: sides that chose the last space 2+ times",
               lambda g: (sum(_share(g, x) for x in _people(g) if g["tally"][x][T_LAST_PICKS] >= 2),
                          sum(1 for x in _people(g) if g["tally"][x][T_LAST_PICKS] >= 2)), True),
    ]
    # --- chips and bluffs
    for k in range(CHIP_RANKS):
        ms.append(Metric(f"chip_by_rank.{RANK_LABELS[k].replace(' ', '_')}",
                         f"Chip value: {RANK_LABELS[k]} in a contested region",
                         lambda g, k=k: (g["chip_ranks"][2 * k], g["chip_ranks"][2 * k + 1])))
    ms += [
        Metric("zero_chips_contested", "0-chips sent where contested, per side",
               lambda g: (sum(t[T_ZERO_CONTESTED] for t in g["tally"][:g["people"]]), g["people"])),
        Metric("zero_chips_alone", "0-chips sent where alone (decoys), per side",
               lambda g: (sum(t[T_ZERO_ALONE] for t in g["tally"][:g["people"]]), g["people"])),
        Metric("bluff_wins", "Regions won first with a 0-chip where contested",
               lambda g: (sum(t[T_BLUFF_WINS] for t in g["tally"][:g["people"]]), g["people"])),
    ]
    # --- information
    ms += [
        Metric("explores", "Hidden starfalls drawn per side", lambda g: (sum(t[T_EXPLORES] for t in g["tally"]),
                                                                          g["sides"])),
        Metric("scouts", "Scouts (looking) per side",
               lambda g: (sum(t[T_SCOUTS] for t in g["tally"][:g["people"]]), g["people"])),
        Metric("forages", "Forages per side",
               lambda g: (sum(t[T_FORAGES] for t in g["tally"][:g["people"]]), g["people"])),
    ]
    if players < C.MIN_SIDES:
        ms.append(Metric("people_win", "A person wins (against the automa)",
                         lambda g: (1.0 if g["ranking"][0] < g["people"] else 0.0, 1), True))
        ms.append(Metric("automa_stars", "Starfalls per automa side",
                         lambda g: (sum(g["stars"][g["people"]:]), g["sides"] - g["people"])))
    return ms


def charts(console: Any, a: list[Record], b: list[Record] | None) -> None:
    """Chips' average value by region rank, drawn as bars (A, and B beside it)."""
    chart = Table(title="Chips' average value by rank in contested regions (0–10)", title_justify="left", box=None)
    chart.add_column("Rank")
    for label in ("A", "B") if b is not None else ("A",):
        chart.add_column(label, no_wrap=True)
    for k in range(CHIP_RANKS):
        cells = [RANK_LABELS[k]]
        for games in (a, b) if b is not None else (a,):
            val = rate([(g["chip_ranks"][2 * k], g["chip_ranks"][2 * k + 1]) for g in games])
            cells.append("—" if val is None else bar(val / 10) + f" {val:4.2f}")
        chart.add_row(*cells)
    console.print(chart)


csv_columns = [
    ("stars", lambda g: " ".join(map(str, g["stars"]))),
    ("first_actions", lambda g: " ".join(FIRST_ACTIONS[c] if c >= 0 else "-" for c in g["first_action"])),
    ("buildings", lambda g: " ".join(str(sum(b)) for b in g["built"])),
    ("unspent", lambda g: " ".join(str(sum(r)) for r in g["res_end"])),
]
