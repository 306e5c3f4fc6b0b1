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
    return Event(f"Round {s.round}: {name} is trump — {trump_words(s.trump)}", -1, None, True, "trump",
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
