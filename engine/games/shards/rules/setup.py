"""Setup and round setup, with the trumps that change the deal (Cultivation, Devotion)."""

from __future__ import annotations

from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.core.rules import Config, Event, RulesBase, say
from engine.games.shards.content import (
    CULTIVATION,
    CULTIVATION_EXTRA,
    DEVOTION,
    HAND_SIZE,
    SHARD_NAMES,
    SHARDS,
    SHARDS_IN_PLAY,
    TRICKS,
    card_name,
    shard_cards,
)
from engine.games.shards.rules.drawing import draw, forget
from engine.games.shards.rules.turns import ALL_SEATS, OTHERS, SEATS, Events
from engine.games.shards.state import CULTIVATION_DISCARD, DEVOTION_PLACE, PLAY, Options, State
from engine.games.shards.text import trump_words

DEFAULT_NAMES = tuple(c.capitalize() for c in RulesBase.colours) + ("Sixth", "Seventh", "Eighth")


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


def setup(config: Config, opts: Options) -> State:
    """A new game with checked options: the decks shuffled and the first round dealt."""
    n = config.players
    rng = Rng.seeded(config.seed)
    shards = choose_shards(list(opts.shards), n, rng)
    # seed: "Shuffle the play cards for each of the chosen Shards together ... this "draw" deck"
    deck = [c for sh in shards for c in shard_cards(sh)]
    rng.shuffle(deck)
    # seed: "Prepare the trump deck by shuffling the trump cards for each of the chosen Shards"
    trump_deck = list(shards)
    rng.shuffle(trump_deck)
    names = list(config.names or DEFAULT_NAMES[:n])
    s = State(n, names, shards, rng, deck, trump_deck, [[] for _ in range(n)], [[] for _ in range(n)])
    # seed: "For the first round, the first player is chosen randomly."
    s.first = rng.below(n)
    round_setup(s, None)
    return s


def setup_events(s: State) -> list[Event]:
    """What the table sees of setup: the Shards in play and the first round's deal."""
    ev: list[Event] = []
    shards = [SHARD_NAMES[sh] for sh in s.shards]
    say(ev, "setup", f"Shards in play: {', '.join(shards)}", shards=shards)
    drawn = s.owed[0] if s.step == CULTIVATION_DISCARD else 0
    round_start_events(s, ev, drawn)
    return ev


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
        round_start_events(s, ev)
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


def round_start_events(s: State, ev: list[Event], drawn: int = 0) -> None:
    """The trump revealed, each hand dealt (to its holder only), the first player named."""
    trump = s.trump
    text = trump_words(trump)
    say(ev, "trump", f"Round {s.round}: {SHARD_NAMES[trump]} is trump" + (f" — {text}" if text else ""),
        reveal=True, round=s.round, trump=SHARD_NAMES[trump])
    for i in range(s.players):
        cards = [card_name(c) for c in s.hands[i]]
        if drawn:
            say(ev, "deal", f"{s.names[i]} is dealt {HAND_SIZE} cards and draws {drawn} more: {', '.join(cards)}",
                i, (i,), True, cards=cards, extra=drawn)
        else:
            say(ev, "deal", f"{s.names[i]} is dealt {', '.join(cards)}", i, (i,), True, cards=cards)
    say(ev, "first", f"Each player is dealt {HAND_SIZE} cards; {s.names[s.first]} is the first player",
        s.first, hand=HAND_SIZE)


def pick(s: State, seat: int, card: int, ev: Events) -> None:
    """A secret simultaneous choice (Cultivation trump discard, Devotion trump placement)."""
    s.hands[seat].remove(card)
    s.picks[seat].append(card)
    s.owed[seat] -= 1
    if ev is not None:
        what = "discard" if s.step == CULTIVATION_DISCARD else "place"
        name = s.names[seat]
        say(ev, "pick", f"{name} sets aside {card_name(card)} to {what}", seat, (seat,), card=card_name(card),
            purpose=what)
        say(ev, "pick", f"{name} chooses a card", seat, OTHERS[s.players][seat], purpose=what)
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
                forget(s, c)
        if devotion:
            s.areas[seat].extend(cards)
        else:
            s.discard.extend(cards)
        if ev is not None:
            names = [card_name(c) for c in cards]
            verb = "places" if devotion else "discards"
            where = " in their scoring area" if devotion else ""
            say(ev, "place" if devotion else "discard", f"{s.names[seat]} {verb} {', '.join(names)}{where}",
                seat, reveal=True, cards=names)
    s.picks = []
    s.owed = []
    if devotion:
        # "If an ability causes a player to lose ... cards, they will draw the same number"
        for k in range(n):
            draw(s, (s.first + k) % n, ev)
    s.turn = s.first
    s.step = PLAY
    s.acting = SEATS[s.first]
