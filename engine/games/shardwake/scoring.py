"""Final scoring, in the document's order: island majority, Accusations, Guild Agenda, leftovers.

seed: "Final scoring, added to Renown already earned"
"""

from __future__ import annotations

from typing import Any

from engine.core.rules import Result
from engine.games.shardwake import content as C
from engine.games.shardwake.state import (
    CALM,
    SRC_LOSSES,
    SRC_RELICS,
    SRC_STORMS,
    STANDING,
    TWIN,
    VARIANTS,
    State,
)
from engine.games.shardwake.text import who


def kept(s: State, seat: int) -> int:
    """The Guild a seat scores: its only Agenda, or in Twin Charters the one it kept."""
    a = s.agendas[seat]
    d = s.discarded[seat]
    if len(a) == 1:
        return a[0]
    return a[1 - d] if d >= 0 else a[0]


FIRST, TIED_FIRST, SECOND = "1st", "tied 1st", "2nd"


def majority_places(s: State) -> list[tuple[int, int, int, str]]:
    """(island, seat, points, place) for every seat that places on a standing island."""
    out: list[tuple[int, int, int, str]] = []
    for i, f in enumerate(s.fallen):
        if f != STANDING:
            continue
        tile = C.ISLANDS[s.tiles[i]]
        claims = s.claims[i]
        # seed: "You need at least 1 Claim to place."
        counts = sorted({c for c in claims if c > 0}, reverse=True)
        if not counts:
            continue
        firsts = [p for p in range(s.players) if claims[p] == counts[0]]
        if len(firsts) > 1:
            # seed: "Players tied for 1st each gain the 2nd value, and no 2nd place is awarded."
            out += [(i, p, tile.second, TIED_FIRST) for p in firsts]
            continue
        out.append((i, firsts[0], tile.first, FIRST))
        if len(counts) > 1:
            # designed: players tied for 2nd each gain the 2nd value
            out += [(i, p, tile.second, SECOND) for p in range(s.players) if claims[p] == counts[1]]
    return out


