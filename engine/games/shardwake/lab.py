"""The Shardwake playtest lab: the seed's "Playtest watch list", answered by many bot games.

    gangplank lab shardwake --games N --players P [--bots LEVEL[,LEVEL...]] [--option K=V ...]
        [--vs-option K=V ...] [--json | --csv FILE]

The generic runner (``engine/lab.py``) plays the games and prints the figures; this module
says what a finished game contributes (``record``) and which figures answer the watch list
(``metrics``): storm pass rate (per card), Falls per game and the share of games with 3+
Falls, win rate by Guild, the Hired Skiff's last-to-first jumps, Handshakes and trades (and
same-Guild farming), win rate by position in Round 1, score by source, game length.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from engine.core.rules import Result
from engine.core.stats import Metric, bar, ordinal, rate
from engine.games.shardwake import content as C
from engine.games.shardwake.state import Options, State

GUILD_KEYS = ("syndicate", "covenant", "ledger")
SOURCES = ("relics", "storms", "majority", "accusations", "agenda", "leftovers")


def record(s: State, r: Result, seed: int, moves: int) -> dict[str, Any]:
    """What one finished game contributes (beside the runner's seed, levels, winners, scores, moves)."""
    agendas = r.details["agendas"]
    winners = list(r.ranking[0])
    # the Skiff: did its holder (first in turn order = last in Renown) end that round as the leader?
    skiff_awards = skiff_jumps = 0
    for rnd, seat, took in s.skiff_log:
        if not took:
            continue
        skiff_awards += 1
        if rnd - 1 < len(s.by_round):
            after = s.by_round[rnd - 1]
            if after[seat] == max(after):
                skiff_jumps += 1
    trades = [t for t in s.trade_log if t[3]]
    same_guild = sum(1 for t in trades if agendas[t[1]] == agendas[t[2]])
    ledger_pair = sum(1 for t in trades if agendas[t[1]] == agendas[t[2]] == C.LEDGER)
    return {
        "storms": [[row[1] >> 1, row[3]] for row in s.storm_log],
        "falls": len(s.fall_log),
        "winner_guilds": [agendas[w] for w in winners],
        "agendas": list(agendas),
        "sources": r.details["sources"],
        "skiff_awards": skiff_awards,
        "skiff_jumps": skiff_jumps,
        "skiff_wins": sum(1 for rnd, seat, took in s.skiff_log if took and seat in winners),
        "trades": len(trades),
        "proposals": len(s.trade_log),
        "handshakes": sum(s.handshakes),
        "same_guild_trades": same_guild,
        "ledger_pair_trades": ledger_pair,
        "rounds": len(s.by_round),
        "braces": len(s.brace_log),
        "short": s.short,
        "accusations_right": sum(1 for ok in r.details.get("accusation_correct", []) if ok),
        "accusations": len(r.details.get("accusation_correct", [])),
        "start_order": list(s.start_order),
    }


# ---------------------------------------------------------------- figures


def metrics(players: int, options: Options | None = None) -> list[Metric]:
    ms = [
        Metric("storm_pass_rate", "Storm pass rate", lambda g: (sum(x[1] for x in g["storms"]), len(g["storms"])), True),
    ]
    for k, st in enumerate(C.STORMS):
        ms.append(Metric(f"storm_pass_rate_by_card.{st.name}", f"  {st.name}",
                         lambda g, k=k: (sum(x[1] for x in g["storms"] if x[0] == k),
                                         sum(1 for x in g["storms"] if x[0] == k)), True))
    ms += [
        Metric("falls_per_game", "Falls per game", lambda g: (g["falls"], 1)),
        Metric("games_with_3plus_falls", "Games with 3+ Falls", lambda g: (1 if g["falls"] >= 3 else 0, 1), True),
    ]
    for gi, key in enumerate(GUILD_KEYS):
        # a Guild's win rate: wins (ties shared) per player of that Guild, times the player count
        # (1.0 = a fair share; above 1 = stronger than its seat count)
        ms.append(Metric(f"win_rate_by_guild.{key}", f"Win rate per {C.GUILD_SHORT[gi]} player",
                         lambda g, gi=gi: (sum(1 / len(g["winners"]) for w in g["winners"] if g["agendas"][w] == gi),
                                           sum(1 for a in g["agendas"] if a == gi)), True))
    for gi, key in enumerate(GUILD_KEYS):
        # the share of games a Guild wins (ties shared): a fair share is 1/3 at every player count,
        # since the Agenda deck holds 2 of each Guild
        ms.append(Metric(f"games_won_by_guild.{key}", f"Games won by the {C.GUILD_SHORT[gi]}",
                         lambda g, gi=gi: (sum(1 / len(g["winners"]) for w in g["winners"] if g["agendas"][w] == gi),
                                           1), True))
    ms += [
        Metric("skiff_awards_per_game", "Skiff awards per game", lambda g: (g["skiff_awards"], 1)),
        Metric("skiff_last_to_first", "Skiff holder leads after its round",
               lambda g: (g["skiff_jumps"], g["skiff_awards"]), True),
        Metric("skiff_holder_wins", "Skiff holder wins the game", lambda g: (g["skiff_wins"], g["skiff_awards"]), True),
        Metric("handshakes_per_game", "Handshakes per game", lambda g: (g["handshakes"], 1)),
        Metric("trades_per_game", "Trades per game (accepted)", lambda g: (g["trades"], 1)),
        Metric("proposals_per_game", "Proposals per game", lambda g: (g["proposals"], 1)),
        Metric("same_guild_trade_share", "Trades between same-Guild players",
               lambda g: (g["same_guild_trades"], g["trades"]), True),
        Metric("ledger_pair_trades_per_game", "Ledger–Ledger trades per game", lambda g: (g["ledger_pair_trades"], 1)),
        Metric("braces_per_game", "Braces per game", lambda g: (g["braces"], 1)),
        Metric("supply_short_per_game", "Gains the cube supply paid short, per game", lambda g: (g.get("short", 0), 1)),
        Metric("games_with_a_short_supply", "Games where the cube supply ran short",
               lambda g: (1 if g.get("short", 0) else 0, 1), True),
        Metric("accusations_correct", "Accusations correct", lambda g: (g["accusations_right"], g["accusations"]), True),
    ]
    for k in range(players):
        ms.append(Metric(f"win_rate_by_start_position.{k + 1}", f"Win rate: {ordinal(k + 1)} in Round 1",
                         lambda g, k=k: (1 / len(g["winners"]) if g["start_order"][k] in g["winners"] else 0.0, 1),
                         True))
    for src in SOURCES:
        ms.append(Metric(f"score_by_source.{src}", f"Score from {src}",
                         lambda g, src=src: (sum(s[src] for s in g["sources"]), len(g["sources"]))))
    for gi, key in enumerate(GUILD_KEYS):
        for src in SOURCES:
            ms.append(Metric(f"score_by_source_by_guild.{key}.{src}", f"  {C.GUILD_SHORT[gi]}: {src}",
                             lambda g, gi=gi, src=src: (
                                 sum(s[src] for s, a in zip(g["sources"], g["agendas"], strict=True) if a == gi),
                                 sum(1 for a in g["agendas"] if a == gi))))
        ms.append(Metric(f"score_by_guild.{key}", f"Final score: {C.GUILD_SHORT[gi]}",
                         lambda g, gi=gi: (sum(sc for sc, a in zip(g["scores"], g["agendas"], strict=True) if a == gi),
                                           sum(1 for a in g["agendas"] if a == gi))))
    for gi, key in enumerate(GUILD_KEYS):
        ms.append(Metric(f"agenda_points_by_guild.{key}", f"Agenda points: {C.GUILD_SHORT[gi]}",
                         lambda g, gi=gi: (sum(s["agenda"] for s, a in zip(g["sources"], g["agendas"], strict=True) if a == gi),
                                           sum(1 for a in g["agendas"] if a == gi))))
    for gi, key in enumerate(GUILD_KEYS):
        # the same, as a multiple of a fair share (1.0 = as strong as its seat count)
        ms.append(Metric(f"win_share_vs_fair.{key}", f"  {C.GUILD_SHORT[gi]} win share ÷ fair share",
                         lambda g, gi=gi: (players * sum(1 / len(g["winners"]) for w in g["winners"]
                                                         if g["agendas"][w] == gi),
                                           sum(1 for a in g["agendas"] if a == gi))))
    ms.append(Metric("rounds_per_game", "Rounds per game", lambda g: (g["rounds"], 1)))
    return ms


def charts(console: Console, a: list[dict[str, Any]], b: list[dict[str, Any]] | None) -> None:
    """Storm pass rate per card, with the designer's 60% target marked."""
    chart = Table(title="Storm pass rate by card (target ≈ 60%, marked │)", title_justify="left", box=None)
    chart.add_column("Storm")
    chart.add_column("A", no_wrap=True)
    if b is not None:
        chart.add_column("B", no_wrap=True)
    for k, st in enumerate(C.STORMS):
        cells = [st.name]
        for games in (a, b) if b is not None else (a,):
            pairs: list[tuple[float, float]] = [
                (sum(x[1] for x in g["storms"] if x[0] == k), sum(1 for x in g["storms"] if x[0] == k)) for g in games]
            r = rate(pairs)
            if r is None:
                cells.append("—")
            else:
                drawn = list(bar(r))
                drawn[12] = "│" if drawn[12] == " " else drawn[12]
                cells.append("".join(drawn) + f" {100 * r:4.0f}%")
        chart.add_row(*cells)
    console.print(chart)


csv_columns = [
    ("winner_guilds", lambda g: " ".join(C.GUILD_SHORT[x] for x in g["winner_guilds"])),
    ("agendas", lambda g: " ".join(C.GUILD_SHORT[x] for x in g["agendas"])),
    ("falls", lambda g: g["falls"]),
    ("storms_passed", lambda g: sum(x[1] for x in g["storms"])),
    ("storms", lambda g: len(g["storms"])),
    ("skiff_awards", lambda g: g["skiff_awards"]),
    ("skiff_jumps", lambda g: g["skiff_jumps"]),
    ("trades", lambda g: g["trades"]),
    ("proposals", lambda g: g["proposals"]),
    ("handshakes", lambda g: g["handshakes"]),
    ("same_guild_trades", lambda g: g["same_guild_trades"]),
    ("rounds", lambda g: g["rounds"]),
]
