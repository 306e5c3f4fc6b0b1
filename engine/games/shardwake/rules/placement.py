"""2. Placement phase, with the Island actions (Salvage, Moor) and the Harbor actions.

seed: "Put one Airship, or the Hired Skiff, on an empty action space and resolve it immediately."
"""

from __future__ import annotations

from engine.core.rules import Event, say
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.cracks import crack
from engine.games.shardwake.rules.storm import storm_phase
from engine.games.shardwake.state import (
    HARBOR_BASE,
    NO_PENDING,
    PENDING_CLAIM,
    PENDING_TARGET,
    SKIFF_MARK,
    SRC_RELICS,
    STANDING,
    TWIN,
    State,
)
from engine.games.shardwake.text import cost_text, island, short_supply, who

# ---------------------------------------------------------------- cubes


def salvage_cost(s: State, i: int) -> tuple[int, int, int]:
    # seed: "Cost: 1 Aether on an Outer Island, or 1 Aether + 1 Brass on a Deep Island."
    return (1, 0, 1) if C.ISLANDS[s.tiles[i]].deep else (1, 0, 0)


def pay(s: State, seat: int, cost: tuple[int, int, int]) -> None:
    """Spent cubes go back to the general supply."""
    have, supply = s.res[seat], s.supply
    for r in range(3):
        have[r] -= cost[r]
        supply[r] += cost[r]


def gain(s: State, seat: int, cubes: tuple[int, int, int]) -> tuple[int, int, int]:
    """Take cubes from the general supply; a short supply gives what is left. Returns what was taken."""
    have, supply = s.res[seat], s.supply
    got = (min(cubes[0], supply[0]), min(cubes[1], supply[1]), min(cubes[2], supply[2]))
    if got != cubes:
        s.short += 1
    for r in range(3):
        have[r] += got[r]
        supply[r] -= got[r]
    return got


# ---------------------------------------------------------------- turns


def end_turn(s: State, ev: list[Event] | None) -> None:
    """Next seat in turn order with ships left; when none has any, the Storm phase."""
    s.traded = False
    s.pending = NO_PENDING
    s.pending_space = -1
    s.pending_target = -1
    n = s.players
    ships, order = s.ships_left, s.order
    t = s.turn
    # seed: "Keep going around until every ship is placed. If you have ships left and others don't, keep placing."
    for step in range(1, n + 1):
        k = (t + step) % n
        if ships[order[k]] > 0:
            s.turn = k
            return
    storm_phase(s, ev)


def place(s: State, seat: int, space: int, ev: list[Event] | None) -> None:
    """Put one ship on an empty action space and resolve it immediately."""
    s.ships_left[seat] -= 1
    # The Skiff is the holder's last ship of the round: the ships are alike on the board.
    occ = seat + SKIFF_MARK if (seat == s.skiff and s.ships_left[seat] == 0) else seat
    if space >= HARBOR_BASE:
        s.harbor[space - HARBOR_BASE] = occ
        harbor_action(s, seat, space, ev)
    else:
        s.docks[space] = occ  # seed: "Each dock holds one ship per round."
        if space & 1:
            moor(s, seat, space >> 1, ev)
        else:
            salvage(s, seat, space >> 1, ev)


def idle(s: State, seat: int, ev: list[Event] | None) -> None:
    """No empty action space this seat can use: the ship sits out the round."""
    s.ships_left[seat] -= 1
    if ev is not None:
        say(ev, "idle", f"{who(s, seat)} has no action space to use; a ship sits out.", seat)
    end_turn(s, ev)


# ---------------------------------------------------------------- Island actions


def salvage(s: State, seat: int, i: int, ev: list[Event] | None) -> None:
    cost = salvage_cost(s, i)
    pay(s, seat, cost)
    # seed: "Take the top Relic from the Cache, place it face-up in front of you, and gain Renown equal to its printed value."
    code = s.caches[i].pop()
    s.relics[seat].append(code)
    value = C.relic_value(code)
    s.renown[seat] += value
    s.sources[seat][SRC_RELICS] += value
    s.salvage_log.append([s.round, seat, i, code, 0 if s.caches[i] else 1])
    if ev is not None:
        say(ev, "salvage", f"{who(s, seat)} salvages at {island(s, i)} ({cost_text(cost)}): "
            f"{C.relic_name(code)}, +{value} Renown.", seat, reveal=True, island=i, paid=list(cost),
            relic=C.relic_name(code), renown=value)
    # seed: "Place 1 Claim here."
    s.pending_space = 2 * i
    if place_claim(s, seat, i, ev):
        # seed: "Add 1 Crack to this island."
        crack(s, i, 1, seat, ev)
        end_turn(s, ev)


