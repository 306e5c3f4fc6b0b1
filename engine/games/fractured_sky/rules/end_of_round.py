"""The end of a round: the reveal (chips, hidden starfalls, the automa's values), troop
power, the objective, regional rewards drafted in rank order (the shift down), market
income, fading starfalls, cleanup and the end of the game."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import automa, scoring
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules.common import (
    CHIP_NO_RANK,
    NR,
    SHIPS,
    gain,
    is_automa,
    one_choice,
)
from engine.games.fractured_sky.rules.setup import start_round
from engine.games.fractured_sky.state import (
    N_SRC,
    N_TALLY,
    OVER,
    REWARDS,
    SRC_HIDDEN,
    SRC_PUBLIC,
    STAR,
    STAR_HIDDEN,
    STAR_PUBLIC,
    T_BLUFF_WINS,
    T_ZERO_ALONE,
    T_ZERO_CONTESTED,
    Step,
)
from engine.games.fractured_sky.text import ordinal, region_name, reward_text, who


def reveal(s: st.State, ev: list[Event] | None) -> None:
    """Every airship's chip and every hidden starfall are revealed together."""
    n = s.n
    hidden_here = [0] * NR
    for card in s.hid_cards:
        hidden_here[card] += 1
    # seed: "AI airships revealed at a chosen value"
    for side in range(n - s.automa, n):
        for ship, value in automa.reveal_values(s, side, hidden_here):
            s.ship_chip[ship] = value
    # troop power: chips, skimmers, and fortresses touching a region where their owner is present
    power = [0] * (NR * n)
    present = [False] * (NR * n)
    regions, chips = s.ship_region, s.ship_chip
    for ship in range(n * SHIPS):
        r = regions[ship]
        if r >= 0:
            k = r * n + ship // SHIPS
            power[k] += chips[ship]
            present[k] = True
    skim = s.skimmers
    for k in range(NR * n):
        if skim[k]:
            power[k] += skim[k] * C.SKIMMER_POWER
            present[k] = True
    kinds, owners = s.site_kind, s.site_owner
    for site in range(C.N_SITES):
        if kinds[site] == C.FORTRESS:
            o = owners[site]
            for r in C.SITE_REGIONS[site]:
                if present[r * n + o]:
                    power[r * n + o] += C.FORTRESS_POWER
    s.power = power
    # rank: most troop power first (at least 1), ties to the side earlier in turn order
    pos = [0] * n
    for k, x in enumerate(s.order):
        pos[x] = k
    ranks = []
    rewards = []
    for r in range(NR):
        row = power[r * n:r * n + n]
        rk = [x for x in s.order if row[x] >= C.MIN_POWER_FOR_REWARD]
        rk.sort(key=lambda x: -row[x])  # stable: ties keep turn order
        ranks.append(rk)
        rewards.append([STAR_PUBLIC] * s.starfalls[r] + [STAR_HIDDEN] * hidden_here[r]
                       + list(range(len(C.REGIONS[r].tiers))))
    s.ranks = ranks
    s.rewards = rewards
    s.taken = []
    s.income = []
    s.rv_round = s.round
    s.rv_chips = [(regions[sh] * 16 + chips[sh]) if regions[sh] >= 0 else -1 for sh in range(n * SHIPS)]
    s.rv_hidden = list(s.hid_cards)
    tally_chips(s, present)
    if ev is not None:
        reveal_events(s, hidden_here, ev)
    # designed: the round's objective is scored after the reveal, before the regional rewards
    # (where the seed scores bounties, which replace objectives)
    scoring.score_objective(s, ev)
    s.phase = REWARDS
    s.rw_region = 0
    s.rw_pos = 0
    run_rewards(s, ev)


