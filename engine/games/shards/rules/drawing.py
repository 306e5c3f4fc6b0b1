"""Drawing and discarding: the draw deck, the discard pile, and who knows which card is where.

seed: "If the draw deck is empty, shuffle the discard pile and form a new draw deck."
"""

from __future__ import annotations

from bisect import insort

from engine.core.rules import say
from engine.games.shards.content import card_name
from engine.games.shards.rules.turns import OTHERS, Events
from engine.games.shards.state import State


def forget(s: State, card: int) -> None:
    """A card left a hand for a public place: nobody needs to remember where it was."""
    s.known = [e for e in s.known if e >> 4 != card]


def refill_deck(s: State, ev: Events) -> bool:
    """seed: "If the draw deck is empty, shuffle the discard pile and form a new draw deck." """
    if not s.discard:
        return False
    s.deck = s.discard
    s.discard = []
    s.rng.shuffle(s.deck)
    s.top_known = 0
    if ev is not None:
        say(ev, "reshuffle", "The draw deck is empty: the discard pile is shuffled into a new draw deck",
            cards=len(s.deck))
    return True


def draw(s: State, seat: int, ev: Events) -> bool:
    """Draw the top card of the draw deck; False if there is no card anywhere to draw."""
    deck = s.deck
    if not deck:
        if not refill_deck(s, ev):
            return False
        deck = s.deck
    c = deck.pop()
    insort(s.hands[seat], c)
    if s.top_known:
        # everyone saw this card on top of the deck: now everyone knows who holds it
        s.top_known = 0
        s.known.append(c << 4 | ((1 << s.players) - 1))
        if ev is not None:
            say(ev, "draw", f"{s.names[seat]} draws {card_name(c)} (the revealed card)", seat, reveal=True,
                card=card_name(c))
    elif ev is not None:
        # the same draw, said twice: with the card to the one who drew it, without to the others
        say(ev, "draw", f"{s.names[seat]} draws {card_name(c)}", seat, (seat,), True, card=card_name(c))
        say(ev, "draw", f"{s.names[seat]} draws a card", seat, OTHERS[s.players][seat])
    return True


def discard_from_hand(s: State, seat: int, card: int, ev: Events) -> None:
    s.hands[seat].remove(card)
    if s.known:
        forget(s, card)
    s.discard.append(card)
    if ev is not None:
        say(ev, "discard", f"{s.names[seat]} discards {card_name(card)}", seat, card=card_name(card))


def reveal_top(s: State, seat: int, ev: Events) -> bool:
    """Reveal the top card of the draw deck (False: no card to reveal)."""
    if not s.deck and not refill_deck(s, ev):
        return False
    s.top_known = 1
    if ev is not None:
        top = card_name(s.deck[-1])
        say(ev, "reveal", f"{s.names[seat]} reveals {top} from the top of the draw deck", seat, reveal=True,
            card=top)
    return True
