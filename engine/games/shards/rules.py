"""Shards of Creation, as the rulebook reads: setup, round setup, playing a trick,
the card abilities, round end, and end game scoring.

Speed matters (bots play thousands of games), so the rules are plain functions over
a state of ints and lists of ints, moves are built once (state.py) and ``quiet=True``
skips every string. Text is built only when events are wanted.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable
from typing import Any

from engine.core.codec import clone
from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.shards import scoring
from engine.games.shards.content import (
    AUTONOMY,
    CULTIVATION,
    CULTIVATION_EXTRA,
    DEVOTION,
    DOMINION,
    HAND_SIZE,
    KIND,
    ODIUM,
    PLAY_ABILITY,
    PRESERVATION,
    RANK,
    ROUNDS,
    RUIN,
    SHARD_NAMES,
    SHARD_OF,
    SHARDS,
    SHARDS_IN_PLAY,
    TRICKS,
    card_name,
    shard_cards,
)
from engine.games.shards.state import (
    ADD_REVEALED,
    AREA_MOVES,
    CULL,
    CULTIVATION_DISCARD,
    DECAY,
    DECLINE,
    DEVOTION_PLACE,
    DISCARD_MOVES,
    GROWTH,
    ODIUM_AREA,
    ODIUM_SEIZE,
    OVER,
    PLACE_MOVES,
    PLAY,
    PLAY_MOVES,
    PRESERVE,
    PUT_BACK,
    RELEASE,
    RENEWAL,
    STEAL_MOVES,
    SUBTRACT_MOVES,
    SWAP,
    SWAP_MOVES,
    TAKE,
    TAKE_DISCARD_MOVES,
    TAKE_MOVES,
    TAKE_SCORED_MOVES,
    THEFT,
    THEFT_VICTIM,
    AddRevealed,
    ChooseArea,
    Decline,
    Discard,
    Move,
    Options,
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

SEATS = tuple((i,) for i in range(8))
ALL_SEATS = tuple(tuple(range(n)) for n in range(9))
OTHERS = tuple(tuple(tuple(j for j in range(n) if j != i) for i in range(n)) for n in range(9))
DEFAULT_NAMES = tuple(c.capitalize() for c in RulesBase.colours) + ("Sixth", "Seventh", "Eighth")

Events = list[Event] | None


# ================================================================= small helpers


def _say(ev: list[Event], text: str, seat: int = -1, to: tuple[int, ...] | None = None,
         reveal: bool = False, kind: str = "") -> None:
    ev.append(Event(text, seat, to, reveal, kind))


def _ask(s: State, seat: int, step: int, pos: int) -> bool:
    """Wait for ``seat`` to resolve a choice; always True ("resolve before the next card")."""
    s.step = step
    s.turn = seat
    s.acting = SEATS[seat]
    s.pos = pos
    return True


def _forget(s: State, card: int) -> None:
    """A card left a hand for a public place: nobody needs to remember where it was."""
    s.known = [e for e in s.known if e >> 4 != card]


def _kinds(cards: list[int], moves: tuple[Any, ...]) -> list[Any]:
    """One move per kind of card (identical cards are one choice)."""
    out = []
    seen: list[int] = []
    for c in cards:
        k = KIND[c]
        if k not in seen:
            seen.append(k)
            out.append(moves[c])
    return out


def _sorted_kinds(hand: list[int], moves: tuple[Any, ...]) -> list[Any]:
    """``_kinds`` for a sorted hand: identical cards (same Shard, rank and ability) have
    neighbouring numbers, so in a sorted hand they sit side by side and one move stands for all."""
    kind = KIND
    out = []
    prev = -1
    for c in hand:
        k = kind[c]
        if k != prev:
            out.append(moves[c])
            prev = k
    return out


# ================================================================= setup


def check_shards(names: list[str], players: int) -> None:
    """The chosen Shards fit the game: none twice, no more than the player count uses."""
    need = SHARDS_IN_PLAY[players]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise OptionError(f"Shards of Creation option shards: {name} is chosen twice")
    if len(names) > need:
        raise OptionError(f"Shards of Creation option shards: a {players}-player game uses {need} Shards, "
                          f"not {len(names)}")


def choose_shards(names: list[str], players: int, rng: Rng) -> list[int]:
    """Setup step 1: "randomly selecting or choosing which Shards to include"."""
    need = SHARDS_IN_PLAY[players]
    chosen = [SHARD_NAMES.index(name) for name in names]
    rest = [sh for sh in range(len(SHARDS)) if sh not in chosen]
    rng.shuffle(rest)
    chosen.extend(rest[: need - len(chosen)])
    return sorted(chosen)


def setup(config: Config) -> State:
    n = config.players
    opts = config.options if config.options is not None else Options()
    RULES.check(n, opts)
    rng = Rng.seeded(config.seed)
    shards = choose_shards(list(opts.shards), n, rng)
    # seed: "Shuffle the play cards for each of the chosen Shards together ... this "draw" deck"
    deck = [c for sh in shards for c in shard_cards(sh)]
    rng.shuffle(deck)
    # seed: "Prepare the trump deck by shuffling the trump cards for each of the chosen Shards"
    trump_deck = list(shards)
    rng.shuffle(trump_deck)
    names = list(getattr(config, "names", None) or DEFAULT_NAMES[:n])
    s = State(n, names, shards, rng, deck, trump_deck, [[] for _ in range(n)], [[] for _ in range(n)])
    # seed: "For the first round, the first player is chosen randomly."
    s.first = rng.below(n)
    round_setup(s, None)
    return s


# ================================================================= round setup


def round_setup(s: State, ev: Events) -> None:
    """seed: "At the start of each round, draw and reveal the top card of the trump deck ...
    Deal each player a hand of 11 cards from the draw deck." """
    n = s.players
    s.round += 1
    trump = s.trump_deck.pop()
    s.trump = trump
    s.trumps.append(trump)
    deck = s.deck
    for i in range(n):
        hand = deck[-HAND_SIZE:]
        del deck[-HAND_SIZE:]
        hand.sort()
        s.hands[i] = hand
    s.trick_no = 1
    s.tricks = TRICKS + 1 if trump == DEVOTION else TRICKS
    s.trick = []
    s.trick_seats = []
    s.trick_ranks = []
    s.turn = s.first
    s.pos = -1
    if ev is not None:
        _round_start_events(s, ev)
    # "The effects of some trump Shards alter how hands are dealt."
    if trump == CULTIVATION:
        extra = CULTIVATION_EXTRA[s.round - 1]
        for k in range(n):
            seat = (s.first + k) % n
            for _ in range(extra):
                draw(s, seat, ev)
        s.owed = [extra] * n
        s.picks = [[] for _ in range(n)]
        s.step = CULTIVATION_DISCARD
        s.acting = ALL_SEATS[n]
    elif trump == DEVOTION:
        s.owed = [1] * n
        s.picks = [[] for _ in range(n)]
        s.step = DEVOTION_PLACE
        s.acting = ALL_SEATS[n]
    else:
        s.step = PLAY
        s.acting = SEATS[s.first]


