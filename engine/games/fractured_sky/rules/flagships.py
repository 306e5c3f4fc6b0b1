"""Flagships: five double-sided boards drafted each round in reverse turn order, gold piling up
on the undrafted ones, a special airship with a power in the region where it is placed, and
Grimroot's Strategic Redeployment just before the reveal.

seed: "Flagships provide players with a special airship each round that has a unique power,
replacing 1 of their standard airships. The flagship's power applies to the region where it's
placed."
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules.common import (
    flagship_power,
    flagship_region,
    gain,
    is_automa,
    people,
    say_step,
)
from engine.games.fractured_sky.state import (
    DRAFT,
    MAIN,
    N_TALLY,
    REDEPLOY,
    T_FLAGSHIP_GOLD,
    T_REDEPLOYS,
    Step,
)
from engine.games.fractured_sky.text import region_name, who


def setup(s: st.State) -> None:
    """seed: "1. Place all 5 flagship boards in the center of the table next to the main board and
    randomize which side (A or B) each board shows (mix and match for variety)." … "4. Each
    player returns 1 of their airships to the box, leaving them with only 2 of their standard
    airships." (here: a side's three airships are two standard ones and the flagship)."""
    s.flagships = True
    s.fl_face = [s.rng.below(2) for _ in range(C.N_FLAGSHIPS)]
    s.fl_gold = [0] * C.N_FLAGSHIPS
    s.fl_of = [-1] * s.n
    s.fl_ship = [-1] * s.n
    s.draft = []
    s.fl_log = []


def return_all(s: st.State) -> None:
    """seed: "At the end of the round, return all flagship boards and miniatures to the center of
    the table."."""
    s.fl_of = [-1] * s.n
    s.fl_ship = [-1] * s.n


def free_boards(s: st.State) -> list[int]:
    taken = s.fl_of
    return [b for b in range(C.N_FLAGSHIPS) if b not in taken]


def start_draft(s: st.State, ev: list[Event] | None) -> None:
    """seed: "1. The last player on the turn order track chooses first. 2. Continue up the turn
    order until each player has selected 1 flagship." — "AIs will not use flagships"."""
    s.draft = [x for x in reversed(s.order) if not is_automa(s, x)]
    s.draft_pos = 0
    s.fl_log.append([])
    s.phase = DRAFT
    s.step = Step.DRAFT
    if s.round > 1:
        say_step(s, 4, ev)  # seed: "5. Draft flagships."
    if ev is not None:
        ev.append(Event("Flagship draft, in reverse turn order: " + ", ".join(who(s, x) for x in s.draft) + ".",
                        kind="draft_order", data={"order": list(s.draft)}))
    settle(s, ev)


def settle(s: st.State, ev: list[Event] | None) -> None:
    """A drafter with one board left takes it without being asked; when all have drafted, the
    undrafted boards take their gold and the main phase starts."""
    while s.draft_pos < len(s.draft):
        free = free_boards(s)
        if len(free) > 1:
            return
        take(s, s.draft[s.draft_pos], free[0], ev, settle_after=False)
    finish_draft(s, ev)


def take(s: st.State, side: int, board: int, ev: list[Event] | None, settle_after: bool = True) -> None:
    """seed: "Players take the board and miniature and place them in front of their play area." …
    "any player who drafts that flagship in a later round immediately receives all accumulated
    gold tokens as bonus resources. Gold tokens are returned to the general supply after use."."""
    s.fl_of[side] = board
    code = board * 2 + s.fl_face[board]
    s.fl_log[-1].extend((side, code))
    gold = s.fl_gold[board]
    if gold:
        gain(s, side, (gold, 0, 0))
        s.fl_gold[board] = 0
        s.tally[side * N_TALLY + T_FLAGSHIP_GOLD] += gold
    if ev is not None:
        ev.append(Event(f"{who(s, side)} drafts {C.FLAGSHIPS[board].name} ({C.flagship_side(code)}: "
                        f"{C.power_name(code)})" + (f" and takes the {gold} gold on it." if gold else "."), side,
                        kind="draft", data={"seat": side, "board": board, "power": code, "gold": gold}))
    s.draft_pos += 1
    if settle_after:
        settle(s, ev)


