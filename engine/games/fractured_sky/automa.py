"""The automa: the sides the rules play themselves when 1 or 2 people play.

Each round every automa side reveals a card of the AI market deck. The card says what
its turns are (three airships and at most one building, in order), the power its three
airships will reveal, where it goes on the turn-order track, the resource it takes for
the track's last space and what its markets collect. *Where* it places an airship or a
building is the **AI advantage rule** below; it reads only what everyone can see.

seed: "AI do not factor in the presence of a guardian into the AI advantage rule for
deciding where to place ships and buildings." (Guardians are the next issue's.)
"""

from __future__ import annotations

from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import State


def heading_rank(card: C.AutomaCard, region: int) -> int:
    """0 for the card's heading region, then upward round the board."""
    return (region - card.heading) % C.N_REGIONS


def building_pull(s: State, side: int, region: int) -> int:
    """How many of the automa's own buildings touch a region."""
    owner = s.site_owner
    return sum(1 for k in C.REGION_SITES[region] if owner[k] == side)


def ship_region(s: State, side: int) -> int:
    """The AI advantage rule for an airship.

    Among the regions where it has no airship yet this round, the automa takes the one
    1. with the most starfalls showing, then
    2. touched by the most of its own buildings, then
    3. with the fewest airships of other sides, then
    4. first from its card's heading, upward round the board.
    """
    card = C.AUTOMA_DECK[s.ai_card[side]]
    mine = set()
    others = [0] * C.N_REGIONS
    for ship, r in enumerate(s.ship_region):
        if r >= 0:
            if ship // C.SHIPS == side:
                mine.add(r)
            else:
                others[r] += 1
    best, best_key = -1, None
    for r in range(C.N_REGIONS):
        if r in mine:
            continue
        key = (s.starfalls[r], building_pull(s, side, r), -others[r], -heading_rank(card, r))
        if best_key is None or key > best_key:
            best, best_key = r, key
    if best < 0:  # pragma: no cover - three airships never fill ten regions
        best = card.heading
    return best


def building_site(s: State, side: int) -> int:
    """The AI advantage rule for a market or fortress: a free site, the one

    1. touching the most regions where it has an airship this round, then
    2. touching the most regions (3 before 2), then
    3. whose first region comes first from its card's heading.
    Returns -1 when every site is taken.
    """
    card = C.AUTOMA_DECK[s.ai_card[side]]
    here = {r for ship, r in enumerate(s.ship_region) if r >= 0 and ship // C.SHIPS == side}
    best, best_key = -1, None
    for k, regions in enumerate(C.SITE_REGIONS):
        if s.site_owner[k] >= 0:
            continue
        key = (sum(1 for r in regions if r in here), len(regions), -min(heading_rank(card, r) for r in regions))
        if best_key is None or key > best_key:
            best, best_key = k, key
    return best


def reveal_values(s: State, side: int, hidden_here: list[int]) -> list[tuple[int, int]]:
    """The values the automa's airships reveal: ``[(airship, value)]``.

    Its airships are ranked by the starfalls in their regions (public and hidden, all
    showing now), then by the other sides' airships there, then from the card's heading;
    the card's values go to them highest first.
    """
    card = C.AUTOMA_DECK[s.ai_card[side]]
    others = [0] * C.N_REGIONS
    ships = []
    for ship, r in enumerate(s.ship_region):
        if r < 0:
            continue
        if ship // C.SHIPS == side:
            ships.append(ship)
        else:
            others[r] += 1
    ships.sort(key=lambda sh: (-(s.starfalls[s.ship_region[sh]] + hidden_here[s.ship_region[sh]]),
                               -others[s.ship_region[sh]], heading_rank(card, s.ship_region[sh]), sh))
    values = sorted(card.values, reverse=True)
    return [(sh, values[k]) for k, sh in enumerate(ships)]


def track_space(s: State, side: int) -> int:
    """Its card says first or last: the lowest or the highest free space."""
    card = C.AUTOMA_DECK[s.ai_card[side]]
    free = [k for k, x in enumerate(s.next_order) if x < 0]
    return free[0] if card.track == C.TAKE_FIRST else free[-1]