def _round_start_events(s: State, ev: list[Event], drawn: int = 0) -> None:
    trump = s.trump
    text = SHARDS[trump].trump
    _say(ev, f"Round {s.round}: {SHARD_NAMES[trump]} is trump" + (f" — {text}" if text else ""),
         reveal=True, kind="trump")
    for i in range(s.players):
        cards = ", ".join(card_name(c) for c in s.hands[i])
        if drawn:
            _say(ev, f"You are dealt {HAND_SIZE} cards and draw {drawn} more: {cards}", i, (i,), True, "deal")
        else:
            _say(ev, f"You are dealt {cards}", i, (i,), True, "deal")
    _say(ev, f"Each player is dealt {HAND_SIZE} cards; {s.names[s.first]} is the first player",
         s.first, kind="deal")


def pick(s: State, seat: int, card: int, ev: Events) -> None:
    """A secret simultaneous choice (Cultivation trump discard, Devotion trump placement)."""
    s.hands[seat].remove(card)
    s.picks[seat].append(card)
    s.owed[seat] -= 1
    if ev is not None:
        what = "discard" if s.step == CULTIVATION_DISCARD else "place"
        _say(ev, f"You set aside {card_name(card)} to {what}", seat, (seat,))
        _say(ev, f"{s.names[seat]} chooses a card", seat, OTHERS[s.players][seat])
    if s.owed[seat] == 0:
        s.acting = tuple(i for i in s.acting if i != seat)
        if not s.acting:
            reveal_picks(s, ev)


