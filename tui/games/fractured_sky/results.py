"""Fractured Sky's results explained: each side's starfalls by source, the bounties (or the
round objectives) and who claimed them, and the tie-breaks (resources left, buildings, the
turn-order track after the last round)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from engine.core.rules import Result
from tui.games.fractured_sky import words as W


def _who(who: list[str], seat: int) -> str:
    return who[seat] if 0 <= seat < len(who) else f"Seat {seat + 1}"


def sources_table(result: Result, who: list[str]) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Side", no_wrap=True)
    sources = [label for label, _ in result.breakdown[0]] if result.breakdown else []
    for label in sources:
        table.add_column(label.capitalize(), justify="right")
    table.add_column(f"{W.STAR} total", justify="right")
    automa = set(result.details.get("automa", [])) if result.details else set()
    for seat, lines in enumerate(result.breakdown):
        name = _who(who, seat) + (" (automa)" if seat in automa else "")
        table.add_row(name, *(str(n) for _, n in lines), Text(str(result.scores[seat]), style="bold"))
    return table


def bounty_table(view: Any, who: list[str]) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Bounty", no_wrap=True)
    table.add_column("Goal")
    table.add_column(f"First ({W.STAR})", no_wrap=True)
    table.add_column("Later (resources)")
    for bv in view.bounties:
        first = Text(_who(who, bv.claims[0]), style="bold") if bv.claims else Text("nobody", style="dim")
        later = ", ".join(_who(who, x) for x in bv.claims[1:]) or "—"
        table.add_row(bv.name, bv.text, first, f"{later} ({bv.reward})" if bv.claims[1:] else later)
    return table


def objective_table(view: Any, who: list[str]) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Round", justify="right")
    table.add_column("Objective", no_wrap=True)
    table.add_column(f"Leader ({W.STAR})", no_wrap=True)
    table.add_column("Consolation")
    for ob in view.objectives:
        leader = Text(_who(who, ob.leader), style="bold") if ob.leader >= 0 else Text("nobody", style="dim")
        rest = ", ".join(_who(who, x) for x in ob.consolation)
        table.add_row(str(ob.round), f"{ob.name}: {ob.text}", leader,
                      f"{rest} ({ob.consolation_text})" if rest else "—")
    return table


def tiebreak_table(result: Result, who: list[str]) -> Table:
    d = result.details or {}
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Side", no_wrap=True)
    table.add_column("Resources left (g w i)", justify="right")
    table.add_column("Buildings (markets, fortresses)", justify="right")
    table.add_column("Track after round 5", justify="right")
    res = d.get("resources", [])
    blds = d.get("buildings", [])
    track = d.get("track", [])
    for seat in range(len(result.scores)):
        r = res[seat] if seat < len(res) else [0, 0, 0]
        b = blds[seat] if seat < len(blds) else [0, 0, 0]
        t = track[seat] if seat < len(track) else -1
        table.add_row(_who(who, seat), f"{sum(r)} ({' '.join(map(str, r))})", f"{b[0] + b[1]} ({b[0]}, {b[1]})",
                      W.ordinal(t) if 0 <= t < 5 else "—")
    if result.tiebreak:
        table.add_row(Text(result.tiebreak, style="dim"), "", "", "")
    return table