def moor(s: State, seat: int, i: int, ev: list[Event] | None) -> None:
    # seed: "Gain the resources printed on the island, then place 1 Claim here."
    got = gain(s, seat, C.ISLANDS[s.tiles[i]].moor)
    if ev is not None:
        wanted = C.ISLANDS[s.tiles[i]].moor
        gained = f"+{cost_text(got)}" if got == wanted else short_supply(wanted, got)
        say(ev, "moor", f"{who(s, seat)} moors at {island(s, i)}: {gained}.", seat, island=i,
            gained=list(got))
    s.pending_space = 2 * i + 1
    if place_claim(s, seat, i, ev):
        end_turn(s, ev)


def place_claim(s: State, seat: int, i: int, ev: list[Event] | None) -> bool:
    """Place 1 Claim on island ``i``; False when the seat must first choose one to move."""
    if s.claims_left[seat] > 0:
        s.claims_left[seat] -= 1
        s.claims[i][seat] += 1
        return True
    # seed: "If you run out of Claims, you may move one of your Claims from any standing island instead."
    if any(s.fallen[j] == STANDING and j != i and s.claims[j][seat] > 0 for j in range(len(s.tiles))):
        s.pending = PENDING_CLAIM
        return False
    if ev is not None:
        say(ev, "no-claim", f"{who(s, seat)} has no Claim left to place.", seat, island=i)
    return True


def claim_island(s: State) -> int:
    """The island the pending Claim goes to."""
    sp = s.pending_space
    if sp >= HARBOR_BASE:
        return s.pending_target
    return sp // 2


def move_claim(s: State, seat: int, source: int, ev: list[Event] | None) -> None:
    dest = claim_island(s)
    if source >= 0:
        s.claims[source][seat] -= 1
        s.claims[dest][seat] += 1
        if ev is not None:
            say(ev, "move-claim", f"{who(s, seat)} is out of Claims and moves one from {island(s, source)} "
                f"to {island(s, dest)}.", seat, source=source, island=dest)
    elif ev is not None:
        say(ev, "move-claim", f"{who(s, seat)} places no Claim.", seat, source=-1, island=dest)
    s.pending = NO_PENDING
    if s.pending_space < HARBOR_BASE and s.pending_space % 2 == 0:
        crack(s, dest, 1, seat, ev)  # the Salvage's Crack comes after its Claim
    end_turn(s, ev)


# ---------------------------------------------------------------- Harbor actions


def harbor_action(s: State, seat: int, space: int, ev: list[Event] | None) -> None:
    sp = C.HARBOR[space - HARBOR_BASE]
    pay(s, seat, sp.cost)
    got = gain(s, seat, sp.gain)
    if ev is not None:
        short = "" if got == sp.gain else f"; {short_supply(sp.gain, got)}"
        say(ev, "harbor", f"{who(s, seat)} goes to the {sp.name}: {sp.text}{short}.", seat, space=sp.key,
            paid=list(sp.cost), gained=list(got))
    if sp.kind == C.BRACE or sp.kind == C.CHARTER:
        s.pending = PENDING_TARGET
        s.pending_space = space
        return
    if sp.kind == C.FORECAST_PEEK:
        weather_station(s, seat, ev)
    end_turn(s, ev)


def weather_station(s: State, seat: int, ev: list[Event] | None) -> None:
    """Look secretly at the next Storm card: the face-down Forecast (Twin Charters) or the deck's top."""
    if s.variant == TWIN and s.forecast:
        s.knows_forecast[seat] = 1
        card = s.forecast[0]
    elif s.storm_deck:
        s.knows_top[seat] = 1
        card = s.storm_deck[-1]
    else:  # pragma: no cover - the deck holds 12 cards and at most 3 are used
        return
    if ev is not None:
        name, need = C.storm_of(card).name, C.threshold(card, s.players)
        say(ev, "peek", f"{who(s, seat)} looks at the next Storm card: {name}, Threshold {need}.", seat, (seat,),
            True, storm=name, threshold=need)


def resolve_target(s: State, seat: int, i: int, ev: list[Event] | None) -> None:
    """The island for the Shipwright's or the Drydock's Brace, or the Charter Office's Claim."""
    sp = C.HARBOR[s.pending_space - HARBOR_BASE]
    if sp.kind == C.BRACE:
        s.braced[i] = 1
        s.brace_log.append([s.round, seat, i])
        if ev is not None:
            say(ev, "brace", f"{who(s, seat)} braces {island(s, i)}.", seat, island=i)
        end_turn(s, ev)
        return
    # Charter Office: place 1 Claim on any standing island
    s.pending_target = i
    s.pending = NO_PENDING
    if ev is not None:
        say(ev, "charter", f"{who(s, seat)} charters a Claim on {island(s, i)}.", seat, island=i)
    if place_claim(s, seat, i, ev):
        end_turn(s, ev)
