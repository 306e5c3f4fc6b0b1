"""What a seat may know of a Pepper game, and states it cannot tell apart from the true one."""

from __future__ import annotations

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.pepper.state import State, View


def to_act(s: State) -> tuple[int, ...]:
    if s.over:
        return ()
    if s.phase == "bid":
        return tuple(i for i, b in enumerate(s.bids) if b < 0)
    return (s.turn,)


def view(s: State, seat: int | None) -> View:
    acting = to_act(s)
    asked = seat is not None and seat in acting
    return View(
        seat=seat, round=s.round, phase=s.phase, to_act=acting,
        prompt="bid 0–2" if s.phase == "bid" else "draw or play",
        asking=s.phase if asked else "",
        hand=sorted(s.hands[seat]) if seat is not None else [],
        hand_sizes=[len(h) for h in s.hands], deck=len(s.deck), scores=list(s.scores),
        bid_made=[b >= 0 for b in s.bids], my_bid=s.bids[seat] if seat is not None and s.bids else -1,
    )


def determinize(s: State, seat: int, rng: Rng) -> State:
    """Other hands and the deck re-dealt from the cards ``seat`` has not seen; others' bids re-drawn."""
    d: State = clone(s)
    pool = list(d.deck)
    for i, h in enumerate(d.hands):
        if i != seat:
            pool.extend(h)
    rng.shuffle(pool)
    for i, h in enumerate(d.hands):
        if i != seat:
            n = len(h)
            d.hands[i] = [pool.pop() for _ in range(n)]
    d.deck = pool
    if d.bids:
        d.bids = [b if (i == seat or b < 0) else rng.below(3) for i, b in enumerate(d.bids)]
    d.rng = Rng(rng.next_u64())
    return d
