"""Shardwake's rules, in the rulebook's order: setup, the four phases, island and Harbor
actions, trading, Cracks and Falling, the Storm Front, the end of the game.

Scoring lives in ``scoring.py``; the seat's view in ``views.py`` (built by ``view``);
the content (tiles, spaces, storms) in ``content.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.shardwake import content as C
from engine.games.shardwake import scoring
from engine.games.shardwake.state import (
    ACCUSE,
    ANSWERING,
    BIDDING,
    CALM,
    CLAIMS_PHASE,
    DISCARD,
    DRAFTING,
    FALLEN,
    HARBOR_BASE,
    NO_PENDING,
    NO_TRADE,
    OVER,
    PENDING_CLAIM,
    PENDING_TARGET,
    PLACEMENT,
    RELIC_ITEM,
    SKIFF_PHASE,
    SRC_LOSSES,
    SRC_RELICS,
    SRC_STORMS,
    STANDING,
    TWIN,
    VARIANTS,
    VOID,
    Accuse,
    Answer,
    Bid,
    Cancel,
    Idle,
    Keep,
    Move,
    MoveClaim,
    Offer,
    Options,
    Place,
    Send,
    SkiffChoice,
    StartClaim,
    State,
    Target,
    Trade,
)
from engine.games.shardwake.view import View

NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
SKIFF_MARK = 8  # an occupant code seat + 8 is that seat's Hired Skiff

# Moves are immutable: build each once.
_PLACE = {sp: Place(sp) for sp in [*range(16), *range(HARBOR_BASE, HARBOR_BASE + len(C.HARBOR))]}
_TARGET = [Target(i) for i in range(8)]
_START = [StartClaim(i) for i in range(8)]
_MOVECLAIM = {i: MoveClaim(i) for i in range(-1, 8)}
_TRADE = [Trade(p) for p in range(5)]
_OFFER = {(side, item): Offer(side, item) for side in (0, 1) for item in [0, 1, 2, *range(RELIC_ITEM, RELIC_ITEM + 16)]}
_BID = [Bid(n) for n in range(200)]
_ANSWERS = [Answer(True), Answer(False)]
_SKIFF = [SkiffChoice(True), SkiffChoice(False)]
_KEEP = [Keep(0), Keep(1)]
_KEEP_ONE = [Keep(0)]
_SEND = Send()
_CANCEL = Cancel()
_IDLE = Idle()
_ACCUSE = {(t, g): Accuse(t, g) for t in range(5) for g in range(3)}


def seat_name(seat: int) -> str:
    """A default name for a seat: its colour (a Match passes the players' own names)."""
    return NAMES[seat] if 0 <= seat < len(NAMES) else f"seat {seat}"


def who(s: State, seat: int) -> str:
    """A player's name in the events' plain words."""
    return s.names[seat] if 0 <= seat < len(s.names) else seat_name(seat)


def item_name(item: int) -> str:
    if item < RELIC_ITEM:
        return C.RESOURCES[item]
    return "Relic " + C.relic_name(item - RELIC_ITEM)


def items_text(items: list[int], name: Callable[[int], str] = item_name) -> str:
    """``2 Aether, Relic Tidebone 3`` (``nothing`` for none); ``name`` names one item."""
    if not items:
        return "nothing"
    counts: dict[int, int] = {}
    for it in items:
        counts[it] = counts.get(it, 0) + 1
    parts = []
    for it in sorted(counts):
        n = counts[it]
        parts.append(f"{n} {name(it)}" if it < RELIC_ITEM else (name(it) + (f" ×{n}" if n > 1 else "")))
    return ", ".join(parts)


def cost_text(cost: tuple[int, ...] | list[int]) -> str:
    parts = [f"{n} {C.RESOURCES[r]}" for r, n in enumerate(cost) if n]
    return " + ".join(parts) if parts else "free"


def salvage_cost(s: State, i: int) -> tuple[int, int, int]:
    # seed: "Cost: 1 Aether on an Outer Island, or 1 Aether + 1 Brass on a Deep Island."
    return (1, 0, 1) if C.ISLANDS[s.tiles[i]].deep else (1, 0, 0)


def standing(s: State) -> list[int]:
    return [i for i, f in enumerate(s.fallen) if f == STANDING]


def _can_pay(have: list[int], cost: tuple[int, int, int]) -> bool:
    return have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2]


def _pay(s: State, seat: int, cost: tuple[int, int, int]) -> None:
    """Spent cubes go back to the general supply."""
    have, supply = s.res[seat], s.supply
    for r in range(3):
        have[r] -= cost[r]
        supply[r] += cost[r]


