"""Setup and the round start: the table of sides (the automa joins 1 or 2 players), the
expansions a table may use, the objective tray (or the bounties), round 1's order, each
expansion's setup, and each round's start — the decks, the guardians' starting regions, the
public starfall, the automa's market cards and the flagship draft."""

from __future__ import annotations

import msgspec

from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.core.rules import Config, Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky.rules import flagships, guardians, payloads
from engine.games.fractured_sky.rules.common import ALL_CHIPS, NR, SHIPS, is_automa
from engine.games.fractured_sky.state import MAIN, N_SRC, N_TALLY, Options, State, Step
from engine.games.fractured_sky.text import region_name, seat_name, who

PLAYERS = range(1, 6)


def table(players: int, options: st.Options | dict | None) -> tuple[int, st.Options]:
    """The sides a game for ``players`` needs, and the options that record the automa.

    designed: the board is made for 3–5 sides. With 1 player the automa plays 2 more
    sides, with 2 players 1 more, so there are always at least 3 ranks to fight over.
    From 3 players up, ``players`` counts every side at the table (automa included), so
    a saved solo game (3 sides, ``automa=2``) sets up the same again.
    """
    opts = options if options is not None else Options()
    if isinstance(opts, dict):
        opts = msgspec.convert(opts, Options, strict=False)
    if players not in PLAYERS:
        raise OptionError(f"Fractured Sky is for 1–5 players, not {players}")
    if players < C.MIN_SIDES:
        need = C.MIN_SIDES - players
        if opts.automa not in (0, need):
            raise OptionError(
                f"Fractured Sky option automa: with {players} player{'s' if players > 1 else ''} the automa plays "
                f"{need} side{'s' if need > 1 else ''} (automa={need}), not {opts.automa}")
        opts = msgspec.structs.replace(opts, automa=need)
        n = C.MIN_SIDES
    else:
        if opts.automa and players != C.MIN_SIDES:
            raise OptionError(
                "Fractured Sky option automa: the automa only joins 1 or 2 players at a table of 3 sides, "
                f"not {players}")
        n = players
    check_expansions(n - opts.automa, opts)
    return n, opts


def check_expansions(people: int, opts: st.Options) -> None:
    """Refuse what the document forbids, in one line.

    seed: "Payloads … Players: 2-5." / "Bounties … Players: 2-5." / "Do not use bounty cards
    when playing solo." The Rift's starfalls lie on the bounties and on Cloudseer's card, so
    it needs one of those two expansions.
    """
    for name in ("payloads", "bounties"):
        if getattr(opts, name) and people < C.MIN_PEOPLE[name]:
            raise OptionError(f"Fractured Sky option {name}: {name} are for 2–5 players, not solo "
                              f"(the document: Players: 2-5)")
    if opts.rift and not (opts.bounties or opts.guardians):
        raise OptionError("Fractured Sky option rift: Rift starfalls lie on the bounties and on Cloudseer's card; "
                          "switch on bounties or guardians too")


def setup(config: Config) -> st.State:
    n, opts = table(config.players, config.options)
    rng = Rng.seeded(config.seed)
    # designed: five objective cards face up on the tray, one for each round
    # seed (bounties): "Leave the objective cards from the base game in the box."
    objectives: list[int] = []
    if not opts.bounties:
        objectives = list(range(len(C.OBJECTIVES)))
        rng.shuffle(objectives)
        objectives = objectives[: C.ROUNDS]
    # designed: round 1's turn order is random; the track decides every later round
    order = list(range(n))
    rng.shuffle(order)
    ai_deck = list(range(len(C.AUTOMA_DECK)))
    rng.shuffle(ai_deck)
    given = [str(x) for x in (getattr(config, "names", None) or [])][:n]
    names = given + [seat_name(x) for x in range(len(given), n)]
    ships = n * SHIPS
    s = State(
        n=n,
        automa=opts.automa,
        names=names,
        rng=rng,
        objectives=objectives,
        res=[r for _ in range(n) for r in C.START_RESOURCES],
        stars=[0] * n,
        src=[0] * (n * N_SRC),
        chips=[ALL_CHIPS] * n,
        budget=[C.POWER_LIMIT] * n,
        ships_left=[SHIPS] * n,
        scouts=[0] * n,
        looked=[0] * n,
        built=[0] * (n * 3),
        explored=[0] * n,
        tally=[0] * (n * N_TALLY),
        first_action=[-1] * n,
        site_owner=[-1] * C.N_SITES,
        site_kind=[-1] * C.N_SITES,
        skimmers=[0] * (NR * n),
        ship_region=[-1] * ships,
        ship_chip=[-1] * ships,
        ship_known=[0] * ships,
        explore=[-1] * NR,
        starfalls=[0] * NR,
        public=-1,
        pub_deck=[],
        hid_deck=[],
        top_known=0,
        hid_cards=[],
        hid_ship=[],
        hid_known=[],
        order=order,
        next_order=[-1] * n,
        start_order=list(order),
        ai_deck=ai_deck,
        ai_card=[-1] * n,
        ai_step=[0] * n,
        power=[0] * (NR * n),
        ranks=[[] for _ in range(NR)],
        rewards=[[] for _ in range(NR)],
        taken=[],
        income=[],
        chip_ranks=[0] * 12,
        rw_ranks=[[] for _ in range(NR)],
        chip_free=[0] * ships,
        ship_power=[-1] * ships,
        carry=[0] * NR,
    )
    # seed: "Setup: Complete setup steps for each expansion you're using." (in the document's order)
    if opts.payloads:
        payloads.setup(s)
    if opts.flagships:
        flagships.setup(s)
    if opts.guardians:
        guardians.setup(s)
    if opts.bounties:
        setup_bounties(s, opts.rift)
    if opts.rift and not opts.bounties:
        s.rift = True
        s.rift_pile = list(C.RIFT_STARFALLS)
        rng.shuffle(s.rift_pile)
    # designed: round 1's later sides start with 1 more gold for each side ahead of them
    for k, x in enumerate(order):
        s.res[x * 3 + C.GOLD] += k * C.START_GOLD_PER_PLACE
    new_round(s, None)
    open_round(s, None)
    return s