def reveal_picks(s: State, ev: Events) -> None:
    """seed (Cultivation trump): "then all discard that many at once"; the Devotion trump's
    placements are revealed the same way, then everyone draws a card."""
    n = s.players
    devotion = s.step == DEVOTION_PLACE
    for k in range(n):
        seat = (s.first + k) % n
        cards = s.picks[seat]
        for c in cards:
            if s.known:
                _forget(s, c)
        if devotion:
            s.areas[seat].extend(cards)
        else:
            s.discard.extend(cards)
        if ev is not None:
            names = ", ".join(card_name(c) for c in cards)
            verb = "places" if devotion else "discards"
            where = " in their scoring area" if devotion else ""
            _say(ev, f"{s.names[seat]} {verb} {names}{where}", seat, reveal=True)
    s.picks = []
    s.owed = []
    if devotion:
        # "If an ability causes a player to lose ... cards, they will draw the same number"
        for k in range(n):
            draw(s, (s.first + k) % n, ev)
    s.turn = s.first
    s.step = PLAY
    s.acting = SEATS[s.first]


# ================================================================= drawing and discarding


def refill_deck(s: State, ev: Events) -> bool:
    """seed: "If the draw deck is empty, shuffle the discard pile and form a new draw deck." """
    if not s.discard:
        return False
    s.deck = s.discard
    s.discard = []
    s.rng.shuffle(s.deck)
    s.top_known = 0
    if ev is not None:
        _say(ev, "The draw deck is empty: the discard pile is shuffled into a new draw deck")
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
            _say(ev, f"{s.names[seat]} draws {card_name(c)} (the revealed card)", seat, reveal=True)
    elif ev is not None:
        _say(ev, f"You draw {card_name(c)}", seat, (seat,), True, "draw")
        _say(ev, f"{s.names[seat]} draws a card", seat, OTHERS[s.players][seat], kind="draw")
    return True


def discard_from_hand(s: State, seat: int, card: int, ev: Events) -> None:
    s.hands[seat].remove(card)
    if s.known:
        _forget(s, card)
    s.discard.append(card)
    if ev is not None:
        _say(ev, f"{s.names[seat]} discards {card_name(card)}", seat)


def reveal_top(s: State, seat: int, ev: Events) -> bool:
    """Reveal the top card of the draw deck (False: no card to reveal)."""
    if not s.deck and not refill_deck(s, ev):
        return False
    s.top_known = 1
    if ev is not None:
        _say(ev, f"{s.names[seat]} reveals {card_name(s.deck[-1])} from the top of the draw deck",
             seat, reveal=True)
    return True


# ================================================================= playing a trick


def play_card(s: State, seat: int, move: Play, ev: Events) -> None:
    """seed: "After playing a card, immediately resolve its non-scoring ability (if any)." """
    card = move.card
    s.hands[seat].remove(card)
    if s.known:
        _forget(s, card)
    trick = s.trick
    pos = len(trick)
    trick.append(card)
    s.trick_seats.append(seat)
    s.trick_ranks.append(RANK[card])
    if ev is not None:
        _say(ev, f"{s.names[seat]} plays {card_name(card)}", seat, kind="play")
    a = PLAY_ABILITY[card]
    if a and ABILITY_START[a](s, seat, pos, ev):
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
        _say(ev, f"{s.names[winner]} wins trick {s.trick_no} with {card_name(c)}"
             + (f" (now {s.trick_ranks[best]})" if s.trick_ranks[best] != RANK[c] else ""), winner,
             kind="win")
    options = legal_take(s, winner)
    if len(options) == 1:
        take_card(s, winner, options[0].card, False, ev)  # one kind of card to take: no choice
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
        _say(ev, f"{s.names[seat]} takes {card_name(card)}{where} into their scoring area", seat,
             kind="take")
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


