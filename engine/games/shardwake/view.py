"""What a seat may know (``view``), and re-drawing what it may not (``determinize``).

The view carries the facts a screen needs, machine-readable (``asking``, ``stage``, each
island's costs and majority values), beside the words (``phase``, ``prompt``).
"""

from __future__ import annotations

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.shardwake import content as C
from engine.games.shardwake import text
from engine.games.shardwake.rules.legal import asking, to_act
from engine.games.shardwake.rules.placement import salvage_cost
from engine.games.shardwake.scoring import kept
from engine.games.shardwake.state import (
    ANSWERING,
    CALM,
    DRAFTING,
    OVER,
    PENDING_CLAIM,
    PENDING_TARGET,
    PLACEMENT,
    SKIFF_MARK,
    STAGES,
    TWIN,
    VARIANTS,
    BraceRecord,
    FallRecord,
    ForecastCard,
    History,
    IslandView,
    SalvageRecord,
    SeatView,
    SkiffRecord,
    SpaceView,
    State,
    StormRecord,
    TradeRecord,
    TradeView,
    View,
)

STATE_WORDS = ("standing", "fallen", "void")


def _occ(code: int) -> tuple[int, bool]:
    if code < 0:
        return -1, False
    return (code - SKIFF_MARK, True) if code >= SKIFF_MARK else (code, False)


