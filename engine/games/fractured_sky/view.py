"""What a seat may know (``view``), and re-drawing what it may not (``determinize``).

Hidden from a seat until the reveal: the chips on other sides' airships (unless it scouted
them), the hidden starfalls other sides drew (unless it scouted them), the order of the
decks (the hidden deck's top card once it scouted it), and the game's generator.
"""

from __future__ import annotations

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    ASKING,
    MAIN,
    N_SRC,
    OVER,
    PHASE_NAMES,
    REWARDS,
    STAR_HIDDEN,
    STAR_PUBLIC,
    AutomaCardView,
    HiddenCardView,
    ObjectiveView,
    RegionView,
    RewardView,
    ShipView,
    SideView,
    SiteView,
    State,
    Step,
    View,
)
from engine.games.fractured_sky.state import acting as st_acting
from engine.games.fractured_sky.text import region_name, reward_text, who

SHIPS = C.SHIPS
NR = C.N_REGIONS


def _free_chip_values(mask: int) -> list[int]:
    out = [0] * ((mask & 1) + (mask >> 1 & 1))
    out.extend(v for v in range(1, C.POWER_LIMIT + 1) if mask >> (v + 1) & 1)
    return out


def _prompt(s: State, seat: int | None, acting: tuple[int, ...]) -> str:
    if not acting:
        return "The game is over."
    if seat is None or seat not in acting:
        return "Waiting for " + ", ".join(who(s, x) for x in acting) + "."
    step = s.step
    if step == Step.ACT:
        left = s.ships_left[seat]
        return (f"Your turn: place an airship ({left} left), build, or scout"
                f" ({C.SCOUTS_PER_ROUND - s.scouts[seat]} scouts left this round).")
    if step == Step.CHIP:
        where = region_name(s.ship_region[s.pending])
        return f"Choose the face-down chip for your airship in {where} (printed power left: {s.budget[seat]})."
    if step == Step.ORDER:
        return "Your round is over: take a space on next round's turn-order track."
    if step == Step.REWARD:
        rank = s.rw_pos + 1
        return (f"{region_name(s.rw_region)}: you rank {rank}. Take a reward — whatever you pass over "
                "shifts down to the next side.")
    return f"{who(s, seat)} (automa) takes its turn."


_REWARD_VIEWS: dict[tuple[int, int], RewardView] = {}


def _reward_views(codes: list[int], r: int) -> list[RewardView]:
    out = []
    for c in codes:
        rv = _REWARD_VIEWS.get((c, r))
        if rv is None:
            if c >= STAR_PUBLIC:
                rv = RewardView(c, reward_text(c, r), [0, 0, 0], True)
            else:
                rv = RewardView(c, reward_text(c, r), list(C.REGIONS[r].tiers[c]), False)
            _REWARD_VIEWS[(c, r)] = rv
        out.append(rv)
    return out


