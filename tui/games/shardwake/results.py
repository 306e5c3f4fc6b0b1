"""Shardwake's results panels: the hidden scores explained (majorities, Accusations, Agendas,
leftovers, storms)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from engine.core.rules import Result
from engine.games.shardwake import content as C
from tui.games.shardwake.words import DEEP, OUTER, STORM, guild


def majority_table(result: Result, view: Any, who: list[str]) -> Table:
    """Each island: its values, everyone's Claims, and who scored what (the result says)."""
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Island", no_wrap=True)
    table.add_column("1st/2nd", justify="right", no_wrap=True)
    for w in who:
        table.add_column(w.split(" ", 1)[0], justify="right", no_wrap=True)
    table.add_column("Scored")
    for isl in view.islands:
        name = f"{DEEP if isl.deep else OUTER} {isl.name}"
        values = f"{isl.majority[0]}/{isl.majority[1]}"
        if isl.state != "standing":
            falls = [f for f in view.history.falls if f.island == isl.index]
            holders = ", ".join(who[p].split(" ", 1)[0] for p in falls[-1].holders) if falls else ""
            when = f" in Round {falls[-1].round}" if falls else ""
            table.add_row(Text(name, style="dim"), values, *(["·"] * len(who)),
                          Text(f"✕ fell{when}: no majority; Fall tokens to {holders or 'nobody'}", style="dim"))
            continue
        places = [(p, pts, why) for i, p, pts, why in result.details.get("majorities", []) if i == isl.index]
        scored = ", ".join(f"{who[p].split(' ', 1)[0]} +{pts} ({why})" for p, pts, why in places) or "nobody"
        table.add_row(name, values, *(str(c) if c else "·" for c in isl.claims), scored)
    return table


def accusation_text(view: Any, who: list[str]) -> Text:
    reward = C.TWIN_ACCUSE_REWARD if view.variant == "twin-charters" else C.ACCUSE_REWARD
    kept = [a[0] for a in view.revealed_agendas]
    out = Text()
    exposed: dict[int, list[int]] = {}
    for x, acc in enumerate(view.revealed_accusations):
        if not acc:
            continue
        target, g = acc
        right = kept[target] == g
        if right:
            exposed.setdefault(target, []).append(x)
        out.append(f"{who[x]} named {who[target].strip()} as {guild(g)}: ")
        out.append("✓ right" if right else "✗ wrong", style="bold green" if right else "bold red")
        out.append(f" (+{reward})\n" if right else f" (they are {guild(kept[target], short=True)})\n")
    out.append("\n")
    for x in range(len(who)):
        if x in exposed:
            out.append(f"{who[x]}: secret exposed by {', '.join(who[a].strip() for a in exposed[x])} (no +{C.SECRET_KEPT})\n",
                       style="dim")
        else:
            out.append(f"{who[x]}: nobody named their Guild — secret kept, +{C.SECRET_KEPT}\n")
    out.rstrip()
    return out


def _line(result: Result, seat: int, prefix: str) -> tuple[str, int]:
    for label, pts in result.breakdown[seat]:
        if label.startswith(prefix):
            return label, pts
    return "", 0


def agenda_text(result: Result, view: Any, who: list[str]) -> Text:
    out = Text()
    for x, agendas in enumerate(view.revealed_agendas):
        _, pts = _line(result, x, "3. Agenda")
        how = result.details["agenda_how"][x]
        out.append(f"{who[x]}  ")
        out.append(guild(agendas[0]), style="bold")
        if len(agendas) > 1:
            out.append(f" (kept; {guild(agendas[1], short=True)} discarded)", style="dim")
        out.append(f" — {how}: " if how else " — ")
        out.append(f"+{pts}\n", style="bold")
    out.rstrip()
    return out


def leftovers_text(result: Result, view: Any, who: list[str]) -> Text:
    out = Text()
    for x in range(len(who)):
        _, pts = _line(result, x, "4. Leftovers")
        held = result.details["resources_left"][x]
        out.append(f"{who[x]}: {held} resources left, +1 per 3 → +{pts}\n")
    if view.history.storms:
        out.append("\n")
    for st in view.history.storms:
        bids = "  ".join(f"{who[x].split(' ', 1)[0]} {b}" for x, b in enumerate(st.bids))
        out.append(f"{STORM} Round {st.round} {st.name}, Threshold {st.threshold}: bids {bids} = {st.total} ")
        if st.passed:
            top = max(st.bids)
            tops = ", ".join(who[x].split(" ", 1)[0] for x, b in enumerate(st.bids) if b == top)
            out.append("✓ held", style="bold green")
            out.append(f" ({tops} +{C.STORM_TOP_REWARD}, other bidders +{C.STORM_OTHER_REWARD})\n")
        else:
            out.append("✗ broke through\n", style="bold red")
    out.rstrip()
    return out