def _gain(s: State, seat: int, gain: tuple[int, int, int]) -> tuple[int, int, int]:
    """Take cubes from the general supply; a short supply gives what is left. Returns what was taken."""
    have, supply = s.res[seat], s.supply
    got = (min(gain[0], supply[0]), min(gain[1], supply[1]), min(gain[2], supply[2]))
    for r in range(3):
        have[r] += got[r]
        supply[r] -= got[r]
    return got


class Shardwake(RulesBase):
    id = "shardwake"
    title = "Shardwake"
    version = 1
    players = range(3, 6)
    bench_players = 4
    Options = Options
    State = State
    Move = Move
    View = View

    # ------------------------------------------------------------------ options

    def check(self, players: int, options: Options) -> None:
        super().check(players, options)
        if options.variant == "twin-charters" and players != 3:
            raise OptionError("Shardwake's Twin Charters deals 2 of the 6 Agenda cards to each player, "
                              "so it needs exactly 3 players")

    # ------------------------------------------------------------------ setup

    def setup(self, config: Config) -> State:
        opts: Options = config.options if config.options is not None else Options()
        p = config.players
        self.check(p, opts)
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
        caches = []
        slots = []
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
            fall_value=opts.fall_value,
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
            names=[str(n) for n in (getattr(config, "names", None) or [])][:p] or [seat_name(x) for x in range(p)],
            storm_deck=storms,
            knows_top=[0] * p,
            knows_forecast=[0] * p,
        )
        if variant == CALM:
            # seed: "Reveal all three Storm cards at setup so players can plan ahead."
            s.forecast = [storms.pop() for _ in range(3)]
        # seed: "In reverse turn order, each player places 1 Claim on any Outer Island."
        s.phase = CLAIMS_PHASE
        s.turn = p - 1
        return s

    def setup_events(self, s: State) -> list[Event]:
        ev = [
            Event("Islands: " + ", ".join(
                f"{C.ISLANDS[t].name} ({'Deep' if C.ISLANDS[t].deep else 'Outer'})" for t in s.tiles)),
            Event("Turn order: " + ", ".join(who(s, x) for x in s.order), reveal=True),
        ]
        for seat in range(s.players):
            names = " and ".join(C.GUILDS[g] for g in s.agendas[seat])
            ev.append(Event(f"Your secret Agenda: {names}", seat, to=(seat,), reveal=True, kind="agenda"))
        if s.variant == CALM:
            ev.append(Event("Calm Skies: the three storms are " + ", ".join(
                f"{C.storm_of(c).name} (Threshold {C.threshold(c, s.players)})" for c in s.forecast),
                reveal=True, kind="storm"))
        return ev

    # ------------------------------------------------------------------ who acts

    def to_act(self, s: State) -> tuple[int, ...]:
        ph = s.phase
        if ph == PLACEMENT:
            if s.trade_stage == ANSWERING:
                return (s.trade_partner,)
            return (s.order[s.turn],)
        if ph == BIDDING:
            return tuple(i for i, b in enumerate(s.bids) if b < 0)
        if ph == CLAIMS_PHASE:
            return (s.order[s.turn],)
        if ph == ACCUSE:
            return tuple(i for i, a in enumerate(s.accusations) if a < 0)
        if ph == DISCARD:
            return tuple(i for i, d in enumerate(s.discarded) if d < 0)
        if ph == SKIFF_PHASE:
            return (s.order[0],)
        return ()

    # ------------------------------------------------------------------ legal moves

    def legal(self, s: State, seat: int) -> list[Any]:
        ph = s.phase
        if ph == PLACEMENT:
            if s.trade_stage == ANSWERING:
                return list(_ANSWERS)
            if s.trade_stage == DRAFTING:
                return self._draft_moves(s, seat)
            if s.pending == PENDING_TARGET:
                return [_TARGET[i] for i in self._targets(s, s.pending_space)]
            if s.pending == PENDING_CLAIM:
                dest = self._claim_island(s)
                out = [_MOVECLAIM[i] for i, f in enumerate(s.fallen)
                       if f == STANDING and i != dest and s.claims[i][seat] > 0]
                out.append(_MOVECLAIM[-1])
                return out
            moves = self._placements(s, seat)
            if not moves:
                moves = [_IDLE]
            if not s.traded:
                moves.extend(_TRADE[p] for p in self._partners(s, seat))
            return moves
        if ph == BIDDING:
            return _BID[: s.res[seat][C.BALLAST] + 1]
        if ph == CLAIMS_PHASE:
            return [_START[i] for i, t in enumerate(s.tiles) if not C.ISLANDS[t].deep]
        if ph == ACCUSE:
            return [_ACCUSE[(t, g)] for t in range(s.players) if t != seat for g in range(3)]
        if ph == DISCARD:
            a = s.agendas[seat]
            return list(_KEEP_ONE if a[0] == a[1] else _KEEP)
        if ph == SKIFF_PHASE:
            return list(_SKIFF)
        return []

    def _placements(self, s: State, seat: int) -> list[Any]:
        out = []
        have = s.res[seat]
        fallen, docks, tiles = s.fallen, s.docks, s.tiles
        for i in range(len(tiles)):
            if fallen[i] != STANDING:
                continue  # a Fallen island has no actions
            if docks[2 * i] < 0 and s.caches[i]:  # seed: "If the Cache is empty, you can't Salvage here."
                if have[0] >= 1 and (have[2] >= 1 or not C.ISLANDS[tiles[i]].deep):
                    out.append(_PLACE[2 * i])
            if docks[2 * i + 1] < 0:
                out.append(_PLACE[2 * i + 1])
        for k, occ in enumerate(s.harbor):
            if occ != -1:
                continue
            sp = C.HARBOR[k]
            if not _can_pay(have, sp.cost):
                continue
            if sp.kind == C.BRACE:
                if not any(f == STANDING and not b for f, b in zip(fallen, s.braced, strict=True)):
                    continue
            elif sp.kind == C.CHARTER:
                if not any(f == STANDING for f in fallen):
                    continue
            out.append(_PLACE[HARBOR_BASE + k])
        return out

    def _partners(self, s: State, seat: int) -> list[int]:
        # seed: "Each side must give at least one item"
        if not (sum(s.res[seat]) or s.relics[seat]):
            return []
        return [p for p in range(s.players) if p != seat and (sum(s.res[p]) or s.relics[p])]

    def _stock(self, s: State, seat: int, taken: list[int]) -> list[int]:
        """Items ``seat`` holds beyond those already in the draft."""
        out = [r for r in range(3) if s.res[seat][r] > taken.count(r)]
        seen: set[int] = set()
        for code in s.relics[seat]:
            it = RELIC_ITEM + code
            if it not in seen:
                seen.add(it)
                if s.relics[seat].count(code) > taken.count(it):
                    out.append(it)
        return out

    def _draft_moves(self, s: State, seat: int) -> list[Any]:
        out = []
        if len(s.trade_give) < C.TRADE_MAX_ITEMS:
            out.extend(_OFFER[(0, it)] for it in self._stock(s, seat, s.trade_give))
        if len(s.trade_get) < C.TRADE_MAX_ITEMS:
            out.extend(_OFFER[(1, it)] for it in self._stock(s, s.trade_partner, s.trade_get))
        if self._sendable(s):
            out.append(_SEND)
        out.append(_CANCEL)
        return out

    @staticmethod
    def _sendable(s: State) -> bool:
        # seed: "Each side must give at least one item, and the two sides can't be identical."
        return bool(s.trade_give) and bool(s.trade_get) and sorted(s.trade_give) != sorted(s.trade_get)

    def _targets(self, s: State, space: int) -> list[int]:
        sp = C.HARBOR[space - HARBOR_BASE]
        if sp.kind == C.BRACE:
            return [i for i, f in enumerate(s.fallen) if f == STANDING and not s.braced[i]]
        return [i for i, f in enumerate(s.fallen) if f == STANDING]

    def _claim_island(self, s: State) -> int:
        """The island the pending Claim goes to."""
        sp = s.pending_space
        if sp >= HARBOR_BASE:
            return s.pending_target
        return sp // 2

    # ------------------------------------------------------------------ apply

    def apply(self, s: State, seat: int, move: Any, quiet: bool = False) -> list[Event]:
        ev: list[Event] | None = None if quiet else []
        t = type(move)
        if t is Place:
            self.place(s, seat, move.space, ev)
        elif t is Trade:
            self.start_trade(s, seat, move.partner, ev)
        elif t is Offer:
            (s.trade_give if move.side == 0 else s.trade_get).append(move.item)
            if ev is not None:
                what = "offers" if move.side == 0 else "asks for"
                ev.append(Event(f"{who(s, seat)} {what} 1 {item_name(move.item)}.", seat, kind="trade"))
        elif t is Send:
            self.send_trade(s, seat, ev)
        elif t is Cancel:
            s.trade_stage = NO_TRADE
            s.trade_partner = -1
            s.trade_give = []
            s.trade_get = []
            if ev is not None:
                ev.append(Event(f"{who(s, seat)} drops the trade.", seat))
        elif t is Answer:
            self.answer_trade(s, seat, move.accept, ev)
        elif t is Target:
            self.resolve_target(s, seat, move.island, ev)
        elif t is MoveClaim:
            self.move_claim(s, seat, move.island, ev)
        elif t is Idle:
            s.ships_left[seat] -= 1
            if ev is not None:
                ev.append(Event(f"{who(s, seat)} has no action space to use; a ship sits out.", seat))
            self.end_turn(s, ev)
        elif t is Bid:
            self.bid(s, seat, move.ballast, ev)
        elif t is StartClaim:
            self.start_claim(s, seat, move.island, ev)
        elif t is Accuse:
            self.accuse(s, seat, move.target, move.guild, ev)
        elif t is Keep:
            self.keep_agenda(s, seat, move.card, ev)
        elif t is SkiffChoice:
            self.skiff_choice(s, seat, move.take, ev)
        else:  # pragma: no cover - the Match checks moves against legal()
            raise ValueError(f"not a Shardwake move: {move!r}")
        return ev if ev is not None else []

    # ---------------------------------------------------------------- setup claims

    def start_claim(self, s: State, seat: int, island: int, ev: list[Event] | None) -> None:
        # seed: "In reverse turn order, each player places 1 Claim on any Outer Island."
        s.claims[island][seat] += 1
        s.claims_left[seat] -= 1
        if ev is not None:
            ev.append(Event(f"{who(s, seat)} stakes a Claim on {self._iname(s, island)}.", seat))
        s.turn -= 1
        if s.turn < 0:
            # seed: "Place the Round marker on 1." Round 1 skips the Order phase.
            self.start_placement(s, ev)

    # ---------------------------------------------------------------- 1. Order phase

    def order_phase(self, s: State, ev: list[Event] | None) -> None:
        # seed: "Rearrange turn order by Renown, lowest first. Tied players keep their previous relative order."
        renown = s.renown
        s.order = sorted(s.order, key=lambda x: renown[x])  # sorted() is stable
        if ev is not None:
            ev.append(Event(f"Round {s.round}. Turn order: " + ", ".join(who(s, x) for x in s.order)))
        # seed: "if the first player trails the Renown leader by 5 or more, they take the Hired Skiff this round."
        first = s.order[0]
        if max(renown) - renown[first] >= C.SKIFF_GAP:
            if s.skiff_choose:
                s.phase = SKIFF_PHASE
                return
            self.give_skiff(s, first, ev)
        self.start_placement(s, ev)

    def give_skiff(self, s: State, seat: int, ev: list[Event] | None) -> None:
        s.skiff = seat
        s.skiff_log.append([s.round, seat, 1])
        if ev is not None:
            ev.append(Event(f"{who(s, seat)} trails the leader by 5 or more and takes the Hired Skiff.", seat))

    def skiff_choice(self, s: State, seat: int, take: bool, ev: list[Event] | None) -> None:
        # designed fallback: "choose either first position or the Skiff, not both"
        if take:
            if len(s.order) > 1:
                s.order[0], s.order[1] = s.order[1], s.order[0]
            self.give_skiff(s, seat, ev)
            if ev is not None:
                ev.append(Event(f"{who(s, seat)} gives up first position for the Skiff.", seat))
        else:
            s.skiff_log.append([s.round, seat, 0])
            if ev is not None:
                ev.append(Event(f"{who(s, seat)} keeps first position and leaves the Skiff.", seat))
        self.start_placement(s, ev)

    # ---------------------------------------------------------------- 2. Placement phase

    def start_placement(self, s: State, ev: list[Event] | None) -> None:
        s.phase = PLACEMENT
        s.ships_left = [C.SHIPS] * s.players
        if s.skiff >= 0:
            s.ships_left[s.skiff] += 1
        s.turn = 0
        s.traded = False

    def end_turn(self, s: State, ev: list[Event] | None) -> None:
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
        self.storm_phase(s, ev)

    def place(self, s: State, seat: int, space: int, ev: list[Event] | None) -> None:
        """Put one ship on an empty action space and resolve it immediately."""
        s.ships_left[seat] -= 1
        # The Skiff is the holder's last ship of the round: the ships are alike on the board.
        occ = seat + SKIFF_MARK if (seat == s.skiff and s.ships_left[seat] == 0) else seat
        if space >= HARBOR_BASE:
            s.harbor[space - HARBOR_BASE] = occ
            self.harbor_action(s, seat, space, ev)
        else:
            s.docks[space] = occ  # seed: "Each dock holds one ship per round."
            if space & 1:
                self.moor(s, seat, space >> 1, ev)
            else:
                self.salvage(s, seat, space >> 1, ev)

    def salvage(self, s: State, seat: int, i: int, ev: list[Event] | None) -> None:
        _pay(s, seat, salvage_cost(s, i))
        # seed: "Take the top Relic from the Cache, place it face-up in front of you, and gain Renown equal to its printed value."
        code = s.caches[i].pop()
        s.relics[seat].append(code)
        value = C.relic_value(code)
        s.renown[seat] += value
        s.sources[seat][SRC_RELICS] += value
        s.salvage_log.append([s.round, seat, i, code, 0 if s.caches[i] else 1])
        if ev is not None:
            ev.append(Event(
                f"{who(s, seat)} salvages at {self._iname(s, i)} ({cost_text(salvage_cost(s, i))}): "
                f"{C.relic_name(code)}, +{value} Renown.", seat, reveal=True, kind="salvage"))
        # seed: "Place 1 Claim here."
        s.pending_space = 2 * i
        if self.place_claim(s, seat, i, ev):
            # seed: "Add 1 Crack to this island."
            self.crack(s, i, 1, seat, ev)
            self.end_turn(s, ev)

    def moor(self, s: State, seat: int, i: int, ev: list[Event] | None) -> None:
        # seed: "Gain the resources printed on the island, then place 1 Claim here."
        got = _gain(s, seat, C.ISLANDS[s.tiles[i]].moor)
        if ev is not None:
            ev.append(Event(f"{who(s, seat)} moors at {self._iname(s, i)}: +{cost_text(got)}.", seat))
        s.pending_space = 2 * i + 1
        if self.place_claim(s, seat, i, ev):
            self.end_turn(s, ev)

    def harbor_action(self, s: State, seat: int, space: int, ev: list[Event] | None) -> None:
        sp = C.HARBOR[space - HARBOR_BASE]
        _pay(s, seat, sp.cost)
        got = _gain(s, seat, sp.gain)
        if ev is not None:
            short = "" if got == sp.gain else f" (the supply gives only {cost_text(got)})"
            ev.append(Event(f"{who(s, seat)} goes to the {sp.name}: {sp.text}{short}.", seat))
        if sp.kind == C.BRACE or sp.kind == C.CHARTER:
            s.pending = PENDING_TARGET
            s.pending_space = space
            return
        if sp.kind == C.FORECAST_PEEK:
            self.weather_station(s, seat, ev)
        self.end_turn(s, ev)

    def weather_station(self, s: State, seat: int, ev: list[Event] | None) -> None:
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
            ev.append(Event(
                f"You look at the next Storm card: {C.storm_of(card).name}, Threshold "
                f"{C.threshold(card, s.players)}.", seat, to=(seat,), reveal=True, kind="peek"))

    def resolve_target(self, s: State, seat: int, island: int, ev: list[Event] | None) -> None:
        sp = C.HARBOR[s.pending_space - HARBOR_BASE]
        if sp.kind == C.BRACE:
            s.braced[island] = 1
            s.brace_log.append([s.round, seat, island])
            if ev is not None:
                ev.append(Event(f"{who(s, seat)} braces {self._iname(s, island)}.", seat, kind="brace"))
            self.end_turn(s, ev)
            return
        # Charter Office: place 1 Claim on any standing island
        s.pending_target = island
        s.pending = NO_PENDING
        if ev is not None:
            ev.append(Event(f"{who(s, seat)} charters a Claim on {self._iname(s, island)}.", seat))
        if self.place_claim(s, seat, island, ev):
            self.end_turn(s, ev)

    def place_claim(self, s: State, seat: int, i: int, ev: list[Event] | None) -> bool:
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
            ev.append(Event(f"{who(s, seat)} has no Claim left to place.", seat))
        return True

    def move_claim(self, s: State, seat: int, source: int, ev: list[Event] | None) -> None:
        dest = self._claim_island(s)
        if source >= 0:
            s.claims[source][seat] -= 1
            s.claims[dest][seat] += 1
            if ev is not None:
                ev.append(Event(
                    f"{who(s, seat)} is out of Claims and moves one from {self._iname(s, source)} "
                    f"to {self._iname(s, dest)}.", seat))
        elif ev is not None:
            ev.append(Event(f"{who(s, seat)} places no Claim.", seat))
        s.pending = NO_PENDING
        if s.pending_space < HARBOR_BASE and s.pending_space % 2 == 0:
            self.crack(s, dest, 1, seat, ev)  # the Salvage's Crack comes after its Claim
        self.end_turn(s, ev)

    # ---------------------------------------------------------------- trading

    def start_trade(self, s: State, seat: int, partner: int, ev: list[Event] | None) -> None:
        # seed: "Once per turn, before placing, the active player may propose one trade to one player."
        s.traded = True
        s.trade_stage = DRAFTING
        s.trade_partner = partner
        s.trade_give = []
        s.trade_get = []
        if ev is not None:
            ev.append(Event(f"{who(s, seat)} drafts a trade with {who(s, partner)}.", seat))

    def send_trade(self, s: State, seat: int, ev: list[Event] | None) -> None:
        s.trade_stage = ANSWERING
        if ev is not None:
            ev.append(Event(
                f"{who(s, seat)} proposes to {who(s, s.trade_partner)}: gives {items_text(s.trade_give)} "
                f"for {items_text(s.trade_get)}.", seat, kind="trade"))

    def answer_trade(self, s: State, seat: int, accept: bool, ev: list[Event] | None) -> None:
        proposer = s.order[s.turn]
        give, get = s.trade_give, s.trade_get
        s.trade_log.append([s.round, proposer, seat, 1 if accept else 0, len(give), *give, *get])
        if accept:
            self._transfer(s, proposer, seat, give)
            self._transfer(s, seat, proposer, get)
            # seed: "If the trade is accepted, both players take 1 Handshake token."
            s.handshakes[proposer] += 1
            s.handshakes[seat] += 1
            if ev is not None:
                ev.append(Event(f"{who(s, seat)} accepts: both take a Handshake.", seat, kind="trade"))
        elif ev is not None:
            ev.append(Event(f"{who(s, seat)} declines.", seat, kind="trade"))
        s.trade_stage = NO_TRADE
        s.trade_partner = -1
        s.trade_give = []
        s.trade_get = []

    @staticmethod
    def _transfer(s: State, src: int, dst: int, items: list[int]) -> None:
        for it in items:
            if it < RELIC_ITEM:
                s.res[src][it] -= 1
                s.res[dst][it] += 1
            else:
                # seed: "If you receive a traded Relic, you keep the card but gain no Renown for it"
                code = it - RELIC_ITEM
                s.relics[src].remove(code)
                s.relics[dst].append(code)
                s.traded_relics[dst] += 1

    # ---------------------------------------------------------------- Cracks and Falling

    def crack(self, s: State, i: int, n: int, cause: int, ev: list[Event] | None) -> None:
        """Add ``n`` Cracks to island ``i`` one at a time (a Brace stops the first)."""
        for _ in range(n):
            if s.fallen[i] != STANDING:
                return  # seed: "Cracks that would exceed an island's slots are ignored."
            if s.braced[i]:
                s.braced[i] = 0
                if ev is not None:
                    ev.append(Event(f"The Brace on {self._iname(s, i)} holds: the Crack is ignored.", kind="brace"))
                continue
            s.cracks[i] += 1
            if ev is not None:
                ev.append(Event(f"{self._iname(s, i)} cracks ({s.cracks[i]}/{s.slots[i]}).", kind="crack"))
            if s.cracks[i] >= s.slots[i]:
                # seed: "When an island's last Crack slot fills, it Falls immediately"
                self.fall(s, i, cause, ev)

    def fall(self, s: State, i: int, cause: int, ev: list[Event] | None) -> None:
        claims = s.claims[i]
        holders = [p for p in range(s.players) if claims[p] > 0]
        for p in holders:
            s.falls[p] += 1  # seed: "Every player with at least 1 Claim there takes 1 Fall token."
            s.claims_left[p] += claims[p]  # seed: "Return all Claims on that island to their owners."
            claims[p] = 0
        s.caches[i] = []  # seed: "Discard its remaining Relics unseen."
        s.braced[i] = 0
        # seed: "Ships already docked there stay until Cleanup. Then flip the tile to its Void side"
        s.fallen[i] = FALLEN
        s.fall_log.append([s.round, i, cause, *holders])
        if ev is not None:
            takers = ", ".join(who(s, p) for p in holders) or "nobody"
            ev.append(Event(f"{self._iname(s, i)} FALLS! Fall tokens to: {takers}.", cause, kind="fall"))

    # ---------------------------------------------------------------- 3. Storm phase

    def storm_phase(self, s: State, ev: list[Event] | None) -> None:
        if s.round % 2 == 1:
            self.storm_forecast(s, ev)
            self.cleanup(s, ev)
        else:
            # seed: "Secret bid: each player hides any number of Ballast in a closed fist, including zero."
            s.phase = BIDDING
            s.bids = [-1] * s.players

    def storm_forecast(self, s: State, ev: list[Event] | None) -> None:
        if s.variant == CALM:
            card = s.forecast[s.round // 2]
            if ev is not None:
                ev.append(Event(f"Forecast: {C.storm_of(card).name} strikes next round.", kind="storm"))
            return
        # seed: "reveal the top Storm card face-up in the Forecast slot. It will strike next round."
        card = s.storm_deck.pop()
        s.forecast = [card]
        s.knows_forecast = list(s.knows_top)
        s.knows_top = [0] * s.players
        if ev is not None:
            st = C.storm_of(card)
            if s.variant == TWIN:
                # seed: "The Forecast card is placed face-down, and only its name is announced."
                ev.append(Event(f"Forecast (face down): {st.name}. Its Threshold stays hidden until the bids.",
                                reveal=True, kind="storm"))
            else:
                ev.append(Event(f"Forecast: {st.name}, Threshold {C.threshold(card, s.players)}; "
                                f"if it fails: {st.fail_text}.", reveal=True, kind="storm"))

    def current_storm(self, s: State) -> int:
        return s.forecast[s.round // 2 - 1] if s.variant == CALM else s.forecast[0]

    def bid(self, s: State, seat: int, ballast: int, ev: list[Event] | None) -> None:
        s.bids[seat] = ballast
        if ev is not None:
            # the amount stays in the fist: only the bidder's own log shows it
            ev.append(Event(f"{who(s, seat)} closes a fist.", seat, kind="bid"))
            ev.append(Event(f"You bid {ballast} Ballast.", seat, to=(seat,), kind="bid"))
        if min(s.bids) >= 0:
            self.storm_strike(s, ev)

    def storm_strike(self, s: State, ev: list[Event] | None) -> None:
        """seed: "Reveal all bids at once. Every bid Ballast is spent either way." """
        p = s.players
        card = self.current_storm(s)
        need = C.threshold(card, p)
        bids = s.bids
        before = [s.res[x][C.BALLAST] for x in range(p)]
        for x in range(p):
            s.res[x][C.BALLAST] -= bids[x]
            s.supply[C.BALLAST] += bids[x]
        total = sum(bids)
        passed = total >= need
        st = C.storm_of(card)
        if ev is not None:
            ev.append(Event(
                f"{st.name} strikes! Bids: " + ", ".join(f"{who(s, x)} {bids[x]}" for x in range(p))
                + f" — total {total} against Threshold {need}.", reveal=True, kind="storm",
                data={"bids": list(bids), "threshold": need}))
        if passed:
            # seed: "The highest contributor gains +3 Renown. Tied highest contributors each gain +3."
            top = max(bids)
            for x in range(p):
                gain = C.STORM_TOP_REWARD if bids[x] == top else C.STORM_OTHER_REWARD if bids[x] >= 1 else 0
                if gain:
                    s.renown[x] += gain
                    s.sources[x][SRC_STORMS] += gain
            if ev is not None:
                ev.append(Event("The storm disperses. Top contributors gain +3, other contributors +1.",
                                kind="storm"))
        else:
            if ev is not None:
                ev.append(Event(f"The storm breaks through: {st.fail_text}.", kind="storm"))
            self.storm_fail(s, st.fail, ev)
        s.storm_log.append([s.round, card, need, 1 if passed else 0, total, *bids, *before])
        s.bids = []
        s.knows_forecast = [0] * p
        if s.variant != CALM:
            s.forecast = []
        if s.round >= C.ROUNDS:
            # seed: "The game ends after the Storm Phase of Round 6."
            self.record_round(s)
            self.game_end(s, ev)
        else:
            s.phase = PLACEMENT
            self.cleanup(s, ev)

    def storm_fail(self, s: State, fail: int, ev: list[Event] | None) -> None:
        stand = standing(s)
        if fail == C.SHEARWIND:
            for i in stand:
                if not C.ISLANDS[s.tiles[i]].deep:
                    self.crack(s, i, 1, -1, ev)
        elif fail == C.UNDERTOW:
            for i in stand:
                if C.ISLANDS[s.tiles[i]].deep:
                    self.crack(s, i, 1, -1, ev)
        elif fail == C.MAELSTROM:
            totals = {i: sum(s.claims[i]) for i in stand}
            most = max(totals.values(), default=0)
            if most > 0:
                for i in stand:
                    if totals[i] == most:
                        self.crack(s, i, 2, -1, ev)
        elif fail == C.ASHFALL:
            for x in range(s.players):
                lost = s.res[x][C.AETHER] // 2
                s.res[x][C.AETHER] -= lost
                s.supply[C.AETHER] += lost
            most = max((s.cracks[i] for i in stand), default=0)
            if most > 0:
                for i in stand:
                    if s.cracks[i] == most:
                        self.crack(s, i, 1, -1, ev)
        elif fail == C.LIGHTNING:
            for i in stand:
                if s.docks[2 * i] >= 0:
                    self.crack(s, i, 1, -1, ev)
        elif fail == C.DEAD_CALM:
            for x in range(s.players):
                loss = min(2, s.renown[x])
                s.renown[x] -= loss
                s.sources[x][SRC_LOSSES] -= loss

    # ---------------------------------------------------------------- 4. Cleanup

    def record_round(self, s: State) -> None:
        s.by_round.append(list(s.renown))

    def cleanup(self, s: State, ev: list[Event] | None) -> None:
        # seed: "Return all Airships and the Hired Skiff to their owners."
        s.docks = [-1] * len(s.docks)
        s.harbor = [-2 if h == -2 else -1 for h in s.harbor]
        s.skiff = -1
        for i, f in enumerate(s.fallen):
            if f == FALLEN:
                s.fallen[i] = VOID  # seed: "Then flip the tile to its Void side"
        self.record_round(s)
        finished = s.round
        # seed: "It also ends at the end of any round in which 2 or fewer islands remain standing."
        ending = sum(1 for f in s.fallen if f == STANDING) <= 2
        if s.variant == TWIN and finished == 3 and min(s.discarded) < 0:
            # seed: "At the end of Round 3, secretly discard one; you score only the one you keep."
            s.phase = DISCARD
            s.ending = ending
            return
        if ending:
            self.game_end(s, ev)
            return
        # seed: "Advance the Round marker."
        s.round += 1
        self.order_phase(s, ev)

    def keep_agenda(self, s: State, seat: int, card: int, ev: list[Event] | None) -> None:
        s.discarded[seat] = 1 - card
        if ev is not None:
            ev.append(Event(f"{who(s, seat)} discards an Agenda face down.", seat))
            ev.append(Event(f"You keep {C.GUILDS[s.agendas[seat][card]]}.", seat, to=(seat,)))
        if min(s.discarded) < 0:
            return
        if s.ending or s.round >= C.ROUNDS:
            s.ending = False
            self.game_end(s, ev)
            return
        if s.round == 3:
            s.round += 1
            self.order_phase(s, ev)
        else:
            self.game_end(s, ev)

    # ---------------------------------------------------------------- the end

    def game_end(self, s: State, ev: list[Event] | None) -> None:
        if s.variant == TWIN and min(s.discarded) < 0:
            # designed: a game that ends before Round 3 is over still keeps one Agenda each
            s.phase = DISCARD
            s.ending = True
            return
        s.trade_stage = NO_TRADE
        if s.variant == CALM:
            # seed: "Skip Accusations. Agendas stay hidden until the end."
            self.finish(s, ev)
            return
        s.phase = ACCUSE
        s.accusations = [-1] * s.players

    def accuse(self, s: State, seat: int, target: int, guild: int, ev: list[Event] | None) -> None:
        # seed: "each player secretly places one Accusation card face-down in front of one opponent"
        s.accusations[seat] = target * 3 + guild
        if ev is not None:
            ev.append(Event(f"{who(s, seat)} lays an Accusation face down.", seat, kind="accuse"))
            ev.append(Event(f"You accuse {who(s, target)} of being {C.GUILDS[guild]}.", seat, to=(seat,)))
        if min(s.accusations) >= 0:
            if ev is not None:
                ev.append(Event("Accusations revealed: " + "; ".join(
                    f"{who(s, x)} names {who(s, a // 3)} as {C.GUILD_SHORT[a % 3]}"
                    for x, a in enumerate(s.accusations)), reveal=True, kind="accuse"))
            self.finish(s, ev)

    def finish(self, s: State, ev: list[Event] | None) -> None:
        s.phase = OVER
        s.over = True
        if ev is not None:
            ev.append(Event("Agendas revealed: " + "; ".join(
                f"{who(s, x)} {C.GUILDS[scoring.kept(s, x)]}" for x in range(s.players)),
                reveal=True, kind="agenda"))
            r = scoring.result(s)
            ev.append(Event("Final scores: " + ", ".join(
                f"{who(s, x)} {r.scores[x]}" for x in range(s.players)), kind="score"))

    def result(self, s: State) -> Result | None:
        if s.phase != OVER:
            return None
        return scoring.result(s)

    # ------------------------------------------------------------------ view etc.

    def view(self, s: State, seat: int | None) -> View:
        from engine.games.shardwake.views import build_view

        return build_view(s, seat)

    def determinize(self, s: State, seat: int, rng: Rng) -> State:
        from engine.games.shardwake.views import determinize

        return determinize(s, seat, rng)

    def describe(self, s: State, seat: int, move: Any) -> str:
        from engine.games.shardwake.views import describe

        return describe(s, seat, move)

    def label(self, view: View, move: Any) -> tuple[str, str]:
        from engine.games.shardwake.views import label

        return label(view, move)

    def estimate(self, s: State) -> list[float]:
        """Expected final score per seat, cheap: for cut-off rollouts."""
        return scoring.estimate(s)

    def _iname(self, s: State, i: int) -> str:
        return C.ISLANDS[s.tiles[i]].name


RULES = Shardwake()
