"""Who owes a decision (``to_act``), what it is (``asking``), and its menu (``legal``).

Moves are immutable msgspec Structs: each is built once here and handed out again.
"""

from __future__ import annotations

from engine.games.shardwake import content as C
from engine.games.shardwake.rules.placement import claim_island
from engine.games.shardwake.rules.trading import partners, sendable, stock
from engine.games.shardwake.state import (
    ACCUSE,
    ANSWERING,
    BIDDING,
    CLAIMS,
    DISCARD,
    DRAFTING,
    HARBOR_BASE,
    ORDER,
    PENDING_CLAIM,
    PENDING_TARGET,
    PLACEMENT,
    RELIC_ITEM,
    STANDING,
    Accuse,
    Answer,
    Bid,
    Cancel,
    Idle,
    Keep,
    Move,
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

_SALVAGE = [Place(2 * i) for i in range(8)]  # by island
_MOOR = [Place(2 * i + 1) for i in range(8)]
_HARBOR_PLACE = [Place(HARBOR_BASE + k) for k in range(len(C.HARBOR))]  # by Harbor space
_TARGET = [Target(i) for i in range(8)]
_START = [StartClaim(i) for i in range(8)]
_MOVECLAIM = {i: MoveClaim(i) for i in range(-1, 8)}
_TRADE = [Trade(p) for p in range(5)]
_ITEMS = range(RELIC_ITEM + 16)  # 0-2 the cubes, RELIC_ITEM + relic code a Relic
_GIVE = [Offer(0, item) for item in _ITEMS]  # by item (codes 3-9 are never offered)
_ASK = [Offer(1, item) for item in _ITEMS]
_BID: list[Move] = [Bid(n) for n in range(200)]
_ANSWERS: list[Move] = [Answer(True), Answer(False)]
_SKIFF: list[Move] = [SkiffChoice(True), SkiffChoice(False)]
_KEEP: list[Move] = [Keep(0), Keep(1)]
_KEEP_ONE: list[Move] = [Keep(0)]
_SEND = Send()
_CANCEL = Cancel()
_IDLE = Idle()
_ACCUSE = {(t, g): Accuse(t, g) for t in range(5) for g in range(3)}


def to_act(s: State) -> tuple[int, ...]:
    ph = s.phase
    if ph == PLACEMENT:
        if s.trade_stage == ANSWERING:
            return (s.trade_partner,)
        return (s.order[s.turn],)
    if ph == BIDDING:
        return tuple(i for i, b in enumerate(s.bids) if b < 0)
    if ph == CLAIMS:
        return (s.order[s.turn],)
    if ph == ACCUSE:
        return tuple(i for i, a in enumerate(s.accusations) if a < 0)
    if ph == DISCARD:
        return tuple(i for i, d in enumerate(s.discarded) if d < 0)
    if ph == ORDER:
        return (s.order[0],)
    return ()


# what a seat in to_act is asked, by phase (PLACEMENT depends on the turn's state)
_ASKING_BY_PHASE = ("claim", "skiff", "place", "bid", "keep", "accuse", "")


def asking(s: State, seat: int | None, acting: tuple[int, ...]) -> str:
    """The decision ``seat`` owes now (one of ``state.ASKING``; "" when it owes none)."""
    if seat is None or seat not in acting:
        return ""
    if s.phase != PLACEMENT:
        return _ASKING_BY_PHASE[s.phase]
    if s.trade_stage == ANSWERING:
        return "answer"
    if s.trade_stage == DRAFTING:
        return "draft"
    if s.pending == PENDING_TARGET:
        return "target"
    if s.pending == PENDING_CLAIM:
        return "move-claim"
    return "place"


def legal(s: State, seat: int) -> list[Move]:
    ph = s.phase
    if ph == PLACEMENT:
        if s.trade_stage == ANSWERING:
            return list(_ANSWERS)
        if s.trade_stage == DRAFTING:
            return draft_moves(s, seat)
        if s.pending == PENDING_TARGET:
            return [_TARGET[i] for i in targets(s, s.pending_space)]
        if s.pending == PENDING_CLAIM:
            dest = claim_island(s)
            out: list[Move] = [_MOVECLAIM[i] for i, f in enumerate(s.fallen)
                               if f == STANDING and i != dest and s.claims[i][seat] > 0]
            out.append(_MOVECLAIM[-1])
            return out
        moves = placements(s, seat)
        if not moves:
            moves = [_IDLE]
        if not s.traded:
            moves.extend(_TRADE[p] for p in partners(s, seat))
        return moves
    if ph == BIDDING:
        return _BID[: s.res[seat][C.BALLAST] + 1]
    if ph == CLAIMS:
        return [_START[i] for i, t in enumerate(s.tiles) if not C.ISLANDS[t].deep]
    if ph == ACCUSE:
        return [_ACCUSE[(t, g)] for t in range(s.players) if t != seat for g in range(3)]
    if ph == DISCARD:
        a = s.agendas[seat]
        return list(_KEEP_ONE if a[0] == a[1] else _KEEP)
    if ph == ORDER:
        return list(_SKIFF)
    return []


_DEEP = tuple(t.deep for t in C.ISLANDS)  # by tile
_SPACES = tuple((sp.cost, sp.kind, sp.many) for sp in C.HARBOR)  # by Harbor space


def placements(s: State, seat: int) -> list[Move]:
    """The empty action spaces ``seat`` can use and pay for."""
    out: list[Move] = []
    have = s.res[seat]
    aether, ballast, brass = have
    fallen, docks, tiles, caches = s.fallen, s.docks, s.tiles, s.caches
    for i, f in enumerate(fallen):
        if f != STANDING:
            continue  # a Fallen island has no actions
        # seed: "If the Cache is empty, you can't Salvage here."; it costs 1 Aether (+ 1 Brass on a Deep Island)
        if docks[2 * i] < 0 and caches[i] and aether >= 1 and (brass >= 1 or not _DEEP[tiles[i]]):
            out.append(_SALVAGE[i])
        if docks[2 * i + 1] < 0:
            out.append(_MOOR[i])
    for k, occ in enumerate(s.harbor):
        cost, kind, many = _SPACES[k]
        if occ != -1 and not (many and occ != -2):
            continue
        if aether < cost[0] or ballast < cost[1] or brass < cost[2]:
            continue
        if kind == C.BRACE:
            if not any(f == STANDING and not b for f, b in zip(fallen, s.braced, strict=True)):
                continue
        elif kind == C.CHARTER:
            if STANDING not in fallen:
                continue
        out.append(_HARBOR_PLACE[k])
    return out


def draft_moves(s: State, seat: int) -> list[Move]:
    out: list[Move] = []
    if len(s.trade_give) < C.TRADE_MAX_ITEMS:
        out += [_GIVE[it] for it in stock(s, seat, s.trade_give)]
    if len(s.trade_get) < C.TRADE_MAX_ITEMS:
        out += [_ASK[it] for it in stock(s, s.trade_partner, s.trade_get)]
    if sendable(s):
        out.append(_SEND)
    out.append(_CANCEL)
    return out


def targets(s: State, space: int) -> list[int]:
    """The islands a Brace (standing, not braced) or a Charter (standing) may go to."""
    sp = C.HARBOR[space - HARBOR_BASE]
    if sp.kind == C.BRACE:
        return [i for i, f in enumerate(s.fallen) if f == STANDING and not s.braced[i]]
    return [i for i, f in enumerate(s.fallen) if f == STANDING]
