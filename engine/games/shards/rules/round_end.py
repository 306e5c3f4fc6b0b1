"""Round end and the trumps that act then (Odium); the game ends after the third round.

seed: "The round ends after 10 tricks, so every player will have one card left in their
hand. Each player places that card face up in their Scoring Area."
"""

from __future__ import annotations

from engine.core.rules import say
from engine.games.shards import scoring
from engine.games.shards.content import DEVOTION, ODIUM, ROUNDS, card_name
from engine.games.shards.rules.setup import round_setup
from engine.games.shards.rules.turns import Events, ask
from engine.games.shards.state import ODIUM_AREA, ODIUM_SEIZE, OVER, State


def round_end(s: State, last_winner: int, ev: Events) -> None:
    """The last cards go to the scoring areas; the Odium trump acts; the round is scored."""
    # seed: "For later rounds, the first player is the winner of the previous round's last trick."
    s.first = last_winner
    if s.trump != DEVOTION:
        # Devotion trump: "the last card in each player's hand is played to another trick"
        for i in range(s.players):
            hand = s.hands[i]
            if ev is not None and hand:
                cards = [card_name(c) for c in hand]
                say(ev, "last-card", f"{s.names[i]} places their last card, {', '.join(cards)}, in their "
                    "scoring area", i, reveal=True, cards=cards)
            s.areas[i].extend(hand)
            hand.clear()
    s.known = []
    if s.trump == ODIUM and odium_trump(s, ev):
        return
    close_round(s, ev)


def odium_trump(s: State, ev: Events) -> bool:
    """At the end of the round, if exactly one player has the fewest cards in their scoring
    area, they may take one card from a largest scoring area."""
    sizes = [len(a) for a in s.areas]
    low = min(sizes)
    if sizes.count(low) != 1:
        return False
    seat = sizes.index(low)
    high = max(sizes)
    largest = [i for i in range(s.players) if sizes[i] == high]
    if ev is not None:
        say(ev, "odium", f"Odium trump: {s.names[seat]} has the fewest scoring cards and may take one "
            "from a largest scoring area", seat, largest=largest)
    if len(largest) == 1:
        s.target = largest[0]
        return ask(s, seat, ODIUM_SEIZE, -1)
    s.target = -1
    return ask(s, seat, ODIUM_AREA, -1)


def close_round(s: State, ev: Events) -> None:
    """Score the round for the record; then the game ends or the next round starts."""
    s.target = -1
    s.round_scores.append([scoring.score(a, s.shards, s.players) for a in s.areas])
    if s.round >= ROUNDS:
        s.step = OVER
        s.acting = ()
        if ev is not None:
            say(ev, "end", "The third round is over: final scoring", round=s.round)
        return
    # seed: "Otherwise, shuffle the discard pile into the draw deck and start the next round."
    s.deck.extend(s.discard)
    s.discard = []
    s.rng.shuffle(s.deck)
    s.top_known = 0
    s.prev_cards = []
    s.prev_seats = []
    s.prev_ranks = []
    s.prev_winner = -1
    s.prev_taken = -1
    s.prev_from_discard = False
    round_setup(s, ev)
