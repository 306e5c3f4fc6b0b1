"""Objectives (scored after each round's reveal), the final result with its tie-breaks, and a
cheap score estimate for searching bots."""

from __future__ import annotations

from engine.core.rules import Event, Result
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import N_SRC, SOURCES, SRC_OBJECTIVE, State
from engine.games.fractured_sky.text import who


def present(s: State, side: int, region: int) -> bool:
    """An airship (this round) or a skimmer of the side in the region."""
    if s.skimmers[region * s.n + side]:
        return True
    base = side * C.SHIPS
    reg = s.ship_region
    return reg[base] == region or reg[base + 1] == region or reg[base + 2] == region


def uncontested(s: State, side: int) -> int:
    """Regions where the side is present and no other side is."""
    n = s.n
    count = 0
    for r in range(C.N_REGIONS):
        if present(s, side, r) and not any(present(s, o, r) for o in range(n) if o != side):
            count += 1
    return count


def measure(s: State, side: int, what: int) -> int:
    """An objective's measure for one side, after the reveal."""
    n = s.n
    if what == C.M_FIRSTS:
        return sum(1 for rk in s.ranks if rk and rk[0] == side)
    if what == C.M_BIG_REGION:
        return max(s.power[r * n + side] for r in range(C.N_REGIONS))
    if what == C.M_MARKETS:
        return s.built[side * 3 + C.MARKET]
    if what == C.M_FORTRESSES:
        return s.built[side * 3 + C.FORTRESS]
    if what == C.M_SKIMMERS:
        return sum(s.skimmers[side::n])
    if what == C.M_BORDER:
        return sum(1 for k, o in enumerate(s.site_owner) if o == side and len(C.SITE_REGIONS[k]) == 2)
    if what == C.M_GOLD:
        return s.res[side * 3 + C.GOLD]
    if what == C.M_IRON:
        return s.res[side * 3 + C.IRON]
    if what == C.M_WOOD:
        return s.res[side * 3 + C.WOOD]
    if what == C.M_UNCONTESTED:
        return uncontested(s, side)
    if what == C.M_EXPLORED:
        return s.explored[side]
    if what == C.M_SCOUTED:
        return s.looked[side]
    raise ValueError(f"unknown objective measure {what}")


def score_objective(s: State, ev: list[Event] | None) -> None:
    """The round's objective: the leader (at least the minimum) gains a starfall; ties go to
    the side earliest in this round's turn order; every other side that reaches the minimum
    takes the card's consolation resource."""
    card = C.OBJECTIVES[s.objectives[s.round - 1]]
    values = [measure(s, x, card.measure) for x in range(s.n)]
    best = max(values)
    if best < card.minimum:
        s.objective_log.append([-1])
        if ev is not None:
            ev.append(Event(f"Objective {card.name}: nobody reaches {card.minimum}.", kind="objective",
                            data={"round": s.round, "card": s.objectives[s.round - 1], "values": values,
                                  "leader": -1, "consolation": []}))
        return
    leader = next(x for x in s.order if values[x] == best)
    s.stars[leader] += C.OBJECTIVE_STARFALLS
    s.src[leader * N_SRC + SRC_OBJECTIVE] += C.OBJECTIVE_STARFALLS
    others = [x for x in s.order if x != leader and values[x] >= card.minimum]
    for x in others:
        for r in range(3):
            s.res[x * 3 + r] += card.consolation[r]
    s.objective_log.append([leader, *others])
    if ev is not None:
        text = f"Objective {card.name}: {who(s, leader)} leads with {best} and gains a starfall"
        if others:
            text += "; " + ", ".join(who(s, x) for x in others) + f" take {C.resources_text(card.consolation)}"
        ev.append(Event(text + ".", leader, kind="objective",
                        data={"round": s.round, "card": s.objectives[s.round - 1], "values": values,
                              "leader": leader, "consolation": others}))


# ---------------------------------------------------------------- the end


def buildings(s: State, side: int) -> int:
    """Markets and fortresses on the board (skimmers are one-round craft, not buildings)."""
    return s.built[side * 3 + C.MARKET] + s.built[side * 3 + C.FORTRESS]


def resources(s: State, side: int) -> int:
    return sum(s.res[side * 3:side * 3 + 3])


def final_track(s: State) -> list[int]:
    """Each side's space on the track after the last round (every side has taken one)."""
    pos = [C.N_REGIONS] * s.n
    for k, x in enumerate(s.next_order):
        if x >= 0:
            pos[x] = k
    return pos


def result(s: State) -> Result:
    """Most starfalls wins. Ties: most resources left, then most buildings, then the side
    earlier on the turn-order track after the last round (so every place is decided)."""
    n = s.n
    pos = final_track(s)
    res = [resources(s, x) for x in range(n)]
    blds = [buildings(s, x) for x in range(n)]
    key = {x: (-s.stars[x], -res[x], -blds[x], pos[x]) for x in range(n)}
    order = sorted(range(n), key=lambda x: key[x])
    ranking = [[x] for x in order]
    breakdown = [[(SOURCES[k], s.src[x * N_SRC + k]) for k in range(N_SRC)] for x in range(n)]
    notes = []
    for a, b in zip(order, order[1:], strict=False):
        if s.stars[a] != s.stars[b]:
            continue
        if res[a] != res[b]:
            notes.append(f"{who(s, a)} ranks above {who(s, b)} on resources left ({res[a]} to {res[b]})")
        elif blds[a] != blds[b]:
            notes.append(f"{who(s, a)} ranks above {who(s, b)} on buildings ({blds[a]} to {blds[b]})")
        else:
            notes.append(f"{who(s, a)} ranks above {who(s, b)} on the turn-order track")
    automa = list(range(n - s.automa, n))
    return Result(
        scores=list(s.stars),
        ranking=ranking,
        breakdown=breakdown,
        tiebreak="; ".join(notes) + ("." if notes else ""),
        details={
            "resources": [list(s.res[x * 3:x * 3 + 3]) for x in range(n)],
            "buildings": [list(s.built[x * 3:x * 3 + 3]) for x in range(n)],
            "track": pos,
            "automa": automa,
            "by_round": [list(r) for r in s.by_round],
        },
    )


def estimate(s: State) -> list[float]:
    """Expected final starfalls, cheaply: what each side has, plus a little for what its
    resources and buildings will still earn in the rounds to come."""
    n = s.n
    left = C.ROUNDS - s.round + (0 if s.phase else 1)
    out = []
    for x in range(n):
        b = x * 3
        stock = s.res[b] + s.res[b + 1] + s.res[b + 2]
        blds = s.built[b] + s.built[b + 1]
        out.append(s.stars[x] + 0.08 * stock + left * (0.06 * blds))
    return out
