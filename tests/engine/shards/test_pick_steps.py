"""The start of a round and the secret simultaneous choices (Cultivation trump discards,
Devotion trump placements), with their exact events (issue 10 item 9: the mutants of
rules/setup.py that survived the rule tests were these events — the private and the public
half of each pick, the reveal, the deal — and forgetting a revealed card)."""

from __future__ import annotations

from engine.core.rules import Config, Event
from engine.games.shards import RULES
from engine.games.shards.content import CULTIVATION, DEVOTION, HAND_SIZE, SHARD_NAMES, card_name
from engine.games.shards.state import PLAY, Discard, Place
from engine.games.shards.text import trump_words
from tests.engine.shards.helpers import act


def _setup_with_first_trump(players: int, shards: str, trump: int):
    for seed in range(500):
        s = RULES.setup(Config(players, seed, RULES.options_from({"shards": shards})))
        if s.trump == trump:
            return s
    raise AssertionError("no seed gives that trump")


def _trump_event(s) -> Event:
    name = SHARD_NAMES[s.trump]
    words = trump_words(s.trump)  # Honor has no trump effect: no dash
    return Event(f"Round {s.round}: {name} is trump" + (f" — {words}" if words else ""), -1, None, True, "trump",
                 {"round": s.round, "trump": name})


def _first_event(s) -> Event:
    return Event(f"Each player is dealt {HAND_SIZE} cards; {s.names[s.first]} is the first player", s.first,
                 None, False, "first", {"seat": s.first, "hand": HAND_SIZE})


def _picked(s, seat, card, purpose) -> list[Event]:
    name, others = s.names[seat], tuple(i for i in range(s.players) if i != seat)
    return [Event(f"{name} sets aside {card_name(card)} to {purpose}", seat, (seat,), False, "pick",
                  {"seat": seat, "card": card_name(card), "purpose": purpose}),
            Event(f"{name} chooses a card", seat, others, False, "pick", {"seat": seat, "purpose": purpose})]


def test_setup_events_under_the_cultivation_trump_tell_each_hand_and_its_extra_cards():
    s = _setup_with_first_trump(3, "Cultivation,Honor,Odium,Ruin", CULTIVATION)
    shards = [SHARD_NAMES[x] for x in s.shards]
    deal = [Event(f"{s.names[i]} is dealt {HAND_SIZE} cards and draws 3 more: "
                  + ", ".join(card_name(c) for c in s.hands[i]), i, (i,), True, "deal",
                  {"seat": i, "cards": [card_name(c) for c in s.hands[i]], "extra": 3}) for i in range(3)]
    assert RULES.setup_events(s) == [
        Event(f"Shards in play: {', '.join(shards)}", -1, None, False, "setup", {"shards": shards}),
        _trump_event(s), *deal, _first_event(s)]


def test_cultivation_discards_are_picked_in_secret_then_revealed_together():
    s = _setup_with_first_trump(3, "Cultivation,Honor,Odium,Ruin", CULTIVATION)
    order = [(s.first + k) % 3 for k in range(3)]
    chosen = {seat: s.hands[seat][:3] for seat in range(3)}
    last = None
    for seat in range(3):
        for j, c in enumerate(chosen[seat]):
            if seat == 2 and j == 2:
                s.known = [c << 4 | 0b111, s.hands[0][-1] << 4 | 0b011]
                last = act(s, seat, Discard(c))
            else:
                assert act(s, seat, Discard(c)) == _picked(s, seat, c, "discard")
    assert last is not None and last[:2] == _picked(s, 2, chosen[2][2], "discard")
    reveal = [Event(f"{s.names[i]} discards " + ", ".join(card_name(c) for c in chosen[i]), i, None, True,
                    "discard", {"seat": i, "cards": [card_name(c) for c in chosen[i]]}) for i in order]
    assert last[2:] == reveal
    assert sorted(s.discard) == sorted(c for cs in chosen.values() for c in cs)
    assert s.known == [s.hands[0][-1] << 4 | 0b011]
    assert s.step == PLAY and s.turn == s.first and RULES.to_act(s) == (s.first,)


