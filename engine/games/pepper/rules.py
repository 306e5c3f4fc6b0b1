"""Pepper's rules: deal, turns (draw or play), a secret bid after every full round, the end."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.pepper import state as st
from engine.games.pepper import text
from engine.games.pepper import view as views
from engine.games.pepper.state import ASKING, Bid, Draw, Play, Step

TURN, BID = ASKING[Step.TURN], ASKING[Step.BID]  # the phase words, looked up once


class Pepper(RulesBase):
    id = "pepper"
    title = "Pepper"
    version = 1
    players = range(2, 5)
    hidden = True  # the kernel's test game: playable and benchable, never offered in menus
    bench_players = 3
    # the class attributes name the game's types; annotations below use ``st.`` (a class
    # attribute named State would shadow the type in them)
    Options = st.Options
    State = st.State
    Move = st.Move
    View = st.View
    asking = frozenset(ASKING.values())

    # ---------------------------------------------------------------- setup

    def setup(self, config: Config) -> st.State:
        rng = Rng.seeded(config.seed)
        deck = [v for v in range(1, 10) for _ in range(2)]
        rng.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in range(config.players)]
        opts = config.options or st.Options()
        return st.State(config.players, opts.rounds, rng, deck, hands, [0] * config.players)

    # ---------------------------------------------------------------- turns

    def to_act(self, s: st.State) -> tuple[int, ...]:
        return views.to_act(s)

    def legal(self, s: st.State, seat: int) -> list[Any]:
        if s.phase == "bid":
            return [Bid(0), Bid(1), Bid(2)]
        moves: list[Any] = [Play(c) for c in sorted(set(s.hands[seat]))]
        if s.deck:
            moves.insert(0, Draw())
        return moves or [Draw()]

    def apply(self, s: st.State, seat: int, move: Any, quiet: bool = False) -> list[Event]:
        ev: list[Event] = []
        match move:
            case Bid(amount=amount):
                self.bid(s, seat, amount, ev, quiet)
            case Draw():
                if s.deck:
                    card = s.deck.pop()
                    s.hands[seat].append(card)
                    if not quiet:
                        others = tuple(i for i in range(s.players) if i != seat)
                        ev.append(Event(f"seat {seat} draws a card", seat, to=others, kind="draw",
                                        data={"seat": seat}))
                    # the reveal mark is the undo barrier: kept even in quiet replays
                    ev.append(Event(f"seat {seat} draws {card}", seat, to=(seat,), reveal=True, kind="draw",
                                    data={"seat": seat, "card": card}))
                self.next_turn(s)
            case Play(card=card):
                s.hands[seat].remove(card)
                s.scores[seat] += card
                ev.append(Event(f"seat {seat} plays {card}", seat, reveal=True, kind="play",
                                data={"seat": seat, "card": card}))
                self.next_turn(s)
        return ev

    def next_turn(self, s: st.State) -> None:
        s.turn = (s.turn + 1) % s.players
        if s.turn == 0:
            s.round += 1
            s.phase = BID
            s.bids = [-1] * s.players

    def bid(self, s: st.State, seat: int, amount: int, ev: list[Event], quiet: bool = False) -> None:
        """All bid 0–2 at once; the highest bid nobody else made scores itself."""
        s.bids[seat] = amount
        if not quiet:
            ev.append(Event(f"seat {seat} bids", seat, kind="bid", data={"seat": seat}))
        if all(b >= 0 for b in s.bids):
            counts = {b: s.bids.count(b) for b in s.bids}
            unique = [b for b in s.bids if counts[b] == 1 and b > 0]
            if unique:
                top = max(unique)
                s.scores[s.bids.index(top)] += top
            ev.append(Event(f"bids revealed: {s.bids}", reveal=True, kind="bids", data={"bids": list(s.bids)}))
            s.phase = TURN
            s.bids = []
            if s.round > s.rounds:
                s.over = True

    # ---------------------------------------------------------------- the end

    def result(self, s: st.State) -> Result | None:
        if not s.over:
            return None
        order = sorted(set(s.scores), reverse=True)
        ranking = [[i for i, v in enumerate(s.scores) if v == score] for score in order]
        return Result(list(s.scores), ranking, [[("cards and bids", v)] for v in s.scores])

    # ---------------------------------------------------------------- views and words

    def view(self, s: st.State, seat: int | None) -> st.View:
        return views.view(s, seat)

    def determinize(self, s: st.State, seat: int, rng: Rng) -> st.State:
        return views.determinize(s, seat, rng)

    def describe(self, s: st.State, seat: int, move: Any) -> str:
        return text.describe(s, seat, move)

    def label(self, view: st.View, move: Any) -> tuple[str, str]:
        return text.label(view, move)


RULES = Pepper()
