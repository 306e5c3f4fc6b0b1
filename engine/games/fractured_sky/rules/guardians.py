"""Guardians: two in play, starting in the explore slots of regions drawn from the public
starfall deck; the first airship into an unmoved guardian's region takes its slot and sends it
to another region, where its power applies for the rest of the round; the cleanup rotation.

seed: "Guardians give special effects to the regions in which they reside. These powerful
entities move across the board during each round, controlled by player actions, and grant
unique abilities to the region they end up in."
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules.common import EXPLORE_GUARDIAN, NR, SHIPS, is_automa
from engine.games.fractured_sky.state import N_TALLY, T_GUARDIANS_MOVED
from engine.games.fractured_sky.text import region_name, who

SLOT_NAMES = ("left", "right")


def setup(s: st.State) -> None:
    """seed: "1. Shuffle all 6 guardian cards. 2. Reveal the top 2 guardian cards and place them
    in a row next to the main board. 3. Keep the remaining 4 cards in a face down deck next to
    them." (Steps 4–7 are the round start: ``place_starts``, then the public starfall.)"""
    deck = list(range(C.N_GUARDIANS))
    s.rng.shuffle(deck)
    s.guardians = True
    s.gd_card = [deck.pop() for _ in range(C.GUARDIANS_IN_PLAY)]
    s.gd_deck = deck
    s.gd_start = [-1] * C.GUARDIANS_IN_PLAY
    s.gd_region = [-1] * C.GUARDIANS_IN_PLAY
    s.gd_moved = [-1] * C.GUARDIANS_IN_PLAY
    s.gd_log = []
    s.cloud_star = 0


def place_starts(s: st.State, ev: list[Event] | None) -> None:
    """seed: "Flip the top 2 cards of the public starfall deck and place 1 next to each revealed
    guardian card. These cards show the starting location for each guardian this round." /
    "Place each revealed guardian miniature in the explore slot of its matching region."."""
    for k in range(C.GUARDIANS_IN_PLAY):
        if s.gd_card[k] < 0:
            s.gd_start[k] = s.gd_region[k] = -1
            continue
        r = s.pub_deck.pop()
        s.gd_start[k] = r
        s.gd_region[k] = r
        s.gd_moved[k] = -1
        s.explore[r] = EXPLORE_GUARDIAN
    s.pending_guard = -1


def cloudseer_starfall(s: st.State) -> None:
    """seed: "When Cloudseer is in play, add a starfall (or Rift starfall) to its card."
    designed: its card holds one at a time; one nobody won stays on it."""
    if C.CLOUDSEER in s.gd_card and not s.cloud_star:
        s.cloud_star = s.rift_pile.pop() if s.rift and s.rift_pile else 1


def slot_in(s: st.State, region: int) -> int:
    """The slot of the unmoved guardian sitting in a region's explore slot, -1 none."""
    for k in range(len(s.gd_card)):
        if s.gd_moved[k] < 0 and s.gd_region[k] == region and s.gd_card[k] >= 0:
            return k
    return -1


def destinations(s: st.State, slot: int) -> list[int]:
    """seed: "The guardian miniature must move to any other region on the board that does not
    contain another guardian."."""
    here = s.gd_region[slot]
    others = {s.gd_region[k] for k in range(len(s.gd_card)) if k != slot and s.gd_card[k] >= 0}
    return [r for r in range(NR) if r != here and r not in others]


