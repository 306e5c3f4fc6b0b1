"""The end of a round, in the document's sequence:

1. reveal all airships (after Grimroot's redeployment): chips, payloads, hidden starfalls,
   the automa's values; troop power with the guardians' and flagships' powers;
2. the bounties (or, without them, the round's objective);
3. regional rewards drafted in rank order (the shift down, the payload instead of a reward,
   Mythtusk's swap, Cinderwing's kept starfalls, Cloudseer's starfall), market income
   (Cragjaw doubles it), fading starfalls;
4. cleanup: airships home, the guardians' rotation and new starting regions, payloads refilled
   (the first side on the track chooses when too few are left), flagships returned;
5. the flagship draft (at the next round's start, after its public starfall).

seed: "1. Reveal all airships. 2. Check and score bounties. 3. Tally troop power and distribute
regional rewards … 4. Follow the base game's round cleanup along with expansion components …
5. Draft flagships."
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import automa, scoring
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules import bounties, guardians, payloads
from engine.games.fractured_sky.rules.common import (
    CHIP_NO_RANK,
    NR,
    SHIPS,
    flagship_power,
    gain,
    guardian_region,
    is_automa,
    one_choice,
    say_step,
)
from engine.games.fractured_sky.rules.setup import new_round, open_round
from engine.games.fractured_sky.state import (
    N_SRC,
    N_TALLY,
    OVER,
    PAYLOAD,
    REWARDS,
    SRC_GUARDIAN,
    SRC_HIDDEN,
    SRC_PUBLIC,
    STAR,
    STAR_HIDDEN,
    STAR_PUBLIC,
    T_BLUFF_WINS,
    T_PAYLOAD_POWER,
    T_ZERO_ALONE,
    T_ZERO_CONTESTED,
    Step,
)
from engine.games.fractured_sky.text import ordinal, region_name, reward_text, who


def airship_powers(s: st.State) -> list[int]:
    """Each airship's troop power: its chip, plus its payloads, plus the guardians' and the
    flagships' powers where it is — all at the same time (seed: "Modifiers from payloads,
    guardians, and flagships happen at the same time."). designed: an airship's troop power is
    never below 0."""
    n = s.n
    regions, chips = s.ship_region, s.ship_chip
    nships = n * SHIPS
    sp = [chips[sh] if regions[sh] >= 0 else 0 for sh in range(nships)]
    if s.payloads:
        # seed: "Add the total power of all payload tokens to your airship's power when revealed."
        for sh in range(nships):
            tokens = s.pl_ship[sh]
            if tokens:
                sp[sh] += sum(C.PAYLOADS[t] for t in tokens)
    cragjaw = -1
    if s.guardians:
        reef = guardian_region(s, C.REEFHORN)
        if reef >= 0:
            # seed: "airships with a 0 troop power token (ignoring payloads) gain +3 troop power."
            for sh in range(nships):
                if regions[sh] == reef and chips[sh] == 0:
                    sp[sh] += C.REEFHORN_BONUS
        cragjaw = guardian_region(s, C.CRAGJAW)
    if s.flagships:
        for side in range(n):
            flag = s.fl_ship[side]
            if flag < 0:
                continue
            code = flagship_power(s, side)
            fr = regions[flag]
            if code == C.P_SMOKE:
                for sh in range(nships):
                    if sh != flag and regions[sh] == fr and chips[sh] == C.SMOKE_CHIP:
                        sp[sh] -= C.SMOKE_MALUS
            elif code == C.P_VEILED:
                if chips[flag] == C.VEILED_CHIP:
                    sp[flag] += C.VEILED_BONUS
            elif code == C.P_PINCER:
                for sh in range(side * SHIPS, side * SHIPS + SHIPS):
                    if sh != flag and regions[sh] == fr:
                        sp[sh] += C.PINCER_BONUS
            elif code == C.P_DREAD:
                for sh in range(nships):
                    if sh != flag and regions[sh] == fr:
                        sp[sh] -= C.DREAD_MALUS
            elif code in (C.P_MERCENARIES, C.P_STRONGHOLD):
                # seed: "Cragjaw triggers before Grimroot's Secret Mercenaries and Skyborne's
                # Fortified Stronghold abilities." — the buildings' effect is doubled first
                kind = C.MARKET if code == C.P_MERCENARIES else C.FORTRESS
                each = C.MERCENARY_BONUS if code == C.P_MERCENARIES else C.STRONGHOLD_BONUS
                factor = C.CRAGJAW_FACTOR if fr == cragjaw else 1
                count = sum(1 for k in C.REGION_SITES[fr] if s.site_owner[k] == side and s.site_kind[k] == kind)
                sp[flag] += count * each * factor
    for sh in range(nships):
        if sp[sh] < 0:
            sp[sh] = 0
    return sp


def troop_power(s: st.State, sp: list[int]) -> tuple[list[int], list[bool]]:
    """Per region and side: troop power (airships, skimmers, fortresses where present) and presence."""
    n = s.n
    power = [0] * (NR * n)
    present = [False] * (NR * n)
    regions = s.ship_region
    for ship in range(n * SHIPS):
        r = regions[ship]
        if r >= 0:
            k = r * n + ship // SHIPS
            power[k] += sp[ship]
            present[k] = True
    fleet = [-1] * n
    cragjaw = guardian_region(s, C.CRAGJAW) if s.guardians else -1
    if s.flagships:
        for side in range(n):
            if s.fl_ship[side] >= 0 and flagship_power(s, side) == C.P_FLEET:
                fleet[side] = regions[s.fl_ship[side]]
    skim = s.skimmers
    for k in range(NR * n):
        if skim[k]:
            each = C.SKIMMER_POWER
            if fleet[k % n] == k // n:
                each += C.FLEET_BONUS  # seed: "+1 troop power in addition to their base 1 troop power"
            power[k] += skim[k] * each
            present[k] = True
    kinds, owners = s.site_kind, s.site_owner
    for site in range(C.N_SITES):
        if kinds[site] == C.FORTRESS:
            o = owners[site]
            for r in C.SITE_REGIONS[site]:
                if present[r * n + o]:
                    # seed (Cragjaw): "building effects are doubled"
                    power[r * n + o] += C.FORTRESS_POWER * (C.CRAGJAW_FACTOR if r == cragjaw else 1)
    return power, present


def reveal(s: st.State, ev: list[Event] | None) -> None:
    """Every airship's chip, its payloads and every hidden starfall are revealed together."""
    n = s.n
    say_step(s, 0, ev)
    hidden_here = [0] * NR
    for card in s.hid_cards:
        hidden_here[card] += 1
    # seed: "AI airships revealed at a chosen value"
    for side in range(n - s.automa, n):
        for ship, value in automa.reveal_values(s, side, hidden_here):
            s.ship_chip[ship] = value
    sp = airship_powers(s)
    s.ship_power = [sp[sh] if s.ship_region[sh] >= 0 else -1 for sh in range(n * SHIPS)]
    if s.payloads:
        for sh in range(n * SHIPS):
            if s.pl_ship[sh]:
                s.tally[(sh // SHIPS) * N_TALLY + T_PAYLOAD_POWER] += sum(C.PAYLOADS[t] for t in s.pl_ship[sh])
        payloads.spend(s)
    power, present = troop_power(s, sp)
    s.power = power
    # rank: most troop power first (at least 1), ties to the side earlier in turn order
    regions, chips = s.ship_region, s.ship_chip
    cinder = guardian_region(s, C.CINDERWING) if s.guardians else -1
    myth = guardian_region(s, C.MYTHTUSK) if s.guardians else -1
    ranks = []
    rw_ranks = []
    rewards = []
    for r in range(NR):
        row = power[r * n:r * n + n]
        rk = [x for x in s.order if row[x] >= C.MIN_POWER_FOR_REWARD]
        rk.sort(key=lambda x: -row[x])  # stable: ties keep turn order
        ranks.append(rk)
        if r == myth and len(rk) >= 2:
            # seed (Mythtusk): "swap the reward tier for 1st and 2nd most troop power"
            rw_ranks.append([rk[1], rk[0], *rk[2:]])
        else:
            rw_ranks.append(rk)
        if r == cinder:
            # seed (Cinderwing): "do not award starfall rewards. Starfalls that drop here will
            # stay here until next round."
            s.carry[r] = s.starfalls[r] + hidden_here[r]
            rewards.append(list(range(len(C.REGIONS[r].tiers))))
        else:
            rewards.append([STAR_PUBLIC] * s.starfalls[r] + [STAR_HIDDEN] * hidden_here[r]
                           + list(range(len(C.REGIONS[r].tiers))))
    s.ranks = ranks
    s.rw_ranks = rw_ranks
    s.rewards = rewards
    s.taken = []
    s.income = []
    s.rv_round = s.round
    s.rv_chips = [(regions[sh] * 16 + chips[sh]) if regions[sh] >= 0 else -1 for sh in range(n * SHIPS)]
    s.rv_hidden = list(s.hid_cards)
    tally_chips(s, present)
    if ev is not None:
        reveal_events(s, hidden_here, ev)
    say_step(s, 1, ev)
    if s.bounties:
        # seed: "Bounties are scored at the end of the main phase of each round, immediately after
        # everyone has revealed their airships but before distributing regional rewards."
        bounties.score(s, ev)
    else:
        # designed: the round's objective is scored after the reveal, before the regional rewards
        # (where the seed scores bounties, which replace objectives)
        scoring.score_objective(s, ev)
    say_step(s, 2, ev)
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
        parts = []
        for sh in ships:
            part = f"{who(s, sh // SHIPS)} {s.ship_chip[sh]}"
            if s.payloads and s.pl_ship[sh]:
                part += "".join(f"+{C.PAYLOADS[t]}" for t in s.pl_ship[sh])
            if s.ship_power[sh] != s.ship_chip[sh] + (sum(C.PAYLOADS[t] for t in s.pl_ship[sh]) if s.payloads else 0):
                part += f" (power {s.ship_power[sh]})"
            parts.append(part)
        chips = ", ".join(parts)
        totals = ", ".join(f"{who(s, x)} {s.power[r * n + x]}" for x in sides)
        ranks = " > ".join(who(s, x) for x in s.ranks[r]) or "nobody"
        if s.rw_ranks[r] != s.ranks[r]:
            ranks += " (Mythtusk: " + " > ".join(who(s, x) for x in s.rw_ranks[r]) + " take rewards)"
        ev.append(Event(
            f"{region_name(r)}: chips {chips or 'none'}; troop power {totals}; ranks: {ranks}.",
            reveal=True, kind="reveal_region",
            data={"region": r,
                  "ships": [[sh // SHIPS, sh, s.ship_chip[sh]] for sh in ships],
                  "ship_power": [s.ship_power[sh] for sh in ships],
                  "payloads": [[C.PAYLOADS[t] for t in s.pl_ship[sh]] if s.payloads else [] for sh in ships],
                  "power": [s.power[r * n + x] for x in range(n)],
                  "ranks": list(s.ranks[r]),
                  "reward_order": list(s.rw_ranks[r]),
                  "rewards": list(s.rewards[r]),
                  "public_starfalls": s.starfalls[r], "hidden_starfalls": hidden_here[r],
                  "kept": s.carry[r]}))


def run_rewards(s: st.State, ev: list[Event] | None) -> None:
    """Region by region, in rank order, each side takes one reward off the region's list.

    A side may take a lower reward than the highest left: the ones it passes over shift
    down to the next side (seed: "This shifts your reward down to the next player"); with
    payloads it may take the region's payload instead. A side is asked only when it has a
    real choice.
    """
    n = s.n
    auto_from = n - s.automa
    while s.rw_region < NR:
        r = s.rw_region
        rk = s.rw_ranks[r]
        left = s.rewards[r]
        while s.rw_pos < len(rk):
            payload = s.payloads and s.pl_region[r] >= 0
            if not left and not payload:
                break
            side = rk[s.rw_pos]
            if side >= auto_from:
                # the automa always takes the highest reward left (seed: "AI will not collect
                # payloads as a reward.")
                if left:
                    take_reward(s, side, STAR if left[0] >= STAR_PUBLIC else left[0], ev)
                else:
                    s.rw_pos += 1
                continue
            if not left:
                # seed: "This adds one more reward to each region." — the payload is what is left
                take_reward(s, side, PAYLOAD, ev)
                continue
            if not payload and one_choice(left):
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
    rank = s.rw_pos
    if code == PAYLOAD:
        payloads.take(s, side, r, ev)
        s.taken.append([r, side, PAYLOAD, rank])
        s.rw_pos += 1
        return
    if code == STAR:
        k = next(k for k, c in enumerate(left) if c >= STAR_PUBLIC)
        code = left.pop(k)
        s.stars[side] += 1
        s.src[side * N_SRC + (SRC_PUBLIC if code == STAR_PUBLIC else SRC_HIDDEN)] += 1
    else:
        left.remove(code)
        gain(s, side, C.REGIONS[r].tiers[code], r)
    s.taken.append([r, side, code, rank])
    s.rw_pos += 1
    if ev is not None:
        ev.append(Event(f"{region_name(r)}: {who(s, side)} ({ordinal(rank)}) takes {reward_text(code, r)}.",
                        side, kind="reward", data={"region": r, "side": side, "reward": code, "rank": rank}))


def finish_region(s: st.State, r: int, ev: list[Event] | None) -> None:
    """Cloudseer's starfall, market income (Cragjaw doubles it), then the starfalls nobody took fade."""
    if s.guardians and s.cloud_star and guardian_region(s, C.CLOUDSEER) == r and s.ranks[r]:
        # seed: "In this guardian's region, highest troop power wins that starfall, in addition to
        # any other reward. A player must be present in the region to win the starfall."
        winner = s.ranks[r][0]
        worth = s.cloud_star
        s.cloud_star = 0
        s.stars[winner] += worth
        s.src[winner * N_SRC + SRC_GUARDIAN] += worth
        s.cloud_log.append([s.round, r, winner, worth])
        if ev is not None:
            ev.append(Event(f"{region_name(r)}: {who(s, winner)} has the most troop power and wins Cloudseer's "
                            + ("starfall." if not s.rift else f"Rift starfall (worth {worth})."), winner,
                            kind="cloudseer", data={"region": r, "seat": winner, "worth": worth}))
    cragjaw = guardian_region(s, C.CRAGJAW) if s.guardians else -1
    good = C.REGIONS[r].produces[0]
    for site in C.REGION_SITES[r]:
        if s.site_kind[site] != C.MARKET:
            continue
        o = s.site_owner[site]
        if not scoring.present(s, o, r):
            continue
        what = C.AUTOMA_DECK[s.ai_card[o]].income if is_automa(s, o) else good
        # seed (Cragjaw): "building effects are doubled" / "AI Market cards are affected by the
        # Cragjaw guardian, gaining an additional resource for each market connected to that region
        # if they have an airship present there."
        amount = C.MARKET_INCOME * (C.CRAGJAW_FACTOR if r == cragjaw else 1)
        got = [0, 0, 0]
        got[what] = amount
        gain(s, o, got, r)
        s.income.append([r, o, what, amount])
        if ev is not None:
            ev.append(Event(f"{region_name(r)}: {who(s, o)}'s market collects {C.resources_text(got)}"
                            + (" (Cragjaw doubles it)." if r == cragjaw else "."), o,
                            kind="income", data={"region": r, "side": o, "site": site, "resources": got}))
    left = s.rewards[r]
    faded = sum(1 for c in left if c >= STAR_PUBLIC)
    if faded and ev is not None:
        ev.append(Event(f"{region_name(r)}: nobody takes {'the starfall' if faded == 1 else f'{faded} starfalls'}; "
                        f"{'it fades' if faded == 1 else 'they fade'}.", kind="fade",
                        data={"region": r, "starfalls": faded}))
    if s.carry[r] and ev is not None:
        ev.append(Event(f"{region_name(r)}: Cinderwing keeps {s.carry[r]} starfall{'s' if s.carry[r] > 1 else ''} "
                        "here until next round.", kind="kept", data={"region": r, "starfalls": s.carry[r]}))
    s.rewards[r] = []


def end_round(s: st.State, ev: list[Event] | None) -> None:
    s.by_round.append(list(s.stars))
    if s.guardians:
        guardians.log_round(s)
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
    say_step(s, 3, ev)
    if ev is not None:
        ev.append(Event(f"Turn order for round {s.round}: " + ", ".join(who(s, x) for x in s.order) + ".",
                        kind="order", data={"order": list(s.order)}))
    # seed: "Guardians: reveal the new guardian after discarding the rightmost guardian and reveal
    # public starfall starting positions for each."
    if s.guardians:
        guardians.rotate(s, ev)
    new_round(s, ev)
    # seed: "Payloads: add new payloads to each region not containing a payload."
    if s.payloads and payloads.refill(s, ev):
        return  # the first side on the track chooses where the last payloads go
    finish_cleanup(s, ev)


def finish_cleanup(s: st.State, ev: list[Event] | None) -> None:
    """seed: "Flagships: return all flagship boards and miniatures." then the new round starts
    ("5. Draft flagships." after its public starfall)."""
    if s.flagships and ev is not None:
        ev.append(Event("Flagships: every board returns to the centre of the table.", kind="flagships_return"))
    open_round(s, ev)


def refill_choice(s: st.State, side: int, region: int, ev: list[Event] | None) -> None:
    """The first side on the track puts one of the last payloads in an empty region."""
    payloads.place(s, side, region, ev)
    if s.refill_left == 0:
        finish_cleanup(s, ev)
