"""Applying moves: a player's answer to the question the game asked (``state.Step``).

``HANDLERS`` maps each move's class to its handler, in the rulebook's order. A class-keyed
table, not ``match``: a ``case`` tests ``isinstance`` against each class in turn (slow for
msgspec Structs), and the table kept random playouts about 5% faster (``gangplank bench``).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from engine.core.rules import say
from engine.games.shards.content import PLAY_ABILITY, RANK, card_name
from engine.games.shards.rules.abilities import ABILITY_START
from engine.games.shards.rules.drawing import discard_from_hand, draw
from engine.games.shards.rules.legal import theft_victims
from engine.games.shards.rules.round_end import close_round
from engine.games.shards.rules.setup import pick
from engine.games.shards.rules.tricks import next_player, play_card, take_card
from engine.games.shards.rules.turns import Events
from engine.games.shards.state import (
    CULTIVATION_DISCARD,
    ODIUM_AREA,
    ODIUM_SEIZE,
    RELEASE,
    RENEWAL,
    THEFT,
    THEFT_VICTIM,
    AddRevealed,
    ChooseArea,
    Decline,
    Discard,
    Move,
    Place,
    Play,
    PutBack,
    State,
    Steal,
    SubtractRevealed,
    Swap,
    Take,
    TakeFromDiscard,
    TakeScored,
)
from engine.games.shards.text import release_declined


def on_discard(s: State, seat: int, move: Discard, ev: Events) -> None:
    step = s.step
    c = move.card
    if step == CULTIVATION_DISCARD:
        pick(s, seat, c, ev)
        return
    discard_from_hand(s, seat, c, ev)
    if step == RELEASE:
        draw(s, seat, ev)  # "If you do, draw a card."
    elif step == RENEWAL:
        s.count += 1
        if s.count < 2 and s.hands[seat]:
            return  # "up to 2": the player may discard one more
        for _ in range(s.count):
            draw(s, seat, ev)
    elif step == THEFT:
        victims = theft_victims(s, seat)
        if len(victims) > 1:
            s.step = THEFT_VICTIM
            return
        if victims:
            steal(s, seat, victims[0], ev)
            return
        # nobody holds a card: "If an ability causes a player to ... discard cards, they will
        # draw the same number of cards from the draw deck to replenish their hand."
        draw(s, seat, ev)
    # CULL and PRESERVE: the discard is all that was left to do
    next_player(s, ev)


def steal(s: State, seat: int, victim: int, ev: Events) -> None:
    """Odium theft: a random card from the victim's hand; the victim draws a card."""
    vh = s.hands[victim]
    card = vh.pop(s.rng.below(len(vh)))
    insort(s.hands[seat], card)
    if s.known:
        # only the thief knows which card went: others lose track of the victim's cards
        keep = (1 << victim) | (1 << seat)
        known = []
        for e in s.known:
            c = e >> 4
            if c == card:
                continue
            if c in vh:
                e = (c << 4) | (e & 15 & keep)
                if not e & 15:
                    continue
            known.append(e)
        s.known = known
    s.known.append(card << 4 | (1 << victim) | (1 << seat))
    if ev is not None:
        n = s.names
        others = tuple(i for i in range(s.players) if i != seat and i != victim)
        say(ev, "steal", f"{n[seat]} takes a random card from {n[victim]}'s hand", seat, others, victim=victim)
        say(ev, "steal", f"{n[seat]} takes {card_name(card)} from {n[victim]}'s hand", seat, (seat, victim),
            True, victim=victim, card=card_name(card))
    draw(s, victim, ev)
    next_player(s, ev)


def on_steal(s: State, seat: int, move: Steal, ev: Events) -> None:
    steal(s, seat, move.seat, ev)


def on_decline(s: State, seat: int, move: Decline, ev: Events) -> None:
    step = s.step
    if step == ODIUM_AREA or step == ODIUM_SEIZE:
        if ev is not None:
            say(ev, "decline", f"{s.names[seat]} takes nothing", seat)
        close_round(s, ev)
        return
    if step == RENEWAL:
        if ev is not None and s.count == 0:
            say(ev, "decline", f"{s.names[seat]} discards nothing", seat)
        for _ in range(s.count):
            draw(s, seat, ev)
    elif ev is not None:
        card = s.trick[s.pos]
        c = card_name(card)
        # Release: the same words whether the player chose not to or could not
        words = release_declined(s.names[seat], card) if step == RELEASE else f"{s.names[seat]} does not use {c}'s ability"
        say(ev, "decline", words, seat, card=c)
    next_player(s, ev)


