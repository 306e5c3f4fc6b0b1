"""Bounties: five public race-to-complete goals, scored left to right after each reveal and
before the regional rewards; the first to complete one takes a starfall (the Rift starfall on
it, with the Rift), every later claimant its resource reward; a claim once per side per bounty.

seed: "Bounties replace the base game's objective cards with public race-to-complete bounties.
Players compete to be the first to accomplish visible goals for starfall rewards, with
resources available for subsequent completions."
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import scoring
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules.common import gain
from engine.games.fractured_sky.state import (
    N_SRC,
    N_TALLY,
    SRC_BOUNTY,
    T_BOUNTY_FIRSTS,
    T_BOUNTY_OTHERS,
)
from engine.games.fractured_sky.text import who


def score(s: st.State, ev: list[Event] | None) -> None:
    """seed: "They are evaluated in order from left to right." / "Because bounties are claimed
    from left to right, gaining a resource reward from one bounty may allow you to immediately
    qualify for a reward on a bounty further to the right."

    Rewards: "The first player to complete a bounty gains a starfall. Any other player who
    completes that same bounty gains the resource reward shown on the card instead."
    Tie-breaking: "the player who has accomplished more of the bounty's requirement receives the
    starfall" … "If players are still tied …, the turn order track breaks the tie. The player
    earliest in turn order receives the starfall; others receive the resource reward."
    Claiming: "If a token is already present, you receive the resource reward instead of the
    starfall. Each bounty card may be claimed by each player only once."
    """
    n = s.n
    for slot, card_id in enumerate(s.bounty):
        card = C.BOUNTIES[card_id]
        values = [scoring.bounty_measure(s, x, card.measure) for x in range(n)]
        s.bv_values[slot] = values
        claims = s.claims[slot]
        done = [x for x in s.order if values[x] >= card.minimum and x not in claims]
        if not done:
            continue
        others = done
        if not claims:
            best = max(values[x] for x in done)
            first = next(x for x in done if values[x] == best)  # s.order: the earliest in turn order
            worth = s.rift_on[slot] or C.BOUNTY_STARFALLS
            s.rift_on[slot] = 0
            s.stars[first] += worth
            s.src[first * N_SRC + SRC_BOUNTY] += worth
            s.tally[first * N_TALLY + T_BOUNTY_FIRSTS] += 1
            claims.append(first)
            s.bounty_log.append([s.round, slot, first, 1])
            others = [x for x in done if x != first]
            if ev is not None:
                ev.append(Event(f"Bounty {card.name}: {who(s, first)} completes it first ({values[first]}) and gains "
                                + (f"a Rift starfall worth {worth}." if s.rift else "a starfall."), first,
                                kind="bounty", data={"slot": slot, "card": card_id, "seat": first, "first": True,
                                                     "worth": worth, "values": values}))
        for x in others:
            gain(s, x, card.reward)
            claims.append(x)
            s.tally[x * N_TALLY + T_BOUNTY_OTHERS] += 1
            s.bounty_log.append([s.round, slot, x, 0])
            if ev is not None:
                ev.append(Event(f"Bounty {card.name}: {who(s, x)} completes it too ({values[x]}) and takes "
                                f"{C.resources_text(card.reward)}.", x, kind="bounty",
                                data={"slot": slot, "card": card_id, "seat": x, "first": False,
                                      "resources": list(card.reward), "values": values}))