def displace(s: st.State, side: int, ship: int, region: int, ev: list[Event] | None) -> bool:
    """seed: "The first player to place an airship in a region containing an unmoved guardian
    triggers that guardian's movement: 1. Place your airship in the explore slot (displacing the
    guardian). … 3. Do not draw a hidden starfall card (you moved the guardian instead)."

    Returns True when a person must say where the guardian goes; the automa's guardian moves at
    once (seed: "When the AI must displace a guardian from a region, flip over the top card of
    the public starfall deck and move the guardian to that region.").
    """
    slot = slot_in(s, region)
    s.explore[region] = ship
    s.pending_guard = slot
    g = s.gd_card[slot]
    if ev is not None:
        ev.append(Event(f"{who(s, side)}'s airship takes {region_name(region)}'s explore slot, displacing "
                        f"{C.GUARDIANS[g].name} (no hidden starfall is drawn).", side, kind="guardian_displaced",
                        data={"seat": side, "ship": ship, "region": region, "guardian": g}))
    if not is_automa(s, side):
        return True
    allowed = destinations(s, slot)
    # designed: a flipped card naming the guardian's own region or the other guardian's is put
    # aside and the next one flipped (the guardian "must move to any other region … that does not
    # contain another guardian")
    flipped = []
    while True:
        r = s.pub_deck.pop()
        flipped.append(r)
        if r in allowed:
            break
    if ev is not None:
        ev.append(Event(f"{who(s, side)} (automa) flips the public starfall deck: "
                        + ", ".join(region_name(r) for r in flipped) + ".", side, reveal=True,
                        kind="guardian_flip", data={"seat": side, "cards": flipped}))
    move(s, side, r, ev)
    return False


def move(s: st.State, side: int, region: int, ev: list[Event] | None) -> None:
    """seed: "Place it anywhere in that region except the explore slot." … "Once moved, a guardian
    cannot be moved again for the rest of the round." Thornspine's arrival frees the chips already
    in its new region from the 10-limit ("troop power limits are ignored")."""
    slot = s.pending_guard
    s.pending_guard = -1
    g = s.gd_card[slot]
    s.gd_region[slot] = region
    s.gd_moved[slot] = side
    s.tally[side * N_TALLY + T_GUARDIANS_MOVED] += 1
    if g == C.THORNSPINE:
        for ship in range(s.n * SHIPS):
            if s.ship_region[ship] == region and s.ship_chip[ship] >= 0 and not s.chip_free[ship] \
                    and not is_automa(s, ship // SHIPS):
                s.chip_free[ship] = 1
                s.budget[ship // SHIPS] += s.ship_chip[ship]
    if ev is not None:
        ev.append(Event(f"{who(s, side)} moves {C.GUARDIANS[g].name} to {region_name(region)}: "
                        f"{C.GUARDIANS[g].text}", side, kind="guardian_moved",
                        data={"seat": side, "guardian": g, "slot": slot, "region": region}))


def log_round(s: st.State) -> None:
    """For the lab and the view: where each guardian started and ended this round."""
    s.gd_log.append([x for k in range(len(s.gd_card))
                     for x in (s.gd_card[k], s.gd_start[k], s.gd_region[k], s.gd_moved[k])])


def rotate(s: st.State, ev: list[Event] | None) -> None:
    """seed: "1. Discard the rightmost guardian card (and its matching miniature). 2. Move the
    remaining guardian card to the right position. 3. Reveal a new guardian card and place it in
    the left position." designed: a starfall left on Cloudseer's card leaves with it."""
    gone = s.gd_card[1]
    if gone == C.CLOUDSEER:
        s.cloud_star = 0
    s.gd_card[1] = s.gd_card[0]
    s.gd_card[0] = s.gd_deck.pop() if s.gd_deck else -1
    s.gd_moved = [-1] * C.GUARDIANS_IN_PLAY
    if ev is not None:
        new, right = s.gd_card[0], s.gd_card[1]
        parts = [f"{C.GUARDIANS[gone].name} leaves" if gone >= 0 else "",
                 f"{C.GUARDIANS[right].name} moves right" if right >= 0 else "",
                 f"{C.GUARDIANS[new].name} is revealed on the left" if new >= 0 else ""]
        ev.append(Event("Guardians: " + "; ".join(p for p in parts if p) + ".", reveal=True, kind="guardian_rotate",
                        data={"discarded": gone, "left": new, "right": right}))
