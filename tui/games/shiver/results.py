"""Shiver Me Timbers' results explained: who claimed each life goal first (10) and after (5), each
captain's secret goals (+5 each reached), every wax seal by where it came from, and the Gold."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from engine.core.rules import Result
from engine.games.shiver import content as C


def _short(who: list[str], seat: int) -> str:
    return who[seat] if 0 <= seat < len(who) else f"Seat {seat + 1}"


def goals_table(result: Result, who: list[str]) -> Group:
    d = result.details
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Life goal", no_wrap=True)
    table.add_column("10 (first)", no_wrap=True)
    table.add_column("5 (after)")
    table.add_column("Secret goal of (+5 if claimed)")
    secrets = d.get("secret_goals", [])
    for g, claims in zip(d.get("goals", []), d.get("claims", []), strict=False):
        goal = C.LIFE_GOALS[g]
        first = Text(_short(who, claims[0]), style="bold") if claims else Text("nobody", style="dim")
        after = ", ".join(_short(who, s) for s in claims[1:]) or "—"
        chose = []
        for seat, mine in enumerate(secrets):
            if g in mine:
                reached = seat in claims
                chose.append(f"{_short(who, seat)} {'✓ +5' if reached else '✗'}")
        table.add_row(f"{goal.number} {goal.name}", first, after, ", ".join(chose) or "—")
    trig = {"goals": "the second-to-last life goal was reached",  # (claimed; in epic mode completed)
             "wind": "the last wind card was revealed"}
    why = trig.get(d.get("trigger", ""), "")
    note = Text(f"\nThe game ended after round {d.get('rounds', '?')}: {why}.", style="dim") if why else Text("")
    return Group(table, note)


def seals_table(result: Result, who: list[str]) -> Table:
    d = result.details
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Captain", no_wrap=True)
    table.add_column("Treasures on the ship")
    table.add_column("Treasures in the chest")
    table.add_column("Missions completed")
    table.add_column("Seals", justify="right", no_wrap=True)

    def listed(items: list[list[int]], names: tuple[str, ...]) -> tuple[str, int]:
        total = sum(vp for _, vp in items)
        return (", ".join(f"{names[c]} {vp}" for c, vp in items) or "—"), total

    t_names = tuple(t.name for t in C.TREASURES)
    m_names = tuple(m.name for m in C.MISSIONS)
    for seat, name in enumerate(who):
        ship, a = listed(d.get("ship_treasures", [[]] * len(who))[seat], t_names)
        chest, b = listed(d.get("chest_treasures", [[]] * len(who))[seat], t_names)
        done, c = listed(d.get("missions_done", [[]] * len(who))[seat], m_names)
        table.add_row(name, ship, chest, done, str(a + b + c))
    return table


def gold_table(result: Result, who: list[str]) -> Table:
    d = result.details
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Captain", no_wrap=True)
    table.add_column("On the ship", justify="right")
    table.add_column("In the chest", justify="right")
    table.add_column("Together", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Missions (fewest wins a tie)", justify="right")
    ship = d.get("ship_gold", [0] * len(who))
    chest = d.get("chest_gold", [0] * len(who))
    missions = d.get("missions", [0] * len(who))
    for seat, name in enumerate(who):
        total = ship[seat] + chest[seat]
        table.add_row(name, f"{ship[seat]:,} G", f"{chest[seat]:,} G", f"{total:,} G", str(total // 1000),
                      str(missions[seat]))
    return table


def has_family(result: Result) -> bool:
    d = result.details
    return any(d.get("family", [])) or any(k >= 0 for k, _ in d.get("soulmates", []))


def family_table(result: Result, who: list[str]) -> Table:
    """Lost family and soulmates (issue 17): every relative rescued and the soulmate, with their seals."""
    d = result.details
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Captain", no_wrap=True)
    table.add_column("Family")
    table.add_column("Soulmate")
    table.add_column("Seals", justify="right", no_wrap=True)
    fams = d.get("family", [[]] * len(who))
    souls = d.get("soulmates", [[-1, 0]] * len(who))
    for seat, name in enumerate(who):
        fam = fams[seat] if seat < len(fams) else []
        k, kvp = souls[seat] if seat < len(souls) else (-1, 0)
        words = ", ".join(f"{C.FAMILY[f].name} {vp}" for f, vp in fam) or "—"
        soul = f"{C.SOULMATES[k].name} {kvp}" if k >= 0 else "—"
        table.add_row(name, words, soul, str(sum(vp for _, vp in fam) + kvp))
    return table
