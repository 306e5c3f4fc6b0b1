"""A cheap heuristic player for Shards of Creation.

It reads only its seat's view and the legal moves: it wins tricks worth winning
with the cheapest card that wins, dumps low cards (a Ruin −1 above all) when it
cannot or need not win, takes the card that adds most to its own score, and uses
abilities when they help.
"""

from __future__ import annotations

from engine.core.bot import Budget, Decision
from engine.core.rng import Rng
from engine.core.rules import Rules
from engine.games.shards import scoring
from engine.games.shards.content import (
    ABILITY,
    DEVOTION,
    DOMINION,
    RANK,
    RUIN,
    RUIN_PENALTY,
    SHARD_BY_NAME,
    SHARD_OF,
)
from engine.games.shards.rules.tricks import strongest
from engine.games.shards.state import (
    ADD_REVEALED,
    DECLINE,
    PUT_BACK,
    AddRevealed,
    ChooseArea,
    Decline,
    Discard,
    Move,
    Place,
    Play,
    PutBack,
    Steal,
    SubtractRevealed,
    Swap,
    Take,
    TakeFromDiscard,
    TakeScored,
    View,
)


class _Table:
    """What the bot reads from a view, as plain ints."""

    __slots__ = ("area", "areas", "hand", "n", "seat", "shards", "trump", "v")

    def __init__(self, v: View) -> None:
        self.v = v
        self.seat = v.seat if v.seat is not None else 0
        self.n = v.players
        self.shards = sorted(SHARD_BY_NAME[x.lower()] for x in v.shards)
        self.trump = SHARD_BY_NAME[v.trump.lower()]
        self.areas = [[c.id for c in a] for a in v.areas]
        self.area = self.areas[self.seat]
        self.hand = [c.id for c in v.hand]

    def gain(self, card: int, area: list[int] | None = None) -> int:
        area = self.area if area is None else area
        return scoring.score([*area, card], self.shards, self.n) - scoring.score(area, self.shards, self.n)

    def keep_value(self, card: int) -> float:
        """How much a card in hand is worth keeping (low: discard or dump it first)."""
        r = RANK[card]
        if ABILITY[card] == RUIN_PENALTY:
            return -10.0
        return r + (8.0 if SHARD_OF[card] == self.trump else 0.0)


def _strongest(plays: list[tuple[int, int]], trump: int) -> int:
    """Index of the strongest (card, rank) pair: the rules' own ``strongest``."""
    return strongest([c for c, _ in plays], [r for _, r in plays], trump)


