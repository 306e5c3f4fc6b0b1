"""Playing a trick: play a card (its ability acts at once), follow the lead, the strongest
card wins, the winner takes a card into their scoring area."""

from __future__ import annotations

from engine.core.rules import say
from engine.games.shards.content import PLAY_ABILITY, RANK, SHARD_OF, card_name
from engine.games.shards.rules.abilities import ABILITY_START
from engine.games.shards.rules.drawing import forget
from engine.games.shards.rules.legal import legal_take
from engine.games.shards.rules.round_end import round_end
from engine.games.shards.rules.turns import SEATS, Events
from engine.games.shards.state import PLAY, TAKE, Play, State, Take


def play_card(s: State, seat: int, move: Play, ev: Events) -> None:
    """seed: "After playing a card, immediately resolve its non-scoring ability (if any)." """
    card = move.card
    s.hands[seat].remove(card)
    if s.known:
        forget(s, card)
    trick = s.trick
    pos = len(trick)
    trick.append(card)
    s.trick_seats.append(seat)
    s.trick_ranks.append(RANK[card])
    if ev is not None:
        say(ev, "play", f"{s.names[seat]} plays {card_name(card)}", seat, card=card_name(card))
    a = PLAY_ABILITY[card]
    if a:
        start = ABILITY_START[a]
        if start is not None and start(s, seat, pos, ev):
            return
    next_player(s, ev)


def next_player(s: State, ev: Events) -> None:
    """The next player clockwise plays, or the trick is complete."""
    if s.swapped:
        s.swapped = []  # a Swap chain ends when play moves on
    k = len(s.trick)
    if k < s.players:
        t = (s.trick_seats[0] + k) % s.players
        s.turn = t
        s.step = PLAY
        s.acting = SEATS[t]
    else:
        trick_won(s, ev)


def strongest(trick: list[int], ranks: list[int], trump: int) -> int:
    """The position of the strongest card.

    seed: "1. The highest rank card of the trump Shard is the strongest. 2. If no one played
    a card from the trump Shard, the highest rank card of the lead Shard is the strongest.
    3. If tied for highest rank, the last tied card played wins the trick."
    """
    lead = SHARD_OF[trick[0]]
    best = 0
    best_rank = ranks[0]
    best_trump = lead == trump
    for i in range(1, len(trick)):
        sh = SHARD_OF[trick[i]]
        r = ranks[i]
        if sh == trump:
            if not best_trump or r >= best_rank:
                best, best_rank, best_trump = i, r, True
        elif sh == lead and not best_trump and r >= best_rank:
            best, best_rank = i, r
    return best


def trick_won(s: State, ev: Events) -> None:
    best = strongest(s.trick, s.trick_ranks, s.trump)
    winner = s.trick_seats[best]
    if ev is not None:
        c = s.trick[best]
        rank = s.trick_ranks[best]
        say(ev, "trick-won", f"{s.names[winner]} wins trick {s.trick_no} with {card_name(c)}"
            + (f" (now {rank})" if rank != RANK[c] else ""), winner, trick=s.trick_no, card=card_name(c), rank=rank)
    options = legal_take(s, winner)
    if len(options) == 1:
        only = options[0]
        assert isinstance(only, Take)
        take_card(s, winner, only.card, False, ev)  # one kind of card to take: no choice
        return
    s.turn = winner
    s.step = TAKE
    s.acting = SEATS[winner]


def take_card(s: State, seat: int, card: int, from_discard: bool, ev: Events) -> None:
    """seed: "The winner of each trick chooses one of the played cards from the trick and
    places it face up in their scoring area ... Place the other played cards into the
    discard pile." """
    trick = s.trick
    discard = s.discard
    if from_discard:
        discard.remove(card)
        discard.extend(trick)
    else:
        for c in trick:
            if c != card:
                discard.append(c)
    s.areas[seat].append(card)
    if ev is not None:
        where = " from the discard pile" if from_discard else ""
        say(ev, "take", f"{s.names[seat]} takes {card_name(card)}{where} into their scoring area", seat,
            card=card_name(card), from_discard=from_discard)
    s.prev_cards = trick
    s.prev_seats = s.trick_seats
    s.prev_ranks = s.trick_ranks
    s.prev_winner = seat
    s.prev_taken = card
    s.prev_from_discard = from_discard
    s.trick = []
    s.trick_seats = []
    s.trick_ranks = []
    s.trick_no += 1
    if s.trick_no > s.tricks:
        round_end(s, seat, ev)
    else:
        # seed: "As the winner of the trick, Khriss is the first player for the next trick."
        s.turn = seat
        s.step = PLAY
        s.acting = SEATS[seat]