def view(s: State, seat: int | None) -> View:
    """Everything ``seat`` may know (``None``: a spectator, public information only)."""
    p = s.players
    acting = to_act(s)
    over = s.phase == OVER
    islands = []
    for i, t in enumerate(s.tiles):
        tile = C.ISLANDS[t]
        so, sk = _occ(s.docks[2 * i])
        mo, mk = _occ(s.docks[2 * i + 1])
        islands.append(IslandView(
            i, tile.name, tile.deep, s.slots[i], s.cracks[i], len(s.caches[i]), list(s.claims[i]),
            so, mo, sk, mk, bool(s.braced[i]), STATE_WORDS[s.fallen[i]], list(tile.moor),
            [tile.first, tile.second], list(salvage_cost(s, i))))
    harbor = []
    for k, sp in enumerate(C.HARBOR):
        occupant, sk = _occ(s.harbor[k])
        harbor.append(SpaceView(k, sp.key, sp.name, sp.text, s.harbor[k] != -2, occupant, sk))
    forecast: list[ForecastCard] = []
    if s.variant == CALM:
        for k, card in enumerate(s.forecast):
            if k >= len(s.storm_log):
                st = C.storm_of(card)
                forecast.append(ForecastCard(2 * (k + 1), st.name, C.threshold(card, p), st.fail_text, False))
    elif s.forecast:
        card = s.forecast[0]
        st = C.storm_of(card)
        hidden = s.variant == TWIN
        strike = s.round + 1 if s.round % 2 == 1 else s.round
        forecast.append(ForecastCard(strike, st.name, -1 if hidden else C.threshold(card, p), st.fail_text, hidden))
    seats = []
    for x in range(p):
        seats.append(SeatView(
            x, list(s.res[x]), list(s.relics[x]), [C.relic_name(c) for c in s.relics[x]], s.traded_relics[x],
            s.falls[x], s.handshakes[x], s.renown[x], s.claims_left[x], s.ships_left[x],
            bool(s.bids) and s.bids[x] >= 0, bool(s.accusations) and s.accusations[x] >= 0,
            s.discarded[x] >= 0))
    trade = None
    if s.trade_stage in (DRAFTING, ANSWERING):
        trade = TradeView("drafting" if s.trade_stage == DRAFTING else "answering", s.order[s.turn],
                          s.trade_partner, list(s.trade_give), list(s.trade_get),
                          [text.item_name(i) for i in s.trade_give], [text.item_name(i) for i in s.trade_get])
    # the viewer's own secrets (a spectator has none)
    peek: list[int] = []
    agendas: list[int] = []
    my_kept = my_bid = -1
    my_accusation: list[int] = []
    if seat is not None:
        if s.knows_top[seat] and s.storm_deck:
            card = s.storm_deck[-1]
            peek = [card, C.threshold(card, p)]
        elif s.variant == TWIN and s.knows_forecast[seat] and s.forecast:
            card = s.forecast[0]
            peek = [card, C.threshold(card, p)]
        agendas = list(s.agendas[seat])
        if s.discarded[seat] >= 0:
            my_kept = kept(s, seat)
        if s.bids:
            my_bid = s.bids[seat]
        if s.accusations and s.accusations[seat] >= 0:
            my_accusation = [s.accusations[seat] // 3, s.accusations[seat] % 3]
    history = History(
        storms=[StormRecord(r[0], C.storm_of(r[1]).name, r[2], r[5:5 + p], r[5 + p:5 + 2 * p], r[4], bool(r[3]))
                for r in s.storm_log],
        trades=[TradeRecord(r[0], r[1], r[2], bool(r[3]), [text.item_name(i) for i in r[5:5 + r[4]]],
                            [text.item_name(i) for i in r[5 + r[4]:]]) for r in s.trade_log],
        braces=[BraceRecord(r[0], r[1], r[2]) for r in s.brace_log],
        falls=[FallRecord(r[0], r[1], C.ISLANDS[s.tiles[r[1]]].name, r[2], r[3:]) for r in s.fall_log],
        salvages=[SalvageRecord(r[0], r[1], r[2], C.relic_name(r[3]), bool(r[4])) for r in s.salvage_log],
        skiffs=[SkiffRecord(r[0], r[1], bool(r[2])) for r in s.skiff_log],
        by_round=[list(r) for r in s.by_round],
    )
    revealed_agendas: list[list[int]] = []
    revealed_acc: list[list[int]] = []
    if over:
        for x in range(p):
            k = kept(s, x)
            others = list(s.agendas[x])
            others.remove(k)
            revealed_agendas.append([k, *others])
        revealed_acc = [[a // 3, a % 3] for a in s.accusations] if s.accusations else []
    return View(
        seat=seat,
        round=s.round,
        phase=text.phase(s),
        to_act=acting,
        prompt=text.prompt(s, seat, acting),
        asking=asking(s, seat, acting),
        stage=STAGES[s.phase],
        players=p,
        names=list(s.names),
        variant=VARIANTS[s.variant],
        islands=islands,
        harbor=harbor,
        forecast=forecast,
        storm_deck=len(s.storm_deck),
        supply=list(s.supply),
        seats=seats,
        order=list(s.order),
        current=s.order[s.turn] if s.phase == PLACEMENT else -1,
        skiff=s.skiff,
        trade=trade,
        traded_this_turn=s.traded,
        pending="target" if s.pending == PENDING_TARGET else "claim" if s.pending == PENDING_CLAIM else "",
        pending_space=s.pending_space if s.pending else -1,
        agendas=agendas,
        kept=my_kept,
        my_bid=my_bid,
        my_accusation=my_accusation,
        storm_peek=peek,
        history=history,
        revealed_agendas=revealed_agendas,
        revealed_accusations=revealed_acc,
        fall_value=s.fall_value,
        deep_slots=s.deep_slots,
        handshake_cap=s.handshake_cap,
        skiff_rule="choose" if s.skiff_choose else "both",
    )


# ---------------------------------------------------------------- determinize


def determinize(s: State, seat: int, rng: Rng) -> State:
    """A state ``seat`` cannot tell from ``s``: every hidden thing re-drawn consistently."""
    d: State = clone(s)
    if d.phase == OVER:
        d.rng = Rng(rng.next_u64())
        return d
    p = d.players
    # Caches: the unseen Relics are the deck less every Relic face up in front of a player.
    for deep in (False, True):
        pool = list(C.DEEP_RELICS if deep else C.OUTER_RELICS)
        for rel in d.relics:
            for code in rel:
                if (C.relic_value(code) >= 3) == deep:
                    pool.remove(code)
        rng.shuffle(pool)
        for i, t in enumerate(d.tiles):
            if C.ISLANDS[t].deep == deep and d.caches[i]:
                n = len(d.caches[i])
                d.caches[i] = pool[-n:]
                del pool[-n:]
    # Agendas: 2 of each Guild in the deck; this seat knows only its own card(s).
    pool = list(C.AGENDA_DECK)
    for g in d.agendas[seat]:
        pool.remove(g)
    rng.shuffle(pool)
    for x in range(p):
        if x != seat:
            n = len(d.agendas[x])
            d.agendas[x] = pool[-n:]
            del pool[-n:]
            if d.discarded[x] >= 0:
                d.discarded[x] = rng.below(2)
    # Secret choices of other seats: bids and Accusations already made.
    if d.bids:
        for x in range(p):
            if x != seat and d.bids[x] >= 0:
                d.bids[x] = rng.below(d.res[x][C.BALLAST] + 1)
    if d.accusations:
        for x in range(p):
            if x != seat and d.accusations[x] >= 0:
                t = rng.below(p - 1)
                t = t + 1 if t >= x else t
                d.accusations[x] = t * 3 + rng.below(3)
    # Storm deck: order unknown, except a top card this seat looked at.
    if d.variant != CALM:
        deck = d.storm_deck
        top = deck.pop() if (d.knows_top[seat] and deck) else -1
        if d.variant == TWIN and d.forecast and not d.knows_forecast[seat]:
            # a face-down Forecast: its name is known, not which of the two copies it is
            f = d.forecast[0]
            twin = f ^ 1
            if twin in deck and rng.below(2):
                deck.remove(twin)
                deck.append(f)
                d.forecast[0] = twin
        rng.shuffle(deck)
        if top >= 0:
            deck.append(top)
    else:
        rng.shuffle(d.storm_deck)
    d.rng = Rng(rng.next_u64())
    return d