class HeuristicBot:
    """Rule-of-thumb play; well under a millisecond per decision."""

    level = "heuristic"

    def __init__(self, rules: Rules | None = None, seed: int = 0) -> None:
        self.rules = rules
        self.rng = Rng.seeded(seed)

    def choose(self, d: Decision, budget: Budget | None = None) -> Move:
        legal: list[Move] = d.legal
        if len(legal) == 1:
            return legal[0]
        v: View = d.view
        t = _Table(v)
        first = legal[0]
        # each step's menu holds one kind of move (and perhaps Decline): take them by type
        if isinstance(first, Play):
            return self._play(t, [m for m in legal if isinstance(m, Play)])
        if isinstance(first, Take | TakeFromDiscard):
            takes = [m for m in legal if isinstance(m, Take | TakeFromDiscard)]
            return max(takes, key=lambda m: (t.gain(m.card), RANK[m.card]))
        discards = [m for m in legal if isinstance(m, Discard)]
        if v.asking == "cultivation-discard":
            return min(discards, key=lambda m: (t.keep_value(m.card), m.card))
        if isinstance(first, Place):
            places = [m for m in legal if isinstance(m, Place)]
            return max(places, key=lambda m: (t.gain(m.card) - 0.3 * t.keep_value(m.card), -m.card))
        if isinstance(first, Swap) or (isinstance(first, Decline) and v.asking == "swap"):
            return self._swap(t, [m for m in legal if isinstance(m, Swap)])
        if isinstance(first, AddRevealed) or v.asking == "growth":
            return self._growth(t)
        if v.asking == "decay":
            return self._decay(t, legal)
        if isinstance(first, Steal):
            steals = [m for m in legal if isinstance(m, Steal)]
            return max(steals, key=lambda m: (v.scores[m.seat], v.hand_sizes[m.seat]))
        if isinstance(first, ChooseArea) or v.asking == "odium-area":
            areas = [m for m in legal if isinstance(m, ChooseArea)]
            return max(areas, key=lambda m: v.scores[m.seat]) if areas else DECLINE
        if v.asking == "odium-seize":
            return self._seize(t, [m for m in legal if isinstance(m, TakeScored)])
        if v.asking == "release":
            cards = [m for m in discards if RANK[m.card] <= 6]
            return min(cards, key=lambda m: RANK[m.card]) if cards else DECLINE
        if v.asking == "renewal":
            cards = [m for m in discards if t.keep_value(m.card) <= 5]
            return min(cards, key=lambda m: t.keep_value(m.card)) if cards else DECLINE
        if discards:  # theft, preservation renewal, cull ties
            return min(discards, key=lambda m: (t.keep_value(m.card), m.card))
        return legal[self.rng.below(len(legal))]

    # ------------------------------------------------------------- playing a card

    def _trick_value(self, t: _Table, plays: list[tuple[int, int]], card: int) -> int:
        """What winning this trick (with ``card`` added) would add to our score."""
        cards = [(c, r) for c, r in plays] + [(card, RANK[card])]
        if t.trump == RUIN:
            low = min(r for _, r in cards)
            cards = [(c, r) for c, r in cards if r == low]
        elif t.trump == DOMINION:
            high = max(r for _, r in cards)
            cards = [(c, r) for c, r in cards if r == high]
        return max(t.gain(c) for c, _ in cards)

    def _play(self, t: _Table, legal: list[Play]) -> Play:
        v = t.v
        plays = [(p.card.id, p.rank) for p in v.trick]
        after = t.n - len(plays) - 1  # players still to play after us
        cards = [m.card for m in legal]
        if not plays:
            return Play(self._lead(t, cards))
        winners = []
        for c in cards:
            trial = [*plays, (c, RANK[c])]
            if _strongest(trial, t.trump) == len(plays):
                winners.append(c)
        if winners:
            value = max(self._trick_value(t, plays, c) for c in winners)
            if value >= 2 or (after == 0 and value >= 1):
                if after == 0:
                    return Play(min(winners, key=lambda c: t.keep_value(c)))
                # others still play: win firmly with the strongest card we hold
                return Play(max(winners, key=lambda c: (SHARD_OF[c] == t.trump, RANK[c])))
        # dump: a penalty card into a trick we lose, else our least useful card
        return Play(min(cards, key=lambda c: (t.keep_value(c), c)))

    def _lead(self, t: _Table, cards: list[int]) -> int:
        trumps = [c for c in cards if SHARD_OF[c] == t.trump]
        if trumps:
            top = max(trumps, key=lambda c: RANK[c])
            if RANK[top] >= 12:
                return top
        high = max(cards, key=lambda c: RANK[c])
        if RANK[high] >= 14:
            return high
        return min(cards, key=lambda c: (t.keep_value(c), c))

    # ------------------------------------------------------------- abilities

    def _swap(self, t: _Table, swaps: list[Swap]) -> Swap | Decline:
        p = t.v.pending
        devotion = p.card.id if p is not None and p.card is not None else -1
        if devotion < 0 or SHARD_OF[devotion] != DEVOTION:
            return DECLINE
        base = scoring.score(t.area, t.shards, t.n)
        best: Swap | Decline = DECLINE
        best_gain = 0
        for m in swaps:
            area = [c for c in t.area if c != m.card] + [devotion]
            g = scoring.score(area, t.shards, t.n) - base
            if g > best_gain:
                best, best_gain = m, g
        return best

    def _growth(self, t: _Table) -> AddRevealed | PutBack:
        p = t.v.pending
        if p is None or p.revealed is None or p.card is None:
            return PUT_BACK
        lead = SHARD_BY_NAME[t.v.lead.lower()] if t.v.lead else -1
        mine = SHARD_OF[p.card.id]
        if p.revealed.rank > 0 and (mine == t.trump or mine == lead) and t.trump != RUIN:
            return ADD_REVEALED
        return PUT_BACK

    def _decay(self, t: _Table, legal: list[Move]) -> SubtractRevealed | PutBack:
        v = t.v
        p = v.pending
        if p is None or p.revealed is None or p.revealed.rank <= 0:
            return PUT_BACK
        plays = [(q.card.id, q.rank) for q in v.trick]
        best = _strongest(plays, t.trump)
        target = v.trick[best]
        if target.seat == t.seat:
            # we hold the trick: lower the strongest rival instead
            rivals = [q for q in v.trick if q.seat != t.seat]
            if not rivals:
                return PUT_BACK
            target = max(rivals, key=lambda q: q.rank)
        m = SubtractRevealed(target.card.id)
        return m if m in legal else PUT_BACK

    def _seize(self, t: _Table, seizes: list[TakeScored]) -> TakeScored | Decline:
        p = t.v.pending
        owner = p.area if p is not None else -1
        best: TakeScored | Decline = DECLINE
        best_value = 0.0
        for m in seizes:
            value = float(t.gain(m.card))
            if owner >= 0:
                theirs = t.areas[owner]
                rest = list(theirs)
                rest.remove(m.card)
                value += scoring.score(theirs, t.shards, t.n) - scoring.score(rest, t.shards, t.n)
            if value > best_value:
                best, best_value = m, value
        return best


LEVELS = {"heuristic": HeuristicBot}
