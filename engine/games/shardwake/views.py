"""What a seat may know (``build_view``), re-drawing what it may not (``determinize``),
and words for moves (``label`` for the decision panel, ``describe`` for the log)."""

from __future__ import annotations

from typing import Any

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.shardwake import content as C
from engine.games.shardwake.rules import (
    cost_text,
    item_name,
    items_text,
    salvage_cost,
    seat_name,
    who,
)
from engine.games.shardwake.scoring import kept
from engine.games.shardwake.state import (
    ACCUSE,
    ANSWERING,
    BIDDING,
    CALM,
    CLAIMS_PHASE,
    DISCARD,
    DRAFTING,
    HARBOR_BASE,
    OVER,
    PENDING_CLAIM,
    PENDING_TARGET,
    PHASE_NAMES,
    PLACEMENT,
    SKIFF_PHASE,
    TWIN,
    VARIANTS,
    Accuse,
    Answer,
    Bid,
    Cancel,
    Idle,
    Keep,
    MoveClaim,
    Offer,
    Place,
    Send,
    SkiffChoice,
    StartClaim,
    State,
    Target,
    Trade,
)
from engine.games.shardwake.view import (
    BraceRecord,
    FallRecord,
    ForecastCard,
    History,
    IslandView,
    SalvageRecord,
    SeatView,
    SkiffRecord,
    SpaceView,
    StormRecord,
    TradeRecord,
    TradeView,
    View,
)

STATE_WORDS = ("standing", "fallen", "void")
SKIFF_MARK = 8


def _occ(code: int) -> tuple[int, bool]:
    if code < 0:
        return -1, False
    return (code - SKIFF_MARK, True) if code >= SKIFF_MARK else (code, False)