def test_devotion_placements_are_revealed_in_the_scoring_areas_then_everyone_draws():
    s = _setup_with_first_trump(3, "Devotion,Honor,Odium,Ruin", DEVOTION)
    assert RULES.setup_events(s)[1] == _trump_event(s)
    order = [(s.first + k) % 3 for k in range(3)]
    placed = {seat: s.hands[seat][0] for seat in range(3)}
    for seat in (0, 1):
        assert act(s, seat, Place(placed[seat])) == _picked(s, seat, placed[seat], "place")
    ev = act(s, 2, Place(placed[2]))
    assert ev[:2] == _picked(s, 2, placed[2], "place")
    assert ev[2:5] == [Event(f"{s.names[i]} places {card_name(placed[i])} in their scoring area", i, None, True,
                             "place", {"seat": i, "cards": [card_name(placed[i])]}) for i in order]
    assert [(e.kind, e.seat) for e in ev[5:]] == [("draw", i) for i in order for _ in (0, 1)]
    assert s.areas == [[placed[0]], [placed[1]], [placed[2]]]
    assert s.picks == [] and s.owed == [] and s.step == PLAY and RULES.to_act(s) == (s.first,)


def _next_round(trump: int):
    """A round 1 just over, with ``trump`` to come next; the round-2 setup with its events."""
    from engine.games.shards.rules.setup import round_setup

    s = RULES.setup(Config(3, 1, RULES.options_from({"shards": "Cultivation,Devotion,Honor,Ruin"})))
    s.step = PLAY
    s.deck.extend(c for h in s.hands for c in h)  # the old hands go back: a full deck again
    s.deck.extend(c for p in s.picks for c in p)
    s.hands, s.picks, s.owed = [[], [], []], [], []
    s.trump_deck = [trump]
    s.first = 1
    ev: list[Event] = []
    round_setup(s, ev)
    return s, ev


def test_a_new_round_deals_eleven_cards_from_the_deck_and_says_how():
    s, ev = _next_round(SHARD_NAMES.index("Honor"))
    assert ev[0].text == "Round 2: Honor is trump"
    assert [len(h) for h in s.hands] == [HAND_SIZE] * 3 and s.tricks == 10
    every = list(s.deck) + list(s.discard) + [c for h in s.hands for c in h] + [c for a in s.areas for c in a]
    assert len(every) == len(set(every)) == 4 * 16  # each card once: the dealt cards left the deck
    assert ev == [_trump_event(s),
                  *[Event(f"{s.names[i]} is dealt " + ", ".join(card_name(c) for c in s.hands[i]), i, (i,), True,
                          "deal", {"seat": i, "cards": [card_name(c) for c in s.hands[i]]}) for i in range(3)],
                  _first_event(s)]


def test_the_cultivation_trump_extra_cards_are_drawn_clockwise_from_the_first_player():
    s, ev = _next_round(CULTIVATION)
    assert s.round == 2 and s.owed == [2, 2, 2] and [len(h) for h in s.hands] == [13, 13, 13]
    draws = [(e.seat, e.to) for e in ev if e.kind == "draw"]
    assert draws == [(seat, to) for seat in (1, 1, 2, 2, 0, 0) for to in ((seat,), tuple(i for i in range(3) if i != seat))]


def test_a_devotion_round_plays_eleven_tricks_and_its_deal_draws_nothing_more():
    s = _setup_with_first_trump(3, "Devotion,Honor,Odium,Ruin", DEVOTION)
    assert s.tricks == 11
    deal = RULES.setup_events(s)[2]
    assert deal.text == f"{s.names[0]} is dealt " + ", ".join(card_name(c) for c in s.hands[0])
