"""Setup: islands in a ring, Caches dealt, the Storm deck, Agendas, turn order, starting Claims."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.rules import Config, Event, say
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.order import start_placement
from engine.games.shardwake.state import CALM, CLAIMS, STANDING, TWIN, VARIANTS, Options, State
from engine.games.shardwake.text import island, seat_name, who


def setup(config: Config, opts: Options) -> State:
    """A new game with checked options, ready for the starting Claims."""
    p = config.players
    variant = VARIANTS.index(opts.variant)
    rng = Rng.seeded(config.seed)
    # seed: "Choose Island Tiles by player count, shuffle, and arrange them in a ring"
    n_outer, n_deep = C.ISLANDS_BY_PLAYERS[p]
    outer = list(C.OUTER_TILES)
    deep = list(C.DEEP_TILES)
    rng.shuffle(outer)
    rng.shuffle(deep)
    tiles = outer[:n_outer] + deep[:n_deep]
    rng.shuffle(tiles)
    # seed: "Shuffle the Outer and Deep Relic decks separately. Deal 3 face-down Relics onto each island's Cache"
    outer_relics = list(C.OUTER_RELICS)
    deep_relics = list(C.DEEP_RELICS)
    rng.shuffle(outer_relics)
    rng.shuffle(deep_relics)
    caches: list[list[int]] = []
    slots: list[int] = []
    for t in tiles:
        if C.ISLANDS[t].deep:
            caches.append([deep_relics.pop() for _ in range(C.CACHE_SIZE)])
            slots.append(opts.deep_slots)
        else:
            caches.append([outer_relics.pop() for _ in range(C.CACHE_SIZE)])
            slots.append(C.OUTER_SLOTS)
    n = len(tiles)
    # seed: "Shuffle the Storm deck and place it face-down beside the Harbor."
    storms = list(C.STORM_CARDS)
    rng.shuffle(storms)
    # seed: "Shuffle all 6 Guild Agenda cards and deal 1 face-down to each player."
    agenda_deck = list(C.AGENDA_DECK)
    rng.shuffle(agenda_deck)
    per = 2 if variant == TWIN else 1
    agendas = [[agenda_deck.pop() for _ in range(per)] for _ in range(p)]
    # seed: "Randomly determine turn order"
    order = list(range(p))
    rng.shuffle(order)
    harbor = [
        -1 if (sp.min_players <= p and (sp.calm or variant != CALM)) else -2 for sp in C.HARBOR
    ]
    s = State(
        players=p,
        variant=variant,
        # Twin Charters: the Syndicate is kept at Round 3 only if it pays (lab-tuned, docs/rules)
        fall_value=opts.fall_value + (C.TWIN_FALL_BONUS if variant == TWIN else 0),
        deep_slots=opts.deep_slots,
        skiff_choose=opts.skiff == "choose",
        handshake_cap=opts.handshake_cap,
        rng=rng,
        tiles=tiles,
        slots=slots,
        cracks=[0] * n,
        braced=[0] * n,
        fallen=[STANDING] * n,
        caches=caches,
        claims=[[0] * p for _ in range(n)],
        docks=[-1] * (2 * n),
        harbor=harbor,
        res=[list(C.START_SUPPLY) for _ in range(p)],  # seed: "2 Aether, 2 Ballast, and 1 Brass"
        supply=[C.CUBES[r] - p * C.START_SUPPLY[r] for r in range(3)],
        relics=[[] for _ in range(p)],
        traded_relics=[0] * p,
        falls=[0] * p,
        handshakes=[0] * p,
        renown=[0] * p,
        sources=[[0, 0, 0] for _ in range(p)],
        claims_left=[C.CLAIMS] * p,
        ships_left=[0] * p,
        agendas=agendas,
        discarded=[-1] * p,
        order=order,
        start_order=list(order),
        names=[str(n) for n in config.names][:p] or [seat_name(x) for x in range(p)],
        storm_deck=storms,
        knows_top=[0] * p,
        knows_forecast=[0] * p,
    )
    if variant == CALM:
        # seed: "Reveal all three Storm cards at setup so players can plan ahead."
        s.forecast = [storms.pop() for _ in range(3)]
    # seed: "In reverse turn order, each player places 1 Claim on any Outer Island."
    s.phase = CLAIMS
    s.turn = p - 1
    return s


def setup_events(s: State) -> list[Event]:
    """What the table sees of setup: the islands, the turn order, each Agenda (to its holder)."""
    ev: list[Event] = []
    tiles = [C.ISLANDS[t] for t in s.tiles]
    say(ev, "islands", "Islands: " + ", ".join(f"{t.name} ({'Deep' if t.deep else 'Outer'})" for t in tiles),
        islands=[t.name for t in tiles], deep=[t.deep for t in tiles])
    say(ev, "order", "Turn order: " + ", ".join(who(s, x) for x in s.order), reveal=True, round=1,
        order=list(s.order))
    for seat in range(s.players):
        guilds = [C.GUILDS[g] for g in s.agendas[seat]]
        say(ev, "agenda", f"{who(s, seat)}'s secret Agenda: {' and '.join(guilds)}", seat, (seat,), True,
            guilds=guilds)
    if s.variant == CALM:
        storms = [{"name": C.storm_of(c).name, "threshold": C.threshold(c, s.players)} for c in s.forecast]
        say(ev, "storm", "Calm Skies: the three storms are " + ", ".join(
            f"{st['name']} (Threshold {st['threshold']})" for st in storms), reveal=True, what="calm-skies",
            storms=storms)
    return ev


def start_claim(s: State, seat: int, i: int, ev: list[Event] | None) -> None:
    # seed: "In reverse turn order, each player places 1 Claim on any Outer Island."
    s.claims[i][seat] += 1
    s.claims_left[seat] -= 1
    if ev is not None:
        say(ev, "start-claim", f"{who(s, seat)} stakes a Claim on {island(s, i)}.", seat, island=i)
    s.turn -= 1
    if s.turn < 0:
        # seed: "Place the Round marker on 1." Round 1 skips the Order phase.
        start_placement(s, ev)