def tally_chips(s: st.State, present: list[bool]) -> None:
    """The lab's figures: chip values by region rank, and 0-chips where contested or alone."""
    n = s.n
    cr = s.chip_ranks
    tally = s.tally
    sides_here = [sum(present[r * n:r * n + n]) for r in range(NR)]
    people = n - s.automa
    regions, chips, ranks = s.ship_region, s.ship_chip, s.ranks
    for ship in range(n * SHIPS):
        r = regions[ship]
        if r < 0 or sides_here[r] < 2:
            if r >= 0 and chips[ship] == 0 and ship < people * SHIPS:
                tally[(ship // SHIPS) * N_TALLY + T_ZERO_ALONE] += 1
            continue
        # where it came to a fight: does the bigger chip win?
        side = ship // SHIPS
        chip = chips[ship]
        rk = ranks[r]
        rank = rk.index(side) if side in rk else CHIP_NO_RANK
        if rank > CHIP_NO_RANK:
            rank = CHIP_NO_RANK
        cr[2 * rank] += chip
        cr[2 * rank + 1] += 1
        if chip == 0 and side < people:
            tally[side * N_TALLY + T_ZERO_CONTESTED] += 1
            if rank == 0:
                tally[side * N_TALLY + T_BLUFF_WINS] += 1


def reveal_events(s: st.State, hidden_here: list[int], ev: list[Event]) -> None:
    n = s.n
    for k, card in enumerate(s.hid_cards):
        holder = s.hid_ship[k] // SHIPS
        ev.append(Event(f"{who(s, holder)}'s hidden starfall drops in {region_name(card)}.", holder,
                        reveal=True, kind="reveal_hidden",
                        data={"side": holder, "card": k, "region": card}))
    for r in range(NR):
        ships = [sh for sh in range(n * SHIPS) if s.ship_region[sh] == r]
        sides = [x for x in range(n) if s.power[r * n + x] or any(sh // SHIPS == x for sh in ships)]
        if not sides:
            continue
        chips = ", ".join(f"{who(s, sh // SHIPS)} {s.ship_chip[sh]}" for sh in ships)
        totals = ", ".join(f"{who(s, x)} {s.power[r * n + x]}" for x in sides)
        ranks = " > ".join(who(s, x) for x in s.ranks[r]) or "nobody"
        ev.append(Event(
            f"{region_name(r)}: chips {chips or 'none'}; troop power {totals}; ranks: {ranks}.",
            reveal=True, kind="reveal_region",
            data={"region": r,
                  "ships": [[sh // SHIPS, sh, s.ship_chip[sh]] for sh in ships],
                  "power": [s.power[r * n + x] for x in range(n)],
                  "ranks": list(s.ranks[r]),
                  "rewards": list(s.rewards[r]),
                  "public_starfalls": s.starfalls[r], "hidden_starfalls": hidden_here[r]}))


def run_rewards(s: st.State, ev: list[Event] | None) -> None:
    """Region by region, in rank order, each side takes one reward off the region's list.

    A side may take a lower reward than the highest left: the ones it passes over shift
    down to the next side (seed: "This shifts your reward down to the next player").
    A side is asked only when it has a real choice.
    """
    n = s.n
    auto_from = n - s.automa
    while s.rw_region < NR:
        r = s.rw_region
        rk = s.ranks[r]
        left = s.rewards[r]
        while s.rw_pos < len(rk) and left:
            side = rk[s.rw_pos]
            if side >= auto_from or one_choice(left):
                # the automa always takes the highest reward left
                take_reward(s, side, STAR if left[0] >= STAR_PUBLIC else left[0], ev)
                continue
            s.step = Step.REWARD
            return
        finish_region(s, r, ev)
        s.rw_region += 1
        s.rw_pos = 0
    end_round(s, ev)


def take_reward(s: st.State, side: int, code: int, ev: list[Event] | None) -> None:
    r = s.rw_region
    left = s.rewards[r]
    if code == STAR:
        k = next(k for k, c in enumerate(left) if c >= STAR_PUBLIC)
        code = left.pop(k)
        s.stars[side] += 1
        s.src[side * N_SRC + (SRC_PUBLIC if code == STAR_PUBLIC else SRC_HIDDEN)] += 1
    else:
        left.remove(code)
        gain(s, side, C.REGIONS[r].tiers[code])
    rank = s.rw_pos
    s.taken.append([r, side, code, rank])
    s.rw_pos += 1
    if ev is not None:
        ev.append(Event(f"{region_name(r)}: {who(s, side)} ({ordinal(rank)}) takes {reward_text(code, r)}.",
                        side, kind="reward", data={"region": r, "side": side, "reward": code, "rank": rank}))


def finish_region(s: st.State, r: int, ev: list[Event] | None) -> None:
    """Market income, then the starfalls nobody took fade."""
    good = C.REGIONS[r].produces[0]
    for site in C.REGION_SITES[r]:
        if s.site_kind[site] != C.MARKET:
            continue
        o = s.site_owner[site]
        if not scoring.present(s, o, r):
            continue
        what = C.AUTOMA_DECK[s.ai_card[o]].income if is_automa(s, o) else good
        got = [0, 0, 0]
        got[what] = C.MARKET_INCOME
        gain(s, o, got)
        s.income.append([r, o, what, C.MARKET_INCOME])
        if ev is not None:
            ev.append(Event(f"{region_name(r)}: {who(s, o)}'s market collects {C.resources_text(got)}.", o,
                            kind="income", data={"region": r, "side": o, "site": site, "resources": got}))
    left = s.rewards[r]
    faded = sum(1 for c in left if c >= STAR_PUBLIC)
    if faded and ev is not None:
        ev.append(Event(f"{region_name(r)}: nobody takes {'the starfall' if faded == 1 else f'{faded} starfalls'}; "
                        f"{'it fades' if faded == 1 else 'they fade'}.", kind="fade",
                        data={"region": r, "starfalls": faded}))
    s.rewards[r] = []


def end_round(s: st.State, ev: list[Event] | None) -> None:
    s.by_round.append(list(s.stars))
    if s.round >= C.ROUNDS:
        # published outline: "5 rounds", "most starfalls wins"
        s.phase = OVER
        if ev is not None:
            res = scoring.result(s)
            ev.append(Event("Final starfalls: " + ", ".join(
                f"{who(s, x)} {res.scores[x]}" for x in range(s.n))
                + f". {who(s, res.ranking[0][0])} wins." + (f" {res.tiebreak}" if res.tiebreak else ""),
                kind="final", data={"scores": list(res.scores), "ranking": res.ranking}))
        return
    # designed: next round's turn order is the track the sides took as they finished
    s.order = list(s.next_order)
    s.next_order = [-1] * s.n
    s.round += 1
    if ev is not None:
        ev.append(Event(f"Turn order for round {s.round}: " + ", ".join(who(s, x) for x in s.order) + ".",
                        kind="order", data={"order": list(s.order)}))
    start_round(s, ev)