# ================================================================= card abilities
# Each returns True when it waits for a choice, False when it is fully resolved.


def autonomy_release(s: State, seat: int, pos: int, ev: Events) -> bool:
    """You may discard an Autonomy card from your hand. If you do, draw a card."""
    hand = s.hands[seat]
    if hand and SHARD_OF[hand[0]] == AUTONOMY:  # Autonomy sorts first
        return _ask(s, seat, RELEASE, pos)
    return False


def autonomy_rise(s: State, seat: int, pos: int, ev: Events) -> bool:
    """+2 rank for each Autonomy card in other players' scoring areas."""
    n = 0
    for i, area in enumerate(s.areas):
        if i != seat:
            for c in area:
                if SHARD_OF[c] == AUTONOMY:
                    n += 1
    _raise(s, seat, pos, 2 * n, ev)
    return False


def cultivation_growth(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Reveal the top card: either discard it and add its rank to this card, or put it back."""
    if reveal_top(s, seat, ev):
        return _ask(s, seat, GROWTH, pos)
    return False


def cultivation_renewal(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Discard up to 2 cards, then draw as many."""
    if s.hands[seat]:
        s.count = 0
        return _ask(s, seat, RENEWAL, pos)
    return False


def swappable(s: State, seat: int) -> list[int]:
    """Scoring-area cards a Swap may bring into the trick: not one this chain put there."""
    return [c for c in s.areas[seat] if c not in s.swapped]


def devotion_swap(s: State, seat: int, pos: int, ev: Events) -> bool:
    """You may swap this card with a card in your scoring area; that card's ability triggers."""
    if swappable(s, seat):
        return _ask(s, seat, SWAP, pos)
    return False


def dominion_cull(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Draw a card, then discard your lowest-rank card."""
    if draw(s, seat, ev):
        return _ask(s, seat, CULL, pos)
    return False  # nothing drawn, so nothing to discard: the hand size stays


def odium_theft(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Discard a card, then take a random card from another player's hand. They draw a card."""
    if s.hands[seat]:
        return _ask(s, seat, THEFT, pos)
    return False


def odium_rise(s: State, seat: int, pos: int, ev: Events) -> bool:
    """+2 rank for each different Shard in your scoring area."""
    mask = 0
    for c in s.areas[seat]:
        mask |= 1 << SHARD_OF[c]
    _raise(s, seat, pos, 2 * mask.bit_count(), ev)
    return False


def preservation_renewal(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Draw a card, then discard a card."""
    if draw(s, seat, ev):
        return _ask(s, seat, PRESERVE, pos)
    return False


def preservation_rise(s: State, seat: int, pos: int, ev: Events) -> bool:
    """+1 rank for each Preservation card in your scoring area."""
    n = 0
    for c in s.areas[seat]:
        if SHARD_OF[c] == PRESERVATION:
            n += 1
    _raise(s, seat, pos, n, ev)
    return False


def ruin_decay(s: State, seat: int, pos: int, ev: Events) -> bool:
    """Reveal the top card: either discard it and subtract its rank from another player's
    played card, or put it back."""
    # the cards before this one are the other players' played cards
    if pos > 0 and reveal_top(s, seat, ev):
        return _ask(s, seat, DECAY, pos)
    return False  # seed: "If an ability does not have a valid target, ignore that aspect"


def _raise(s: State, seat: int, pos: int, n: int, ev: Events) -> None:
    s.trick_ranks[pos] += n
    if ev is not None and n:
        c = s.trick[pos]
        _say(ev, f"{s.names[seat]}'s {card_name(c)} rises by {n} to {s.trick_ranks[pos]}", seat)


ABILITY_START: tuple[Callable[[State, int, int, Events], bool] | None, ...] = (
    None,
    autonomy_release,
    autonomy_rise,
    cultivation_growth,
    cultivation_renewal,
    None,  # Devotion wildcard: scoring
    devotion_swap,
    None,  # Dominion claim: scoring
    dominion_cull,
    odium_theft,
    odium_rise,
    preservation_renewal,
    preservation_rise,
    None,  # Ruin penalty: scoring
    ruin_decay,
)


# ================================================================= round end


def round_end(s: State, last_winner: int, ev: Events) -> None:
    """seed: "The round ends after 10 tricks, so every player will have one card left in
    their hand. Each player places that card face up in their Scoring Area." """
    # seed: "For later rounds, the first player is the winner of the previous round's last trick."
    s.first = last_winner
    if s.trump != DEVOTION:
        # Devotion trump: "the last card in each player's hand is played to another trick"
        for i in range(s.players):
            hand = s.hands[i]
            if ev is not None and hand:
                cards = ", ".join(card_name(c) for c in hand)
                _say(ev, f"{s.names[i]} places their last card, {cards}, in their scoring area", i,
                     reveal=True)
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
        _say(ev, f"Odium trump: {s.names[seat]} has the fewest scoring cards and may take one "
             "from a largest scoring area", seat)
    if len(largest) == 1:
        s.target = largest[0]
        return _ask(s, seat, ODIUM_SEIZE, -1)
    s.target = -1
    return _ask(s, seat, ODIUM_AREA, -1)


def close_round(s: State, ev: Events) -> None:
    """Score the round for the record; then the game ends or the next round starts."""
    s.target = -1
    s.round_scores.append([scoring.score(a, s.shards, s.players) for a in s.areas])
    if s.round >= ROUNDS:
        s.step = OVER
        s.acting = ()
        if ev is not None:
            _say(ev, "The third round is over: final scoring", kind="end")
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


# ================================================================= legal moves


def legal_play(s: State, seat: int) -> list[Any]:
    hand = s.hands[seat]
    trick = s.trick
    if trick:
        # seed: "All other players must follow the lead by playing a card matching the lead
        # Shard if able." (A hand is sorted, so a Shard's cards form one run.)
        lead = SHARD_OF[trick[0]] << 4
        lo = bisect_left(hand, lead)
        hi = bisect_left(hand, lead + 16, lo)
        if lo < hi:
            return _sorted_kinds(hand[lo:hi], PLAY_MOVES)
    elif s.trump == AUTONOMY and SHARD_OF[hand[-1]] != AUTONOMY:
        # Autonomy trump: "You may not lead with Autonomy unless you have no other Shard in
        # your hand." (Autonomy sorts first, so the last card tells.)
        return _sorted_kinds(hand[bisect_left(hand, 16):], PLAY_MOVES)
    return _sorted_kinds(hand, PLAY_MOVES)


def take_choices(s: State) -> list[int]:
    """The played cards the trick winner may take (before the Preservation trump's extra)."""
    trick = s.trick
    trump = s.trump
    if trump == RUIN or trump == DOMINION:
        ranks = s.trick_ranks
        # Ruin trump: "must take the lowest-rank card"; Dominion: "the highest-rank card"
        r = min(ranks) if trump == RUIN else max(ranks)
        return [trick[i] for i in range(len(trick)) if ranks[i] == r]
    return trick


def legal_take(s: State, seat: int) -> list[Any]:
    cands = take_choices(s)
    k = KIND[cands[0]]
    for c in cands:
        if KIND[c] != k:
            out = [TAKE_MOVES[c] for c in cands]  # each played card, so "his own" can be named
            break
    else:
        out = [TAKE_MOVES[cands[0]]]  # identical cards: no choice
    if s.trump == PRESERVATION:
        # Preservation trump: "may take a Preservation card from the discard pile instead"
        out.extend(_kinds([c for c in s.discard if SHARD_OF[c] == PRESERVATION], TAKE_DISCARD_MOVES))
    return out


def legal_release(s: State, seat: int) -> list[Any]:
    out = _sorted_kinds([c for c in s.hands[seat] if SHARD_OF[c] == AUTONOMY], DISCARD_MOVES)
    out.append(DECLINE)
    return out


def legal_growth(s: State, seat: int) -> list[Any]:
    return [ADD_REVEALED, PUT_BACK]


def legal_renewal(s: State, seat: int) -> list[Any]:
    out = _sorted_kinds(s.hands[seat], DISCARD_MOVES)
    out.append(DECLINE)
    return out


def legal_swap(s: State, seat: int) -> list[Any]:
    out = _kinds(swappable(s, seat), SWAP_MOVES)
    out.append(DECLINE)
    return out


def lowest_cards(hand: list[int]) -> list[int]:
    low = min(RANK[c] for c in hand)
    return [c for c in hand if RANK[c] == low]


def legal_cull(s: State, seat: int) -> list[Any]:
    # several cards may share the lowest rank: the player chooses which of them goes
    return _sorted_kinds(lowest_cards(s.hands[seat]), DISCARD_MOVES)


def legal_discard_any(s: State, seat: int) -> list[Any]:
    return _sorted_kinds(s.hands[seat], DISCARD_MOVES)


def theft_victims(s: State, seat: int) -> list[int]:
    return [i for i in OTHERS[s.players][seat] if s.hands[i]]


def legal_theft_victim(s: State, seat: int) -> list[Any]:
    return [STEAL_MOVES[i] for i in theft_victims(s, seat)]


def legal_decay(s: State, seat: int) -> list[Any]:
    out = [PUT_BACK]
    trick = s.trick
    for q in range(s.pos):
        out.append(SUBTRACT_MOVES[trick[q]])
    return out


def legal_simultaneous(s: State, seat: int) -> list[Any]:
    moves = DISCARD_MOVES if s.step == CULTIVATION_DISCARD else PLACE_MOVES
    return _sorted_kinds(s.hands[seat], moves)


def odium_largest(s: State) -> list[int]:
    sizes = [len(a) for a in s.areas]
    high = max(sizes)
    return [i for i in range(s.players) if sizes[i] == high and i != s.turn]


def legal_odium_area(s: State, seat: int) -> list[Any]:
    out = [AREA_MOVES[i] for i in odium_largest(s)]
    out.append(DECLINE)
    return out


def legal_odium_seize(s: State, seat: int) -> list[Any]:
    out = _kinds(s.areas[s.target], TAKE_SCORED_MOVES)
    out.append(DECLINE)
    return out


def legal_over(s: State, seat: int) -> list[Any]:
    return []


LEGAL: tuple[Callable[[State, int], list[Any]], ...] = (
    legal_play,  # PLAY
    legal_take,  # TAKE
    legal_release,  # RELEASE
    legal_growth,  # GROWTH
    legal_renewal,  # RENEWAL
    legal_swap,  # SWAP
    legal_cull,  # CULL
    legal_discard_any,  # THEFT
    legal_theft_victim,  # THEFT_VICTIM
    legal_discard_any,  # PRESERVE
    legal_decay,  # DECAY
    legal_simultaneous,  # CULTIVATION_DISCARD
    legal_simultaneous,  # DEVOTION_PLACE
    legal_odium_area,  # ODIUM_AREA
    legal_odium_seize,  # ODIUM_SEIZE
    legal_over,  # OVER
)

# Steps whose menu can hold a single option: it then resolves itself (no real choice).
# (a trick whose winner has one kind of card to take is settled in ``trick_won`` already)
AUTO = tuple(step in (CULL, THEFT, THEFT_VICTIM, PRESERVE) for step in range(OVER + 1))


# ================================================================= applying moves


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
        _say(ev, f"{n[seat]} takes a random card from {n[victim]}'s hand", seat,
             tuple(i for i in range(s.players) if i != seat and i != victim))
        _say(ev, f"You take {card_name(card)} from {n[victim]}'s hand", seat, (seat,), True, "steal")
        _say(ev, f"{n[seat]} takes {card_name(card)} from your hand", seat, (victim,), True, "steal")
    draw(s, victim, ev)
    next_player(s, ev)


def on_steal(s: State, seat: int, move: Steal, ev: Events) -> None:
    steal(s, seat, move.seat, ev)


def on_decline(s: State, seat: int, move: Decline, ev: Events) -> None:
    step = s.step
    if step == ODIUM_AREA or step == ODIUM_SEIZE:
        if ev is not None:
            _say(ev, f"{s.names[seat]} takes nothing", seat)
        close_round(s, ev)
        return
    if step == RENEWAL:
        if ev is not None and s.count == 0:
            _say(ev, f"{s.names[seat]} discards nothing", seat)
        for _ in range(s.count):
            draw(s, seat, ev)
    elif ev is not None:
        _say(ev, f"{s.names[seat]} does not use {card_name(s.trick[s.pos])}'s ability", seat)
    next_player(s, ev)


def on_add_revealed(s: State, seat: int, move: AddRevealed, ev: Events) -> None:
    x = s.deck.pop()
    s.top_known = 0
    s.discard.append(x)
    pos = s.pos
    s.trick_ranks[pos] += RANK[x]
    if ev is not None:
        _say(ev, f"{s.names[seat]} discards {card_name(x)} and raises {card_name(s.trick[pos])} "
             f"to {s.trick_ranks[pos]}", seat)
    next_player(s, ev)


def on_put_back(s: State, seat: int, move: PutBack, ev: Events) -> None:
    if ev is not None:
        _say(ev, f"{s.names[seat]} puts {card_name(s.deck[-1])} back on the draw deck", seat)
    next_player(s, ev)


def on_subtract(s: State, seat: int, move: SubtractRevealed, ev: Events) -> None:
    x = s.deck.pop()
    s.top_known = 0
    s.discard.append(x)
    q = s.trick.index(move.card)
    s.trick_ranks[q] -= RANK[x]
    if ev is not None:
        owner = s.names[s.trick_seats[q]]
        _say(ev, f"{s.names[seat]} discards {card_name(x)} and lowers {owner}'s "
             f"{card_name(move.card)} to {s.trick_ranks[q]}", seat)
    next_player(s, ev)


def on_swap(s: State, seat: int, move: Swap, ev: Events) -> None:
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
        _say(ev, f"{s.names[seat]} swaps {card_name(devotion_card)} with {card_name(x)} from their "
             "scoring area", seat)
    # "then that card's ability triggers"
    a = PLAY_ABILITY[x]
    if a and ABILITY_START[a](s, seat, pos, ev):
        return
    next_player(s, ev)


def on_take(s: State, seat: int, move: Take, ev: Events) -> None:
    take_card(s, seat, move.card, False, ev)


def on_take_from_discard(s: State, seat: int, move: TakeFromDiscard, ev: Events) -> None:
    take_card(s, seat, move.card, True, ev)


def on_place(s: State, seat: int, move: Place, ev: Events) -> None:
    pick(s, seat, move.card, ev)


def on_choose_area(s: State, seat: int, move: ChooseArea, ev: Events) -> None:
    s.target = move.seat
    s.step = ODIUM_SEIZE


def on_take_scored(s: State, seat: int, move: TakeScored, ev: Events) -> None:
    c = move.card
    s.areas[s.target].remove(c)
    s.areas[seat].append(c)
    if ev is not None:
        _say(ev, f"{s.names[seat]} takes {card_name(c)} from {s.names[s.target]}'s scoring area", seat)
    close_round(s, ev)


HANDLERS: dict[type, Callable[[State, int, Any, Events], None]] = {
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


# ================================================================= the Rules object


class ShardsRules(RulesBase):
    id = "shards"
    title = "Shards of Creation"
    version = 3  # v2: identical cards are one menu choice even when the card between them is elsewhere
    # v3: a Devotion Swap chain cannot bring back a card it put into the scoring area (chains were endless)
    players = range(2, 5)
    aliases = ("shards-of-creation",)
    doc = "shards-of-creation"
    bench_players = 3
    Options = Options
    State = State
    Move = Move
    View = View

    # ------------------------------------------------------------- options

    def check(self, players: int, options: Options) -> None:
        super().check(players, options)
        check_shards(list(options.shards), players)

    # ------------------------------------------------------------- play

    def setup(self, config: Config) -> State:
        return setup(config)

    def setup_events(self, s: State) -> list[Event]:
        ev: list[Event] = []
        shards = ", ".join(SHARD_NAMES[sh] for sh in s.shards)
        _say(ev, f"Shards in play: {shards}", kind="setup")
        drawn = s.owed[0] if s.step == CULTIVATION_DISCARD else 0
        _round_start_events(s, ev, drawn)
        return ev

    def to_act(self, s: State) -> tuple[int, ...]:
        return s.acting

    def legal(self, s: State, seat: int) -> list[Any]:
        return LEGAL[s.step](s, seat)

    def apply(self, s: State, seat: int, move: Any, quiet: bool = False) -> list[Event]:
        ev: Events = None if quiet else []
        HANDLERS[move.__class__](s, seat, move, ev)
        # a menu with one option is no choice: it resolves itself
        step = s.step
        while AUTO[step]:
            seat = s.turn
            opts = LEGAL[step](s, seat)
            if len(opts) != 1:
                break
            m = opts[0]
            HANDLERS[m.__class__](s, seat, m, ev)
            step = s.step
        return ev if ev is not None else []

    # ------------------------------------------------------------- result

    def result(self, s: State) -> Result | None:
        if s.step != OVER:
            return None
        from engine.games.shards.view import final_result

        return final_result(s)

    def estimate(self, s: State) -> list[float]:
        from engine.games.shards.view import estimate

        return estimate(s)

    # ------------------------------------------------------------- hidden information

    def determinize(self, s: State, seat: int, rng: Rng) -> State:
        return determinize(s, seat, rng)

    # ------------------------------------------------------------- text

    def view(self, s: State, seat: int | None) -> View:
        from engine.games.shards.view import view

        return view(s, seat)

    def describe(self, s: State, seat: int, move: Any) -> str:
        from engine.games.shards.view import describe

        return describe(s, seat, move)

    def label(self, view: View, move: Any) -> tuple[str, str]:
        from engine.games.shards.view import label

        return label(view, move)


def determinize(s: State, seat: int, rng: Rng) -> State:
    """A state ``seat`` cannot tell from ``s``: other hands (but the cards ``seat`` knows),
    other seats' secret picks, the deck order (but a revealed top card) and the trump deck
    order are re-drawn, and the state's generator is re-seeded."""
    d: State = clone(s)
    n = d.players
    bit = 1 << seat
    mine = [e >> 4 for e in d.known if e & bit] if d.known else ()
    deck = d.deck
    top = deck.pop() if d.top_known and deck else -1
    pool = deck
    picks = d.picks
    for i in range(n):
        if i == seat:
            continue
        if mine:
            pool.extend(c for c in d.hands[i] if c not in mine)
            if picks:
                pool.extend(c for c in picks[i] if c not in mine)
        else:
            pool.extend(d.hands[i])
            if picks:
                pool.extend(picks[i])
    rng.shuffle(pool)
    for i in range(n):
        if i == seat:
            continue
        hand = d.hands[i]
        if mine:
            keep = [c for c in hand if c in mine]
            k = len(hand) - len(keep)
        else:
            keep = []
            k = len(hand)
        if k:
            keep.extend(pool[-k:])
            del pool[-k:]
        keep.sort()
        d.hands[i] = keep
        if picks:
            p = picks[i]
            pk = [c for c in p if c in mine] if mine else []
            k = len(p) - len(pk)
            if k:
                pk.extend(pool[-k:])
                del pool[-k:]
            picks[i] = pk
    if top >= 0:
        pool.append(top)
    d.deck = pool
    if len(d.trump_deck) > 1:
        rng.shuffle(d.trump_deck)
    # what other seats privately know is not ours to keep: only our knowledge stays true
    if d.known:
        d.known = [e for e in d.known if e & bit]
    d.rng = Rng(rng.next_u64())
    return d


RULES = ShardsRules()


