"""Hidden information: views, events and determinization."""

from __future__ import annotations

import msgspec

from engine import Match
from engine.core.rng import Rng
from engine.games.shards import RULES
from engine.games.shards.state import (
    CULTIVATION_DISCARD,
    PLAY_MOVES,
    PUT_BACK,
    Discard,
    Steal,
    View,
)
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2


def _theft_position():
    k = Cards()
    o2, junk = k("Odium 2"), k("Honor 1")
    khriss = k.many("Honor 12", "Honor 13", "Ruin 9")
    s = table(k, [[o2, junk, k("Honor 3")], [k("Odium 9"), k("Honor 2"), k("Ruin 10")], khriss],
              trump="Honor", shards=("Devotion", "Honor", "Odium", "Ruin"))
    act(s, A, PLAY_MOVES[o2])
    act(s, A, Discard(junk))
    act(s, A, Steal(K))
    stolen = next(c for c in khriss if c in s.hands[A])
    return s, stolen


def test_a_view_holds_no_other_hand():
    s, stolen = _theft_position()
    v = RULES.view(s, H)
    assert [c.id for c in v.hand] == s.hands[H]
    ids = {c.id for c in v.hand} | {c.id for lst in v.known for c in lst}
    assert not ids & (set(s.hands[A]) | set(s.hands[K]))
    assert RULES.view(s, None).hand == []
    raw = msgspec.msgpack.encode(RULES.view(s, H))
    assert msgspec.msgpack.decode(raw, type=View) == RULES.view(s, H)


def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest():
    s, stolen = _theft_position()
    rng = Rng.seeded(11)
    changed = False
    for _ in range(20):
        d = RULES.determinize(s, K, rng)
        assert RULES.view(d, K) == RULES.view(s, K)
        assert stolen in d.hands[A]  # Khriss saw it go to Azure
        assert d.rng != s.rng
        changed |= d.hands[H] != s.hands[H] or d.deck != s.deck
    assert changed
    # Hoid does not know where the stolen card is
    moved = False
    for _ in range(20):
        d = RULES.determinize(s, H, rng)
        assert RULES.view(d, H) == RULES.view(s, H)
        moved |= stolen not in d.hands[A]
    assert moved


def test_determinize_keeps_a_revealed_top_card_on_top():
    k = Cards()
    r7, top = k("Ruin 7"), k("Honor 8")
    s = table(k, [[k("Ruin 10")], [r7], [k("Honor 4")]], trump="Honor", deck=[top])
    act(s, A, PLAY_MOVES[s.hands[A][0]])
    act(s, H, PLAY_MOVES[r7])
    act(s, H, PUT_BACK)
    rng = Rng.seeded(2)
    for seat in (A, H, K):
        d = RULES.determinize(s, seat, rng)
        assert d.deck[-1] == top and len(d.deck) == len(s.deck)
        unseen = sorted(d.deck + [c for i in (A, H, K) if i != seat for c in d.hands[i]])
        assert unseen == sorted(s.deck + [c for i in (A, H, K) if i != seat for c in s.hands[i]])


def test_secret_picks_are_redrawn_for_others_and_kept_for_oneself():
    for seed in range(200):
        m = Match.new("shards", players=3, seed=seed, options={"shards": "Cultivation,Honor,Odium,Ruin"})
        if m.state.step == CULTIVATION_DISCARD:
            break
    s = m.state
    c = s.hands[A][0]
    ev = m.play(A, Discard(c))
    assert not any("set aside" in e.text or e.reveal for e in ev if e.visible_to(H))
    rng = Rng.seeded(5)
    seen = set()
    for _ in range(10):
        d = RULES.determinize(s, H, rng)
        assert RULES.view(d, H) == RULES.view(s, H)
        assert len(d.picks[A]) == 1
        seen.add(d.picks[A][0])
        assert RULES.determinize(s, A, rng).picks[A] == [c]
    assert len(seen) > 1


def test_draws_are_told_to_the_drawer_only():
    m = Match.new("shards", players=3, seed=4)
    deals = [e for e in m.start_events if e.kind == "deal"]
    assert len(deals) == 3
    for e in deals:
        assert e.to == (e.seat,) and e.reveal and e.data is not None and len(e.data["cards"]) >= 11
        assert e.text.startswith(m.header.seats[e.seat].name)
    rng = Rng.seeded(1)
    secret = public = 0
    while not m.is_over():
        seat = m.to_act()[0]
        legal = m.legal(seat)
        for e in m.play(seat, legal[rng.below(len(legal))]):
            if e.kind != "draw":
                continue
            assert e.data is not None and e.data["seat"] == e.seat
            if e.to is None:  # the revealed top card: everyone saw which it was
                assert e.text.endswith("(the revealed card)")
            elif "card" in e.data:  # the card, to the drawer only
                assert e.to == (e.seat,) and e.reveal
                secret += 1
            else:  # the others hear that a card was drawn, not which
                assert e.seat not in e.to and not e.reveal
                public += 1
    assert secret == public > 0


def test_identical_cards_are_one_choice_even_with_a_gap_between_their_numbers():
    from engine.games.shards import RULES
    from engine.games.shards.content import KIND, SHARD_BY_NAME, shard_cards
    from engine.games.shards.state import PLAY_MOVES
    from tests.engine.shards.helpers import Cards, table

    k = Cards()
    pres = list(shard_cards(SHARD_BY_NAME["preservation"]))
    same = [c for c in pres if KIND[c] == KIND[pres[0]]]
    first, third = same[0], same[2]  # the card numbered between them stays out of the hand
    k.used.extend(same)
    s = table(k, [[first, third, k("Honor 2")], [k("Honor 3")], [k("Honor 4")]], trump="Honor")
    plays = RULES.legal(s, 0)
    assert plays.count(PLAY_MOVES[first]) == 1 and PLAY_MOVES[third] not in plays
    assert len(plays) == 2