def setup_bounties(s: State, rift: bool) -> None:
    """seed: "1. Leave the objective cards from the base game in the box. 2. Shuffle the new
    bounties deck. 3. Place 1 bounty card face up on each of the 5 slots on the objective tray.
    These 5 public bounties remain available throughout the game. 4. If playing with the Rift
    micro-expansion, place one Rift starfall below each bounty card on top of the star icon."
    """
    rng = s.rng
    deck = list(range(C.N_BOUNTIES))
    rng.shuffle(deck)
    s.bounties = True
    s.bounty = deck[: C.BOUNTY_SLOTS]
    s.claims = [[] for _ in range(C.BOUNTY_SLOTS)]
    s.bv_values = [[] for _ in range(C.BOUNTY_SLOTS)]
    s.haul = [0] * (NR * s.n)
    s.rift_on = [0] * C.BOUNTY_SLOTS
    if rift:
        s.rift = True
        s.rift_pile = list(C.RIFT_STARFALLS)
        rng.shuffle(s.rift_pile)
        s.rift_on = [s.rift_pile.pop() for _ in range(C.BOUNTY_SLOTS)]


def setup_events(s: st.State) -> list[Event]:
    ev = []
    if s.objectives:
        ev.append(Event("Objectives: " + "; ".join(
            f"round {k + 1}: {C.OBJECTIVES[c].name}" for k, c in enumerate(s.objectives)),
            kind="objectives", data={"cards": list(s.objectives)}))
    ev.append(Event("Turn order: " + ", ".join(who(s, x) for x in s.order)
                    + "; each side starts with 1 more gold for every side ahead of it.",
                    kind="order", data={"order": list(s.order)}))
    if s.payloads:
        ev.append(Event(f"Payloads: one face down in every region; {len(s.pl_supply)} left beside the board.",
                        kind="payload_setup", data={"regions": [r for r in range(NR) if s.pl_region[r] >= 0],
                                                    "supply": len(s.pl_supply)}))
    if s.flagships:
        ev.append(Event("Flagships: " + ", ".join(
            f"{b.name} {C.flagship_side(k * 2 + s.fl_face[k])} ({C.power_name(k * 2 + s.fl_face[k])})"
            for k, b in enumerate(C.FLAGSHIPS)) + ".", kind="flagship_setup",
            data={"faces": list(s.fl_face)}))
    if s.guardians:
        ev.append(Event("Guardians in play: " + " (left), ".join(C.GUARDIANS[g].name for g in s.gd_card)
                        + " (right).", reveal=True, kind="guardian_setup", data={"guardians": list(s.gd_card)}))
    if s.bounties:
        ev.append(Event("Bounties, left to right: " + "; ".join(
            C.BOUNTIES[b].name + (f" (Rift starfall worth {s.rift_on[k]})" if s.rift_on[k] else "")
            for k, b in enumerate(s.bounty)) + ".", kind="bounties",
            data={"cards": list(s.bounty), "rift": list(s.rift_on)}))
    ev.extend(round_start_events(s))
    return ev


