"""Cracks and Falling.

seed: "When an island's last Crack slot fills, it Falls immediately"
"""

from __future__ import annotations

from engine.core.rules import Event, say
from engine.games.shardwake.state import FALLEN, STANDING, State
from engine.games.shardwake.text import island, who


def standing(s: State) -> list[int]:
    return [i for i, f in enumerate(s.fallen) if f == STANDING]


def crack(s: State, i: int, n: int, cause: int, ev: list[Event] | None) -> None:
    """Add ``n`` Cracks to island ``i`` one at a time. ``cause`` is the salvaging seat, or -1 for a
    storm: a Brace stops the first storm Crack only, so that "Every relic you salvage cracks the
    island it came from" and "whoever salvages its last Relic makes it Fall" always hold."""
    for _ in range(n):
        if s.fallen[i] != STANDING:
            return  # seed: "Cracks that would exceed an island's slots are ignored."
        if s.braced[i] and cause < 0:
            s.braced[i] = 0
            if ev is not None:
                say(ev, "brace-holds", f"The Brace on {island(s, i)} holds: the Crack is ignored.", island=i)
            continue
        s.cracks[i] += 1
        if ev is not None:
            say(ev, "crack", f"{island(s, i)} cracks ({s.cracks[i]}/{s.slots[i]}).", island=i,
                cracks=s.cracks[i], slots=s.slots[i], cause=cause)
        if s.cracks[i] >= s.slots[i]:
            # seed: "When an island's last Crack slot fills, it Falls immediately"
            fall(s, i, cause, ev)


def fall(s: State, i: int, cause: int, ev: list[Event] | None) -> None:
    claims = s.claims[i]
    holders = [p for p in range(s.players) if claims[p] > 0]
    for p in holders:
        s.falls[p] += 1  # seed: "Every player with at least 1 Claim there takes 1 Fall token."
        s.claims_left[p] += claims[p]  # seed: "Return all Claims on that island to their owners."
        claims[p] = 0
    s.caches[i] = []  # seed: "Discard its remaining Relics unseen."
    s.braced[i] = 0
    # seed: "Ships already docked there stay until Cleanup. Then flip the tile to its Void side"
    s.fallen[i] = FALLEN
    s.fall_log.append([s.round, i, cause, *holders])
    if ev is not None:
        takers = ", ".join(who(s, p) for p in holders) or "nobody"
        say(ev, "fall", f"{island(s, i)} FALLS! Fall tokens to: {takers}.", cause, island=i, cause=cause,
            holders=holders)
