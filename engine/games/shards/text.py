"""Shards of Creation in words: the phase and prompt of a view, the decision panel's labels
(from the view alone) and the log's line for each move (secret picks stay secret).

The rules' events (``engine.core.rules.say``) name seats in the third person ("Azure draws
Ruin 7", never "You draw") and carry their machine form: a ``kind`` and ``data`` (the seat
it is about, cards by name).
"""

from __future__ import annotations

from engine.games.shards import scoring
from engine.games.shards.content import (
    ABILITIES,
    ABILITY,
    AUTONOMY,
    DOMINION,
    PRESERVATION,
    RANK,
    ROUNDS,
    RUIN,
    SHARD_NAMES,
    SHARD_OF,
    SHARDS,
    card_name,
)
from engine.games.shards.state import (
    CULL,
    CULTIVATION_DISCARD,
    DECAY,
    DEVOTION_PLACE,
    GROWTH,
    ODIUM_AREA,
    ODIUM_SEIZE,
    OVER,
    PLAY,
    PRESERVE,
    RELEASE,
    RENEWAL,
    SWAP,
    TAKE,
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
    View,
)

# ================================================================= the trump in the log


# a trump's rule for the log: the card's own words say "you" (View.trump_text keeps them)
TRUMP_LOG_WORDS = {AUTONOMY: "no player may lead with Autonomy unless their hand holds only Autonomy."}


def trump_words(trump: int) -> str:
    return TRUMP_LOG_WORDS.get(trump, SHARDS[trump].trump)


# ================================================================= phase and prompt


def phase(s: State) -> str:
    """The phase in words, for the header."""
    step = s.step
    if step == OVER:
        return "Game over"
    if step in (CULTIVATION_DISCARD, DEVOTION_PLACE):
        return f"Round {s.round} of {ROUNDS} — setup: {SHARD_NAMES[s.trump]} trump"
    if step in (ODIUM_AREA, ODIUM_SEIZE):
        return f"Round {s.round} of {ROUNDS} — round end: Odium trump"
    return f"Round {s.round} of {ROUNDS} — trick {s.trick_no} of {s.tricks}"


def prompt(s: State, seat: int | None) -> str:
    """What the game waits for, said to ``seat`` ("You: lead a card")."""
    step = s.step
    names = s.names
    if step == OVER:
        return "The game is over"
    if step in (CULTIVATION_DISCARD, DEVOTION_PLACE):
        if seat is not None and seat in s.acting:
            k = s.owed[seat]
            if step == CULTIVATION_DISCARD:
                return (f"Cultivation trump: discard {k} more card{'s' if k > 1 else ''} "
                        "(everyone chooses in secret; all discards are revealed at once)")
            return ("Devotion trump: place a card from your hand in your scoring area "
                    "(everyone chooses in secret), then draw a card")
        waiting = ", ".join(names[i] for i in s.acting)
        what = "discards" if step == CULTIVATION_DISCARD else "placements"
        return f"Waiting for {waiting} to choose their {what} in secret"
    who = names[s.turn]
    you = seat == s.turn
    subject = "You" if you else who
    subj = "you" if you else who
    if step == PLAY:
        if not s.trick:
            if s.trump == AUTONOMY:
                return (f"{subject}: lead a card — not Autonomy unless the hand holds only Autonomy "
                        "(Autonomy trump)")
            return f"{subject}: lead a card (any Shard)"
        lead = SHARD_NAMES[SHARD_OF[s.trick[0]]]
        return f"{subject}: play a card — follow {lead} if able"
    if step == TAKE:
        rule = {
            RUIN: " — Ruin trump: the lowest-rank card",
            DOMINION: " — Dominion trump: the highest-rank card",
            PRESERVATION: " — Preservation trump: or a Preservation card from the discard pile",
        }.get(s.trump, "")
        return f"{subject} won the trick: choose a card for the scoring area{rule}"
    if step in (ODIUM_AREA, ODIUM_SEIZE):
        if step == ODIUM_AREA:
            return (f"{subject} (fewest scoring cards): choose a largest scoring area to take a card "
                    "from, or take nothing (Odium trump)")
        return (f"{subject}: take one card from {names[s.target]}'s scoring area, or take nothing "
                "(Odium trump)")
    c = card_name(s.trick[s.pos])
    if step == RELEASE:
        return f"{c}: {subj} may discard an Autonomy card from hand and draw a card"
    if step == GROWTH:
        x = s.deck[-1]
        return (f"{c} revealed {card_name(x)}: discard it and add {RANK[x]} to {c}, "
                "or put it back")
    if step == RENEWAL:
        return f"{c}: discard up to 2 cards ({s.count} so far), then draw as many"
    if step == SWAP:
        return f"{c}: {subj} may swap it with a card in the scoring area (that card then acts)"
    if step == CULL:
        return f"{c}: discard the lowest-rank card in the hand"
    if step == THEFT:
        return f"{c}: discard a card, then take a random card from another player's hand"
    if step == THEFT_VICTIM:
        return f"{c}: choose whose hand to take a random card from"
    if step == PRESERVE:
        return f"{c}: discard a card"
    if step == DECAY:
        x = s.deck[-1]
        return (f"{c} revealed {card_name(x)}: discard it and subtract {RANK[x]} from another "
                "player's played card, or put it back")
    return ""


# ================================================================= words for moves


def _ability_words(c: int) -> str:
    a = ABILITY[c]
    return f" — {ABILITIES[a].short}" if a else ""


