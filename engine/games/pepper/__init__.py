"""Pepper: a tiny game for the kernel's own tests and benchmarks (hidden from menus).

Hidden hands, a shuffled deck, turns, and a simultaneous secret bid every round,
so the Match, saves, undo policies and bots can be tested without a real game.
Each turn a player draws (a private reveal) or plays a card from hand (scores
its value). After every full round all players bid 0–2 at once; the highest
unique bid scores itself. The game ends after ``rounds`` rounds.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.core.rules import Event, Result, RulesBase


class Options(msgspec.Struct, forbid_unknown_fields=True):
    rounds: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 4


class State(msgspec.Struct):
    players: int
    rounds: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    scores: list[int]
    turn: int = 0
    round: int = 1
    phase: str = "turn"
    bids: list[int] = []  # -1: not yet bid (secret until everyone has)
    over: bool = False


class Draw(msgspec.Struct, tag=1, array_like=True, frozen=True):
    pass


class Play(msgspec.Struct, tag=2, array_like=True, frozen=True):
    card: int


class Bid(msgspec.Struct, tag=3, array_like=True, frozen=True):
    amount: int


Move = Draw | Play | Bid


class View(msgspec.Struct):
    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
    hand: list[int]
    hand_sizes: list[int]
    deck: int
    scores: list[int]
    bid_made: list[bool]
    my_bid: int


class Pepper(RulesBase):
    id = "pepper"
    title = "Pepper"
    version = 1
    players = range(2, 5)
    hidden = True  # the kernel's test game: playable and benchable, never offered in menus
    bench_players = 3
    Options = Options
    State = State
    Move = Move
    View = View

    def setup(self, config):
        rng = Rng.seeded(config.seed)
        deck = [v for v in range(1, 10) for _ in range(2)]
        rng.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in range(config.players)]
        opts = config.options or Options()
        return State(config.players, opts.rounds, rng, deck, hands, [0] * config.players)

    def to_act(self, s):
        if s.over:
            return ()
        if s.phase == "bid":
            return tuple(i for i, b in enumerate(s.bids) if b < 0)
        return (s.turn,)

    def legal(self, s, seat):
        if s.phase == "bid":
            return [Bid(0), Bid(1), Bid(2)]
        moves = [Play(c) for c in sorted(set(s.hands[seat]))]
        if s.deck:
            moves.insert(0, Draw())
        return moves or [Draw()]

    def apply(self, s, seat, move, quiet=False):
        ev: list[Event] = []
        if isinstance(move, Bid):
            s.bids[seat] = move.amount
            ev.append(Event(f"seat {seat} bids", seat))
            if all(b >= 0 for b in s.bids):
                counts = {b: s.bids.count(b) for b in s.bids}
                unique = [b for b in s.bids if counts[b] == 1 and b > 0]
                if unique:
                    top = max(unique)
                    s.scores[s.bids.index(top)] += top
                ev.append(Event(f"bids revealed: {s.bids}", reveal=True))
                s.phase = "turn"
                s.bids = []
                if s.round > s.rounds:
                    s.over = True
            return ev
        if isinstance(move, Draw):
            if s.deck:
                card = s.deck.pop()
                s.hands[seat].append(card)
                ev.append(Event(f"seat {seat} draws a card", seat, to=tuple(i for i in range(s.players) if i != seat)))
                ev.append(Event(f"you draw {card}", seat, to=(seat,), reveal=True))
        else:
            s.hands[seat].remove(move.card)
            s.scores[seat] += move.card
            ev.append(Event(f"seat {seat} plays {move.card}", seat, reveal=True))
        s.turn = (s.turn + 1) % s.players
        if s.turn == 0:
            s.round += 1
            s.phase = "bid"
            s.bids = [-1] * s.players
        return ev

    def view(self, s, seat):
        prompt = "bid 0–2" if s.phase == "bid" else "draw or play"
        return View(
            seat, s.round, s.phase, self.to_act(s), prompt,
            sorted(s.hands[seat]) if seat is not None else [],
            [len(h) for h in s.hands], len(s.deck), list(s.scores),
            [b >= 0 for b in s.bids], s.bids[seat] if seat is not None and s.bids else -1,
        )

    def result(self, s):
        if not s.over:
            return None
        order = sorted(set(s.scores), reverse=True)
        ranking = [[i for i, v in enumerate(s.scores) if v == score] for score in order]
        return Result(list(s.scores), ranking, [[("cards and bids", v)] for v in s.scores])

    def determinize(self, s, seat, rng):
        d = clone(s)
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

    def describe(self, s, seat, move):
        return f"seat {seat}: {move!r}"

    def label(self, view, move):
        if isinstance(move, Bid):
            return ("Bid", f"Bid {move.amount}")
        if isinstance(move, Draw):
            return ("Turn", "Draw a card")
        return ("Turn", f"Play {move.card}")


RULES = Pepper()