def finish_draft(s: st.State, ev: list[Event] | None) -> None:
    """seed: "Place 1 gold token on each remaining flagship board. These gold tokens can accumulate
    over multiple rounds" — "When playing solo, skip the undrafted flagship step." / "Do not add
    gold resources to unused flagships while playing solo."."""
    free = free_boards(s)
    if people(s) > 1 and free:
        for b in free:
            s.fl_gold[b] += C.UNDRAFTED_GOLD
        if ev is not None:
            ev.append(Event("Undrafted flagships take 1 gold each: " + ", ".join(
                f"{C.FLAGSHIPS[b].name} ({s.fl_gold[b]})" for b in free) + ".", kind="flagship_gold",
                data={"boards": free, "gold": [s.fl_gold[b] for b in free]}))
    s.phase = MAIN
    s.step = Step.AUTOMA if is_automa(s, s.order[0]) else Step.ACT


def standard_left(s: st.State, side: int) -> int:
    """Standard airships a side may still place (its flagship aside)."""
    left = s.ships_left[side]
    if s.flagships and s.fl_of[side] >= 0 and s.fl_ship[side] < 0:
        left -= 1
    return left


def cost(s: st.State, side: int, kind: int, where: int) -> tuple[int, int, int]:
    """A building's cost for a side now: Leviathan's Salvaged Materials and Scavenged Hulls.

    seed: "Your buildings placed next to this region cost 1 fewer resource." / "Your skimmers
    placed in this region cost 1 fewer resource." designed: the resource it takes off is the
    one the building needs two of (a market's wood, a fortress's iron), a skimmer's iron.
    """
    base = C.COSTS[C.SKIMMER] if kind == C.SKIMMER else C.site_cost(kind, where)
    if not s.flagships:
        return base
    code = flagship_power(s, side)
    if code not in (C.P_SALVAGE, C.P_HULLS):
        return base
    fr = flagship_region(s, side)
    if fr < 0:
        return base
    if (code == C.P_SALVAGE and kind != C.SKIMMER and fr in C.SITE_REGIONS[where]) or \
            (code == C.P_HULLS and kind == C.SKIMMER and where == fr):
        out = list(base)
        k = C.DISCOUNT_RESOURCE[kind]
        out[k] = max(0, out[k] - C.FLAGSHIP_DISCOUNT)
        return (out[0], out[1], out[2])
    return base


def redeployer(s: st.State) -> int:
    """The side whose Grimroot (side A, Strategic Redeployment) is in the sky, -1 none."""
    if not s.flagships or s.fl_face[0] != 0:
        return -1
    for side in range(s.n):
        if s.fl_of[side] == 0 and s.fl_ship[side] >= 0:
            return side
    return -1


def ask_redeploy(s: st.State) -> bool:
    """seed: "Immediately before revealing troop power and hidden starfalls, you may move this
    airship to another region." Returns True when a side is asked."""
    side = redeployer(s)
    if side < 0:
        return False
    s.phase = REDEPLOY
    s.step = Step.REDEPLOY
    s.rd_side = side
    return True


def redeploy(s: st.State, side: int, region: int, ev: list[Event] | None) -> None:
    """Move the Grimroot to another region (``region`` -1: it stays). designed: a redeployed
    airship is not *placed*, so it displaces no guardian; its chip was put down where the
    10-limit was checked, so the limit is not checked again."""
    ship = s.fl_ship[side]
    old = s.ship_region[ship]
    s.rd_side = -1
    s.phase = MAIN
    if region < 0 or region == old:
        if ev is not None:
            ev.append(Event(f"{who(s, side)}'s Grimroot stays in {region_name(old)}.", side, kind="redeploy",
                            data={"seat": side, "ship": ship, "from": old, "to": old}))
        return
    if s.explore[old] == ship:
        s.explore[old] = -1
    s.ship_region[ship] = region
    s.tally[side * N_TALLY + T_REDEPLOYS] += 1
    if ev is not None:
        ev.append(Event(f"{who(s, side)}'s Grimroot redeploys from {region_name(old)} to {region_name(region)}.",
                        side, kind="redeploy", data={"seat": side, "ship": ship, "from": old, "to": region}))