def on_add_revealed(s: State, seat: int, move: AddRevealed, ev: Events) -> None:
    """Cultivation growth: "discard it and add its rank to this card"."""
    x = s.deck.pop()
    s.top_known = 0
    s.discard.append(x)
    pos = s.pos
    s.trick_ranks[pos] += RANK[x]
    if ev is not None:
        c = card_name(s.trick[pos])
        say(ev, "growth", f"{s.names[seat]} discards {card_name(x)} and raises {c} to {s.trick_ranks[pos]}",
            seat, discarded=card_name(x), card=c, rank=s.trick_ranks[pos])
    next_player(s, ev)


def on_put_back(s: State, seat: int, move: PutBack, ev: Events) -> None:
    if ev is not None:
        top = card_name(s.deck[-1])
        say(ev, "put-back", f"{s.names[seat]} puts {top} back on the draw deck", seat, card=top)
    next_player(s, ev)


def on_subtract(s: State, seat: int, move: SubtractRevealed, ev: Events) -> None:
    card = move.card
    """Ruin decay: "discard it and subtract its rank from another player's played card"."""
    x = s.deck.pop()
    s.top_known = 0
    s.discard.append(x)
    q = s.trick.index(card)
    s.trick_ranks[q] -= RANK[x]
    if ev is not None:
        owner = s.trick_seats[q]
        say(ev, "decay", f"{s.names[seat]} discards {card_name(x)} and lowers {s.names[owner]}'s "
            f"{card_name(card)} to {s.trick_ranks[q]}", seat, discarded=card_name(x), owner=owner,
            card=card_name(card), rank=s.trick_ranks[q])
    next_player(s, ev)


def on_swap(s: State, seat: int, move: Swap, ev: Events) -> None:
    """Devotion swap: the scoring-area card takes the Devotion card's place in the trick."""
    x = move.card
    pos = s.pos
    area = s.areas[seat]
    area.remove(x)
    devotion_card = s.trick[pos]
    area.append(devotion_card)
    s.swapped.append(devotion_card)  # it cannot come back in this chain
    s.trick[pos] = x
    s.trick_ranks[pos] = RANK[x]
    if ev is not None:
        say(ev, "swap", f"{s.names[seat]} swaps {card_name(devotion_card)} with {card_name(x)} from their "
            "scoring area", seat, card=card_name(devotion_card), scored=card_name(x))
    # "then that card's ability triggers"
    a = PLAY_ABILITY[x]
    if a:
        start = ABILITY_START[a]
        if start is not None and start(s, seat, pos, ev):
            return
    next_player(s, ev)


def on_choose_area(s: State, seat: int, move: ChooseArea, ev: Events) -> None:
    target = move.seat
    s.target = target
    s.step = ODIUM_SEIZE
    if ev is not None:
        say(ev, "odium-area", f"{s.names[seat]} chooses {s.names[target]}'s scoring area", seat, owner=target)


def on_take_scored(s: State, seat: int, move: TakeScored, ev: Events) -> None:
    """Odium trump: the card moves from the chosen scoring area to the player's own."""
    c = move.card
    s.areas[s.target].remove(c)
    s.areas[seat].append(c)
    if ev is not None:
        say(ev, "seize", f"{s.names[seat]} takes {card_name(c)} from {s.names[s.target]}'s scoring area",
            seat, card=card_name(c), owner=s.target)
    close_round(s, ev)


def on_take(s: State, seat: int, move: Take, ev: Events) -> None:
    take_card(s, seat, move.card, False, ev)


def on_take_from_discard(s: State, seat: int, move: TakeFromDiscard, ev: Events) -> None:
    take_card(s, seat, move.card, True, ev)


def on_place(s: State, seat: int, move: Place, ev: Events) -> None:
    pick(s, seat, move.card, ev)


# Each handler takes its own move class; the table's value type cannot say which, hence Any.
HANDLERS: dict[type[Move], Callable[[State, int, Any, Events], None]] = {
    Play: play_card,
    Discard: on_discard,
    Decline: on_decline,
    AddRevealed: on_add_revealed,
    PutBack: on_put_back,
    SubtractRevealed: on_subtract,
    Swap: on_swap,
    Steal: on_steal,
    Take: on_take,
    TakeFromDiscard: on_take_from_discard,
    Place: on_place,
    ChooseArea: on_choose_area,
    TakeScored: on_take_scored,
}