def _prompt(s: State, seat: int | None, acting: tuple[int, ...]) -> str:
    if seat is None or seat not in acting:
        if not acting:
            return "The game is over."
        return "Waiting for " + ", ".join(who(s, x) for x in acting) + "."
    ph = s.phase
    if ph == CLAIMS_PHASE:
        return "Place your starting Claim on an Outer island."
    if ph == SKIFF_PHASE:
        return "You trail by 5 or more: take the Hired Skiff (and give up first position), or stay first?"
    if ph == BIDDING:
        card = s.forecast[s.round // 2 - 1] if s.variant == CALM else s.forecast[0]
        return f"{C.storm_of(card).name} strikes: bid Ballast in secret (0–{s.res[seat][C.BALLAST]})."
    if ph == DISCARD:
        return "Keep one of your two Agendas; the other is discarded face down."
    if ph == ACCUSE:
        return "Accuse one opponent: name the Guild you suspect."
    if s.trade_stage == ANSWERING:
        return (f"{who(s, s.order[s.turn])} offers {items_text(s.trade_give)} for "
                f"{items_text(s.trade_get)}. Accept or decline?")
    if s.trade_stage == DRAFTING:
        return (f"Trade with {who(s, s.trade_partner)}: you give {items_text(s.trade_give)}, you get "
                f"{items_text(s.trade_get)}. Add items, send, or drop it.")
    if s.pending == PENDING_TARGET:
        sp = C.HARBOR[s.pending_space - HARBOR_BASE]
        return "Choose the island to brace." if sp.kind == C.BRACE else "Choose the island for your Claim."
    if s.pending == PENDING_CLAIM:
        return "You are out of Claims: move one from another standing island, or place none."
    if s.traded:
        return "Place a ship."
    return "Place a ship (or first propose a trade)."


def build_view(s: State, seat: int | None) -> View:
    from engine.games.shardwake.rules import RULES

    p = s.players
    acting = RULES.to_act(s)
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
        who, sk = _occ(s.harbor[k])
        harbor.append(SpaceView(k, sp.key, sp.name, sp.text, s.harbor[k] != -2, who, sk))
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
                          [item_name(i) for i in s.trade_give], [item_name(i) for i in s.trade_get])
    mine = seat is not None
    peek: list[int] = []
    if mine:
        if s.knows_top[seat] and s.storm_deck:
            card = s.storm_deck[-1]
            peek = [card, C.threshold(card, p)]
        elif s.variant == TWIN and s.knows_forecast[seat] and s.forecast:
            card = s.forecast[0]
            peek = [card, C.threshold(card, p)]
    history = History(
        storms=[StormRecord(r[0], C.storm_of(r[1]).name, r[2], r[5:5 + p], r[5 + p:5 + 2 * p], r[4], bool(r[3]))
                for r in s.storm_log],
        trades=[TradeRecord(r[0], r[1], r[2], bool(r[3]), [item_name(i) for i in r[5:5 + r[4]]],
                            [item_name(i) for i in r[5 + r[4]:]]) for r in s.trade_log],
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
    if s.phase == PLACEMENT:
        phase = PHASE_NAMES[PLACEMENT] + (": trade offer" if s.trade_stage else "")
    else:
        phase = PHASE_NAMES[s.phase]
    return View(
        seat=seat,
        round=s.round,
        phase=phase,
        to_act=acting,
        prompt=_prompt(s, seat, acting),
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
        agendas=list(s.agendas[seat]) if mine else [],
        kept=(kept(s, seat) if mine and s.discarded[seat] >= 0 else -1),
        my_bid=s.bids[seat] if mine and s.bids else -1,
        my_accusation=([s.accusations[seat] // 3, s.accusations[seat] % 3]
                       if mine and s.accusations and s.accusations[seat] >= 0 else []),
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
    d = clone(s)
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


# ---------------------------------------------------------------- words for moves


def _island_name(view: Any, i: int) -> str:
    return view.islands[i].name if 0 <= i < len(view.islands) else f"island {i}"


def _seat(view: Any, seat: int) -> str:
    names = getattr(view, "names", None) or []
    return names[seat] if 0 <= seat < len(names) else seat_name(seat)


def label(view: View, move: Any) -> tuple[str, str]:
    t = type(move)
    if t is Place:
        sp = move.space
        if sp >= HARBOR_BASE:
            h = C.HARBOR[sp - HARBOR_BASE]
            return ("Harbor", f"{h.name}: {h.text}")
        isl = view.islands[sp >> 1]
        if sp & 1:
            return ("Islands", f"Moor at {isl.name}: +{cost_text(isl.moor_gives)}, +Claim")
        kind = "Deep" if isl.deep else "Outer"
        return ("Islands", f"Salvage at {isl.name} ({kind}) — {cost_text(isl.salvage_cost)}: take a Relic, "
                           f"+Claim, +Crack ({isl.cracks + 1}/{isl.slots}"
                           f"{', braced' if isl.braced else ''}, {isl.cache} left)")
    if t is Target:
        sp = C.HARBOR[view.pending_space - HARBOR_BASE] if view.pending_space >= HARBOR_BASE else None
        name = _island_name(view, move.island)
        if sp is not None and sp.kind == C.BRACE:
            return ("Brace", f"Brace {name}")
        return ("Charter", f"Claim {name}")
    if t is MoveClaim:
        if move.island < 0:
            return ("Claim", "Place no Claim")
        return ("Claim", f"Move a Claim from {_island_name(view, move.island)}")
    if t is Trade:
        return ("Trade", f"Propose a trade to {_seat(view, move.partner)}")
    if t is Offer:
        if move.side == 0:
            return ("You give", f"Give 1 {item_name(move.item)}")
        return ("You get", f"Ask for 1 {item_name(move.item)}")
    if t is Send:
        tr = view.trade
        give = ", ".join(tr.give_names) if tr else ""
        get = ", ".join(tr.get_names) if tr else ""
        return ("Trade", f"Send: give {give} for {get}")
    if t is Cancel:
        return ("Trade", "Drop the trade")
    if t is Answer:
        tr = view.trade
        if move.accept:
            got = ", ".join(tr.give_names) if tr else "?"
            gave = ", ".join(tr.get_names) if tr else "?"
            return ("Answer", f"Accept: you get {got} and give {gave}")
        return ("Answer", "Decline")
    if t is Bid:
        return ("Bid", f"Bid {move.ballast} Ballast")
    if t is Keep:
        mine = view.agendas
        k = mine[move.card] if move.card < len(mine) else -1
        other = mine[1 - move.card] if len(mine) == 2 else -1
        kt = C.GUILDS[k] if k >= 0 else "?"
        ot = C.GUILDS[other] if other >= 0 else "?"
        return ("Agenda", f"Keep {kt} (discard {ot})")
    if t is Accuse:
        return (f"Accuse {_seat(view, move.target)}", f"{_seat(view, move.target)} is {C.GUILDS[move.guild]}")
    if t is StartClaim:
        return ("Claim", f"Starting Claim on {_island_name(view, move.island)}")
    if t is SkiffChoice:
        if move.take:
            return ("Skiff", "Take the Hired Skiff and give up first position")
        return ("Skiff", "Stay first without the Skiff")
    if t is Idle:
        return ("Place", "No space to use: the ship sits out")
    return ("Moves", repr(move))


def describe(s: State, seat: int, move: Any) -> str:
    """A log line; secret choices (bids, Accusations, the Agenda discard) say only that one was made."""
    name = who(s, seat)
    t = type(move)
    if t is Bid:
        return f"{name} bids in secret."
    if t is Accuse:
        return f"{name} lays an Accusation face down."
    if t is Keep:
        return f"{name} discards an Agenda face down."
    if t is Place:
        sp = move.space
        if sp >= HARBOR_BASE:
            return f"{name}: {C.HARBOR[sp - HARBOR_BASE].name}."
        island = C.ISLANDS[s.tiles[sp >> 1]].name
        return f"{name}: {'Moor' if sp & 1 else 'Salvage'} at {island}."
    if t is StartClaim:
        return f"{name} stakes a starting Claim on {C.ISLANDS[s.tiles[move.island]].name}."
    if t is Target:
        island = C.ISLANDS[s.tiles[move.island]].name
        if s.pending_space >= HARBOR_BASE and C.HARBOR[s.pending_space - HARBOR_BASE].kind == C.BRACE:
            return f"{name} braces {island}."
        return f"{name} charters a Claim on {island}."
    if t is MoveClaim:
        if move.island < 0:
            return f"{name} places no Claim."
        return f"{name} moves a Claim from {C.ISLANDS[s.tiles[move.island]].name}."
    if t is Trade:
        return f"{name} drafts a trade with {who(s, move.partner)}."
    if t is Offer:
        return f"{name} {'offers' if move.side == 0 else 'asks for'} 1 {item_name(move.item)}."
    if t is Send:
        return f"{name} proposes {items_text(s.trade_give)} for {items_text(s.trade_get)}."
    if t is Cancel:
        return f"{name} drops the trade."
    if t is Answer:
        return f"{name} {'accepts' if move.accept else 'declines'}."
    if t is SkiffChoice:
        return f"{name} {'takes the Skiff' if move.take else 'stays first'}."
    if t is Idle:
        return f"{name}'s ship sits out."
    return f"{name}: {move!r}"

