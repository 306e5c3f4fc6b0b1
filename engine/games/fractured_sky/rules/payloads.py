"""Payloads: a face-down token in every region, taken instead of a reward, carried under an
airship's chip for power beyond the 10-limit, refilled at cleanup, each used once.

seed: "Payloads add a new reward option to each region, allowing players to greatly increase
airship troop power beyond the normal 10-power limit."
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import automa
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules.common import NR, SHIPS, is_automa
from engine.games.fractured_sky.state import (
    CLEANUP,
    N_TALLY,
    T_PAYLOADS_LOADED,
    T_PAYLOADS_TAKEN,
    Step,
)
from engine.games.fractured_sky.text import region_name, who


def setup(s: st.State) -> None:
    """seed: "1. Shuffle all payload tokens. 2. Place 1 payload token face down in every region
    on the board. 3. Keep remaining tokens face down next to the board."."""
    tokens = list(range(C.N_PAYLOADS))
    s.rng.shuffle(tokens)
    s.payloads = True
    s.pl_region = [tokens.pop() for _ in range(NR)]
    s.pl_supply = tokens
    s.pl_held = [[] for _ in range(s.n)]
    s.pl_ship = [[] for _ in range(s.n * SHIPS)]
    s.pl_used = []


def held_values(s: st.State, side: int) -> list[int]:
    """The distinct values of the payloads a side holds (what it may load), smallest first."""
    return sorted({C.PAYLOADS[t] for t in s.pl_held[side]})


def take(s: st.State, side: int, region: int, ev: list[Event] | None) -> None:
    """seed: "you may optionally take the available payload token instead of the highest
    available reward" … "All taken payload tokens go in front of your personal play area face
    down after you look at its value. The amount of payload tokens each player owns is public
    information."."""
    token = s.pl_region[region]
    s.pl_region[region] = -1
    s.pl_held[side].append(token)
    s.tally[side * N_TALLY + T_PAYLOADS_TAKEN] += 1
    if ev is not None:
        count = len(s.pl_held[side])
        ev.append(Event(f"{region_name(region)}: {who(s, side)} takes the payload ({count} in front of "
                        f"{'them' if count > 1 else 'it'}).", side, kind="payload_taken",
                        data={"seat": side, "region": region, "held": count}))
        ev.append(Event(f"{who(s, side)} looks at the payload: +{C.PAYLOADS[token]}.", side, to=(side,),
                        reveal=True, kind="payload_seen",
                        data={"seat": side, "region": region, "value": C.PAYLOADS[token]}))


def load(s: st.State, side: int, value: int, ev: list[Event] | None) -> None:
    """seed: "Place a troop power token on top of any number of your payload tokens (even a
    0-value troop power token)." — one payload at a time under the airship just placed, then
    its chip. ``value`` -1: no more payloads."""
    ship = s.pending
    if value < 0:
        s.step = Step.CHIP
        return
    held = s.pl_held[side]
    token = next(t for t in held if C.PAYLOADS[t] == value)
    held.remove(token)
    s.pl_ship[ship].append(token)
    s.tally[side * N_TALLY + T_PAYLOADS_LOADED] += 1
    if ev is not None:
        where = region_name(s.ship_region[ship])
        others = tuple(x for x in range(s.n) if x != side)
        ev.append(Event(f"{who(s, side)} puts a face-down payload under the airship in {where}.", side, to=others,
                        kind="payload_loaded", data={"seat": side, "ship": ship}))
        ev.append(Event(f"{who(s, side)} puts the +{value} payload under the airship in {where}.", side,
                        to=(side,), kind="payload_loaded", data={"seat": side, "ship": ship, "value": value}))
    s.step = Step.LOAD if held else Step.CHIP


def after_place(s: st.State, side: int) -> None:
    """After an airship is placed (and any guardian it displaced has moved): its payloads, if
    the side holds any, then its chip."""
    s.step = Step.LOAD if s.payloads and s.pl_held[side] else Step.CHIP


def spend(s: st.State) -> None:
    """seed: "Each payload token is only used once per game." The payloads revealed with their
    airships leave the game (face up; they stay under their airships until the cleanup)."""
    for ship in range(s.n * SHIPS):
        if s.pl_ship[ship]:
            s.pl_used.extend(s.pl_ship[ship])


def empty_regions(s: st.State) -> list[int]:
    return [r for r in range(NR) if s.pl_region[r] < 0]


def refill(s: st.State, ev: list[Event] | None) -> bool:
    """seed: "After all rewards are distributed, refill any regions without payload tokens from
    the supply. If the supply of payload tokens is empty, do not refill any regions. If some
    remain, but there aren't enough tokens to refill all empty regions, the player first on the
    turn order track chooses which regions get the tokens."

    Returns True when the first side on the track must choose (the game waits for it).
    """
    empty = empty_regions(s)
    supply = s.pl_supply
    if not empty or not supply:
        if ev is not None and empty:
            ev.append(Event("Payloads: the supply is empty; no region is refilled.", kind="payload_refill",
                            data={"regions": [], "supply": 0}))
        return False
    if len(supply) >= len(empty):
        for r in empty:
            s.pl_region[r] = supply.pop()
        if ev is not None:
            ev.append(Event("Payloads: a new face-down payload in " + ", ".join(region_name(r) for r in empty)
                            + f"; {len(supply)} left beside the board.", kind="payload_refill",
                            data={"regions": empty, "supply": len(supply)}))
        return False
    chooser = s.order[0]
    s.refill_left = len(supply)
    if is_automa(s, chooser):
        # designed: the automa puts them from its card's heading upward round the board
        while s.refill_left:
            place(s, chooser, automa.refill_region(s, chooser, empty_regions(s)), ev)
        return False
    s.phase = CLEANUP
    s.step = Step.REFILL
    if ev is not None:
        ev.append(Event(f"Payloads: {len(supply)} left for {len(empty)} empty regions; {who(s, chooser)}, first "
                        "on the turn-order track, chooses where they go.", chooser, kind="payload_refill_choice",
                        data={"seat": chooser, "supply": len(supply), "empty": empty}))
    return True


def place(s: st.State, side: int, region: int, ev: list[Event] | None) -> None:
    """The first side on the track puts one of the too few payloads in an empty region."""
    s.pl_region[region] = s.pl_supply.pop()
    s.refill_left -= 1
    if ev is not None:
        ev.append(Event(f"{who(s, side)} puts a face-down payload in {region_name(region)}.", side,
                        kind="payload_refill", data={"seat": side, "regions": [region],
                                                     "supply": len(s.pl_supply)}))
