"""1. Order phase (skipped in Round 1): turn order by Renown, the catch-up check and the
Hired Skiff; then the Placement phase begins.

The Placement phase's turns are in ``placement.py``; ``start_placement`` lives here, where
every round's placement starts, so that the round's loop (placement → storm → cleanup →
the next Order phase) runs one way through the chapters.
"""

from __future__ import annotations

from engine.core.rules import Event, say
from engine.games.shardwake import content as C
from engine.games.shardwake.state import ORDER, PLACEMENT, State
from engine.games.shardwake.text import who


def order_phase(s: State, ev: list[Event] | None) -> None:
    # seed: "Rearrange turn order by Renown, lowest first. Tied players keep their previous relative order."
    renown = s.renown
    s.order = sorted(s.order, key=lambda x: renown[x])  # sorted() is stable
    if ev is not None:
        say(ev, "order", f"Round {s.round}. Turn order: " + ", ".join(who(s, x) for x in s.order), round=s.round,
            order=list(s.order))
    # seed: "if the first player trails the Renown leader by 5 or more, they take the Hired Skiff this round."
    first = s.order[0]
    if max(renown) - renown[first] >= C.SKIFF_GAP:
        if s.skiff_choose:
            s.phase = ORDER
            return
        give_skiff(s, first, ev)
    start_placement(s, ev)


def give_skiff(s: State, seat: int, ev: list[Event] | None) -> None:
    s.skiff = seat
    s.skiff_log.append([s.round, seat, 1])
    if ev is not None:
        say(ev, "skiff", f"{who(s, seat)} trails the leader by 5 or more and takes the Hired Skiff.", seat,
            took=True)


def skiff_choice(s: State, seat: int, take: bool, ev: list[Event] | None) -> None:
    # designed fallback: "choose either first position or the Skiff, not both"
    if take:
        if len(s.order) > 1:
            s.order[0], s.order[1] = s.order[1], s.order[0]
        give_skiff(s, seat, ev)
        if ev is not None:
            say(ev, "order", f"{who(s, seat)} gives up first position for the Skiff.", seat, round=s.round,
                order=list(s.order))
    else:
        s.skiff_log.append([s.round, seat, 0])
        if ev is not None:
            say(ev, "skiff", f"{who(s, seat)} keeps first position and leaves the Skiff.", seat, took=False)
    start_placement(s, ev)


def start_placement(s: State, ev: list[Event] | None) -> None:
    """seed: "Players take turns in turn order." Every seat has its ships again (and the Skiff)."""
    s.phase = PLACEMENT
    s.ships_left = [C.SHIPS] * s.players
    if s.skiff >= 0:
        s.ships_left[s.skiff] += 1
    s.turn = 0
    s.traded = False