def _gain(v: View, card: int) -> int:
    """How much taking ``card`` adds to the viewer's score right now."""
    if v.seat is None:
        return 0
    shards = [SHARD_NAMES.index(x) for x in v.shards]
    area = [x.id for x in v.areas[v.seat]]
    return scoring.score([*area, card], shards, v.players) - scoring.score(area, shards, v.players)


def _points(n: int) -> str:
    return f"{n:+d} point{'s' if abs(n) != 1 else ''} now"


def label(v: View, move: Move) -> tuple[str, str]:
    """(group, text) for the decision panel, from the view alone."""
    names = v.names
    p = v.pending
    revealed = p.revealed if p is not None else None
    shown = f"{revealed.shard} {revealed.rank}" if revealed else "the revealed card"
    x = revealed.rank if revealed else 0
    match move:
        case Play(card=c):
            return ("Play a card", card_name(c) + _ability_words(c))
        case Discard(card=c):
            if v.asking == "cultivation-discard":
                # the prompt says once that the discards are secret until all are made
                return ("Cultivation trump: discard", f"Discard {card_name(c)}")
            return ("Discard", f"Discard {card_name(c)}")
        case Place(card=c):
            return ("Devotion trump: place", f"Place {card_name(c)} in your scoring area "
                    f"({_points(_gain(v, c))})")
        case Decline():
            return ("Decline", DECLINE_WORDS.get(v.asking, "Decline"))
        case AddRevealed():
            card = p.card if p is not None else None
            now = p.rank if p is not None else 0
            what = f"{card.shard} {card.rank}" if card else "your card"
            return ("Growth", f"Discard {shown} and raise {what} to {now + x}")
        case PutBack():
            return ("Revealed card", f"Put {shown} back on the draw deck")
        case SubtractRevealed(card=c):
            for play in v.trick:
                if play.card.id == c:
                    return ("Decay", f"Subtract {x} from {names[play.seat]}'s {card_name(c)} "
                            f"({play.rank} → {play.rank - x})")
            return ("Decay", f"Subtract {x} from {card_name(c)}")
        case Swap(card=c):
            return ("Swap", f"Swap with {card_name(c)} from your scoring area" + _ability_words(c))
        case Steal(seat=victim):
            return ("Steal", f"Take a random card from {names[victim]}'s hand "
                    f"({v.hand_sizes[victim]} cards)")
        case Take(card=c):
            whose = ""
            for play in v.trick:
                if play.card.id == c:
                    whose = "your " if play.seat == v.seat else f"{names[play.seat]}'s "
            return ("Take a card", f"Take {whose}{card_name(c)} ({_points(_gain(v, c))})")
        case TakeFromDiscard(card=c):
            return ("Take from the discard pile", f"Take {card_name(c)} from the discard pile "
                    f"({_points(_gain(v, c))})")
        case ChooseArea(seat=owner):
            return ("Odium trump", f"Take from {names[owner]}'s scoring area ({len(v.areas[owner])} cards)")
        case TakeScored(card=c):
            owner = p.area if p is not None else -1
            whose = f"{names[owner]}'s" if owner >= 0 else "the"
            return ("Odium trump", f"Take {card_name(c)} from {whose} scoring area ({_points(_gain(v, c))})")


def release_declined(who: str, card: int) -> str:
    """The public line for an Autonomy Release not used: the same whether the player chose not
    to or held no other Autonomy card (the table must not learn which)."""
    return f"{who} discards no Autonomy card ({card_name(card)}: Release)"


DECLINE_WORDS = {
    "release": "Discard no Autonomy card",
    "renewal": "Discard no more, draw now",
    "swap": "Do not swap",
    "odium-area": "Take nothing",
    "odium-seize": "Take nothing",
}


def describe(s: State, seat: int, move: Move) -> str:
    """One log line for a move about to be applied (secret picks stay secret)."""
    who = s.names[seat]
    match move:
        case Play(card=c):
            return f"{who} plays {card_name(c)}"
        case Discard(card=c):
            if s.step == CULTIVATION_DISCARD:
                return f"{who} chooses a card to discard"
            return f"{who} discards {card_name(c)}"
        case Place():
            return f"{who} chooses a card to place"
        case Decline():
            if s.step in (ODIUM_AREA, ODIUM_SEIZE):
                return f"{who} takes nothing"
            if s.step == RENEWAL:
                return f"{who} stops discarding"
            if s.step == RELEASE:
                return release_declined(who, s.trick[s.pos])
            return f"{who} does not use {card_name(s.trick[s.pos])}'s ability"
        case AddRevealed():
            top = s.deck[-1]
            return f"{who} discards {card_name(top)} and adds {RANK[top]} to {card_name(s.trick[s.pos])}"
        case PutBack():
            return f"{who} puts {card_name(s.deck[-1])} back on the draw deck"
        case SubtractRevealed(card=c):
            top = s.deck[-1]
            q = s.trick.index(c)
            r = s.trick_ranks[q]
            return (f"{who} reveals {card_name(top)} and lowers {s.names[s.trick_seats[q]]}'s "
                    f"{card_name(c)} from {r} to {r - RANK[top]}")
        case Swap(card=c):
            return f"{who} swaps {card_name(s.trick[s.pos])} with {card_name(c)} from their scoring area"
        case Steal(seat=victim):
            return f"{who} takes a random card from {s.names[victim]}'s hand"
        case Take(card=c):
            return f"{who} wins the trick and takes {card_name(c)}"
        case TakeFromDiscard(card=c):
            return f"{who} wins the trick and takes {card_name(c)} from the discard pile"
        case ChooseArea(seat=owner):
            return f"{who} chooses {s.names[owner]}'s scoring area"
        case TakeScored(card=c):
            return f"{who} takes {card_name(c)} from {s.names[s.target]}'s scoring area"