def island_majority(s: State) -> list[list[tuple[int, int]]]:
    """Per seat: (island, points) for each standing island it places on."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(s.players)]
    for island, seat, points, _ in majority_places(s):
        out[seat].append((island, points))
    return out


def relic_sets(relics: list[int]) -> tuple[int, int]:
    """(complete sets of all 4 types, then sets of 3 different types among the rest)."""
    counts = [0, 0, 0, 0]
    for code in relics:
        counts[code >> 2] += 1
    fours = min(counts)
    rest = sorted((c - fours for c in counts), reverse=True)
    threes = 0
    while rest[2] > 0:  # take one of each of the three most plentiful types
        rest[0] -= 1
        rest[1] -= 1
        rest[2] -= 1
        threes += 1
        rest.sort(reverse=True)
    return fours, threes


def agenda_points(s: State, seat: int, guild: int) -> tuple[int, str]:
    if guild == C.SYNDICATE:
        # seed: "Fall token" scoring (the designer's first adjustment: +2 each)
        n = s.falls[seat]
        pts = C.fall_points(n, s.fall_value, VARIANTS[s.variant], s.players)
        first = f", the first +{C.CALM3_FIRST_FALL_BONUS} more" if pts > n * s.fall_value else ""
        return pts, f"{n} Fall token{'s' if n != 1 else ''} × {s.fall_value}{first}"
    if guild == C.LEDGER:
        n = s.handshakes[seat]
        counted = min(n, s.handshake_cap)
        cap = f", {s.handshake_cap} counted" if n > counted else ""
        full = C.handshake_full(VARIANTS[s.variant])
        pts = C.handshake_points(n, s.handshake_cap, full)
        return pts, f"{n} Handshake{'s' if n != 1 else ''}{cap}: 2 each for {full}, then 1 each"
    fours, threes = relic_sets(s.relics[seat])
    set4, set3 = C.set_values(VARIANTS[s.variant], s.players)
    return fours * set4 + threes * set3, f"{fours} full set(s) × {set4}, {threes} set(s) of 3 × {set3}"


def accusation_points(s: State) -> tuple[list[int], list[int], list[list[str]], list[list[str]]]:
    """(accuser points, secret-kept points, notes per accuser, who exposed each seat) — empty in Calm Skies."""
    p = s.players
    acc = [0] * p
    secret = [0] * p
    notes: list[list[str]] = [[] for _ in range(p)]
    if s.variant == CALM or not s.accusations:
        return acc, secret, notes, [[] for _ in range(p)]
    reward = C.TWIN_ACCUSE_REWARD if s.variant == TWIN else C.ACCUSE_REWARD
    named = [False] * p
    exposed_by: list[list[str]] = [[] for _ in range(p)]
    for x, a in enumerate(s.accusations):
        if a < 0:
            continue
        target, guild = divmod(a, 3)
        if kept(s, target) == guild:
            acc[x] += reward  # seed: "A correct accusation earns the accuser +3 Renown."
            named[target] = True
            exposed_by[target].append(who(s, x))
            notes[x].append(f"named {who(s, target)} as {C.GUILD_SHORT[guild]}: right")
        else:
            notes[x].append(f"named {who(s, target)} as {C.GUILD_SHORT[guild]}: wrong")
    for x in range(p):
        if not named[x]:
            secret[x] = C.SECRET_KEPT  # seed: "If no opponent correctly named your Guild, you gain +2 Renown"
    return acc, secret, notes, exposed_by


def result(s: State) -> Result:
    p = s.players
    maj = island_majority(s)
    acc, secret, notes, exposed_by = accusation_points(s)
    scores: list[int] = []
    breakdown: list[list[tuple[str, int]]] = []
    by_source: list[dict[str, int]] = []
    agenda_how: list[str] = []
    held_at_end: list[int] = []
    for x in range(p):
        src = s.sources[x]
        lines: list[tuple[str, int]] = [
            ("Relics salvaged (Renown during play)", src[SRC_RELICS]),
            ("Storms weathered (Renown during play)", src[SRC_STORMS]),
        ]
        if src[SRC_LOSSES]:
            lines.append(("Dead Calm losses", src[SRC_LOSSES]))
        majority = sum(pts for _, pts in maj[x])
        where = ", ".join(f"{C.ISLANDS[s.tiles[i]].name} {pts}" for i, pts in maj[x])
        lines.append((f"1. Island majority ({where or 'none'})", majority))
        if s.variant != CALM:
            lines.append((f"2. Accusation ({'; '.join(notes[x]) or 'none'})", acc[x]))
            if exposed_by[x]:
                lines.append((f"2. Secret exposed (named right by {', '.join(exposed_by[x])})", 0))
            else:
                lines.append(("2. Secret kept (nobody named your Guild)", secret[x]))
        guild = kept(s, x)
        agenda, how = agenda_points(s, x, guild)
        lines.append((f"3. Agenda: {C.GUILDS[guild]} ({how})", agenda))
        agenda_how.append(how)
        held = sum(s.res[x])
        held_at_end.append(held)
        leftovers = held // C.LEFTOVER_EVERY  # seed: "+1 Renown for every 3 resources you hold, in any mix."
        lines.append((f"4. Leftovers ({held} resources)", leftovers))
        total = sum(v for _, v in lines)
        scores.append(total)
        breakdown.append(lines)
        by_source.append({
            "relics": src[SRC_RELICS],
            "storms": src[SRC_STORMS] + src[SRC_LOSSES],
            "majority": majority,
            "accusations": acc[x] + secret[x],
            "agenda": agenda,
            "leftovers": leftovers,
        })
    # seed: "The most Renown wins. Ties go to the player with more Relics, then more Ballast."
    key = [(scores[x], len(s.relics[x]), s.res[x][C.BALLAST]) for x in range(p)]
    places: list[list[int]] = []
    for k in sorted(set(key), reverse=True):
        places.append([x for x in range(p) if key[x] == k])
    notes_tb = []
    for sc in sorted(set(scores), reverse=True):
        tied = [x for x in range(p) if scores[x] == sc]
        if len(tied) > 1:
            groups = [pl for pl in places if pl[0] in tied]
            names = ", ".join(who(s, x) for x in tied)
            if len(groups) == 1:
                notes_tb.append(f"{names} tie on {sc} Renown, Relics and Ballast: they share the place")
            else:
                notes_tb.append(f"{names} tie on {sc} Renown: more Relics, then more Ballast, decide")
    details: dict[str, Any] = {
        "sources": by_source,
        "agendas": [kept(s, x) for x in range(p)],
        "agenda_names": [C.GUILDS[kept(s, x)] for x in range(p)],
        "dealt": [list(a) for a in s.agendas],
        "accusations": [[a // 3, a % 3] if a >= 0 else [] for a in s.accusations] if s.accusations else [],
        "accusation_correct": [a >= 0 and kept(s, a // 3) == a % 3 for a in s.accusations] if s.accusations else [],
        "by_round": [list(r) for r in s.by_round],
        "majorities": [list(m) for m in majority_places(s)],  # [island, seat, points, place]
        "agenda_how": agenda_how,  # per seat: what its Agenda scored for, in words
        "resources_left": held_at_end,  # per seat: resources held at the end (leftovers: +1 per 3)
        "falls": list(s.falls),
        "handshakes": list(s.handshakes),
        "relics": [len(r) for r in s.relics],
        "rounds": s.round,
    }
    return Result(scores, places, breakdown, "; ".join(notes_tb), details)


def estimate(s: State) -> list[float]:
    """A cheap guess at each seat's final score from the current state (true Agendas: a determinization)."""
    maj = island_majority(s)
    out = []
    for x in range(s.players):
        agenda, _ = agenda_points(s, x, kept(s, x))
        out.append(float(s.renown[x] + sum(v for _, v in maj[x]) + agenda + sum(s.res[x]) // 3 + 1))
    return out