def new_round(s: st.State, ev: list[Event] | None) -> None:
    """The base game's cleanup (airships, chips and skimmers home, the decks whole again and
    shuffled) and, with guardians, their starting regions from the public starfall deck."""
    n = s.n
    rng = s.rng
    # designed: both starfall decks are whole again and shuffled every round
    s.pub_deck = list(C.STARFALL_DECK)
    rng.shuffle(s.pub_deck)
    s.hid_deck = list(C.STARFALL_DECK)
    rng.shuffle(s.hid_deck)
    s.top_known = 0
    s.hid_cards = []
    s.hid_ship = []
    s.hid_known = []
    # seed (Cinderwing): "Starfalls that drop here will stay here until next round."
    s.starfalls = list(s.carry)
    s.carry = [0] * NR
    s.explore = [-1] * NR
    ships = n * SHIPS
    s.ship_region = [-1] * ships
    s.ship_chip = [-1] * ships
    s.ship_known = [0] * ships
    s.chip_free = [0] * ships
    s.chips = [ALL_CHIPS] * n
    s.budget = [C.POWER_LIMIT] * n
    s.ships_left = [SHIPS] * n
    s.scouts = [0] * n
    s.explored = [0] * n
    # designed: skimmers fight for one round, then return to their owners
    s.skimmers = [0] * (NR * n)
    s.public = -1
    if s.payloads:
        s.pl_ship = [[] for _ in range(ships)]
    if s.guardians:
        # seed: "Shuffle all public starfall cards. Reveal 2 public starfall cards, 1 for each
        # guardian. Place guardians in their starting locations according to those cards."
        guardians.place_starts(s, ev)


def open_round(s: st.State, ev: list[Event] | None) -> None:
    """The rest of the round start: flagships back to the centre, the public starfall, the
    automa's market cards, Cloudseer's starfall, then the flagship draft (or the main phase)."""
    n = s.n
    rng = s.rng
    if s.flagships:
        flagships.return_all(s)
    # published outline: "one public starfall revealed per round"
    s.public = s.pub_deck.pop()
    s.starfalls[s.public] += 1
    # designed: each automa side reveals a card of the AI market deck
    for side in range(n - s.automa, n):
        if not s.ai_deck:
            in_use = set(s.ai_card)
            s.ai_deck = [c for c in range(len(C.AUTOMA_DECK)) if c not in in_use]
            rng.shuffle(s.ai_deck)
        s.ai_card[side] = s.ai_deck.pop()
        s.ai_step[side] = 0
    if s.guardians:
        guardians.cloudseer_starfall(s)
    s.phase = MAIN
    s.turn = 0
    s.pending = -1
    s.pending_explore = 0
    s.step = Step.AUTOMA if is_automa(s, s.order[0]) else Step.ACT
    if ev is not None:
        ev.extend(round_start_events(s))
    if s.flagships:
        # seed: "At the start of each round, players draft flagships in reverse turn order" …
        # "after the public starfall is revealed"
        flagships.start_draft(s, ev)


def round_start_events(s: st.State) -> list[Event]:
    ev = []
    if s.guardians:
        for k, g in enumerate(s.gd_card):
            if g >= 0:
                ev.append(Event(f"{C.GUARDIANS[g].name} starts this round in {region_name(s.gd_start[k])}'s "
                                "explore slot.", reveal=True, kind="guardian_start",
                                data={"guardian": g, "slot": k, "region": s.gd_start[k]}))
    ev.append(Event(f"Round {s.round}: the public starfall drops in {region_name(s.public)}.", reveal=True,
                    kind="public_starfall", data={"round": s.round, "region": s.public}))
    if s.objectives:
        obj = C.OBJECTIVES[s.objectives[s.round - 1]]
        ev.append(Event(f"This round's objective: {obj.name} — {obj.text}", kind="objective_card",
                        data={"round": s.round, "card": s.objectives[s.round - 1]}))
    if s.guardians and s.cloud_star and C.CLOUDSEER in s.gd_card:
        ev.append(Event(f"Cloudseer's card holds a {'Rift ' if s.rift else ''}starfall"
                        + (f" worth {s.cloud_star}" if s.rift else "") + ".",
                        kind="cloudseer_starfall", data={"worth": s.cloud_star}))
    for side in range(s.n - s.automa, s.n):
        card = C.AUTOMA_DECK[s.ai_card[side]]
        ev.append(Event(
            f"{who(s, side)} (automa) reveals {card.name}: power {'/'.join(map(str, card.values))}.",
            side, reveal=True, kind="automa_card", data={"side": side, "card": s.ai_card[side]}))
    return ev