def view(s: State, seat: int | None) -> View:
    n = s.n
    acting = st_acting(s)
    revealed = s.phase != MAIN  # the rewards phase or the end: every chip is face up
    current = s.rv_round == s.round and s.phase != MAIN
    bit = (1 << seat) if seat is not None else 0
    # fortress bonus per region and side
    fort = [0] * (NR * n)
    for site, kind in enumerate(s.site_kind):
        if kind == C.FORTRESS:
            o = s.site_owner[site]
            for r in C.SITE_REGIONS[site]:
                fort[r * n + o] += C.FORTRESS_POWER
    hidden_here = [0] * NR
    if current:
        for card in s.hid_cards:
            hidden_here[card] += 1
    taken_by_region: list[list[list[int]]] = [[] for _ in range(NR)]
    for r, side, code, rank in s.taken:
        taken_by_region[r].append([side, code, rank])
    ships_in: list[list[ShipView]] = [[] for _ in range(NR)]
    for sh, r in enumerate(s.ship_region):
        if r >= 0:
            chip = s.ship_chip[sh]
            visible = revealed or (seat is not None and s.ship_known[sh] & bit)
            ships_in[r].append(ShipView(sh // SHIPS, sh, r, s.explore[r] == sh, chip if visible else -1,
                                        chip if revealed else -1))
    regions = []
    for r, reg in enumerate(C.REGIONS):
        ships = ships_in[r]
        present = [s.skimmers[r * n + x] > 0 for x in range(n)]
        for ship in ships:
            present[ship.side] = True
        listed = [STAR_PUBLIC] * s.starfalls[r] + [STAR_HIDDEN] * hidden_here[r] + list(range(len(reg.tiers)))
        left = s.rewards[r] if s.phase == REWARDS and r >= s.rw_region else []
        regions.append(RegionView(
            index=r, name=reg.name, short=reg.short, produces=list(reg.produces), good=reg.produces[0],
            row=reg.row, col=reg.col, sites=list(C.REGION_SITES[r]),
            explore=(s.explore[r] // SHIPS) if s.explore[r] >= 0 else -1,
            public_starfalls=s.starfalls[r], hidden_starfalls=hidden_here[r],
            ships=ships, skimmers=[s.skimmers[r * n + x] for x in range(n)],
            fortress_bonus=fort[r * n:r * n + n], present=present,
            rewards=_reward_views(listed, r),
            left=_reward_views(left, r),
            power=list(s.power[r * n:r * n + n]) if current else [-1] * n,
            ranks=list(s.ranks[r]) if current else [],
            taken=taken_by_region[r] if current else [],
        ))
    sites = [SiteView(k, list(regs), s.site_owner[k], C.BUILDINGS[s.site_kind[k]] if s.site_kind[k] >= 0 else "",
                      list(C.TRIPLE_SITE_EXTRA) if len(regs) == 3 else [0, 0, 0])
             for k, regs in enumerate(C.SITE_REGIONS)]
    kinds = ["automa" if x >= n - s.automa else "person" for x in range(n)]
    held = [0] * n
    for sh in s.hid_ship:
        held[sh // SHIPS] += 1
    sides = []
    for x in range(n):
        mine = seat == x
        b = x * 3
        card_name = C.AUTOMA_DECK[s.ai_card[x]].name if s.ai_card[x] >= 0 else ""
        space = s.next_order.index(x) if x in s.next_order else -1
        sides.append(SideView(
            side=x, name=who(s, x), kind=kinds[x], resources=list(s.res[b:b + 3]),
            starfalls=list(s.src[x * N_SRC:x * N_SRC + N_SRC]), total=s.stars[x],
            ships_left=s.ships_left[x],
            chips=_free_chip_values(s.chips[x]) if mine and kinds[x] == "person" else [],
            budget=s.budget[x] if mine and kinds[x] == "person" else -1,
            markets=s.built[b + C.MARKET], fortresses=s.built[b + C.FORTRESS], skimmers=sum(s.skimmers[x::n]),
            buildings_left=[C.SUPPLY[C.MARKET] - s.built[b + C.MARKET], C.SUPPLY[C.FORTRESS] - s.built[b + C.FORTRESS],
                            C.SUPPLY[C.SKIMMER] - sum(s.skimmers[x::n])],
            scouts=s.scouts[x], looked=s.looked[x], hidden_cards=held[x], next_space=space, card=card_name,
        ))
    hidden = []
    for k, region in enumerate(s.hid_cards):
        visible = revealed or (seat is not None and s.hid_known[k] & bit)
        hidden.append(HiddenCardView(k, s.hid_ship[k] // SHIPS, region if visible else -1))
    objectives = []
    for k, c in enumerate(s.objectives):
        obj = C.OBJECTIVES[c]
        log = s.objective_log[k] if k < len(s.objective_log) else [-1]
        objectives.append(ObjectiveView(k + 1, obj.name, obj.text, log[0], list(log[1:]),
                                        C.resources_text(obj.consolation)))
    automa_cards = []
    for x in range(n - s.automa, n):
        ai = C.AUTOMA_DECK[s.ai_card[x]]
        automa_cards.append(AutomaCardView(
            x, ai.name, list(ai.values),
            ["airship" if st == C.A_SHIP else C.BUILDINGS[st - 1] for st in ai.plan], s.ai_step[x],
            ai.heading, "first" if ai.track == C.TAKE_FIRST else "last",
            C.RESOURCES[ai.last], C.RESOURCES[ai.income]))
    track_rewards = [""] * n
    track_rewards[n - 1] = C.resources_text((C.LAST_PICK_GOLD, 0, 0))
    asking = ASKING[s.step] if seat is not None and seat in acting else ""
    top = s.hid_deck[-1] if seat is not None and s.hid_deck and s.top_known & bit else -1
    return View(
        seat=seat,
        round=s.round,
        phase=PHASE_NAMES[s.phase],
        to_act=acting,
        prompt=_prompt(s, seat, acting),
        asking=asking,
        players=n,
        names=list(s.names),
        kinds=kinds,
        rounds=C.ROUNDS,
        regions=regions,
        sites=sites,
        sides=sides,
        order=list(s.order),
        current=s.order[s.turn] if s.phase == MAIN else -1,
        track=list(s.next_order),
        track_rewards=track_rewards,
        public_starfall=s.public,
        hidden_deck=len(s.hid_deck),
        deck_top=top,
        hidden=hidden,
        objectives=objectives,
        automa_cards=automa_cards,
        pending_region=s.ship_region[s.pending] if s.phase == MAIN and s.pending >= 0 else -1,
        reward_region=s.rw_region if s.phase == REWARDS else -1,
        reveal_round=s.rv_round,
        costs=[list(c) for c in C.COSTS],
        explore_cost=list(C.EXPLORE_COST),
        scouts_per_round=C.SCOUTS_PER_ROUND,
        power_limit=C.POWER_LIMIT,
        by_round=[list(r) for r in s.by_round],
    )


# ---------------------------------------------------------------- determinize

_combos: dict[tuple[int, int, int], list[tuple[int, ...]]] = {}


def _chip_combos(count: int, free: int, budget: int) -> list[tuple[int, ...]]:
    """Every ordered choice of ``count`` chips from the free ones (a mask) within a budget."""
    key = (count, free, budget)
    out = _combos.get(key)
    if out is not None:
        return out
    out = []

    def walk(k: int, mask: int, left: int, acc: tuple[int, ...]) -> None:
        if k == 0:
            out.append(acc)
            return
        if mask & 3:
            slot = 0 if mask & 1 else 1
            walk(k - 1, mask & ~(1 << slot), left, (*acc, 0))
        for v in range(1, left + 1):
            if mask >> (v + 1) & 1:
                walk(k - 1, mask & ~(1 << (v + 1)), left - v, (*acc, v))

    walk(count, free, budget, ())
    _combos[key] = out
    return out


def _slot(mask: int, value: int) -> int:
    return (0 if mask & 1 else 1) if value == 0 else value + 1


def determinize(s: State, seat: int, rng: Rng) -> State:
    """A state ``seat`` cannot tell from ``s``: every hidden thing re-drawn consistently."""
    d = clone(s)
    d.rng = Rng(rng.next_u64())
    if d.phase == OVER:
        return d
    n = d.n
    bit = 1 << seat
    decks = d.pub_deck
    rng.shuffle(decks)
    rng.shuffle(d.ai_deck)
    if d.phase == REWARDS:
        return d  # every chip and hidden starfall is face up; the decks are reshuffled at cleanup
    # other sides' chips: re-drawn within what they have left, keeping the ones this seat knows
    people = n - d.automa
    for side in range(people):
        if side == seat:
            continue
        base = side * SHIPS
        unknown = []
        mask = (1 << len(C.CHIPS)) - 1
        budget = C.POWER_LIMIT
        for sh in range(base, base + SHIPS):
            chip = d.ship_chip[sh]
            if chip < 0:
                continue
            if d.ship_known[sh] & bit:
                mask &= ~(1 << _slot(mask, chip))
                budget -= chip
            else:
                unknown.append(sh)
        if not unknown:
            continue
        options = _chip_combos(len(unknown), mask, budget)
        pick = options[rng.below(len(options))]
        for sh, v in zip(unknown, pick, strict=True):
            d.ship_chip[sh] = v
            mask &= ~(1 << _slot(mask, v))
            budget -= v
        # the side's own bookkeeping follows its chips
        d.chips[side] = mask
        d.budget[side] = budget
    # hidden starfalls: the ones this seat does not know, and the hidden deck below what it knows
    unknown_cards = [k for k in range(len(d.hid_cards)) if not d.hid_known[k] & bit]
    pool = [d.hid_cards[k] for k in unknown_cards]
    deck = d.hid_deck
    keep_top = bool(deck) and bool(d.top_known & bit)
    top = deck.pop() if keep_top else -1
    pool.extend(deck)
    rng.shuffle(pool)
    for k in unknown_cards:
        d.hid_cards[k] = pool.pop()
    d.hid_deck = pool
    if keep_top:
        d.hid_deck.append(top)
    return d
