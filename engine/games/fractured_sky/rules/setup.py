"""Setup and the round start: the table of sides (the automa joins 1 or 2 players), the
objective tray, round 1's order, and each round's public starfall and automa cards."""

from __future__ import annotations

import msgspec

from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.core.rules import Config, Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky import state as st
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
        return C.MIN_SIDES, msgspec.structs.replace(opts, automa=need)
    if opts.automa and players != C.MIN_SIDES:
        raise OptionError(
            f"Fractured Sky option automa: the automa only joins 1 or 2 players at a table of 3 sides, not {players}")
    return players, opts


def setup(config: Config) -> st.State:
    n, opts = table(config.players, config.options)
    rng = Rng.seeded(config.seed)
    # designed: five objective cards face up on the tray, one for each round
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
    )
    start_round(s, None)
    # designed: round 1's last side is paid as if it had picked the last space
    # designed: round 1's later sides start with 1 more gold for each side ahead of them
    for k, x in enumerate(order):
        s.res[x * 3 + C.GOLD] += k * C.START_GOLD_PER_PLACE
    return s


def setup_events(s: st.State) -> list[Event]:
    ev = [
        Event("Objectives: " + "; ".join(
            f"round {k + 1}: {C.OBJECTIVES[c].name}" for k, c in enumerate(s.objectives)),
            kind="objectives", data={"cards": list(s.objectives)}),
        Event("Turn order: " + ", ".join(who(s, x) for x in s.order)
              + "; each side starts with 1 more gold for every side ahead of it.",
              kind="order", data={"order": list(s.order)}),
    ]
    ev.extend(round_start_events(s))
    return ev


def start_round(s: st.State, ev: list[Event] | None) -> None:
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
    s.starfalls = [0] * NR
    s.explore = [-1] * NR
    ships = n * SHIPS
    s.ship_region = [-1] * ships
    s.ship_chip = [-1] * ships
    s.ship_known = [0] * ships
    s.chips = [ALL_CHIPS] * n
    s.budget = [C.POWER_LIMIT] * n
    s.ships_left = [SHIPS] * n
    s.scouts = [0] * n
    s.explored = [0] * n
    # designed: skimmers fight for one round, then return to their owners
    s.skimmers = [0] * (NR * n)
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
    s.phase = MAIN
    s.turn = 0
    s.pending = -1
    s.pending_explore = 0
    s.step = Step.AUTOMA if is_automa(s, s.order[0]) else Step.ACT
    if ev is not None:
        ev.extend(round_start_events(s))


def round_start_events(s: st.State) -> list[Event]:
    ev = [Event(f"Round {s.round}: the public starfall drops in {region_name(s.public)}.", reveal=True,
                kind="public_starfall", data={"round": s.round, "region": s.public})]
    obj = C.OBJECTIVES[s.objectives[s.round - 1]]
    ev.append(Event(f"This round's objective: {obj.name} — {obj.text}", kind="objective_card",
                    data={"round": s.round, "card": s.objectives[s.round - 1]}))
    for side in range(s.n - s.automa, s.n):
        card = C.AUTOMA_DECK[s.ai_card[side]]
        ev.append(Event(
            f"{who(s, side)} (automa) reveals {card.name}: power {'/'.join(map(str, card.values))}.",
            side, reveal=True, kind="automa_card", data={"side": side, "card": s.ai_card[side]}))
    return ev
